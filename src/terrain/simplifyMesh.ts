// The mesh sight lines are cast against: a print file's 10⁵–10⁶ triangles simplified (meshoptimizer's
// edge-collapse simplifier) so that no surface moves by more than the tolerance. An opening wider than
// twice the tolerance (a window, a door, the gap of an arch) cannot close, since closing it would move a
// surface by half its width. The full mesh is kept for drawing.
import { MeshoptSimplifier } from 'meshoptimizer'
import { checkMesh, meshProblems } from '../engine/index.ts'

/** Default LoS tolerance (mm): well under a model's base edge, and under a print's layer lines' visibility. */
export const LOS_TOLERANCE_MM = 0.5
/** Meshes at or under this many triangles are used as they are. */
export const SIMPLIFY_ABOVE_TRIANGLES = 20_000

export type SimplifiedMesh = { positions: Float64Array; indices: Uint32Array; errorMm: number; note: string | null }

/**
 * Simplify a closed, outward-wound mesh within toleranceMm (absolute, mm). If the result is not a
 * valid solid any more (the simplifier may pinch a thin part), the full mesh is used and the note says so.
 */
export async function simplifyMesh(positions: Float64Array, indices: Uint32Array, toleranceMm = LOS_TOLERANCE_MM): Promise<SimplifiedMesh> {
  if (indices.length / 3 <= SIMPLIFY_ABOVE_TRIANGLES) return { positions, indices, errorMm: 0, note: null }
  await MeshoptSimplifier.ready
  const p32 = Float32Array.from(positions)
  const [simplified, errorMm] = MeshoptSimplifier.simplify(indices, p32, 3, 0, toleranceMm, ['ErrorAbsolute'])
  // keep only the vertices still used
  const remap = new Int32Array(positions.length / 3).fill(-1)
  const out: number[] = []
  const idx = new Uint32Array(simplified.length)
  for (let i = 0; i < simplified.length; i++) {
    const v = simplified[i]!
    if (remap[v] === -1) { remap[v] = out.length / 3; out.push(positions[3 * v]!, positions[3 * v + 1]!, positions[3 * v + 2]!) }
    idx[i] = remap[v]!
  }
  const result = Float64Array.from(out)
  const problems = meshProblems(checkMesh(result, idx))
  if (problems.length) return { positions, indices, errorMm: 0, note: `simplified mesh ${problems[0]}; sight lines use the full mesh` }
  return { positions: result, indices: idx, errorMm, note: null }
}
