// A triangle soup's shells: which triangle meets which across each edge, the triangles turned to
// agree, and the connected closed (or open) surfaces that result. Real terrain is often several
// closed shells touching or overlapping (walls meeting at a corner, a roof on a box, a window from
// four boxes): after welding, an edge where two shells touch carries 4, 6 … triangles. There the
// triangles are sorted by their angle around the edge and paired so that each pair bounds a wedge of
// solid between them (a triangle's solid side is the one its outward normal turns away from), which
// gives back the shells the modeller made. Linear in the triangles (one hash look-up per corner), with
// a sort only at the edges that carry more than two.
import { NumberMap } from './numberMap.ts'

export type ShellPairing = {
  /** Per corner k of triangle t (index 3t + k, the edge from corner k to k + 1): the corner of the triangle across it, or −1. */
  mate: Int32Array
  /** Edges carried by more than two triangles (where shells touch). */
  sharedEdges: number
}

/** Angles closer than this (radians) around an edge are one angle: coincident faces of touching shells. */
const SAME_ANGLE = 1e-9

export function pairEdges(positions: Float64Array, indices: Uint32Array): ShellPairing {
  const nc = indices.length
  const nv = positions.length / 3
  const head = new NumberMap(nc)
  const nextSame = new Int32Array(nc).fill(-1)
  const mate = new Int32Array(nc).fill(-1)
  for (let e = 0; e < nc; e++) {
    const p = indices[e]!, q = indices[e - (e % 3) + ((e % 3) + 1) % 3]!
    const key = Math.min(p, q) * nv + Math.max(p, q)
    const h = head.get(key)
    if (h !== undefined) nextSame[e] = h
    head.set(key, e)
  }
  // first the plain edges (two triangles): they join triangles into patches (union-find)
  const parent = new Int32Array(nc / 3)
  for (let t = 0; t < parent.length; t++) parent[t] = t
  const find = (t: number) => {
    while (parent[t] !== t) { parent[t] = parent[parent[t]!]!; t = parent[t]! }
    return t
  }
  const crowded: number[] = []
  const sameWay: number[] = []
  const seen = new Uint8Array(nc)
  for (let e = 0; e < nc; e++) {
    if (seen[e]) continue
    const p = indices[e]!, q = indices[e - (e % 3) + ((e % 3) + 1) % 3]!
    const first = head.get(Math.min(p, q) * nv + Math.max(p, q))!
    let m = 0
    for (let f = first; f !== -1; f = nextSame[f]!) { seen[f] = 1; m++ }
    if (m === 2) {
      const f = nextSame[first]!
      // two faces running the edge the same way: one is turned, or they belong to different parts
      // (where an overlapping part lost a triangle); decided once the parts are known
      if (indices[first] === indices[f]) { sameWay.push(first); continue }
      mate[first] = f
      mate[f] = first
      const a = find((first - (first % 3)) / 3), b = find((f - (f % 3)) / 3)
      if (a !== b) parent[a] = b
    } else if (m > 2) crowded.push(first)
  }
  // Triangles next to each other in the file that share a corner belong to one part (exporters write a
  // part's faces together): a part's triangles that lie where another part overlaps it (every edge
  // crowded) still know their part, so a part's own faces pair with each other where parts touch.
  for (let t = 0; t + 1 < nc / 3; t++) {
    const a = indices[3 * t]!, b = indices[3 * t + 1]!, c = indices[3 * t + 2]!
    const d = indices[3 * t + 3]!, e = indices[3 * t + 4]!, f = indices[3 * t + 5]!
    if (a === d || a === e || a === f || b === d || b === e || b === f || c === d || c === e || c === f) {
      const x = find(t), y = find(t + 1)
      if (x !== y) parent[x] = y
    }
  }
  // a face turned the wrong way pairs with its neighbour in its own part (orientShells turns it);
  // two parts' faces that run an edge the same way do not pair: they are the rims of a gap
  for (const first of sameWay) {
    const f = nextSame[first]!
    if (find((first - (first % 3)) / 3) !== find((f - (f % 3)) / 3)) continue
    mate[first] = f
    mate[f] = first
  }
  // then the edges where shells touch: the triangles of one patch are paired with each other first
  // (a box's two faces at the corner it shares with another box), the rest by angle
  const group: number[] = []
  for (const first of crowded) {
    group.length = 0
    for (let f = first; f !== -1; f = nextSame[f]!) group.push(f)
    const p = indices[first]!, q = indices[first - (first % 3) + ((first % 3) + 1) % 3]!
    const lo = Math.min(p, q), hi = Math.max(p, q)
    const byPatch = new Map<number, number[]>()
    for (const f of group) {
      const k = find((f - (f % 3)) / 3)
      const l = byPatch.get(k) ?? []
      l.push(f)
      byPatch.set(k, l)
    }
    const rest: number[] = []
    for (const list of byPatch.values()) {
      const fwd = list.filter((f) => indices[f] === lo), back = list.filter((f) => indices[f] !== lo)
      if (fwd.length === 1 && back.length === 1) { mate[fwd[0]!] = back[0]!; mate[back[0]!] = fwd[0]! } else for (const f of list) rest.push(f)
    }
    if (rest.length > 1) pairAroundEdge(positions, indices, rest, lo, hi, mate, find)
  }
  return { mate, sharedEdges: crowded.length }
}

