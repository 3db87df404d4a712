// The cheapest paths of one move: Dijkstra over the nodes of its configuration space (reachSpace.ts),
// built lazily (a node's edges are found when it is settled, only as far as the allowance left), and
// layered by the tags a path has collected (a halved allowance, a die it must roll). An obstacle's
// vertex is only entered along a tangent (the reduced visibility graph: a cheapest path bends only
// where it wraps round a corner). From the settled nodes: the cost field on a grid (the reach area)
// and the exact cost and path to any probe point (the cheapest leg from a node in sight of it).
import type { Because } from './movementModel.ts'
import { type Leg, type ReachSpace, legTags, measureLeg, wallBlocks } from './reachSpace.ts'

type Layer = { tags: readonly string[]; key: string; maxMm: number }

/** The most distinct tag sets a search keeps apart (paths beyond are not followed). */
export const MAX_LAYERS = 32
const NODE_BUCKET_MM = 32

/** A grid of the cost field: point (i, j) is at (x0 + i·h, y0 + j·h). */
export type CostGrid = { x0: number; y0: number; h: number; nx: number; ny: number; layers: Array<Float64Array | null> }

export type PathToPoint = {
  cost: number
  layer: number
  tags: readonly string[]
  /** Polyline from the start to the point. */
  path: Array<[number, number]>
  /** Every leg of it, with its charges. */
  legs: Leg[]
}

export class ReachGraph {
  readonly s: ReachSpace
  readonly layers: Layer[] = []
  private readonly layerIndex = new Map<string, number>()
  private readonly transitions: Array<Map<string, number> | undefined> = []
  /** Node count without the start; the start is node `startNode`. */
  private readonly nodeCount: number
  readonly startNode: number
  private readonly nx: Float64Array
  private readonly ny: Float64Array
  private readonly buckets = new Map<number, number[]>()
  private readonly bx0: number
  private readonly by0: number
  private readonly stateOf = new Map<number, number>()
  readonly stNode: number[] = []
  readonly stLayer: number[] = []
  readonly dist: number[] = []
  readonly prev: number[] = []
  private readonly explored: number[] = []
  private readonly settled: number[] = []
  /** States in the order they were settled (non-decreasing cost). */
  readonly order: number[] = []
  private readonly heap: number[] = []
  private readonly wedge = new Float64Array(5)
  /** States popped beyond their layer's allowance, kept for a search farther out. */
  private readonly deferred: number[] = []
  /** Every state with a cost up to this has been settled with all its edges up to it. */
  frontier = 0
  layerLimitHit = false

  constructor(s: ReachSpace) {
    this.s = s
    const n = s.nodeX.length
    this.nodeCount = n
    this.startNode = n
    this.nx = new Float64Array(n + 1)
    this.ny = new Float64Array(n + 1)
    this.nx.set(s.nodeX)
    this.ny.set(s.nodeY)
    this.nx[n] = s.sx
    this.ny[n] = s.sy
    this.bx0 = s.box[0] - NODE_BUCKET_MM
    this.by0 = s.box[1] - NODE_BUCKET_MM
    for (let v = 0; v < n; v++) {
      if (s.nodePoly[v] === -2) continue
      const key = this.bucketKey(this.nx[v]!, this.ny[v]!)
      let list = this.buckets.get(key)
      if (!list) this.buckets.set(key, (list = []))
      list.push(v)
    }
    const start = this.layerOf(s.model.startTags ?? [])
    this.push(this.state(n, start), 0, -1)
  }

  private bucketKey(x: number, y: number): number {
    return Math.floor((x - this.bx0) / NODE_BUCKET_MM) * 65536 + Math.floor((y - this.by0) / NODE_BUCKET_MM)
  }

  /** The layer of a tag multiset (created on first use); −1 past MAX_LAYERS. */
  layerOf(tags: readonly string[]): number {
    const sorted = [...tags].sort()
    const key = sorted.join('\u0000')
    let k = this.layerIndex.get(key)
    if (k !== undefined) return k
    if (this.layers.length >= MAX_LAYERS) {
      this.layerLimitHit = true
      return -1
    }
    const a = this.s.model.allowance
    let maxMm = 0
    for (const r of a.rolls) for (const sh of a.mm(r.roll, sorted)) if (sh.chance.num > 0) maxMm = Math.max(maxMm, sh.mm)
    k = this.layers.length
    this.layers.push({ tags: sorted, key, maxMm: Math.min(maxMm, a.maxMm) })
    this.layerIndex.set(key, k)
    return k
  }

