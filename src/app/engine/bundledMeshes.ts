// The terrain meshes the app knows: the repository's models/ files (tabletop-mesh/1 JSON, STL, OBJ,
// glTF/GLB and a glTF's .bin), bundled at build time and served from the app's own origin, and the
// files the player added, so a scene with mesh terrain rules and draws the same in the app as in the
// CLI, offline. Files are read, repaired and simplified by src/terrain (the CLI's code) once per name
// and scale, and only when a scene names them. This module carries the readers (meshoptimizer,
// glTF-Transform, the Draco decoder whose wasm is served by the app itself): only the engine worker
// imports it; the main thread asks the worker (engineClient's prepareMesh).
import dracoWasmUrl from 'draco3dgltf/draco_decoder_gltf.wasm?url'
import { type MeshLibrary, SceneError, type TerrainMesh, parseMeshLibrary, scaledMeshKey } from '../../engine/index.ts'
import { type PreparedMesh, prepareMeshFile, setDracoWasm } from '../../terrain/index.ts'
import { bundledJson, bundledMeshFiles, meshFileOf, meshFileUrl, onMeshFileChanged } from './meshFiles.ts'

export { addMeshFile, bundledMeshFiles, bundledMeshUrl, registerMeshUrls, userMeshUrls } from './meshFiles.ts'

/** How a binary file's bytes are fetched: from the app's own origin; tests in Node read the same files from disk. */
let readFile = async (_file: string, url: string): Promise<Uint8Array> => new Uint8Array(await (await fetch(url)).arrayBuffer())
export function readBundledMeshFilesWith(read: (file: string, url: string) => Promise<Uint8Array>): void {
  readFile = read
}

// the Draco decoder's wasm from the app's own origin (never a CDN), fetched only for a Draco-compressed
// glTF; under Node (tests that load this module) the package reads its own wasm
if (!(globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node) {
  setDracoWasm(async () => new Uint8Array(await (await fetch(dracoWasmUrl)).arrayBuffer()))
}

const prepared = new Map<string, Promise<PreparedMesh>>()
const ready: Record<string, TerrainMesh> = Object.create(null)
onMeshFileChanged((name) => {
  for (const key of [...prepared.keys()]) {
    if (key === name || key.startsWith(`${name}@`)) { prepared.delete(key); delete ready[key] }
  }
  delete ready[name]
})

/** Read, repair and simplify one mesh file at a scale (once per name and scale). */
export function loadBundledMesh(name: string, scale = 1): Promise<PreparedMesh> {
  const key = scaledMeshKey(name, scale)
  let p = prepared.get(key)
  if (!p) {
    p = (async () => {
      const f = meshFileOf(name)
      if (!f) throw new SceneError([{ path: name, message: `mesh not found in models/ (known: ${bundledMeshFiles().join(', ').slice(0, 160) || 'none'})` }])
      const url = meshFileUrl(f)
      const bytes = url ? await readFile(f, url) : new TextEncoder().encode(JSON.stringify(bundledJson.get(f)))
      // a glTF's buffers come from the files beside it: the player's, or the bundled ones
      const resolve = async (uri: string) => {
        const side = meshFileUrl(uri)
        return side ? readFile(uri, side) : null
      }
      const mesh = await prepareMeshFile(f, bytes, { scale, resolve })
      ready[key] = mesh.los
      if (!(name in ready)) ready[name] = mesh.los
      return mesh
    })()
    p.catch(() => prepared.delete(key))
    prepared.set(key, p)
  }
  return p
}

/** Load the named meshes at scale 1 (the engine worker awaits meshLibraryForScene, which names the scales). */
export async function loadBundledMeshes(names: readonly string[]): Promise<void> {
  await Promise.all(names.map((n) => loadBundledMesh(n)))
}

/**
 * The meshes ready now: every one loaded through loadBundledMesh, plus the bundled JSON meshes that
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
