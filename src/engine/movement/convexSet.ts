// Convex polygons on the table plane, packed for the movement queries: the configuration-space
// obstacles of a moving base (terrain footprints and other bases grown by it) and the places it may
// not end. Each polygon is counter-clockwise and stored as its vertices and its edges' outward
// half-planes (n·p ≤ c inside), so a point test, a segment's penetration and a signed distance are a
// few multiply-adds per edge. Touching a boundary never counts as inside (paths run along edges).
import { counterClockwise, signedAreaMm2 } from '../geometry/polygon.ts'
import { ShapeUtils, Vector2 } from 'three'

export type Point = [number, number]

/** How deep (mm) a point or a segment must go into a polygon to count as inside it. */
export const INSIDE_EPS_MM = 1e-6

const scratch = new Float64Array(2)

/** A growing list of convex polygons; `seal()` packs it. */
export class ConvexSet {
  /** Vertex coordinates, x y pairs; polygon k owns vertices start[k] … start[k + 1] − 1. */
  xy: Float64Array = new Float64Array(0)
  /** Per vertex: its edge's outward normal (to the next vertex) and offset: inside ⇔ n·p < c for every edge. */
  nx: Float64Array = new Float64Array(0)
  ny: Float64Array = new Float64Array(0)
  c: Float64Array = new Float64Array(0)
  start: Int32Array = new Int32Array(1)
  /** Per polygon: minX, minY, maxX, maxY. */
  box: Float64Array = new Float64Array(0)
  /** Per polygon: what it stands for (an index into the owner's list: a terrain piece, a model, a zone). */
  owner: Int32Array = new Int32Array(0)
  count = 0
  private pending: Array<{ poly: Point[]; owner: number }> = []

  add(poly: readonly (readonly [number, number])[], owner: number): void {
    if (poly.length < 3 || Math.abs(signedAreaMm2(poly)) < 1e-9) return
    this.pending.push({ poly: counterClockwise(poly), owner })
  }

  seal(): this {
    const polys = this.pending
    let nv = 0
    for (const p of polys) nv += p.poly.length
    this.xy = new Float64Array(2 * nv)
    this.nx = new Float64Array(nv)
    this.ny = new Float64Array(nv)
    this.c = new Float64Array(nv)
    this.start = new Int32Array(polys.length + 1)
    this.box = new Float64Array(4 * polys.length)
    this.owner = new Int32Array(polys.length)
    let v = 0
    polys.forEach(({ poly, owner }, k) => {
      this.start[k] = v
      this.owner[k] = owner
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
      for (let i = 0; i < poly.length; i++) {
        const [ax, ay] = poly[i]!
        const [bx, by] = poly[(i + 1) % poly.length]!
        const ex = bx - ax
        const ey = by - ay
        const l = Math.hypot(ex, ey) || 1
        // outward normal of a counter-clockwise edge: (ey, −ex)
        const n0 = ey / l
        const n1 = -ex / l
        this.xy[2 * v] = ax
        this.xy[2 * v + 1] = ay
        this.nx[v] = n0
        this.ny[v] = n1
        this.c[v] = n0 * ax + n1 * ay
        x0 = Math.min(x0, ax); y0 = Math.min(y0, ay); x1 = Math.max(x1, ax); y1 = Math.max(y1, ay)
        v++
      }
      this.box[4 * k] = x0
      this.box[4 * k + 1] = y0
      this.box[4 * k + 2] = x1
      this.box[4 * k + 3] = y1
    })
    this.start[polys.length] = v
    this.count = polys.length
    this.pending = []
    return this
  }

  /** Signed distance from (x, y) to polygon k's boundary by its half-planes: negative inside (exact there), positive outside (exact off an edge, a lower bound off a corner). */
  signedDistance(k: number, x: number, y: number): number {
    let worst = -Infinity
    for (let v = this.start[k]!, e = this.start[k + 1]!; v < e; v++) {
      const d = this.nx[v]! * x + this.ny[v]! * y - this.c[v]!
      if (d > worst) worst = d
    }
    return worst
  }

  /** Is (x, y) more than INSIDE_EPS_MM inside polygon k? */
  contains(k: number, x: number, y: number): boolean {
    const b = 4 * k
    if (x <= this.box[b]! || y <= this.box[b + 1]! || x >= this.box[b + 2]! || y >= this.box[b + 3]!) return false
    return this.signedDistance(k, x, y) < -INSIDE_EPS_MM
  }

  /** The first polygon holding (x, y) inside, or −1. */
  findContaining(x: number, y: number, skip = -1): number {
    for (let k = 0; k < this.count; k++) if (k !== skip && this.contains(k, x, y)) return k
    return -1
  }

  /**
   * The parameters [t0, t1] ⊂ [0, 1] where segment a→b runs strictly inside polygon k (Cyrus–Beck),
   * written to out[0], out[1]; false when it does not.
   */
  clip(k: number, ax: number, ay: number, bx: number, by: number, out: Float64Array): boolean {
    const b = 4 * k
    if (Math.max(ax, bx) <= this.box[b]! || Math.max(ay, by) <= this.box[b + 1]! || Math.min(ax, bx) >= this.box[b + 2]! || Math.min(ay, by) >= this.box[b + 3]!) return false
    const dx = bx - ax
    const dy = by - ay
    let t0 = 0
    let t1 = 1
    for (let v = this.start[k]!, e = this.start[k + 1]!; v < e; v++) {
      const f = this.nx[v]! * ax + this.ny[v]! * ay - this.c[v]! + INSIDE_EPS_MM
      const g = this.nx[v]! * dx + this.ny[v]! * dy
      if (g === 0) {
        if (f >= 0) return false
        continue
      }
      const t = -f / g
      if (g > 0) {
        if (t < t1) t1 = t
      } else if (t > t0) t0 = t
      if (t0 >= t1) return false
    }
    out[0] = t0
    out[1] = t1
    return true
  }

