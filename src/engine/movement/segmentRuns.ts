// Where a straight leg runs inside a footprint, for the movement queries' costs (difficult ground,
// entering a piece, climbing onto a surface). A footprint is kept as its convex parts (a ConvexSet),
// so a leg's runs inside it are the union of its runs inside each part; grazing a vertex or running
// along an edge is not inside. Not reentrant (module scratch).
import { type Polygon, polygonContainsStrict, segmentInsideLengthMm } from '../geometry/polygon.ts'
import type { ConvexSet } from './convexSet.ts'

/** A footprint as its ring (for the strict point test) and its convex parts (for a leg's runs). */
export type Footprint = { ring: Polygon; parts: ConvexSet }

export function isStrictlyInside(f: Footprint, x: number, y: number): boolean {
  return polygonContainsStrict(f.ring, x, y)
}

const clip = new Float64Array(2)
const pending: number[] = []

/**
 * The intervals [t0, t1] ⊂ [0, 1] of segment a→b strictly inside the footprint, written to `out` as
 * pairs in order, touching ones joined; returns how many.
 */
export function insideRuns(f: Footprint, ax: number, ay: number, bx: number, by: number, out: number[]): number {
  out.length = 0
  pending.length = 0
  if (ax === bx && ay === by) return 0
  for (let k = 0; k < f.parts.count; k++) if (f.parts.clip(k, ax, ay, bx, by, clip)) pending.push(clip[0]!, clip[1]!)
  const n = pending.length / 2
  // Sort the few intervals by start (insertion sort on pairs), then join those that meet.
  for (let i = 1; i < n; i++) {
    const s0 = pending[2 * i]!
    const s1 = pending[2 * i + 1]!
    let j = i - 1
    while (j >= 0 && pending[2 * j]! > s0) {
      pending[2 * j + 2] = pending[2 * j]!
      pending[2 * j + 3] = pending[2 * j + 1]!
      j--
    }
    pending[2 * j + 2] = s0
    pending[2 * j + 3] = s1
  }
  // Parts of one footprint meet along a shared diagonal: their runs stop within the inside tolerance of it.
  const join = 1e-5 / Math.hypot(bx - ax, by - ay)
  for (let i = 0; i < n; i++) {
    const t0 = pending[2 * i]!
    const t1 = pending[2 * i + 1]!
    const k = out.length
    if (k >= 2 && t0 <= out[k - 1]! + join) out[k - 1] = Math.max(out[k - 1]!, t1)
    else out.push(t0, t1)
  }
  return out.length / 2
}

/**
 * How far (mm) a base of half-width `halfWidthMm` travels inside `poly` along a→b, exactly as the
 * engine's `move` query measures it (rules/measurePath.ts): the longest run inside among the centre
 * line and the two lines offset by the half-width.
 */
export function insideLengthOfLeg(poly: Polygon, ax: number, ay: number, bx: number, by: number, halfWidthMm: number): number {
  const len = Math.hypot(bx - ax, by - ay)
  if (len === 0) return 0
  const nx = -(by - ay) / len
  const ny = (bx - ax) / len
  let best = 0
  for (const off of [0, -halfWidthMm, halfWidthMm]) best = Math.max(best, segmentInsideLengthMm(poly, ax + nx * off, ay + ny * off, bx + nx * off, by + ny * off))
  return best
}
