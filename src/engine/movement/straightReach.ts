// A move that must run straight toward a point (Jagged Shards' Rush, "directly toward the target"):
// its ends lie on one line, from the base centre toward the point, up to where the bases would touch,
// the first obstacle on the line, or the table's edge, and as far as the allowance pays for (the
// charges of the line, e.g. climbing, taken as they come). Its area is that segment drawn
// STRAIGHT_HALF_WIDTH_MM either side; a probe counts as on the line within that.
import type { PlanPolygon } from '../results.ts'
import type { Fraction } from '../dice/probability.ts'
import { type Leg, type ReachSpace, measureLeg } from './reachSpace.ts'

/** How far off the line a probe may be and still count as on it (mm); the half-width the area is drawn with. */
export const STRAIGHT_HALF_WIDTH_MM = 0.5
/** Steps (mm) along the line between the costs sampled before a boundary is refined by bisection. */
const STEP_MM = 0.5

export type StraightLine = {
  ux: number
  uy: number
  /** How far along the line the base may go at all (contact, obstacle, table edge). */
  lengthMm: number
  /** What stops it there. */
  stoppedBy: 'contact' | 'obstacle' | 'table' | 'allowance'
  obstacle: number
}

/** The line of a straight move in its space toward a point, stopping `stopMm` along it at most (contact). */
export function straightLine(s: ReachSpace, toward: readonly [number, number], stopMm: number, maxMm: number): StraightLine {
  const st = { stopMm }
  const dx = toward[0] - s.sx
  const dy = toward[1] - s.sy
  const d = Math.hypot(dx, dy) || 1
  const ux = dx / d
  const uy = dy / d
  let lengthMm = Math.min(st.stopMm, maxMm)
  let stoppedBy: StraightLine['stoppedBy'] = st.stopMm <= maxMm ? 'contact' : 'allowance'
  let obstacle = -1
  const ex = s.sx + ux * lengthMm
  const ey = s.sy + uy * lengthMm
  const clip = new Float64Array(2)
  for (let k = 0; k < s.obstacles.count; k++) {
    if (!s.obstacles.clip(k, s.sx, s.sy, ex, ey, clip)) continue
    const at = clip[0]! * lengthMm
    if (at < lengthMm) {
      lengthMm = at
      stoppedBy = 'obstacle'
      obstacle = k
    }
  }
  // The table: the base centre stays within the box.
  const b = s.box
  for (const [n, lim] of [[ux, ux > 0 ? b[2] - s.sx : s.sx - b[0]], [uy, uy > 0 ? b[3] - s.sy : s.sy - b[1]]] as const) {
    if (Math.abs(n) < 1e-12) continue
    const at = lim / Math.abs(n)
    if (at < lengthMm) {
      lengthMm = Math.max(0, at)
      stoppedBy = 'table'
    }
  }
  return { ux, uy, lengthMm, stoppedBy, obstacle }
}

/** The leg from the start to distance d along the line. */
export function legAlong(s: ReachSpace, line: StraightLine, d: number, withCharges = false): Leg {
  return measureLeg(s, s.sx, s.sy, s.sx + line.ux * d, s.sy + line.uy * d, withCharges)
}

/**
 * How far along the line the move gets when `within(leg)` says whether a leg is paid for: the largest d
 * at which it is (costs only grow along the line), sampled every STEP_MM then refined to 1 µm.
 */
export function reachAlong(s: ReachSpace, line: StraightLine, within: (leg: Leg) => boolean): number {
  let last = -1
  for (let d = 0; d <= line.lengthMm + 1e-9; d = Math.min(line.lengthMm, d + STEP_MM)) {
    if (!within(legAlong(s, line, d))) break
    last = d
    if (d >= line.lengthMm) return d
  }
  if (last < 0) return -1
  let lo = last
  let hi = Math.min(line.lengthMm, last + STEP_MM)
  while (hi - lo > 1e-3) {
    const mid = (lo + hi) / 2
    if (within(legAlong(s, line, mid))) lo = mid
    else hi = mid
  }
  return lo
}

/** The segment from the start to distance d as a thin polygon (the area of a straight move). */
export function segmentPolygon(s: ReachSpace, line: StraightLine, d: number): PlanPolygon[] {
  if (d < 0) return []
  const w = STRAIGHT_HALF_WIDTH_MM
  const nx = -line.uy * w
  const ny = line.ux * w
  const ex = s.sx + line.ux * d
  const ey = s.sy + line.uy * d
  const r = (v: number) => Math.round(v * 100) / 100
  const bx = -line.ux * w
  const by = -line.uy * w
  return [{
    outer: [[r(s.sx + bx - nx), r(s.sy + by - ny)], [r(ex - bx - nx), r(ey - by - ny)], [r(ex - bx + nx), r(ey - by + ny)], [r(s.sx + bx + nx), r(s.sy + by + ny)]],
    holes: [],
    resolutionMm: w,
  }]
}

/** Where a probe falls on the line: its distance along it, or null when it is off the line. */
export function alongLine(s: ReachSpace, line: StraightLine, x: number, y: number): number | null {
  const px = x - s.sx
  const py = y - s.sy
  const d = px * line.ux + py * line.uy
  const off = Math.abs(-px * line.uy + py * line.ux)
  return off <= STRAIGHT_HALF_WIDTH_MM && d >= -STRAIGHT_HALF_WIDTH_MM ? Math.max(0, d) : null
}

export type { Fraction }
