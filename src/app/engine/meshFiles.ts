// Which terrain mesh files the app has, by name, and where their bytes are: the repository's models/
// files (bundled at build time, served from the app's own origin) and the files the player added.
// Light on purpose: the main thread needs names and URLs to draw and to send with engine requests,
// while the readers (src/terrain, meshoptimizer, glTF) load only when a file is read (bundledMeshes.ts).
import { meshFileFormatOf } from '../../terrain/index.ts'

const jsonFiles = import.meta.glob<unknown>('../../../models/*.json', { eager: true, import: 'default' })
// a glTF's external buffers (.bin) are bundled too, to be read beside it
const binaryUrls = import.meta.glob<string>('../../../models/*.{stl,obj,glb,gltf,bin}', { eager: true, query: '?url', import: 'default' })

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)
/** The bundled tabletop-mesh/1 JSON files by name (their parsed contents). */
export const bundledJson = new Map(Object.entries(jsonFiles).map(([p, raw]) => [baseName(p), raw]))
const urls = new Map(Object.entries(binaryUrls).map(([p, url]) => [baseName(p), url]))

/**
 * Terrain files the player added with the file picker (name → blob: URL of its bytes). The main thread
 * registers them (addMeshFile) and sends the map with every engine request; the worker registers the
 * same URLs (registerMeshUrls) and fetches them like bundled files. They win over a bundled file of the same name.
 */
const userFiles = new Map<string, string>()
const changed = new Set<(name: string) => void>()

/** Be told when a name's bytes change (a prepared copy of it is then stale). */
export function onMeshFileChanged(listener: (name: string) => void): void {
  changed.add(listener)
}

export function addMeshFile(name: string, bytes: Uint8Array): void {
  const old = userFiles.get(name)
  if (old) URL.revokeObjectURL(old)
  userFiles.set(name, URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>])))
  for (const l of changed) l(name)
}

/** Forget a file the player added (one that could not be used). */
export function removeMeshFile(name: string): void {
  const old = userFiles.get(name)
  if (!old) return
  URL.revokeObjectURL(old)
  userFiles.delete(name)
  for (const l of changed) l(name)
}

export function userMeshUrls(): Record<string, string> {
  return Object.fromEntries(userFiles)
}

export function registerMeshUrls(files: Readonly<Record<string, string>>): void {
  for (const [name, url] of Object.entries(files)) {
    if (userFiles.get(name) === url) continue
    userFiles.set(name, url)
    for (const l of changed) l(name)
  }
}

/** The file a scene's mesh name means (the name itself, or the name + .json), or null. */
export function meshFileOf(name: string): string | null {
  if (userFiles.has(name) || bundledJson.has(name) || urls.has(name)) return name
  if (!meshFileFormatOf(name) && bundledJson.has(`${name}.json`)) return `${name}.json`
  return null
}

/** The URL of a binary mesh file (bundled or added), or null (then it is a bundled JSON file, or unknown). */
export function meshFileUrl(file: string): string | null {
  return userFiles.get(file) ?? urls.get(file) ?? null
}

/** The URL of a bundled binary mesh file (for drawing it with its textures), or null. */
export function bundledMeshUrl(name: string): string | null {
  const f = meshFileOf(name)
  return f ? meshFileUrl(f) : null
}

/** The bundled mesh files by name (not a glTF's side files). */
export function bundledMeshFiles(): string[] {
  return [...bundledJson.keys(), ...[...urls.keys()].filter((n) => meshFileFormatOf(n))]
}
