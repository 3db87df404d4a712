// The camera file (tabletop-camera/1): a calibration's own σ of fx, fy, cx and cy (OpenCV's
// stdDeviationsIntrinsics) is kept, additive and optional, and scaled with the image.
import { describe, expect, it } from 'vitest'
import { SceneError } from '../../src/engine/index.ts'
import { intrinsicsFile, parseIntrinsics, scaleIntrinsics } from '../../src/tracking/calibration/intrinsicsSchema.ts'
import type { CameraIntrinsics } from '../../src/tracking/types.ts'

const K: CameraIntrinsics = { width: 1920, height: 1080, fx: 1481.9, fy: 1480.3, cx: 967.9, cy: 531.8, distortion: [-0.001, 0.005, 0, 0, -0.011], source: 'calibration', rmsErrorPx: 0.039, sigmaPx: { fx: 7.77, fy: 6.62, cx: 0.93, cy: 6.35 } }

const issuesOf = (raw: unknown): { path: string; message: string }[] => {
  try {
    parseIntrinsics(raw)
  } catch (e) {
    if (e instanceof SceneError) return e.issues
    throw e
  }
  return []
}

describe('the camera file keeps its calibration\'s σ', () => {
  it('written and read back: the σ as calibrated', () => {
    const file = JSON.parse(JSON.stringify(intrinsicsFile(K, 'phone')))
    expect(file.sigmaPx).toEqual({ fx: 7.77, fy: 6.62, cx: 0.93, cy: 6.35 })
    expect(parseIntrinsics(file).sigmaPx).toEqual(K.sigmaPx)
  })

  it('a file written before (no σ) reads as before: no σ, the lock\'s priors', () => {
    const { sigmaPx: _s, ...old } = intrinsicsFile(K)
    const k = parseIntrinsics(old)
    expect(k.sigmaPx).toBeUndefined()
    expect(k.fx).toBe(1481.9)
  })

  it('a negative or missing σ is refused, saying which', () => {
    const file = intrinsicsFile(K)
    expect(issuesOf({ ...file, sigmaPx: { ...file.sigmaPx, cx: -1 } })).toEqual([expect.objectContaining({ path: 'sigmaPx.cx', message: expect.stringContaining('sigmaPx.cx must not be negative') })])
    const { cy: _cy, ...noCy } = file.sigmaPx!
    expect(issuesOf({ ...file, sigmaPx: noCy }).map((i) => i.path)).toEqual(['sigmaPx.cy'])
  })

  it('a frame of half the size: the σ halves with the focal length and the principal point', () => {
    const k = scaleIntrinsics(K, 960, 540)
    expect(k.fx).toBeCloseTo(K.fx / 2, 9)
    expect(k.sigmaPx!.fx).toBeCloseTo(7.77 / 2, 9)
    expect(k.sigmaPx!.fy).toBeCloseTo(6.62 / 2, 9)
    expect(k.sigmaPx!.cx).toBeCloseTo(0.93 / 2, 9)
    expect(k.sigmaPx!.cy).toBeCloseTo(6.35 / 2, 9)
  })
})
