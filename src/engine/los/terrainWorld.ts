// Static terrain as one merged triangle mesh, built once per terrain state: prisms measured exactly, each
// big mesh with its own BVH (three-mesh-bvh), and one BVH over everything made only when asked.
// Prism pieces (extruded footprints) are triangulated here with outward-facing triangles; mesh
// pieces come from a mesh library (models/*.json, format tabletop-mesh/1) and must be closed with
// outward winding. Each vertex belongs to exactly one piece, so a triangle's piece is the piece of
// its first vertex, whatever order the BVH build leaves the index in.
import { BufferAttribute, BufferGeometry, ShapeUtils, Vector2 } from 'three'
import { MeshBVH } from 'three-mesh-bvh'
import { convexHull, counterClockwise, findPolygonProblem, offsetPolygonInward, signedAreaMm2 } from '../geometry/polygon.ts'
import { findMeshFootprint } from '../geometry/meshOutline.ts'

/** Solids are eroded by this much (mm) for sight lines, so that grazing a face, edge or corner never blocks. */
export const ERODE_MM = 0.05
import { radians } from '../units.ts'

/**
 * A mesh in its file's units (the piece's scale applies): positions x, y, z and triangles wound
 * counter-clockwise seen from outside. Several closed shells may touch or overlap: the solid is their
 * union (a sight line inside any of them is inside the piece). `footprint`, when given, is the
 * piece's outline at table height in the same frame (src/terrain computes the union of the shells');
 * without it the mesh is cut here (meshOutline.ts).
 */
export type TerrainMesh = { positions: number[]; indices: number[]; footprint?: Array<[number, number]> }

/** A terrain piece as the engine sees it: footprint (CCW) and vertical extent, mm. */
export type TerrainSolid = {
  id: string
  index: number
  footprint: Array<[number, number]>
  bottomZ: number
  topZ: number
  /** true when the footprint is the convex hull of a mesh rather than the exact outline. */
  hullOnly: boolean
  /** The footprint eroded by ERODE_MM: what sight lines are tested against in 2D. */
  losFootprint: Array<[number, number]>
}

export type TerrainWorld = {
  solids: TerrainSolid[]
  geometry: BufferGeometry | null
  /** Piece index of each vertex. */
  pieceOfVertex: Int32Array
  /** Axis-aligned bounds of each piece, 6 numbers each: minX, minY, minZ, maxX, maxY, maxZ (mm). */
  pieceBounds: Float64Array
  /**
   * The triangles in build order (the BVH reorders its own index): piece k owns triangles
   * pieceTriangleStart[k] .. pieceTriangleStart[k + 1] - 1, so a segment can be tried against one
   * small piece directly, without walking the BVH.
   */
  pieceTriangles: Uint32Array
  pieceTriangleStart: Int32Array
  triangleCount: number
  /**
   * Prism pieces measured exactly rather than triangle by triangle (castSegment's measureTerrainCrossing3): the
   * very solid their triangles bound — the eroded footprint with each vertex as the mesh stores it
   * (float32), between the mesh's eroded bottom and top — so a sight line measures the same length
   * either way. prismKind[k]: 0 = triangles (meshes, or a prism whose triangles would not bound
   * exactly that solid), 1 = convex prism, 2 = other simple prism. Piece k's vertices are x, y pairs in
   * prismXY from 2 * prismStart[k] to 2 * prismStart[k + 1]; prismZ holds its bottom and top.
   */
  prismKind: Uint8Array
  prismZ: Float64Array
  prismStart: Int32Array
  prismXY: Float64Array
  /** Per vertex of prismXY: its edge to the next vertex (x, y), taken once. */
  prismEdge: Float64Array
  /**
   * Scratch of castSegment's measureTerrainCrossing3 (not reentrant, like its module scratch): per vertex, the
   * edge's offset term for the last line origin tried on the piece (prismOrigin, x and y per piece),
   * so lines from one eye reuse it.
   */
  prismF0: Float64Array
  prismOrigin: Float64Array
  /** Scratch of measureTerrainCrossing3, kept like prismF0: per piece, a convex prism's wedge seen from the last line origin (castSegment's setPrismWedge). */
  prismWedge: Float64Array
  /** 0, 1, …, pieces − 1: every piece as a candidate list (a segment measured against all). */
  allPieces: Int32Array
  /**
   * Per piece: its own BVH's nodes, for a mesh of more than DIRECT_MAX_TRIANGLES triangles (a smaller
   * one is tried triangle by triangle; a prism is measured exactly), read by castSegment's own walk.
   * A segment then walks only the big meshes whose box it meets, never the world's other triangles.
   * null for every piece when the library's shapecast walks the world's BVH instead (the build
   * option, or a BVH format this walk does not know).
   */
  pieceNodes: Array<BvhNodes | null>
}