  /** The layer a path in `layer` reaches after a leg adding `tags` (cached per layer and tag list). */
  nextLayer(layer: number, tags: readonly string[]): number {
    if (!tags.length) return layer
    const key = tags.length === 1 ? tags[0]! : tags.join('\u0000')
    let byTags = this.transitions[layer]
    if (!byTags) this.transitions[layer] = byTags = new Map()
    let next = byTags.get(key)
    if (next === undefined) byTags.set(key, (next = this.layerOf([...this.layers[layer]!.tags, ...tags])))
    return next
  }

  private state(node: number, layer: number): number {
    const key = node * MAX_LAYERS + layer
    let st = this.stateOf.get(key)
    if (st === undefined) {
      st = this.stNode.length
      this.stateOf.set(key, st)
      this.stNode.push(node)
      this.stLayer.push(layer)
      this.dist.push(Infinity)
      this.prev.push(-1)
      this.explored.push(-1)
      this.settled.push(0)
    }
    return st
  }

  private push(st: number, d: number, from: number): void {
    if (d >= this.dist[st]!) return
    this.dist[st] = d
    this.prev[st] = from
    const h = this.heap
    h.push(st)
    let i = h.length - 1
    while (i > 0) {
      const p = (i - 1) >> 1
      if (this.dist[h[p]!]! <= this.dist[h[i]!]!) break
      ;[h[p], h[i]] = [h[i]!, h[p]!]
      i = p
    }
  }

