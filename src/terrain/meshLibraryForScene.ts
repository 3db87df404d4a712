// The meshes one scene names, and nothing else: a broken file the scene does not use fails nothing,
// and a big file the scene does not use costs nothing. Each piece's size (after its `scale`) is
// checked: a piece 100× too big or too small is refused with a line saying so.
import { type MeshLibrary, SceneError, type SceneIssue, meshNamesOf } from '../engine/index.ts'
import type { MeshFileReport, PreparedMesh } from './prepareMeshFile.ts'

/** A terrain piece's largest extent must lie within these (mm, after scale): 100× a 30 mm stone, 1/100 of 30 cm. */
export const PIECE_SIZE_MM = { min: 3, max: 3000 } as const

export type PieceReport = { id: string; mesh: string; scale: number; boundsMm: [number, number, number, number, number, number]; sizeMm: [number, number, number] }

/** Load a scene's meshes through `load` (by name as the scene says it), then check each piece's size. */
export async function meshLibraryForScene(scene: unknown, load: (name: string) => Promise<PreparedMesh>): Promise<{ meshes: MeshLibrary; files: Array<MeshFileReport & { mesh: string }>; pieces: PieceReport[] }> {
  // no prototype: a mesh named like a built-in property (constructor, __proto__) selects nothing it did not load
  const meshes: Record<string, PreparedMesh['los']> = Object.create(null)
  const files: Array<MeshFileReport & { mesh: string }> = []
  const byName = new Map<string, MeshFileReport>()
  for (const name of meshNamesOf(scene)) {
    const prepared = await load(name)
    meshes[name] = prepared.los
    files.push({ ...prepared.report, mesh: name })
    byName.set(name, prepared.report)
  }
  const pieces: PieceReport[] = []
  const issues: SceneIssue[] = []
  const terrain = (scene as { terrain?: unknown }).terrain
  if (Array.isArray(terrain)) {
    terrain.forEach((t: { id?: unknown; mesh?: unknown; scale?: unknown }, i) => {
      if (typeof t?.mesh !== 'string') return
      const r = byName.get(t.mesh)
      if (!r) return
      const scale = typeof t.scale === 'number' && t.scale > 0 ? t.scale : 1
      const b = r.boundsMm.map((v) => v * scale) as PieceReport['boundsMm']
      const sizeMm: PieceReport['sizeMm'] = [b[3] - b[0], b[4] - b[1], b[5] - b[2]]
      const largest = Math.max(...sizeMm)
      const dims = sizeMm.map((v) => v.toPrecision(3)).join(' × ')
      if (largest < PIECE_SIZE_MM.min) issues.push({ path: `terrain[${i}]`, message: `${t.mesh} is ${dims} mm at scale ${scale}: about ${Math.round(PIECE_SIZE_MM.min * 10 / largest)}× too small for terrain (expected ${PIECE_SIZE_MM.min}–${PIECE_SIZE_MM.max} mm); was it exported in metres? Set "scale" on the piece` })
      else if (largest > PIECE_SIZE_MM.max) issues.push({ path: `terrain[${i}]`, message: `${t.mesh} is ${dims} mm at scale ${scale}: about ${Math.round(largest / (PIECE_SIZE_MM.max / 10))}× too big for terrain (expected ${PIECE_SIZE_MM.min}–${PIECE_SIZE_MM.max} mm); was it exported in the wrong unit? Set "scale" on the piece` })
      pieces.push({ id: String(t.id), mesh: t.mesh, scale, boundsMm: b, sizeMm })
    })
  }
  if (issues.length) throw new SceneError(issues)
  return { meshes, files, pieces }
}
