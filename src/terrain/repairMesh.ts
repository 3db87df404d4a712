// A terrain mesh as found (in table mm: the scene's scale already applied) → a solid for sight lines,
// each step said in words. The solid is the union of closed, outward-wound shells: the caster counts
// how deep a sight line is inside all of them together (castSegment.ts), so shells that touch, overlap
// or pass through each other block as one solid, with no boolean needed. The steps, each linear (a
// hash look-up per vertex or corner) or n·log n (a sort at edges where shells touch, along cracks):
//   1. weld vertices closer than WELD_MM;
//   2. drop triangles with no area (collapsed, or thinner than SLIVER_MM) and exact repeats;
//   3. pair triangles across each edge (around edges where shells touch, by angle: meshShells.ts),
//      turn them to agree, and find the shells;
//   4. stitch the zero-width cracks the dropped slivers (or T-junctions) leave, by splitting triangles;
//   5. close a shell's small holes where that makes it closed; close a shell open only underneath at
//      its bottom outline (area terrain: the solid under its surface);
//   6. turn inside-out shells right way out (not a cavity inside another shell);
//   7. read what is still open (a tree card, a sheet), and closed shells thinner than SHEET_MM, as thin
//      surfaces THIN_SURFACE_MM thick.
// A step that would exceed a budget stops with a message saying so; nothing here loops without bound.
import { MESH_LIMITS } from '../engine/index.ts'
import { NumberMap } from './numberMap.ts'
import { measureShells, orientShells, pairEdges } from './meshShells.ts'
import { type Rim, capUnderneath, fanOverRim, findRims, isCrack, rimSpanMm, stitchCracks } from './closeMeshGaps.ts'

/** Vertices closer than this (mm, snapped to a grid of this size) are one vertex. */
export const WELD_MM = 0.001
/**
 * A triangle less high than this (mm) over its longest edge has no area: a sliver (what exporters
 * leave is exactly flat; a real triangle a thousandth of a micron high is kept, it blocks nothing wrongly).
 */
export const SLIVER_MM = 0.00001
/** Holes whose rim spans at most this much (mm) are closed when that closes their shell. */
export const HOLE_CLOSE_MAX_MM = 5
/** A shell open underneath has every rim vertex within this (mm) of its lowest point. */
export const BOTTOM_TOLERANCE_MM = 0.01
/** A closed shell thinner than this on average (mm: twice its volume over its area) is a sheet. */
export const SHEET_MM = 0.1
/** Open surfaces and sheets block sight as plates this thick (mm): a printed card, a thin wall. */
export const THIN_SURFACE_MM = 1
/** Triangle work budget for deciding whether an inside-out shell is a cavity of another (ray tests). */
const CAVITY_TEST_BUDGET = 20_000_000

export type RepairedMesh = {
  positions: Float64Array
  indices: Uint32Array
  /** The shell of each triangle (a thin surface's plate is a shell of its own). */
  shellOf: Int32Array
  /** What was repaired, in words. */
  repairs: string[]
  /** How the mesh was read where it was not a closed solid, in words (area terrain, thin surfaces). */
  warnings: string[]
  /** What is worth knowing but changes nothing (a solid of several shells). */
  notes: string[]
  /** Solid shells (not counting thin-surface plates). */
  solidShells: number
}

/** A mesh that cannot be made a solid within the budgets: the message says why. */
export class MeshRefused extends Error {}

