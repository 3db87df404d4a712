// Pinhole camera with OpenCV's distortion model. Frames: X_camera = R · X_table + t (mm), camera x
// right, y down, z forward; image px in OpenCV's convention (pixel centres at integers).
import type { CameraIntrinsics, Matrix3, Vector3 } from '../types.ts'

export type CameraPose = { rotation: Matrix3; translation: Vector3 }

/** Distort a normalized point (x, y) = (X/Z, Y/Z) with [k1, k2, p1, p2, k3]. */
export function distortNormalized(x: number, y: number, d: readonly number[], target: [number, number] = [0, 0]): [number, number] {
  const [k1 = 0, k2 = 0, p1 = 0, p2 = 0, k3 = 0] = d
  const r2 = x * x + y * y
  const radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3))
  target[0] = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x)
  target[1] = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y
  return target
}

/**
 * Image px → undistorted image px (same K): the inverse of OpenCV's model by Newton's method on the
 * forward distortion (its Jacobian is analytic). The fixed-point iteration of cv::undistortPoints
 * (x ← x + x_d − distort(x)) diverges where the lens bends strongly: with OpenCV's own tutorial
 * calibration (k1 0.12, k2 −1.09, k3 2.95) it left the image's corners 60–80 px off
 * (test/tracking/camera/cameraProjection.test.ts checks this against OpenCV's undistortion maps).
 */
export function undistortPixel(intr: CameraIntrinsics, u: number, v: number, target: [number, number] = [0, 0]): [number, number] {
  const d = intr.distortion
  if (!d || d.every((c) => c === 0)) {
    target[0] = u
    target[1] = v
    return target
  }
  const [k1 = 0, k2 = 0, p1 = 0, p2 = 0, k3 = 0] = d
  const xd = (u - intr.cx) / intr.fx
  const yd = (v - intr.cy) / intr.fy
  let x = xd, y = yd
  for (let i = 0; i < 30; i++) {
    const r2 = x * x + y * y
    const radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3))
    const dRadial = k1 + r2 * (2 * k2 + 3 * k3 * r2)
    const fx = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x) - xd
    const fy = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y - yd
    const a = radial + 2 * x * x * dRadial + 2 * p1 * y + 6 * p2 * x
    const b = 2 * x * y * dRadial + 2 * p1 * x + 2 * p2 * y
    const e = radial + 2 * y * y * dRadial + 6 * p1 * y + 2 * p2 * x
    const det = a * e - b * b
    if (!(Math.abs(det) > 1e-12)) break
    const sx = (e * fx - b * fy) / det, sy = (a * fy - b * fx) / det
    x -= sx
    y -= sy
    if (Math.abs(sx) + Math.abs(sy) < 1e-14) break
  }
  target[0] = x * intr.fx + intr.cx
  target[1] = y * intr.fy + intr.cy
  return target
}

/** Project a table-frame point to image px (with distortion). Returns null behind the camera. */
export function projectPoint(intr: CameraIntrinsics, pose: CameraPose, p: readonly [number, number, number], target: [number, number] = [0, 0]): [number, number] | null {
  const r = pose.rotation, t = pose.translation
  const xc = r[0] * p[0] + r[1] * p[1] + r[2] * p[2] + t[0]
  const yc = r[3] * p[0] + r[4] * p[1] + r[5] * p[2] + t[1]
  const zc = r[6] * p[0] + r[7] * p[1] + r[8] * p[2] + t[2]
  if (zc <= 1e-9) return null
  let x = xc / zc, y = yc / zc
  if (intr.distortion) {
    distortNormalized(x, y, intr.distortion, target)
    x = target[0]
    y = target[1]
  }
  target[0] = intr.fx * x + intr.cx
  target[1] = intr.fy * y + intr.cy
  return target
}