/**
 * Pair the triangles around one edge lo–hi. Seen along lo → hi, a triangle that runs the edge lo → hi
 * has its outward normal turning counter-clockwise, so its solid lies clockwise of it; one that runs
 * hi → lo has its solid counter-clockwise. A solid wedge lies between a triangle with solid
 * counter-clockwise and the next one counter-clockwise with solid clockwise: those two are paired.
 * Faces at the same angle (touching shells' coincident faces) sort the one closing a wedge first.
 */
function pairAroundEdge(positions: Float64Array, indices: Uint32Array, group: number[], lo: number, hi: number, mate: Int32Array, patchOf: (t: number) => number): void {
  const m = group.length
  const ux0 = positions[3 * hi]! - positions[3 * lo]!, uy0 = positions[3 * hi + 1]! - positions[3 * lo + 1]!, uz0 = positions[3 * hi + 2]! - positions[3 * lo + 2]!
  const ul = Math.hypot(ux0, uy0, uz0) || 1
  const ux = ux0 / ul, uy = uy0 / ul, uz = uz0 / ul
  let r0x = 0, r0y = 0, r0z = 0, r1x = 0, r1y = 0, r1z = 0
  const items: Array<{ e: number; angle: number; dir: number }> = []
  for (const e of group) {
    const t = e - (e % 3)
    const w = indices[t + ((e % 3) + 2) % 3]!
    let dx = positions[3 * w]! - positions[3 * lo]!, dy = positions[3 * w + 1]! - positions[3 * lo + 1]!, dz = positions[3 * w + 2]! - positions[3 * lo + 2]!
    const along = dx * ux + dy * uy + dz * uz
    dx -= along * ux; dy -= along * uy; dz -= along * uz
    if (items.length === 0) {
      const l = Math.hypot(dx, dy, dz) || 1
      r0x = dx / l; r0y = dy / l; r0z = dz / l
      r1x = uy * r0z - uz * r0y; r1y = uz * r0x - ux * r0z; r1z = ux * r0y - uy * r0x
    }
    let angle = Math.atan2(dx * r1x + dy * r1y + dz * r1z, dx * r0x + dy * r0y + dz * r0z)
    if (angle <= -Math.PI + SAME_ANGLE) angle = Math.PI
    items.push({ e, angle, dir: indices[e] === lo ? 1 : -1 })
  }
  items.sort((a, b) => a.angle - b.angle)
  // within a run of equal angles: the face closing the wedge before (runs lo → hi) first
  for (let i = 0; i < m;) {
    let j = i + 1
    while (j < m && items[j]!.angle - items[j - 1]!.angle <= SAME_ANGLE) j++
    if (j - i > 1) {
      const run = items.slice(i, j).sort((a, b) => b.dir - a.dir)
      for (let k = i; k < j; k++) items[k] = run[k - i]!
    }
    i = j
  }
  // Seen as brackets around the edge (solid counter-clockwise opens a wedge, solid clockwise closes
  // it), the pairs are the brackets matched, starting after the point where the most are open:
  // coincident faces of overlapping parts may pair either way, so among the faces open at the same
  // angle, a closing face takes one of its own patch, else the one nearest in the file (a kitbash
  // lists each part's triangles together), so each part stays its own shell.
  let balance = 0, lowest = 0, start = 0
  for (let k = 0; k < m; k++) {
    balance += -items[k]!.dir
    if (balance < lowest) { lowest = balance; start = k + 1 }
  }
  const open: Array<{ e: number; angle: number }> = []
  const left: number[] = []
  for (let k = 0; k < m; k++) {
    const it = items[(start + k) % m]!
    if (it.dir === -1) { open.push(it); continue }
    if (!open.length) { left.push(it.e); continue }
    const topAngle = open[open.length - 1]!.angle
    const t = (it.e - (it.e % 3)) / 3
    let pick = open.length - 1, best = Infinity
    for (let j = open.length - 1; j >= 0 && Math.abs(open[j]!.angle - topAngle) <= SAME_ANGLE; j--) {
      const u = (open[j]!.e - (open[j]!.e % 3)) / 3
      const score = patchOf(u) === patchOf(t) ? -1 : Math.abs(u - t)
      if (score < best) { best = score; pick = j }
    }
    const o = open.splice(pick, 1)[0]!
    mate[o.e] = it.e
    mate[it.e] = o.e
  }
  for (const o of open) left.push(o.e)
  // What is left pairs only across opposite directions (a face turned the wrong way next to a gap):
  // two faces running the edge the same way never pair, they are the rims of a hole.
  const fwd = left.filter((e) => indices[e] === lo), back = left.filter((e) => indices[e] !== lo)
  for (let k = 0; k < Math.min(fwd.length, back.length); k++) { mate[fwd[k]!] = back[k]!; mate[back[k]!] = fwd[k]! }
}