  /** The length (mm) of segment a→b inside polygon k, more than INSIDE_EPS_MM from its boundary: 0 when it misses, touches or runs along an edge. */
  penetration(k: number, ax: number, ay: number, bx: number, by: number): number {
    return this.clip(k, ax, ay, bx, by, scratch) ? (scratch[1]! - scratch[0]!) * Math.hypot(bx - ax, by - ay) : 0
  }

  /** The polygons a segment goes inside of (deeper than INSIDE_EPS_MM, longer than 1e-6 mm), from `from` on. */
  firstBlocking(ax: number, ay: number, bx: number, by: number, from = 0): number {
    for (let k = from; k < this.count; k++) if (this.penetration(k, ax, ay, bx, by) > 1e-6) return k
    return -1
  }
}

/** The Minkowski sum of two convex counter-clockwise polygons (counter-clockwise). */
export function minkowskiConvex(p: readonly Point[], q: readonly Point[]): Point[] {
  const a = rotateToLowest(p)
  const b = rotateToLowest(q)
  const out: Point[] = []
  let i = 0
  let j = 0
  const n = a.length
  const m = b.length
  while (i < n || j < m) {
    const pa = a[i % n]!
    const pb = b[j % m]!
    out.push([pa[0] + pb[0], pa[1] + pb[1]])
    const ea = edge(a, i)
    const eb = edge(b, j)
    const cross = ea[0] * eb[1] - ea[1] * eb[0]
    if (j >= m || (i < n && cross > 0)) i++
    else if (i >= n || cross < 0) j++
    else {
      i++
      j++
    }
  }
  return dropCollinear(out)
}

function edge(p: readonly Point[], i: number): Point {
  const a = p[i % p.length]!
  const b = p[(i + 1) % p.length]!
  return [b[0] - a[0], b[1] - a[1]]
}

/** The polygon starting at its lowest (then leftmost) vertex: the Minkowski merge walks edges by angle from there. */
function rotateToLowest(p: readonly Point[]): Point[] {
  let k = 0
  for (let i = 1; i < p.length; i++) if (p[i]![1] < p[k]![1] || (p[i]![1] === p[k]![1] && p[i]![0] < p[k]![0])) k = i
  return [...p.slice(k), ...p.slice(0, k)]
}

function dropCollinear(p: Point[]): Point[] {
  const out: Point[] = []
  for (let i = 0; i < p.length; i++) {
    const a = p[(i + p.length - 1) % p.length]!
    const b = p[i]!
    const c = p[(i + 1) % p.length]!
    const cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
    if (Math.abs(cross) > 1e-9 * (1 + Math.abs(b[0]) + Math.abs(b[1]))) out.push(b)
  }
  return out.length >= 3 ? out : p
}

/** Is a counter-clockwise polygon convex (no reflex vertex)? */
export function isConvex(p: readonly Point[]): boolean {
  for (let i = 0; i < p.length; i++) {
    const a = p[i]!
    const b = p[(i + 1) % p.length]!
    const c = p[(i + 2) % p.length]!
    if ((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) < -1e-9) return false
  }
  return true
}

/**
 * A simple polygon as convex pieces whose union is the polygon: itself when convex, else its
 * triangles merged greedily across shared diagonals while the merge stays convex (Hertel–Mehlhorn).
 */
export function convexPieces(poly: readonly (readonly [number, number])[]): Point[][] {
  const ccw = counterClockwise(poly)
  if (isConvex(ccw)) return [ccw]
  const tris = ShapeUtils.triangulateShape(ccw.map(([x, y]) => new Vector2(x, y)), [])
  let pieces: number[][] = tris.map((t) => {
    const [a, b, c] = t as [number, number, number]
    const area = (ccw[b]![0] - ccw[a]![0]) * (ccw[c]![1] - ccw[a]![1]) - (ccw[b]![1] - ccw[a]![1]) * (ccw[c]![0] - ccw[a]![0])
    return area >= 0 ? [a, b, c] : [a, c, b]
  }).filter((t) => Math.abs(signedAreaMm2(t.map((i) => ccw[i]!))) > 1e-9)
  let merged = true
  while (merged) {
    merged = false
    outer: for (let i = 0; i < pieces.length; i++) {
      for (let j = i + 1; j < pieces.length; j++) {
        const m = mergeAcrossEdge(pieces[i]!, pieces[j]!)
        if (m && isConvex(m.map((k) => ccw[k]!))) {
          pieces = [...pieces.slice(0, i), m, ...pieces.slice(i + 1, j), ...pieces.slice(j + 1)]
          merged = true
          break outer
        }
      }
    }
  }
  return pieces.map((idx) => idx.map((k) => [ccw[k]![0], ccw[k]![1]] as Point))
}

/** Two index rings sharing one edge (a→b in one, b→a in the other) joined into one ring, or null. */
function mergeAcrossEdge(p: number[], q: number[]): number[] | null {
  for (let i = 0; i < p.length; i++) {
    const a = p[i]!
    const b = p[(i + 1) % p.length]!
    for (let j = 0; j < q.length; j++) {
      if (q[j] === b && q[(j + 1) % q.length] === a) {
        // p: … a b …, q: … b a …  →  p up to a, then q from a's successor round to b, then p from b on
        const out: number[] = []
        for (let k = 0; k < p.length; k++) out.push(p[(i + 1 + k) % p.length]!) // b … a
        for (let k = 2; k < q.length; k++) out.push(q[(j + k) % q.length]!) // q after a, up to before b
        return out
      }
    }
  }
  return null
}
