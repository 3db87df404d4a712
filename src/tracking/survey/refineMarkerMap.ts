// Bundle adjustment of the marker map: every marker's pose on the table plane (x, y, turn: markers lie
// flat), every view's camera (Rodrigues vector + translation) and, without a camera file, one focal
// length shared by all views, refined together over every corner of every view by Levenberg–Marquardt
// on the reprojection error (Muñoz-Salinas et al., "Mapping and localization from planar markers",
// Pattern Recognition 2018, §3.3, with the planar prior of a table). The scale comes from the printed
// marker sizes; one marker is held fixed (the gauge). Corner residuals beyond `huberPx` count linearly
// (Huber, by reweighting), so one bad corner cannot pull the map.
//
// The problem is small (a few dozen markers and views: at most a few hundred unknowns), so the normal
// equations are dense and solved by Cholesky; each observation's Jacobian block (its marker, its view,
// the focal length) is taken by central differences.
import { rodrigues } from '../math/linearAlgebra.ts'
import type { PlanePose } from './types.ts'

export type BundleView = {
  cx: number
  cy: number
  /** Focal length in px when calibrated; otherwise `focalScale` × the shared relative focal length. */
  fx?: number
  fy?: number
  focalScale: number
  /** fy / fx (a camera file's; 1 without one). */
  focalAspect?: number
}

export type BundleObservation = { view: number; marker: number; /** TL, TR, BR, BL as u0 v0 … u3 v3, undistorted px. */ corners: Float64Array }

export type BundleProblem = {
  markerSizes: readonly number[]
  /** Index of the marker held at its initial pose. */
  fixedMarker: number
  views: readonly BundleView[]
  observations: readonly BundleObservation[]
  estimateFocal: boolean
  /**
   * With a camera file: the focal length is refined around it (focalRel 1) with this prior σ
   * (relative): the file's is a calibration's estimate, and a phone's focal length moves with its focus.
   */
  focalPriorRel?: number
  /**
   * Also refine the principal point (offsets from the views' cx, cy in px, shared), held near the
   * image centre by a weak prior (`centrePriorPx`): without a camera file it is not known, and a phone's
   * is often 5–20 px off; left at the centre it bends the map by a few tenths of a px per corner.
   */
  estimateCentre: boolean
  centrePriorPx: number
  /**
   * Also refine one radial corner offset shared by every marker (px, + outward): a detector bias that
   * makes every marker look a little smaller or larger reads as a wrong scale, and it is told apart
   * from the map's scale by views at different distances (the offset is px, the markers' sizes mm).
   */
  estimateCornerBias: boolean
  huberPx: number
}

export type BundleState = {
  markers: PlanePose[]
  /** Per view: Rodrigues vector (3) then translation mm (3); X_camera = R · X_map + t. */
  views: Float64Array[]
  /** Focal length / focalScale, shared by the views (used when estimateFocal). */
  focalRel: number
  /** Principal point offset from the views' cx, cy, px (used when estimateCentre). */
  centrePx: [number, number]
  /** Radial corner offset, px, + outward (used when estimateCornerBias). */
  cornerBiasPx: number
}

export type BundleResult = {
  state: BundleState
  /** Per observation, per corner: distance between the seen and the reprojected corner, px. */
  cornerErrorsPx: Float64Array[]
  rmsPx: number
  iterations: number
  /** Standard error of the radial corner offset (px) from the normal equations at the solution; NaN when not refined. */
  cornerBiasSePx: number
  /**
   * Standard error of the map's scale (relative: 0.001 is 0.1 %), from the same normal equations: the
   * scale a similarity fit of the markers' centres would read, its gradient pushed through the
   * parameters' covariance. Where the views tell the focal length poorly (no camera file, few markers,
   * views all at one distance) the focal length and the scale trade off and this grows. Only when asked
   * (`opts.scaleSe`); NaN otherwise, and with fewer than two observed markers.
   */
  scaleSe: number
  /**
   * Standard error of the principal point (px per axis, the larger of the two) from the same normal
   * equations, where it was refined (`estimateCentre` without a camera file) and `opts.scaleSe` asked; NaN otherwise.
   */
  centreSePx: number
}

