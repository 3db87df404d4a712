// The configuration space of one model's move: where its base centre may be, and what each straight
// leg costs. Obstacles are the terrain it may not cross and the bases it may not pass, each grown by
// its own base (a Minkowski sum, so a gap narrower than the base is closed and a wall is skirted at
// the base's radius); round and oval bases are polygons circumscribing them with edges at most
// ARC_SAG_MM outside the curve, so a detour is never shorter than the exact one and at most a few
// hundredths of a mm longer. Regions (difficult ground, pieces with an entry cost or a tag, surfaces
// to stand on) keep their own footprints: their costs are charged on each leg exactly as the
// `move` query charges them (segmentRuns.ts).
import type { Table, TableModel, TableTerrain } from '../ruleSystem.ts'
import { type PlacedBase, placeBase } from '../geometry/baseShape.ts'
import { counterClockwise, polygonContainsStrict } from '../geometry/polygon.ts'
import { ConvexSet, type Point, convexPieces, minkowskiConvex } from './convexSet.ts'
import type { Because, MovementModel, PieceRole } from './movementModel.ts'
import { type Footprint, insideLengthOfLeg, insideRuns, isStrictlyInside } from './segmentRuns.ts'

/** The most a circumscribing polygon's edge lies outside a round or oval base (mm). */
export const ARC_SAG_MM = 0.1
/** Nodes next to a region's boundary sit this far inside and outside it (mm), so each is plainly in or out. */
export const NUDGE_MM = 0.01
/**
 * Spacing (mm) of the extra nodes along the edges of weighted regions, where a cheapest path refracts.
 * A path through such a node instead of its true bend costs more only to second order (the cost is
 * stationary there): (s²/2)(1/d_out + w/d_in) for a node s ≤ 6 mm off and legs d either side.
 */
export const STEINER_SPACING_MM = 12
/**
 * Rows of those nodes outside a weighted region's edge, as fractions of the base's half-width, besides
 * the row on the edge. A leg charged as the move query charges it (its longest run inside among the
 * centre and edge lines) bends h·sin θ outside the edge, else an edge line pokes in; the next row out is
 * at most h/2 farther, a first-order cost of (h/2)(1 − cos α)/cos θ per bend (α the bend, θ the inner
 * leg's angle to the edge's normal). Both bounds are checked against the exact cheapest path in
 * test/engine/movement/weightedRegions.test.ts.
 */
export const EDGE_OFFSETS = [0.5, 1] as const

/** A polygon circumscribing a placed base (counter-clockwise), centred at (cx, cy). */
export function basePolygon(b: Pick<PlacedBase, 'shape' | 'halfLengthMm' | 'halfWidthMm' | 'ux' | 'uy'>, cx: number, cy: number): Point[] {
  const a = b.halfLengthMm
  const c = b.halfWidthMm
  const frame = (u: number, v: number): Point => [cx + u * b.ux - v * b.uy, cy + u * b.uy + v * b.ux]
  if (b.shape === 'rect') return [frame(a, -c), frame(a, c), frame(-a, c), frame(-a, -c)]
  const r = Math.max(a, c)
  const n = Math.max(8, Math.ceil(Math.PI / Math.acos(r / (r + ARC_SAG_MM))))
  const k = 1 / Math.cos(Math.PI / n)
  const out: Point[] = []
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n
    out.push(frame(a * k * Math.cos(t), c * k * Math.sin(t)))
  }
  return out
}

/** A region of the table a leg pays for (weight, entry, tag) or stands on (surface). */
export type Region = Footprint & {
  piece: TableTerrain
  ring: Point[]
  box: [number, number, number, number]
  kind: string
  rule: string
  weight: number
  entryMm: number
  tag: string | null
  /** The top the model stands on over this footprint, or null (not a surface). */
  topZ: number | null
}

export type Blocker = { id: string; what: 'terrain' | 'model' | 'zone'; because: Because }

/** A surface's no-end band: the base may not end overlapping the piece unless it stands on it. */
type StandBand = { grown: number[]; footprint: Footprint; blocker: Blocker }

