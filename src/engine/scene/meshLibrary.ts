// Terrain meshes in memory (positions in mm, z up; triangles counter-clockwise seen from outside) and
// their validation: a mesh must be bounded, non-degenerate, closed and consistently wound outward, or
// sight lines through it are wrong (an open mesh silently stops blocking). The JSON form
// (models/*.json, format tabletop-mesh/1) is parsed here; STL, OBJ and glTF files are read and
// repaired in src/terrain, which ends in the same check.
import { z } from 'zod'
import { zodIssues } from './parseScene.ts'
import { SceneError } from './sceneError.ts'
import type { MeshLibrary } from '../table/prepareTable.ts'

export const MESH_FORMAT = 'tabletop-mesh/1'

/** Limits a terrain mesh must keep (issue #12 item 5). */
export const MESH_LIMITS = {
  /** Triangles in one mesh file (a detailed print file is ~10⁶). */
  maxTriangles: 2_000_000,
  /** Largest coordinate (mm) before scale: 30 m, far beyond any table, far below float32 overflow. */
  maxCoordinateMm: 30_000,
} as const

export const meshSchema = z.strictObject({
  format: z.literal(MESH_FORMAT),
  /** Flat list of vertex coordinates x, y, z in mm (z up), relative to the piece's origin. */
  positions: z.array(z.number()).refine((a) => a.length % 3 === 0 && a.length >= 12, 'expected x,y,z triples, at least 4 vertices'),
  /** Triangles as vertex index triples, counter-clockwise seen from outside. */
  indices: z.array(z.number().int().nonnegative()).refine((a) => a.length % 3 === 0 && a.length >= 12, 'expected index triples, at least 4 triangles'),
})

/** What a mesh check finds. Edge counts are over undirected edges. */
export type MeshCheck = {
  vertices: number
  triangles: number
  /** Triangles with a repeated vertex or (near) zero area. */
  degenerateTriangles: number
  /** Edges used by one triangle only: the rims of holes. */
  boundaryEdges: number
  /**
   * Edges used by more than two triangles that do not pair up (as many running one way as the other).
   * Where closed shells touch, an edge carries 4, 6 … triangles, half each way: that is a solid (the
   * union of its shells) and counted in sharedEdges instead.
   */
  nonManifoldEdges: number
  /** Edges carried by more than two triangles, half each way: where the shells of a solid touch. */
  sharedEdges: number
  /** Edges whose two triangles run them the same way: the neighbours disagree on which side is out. */
  misorientedEdges: number
  /** Signed volume (mm³): negative when the triangles face inward. */
  volumeMm3: number
  /** [minX, minY, minZ, maxX, maxY, maxZ] in mm; NaN when a coordinate is not finite. */
  bounds: [number, number, number, number, number, number]
  /** A coordinate that is not finite or beyond MESH_LIMITS.maxCoordinateMm. */
  outOfRange: boolean
}

/** Axis-aligned bounds [minX, minY, minZ, maxX, maxY, maxZ] (mm), and whether a coordinate is not finite or beyond the limit. */
export function measureMeshBounds(positions: ArrayLike<number>): { bounds: MeshCheck['bounds']; outOfRange: boolean } {
  const b: MeshCheck['bounds'] = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]
  let outOfRange = false
  const n = positions.length - (positions.length % 3)
  for (let i = 0; i < n; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!
      if (!(Math.abs(v) <= MESH_LIMITS.maxCoordinateMm)) outOfRange = true
      if (v < b[k]!) b[k] = v
      if (v > b[k + 3]!) b[k + 3] = v
    }
  }
  return { bounds: b, outOfRange }
}

/**
 * Check a triangle mesh: degenerate triangles, closedness (every edge shared by exactly two
 * triangles), consistent winding and orientation (signed volume). O(n log n), no per-edge objects:
 * directed edges are packed into one Float64Array and sorted, so a 10⁶-triangle mesh takes well
 * under a second.
 */