/** A square's corners in its own frame, OpenCV order TL, TR, BR, BL (face toward +z). */
const CORNER_SIGNS = [-1, 1, 1, 1, 1, -1, -1, -1] as const

type Layout = { markerOffset: Int32Array; viewOffset: Int32Array; focalOffset: number; centreOffset: number; biasOffset: number; n: number }

function layoutOf(p: BundleProblem): Layout {
  const markerOffset = new Int32Array(p.markerSizes.length).fill(-1)
  const observed = new Set(p.observations.map((o) => o.marker))
  let n = 0
  // A marker without observations (left out as moved) keeps its pose: nothing constrains it.
  for (let m = 0; m < p.markerSizes.length; m++) if (m !== p.fixedMarker && observed.has(m)) { markerOffset[m] = n; n += 3 }
  const viewOffset = new Int32Array(p.views.length)
  for (let v = 0; v < p.views.length; v++) { viewOffset[v] = n; n += 6 }
  const focalOffset = p.estimateFocal ? n++ : -1
  const centreOffset = p.estimateFocal && p.estimateCentre ? (n += 2) - 2 : -1
  const biasOffset = p.estimateCornerBias ? n++ : -1
  return { markerOffset, viewOffset, focalOffset, centreOffset, biasOffset, n }
}

function pack(p: BundleProblem, s: BundleState, l: Layout): Float64Array {
  const x = new Float64Array(l.n)
  s.markers.forEach((m, i) => {
    const o = l.markerOffset[i]!
    if (o >= 0) { x[o] = m.x; x[o + 1] = m.y; x[o + 2] = m.angleRad }
  })
  s.views.forEach((v, i) => x.set(v, l.viewOffset[i]!))
  if (l.focalOffset >= 0) x[l.focalOffset] = s.focalRel
  if (l.centreOffset >= 0) { x[l.centreOffset] = s.centrePx[0]; x[l.centreOffset + 1] = s.centrePx[1] }
  if (l.biasOffset >= 0) x[l.biasOffset] = s.cornerBiasPx
  return x
}

function unpack(p: BundleProblem, x: Float64Array, initial: BundleState, l: Layout): BundleState {
  return {
    markers: initial.markers.map((m, i) => {
      const o = l.markerOffset[i]!
      return o >= 0 ? { x: x[o]!, y: x[o + 1]!, angleRad: x[o + 2]! } : { ...m }
    }),
    views: initial.views.map((_, i) => x.slice(l.viewOffset[i]!, l.viewOffset[i]! + 6)),
    focalRel: l.focalOffset >= 0 ? x[l.focalOffset]! : initial.focalRel,
    centrePx: l.centreOffset >= 0 ? [x[l.centreOffset]!, x[l.centreOffset + 1]!] : initial.centrePx,
    cornerBiasPx: l.biasOffset >= 0 ? x[l.biasOffset]! : initial.cornerBiasPx,
  }
}

const _uv = new Float64Array(8)