/** Camera centre in the table frame: C = −Rᵀ t. */
export function cameraCentre(pose: CameraPose): Vector3 {
  const r = pose.rotation, t = pose.translation
  return [
    -(r[0] * t[0] + r[3] * t[1] + r[6] * t[2]),
    -(r[1] * t[0] + r[4] * t[1] + r[7] * t[2]),
    -(r[2] * t[0] + r[5] * t[1] + r[8] * t[2]),
  ]
}

/** Ray direction in the table frame through an *undistorted* pixel (not normalized). */
export function pixelRay(intr: CameraIntrinsics, pose: CameraPose, u: number, v: number, target: [number, number, number] = [0, 0, 0]): [number, number, number] {
  const x = (u - intr.cx) / intr.fx
  const y = (v - intr.cy) / intr.fy
  const r = pose.rotation
  target[0] = r[0] * x + r[3] * y + r[6]
  target[1] = r[1] * x + r[4] * y + r[7]
  target[2] = r[2] * x + r[5] * y + r[8]
  return target
}

/** Where the ray through an undistorted pixel meets the plane z = heightMm (table frame), or null if parallel/behind. */
export function intersectPlaneZ(intr: CameraIntrinsics, pose: CameraPose, centre: Vector3, u: number, v: number, heightMm: number, target: [number, number] = [0, 0]): [number, number] | null {
  const d = pixelRay(intr, pose, u, v, _ray)
  if (Math.abs(d[2]) < 1e-12) return null
  const s = (heightMm - centre[2]) / d[2]
  if (s <= 0) return null
  target[0] = centre[0] + s * d[0]
  target[1] = centre[1] + s * d[1]
  return target
}
const _ray: [number, number, number] = [0, 0, 0]

/** Camera pose looking from `eye` at `target` (table frame, z up), with optional roll about the view axis. */
export function lookAt(eye: Vector3, target: Vector3, rollDeg = 0): CameraPose {
  const f = normalize([target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]])
  let right = normalize(cross(f, [0, 0, 1]))
  if (!Number.isFinite(right[0])) right = [1, 0, 0]
  let down = cross(f, right)
  if (rollDeg) {
    const a = (rollDeg * Math.PI) / 180
    const c = Math.cos(a), s = Math.sin(a)
    const r2: Vector3 = [c * right[0] + s * down[0], c * right[1] + s * down[1], c * right[2] + s * down[2]]
    down = [-s * right[0] + c * down[0], -s * right[1] + c * down[1], -s * right[2] + c * down[2]]
    right = r2
  }
  const rotation: Matrix3 = [right[0], right[1], right[2], down[0], down[1], down[2], f[0], f[1], f[2]]
  const translation: Vector3 = [
    -(rotation[0] * eye[0] + rotation[1] * eye[1] + rotation[2] * eye[2]),
    -(rotation[3] * eye[0] + rotation[4] * eye[1] + rotation[5] * eye[2]),
    -(rotation[6] * eye[0] + rotation[7] * eye[1] + rotation[8] * eye[2]),
  ]
  return { rotation, translation }
}

function cross(a: Vector3, b: Vector3): Vector3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}
function normalize(a: Vector3): Vector3 {
  const n = Math.hypot(a[0], a[1], a[2])
  return [a[0] / n, a[1] / n, a[2] / n]
}

/** Homography table (z = h) → undistorted image: K · [r1 r2 (h·r3 + t)]. */
export function imageFromPlane(intr: CameraIntrinsics, pose: CameraPose, heightMm: number): Matrix3 {
  const r = pose.rotation, t = pose.translation
  const c0 = [r[0], r[3], r[6]]
  const c1 = [r[1], r[4], r[7]]
  const c2 = [r[2] * heightMm + t[0], r[5] * heightMm + t[1], r[8] * heightMm + t[2]]
  const m = [c0, c1, c2]
  const out = new Array<number>(9)
  for (let c = 0; c < 3; c++) {
    const col = m[c]!
    out[c] = intr.fx * col[0]! + intr.cx * col[2]!
    out[3 + c] = intr.fy * col[1]! + intr.cy * col[2]!
    out[6 + c] = col[2]!
  }
  return out as Matrix3
}
