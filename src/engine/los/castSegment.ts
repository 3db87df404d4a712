// Hot path: called for every sampled sight line. No allocation per call; the scratch objects
// below are module-private and not reentrant (one call tree at a time, as in three-mesh-bvh).
//
// For one segment, how far (mm) it runs inside each terrain piece and each model volume.
// "Inside" is measured, not merely "hit", so that grazing an edge, a corner or a face (a zero-
// length passage) never blocks: the caller compares each length with GRAZE_MM.
import { Ray, type Box3 } from 'three'
import { BVH, INTERSECTED, NOT_INTERSECTED } from 'three-mesh-bvh'
import { type BvhNodes, DIRECT_MAX_TRIANGLES, type TerrainWorld, worldBvh } from './terrainWorld.ts'
import type { PlacedBase } from '../geometry/baseShape.ts'
import { segmentInsideLengthMm, type Polygon } from '../geometry/polygon.ts'

/**
 * A sight line must also run more than this far (mm) inside a (already eroded, see ERODE_MM)
 * solid to count as passing through it: a belt-and-braces guard against float noise at corners.
 */
export const GRAZE_MM = 0.01

/** A model as an obstacle: its base extruded from zBottom to zTop. */
export type ModelSolid = { base: PlacedBase; zBottom: number; zTop: number }

const MAX_HITS = 1024
const hitT = new Float64Array(MAX_HITS)
const hitEnter = new Int8Array(MAX_HITS)
const hitPiece = new Int32Array(MAX_HITS)
/** Per hit: the edge or corner it passed (onRange), NaN for a hit inside a triangle. */
const hitWhere = new Float64Array(MAX_HITS)
/** Per hit: 1 when it repeats an earlier hit of the same piece, way and edge or corner (counted once). */
const hitRepeat = new Uint8Array(MAX_HITS)
const order = new Int32Array(MAX_HITS)
const touched = new Int32Array(MAX_HITS)
let hitCount = 0

const _ray = new Ray()
let _pos: ArrayLike<number> = []
let _idx: ArrayLike<number> = []
let _pieceOfVertex: Int32Array = new Int32Array(0)
let _prismKind: Uint8Array = new Uint8Array(0)

/** A hit this close to a triangle's edge (in barycentric terms) is on it: it is also looked for in the neighbours. */
const ON_EDGE = 1e-9

/**
 * All triangles of a BVH leaf range against the current ray (Möller–Trumbore on raw arrays, both
 * faces), closed and a hair wider: a ray through an edge or a corner shared by triangles meets every
 * one of them, never none. The hit records which edge or corner it was on, so the walk below counts a
 * crossing met by two triangles that face the same way once (a line through a face's diagonal was
 * entered twice and left once: inside to its end). det > 0 means the ray enters through the
 * triangle's front (outward) face.
 */
function onRange(offset: number, count: number): boolean {
  const ox = _ray.origin.x, oy = _ray.origin.y, oz = _ray.origin.z
  const dx = _ray.direction.x, dy = _ray.direction.y, dz = _ray.direction.z
  for (let tri = offset, end = offset + count; tri < end; tri++) {
    const va = _idx[3 * tri]!, vb = _idx[3 * tri + 1]!, vc = _idx[3 * tri + 2]!
    const ia = va * 3, ib = vb * 3, ic = vc * 3
    const ax = _pos[ia]!, ay = _pos[ia + 1]!, az = _pos[ia + 2]!
    const e1x = _pos[ib]! - ax, e1y = _pos[ib + 1]! - ay, e1z = _pos[ib + 2]! - az
    const e2x = _pos[ic]! - ax, e2y = _pos[ic + 1]! - ay, e2z = _pos[ic + 2]! - az
    const px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x
    const det = e1x * px + e1y * py + e1z * pz
    if (det > -1e-12 && det < 1e-12) continue
    const inv = 1 / det
    const sx = ox - ax, sy = oy - ay, sz = oz - az
    const u = (sx * px + sy * py + sz * pz) * inv
    if (u < -ON_EDGE || u > 1 + ON_EDGE) continue
    const qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x
    const v = (dx * qx + dy * qy + dz * qz) * inv
    if (v < -ON_EDGE || u + v > 1 + ON_EDGE) continue
    const t = (e2x * qx + e2y * qy + e2z * qz) * inv
    if (t < 0 || t > cast[FAR]!) continue
    const piece = _pieceOfVertex[va]!
    // an exact prism is measured exactly, not by its triangles (the BVH walk meets them too)
    if (_prismKind[piece] !== 0) continue
    if (hitCount < MAX_HITS) {
      hitT[hitCount] = t
      hitEnter[hitCount] = det > 0 ? 1 : -1
      hitPiece[hitCount] = piece
      // which edge (its two vertices) or corner (−1 − vertex) the ray passed, NaN inside the triangle:
      // u is vertex b's weight (0 on edge a–c), v is c's (0 on a–b), 1 − u − v is a's (0 on b–c)
      const onU = u <= ON_EDGE, onV = v <= ON_EDGE, onW = u + v >= 1 - ON_EDGE
      hitWhere[hitCount] = onU
        ? onV ? -1 - va : onW ? -1 - vc : edgeKey(va, vc)
        : onV ? onW ? -1 - vb : edgeKey(va, vb) : onW ? edgeKey(vb, vc) : NaN
      hitCount++
    }
  }
  return false
}

