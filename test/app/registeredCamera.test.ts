// The overlay's three.js camera must put a table point on the same image pixel as the tracker's own
// pinhole model (tracking's projectPoint), or the overlay drifts off the real models.
import { describe, expect, it } from 'vitest'
import { Matrix4, Vector4 } from 'three'
import { lookAt, projectPoint, type TableLock } from '../../src/tracking/index.ts'
import { projectionFromIntrinsics, viewFromLock } from '../../src/app/camera/registeredCamera.ts'

describe('registered camera', () => {
  const intrinsics = { width: 1280, height: 720, fx: 1000, fy: 1010, cx: 652.3, cy: 351.8, source: 'calibration' as const }
  const pose = lookAt([600, -500, 900], [600, 600, 0])
  const lock = { locked: true, cameraFromTable: pose, intrinsics } as unknown as Extract<TableLock, { locked: true }>

  it.each([[600, 600, 0], [100, 200, 0], [1100, 1100, 0], [300, 800, 150]])('projects table point (%d, %d, %d) to the tracker pixel', (x, y, z) => {
    const expected = projectPoint(intrinsics, pose, [x, y, z])!
    const clip = new Vector4(x, y, z, 1).applyMatrix4(new Matrix4().multiplyMatrices(projectionFromIntrinsics(intrinsics, 5, 20000, new Matrix4()), viewFromLock(lock, new Matrix4())))
    // NDC → OpenCV pixel (centre of the top-left pixel is (0, 0)).
    const u = ((clip.x / clip.w + 1) / 2) * intrinsics.width - 0.5
    const v = ((1 - clip.y / clip.w) / 2) * intrinsics.height - 0.5
    expect(u).toBeCloseTo(expected[0], 6)
    expect(v).toBeCloseTo(expected[1], 6)
    expect(clip.z / clip.w).toBeGreaterThan(-1)
    expect(clip.z / clip.w).toBeLessThan(1)
  })
})
