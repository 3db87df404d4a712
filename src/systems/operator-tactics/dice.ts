// Skirmish dice core: one D6, meet or beat, natural 6 always succeeds, natural 1 always fails
// (Conventions used; §02 Core rules: "No modifier overrides these."), the re-rolls the book allows
// (Edge token: reroll any D6; Breach token: force a reroll, take the worse) and SITREP odds.
// Exact: every distribution is a list of six (or 36) equally likely faces, summed as fractions.
import { type Fraction, ZERO, add, fraction, mul } from '../../engine/index.ts'
import { RATING_THRESHOLD, type Rating } from './catalogue.ts'

export const FACES = [1, 2, 3, 4, 5, 6] as const

/** Probability of each final face 1..6 (index 0 = face 1). */
export type FaceDistribution = readonly Fraction[]

export const FAIR_D6: FaceDistribution = FACES.map(() => fraction(1, 6))

/**
 * "Force a reroll. The targeted operator must reroll any one die they just rolled. Take the worse
 * result." (§02 Breach tokens): the lower of two dice. P(min = f) = ((7 − f)² − (6 − f)²) / 36.
 */
export function worseOfTwo(): FaceDistribution {
  return FACES.map((f) => fraction((7 - f) ** 2 - (6 - f) ** 2, 36))
}

/**
 * "Spend one token to reroll any D6" (§02 Edge tokens), used on a failed die: the final face is
 * the first die when it succeeds, else a fresh die.
 */
export function rerollFailures(dist: FaceDistribution, succeeds: (face: number) => boolean): FaceDistribution {
  let fail = ZERO
  FACES.forEach((f, i) => {
    if (!succeeds(f)) fail = add(fail, dist[i]!)
  })
  return FACES.map((f, i) => add(succeeds(f) ? dist[i]! : ZERO, mul(fail, fraction(1, 6))))
}

/** Sum of the probabilities of the faces that satisfy a test. */
export function probabilityOfFaces(dist: FaceDistribution, test: (face: number) => boolean): Fraction {
  let p = ZERO
  FACES.forEach((f, i) => {
    if (test(f)) p = add(p, dist[i]!)
  })
  return p
}

/** Meet or beat with the natural 6 / natural 1 rule. */
export function checkSucceeds(face: number, modifier: number, threshold: number): boolean {
  if (face === 6) return true
  if (face === 1) return false
  return face + modifier >= threshold
}

/** A stat's threshold: a printed rating word or a number (inline scene stats may give either). */
export function ratingThreshold(value: unknown, fallback: Rating = 'Ordinary'): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase()
    if (v.startsWith('good')) return RATING_THRESHOLD.Good
    if (v.startsWith('ord')) return RATING_THRESHOLD.Ordinary
    if (v.startsWith('bad')) return RATING_THRESHOLD.Bad
    const n = Number.parseInt(v, 10)
    if (Number.isFinite(n)) return n
  }
  return RATING_THRESHOLD[fallback]
}

export type SitrepOdds = 'even' | 'likely' | 'unlikely'

export const SITREP_RESULTS = ['No, worse', 'No', 'No, opening', 'Yes, cost', 'Yes', 'Yes, and…'] as const

/**
 * §02 SITREP: "Even odds. 1D6. Unlikely. 2D6, take lowest. Likely. 2D6, take highest."
 * Result faces: 1 = No, worse … 4 = Yes, cost … 6 = Yes, and… ("Yes" on 4+).
 */
export function sitrepDistribution(odds: SitrepOdds): FaceDistribution {
  switch (odds) {
    case 'even':
      return FAIR_D6
    case 'likely':
      return FACES.map((k) => fraction(2 * k - 1, 36))
    case 'unlikely':
      return FACES.map((k) => fraction(13 - 2 * k, 36))
  }
}

export function sitrepYes(odds: SitrepOdds): Fraction {
  return probabilityOfFaces(sitrepDistribution(odds), (f) => f >= 4)
}