function edgeKey(p: number, q: number): number {
  return p < q ? p * 4294967296 + q : q * 4294967296 + p
}

// Called through BVH.prototype.shapecast with a range callback only: MeshBVH.shapecast would wrap
// the callbacks in new closures on every call (garbage per sight line).
// The segment being cast through the BVH: its length (the triangle test's far limit), its origin and
// the inverse of its direction per axis (for the slab test of node boxes). In a typed array: a double
// kept in a module variable is boxed anew at each write.
const cast = new Float64Array(7)
const FAR = 0, OX = 1, OY = 2, OZ = 3, IX = 4, IY = 5, IZ = 6

/**
 * The closed slab test, shared by every box test on the sight-line paths: does o + t·d, 0 ≤ t ≤ tMax,
 * meet the box [x0, x1] × [y0, y1] × [z0, z1]? i* = 1/d*, ±Infinity on an axis the segment does not
 * move along; on a face that gives NaN, which no comparison takes, so a face counts as in. `flat`
 * ignores z. Called per box in the inner loops: no allocation.
 */
export function segmentMeetsSlabs(
  x0: number, y0: number, z0: number, x1: number, y1: number, z1: number,
  ox: number, oy: number, oz: number, ix: number, iy: number, iz: number, tMax: number, flat: boolean,
): boolean {
  let t0 = 0
  let t1 = tMax
  let ta = (x0 - ox) * ix
  let tb = (x1 - ox) * ix
  if (ta > tb) { const x = ta; ta = tb; tb = x }
  if (ta > t0) t0 = ta
  if (tb < t1) t1 = tb
  if (t1 < t0) return false
  ta = (y0 - oy) * iy
  tb = (y1 - oy) * iy
  if (ta > tb) { const x = ta; ta = tb; tb = x }
  if (ta > t0) t0 = ta
  if (tb < t1) t1 = tb
  if (t1 < t0 || flat) return t1 >= t0
  ta = (z0 - oz) * iz
  tb = (z1 - oz) * iz
  if (ta > tb) { const x = ta; ta = tb; tb = x }
  if (ta > t0) t0 = ta
  if (tb < t1) t1 = tb
  return t1 >= t0
}

/** Does the current segment (origin, direction, 0 ≤ t ≤ far) meet the BVH node's box? */
function segmentMeetsBox(box: Box3): boolean {
  return segmentMeetsSlabs(box.min.x, box.min.y, box.min.z, box.max.x, box.max.y, box.max.z, cast[OX]!, cast[OY]!, cast[OZ]!, cast[IX]!, cast[IY]!, cast[IZ]!, cast[FAR]!, false)
}

const rangeCallbacks = {
  intersectsBounds: (box: Box3) => (segmentMeetsBox(box) ? INTERSECTED : NOT_INTERSECTED),
  intersectsRange: onRange,
}
const bvhShapecast = BVH.prototype.shapecast as (this: BVH, callbacks: typeof rangeCallbacks) => boolean

/**
 * The segment the hot-path functions below measure (ax, ay, az, bx, by, bz), written by their
 * caller: a double passed to a function V8 does not inline is boxed (a heap allocation per number),
 * read from a typed array it is not. Module scratch, not reentrant.
 */
export const segment = new Float64Array(6)

/** `segment` = a→b (the public entry points, which take numbers). */
function setSegmentTo(ax: number, ay: number, az: number, bx: number, by: number, bz: number): void {
  segment[0] = ax
  segment[1] = ay
  segment[2] = az
  segment[3] = bx
  segment[4] = by
  segment[5] = bz
}

/**
 * Fill insideByPiece[i] with the length (mm) of segment a→b inside terrain piece i (3D).
 * insideByPiece must have world.solids.length entries.
 */
export function measureTerrainCrossing3(
  world: TerrainWorld,
  ax: number, ay: number, az: number,
  bx: number, by: number, bz: number,
  insideByPiece: Float64Array,
  candidates?: Int32Array,
  candidateCount = 0,
): void {
  // With a candidate list (pieces a conservative bound says the segment may reach), only those
  // entries are cleared and only those pieces tried: the caller reads no other entry. Without one,
  // every piece is a candidate.
  if (!candidates) insideByPiece.fill(0)
  setSegmentTo(ax, ay, az, bx, by, bz)
  measureTerrainSegment(world, insideByPiece, candidates ?? world.allPieces, candidates ? candidateCount : world.allPieces.length)
}

/**
 * measureTerrainCrossing3 of `segment` for the `count` pieces listed (only their entries are written).
 * With `stopAbove`: returns true as soon as a listed piece measures more than it (the entries after
 * it are then not written), false when none does.
 */
