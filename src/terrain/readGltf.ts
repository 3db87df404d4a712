// glTF 2.0 and GLB geometry as exported in the wild, read with glTF-Transform (and its extensions):
// - GLB parsed here (header, JSON chunk, BIN chunk), so that an external or missing image does not
//   stop it: textures, images, samplers and materials are dropped before reading (sight lines need
//   geometry only; the app draws the file itself), and the warning says so;
// - external buffers (a .gltf with "piece.bin" beside it) come from the caller's resolve(uri): the CLI
//   reads the file's folder, the app the files the player added with it; a URI leaving the folder is refused;
// - Draco (KHR_draco_mesh_compression, decoder from the npm package draco3dgltf, its wasm handed in by
//   the app from its own origin) and meshopt (EXT_meshopt_compression, meshoptimizer's decoder, wasm
//   embedded in its JavaScript) compression, KHR_mesh_quantization and EXT_mesh_gpu_instancing;
// - every triangle primitive (lists, strips and fans) of every node of the default scene, world
//   transforms and instances applied; points and lines skipped and said.
// glTF is y-up in metres (glTF 2.0 §3.4): x, y, z → x, −z, y, × 1000 for mm z-up.
// Library messages go to a logger of our own, never to the console.
import { type Accessor, type GLTF, GLB_BUFFER, type ILogger, type Node, Primitive, WebIO } from '@gltf-transform/core'
import { EXTMeshGPUInstancing, EXTMeshoptCompression, type InstancedMesh, KHRDracoMeshCompression, KHRMeshQuantization } from '@gltf-transform/extensions'
import type { MeshReadError } from './meshFileFormat.ts'

export type GltfMesh = { positions: Float64Array; indices: Uint32Array; warnings: string[] }
/** A file beside the glTF (a buffer it names by relative URI), or null when there is none. */
export type ResolveMeshResource = (uri: string) => Promise<Uint8Array | null>

const METRES_TO_MM = 1000
const GEOMETRY_EXTENSIONS = new Set(['KHR_draco_mesh_compression', 'EXT_meshopt_compression', 'KHR_mesh_quantization', 'EXT_mesh_gpu_instancing'])
/** Extensions about looks, not shape: dropped with the materials and textures. */
const LOOKS = /material|texture|light|image|basisu|webp|avif|dds|xmp|animation|variants|lod/i

let dracoWasm: (() => Promise<Uint8Array>) | null = null
/** The app hands in how to get the Draco decoder's wasm from its own origin (Node reads it from the package). */
export function setDracoWasm(load: () => Promise<Uint8Array>): void {
  dracoWasm = load
  draco = null
}
let draco: Promise<unknown> | null = null
function dracoDecoder(): Promise<unknown> {
  draco ??= (async () => {
    // the decoder alone (the package's main file also carries the encoder)
    const mod = (await import('draco3dgltf/draco_decoder_gltf_nodejs.js')) as unknown as { default?: CreateDecoder } | CreateDecoder
    const create = typeof mod === 'function' ? mod : mod.default!
    return create(dracoWasm ? { wasmBinary: await dracoWasm() } : {})
  })()
  draco.catch(() => { draco = null })
  return draco
}
type CreateDecoder = (opts: { wasmBinary?: Uint8Array }) => Promise<unknown>

