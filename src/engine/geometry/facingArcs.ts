// Angular sectors (arcs) around a model, relative to its facing, and the tests rulesets differ on:
// is the target's centre in the arc, is any part of its base in it, or all of it.
import { type PlacedBase, baseFrameToTable, sampleBaseBoundary } from './baseShape.ts'
import { degrees, radians, wrapDeg } from '../units.ts'

/**
 * One arc: the sector from `fromDeg` to `toDeg`, counter-clockwise, measured from the model's
 * facing (0 = straight ahead, +90 = left). The apex sits at `origin` in the model frame
 * (u forward, v left, mm; default the base centre).
 */
export type ArcDecl = {
  name: string
  /** Which side, for two arcs a book names alike (narrative skirmish: the Side armour on the left and on the right). */
  side?: 'left' | 'right'
  fromDeg: number
  toDeg: number
  origin?: readonly [number, number]
}

export type ArcTest = 'centre' | 'partly' | 'wholly' | 'majority'

/** The boundary line of an arc, for drawing: apex and direction (unit) in the table frame. */
export type ArcLine = { arc: string; side?: 'left' | 'right'; edge: 'from' | 'to'; origin: [number, number]; direction: [number, number] }

/** Is the table direction angle (deg) inside the arc's angular range (inclusive of both edges)? */
function angleInArc(angleRelDeg: number, arc: ArcDecl, epsDeg: number): boolean {
  const span = wrapPositive(arc.toDeg - arc.fromDeg) || 360
  const rel = wrapPositive(angleRelDeg - arc.fromDeg)
  return rel <= span + epsDeg || rel >= 360 - epsDeg
}

function wrapPositive(deg: number): number {
  const a = deg % 360
  return a < 0 ? a + 360 : a
}

/** Angle of table point (x, y) seen from the arc apex, relative to the observer's facing, degrees. */
export function relativeBearingDeg(observer: PlacedBase, arc: ArcDecl, x: number, y: number): number {
  const o = arc.origin ?? [0, 0]
  const [ox, oy] = baseFrameToTable(observer, o[0], o[1])
  const facing = degrees(Math.atan2(observer.uy, observer.ux))
  return wrapDeg(degrees(Math.atan2(y - oy, x - ox)) - facing)
}

export type ArcMembership = { arc: string; side?: 'left' | 'right'; centre: boolean; fraction: number }

/**
 * For each arc, whether the target's centre lies in it and what fraction of the target's
 * boundary samples do (0..1). Boundary samples: 64 points on the base outline.
 */
export function measureArcMembership(observer: PlacedBase, target: PlacedBase, arcs: readonly ArcDecl[], epsDeg = 1e-9): ArcMembership[] {
  const outline = sampleBaseBoundary(target, 64)
  return arcs.map((arc) => {
    const centre = angleInArc(relativeBearingDeg(observer, arc, target.cx, target.cy), arc, epsDeg)
    let inside = 0
    for (const p of outline) if (angleInArc(relativeBearingDeg(observer, arc, p[0], p[1]), arc, epsDeg)) inside++
    return { arc: arc.name, ...(arc.side ? { side: arc.side } : {}), centre, fraction: inside / outline.length }
  })
}

/**
 * The arc the target is in, under a test and a priority order (first listed wins when the
 * target qualifies for several, e.g. "front-most arc"). Null when it qualifies for none.
 */
export function classifyArc(
  observer: PlacedBase,
  target: PlacedBase,
  arcs: readonly ArcDecl[],
  test: ArcTest,
  priority: readonly string[] = arcs.map((a) => a.name),
): { arc: string | null; side?: 'left' | 'right'; membership: ArcMembership[]; lines: ArcLine[] } {
  const membership = measureArcMembership(observer, target, arcs)
  const qualifies = (m: ArcMembership): boolean => {
    switch (test) {
      case 'centre':
        return m.centre
      case 'partly':
        return m.fraction > 0
      case 'wholly':
        return m.fraction >= 1
      case 'majority':
        return m.fraction > 0.5
    }
  }
  // Arcs named alike (the two Side arcs) are each tried, in their order.
  let chosen: ArcMembership | null = null
  for (const name of new Set(priority)) {
    chosen = membership.find((x) => x.arc === name && qualifies(x)) ?? null
    if (chosen) break
  }
  return { arc: chosen ? chosen.arc : null, ...(chosen?.side ? { side: chosen.side } : {}), membership, lines: arcLines(observer, arcs) }
}

/** Boundary lines of every arc in the table frame (for the overlay). */
export function arcLines(observer: PlacedBase, arcs: readonly ArcDecl[]): ArcLine[] {
  const facing = Math.atan2(observer.uy, observer.ux)
  const out: ArcLine[] = []
  for (const arc of arcs) {
    const o = arc.origin ?? [0, 0]
    const origin = baseFrameToTable(observer, o[0], o[1])
    for (const edge of ['from', 'to'] as const) {
      const a = facing + radians(edge === 'from' ? arc.fromDeg : arc.toDeg)
      out.push({ arc: arc.name, ...(arc.side ? { side: arc.side } : {}), edge, origin, direction: [Math.cos(a), Math.sin(a)] })
    }
  }
  return out
}

/** Four 90° arcs centred on front, left, rear, right (a common layout). */
export const QUARTER_ARCS: readonly ArcDecl[] = [
  { name: 'front', fromDeg: -45, toDeg: 45 },
  { name: 'left', fromDeg: 45, toDeg: 135 },
  { name: 'rear', fromDeg: 135, toDeg: 225 },
  { name: 'right', fromDeg: -135, toDeg: -45 },
]

/** Front and rear halves (180° each). */
export const HALF_ARCS: readonly ArcDecl[] = [
  { name: 'front', fromDeg: -90, toDeg: 90 },
  { name: 'rear', fromDeg: 90, toDeg: 270 },
]