/** Reprojection residuals (8) of one observation for the parameter vector x. */
function residualsOf(p: BundleProblem, l: Layout, fixed: PlanePose, x: Float64Array, o: BundleObservation, out: Float64Array): void {
  const mo = l.markerOffset[o.marker]!
  const mx = mo >= 0 ? x[mo]! : fixed.x
  const my = mo >= 0 ? x[mo + 1]! : fixed.y
  const ma = mo >= 0 ? x[mo + 2]! : fixed.angleRad
  const vo = l.viewOffset[o.view]!
  const r = rodrigues(x[vo]!, x[vo + 1]!, x[vo + 2]!)
  const tx = x[vo + 3]!, ty = x[vo + 4]!, tz = x[vo + 5]!
  const view = p.views[o.view]!
  const fx = l.focalOffset >= 0 ? x[l.focalOffset]! * view.focalScale : view.fx!
  const fy = l.focalOffset >= 0 ? x[l.focalOffset]! * view.focalScale * (view.focalAspect ?? 1) : view.fy!
  const cx = view.cx + (l.centreOffset >= 0 ? x[l.centreOffset]! : 0)
  const cy = view.cy + (l.centreOffset >= 0 ? x[l.centreOffset + 1]! : 0)
  const h = p.markerSizes[o.marker]! / 2
  const c = Math.cos(ma), s = Math.sin(ma)
  let su = 0, sv = 0
  for (let k = 0; k < 4; k++) {
    const lx = CORNER_SIGNS[2 * k]! * h, ly = CORNER_SIGNS[2 * k + 1]! * h
    const px = mx + c * lx - s * ly
    const py = my + s * lx + c * ly
    const xc = r[0]! * px + r[1]! * py + tx
    const yc = r[3]! * px + r[4]! * py + ty
    const zc = r[6]! * px + r[7]! * py + tz
    if (zc <= 1e-6) { out.fill(1e4); return }
    _uv[2 * k] = fx * (xc / zc) + cx
    _uv[2 * k + 1] = fy * (yc / zc) + cy
    su += _uv[2 * k]!
    sv += _uv[2 * k + 1]!
  }
  const bias = l.biasOffset >= 0 ? x[l.biasOffset]! : 0
  for (let k = 0; k < 4; k++) {
    let u = _uv[2 * k]!, v = _uv[2 * k + 1]!
    if (bias !== 0) {
      const du = u - su / 4, dv = v - sv / 4
      const d = Math.hypot(du, dv)
      u += (bias * du) / d
      v += (bias * dv) / d
    }
    out[2 * k] = u - o.corners[2 * k]!
    out[2 * k + 1] = v - o.corners[2 * k + 1]!
  }
}

/** Parameter indices of one observation's block: its marker (unless fixed), its view, the focal length. */
function blockOf(l: Layout, o: BundleObservation): number[] {
  const idx: number[] = []
  const mo = l.markerOffset[o.marker]!
  if (mo >= 0) idx.push(mo, mo + 1, mo + 2)
  const vo = l.viewOffset[o.view]!
  for (let i = 0; i < 6; i++) idx.push(vo + i)
  if (l.focalOffset >= 0) idx.push(l.focalOffset)
  if (l.centreOffset >= 0) idx.push(l.centreOffset, l.centreOffset + 1)
  if (l.biasOffset >= 0) idx.push(l.biasOffset)
  return idx
}

function stepFor(l: Layout, index: number, value: number): number {
  if (index === l.focalOffset) return 1e-7 * Math.max(1, Math.abs(value))
  if (index === l.biasOffset || index === l.centreOffset || index === l.centreOffset + 1) return 1e-4
  return 1e-6 * Math.max(1, Math.abs(value))
}

/** Solve the symmetric positive definite system a x = b (n×n row-major) by Cholesky; null if not positive definite. */
export function solveSymmetric(a: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const l = new Float64Array(a)
  for (let j = 0; j < n; j++) {
    let d = l[j * n + j]!
    for (let k = 0; k < j; k++) d -= l[j * n + k]! ** 2
    if (!(d > 0)) return null
    d = Math.sqrt(d)
    l[j * n + j] = d
    for (let i = j + 1; i < n; i++) {
      let s = l[i * n + j]!
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!
      l[i * n + j] = s / d
    }
  }
  const y = new Float64Array(b)
  for (let i = 0; i < n; i++) {
    let s = y[i]!
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * y[k]!
    y[i] = s / l[i * n + i]!
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * y[k]!
    y[i] = s / l[i * n + i]!
  }
  return y
}