export async function readGltf(format: 'glb' | 'gltf', bytes: Uint8Array, fail: MeshReadError, resolve?: ResolveMeshResource): Promise<GltfMesh> {
  const warnings: string[] = []
  const { json, bin } = format === 'glb' ? parseGlb(bytes, fail) : { json: parseJson(bytes, fail), bin: null }
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {}
  if (bin) resources[GLB_BUFFER] = bin as Uint8Array<ArrayBuffer>
  stripLooks(json, warnings)
  for (const name of json.extensionsRequired ?? []) {
    if (!GEOMETRY_EXTENSIONS.has(name)) fail(`needs the glTF extension ${name}, which this reader does not support`)
  }
  for (const [i, b] of (json.buffers ?? []).entries()) {
    if (b.uri === undefined) {
      if (!bin && !isMeshoptFallback(b)) fail(`buffer ${i} has no data (no URI, and the file is not a GLB)`)
      continue
    }
    if (b.uri.startsWith('data:')) continue
    const uri = safeUri(b.uri, fail)
    const data = resolve ? await resolve(uri) : null
    if (!data) fail(`needs its buffer file "${uri}" beside it, which was not found (a .gltf and its .bin travel together)`)
    if (data.byteLength < b.byteLength) fail(`buffer file "${uri}" has ${data.byteLength} bytes, the glTF says ${b.byteLength}`)
    resources[b.uri] = data as Uint8Array<ArrayBuffer>
  }
  const used = new Set(json.extensionsUsed ?? [])
  const io = new WebIO().setLogger(logInto(warnings)).registerExtensions([KHRDracoMeshCompression, EXTMeshoptCompression, KHRMeshQuantization, EXTMeshGPUInstancing])
  const deps: Record<string, unknown> = {}
  if (used.has('KHR_draco_mesh_compression')) deps['draco3d.decoder'] = await dracoDecoder()
  if (used.has('EXT_meshopt_compression')) {
    const { MeshoptDecoder } = await import('meshoptimizer')
    await MeshoptDecoder.ready
    deps['meshopt.decoder'] = MeshoptDecoder
  }
  io.registerDependencies(deps)
  const doc = await io.readJSON({ json, resources })
  const root = doc.getRoot()
  const scene = root.getDefaultScene() ?? root.listScenes()[0]
  const roots = scene ? scene.listChildren() : root.listNodes().filter((n) => !n.getParentNode())
  if (!scene) warnings.push('has no scene: every top-level node read')
  const positions: number[] = []
  const indices: number[] = []
  let skipped = 0
  const p = [0, 0, 0]
  const visit = (node: Node) => {
    const mesh = node.getMesh()
    if (mesh) {
      const world = node.getWorldMatrix() as number[]
      const instances = instanceMatrices(node.getExtension<InstancedMesh>('EXT_mesh_gpu_instancing'))
      for (const prim of mesh.listPrimitives()) {
        const mode = prim.getMode()
        const pos = prim.getAttribute('POSITION')
        if (!pos || (mode !== Primitive.Mode.TRIANGLES && mode !== Primitive.Mode.TRIANGLE_STRIP && mode !== Primitive.Mode.TRIANGLE_FAN)) { skipped++; continue }
        const tris = triangleList(mode, prim.getIndices(), pos.getCount())
        for (const inst of instances) {
          const m = inst ? multiply(world, inst) : world
          const base = positions.length / 3
          for (let i = 0; i < pos.getCount(); i++) {
            pos.getElement(i, p)
            const x = p[0]!, y = p[1]!, z = p[2]!
            const wx = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!
            const wy = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!
            const wz = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!
            positions.push(wx * METRES_TO_MM, -wz * METRES_TO_MM, wy * METRES_TO_MM)
          }
          // a mirroring transform turns the winding over: turn the triangles back
          const mirrored = det3(m) < 0
          for (let t = 0; t + 2 < tris.length; t += 3) {
            if (mirrored) indices.push(base + tris[t]!, base + tris[t + 2]!, base + tris[t + 1]!)
            else indices.push(base + tris[t]!, base + tris[t + 1]!, base + tris[t + 2]!)
          }
        }
      }
    }
    for (const child of node.listChildren()) visit(child)
  }
  for (const n of roots) visit(n)
  if (skipped) warnings.push(`skipped ${skipped} primitive(s) of points or lines (not surfaces)`)
  return { positions: Float64Array.from(positions), indices: Uint32Array.from(indices), warnings }
}

function parseJson(bytes: Uint8Array, fail: MeshReadError): GLTF.IGLTF {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(bytes))
  } catch (e) {
    fail(`is not glTF JSON (${e instanceof Error ? e.message.slice(0, 80) : 'unreadable'})`)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('is not a glTF JSON object')
  const version = (json as { asset?: { version?: unknown } }).asset?.version
  if (typeof version !== 'string' || !version.startsWith('2.')) fail(`is glTF version ${JSON.stringify(version ?? 'unknown')}; only glTF 2.0 is read`)
  return json as GLTF.IGLTF
}

