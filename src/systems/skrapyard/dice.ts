// The d12 and its tests (§1.1, §1.5, §1.7, §7.1). Exact chances as fractions over 12.
import { NUMBERS } from './numbers.ts'

const FACES = NUMBERS.dieFaces.value

/**
 * How many faces of a d12 pass a test against `value` (§7.1: "equal to or less than the characteristic
 * value"). "A roll of 1 is always a pass. A roll of 12 is always a failure." (§1.5), so 1 to 11 faces.
 * Modifiers apply to the characteristic, never to the roll (§1.3): pass the modified value.
 */
export function passingFaces(value: number): number {
  return Math.min(FACES - 1, Math.max(1, Math.floor(value)))
}

/** Whether one roll passes a test against `value` (§1.5, §7.1). */
export function isPass(roll: number, value: number): boolean {
  if (roll === NUMBERS.naturalPass.value) return true
  if (roll === NUMBERS.naturalFail.value) return false
  return roll <= value
}

/**
 * A D3, D4 or D6 from a d12: "dividing the result by N and rounding up" (§1.7.1–§1.7.3).
 * faces = 3 divides by 4, faces = 4 by 3, faces = 6 by 2; faces = 12 is the d12 itself.
 */
export function derivedDie(roll: number, faces: 3 | 4 | 6 | 12): number {
  return Math.ceil(roll / (FACES / faces))
}

/** Fractions are always rounded up to the next whole number (§1.6). */
export function roundUp(value: number): number {
  // Guard against binary noise such as 2.0000000000000004 turning into 3.
  const nearest = Math.round(value)
  return Math.abs(value - nearest) < 1e-9 ? nearest : Math.ceil(value)
}