  private pop(): number {
    const h = this.heap
    const top = h[0]!
    const last = h.pop()!
    if (h.length) {
      h[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < h.length && this.dist[h[l]!]! < this.dist[h[m]!]!) m = l
        if (r < h.length && this.dist[h[r]!]! < this.dist[h[m]!]!) m = r
        if (m === i) break
        ;[h[m], h[i]] = [h[i]!, h[m]!]
        i = m
      }
    }
    return top
  }

  /** How far a settled state's edges reach: to its layer's allowance, or to `limit` when searching farther. */
  private reachOf(st: number, limit: number): number {
    return Math.max(limit, this.layers[this.stLayer[st]!]!.maxMm) - this.dist[st]!
  }

  /**
   * Settle every state whose cost is at most `limit` (default: every layer's allowance), with its
   * edges out to its layer's allowance or `limit`, whichever is farther.
   */
  expand(limit = 0): void {
    // States settled earlier with a shorter reach: their edges out to the new limit first; states
    // put aside as beyond their layer's allowance come back to the queue.
    if (limit > this.frontier) {
      for (const st of this.order) this.relaxFrom(st, this.reachOf(st, limit))
      for (const st of this.deferred.splice(0)) this.requeue(st)
    }
    for (;;) {
      while (this.heap.length && this.settled[this.heap[0]!]) this.pop()
      if (!this.heap.length) break
      const st = this.pop()
      const d = this.dist[st]!
      if (d > limit && d > this.layers[this.stLayer[st]!]!.maxMm) {
        this.deferred.push(st)
        continue
      }
      this.settled[st] = 1
      this.order.push(st)
      this.relaxFrom(st, this.reachOf(st, limit))
    }
    // Complete up to the limit, or to the smallest layer allowance (every state's edges reach that far).
    this.frontier = Math.max(this.frontier, limit, Math.min(...this.layers.map((l) => l.maxMm)))
  }

  private requeue(st: number): void {
    if (this.settled[st]) return
    const d = this.dist[st]!
    this.dist[st] = Infinity
    this.push(st, d, this.prev[st]!)
  }

  /** Relax the edges of a settled state out to `radius` (only those not tried before). */
  private relaxFrom(st: number, radius: number): void {
    const done = this.explored[st]!
    if (radius <= done) return
    // A move made of one straight line: nothing leaves the start.
    if (this.s.model.straightOnly) return
    this.explored[st] = radius
    const u = this.stNode[st]!
    const ux = this.nx[u]!
    const uy = this.ny[u]!
    const d = this.dist[st]!
    const layer = this.stLayer[st]!
    const s = this.s
    const local = this.obstaclesNear(ux, uy, radius)
    const w = this.wedge
    const wedged = this.wedgeOf(st, w)
    const bi0 = Math.floor((ux - radius - this.bx0) / NODE_BUCKET_MM)
    const bi1 = Math.floor((ux + radius - this.bx0) / NODE_BUCKET_MM)
    const bj0 = Math.floor((uy - radius - this.by0) / NODE_BUCKET_MM)
    const bj1 = Math.floor((uy + radius - this.by0) / NODE_BUCKET_MM)
    for (let bi = bi0; bi <= bi1; bi++) {
      for (let bj = bj0; bj <= bj1; bj++) {
        const list = this.buckets.get(bi * 65536 + bj)
        if (!list) continue
        for (const v of list) {
          if (v === u) continue
          const vx = this.nx[v]!
          const vy = this.ny[v]!
          const dd = Math.hypot(vx - ux, vy - uy)
          if (dd > radius || dd <= done) continue
          if (wedged && !inWedge(w, vx - ux, vy - uy)) continue
          if (s.nodePoly[v]! >= 0 && !this.isTangent(ux, uy, v)) continue
          if (this.isBlocked(local, ux, uy, vx, vy)) continue
          const leg = measureLeg(s, ux, uy, vx, vy)
          if (!Number.isFinite(leg.cost)) continue
          const l2 = this.nextLayer(layer, leg.tags)
          if (l2 < 0) continue
          this.push(this.state(v, l2), d + leg.cost, st)
        }
      }
    }
  }

  /**
   * Where a path that bent at state st's node can go next: a cheapest path bends only round the
   * obstacle whose corner it touches, turning toward it and no further than along its edge (else a
   * shortcut past the corner would be shorter). Writes [din x, din y, edge x, edge y, side] to `out`
   * and returns true; false (no limit) at the start or at a node that is not an obstacle's corner.
   */
  wedgeOf(st: number, out: Float64Array): boolean {
    const u = this.stNode[st]!
    const p = this.prev[st]!
    const kind = u < this.nodeCount ? this.s.nodePoly[u]! : -1
    if (p < 0 || (kind < 0 && kind !== -3)) return false
    const ux = this.nx[u]!
    const uy = this.ny[u]!
    const q = this.stNode[p]!
    const ix = ux - this.nx[q]!
    const iy = uy - this.ny[q]!
    if (ix === 0 && iy === 0) return false
    if (kind === -3) {
      // A point on a weighted region's edge: the path crosses the edge there, going on to the side it was heading for.
      const nx = this.s.nodeNx[u]!
      const ny = this.s.nodeNy[u]!
      const toward = nx * ix + ny * iy
      if (toward === 0) return false
      // Written as a wedge of half a turn: from the edge direction round to its reverse, on the far side.
      const side = toward > 0 ? 1 : -1
      out[0] = ny * side
      out[1] = -nx * side
      out[2] = -ny * side
      out[3] = nx * side
      out[4] = 0
      return true
    }
    const a = this.s.nodePrev[u]!
    const b = this.s.nodeNext[u]!
    const cx = this.nx[a]! + this.nx[b]! - 2 * ux
    const cy = this.ny[a]! + this.ny[b]! - 2 * uy
    const side = ix * cy - iy * cx
    if (side === 0) return false
    const e = side > 0 ? b : a
    out[0] = ix
    out[1] = iy
    out[2] = this.nx[e]! - ux
    out[3] = this.ny[e]! - uy
    out[4] = side > 0 ? 1 : -1
    return true
  }

  /** Is the line from u to obstacle vertex v tangent to v's polygon there (the polygon wholly on one side)? */
  private isTangent(ux: number, uy: number, v: number): boolean {
    const s = this.s
    const vx = this.nx[v]!
    const vy = this.ny[v]!
    const p = s.nodePrev[v]!
    const n = s.nodeNext[v]!
    const dx = vx - ux
    const dy = vy - uy
    const c1 = dx * (this.ny[p]! - vy) - dy * (this.nx[p]! - vx)
    const c2 = dx * (this.ny[n]! - vy) - dy * (this.nx[n]! - vx)
    return c1 * c2 >= -1e-9 * (Math.abs(c1) + Math.abs(c2) + 1)
  }

  /** Obstacle polygons whose box comes within `radius` of (x, y). */
  obstaclesNear(x: number, y: number, radius: number): number[] {
    const o = this.s.obstacles
    const out: number[] = []
    for (let k = 0; k < o.count; k++) {
      const b = 4 * k
      if (o.box[b]! > x + radius || o.box[b + 1]! > y + radius || o.box[b + 2]! < x - radius || o.box[b + 3]! < y - radius) continue
      out.push(k)
    }
    return out
  }

  isBlocked(local: readonly number[], ax: number, ay: number, bx: number, by: number): boolean {
    const o = this.s.obstacles
    for (const k of local) if (o.penetration(k, ax, ay, bx, by) > 1e-6) return true
    return this.s.walls.count > 0 && wallBlocks(this.s, ax, ay, bx, by)
  }

  nodeX(v: number): number {
    return this.nx[v]!
  }

  nodeY(v: number): number {
    return this.ny[v]!
  }

  /**
   * The cost field on a grid of spacing h around the start, out to the largest allowance: per layer,
   * at each grid point the cheapest cost of a path ending there (Infinity where none does).
   */
  costGrid(h: number): CostGrid {
    const s = this.s
    const reach = Math.max(...this.layers.map((l) => l.maxMm), 0) + 2 * h
    this.expand()
    const i0 = Math.floor((Math.max(s.box[0] - h, s.sx - reach - h) - s.sx) / h)
    const i1 = Math.ceil((Math.min(s.box[2] + h, s.sx + reach + h) - s.sx) / h)
    const j0 = Math.floor((Math.max(s.box[1] - h, s.sy - reach - h) - s.sy) / h)
    const j1 = Math.ceil((Math.min(s.box[3] + h, s.sy + reach + h) - s.sy) / h)
    const grid: CostGrid = { x0: s.sx + i0 * h, y0: s.sy + j0 * h, h, nx: Math.max(0, i1 - i0 + 1), ny: Math.max(0, j1 - j0 + 1), layers: [] }
    const size = grid.nx * grid.ny
    const fieldOf = (l: number): Float64Array => {
      let f = grid.layers[l]
      if (!f) {
        while (grid.layers.length <= l) grid.layers.push(null)
        f = grid.layers[l] = new Float64Array(size).fill(Infinity)
      }
      return f
    }
    const tagRegions = s.regions.filter((r) => r.tag !== null)
    const o = s.obstacles
    const cone = new Float64Array(4)
    for (const st of this.order) {
      const u = this.stNode[st]!
      const ux = this.nx[u]!
      const uy = this.ny[u]!
      const d = this.dist[st]!
      const layer = this.stLayer[st]!
      // Two grid steps past the allowance, so that every grid edge the area's boundary crosses has a cost at both ends.
      const radius = this.layers[layer]!.maxMm - d + 2 * h
      if (radius < 0) continue
      const field = fieldOf(layer)
      const local = this.obstaclesNear(ux, uy, radius)
      // Each nearby polygon's shadow cone from u (its two tangent directions), or none when u is on it.
      const cones = new Float64Array(4 * local.length)
      const hasCone = new Uint8Array(local.length)
      local.forEach((k, i) => {
        if (o.signedDistance(k, ux, uy) <= 1e-9) return
        if (shadowCone(o.xy, o.start[k]!, o.start[k + 1]!, ux, uy, cone)) {
          cones.set(cone, 4 * i)
          hasCone[i] = 1
        }
      })
      const w = this.wedge
      const wedged = this.wedgeOf(st, w)
      const bb = wedged ? wedgeBox(w, ux, uy, radius) : [ux - radius, uy - radius, ux + radius, uy + radius]
      const ia = Math.max(0, Math.ceil((bb[0]! - grid.x0) / h))
      const ib = Math.min(grid.nx - 1, Math.floor((bb[2]! - grid.x0) / h))
      const ja = Math.max(0, Math.ceil((bb[1]! - grid.y0) / h))
      const jb = Math.min(grid.ny - 1, Math.floor((bb[3]! - grid.y0) / h))
      for (let j = ja; j <= jb; j++) {
        const py = grid.y0 + j * h
        const dy = py - uy
        for (let i = ia; i <= ib; i++) {
          const px = grid.x0 + i * h
          const dx = px - ux
          const dd = Math.hypot(dx, dy)
          if (dd > radius) continue
          if (wedged && !inWedge(w, dx, dy)) continue
          const at = j * grid.nx + i
          // The layer the point is reached in (tags the leg collects), then: is it already cheaper there?
          const l1 = tagRegions.length > 0 && crossesAny(tagRegions, ux, uy, px, py) ? this.nextLayer(layer, legTags(s, ux, uy, px, py)) : layer
          if (l1 < 0) continue
          const f1 = l1 === layer ? field : fieldOf(l1)
          if (f1[at]! <= d + dd) continue
          let blocked = false
          for (let q = 0; q < local.length; q++) {
            if (hasCone[q]) {
              const c = 4 * q
              if (cones[c]! * dy - cones[c + 1]! * dx < 0 || dx * cones[c + 3]! - dy * cones[c + 2]! < 0) continue
            }
            if (o.penetration(local[q]!, ux, uy, px, py) > 1e-6) {
              blocked = true
              break
            }
          }
          if (blocked || (s.walls.count > 0 && wallBlocks(s, ux, uy, px, py))) continue
          const cost = d + (s.hasCosts ? measureLeg(s, ux, uy, px, py).cost : dd)
          if (cost < f1[at]!) f1[at] = cost
        }
      }
    }
    return grid
  }

  /**
   * The cheapest path to (tx, ty) in each layer it can be reached in (searching past the allowance,
   * up to `limitMm`, when it is not reached within it). Empty when no path ends there.
   */
  pathsTo(tx: number, ty: number, limitMm: number): PathToPoint[] {
    this.expand()
    let best = this.bestTo(tx, ty)
    let cheapest = Math.min(...[...best.values()].map((b) => b.cost), Infinity)
    // Past the allowance: search on until the cheapest found is behind the frontier (or the limit is reached).
    while (cheapest > this.frontier && this.frontier < limitMm) {
      this.expand(Math.min(limitMm, Number.isFinite(cheapest) ? cheapest : Math.max(2 * this.frontier, this.frontier + 100)))
      best = this.bestTo(tx, ty)
      cheapest = Math.min(...[...best.values()].map((b) => b.cost), Infinity)
    }
    const out: PathToPoint[] = []
    for (const [layer, b] of best) {
      const path: Array<[number, number]> = [[tx, ty]]
      const legs: Leg[] = [measureLeg(this.s, this.nx[this.stNode[b.state]!]!, this.ny[this.stNode[b.state]!]!, tx, ty, true)]
      for (let st = b.state; st >= 0; st = this.prev[st]!) {
        const v = this.stNode[st]!
        path.push([this.nx[v]!, this.ny[v]!])
        const p = this.prev[st]!
        if (p >= 0) legs.push(measureLeg(this.s, this.nx[this.stNode[p]!]!, this.ny[this.stNode[p]!]!, this.nx[v]!, this.ny[v]!, true))
      }
      path.reverse()
      legs.reverse()
      const cost = legs.reduce((sum, l) => sum + l.cost, 0)
      out.push({ cost, layer, tags: this.layers[layer]!.tags, path, legs })
    }
    return out.sort((a, b) => a.cost - b.cost)
  }

  /** Per layer: the settled state whose straight leg to (tx, ty) is cheapest. */
  private bestTo(tx: number, ty: number): Map<number, { cost: number; state: number }> {
    const best = new Map<number, { cost: number; state: number }>()
    const s = this.s
    const tagRegions = s.regions.filter((r) => r.tag !== null)
    const local = this.obstaclesNear(tx, ty, Infinity)
    for (const st of this.order) {
      const u = this.stNode[st]!
      const ux = this.nx[u]!
      const uy = this.ny[u]!
      const d = this.dist[st]!
      const layer = this.stLayer[st]!
      const dd = Math.hypot(tx - ux, ty - uy)
      const known = best.get(layer)
      if (known && known.cost <= d + dd && !(tagRegions.length && crossesAny(tagRegions, ux, uy, tx, ty))) continue
      if (this.isBlocked(local, ux, uy, tx, ty)) continue
      const leg = measureLeg(s, ux, uy, tx, ty)
      if (!Number.isFinite(leg.cost)) continue
      const l2 = this.nextLayer(layer, leg.tags)
      if (l2 < 0) continue
      const cost = d + leg.cost
      const cur = best.get(l2)
      if (!cur || cost < cur.cost) best.set(l2, { cost, state: st })
    }
    return best
  }

  /** Why no leg from a settled node reaches (tx, ty): the refusal of the straight leg from the start, if it has one. */
  refusalTo(tx: number, ty: number): (Because & { id: string }) | null {
    const leg = measureLeg(this.s, this.s.sx, this.s.sy, tx, ty)
    return leg.refused ?? null
  }
}

