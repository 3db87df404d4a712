// TFLite flatbuffers, just enough to give a metadata-less model the metadata MediaPipe Tasks needs.
// MediaPipe Tasks reads the input normalisation from the model's TFLite metadata (a ModelMetadata
// flatbuffer, file identifier "M001", stored in one of the model's buffers and named
// "TFLITE_METADATA" in Model.metadata); without it a float model is refused ("Input tensor has type
// float32: it requires specifying NormalizationOptions metadata to preprocess input images").
// Schemas: tensorflow/lite/schema/schema.fbs (Model, SubGraph, Tensor, Buffer, Metadata) and
// tensorflow_lite_support/metadata/metadata_schema.fbs (ModelMetadata …, field ids as commented below).
// Node-only (build tooling): not used by the app.
import * as flatbuffers from 'flatbuffers'

const u32 = (b: Uint8Array, p: number) => new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(p, true)
const i32 = (b: Uint8Array, p: number) => new DataView(b.buffer, b.byteOffset, b.byteLength).getInt32(p, true)
const u16 = (b: Uint8Array, p: number) => new DataView(b.buffer, b.byteOffset, b.byteLength).getUint16(p, true)

/** Absolute position of field `id` of the table at `table`, or 0 when absent. */
function fieldPos(b: Uint8Array, table: number, id: number): number {
  const vt = table - i32(b, table)
  const vtSize = u16(b, vt)
  if (4 + id * 2 >= vtSize) return 0
  const off = u16(b, vt + 4 + id * 2)
  return off === 0 ? 0 : table + off
}
function deref(b: Uint8Array, pos: number): number {
  return pos + u32(b, pos)
}
function vector(b: Uint8Array, table: number, id: number): number[] {
  const p = fieldPos(b, table, id)
  if (!p) return []
  const v = deref(b, p)
  const n = u32(b, v)
  return Array.from({ length: n }, (_, i) => v + 4 + i * 4)
}
function str(b: Uint8Array, table: number, id: number): string | null {
  const p = fieldPos(b, table, id)
  if (!p) return null
  const s = deref(b, p)
  return new TextDecoder().decode(b.subarray(s + 4, s + 4 + u32(b, s)))
}

export type TensorInfo = { name: string; shape: number[]; type: number }
export type ModelInfo = { inputs: TensorInfo[]; outputs: TensorInfo[]; metadataNames: string[]; buffers: number }

const TFLITE_TYPES = ['float32', 'float16', 'int32', 'uint8', 'int64', 'string', 'bool', 'int16']
export function tensorTypeName(type: number): string {
  return TFLITE_TYPES[type] ?? `type ${type}`
}

/** Inputs/outputs of subgraph 0 and the names in Model.metadata. Throws on a file that is not a TFLite model. */
export function readModelInfo(b: Uint8Array): ModelInfo {
  if (b.byteLength < 8 || new TextDecoder().decode(b.subarray(4, 8)) !== 'TFL3') throw new Error('not a TFLite model (no "TFL3" file identifier)')
  const model = u32(b, 0)
  const subgraphs = vector(b, model, 2)
  if (subgraphs.length === 0) throw new Error('the TFLite model has no subgraph')
  const sg = deref(b, subgraphs[0]!)
  const tensors = vector(b, sg, 0).map((p) => deref(b, p))
  const tensor = (i: number): TensorInfo => {
    const t = tensors[i]!
    const shape = vector(b, t, 0).map((p) => i32(b, p))
    const tp = fieldPos(b, t, 1)
    return { name: str(b, t, 3) ?? '', shape, type: tp ? b[tp]! : 0 }
  }
  const ints = (id: number) => vector(b, sg, id).map((p) => i32(b, p))
  return {
    inputs: ints(1).map(tensor),
    outputs: ints(2).map(tensor),
    metadataNames: vector(b, model, 6).map((p) => str(b, deref(b, p), 0) ?? ''),
    buffers: vector(b, model, 4).length,
  }
}

export type ImageModelMetadata = {
  name: string
  description: string
  version: string
  author: string
  license: string
  /** Input image normalisation: (pixel − mean) / std per channel (pixels 0..255). */
  mean: number[]
  std: number[]
  inputName: string
  outputNames: string[]
}

