// The overlay's three.js camera must put a table point on the same image pixel as the tracker's own
// pinhole model (tracking's projectPoint), or the overlay drifts off the real models.
import { describe, expect, it } from 'vitest'
import { Matrix4, Vector4 } from 'three'
import { lookAt, projectPoint, type TableLock } from '../../src/tracking/index.ts'
import { fitImage, projectionFromIntrinsics, viewFromLock, visibleIntrinsics } from '../../src/app/camera/registeredCamera.ts'

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

describe('registered camera over a fitted image (object-fit cover / contain, centred)', () => {
  const intrinsics = { width: 1280, height: 720, fx: 1000, fy: 1010, cx: 652.3, cy: 351.8, source: 'calibration' as const }
  const pose = lookAt([600, -500, 900], [600, 600, 0])
  const lock = { locked: true, cameraFromTable: pose, intrinsics } as unknown as Extract<TableLock, { locked: true }>

  // A phone held upright (390 × 780 box: cover crops the sides), and the same box with the whole image (contain: bars above and below).
  it.each([['cover', 390, 780, 0.5, 0.5], ['contain', 390, 780, 0.5, 0.5], ['cover', 1200, 400, 0.5, 0.5], ['contain', 820, 1128, 0.5, 0.5], ['cover', 390, 780, 0.2, 0.5], ['cover', 1200, 400, 0.5, 0.9]] as const)('%s in %d × %d at object-position %d, %d: a table point lands on the box pixel where CSS draws its image pixel', (fit, boxW, boxH, posX, posY) => {
    for (const [x, y, z] of [[600, 600, 0], [300, 800, 150], [620, 420, 30]] as const) {
      const [u, v] = projectPoint(intrinsics, pose, [x, y, z])!
      // Where CSS puts image pixel (u, v): the pixel's centre is u + 0.5 image px from the image's left edge.
      const place = fitImage(1280, 720, boxW, boxH, fit, { scale: 0, left: 0, top: 0 }, posX, posY)
      const cssX = place.left + (u + 0.5) * place.scale
      const cssY = place.top + (v + 0.5) * place.scale
      const k = visibleIntrinsics(intrinsics, boxW, boxH, fit, { width: 0, height: 0, fx: 0, fy: 0, cx: 0, cy: 0 }, posX, posY)
      const clip = new Vector4(x, y, z, 1).applyMatrix4(new Matrix4().multiplyMatrices(projectionFromIntrinsics(k, 5, 20000, new Matrix4()), viewFromLock(lock, new Matrix4())))
      // NDC → box px.
      const boxX = ((clip.x / clip.w + 1) / 2) * boxW
      const boxY = ((1 - clip.y / clip.w) / 2) * boxH
      expect(boxX).toBeCloseTo(cssX, 6)
      expect(boxY).toBeCloseTo(cssY, 6)
    }
  })

  it('cover fills the box and crops; contain shows the whole image', () => {
    expect(fitImage(1280, 720, 390, 780, 'cover', { scale: 0, left: 0, top: 0 })).toEqual({ scale: 780 / 720, left: (390 - 1280 * (780 / 720)) / 2, top: 0 })
    expect(fitImage(1280, 720, 390, 780, 'contain', { scale: 0, left: 0, top: 0 })).toEqual({ scale: 390 / 1280, left: 0, top: (780 - 720 * (390 / 1280)) / 2 })
  })
})