export function measureTerrainSegment(world: TerrainWorld, insideByPiece: Float64Array, list: Int32Array, count: number, stopAbove = Infinity): boolean {
  const ax = segment[0]!, ay = segment[1]!, az = segment[2]!
  const dx = segment[3]! - ax, dy = segment[4]! - ay, dz = segment[5]! - az
  const len = Math.sqrt(dx * dx + dy * dy + dz * dz)
  if (world.triangleCount === 0 || len === 0) {
    for (let i = 0; i < count; i++) insideByPiece[list[i]!] = 0
    return false
  }
  hitCount = 0
  if (direct.length < count) {
    direct = new Int32Array(count)
    walked = new Int32Array(count)
  }
  const nodes = world.pieceNodes
  let nWalked = 0
  // Prisms are measured exactly (below, in the loop: a call per piece cost more than the
  // arithmetic); small meshes whose box the segment meets are tried directly, triangle by triangle
  // (the same test and arithmetic as the BVH's leaves); a large one sends the segment through the
  // BVH (which then skips the prisms' triangles).
  const bounds = world.pieceBounds, kinds = world.prismKind, start = world.pieceTriangleStart
  const pz = world.prismZ, pst = world.prismStart, xy = world.prismXY, edge = world.prismEdge, f0s = world.prismF0, origin = world.prismOrigin
  const wedges = world.prismWedge
  // The inverse direction, for the boxes of mesh pieces only (taken at the first one): +Infinity for
  // an axis the segment does not move along, whatever the sign of its zero.
  let ix = 0, iy = 0, iz = 0
  let inverted = false
  // The segment's z range: a prism whose z slab holds it all clips the segment to [0, 1] exactly (the
  // divisions below would give t0 ≤ 0 and t1 ≥ 1: subtraction and division are monotone), so the
  // slab's divisions are skipped.
  const bz = segment[5]!
  const zLo = bz < az ? bz : az, zHi = bz < az ? az : bz
  let nDirect = 0
  let large = false
  // the direction for the convex clips (clipConvexPrism), the same for every piece
  convexClip[CLIP_DX] = dx
  convexClip[CLIP_DY] = dy
  for (let i = 0; i < count; i++) {
    const k = list[i]!
    insideByPiece[k] = 0
    const kind = kinds[k]!
    if (kind === 0) {
      if (!inverted) {
        ix = dx === 0 ? Infinity : 1 / dx
        iy = dy === 0 ? Infinity : 1 / dy
        iz = dz === 0 ? Infinity : 1 / dz
        inverted = true
      }
      if (!segmentMeetsBounds(bounds, 6 * k, ax, ay, az, ix, iy, iz)) continue
      if (nodes[k] !== null) walked[nWalked++] = k
      else if (start[k + 1]! - start[k]! > DIRECT_MAX_TRIANGLES) large = true
      else direct[nDirect++] = k
      continue
    }
    if (kind === 1) {
      // A convex prism seen from the segment's start: a segment outside its wedge (by more than float
      // noise) misses it, and the clip below would measure 0; the wedge is kept per piece for the
      // lines from one eye, as f0 is.
      const w = 6 * k
      if (wedges[w] !== ax || wedges[w + 1] !== ay) setPrismWedge(world, k)
      const rx = wedges[w + 2]!
      if (rx === rx) {
        const ry = wedges[w + 3]!, lx = wedges[w + 4]!, ly = wedges[w + 5]!
        const d1 = (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy)
        // clockwise of R or counter-clockwise of L
        if (rx * dy - ry * dx < -WEDGE_TOLERANCE * ((rx < 0 ? -rx : rx) + (ry < 0 ? -ry : ry)) * d1) continue
        if (dx * ly - dy * lx < -WEDGE_TOLERANCE * ((lx < 0 ? -lx : lx) + (ly < 0 ? -ly : ly)) * d1) continue
      }
    }
    // An exact prism: the part of the segment (0 ≤ t ≤ 1) within its z slab, then over its
    // footprint, both closed (a line at exactly the eroded top is inside, as the triangles find it);
    // the solid its triangles bound (terrainWorld's exactPrismKind).
    let t0 = 0
    let t1 = 1
    const zb = pz[2 * k]!, zt = pz[2 * k + 1]!
    if (zb <= zLo && zHi <= zt) {
      // within the slab: [0, 1] as it is
    } else if (dz === 0) {
      if (az < zb || az > zt) continue
    } else {
      let ta = (zb - az) / dz
      let tb = (zt - az) / dz
      if (ta > tb) { const x = ta; ta = tb; tb = x }
      if (ta > t0) t0 = ta
      if (tb < t1) t1 = tb
      if (t1 < t0) continue
    }
    const v0 = pst[k]!, v1 = pst[k + 1]!
    if (kind === 2) {
      if (t1 > t0) insideByPiece[k] = wholeOrLength(outlineInside(xy, 2 * v0, 2 * v1, ax, ay, dx, dy, t0, t1), len)
      if (insideByPiece[k]! > stopAbove) return true
      continue
    }
    // Convex: inside every edge's closed half-plane (clipConvexPrism), with f0 from the line's origin
    // (kept per piece, for the lines from one eye).
    if (origin[2 * k] !== ax || origin[2 * k + 1] !== ay) {
      for (let v = v0; v < v1; v++) f0s[v] = edge[2 * v]! * (ay - xy[2 * v + 1]!) - edge[2 * v + 1]! * (ax - xy[2 * v]!)
      origin[2 * k] = ax
      origin[2 * k + 1] = ay
    }
    convexClip[CLIP_T0] = t0
    convexClip[CLIP_T1] = t1
    if (clipConvexPrism(edge, f0s, v0, v1)) {
      insideByPiece[k] = wholeOrLength(convexClip[CLIP_T1]! - convexClip[CLIP_T0]!, len)
      if (insideByPiece[k]! > stopAbove) return true
    }
  }
  if (!large && nDirect === 0 && nWalked === 0) return false
  setRay(world)
  if (large) castThroughBvh(world)
  else {
    _idx = world.pieceTriangles
    for (let i = 0; i < nDirect; i++) {
      const k = direct[i]!
      onRange(start[k]!, start[k + 1]! - start[k]!)
    }
    if (nWalked > 0) {
      setCast()
      for (let i = 0; i < nWalked; i++) walkNodes(nodes[walked[i]!]!)
    }
  }
  if (hitCount === 0) return false
  for (let i = 0; i < hitCount; i++) order[i] = i
  // By distance, entries before exits at the same distance (a line through an edge where it enters
  // one face and leaves by another passes no length inside): the order of the hits as found (BVH
  // traversal or piece by piece) never changes the answer.
  for (let i = 1; i < hitCount; i++) {
    const k = order[i]!
    const t = hitT[k]!
    const enter = hitEnter[k]!
    let j = i - 1
    while (j >= 0 && (hitT[order[j]!]! > t || (hitT[order[j]!]! === t && hitEnter[order[j]!]! < enter))) {
      order[j + 1] = order[j]!
      j--
    }
    order[j + 1] = k
  }
  // Per piece hit: find how deep the start is (exits before entries mean we started inside), then
  // walk the events in order, adding the stretches spent inside. Only pieces that were hit are walked.
  // A crossing met by several triangles through their shared edge or corner, the same way, counts once.
  let nTouched = 0
  for (let i = 0; i < hitCount; i++) {
    const piece = hitPiece[i]!
    let seen = false
    for (let j = 0; j < nTouched; j++) if (touched[j] === piece) { seen = true; break }
    if (!seen) touched[nTouched++] = piece
    hitRepeat[i] = 0
    const where = hitWhere[i]!
    if (where === where) {
      for (let j = 0; j < i; j++) {
        if (hitWhere[j] === where && hitPiece[j] === piece && hitEnter[j] === hitEnter[i]) { hitRepeat[i] = 1; break }
      }
    }
  }
  for (let tp = 0; tp < nTouched; tp++) {
    const piece = touched[tp]!
    let depth = 0
    let minDepth = 0
    for (let i = 0; i < hitCount; i++) {
      const k = order[i]!
      if (hitPiece[k] !== piece || hitRepeat[k]) continue
      depth += hitEnter[k]!
      if (depth < minDepth) minDepth = depth
    }
    depth = -minDepth
    let start = 0
    let inside = 0
    for (let i = 0; i < hitCount; i++) {
      const k = order[i]!
      if (hitPiece[k] !== piece || hitRepeat[k]) continue
      const t = hitT[k]!
      if (hitEnter[k]! > 0) {
        if (depth === 0) start = t
        depth++
      } else {
        depth--
        if (depth === 0) inside += t - start
        if (depth < 0) depth = 0
      }
    }
    if (depth > 0) inside += len - start
    insideByPiece[piece] = inside
  }
  if (stopAbove < Infinity) for (let i = 0; i < nDirect; i++) if (insideByPiece[direct[i]!]! > stopAbove) return true
  if (stopAbove < Infinity) for (let i = 0; i < nWalked; i++) if (insideByPiece[walked[i]!]! > stopAbove) return true
  if (large && stopAbove < Infinity) for (let i = 0; i < count; i++) if (kinds[list[i]!] === 0 && insideByPiece[list[i]!]! > stopAbove) return true
  return false
}

