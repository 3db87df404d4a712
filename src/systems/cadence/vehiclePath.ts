// A vehicle's move as straight legs joined by pivots (core-rules/advanced-rules.html#vehicle-movement-restrictions:
// "must always move directly forward or backward and may not freely pivot during this movement").
// Given the start, the points the base centre passes (pivot points) and the end, find each leg's
// direction relative to the facing and each pivot's angle. Pivots turn about the base centre
// (core option vehiclePivotPoint = base-centre). Used by Squadrons (ships) and Scraplands (cars).
import { type Table, type TableModel, placeBase, wrapDeg } from '../../engine/index.ts'
import { measureDistanceToContact, overlapsModel } from './flatGeometry.ts'

export type Point = readonly [number, number]

export type VehicleLeg = {
  readonly from: [number, number]
  readonly to: [number, number]
  readonly lengthMm: number
  /** Facing of the vehicle while it drives this leg. */
  readonly facingDeg: number
  readonly direction: 'forward' | 'backward'
}

export type VehiclePivot = {
  readonly at: [number, number]
  /** Signed turn, degrees (+ = counter-clockwise / left). */
  readonly turnDeg: number
  /** Distance driven before this pivot, mm. */
  readonly afterMm: number
}

export type VehiclePath = {
  readonly legs: readonly VehicleLeg[]
  readonly pivots: readonly VehiclePivot[]
  readonly lengthMm: number
  readonly finalFacingDeg: number
}

/** Legs shorter than this are treated as no movement (mm). */
const MIN_LEG_MM = 1e-6
/** A leg within this angle of the facing (or its reverse) needs no pivot (degrees). */
export const ALIGN_TOLERANCE_DEG = 0.5

function bearingDeg(a: Point, b: Point): number {
  return (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI
}

/**
 * Trace start → points… with the vehicle pivoting where a leg is not along its facing. A leg is
 * driven forward when it lies within 90° of the facing after the smallest turn, else backward.
 * `finalFacingDeg`, when given and different from the last leg's facing, is a pivot at the end.
 */
export function traceVehiclePath(start: Point, startFacingDeg: number, points: readonly Point[], finalFacingDeg?: number, preferBackward = false): VehiclePath {
  const legs: VehicleLeg[] = []
  const pivots: VehiclePivot[] = []
  let facing = startFacingDeg
  let at: [number, number] = [start[0], start[1]]
  let driven = 0
  for (const p of points) {
    const len = Math.hypot(p[0] - at[0], p[1] - at[1])
    if (len < MIN_LEG_MM) continue
    const dir = bearingDeg(at, p)
    const rel = wrapDeg(dir - facing)
    let direction: 'forward' | 'backward'
    if (Math.abs(rel) <= ALIGN_TOLERANCE_DEG) direction = 'forward'
    else if (Math.abs(wrapDeg(rel - 180)) <= ALIGN_TOLERANCE_DEG) direction = 'backward'
    else {
      const forwardTurn = rel
      const backwardTurn = wrapDeg(rel - 180)
      const useBackward = preferBackward ? Math.abs(backwardTurn) <= 90 : Math.abs(forwardTurn) > 90
      const turn = useBackward ? backwardTurn : forwardTurn
      pivots.push({ at: [at[0], at[1]], turnDeg: turn, afterMm: driven })
      facing = wrapDeg(facing + turn)
      direction = useBackward ? 'backward' : 'forward'
    }
    legs.push({ from: [at[0], at[1]], to: [p[0], p[1]], lengthMm: len, facingDeg: facing, direction })
    driven += len
    at = [p[0], p[1]]
  }
  if (finalFacingDeg !== undefined) {
    const turn = wrapDeg(finalFacingDeg - facing)
    if (Math.abs(turn) > ALIGN_TOLERANCE_DEG) {
      pivots.push({ at: [at[0], at[1]], turnDeg: turn, afterMm: driven })
      facing = wrapDeg(finalFacingDeg)
    }
  }
  return { legs, pivots, lengthMm: driven, finalFacingDeg: facing }
}

/**
 * One pivot somewhere along the way: drive d1 along the start facing, pivot, drive d2 along the
 * final facing to the end point. Solves start + d1·u0 = end − d2·u1; null when the two facings are
 * parallel or the solution would need driving backward on either leg.
 */
export function solveOnePivot(start: Point, startFacingDeg: number, end: Point, finalFacingDeg: number): { pivotAt: [number, number]; d1Mm: number; d2Mm: number } | null {
  const a0 = (startFacingDeg * Math.PI) / 180
  const a1 = (finalFacingDeg * Math.PI) / 180
  const u0x = Math.cos(a0), u0y = Math.sin(a0), u1x = Math.cos(a1), u1y = Math.sin(a1)
  const dx = end[0] - start[0]
  const dy = end[1] - start[1]
  const det = u0x * u1y - u0y * u1x
  if (Math.abs(det) < 1e-9) return null
  const d1 = (dx * u1y - dy * u1x) / det
  const d2 = (u0x * dy - u0y * dx) / det
  if (d1 < -1e-6 || d2 < -1e-6) return null
  return { pivotAt: [start[0] + d1 * u0x, start[1] + d1 * u0y], d1Mm: Math.max(0, d1), d2Mm: Math.max(0, d2) }
}

/** Models whose bases the vehicle's base passes over along the path, where it first touches each, and those it ends on. */
export function measurePathOverlaps(table: Table, m: TableModel, path: VehiclePath): { passedOver: TableModel[]; endsOn: TableModel[]; firstTouch: Map<string, [number, number]> } {
  const passedOver: TableModel[] = []
  const firstTouch = new Map<string, [number, number]>()
  const others = table.models.filter((o) => o.id !== m.id)
  for (const leg of path.legs) {
    const dir = (Math.atan2(leg.to[1] - leg.from[1], leg.to[0] - leg.from[0]) * 180) / Math.PI
    for (const o of others) {
      if (firstTouch.has(o.id)) continue
      // Passing over = overlapping by more than a graze somewhere on the leg; the touch point is exact.
      if (measureDistanceToContact(m.base, leg.from, dir, leg.facingDeg, o.placed, leg.lengthMm) === null) continue
      const d = measureDistanceToContact(m.base, leg.from, dir, leg.facingDeg, o.placed, leg.lengthMm, true) ?? 0
      const u = leg.lengthMm > 0 ? d / leg.lengthMm : 0
      firstTouch.set(o.id, [leg.from[0] + (leg.to[0] - leg.from[0]) * u, leg.from[1] + (leg.to[1] - leg.from[1]) * u])
      passedOver.push(o)
    }
  }
  const last = path.legs[path.legs.length - 1]
  const endPos = last ? last.to : [m.x, m.y] as [number, number]
  const endBase = placeBase(m.base, endPos[0], endPos[1], path.finalFacingDeg)
  const endsOn = others.filter((o) => overlapsModel(endBase, o.placed))
  return { passedOver, endsOn, firstTouch }
}
