// The gaps of a mesh (its rims: edges with one triangle), and the three ways one is closed:
// - a crack of zero width (a rim whose vertices all lie on one line: what dropping a sliver leaves, or
//   a T-junction in the file) is stitched by splitting the triangles along it at the rim's vertices:
//   no triangle is added across it, so no new sliver;
// - a small hole (≤ HOLE_CLOSE_MAX_MM across) is closed by a fan from its centre, but only when that
//   closes every hole of its shell (a true solid), and never with a fan triangle thinner than a sliver;
// - a shell open only underneath (every rim at its own lowest height, like a hill or a tile without a
//   bottom) is closed by its outline at that height: the solid under its surface, standing on the table.
// Rims are walked through a map vertex → rim edge starting there; a vertex where two rim edges start
// (shells meeting at a point) makes its rims ambiguous, and they are left open.
import { ShapeUtils, Vector2 } from 'three'
import { NumberMap } from './numberMap.ts'

export type Rim = { corners: number[]; closed: boolean; ambiguous: boolean }

/** The start (fill direction: opposite to the triangle) of corner e's edge. */
const rimFrom = (indices: Uint32Array, e: number) => indices[e - (e % 3) + ((e % 3) + 1) % 3]!
const rimTo = (indices: Uint32Array, e: number) => indices[e]!

/**
 * Every rim (chain of unpaired corners, walked in the fill direction). Where two rims meet at a vertex
 * (two cracks at a box's corner), the walk goes on along the edge most nearly in line with the one it
 * came by (a crack runs out and back along one line); if none is in line, the rim is ambiguous and
 * left open. Linear: each rim corner is walked once, each branch vertex's candidates looked at once a visit.
 */
export function findRims(positions: Float64Array, indices: Uint32Array, mate: Int32Array): Rim[] {
  const from = new NumberMap(64)
  const nextCandidate = new Int32Array(mate.length).fill(-1)
  const open: number[] = []
  for (let e = 0; e < mate.length; e++) {
    if (mate[e] !== -1) continue
    open.push(e)
    const v = rimFrom(indices, e)
    const h = from.get(v)
    if (h !== undefined) nextCandidate[e] = h
    from.set(v, e)
  }
  const done = new Uint8Array(mate.length)
  const dir = (e: number) => {
    const a = rimFrom(indices, e), b = rimTo(indices, e)
    const x = positions[3 * b]! - positions[3 * a]!, y = positions[3 * b + 1]! - positions[3 * a + 1]!, z = positions[3 * b + 2]! - positions[3 * a + 2]!
    const l = Math.hypot(x, y, z) || 1
    return [x / l, y / l, z / l] as const
  }
  const rims: Rim[] = []
  for (const e0 of open) {
    if (done[e0]) continue
    const corners: number[] = []
    let e = e0
    let closed = false
    let ambiguous = false
    // each step marks a corner done, so the walk ends within the number of rim corners
    while (!done[e]) {
      done[e] = 1
      corners.push(e)
      const head = from.get(rimTo(indices, e))
      if (head === undefined) break
      let next = -1, candidates = 0
      for (let f = head; f !== -1; f = nextCandidate[f]!) if (!done[f] || f === e0) { candidates++; next = f }
      if (candidates > 1) {
        // in line with the edge it came by (parallel or back along it)
        const [dx, dy, dz] = dir(e)
        let best = -1, bestSin = 1e-6
        for (let f = head; f !== -1; f = nextCandidate[f]!) {
          if (done[f] && f !== e0) continue
          const [fx, fy, fz] = dir(f)
          const sin = Math.hypot(dy * fz - dz * fy, dz * fx - dx * fz, dx * fy - dy * fx)
          if (sin < bestSin) { bestSin = sin; best = f }
        }
        if (best < 0) { ambiguous = true; break }
        next = best
      }
      if (next === e0) { closed = true; break }
      if (next < 0) break
      e = next
    }
    rims.push({ corners, closed: closed && !ambiguous, ambiguous })
  }
  return rims
}