/** Weld vertices that fall in the same WELD_MM cell, snapping them to it. Coordinates must be within ±MESH_LIMITS.maxCoordinateMm. */
function weld(positions: Float64Array, indices: Uint32Array): { positions: Float64Array; indices: Uint32Array; merged: number } {
  const n = positions.length / 3
  const cells = new NumberMap(n)
  const xy = new NumberMap(n)
  const remap = new Uint32Array(n)
  const out = new Float64Array(n * 3)
  let m = 0
  // three cell coordinates do not fit one exact key: (x, y) cells → a pair id, then (pair id, z) → vertex.
  // Cells fit 2^26 (±33 m at 1 µm; coordinates beyond MESH_LIMITS.maxCoordinateMm are refused before).
  const OFF = 2 ** 25
  let pairs = 0
  for (let v = 0; v < n; v++) {
    const qx = Math.round(positions[3 * v]! / WELD_MM) + OFF
    const qy = Math.round(positions[3 * v + 1]! / WELD_MM) + OFF
    const qz = Math.round(positions[3 * v + 2]! / WELD_MM) + OFF
    const kxy = qx * 2 ** 26 + qy
    let pxy = xy.get(kxy)
    if (pxy === undefined) { pxy = pairs++; xy.set(kxy, pxy) }
    const k = pxy * 2 ** 26 + qz
    const hit = cells.get(k)
    if (hit !== undefined) { remap[v] = hit; continue }
    cells.set(k, m)
    remap[v] = m
    out[3 * m] = (qx - OFF) * WELD_MM
    out[3 * m + 1] = (qy - OFF) * WELD_MM
    out[3 * m + 2] = (qz - OFF) * WELD_MM
    m++
  }
  const idx = new Uint32Array(indices.length)
  for (let i = 0; i < indices.length; i++) idx[i] = remap[indices[i]!]!
  return { positions: out.slice(0, m * 3), indices: idx, merged: n - m }
}

/** Is triangle a, b, c (distinct vertices) thinner than SLIVER_MM over its longest edge? */
export function isSliver(positions: Float64Array, a: number, b: number, c: number): boolean {
  const ux = positions[3 * b]! - positions[3 * a]!, uy = positions[3 * b + 1]! - positions[3 * a + 1]!, uz = positions[3 * b + 2]! - positions[3 * a + 2]!
  const vx = positions[3 * c]! - positions[3 * a]!, vy = positions[3 * c + 1]! - positions[3 * a + 1]!, vz = positions[3 * c + 2]! - positions[3 * a + 2]!
  const cross = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx)
  const longest = Math.max(Math.hypot(ux, uy, uz), Math.hypot(vx, vy, vz), Math.hypot(vx - ux, vy - uy, vz - uz))
  return !(cross > SLIVER_MM * longest)
}

/**
 * Drop triangles with a repeated vertex or no area; mark exact repeats of a triangle (same winding).
 * A repeat is not dropped here: where two overlapping shells have a face in common, each shell needs
 * its copy. Once the triangles are paired, a repeat that pairs with nothing is dropped (an exporter's
 * doubled triangle).
 */
function dropBadTriangles(positions: Float64Array, indices: Uint32Array): { indices: Uint32Array; degenerate: number; repeats: number[] } {
  const nv = positions.length / 3
  const out = new Uint32Array(indices.length)
  const seen = new NumberMap(indices.length / 3)
  const pairs = new NumberMap(indices.length / 3)
  const repeats: number[] = []
  let m = 0, degenerate = 0, pairCount = 0
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!, b = indices[t + 1]!, c = indices[t + 2]!
    if (a === b || b === c || a === c || isSliver(positions, a, b, c)) { degenerate++; continue }
    // same triangle, same winding, whatever the starting corner: rotate to start at the smallest index
    const first = a < b && a < c ? 0 : b < c ? 1 : 2
    const r0 = first === 0 ? a : first === 1 ? b : c
    const r1 = first === 0 ? b : first === 1 ? c : a
    const r2 = first === 0 ? c : first === 1 ? a : b
    const k01 = r0 * nv + r1
    let pair = pairs.get(k01)
    if (pair === undefined) { pair = pairCount++; pairs.set(k01, pair) }
    if (seen.get(pair * nv + r2) !== undefined) repeats.push(m / 3)
    else seen.set(pair * nv + r2, t)
    out[m++] = a; out[m++] = b; out[m++] = c
  }
  return { indices: out.slice(0, m), degenerate, repeats }
}

/** The repeats (triangle numbers) that pair with no triangle at any edge: an exporter's doubled triangles. */
function unpairedRepeats(repeats: readonly number[], mate: Int32Array): Set<number> {
  const out = new Set<number>()
  for (const t of repeats) if (mate[3 * t] === -1 && mate[3 * t + 1] === -1 && mate[3 * t + 2] === -1) out.add(t)
  return out
}

function withoutTriangles(indices: Uint32Array, drop: Set<number>): Uint32Array {
  const out = new Uint32Array(indices.length - 3 * drop.size)
  let m = 0
  for (let t = 0; t < indices.length / 3; t++) if (!drop.has(t)) { out[m++] = indices[3 * t]!; out[m++] = indices[3 * t + 1]!; out[m++] = indices[3 * t + 2]! }
  return out
}

