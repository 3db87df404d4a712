// A phone held in the hand, over time: where the player aims it (keyframed views, eased between
// them: a sweep into position, a re-aim), how the hand shakes (angular velocity as an
// Ornstein–Uhlenbeck process per axis, integrated into a random walk of the aim that the player
// slowly pulls back; the hand's position drifts the same way), the rolling shutter (row v starts
// its exposure `readoutS · v / height` after row 0) and the autofocus hunting (defocus bumps).
// framePlan() turns one frame into what the renderer needs: the pose of every row at its
// mid-exposure (SynthFrameSpec.rowPose), the exposure-time motion of every pixel's content along
// its path (CameraModel.motionField) and the defocus of that moment. Deterministic per seed.
import { intersectPlaneZ, lookAt, projectPoint, type CameraPose } from './projection.ts'
import type { CameraIntrinsics, Matrix3, Vector3 } from '../../../src/tracking/types.ts'
import type { MotionField } from './cameraModel.ts'
import { createRandom } from './random.ts'

/** Where the player aims: as buildTabletopScene's camera options (mm, degrees). */
export type CameraView = { distanceMm: number; elevationDeg: number; azimuthDeg: number; lookAtMm: [number, number] }

export type HandShake = {
  /** RMS angular velocity per axis, deg/s (a steady hold: 1–3; a tired or careless one: 5–10). */
  rmsDegPerS: number
  /** Correlation time of the angular velocity, s (tremor and small corrections: 0.03–0.1). */
  correlationS: number
  /** How fast the player pulls the aim back to the view, s (the random walk's restoring time). */
  aimS: number
  /** RMS drift of the hand's position, mm (correlation 0.4 s). */
  translationRmsMm: number
}

export type HandheldPath = {
  seed: number
  /** Aim keyframes (at least one): the view is eased (smoothstep) from one to the next, held outside them. */
  views: ({ atS: number } & CameraView)[]
  shake: HandShake
  /** Autofocus hunting: the defocus σ rises to `peakSigmaPx` and back over `durationS`. */
  focusHunts?: { startS: number; durationS: number; peakSigmaPx: number }[]
  /** Readout time of the rolling shutter, top row to bottom row, s (phones: 0.01–0.03). */
  readoutS: number
}

export type FramePlan = {
  /** Pose of the middle row at its mid-exposure (the frame's nominal pose). */
  pose: CameraPose
  rowPose: (row: number) => CameraPose
  motionField: MotionField
  /** Longest and median path of a pixel's content during the exposure, px. */
  streakMaxPx: number
  streakMedianPx: number
  /** Extra defocus of the autofocus at this moment, px (Gaussian σ). */
  focusSigmaPx: number
  /** The player is changing the aim (between two different keyframes). */
  aiming: boolean
}

const DT_S = 0.001
const DEG = Math.PI / 180

/** The hand's shake sampled every millisecond from 0 to `durationS` (deterministic per seed). */
export type ShakeTrack = { angles: Float64Array; offsets: Float64Array; samples: number }

export function simulateShake(shake: HandShake, durationS: number, seed: number): ShakeTrack {
  const rnd = createRandom(seed * 7 + 3)
  const samples = Math.ceil(durationS / DT_S) + 2
  const angles = new Float64Array(samples * 3) // yaw, pitch, roll, degrees
  const offsets = new Float64Array(samples * 3) // mm, table frame
  const omega = [0, 0, 0], theta = [0, 0, 0], pos = [0, 0, 0], vel = [0, 0, 0]
  const a = Math.exp(-DT_S / shake.correlationS)
  const b = shake.rmsDegPerS * Math.sqrt(1 - a * a)
  const posCorrelationS = 0.4
  const ap = Math.exp(-DT_S / posCorrelationS)
  // Position as an integrated OU velocity whose stationary RMS position is about translationRmsMm.
  const velRms = shake.translationRmsMm / Math.sqrt(posCorrelationS * shake.aimS)
  const bp = velRms * Math.sqrt(1 - ap * ap)
  // Start from the stationary state so that there is no warm-up.
  for (let i = 0; i < 3; i++) { omega[i] = shake.rmsDegPerS * rnd.normal(); theta[i] = shake.rmsDegPerS * Math.sqrt(shake.correlationS * shake.aimS) * rnd.normal() * 0.7 }
  for (let s = 0; s < samples; s++) {
    for (let i = 0; i < 3; i++) {
      // Roll shakes less than yaw and pitch (the wrist turns the phone about its long axes).
      const scale = i === 2 ? 0.5 : 1
      omega[i] = a * omega[i]! + b * rnd.normal()
      theta[i] = theta[i]! + (scale * omega[i]! - theta[i]! / shake.aimS) * DT_S
      vel[i] = ap * vel[i]! + bp * rnd.normal()
      pos[i] = pos[i]! + (vel[i]! - pos[i]! / shake.aimS) * DT_S
      angles[s * 3 + i] = theta[i]!
      offsets[s * 3 + i] = pos[i]!
    }
  }
  return { angles, offsets, samples }
}

