// Markers seen by the XR camera → where the table stands in the XR world.
//
// The WebXR Raw Camera Access module gives, per XRView, a camera image aligned with that view: its
// projection is the view's projectionMatrix and its pose the view's transform (world ← camera, in
// metres, GL camera axes: x right, y up, looking down −z). The tracker locks the table in OpenCV
// camera axes (x right, y down, looking down +z) in mm. So
//   world ← table  =  (world ← GL camera) · diag(1, −1, −1) · (m ← mm) · (camera ← table).
// A real table is level: the placement keeps the table's position and its turn about world up,
// and reports the remaining tilt so a badly fitted lock shows up instead of tilting the overlay.
import { Matrix4, Vector3 } from 'three'
import type { CameraIntrinsics } from '../../tracking/index.ts'
import type { TablePlacement } from './placement.ts'

const MM_TO_M = 0.001
const SCRATCH = new Matrix4()

/**
 * Pinhole intrinsics (OpenCV convention: pixel centres at integers, image rows top-down) of a camera
 * image of `width` × `height` px whose projection is a WebGL projection matrix (column-major).
 * x_ndc = p0·X/(−Z) − p8 and y_ndc = p5·Y/(−Z) − p9, so with u from the left and v from the top:
 * fx = p0·w/2, cx = (1 − p8)·w/2 − ½, fy = p5·h/2, cy = (1 + p9)·h/2 − ½.
 */
export function intrinsicsFromProjection(p: ArrayLike<number>, width: number, height: number): CameraIntrinsics {
  const p0 = p[0]!
  const p5 = p[5]!
  if (!(p0 > 0) || !(p5 > 0) || p[3] !== 0 || p[11] !== -1) throw new Error('not a perspective projection matrix')
  return {
    width,
    height,
    fx: (p0 * width) / 2,
    fy: (p5 * height) / 2,
    cx: ((1 - p[8]!) * width) / 2 - 0.5,
    cy: ((1 + p[9]!) * height) / 2 - 0.5,
    distortion: [0, 0, 0, 0, 0],
    // The platform's own calibration of its camera (the image the view was rendered for).
    source: 'calibration',
  }
}

/**
 * world ← table (table mm → world metres) from the tracker's camera ← table (row-major rotation,
 * translation in mm, OpenCV axes) and the view's world ← camera matrix (column-major, GL axes; read
 * from `offset` in the array, so a ring of poses needs no copies).
 */
export function worldFromTable(rotation: ArrayLike<number>, translationMm: ArrayLike<number>, worldFromView: ArrayLike<number>, target: Matrix4, offset = 0): Matrix4 {
  const r = rotation
  const t = translationMm
  const s = MM_TO_M
  // diag(1, −1, −1) · (m ← mm) · [R | t], written out (into a scratch matrix: per frame, no allocation).
  const cameraGl = SCRATCH.set(
    s * r[0]!, s * r[1]!, s * r[2]!, s * t[0]!,
    -s * r[3]!, -s * r[4]!, -s * r[5]!, -s * t[1]!,
    -s * r[6]!, -s * r[7]!, -s * r[8]!, -s * t[2]!,
    0, 0, 0, 1,
  )
  return target.fromArray(worldFromView, offset).multiply(cameraGl)
}

export type MarkerPlacement = TablePlacement & {
  /** Angle between the table's up axis and world up, degrees (a level table seen well: under ~1°). */
  tiltDeg: number
}

/**
 * The level placement closest to a full world ← table pose: its origin, its turn about world up, its
 * tilt. Written into `target` when given (per frame: allocates nothing then).
 */
export function placementFromPose(m: Matrix4, target: MarkerPlacement = { origin: [0, 0, 0], yaw: 0, measuredEdgeM: null, tiltDeg: 0 }): MarkerPlacement {
  const e = m.elements
  // Columns of the (mm → m scaled) rotation: the table's x and z axes in the world.
  const zLength = Math.hypot(e[8]!, e[9]!, e[10]!)
  const up = Math.min(1, Math.max(-1, e[9]! / zLength))
  target.origin[0] = e[12]!
  target.origin[1] = e[13]!
  target.origin[2] = e[14]!
  target.yaw = Math.atan2(-e[2]!, e[0]!)
  target.measuredEdgeM = null
  target.tiltDeg = (Math.acos(up) * 180) / Math.PI
  return target
}

