// Safe repairs of a terrain mesh, each reported: weld duplicate vertices (STL stores every triangle's
// corners separately), drop degenerate and duplicate triangles, turn triangles to agree with their
// neighbours, close small holes, and turn an inside-out mesh right way out. What cannot be repaired
// safely (a big hole, edges shared by three triangles) is left for checkMesh to refuse.
// Written here rather than with manifold-3d: these five steps are small, allocation-light over typed
// arrays, need no wasm in the worker, and manifold's constructor refuses exactly the meshes that need them.

import { MESH_LIMITS } from '../engine/index.ts'

/** Vertices closer than this (mm, after snapping to a grid of this size) are one vertex. */
export const WELD_MM = 0.001
/** Holes whose rim spans at most this much (mm) are closed; bigger ones are refused. */
export const HOLE_CLOSE_MAX_MM = 5

export type RepairedMesh = { positions: Float64Array; indices: Uint32Array; repairs: string[] }

/** Open-addressing hash from a non-negative integer-valued number key to an int (no per-entry objects). */
class NumberMap {
  private keys: Float64Array
  private values: Int32Array
  private mask: number
  constructor(expected: number) {
    let size = 16
    while (size < expected * 2) size *= 2
    this.keys = new Float64Array(size).fill(-1)
    this.values = new Int32Array(size)
    this.mask = size - 1
  }
  private slot(key: number): number {
    // mix the high and low 26 bits (keys stay below 2^53)
    const lo = key % 67108864, hi = Math.floor(key / 67108864)
    // murmur3's 32-bit finaliser over both halves
    let h = Math.imul(lo | 0, 0xcc9e2d51) ^ Math.imul((hi | 0) ^ 0x1b873593, 0x85ebca6b)
    h ^= h >>> 16
    h = Math.imul(h, 0x85ebca6b)
    h ^= h >>> 13
    h = Math.imul(h, 0xc2b2ae35)
    h ^= h >>> 16
    let i = h & this.mask
    while (this.keys[i] !== -1 && this.keys[i] !== key) i = (i + 1) & this.mask
    return i
  }
  get(key: number): number | undefined {
    const i = this.slot(key)
    return this.keys[i] === key ? this.values[i] : undefined
  }
  set(key: number, value: number): void {
    const i = this.slot(key)
    this.keys[i] = key
    this.values[i] = value
  }
}

/** Weld vertices that fall in the same WELD_MM cell, snapping them to it. */
function weld(positions: Float64Array, indices: Uint32Array): { positions: Float64Array; indices: Uint32Array; merged: number } {
  const n = positions.length / 3
  const cells = new NumberMap(n)
  const remap = new Uint32Array(n)
  const out = new Float64Array(n * 3)
  let m = 0
  // three cell coordinates do not fit one exact key: (x, y) cells → a pair id, then (pair id, z) → vertex.
  // Cells fit 2^26 (±33 m at 1 µm; checkMesh refuses coordinates beyond MESH_LIMITS.maxCoordinateMm).
  const xy = new NumberMap(n)
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

/** Drop triangles with a repeated vertex or zero area, and exact repeats of a triangle. */
function dropBadTriangles(positions: Float64Array, indices: Uint32Array): { indices: Uint32Array; degenerate: number; duplicate: number } {
  const nv = positions.length / 3
  const out = new Uint32Array(indices.length)
  const seen = new NumberMap(indices.length / 3)
  const pairs = new NumberMap(indices.length / 3)
  let m = 0, degenerate = 0, duplicate = 0, pairCount = 0
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!, b = indices[t + 1]!, c = indices[t + 2]!
    const ux = positions[3 * b]! - positions[3 * a]!, uy = positions[3 * b + 1]! - positions[3 * a + 1]!, uz = positions[3 * b + 2]! - positions[3 * a + 2]!
    const vx = positions[3 * c]! - positions[3 * a]!, vy = positions[3 * c + 1]! - positions[3 * a + 1]!, vz = positions[3 * c + 2]! - positions[3 * a + 2]!
    const area2 = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx)
    if (a === b || b === c || a === c || area2 <= WELD_MM * WELD_MM) { degenerate++; continue }
    // same triangle, same winding, whatever the starting corner: rotate to start at the smallest index
    const first = a < b && a < c ? 0 : b < c ? 1 : 2
    const r0 = first === 0 ? a : first === 1 ? b : c
    const r1 = first === 0 ? b : first === 1 ? c : a
    const r2 = first === 0 ? c : first === 1 ? a : b
    const k01 = r0 * nv + r1
    let pair = pairs.get(k01)
    if (pair === undefined) { pair = pairCount++; pairs.set(k01, pair) }
    if (seen.get(pair * nv + r2) !== undefined) { duplicate++; continue }
    seen.set(pair * nv + r2, t)
    out[m++] = a; out[m++] = b; out[m++] = c
  }
  return { indices: out.slice(0, m), degenerate, duplicate }
}