function flip(indices: Uint32Array, t: number): void {
  const b = indices[3 * t + 1]!
  indices[3 * t + 1] = indices[3 * t + 2]!
  indices[3 * t + 2] = b
}

/** Rims that share a vertex, merged: each a hole (its corners in no particular order). */
function rimClusters(indices: Uint32Array, rims: Rim[]): Rim[] {
  const owner = new Map<number, number>()
  const parent = rims.map((_, i) => i)
  const find = (i: number): number => { while (parent[i] !== i) { parent[i] = parent[parent[i]!]!; i = parent[i]! } return i }
  rims.forEach((rim, i) => {
    for (const e of rim.corners) {
      for (const v of [indices[e]!, indices[e - (e % 3) + ((e % 3) + 1) % 3]!]) {
        const o = owner.get(v)
        if (o === undefined) owner.set(v, i)
        else { const a = find(o), b = find(i); if (a !== b) parent[a] = b }
      }
    }
  })
  const out = new Map<number, Rim>()
  rims.forEach((rim, i) => {
    const k = find(i)
    const c = out.get(k) ?? { corners: [], closed: true, ambiguous: false }
    for (const e of rim.corners) c.corners.push(e)
    out.set(k, c)
  })
  return [...out.values()]
}

/** A typed array with extra values after it (the same array when there are none). */
function append<A extends Float64Array | Uint32Array>(a: A, extra: number[], make: (length: number) => A): A {
  if (!extra.length) return a
  const out = make(a.length + extra.length)
  out.set(a)
  out.set(extra, a.length)
  return out
}