/** Is a closed rim a crack: every vertex within tolMm of the line through its two farthest vertices? */
export function isCrack(positions: Float64Array, indices: Uint32Array, rim: Rim, tolMm: number): boolean {
  if (!rim.closed || rim.corners.length < 3) return false
  const vs = rim.corners.map((e) => rimFrom(indices, e))
  const far = (from: number) => {
    let best = from, d = -1
    for (const v of vs) {
      const dd = (positions[3 * v]! - positions[3 * from]!) ** 2 + (positions[3 * v + 1]! - positions[3 * from + 1]!) ** 2 + (positions[3 * v + 2]! - positions[3 * from + 2]!) ** 2
      if (dd > d) { d = dd; best = v }
    }
    return best
  }
  const a = far(vs[0]!), b = far(a)
  const [ax, ay, az] = [positions[3 * a]!, positions[3 * a + 1]!, positions[3 * a + 2]!]
  const dx = positions[3 * b]! - ax, dy = positions[3 * b + 1]! - ay, dz = positions[3 * b + 2]! - az
  const len = Math.hypot(dx, dy, dz)
  if (len === 0) return false
  for (const v of vs) {
    const px = positions[3 * v]! - ax, py = positions[3 * v + 1]! - ay, pz = positions[3 * v + 2]! - az
    const cx = py * dz - pz * dy, cy = pz * dx - px * dz, cz = px * dy - py * dx
    if (Math.hypot(cx, cy, cz) / len > tolMm) return false
  }
  return true
}

/**
 * Stitch cracks: each rim edge p → q (an edge of a kept triangle) is split at the crack's vertices that
 * lie strictly between p and q, and its triangle is fanned from its opposite corner over the pieces
 * (the same height above that edge as the triangle had, so no sliver). A triangle split on two edges
 * is fanned from its centroid instead. Returns the new triangles (others unchanged) and how many were split.
 */
export function stitchCracks(positions: Float64Array, indices: Uint32Array, cracks: Rim[]): { positions: Float64Array; indices: Uint32Array; split: number } {
  // per corner: the vertices to insert along its edge, in order from its start to its end
  const inserts = new Map<number, number[]>()
  for (const rim of cracks) {
    const vs = [...new Set(rim.corners.map((e) => rimFrom(indices, e)))]
    const a = vs[0]!
    let dx = 0, dy = 0, dz = 0, best = -1
    for (const v of vs) {
      const ex = positions[3 * v]! - positions[3 * a]!, ey = positions[3 * v + 1]! - positions[3 * a + 1]!, ez = positions[3 * v + 2]! - positions[3 * a + 2]!
      const d = ex * ex + ey * ey + ez * ez
      if (d > best) { best = d; dx = ex; dy = ey; dz = ez }
    }
    const at = (v: number) => (positions[3 * v]! - positions[3 * a]!) * dx + (positions[3 * v + 1]! - positions[3 * a + 1]!) * dy + (positions[3 * v + 2]! - positions[3 * a + 2]!) * dz
    const sorted = vs.map((v) => ({ v, t: at(v) })).sort((p, q) => p.t - q.t)
    const ts = sorted.map((s) => s.t)
    for (const e of rim.corners) {
      const p = indices[e]!, q = indices[e - (e % 3) + ((e % 3) + 1) % 3]!
      const tp = at(p), tq = at(q)
      const lo = Math.min(tp, tq), hi = Math.max(tp, tq)
      const between: number[] = []
      for (let i = lowerBound(ts, lo); i < sorted.length && sorted[i]!.t < hi; i++) {
        const s = sorted[i]!
        if (s.t > lo && s.v !== p && s.v !== q) between.push(s.v)
      }
      if (!between.length) continue
      if (tp > tq) between.reverse()
      inserts.set(e, between)
    }
  }
  if (!inserts.size) return { positions, indices, split: 0 }
  const extraPos: number[] = []
  const out: number[] = []
  let split = 0
  const nt = indices.length / 3
  for (let t = 0; t < nt; t++) {
    const edges = [0, 1, 2].filter((k) => inserts.has(3 * t + k))
    const v = [indices[3 * t]!, indices[3 * t + 1]!, indices[3 * t + 2]!] as const
    if (!edges.length) { out.push(v[0], v[1], v[2]); continue }
    split++
    // the triangle's outline with the inserted points, corner by corner
    const ring: number[] = []
    for (let k = 0; k < 3; k++) { ring.push(v[k]!); for (const p of inserts.get(3 * t + k) ?? []) ring.push(p) }
    if (edges.length === 1) {
      const k = edges[0]!
      const apex = v[(k + 2) % 3]!
      const chain = [v[k]!]
      for (const p of inserts.get(3 * t + k)!) chain.push(p)
      chain.push(v[(k + 1) % 3]!)
      for (let i = 0; i + 1 < chain.length; i++) out.push(chain[i]!, chain[i + 1]!, apex)
    } else {
      const centre = positions.length / 3 + extraPos.length / 3
      extraPos.push((positions[3 * v[0]]! + positions[3 * v[1]]! + positions[3 * v[2]]!) / 3, (positions[3 * v[0] + 1]! + positions[3 * v[1] + 1]! + positions[3 * v[2] + 1]!) / 3, (positions[3 * v[0] + 2]! + positions[3 * v[1] + 2]! + positions[3 * v[2] + 2]!) / 3)
      for (let i = 0; i < ring.length; i++) out.push(ring[i]!, ring[(i + 1) % ring.length]!, centre)
    }
  }
  return { positions: extraPos.length ? concat(positions, extraPos) : positions, indices: Uint32Array.from(out), split }
}