/** For each triangle corner k (edge k → k+1), the other triangle corner that uses the same edge, or −1. */
function edgeNeighbours(nv: number, indices: Uint32Array): { other: Int32Array; nonManifold: number } {
  const first = new NumberMap(indices.length)
  const other = new Int32Array(indices.length).fill(-1)
  let nonManifold = 0
  for (let e = 0; e < indices.length; e++) {
    const t = e - (e % 3)
    const p = indices[e]!, q = indices[t + ((e % 3) + 1) % 3]!
    const key = Math.min(p, q) * nv + Math.max(p, q)
    const f = first.get(key)
    if (f === undefined) { first.set(key, e); continue }
    if (other[f] === -1) { other[f] = e; other[e] = f } else nonManifold++
  }
  return { other, nonManifold }
}

function flip(indices: Uint32Array, t: number): void {
  const b = indices[3 * t + 1]!
  indices[3 * t + 1] = indices[3 * t + 2]!
  indices[3 * t + 2] = b
}

/** Make neighbours agree (breadth-first over shared edges); returns the triangles turned and the components. */
function orientConsistently(nv: number, indices: Uint32Array): { flipped: number; component: Int32Array; components: number; open: boolean } {
  const nt = indices.length / 3
  const { other } = edgeNeighbours(nv, indices)
  const open = other.includes(-1)
  const component = new Int32Array(nt).fill(-1)
  const queue = new Int32Array(nt)
  const turn = new Uint8Array(nt)
  let flipped = 0, components = 0
  for (let seed = 0; seed < nt; seed++) {
    if (component[seed] !== -1) continue
    let head = 0, tail = 0
    queue[tail++] = seed
    component[seed] = components
    while (head < tail) {
      const t = queue[head++]!
      for (let k = 0; k < 3; k++) {
        const e = 3 * t + k
        const f = other[e]!
        if (f < 0) continue
        const u = (f - (f % 3)) / 3
        if (component[u] !== -1) continue
        component[u] = components
        // agreeing neighbours run the shared edge in opposite directions (t as already turned, u as in the file)
        const startE = turn[t] ? indices[3 * t + ((k + 1) % 3)]! : indices[e]!
        if (startE === indices[f]!) { turn[u] = 1; flipped++ }
        queue[tail++] = u
      }
    }
    components++
  }
  // turned only now: the neighbour table indexes corners as the file had them
  for (let t = 0; t < nt; t++) if (turn[t]) flip(indices, t)
  return { flipped, component, components, open }
}

/** Close holes whose rim spans ≤ HOLE_CLOSE_MAX_MM with a fan from the rim's centre. */
function closeSmallHoles(positions: Float64Array, indices: Uint32Array): { positions: Float64Array; indices: Uint32Array; closed: number; largestMm: number; left: number } {
  const nv = positions.length / 3
  const { other } = edgeNeighbours(nv, indices)
  const next = new NumberMap(64)
  const starts: number[] = []
  let ambiguous = false
  for (let e = 0; e < indices.length; e++) {
    if (other[e] !== -1) continue
    const t = e - (e % 3)
    const a = indices[e]!, b = indices[t + ((e % 3) + 1) % 3]!
    // the rim runs b → a for the fill (opposite to the triangle's edge a → b)
    if (next.get(b) !== undefined) ambiguous = true
    next.set(b, a)
    starts.push(b)
  }
  if (!starts.length || ambiguous) return { positions, indices, closed: 0, largestMm: 0, left: starts.length ? 1 : 0 }
  const done = new Set<number>()
  const extraPos: number[] = []
  const extraIdx: number[] = []
  let closed = 0, largestMm = 0, left = 0
  for (const s of starts) {
    if (done.has(s)) continue
    const loop: number[] = []
    let v = s
    while (!done.has(v)) {
      done.add(v)
      loop.push(v)
      const w = next.get(v)
      if (w === undefined) break
      v = w
    }
    let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity, cx = 0, cy = 0, cz = 0
    for (const u of loop) {
      const x = positions[3 * u]!, y = positions[3 * u + 1]!, z = positions[3 * u + 2]!
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); z0 = Math.min(z0, z); x1 = Math.max(x1, x); y1 = Math.max(y1, y); z1 = Math.max(z1, z)
      cx += x / loop.length; cy += y / loop.length; cz += z / loop.length
    }
    const span = Math.hypot(x1 - x0, y1 - y0, z1 - z0)
    largestMm = Math.max(largestMm, span)
    if (v !== s || span > HOLE_CLOSE_MAX_MM || loop.length < 3) { left++; continue }
    const centre = nv + extraPos.length / 3
    extraPos.push(cx, cy, cz)
    for (let i = 0; i < loop.length; i++) extraIdx.push(loop[i]!, loop[(i + 1) % loop.length]!, centre)
    closed++
  }
  if (!closed) return { positions, indices, closed, largestMm, left }
  const p = new Float64Array(positions.length + extraPos.length)
  p.set(positions)
  p.set(extraPos, positions.length)
  const idx = new Uint32Array(indices.length + extraIdx.length)
  idx.set(indices)
  idx.set(extraIdx, indices.length)
  return { positions: p, indices: idx, closed, largestMm, left }
}