/**
 * One BVH's nodes as three-mesh-bvh serializes them (format version 1, one root: 32 bytes a node, its
 * box as six float32, then a leaf's triangle offset and count or an inner node's right-child offset),
 * seen three ways, and the index its triangles are numbered in (the BVH's reordered copy).
 */
export type BvhNodes = { f32: Float32Array; u32: Uint32Array; u16: Uint16Array; index: ArrayLike<number> }

/** Pieces with at most this many triangles are tried directly, triangle by triangle, rather than through a BVH. */
export const DIRECT_MAX_TRIANGLES = 64

/**
 * Build options for tests: exactPrisms false keeps every prism on the triangle path, libraryWalk true
 * sends segments through three-mesh-bvh's shapecast rather than castSegment's own walk (to compare).
 */
export type TerrainWorldOptions = { exactPrisms?: boolean; libraryWalk?: boolean }

export type PrismInput = { id: string; footprint: ReadonlyArray<readonly [number, number]>; bottomZ: number; heightMm: number }
/**
 * A mesh piece placed: scaled, turned about z, and moved so that its file's origin is at position
 * (origin 'file', the default, as tabletop-scene/1 says) or its lowest point is at position's z
 * (origin 'bottom': it rests on the table or on what it stands on).
 */
export type MeshInput = { id: string; mesh: TerrainMesh; position: readonly [number, number, number]; rotationDeg: number; scale: number; origin?: 'bottom' | 'file' }

