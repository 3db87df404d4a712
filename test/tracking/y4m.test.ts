// Y4M for Chromium's fake camera: header, frame layout, and the luma plane is the frame a tracker
// would see (markers still detected from it).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { MarkerDetector } from '../../src/tracking/opencv/markerDetector.ts'
import { createGrayFrame, toGray } from '../../src/tracking/pipeline/grayFrame.ts'
import { renderTableFrame } from './synth/renderTableFrame.ts'
import { buildTabletopScene } from './synth/tabletopScene.ts'
import { buildHandheldScene, writeHandheldVideo, type HandheldVideo } from './synth/handheldSequence.ts'
import { openCv } from './helpers.ts'

describe('writeY4m', () => {
  it('writes a C420jpeg stream whose Y plane is the grey frame the tracker sees', async () => {
    const cv = await openCv()
    const scene = buildTabletopScene(cv, { seed: 51, width: 640, height: 360, models: 6, hands: 0, distanceMm: 600, hfovDeg: 55 })
    const a = renderTableFrame(scene.spec).frame
    const b = renderTableFrame({ ...scene.spec, effects: { ...scene.spec.effects, seed: 2 } }).frame
    const bytes = encodeY4m([a, b], 10)
    const header = 'YUV4MPEG2 W640 H360 F10:1 Ip A1:1 C420jpeg\n'
    expect(bytes.subarray(0, header.length).toString('ascii')).toBe(header)
    const frameBytes = 640 * 360 * 1.5
    expect(bytes.length).toBe(header.length + 2 * (6 + frameBytes))
    const second = header.length + 6 + frameBytes
    expect(bytes.subarray(second, second + 6).toString('ascii')).toBe('FRAME\n')
    const y = new Uint8Array(bytes.subarray(header.length + 6, header.length + 6 + 640 * 360))
    const gray = toGray(a, createGrayFrame(640, 360))
    let maxDiff = 0
    for (let i = 0; i < y.length; i++) maxDiff = Math.max(maxDiff, Math.abs(y[i]! - gray.data[i]!))
    expect(maxDiff).toBeLessThanOrEqual(1)
    const detector = new MarkerDetector(cv, {})
    try {
      const fromVideo = detector.detect({ width: 640, height: 360, data: y }).detections.map((d) => d.id).sort((p, q) => p - q)
      const fromFrame = detector.detect(gray).detections.map((d) => d.id).sort((p, q) => p - q)
      expect(fromVideo.length).toBeGreaterThan(4)
      expect(fromVideo).toEqual(fromFrame)
    } finally {
      detector.dispose()
    }
  })
})

describe('writeHandheldVideo', () => {
  // The browser tests' videos are rendered by a thread per core; a frame that came out of order, twice,
  // or from another frame's camera would show here as different bytes or a different truth.
  it('writes the same video and truth from two render threads as from one', async () => {
    const cv = await openCv()
    const { scene, view } = buildHandheldScene(cv, { seed: 5, width: 320, height: 180, models: 4, distanceMm: 700, hfovDeg: 55 })
    const video: HandheldVideo = {
      fps: 10, durationS: 0.5, exposureS: 1 / 30,
      path: { seed: 3, readoutS: 0.02, shake: { rmsDegPerS: 3, correlationS: 0.05, aimS: 0.5, translationRmsMm: 1 }, views: [{ atS: 0, ...view, azimuthDeg: view.azimuthDeg - 5 }, { atS: 0.5, ...view }], focusHunts: [] },
      modelMoves: [{ atS: 0.25, id: scene.truth.find((t) => t.kind === 'model')!.id, position: [100, 120], facingDeg: 30 }],
    }
    const dir = mkdtempSync(join(tmpdir(), 'handheld-threads-'))
    try {
      const one = await writeHandheldVideo(scene, video, join(dir, 'one'), 'v', 1)
      const two = await writeHandheldVideo(scene, video, join(dir, 'two'), 'v', 2)
      expect(one.frames.map((f) => f.index)).toEqual([0, 1, 2, 3, 4])
      expect(two.frames.map((f) => f.index)).toEqual([0, 1, 2, 3, 4])
      const bytes = readFileSync(one.video)
      expect(bytes.length).toBe('YUV4MPEG2 W320 H180 F10:1 Ip A1:1 C420jpeg\n'.length + 5 * (6 + 320 * 180 * 1.5))
      expect(readFileSync(two.video).equals(bytes)).toBe(true)
      expect(readFileSync(two.truth, 'utf8')).toBe(readFileSync(one.truth, 'utf8'))
      // The move is in the truth from its frame on.
      const moved = (JSON.parse(readFileSync(two.truth, 'utf8')) as { frames: { truth: { id: string; position: number[] }[] }[] }).frames.map((f) => f.truth.find((t) => t.id === video.modelMoves![0]!.id)!.position)
      expect(moved.map((p) => p[0] === 100 && p[1] === 120)).toEqual([false, false, false, true, true])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