export type ReachSpace = {
  model: MovementModel
  table: Table
  sx: number
  sy: number
  /** The base's half-width across its facing, for the weighted legs' offset lines. */
  halfWidthMm: number
  /** Where the base centre may be: minX, minY, maxX, maxY (the base stays on the table). */
  box: [number, number, number, number]
  obstacles: ConvexSet
  obstacleOf: Blocker[]
  /** Solid-sided surfaces grown by the base (owner: the region): a leg may overlap one only while climbing on or off it. */
  walls: ConvexSet
  noEnd: ConvexSet
  noEndOf: Blocker[]
  bands: StandBand[]
  regions: Region[]
  /** Pieces or models the base already overlaps where it starts: not obstacles for this move. */
  startsOn: string[]
  /**
   * Graph nodes: positions; for an obstacle's vertex its polygon and neighbours (for the tangent test);
   * −1 a region's corner; −3 a point on a weighted region's edge (nodeNx, nodeNy its outward normal:
   * a path refracts there, crossing the edge); −2 unusable (inside another obstacle or off the table).
   */
  nodeX: Float64Array
  nodeY: Float64Array
  nodeNx: Float64Array
  nodeNy: Float64Array
  nodePoly: Int32Array
  nodePrev: Int32Array
  nodeNext: Int32Array
  hasTags: boolean
  hasCosts: boolean
}

/** Build the configuration space of a move (MovementModel) on a table. */
export function buildReachSpace(table: Table, mm: MovementModel): ReachSpace {
  const m = mm.model
  const me = basePolygon(m.placed, 0, 0)
  const sx = m.x
  const sy = m.y
  let ex = 0, ey = 0
  for (const [x, y] of me) {
    ex = Math.max(ex, Math.abs(x))
    ey = Math.max(ey, Math.abs(y))
  }
  const box: [number, number, number, number] = [ex, ey, table.widthMm - ex, table.depthMm - ey]
  const obstacles = new ConvexSet()
  const obstacleOf: Blocker[] = []
  const noEnd = new ConvexSet()
  const noEndOf: Blocker[] = []
  const bands: StandBand[] = []
  const regions: Region[] = []
  const startsOn: string[] = []
  const grow = (poly: readonly Point[]): Point[][] => convexPieces(poly).map((piece) => minkowskiConvex(piece, me))

  const pendingObstacles: Array<{ polys: Point[][]; blocker: Blocker }> = []
  const pendingWalls: Array<{ polys: Point[][]; region: number; fp: Footprint }> = []
  const walls = new ConvexSet()
  for (const t of table.terrain) {
    const role = mm.piece(t)
    const fp = counterClockwise(t.solid.footprint)
    if (role.role === 'blocked') {
      pendingObstacles.push({ polys: grow(fp), blocker: { id: t.id, what: 'terrain', because: { rule: role.rule, reason: role.reason } } })
      continue
    }
    if (role.role === 'open') continue
    const box4 = boundsOf(fp)
    const parts = new ConvexSet()
    for (const part of convexPieces(fp)) parts.add(part, 0)
    parts.seal()
    regions.push({
      piece: t,
      ring: fp,
      parts,
      box: box4,
      kind: role.kind,
      rule: role.rule,
      weight: role.role === 'region' ? (role.weight ?? 1) : 1,
      entryMm: role.role === 'region' ? (role.entryMm ?? 0) : 0,
      tag: role.role === 'region' ? (role.tag ?? null) : null,
      topZ: role.role === 'surface' ? role.topZ : null,
    })
    const solidSides = role.role === 'surface' && role.sides !== 'open'
    if (solidSides) {
      const region = regions.length - 1
      pendingWalls.push({ polys: grow(fp), region, fp: regions[region]! })
    }
    const endRule = role.noEnd ?? (solidSides ? { rule: role.rule, reason: 'the base would overlap its side' } : undefined)
    if (endRule) {
      const blocker: Blocker = { id: t.id, what: 'terrain', because: { rule: endRule.rule, reason: endRule.reason } }
      if (endRule.by === 'centre') {
        for (const g of convexPieces(fp)) {
          noEnd.add(g, noEndOf.length)
          noEndOf.push(blocker)
        }
      } else if (role.role === 'surface') {
        const idx: number[] = []
        for (const g of grow(fp)) {
          idx.push(noEndOf.length)
          noEnd.add(g, noEndOf.length)
          noEndOf.push(blocker)
        }
        bands.push({ grown: idx, footprint: regions[regions.length - 1]!, blocker })
      } else {
        for (const g of grow(fp)) {
          noEnd.add(g, noEndOf.length)
          noEndOf.push(blocker)
        }
      }
    }
  }
  for (const o of table.models) {
    if (o.id === m.id) continue
    const role = mm.other(o)
    if (role.role === 'ignore') continue
    const grown = growBase(o.placed, m.placed, me)
    const blocker: Blocker = { id: o.id, what: 'model', because: { rule: role.rule, reason: role.reason } }
    if (role.role === 'blocked') pendingObstacles.push({ polys: [grown], blocker })
    else {
      noEnd.add(grown, noEndOf.length)
      noEndOf.push(blocker)
    }
  }
  // A base that already overlaps something (a tracked model a mm into a wall) moves off it: that one is not an obstacle to this move.
  for (const { polys, blocker } of pendingObstacles) {
    const probe = new ConvexSet()
    for (const p of polys) probe.add(p, 0)
    probe.seal()
    if (probe.findContaining(sx, sy) >= 0) {
      startsOn.push(blocker.id)
      continue
    }
    for (const p of polys) {
      obstacles.add(p, obstacleOf.length)
      obstacleOf.push(blocker)
    }
  }
  for (const w of pendingWalls) {
    // A base that starts overlapping a side (a tracked model a mm into a platform's edge) climbs or steps off: not a wall to this move.
    const probe = new ConvexSet()
    for (const p of w.polys) probe.add(p, 0)
    probe.seal()
    if (probe.findContaining(sx, sy) >= 0 && !isStrictlyInside(w.fp, sx, sy)) {
      startsOn.push(regions[w.region]!.piece.id)
      continue
    }
    for (const p of w.polys) walls.add(p, w.region)
  }
  walls.seal()
  for (const z of mm.noEndZones ?? []) {
    noEnd.add(z.polygon, noEndOf.length)
    noEndOf.push({ id: z.id, what: 'zone', because: { rule: z.rule, reason: z.reason } })
  }
  obstacles.seal()
  noEnd.seal()

  const space: ReachSpace = {
    model: mm, table, sx, sy,
    halfWidthMm: m.placed.halfWidthMm,
    box, obstacles, obstacleOf, walls, noEnd, noEndOf, bands, regions, startsOn,
    nodeX: new Float64Array(0), nodeY: new Float64Array(0), nodeNx: new Float64Array(0), nodeNy: new Float64Array(0), nodePoly: new Int32Array(0), nodePrev: new Int32Array(0), nodeNext: new Int32Array(0),
    hasTags: regions.some((r) => r.tag !== null),
    hasCosts: regions.length > 0,
  }
  buildNodes(space)
  return space
}

