// Y4M for Chromium's fake camera: header, frame layout, and the luma plane is the frame a tracker
// would see (markers still detected from it).
import { describe, expect, it } from 'vitest'
import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { MarkerDetector } from '../../src/tracking/opencv/markerDetector.ts'
import { createGrayFrame, toGray } from '../../src/tracking/pipeline/grayFrame.ts'
import { renderTableFrame } from './synth/renderTableFrame.ts'
import { buildTabletopScene } from './synth/tabletopScene.ts'
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