function lowerBound(ts: number[], x: number): number {
  let lo = 0, hi = ts.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (ts[mid]! < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

function concat(a: Float64Array, extra: number[]): Float64Array {
  const out = new Float64Array(a.length + extra.length)
  out.set(a)
  out.set(extra, a.length)
  return out
}

/** The span (mm) of a rim's vertices: the diagonal of their bounding box. */
export function rimSpanMm(positions: Float64Array, indices: Uint32Array, rim: Rim): number {
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity
  for (const e of rim.corners) {
    const v = rimFrom(indices, e)
    const x = positions[3 * v]!, y = positions[3 * v + 1]!, z = positions[3 * v + 2]!
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); z0 = Math.min(z0, z); x1 = Math.max(x1, x); y1 = Math.max(y1, y); z1 = Math.max(z1, z)
  }
  return Math.hypot(x1 - x0, y1 - y0, z1 - z0)
}

/**
 * A fan over a hole's rim from its centre (the fill triangles, and the centre as a new vertex), or
 * null when a fan triangle would be thinner than minHeightMm (the fan would make a sliver).
 */
export function fanOverRim(positions: Float64Array, indices: Uint32Array, rim: Rim, centreIndex: number, minHeightMm: number): { centre: [number, number, number]; triangles: number[] } | null {
  const vs = rim.corners.map((e) => rimFrom(indices, e))
  let cx = 0, cy = 0, cz = 0
  for (const v of vs) { cx += positions[3 * v]!; cy += positions[3 * v + 1]!; cz += positions[3 * v + 2]! }
  cx /= vs.length; cy /= vs.length; cz /= vs.length
  const triangles: number[] = []
  for (const e of rim.corners) {
    const a = rimFrom(indices, e), b = rimTo(indices, e)
    const ux = positions[3 * b]! - positions[3 * a]!, uy = positions[3 * b + 1]! - positions[3 * a + 1]!, uz = positions[3 * b + 2]! - positions[3 * a + 2]!
    const vx = cx - positions[3 * a]!, vy = cy - positions[3 * a + 1]!, vz = cz - positions[3 * a + 2]!
    const cross = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx)
    const longest = Math.max(Math.hypot(ux, uy, uz), Math.hypot(vx, vy, vz), Math.hypot(cx - positions[3 * b]!, cy - positions[3 * b + 1]!, cz - positions[3 * b + 2]!))
    if (!(cross / longest > minHeightMm)) return null
    triangles.push(a, b, centreIndex)
  }
  return { centre: [cx, cy, cz], triangles }
}

