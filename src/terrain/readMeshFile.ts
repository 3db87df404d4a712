// Terrain files as players have them → triangles in the table's units and axes (mm, z up).
// STL (binary or ASCII) and OBJ are unitless: read as millimetres, z up (the 3D-printing convention;
// a scene's per-piece `scale` fixes a file drawn in other units). glTF/GLB is y-up in metres (glTF 2.0
// §3.4): x, y, z → x, −z, y and ×1000. tabletop-mesh/1 JSON is already mm, z up. The same code runs in
// Node (CLI) and in the browser's engine worker: three's STL/OBJ loaders parse bytes without a DOM,
// and glTF geometry is read with @gltf-transform/core (textures are the app's business, not the rules').
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js'
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js'
import type { BufferGeometry, Mesh } from 'three'
import { type GLTF, Primitive, WebIO } from '@gltf-transform/core'
import { MESH_FORMAT, SceneError } from '../engine/index.ts'
import { MESH_FILE_EXTENSIONS, type MeshFileFormat, meshFileFormatOf } from './meshFileFormat.ts'

export { MESH_FILE_EXTENSIONS, type MeshFileFormat, meshFileFormatOf }

/** Triangles as read from a file: positions in mm (z up), indices into them (not yet welded or checked). */
export type RawMesh = { format: MeshFileFormat; positions: Float64Array; indices: Uint32Array }

const GLTF_METRES_TO_MM = 1000

function fail(name: string, message: string): never {
  throw new SceneError([{ path: name, message }])
}

/** Read one mesh file's bytes. Throws SceneError (naming the file) for a file that cannot be read. */
export async function readMeshFile(name: string, bytes: Uint8Array): Promise<RawMesh> {
  const format = meshFileFormatOf(name)
  if (!format) fail(name, `unknown mesh file type; expected one of ${MESH_FILE_EXTENSIONS.join(', ')}`)
  try {
    switch (format) {
      case 'stl': return { format, ...fromGeometries([new STLLoader().parse(toArrayBuffer(bytes))], name) }
      case 'obj': {
        const group = new OBJLoader().parse(new TextDecoder().decode(bytes))
        const geometries: BufferGeometry[] = []
        group.traverse((o) => { if ((o as Mesh).isMesh) geometries.push((o as Mesh).geometry) })
        return { format, ...fromGeometries(geometries, name) }
      }
      case 'glb':
      case 'gltf': return { format, ...(await fromGltf(format, bytes, name)) }
      case 'tabletop-mesh': {
        const raw = JSON.parse(new TextDecoder().decode(bytes)) as { format?: unknown; positions?: unknown; indices?: unknown }
        if (raw?.format !== MESH_FORMAT) fail(name, `expected "format": "${MESH_FORMAT}"`)
        if (!isNumberArray(raw.positions) || !isNumberArray(raw.indices)) fail(name, 'expected "positions" and "indices" arrays of numbers')
        return { format, positions: Float64Array.from(raw.positions), indices: Uint32Array.from(raw.indices) }
      }
    }
  } catch (e) {
    if (e instanceof SceneError) throw e
    fail(name, `cannot be read as ${format.toUpperCase()}: ${String(e instanceof Error ? e.message : e).slice(0, 160)}`)
  }
}

function isNumberArray(a: unknown): a is number[] {
  return Array.isArray(a) && a.every((v) => typeof v === 'number')
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
}

/** Non-indexed or indexed three geometries (already mm, z up) → one raw mesh. */
function fromGeometries(geometries: BufferGeometry[], name: string): Omit<RawMesh, 'format'> {
  const parts = geometries.map((g) => {
    const p = g.getAttribute('position')
    if (!p) fail(name, 'has a mesh without vertex positions')
    const idx = g.getIndex()
    return { p: p.array as ArrayLike<number>, count: p.count, idx: idx ? (idx.array as ArrayLike<number>) : null }
  })
  return concatParts(parts, name, (x, y, z, out, o) => { out[o] = x; out[o + 1] = y; out[o + 2] = z })
}