function boundsOf(poly: readonly Point[]): [number, number, number, number] {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
  for (const [x, y] of poly) {
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y)
  }
  return [x0, y0, x1, y1]
}

/** Another base grown by ours: where our centre may not be without the two overlapping. */
function growBase(other: PlacedBase, mine: PlacedBase, me: Point[]): Point[] {
  if (other.shape === 'round' && mine.shape === 'round') {
    return basePolygon({ shape: 'round', halfLengthMm: other.halfLengthMm + mine.halfLengthMm, halfWidthMm: other.halfLengthMm + mine.halfLengthMm, ux: 1, uy: 0 }, other.cx, other.cy)
  }
  return minkowskiConvex(basePolygon(other, other.cx, other.cy), me)
}

function insideBox(s: ReachSpace, x: number, y: number): boolean {
  const b = s.box
  return x >= b[0] - 1e-9 && y >= b[1] - 1e-9 && x <= b[2] + 1e-9 && y <= b[3] + 1e-9
}

/** A free place for a node: on the table and inside no obstacle. */
function isFree(s: ReachSpace, x: number, y: number): boolean {
  return insideBox(s, x, y) && s.obstacles.findContaining(x, y) < 0
}

const wallClip = new Float64Array(2)
const wallRuns: number[] = []

/**
 * Does a leg overlap a solid side without climbing (its base brushing a platform's edge with its
 * centre off it)? A leg whose centre crosses the footprint's edge is a climb on or off: allowed.
 */
export function wallBlocks(s: ReachSpace, ax: number, ay: number, bx: number, by: number): boolean {
  const w = s.walls
  for (let k = 0; k < w.count; k++) {
    if (!w.clip(k, ax, ay, bx, by, wallClip)) continue
    const len = Math.hypot(bx - ax, by - ay)
    const t0 = wallClip[0]!
    const t1 = wallClip[1]!
    if ((t1 - t0) * len <= 1e-6) continue
    const r = s.regions[w.owner[k]!]!
    const n = insideRuns(r, ax, ay, bx, by, wallRuns)
    // The part of [t0, t1] off the footprint: in the side band.
    let covered = 0
    for (let i = 0; i < n; i++) covered += Math.max(0, Math.min(t1, wallRuns[2 * i + 1]!) - Math.max(t0, wallRuns[2 * i]!))
    if ((t1 - t0 - covered) * len <= 1e-6) continue
    const climbs = n > 0 && (wallRuns[0]! > 1e-12 || wallRuns[2 * n - 1]! < 1 - 1e-12 || isStrictlyInside(r, ax, ay) !== isStrictlyInside(r, bx, by))
    if (!climbs) return true
  }
  return false
}

