// Table-plane geometry the four vehicle/skirmish games share (Squadrons, Scraplands, Halo, Respawn):
// bases against terrain footprints, a base swept along a straight line until it touches something,
// the region every sight line between two bases covers, and a base's gap to a line segment.
// Units: mm in the table frame; angles in degrees CCW from +x.
import {
  GRAZE_MM,
  type PlacedBase,
  type Table,
  type TableModel,
  type TableTerrain,
  baseBoundingRadiusMm,
  closestPointOnPolygon,
  convexHull,
  measureBaseGap2,
  placeBase,
  polygonContains,
  radians,
  sampleBaseBoundary,
  segmentInsideLengthMm,
} from '../../engine/index.ts'

type Poly = ReadonlyArray<readonly [number, number]>

/** Outline of a base as a polygon: a rectangle's corners, or 96 points on a round/oval outline. */
export function baseOutline(b: PlacedBase): Array<[number, number]> {
  return b.shape === 'rect' ? sampleBaseBoundary(b, 4) : sampleBaseBoundary(b, 96)
}

function edgesInside(a: Poly, b: Poly): boolean {
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!
    const q = a[(i + 1) % a.length]!
    if (segmentInsideLengthMm(b, p[0], p[1], q[0], q[1]) > GRAZE_MM) return true
  }
  return false
}

/** Do two simple polygons share interior area (touching along an edge or at a corner does not count)? */
export function polygonsOverlap(a: Poly, b: Poly): boolean {
  if (edgesInside(a, b) || edgesInside(b, a)) return true
  // One wholly inside the other: no edge crosses, so test one interior point of each.
  const ca = centroid(a)
  const cb = centroid(b)
  return polygonContains(b, ca[0], ca[1], -GRAZE_MM) || polygonContains(a, cb[0], cb[1], -GRAZE_MM)
}

function centroid(p: Poly): [number, number] {
  let x = 0
  let y = 0
  for (const v of p) {
    x += v[0]
    y += v[1]
  }
  return [x / p.length, y / p.length]
}

/** Does the base overlap the terrain footprint (more than a graze)? */
export function baseOverlapsFootprint(b: PlacedBase, footprint: Poly): boolean {
  return polygonsOverlap(baseOutline(b), footprint)
}

/** Gap between a base and a footprint on the table plane (0 when they touch or overlap). */
export function measureBaseFootprintGap(b: PlacedBase, footprint: Poly): number {
  if (b.shape === 'round') return Math.max(0, closestPointOnPolygon(footprint, b.cx, b.cy).distanceMm - b.halfLengthMm)
  if (baseOverlapsFootprint(b, footprint)) return 0
  let best = Infinity
  for (const p of baseOutline(b)) best = Math.min(best, closestPointOnPolygon(footprint, p[0], p[1]).distanceMm)
  for (const q of footprint) {
    const o = baseOutline(b)
    best = Math.min(best, closestPointOnPolygon(o, q[0], q[1]).distanceMm)
  }
  return best
}

/**
 * The region swept by every straight sight line between two bases: for convex bases this is the
 * convex hull of both outlines (any segment from a point of A to a point of B lies inside it).
 */
export function sightRegion(a: PlacedBase, b: PlacedBase): Array<[number, number]> {
  return convexHull([...baseOutline(a), ...baseOutline(b)])
}

/** Can any straight line between the two bases be drawn through the footprint? */
export function anySightlineCrosses(a: PlacedBase, b: PlacedBase, footprint: Poly): boolean {
  return polygonsOverlap(sightRegion(a, b), footprint)
}

/** Gap from a base to the segment p→q (0 when the segment touches or crosses the base). */
export function measureSegmentBaseGap(b: PlacedBase, p: readonly [number, number], q: readonly [number, number]): number {
  const len = Math.hypot(q[0] - p[0], q[1] - p[1])
  const dir = (Math.atan2(q[1] - p[1], q[0] - p[0]) * 180) / Math.PI
  const seg = placeBase({ shape: 'rect', length: Math.max(len, 1e-9), width: 1e-9 }, (p[0] + q[0]) / 2, (p[1] + q[1]) / 2, dir)
  return measureBaseGap2(seg, b).gapMm
}

export type SweepStop =
  | { readonly kind: 'model'; readonly id: string }
  | { readonly kind: 'terrain'; readonly id: string }
  | { readonly kind: 'table-edge'; readonly id: 'table' }

export type SweepResult = {
  /** How far the base travelled before it touched the first thing that stops it (≤ the distance asked). */
  readonly travelledMm: number
  readonly end: [number, number]
  readonly stoppedBy: SweepStop | null
  /** Models whose bases the moving base passed over (those that do not stop it). */
  readonly passedOver: readonly TableModel[]
  /** Terrain pieces the base entered on the way (those that do not stop it). */
  readonly entered: readonly TableTerrain[]
}

export type SweepSpec = {
  readonly from: readonly [number, number]
  /** Direction of travel, degrees CCW from +x (backward moves give the reverse of the facing). */
  readonly directionDeg: number
  /** Facing of the base while it moves (the base shape turns with it). */
  readonly facingDeg: number
  readonly distanceMm: number
  readonly stopAtModel: (o: TableModel) => boolean
  readonly stopAtTerrain: (t: TableTerrain) => boolean
  readonly stopAtTableEdge?: boolean
}