/** World position (m) of a table-frame point (mm, on the table plane) under a level placement. */
export function tablePointInWorld(p: TablePlacement, xMm: number, yMm: number, target: Vector3): Vector3 {
  const c = Math.cos(p.yaw)
  const s = Math.sin(p.yaw)
  // Table x → (cos, 0, −sin); table y → (−sin, 0, −cos) (see placement.ts: y runs away from the viewer).
  const x = xMm * MM_TO_M
  const y = yMm * MM_TO_M
  return target.set(p.origin[0] + c * x - s * y, p.origin[1], p.origin[2] - s * x - c * y)
}

export type AveragedPlacement = {
  placement: MarkerPlacement
  samples: number
  /** Largest distance (mm) of a table corner from its averaged position over the samples: the lock's jitter. */
  spreadMm: number
}

/**
 * The table's placement averaged over the last `capacity` marker locks (the table does not move in
 * the world, the camera does): mean origin, circular mean of the turn, mean tilt, and the spread.
 * Fixed storage; `add` allocates nothing.
 */
export class PlacementAverager {
  private readonly data: Float64Array
  private count = 0
  private next = 0
  private readonly corner = new Vector3()
  private readonly meanCorner = new Vector3()
  private readonly capacity: number

  constructor(capacity = 20) {
    this.capacity = capacity
    this.data = new Float64Array(capacity * 5)
  }

  add(p: MarkerPlacement): void {
    const o = this.next * 5
    this.data[o] = p.origin[0]
    this.data[o + 1] = p.origin[1]
    this.data[o + 2] = p.origin[2]
    this.data[o + 3] = p.yaw
    this.data[o + 4] = p.tiltDeg
    this.next = (this.next + 1) % this.capacity
    this.count = Math.min(this.count + 1, this.capacity)
  }

  reset(): void {
    this.count = 0
    this.next = 0
  }

  get samples(): number {
    return this.count
  }

  /** The mean placement and its spread over a table of `widthMm` × `depthMm`, or null without samples. */
  mean(widthMm: number, depthMm: number): AveragedPlacement | null {
    const n = this.count
    if (n === 0) return null
    let x = 0, y = 0, z = 0, sin = 0, cos = 0, tilt = 0
    for (let i = 0; i < n; i++) {
      const o = i * 5
      x += this.data[o]!
      y += this.data[o + 1]!
      z += this.data[o + 2]!
      sin += Math.sin(this.data[o + 3]!)
      cos += Math.cos(this.data[o + 3]!)
      tilt += this.data[o + 4]!
    }
    const placement: MarkerPlacement = { origin: [x / n, y / n, z / n], yaw: Math.atan2(sin, cos), measuredEdgeM: null, tiltDeg: tilt / n }
    let spread = 0
    const sample: MarkerPlacement = { origin: [0, 0, 0], yaw: 0, measuredEdgeM: null, tiltDeg: 0 }
    for (let i = 0; i < n; i++) {
      const o = i * 5
      sample.origin[0] = this.data[o]!
      sample.origin[1] = this.data[o + 1]!
      sample.origin[2] = this.data[o + 2]!
      sample.yaw = this.data[o + 3]!
      for (const [cx, cy] of [[0, 0], [widthMm, 0], [0, depthMm], [widthMm, depthMm]] as const) {
        tablePointInWorld(sample, cx, cy, this.corner)
        tablePointInWorld(placement, cx, cy, this.meanCorner)
        spread = Math.max(spread, this.corner.distanceTo(this.meanCorner) / MM_TO_M)
      }
    }
    return { placement, samples: n, spreadMm: spread }
  }
}
