// Ruleset "cadence/devils-bluff": the Wild West skirmish game on the Cadence core, with playing cards
// instead of dice (devils-bluff/module-rules.html). Card values 1..13 replace d6 faces, "a roll of 6"
// becomes a draw of 13, unlisted modifiers are doubled, and the chain is exact over one 52-card deck.
import { z } from 'zod'
import { chanceE } from '../index.ts'
import { book } from '../index.ts'
import { type ResultBody, type RuleSystem, type Table, type TableModel, isWithin, inches, roundTo } from '../../../engine/index.ts'
import {
  type CadenceSpec, type ChainAdjustment, type ChainNumbers, coreHooks, createCadenceSystem, evaluateAttackChain, exact, formatE, hasRule,
  toNumberE, withinReading,
} from '../index.ts'
import { devilsBluffCatalogue } from './catalogue.ts'
import { devilsBluffOptions } from './options.ts'
import { DEVILS_BLUFF as DB } from './constants.ts'
import { evaluateCardChain } from './cardDraws.ts'
import demoScene from './demo.json' with { type: 'json' }

const c = (k: keyof typeof DB) => ({ value: DB[k].value, rule: DB[k].section })
const DRAWS = 'devils-bluff/module-rules.html#draws'
const HORSES = 'devils-bluff/module-rules.html#horses'
const UPGRADES = 'devils-bluff/making-your-gang.html#upgrades'
const INJURIES = 'devils-bluff/campaigns.html#injuries'

/** A model rides while it has the Horse upgrade (keyword "horse" or stats.upgrades) and is not "dismounted". */
export function isMounted(m: TableModel): boolean {
  const ups = Array.isArray(m.stats.upgrades) ? (m.stats.upgrades as unknown[]) : []
  const has = m.keywords.includes('horse') || m.keywords.includes('mounted') || ups.includes('horse') || m.status.includes('mounted')
  return has && !m.status.includes('dismounted')
}

const hasUpgrade = (m: TableModel, id: string): boolean =>
  m.keywords.includes(id) || (Array.isArray(m.stats.upgrades) && (m.stats.upgrades as unknown[]).includes(id))

function numbersFor(table: Table): Partial<ChainNumbers> {
  const doubled = table.options.modifierDoubling !== 'as-printed'
  const k = doubled ? 2 : 1
  const d = (value: number, rule: string) => ({ value: value * k, rule: doubled ? `${rule} (doubled: ${DRAWS})` : rule })
  return {
    accurate: d(1, 'core-rules/special-rules-appendix.html#weapon-special-rules'),
    stealthPenalty: d(-1, 'core-rules/special-rules-appendix.html#unit-special-rules'),
    coverBonus: d(2, 'core-rules/advanced-rules.html#keyword-cover'),
    shred: d(-1, 'core-rules/special-rules-appendix.html#weapon-special-rules'),
    weakSpot: d(-1, 'core-rules/special-rules-appendix.html#unit-special-rules'),
    piercingScale: table.options.piercingScale === 'doubled' ? { value: 2, rule: DRAWS } : { value: 1, rule: 'devils-bluff/making-your-gang.html#weapons' },
    coverCap: table.options.coverCap === '6' ? { value: 6, rule: 'core-rules/advanced-rules.html#keyword-cover' } : { value: 13, rule: `${DRAWS} ("a roll of 6 requires a draw of 13")` },
    alwaysFail: table.options.aceAlwaysFails === false ? { value: 0, rule: DRAWS } : { value: 1, rule: 'core-rules/basic-rules.html#dice' },
  }
}

const acesWild = (face: number): number => (face === 1 ? DB.acesWildValue.value : face)

