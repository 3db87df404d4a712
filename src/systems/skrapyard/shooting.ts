// The shooting chain (§13): eligibility, S before range (§13.3.2), range (§13.2, §13.6), S after
// range (§13.3.3: range penalty, cover), the S test and the target's A test (§15.1, §21.3–21.4).
// Geometry comes in already measured; this file is the book's arithmetic.
import type { RangedWeapon } from './catalogue.ts'
import { book } from './losClasses.ts'
import { type Fraction, type UniformReason, ZERO } from '../../engine/index.ts'
import { shootingChance } from './chance.ts'
import { passingFaces } from './dice.ts'
import { NUMBERS } from './numbers.ts'
import type { SkrapyardOptions } from './options.ts'
import { measureRangeBand, type RangeBandResult } from './rangeBands.ts'
import { targetSizeModifiers } from './stature.ts'

export type Reason = UniformReason
export type Modifier = { source: string; value: number; rule: string }

/** What the camera cannot see about a shot (documented in README: "What the camera cannot know"). */
export type ShotContext = {
  /** Moved this activation phase, by a normal move (§13.3.2.1, §13.6.2.1). */
  readonly moved: boolean
  /** Moved involuntarily this turn (§13.6.2.1, §13.6.3.1). */
  readonly movedInvoluntarily: boolean
  /** Hurried, flew or failed a charge this turn: no shooting (§12.4.1, §12.5.1, §12.7). */
  readonly hurried: boolean
  /** Crossed a linear obstacle this activation phase (§12.8.9). */
  readonly crossedObstacle: boolean
  /** Thought twice about a jump (§12.9.8.1). */
  readonly refusedJump: boolean
  /** Already fought this activation (§11.2). */
  readonly fought: boolean
  /** Failed its activation test (§13.3.2.1). */
  readonly failedActivation: boolean
  /** Shooting as a default action: no standing, no team modifier (§11.5.2.2). */
  readonly defaultAction: boolean
  /** Under Enchant: −2 S (§19.5.2). */
  readonly enchanted: boolean
  /** Target under Jinx: −2 A (§19.5.3). */
  readonly targetJinxed: boolean
  /** Shoot feat of the hero in formation: automatic pass (§18.3.2). */
  readonly shootFeat: boolean
  /** Target may re-roll failed A tests (Armour feat, §18.3.3). */
  readonly targetArmourReroll: boolean
}

export const NO_SHOT_CONTEXT: ShotContext = {
  moved: false,
  movedInvoluntarily: false,
  hurried: false,
  crossedObstacle: false,
  refusedJump: false,
  fought: false,
  failedActivation: false,
  defaultAction: false,
  enchanted: false,
  targetJinxed: false,
  shootFeat: false,
  targetArmourReroll: false,
}

export type ShotInput = {
  readonly weapon: RangedWeapon
  readonly S: number
  readonly targetA: number
  readonly shooterStature: number
  readonly targetStature: number
  /** Sum of statures of the target's team, when the target is in a team (§13.8.1). */
  readonly targetTeamStatureSum: number | undefined
  readonly shooterInTeam: boolean
  readonly distanceInches: number
  /** Line of sight as §13.2.1–13.2.4 define it (false: reasons already in losReasons). */
  readonly hasLos: boolean
  readonly losReasons: readonly Reason[]
  /** Terrain pieces that each hide part of the target zone, after §13.11.1.1. */
  readonly coverObstacles: readonly string[]
  /** Shooter in base contact with an opponent (§13.2). */
  readonly shooterEngaged: boolean
  readonly context: ShotContext
  readonly options: SkrapyardOptions
}

export type ShotResult = {
  readonly allowed: boolean
  readonly reasons: Reason[]
  readonly band: RangeBandResult
  readonly inRange: boolean
  readonly preRange: Modifier[]
  readonly postRange: Modifier[]
  readonly finalS: number
  readonly finalA: number
  readonly need: string
  readonly probability: { hit: Fraction; effect: Fraction }
}

function clampIf(value: number, clamp: boolean): number {
  return clamp ? Math.min(NUMBERS.characteristicMax.value, Math.max(NUMBERS.characteristicMin.value, value)) : value
}

const sum = (mods: readonly Modifier[]) => mods.reduce((a, m) => a + m.value, 0)