export function checkMesh(positions: ArrayLike<number>, indices: ArrayLike<number>): MeshCheck {
  const nv = Math.floor(positions.length / 3)
  const nt = Math.floor(indices.length / 3)
  const { bounds: b, outOfRange } = measureMeshBounds(positions)
  if (outOfRange) return { vertices: nv, triangles: nt, degenerateTriangles: 0, boundaryEdges: 0, nonManifoldEdges: 0, sharedEdges: 0, misorientedEdges: 0, volumeMm3: NaN, bounds: b, outOfRange }
  const diag = Math.hypot(b[3] - b[0], b[4] - b[1], b[5] - b[2])
  const minDoubleArea = 1e-12 * diag * diag
  let degenerate = 0
  let volume6 = 0
  const keys = new Float64Array(nt * 3)
  let m = 0
  for (let t = 0; t < nt; t++) {
    const a = indices[3 * t]!, bb = indices[3 * t + 1]!, c = indices[3 * t + 2]!
    const ax = positions[3 * a]!, ay = positions[3 * a + 1]!, az = positions[3 * a + 2]!
    const ux = positions[3 * bb]! - ax, uy = positions[3 * bb + 1]! - ay, uz = positions[3 * bb + 2]! - az
    const vx = positions[3 * c]! - ax, vy = positions[3 * c + 1]! - ay, vz = positions[3 * c + 2]! - az
    const cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx
    // signed volume of the tetrahedron (origin, a, b, c) × 6 = a · (b × c) = a · ((b−a) × (c−a))
    volume6 += ax * cx + ay * cy + az * cz
    if (a === bb || bb === c || a === c || Math.hypot(cx, cy, cz) <= minDoubleArea) degenerate++
    // key: undirected edge (lo, hi), doubled, plus 1 when run lo → hi
    if (a !== bb) keys[m++] = edgeKey(a, bb, nv)
    if (bb !== c) keys[m++] = edgeKey(bb, c, nv)
    if (c !== a) keys[m++] = edgeKey(c, a, nv)
  }
  const sorted = keys.subarray(0, m).sort()
  let boundary = 0, nonManifold = 0, shared = 0, misoriented = 0
  for (let i = 0; i < m;) {
    const edge = Math.floor(sorted[i]! / 2)
    let j = i
    let forward = 0
    while (j < m && Math.floor(sorted[j]! / 2) === edge) forward += sorted[j++]! % 2
    const uses = j - i
    if (uses === 1) boundary++
    else if (uses > 2) {
      if (2 * forward === uses) shared++
      else nonManifold++
    } else if (forward !== 1) misoriented++
    i = j
  }
  return { vertices: nv, triangles: nt, degenerateTriangles: degenerate, boundaryEdges: boundary, nonManifoldEdges: nonManifold, sharedEdges: shared, misorientedEdges: misoriented, volumeMm3: volume6 / 6, bounds: b, outOfRange }
}

function edgeKey(p: number, q: number, nv: number): number {
  return p < q ? (p * nv + q) * 2 + 1 : (q * nv + p) * 2
}

/** The reasons a checked mesh cannot be a solid for sight lines, each a short phrase; [] when it can. */
export function meshProblems(c: MeshCheck): string[] {
  const out: string[] = []
  if (c.triangles > MESH_LIMITS.maxTriangles) out.push(`has ${c.triangles} triangles, more than the limit of ${MESH_LIMITS.maxTriangles}`)
  if (c.outOfRange) out.push(`has a coordinate that is not finite or beyond ±${MESH_LIMITS.maxCoordinateMm} mm`)
  if (out.length) return out
  if (c.degenerateTriangles) out.push(`has ${c.degenerateTriangles} degenerate triangle(s) (zero area or a repeated vertex)`)
  if (c.boundaryEdges) out.push(`is not closed (${c.boundaryEdges} edge(s) on the rim of a hole): an open mesh would let sight lines through`)
  if (c.nonManifoldEdges) out.push(`has ${c.nonManifoldEdges} edge(s) shared by more than two triangles that do not pair up into closed shells`)
  if (c.misorientedEdges) out.push(`is not consistently wound (${c.misorientedEdges} edge(s) where neighbouring triangles face opposite ways)`)
  else if (!c.boundaryEdges && !c.nonManifoldEdges && !(c.volumeMm3 > 0)) out.push(`is inside out (triangles face inward: signed volume ${c.volumeMm3.toPrecision(3)} mm³)`)
  return out
}

/**
 * A mesh library from file name → parsed JSON. Files of another format are skipped; a bad mesh
 * (schema, index range, or meshProblems: open, inverted, degenerate, unbounded) throws SceneError
 * naming the file. Each mesh is known by its file name and by it without `.json` (a scene may say either).
 * Callers pass only the files a scene names, so a broken unrelated file fails nothing.
 */
export function parseMeshLibrary(files: Readonly<Record<string, unknown>>): MeshLibrary {
  const out: Record<string, { positions: number[]; indices: number[] }> = {}
  for (const [name, raw] of Object.entries(files)) {
    if ((raw as { format?: unknown } | null)?.format !== MESH_FORMAT) continue
    const r = meshSchema.safeParse(raw)
    if (!r.success) throw new SceneError(zodIssues(r.error).map((i) => ({ ...i, path: `${name}: ${i.path}` })))
    const n = r.data.positions.length / 3
    if (r.data.indices.some((k) => k >= n)) throw new SceneError([{ path: `${name}: indices`, message: `an index is ≥ the vertex count ${n}` }])
    const problems = meshProblems(checkMesh(r.data.positions, r.data.indices))
    if (problems.length) throw new SceneError([{ path: name, message: `mesh ${problems.join('; ')}` }])
    out[name] = r.data
    out[name.replace(/\.json$/, '')] = r.data
  }
  return out
}

/** The mesh file names a scene's terrain refers to (raw scene JSON; anything unexpected is ignored). */
export function meshNamesOf(scene: unknown): string[] {
  const terrain = (scene as { terrain?: unknown } | null)?.terrain
  if (!Array.isArray(terrain)) return []
  const names = new Set<string>()
  for (const t of terrain) {
    const mesh = (t as { mesh?: unknown } | null)?.mesh
    if (typeof mesh === 'string') names.add(mesh)
  }
  return [...names]
}