/** Weld, clean, stitch, close, orient, and read open parts as thin surfaces; each step said in words. */
export function repairMesh(positionsIn: Float64Array, indicesIn: Uint32Array): RepairedMesh {
  const repairs: string[] = []
  const warnings: string[] = []
  for (let i = 0; i < positionsIn.length; i++) {
    if (!(Math.abs(positionsIn[i]!) <= MESH_LIMITS.maxCoordinateMm)) throw new MeshRefused(`has a coordinate (${positionsIn[i]}) that is not finite or beyond ±${MESH_LIMITS.maxCoordinateMm} mm`)
  }
  const w = weld(positionsIn, indicesIn)
  if (w.merged) repairs.push(`welded ${w.merged} duplicate vertices`)
  const bad = dropBadTriangles(w.positions, w.indices)
  if (bad.degenerate) repairs.push(`removed ${bad.degenerate} degenerate triangle(s)`)
  let positions = w.positions
  let indices = bad.indices
  if (indices.length === 0) throw new MeshRefused('has no triangle with an area (every triangle is degenerate)')

  // pass 1: shells as found, and the cracks dropped slivers (or T-junctions in the file) leave
  let pairing = pairEdges(positions, indices)
  const doubled = unpairedRepeats(bad.repeats, pairing.mate)
  if (doubled.size) {
    indices = withoutTriangles(indices, doubled)
    repairs.push(`removed ${doubled.size} duplicate triangle(s)`)
    pairing = pairEdges(positions, indices)
  }
  let shells = orientShells(indices, pairing.mate)
  let turned = shells.turned
  if (turned && pairing.sharedEdges) {
    // where shells touch, faces pair by the way they run: once turned to agree, they pair again
    pairing = pairEdges(positions, indices)
    shells = orientShells(indices, pairing.mate)
    turned += shells.turned
  }
  let stitchedCracks = 0, splitTriangles = 0
  const stitch = () => {
    const cracks = findRims(positions, indices, pairing.mate).filter((rim) => isCrack(positions, indices, rim, SLIVER_MM))
    if (!cracks.length) return
    const st = stitchCracks(positions, indices, cracks)
    positions = st.positions
    indices = st.indices
    stitchedCracks += cracks.length
    splitTriangles += st.split
    pairing = pairEdges(positions, indices)
    shells = orientShells(indices, pairing.mate)
    turned += shells.turned
  }
  stitch()
  if (stitchedCracks) repairs.push(`stitched ${stitchedCracks} zero-width crack(s) (left by slivers or T-junctions) by splitting ${splitTriangles} triangle(s)`)

  // pass 2: per open shell, close its small holes if that closes it, or its underside if it is open only there
  let stats = measureShells(positions, indices, pairing.mate, shells)
  if (stats.open.some((n) => n > 0)) {
    const rims = findRims(positions, indices, pairing.mate)
    const rimsOf = new Map<number, number[]>()
    const shellsOfRim = rims.map((rim, r) => {
      const set = new Set(rim.corners.map((e) => shells.shellOf[(e - (e % 3)) / 3]!))
      for (const s of set) { const l = rimsOf.get(s) ?? []; l.push(r); rimsOf.set(s, l) }
      return set
    })
    const extraPos: number[] = []
    const extraIdx: number[] = []
    let holes = 0, capped = 0
    const done = new Set<number>()
    for (const [s, rs] of rimsOf) {
      if (done.has(s)) continue
      // the rims must belong to this shell alone
      if (rs.some((r) => shellsOfRim[r]!.size > 1)) continue
      // A hole is a cluster of rim edges that meet at vertices: a loop, or loops touching at a corner
      // (where the walk found two ways on). A fan from the cluster's centre over all its edges closes it:
      // at each vertex as many rim edges leave as arrive, so the fan's spokes pair up.
      const holesOfShell = rimClusters(indices, rs.map((r) => rims[r]!))
      const small = holesOfShell.every((h) => rimSpanMm(positions, indices, h) <= HOLE_CLOSE_MAX_MM)
      if (small) {
        const fans = []
        for (const h of holesOfShell) {
          const fan = fanOverRim(positions, indices, h, positions.length / 3 + extraPos.length / 3 + fans.length, SLIVER_MM)
          if (!fan) break
          fans.push(fan)
        }
        if (fans.length === holesOfShell.length) {
          for (const f of fans) { extraPos.push(f.centre[0], f.centre[1], f.centre[2]); for (const v of f.triangles) extraIdx.push(v) }
          holes += fans.length
          done.add(s)
          continue
        }
      }
      if (rs.some((r) => !rims[r]!.closed)) continue
      const zMin = stats.bounds[6 * s + 2]!
      // standing on its outline: it has height, and every rim lies at its bottom
      const underneath = stats.bounds[6 * s + 5]! - zMin > 10 * BOTTOM_TOLERANCE_MM && rs.every((r) => rims[r]!.corners.every((e) => positions[3 * indices[e]! + 2]! <= zMin + BOTTOM_TOLERANCE_MM))
      if (underneath) {
        const cap = capUnderneath(positions, indices, rs.map((r) => rims[r]!))
        if (cap) { for (const v of cap) extraIdx.push(v); capped++; done.add(s) }
      }
    }
    if (holes) repairs.push(`closed ${holes} small hole(s) (≤ ${HOLE_CLOSE_MAX_MM} mm across)`)
    if (capped) warnings.push(`${capped === shells.count ? 'the mesh is' : `${capped} part(s) are`} open underneath: read as area terrain standing on the table (the solid under its surface, closed along its outline at the bottom)`)
    if (extraIdx.length) {
      positions = append(positions, extraPos, (n) => new Float64Array(n))
      indices = append(indices, extraIdx, (n) => new Uint32Array(n))
      pairing = pairEdges(positions, indices)
      shells = orientShells(indices, pairing.mate)
      turned += shells.turned
      // a cap's triangulation skips rim vertices on a straight run (earcut drops them): stitched like any crack
      stitch()
      stats = measureShells(positions, indices, pairing.mate, shells)
    }
  }
  if (turned) repairs.push(`turned ${turned} triangle(s) to agree with their neighbours`)

  // pass 3: what each shell is (solid, cavity, inside out, or thin), and the solid's triangles
  const n = shells.count
  const thin = new Uint8Array(n)
  let openParts = 0, sheets = 0
  for (let s = 0; s < n; s++) {
    if (stats.open[s]! > 0) { thin[s] = 1; openParts++ }
    else if (2 * Math.abs(stats.volume[s]!) < SHEET_MM * stats.area[s]!) { thin[s] = 1; sheets++ }
  }
  if (shells.disagreeing) {
    // a surface that cannot be wound one way (a Möbius strip) bounds no solid: read it as a thin surface
    for (let e = 0; e < pairing.mate.length; e++) {
      const f = pairing.mate[e]!
      if (f >= 0 && indices[e] !== indices[f - (f % 3) + ((f % 3) + 1) % 3]) { const s = shells.shellOf[(e - (e % 3)) / 3]!; if (!thin[s]) { thin[s] = 1; openParts++ } }
    }
  }
  const turnShell = findInsideOut(positions, indices, shells.shellOf, stats, thin)
  let insideOut = 0, solids = 0
  for (let s = 0; s < n; s++) if (!thin[s]) { solids++; if (turnShell[s]) insideOut++ }
  if (insideOut) {
    for (let t = 0; t < indices.length / 3; t++) if (turnShell[shells.shellOf[t]!]) flip(indices, t)
    repairs.push(insideOut === solids ? 'turned the mesh right way out (its triangles faced inward)' : `turned ${insideOut} inside-out part(s) right way out`)
  }
  const notes = solids > 1 ? [`a solid of ${solids} shells (touching or overlapping parts): a sight line inside any of them is inside the piece`] : []
  if (openParts || sheets) {
    const what = [openParts ? `${openParts} open part(s)` : '', sheets ? `${sheets} closed part(s) thinner than ${SHEET_MM} mm` : ''].filter(Boolean).join(' and ')
    warnings.push(`${what}: read as thin surfaces ${THIN_SURFACE_MM} mm thick (a sight line crossing one is blocked); close the mesh to make it a solid`)
  }
  const thinTriangles = (() => { let k = 0; for (let t = 0; t < indices.length / 3; t++) if (thin[shells.shellOf[t]!]) k++; return k })()
  const total = indices.length / 3 - thinTriangles + 8 * thinTriangles
  if (total > MESH_LIMITS.maxTriangles) throw new MeshRefused(`reading its ${thinTriangles} open triangles as thin surfaces would need ${total} triangles, over the limit of ${MESH_LIMITS.maxTriangles}; close the mesh`)
  if (solids === 0 && thinTriangles === 0) throw new MeshRefused('has no solid and no surface left after repair')
  return assemble(positions, indices, shells.shellOf, thin, n, repairs, warnings, notes, solids)
}