/** GLB container (glTF 2.0 §4.4): 12-byte header, a JSON chunk, an optional BIN chunk. */
function parseGlb(bytes: Uint8Array, fail: MeshReadError): { json: GLTF.IGLTF; bin: Uint8Array | null } {
  if (bytes.length < 20) fail('is too short to be a GLB file')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(0, true) !== 0x46546c67) fail('is not a GLB file (its first bytes are not "glTF")')
  const version = view.getUint32(4, true)
  if (version !== 2) fail(`is GLB version ${version}; only glTF 2.0 is read`)
  const total = Math.min(view.getUint32(8, true), bytes.length)
  let json: GLTF.IGLTF | null = null
  let bin: Uint8Array | null = null
  for (let o = 12; o + 8 <= total;) {
    const length = view.getUint32(o, true), type = view.getUint32(o + 4, true)
    if (o + 8 + length > total) fail(`is a truncated GLB (a chunk of ${length} bytes runs past the end of the file)`)
    const data = bytes.subarray(o + 8, o + 8 + length)
    if (type === 0x4e4f534a && !json) json = parseJson(data, fail)
    else if (type === 0x004e4942 && !bin) bin = data
    o += 8 + length + ((4 - (length % 4)) % 4)
  }
  if (!json) fail('is a GLB without its JSON chunk')
  return { json, bin }
}

/** Materials, textures, images and the extensions about looks go: rules need shape only. */
function stripLooks(json: GLTF.IGLTF, warnings: string[]): void {
  const images = json.images?.length ?? 0
  const external = (json.images ?? []).filter((i) => i.uri !== undefined && !i.uri.startsWith('data:')).length
  if (external) warnings.push(`geometry only: ${external} external image(s) not read (textures are for drawing, not for sight lines)`)
  else if (images) warnings.push(`geometry only: ${images} texture image(s) not read`)
  delete json.images
  delete json.textures
  delete json.samplers
  delete json.materials
  delete json.extensions
  delete (json as { animations?: unknown }).animations
  for (const mesh of json.meshes ?? []) {
    for (const prim of mesh.primitives ?? []) {
      delete prim.material
      if (prim.extensions) for (const k of Object.keys(prim.extensions)) if (!GEOMETRY_EXTENSIONS.has(k)) delete prim.extensions[k]
    }
  }
  for (const node of json.nodes ?? []) {
    if (node.extensions) for (const k of Object.keys(node.extensions)) if (!GEOMETRY_EXTENSIONS.has(k)) delete node.extensions[k]
    delete node.camera
    delete node.skin
  }
  delete (json as { skins?: unknown }).skins
  delete (json as { cameras?: unknown }).cameras
  const ignored = (json.extensionsUsed ?? []).filter((e) => !GEOMETRY_EXTENSIONS.has(e) && !LOOKS.test(e))
  if (ignored.length) warnings.push(`ignored glTF extension(s) ${ignored.join(', ')}`)
  json.extensionsUsed = (json.extensionsUsed ?? []).filter((e) => GEOMETRY_EXTENSIONS.has(e))
  // a required extension about looks is not needed once the looks are gone
  json.extensionsRequired = (json.extensionsRequired ?? []).filter((e) => !LOOKS.test(e))
}

function isMeshoptFallback(b: GLTF.IBuffer): boolean {
  return Boolean((b.extensions as Record<string, { fallback?: boolean }> | undefined)?.EXT_meshopt_compression?.fallback)
}