function smoothstep(x: number): number {
  const t = Math.min(1, Math.max(0, x))
  return t * t * (3 - 2 * t)
}

/** The eased view at time t, and whether the player is moving the aim then. */
export function viewAt(views: HandheldPath['views'], t: number): { view: CameraView; aiming: boolean } {
  const first = views[0]!
  if (t <= first.atS || views.length === 1) return { view: first, aiming: false }
  for (let i = 1; i < views.length; i++) {
    const a = views[i - 1]!, b = views[i]!
    if (t > b.atS) continue
    const f = smoothstep((t - a.atS) / Math.max(1e-9, b.atS - a.atS))
    const mix = (x: number, y: number) => x + (y - x) * f
    const same = a.distanceMm === b.distanceMm && a.elevationDeg === b.elevationDeg && a.azimuthDeg === b.azimuthDeg && a.lookAtMm[0] === b.lookAtMm[0] && a.lookAtMm[1] === b.lookAtMm[1]
    return {
      view: { distanceMm: mix(a.distanceMm, b.distanceMm), elevationDeg: mix(a.elevationDeg, b.elevationDeg), azimuthDeg: mix(a.azimuthDeg, b.azimuthDeg), lookAtMm: [mix(a.lookAtMm[0], b.lookAtMm[0]), mix(a.lookAtMm[1], b.lookAtMm[1])] },
      aiming: !same,
    }
  }
  return { view: views[views.length - 1]!, aiming: false }
}

/** The eye of a view, as buildTabletopScene places it. */
export function eyeOf(v: CameraView): Vector3 {
  const el = v.elevationDeg * DEG, az = v.azimuthDeg * DEG
  return [
    v.lookAtMm[0] + v.distanceMm * Math.cos(el) * Math.sin(az),
    v.lookAtMm[1] - v.distanceMm * Math.cos(el) * Math.cos(az),
    v.distanceMm * Math.sin(el),
  ]
}

function mul3(a: Matrix3, b: Matrix3): Matrix3 {
  const o = new Array<number>(9)
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) o[i * 3 + j] = a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!
  return o as Matrix3
}

/** Small rotation in the camera frame: yaw about camera y, pitch about x, roll about z (degrees). */
function shakeRotation(yaw: number, pitch: number, roll: number): Matrix3 {
  const cy = Math.cos(yaw * DEG), sy = Math.sin(yaw * DEG)
  const cp = Math.cos(pitch * DEG), sp = Math.sin(pitch * DEG)
  const cr = Math.cos(roll * DEG), sr = Math.sin(roll * DEG)
  const ry: Matrix3 = [cy, 0, sy, 0, 1, 0, -sy, 0, cy]
  const rx: Matrix3 = [1, 0, 0, 0, cp, -sp, 0, sp, cp]
  const rz: Matrix3 = [cr, -sr, 0, sr, cr, 0, 0, 0, 1]
  return mul3(rz, mul3(rx, ry))
}

/** The camera pose at time t (s) on the path. */
export function poseAt(path: HandheldPath, track: ShakeTrack, t: number): CameraPose {
  const { view } = viewAt(path.views, t)
  const eye = eyeOf(view)
  const base = lookAt(eye, [view.lookAtMm[0], view.lookAtMm[1], 0])
  const f = Math.min(track.samples - 1.000001, Math.max(0, t / DT_S))
  const i = Math.floor(f), w = f - i
  const at = (arr: Float64Array, c: number) => arr[i * 3 + c]! * (1 - w) + arr[(i + 1) * 3 + c]! * w
  const rotation = mul3(shakeRotation(at(track.angles, 0), at(track.angles, 1), at(track.angles, 2)), base.rotation)
  const e: Vector3 = [eye[0] + at(track.offsets, 0), eye[1] + at(track.offsets, 1), eye[2] + at(track.offsets, 2)]
  const translation: Vector3 = [
    -(rotation[0] * e[0] + rotation[1] * e[1] + rotation[2] * e[2]),
    -(rotation[3] * e[0] + rotation[4] * e[1] + rotation[5] * e[2]),
    -(rotation[6] * e[0] + rotation[7] * e[1] + rotation[8] * e[2]),
  ]
  return { rotation, translation }
}

