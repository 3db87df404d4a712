// The game state of the Cadence core (issue 33), shared by its games: Hit Points lost per model
// (destroyed at 0, playing-a-game.html#step-4-counter-rolls), Command Points per unit set each round to
// the unit's highest Command (#place-command-dice), alternate activations of units that still have
// Command Points (#alternate-activations), objectives secured and held (basic-rules.html#objective-markers),
// and an attack's dice read through the result's own chain: attack rolls, Defence, damage, Counter,
// Hit Points allocated as the book says (a model already damaged first).
import { type DiceSource, type Effect, type EffectProposal, type RulesetGame, type Table, type TableModel, inches } from '../../engine/index.ts'
import type { CadenceCore, CadenceGameState } from './spec.ts'
import { findRule, parseSpecialRules } from './specialRules.ts'

const PAGE = 'core-rules/playing-a-game.html'
export const GAME_SECTIONS = {
  rounds: `${PAGE}#rounds`,
  initiative: `${PAGE}#roll-for-initiative`,
  commandDice: `${PAGE}#place-command-dice`,
  alternate: `${PAGE}#alternate-activations`,
  actions: `${PAGE}#actions`,
  counter: `${PAGE}#step-4-counter-rolls`,
  objectives: 'core-rules/basic-rules.html#objective-markers',
  secure: `${PAGE}#action-secure`,
} as const

/** One stage of the chain as the result prints it ("defence (Def 5+): 4+ (re-roll failures: Skilled)"). */
type Check = { need: number; only: number[] | null; reroll: boolean; always: number[] }

function readCheck(text: unknown): Check {
  const s = typeof text === 'string' ? text : ''
  const only = /only a natural ([\d/]+)/.exec(s)
  const always = /always on ([\d/]+)/.exec(s)
  const needs = [...s.matchAll(/: (\d+)\+/g)]
  const need = /impossible/.test(s) ? 7 : needs.length ? Number(needs[needs.length - 1]![1]) : 7
  return { need: Math.max(2, need), only: only ? only[1]!.split('/').map(Number) : null, reroll: /re-roll failures/.test(s), always: always ? always[1]!.split('/').map(Number) : [] }
}

/** "a roll of 1 always counts as a failure" (basic-rules.html#dice); a re-roll is made once. */
function rollCheck(dice: DiceSource, c: Check, purpose: string): { face: number; ok: boolean } {
  const succeeds = (f: number) => c.always.includes(f) || (c.only ? c.only.includes(f) : f !== 1 && f >= c.need)
  let face = dice.roll(6, purpose)
  if (!succeeds(face) && c.reroll) face = dice.roll(6, `${purpose}, re-rolled`)
  return { face, ok: succeeds(face) }
}

function hitPointsOf(core: CadenceCore, table: Table, m: TableModel): number | undefined {
  try {
    return core.view(table, m).hitPoints
  } catch {
    return undefined
  }
}

/**
 * The attack chain with dice: `rolls` attack rolls, Rending's extra hits on a 6, a Defence roll per hit,
 * Destructive (X) damage per failed Defence, a Counter roll per damage, and each failed Counter one Hit
 * Point off the target unit: "starting with any model which has already lost hit points then choosing a
 * new model … until it is destroyed". The attack's Command Point cost is spent by the attacker's unit.
 */
function proposeAttack(core: CadenceCore): NonNullable<RulesetGame['effects']>['attack'] {
  return ({ table, query, result }, dice): EffectProposal => {
    const q = query as { attacker: string; target: string }
    const need = (result.need ?? {}) as Record<string, unknown>
    const atk = readCheck(need.attack)
    const def = readCheck(need.defence)
    const ctr = readCheck(need.counter)
    const profile = (result.profile ?? {}) as { specialRules?: string[] }
    const rules = parseSpecialRules(profile.specialRules ?? [])
    const destructive = findRule(rules, 'destructive')?.value ?? 1
    const rending = findRule(rules, 'rending')
    const rendingExtra = rending ? (rending.value ?? Number(table.options.bareRending ?? 1)) : 0
    const rolls = typeof result.rolls === 'number' ? result.rolls : 1
    let hits = 0
    const faces: number[] = []
    for (let i = 0; i < rolls; i++) {
      const r = rollCheck(dice, atk, 'attack roll')
      faces.push(r.face)
      if (r.ok) hits += 1 + (r.face === 6 ? rendingExtra : 0)
    }
    let damage = 0
    for (let i = 0; i < hits; i++) if (!rollCheck(dice, def, 'Defence roll').ok) damage += destructive
    let lost = 0
    for (let i = 0; i < damage; i++) if (!rollCheck(dice, ctr, 'Counter roll').ok) lost++
    const because = [`${rolls} attack roll${rolls === 1 ? '' : 's'} (${faces.join(', ')}): ${hits} hit${hits === 1 ? '' : 's'}; ${damage} damage after Defence; ${lost} Hit Point${lost === 1 ? '' : 's'} lost after Counter`]
    const effects: Effect[] = []
    const cost = Number((result.commandPoints as { attack?: number } | undefined)?.attack ?? 0)
    const attacker = table.model(q.attacker)
    if (cost > 0) effects.push({ kind: 'resource', owner: attacker.unit, resource: 'commandPoints', delta: -cost })
    const unit = [...table.unitOf(table.model(q.target))]
    const damaged = (m: TableModel) => m.scene.state?.counters?.damage ?? 0
    const order = [...unit.filter((m) => damaged(m) > 0), ...unit.filter((m) => damaged(m) === 0)]
    for (const m of order) {
      if (lost <= 0) break
      const hp = hitPointsOf(core, table, m) ?? hitPointsOfModel(m) ?? 1
      const take = Math.min(lost, Math.max(0, hp - damaged(m)))
      if (take <= 0) continue
      effects.push({ kind: 'counter', model: m.id, counter: 'damage', delta: take })
      because.push(`${take} Hit Point${take === 1 ? '' : 's'} off ${m.id}${take + damaged(m) >= hp ? ': destroyed' : ''}`)
      lost -= take
    }
    return { effects, because, rules: [`${PAGE}#step-2-attack-rolls`, `${PAGE}#step-3-defence-rolls`, GAME_SECTIONS.counter, GAME_SECTIONS.actions] }
  }
}