/**
 * The nodes a cheapest path may bend at: the vertices of the obstacles (outside every other one), and
 * for each region its vertices nudged just inside and just outside (a path may cross there), the
 * vertices of a weighted region moved out by the base's half-width (a path skirting it with its edge
 * lines outside pays nothing), and points along a weighted region's edges (where a path refracts).
 */
function buildNodes(s: ReachSpace): void {
  const xs: number[] = []
  const ys: number[] = []
  const nxs: number[] = []
  const nys: number[] = []
  const poly: number[] = []
  const prev: number[] = []
  const next: number[] = []
  const o = s.obstacles
  for (let k = 0; k < o.count; k++) {
    const v0 = o.start[k]!
    const v1 = o.start[k + 1]!
    const n = v1 - v0
    const first = xs.length
    // Every vertex gets a slot (its neighbours are read by index); unusable ones are marked −2.
    for (let i = 0; i < n; i++) {
      const x = o.xy[2 * (v0 + i)]!
      const y = o.xy[2 * (v0 + i) + 1]!
      xs.push(x)
      ys.push(y)
      nxs.push(0)
      nys.push(0)
      poly.push(insideBox(s, x, y) && o.findContaining(x, y, k) < 0 ? k : -2)
      prev.push(first + ((i + n - 1) % n))
      next.push(first + ((i + 1) % n))
    }
  }
  const w = s.walls
  for (let k = 0; k < w.count; k++) {
    const v0 = w.start[k]!
    const n = w.start[k + 1]! - v0
    const first = xs.length
    for (let i = 0; i < n; i++) {
      const x = w.xy[2 * (v0 + i)]!
      const y = w.xy[2 * (v0 + i) + 1]!
      xs.push(x)
      ys.push(y)
      nxs.push(0)
      nys.push(0)
      // Wall polygons follow the obstacles in the node kinds (k ≥ obstacles.count: a corner to go round).
      poly.push(insideBox(s, x, y) && o.findContaining(x, y) < 0 && w.findContaining(x, y, k) < 0 ? o.count + k : -2)
      prev.push(first + ((i + n - 1) % n))
      next.push(first + ((i + 1) % n))
    }
  }
  const addFree = (x: number, y: number, kind = -1, nx = 0, ny = 0) => {
    if (!isFree(s, x, y)) return
    xs.push(x)
    ys.push(y)
    nxs.push(nx)
    nys.push(ny)
    poly.push(kind)
    prev.push(-1)
    next.push(-1)
  }
  for (const r of s.regions) {
    const n = r.ring.length
    for (let i = 0; i < n; i++) {
      const a = r.ring[(i + n - 1) % n]!
      const b = r.ring[i]!
      const c = r.ring[(i + 1) % n]!
      const [bx, by] = bisectorOut(a, b, c)
      addFree(b[0] + bx * NUDGE_MM, b[1] + by * NUDGE_MM)
      addFree(b[0] - bx * NUDGE_MM, b[1] - by * NUDGE_MM)
      if (r.weight !== 1) {
        const out = s.halfWidthMm / Math.max(0.2, cosHalfTurn(a, b, c)) + NUDGE_MM
        addFree(b[0] + bx * out, b[1] + by * out)
        const len = Math.hypot(c[0] - b[0], c[1] - b[1])
        const steps = Math.ceil(len / STEINER_SPACING_MM)
        const nx = (c[1] - b[1]) / len
        const ny = -(c[0] - b[0]) / len
        // On the edge, and half and all of the base's half-width outside it: a leg bending on the edge has
        // an edge line poking in, which the move query's measure charges; bending h·sin θ out (θ the leg's
        // angle to the edge's normal) it has not, and these rows are at most half a half-width farther.
        for (let k = 1; k < steps; k++) {
          const ex = b[0] + ((c[0] - b[0]) * k) / steps
          const ey = b[1] + ((c[1] - b[1]) * k) / steps
          addFree(ex, ey, -3, nx, ny)
          if (s.halfWidthMm > 0) for (const f of EDGE_OFFSETS) addFree(ex + nx * (f * s.halfWidthMm + NUDGE_MM), ey + ny * (f * s.halfWidthMm + NUDGE_MM), -3, nx, ny)
        }
      }
    }
  }
  s.nodeX = Float64Array.from(xs)
  s.nodeY = Float64Array.from(ys)
  s.nodeNx = Float64Array.from(nxs)
  s.nodeNy = Float64Array.from(nys)
  s.nodePoly = Int32Array.from(poly)
  s.nodePrev = Int32Array.from(prev)
  s.nodeNext = Int32Array.from(next)
}

