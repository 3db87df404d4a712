// Iron Line line of sight (§16 L1475): "If a line can be drawn from the center of the attacker's front
// edge to any point on the target without passing through another unit or Blocking terrain, LoS exists."
// Top-down (2D): the only height class is Large (§23 L2061), and Obscuring terrain hides for Cover (L1512).
import type { Table, TableModel } from '../../engine/index.ts'
import { GRAZE_MM, frontEdgeCentre, pointSegmentDistance, polygonBounds, polygonContains, sampleBaseBoundary, segmentInsideLengthMm } from '../../engine/index.ts'
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
  /**
   * Pass over the obstacles no line can reach (default true): they are crossed by none, and a line's
   * clearance is measured to one only while it could still be the nearest. False measures every obstacle
   * on every line: the reference the property test compares with.
   */
  cull?: boolean
}

/** An obstacle is far (no line can cross it) when its bound is above this; and skipped for clearance only by this margin (float noise). */
const FAR_SLACK_MM = 1e-6

/** `box` ([min x, min y, max x, max y]) and `circle` ([x, y, r], holding the polygon): made with the obstacle, for the cull. */
type Obstacle = { id: string; poly: ReadonlyArray<readonly [number, number]>; large: boolean; kind: 'unit' | 'blocking' | 'obscuring'; box: [number, number, number, number]; circle: [number, number, number] }

function obstacle(id: string, poly: ReadonlyArray<readonly [number, number]>, large: boolean, kind: Obstacle['kind']): Obstacle {
  const box = polygonBounds(poly)
  return { id, poly, large, kind, box, circle: enclosingCircle(poly, box) }
}

/** Outline samples: corners plus points every ~2 mm along the footprint edges. */
export function sampleTargetOutline(m: TableModel): Array<[number, number]> {
  const perimeter = 4 * (m.placed.halfLengthMm + m.placed.halfWidthMm)
  return sampleBaseBoundary(m.placed, Math.max(64, Math.ceil(perimeter / 2 / 4) * 4))
}

/** A circle holding the polygon: its box's centre and its farthest vertex from there ([x, y, r]). */
function enclosingCircle(poly: ReadonlyArray<readonly [number, number]>, box: readonly [number, number, number, number]): [number, number, number] {
  const mx = (box[0] + box[2]) / 2, my = (box[1] + box[3]) / 2
  let r = 0
  for (const [x, y] of poly) r = Math.max(r, Math.hypot(x - mx, y - my))
  return [mx, my, r]
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

/**
 * Per table (tables are immutable), made when first asked: each unit as an obstacle (its footprint and
 * whether it is Large, which reads the terrain it touches), then the pieces; a matrix asks for every pair.
 */
const obstaclesByTable = new WeakMap<Table, { units: Obstacle[]; pieces: Obstacle[] }>()

function tableObstacles(table: Table): { units: Obstacle[]; pieces: Obstacle[] } {
  let o = obstaclesByTable.get(table)
  if (!o) {
    const units = table.models.map((m) => obstacle(m.id, baseCorners(m), isLarge(table, readUnit(m)), 'unit'))
    const pieces: Obstacle[] = []
    for (const piece of table.terrain) {
      if (piece.has('blocking')) pieces.push(obstacle(piece.id, piece.solid.footprint, piece.has('large'), 'blocking'))
      if (piece.has('obscuring')) pieces.push(obstacle(piece.id, piece.solid.footprint, piece.has('large'), 'obscuring'))
    }
    obstaclesByTable.set(table, (o = { units, pieces }))
  }
  return o
}

/** Is this model Large on this table (from the table's obstacles when it is one of the table's models)? */
function largeOn(table: Table, m: TableModel, units: readonly Obstacle[]): boolean {
  return table.models[m.index] === m ? units[m.index]!.large : isLarge(table, readUnit(m))
}

export function listObstacles(table: Table, viewer: TableModel, target: TableModel, opts: SightOptions): { obstacles: Obstacle[]; large: boolean } {
  const { units, pieces } = tableObstacles(table)
  const large = largeOn(table, viewer, units) || (opts.largeSeenOver === 'attacker-or-target' && largeOn(table, target, units))
  const obstacles: Obstacle[] = []
  for (const u of units) if (u.id !== viewer.id && u.id !== target.id) obstacles.push(u)
  for (const p of pieces) obstacles.push(p)
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
  const cull = opts.cull ?? true
  // Every line ends within rT of the target's centre, so it comes no nearer an obstacle than the
  // obstacle's centre's distance to the line origin → target centre, less rT and the obstacle's own
  // radius (its vertices' greatest distance from that centre).
  const cx = target.placed.cx, cy = target.placed.cy
  let rT = 0
  for (const p of points) rT = Math.max(rT, Math.hypot(p[0] - cx, p[1] - cy))
  for (const o of origins) {
    // near: what a line may cross, in the obstacles' order; far: what it crosses not, kept for the
    // clearance when it could still be the nearest (by their bound, nearest first)
    let near = obstacles
    let far: Array<{ ob: Obstacle; bound: number }> = []
    if (cull) {
      near = []
      for (const ob of obstacles) {
        const c = ob.circle
        const bound = pointSegmentDistance(c[0], c[1], o[0], o[1], cx, cy) - c[2] - rT
        if (bound <= FAR_SLACK_MM) near.push(ob)
        else if (ob.kind !== 'obscuring' && !(large && !ob.large)) far.push({ ob, bound })
      }
      far = far.sort((a, b) => a.bound - b.bound)
    }
    for (const p of points) {
      const by: string[] = []
      const obscuredBy: string[] = []
      let worstChordMm = Infinity
      let clearanceMm = Infinity
      for (const f of far) {
        if (f.bound > clearanceMm + FAR_SLACK_MM) break
        clearanceMm = Math.min(clearanceMm, segmentPolygonClearance(f.ob.poly, o[0], o[1], p[0], p[1]))
      }
      // a line whose box misses the obstacle's box runs 0 mm inside it (as the clip would find)
      const lx0 = Math.min(o[0], p[0]), lx1 = Math.max(o[0], p[0]), ly0 = Math.min(o[1], p[1]), ly1 = Math.max(o[1], p[1])
      for (const ob of near) {
        const b = ob.box
        const inside = cull && (b[0] > lx1 || b[2] < lx0 || b[1] > ly1 || b[3] < ly0) ? 0 : segmentInsideLengthMm(ob.poly, o[0], o[1], p[0], p[1])
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
