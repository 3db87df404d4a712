// Control checks (scraplands/module-rules.html#control-checks): "make a Skill Roll, Roll a d6 which
// must equal or beat your Skill, if you fail: You count as having taken a hit from a Damage 4
// weapon, roll to counter this hit as normal." Exact probabilities with the car rules that touch it:
// Sturdy (re-roll Counter rolls in a control check), Ramshackle (re-roll Counter rolls of 1).
import { type Exact, E1, addE, chanceE, complementE, exact, formatE, mulE, powE, subE, toNumberE } from '../index.ts'
import { book } from '../index.ts'
import { counterNeed, d6Success } from '../index.ts'
import { SCRAPLANDS_RULES } from './catalogue.ts'

export const CONTROL_RULE = SCRAPLANDS_RULES.controlCheckDamage.section
const COUNTER_RULE = 'core-rules/playing-a-game.html#step-4-counter-rolls'

export type ControlCheckOdds = {
  readonly skillNeed: number
  readonly counterNeed: number
  readonly counterRow: string
  readonly pSkillFails: Exact
  readonly pCounterFails: Exact
  /** One check costs a Hit Point (and ends the activation). */
  readonly pLosesHitPoint: Exact
  readonly notes: readonly string[]
}

export function controlCheckOdds(skill: number, toughness: number, sturdy: boolean, ramshackle: boolean): ControlCheckOdds {
  const notes: string[] = []
  const pSkill = d6Success(skill)
  const c = counterNeed(SCRAPLANDS_RULES.controlCheckDamage.value, toughness)
  const p = d6Success(c.need)
  let pCounter = p
  if (sturdy) {
    // "You may re-roll Counter rolls in a control check."
    pCounter = addE(p, mulE(complementE(p), p))
    notes.push('Sturdy: failed counter re-rolled')
  } else if (ramshackle) {
    // "This may re-roll Counter rolls of 1": only the 1 (probability 1/6) is re-rolled.
    pCounter = addE(p, mulE(exact(1, 6), p))
    notes.push('Ramshackle: counter rolls of 1 re-rolled')
  }
  const pSkillFails = complementE(pSkill)
  const pCounterFails = complementE(pCounter)
  return { skillNeed: skill, counterNeed: c.need, counterRow: c.row, pSkillFails, pCounterFails, pLosesHitPoint: mulE(pSkillFails, pCounterFails), notes }
}

/** Chance that at least one of n independent checks costs a Hit Point. */
export function anyCheckLoses(odds: ControlCheckOdds, n: number): Exact {
  return subE(E1, powE(complementE(odds.pLosesHitPoint), n))
}

export function oddsFigure(odds: ControlCheckOdds, n: number) {
  const any = anyCheckLoses(odds, n)
  return {
    checks: n,
    skillNeed: odds.skillNeed,
    counter: { need: odds.counterNeed, row: odds.counterRow, damage: SCRAPLANDS_RULES.controlCheckDamage.value },
    perCheck: { loseHitPoint: toNumberE(odds.pLosesHitPoint), ...chanceE(odds.pLosesHitPoint) },
    anyHitPointLost: { probability: chanceE(any).value, ...chanceE(any) },
    notes: odds.notes,
    ...book.sources([CONTROL_RULE, COUNTER_RULE]),
  }
}
