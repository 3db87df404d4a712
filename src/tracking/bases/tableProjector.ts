// Table-frame points (mm, z up) into the image (px, as the lens records them) through a table lock,
// the way the marker stages lift points the other way (estimateObjectPoses): a point on the table
// (z = 0) goes through the lock's homography, fitted to the table markers themselves; a point above it
// adds the camera model's parallax (its projection at z minus its projection at z = 0), so errors of
// the camera model scale only with the height (3–5 mm for a base). Then the lens's distortion.
// Hot path (per sample of every base fit): no allocation; writes into `target`.
import type { CameraIntrinsics, Matrix3, TableLock, Vector3 } from '../types.ts'

export type LockedTable = Extract<TableLock, { locked: true }>

export type TableProjector = {
  readonly h: Matrix3
  readonly r: Matrix3
  readonly t: Vector3
  readonly intr: CameraIntrinsics
  readonly camera: Vector3
  readonly distorted: boolean
}

export function tableProjector(lock: LockedTable): TableProjector {
  const d = lock.intrinsics.distortion
  return {
    h: lock.imageFromTable,
    r: lock.cameraFromTable.rotation,
    t: lock.cameraFromTable.translation,
    intr: lock.intrinsics,
    camera: lock.cameraPositionMm,
    distorted: !!d && d.some((c) => c !== 0),
  }
}

/** Image px of the table point (x, y, z) into `target`; false when it is behind the camera. */
export function projectTablePoint(p: TableProjector, x: number, y: number, z: number, target: Float64Array | number[]): boolean {
  const h = p.h
  const w = h[6] * x + h[7] * y + h[8]
  if (w <= 1e-12) return false
  let u = (h[0] * x + h[1] * y + h[2]) / w
  let v = (h[3] * x + h[4] * y + h[5]) / w
  const { r, t, intr } = p
  if (z !== 0) {
    const xc0 = r[0] * x + r[1] * y + t[0], yc0 = r[3] * x + r[4] * y + t[1], zc0 = r[6] * x + r[7] * y + t[2]
    const xc = xc0 + r[2] * z, yc = yc0 + r[5] * z, zc = zc0 + r[8] * z
    if (zc <= 1e-9 || zc0 <= 1e-9) return false
    u += intr.fx * (xc / zc - xc0 / zc0)
    v += intr.fy * (yc / zc - yc0 / zc0)
  }
  if (p.distorted) {
    const [k1 = 0, k2 = 0, p1 = 0, p2 = 0, k3 = 0] = intr.distortion!
    const xn = (u - intr.cx) / intr.fx, yn = (v - intr.cy) / intr.fy
    const r2 = xn * xn + yn * yn
    const radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3))
    u = intr.fx * (xn * radial + 2 * p1 * xn * yn + p2 * (r2 + 2 * xn * xn)) + intr.cx
    v = intr.fy * (yn * radial + p1 * (r2 + 2 * yn * yn) + 2 * p2 * xn * yn) + intr.cy
  }
  target[0] = u
  target[1] = v
  return true
}