/** S before range is set (§13.3.1–§13.3.2). */
export function collectPreRangeModifiers(input: ShotInput): Modifier[] {
  const { context, weapon, options } = input
  const mods: Modifier[] = []
  const movedAtAll = context.moved || (options.involuntaryMoveCancelsStanding && context.movedInvoluntarily)
  if (weapon.standingModifier && !context.failedActivation && !movedAtAll && !context.defaultAction) {
    mods.push({ source: 'standing', value: NUMBERS.standingModifier.value, rule: '§13.3.2.1' })
  }
  mods.push(...targetSizeModifiers(input.shooterStature, input.targetStature, input.targetTeamStatureSum, options.teamLargeWithSmall))
  if (input.shooterInTeam && !context.defaultAction) {
    mods.push({ source: 'team', value: NUMBERS.shootTeamModifier.value, rule: '§13.3.2.4' })
  }
  if (context.enchanted && options.enchantBeforeRange) {
    mods.push({ source: 'Enchant', value: NUMBERS.magicCharacteristicModifier.value, rule: '§19.5.2' })
  }
  return mods
}

function collectEligibility(input: ShotInput): Reason[] {
  const { context, weapon } = input
  const reasons: Reason[] = []
  if (input.shooterEngaged) reasons.push(book.reason({ code: 'engaged', message: 'the shooter is in base contact with an opponent', rule: '§13.2' }))
  if (context.hurried) reasons.push(book.reason({ code: 'hurried', message: 'a character that hurries cannot shoot at all', rule: '§12.4.1' }))
  if (context.crossedObstacle) reasons.push(book.reason({ code: 'crossed-obstacle', message: 'crossed a linear obstacle this activation phase', rule: '§12.8.9' }))
  if (context.refusedJump) reasons.push(book.reason({ code: 'refused-jump', message: 'thought twice about a jump: may not shoot this turn', rule: '§12.9.8.1' }))
  if (context.fought) reasons.push(book.reason({ code: 'fought', message: 'a character that fights may not then shoot', rule: '§11.2' }))
  if (weapon.forbiddenAfterMoving && (context.moved || context.movedInvoluntarily)) {
    const rule = weapon.code === 's' ? '§13.6.3.1' : '§13.6.2.1'
    reasons.push(book.reason({ code: 'moved', message: `a ${weapon.name} weapon may not shoot after moving (involuntary movement included)`, rule }))
  }
  return reasons
}

export function resolveShot(input: ShotInput): ShotResult {
  const { context, options, weapon } = input
  const preRange = collectPreRangeModifiers(input)
  const rangeS = clampIf(input.S + sum(preRange), options.clampModified)
  const band = measureRangeBand(weapon, rangeS, input.distanceInches, options)
  const reasons = [...collectEligibility(input), ...input.losReasons]
  if (!band.inRange) {
    reasons.push(book.reason({ code: 'out-of-range', message: `${input.distanceInches.toFixed(2)}" is beyond the ${band.maxRangeInches}" range (${weapon.rangeMultiplier} × S ${rangeS})`, rule: weapon.rangeMultiplier === 2 ? '§13.2' : weapon.section,
      template: `{distance} is beyond the {range} range (${weapon.rangeMultiplier} × S ${rangeS})`, values: { distance: { value: input.distanceInches, unit: 'in' }, range: { value: band.maxRangeInches, unit: 'in' } } }))
  }
  const postRange: Modifier[] = []
  if (band.penalty !== 0) postRange.push({ source: band.band === 'short' ? 'sniper short range' : 'range', value: band.penalty, rule: band.section })
  if (input.coverObstacles.length > 0) {
    postRange.push({ source: `cover (${input.coverObstacles.join(', ')})`, value: NUMBERS.coverPerObstacle.value * input.coverObstacles.length, rule: '§13.11.1' })
  }
  if (context.enchanted && !options.enchantBeforeRange) postRange.push({ source: 'Enchant', value: NUMBERS.magicCharacteristicModifier.value, rule: '§19.5.2' })
  // Range is set from rangeS; later modifiers change only the score needed (§13.3.1).
  const finalS = clampIf(rangeS + sum(postRange), options.clampModified)
  const armourMods = weapon.targetArmourModifier + (context.targetJinxed ? NUMBERS.magicCharacteristicModifier.value : 0)
  const finalA = clampIf(input.targetA + armourMods, options.clampModified)
  const allowed = input.hasLos && band.inRange && reasons.length === 0
  const probability = allowed
    ? shootingChance({ shootValue: finalS, armourValue: finalA, armourReroll: context.targetArmourReroll, noArmourTest: false, autoHit: context.shootFeat })
    : { hit: ZERO, effect: ZERO }
  const need = context.shootFeat
    ? 'automatic pass (Shoot feat, §18.3.2)'
    : `d12 ≤ ${finalS} to hit (${passingFaces(finalS)} in 12; 1 always hits and the target is down, 12 misfires: §1.5, §21.3, §21.4), then target A ${finalA}`
  return { allowed, reasons, band, inRange: band.inRange, preRange, postRange, finalS, finalA, need, probability }
}