const SWEEP_STEP_MM = 1
const BISECT_STEPS = 30

/**
 * Sweep model m's base along a straight line. A model or piece already touching or overlapping at
 * the start is ignored (moving away from a contact is not a new contact). The stop point is where
 * the bases first touch (found by bisection to well under 0.01 mm).
 */
export function sweepBase(table: Table, m: TableModel, spec: SweepSpec): SweepResult {
  const ux = Math.cos(radians(spec.directionDeg))
  const uy = Math.sin(radians(spec.directionDeg))
  const at = (s: number): PlacedBase => placeBase(m.base, spec.from[0] + ux * s, spec.from[1] + uy * s, spec.facingDeg)
  const start = at(0)
  const others = table.models.filter((o) => o.id !== m.id)
  const startModels = new Set(others.filter((o) => measureBaseGap2(start, o.placed).gapMm <= GRAZE_MM).map((o) => o.id))
  const startTerrain = new Set(table.terrain.filter((t) => measureBaseFootprintGap(start, t.solid.footprint) <= GRAZE_MM).map((t) => t.id))
  const r = baseBoundingRadiusMm(start)
  const hits = (b: PlacedBase): SweepStop | null => {
    for (const o of others) {
      if (startModels.has(o.id) || !spec.stopAtModel(o)) continue
      // Bases stop where they touch: any overlap at all (no graze allowance) is past the contact point.
      if (measureBaseGap2(b, o.placed).overlapping) return { kind: 'model', id: o.id }
    }
    for (const t of table.terrain) {
      if (startTerrain.has(t.id) || !spec.stopAtTerrain(t)) continue
      if (baseOverlapsFootprint(b, t.solid.footprint)) return { kind: 'terrain', id: t.id }
    }
    if (spec.stopAtTableEdge && (b.cx - r < -1e-6 || b.cy - r < -1e-6 || b.cx + r > table.widthMm + 1e-6 || b.cy + r > table.depthMm + 1e-6)) {
      return { kind: 'table-edge', id: 'table' }
    }
    return null
  }
  let travelled = spec.distanceMm
  let stoppedBy: SweepStop | null = null
  const steps = Math.max(1, Math.ceil(spec.distanceMm / SWEEP_STEP_MM))
  for (let i = 1; i <= steps; i++) {
    const s = (spec.distanceMm * i) / steps
    const h = hits(at(s))
    if (!h) continue
    let lo = (spec.distanceMm * (i - 1)) / steps
    let hi = s
    for (let k = 0; k < BISECT_STEPS; k++) {
      const mid = (lo + hi) / 2
      if (hits(at(mid))) hi = mid
      else lo = mid
    }
    travelled = lo
    stoppedBy = h
    break
  }
  const passedOver: TableModel[] = []
  const entered: TableTerrain[] = []
  const n = Math.max(1, Math.ceil(travelled / SWEEP_STEP_MM))
  for (let i = 0; i <= n; i++) {
    const b = at((travelled * i) / n)
    for (const o of others) {
      if (!passedOver.includes(o) && !spec.stopAtModel(o) && overlapsModel(b, o.placed)) passedOver.push(o)
    }
    for (const t of table.terrain) {
      if (!entered.includes(t) && !spec.stopAtTerrain(t) && baseOverlapsFootprint(b, t.solid.footprint)) entered.push(t)
    }
  }
  return { travelledMm: travelled, end: [spec.from[0] + ux * travelled, spec.from[1] + uy * travelled], stoppedBy, passedOver, entered }
}

/** Two bases overlap by more than a graze (touching is contact, not overlap). */
export function overlapsModel(a: PlacedBase, b: PlacedBase): boolean {
  const g = measureBaseGap2(a, b)
  if (!g.overlapping) return false
  const shrunk = { ...a, halfLengthMm: Math.max(0, a.halfLengthMm - GRAZE_MM), halfWidthMm: Math.max(0, a.halfWidthMm - GRAZE_MM) }
  return measureBaseGap2(shrunk, b).overlapping
}

/**
 * How far a base can travel along a direction before it first overlaps `other` (null when it never
 * does within `maxMm`). Found by stepping then bisecting, like sweepBase.
 */
export function measureDistanceToContact(base: TableModel['base'], from: readonly [number, number], directionDeg: number, facingDeg: number, other: PlacedBase, maxMm: number, exactTouch = false): number | null {
  const overlaps = (a: PlacedBase, b: PlacedBase): boolean => (exactTouch ? measureBaseGap2(a, b).overlapping : overlapsModel(a, b))
  const ux = Math.cos(radians(directionDeg))
  const uy = Math.sin(radians(directionDeg))
  const at = (s: number): PlacedBase => placeBase(base, from[0] + ux * s, from[1] + uy * s, facingDeg)
  const steps = Math.max(1, Math.ceil(maxMm / SWEEP_STEP_MM))
  for (let i = 0; i <= steps; i++) {
    const s = (maxMm * i) / steps
    if (!overlaps(at(s), other)) continue
    if (i === 0) return 0
    let lo = (maxMm * (i - 1)) / steps
    let hi = s
    for (let k = 0; k < BISECT_STEPS; k++) {
      const mid = (lo + hi) / 2
      if (overlaps(at(mid), other)) hi = mid
      else lo = mid
    }
    return lo
  }
  return null
}