export function buildTerrainWorld(pieces: ReadonlyArray<PrismInput | MeshInput>, opts: TerrainWorldOptions = {}): TerrainWorld {
  const exact = opts.exactPrisms ?? true
  const prismKind = new Uint8Array(pieces.length)
  const prismZ = new Float64Array(2 * pieces.length)
  const prismStart = new Int32Array(pieces.length + 1)
  const prismXY: number[] = []
  const positions: number[] = []
  const indices: number[] = []
  const pieceOfVertex: number[] = []
  const solids: TerrainSolid[] = []
  const triangleStart: number[] = []
  pieces.forEach((piece, index) => {
    const base = positions.length / 3
    triangleStart.push(indices.length / 3)
    if ('footprint' in piece) {
      const poly = counterClockwise(piece.footprint)
      const eroded = offsetPolygonInward(poly, ERODE_MM)
      const n = poly.length
      const z0 = piece.bottomZ
      const z1 = piece.bottomZ + piece.heightMm
      // The BVH holds the eroded solid: a sight line must go more than ERODE_MM inside to touch it.
      for (const [x, y] of eroded) positions.push(x, y, z0 + ERODE_MM)
      for (const [x, y] of eroded) positions.push(x, y, z1 - ERODE_MM)
      for (let i = 0; i < 2 * n; i++) pieceOfVertex.push(index)
      const tris = ShapeUtils.triangulateShape(poly.map(([x, y]) => new Vector2(x, y)), [])
      if (exact) {
        const kind = exactPrismKind(eroded, tris)
        if (kind > 0) {
          prismKind[index] = kind
          prismZ[2 * index] = Math.fround(z0 + ERODE_MM)
          prismZ[2 * index + 1] = Math.fround(z1 - ERODE_MM)
          for (const [x, y] of eroded) prismXY.push(Math.fround(x), Math.fround(y))
        }
      }
      for (const tri of tris) {
        const a = tri[0]!, b = tri[1]!, c = tri[2]!
        // triangulateShape keeps the contour's winding: CCW seen from above = normal +z (top)
        indices.push(base + n + a, base + n + b, base + n + c)
        indices.push(base + c, base + b, base + a)
      }
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n
        indices.push(base + i, base + j, base + n + j)
        indices.push(base + i, base + n + j, base + n + i)
      }
      solids.push({ id: piece.id, index, footprint: poly, bottomZ: z0, topZ: z1, hullOnly: false, losFootprint: eroded })
    } else {
      const c = Math.cos(radians(piece.rotationDeg))
      const s = Math.sin(radians(piece.rotationDeg))
      const p = piece.mesh.positions
      const flat: Array<[number, number]> = []
      let lowest = Infinity
      if (piece.origin === 'bottom') for (let i = 2; i < p.length; i += 3) lowest = Math.min(lowest, p[i]! * piece.scale)
      const lift = piece.position[2] - (piece.origin === 'bottom' && Number.isFinite(lowest) ? lowest : 0)
      let zMin = Infinity
      let zMax = -Infinity
      for (let i = 0; i < p.length; i += 3) {
        const x = p[i]! * piece.scale
        const y = p[i + 1]! * piece.scale
        const z = p[i + 2]! * piece.scale + lift
        const tx = piece.position[0] + c * x - s * y
        const ty = piece.position[1] + s * x + c * y
        positions.push(tx, ty, z)
        pieceOfVertex.push(index)
        flat.push([tx, ty])
        zMin = Math.min(zMin, z)
        zMax = Math.max(zMax, z)
      }
      for (const k of piece.mesh.indices) indices.push(base + k)
      // the outline at table height (given with the mesh, or cut here: meshOutline.ts); the convex hull only where there is none
      const given = piece.mesh.footprint?.map(([x, y]): [number, number] => [piece.position[0] + c * x * piece.scale - s * y * piece.scale, piece.position[1] + s * x * piece.scale + c * y * piece.scale])
      const outline = given ?? findMeshFootprint(positions, piece.mesh.indices, base, zMin, zMax)
      const footprint = outline ?? convexHull(flat)
      solids.push({ id: piece.id, index, footprint, bottomZ: zMin, topZ: zMax, hullOnly: !outline, losFootprint: offsetPolygonInward(footprint, ERODE_MM) })
    }
    prismStart[index + 1] = prismXY.length / 2
  })
  const prismEdge = new Float64Array(prismXY.length)
  for (let k = 0; k < pieces.length; k++) {
    for (let v = prismStart[k]!, end = prismStart[k + 1]!; v < end; v++) {
      const w = v + 1 < end ? v + 1 : prismStart[k]!
      prismEdge[2 * v] = prismXY[2 * w]! - prismXY[2 * v]!
      prismEdge[2 * v + 1] = prismXY[2 * w + 1]! - prismXY[2 * v + 1]!
    }
  }
  const prisms = { prismKind, prismZ, prismStart, prismXY: Float64Array.from(prismXY), prismEdge, prismF0: new Float64Array(prismXY.length / 2), prismOrigin: new Float64Array(2 * pieces.length).fill(NaN), prismWedge: new Float64Array(6 * pieces.length).fill(NaN), allPieces: Int32Array.from(pieces.keys()) }
  triangleStart.push(indices.length / 3)
  const pieceTriangles = Uint32Array.from(indices)
  const pieceTriangleStart = Int32Array.from(triangleStart)
  // Every vertex of the piece (a mesh may overhang its footprint, which is its outline 1 mm above its
  // bottom: a tree's canopy over its trunk), with 1 mm to spare: culling by these boxes never drops a
  // piece a line can touch.
  const pieceBounds = new Float64Array(solids.length * 6)
  solids.forEach((sol, i) => {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
    for (const [x, y] of sol.footprint) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y) }
    pieceBounds.set([x0 - 1, y0 - 1, sol.bottomZ - 1, x1 + 1, y1 + 1, sol.topZ + 1], i * 6)
  })
  for (let v = 0; v < pieceOfVertex.length; v++) {
    const o = 6 * pieceOfVertex[v]!
    const x = positions[3 * v]!, y = positions[3 * v + 1]!
    if (x - 1 < pieceBounds[o]!) pieceBounds[o] = x - 1
    if (y - 1 < pieceBounds[o + 1]!) pieceBounds[o + 1] = y - 1
    if (x + 1 > pieceBounds[o + 3]!) pieceBounds[o + 3] = x + 1
    if (y + 1 > pieceBounds[o + 4]!) pieceBounds[o + 4] = y + 1
  }
  if (indices.length === 0) {
    return { solids, geometry: null, pieceOfVertex: new Int32Array(0), triangleCount: 0, pieceBounds, pieceTriangles, pieceTriangleStart, ...prisms, pieceNodes: solids.map(() => null) }
  }
  const geometry = new BufferGeometry()
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3))
  geometry.setIndex(new BufferAttribute(new Uint32Array(indices), 1))
  const positionAttribute = geometry.getAttribute('position') as BufferAttribute
  let pieceNodes: Array<BvhNodes | null> = solids.map((_, k) => {
    const first = triangleStart[k]!, end = triangleStart[k + 1]!
    if (opts.libraryWalk || prismKind[k] !== 0 || end - first <= DIRECT_MAX_TRIANGLES) return null
    // the piece's triangles alone, over the world's vertices (so a triangle's piece reads the same)
    const own = new BufferGeometry()
    own.setAttribute('position', positionAttribute)
    own.setIndex(new BufferAttribute(Uint32Array.from(indices.slice(3 * first, 3 * end)), 1))
    return bvhNodesOf(new MeshBVH(own, { targetLeafSize: 8 }))
  })
  // A piece the walk cannot read: the library walks the world's BVH for every piece.
  if (pieceNodes.some((n, k) => n === null && !opts.libraryWalk && prismKind[k] === 0 && triangleStart[k + 1]! - triangleStart[k]! > DIRECT_MAX_TRIANGLES)) pieceNodes = solids.map(() => null)
  return { solids, geometry, pieceOfVertex: Int32Array.from(pieceOfVertex), triangleCount: indices.length / 3, pieceBounds, pieceTriangles, pieceTriangleStart, ...prisms, pieceNodes }
}