const spec: CadenceSpec = {
  id: 'cadence/devils-bluff',
  title: "Devil's Bluff (Cadence): Wild West skirmish with playing cards",
  dice: 'cards (52-card deck, A=1 … K=13)',
  moduleSection: 'devils-bluff/module-rules.html',
  game: {
    rounds: { count: 3, section: 'devils-bluff/module-rules.html' },
    statuses: [
      { id: 'mounted', section: HORSES, meaning: 'on a horse: moves 12", counts as height level 1, treats climbable terrain as impassable, gains no Cover', excludes: ['dismounted'], feeds: 'move: 12"; attack: height level 1, no Cover' },
      { id: 'dismounted', section: HORSES, meaning: 'dismounted at the start or end of an activation: loses the horse\'s benefits and may not mount again this game', excludes: ['mounted'], feeds: 'move and attack: no horse' },
      { id: 'leg-wound', section: INJURIES, meaning: 'Leg Wound: moves only 2" on an Advance', feeds: 'move: Advance 2"' },
      { id: 'arm-wound', section: INJURIES, meaning: 'Arm Wound: −2 to Attack Draws against enemies within 3 inches', feeds: 'attack: −2 within 3"' },
      { id: 'impaired-vision', section: INJURIES, meaning: 'Impaired Vision: can no longer target models more than 9 inches away', feeds: 'attack: refused beyond 9"' },
    ],
  },
  catalogue: devilsBluffCatalogue,
  options: devilsBluffOptions,
  numbers: {
    faces: 13,
    topFace: c('sixBecomes'),
    closeRangeHitOn: c('closeRangeHitOn'),
    rushPenalty: c('rushPenalty'),
    heightAdvantage: c('heightAdvantage'),
    obscuredPenalty: c('obscuredPenalty'),
    inaccurateSkill: c('sixBecomes'),
    counterTable: [c('counterHalfOrLower'), c('counterLower'), c('counterEqual'), c('counterHigher'), c('counterDoubleOrHigher')],
    secureTarget: null,
  },
  numbersFor,
  hooks: {
    heightLevel: (table, m, base) => {
      if (!isMounted(m)) return { level: base }
      return table.options.mountedHeightLevel === 'terrain-plus-1' ? { level: base + 1, rule: HORSES } : { level: DB.horseHeightLevel.value, rule: HORSES }
    },
    movementInches: (table, v, mode, base) => {
      const m = v.model
      if (mode === 'advance' && m.status.includes('leg-wound')) return { inches: DB.legWoundAdvanceInches.value, rules: [INJURIES] }
      if (isMounted(m)) return { inches: DB.horseMovementInches.value, rules: [HORSES] }
      if (hasUpgrade(m, 'runner')) return { inches: DB.runnerMovementInches.value, rules: [UPGRADES] }
      return coreHooks.movementInches(table, v, mode, base)
    },
    benefitsFromCover: (table, v) => (isMounted(v.model) ? { yes: false, rule: HORSES } : coreHooks.benefitsFromCover(table, v)),
    climbableIsImpassable: (table, v) => (isMounted(v.model) ? { yes: true, rule: HORSES } : coreHooks.climbableIsImpassable(table, v)),
    chainAdjustments: (s) => {
      const out: ChainAdjustment[] = []
      const a = s.attacker.model
      const assault = hasRule(s.weaponRules, 'assault')
      const actions = typeof s.context.actions === 'number' ? s.context.actions : 2
      const rushes = s.table.options.rushActions === 'exactly-3' ? actions === 3 : actions >= 3
      if (rushes && !assault && hasUpgrade(a, 'steady-hands')) out.push({ stage: 'attack', modifier: DB.rushPenalty.value * -1 + DB.steadyHandsRushPenalty.value, source: 'Steady Hands: Rush Penalty only −2', rule: UPGRADES })
      if (assault && isMounted(a) && hasUpgrade(a, 'mounted-combat')) out.push({ stage: 'attack', modifier: DB.mountedCombatModifier.value, source: 'Mounted Combat (Assault weapon, mounted)', rule: UPGRADES })
      if (a.status.includes('arm-wound') && isWithin(s.distanceMm, inches(DB.armWoundInches.value), withinReading(s.table))) out.push({ stage: 'attack', modifier: DB.armWoundPenalty.value, source: 'Arm Wound (enemy within 3")', rule: INJURIES })
      if (hasUpgrade(a, 'aces-wild')) out.push({ stage: 'attack', faceValue: acesWild, source: 'Aces Wild: an Ace counts as 11', rule: UPGRADES })
      if (s.targetUnit.every((v) => hasUpgrade(v.model, 'aces-wild'))) {
        out.push({ stage: 'defence', faceValue: acesWild, source: 'Aces Wild: an Ace counts as 11', rule: UPGRADES })
        out.push({ stage: 'counter', faceValue: acesWild, source: 'Aces Wild: an Ace counts as 11', rule: UPGRADES })
      }
      return out
    },
    weaponAdjustments: (s, rangeOk) => {
      if (!hasRule(s.weaponRules, 'longshot')) return []
      const mode = typeof s.context.longshot === 'boolean' ? (s.context.longshot ? 'always' : 'never') : String(s.table.options.longshot)
      if (mode === 'never' || (mode === 'auto' && rangeOk)) return []
      const rng = Number(s.weapon.rangeInches) * DB.longshotRangeMultiplier.value
      return [{ rangeInches: rng, attacks: 1, source: 'Longshot (double Range, Attacks 1)', rule: 'devils-bluff/module-rules.html#special-rules' }]
    },
    attackRestrictions: (s) =>
      s.attacker.model.status.includes('impaired-vision') && !isWithin(s.distanceMm, inches(DB.impairedVisionMaxInches.value), 'le')
        ? [{ code: 'impaired-vision', message: 'Impaired Vision: this model can no longer target models more than 9" away', rule: INJURIES }]
        : [],
    evaluateChain: (table, chain, context) => {
      if (table.options.drawModel === 'independent') return evaluateAttackChain(chain)
      const deck = Array.isArray(context.deck) ? (context.deck as number[]) : undefined
      return evaluateCardChain(chain, deck)
    },
  },
  auras: {
    leader: { name: 'Leader', radiusInches: DB.leaderAuraInches.value, affects: 'friendly', includesOwnUnit: true, carriedBy: ['leader'], effect: 'this model and friendly models within 6" always pass the check when activating with 1 Command Point', rule: 'devils-bluff/module-rules.html#special-rules' },
  },
  contextShape: {
    /** Use Longshot (double range, 1 attack); default: only when the target is beyond the normal range. */
    longshot: z.boolean().optional(),
    /** Cards left in the deck by value, Ace … King (13 counts, each 0-4); default a full deck. */
    deck: z.array(z.number().int().min(0).max(4)).length(13).optional(),
  },
  queryTypes: {
    rout: z.strictObject({ id: z.string().min(1), type: z.literal('rout'), side: z.string().min(1), lost: z.number().int().min(0), pileTotal: z.number().int().min(0) }),
  },
  handlers: () => ({
    rout: ((_table: Table, q: { side: string; lost: number; pileTotal: number }): ResultBody => {
      // "Once this pile has reached a total greater than 21 your gang has routed": the next card's value v
      // routs the gang when pileTotal + v > 21; each value 1..13 is 4/52 of a full deck.
      const applies = q.lost >= DB.routLossCount.value
      const values = Array.from({ length: 13 }, (_, i) => i + 1)
      const routing = applies ? values.filter((v) => q.pileTotal + v > DB.routPileTotal.value).length : 0
      const p = exact(routing, 13)
      return {
        side: q.side,
        drawsEachActivation: applies,
        routsOnNextDraw: { ...chanceE(p), cards: applies ? values.filter((v) => q.pileTotal + v > 21) : [] },
        alreadyRouted: q.pileTotal > DB.routPileTotal.value,
        ...book.sources(['devils-bluff/module-rules.html#routing', 'devils-bluff/module-rules.html#the-deck']),
      }
    }) as (table: Table, q: never) => ResultBody,
  }),
  demoScene,
}

export const devilsBluff: RuleSystem = createCadenceSystem(spec)