/**
 * The cap that closes a shell open underneath: its rims (all at height zMm, within tolMm) are its
 * outline there; they are sorted into outer loops and holes and triangulated flat (three's
 * ShapeUtils, earcut), each triangle wound to run every rim edge opposite to the shell's triangle.
 * Null when the rims do not make a simple flat outline (crossing loops, area not matching).
 */
export function capUnderneath(positions: Float64Array, indices: Uint32Array, rims: Rim[]): number[] | null {
  const loops = rims.map((rim) => rim.corners.map((e) => rimFrom(indices, e)))
  const area = (loop: number[]) => {
    let s = 0
    for (let i = 0; i < loop.length; i++) {
      const a = loop[i]!, b = loop[(i + 1) % loop.length]!
      s += positions[3 * a]! * positions[3 * b + 1]! - positions[3 * b]! * positions[3 * a + 1]!
    }
    return s / 2
  }
  const areas = loops.map(area)
  let biggest = 0
  for (let i = 1; i < loops.length; i++) if (Math.abs(areas[i]!) > Math.abs(areas[biggest]!)) biggest = i
  const outerSign = Math.sign(areas[biggest]!)
  if (outerSign === 0) return null
  const outers = loops.map((_, i) => i).filter((i) => Math.sign(areas[i]!) === outerSign)
  const holes = loops.map((_, i) => i).filter((i) => Math.sign(areas[i]!) === -outerSign)
  if (outers.length + holes.length !== loops.length) return null
  const xy = (v: number) => new Vector2(positions[3 * v]!, positions[3 * v + 1]!)
  const holesOf = new Map<number, number[]>(outers.map((o) => [o, []]))
  for (const h of holes) {
    const p = xy(loops[h]![0]!)
    let owner = -1
    for (const o of outers) if (pointInLoop(positions, loops[o]!, p.x, p.y) && (owner < 0 || Math.abs(areas[o]!) < Math.abs(areas[owner]!))) owner = o
    if (owner < 0) return null
    holesOf.get(owner)!.push(h)
  }
  const out: number[] = []
  let capArea = 0
  let want = 0
  for (const o of outers) {
    const hs = holesOf.get(o)!
    const ring = loops[o]!, holeRings = hs.map((h) => loops[h]!)
    want += Math.abs(areas[o]!) - hs.reduce((s, h) => s + Math.abs(areas[h]!), 0)
    const all = [...ring, ...holeRings.flat()]
    const faces = ShapeUtils.triangulateShape(ring.map(xy), holeRings.map((r) => r.map(xy)))
    for (const f of faces) {
      let [a, b, c] = [all[f[0]!]!, all[f[1]!]!, all[f[2]!]!]
      const twice = (positions[3 * b]! - positions[3 * a]!) * (positions[3 * c + 1]! - positions[3 * a + 1]!) - (positions[3 * b + 1]! - positions[3 * a + 1]!) * (positions[3 * c]! - positions[3 * a]!)
      // wound like the outer rim in the fill direction: then every rim edge runs opposite to its triangle's
      if (Math.sign(twice) !== outerSign) [b, c] = [c, b]
      capArea += Math.abs(twice) / 2
      out.push(a, b, c)
    }
  }
  if (!(Math.abs(capArea - want) <= 1e-6 * Math.max(1, want))) return null
  return out
}

function pointInLoop(positions: Float64Array, loop: number[], x: number, y: number): boolean {
  let inside = false
  for (let i = 0, j = loop.length - 1; i < loop.length; j = i++) {
    const xi = positions[3 * loop[i]!]!, yi = positions[3 * loop[i]! + 1]!, xj = positions[3 * loop[j]!]!, yj = positions[3 * loop[j]! + 1]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}
