// The terrain meshes the app knows: the repository's models/ files (tabletop-mesh/1 JSON, STL, OBJ,
// glTF/GLB), bundled at build time and served from the app's own origin, so a scene with mesh terrain
// rules and draws the same in the app as in the CLI, offline. Files are read, repaired and simplified
// by src/terrain (the CLI's code) once per name, and only when a scene names them.
import { type MeshLibrary, SceneError, type TerrainMesh, parseMeshLibrary } from '../../engine/index.ts'
import { type PreparedMesh, prepareMeshFile } from '../../terrain/prepareMeshFile.ts'
import { meshFileFormatOf } from '../../terrain/readMeshFile.ts'

const jsonFiles = import.meta.glob<unknown>('../../../models/*.json', { eager: true, import: 'default' })
const binaryUrls = import.meta.glob<string>('../../../models/*.{stl,obj,glb,gltf}', { eager: true, query: '?url', import: 'default' })

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)
const json = new Map(Object.entries(jsonFiles).map(([p, raw]) => [baseName(p), raw]))
const urls = new Map(Object.entries(binaryUrls).map(([p, url]) => [baseName(p), url]))

/**
 * Terrain files the player added with the file picker (name → blob: URL of its bytes). The main thread
 * registers them (addMeshFile) and sends the map with every engine request; the worker registers the
 * same URLs (registerMeshUrls) and fetches them like bundled files. They win over a bundled file of the same name.
 */
const userFiles = new Map<string, string>()

export function addMeshFile(name: string, bytes: Uint8Array): void {
  const old = userFiles.get(name)
  if (old) URL.revokeObjectURL(old)
  userFiles.set(name, URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>])))
  prepared.delete(name)
  delete ready[name]
}

export function userMeshUrls(): Record<string, string> {
  return Object.fromEntries(userFiles)
}

export function registerMeshUrls(files: Readonly<Record<string, string>>): void {
  for (const [name, url] of Object.entries(files)) {
    if (userFiles.get(name) === url) continue
    userFiles.set(name, url)
    prepared.delete(name)
    delete ready[name]
  }
}

/** The bundled file a scene's mesh name means (the name itself, or the name + .json). */
function fileOf(name: string): string | null {
  if (userFiles.has(name) || json.has(name) || urls.has(name)) return name
  if (!meshFileFormatOf(name) && json.has(`${name}.json`)) return `${name}.json`
  return null
}

/** The URL of a bundled binary mesh file (for drawing it with its textures), or null. */
export function bundledMeshUrl(name: string): string | null {
  const f = fileOf(name)
  return f ? (userFiles.get(f) ?? urls.get(f) ?? null) : null
}

/** The bundled mesh files by name. */
export function bundledMeshFiles(): string[] {
  return [...json.keys(), ...urls.keys()]
}

/** How a binary file's bytes are fetched: from the app's own origin; tests in Node read the same files from disk. */
let readFile = async (_file: string, url: string): Promise<Uint8Array> => new Uint8Array(await (await fetch(url)).arrayBuffer())
export function readBundledMeshFilesWith(read: (file: string, url: string) => Promise<Uint8Array>): void {
  readFile = read
}

const prepared = new Map<string, Promise<PreparedMesh>>()
const ready: Record<string, TerrainMesh> = Object.create(null)

/** Read, repair and simplify one bundled mesh (once per name). */
export function loadBundledMesh(name: string): Promise<PreparedMesh> {
  let p = prepared.get(name)
  if (!p) {
    p = (async () => {
      const f = fileOf(name)
      if (!f) throw new SceneError([{ path: name, message: `mesh not found in models/ (known: ${[...json.keys(), ...urls.keys()].join(', ').slice(0, 160) || 'none'})` }])
      const url = userFiles.get(f) ?? urls.get(f)
      const bytes = url ? await readFile(f, url) : new TextEncoder().encode(JSON.stringify(json.get(f)))
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
  for (const [f, raw] of json) {
    if (ready[f]) continue
    try {
      Object.assign(out, parseMeshLibrary({ [f]: raw }))
    } catch {
      // refused when a scene names it: loadBundledMesh gives the reason
    }
  }
  return Object.assign(out, ready)
}
