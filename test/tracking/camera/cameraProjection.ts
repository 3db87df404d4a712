// The test renderers' own camera geometry: the camera-order renderer's, and through
// test/tracking/synth/projection.ts the older synthetic renderer's (never imported from src/tracking,
// so a convention error in the tracker cannot cancel out in its tests): a pinhole X_camera = R·X_world + t (mm; camera
// x right, y down, z forward), OpenCV's distortion model [k1, k2, p1, p2, k3] on the normalised point,
// pixels in OpenCV's convention (pixel centres at integers). Checked once against OpenCV.js
// `projectPoints` (cameraProjection.test.ts).

export type Vec3 = [number, number, number]

/** Intrinsics as a lens and sensor have them (what a calibration would estimate). */
export type Lens = {
  width: number
  height: number
  fx: number
  fy: number
  cx: number
  cy: number
  /** OpenCV [k1, k2, p1, p2, k3]; absent or all zero: a perfect pinhole. */
  distortion?: readonly [number, number, number, number, number]
}

/** Row-major rotation (world → camera) and translation, mm. */
export type CameraPlacement = { rotation: readonly number[]; translation: Vec3 }

/** OpenCV's forward distortion of a normalised point into `out` (x, y). */
export function distortPoint(x: number, y: number, d: Lens['distortion'], out: Float64Array | number[]): void {
  if (!d) { out[0] = x; out[1] = y; return }
  const [k1, k2, p1, p2, k3] = d
  const r2 = x * x + y * y
  const radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3))
  out[0] = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x)
  out[1] = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y
}

const _d = new Float64Array(2)

/**
 * The normalised (undistorted) point whose distortion is (xd, yd), by Newton's method on the
 * forward model (converges where the model is monotonic, i.e. inside any image a lens makes).
 * Writes into `out`; returns false when it does not converge.
 */
export function undistortPoint(xd: number, yd: number, d: Lens['distortion'], out: Float64Array | number[]): boolean {
  if (!d || (d[0] === 0 && d[1] === 0 && d[2] === 0 && d[3] === 0 && d[4] === 0)) { out[0] = xd; out[1] = yd; return true }
  const [k1, k2, p1, p2, k3] = d
  let x = xd, y = yd
  for (let i = 0; i < 30; i++) {
    const r2 = x * x + y * y
    const radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3))
    const dRadial = k1 + r2 * (2 * k2 + 3 * k3 * r2) // d(radial)/d(r2)
    const fx = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x) - xd
    const fy = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y - yd
    const a = radial + 2 * x * x * dRadial + 2 * p1 * y + 6 * p2 * x
    const b = 2 * x * y * dRadial + 2 * p1 * x + 2 * p2 * y
    const c = 2 * x * y * dRadial + 2 * p1 * x + 2 * p2 * y
    const e = radial + 2 * y * y * dRadial + 6 * p1 * y + 2 * p2 * x
    const det = a * e - b * c
    if (Math.abs(det) < 1e-12) return false
    const sx = (e * fx - b * fy) / det, sy = (a * fy - c * fx) / det
    x -= sx; y -= sy
    if (Math.abs(sx) + Math.abs(sy) < 1e-14) break
  }
  distortPoint(x, y, d, _d)
  out[0] = x; out[1] = y
  return Math.abs(_d[0]! - xd) + Math.abs(_d[1]! - yd) < 1e-9
}

/** Project a world point to image px (with distortion) into `out`; false when behind the camera. */
export function projectToImage(lens: Lens, cam: CameraPlacement, p: readonly number[], out: Float64Array | number[]): boolean {
  const r = cam.rotation, t = cam.translation
  const xc = r[0]! * p[0]! + r[1]! * p[1]! + r[2]! * p[2]! + t[0]
  const yc = r[3]! * p[0]! + r[4]! * p[1]! + r[5]! * p[2]! + t[1]
  const zc = r[6]! * p[0]! + r[7]! * p[1]! + r[8]! * p[2]! + t[2]
  if (zc <= 1e-9) return false
  distortPoint(xc / zc, yc / zc, lens.distortion, _d)
  out[0] = lens.fx * _d[0]! + lens.cx
  out[1] = lens.fy * _d[1]! + lens.cy
  return true
}

/** The same, returning a fresh pair or null (for set-up code, not per sample). */
export function imagePointOf(lens: Lens, cam: CameraPlacement, p: readonly number[]): [number, number] | null {
  const out: [number, number] = [0, 0]
  return projectToImage(lens, cam, p, out) ? out : null
}

/** Camera centre in the world: −Rᵀ t. */
export function centreOf(cam: CameraPlacement): Vec3 {
  const r = cam.rotation, t = cam.translation
  return [
    -(r[0]! * t[0] + r[3]! * t[1] + r[6]! * t[2]),
    -(r[1]! * t[0] + r[4]! * t[1] + r[7]! * t[2]),
    -(r[2]! * t[0] + r[5]! * t[1] + r[8]! * t[2]),
  ]
}

/**
 * A camera at `eye` looking at `target` (world z up), image x to the right of the view and y down,
 * rolled by `rollDeg` about the view axis.
 */
export function cameraLookingAt(eye: Vec3, target: Vec3, rollDeg = 0): CameraPlacement {
  const fz = unit([target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]])
  let xr = unit(cross(fz, [0, 0, 1]))
  if (!Number.isFinite(xr[0])) xr = [1, 0, 0]
  let yd = cross(fz, xr)
  if (rollDeg) {
    const a = (rollDeg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a)
    const x2: Vec3 = [c * xr[0] + s * yd[0], c * xr[1] + s * yd[1], c * xr[2] + s * yd[2]]
    yd = [-s * xr[0] + c * yd[0], -s * xr[1] + c * yd[1], -s * xr[2] + c * yd[2]]
    xr = x2
  }
  const rotation = [xr[0], xr[1], xr[2], yd[0], yd[1], yd[2], fz[0], fz[1], fz[2]]
  const translation: Vec3 = [
    -(rotation[0]! * eye[0] + rotation[1]! * eye[1] + rotation[2]! * eye[2]),
    -(rotation[3]! * eye[0] + rotation[4]! * eye[1] + rotation[5]! * eye[2]),
    -(rotation[6]! * eye[0] + rotation[7]! * eye[1] + rotation[8]! * eye[2]),
  ]
  return { rotation, translation }
}

/** Eye position `distanceMm` from `target` on the table, `elevationDeg` above it, from azimuth 0 = the −y side. */
export function eyeAround(target: readonly [number, number], distanceMm: number, elevationDeg: number, azimuthDeg: number): Vec3 {
  const e = (elevationDeg * Math.PI) / 180, a = (azimuthDeg * Math.PI) / 180
  const ground = distanceMm * Math.cos(e)
  return [target[0] + ground * Math.sin(a), target[1] - ground * Math.cos(a), distanceMm * Math.sin(e)]
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}
function unit(a: Vec3): Vec3 {
  const n = Math.hypot(a[0], a[1], a[2])
  return [a[0] / n, a[1] / n, a[2] / n]
}
