// `cli terrain <scene.json | ->`: what each mesh piece of a scene is made of, so a wrong scale or a
// repaired file is obvious: its file and format, bounding box and size in mm at the scene's scale,
// triangles in the file and in the LoS mesh (and the tolerance), what was repaired, and the LoS time per
// sight line against the piece. Mesh repairs are also said on stderr by eval and validate (noteRepairs).
import { join } from 'node:path'
import { type MeshFileReport, measurePieceLosMicros } from '../terrain/index.ts'
import { scaledMeshKey } from '../engine/index.ts'
import { loadSceneMeshes } from './loadMeshes.ts'

export async function reportTerrain(repoRoot: string, scene: unknown): Promise<unknown> {
  const { meshes, files, pieces, warnings } = await loadSceneMeshes(join(repoRoot, 'models'), scene)
  const byKey = new Map(files.map((f) => [scaledMeshKey(f.mesh, f.scale), f]))
  return {
    pieces: pieces.map((p) => {
      const f = byKey.get(scaledMeshKey(p.mesh, p.scale))!
      return {
        id: p.id, mesh: p.mesh, file: f.file, format: f.format, scale: p.scale,
        boundsMm: p.boundsMm.map((v) => Math.round(v * 1000) / 1000), sizeMm: p.sizeMm.map((v) => Math.round(v * 1000) / 1000),
        trianglesIn: f.trianglesIn, trianglesLos: f.trianglesLos, toleranceMm: f.toleranceMm,
        repairs: f.repairs, warnings: f.warnings, notes: f.notes, prepareMs: f.prepareMs,
        losMicrosPerLine: measurePieceLosMicros(meshes[scaledMeshKey(p.mesh, p.scale)]!),
      }
    }),
    warnings: warnings.map((w) => `${w.path}: ${w.message}`),
  }
}

/** Repairs worth a user's attention (welding STL's separate corners is routine, not a repair), one line each. */
export function repairNotes(files: readonly MeshFileReport[]): string[] {
  return files.flatMap((f) => {
    const said = f.repairs.filter((r) => !r.startsWith('welded '))
    return said.length ? [`note: ${f.file}: repaired for sight lines: ${said.join(', ')}`] : []
  })
}