/** The outward unit bisector at vertex b of a counter-clockwise ring a → b → c. */
function bisectorOut(a: Point, b: Point, c: Point): Point {
  const l1 = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1
  const l2 = Math.hypot(c[0] - b[0], c[1] - b[1]) || 1
  // outward normals of a counter-clockwise ring: (dy, −dx)
  const n1x = (b[1] - a[1]) / l1, n1y = -(b[0] - a[0]) / l1
  const n2x = (c[1] - b[1]) / l2, n2y = -(c[0] - b[0]) / l2
  const x = n1x + n2x, y = n1y + n2y
  const l = Math.hypot(x, y)
  return l > 1e-12 ? [x / l, y / l] : [n1x, n1y]
}

function cosHalfTurn(a: Point, b: Point, c: Point): number {
  const l1 = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1
  const l2 = Math.hypot(c[0] - b[0], c[1] - b[1]) || 1
  const dot = ((b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1])) / (l1 * l2)
  return Math.sqrt(Math.max(0, (1 + dot) / 2))
}

/** The level the model stands at over (x, y): the highest surface whose footprint holds it, else the table (0). */
export function levelAt(s: ReachSpace, x: number, y: number): { z: number; region: Region | null } {
  let best: Region | null = null
  for (const r of s.regions) {
    if (r.topZ === null || (best && r.topZ <= best.topZ!)) continue
    if (x <= r.box[0] || y <= r.box[1] || x >= r.box[2] || y >= r.box[3]) continue
    if (isStrictlyInside(r, x, y)) best = r
  }
  return { z: best ? best.topZ! : 0, region: best }
}

/** What a straight leg pays beyond its length, piece by piece. */
export type LegCharge = { id: string; kind: string; costMm: number; rule: string }

export type Leg = {
  /** Length plus every charge; Infinity when the leg cannot be made (a climb the book forbids). */
  cost: number
  /** Tags the leg adds (each entry into a tagged region). */
  tags: string[]
  /** The level at its end. */
  endZ: number
  charges: LegCharge[] | null
  /** When the leg cannot be made: why. */
  refused?: Because & { id: string }
}

const runs: number[] = []
const profile: number[] = []

/**
 * The cost of a straight leg a→b of the base centre: its length, weighted regions' extra (the
 * `move` query's measure), an entry cost and a tag per entry into a region (a leg that starts
 * inside one has not entered it), and the level changes along it (climbing onto a surface where
 * the centre crosses its edge). `withCharges` lists them (for a probe's path); the field does not.
 */
export function measureLeg(s: ReachSpace, ax: number, ay: number, bx: number, by: number, withCharges = false): Leg {
  const len = Math.hypot(bx - ax, by - ay)
  const leg: Leg = { cost: len, tags: [], endZ: 0, charges: withCharges ? [] : null }
  if (!s.hasCosts) return leg
  const x0 = Math.min(ax, bx), x1 = Math.max(ax, bx), y0 = Math.min(ay, by), y1 = Math.max(ay, by)
  let anySurface = false
  for (const r of s.regions) {
    const pad = r.weight !== 1 ? s.halfWidthMm : 0
    if (x1 < r.box[0] - pad || y1 < r.box[1] - pad || x0 > r.box[2] + pad || y0 > r.box[3] + pad) continue
    if (r.topZ !== null) anySurface = true
    if (r.weight !== 1) {
      const inside = insideLengthOfLeg(r.ring, ax, ay, bx, by, s.halfWidthMm)
      if (inside > 0) {
        const extra = (r.weight - 1) * inside
        leg.cost += extra
        leg.charges?.push({ id: r.piece.id, kind: r.kind, costMm: extra, rule: r.rule })
      }
    }
    if (r.entryMm > 0 || r.tag !== null) {
      const k = insideRuns(r, ax, ay, bx, by, runs)
      let entries = 0
      for (let i = 0; i < k; i++) if (runs[2 * i]! > 1e-12 || !isStrictlyInside(r, ax, ay)) entries++
      if (entries > 0) {
        leg.cost += entries * r.entryMm
        if (r.tag !== null) for (let i = 0; i < entries; i++) leg.tags.push(r.tag)
        leg.charges?.push({ id: r.piece.id, kind: r.kind, costMm: entries * r.entryMm, rule: r.rule })
      }
    } else if (r.weight === 1 && r.topZ === null && withCharges && insideRuns(r, ax, ay, bx, by, runs) > 0) {
      leg.charges!.push({ id: r.piece.id, kind: r.kind, costMm: 0, rule: r.rule })
    }
  }
  leg.endZ = 0
  if (anySurface) climbAlong(s, ax, ay, bx, by, leg)
  return leg
}