/** Refine the map, the views and (optionally) the focal length from `initial`. */
export function refineMarkerMap(p: BundleProblem, initial: BundleState, opts: { iterations?: number; scaleSe?: boolean } = {}): BundleResult {
  const l = layoutOf(p)
  const fixed = initial.markers[p.fixedMarker]!
  let x = pack(p, initial, l)
  const n = l.n
  const res = new Float64Array(8)
  const plus = new Float64Array(8)
  const minus = new Float64Array(8)
  const delta = p.huberPx

  /** Robust cost of all observations (Huber on each corner's distance). */
  const costOf = (xs: Float64Array): number => {
    let c = 0
    for (const o of p.observations) {
      residualsOf(p, l, fixed, xs, o, res)
      for (let k = 0; k < 4; k++) {
        const e = Math.hypot(res[2 * k]!, res[2 * k + 1]!)
        c += e <= delta ? (e * e) / 2 : delta * (e - delta / 2)
      }
    }
    if (l.centreOffset >= 0) c += (xs[l.centreOffset]! ** 2 + xs[l.centreOffset + 1]! ** 2) / (2 * p.centrePriorPx ** 2)
    if (l.focalOffset >= 0 && p.focalPriorRel) c += (xs[l.focalOffset]! - 1) ** 2 / (2 * p.focalPriorRel ** 2)
    return c
  }

  const h = new Float64Array(n * n)
  const g = new Float64Array(n)
  const jac = new Float64Array(8 * 13)
  const normalEquations = () => {
    h.fill(0)
    g.fill(0)
    for (const o of p.observations) {
      const idx = blockOf(l, o)
      const b = idx.length
      residualsOf(p, l, fixed, x, o, res)
      for (let j = 0; j < b; j++) {
        const i = idx[j]!
        const v = x[i]!
        const step = stepFor(l, i, v)
        x[i] = v + step
        residualsOf(p, l, fixed, x, o, plus)
        x[i] = v - step
        residualsOf(p, l, fixed, x, o, minus)
        x[i] = v
        for (let r = 0; r < 8; r++) jac[r * b + j] = (plus[r]! - minus[r]!) / (2 * step)
      }
      for (let k = 0; k < 4; k++) {
        const e = Math.hypot(res[2 * k]!, res[2 * k + 1]!)
        const w = e <= delta ? 1 : delta / e
        for (const r of [2 * k, 2 * k + 1]) {
          const rv = res[r]!
          for (let a = 0; a < b; a++) {
            const ja = jac[r * b + a]! * w
            if (ja === 0) continue
            const ia = idx[a]!
            g[ia] = g[ia]! + ja * rv
            for (let c = 0; c < b; c++) h[ia * n + idx[c]!] = h[ia * n + idx[c]!]! + ja * jac[r * b + c]!
          }
        }
      }
    }
    if (l.focalOffset >= 0 && p.focalPriorRel) {
      const i = l.focalOffset
      h[i * n + i] = h[i * n + i]! + 1 / p.focalPriorRel ** 2
      g[i] = g[i]! + (x[i]! - 1) / p.focalPriorRel ** 2
    }
    if (l.centreOffset >= 0) {
      // The principal point's prior: (offset / centrePriorPx)² / 2.
      for (const i of [l.centreOffset, l.centreOffset + 1]) {
        h[i * n + i] = h[i * n + i]! + 1 / p.centrePriorPx ** 2
        g[i] = g[i]! + x[i]! / p.centrePriorPx ** 2
      }
    }
  }

  let cost = costOf(x)
  let lambda = 1e-3
  const maxIterations = opts.iterations ?? 100
  let iterations = 0
  normalEquations()
  for (; iterations < maxIterations; iterations++) {
    const aug = new Float64Array(h)
    for (let d = 0; d < n; d++) aug[d * n + d] = h[d * n + d]! * (1 + lambda) + 1e-9
    const neg = g.map((v) => -v)
    const step = solveSymmetric(aug, neg, n)
    if (!step) { lambda *= 10; if (lambda > 1e12) break; continue }
    const trial = x.map((v, i) => v + step[i]!)
    const trialCost = costOf(trial)
    if (Number.isFinite(trialCost) && trialCost < cost) {
      const gain = cost - trialCost
      x = trial
      cost = trialCost
      lambda = Math.max(lambda / 10, 1e-12)
      normalEquations()
      if (gain < 1e-12 * Math.max(1, cost)) break
    } else {
      lambda *= 10
      if (lambda > 1e12) break
    }
  }

  const state = unpack(p, x, initial, l)
  let sum = 0, count = 0
  const cornerErrorsPx = p.observations.map((o) => {
    residualsOf(p, l, fixed, x, o, res)
    const e = new Float64Array(4)
    for (let k = 0; k < 4; k++) {
      e[k] = Math.hypot(res[2 * k]!, res[2 * k + 1]!)
      sum += e[k]! ** 2
      count++
    }
    return e
  })
  // σ²·(JᵀJ)⁻¹ at the solution, the offset's diagonal entry: σ² per coordinate from the residuals.
  let cornerBiasSePx = Number.NaN
  const dof = 2 * count - n
  if (l.biasOffset >= 0 || opts.scaleSe) normalEquations()
  if (l.biasOffset >= 0) {
    const e = new Float64Array(n)
    e[l.biasOffset] = 1
    const col = solveSymmetric(h, e, n)
    if (col && dof > 0) cornerBiasSePx = Math.sqrt(Math.max(0, col[l.biasOffset]!) * (sum / dof))
  }
  const variancePx2 = dof > 0 ? sum / dof : Number.NaN
  let centreSePx = Number.NaN
  if (opts.scaleSe && l.centreOffset >= 0) {
    for (const axis of [0, 1]) {
      const e = new Float64Array(n)
      e[l.centreOffset + axis] = 1
      centreSePx = Math.max(Number.isNaN(centreSePx) ? 0 : centreSePx, Math.sqrt(Math.max(0, quadraticOfCovariance(p, l, h, variancePx2, e))))
    }
  }
  return { state, cornerErrorsPx, rmsPx: Math.sqrt(sum / Math.max(1, count)), iterations, cornerBiasSePx, scaleSe: opts.scaleSe ? scaleStandardError(p, l, state, h, variancePx2) : Number.NaN, centreSePx }
}

