// The terrain meshes the app knows: the repository's models/ files (tabletop-mesh/1 JSON, STL, OBJ,
// glTF/GLB), bundled at build time and served from the app's own origin, so a scene with mesh terrain
// rules and draws the same in the app as in the CLI, offline. Files are read, repaired and simplified
// by src/terrain (the CLI's code) once per name, and only when a scene names them. This module carries
// the readers (meshoptimizer, glTF): the engine worker imports it; the main thread loads it only when
// it draws a mesh piece or adds a file (names and URLs are in meshFiles.ts).
import { type MeshLibrary, SceneError, type TerrainMesh, parseMeshLibrary } from '../../engine/index.ts'
import { type PreparedMesh, prepareMeshFile } from '../../terrain/prepareMeshFile.ts'
import { bundledJson, bundledMeshFiles, meshFileOf, meshFileUrl, onMeshFileChanged } from './meshFiles.ts'

export { addMeshFile, bundledMeshFiles, bundledMeshUrl, registerMeshUrls, userMeshUrls } from './meshFiles.ts'

/** How a binary file's bytes are fetched: from the app's own origin; tests in Node read the same files from disk. */
let readFile = async (_file: string, url: string): Promise<Uint8Array> => new Uint8Array(await (await fetch(url)).arrayBuffer())
export function readBundledMeshFilesWith(read: (file: string, url: string) => Promise<Uint8Array>): void {
  readFile = read
}

const prepared = new Map<string, Promise<PreparedMesh>>()
const ready: Record<string, TerrainMesh> = Object.create(null)
onMeshFileChanged((name) => {
  prepared.delete(name)
  delete ready[name]
})

/** Read, repair and simplify one bundled mesh (once per name). */
export function loadBundledMesh(name: string): Promise<PreparedMesh> {
  let p = prepared.get(name)
  if (!p) {
    p = (async () => {
      const f = meshFileOf(name)
      if (!f) throw new SceneError([{ path: name, message: `mesh not found in models/ (known: ${bundledMeshFiles().join(', ').slice(0, 160) || 'none'})` }])
      const url = meshFileUrl(f)
      const bytes = url ? await readFile(f, url) : new TextEncoder().encode(JSON.stringify(bundledJson.get(f)))
      const mesh = await prepareMeshFile(f, bytes)
      ready[name] = mesh.los
      return mesh
    })()
    p.catch(() => prepared.delete(name))
    prepared.set(name, p)
  }
  return p
}

/** Load the named meshes (the engine worker awaits this before ruling on a scene that names them). */
export async function loadBundledMeshes(names: readonly string[]): Promise<void> {
  await Promise.all(names.map(loadBundledMesh))
}

/**
 * The meshes ready now: every one loaded through loadBundledMeshes, plus the bundled JSON meshes that
 * are clean solids (checked one by one, so a broken file fails only the scenes that name it).
 */
export function bundledMeshes(): MeshLibrary {
  const out: Record<string, TerrainMesh> = Object.create(null)
  for (const [f, raw] of bundledJson) {
    if (ready[f]) continue
    try {
      Object.assign(out, parseMeshLibrary({ [f]: raw }))
    } catch {
      // refused when a scene names it: loadBundledMesh gives the reason
    }
  }
  return Object.assign(out, ready)
}