/** Does segment a→b's box meet any of these regions' boxes? (A cheap "might it enter a tagged piece?") */
function crossesAny(regions: ReadonlyArray<{ box: readonly number[] }>, ax: number, ay: number, bx: number, by: number): boolean {
  const x0 = Math.min(ax, bx), x1 = Math.max(ax, bx), y0 = Math.min(ay, by), y1 = Math.max(ay, by)
  for (const r of regions) if (!(x1 < r.box[0]! || y1 < r.box[1]! || x0 > r.box[2]! || y0 > r.box[3]!)) return true
  return false
}

/**
 * The two tangent directions from (ux, uy) to a convex polygon outside it (vertices v0 … v1 − 1 of xy):
 * out = [t1x, t1y, t2x, t2y] with every vertex left of t1 and right of t2. False if the polygon spans
 * half the circle or more (then no cone prunes).
 */
function shadowCone(xy: Float64Array, v0: number, v1: number, ux: number, uy: number, out: Float64Array): boolean {
  let t1x = xy[2 * v0]! - ux, t1y = xy[2 * v0 + 1]! - uy
  let t2x = t1x, t2y = t1y
  for (let v = v0 + 1; v < v1; v++) {
    const wx = xy[2 * v]! - ux
    const wy = xy[2 * v + 1]! - uy
    if (t1x * wy - t1y * wx < 0) {
      t1x = wx
      t1y = wy
    }
    if (wx * t2y - wy * t2x < 0) {
      t2x = wx
      t2y = wy
    }
  }
  // Every vertex must be within the cone (a check against a polygon spanning ≥ 180°).
  for (let v = v0; v < v1; v++) {
    const wx = xy[2 * v]! - ux
    const wy = xy[2 * v + 1]! - uy
    if (t1x * wy - t1y * wx < -1e-9 || wx * t2y - wy * t2x < -1e-9) return false
  }
  out[0] = t1x
  out[1] = t1y
  out[2] = t2x
  out[3] = t2y
  return true
}