/**
 * Where the far ends of a pencil lie, for markPrismPencil: a circle on the plane (cx, cy, radius)
 * holding every end point. Written by the caller before a pencil.
 */
export const pencilEnds = new Float64Array(3)

/**
 * The pencil of segments from `segment`'s start to each point of `pts` (packed x, y, z): sets `bit`
 * in lines[at + j] for each line that runs more than GRAZE_MM inside prism piece k (prismKind 1 or
 * 2). Each line's length is what measureTerrainSegment measures for that piece with the segment
 * alone (the same operations in the same order: test/engine/los/losPencil.property.test.ts holds a line
 * of sight traced this way equal to one traced line by line). The piece's numbers, its wedge and its
 * edges' f0 from the pencil's origin are read once for all the lines (a full-density line of sight is
 * ~110 lines from one eye); a convex piece whose wedge holds no point of the circle pencilEnds (by
 * more than a millimetre) is left at once, as each line alone would be.
 */
export function markPrismPencil(world: TerrainWorld, k: number, pts: Float64Array, lines: Int32Array, at: number, bit: number): void {
  if (world.triangleCount === 0) return
  const ax = segment[0]!, ay = segment[1]!, az = segment[2]!
  const n = pts.length / 3
  const kind = world.prismKind[k]!
  const xy = world.prismXY, edge = world.prismEdge, f0s = world.prismF0, origin = world.prismOrigin, wedges = world.prismWedge
  const zb = world.prismZ[2 * k]!, zt = world.prismZ[2 * k + 1]!
  const v0 = world.prismStart[k]!, v1 = world.prismStart[k + 1]!
  const w6 = 6 * k
  if (kind === 1 && (wedges[w6] !== ax || wedges[w6 + 1] !== ay)) setPrismWedge(world, k)
  const rx = kind === 1 ? wedges[w6 + 2]! : NaN
  const wedge = rx === rx
  const ry = wedges[w6 + 3]!, lx = wedges[w6 + 4]!, ly = wedges[w6 + 5]!
  const tolR = -WEDGE_TOLERANCE * ((rx < 0 ? -rx : rx) + (ry < 0 ? -ry : ry))
  const tolL = -WEDGE_TOLERANCE * ((lx < 0 ? -lx : lx) + (ly < 0 ? -ly : ly))
  if (wedge) {
    // Every end within pencilEnds: d = c − a + e with |e| ≤ radius, so R × d ≤ R × (c − a) + |R|·radius,
    // and the tolerance's d1 is at most |c − a|₁ + 2·radius. Clockwise of R (or counter-clockwise of L)
    // for all of them, with a millimetre to spare: every line is left by the test below.
    const ex = pencilEnds[0]! - ax, ey = pencilEnds[1]! - ay, er = pencilEnds[2]! + 1
    const d1 = (ex < 0 ? -ex : ex) + (ey < 0 ? -ey : ey) + 2 * er
    if (rx * ey - ry * ex + Math.sqrt(rx * rx + ry * ry) * er < tolR * d1) return
    if (ex * ly - ey * lx + Math.sqrt(lx * lx + ly * ly) * er < tolL * d1) return
  }
  if (kind === 1 && (origin[2 * k] !== ax || origin[2 * k + 1] !== ay)) {
    for (let v = v0; v < v1; v++) f0s[v] = edge[2 * v]! * (ay - xy[2 * v + 1]!) - edge[2 * v + 1]! * (ax - xy[2 * v]!)
    origin[2 * k] = ax
    origin[2 * k + 1] = ay
  }
  for (let j = 0; j < n; j++) {
    const bz = pts[3 * j + 2]!
    const dx = pts[3 * j]! - ax, dy = pts[3 * j + 1]! - ay, dz = bz - az
    // (the length, a square root, only for a line that goes inside: 0 exactly when its square is)
    const len2 = dx * dx + dy * dy + dz * dz
    if (len2 === 0) continue
    if (wedge) {
      const d1 = (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy)
      if (rx * dy - ry * dx < tolR * d1) continue
      if (dx * ly - dy * lx < tolL * d1) continue
    }
    let t0 = 0
    let t1 = 1
    const zLo = bz < az ? bz : az, zHi = bz < az ? az : bz
    if (zb <= zLo && zHi <= zt) {
      // within the slab
    } else if (dz === 0) {
      if (az < zb || az > zt) continue
    } else {
      let ta = (zb - az) / dz
      let tb = (zt - az) / dz
      if (ta > tb) { const x = ta; ta = tb; tb = x }
      if (ta > t0) t0 = ta
      if (tb < t1) t1 = tb
      if (t1 < t0) continue
    }
    if (kind === 2) {
      if (t1 > t0 && wholeOrLength(outlineInside(xy, 2 * v0, 2 * v1, ax, ay, dx, dy, t0, t1), Math.sqrt(len2)) > GRAZE_MM) lines[at + j] = lines[at + j]! | bit
      continue
    }
    // (measureTerrainSegment's convex clip, the same function: its numbers pass through convexClip)
    convexClip[CLIP_T0] = t0
    convexClip[CLIP_T1] = t1
    convexClip[CLIP_DX] = dx
    convexClip[CLIP_DY] = dy
    if (clipConvexPrism(edge, f0s, v0, v1) && wholeOrLength(convexClip[CLIP_T1]! - convexClip[CLIP_T0]!, Math.sqrt(len2)) > GRAZE_MM) lines[at + j] = lines[at + j]! | bit
  }
}