/**
 * The map's scale error (relative), gᵀ C g: g the gradient of the scale a similarity fit reads
 * (Σ (pᵢ − c)·(qᵢ − c) / Σ |pᵢ − c|², for the markers' centres pᵢ against a map qᵢ close to them: ∂/∂pᵢ =
 * (pᵢ − c) / Σ |pⱼ − c|²), C = (JᵀJ / σ² + P)⁻¹ with σ² per coordinate from the residuals and P the
 * priors' own precision (the focal length's, the principal point's), which are not scaled by σ².
 * `h` holds JᵀJ + P at the solution.
 */
function scaleStandardError(p: BundleProblem, l: Layout, s: BundleState, h: Float64Array, variancePx2: number): number {
  const n = l.n
  const used = s.markers.map((_, i) => i).filter((i) => i === p.fixedMarker || l.markerOffset[i]! >= 0)
  if (used.length < 2 || !(variancePx2 > 0)) return Number.NaN
  let cx = 0, cy = 0
  for (const i of used) { cx += s.markers[i]!.x; cy += s.markers[i]!.y }
  cx /= used.length
  cy /= used.length
  let spread = 0
  for (const i of used) spread += (s.markers[i]!.x - cx) ** 2 + (s.markers[i]!.y - cy) ** 2
  if (!(spread > 0)) return Number.NaN
  const g = new Float64Array(n)
  for (const i of used) {
    const o = l.markerOffset[i]!
    if (o < 0) continue
    g[o] = (s.markers[i]!.x - cx) / spread
    g[o + 1] = (s.markers[i]!.y - cy) / spread
  }
  return Math.sqrt(Math.max(0, quadraticOfCovariance(p, l, h, variancePx2, g)))
}

/**
 * gᵀ C g with C = (JᵀJ / σ² + P)⁻¹, σ² per coordinate from the residuals and P the priors' own
 * precision (the focal length's, the principal point's), not scaled by σ²; `h` holds JᵀJ + P. NaN when singular.
 */
function quadraticOfCovariance(p: BundleProblem, l: Layout, h: Float64Array, variancePx2: number, g: Float64Array): number {
  const n = l.n
  if (!(variancePx2 > 0)) return Number.NaN
  const prior = new Float64Array(n)
  if (l.focalOffset >= 0 && p.focalPriorRel) prior[l.focalOffset] = 1 / p.focalPriorRel ** 2
  if (l.centreOffset >= 0) prior[l.centreOffset] = prior[l.centreOffset + 1] = 1 / p.centrePriorPx ** 2
  const info = new Float64Array(n * n)
  for (let i = 0; i < n * n; i++) info[i] = h[i]! / variancePx2
  for (let i = 0; i < n; i++) info[i * n + i] = (h[i * n + i]! - prior[i]!) / variancePx2 + prior[i]!
  const cg = solveSymmetric(info, g, n)
  if (!cg) return Number.NaN
  let v = 0
  for (let i = 0; i < n; i++) v += g[i]! * cg[i]!
  return v
}