/** A ModelMetadata flatbuffer ("M001") for a one-input image model: RGB image properties and normalisation. */
export function buildImageModelMetadata(m: ImageModelMetadata): Uint8Array {
  const b = new flatbuffers.Builder(1024)
  const floats = (values: number[]) => {
    b.startVector(4, values.length, 4)
    for (let i = values.length - 1; i >= 0; i--) b.addFloat32(values[i]!)
    return b.endVector()
  }
  const offsets = (values: number[]) => {
    b.startVector(4, values.length, 4)
    for (let i = values.length - 1; i >= 0; i--) b.addOffset(values[i]!)
    return b.endVector()
  }
  // NormalizationOptions { mean:[float] (0); std:[float] (1) }
  const mean = floats(m.mean), std = floats(m.std)
  b.startObject(2); b.addFieldOffset(0, mean, 0); b.addFieldOffset(1, std, 0)
  const norm = b.endObject()
  // ProcessUnit { options_type (0) = NormalizationOptions (1); options (1) }
  b.startObject(2); b.addFieldInt8(0, 1, 0); b.addFieldOffset(1, norm, 0)
  const unit = b.endObject()
  // ImageProperties { color_space (0) = RGB (1) }
  b.startObject(2); b.addFieldInt8(0, 1, 0)
  const image = b.endObject()
  // Content { content_properties_type (0) = ImageProperties (2); content_properties (1) }
  b.startObject(3); b.addFieldInt8(0, 2, 0); b.addFieldOffset(1, image, 0)
  const content = b.endObject()
  const units = offsets([unit])
  // TensorMetadata { name (0); description (1); content (3); process_units (4) }
  const inName = b.createString(m.inputName), inDesc = b.createString('Input image (RGB).')
  b.startObject(7); b.addFieldOffset(0, inName, 0); b.addFieldOffset(1, inDesc, 0); b.addFieldOffset(3, content, 0); b.addFieldOffset(4, units, 0)
  const input = b.endObject()
  const outputs = m.outputNames.map((n) => {
    const s = b.createString(n)
    b.startObject(7); b.addFieldOffset(0, s, 0)
    return b.endObject()
  })
  const inputsVec = offsets([input]), outputsVec = offsets(outputs)
  // SubGraphMetadata { input_tensor_metadata (2); output_tensor_metadata (3) }
  b.startObject(10); b.addFieldOffset(2, inputsVec, 0); b.addFieldOffset(3, outputsVec, 0)
  const sub = b.endObject()
  const subs = offsets([sub])
  const name = b.createString(m.name), desc = b.createString(m.description), version = b.createString(m.version)
  const author = b.createString(m.author), license = b.createString(m.license), parser = b.createString('1.0.0')
  // ModelMetadata { name (0); description (1); version (2); subgraph_metadata (3); author (4); license (5); min_parser_version (7) }
  b.startObject(8)
  b.addFieldOffset(0, name, 0); b.addFieldOffset(1, desc, 0); b.addFieldOffset(2, version, 0); b.addFieldOffset(3, subs, 0)
  b.addFieldOffset(4, author, 0); b.addFieldOffset(5, license, 0); b.addFieldOffset(7, parser, 0)
  const root = b.endObject()
  b.finish(root, 'M001')
  return b.asUint8Array().slice()
}

/**
 * The model with `metadata` added as a new buffer named "TFLITE_METADATA" in Model.metadata.
 * Flatbuffer offsets are relative and point forward, so the old file is kept byte for byte after a
 * new prefix holding a new root Model table (its fields point at the old vectors), the extended
 * buffers and metadata vectors, and the metadata bytes; the old file moves by a multiple of 16.
 */