/**
 * clipConvexPrism's numbers, in and out: a double passed to or returned from a call V8 does not inline
 * is boxed (a heap allocation per number), read from a typed array it is not. Module scratch, not
 * reentrant. In: the segment's range [t0, t1] and its direction's dx, dy; out: the clipped [t0, t1].
 */
const convexClip = new Float64Array(4)
const CLIP_T0 = 0, CLIP_T1 = 1, CLIP_DX = 2, CLIP_DY = 3

/**
 * Clip [t0, t1] of the line a + t·d (convexClip) to a convex prism's footprint, its vertices v0..v1:
 * inside every edge's closed half-plane (left of the counter-clockwise edge p→q), where at t the line
 * is f0 + t·fd left of it (f0s[v], from the line's origin). The clip's ends are kept as fractions n/d
 * (d > 0), compared by cross-multiplying: one division at the end instead of one per edge. True when
 * some of [t0, t1] is left (t1 ≥ t0, the clipped ends then in convexClip), false when the line misses
 * the footprint. measureTerrainSegment and markPrismPencil both clip with it: a line traced alone and
 * in a pencil measure the same.
 */
function clipConvexPrism(edge: Float64Array, f0s: Float64Array, v0: number, v1: number): boolean {
  const dx = convexClip[CLIP_DX]!, dy = convexClip[CLIP_DY]!
  let n0 = convexClip[CLIP_T0]!, d0 = 1, n1 = convexClip[CLIP_T1]!, d1 = 1
  for (let v = v0; v < v1; v++) {
    const f0 = f0s[v]!
    const fd = edge[2 * v]! * dy - edge[2 * v + 1]! * dx
    if (fd === 0) {
      if (f0 < 0) return false
      continue
    }
    // the crossing is at t = -f0 / fd: entering where fd > 0, leaving where fd < 0
    if (fd > 0) {
      if (-f0 * d0 > n0 * fd) { n0 = -f0; d0 = fd }
    } else if (f0 * d1 < n1 * -fd) { n1 = f0; d1 = -fd }
    if (n1 * d0 < n0 * d1) return false
  }
  // (x / 1 is x: the division only where an edge moved an end)
  const t0 = d0 === 1 ? n0 : n0 / d0
  const t1 = d1 === 1 ? n1 : n1 / d1
  convexClip[CLIP_T0] = t0
  convexClip[CLIP_T1] = t1
  return t1 >= t0
}

