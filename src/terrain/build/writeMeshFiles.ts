// Writers for the terrain file formats the loaders read, each in its own convention: STL and OBJ in
// mm with z up (3D-printing files), glTF/GLB in metres with y up (glTF 2.0 §3.4), tabletop-mesh/1 as is.
// The conversions here are written independently of the readers, so a test that writes one piece in
// every format and gets identical rulings back checks both.
import { Document, WebIO } from '@gltf-transform/core'
import { EXTMeshoptCompression, KHRDracoMeshCompression } from '@gltf-transform/extensions'
import { MESH_FORMAT } from '../../engine/index.ts'
import type { BuiltMesh } from './buildSolids.ts'

function normalOf(p: ArrayLike<number>, a: number, b: number, c: number): [number, number, number] {
  const ux = p[3 * b]! - p[3 * a]!, uy = p[3 * b + 1]! - p[3 * a + 1]!, uz = p[3 * b + 2]! - p[3 * a + 2]!
  const vx = p[3 * c]! - p[3 * a]!, vy = p[3 * c + 1]! - p[3 * a + 1]!, vz = p[3 * c + 2]! - p[3 * a + 2]!
  const n = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx] as [number, number, number]
  const l = Math.hypot(...n) || 1
  return [n[0] / l, n[1] / l, n[2] / l]
}

/** Binary STL; `header` is the 80-byte header's text (exporters often start it with "solid"). */
export function writeBinaryStl(m: BuiltMesh, header = 'tabletop-ar terrain (mm, z up)'): Uint8Array {
  const nt = m.indices.length / 3
  const buf = new ArrayBuffer(84 + 50 * nt)
  const view = new DataView(buf)
  new Uint8Array(buf).set(new TextEncoder().encode(header.slice(0, 80)))
  view.setUint32(80, nt, true)
  for (let t = 0; t < nt; t++) {
    const o = 84 + 50 * t
    const [a, b, c] = [m.indices[3 * t]!, m.indices[3 * t + 1]!, m.indices[3 * t + 2]!]
    normalOf(m.positions, a, b, c).forEach((v, k) => view.setFloat32(o + 4 * k, v, true))
    ;[a, b, c].forEach((v, corner) => {
      for (let k = 0; k < 3; k++) view.setFloat32(o + 12 + 12 * corner + 4 * k, m.positions[3 * v + k]!, true)
    })
  }
  return new Uint8Array(buf)
}

export function writeAsciiStl(m: BuiltMesh, name = 'terrain'): Uint8Array {
  const lines = [`solid ${name}`]
  for (let t = 0; t < m.indices.length; t += 3) {
    const [a, b, c] = [m.indices[t]!, m.indices[t + 1]!, m.indices[t + 2]!]
    lines.push(`  facet normal ${normalOf(m.positions, a, b, c).join(' ')}`, '    outer loop')
    for (const v of [a, b, c]) lines.push(`      vertex ${m.positions[3 * v]} ${m.positions[3 * v + 1]} ${m.positions[3 * v + 2]}`)
    lines.push('    endloop', '  endfacet')
  }
  lines.push(`endsolid ${name}`)
  return new TextEncoder().encode(lines.join('\n') + '\n')
}

export function writeObj(m: BuiltMesh): Uint8Array {
  const lines = ['# tabletop-ar terrain (mm, z up)']
  for (let i = 0; i < m.positions.length; i += 3) lines.push(`v ${m.positions[i]} ${m.positions[i + 1]} ${m.positions[i + 2]}`)
  for (let t = 0; t < m.indices.length; t += 3) lines.push(`f ${m.indices[t]! + 1} ${m.indices[t + 1]! + 1} ${m.indices[t + 2]! + 1}`)
  return new TextEncoder().encode(lines.join('\n') + '\n')
}

/** An OBJ of several objects ("o name" each), as a kitbash or a CAD export writes one file. */
export function writeObjObjects(parts: ReadonlyArray<{ name: string; mesh: BuiltMesh }>): Uint8Array {
  const lines = ['# tabletop-ar terrain (mm, z up), one object per part']
  let base = 1
  for (const { name, mesh } of parts) {
    lines.push(`o ${name}`)
    for (let i = 0; i < mesh.positions.length; i += 3) lines.push(`v ${mesh.positions[i]} ${mesh.positions[i + 1]} ${mesh.positions[i + 2]}`)
    for (let t = 0; t < mesh.indices.length; t += 3) lines.push(`f ${mesh.indices[t]! + base} ${mesh.indices[t + 1]! + base} ${mesh.indices[t + 2]! + base}`)
    base += mesh.positions.length / 3
  }
  return new TextEncoder().encode(lines.join('\n') + '\n')
}

export function writeTabletopMesh(m: BuiltMesh): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ format: MESH_FORMAT, positions: m.positions, indices: m.indices }))
}