type Part = { p: ArrayLike<number>; count: number; idx: ArrayLike<number> | null }

function concatParts(parts: Part[], name: string, put: (x: number, y: number, z: number, out: Float64Array, o: number) => void): Omit<RawMesh, 'format'> {
  const nv = parts.reduce((a, q) => a + q.count, 0)
  const ni = parts.reduce((a, q) => a + (q.idx ? q.idx.length : q.count), 0)
  if (ni === 0 || ni % 3 !== 0) fail(name, ni === 0 ? 'has no triangles' : 'has a triangle list whose length is not a multiple of 3')
  const positions = new Float64Array(nv * 3)
  const indices = new Uint32Array(ni)
  let v = 0, k = 0
  for (const q of parts) {
    for (let i = 0; i < q.count; i++) put(q.p[3 * i]!, q.p[3 * i + 1]!, q.p[3 * i + 2]!, positions, 3 * (v + i))
    if (q.idx) for (let i = 0; i < q.idx.length; i++) indices[k++] = v + q.idx[i]!
    else for (let i = 0; i < q.count; i++) indices[k++] = v + i
    v += q.count
  }
  return { positions, indices }
}

/** glTF/GLB geometry: every triangle primitive of every node of the default scene, world transforms applied. */
async function fromGltf(format: 'glb' | 'gltf', bytes: Uint8Array, name: string): Promise<Omit<RawMesh, 'format'>> {
  const io = new WebIO()
  const doc = format === 'glb'
    ? await io.readBinary(bytes)
    : await io.readJSON({ json: JSON.parse(new TextDecoder().decode(bytes)) as GLTF.IGLTF, resources: {} })
  const root = doc.getRoot()
  const scene = root.getDefaultScene() ?? root.listScenes()[0]
  if (!scene) fail(name, 'has no scene')
  const parts: Part[] = []
  const matrices: number[][] = []
  scene.traverse((node) => {
    const mesh = node.getMesh()
    if (!mesh) return
    for (const prim of mesh.listPrimitives()) {
      if (prim.getMode() !== Primitive.Mode.TRIANGLES) fail(name, 'has a primitive that is not a triangle list (points, lines or strips)')
      const pos = prim.getAttribute('POSITION')
      const arr = pos?.getArray()
      if (!pos || !arr) fail(name, 'has a primitive without POSITION data (external buffers are not read: embed them)')
      const idx = prim.getIndices()?.getArray() ?? null
      parts.push({ p: arr, count: pos.getCount(), idx })
      matrices.push(node.getWorldMatrix() as number[])
    }
  })
  // apply each part's world matrix (column-major), then y-up metres → z-up mm
  const transformed = parts.map((q, i) => {
    const m = matrices[i]!
    const p = new Float64Array(q.count * 3)
    for (let j = 0; j < q.count; j++) {
      const x = q.p[3 * j]!, y = q.p[3 * j + 1]!, z = q.p[3 * j + 2]!
      p[3 * j] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!
      p[3 * j + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!
      p[3 * j + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!
    }
    // a mirroring node transform turns the winding over: flip its triangles back
    const det = m[0]! * (m[5]! * m[10]! - m[9]! * m[6]!) - m[4]! * (m[1]! * m[10]! - m[9]! * m[2]!) + m[8]! * (m[1]! * m[6]! - m[5]! * m[2]!)
    let idx = q.idx
    if (det < 0) {
      const src = idx ?? Array.from({ length: q.count }, (_, k) => k)
      const flipped = new Uint32Array(src.length)
      for (let t = 0; t + 2 < src.length; t += 3) { flipped[t] = src[t]!; flipped[t + 1] = src[t + 2]!; flipped[t + 2] = src[t + 1]! }
      idx = flipped
    }
    return { p, count: q.count, idx }
  })
  return concatParts(transformed, name, (x, y, z, out, o) => {
    out[o] = x * GLTF_METRES_TO_MM
    out[o + 1] = -z * GLTF_METRES_TO_MM
    out[o + 2] = y * GLTF_METRES_TO_MM
  })
}
