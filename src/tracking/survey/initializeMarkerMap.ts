// A first map of the table markers, good enough for the bundle adjustment to start from.
//
// 1. In each view, every marker's pose by OpenCV's solvePnP (IPPE_SQUARE). The markers lie on one
//    plane, so the view's plane is the normal most of them agree on (a small marker's IPPE pose can
//    take the wrong one of its two mirror solutions; the agreeing majority outvotes it) at the median
//    distance. Every corner is then cast onto that plane: the view's markers as 2-D poses in a frame of
//    its own, scaled so the markers have their printed size.
// 2. The views are joined one by one (the view sharing most markers with the map so far first), each by
//    the 2-D rigid fit of its shared markers' corners (MarkerMapper's pose graph, with the table's planar
//    prior: 3 degrees of freedom per marker instead of 6). A marker's place is the median of its views.
// Views that share no marker with the others stay out: the caller names the markers they hold.
import type { OpenCvHandle } from '../opencv/openCv.ts'
import { solveSquareMarkerPoses, type PinholeCamera } from '../opencv/squareMarkerPoses.ts'
import { fitRigid2d } from '../pipeline/estimateObjectPoses.ts'
import { markerCornersInPlane } from '../pipeline/fuseTablePose.ts'
import type { Point2 } from '../math/homography.ts'
import type { MarkerCorners, Vector3 } from '../types.ts'
import type { PlanePose } from './types.ts'

/** One view's table markers: marker index, printed size, undistorted corners. */
export type ViewMarkers = { camera: PinholeCamera; markers: { index: number; sizeMm: number; corners: MarkerCorners }[] }

/** A marker's corners in a frame, for a pose on that frame's plane (face toward +z). */
export function cornersOf(pose: PlanePose, sizeMm: number): Point2[] {
  return markerCornersInPlane(sizeMm, [pose.x, pose.y], (pose.angleRad * 180) / Math.PI)
}