/** Turn components with negative volume right way out, unless they sit inside another (a cavity). */
function orientOutward(positions: Float64Array, indices: Uint32Array, component: Int32Array, components: number): number {
  const vol = new Float64Array(components)
  const box = new Float64Array(components * 6)
  for (let c = 0; c < components; c++) box.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity], 6 * c)
  for (let t = 0; t < component.length; t++) {
    const c = component[t]!
    const a = indices[3 * t]!, b = indices[3 * t + 1]!, d = indices[3 * t + 2]!
    const ax = positions[3 * a]!, ay = positions[3 * a + 1]!, az = positions[3 * a + 2]!
    const bx = positions[3 * b]!, by = positions[3 * b + 1]!, bz = positions[3 * b + 2]!
    const dx = positions[3 * d]!, dy = positions[3 * d + 1]!, dz = positions[3 * d + 2]!
    vol[c]! += ax * (by * dz - bz * dy) + ay * (bz * dx - bx * dz) + az * (bx * dy - by * dx)
    box[6 * c] = Math.min(box[6 * c]!, ax, bx, dx); box[6 * c + 1] = Math.min(box[6 * c + 1]!, ay, by, dy); box[6 * c + 2] = Math.min(box[6 * c + 2]!, az, bz, dz)
    box[6 * c + 3] = Math.max(box[6 * c + 3]!, ax, bx, dx); box[6 * c + 4] = Math.max(box[6 * c + 4]!, ay, by, dy); box[6 * c + 5] = Math.max(box[6 * c + 5]!, az, bz, dz)
  }
  const inside = (c: number, d: number) => [0, 1, 2].every((k) => box[6 * d + k]! < box[6 * c + k]! && box[6 * c + k + 3]! < box[6 * d + k + 3]!)
  const turn = new Uint8Array(components)
  let turned = 0
  for (let c = 0; c < components; c++) {
    if (vol[c]! >= 0) continue
    let cavity = false
    for (let d = 0; d < components && !cavity; d++) if (d !== c && vol[d]! > 0 && inside(c, d)) cavity = true
    if (!cavity) { turn[c] = 1; turned++ }
  }
  if (turned) for (let t = 0; t < component.length; t++) if (turn[component[t]!]) flip(indices, t)
  return turned
}

/** Weld, clean, orient and close what is safe; `repairs` says what was done, in words. */
export function repairMesh(positionsIn: Float64Array, indicesIn: Uint32Array): RepairedMesh {
  const repairs: string[] = []
  // out-of-range coordinates are not repaired: checkMesh refuses them with their own message
  for (let i = 0; i < positionsIn.length; i++) if (!(Math.abs(positionsIn[i]!) <= MESH_LIMITS.maxCoordinateMm)) return { positions: positionsIn, indices: indicesIn, repairs }
  const w = weld(positionsIn, indicesIn)
  if (w.merged) repairs.push(`welded ${w.merged} duplicate vertices`)
  const bad = dropBadTriangles(w.positions, w.indices)
  if (bad.degenerate) repairs.push(`removed ${bad.degenerate} degenerate triangle(s)`)
  if (bad.duplicate) repairs.push(`removed ${bad.duplicate} duplicate triangle(s)`)
  let positions = w.positions
  let indices = bad.indices
  const first = orientConsistently(positions.length / 3, indices)
  if (first.flipped) repairs.push(`turned ${first.flipped} triangle(s) to agree with their neighbours`)
  // holes only where there are open edges; the neighbour walk again only where a hole was filled
  let again = first
  if (first.open) {
    const holes = closeSmallHoles(positions, indices)
    if (holes.closed) {
      repairs.push(`closed ${holes.closed} small hole(s) (≤ ${HOLE_CLOSE_MAX_MM} mm across)`)
      positions = holes.positions
      indices = holes.indices
      again = orientConsistently(positions.length / 3, indices)
    }
  }
  const turned = orientOutward(positions, indices, again.component, again.components)
  if (turned) repairs.push(turned === again.components ? 'turned the mesh right way out (its triangles faced inward)' : `turned ${turned} inside-out part(s) right way out`)
  return { positions, indices, repairs }
}
