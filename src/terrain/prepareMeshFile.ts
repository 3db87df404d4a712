// One terrain file at one scale → the meshes the app and the engine need. Units and scale come first:
// the file is read in its format's convention (mm, or glTF's metres), multiplied by the piece's
// `scale`, and only then welded, cleaned, closed and checked, so every tolerance and size is in table
// mm. Then repaired (each repair said), checked (refused if it still cannot be a solid), simplified
// for sight lines, and handed back in the file's own units (the engine applies the scale when it
// places the piece) with its footprint where it has several shells.
import { MESH_LIMITS, type TerrainMesh, checkMesh, measureMeshBounds, meshProblems } from '../engine/index.ts'
import { type MeshFileFormat, type ResolveMeshResource, meshFileError, readMeshFile } from './readMeshFile.ts'
import { MeshRefused, repairMesh } from './repairMesh.ts'
import { LOS_TOLERANCE_MM, simplifyMesh } from './simplifyMesh.ts'
import { findShellsFootprint } from './meshFootprint.ts'
import { sizeAdvice } from './scaleAdvice.ts'

export type MeshFileReport = {
  file: string
  format: MeshFileFormat
  /** The scale the file was prepared at (file units → table mm). */
  scale: number
  /** Triangles in the file, and in the mesh sight lines are cast against. */
  trianglesIn: number
  trianglesLos: number
  /** The LoS mesh stays within this distance (mm at the scale) of the full one. */
  toleranceMm: number
  /** [minX, minY, minZ, maxX, maxY, maxZ] of the repaired mesh, table mm at the scale (the file's origin at 0). */
  boundsMm: [number, number, number, number, number, number]
  /** What was repaired, in words (empty when the file was already a clean solid). */
  repairs: string[]
  /** How the file was read where it was not one closed solid (shells, area terrain, thin surfaces; skipped parts). */
  warnings: string[]
  /** Anything else worth knowing (e.g. simplification fell back to the full mesh). */
  notes: string[]
  prepareMs: number
}

export type PreparedMesh = {
  /** For sight lines (simplified), in the file's units: the engine multiplies by the piece's scale. */
  los: TerrainMesh
  /** For drawing: the repaired full mesh, in the file's units. */
  full: { positions: Float64Array; indices: Uint32Array }
  report: MeshFileReport
}

export type PrepareMeshOptions = {
  /** The piece's scale: file units → mm (default 1). */
  scale?: number
  /** Files beside this one (a glTF's external buffers). */
  resolve?: ResolveMeshResource
  toleranceMm?: number
}

const now = () => globalThis.performance.now()

/** Read, repair, check and simplify one file at a scale. Throws SceneError naming the file, one line, when it cannot be a solid. */
export async function prepareMeshFile(file: string, bytes: Uint8Array, opts: PrepareMeshOptions = {}): Promise<PreparedMesh> {
  const t0 = now()
  const scale = opts.scale ?? 1
  const toleranceMm = opts.toleranceMm ?? LOS_TOLERANCE_MM
  if (!(scale > 0 && Number.isFinite(scale))) throw meshFileError(file, `cannot be prepared at scale ${scale}`)
  const raw = await readMeshFile(file, bytes, { resolve: opts.resolve })
  const trianglesIn = raw.indices.length / 3
  if (trianglesIn > MESH_LIMITS.maxTriangles) throw meshFileError(file, `has ${trianglesIn} triangles, more than the limit of ${MESH_LIMITS.maxTriangles}`)
  // units and scale first: everything below is in table mm
  const positions = raw.positions
  for (let i = 0; i < positions.length; i++) {
    const v = positions[i]! * scale
    if (!Number.isFinite(v)) throw meshFileError(file, `has a coordinate that is not a finite number (vertex ${Math.floor(i / 3)})`)
    positions[i] = v
  }
  // a piece far too big or small at this scale is refused before any repair (at the wrong size, the
  // weld and the sliver test would mangle it): the line names the scale that fixes it
  const [x0, y0, z0, x1, y1, z1] = measureMeshBounds(positions).bounds
  const advice = sizeAdvice(file, raw.format, [x1 - x0, y1 - y0, z1 - z0], scale)
  if (advice) throw meshFileError(file, advice.slice(file.length + 1))
  let repaired
  try {
    repaired = repairMesh(positions, raw.indices)
  } catch (e) {
    if (e instanceof MeshRefused) throw meshFileError(file, `cannot block sight as a solid: mesh ${e.message}`)
    throw e
  }
  const check = checkMesh(repaired.positions, repaired.indices)
  // the repair's own sliver test (no triangle under 1 µm high) is the one that holds here
  const problems = meshProblems({ ...check, degenerateTriangles: 0 })
  if (problems.length) {
    const done = repaired.repairs.length ? ` (after repair: ${repaired.repairs.join(', ')})` : ''
    throw meshFileError(file, `cannot block sight as a solid: mesh ${problems.join('; ')}${done}`)
  }
  const shellCount = repaired.shellOf.reduce((m, s) => Math.max(m, s + 1), 0)
  const footprint = shellCount > 1 ? findShellsFootprint(repaired.positions, repaired.indices, repaired.shellOf, shellCount, check.sharedEdges > 0 || repaired.solidShells < shellCount) : null
  // the simplifier is a library: should it fail, sight lines use the full mesh, and the note says so
  const simple = await simplifyMesh(repaired.positions, repaired.indices, toleranceMm).catch((e: unknown) => ({
    positions: repaired.positions, indices: repaired.indices, errorMm: 0,
    note: `not simplified (the simplifier failed: ${String(e instanceof Error ? e.message : e).split('\n')[0]!.slice(0, 80)}); sight lines use the full mesh`,
  }))
  const report: MeshFileReport = {
    file,
    format: raw.format,
    scale,
    trianglesIn,
    trianglesLos: simple.indices.length / 3,
    toleranceMm,
    boundsMm: check.bounds,
    repairs: repaired.repairs,
    warnings: [...raw.warnings, ...repaired.warnings],
    notes: [...repaired.notes, ...(simple.note ? [simple.note] : [])],
    prepareMs: Math.round(now() - t0),
  }
  // back to the file's units: the engine places the piece at its scale
  const unscale = (a: Float64Array) => (scale === 1 ? Array.from(a) : Array.from(a, (v) => v / scale))
  const los: TerrainMesh = { positions: unscale(simple.positions), indices: Array.from(simple.indices) }
  if (footprint) los.footprint = footprint.map(([x, y]) => [x / scale, y / scale])
  return {
    los,
    full: { positions: scale === 1 ? repaired.positions : repaired.positions.map((v) => v / scale), indices: repaired.indices },
    report,
  }
}

