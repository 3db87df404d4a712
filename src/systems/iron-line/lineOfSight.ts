// Iron Line line of sight (§16 L1475): "If a line can be drawn from the center of the attacker's front
// edge to any point on the target without passing through another unit or Blocking terrain, LoS exists."
// Top-down (2D): the only height class is Large (§23 L2061), and Obscuring terrain hides for Cover (L1512).
import type { Table, TableModel } from '../../engine/index.ts'
import { GRAZE_MM, frontEdgeCentre, polygonContains, sampleBaseBoundary, segmentInsideLengthMm } from '../../engine/index.ts'
import { baseCorners, isLarge, readUnit } from './unitState.ts'

export type SightRay = {
  from: [number, number]
  to: [number, number]
  blocked: boolean
  /** Ids of the units and Blocking pieces the ray passes through (beyond the graze tolerance). */
  by: string[]
  /** Ids of Obscuring pieces the ray passes through. */
  obscuredBy: string[]
  /** Shortest length the ray runs inside any one blocker (mm), for marginal calls; 0 if unblocked. */
  worstChordMm: number
  /** Distance from the ray to the nearest blocker it clears (mm); Infinity if none near. */
  clearanceMm: number
}

export type SightFigure = {
  visible: boolean
  /** Fraction of the target outline samples with a clear line. */
  fraction: number
  origin: [number, number]
  blockers: string[]
  /** Obscuring pieces crossed by clear lines, with the fraction of clear lines each crosses. */
  obscuredBy: Record<string, number>
  /** Large let the line pass over these non-Large units / pieces. */
  seenOver: string[]
  rays: SightRay[]
  /** The best clear line's clearance from the nearest blocker (mm); how marginal a "visible" call is. */
  bestClearanceMm: number
  /** The smallest chord through a blocker among blocked lines (mm); how marginal a "blocked" call is. */
  bestBlockedChordMm: number
}

export type SightOptions = {
  /** Whose Large lets the line pass over non-Large obstacles. */
  largeSeenOver: 'attacker-only' | 'attacker-or-target'
  /** Origin: the attacker's front-edge centre (shooting), or any of these points (EW from a footprint). */
  origins?: ReadonlyArray<[number, number]>
}

type Obstacle = { id: string; poly: ReadonlyArray<readonly [number, number]>; large: boolean; kind: 'unit' | 'blocking' | 'obscuring' }

/** Outline samples: corners plus points every ~2 mm along the footprint edges. */
export function sampleTargetOutline(m: TableModel): Array<[number, number]> {
  const perimeter = 4 * (m.placed.halfLengthMm + m.placed.halfWidthMm)
  return sampleBaseBoundary(m.placed, Math.max(64, Math.ceil(perimeter / 2 / 4) * 4))
}

function segmentPolygonClearance(poly: ReadonlyArray<readonly [number, number]>, ax: number, ay: number, bx: number, by: number): number {
  let best = Infinity
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!
    const ex = bx - ax
    const ey = by - ay
    const ee = ex * ex + ey * ey
    const t = ee > 0 ? Math.max(0, Math.min(1, ((p[0] - ax) * ex + (p[1] - ay) * ey) / ee)) : 0
    best = Math.min(best, Math.hypot(ax + t * ex - p[0], ay + t * ey - p[1]))
  }
  return best
}

export function listObstacles(table: Table, viewer: TableModel, target: TableModel, opts: SightOptions): { obstacles: Obstacle[]; large: boolean } {
  const v = readUnit(viewer)
  const t = readUnit(target)
  const large = isLarge(table, v) || (opts.largeSeenOver === 'attacker-or-target' && isLarge(table, t))
  const obstacles: Obstacle[] = []
  for (const m of table.models) {
    if (m.id === viewer.id || m.id === target.id) continue
    const u = readUnit(m)
    obstacles.push({ id: m.id, poly: baseCorners(m), large: isLarge(table, u), kind: 'unit' })
  }
  for (const piece of table.terrain) {
    if (piece.has('blocking')) obstacles.push({ id: piece.id, poly: piece.solid.footprint, large: piece.has('large'), kind: 'blocking' })
    if (piece.has('obscuring')) obstacles.push({ id: piece.id, poly: piece.solid.footprint, large: piece.has('large'), kind: 'obscuring' })
  }
  return { obstacles, large }
}

export function traceSight(table: Table, viewer: TableModel, target: TableModel, opts: SightOptions): SightFigure {
  const { obstacles, large } = listObstacles(table, viewer, target, opts)
  const origins = opts.origins ?? [frontEdgeCentre(viewer.placed)]
  const points = sampleTargetOutline(target)
  const seenOver = new Set<string>()
  const blockers = new Set<string>()
  const rays: SightRay[] = []
  let bestClearanceMm = -Infinity
  let bestBlockedChordMm = Infinity
  // "Units are always in range and line of sight of themselves." (§12 L1218)
  const self = viewer.id === target.id
  for (const o of origins) {
    for (const p of points) {
      const by: string[] = []
      const obscuredBy: string[] = []
      let worstChordMm = Infinity
      let clearanceMm = Infinity
      for (const ob of obstacles) {
        const inside = segmentInsideLengthMm(ob.poly, o[0], o[1], p[0], p[1])
        if (ob.kind === 'obscuring') {
          if (inside > GRAZE_MM) obscuredBy.push(ob.id)
          continue
        }
        // Large: "Intervening units or terrain may be ignored for LoS unless also Large." (§23 L2061)
        if (large && !ob.large) {
          if (inside > GRAZE_MM) seenOver.add(ob.id)
          continue
        }
        if (inside > GRAZE_MM) {
          by.push(ob.id)
          worstChordMm = Math.min(worstChordMm, inside)
        } else {
          clearanceMm = Math.min(clearanceMm, segmentPolygonClearance(ob.poly, o[0], o[1], p[0], p[1]))
        }
      }
      const blocked = !self && by.length > 0
      if (blocked) {
        by.forEach((id) => blockers.add(id))
        bestBlockedChordMm = Math.min(bestBlockedChordMm, worstChordMm)
      } else {
        bestClearanceMm = Math.max(bestClearanceMm, clearanceMm)
      }
      rays.push({ from: [o[0], o[1]], to: [p[0], p[1]], blocked, by, obscuredBy, worstChordMm: blocked ? worstChordMm : 0, clearanceMm })
    }
  }
  const clear = rays.filter((r) => !r.blocked)
  const obscuredBy: Record<string, number> = {}
  for (const r of clear) for (const id of r.obscuredBy) obscuredBy[id] = (obscuredBy[id] ?? 0) + 1
  for (const id of Object.keys(obscuredBy)) obscuredBy[id] = obscuredBy[id]! / clear.length
  return {
    visible: self || clear.length > 0,
    fraction: rays.length ? clear.length / rays.length : 1,
    origin: origins[0]!,
    blockers: [...blockers],
    obscuredBy,
    seenOver: [...seenOver],
    rays,
    bestClearanceMm,
    bestBlockedChordMm,
  }
}

/** Terrain pieces that contain a point (for "the shooter stands in it"). */
export function piecesContaining(table: Table, x: number, y: number): string[] {
  return table.terrain.filter((t) => polygonContains(t.solid.footprint, x, y, 1e-9)).map((t) => t.id)
}