const worldBvhs = new WeakMap<TerrainWorld, MeshBVH>()

/**
 * The BVH over every piece's triangles, made when first asked (null when there are none): it serves
 * only a piece the engine's own walk cannot read, and the benches. Making it reorders the world's
 * index in place, which only this BVH's cast reads.
 */
export function worldBvh(world: TerrainWorld): MeshBVH | null {
  if (world.geometry === null) return null
  let bvh = worldBvhs.get(world)
  if (!bvh) worldBvhs.set(world, (bvh = new MeshBVH(world.geometry, { targetLeafSize: 8 })))
  return bvh
}

/**
 * The BVH's one root buffer, from its serialized form (the library's public, versioned format:
 * MeshBVH.serialize, shared not copied), or null for a format or layout this walk does not know.
 */
function bvhNodesOf(bvh: MeshBVH): BvhNodes | null {
  const data = MeshBVH.serialize(bvh, { cloneBuffers: false }) as { version?: number; roots: ArrayBuffer[]; index: ArrayLike<number> | null; indirectBuffer: unknown }
  if (data.version !== 1 || data.roots.length !== 1 || data.indirectBuffer || !data.index) return null
  const root = data.roots[0]!
  return { f32: new Float32Array(root), u32: new Uint32Array(root), u16: new Uint16Array(root), index: data.index }
}

/**
 * Can a prism be measured exactly, and how (1 convex, 2 other; 0 no)? Only when its triangles bound
 * exactly the prism over the eroded footprint as stored (float32): that footprint is a simple
 * counter-clockwise polygon, and the cap triangles (made from the uneroded outline) all keep their
 * winding on it and cover its area once. Otherwise (a feature thinner than the erosion) the piece
 * stays on the triangle path, whose answer is then the reference.
 */
function exactPrismKind(eroded: ReadonlyArray<readonly [number, number]>, tris: number[][]): number {
  const p = eroded.map(([x, y]) => [Math.fround(x), Math.fround(y)] as [number, number])
  if (findPolygonProblem(p) !== null) return 0
  const area = signedAreaMm2(p)
  if (!(area > 0)) return 0
  let sum = 0
  for (const t of tris) {
    const a = p[t[0]!]!, b = p[t[1]!]!, c = p[t[2]!]!
    const twice = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    if (!(twice > 0)) return 0
    sum += twice / 2
  }
  if (Math.abs(sum - area) > 1e-9 * area) return 0
  const n = p.length
  for (let i = 0; i < n; i++) {
    const a = p[i]!, b = p[(i + 1) % n]!, c = p[(i + 2) % n]!
    if (!((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) > 0)) return 2
  }
  return 1
}
