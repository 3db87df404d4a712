// The D100 resolution of §4.1: roll 1..100; 01–05 Critical Failure, 96–100 Critical Success
// (option critSuccessMin), otherwise "Roll ≥ SR Threshold → Success". Criticals override all
// modifiers (§4.8, §11.3). Probabilities are exact: outcomes are counted over the 100 faces.
import { type Fraction, fraction } from '../../engine/index.ts'
import { CRIT_FAIL_MAX, D100_SIDES } from './constants.ts'

export type D100Band = 'critical-failure' | 'critical-success' | 'normal'

export type RollOutcome = { roll: number; band: D100Band; success: boolean }

/** What one D100 roll does against a final threshold (§4.1, §4.8). */
export function classifyD100(roll: number, threshold: number, critSuccessMin: number): RollOutcome {
  if (roll <= CRIT_FAIL_MAX.value) return { roll, band: 'critical-failure', success: false }
  if (roll >= critSuccessMin) return { roll, band: 'critical-success', success: true }
  return { roll, band: 'normal', success: roll >= threshold }
}

/** Faces of the D100 in each outcome class for a final threshold. Sums to 100. */
export type D100Counts = {
  criticalFailure: number
  criticalSuccess: number
  /** Normal rolls (6..critMin−1) that meet or exceed the threshold. */
  normalSuccess: number
  /** Normal rolls below the threshold (these may be rerolled, e.g. Stationary Anchor). */
  normalFailure: number
}

export function countD100(threshold: number, critSuccessMin: number): D100Counts {
  const low = CRIT_FAIL_MAX.value + 1
  const high = critSuccessMin - 1
  const normalFaces = Math.max(0, high - low + 1)
  // integer faces r in [low, high] with r ≥ threshold
  const from = Math.max(low, Math.ceil(threshold))
  const normalSuccess = Math.max(0, high - from + 1)
  return {
    criticalFailure: CRIT_FAIL_MAX.value,
    criticalSuccess: D100_SIDES.value - critSuccessMin + 1,
    normalSuccess,
    normalFailure: normalFaces - normalSuccess,
  }
}

/**
 * Probability of success from per-face outcomes, with an optional single reroll of a normal
 * failure (Stationary Anchor, §16.1). A critical failure is not rerolled unless allowed (§11.2).
 * `successFaces` counts the faces that produce the result in question (a hit, or a wound).
 */
export function probabilityWithReroll(successFaces: number, rerollableFaces: number, reroll: boolean): Fraction {
  const n = D100_SIDES.value
  if (!reroll) return fraction(successFaces, n)
  // P = s/n + (r/n)·(s/n) = (s·n + r·s) / n²
  return fraction(successFaces * n + rerollableFaces * successFaces, n * n)
}