/**
 * A relative angle (radians, about) far above float noise: a direction outside a wedge by more than
 * this misses the prism inside it by more than rounding can bridge.
 */
const WEDGE_TOLERANCE = 1e-9

/**
 * The wedge of convex prism k (prismKind 1) seen from `segment`'s start (ax, ay) on the plane, into world.prismWedge
 * (6 numbers a piece): the apex, then R and L, the directions to its extreme vertices (clockwise,
 * counter-clockwise). Every line from the apex that meets the prism runs between them. An apex that
 * is not clearly outside the footprint (or sees it across half a turn) gets no wedge: R is NaN.
 */
function setPrismWedge(world: TerrainWorld, k: number): void {
  // (the apex from `segment`, not as arguments: a double passed to a call V8 does not inline is boxed)
  const ax = segment[0]!, ay = segment[1]!
  const xy = world.prismXY, edge = world.prismEdge, wedges = world.prismWedge
  const v0 = world.prismStart[k]!, v1 = world.prismStart[k + 1]!
  const w = 6 * k
  wedges[w] = ax
  wedges[w + 1] = ay
  wedges[w + 2] = NaN
  let outside = false
  for (let v = v0; v < v1; v++) {
    const ex = edge[2 * v]!, ey = edge[2 * v + 1]!, px = ax - xy[2 * v]!, py = ay - xy[2 * v + 1]!
    // the apex right of a counter-clockwise edge, clearly: outside the convex footprint
    if (ex * py - ey * px < -WEDGE_TOLERANCE * (Math.abs(ex) + Math.abs(ey)) * (Math.abs(px) + Math.abs(py))) { outside = true; break }
  }
  if (!outside || v1 - v0 < 3) return
  let rx = xy[2 * v0]! - ax, ry = xy[2 * v0 + 1]! - ay
  let lx = rx, ly = ry
  for (let v = v0 + 1; v < v1; v++) {
    const ux = xy[2 * v]! - ax, uy = xy[2 * v + 1]! - ay
    if (rx * uy - ry * ux < 0) { rx = ux; ry = uy }
    if (lx * uy - ly * ux > 0) { lx = ux; ly = uy }
  }
  // a proper wedge (less than half a turn), and every vertex inside it
  if (!(rx * ly - ry * lx > 0)) return
  for (let v = v0; v < v1; v++) {
    const ux = xy[2 * v]! - ax, uy = xy[2 * v + 1]! - ay
    if (rx * uy - ry * ux < 0 || ux * ly - uy * lx < 0) return
  }
  wedges[w + 2] = rx
  wedges[w + 3] = ry
  wedges[w + 4] = lx
  wedges[w + 5] = ly
}

/** `segment` as the triangle test reads it (only when some mesh piece is to be tried). */
function setRay(world: TerrainWorld): void {
  const ax = segment[0]!, ay = segment[1]!, az = segment[2]!
  const dx = segment[3]! - ax, dy = segment[4]! - ay, dz = segment[5]! - az
  const len = Math.sqrt(dx * dx + dy * dy + dz * dz)
  _ray.origin.set(ax, ay, az)
  _ray.direction.set(dx / len, dy / len, dz / len)
  cast[FAR] = len
  _pos = world.geometry!.attributes.position!.array
  _pieceOfVertex = world.pieceOfVertex
  _prismKind = world.prismKind
}

/** Does segment a→a+d (0 ≤ t ≤ 1, i* = 1/d*) meet the box b[o..o+5] (min x, y, z, max x, y, z)? */
function segmentMeetsBounds(b: Float64Array, o: number, ax: number, ay: number, az: number, ix: number, iy: number, iz: number): boolean {
  return segmentMeetsSlabs(b[o]!, b[o + 1]!, b[o + 2]!, b[o + 3]!, b[o + 4]!, b[o + 5]!, ax, ay, az, ix, iy, iz, 1, false)
}

let direct = new Int32Array(64)
/** The big meshes (pieceNodes) the segment's box test kept, each walked through its own BVH. */
let walked = new Int32Array(64)

/**
 * The length of a part u (0..1) of a segment of length len; but a segment wholly inside (u = 1: it
 * crosses no face) measures 0, as on the triangle path, which finds no crossing and so no length.
 */
function wholeOrLength(u: number, len: number): number {
  return u === 1 ? 0 : u * len
}

/**
 * The parameter length of [t0, t1] (on the line a + t·d) over a simple counter-clockwise outline
 * (x, y pairs in xy[s..e)), closed. Each vertex's side of the line is taken once (on the line counts
 * as right), so the line's crossings with the edges alternate in and out; the inside stretches are
 * [in, out] pairs, and their length within [t0, t1] is the sum of the outs less the sum of the ins,
 * each clamped to [t0, t1] — no sorting, and two crossings that rounding puts in the wrong order
 * move the sum by that rounding only. An edge lying along the line with the inside on its right is
 * then added (the closed outline holds it too).
 */
