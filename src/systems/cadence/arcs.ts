// Facing and arcs (core-rules/advanced-rules.html#facing-and-arcs): four 90° arcs centred on the
// centre of the model's base; an enemy "is considered to be in the front-most possible arc. If a
// model is partially in more than one arc then the front arc takes priority, followed by the side
// arcs, with the rear arc being the lowest priority." Computed from the angular extent of the other
// base seen from this base's centre: exact tangents for round bases, a dense outline otherwise.
import { type ArcDecl, type PlacedBase, type TableModel, degrees, sampleBaseBoundary, wrapDeg } from '../../engine/index.ts'

export const ARC_RULE = 'core-rules/advanced-rules.html#facing-and-arcs'
export type ArcName = 'front' | 'left' | 'right' | 'rear'

export const CADENCE_ARCS: readonly ArcDecl[] = [
  { name: 'front', fromDeg: -45, toDeg: 45 },
  { name: 'left', fromDeg: 45, toDeg: 135 },
  { name: 'rear', fromDeg: 135, toDeg: 225 },
  { name: 'right', fromDeg: -135, toDeg: -45 },
]
export const ARC_PRIORITY: readonly ArcName[] = ['front', 'left', 'right', 'rear']

/** Bearings (deg, relative to the observer's facing, in (-180, 180]) covered by the target base. */
export function angularExtent(observer: PlacedBase, target: PlacedBase): { centreDeg: number; halfWidthDeg: number; containsApex: boolean } {
  const facing = degrees(Math.atan2(observer.uy, observer.ux))
  const dx = target.cx - observer.cx
  const dy = target.cy - observer.cy
  const d = Math.hypot(dx, dy)
  const centreDeg = wrapDeg(degrees(Math.atan2(dy, dx)) - facing)
  if (target.shape === 'round') {
    const r = target.halfLengthMm
    if (d <= r) return { centreDeg, halfWidthDeg: 180, containsApex: true }
    return { centreDeg, halfWidthDeg: degrees(Math.asin(r / d)), containsApex: false }
  }
  let half = 0
  for (const [x, y] of sampleBaseBoundary(target, 720)) {
    const b = wrapDeg(degrees(Math.atan2(y - observer.cy, x - observer.cx)) - facing)
    half = Math.max(half, Math.abs(wrapDeg(b - centreDeg)))
  }
  return { centreDeg, halfWidthDeg: half, containsApex: half >= 90 && d < Math.max(target.halfLengthMm, target.halfWidthMm) }
}

/** Which arcs the target base reaches into (any part), and the chosen arc by priority. */
export function classifyCadenceArc(observer: TableModel, target: TableModel): { arc: ArcName; reaches: ArcName[]; centreDeg: number; halfWidthDeg: number } {
  const e = angularExtent(observer.placed, target.placed)
  const lo = e.centreDeg - e.halfWidthDeg
  const hi = e.centreDeg + e.halfWidthDeg
  const overlaps = (from: number, to: number): boolean => {
    // Shift the arc by ±360 to compare with the (unwrapped) extent [lo, hi]; edges are inclusive.
    for (const k of [-360, 0, 360]) if (hi >= from + k && lo <= to + k) return true
    return false
  }
  const reaches = (CADENCE_ARCS as readonly ArcDecl[]).filter((a) => e.containsApex || overlaps(a.fromDeg, a.toDeg)).map((a) => a.name as ArcName)
  const arc = ARC_PRIORITY.find((n) => reaches.includes(n)) ?? 'rear'
  return { arc, reaches, centreDeg: e.centreDeg, halfWidthDeg: e.halfWidthDeg }
}

/** Fixed: does the target lie "directly in the path of this model's forward facing"? */
export function isInForwardPath(observer: TableModel, target: TableModel, corridor: 'base-width' | 'centre-line'): boolean {
  const o = observer.placed
  const halfWidth = corridor === 'base-width' ? o.halfWidthMm : 0
  // Work in the observer frame: u forward, v left. The target must reach u > 0 inside |v| <= halfWidth.
  const pts = sampleBaseBoundary(target.placed, 720)
  pts.push([target.x, target.y])
  let minV = Infinity
  let maxV = -Infinity
  let ahead = false
  for (const [x, y] of pts) {
    const dx = x - o.cx
    const dy = y - o.cy
    const u = dx * o.ux + dy * o.uy
    const v = -dx * o.uy + dy * o.ux
    if (u > 0) {
      ahead = true
      minV = Math.min(minV, v)
      maxV = Math.max(maxV, v)
    }
  }
  return ahead && maxV >= -halfWidth && minV <= halfWidth
}