/**
 * Which closed shells to turn: those with negative volume that are not a cavity, i.e. not inside a
 * positive shell (a hollowed print's inner wall faces inward on purpose). Inside is decided by a ray
 * from one of the shell's vertices, counted against the candidate's triangles, within a budget.
 */
function findInsideOut(positions: Float64Array, indices: Uint32Array, shellOf: Int32Array, stats: ReturnType<typeof measureShells>, thin: Uint8Array): Uint8Array {
  const n = thin.length
  const turn = new Uint8Array(n)
  const negative: number[] = []
  for (let s = 0; s < n; s++) if (!thin[s] && stats.volume[s]! < 0) negative.push(s)
  if (!negative.length) return turn
  // triangles by shell (a counting sort), only needed when some shell is inside out
  const start = new Int32Array(n + 1)
  for (let t = 0; t < shellOf.length; t++) start[shellOf[t]! + 1]!++
  for (let s = 0; s < n; s++) start[s + 1]! += start[s]!
  const fill = start.slice(0, n)
  const byShell = new Int32Array(shellOf.length)
  for (let t = 0; t < shellOf.length; t++) byShell[fill[shellOf[t]!]!++] = t
  let budget = CAVITY_TEST_BUDGET
  const b = stats.bounds
  const inside = (c: number, d: number) => [0, 1, 2].every((k) => b[6 * d + k]! < b[6 * c + k]! && b[6 * c + k + 3]! < b[6 * d + k + 3]!)
  for (const c of negative) {
    const v = indices[3 * byShell[start[c]!]!]!
    let cavity = false
    for (let d = 0; d < n && !cavity; d++) {
      if (d === c || thin[d] || !(stats.volume[d]! > 0) || !inside(c, d)) continue
      const count = start[d + 1]! - start[d]!
      if (count > budget) break
      budget -= count
      cavity = rayParity(positions, indices, byShell, start[d]!, start[d + 1]!, positions[3 * v]!, positions[3 * v + 1]!, positions[3 * v + 2]!)
    }
    if (!cavity) turn[c] = 1
  }
  return turn
}