/**
 * Is direction (dx, dy) within a wedge (wedgeOf)? side ±1: between din and the edge, turning toward
 * the obstacle; side 0: the half-plane on the left of w[0..1] (a refraction's far side).
 */
function inWedge(w: Float64Array, dx: number, dy: number): boolean {
  const side = w[4]!
  const tol = 1e-9 * (Math.abs(dx) + Math.abs(dy))
  if (side === 0) return w[0]! * dy - w[1]! * dx >= -tol
  return side * (w[0]! * dy - w[1]! * dx) >= -tol && side * (w[2]! * dy - w[3]! * dx) <= tol
}

/** The box of a wedge's sector of radius r at (ux, uy): its apex, its two rim points, and the axis extremes it spans. */
function wedgeBox(w: Float64Array, ux: number, uy: number, r: number): [number, number, number, number] {
  const l0 = Math.hypot(w[0]!, w[1]!) || 1
  const l1 = Math.hypot(w[2]!, w[3]!) || 1
  let x0 = ux, y0 = uy, x1 = ux, y1 = uy
  const take = (x: number, y: number) => {
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y)
  }
  take(ux + (r * w[0]!) / l0, uy + (r * w[1]!) / l0)
  take(ux + (r * w[2]!) / l1, uy + (r * w[3]!) / l1)
  for (const [ax, ay] of [[1, 0], [0, 1], [-1, 0], [0, -1]] as const) if (inWedge(w, ax, ay)) take(ux + r * ax, uy + r * ay)
  return [x0, y0, x1, y1]
}
