// Terrain files as players have them → triangles in millimetres, z up, by each format's convention:
// STL and OBJ are unitless and read as mm, z up (the 3D-printing convention); glTF/GLB is y-up metres
// (converted in readGltf.ts); tabletop-mesh/1 JSON is mm, z up. A scene's `scale` is applied after
// this, before any tolerance (prepareMeshFile.ts). Every reader is ours or wrapped here: a library's
// error becomes one line naming the file, and nothing is written to the console.
import { MESH_FORMAT, SceneError } from '../engine/index.ts'
import { MESH_FILE_EXTENSIONS, type MeshFileFormat, type MeshReadError, meshFileFormatOf } from './meshFileFormat.ts'
import { readStl } from './readStl.ts'
import { readObj } from './readObj.ts'
import { type ResolveMeshResource, readGltf } from './readGltf.ts'

export { MESH_FILE_EXTENSIONS, type MeshFileFormat, meshFileFormatOf }
export type { ResolveMeshResource }

/** Triangles as read from a file: positions in mm (z up), indices into them (not yet welded or checked). */
export type RawMesh = { format: MeshFileFormat; positions: Float64Array; indices: Uint32Array; warnings: string[] }

export type ReadMeshOptions = { resolve?: ResolveMeshResource }

export function meshFileError(name: string, message: string): SceneError {
  return new SceneError([{ path: name, message: message.replace(/\s+/g, ' ').trim() }])
}

/** Read one mesh file's bytes. Throws SceneError (naming the file, one line) for a file that cannot be read. */
export async function readMeshFile(name: string, bytes: Uint8Array, opts: ReadMeshOptions = {}): Promise<RawMesh> {
  const format = meshFileFormatOf(name)
  const fail: MeshReadError = (message) => { throw meshFileError(name, message) }
  if (!format) fail(`unknown mesh file type; expected one of ${MESH_FILE_EXTENSIONS.join(', ')}`)
  if (bytes.length === 0) fail('is empty')
  let raw: Omit<RawMesh, 'format'>
  try {
    switch (format) {
      case 'stl': raw = readStl(bytes, fail); break
      case 'obj': raw = readObj(bytes, fail); break
      case 'glb':
      case 'gltf': raw = await readGltf(format, bytes, fail, opts.resolve); break
      case 'tabletop-mesh': raw = readTabletopMesh(bytes, fail); break
    }
  } catch (e) {
    if (e instanceof SceneError) throw e
    fail(`cannot be read as ${format === 'tabletop-mesh' ? 'tabletop-mesh/1' : format.toUpperCase()}: ${libraryMessage(e)}`)
  }
  const nv = raw.positions.length / 3
  if (raw.indices.length === 0) fail('has no triangles')
  for (let i = 0; i < raw.indices.length; i++) if (raw.indices[i]! >= nv) fail(`has a triangle that refers to vertex ${raw.indices[i]}, but only ${nv} vertices are defined`)
  return { format, ...raw }
}

function readTabletopMesh(bytes: Uint8Array, fail: MeshReadError): Omit<RawMesh, 'format'> {
  let raw: { format?: unknown; positions?: unknown; indices?: unknown }
  try {
    raw = JSON.parse(new TextDecoder().decode(bytes)) as typeof raw
  } catch (e) {
    fail(`cannot be read as tabletop-mesh/1: not JSON (${e instanceof Error ? e.message.slice(0, 80) : 'unreadable'})`)
  }
  if (raw?.format !== MESH_FORMAT) fail(`expected "format": "${MESH_FORMAT}"`)
  if (!isNumberArray(raw.positions) || !isNumberArray(raw.indices)) fail('expected "positions" and "indices" arrays of numbers')
  if (raw.positions.length % 3 !== 0) fail('"positions" is not a list of x, y, z triples')
  if (raw.indices.length % 3 !== 0 || raw.indices.some((k) => !Number.isInteger(k) || k < 0)) fail('"indices" is not a list of vertex number triples')
  return { positions: Float64Array.from(raw.positions), indices: Uint32Array.from(raw.indices), warnings: [] }
}

function isNumberArray(a: unknown): a is number[] {
  return Array.isArray(a) && a.every((v) => typeof v === 'number')
}

/** A library's error as a short phrase: its first line, no stack, no class name. */
function libraryMessage(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e)
  return text.split('\n')[0]!.replace(/^\[[A-Za-z_]+\]\s*/, '').slice(0, 160) || 'unreadable'
}
