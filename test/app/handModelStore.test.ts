// The hand model check every source goes through (bundled, a user's file, a URL) before the worker
// sees it: the real bundle passes, other files get a sentence naming them. (IndexedDB keeping and the
// URL fetch run in Chromium: test/e2e/hands.test.ts.)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkHandModelBundle } from '../../src/app/hands/handModelStore.ts'
import { zipStored } from '../../src/cli/tracking/zipStored.ts'

const buf = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer

describe('hand model bundle check', () => {
  it('the bundle npm run models:hands builds passes', () => {
    expect(checkHandModelBundle(buf(readFileSync(join(import.meta.dirname, '../../models/hand_landmarker.task'))), 'bundled')).toBeNull()
  })
  it('a JSON file, and a zip without the hand models, are refused naming the file', () => {
    expect(checkHandModelBundle(buf(new TextEncoder().encode('{"format":"tabletop-markers/1"}')), 'registry.json')).toBe('registry.json is not a hand_landmarker.task (not a zip archive)')
    const pose = zipStored([{ name: 'pose_detector.tflite', data: new Uint8Array(64) }, { name: 'pose_landmarks_detector.tflite', data: new Uint8Array(64) }])
    expect(checkHandModelBundle(buf(pose), 'pose_landmarker.task')).toBe('pose_landmarker.task is not a hand_landmarker.task (it has no hand_detector.tflite)')
  })
})
