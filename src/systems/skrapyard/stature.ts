// Everything stature sets (§8): moves (§12.1, §12.4), formation distance (§3.2), unit size (§3.1),
// large/small targets (§13.3.2.2–3), the approach lock (§12.1.2), linear obstacles (§12.8).
import { NUMBERS } from './numbers.ts'

/** "A normal move is 3" plus a character's stature." (§12.1). Charges and retreats are normal moves (§12.5, §16.4.1). */
export function normalMoveInches(stature: number): number {
  return NUMBERS.normalMoveBaseInches.value + stature
}

/** "A 'hurry' move is a normal move, plus the character's stature again" (§12.4); a fly move counts as a hurry (§12.7). */
export function hurryMoveInches(stature: number): number {
  return normalMoveInches(stature) + stature
}

/** In formation: base within a number of inches equal to its own stature of another unit member's base (§3.2). */
export function formationInches(stature: number): number {
  return stature
}

/** Unit size = sum of statures, at most 6 (§3.1.1–§3.1.2, §8.2.1). */
export function unitSize(statures: readonly number[]): { size: number; valid: boolean; section: string } {
  const size = statures.reduce((a, b) => a + b, 0)
  return { size, valid: size <= NUMBERS.maxUnitSize.value, section: '§3.1.2' }
}

/** Stature is a whole number from 0 to 6 (§8.1). */
export function isValidStature(stature: number): boolean {
  return Number.isInteger(stature) && stature >= NUMBERS.statureMin.value && stature <= NUMBERS.statureMax.value
}

/**
 * Target size modifier (§13.3.2.2–3): +1 against a target at least 1 stature greater, −1 against one
 * at least 1 stature smaller. A team counts as large when its statures sum to at least 1 more than the
 * shooter's (§13.8.1); `teamStatureSum` is that sum (undefined when the target is not in a team).
 */
export function targetSizeModifiers(
  shooterStature: number,
  targetStature: number,
  teamStatureSum: number | undefined,
  teamLargeWithSmall: 'both' | 'team-only',
): { source: string; value: number; rule: string }[] {
  const out: { source: string; value: number; rule: string }[] = []
  const teamLarge = teamStatureSum !== undefined && teamStatureSum >= shooterStature + 1
  if (targetStature >= shooterStature + 1 || teamLarge) {
    out.push({ source: teamLarge && targetStature < shooterStature + 1 ? 'large target (team)' : 'large target', value: NUMBERS.largeTargetModifier.value, rule: teamLarge && targetStature < shooterStature + 1 ? '§13.8.1' : '§13.3.2.2' })
  }
  if (targetStature <= shooterStature - 1 && !(teamLarge && teamLargeWithSmall === 'team-only')) {
    out.push({ source: 'small target', value: NUMBERS.smallTargetModifier.value, rule: '§13.3.2.3' })
  }
  return out
}

/** How a linear obstacle of a given stature affects a character (§12.8.1–§12.8.7). */
export type LinearObstacleEffect = {
  /** obstacle stature − character stature */
  readonly difference: number
  readonly crossable: boolean
  /** The move allowance for this turn becomes: 'full' (no effect), 'half', or 'entire' (the whole move). */
  readonly cost: 'none' | 'half' | 'entire' | 'impossible'
  /** Must end the turn on the far side in base contact with the obstacle (§12.8.4). */
  readonly mustStopAfter: boolean
  readonly mayCharge: boolean
  readonly mayHurry: boolean
  readonly section: string
}

export function classifyLinearObstacle(characterStature: number, obstacleStature: number): LinearObstacleEffect {
  const difference = obstacleStature - characterStature
  // "Characters may not charge across any obstacle" (§12.8.7); hurry only over ones 2+ lower.
  const base = { difference, mayCharge: false, mayHurry: false }
  if (difference <= -2) return { ...base, crossable: true, cost: 'none', mustStopAfter: false, mayHurry: true, section: '§12.8.2' }
  if (difference === -1) return { ...base, crossable: true, cost: 'half', mustStopAfter: false, section: '§12.8.3' }
  if (difference === 0) return { ...base, crossable: true, cost: 'half', mustStopAfter: true, section: '§12.8.4' }
  if (difference === 1) return { ...base, crossable: true, cost: 'entire', mustStopAfter: false, section: '§12.8.5' }
  return { ...base, crossable: false, cost: 'impossible', mustStopAfter: false, section: '§12.8.6' }
}
