// Shooting range from S: maximum range and the per-inch range penalty of each weapon class
// (§13.2, §13.3.3.1, §13.6.1–§13.6.3). Pure arithmetic in inches; geometry lives elsewhere.
import type { RangedWeapon } from './catalogue.ts'
import { roundUp } from './dice.ts'
import type { SkrapyardOptions } from './options.ts'

/** Distances equal to a limit within this many inches (about 1e-6 mm) count as exactly at it: float noise must not decide a call. */
export const RANGE_EPS_INCHES = 1e-7

export type RangeBandResult = {
  /** S after the pre-range modifiers (§13.3.1), the S that sets range. */
  readonly rangeS: number
  readonly maxRangeInches: number
  /** Range penalty applies beyond this distance (§13.3.3.1, §13.6). */
  readonly cleanToInches: number
  readonly inRange: boolean
  /** Which band the distance falls in. */
  readonly band: 'short' | 'clean' | 'penalty' | 'out'
  /** The post-range modifier, ≤ 0 (§13.3.3.1); 0 when out of range. */
  readonly penalty: number
  readonly section: string
}

/**
 * Range band for a weapon at `distanceInches` (straight-line distance, raw).
 * - Basic: "at a range up to twice its S value" (§13.2); "-1 for every inch range to the target greater
 *   than the shooting character's S" (§13.3.3.1).
 * - m/l/s: up to 3×/4×/5× S, the modifier "applying only to" ranges beyond 2×/3×/4× S (§13.6.1–§13.6.3);
 *   option rangeBandReading decides whether the count starts at the band edge (shifted) or at S (literal).
 * - Sniper: also "-1 for each inch less than the shooting character's S" (§13.6.3).
 * Fractions of an inch round up (§1.6); option distanceRounding decides whether the distance or the penalty is rounded.
 */
export function measureRangeBand(
  weapon: RangedWeapon,
  rangeS: number,
  distanceInches: number,
  options: Pick<SkrapyardOptions, 'rangeBandReading' | 'distanceRounding'>,
): RangeBandResult {
  const d = options.distanceRounding === 'distance-up' ? roundUp(distanceInches) : distanceInches
  const S = Math.max(0, rangeS)
  const maxRangeInches = weapon.rangeMultiplier * S
  const cleanToInches = weapon.penaltyFromMultiplier * S
  const section = weapon.section
  if (d > maxRangeInches + RANGE_EPS_INCHES || S <= 0) {
    return { rangeS, maxRangeInches, cleanToInches, inRange: false, band: 'out', penalty: 0, section }
  }
  if (d > cleanToInches + RANGE_EPS_INCHES) {
    const countFrom = options.rangeBandReading === 'literal' ? S : cleanToInches
    return { rangeS, maxRangeInches, cleanToInches, inRange: true, band: 'penalty', penalty: -roundUp(d - countFrom), section: '§13.3.3.1' }
  }
  if (weapon.shortRangePenalty && d < S - RANGE_EPS_INCHES) {
    return { rangeS, maxRangeInches, cleanToInches, inRange: true, band: 'short', penalty: -roundUp(S - d), section: '§13.6.3' }
  }
  return { rangeS, maxRangeInches, cleanToInches, inRange: true, band: 'clean', penalty: 0, section }
}