export function focusSigmaAt(path: HandheldPath, t: number): number {
  let s = 0
  for (const h of path.focusHunts ?? []) {
    const x = (t - h.startS) / h.durationS
    if (x > 0 && x < 1) s = Math.max(s, h.peakSigmaPx * Math.sin(Math.PI * x) ** 2)
  }
  return s
}

const FIELD_STEP_PX = 32
const FIELD_SAMPLES = 7

/**
 * Frame `index` at `fps` with exposure `exposureS`: row v is exposed over
 * [t + readout·v/H, t + readout·v/H + exposure], t = index / fps.
 */
export function framePlan(path: HandheldPath, track: ShakeTrack, intr: CameraIntrinsics, index: number, fps: number, exposureS: number): FramePlan {
  const { width, height } = intr
  const t0 = index / fps
  const rowStart = (v: number) => t0 + (path.readoutS * v) / Math.max(1, height - 1)
  const rowPoses = new Map<number, CameraPose>()
  const rowPose = (v: number) => {
    let p = rowPoses.get(v)
    if (!p) { p = poseAt(path, track, rowStart(v) + exposureS / 2); rowPoses.set(v, p) }
    return p
  }
  const cols = Math.ceil((width - 1) / FIELD_STEP_PX) + 1
  const rows = Math.ceil((height - 1) / FIELD_STEP_PX) + 1
  const k = FIELD_SAMPLES
  const dx = new Float32Array(k * rows * cols), dy = new Float32Array(k * rows * cols)
  const lengths: number[] = []
  const q: [number, number] = [0, 0]
  for (let gy = 0; gy < rows; gy++) {
    const v = Math.min(height - 1, gy * FIELD_STEP_PX)
    const mid = rowPose(v)
    const times = Array.from({ length: k }, (_, s) => rowStart(v) + (exposureS * s) / (k - 1))
    const poses = times.map((s) => poseAt(path, track, s))
    const eye = centreOf(mid)
    for (let gx = 0; gx < cols; gx++) {
      const u = Math.min(width - 1, gx * FIELD_STEP_PX)
      // Rotation moves the content the same at any depth; the table plane stands in for the scene.
      const hit = intersectPlaneZ(intr, mid, eye, u, v, 0)
      const p: Vector3 = hit ? [hit[0], hit[1], 0] : farPoint(intr, mid, eye, u, v)
      let len = 0, px = 0, py = 0
      for (let s = 0; s < k; s++) {
        const r = projectPoint({ ...intr, distortion: undefined }, poses[s]!, p, q)
        const ox = r ? r[0] - u : 0, oy = r ? r[1] - v : 0
        const i = (s * rows + gy) * cols + gx
        dx[i] = ox; dy[i] = oy
        if (s > 0) len += Math.hypot(ox - px, oy - py)
        px = ox; py = oy
      }
      lengths.push(len)
    }
  }
  lengths.sort((a, b) => a - b)
  return {
    pose: rowPose(Math.round((height - 1) / 2)),
    rowPose,
    motionField: { samples: k, step: FIELD_STEP_PX, cols, rows, dx, dy },
    streakMaxPx: lengths[lengths.length - 1] ?? 0,
    streakMedianPx: lengths[Math.floor(lengths.length / 2)] ?? 0,
    focusSigmaPx: focusSigmaAt(path, t0 + exposureS / 2),
    aiming: viewAt(path.views, t0).aiming || viewAt(path.views, t0 + exposureS).aiming,
  }
}

function centreOf(p: CameraPose): Vector3 {
  const r = p.rotation, t = p.translation
  return [-(r[0] * t[0] + r[3] * t[1] + r[6] * t[2]), -(r[1] * t[0] + r[4] * t[1] + r[7] * t[2]), -(r[2] * t[0] + r[5] * t[1] + r[8] * t[2])]
}

/** A point 3 m along the pixel's ray (for rays above the horizon). */
function farPoint(intr: CameraIntrinsics, pose: CameraPose, eye: Vector3, u: number, v: number): Vector3 {
  const x = (u - intr.cx) / intr.fx, y = (v - intr.cy) / intr.fy
  const r = pose.rotation
  const d: Vector3 = [r[0] * x + r[3] * y + r[6], r[1] * x + r[4] * y + r[7], r[2] * x + r[5] * y + r[8]]
  const n = Math.hypot(d[0], d[1], d[2])
  return [eye[0] + (3000 * d[0]) / n, eye[1] + (3000 * d[1]) / n, eye[2] + (3000 * d[2]) / n]
}
