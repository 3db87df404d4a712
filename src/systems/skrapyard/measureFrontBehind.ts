// Front and behind (§2.4): "An imaginary line runs through the middle of each miniature's base and
// to its left and right. Any other miniature ... that is wholly in the front side of this line is said
// to be 'in front' of the character" (§2.4.1); "at least partly in the rear side" is "behind" (§2.4.2).
// Exact for every base shape: the extent of the other base along the observer's facing comes from its
// support function, not from boundary samples.
import { type PlacedBase, supportPoint } from '../../engine/index.ts'

/** The lateral line is judged to this precision (mm), so a base drawn exactly tangent to it is on the line. */
export const LATERAL_LINE_EPS_MM = 1e-6

export type FrontBehind = {
  /** "in front" or "behind" as §2.4.1–§2.4.2 define them. */
  readonly relation: 'in-front' | 'behind'
  /** Signed distances (mm) along the observer's facing from its lateral line to the other base's rearmost and foremost points. */
  readonly rearmostMm: number
  readonly foremostMm: number
  /** Some part of the other base lies on the front side (used by the 1" rule's any-part reading, §13.2.4). */
  readonly reachesFront: boolean
  readonly rule: string
}

const _p = { x: 0, y: 0 }

/** Where `other` lies relative to `observer`'s lateral line. lateralLine: how a base just touching the line counts. */
export function measureFrontBehind(observer: PlacedBase, other: PlacedBase, lateralLine: 'front' | 'behind'): FrontBehind {
  supportPoint(other, -observer.ux, -observer.uy, _p)
  const rearmostMm = (_p.x - observer.cx) * observer.ux + (_p.y - observer.cy) * observer.uy
  supportPoint(other, observer.ux, observer.uy, _p)
  const foremostMm = (_p.x - observer.cx) * observer.ux + (_p.y - observer.cy) * observer.uy
  const touching = Math.abs(rearmostMm) <= LATERAL_LINE_EPS_MM
  const inFront = touching ? lateralLine === 'front' : rearmostMm > 0
  return {
    relation: inFront ? 'in-front' : 'behind',
    rearmostMm,
    foremostMm,
    reachesFront: foremostMm > LATERAL_LINE_EPS_MM,
    rule: inFront ? '§2.4.1' : '§2.4.2',
  }
}

/** Signed distance (mm) of a table point in front of the observer's lateral line (negative = behind). */
export function frontOffsetMm(observer: PlacedBase, x: number, y: number): number {
  return (x - observer.cx) * observer.ux + (y - observer.cy) * observer.uy
}
