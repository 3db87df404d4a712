// The terrain meshes the app knows: the repository's models/*.json (tabletop-mesh/1), bundled at build
// time so a scene with mesh terrain rules and draws the same in the app as in the CLI, offline.
import { type MeshLibrary, parseMeshLibrary } from '../../engine/index.ts'

const files = import.meta.glob<unknown>('../../../models/*.json', { eager: true, import: 'default' })

let library: MeshLibrary | null = null

/** The bundled meshes by file name (and by name without .json), validated once. */
export function bundledMeshes(): MeshLibrary {
  library ??= parseMeshLibrary(Object.fromEntries(Object.entries(files).map(([path, raw]) => [path.slice(path.lastIndexOf('/') + 1), raw])))
  return library
}
