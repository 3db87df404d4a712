// Mesh terrain for the CLI: the models/ folder's *.json files, validated by the engine (tabletop-mesh/1).
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { type MeshLibrary, parseMeshLibrary } from '../engine/index.ts'
import { readJson } from './readInput.ts'

/** Load every *.json mesh of a folder (default: the repo's models/). */
export function loadMeshes(dir: string): MeshLibrary {
  if (!existsSync(dir)) return {}
  const files: Record<string, unknown> = {}
  for (const f of readdirSync(dir)) if (f.endsWith('.json')) files[f] = readJson(join(dir, f))
  return parseMeshLibrary(files)
}
