// A three.js camera that sees the table exactly as the real camera did: the view from the tracked
// table pose (X_camera = R · X_table + t, OpenCV axes: x right, y down, z forward) and a projection
// from the pinhole intrinsics (fx, fy, cx, cy in OpenCV's pixel-centre convention).
import { Matrix4 } from 'three'
import type { TableLock } from '../../tracking/index.ts'

type Locked = Extract<TableLock, { locked: true }>

/** View matrix (table frame → three's camera frame: x right, y up, z backward). */
export function viewFromLock(lock: Locked, target: Matrix4): Matrix4 {
  const r = lock.cameraFromTable.rotation
  const t = lock.cameraFromTable.translation
  // Flip y and z: OpenCV's camera looks down +z with y down; three's looks down −z with y up.
  return target.set(
    r[0], r[1], r[2], t[0],
    -r[3], -r[4], -r[5], -t[1],
    -r[6], -r[7], -r[8], -t[2],
    0, 0, 0, 1,
  )
}

/** OpenGL projection for an image of the intrinsics' size (near/far in mm). */
export function projectionFromIntrinsics(k: Locked['intrinsics'], nearMm: number, farMm: number, target: Matrix4): Matrix4 {
  const { width: w, height: h, fx, fy, cx, cy } = k
  return target.set(
    (2 * fx) / w, 0, 1 - (2 * (cx + 0.5)) / w, 0,
    0, (2 * fy) / h, (2 * (cy + 0.5)) / h - 1, 0,
    0, 0, -(farMm + nearMm) / (farMm - nearMm), (-2 * farMm * nearMm) / (farMm - nearMm),
    0, 0, -1, 0,
  )
}
