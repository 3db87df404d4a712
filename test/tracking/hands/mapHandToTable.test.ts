// Image → table through a tilted, distorted camera: points projected from known table positions map
// back to them; the parallax figure matches the ray geometry.
import { describe, expect, it } from 'vitest'
import { imageFromPlane, intersectPlaneZ, lookAt, projectPoint, undistortPixel } from '../../../src/tracking/math/camera.ts'
import { invert } from '../../../src/tracking/math/linearAlgebra.ts'
import { mapPointToTable, parallaxMm, type HandTableLock } from '../../../src/tracking/hands/index.ts'
import type { CameraIntrinsics, Matrix3, Vector3 } from '../../../src/tracking/types.ts'

const intrinsics: CameraIntrinsics = { width: 1280, height: 720, fx: 1000, fy: 1000, cx: 645, cy: 355, distortion: [-0.12, 0.05, 0.001, -0.0005, 0], source: 'calibration' }
const eye: Vector3 = [600, -500, 900]
const pose = lookAt(eye, [600, 450, 0])
const lock: HandTableLock = {
  tableFromImage: Array.from(invert(Float64Array.from(imageFromPlane(intrinsics, pose, 0)), 3)!) as Matrix3,
  intrinsics,
  cameraPositionMm: eye,
}

describe('hands onto the table', () => {
  it('image points map back to the table points they were projected from (< 1e-6 mm)', () => {
    for (const p of [[100, 200], [600, 450], [1100, 800], [300, 900]] as const) {
      const px = projectPoint(intrinsics, pose, [p[0], p[1], 0])!
      const back = mapPointToTable(lock, px[0], px[1], [0, 0])
      expect(Math.hypot(back[0] - p[0], back[1] - p[1])).toBeLessThan(1e-6)
    }
  })
  it("a fingertip 8 mm above a table point lands off it by parallaxMm's figure", () => {
    const foot: [number, number] = [450, 600]
    const px = projectPoint(intrinsics, pose, [foot[0], foot[1], 8])!
    const und = undistortPixel(intrinsics, px[0], px[1])
    const onTable = intersectPlaneZ(intrinsics, pose, eye, und[0], und[1], 0)!
    expect(Math.hypot(onTable[0] - foot[0], onTable[1] - foot[1])).toBeCloseTo(parallaxMm(lock, foot[0], foot[1], 8), 6)
  })
})
