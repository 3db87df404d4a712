// One roll (a d6, or a card draw read as a value 1..13) against a target, with the natural-face rules
// of the book folded in, and its optional re-roll of failures.
import { type Exact, type ExactDist, E0, addE, exact, mulE, probOfE } from './exactFraction.ts'

export type RollCheck = {
  /** Number of equally likely faces (6 for a d6, 13 for a card value drawn from a full deck). */
  readonly faces: number
  /** Target after modifiers: the roll succeeds on a face ≥ need (unless another rule decides). */
  readonly need: number
  /** Faces that always fail ("a roll of 1 always counts as a failure", core-rules/basic-rules.html#dice). */
  readonly alwaysFail: readonly number[]
  /** Faces that always succeed (e.g. Psionic Field: a physical 6). */
  readonly alwaysSucceed: readonly number[]
  /** When set, only these faces succeed (Close Range Penalty: "only hit on a roll of a 6"). */
  readonly onlyFaces?: readonly number[]
  /** Re-roll failed rolls once (Skilled, Resilient, Shields; core-rules/basic-rules.html#dice: once only). */
  readonly reroll: boolean
  /** Map a drawn face to the value read (Aces Wild: an Ace may count as 11). Default identity. */
  readonly faceValue?: (face: number) => number
}

export function faceSucceeds(check: RollCheck, face: number): boolean {
  if (check.alwaysSucceed.includes(face)) return true
  if (check.onlyFaces) return check.onlyFaces.includes(face)
  const value = check.faceValue ? check.faceValue(face) : face
  if (check.alwaysFail.includes(value)) return false
  return value >= check.need
}

/** Distribution of the face that stands after the roll and its possible re-roll. */
export function finalFaceDist(check: RollCheck): ExactDist {
  const each = exact(1, check.faces)
  let pFail = E0
  for (let f = 1; f <= check.faces; f++) if (!faceSucceeds(check, f)) pFail = addE(pFail, each)
  const out = new Map<number, Exact>()
  for (let f = 1; f <= check.faces; f++) {
    let p = faceSucceeds(check, f) || !check.reroll ? each : E0
    if (check.reroll) p = addE(p, mulE(pFail, each))
    out.set(f, p)
  }
  return out
}

/** Probability that the check succeeds (after any re-roll). */
export function successProbability(check: RollCheck): Exact {
  return probOfE(finalFaceDist(check), (f) => faceSucceeds(check, f))
}
