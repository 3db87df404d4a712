// Terrain meshes (models/*.json, format tabletop-mesh/1), validated into the engine's MeshLibrary.
// The CLI reads them from the models/ folder, the app bundles the same files: both come through here.
import { z } from 'zod'
import { zodIssues } from './parseScene.ts'
import { SceneError } from './sceneError.ts'
import type { MeshLibrary } from '../table/prepareTable.ts'

export const MESH_FORMAT = 'tabletop-mesh/1'

export const meshSchema = z.strictObject({
  format: z.literal(MESH_FORMAT),
  /** Flat list of vertex coordinates x, y, z in mm (z up), relative to the piece's origin. */
  positions: z.array(z.number()).refine((a) => a.length % 3 === 0 && a.length >= 12, 'expected x,y,z triples, at least 4 vertices'),
  /** Triangles as vertex index triples, counter-clockwise seen from outside. */
  indices: z.array(z.number().int().nonnegative()).refine((a) => a.length % 3 === 0 && a.length >= 12, 'expected index triples, at least 4 triangles'),
})

/**
 * A mesh library from file name → parsed JSON. Files of another format are skipped; a bad mesh
 * throws SceneError naming the file and the field. Each mesh is known by its file name and by it
 * without `.json` (a scene may say either).
 */
export function parseMeshLibrary(files: Readonly<Record<string, unknown>>): MeshLibrary {
  const out: Record<string, { positions: number[]; indices: number[] }> = {}
  for (const [name, raw] of Object.entries(files)) {
    if ((raw as { format?: unknown } | null)?.format !== MESH_FORMAT) continue
    const r = meshSchema.safeParse(raw)
    if (!r.success) throw new SceneError(zodIssues(r.error).map((i) => ({ ...i, path: `${name}: ${i.path}` })))
    const n = r.data.positions.length / 3
    if (r.data.indices.some((k) => k >= n)) throw new SceneError([{ path: `${name}: indices`, message: `an index is ≥ the vertex count ${n}` }])
    out[name] = r.data
    out[name.replace(/\.json$/, '')] = r.data
  }
  return out
}