export type Shells = {
  /** Shell of each triangle. */
  shellOf: Int32Array
  count: number
  /** Triangles turned to agree with their neighbours. */
  turned: number
  /** Paired edges whose two triangles still disagree (a surface that cannot be oriented, like a Möbius strip). */
  disagreeing: number
}

function flip(indices: Uint32Array, t: number): void {
  const b = indices[3 * t + 1]!
  indices[3 * t + 1] = indices[3 * t + 2]!
  indices[3 * t + 2] = b
}

/**
 * Turn triangles (breadth-first across paired edges) so that each pair runs its edge in opposite
 * directions; the connected groups are the shells. `mate` indexes corners as they were before the
 * turning; it is remapped to the turned triangles on return.
 */
export function orientShells(indices: Uint32Array, mate: Int32Array): Shells {
  const nt = indices.length / 3
  const shellOf = new Int32Array(nt).fill(-1)
  const queue = new Int32Array(nt)
  const turn = new Uint8Array(nt)
  let turned = 0, count = 0
  for (let seed = 0; seed < nt; seed++) {
    if (shellOf[seed] !== -1) continue
    let headQ = 0, tail = 0
    queue[tail++] = seed
    shellOf[seed] = count
    while (headQ < tail) {
      const t = queue[headQ++]!
      for (let k = 0; k < 3; k++) {
        const e = 3 * t + k
        const f = mate[e]!
        if (f < 0) continue
        const u = (f - (f % 3)) / 3
        if (shellOf[u] !== -1) continue
        shellOf[u] = count
        // agreeing neighbours run the shared edge in opposite directions (t as already turned, u as in the file)
        const startE = turn[t] ? indices[3 * t + ((k + 1) % 3)]! : indices[e]!
        if (startE === indices[f]!) { turn[u] = 1; turned++ }
        queue[tail++] = u
      }
    }
    count++
  }
  // turned only now: the mate table indexes corners as they were. Turning swaps corners 1 and 2, so
  // edge 0 (0→1) becomes edge 2 (2→0 of the turned triangle) and edge 2 becomes edge 0; edge 1 stays.
  const remap = (e: number) => {
    const t = e - (e % 3), k = e % 3
    return turn[t / 3] && k !== 1 ? t + (2 - k) : e
  }
  for (let t = 0; t < nt; t++) if (turn[t]) flip(indices, t)
  const old = mate.slice()
  for (let e = 0; e < old.length; e++) mate[remap(e)] = old[e]! < 0 ? -1 : remap(old[e]!)
  let disagreeing = 0
  for (let e = 0; e < mate.length; e++) {
    const f = mate[e]!
    if (f > e && indices[e] !== indices[f - (f % 3) + ((f % 3) + 1) % 3]) disagreeing++
  }
  return { shellOf, count, turned, disagreeing }
}

export type ShellStats = {
  /** Signed volume (mm³), area (mm²), boundary corners, and bounds [minX, minY, minZ, maxX, maxY, maxZ] per shell. */
  volume: Float64Array
  area: Float64Array
  open: Int32Array
  bounds: Float64Array
  triangles: Int32Array
}

export function measureShells(positions: Float64Array, indices: Uint32Array, mate: Int32Array, shells: Shells): ShellStats {
  const n = shells.count
  const volume = new Float64Array(n), area = new Float64Array(n), open = new Int32Array(n), triangles = new Int32Array(n)
  const bounds = new Float64Array(6 * n)
  for (let s = 0; s < n; s++) bounds.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity], 6 * s)
  for (let t = 0; t < indices.length / 3; t++) {
    const s = shells.shellOf[t]!
    triangles[s]!++
    const a = indices[3 * t]!, b = indices[3 * t + 1]!, c = indices[3 * t + 2]!
    const ax = positions[3 * a]!, ay = positions[3 * a + 1]!, az = positions[3 * a + 2]!
    const bx = positions[3 * b]!, by = positions[3 * b + 1]!, bz = positions[3 * b + 2]!
    const cx = positions[3 * c]!, cy = positions[3 * c + 1]!, cz = positions[3 * c + 2]!
    volume[s]! += (ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)) / 6
    const ux = bx - ax, uy = by - ay, uz = bz - az, vx = cx - ax, vy = cy - ay, vz = cz - az
    area[s]! += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2
    for (let k = 0; k < 3; k++) if (mate[3 * t + k]! < 0) open[s]!++
    const o = 6 * s
    bounds[o] = Math.min(bounds[o]!, ax, bx, cx); bounds[o + 1] = Math.min(bounds[o + 1]!, ay, by, cy); bounds[o + 2] = Math.min(bounds[o + 2]!, az, bz, cz)
    bounds[o + 3] = Math.max(bounds[o + 3]!, ax, bx, cx); bounds[o + 4] = Math.max(bounds[o + 4]!, ay, by, cy); bounds[o + 5] = Math.max(bounds[o + 5]!, az, bz, cz)
  }
  return { volume, area, open, bounds, triangles }
}