/** A buffer URI relative to the glTF's folder (percent-decoded), refusing one that leaves it. */
function safeUri(raw: string, fail: MeshReadError): string {
  let uri: string
  try {
    uri = decodeURIComponent(raw)
  } catch {
    fail(`names a buffer file with a malformed URI ${JSON.stringify(raw.slice(0, 60))}`)
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') || uri.startsWith('\\') || uri.split(/[\\/]/).includes('..')) {
    fail(`names a buffer file outside its folder (${JSON.stringify(uri.slice(0, 60))}): only files beside the glTF are read`)
  }
  return uri.replace(/^\.\//, '')
}

/** Triangles of a primitive as a flat index list (strips and fans unrolled, unindexed made explicit). */
function triangleList(mode: number, idx: Accessor | null, count: number): ArrayLike<number> {
  const src = idx ? idx.getArray()! : null
  const n = src ? src.length : count
  const at = (i: number) => (src ? src[i]! : i)
  if (mode === Primitive.Mode.TRIANGLES) return src ?? Uint32Array.from({ length: n - (n % 3) }, (_, i) => i)
  const out: number[] = []
  for (let i = 2; i < n; i++) {
    if (mode === Primitive.Mode.TRIANGLE_FAN) out.push(at(0), at(i - 1), at(i))
    else if (i % 2 === 0) out.push(at(i - 2), at(i - 1), at(i))
    else out.push(at(i - 1), at(i - 2), at(i))
  }
  return out
}

/** The instance transforms of EXT_mesh_gpu_instancing (column-major), or [null] for a plain node. */
function instanceMatrices(inst: InstancedMesh | null): Array<number[] | null> {
  if (!inst) return [null]
  const t = inst.getAttribute('TRANSLATION'), r = inst.getAttribute('ROTATION'), s = inst.getAttribute('SCALE')
  const count = (t ?? r ?? s)?.getCount() ?? 0
  const out: number[][] = []
  const tv = [0, 0, 0], rv = [0, 0, 0, 1], sv = [1, 1, 1]
  for (let i = 0; i < count; i++) {
    if (t) t.getElement(i, tv); else tv.splice(0, 3, 0, 0, 0)
    if (r) r.getElement(i, rv); else rv.splice(0, 4, 0, 0, 0, 1)
    if (s) s.getElement(i, sv); else sv.splice(0, 3, 1, 1, 1)
    out.push(compose(tv, rv, sv))
  }
  return out.length ? out : [null]
}

function compose(t: number[], q: number[], s: number[]): number[] {
  const [x, y, z, w] = q as [number, number, number, number]
  const [sx, sy, sz] = s as [number, number, number]
  return [
    (1 - 2 * (y * y + z * z)) * sx, 2 * (x * y + z * w) * sx, 2 * (x * z - y * w) * sx, 0,
    2 * (x * y - z * w) * sy, (1 - 2 * (x * x + z * z)) * sy, 2 * (y * z + x * w) * sy, 0,
    2 * (x * z + y * w) * sz, 2 * (y * z - x * w) * sz, (1 - 2 * (x * x + y * y)) * sz, 0,
    t[0]!, t[1]!, t[2]!, 1,
  ]
}

function multiply(a: number[], b: number[]): number[] {
  const out = new Array<number>(16)
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) out[4 * c + r] = a[r]! * b[4 * c]! + a[4 + r]! * b[4 * c + 1]! + a[8 + r]! * b[4 * c + 2]! + a[12 + r]! * b[4 * c + 3]!
  return out
}

function det3(m: ArrayLike<number>): number {
  return m[0]! * (m[5]! * m[10]! - m[9]! * m[6]!) - m[4]! * (m[1]! * m[10]! - m[9]! * m[2]!) + m[8]! * (m[1]! * m[6]! - m[5]! * m[2]!)
}

/** glTF-Transform's messages, in our words, into the file's warnings (never the console). */
function logInto(warnings: string[]): ILogger {
  const say = (text: string) => {
    const missing = /Missing optional extension,? "?([A-Za-z0-9_]+)"?/.exec(text)
    const line = missing ? `ignored the optional glTF extension ${missing[1]}` : `glTF: ${text.split('\n')[0]!.slice(0, 120)}`
    if (!warnings.includes(line)) warnings.push(line)
  }
  return { debug: () => undefined, info: () => undefined, warn: say, error: say }
}
