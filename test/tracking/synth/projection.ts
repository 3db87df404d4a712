// The synthetic renderers' camera geometry, in the tracker's types: the test tree's own pinhole and
// lens model (test/tracking/camera/cameraProjection.ts, held to OpenCV's projectPoints and
// undistortion maps in cameraProjection.test.ts), never src/tracking/math/camera.ts. A fault in the
// tracker's camera code must not be drawn into the frames it is checked against, where it would cancel
// out (test/architecture.test.ts keeps every renderer and fixture off src/tracking/math).
import type { CameraIntrinsics, Matrix3, Vector3 } from '../../../src/tracking/types.ts'
import { cameraLookingAt, centreOf, projectToImage, undistortPoint } from '../camera/cameraProjection.ts'

/** World (table) → camera: X_camera = R · X_table + t, R row-major (mm; x right, y down, z forward). */
export type CameraPose = { rotation: Matrix3; translation: Vector3 }

/** A table-frame point → image px through the lens, into `target`; null behind the camera. */
export function projectPoint(intr: CameraIntrinsics, pose: CameraPose, p: readonly [number, number, number], target: [number, number] = [0, 0]): [number, number] | null {
  return projectToImage(intr, pose, p, target) ? target : null
}

/** Image px → the px a lens-free camera with the same K records for the same ray, into `target`. */
export function undistortPixel(intr: CameraIntrinsics, u: number, v: number, target: [number, number] = [0, 0]): [number, number] {
  undistortPoint((u - intr.cx) / intr.fx, (v - intr.cy) / intr.fy, intr.distortion, target)
  target[0] = target[0] * intr.fx + intr.cx
  target[1] = target[1] * intr.fy + intr.cy
  return target
}

/** The camera's centre in the table frame. */
export const cameraCentre = (pose: CameraPose): Vector3 => centreOf(pose)

/**
 * Where the ray through a lens-free pixel (u, v) meets the plane z = heightMm, into `target`; null
 * when the ray runs along the plane or away from it. `centre`: cameraCentre(pose).
 */
export function intersectPlaneZ(intr: CameraIntrinsics, pose: CameraPose, centre: Vector3, u: number, v: number, heightMm: number, target: [number, number] = [0, 0]): [number, number] | null {
  const x = (u - intr.cx) / intr.fx, y = (v - intr.cy) / intr.fy
  const r = pose.rotation
  // The ray (x, y, 1) in camera coordinates is Rᵀ (x, y, 1) on the table.
  const dx = r[0] * x + r[3] * y + r[6], dy = r[1] * x + r[4] * y + r[7], dz = r[2] * x + r[5] * y + r[8]
  if (Math.abs(dz) < 1e-12) return null
  const s = (heightMm - centre[2]) / dz
  if (s <= 0) return null
  target[0] = centre[0] + s * dx
  target[1] = centre[1] + s * dy
  return target
}

/** A camera at `eye` looking at `at` (z up), rolled `rollDeg` about its view axis. */
export function lookAt(eye: Vector3, at: Vector3, rollDeg = 0): CameraPose {
  const c = cameraLookingAt(eye, at, rollDeg)
  return { rotation: c.rotation as unknown as Matrix3, translation: c.translation }
}