export function addTfliteMetadata(model: Uint8Array, metadata: Uint8Array, name = 'TFLITE_METADATA'): Uint8Array {
  readModelInfo(model)
  const oldRoot = u32(model, 0)
  const oldBuffers = vector(model, oldRoot, 4).map((p) => deref(model, p))
  const oldMetadata = vector(model, oldRoot, 6).map((p) => deref(model, p))
  const fields = [0, 1, 2, 3, 4, 5, 6, 7]
  const nameBytes = new TextEncoder().encode(name)
  // Prefix layout (absolute positions).
  const VT = 8, vtSize = 4 + fields.length * 2
  const MT = VT + vtSize
  const MT_SIZE = 4 + fields.length * 4
  const BUFVEC = MT + MT_SIZE
  const METAVEC = BUFVEC + 4 + (oldBuffers.length + 1) * 4
  const META_VT = METAVEC + 4 + (oldMetadata.length + 1) * 4
  const META_T = META_VT + 8
  const NAME = META_T + 12
  const BUF_VT = align(NAME + 4 + nameBytes.length + 1, 4)
  const BUF_T = BUF_VT + 8
  const DATA = align(BUF_T + 8 + 4, 16) - 4
  const P = align(DATA + 4 + metadata.length, 16)
  const out = new Uint8Array(P + model.length)
  const dv = new DataView(out.buffer)
  out.set(model, P)
  dv.setUint32(0, MT, true)
  out.set(new TextEncoder().encode('TFL3'), 4)
  // Model vtable and table.
  dv.setUint16(VT, vtSize, true)
  dv.setUint16(VT + 2, MT_SIZE, true)
  dv.setInt32(MT, MT - VT, true)
  const metaIndex = oldBuffers.length
  for (const id of fields) {
    const slot = MT + 4 + id * 4
    dv.setUint16(VT + 4 + id * 2, slot - MT, true)
    if (id === 0) { const p = fieldPos(model, oldRoot, 0); dv.setUint32(slot, p ? u32(model, p) : 3, true); continue }
    if (id === 4) { dv.setUint32(slot, BUFVEC - slot, true); continue }
    if (id === 6) { dv.setUint32(slot, METAVEC - slot, true); continue }
    const p = fieldPos(model, oldRoot, id)
    if (!p) { dv.setUint16(VT + 4 + id * 2, 0, true); continue }
    dv.setUint32(slot, deref(model, p) + P - slot, true)
  }
  // buffers: the old Buffer tables, then ours.
  dv.setUint32(BUFVEC, oldBuffers.length + 1, true)
  oldBuffers.forEach((t, i) => { const e = BUFVEC + 4 + i * 4; dv.setUint32(e, t + P - e, true) })
  { const e = BUFVEC + 4 + oldBuffers.length * 4; dv.setUint32(e, BUF_T - e, true) }
  // metadata: the old entries, then { name, buffer }.
  dv.setUint32(METAVEC, oldMetadata.length + 1, true)
  oldMetadata.forEach((t, i) => { const e = METAVEC + 4 + i * 4; dv.setUint32(e, t + P - e, true) })
  { const e = METAVEC + 4 + oldMetadata.length * 4; dv.setUint32(e, META_T - e, true) }
  dv.setUint16(META_VT, 8, true); dv.setUint16(META_VT + 2, 12, true); dv.setUint16(META_VT + 4, 4, true); dv.setUint16(META_VT + 6, 8, true)
  dv.setInt32(META_T, META_T - META_VT, true)
  dv.setUint32(META_T + 4, NAME - (META_T + 4), true)
  dv.setUint32(META_T + 8, metaIndex, true)
  dv.setUint32(NAME, nameBytes.length, true)
  out.set(nameBytes, NAME + 4)
  // Buffer { data (0) }.
  dv.setUint16(BUF_VT, 6, true); dv.setUint16(BUF_VT + 2, 8, true); dv.setUint16(BUF_VT + 4, 4, true)
  dv.setInt32(BUF_T, BUF_T - BUF_VT, true)
  dv.setUint32(BUF_T + 4, DATA - (BUF_T + 4), true)
  dv.setUint32(DATA, metadata.length, true)
  out.set(metadata, DATA + 4)
  return out
}

function align(n: number, a: number): number {
  return Math.ceil(n / a) * a
}

/** The metadata buffer named `name` ("TFLITE_METADATA"), or null. */
export function readMetadataBuffer(b: Uint8Array, name = 'TFLITE_METADATA'): Uint8Array | null {
  const model = u32(b, 0)
  const buffers = vector(b, model, 4).map((p) => deref(b, p))
  for (const p of vector(b, model, 6)) {
    const t = deref(b, p)
    if (str(b, t, 0) !== name) continue
    const bp = fieldPos(b, t, 1)
    const buffer = buffers[bp ? u32(b, bp) : 0]!
    const dp = fieldPos(b, buffer, 0)
    if (!dp) return null
    const d = deref(b, dp)
    return b.subarray(d + 4, d + 4 + u32(b, d))
  }
  return null
}