/** A glTF document of the mesh: mm z-up → metres y-up (x, y, z) → (x, z, −y) / 1000; a PNG texture if given. */
function gltfDocument(m: BuiltMesh, texturePng?: Uint8Array, colour: [number, number, number, number] = [0.6, 0.6, 0.6, 1]): Document {
  const doc = new Document()
  const buffer = doc.createBuffer()
  const p = new Float32Array(m.positions.length)
  for (let i = 0; i < m.positions.length; i += 3) {
    p[i] = m.positions[i]! / 1000
    p[i + 1] = m.positions[i + 2]! / 1000
    p[i + 2] = -m.positions[i + 1]! / 1000
  }
  const prim = doc.createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(p).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint32Array(m.indices)).setBuffer(buffer))
  const material = doc.createMaterial().setBaseColorFactor(colour).setRoughnessFactor(0.9).setMetallicFactor(0)
  if (texturePng && m.uvs) {
    prim.setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(new Float32Array(m.uvs)).setBuffer(buffer))
    material.setBaseColorFactor([1, 1, 1, 1]).setBaseColorTexture(doc.createTexture().setImage(texturePng).setMimeType('image/png'))
  }
  prim.setMaterial(material)
  doc.createScene().addChild(doc.createNode().setMesh(doc.createMesh().addPrimitive(prim)))
  return doc
}

export async function writeGlb(m: BuiltMesh, texturePng?: Uint8Array, colour?: [number, number, number, number]): Promise<Uint8Array> {
  return new WebIO().writeBinary(gltfDocument(m, texturePng, colour))
}

/** GLB with its geometry compressed as game and web assets are: Draco (KHR_draco_mesh_compression) or meshopt (EXT_meshopt_compression). */
export async function writeCompressedGlb(m: BuiltMesh, method: 'draco' | 'meshopt'): Promise<Uint8Array> {
  const doc = gltfDocument(m)
  const io = new WebIO()
  if (method === 'draco') {
    const draco = await import('draco3dgltf')
    doc.createExtension(KHRDracoMeshCompression).setRequired(true).setEncoderOptions({ method: KHRDracoMeshCompression.EncoderMethod.EDGEBREAKER, quantizationBits: { POSITION: 16 } })
    io.registerExtensions([KHRDracoMeshCompression]).registerDependencies({ 'draco3d.encoder': await draco.createEncoderModule() })
  } else {
    const { MeshoptEncoder } = await import('meshoptimizer')
    await MeshoptEncoder.ready
    doc.createExtension(EXTMeshoptCompression).setRequired(true).setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE })
    io.registerExtensions([EXTMeshoptCompression]).registerDependencies({ 'meshopt.encoder': MeshoptEncoder })
  }
  return io.writeBinary(doc)
}

/** GLB whose texture is an image file beside it (named by URI, not in the GLB), as many game-asset exports are. */
export async function writeGlbWithExternalImage(m: BuiltMesh, imageUri: string): Promise<Uint8Array> {
  const glb = await writeGlb({ ...m, uvs: m.uvs ?? Array.from({ length: (m.positions.length / 3) * 2 }, () => 0) }, new Uint8Array([137, 80, 78, 71]))
  // rewrite the JSON chunk: the image by URI instead of by buffer view
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength)
  const jsonLength = view.getUint32(12, true)
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as { images: Array<Record<string, unknown>> }
  json.images = [{ uri: imageUri, mimeType: 'image/png' }]
  const text = new TextEncoder().encode(JSON.stringify(json))
  const padded = new Uint8Array(Math.ceil(text.length / 4) * 4).fill(0x20)
  padded.set(text)
  const rest = glb.subarray(20 + jsonLength)
  const out = new Uint8Array(12 + 8 + padded.length + rest.length)
  const ov = new DataView(out.buffer)
  out.set(glb.subarray(0, 12))
  ov.setUint32(8, out.length, true)
  ov.setUint32(12, padded.length, true)
  ov.setUint32(16, 0x4e4f534a, true)
  out.set(padded, 20)
  out.set(rest, 20 + padded.length)
  return out
}

/** .gltf JSON with its buffer in a separate file beside it (`binName`), as most exporters write "glTF separate". */
export async function writeGltfWithBin(m: BuiltMesh, binName: string): Promise<{ gltf: Uint8Array; bin: Uint8Array }> {
  const { json, resources } = await new WebIO().writeJSON(gltfDocument(m))
  const b = json.buffers![0]!
  const bin = resources[b.uri!]!
  b.uri = binName
  return { gltf: new TextEncoder().encode(JSON.stringify(json)), bin }
}

/** .gltf JSON with its buffer embedded as a data: URI (no side files). */
export async function writeGltf(m: BuiltMesh, colour?: [number, number, number, number]): Promise<Uint8Array> {
  const { json, resources } = await new WebIO().writeJSON(gltfDocument(m, undefined, colour))
  for (const b of json.buffers ?? []) {
    const data = resources[b.uri!]!
    let bin = ''
    for (let i = 0; i < data.length; i++) bin += String.fromCharCode(data[i]!)
    b.uri = `data:application/octet-stream;base64,${btoa(bin)}`
  }
  return new TextEncoder().encode(JSON.stringify(json))
}
