// The hand model bundle built from @mediapipe/hands: rebuilt bytes equal the committed file; both
// models carry a TFLITE_METADATA buffer ("M001" ModelMetadata) and keep their original bytes; tensor
// shapes are what the Tasks graphs read. (That the Tasks runtime accepts it is the Chromium test.)
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildHandLandmarkerTask } from '../../../src/cli/tracking/buildHandLandmarkerTask.ts'
import { readMetadataBuffer, readModelInfo } from '../../../src/cli/tracking/tfliteMetadata.ts'

function unzipStored(zip: Uint8Array): Map<string, Uint8Array> {
  const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const out = new Map<string, Uint8Array>()
  let p = 0
  while (dv.getUint32(p, true) === 0x04034b50) {
    expect(dv.getUint16(p + 8, true)).toBe(0) // stored, not deflated
    const size = dv.getUint32(p + 18, true), nameLen = dv.getUint16(p + 26, true), extra = dv.getUint16(p + 28, true)
    const name = new TextDecoder().decode(zip.subarray(p + 30, p + 30 + nameLen))
    out.set(name, zip.subarray(p + 30 + nameLen + extra, p + 30 + nameLen + extra + size))
    p += 30 + nameLen + extra + size
  }
  return out
}

const handsDir = dirname(createRequire(import.meta.url).resolve('@mediapipe/hands/package.json'))

describe('models/hand_landmarker.task (npm run models:hands)', () => {
  const built = buildHandLandmarkerTask(handsDir)
  it('rebuilding gives the committed bytes', () => {
    expect(Buffer.from(built.bundle).equals(readFileSync(join(import.meta.dirname, '../../../models/hand_landmarker.task')))).toBe(true)
  })
  it('holds the detector and the landmark model, each with ModelMetadata added and its original bytes kept', () => {
    const files = unzipStored(built.bundle)
    expect([...files.keys()]).toEqual(['hand_detector.tflite', 'hand_landmarks_detector.tflite'])
    const originals = {
      'hand_detector.tflite': readFileSync(join(handsDir, 'hands_solution_packed_assets.data')),
      'hand_landmarks_detector.tflite': readFileSync(join(handsDir, 'hand_landmark_full.tflite')),
    }
    for (const [name, data] of files) {
      const info = readModelInfo(data)
      expect(info.metadataNames).toContain('TFLITE_METADATA')
      const meta = readMetadataBuffer(data)!
      expect(new TextDecoder().decode(meta.subarray(4, 8))).toBe('M001')
      // The normalisation std 255 is in it as a float32.
      expect(Buffer.from(meta).includes(Buffer.from(new Float32Array([255]).buffer))).toBe(true)
      const original = originals[name as keyof typeof originals]
      const tail = Buffer.from(data.subarray(data.length - (name === 'hand_detector.tflite' ? 2341280 : original.length)))
      expect(name === 'hand_detector.tflite' ? original.includes(tail) : tail.equals(original)).toBe(true)
    }
    expect(readModelInfo(files.get('hand_landmarks_detector.tflite')!).outputs.map((t) => t.shape)).toEqual([[1, 63], [1, 1], [1, 1], [1, 63]])
    expect(readModelInfo(files.get('hand_detector.tflite')!).outputs.map((t) => t.shape)).toEqual([[1, 2016, 18], [1, 2016, 1]])
  })
  it('a file that is not a TFLite model is refused with a sentence', () => {
    expect(() => readModelInfo(new TextEncoder().encode('PK\u0003\u0004 not a model'))).toThrow('not a TFLite model')
  })
})
