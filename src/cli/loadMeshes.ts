// Mesh terrain for the CLI: models/<name> files in the tabletop-mesh/1 format.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { type MeshLibrary, SceneError, zodIssues } from '../engine/index.ts'
import { readJson } from './readInput.ts'

export const meshSchema = z.strictObject({
  format: z.literal('tabletop-mesh/1'),
  /** Flat list of vertex coordinates x, y, z in mm (z up), relative to the piece's origin. */
  positions: z.array(z.number()).refine((a) => a.length % 3 === 0 && a.length >= 12, 'expected x,y,z triples, at least 4 vertices'),
  /** Triangles as vertex index triples, counter-clockwise seen from outside. */
  indices: z.array(z.number().int().nonnegative()).refine((a) => a.length % 3 === 0 && a.length >= 12, 'expected index triples, at least 4 triangles'),
})

/** Load every *.json mesh of a folder (default: the repo's models/). */
export function loadMeshes(dir: string): MeshLibrary {
  if (!existsSync(dir)) return {}
  const out: Record<string, { positions: number[]; indices: number[] }> = {}
  for (const f of readdirSync(dir)) {
    if (!f.endsWith('.json')) continue
    const raw = readJson(join(dir, f))
    if ((raw as { format?: unknown })?.format !== 'tabletop-mesh/1') continue
    const r = meshSchema.safeParse(raw)
    if (!r.success) throw new SceneError(zodIssues(r.error).map((i) => ({ ...i, path: `${f}: ${i.path}` })))
    const n = r.data.positions.length / 3
    if (r.data.indices.some((k) => k >= n)) throw new SceneError([{ path: `${f}: indices`, message: `an index is ≥ the vertex count ${n}` }])
    out[f] = r.data
    out[f.replace(/\.json$/, '')] = r.data
  }
  return out
}
