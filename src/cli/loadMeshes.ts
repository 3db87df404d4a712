// Mesh terrain for the CLI: the files in the models/ folder that a scene names (tabletop-mesh/1 JSON,
// STL, OBJ, glTF/GLB), read, repaired, checked and simplified by src/terrain. Only named files are
// read, so a broken or huge unrelated file costs nothing. A prepared file over CACHE_ABOVE_BYTES is
// cached (node_modules/.cache/tabletop-terrain/, keyed by path, size and modification time, so a hit
// does not even read the file): a 10⁶-triangle print file is simplified once, not on every command.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { type MeshLibrary, SceneError } from '../engine/index.ts'
import { LOS_TOLERANCE_MM, MESH_FILE_EXTENSIONS, type MeshFileReport, type PreparedMesh, type ResolveMeshResource, meshFileFormatOf, meshLibraryForScene, prepareMeshFile } from '../terrain/index.ts'

/** Files smaller than this are prepared every time (faster than hashing and reading a cache entry). */
export const CACHE_ABOVE_BYTES = 1_000_000
/** Bump when preparation changes what it produces. */
const CACHE_VERSION = 'terrain-2'

export type MeshLoadOptions = { cacheDir?: string | null; toleranceMm?: number; scale?: number }

/** A file beside `path` (a glTF's buffer), read from its folder; null when there is none. The reader refuses URIs that leave the folder. */
function besideFile(path: string): ResolveMeshResource {
  return async (uri) => {
    const p = join(dirname(path), uri)
    return existsSync(p) && statSync(p).isFile() ? new Uint8Array(readFileSync(p)) : null
  }
}

/** The file in `dir` a scene's mesh name means: the name itself, or the name + .json. */
export function resolveMeshFile(dir: string, name: string): string {
  const candidates = meshFileFormatOf(name) ? [name] : [`${name}.json`]
  for (const f of candidates) if (existsSync(join(dir, f))) return f
  const known = existsSync(dir) ? readdirSync(dir).filter((f) => meshFileFormatOf(f)) : []
  throw new SceneError([{ path: name, message: `mesh not found in models/ (expected a file named ${candidates.join(' or ')} with one of ${MESH_FILE_EXTENSIONS.join(', ')}; known: ${known.join(', ').slice(0, 160) || 'none'})` }])
}

/** Prepare one named file of `dir`, through the content-hashed cache for big files. */
export async function loadMeshFile(dir: string, name: string, opts: MeshLoadOptions = {}): Promise<PreparedMesh> {
  const file = resolveMeshFile(dir, name)
  const path = join(dir, file)
  const read = () => new Uint8Array(readFileSync(path))
  const tolerance = opts.toleranceMm ?? LOS_TOLERANCE_MM
  const scale = opts.scale ?? 1
  const prepare = () => prepareMeshFile(file, read(), { toleranceMm: tolerance, scale, resolve: besideFile(path) })
  const cacheDir = opts.cacheDir === undefined ? defaultCacheDir(dir) : opts.cacheDir
  if (!cacheDir || statSync(path).size <= CACHE_ABOVE_BYTES) return prepare()
  // keyed by the file's identity (absolute path, size, modification time) and the scale: a hit never reads the file
  const stat = statSync(path)
  const key = createHash('sha256').update(`${CACHE_VERSION}|${tolerance}|${scale}|${resolve(path)}|${stat.size}|${stat.mtimeMs}`).digest('hex')
  const entry = join(cacheDir, `${key}.json`)
  if (existsSync(entry)) {
    try {
      const cached = JSON.parse(readFileSync(entry, 'utf8')) as { los: PreparedMesh['los']; report: MeshFileReport }
      return { los: cached.los, full: { positions: new Float64Array(0), indices: new Uint32Array(0) }, report: { ...cached.report, file, notes: [...cached.report.notes, 'prepared earlier (cache)'] } }
    } catch {
      // a damaged entry is rebuilt below
    }
  }
  const prepared = await prepare()
  try {
    mkdirSync(cacheDir, { recursive: true })
    writeFileSync(entry, JSON.stringify({ los: prepared.los, report: prepared.report }))
  } catch {
    // a read-only checkout still works, just without the cache
  }
  return prepared
}

function defaultCacheDir(modelsDir: string): string {
  return join(modelsDir, '..', 'node_modules', '.cache', 'tabletop-terrain')
}

/** The meshes a scene names, from `dir` (default: the repo's models/), with per-file and per-piece reports. */
export function loadSceneMeshes(dir: string, scene: unknown, opts: MeshLoadOptions = {}) {
  return meshLibraryForScene(scene, (name, scale) => loadMeshFile(dir, name, { ...opts, scale }))
}

/** Named meshes of a folder as a library (every mesh file when no names are given). */
export async function loadMeshes(dir: string, names?: readonly string[], opts: MeshLoadOptions = {}): Promise<MeshLibrary> {
  const list = names ?? (existsSync(dir) ? readdirSync(dir).filter((f) => meshFileFormatOf(f) && f !== 'package.json') : [])
  const out: Record<string, PreparedMesh['los']> = Object.create(null)
  for (const name of list) {
    out[name] = (await loadMeshFile(dir, name, opts)).los
    if (!names && name.endsWith('.json')) out[name.slice(0, -5)] = out[name]
  }
  return out
}
