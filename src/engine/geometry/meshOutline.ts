// A mesh piece's footprint for 2D rules (in terrain, movement, areas): its outline where it stands on
// the table, not its convex hull. A hull fills the courtyard of an L-shaped ruin and the gap of an arch.
// The mesh (closed, wound outward) is cut by a horizontal plane just above its bottom; the cut's
// segments are chained into loops (counter-clockwise around solid, clockwise around holes) and the
// loops joined into one polygon by zero-width bridges, so the even-odd polygon tests in polygon.ts
// (containment, length inside) see exactly the cut's area.
import { signedAreaMm2 } from './polygon.ts'

/** Height above the piece's bottom (mm) where its footprint is cut (half the piece if it is thinner). */
export const FOOTPRINT_CUT_MM = 1

/**
 * The loops of the mesh's cross-section at height zMm. Vertices `vertexOffset…` of `positions` are the
 * mesh's (indices are relative to them). Returns [] when the plane misses the mesh or the cut does
 * not close (an open mesh).
 */
export function outlineMeshAtHeight(positions: ArrayLike<number>, indices: ArrayLike<number>, zMm: number, vertexOffset = 0): Array<Array<[number, number]>> {
  const startOf = new Map<number, number>()
  const segs: number[] = [] // x0, y0, x1, y1, endKey per segment
  const nv = positions.length / 3 + 1
  const above = (v: number) => positions[3 * (v + vertexOffset) + 2]! >= zMm
  const cut = (a: number, b: number, out: number[]) => {
    const pa = 3 * (a + vertexOffset), pb = 3 * (b + vertexOffset)
    const t = (zMm - positions[pa + 2]!) / (positions[pb + 2]! - positions[pa + 2]!)
    out.push(positions[pa]! + t * (positions[pb]! - positions[pa]!), positions[pa + 1]! + t * (positions[pb + 1]! - positions[pa + 1]!))
  }
  const key = (a: number, b: number) => Math.min(a, b) * nv + Math.max(a, b)
  const pts: number[] = []
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const v = [indices[t]!, indices[t + 1]!, indices[t + 2]!] as const
    const up = [above(v[0]), above(v[1]), above(v[2])]
    if (up[0] === up[1] && up[1] === up[2]) continue
    // the two edges that cross the plane, in triangle order
    const crossing: Array<[number, number]> = []
    for (let i = 0; i < 3; i++) if (up[i] !== up[(i + 1) % 3]) crossing.push([v[i]!, v[(i + 1) % 3]!])
    // Walking the triangle counter-clockwise (seen from outside), the cut runs with the solid on its
    // left seen from above when it goes from the edge that climbs to the edge that descends.
    const [e0, e1] = crossing as [[number, number], [number, number]]
    const climbs0 = !above(e0[0]) && above(e0[1])
    const [from, to] = climbs0 ? [e1, e0] : [e0, e1]
    pts.length = 0
    cut(from[0], from[1], pts)
    cut(to[0], to[1], pts)
    const startKey = key(from[0], from[1])
    if (startOf.has(startKey)) return [] // two segments start on one edge: not a closed, consistent mesh
    startOf.set(startKey, segs.length / 5)
    segs.push(pts[0]!, pts[1]!, pts[2]!, pts[3]!, key(to[0], to[1]))
  }
  const n = segs.length / 5
  const used = new Uint8Array(n)
  const loops: Array<Array<[number, number]>> = []
  for (let s0 = 0; s0 < n; s0++) {
    if (used[s0]) continue
    const loop: Array<[number, number]> = []
    let s = s0
    while (!used[s]) {
      used[s] = 1
      loop.push([segs[5 * s]!, segs[5 * s + 1]!])
      const next = startOf.get(segs[5 * s + 4]!)
      if (next === undefined) return []
      s = next
    }
    if (s !== s0) return []
    const clean = dropCollinear(loop)
    if (clean.length >= 3 && Math.abs(signedAreaMm2(clean)) > 1e-6) loops.push(clean)
  }
  return loops
}

/** Remove repeated and collinear vertices (a finely tessellated side cuts into many collinear points). */
function dropCollinear(loop: Array<[number, number]>): Array<[number, number]> {
  let pts = loop
  for (let pass = 0; pass < 2; pass++) {
    const out: Array<[number, number]> = []
    const n = pts.length
    for (let i = 0; i < n; i++) {
      const p = pts[(i + n - 1) % n]!, q = pts[i]!, r = pts[(i + 1) % n]!
      const cross = (q[0] - p[0]) * (r[1] - q[1]) - (q[1] - p[1]) * (r[0] - q[0])
      const len = Math.hypot(r[0] - p[0], r[1] - p[1])
      if (Math.hypot(q[0] - p[0], q[1] - p[1]) < 1e-9) continue
      if (Math.abs(cross) <= 1e-9 * Math.max(len, 1) && (q[0] - p[0]) * (r[0] - q[0]) + (q[1] - p[1]) * (r[1] - q[1]) >= 0) continue
      out.push(q)
    }
    pts = out
  }
  return pts
}

/**
 * Loops joined into one polygon: the largest first, every other loop (another part, or a hole)
 * spliced in at its nearest vertex by a bridge walked there and back. A bridge encloses no area, so
 * even-odd tests see the loops' own area only. Returns null for no loops.
 */
export function joinLoops(loops: ReadonlyArray<ReadonlyArray<[number, number]>>): Array<[number, number]> | null {
  if (!loops.length) return null
  const sorted = [...loops].sort((a, b) => Math.abs(signedAreaMm2(b)) - Math.abs(signedAreaMm2(a)))
  const main = sorted[0]!.map((p) => [p[0], p[1]] as [number, number])
  const inserts = new Map<number, Array<[number, number]>>()
  for (const loop of sorted.slice(1)) {
    let best = Infinity, bi = 0, bj = 0
    for (let i = 0; i < main.length; i++) {
      for (let j = 0; j < loop.length; j++) {
        const d = Math.hypot(main[i]![0] - loop[j]![0], main[i]![1] - loop[j]![1])
        if (d < best) { best = d; bi = i; bj = j }
      }
    }
    const spliced = inserts.get(bi) ?? []
    for (let k = 0; k <= loop.length; k++) spliced.push([loop[(bj + k) % loop.length]![0], loop[(bj + k) % loop.length]![1]])
    spliced.push([main[bi]![0], main[bi]![1]])
    inserts.set(bi, spliced)
  }
  const out: Array<[number, number]> = []
  main.forEach((p, i) => {
    out.push(p)
    out.push(...(inserts.get(i) ?? []))
  })
  return out
}

/**
 * The footprint of a placed mesh (vertices `vertexOffset…` of `positions`, already in table mm):
 * its outline FOOTPRINT_CUT_MM above its bottom, or null when there is no closed outline there
 * (the caller falls back to the convex hull).
 */
export function findMeshFootprint(positions: ArrayLike<number>, indices: ArrayLike<number>, vertexOffset: number, bottomZ: number, topZ: number): Array<[number, number]> | null {
  const z = bottomZ + Math.min(FOOTPRINT_CUT_MM, (topZ - bottomZ) / 2)
  return joinLoops(outlineMeshAtHeight(positions, indices, z, vertexOffset))
}
