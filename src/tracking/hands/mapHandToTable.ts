// Image px → the table plane through the table lock: undistort, then the lock's tableFromImage
// homography. A point of the hand lands where its camera ray meets the table (z = 0), which is exactly
// the patch of table the hand hides from the camera; a fingertip touching a model's base maps to the
// table under it, off by its height above the table times the ray's slope (`parallaxMm`).
import { applyHomography } from '../math/homography.ts'
import { undistortPixel } from '../math/camera.ts'
import type { CameraIntrinsics, Matrix3, Vector3 } from '../types.ts'
import { HAND_POINTS, type HandObservation } from './handLandmarks.ts'

/** The part of a locked TableLock the hand logic needs. */
export type HandTableLock = { tableFromImage: Matrix3; intrinsics: CameraIntrinsics; cameraPositionMm: Vector3 }

const _u: [number, number] = [0, 0]

/** One image point → table mm (z = 0). */
export function mapPointToTable(lock: HandTableLock, u: number, v: number, target: [number, number]): [number, number] {
  undistortPixel(lock.intrinsics, u, v, _u)
  return applyHomography(lock.tableFromImage, _u[0], _u[1], target)
}

const _a: [number, number] = [0, 0]
const _b: [number, number] = [0, 0]

/** Table mm per image px at (u, v) (the local scale of the homography, mean of both axes). */
export function mmPerPxAt(lock: HandTableLock, u: number, v: number): number {
  mapPointToTable(lock, u - 0.5, v, _a)
  mapPointToTable(lock, u + 0.5, v, _b)
  const sx = Math.hypot(_b[0] - _a[0], _b[1] - _a[1])
  mapPointToTable(lock, u, v - 0.5, _a)
  mapPointToTable(lock, u, v + 0.5, _b)
  return (sx + Math.hypot(_b[0] - _a[0], _b[1] - _a[1])) / 2
}

/**
 * How far a point `heightMm` above the table at table (x, y) lands from its foot when mapped through
 * the homography: height × horizontal distance to the camera / camera height (similar triangles).
 */
export function parallaxMm(lock: HandTableLock, x: number, y: number, heightMm: number): number {
  const [cx, cy, cz] = lock.cameraPositionMm
  return cz > heightMm ? (heightMm * Math.hypot(x - cx, y - cy)) / (cz - heightMm) : Number.POSITIVE_INFINITY
}

/** All 21 landmarks onto the table: target gets x0, y0, x1, y1, … in mm. */
export function mapHandToTable(lock: HandTableLock, hand: HandObservation, target: Float64Array): Float64Array {
  for (let i = 0; i < HAND_POINTS; i++) {
    mapPointToTable(lock, hand.pointsPx[i * 2]!, hand.pointsPx[i * 2 + 1]!, _a)
    target[i * 2] = _a[0]
    target[i * 2 + 1] = _a[1]
  }
  return target
}
