// One terrain file → the meshes the app and the engine need: read (any format), repaired (each repair
// said), checked (refused if it still cannot be a solid), and simplified for sight lines.
import { MESH_LIMITS, SceneError, type TerrainMesh, checkMesh, measureMeshBounds, meshProblems } from '../engine/index.ts'
import { type MeshFileFormat, readMeshFile } from './readMeshFile.ts'
import { repairMesh } from './repairMesh.ts'
import { LOS_TOLERANCE_MM, simplifyMesh } from './simplifyMesh.ts'

export type MeshFileReport = {
  file: string
  format: MeshFileFormat
  /** Triangles in the file, and in the mesh sight lines are cast against. */
  trianglesIn: number
  trianglesLos: number
  /** The LoS mesh stays within this distance (mm, before the scene's scale) of the full one. */
  toleranceMm: number
  /** [minX, minY, minZ, maxX, maxY, maxZ] of the repaired mesh, mm before the scene's scale. */
  boundsMm: [number, number, number, number, number, number]
  /** What was repaired, in words (empty when the file was already a clean solid). */
  repairs: string[]
  /** Anything else worth knowing (e.g. simplification fell back to the full mesh). */
  notes: string[]
  prepareMs: number
}

export type PreparedMesh = {
  /** For sight lines (simplified). */
  los: TerrainMesh
  /** For drawing: the repaired full mesh. */
  full: { positions: Float64Array; indices: Uint32Array }
  report: MeshFileReport
}

const now = () => globalThis.performance.now()

/** Read, repair, check and simplify one file. Throws SceneError naming the file when it cannot be a solid. */
export async function prepareMeshFile(file: string, bytes: Uint8Array, toleranceMm = LOS_TOLERANCE_MM): Promise<PreparedMesh> {
  const t0 = now()
  const raw = await readMeshFile(file, bytes)
  const trianglesIn = raw.indices.length / 3
  if (trianglesIn > MESH_LIMITS.maxTriangles) throw new SceneError([{ path: file, message: `has ${trianglesIn} triangles, more than the limit of ${MESH_LIMITS.maxTriangles}` }])
  const rawCheck = measureMeshBounds(raw.positions)
  if (rawCheck.outOfRange) {
    const [x0, y0, z0, x1, y1, z1] = rawCheck.bounds
    const size = Math.max(x1 - x0, y1 - y0, z1 - z0)
    throw new SceneError([{ path: file, message: Number.isFinite(size)
      ? `is ${(size / 1000).toPrecision(3)} m across (beyond ±${MESH_LIMITS.maxCoordinateMm / 1000} m): far too big for terrain; was it drawn in mm and exported as metres?`
      : 'has a coordinate that is not a finite number' }])
  }
  const repaired = repairMesh(raw.positions, raw.indices)
  const check = checkMesh(repaired.positions, repaired.indices)
  const problems = meshProblems(check)
  if (problems.length) {
    const done = repaired.repairs.length ? ` (after repair: ${repaired.repairs.join(', ')})` : ''
    throw new SceneError([{ path: file, message: `cannot block sight as a solid: mesh ${problems.join('; ')}${done}` }])
  }
  const simple = await simplifyMesh(repaired.positions, repaired.indices, toleranceMm)
  const report: MeshFileReport = {
    file,
    format: raw.format,
    trianglesIn,
    trianglesLos: simple.indices.length / 3,
    toleranceMm,
    boundsMm: check.bounds,
    repairs: repaired.repairs,
    notes: simple.note ? [simple.note] : [],
    prepareMs: Math.round(now() - t0),
  }
  return { los: { positions: Array.from(simple.positions), indices: Array.from(simple.indices) }, full: repaired, report }
}
