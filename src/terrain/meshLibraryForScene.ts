// The meshes one scene names, and nothing else: a broken file the scene does not use fails nothing,
// and a big file the scene does not use costs nothing. A file is prepared at each scale the scene uses
// it at (its tolerances are in table mm; a piece far too big or small at its scale is refused there,
// naming the scale that fixes it), and each piece's size at its scale is reported.
import { type MeshLibrary, type ResultDocument, type SceneWarning, meshNamesOf, scaledMeshKey } from '../engine/index.ts'
import type { MeshFileReport, PreparedMesh } from './prepareMeshFile.ts'
import { PIECE_SIZE_MM } from './scaleAdvice.ts'

export { PIECE_SIZE_MM }

/** A piece placed by its file's origin by default that sinks deeper than this (mm) below the table is said (tracked positions are this uncertain). */
const SINKING_SAID_MM = 0.5

export type PieceReport = { id: string; mesh: string; scale: number; boundsMm: [number, number, number, number, number, number]; sizeMm: [number, number, number] }

/** How a scene's mesh is loaded: by its name as the scene says it, at a scale. */
export type LoadSceneMesh = (name: string, scale: number) => Promise<PreparedMesh>

/** The (mesh name, scale) pairs a scene's terrain uses, in order, each once. */
export function meshUsesOf(scene: unknown): Array<{ mesh: string; scale: number }> {
  const terrain = (scene as { terrain?: unknown } | null)?.terrain
  const out: Array<{ mesh: string; scale: number }> = []
  const seen = new Set<string>()
  const names = new Set(meshNamesOf(scene))
  if (!Array.isArray(terrain)) return out
  for (const t of terrain as Array<{ mesh?: unknown; scale?: unknown }>) {
    if (typeof t?.mesh !== 'string' || !names.has(t.mesh)) continue
    const scale = typeof t.scale === 'number' && t.scale > 0 && Number.isFinite(t.scale) ? t.scale : 1
    const key = scaledMeshKey(t.mesh, scale)
    if (!seen.has(key)) { seen.add(key); out.push({ mesh: t.mesh, scale }) }
  }
  return out
}

/**
 * Load a scene's meshes through `load` (by name and scale), and report each piece's size. `warnings`
 * (scene paths; they belong in the scene's result: withMeshWarnings) say how a file was read where it is not one closed solid (area terrain, thin
 * surfaces, images not read) and where a piece without "origin" (placed by its file's origin, the
 * scene format's default) sinks into the table because its file's lowest point is below its origin
 * (a piece floating above the table is said by the engine's scene warnings).
 */
export async function meshLibraryForScene(scene: unknown, load: LoadSceneMesh): Promise<{ meshes: MeshLibrary; files: Array<MeshFileReport & { mesh: string }>; pieces: PieceReport[]; warnings: SceneWarning[] }> {
  // no prototype: a mesh named like a built-in property (constructor, __proto__) selects nothing it did not load
  const meshes: Record<string, PreparedMesh['los']> = Object.create(null)
  const files: Array<MeshFileReport & { mesh: string }> = []
  const byKey = new Map<string, MeshFileReport>()
  for (const { mesh, scale } of meshUsesOf(scene)) {
    const prepared = await load(mesh, scale)
    meshes[scaledMeshKey(mesh, scale)] = prepared.los
    // by its bare name too (the first scale it is used at), for callers that look a mesh up by name
    meshes[mesh] ??= prepared.los
    files.push({ ...prepared.report, mesh })
    byKey.set(scaledMeshKey(mesh, scale), prepared.report)
  }
  const pieces: PieceReport[] = []
  const warnings: SceneWarning[] = []
  const said = new Set<string>()
  const terrain = (scene as { terrain?: unknown }).terrain
  if (Array.isArray(terrain)) {
    terrain.forEach((t: { id?: unknown; mesh?: unknown; scale?: unknown; origin?: unknown; position?: unknown }, i) => {
      if (typeof t?.mesh !== 'string') return
      const scale = typeof t.scale === 'number' && t.scale > 0 && Number.isFinite(t.scale) ? t.scale : 1
      const r = byKey.get(scaledMeshKey(t.mesh, scale))
      if (!r) return
      const b = r.boundsMm
      const sizeMm: PieceReport['sizeMm'] = [b[3] - b[0], b[4] - b[1], b[5] - b[2]]
      pieces.push({ id: String(t.id), mesh: t.mesh, scale, boundsMm: b, sizeMm })
      const path = `terrain[${i}]`
      if (!said.has(scaledMeshKey(t.mesh, scale))) for (const w of r.warnings) warnings.push({ code: 'terrain-read-as', path, message: `${t.mesh}: ${w}` })
      said.add(scaledMeshKey(t.mesh, scale))
      // the scene format's default places the file's origin at z: a file modelled around another point
      // (centred, as many tools export) and not lifted by its z sinks into the table
      const z = Array.isArray(t.position) && typeof t.position[2] === 'number' ? t.position[2] : 0
      if (t.origin === undefined && z + b[2] < -SINKING_SAID_MM) {
        warnings.push({ code: 'terrain-sinks', path, message: `${t.mesh} sinks ${(-(z + b[2])).toFixed(1)} mm into the table: the piece is placed by its file's origin (the scene format's default), and its lowest point is ${(-b[2]).toFixed(1)} mm below it; "origin": "bottom" rests the piece on its lowest point at its z` })
      }
    })
  }
  return { meshes, files, pieces, warnings }
}

/**
 * The result with the scene's terrain warnings before its own (as validate lists them): a file read as
 * thin surfaces or a piece sunk into the table changes the answers, so they travel with them (CLI eval,
 * the app's rulings and card).
 */
export function withMeshWarnings(doc: ResultDocument, meshWarnings: readonly SceneWarning[]): ResultDocument {
  if (meshWarnings.length === 0) return doc
  return { ...doc, warnings: [...meshWarnings, ...(doc.warnings ?? [])] }
}