const tagScratch: string[] = []

/** The tags a straight leg collects (each entry into a tagged region), as measureLeg counts them; a shared list, read before the next call. */
export function legTags(s: ReachSpace, ax: number, ay: number, bx: number, by: number): readonly string[] {
  tagScratch.length = 0
  const x0 = Math.min(ax, bx), x1 = Math.max(ax, bx), y0 = Math.min(ay, by), y1 = Math.max(ay, by)
  for (const r of s.regions) {
    if (r.tag === null || x1 < r.box[0] || y1 < r.box[1] || x0 > r.box[2] || y0 > r.box[3]) continue
    const k = insideRuns(r, ax, ay, bx, by, runs)
    for (let i = 0; i < k; i++) if (runs[2 * i]! > 1e-12 || !isStrictlyInside(r, ax, ay)) tagScratch.push(r.tag)
  }
  return tagScratch
}

/** The level profile of a leg: each change of the surface under the centre pays what `levelChange` says. */
function climbAlong(s: ReachSpace, ax: number, ay: number, bx: number, by: number, leg: Leg): void {
  profile.length = 0
  profile.push(0, 1)
  const x0 = Math.min(ax, bx), x1 = Math.max(ax, bx), y0 = Math.min(ay, by), y1 = Math.max(ay, by)
  for (const r of s.regions) {
    if (r.topZ === null || x1 < r.box[0] || y1 < r.box[1] || x0 > r.box[2] || y0 > r.box[3]) continue
    const k = insideRuns(r, ax, ay, bx, by, runs)
    for (let i = 0; i < 2 * k; i++) profile.push(runs[i]!)
  }
  profile.sort((p, q) => p - q)
  let cur = levelAt(s, ax, ay)
  const change = s.model.levelChange
  for (let i = 0; i + 1 < profile.length; i++) {
    const t0 = profile[i]!
    const t1 = profile[i + 1]!
    if (t1 - t0 <= 1e-12) continue
    const tm = (t0 + t1) / 2
    const here = levelAt(s, ax + (bx - ax) * tm, ay + (by - ay) * tm)
    if (Math.abs(here.z - cur.z) > 1e-9) {
      // Climbing: the surface climbed onto; dropping: the one left.
      const piece = (here.z > cur.z ? here.region : cur.region)?.piece ?? null
      const c = change ? change(cur.z, here.z, piece) : { costMm: 0, kind: here.z > cur.z ? 'climb' : 'drop', rule: '' }
      if (c.costMm === null) {
        leg.cost = Infinity
        leg.refused = { id: piece?.id ?? 'table', rule: c.rule, reason: c.reason }
        return
      }
      leg.cost += c.costMm
      if (c.costMm !== 0 || c.rule) leg.charges?.push({ id: piece?.id ?? 'table', kind: c.kind, costMm: c.costMm, rule: c.rule })
    }
    cur = here
  }
  const z = cur.z
  leg.endZ = z
}

/**
 * The level a model stands at over (x, y) under a move's terrain roles: the top of the highest surface
 * whose footprint holds the point, else the table (0); null inside a piece it may not stand in.
 */
export function standingLevel(table: Table, piece: (t: TableTerrain) => PieceRole, x: number, y: number): number | null {
  let z = 0
  for (const t of table.terrain) {
    if (!polygonContainsStrict(t.solid.footprint, x, y)) continue
    const role = piece(t)
    if (role.role === 'blocked') return null
    if (role.role === 'surface') z = Math.max(z, role.topZ)
  }
  return z
}