function outlineInside(xy: Float64Array, s: number, e: number, ax: number, ay: number, dx: number, dy: number, t0: number, t1: number): number {
  if (dx === 0 && dy === 0) return pointInOutline(xy, s, e, ax, ay) ? t1 - t0 : 0
  const dd = dx * dx + dy * dy
  const first = dx * (xy[s + 1]! - ay) - dy * (xy[s]! - ax)
  let inside = 0
  let sp = first
  for (let i = s; i < e; i += 2) {
    const j = i + 2 < e ? i + 2 : s
    const px = xy[i]!, py = xy[i + 1]!
    const qx = xy[j]!, qy = xy[j + 1]!
    const sq = j === s ? first : dx * (qy - ay) - dy * (qx - ax)
    if ((sp > 0) !== (sq > 0)) {
      // where the line meets edge p→q; left to right is an entry (the inside is left of a CCW edge)
      const ex = qx - px, ey = qy - py
      let t = ((px - ax) * ey - (py - ay) * ex) / (dx * ey - dy * ex)
      t = t < t0 ? t0 : t > t1 ? t1 : t
      inside += sp > 0 ? -t : t
    } else if (sp === 0 && sq === 0 && (qx - px) * dx + (qy - py) * dy < 0) {
      // along the line, inside on the right: [t(q), t(p)] clipped to [t0, t1]
      const lo = Math.max(t0, ((qx - ax) * dx + (qy - ay) * dy) / dd)
      const hi = Math.min(t1, ((px - ax) * dx + (py - ay) * dy) / dd)
      if (hi > lo) inside += hi - lo
    }
    sp = sq
  }
  return inside > 0 ? inside : 0
}

