// The terrain library (models/) for tests of scenes that name its files, such as every system's demo
// scene: the engine's mesh library as the CLI builds it, and the app's bundled meshes read from disk
// (in Node there is no server behind their URLs).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { MeshLibrary } from '../../src/engine/index.ts'
import { loadMeshes } from '../../src/cli/loadMeshes.ts'
import { bundledMeshFiles, loadBundledMeshes, readBundledMeshFilesWith } from '../../src/app/engine/bundledMeshes.ts'

const MODELS = join(import.meta.dirname, '../../models')

let library: Promise<MeshLibrary> | null = null

/** Every mesh file of models/, prepared as the CLI prepares it (once per test file). */
export function libraryMeshes(): Promise<MeshLibrary> {
  library ??= loadMeshes(MODELS, undefined, { cacheDir: null })
  return library
}

/** Load every bundled mesh into the app's engine code (what its worker does for the meshes a scene names). */
export async function loadLibraryIntoApp(): Promise<void> {
  readBundledMeshFilesWith(async (file) => new Uint8Array(await readFile(join(MODELS, file))))
  await loadBundledMeshes(bundledMeshFiles())
}