const dot = (a: Vector3, b: Vector3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const cross = (a: Vector3, b: Vector3): Vector3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
const unit = (a: Vector3): Vector3 => { const n = Math.hypot(a[0], a[1], a[2]); return [a[0] / n, a[1] / n, a[2] / n] }
const median = (v: number[]) => { const s = [...v].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2 }

/** The view's markers as 2-D poses on its table plane (mm, a frame of the view's own), or null. */
export function reconstructView(handle: OpenCvHandle, view: ViewMarkers): Map<number, PlanePose> | null {
  const poses = solveSquareMarkerPoses(handle, view.camera, view.markers.map((m) => ({ sizeMm: m.sizeMm, corners: m.corners })))
  const found = poses.flatMap((p, i) => (p ? [{ p, m: view.markers[i]! }] : []))
  if (found.length === 0) return null
  const normals = found.map(({ p }) => unit([p.rotation[2], p.rotation[5], p.rotation[8]]))
  // The normal the most markers agree with (within 8°), averaged over those.
  const cosTol = Math.cos((8 * Math.PI) / 180)
  let best: number[] = []
  for (let i = 0; i < normals.length; i++) {
    const agree = normals.flatMap((n, j) => (dot(n, normals[i]!) > cosTol ? [j] : []))
    if (agree.length > best.length) best = agree
  }
  const n = unit(best.reduce<Vector3>((s, j) => [s[0] + normals[j]![0], s[1] + normals[j]![1], s[2] + normals[j]![2]], [0, 0, 0]))
  const d = median(best.map((j) => dot(n, found[j]!.p.translation)))
  const xAxis: Vector3 = (() => {
    const r = found[best[0]!]!.p.rotation
    const a: Vector3 = [r[0], r[3], r[6]]
    const k = dot(a, n)
    return unit([a[0] - k * n[0], a[1] - k * n[1], a[2] - k * n[2]])
  })()
  const yAxis = cross(n, xAxis)
  const { fx, fy, cx, cy } = view.camera
  const onPlane = (u: number, v: number): Point2 | null => {
    const ray: Vector3 = [(u - cx) / fx, (v - cy) / fy, 1]
    const k = dot(n, ray)
    if (Math.abs(k) < 1e-9) return null
    const s = d / k
    if (!(s > 0)) return null
    const p: Vector3 = [ray[0] * s, ray[1] * s, ray[2] * s]
    return [dot(p, xAxis), dot(p, yAxis)]
  }
  const cast = view.markers.map((m) => m.corners.map(([u, v]) => onPlane(u, v)))
  // The plane's distance from IPPE is only as good as one marker's size in px: rescale so the markers
  // have their printed size on it (median over the view).
  const ratios: number[] = []
  cast.forEach((c, i) => {
    if (c.some((p) => !p)) return
    const q = c as Point2[]
    let side = 0
    for (let k = 0; k < 4; k++) side += Math.hypot(q[(k + 1) % 4]![0] - q[k]![0], q[(k + 1) % 4]![1] - q[k]![1])
    ratios.push(view.markers[i]!.sizeMm / (side / 4))
  })
  if (ratios.length === 0) return null
  const scale = median(ratios)
  const out = new Map<number, PlanePose>()
  cast.forEach((c, i) => {
    if (c.some((p) => !p)) return
    const m = view.markers[i]!
    const fit = fitRigid2d(cornersOf({ x: 0, y: 0, angleRad: 0 }, m.sizeMm), (c as Point2[]).map(([x, y]) => [x * scale, y * scale] as const))
    out.set(m.index, { x: fit.x, y: fit.y, angleRad: fit.angleRad })
  })
  return out
}

const compose = (t: { x: number; y: number; angleRad: number }, p: PlanePose): PlanePose => {
  const c = Math.cos(t.angleRad), s = Math.sin(t.angleRad)
  return { x: t.x + c * p.x - s * p.y, y: t.y + s * p.x + c * p.y, angleRad: p.angleRad + t.angleRad }
}

/** Circular median-ish mean of angles (radians): the mean direction. */
function meanAngle(a: number[]): number {
  let s = 0, c = 0
  for (const v of a) { s += Math.sin(v); c += Math.cos(v) }
  return Math.atan2(s, c)
}

/**
 * Join the views' local maps into one: marker index → pose in the frame of the first view joined, and
 * which views could not be joined (they share no marker with the rest).
 */
export function joinViews(local: readonly (Map<number, PlanePose> | null)[], sizes: readonly number[]): { poses: Map<number, PlanePose>; joined: boolean[] } {
  const estimates = new Map<number, PlanePose[]>()
  const current = new Map<number, PlanePose>()
  const joined = local.map(() => false)
  const settle = (index: number) => {
    const e = estimates.get(index)!
    current.set(index, { x: median(e.map((p) => p.x)), y: median(e.map((p) => p.y)), angleRad: meanAngle(e.map((p) => p.angleRad)) })
  }
  const add = (view: number, transform: { x: number; y: number; angleRad: number }) => {
    joined[view] = true
    for (const [index, pose] of local[view]!) {
      const list = estimates.get(index) ?? []
      list.push(compose(transform, pose))
      estimates.set(index, list)
      settle(index)
    }
  }
  let first = -1
  local.forEach((m, i) => { if (m && (first < 0 || m.size > local[first]!.size)) first = i })
  if (first < 0) return { poses: current, joined }
  add(first, { x: 0, y: 0, angleRad: 0 })
  for (;;) {
    let next = -1, shared = 0
    local.forEach((m, i) => {
      if (!m || joined[i]) return
      const n = [...m.keys()].filter((k) => current.has(k)).length
      if (n > shared) { next = i; shared = n }
    })
    if (next < 0) break
    const view = local[next]!
    const from: Point2[] = [], to: Point2[] = []
    for (const [index, pose] of view) {
      const mapped = current.get(index)
      if (!mapped) continue
      from.push(...cornersOf(pose, sizes[index]!))
      to.push(...cornersOf(mapped, sizes[index]!))
    }
    const fit = fitRigid2d(from, to)
    add(next, { x: fit.x, y: fit.y, angleRad: fit.angleRad })
  }
  return { poses: current, joined }
}