export function cadenceGame(core: CadenceCore, extra: CadenceGameState = {}): RulesetGame {
  const cards = core.spec.dice !== 'D6'
  return {
    counters: [
      {
        id: 'damage',
        label: 'Hit Points lost',
        section: GAME_SECTIONS.counter,
        max: hitPointsOfModel,
        // "Once a model is reduced to 0 hit points it is destroyed and removed from the game."
        removesAt: hitPointsOfModel,
      },
    ],
    statuses: extra.statuses ?? [],
    resources: [
      {
        id: 'commandPoints',
        label: 'Command Points',
        section: GAME_SECTIONS.commandDice,
        owner: 'unit',
        // "This is always the highest Command attribute of the models in the unit."
        reset: { at: 'round-start', to: (table, unit) => Math.max(0, ...(table.units.get(unit) ?? []).map((m) => core.view(table, m).command ?? 0)), section: GAME_SECTIONS.commandDice },
      },
    ],
    activation: {
      of: 'unit',
      order: 'alternate',
      limit: { resource: 'commandPoints' },
      initiative: { how: 'at the start of each round the players roll off (2D6, highest wins); the winner activates first', section: GAME_SECTIONS.initiative },
      rounds: extra.rounds ?? { count: 5, section: GAME_SECTIONS.rounds },
      section: GAME_SECTIONS.alternate,
    },
    scoring: {
      when: 'round-end',
      section: GAME_SECTIONS.objectives,
      // A Control objective "remains secured so long as at least 1 unit from the securing army stays within 3 inches".
      radiusMm: () => inches(3),
      markerDiameterMm: (table) => Number(table.options.objectiveMarkerDiameterMm ?? 40),
      readControl: (r) => {
        const c = r.control as { securedBy?: string; held?: boolean | null } | undefined
        const side = c?.securedBy && c.held !== false ? c.securedBy : null
        return { controlledBy: side, contested: false, held: side }
      },
      heldContext: (held) => (held ? { securedBy: held } : {}),
    },
    effects: cards ? {} : { attack: proposeAttack(core) },
    stateContext: (table, q) => {
      // Shields work while "the target unit's models are at full Hit Points": not when one has lost any.
      const target = q.type === 'attack' ? table.findModel((q as { target: string }).target) : undefined
      if (!target) return {}
      return table.unitOf(target).some((m) => (m.scene.state?.counters?.damage ?? 0) > 0) ? { fullHitPoints: false } : {}
    },
    defaultMoveMode: 'move',
    open: [
      'An action\'s Command Point cost is spent with the attack\'s proposal; a Move, Advance, Secure or ability is spent with an effect (the book prints no cost table in the core).',
      'The 1-CP activation check (a 1 loses the last Command Point) is logged as its effect.',
      'Securing an objective (a Secure action and its d6 3+) is logged as a control effect; the objective query says who can.',
      'Hit Points are allocated to the damaged model first, then in the scene\'s order: the controlling player chooses the new model (an override says which).',
      ...(cards ? ['This game draws cards, not dice: an attack proposes nothing; its effects are entered (an override with the cards drawn as the reason).'] : []),
    ],
  }
}

/** The model's Hit Points as its profile (or the scene) prints them. */
function hitPointsOfModel(m: TableModel): number | undefined {
  const hp = m.stats.hitPoints ?? m.stats.hp ?? m.stats.HP
  return typeof hp === 'number' ? hp : undefined
}