/** Odd crossings of a ray from (x, y, z) along a direction no edge of a grid-aligned model runs along. */
function rayParity(positions: Float64Array, indices: Uint32Array, tris: Int32Array, from: number, to: number, ox: number, oy: number, oz: number): boolean {
  const dx = 0.8017837, dy = 0.5345225, dz = 0.2672612
  let crossings = 0
  for (let i = from; i < to; i++) {
    const t = tris[i]!
    const a = 3 * indices[3 * t]!, bb = 3 * indices[3 * t + 1]!, c = 3 * indices[3 * t + 2]!
    const e1x = positions[bb]! - positions[a]!, e1y = positions[bb + 1]! - positions[a + 1]!, e1z = positions[bb + 2]! - positions[a + 2]!
    const e2x = positions[c]! - positions[a]!, e2y = positions[c + 1]! - positions[a + 1]!, e2z = positions[c + 2]! - positions[a + 2]!
    const px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x
    const det = e1x * px + e1y * py + e1z * pz
    if (det === 0) continue
    const sx = ox - positions[a]!, sy = oy - positions[a + 1]!, sz = oz - positions[a + 2]!
    const u = (sx * px + sy * py + sz * pz) / det
    if (u < 0 || u > 1) continue
    const qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x
    const v = (dx * qx + dy * qy + dz * qz) / det
    if (v < 0 || u + v > 1) continue
    if ((e2x * qx + e2y * qy + e2z * qz) / det > 0) crossings++
  }
  return crossings % 2 === 1
}

/** The solid shells' triangles as they are, each thin shell's triangles as plates; unused vertices dropped. */
function assemble(positions: Float64Array, indices: Uint32Array, shellOf: Int32Array, thin: Uint8Array, shellCount: number, repairs: string[], warnings: string[], notes: string[], solids: number): RepairedMesh {
  const nt = indices.length / 3
  const outPos: number[] = []
  const outIdx: number[] = []
  const outShell: number[] = []
  const remap = new Int32Array(positions.length / 3).fill(-1)
  const keep = (v: number) => {
    if (remap[v] === -1) { remap[v] = outPos.length / 3; outPos.push(positions[3 * v]!, positions[3 * v + 1]!, positions[3 * v + 2]!) }
    return remap[v]!
  }
  let nextShell = shellCount
  const h = THIN_SURFACE_MM / 2
  for (let t = 0; t < nt; t++) {
    const a = indices[3 * t]!, b = indices[3 * t + 1]!, c = indices[3 * t + 2]!
    const s = shellOf[t]!
    if (!thin[s]) { outIdx.push(keep(a), keep(b), keep(c)); outShell.push(s); continue }
    const ux = positions[3 * b]! - positions[3 * a]!, uy = positions[3 * b + 1]! - positions[3 * a + 1]!, uz = positions[3 * b + 2]! - positions[3 * a + 2]!
    const vx = positions[3 * c]! - positions[3 * a]!, vy = positions[3 * c + 1]! - positions[3 * a + 1]!, vz = positions[3 * c + 2]! - positions[3 * a + 2]!
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx
    const l = Math.hypot(nx, ny, nz)
    // a triangle with no area (a split along a crack can leave one) is no surface: no plate
    if (!(l > 0)) continue
    nx *= h / l; ny *= h / l; nz *= h / l
    const base = outPos.length / 3
    for (const sign of [1, -1]) for (const v of [a, b, c]) outPos.push(positions[3 * v]! + sign * nx, positions[3 * v + 1]! + sign * ny, positions[3 * v + 2]! + sign * nz)
    const top = [base, base + 1, base + 2], bottom = [base + 3, base + 4, base + 5]
    outIdx.push(top[0]!, top[1]!, top[2]!, bottom[0]!, bottom[2]!, bottom[1]!)
    for (let k = 0; k < 3; k++) {
      const p = k, q = (k + 1) % 3
      outIdx.push(bottom[p]!, bottom[q]!, top[q]!, bottom[p]!, top[q]!, top[p]!)
    }
    for (let k = 0; k < 8; k++) outShell.push(nextShell)
    nextShell++
  }
  return { positions: Float64Array.from(outPos), indices: Uint32Array.from(outIdx), shellOf: Int32Array.from(outShell), repairs, warnings, notes, solidShells: solids }
}