/** Is (x, y) inside the closed outline (x, y pairs in xy[s..e))? On an edge counts as inside. */
function pointInOutline(xy: Float64Array, s: number, e: number, x: number, y: number): boolean {
  let inside = false
  for (let i = s, j = e - 2; i < e; j = i, i += 2) {
    const xi = xy[i]!, yi = xy[i + 1]!, xj = xy[j]!, yj = xy[j + 1]!
    const cross = (xi - xj) * (y - yj) - (yi - yj) * (x - xj)
    if (cross === 0 && Math.min(xi, xj) <= x && x <= Math.max(xi, xj) && Math.min(yi, yj) <= y && y <= Math.max(yi, yj)) return true
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

function castThroughBvh(world: TerrainWorld): void {
  setCast()
  // the BVH first: made now if it was not yet, it reorders the index it reads
  const bvh = worldBvh(world)!
  _idx = world.geometry!.index!.array
  bvhShapecast.call(bvh, rangeCallbacks)
}

/** The cast's origin and inverse direction for the slab tests of node boxes, from `segment` (its length is set by setRay). */
function setCast(): void {
  const ax = segment[0]!, ay = segment[1]!, az = segment[2]!
  const dx = segment[3]! - ax, dy = segment[4]! - ay, dz = segment[5]! - az
  const len = cast[FAR]!
  // 1/0 = ±Infinity makes the slab test exact for axis-parallel segments (NaN only for an origin on a slab plane, treated as a hit).
  cast[OX] = ax
  cast[OY] = ay
  cast[OZ] = az
  cast[IX] = len / dx
  cast[IY] = len / dy
  cast[IZ] = len / dz
}

/** The walk's stack of node offsets (uint32 units), grown if a BVH is ever deeper. */
let walkStack = new Int32Array(128)

/**
 * One piece's BVH nodes the current segment meets, depth first from the root, each leaf's triangles
 * through onRange: the boxes and triangles shapecast would try, without its Box3 per node and its
 * callbacks. Layout (three-mesh-bvh's serialized format 1): a node is 8 uint32; its box the first six
 * float32 (min x, y, z, max x, y, z); a leaf has 0xFFFF in uint16 15, its triangle offset in uint32 6
 * and count in uint16 14; an inner node's left child follows it, its right child is uint32 6 nodes on.
 */
function walkNodes(nodes: BvhNodes): void {
  const { f32, u32, u16 } = nodes
  _idx = nodes.index
  const ox = cast[OX]!, oy = cast[OY]!, oz = cast[OZ]!, ix = cast[IX]!, iy = cast[IY]!, iz = cast[IZ]!, far = cast[FAR]!
  let stack = walkStack
  let sp = 0
  stack[sp++] = 0
  while (sp > 0) {
    const n = stack[--sp]!
    if (!segmentMeetsSlabs(f32[n]!, f32[n + 1]!, f32[n + 2]!, f32[n + 3]!, f32[n + 4]!, f32[n + 5]!, ox, oy, oz, ix, iy, iz, far, false)) continue
    if (u16[2 * n + 15] === 0xffff) {
      onRange(u32[n + 6]!, u16[2 * n + 14]!)
      continue
    }
    if (sp + 2 > stack.length) {
      const grown = new Int32Array(2 * stack.length)
      grown.set(stack)
      walkStack = stack = grown
    }
    stack[sp++] = n + 8 * u32[n + 6]!
    stack[sp++] = n + 8
  }
}

/**
 * Does segment a→b come within `inflateMm` of the box b[i..i+5] (minX, minY, minZ, maxX, maxY, maxZ)?
 * The box is grown by inflateMm on every side, so a capsule of that radius round the segment that
 * meets the box always answers yes (never a false no). `flat` ignores z.
 */
export function segmentNearBox(ax: number, ay: number, az: number, bx: number, by: number, bz: number, b: Float64Array, i: number, inflateMm: number, flat: boolean): boolean {
  setSegmentTo(ax, ay, az, bx, by, bz)
  return segmentNearBoxAt(b, i, inflateMm, flat)
}

/** segmentNearBox of `segment`: each axis clips [t0, t1] (from [0, 1]) to the grown box's slab. */
export function segmentNearBoxAt(b: Float64Array, i: number, inflateMm: number, flat: boolean): boolean {
  let t0 = 0
  let t1 = 1
  for (let axis = 0; axis < (flat ? 2 : 3); axis++) {
    const o = segment[axis]!, d = segment[3 + axis]! - o
    const lo = b[i + axis]! - inflateMm, hi = b[i + 3 + axis]! + inflateMm
    if (d === 0) {
      if (!(o >= lo && o <= hi)) return false
      continue
    }
    let ta = (lo - o) / d
    let tb = (hi - o) / d
    if (ta > tb) { const x = ta; ta = tb; tb = x }
    if (ta > t0) t0 = ta
    if (tb < t1) t1 = tb
    if (!(t1 >= t0)) return false
  }
  return true
}

/** Length (mm) of segment a→b inside a model's volume (base × [zBottom, zTop]), analytic. */
export function measureModelCrossing3(m: ModelSolid, ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
  setSegmentTo(ax, ay, az, bx, by, bz)
  measureModelSegment(m, false)
  return measured[0]!
}

/** measureModelCrossing3 (or 2 when flat) of `segment`, into measured[0]. */
export function measureModelSegment(m: ModelSolid, flat: boolean): void {
  const ax = segment[0]!, ay = segment[1]!, az = flat ? 0 : segment[2]!
  const dx = segment[3]! - ax, dy = segment[4]! - ay, dz = flat ? 0 : segment[5]! - az
  const zBottom = flat ? -1 : m.zBottom, zTop = flat ? 1 : m.zTop
  measured[0] = 0
  let t0 = 0
  let t1 = 1
  // vertical slab
  if (dz === 0) {
    if (az < zBottom || az > zTop) return
  } else {
    let ta = (zBottom - az) / dz
    let tb = (zTop - az) / dz
    if (ta > tb) { const x = ta; ta = tb; tb = x }
    t0 = Math.max(t0, ta)
    t1 = Math.min(t1, tb)
    if (t1 <= t0) return
  }
  // horizontal shape, in the base frame (u along facing, v left)
  const b = m.base
  const pu0 = (ax - b.cx) * b.ux + (ay - b.cy) * b.uy
  const pv0 = -(ax - b.cx) * b.uy + (ay - b.cy) * b.ux
  const du = dx * b.ux + dy * b.uy
  const dv = -dx * b.uy + dy * b.ux
  if (b.shape === 'rect') {
    const r = clipSlab(pu0, du, b.halfLengthMm, t0, t1)
    if (!r) return
    const r2 = clipSlab(pv0, dv, b.halfWidthMm, r[0], r[1])
    if (!r2) return
    t0 = r2[0]
    t1 = r2[1]
  } else {
    // ellipse → unit circle
    const x0 = pu0 / b.halfLengthMm, y0 = pv0 / b.halfWidthMm
    const ex = du / b.halfLengthMm, ey = dv / b.halfWidthMm
    const A = ex * ex + ey * ey
    const B = 2 * (x0 * ex + y0 * ey)
    const C = x0 * x0 + y0 * y0 - 1
    if (A === 0) {
      if (C > 0) return
    } else {
      const disc = B * B - 4 * A * C
      if (disc <= 0) return
      const sq = Math.sqrt(disc)
      t0 = Math.max(t0, (-B - sq) / (2 * A))
      t1 = Math.min(t1, (-B + sq) / (2 * A))
    }
  }
  if (t1 <= t0) return
  measured[0] = (t1 - t0) * Math.sqrt(dx * dx + dy * dy + dz * dz)
}

/** What measureModelSegment measured last (a double returned by a call V8 does not inline is boxed). */
export const measured = new Float64Array(1)

const slabOut: [number, number] = [0, 0]
function clipSlab(p0: number, d: number, half: number, t0: number, t1: number): [number, number] | null {
  if (d === 0) {
    if (p0 < -half || p0 > half) return null
    slabOut[0] = t0
    slabOut[1] = t1
    return slabOut
  }
  let ta = (-half - p0) / d
  let tb = (half - p0) / d
  if (ta > tb) { const x = ta; ta = tb; tb = x }
  const lo = Math.max(t0, ta)
  const hi = Math.min(t1, tb)
  if (hi <= lo) return null
  slabOut[0] = lo
  slabOut[1] = hi
  return slabOut
}

/** 2D: length (mm) of segment a→b inside a footprint polygon (heights ignored). */
export function measureFootprintCrossing2(poly: Polygon, ax: number, ay: number, bx: number, by: number): number {
  return segmentInsideLengthMm(poly, ax, ay, bx, by)
}

/** 2D: length (mm) of segment a→b inside a base (heights ignored). */
export function measureModelCrossing2(m: ModelSolid, ax: number, ay: number, bx: number, by: number): number {
  segment[0] = ax
  segment[1] = ay
  segment[3] = bx
  segment[4] = by
  measureModelSegment(m, true)
  return measured[0]!
}
