// Stage: how blurred a frame is, measured on the markers already found. Their sides are known to a
// fraction of a pixel, a dark border on one side and a white quiet zone on the other, so the width of
// that step says how much the optics (defocus, autofocus hunting) and the motion during the exposure
// (a shaking hand) spread every edge of the frame — at the cost of a few hundred samples per marker.
//
// Per side: the mean grey profile across the edge (profiles from 25 % to 75 % along it, ±0.9 module,
// every 0.5 px), its positive gradient (dark → light), and the gradient's spread (RMS width about
// its centroid). A box blur of length L along the edge's normal adds L²/12 to the spread², a
// Gaussian σ adds σ²; a motion streak widens only the sides across it, so each marker gives the
// wider of its two side directions. The frame's blur is the median over the markers whose module is
// at least `minModulePx` (smaller ones cannot show a spread wider than their module), less the
// spread of a sharp edge (`sharpSpreadPx`), in quadrature: the equivalent Gaussian σ, px, of the
// worst direction. The window saturates near 0.5 module: a 30 px streak reads as ~3–4 px.
// Hot path: called per frame; no allocation (scratch below is module-level and not reentrant).
import type { GrayFrame, MarkerDetection } from '../types.ts'
import { sample } from './refineCorners.ts'

export type SharpnessParams = {
  /** Markers with a smaller module (shortest side / cells), px, are not measured. */
  minModulePx: number
  /** Profiles averaged per side. */
  profilesPerSide: number
  /** Profile half-width, modules (below 1: the quiet zone and the border are one module each). */
  windowModules: number
  /** Spread of a sharp edge (the camera's own blur and the pixel grid), px: subtracted in quadrature. */
  sharpSpreadPx: number
  /** A side whose profile rises less than this (grey levels) is not measured (occluded, washed out). */
  minContrast: number
}

export const DEFAULT_SHARPNESS_PARAMS: SharpnessParams = { minModulePx: 5, profilesPerSide: 12, windowModules: 0.9, sharpSpreadPx: 0.8, minContrast: 20 }

export type FrameSharpness = {
  /** Equivalent Gaussian blur of the frame's worst direction beyond a sharp edge's, px; NaN when nothing could be measured. */
  blurPx: number
  /** Median edge spread of the measured markers (before subtracting the sharp spread), px. */
  spreadPx: number
  /** Markers measured. */
  markers: number
}

const STEP_PX = 0.5
const MAX_SAMPLES = 64
const MAX_MARKERS = 256
const _profile = new Float64Array(MAX_SAMPLES)
const _spreads = new Float64Array(MAX_MARKERS)

/** Measure the frame's blur on its detected markers (see the file header); writes into and returns `target`. */
export function measureSharpness(gray: GrayFrame, detections: readonly MarkerDetection[], cellsPerSide: number, params: SharpnessParams, target: FrameSharpness): FrameSharpness {
  let n = 0
  for (let d = 0; d < detections.length && n < MAX_MARKERS; d++) {
    const c = detections[d]!.corners
    let shortest = Infinity
    for (let s = 0; s < 4; s++) shortest = Math.min(shortest, Math.hypot(c[(s + 1) % 4]![0] - c[s]![0], c[(s + 1) % 4]![1] - c[s]![1]))
    const module = shortest / cellsPerSide
    if (module < params.minModulePx) continue
    const half = Math.min(params.windowModules * module, (MAX_SAMPLES - 1) * STEP_PX / 2)
    const mx = (c[0][0] + c[1][0] + c[2][0] + c[3][0]) / 4, my = (c[0][1] + c[1][1] + c[2][1] + c[3][1]) / 4
    let dirA = 0, countA = 0, dirB = 0, countB = 0
    for (let s = 0; s < 4; s++) {
      const spread = sideSpread(gray, c[s]!, c[(s + 1) % 4]!, mx, my, half, params)
      if (!(spread > 0)) continue
      if (s % 2 === 0) { dirA += spread; countA++ } else { dirB += spread; countB++ }
    }
    if (countA === 0 && countB === 0) continue
    _spreads[n++] = Math.max(countA ? dirA / countA : 0, countB ? dirB / countB : 0)
  }
  target.markers = n
  if (n === 0) {
    target.spreadPx = Number.NaN
    target.blurPx = Number.NaN
    return target
  }
  sortPrefix(_spreads, n)
  const median = n % 2 ? _spreads[(n - 1) / 2]! : (_spreads[n / 2 - 1]! + _spreads[n / 2]!) / 2
  target.spreadPx = median
  target.blurPx = Math.sqrt(Math.max(0, median * median - params.sharpSpreadPx * params.sharpSpreadPx))
  return target
}

/** RMS width of the positive gradient across side a→b (outward = away from the marker's centre), px; NaN if unmeasurable. */
function sideSpread(gray: GrayFrame, a: readonly [number, number], b: readonly [number, number], mx: number, my: number, half: number, p: SharpnessParams): number {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1])
  if (len < 4) return Number.NaN
  const ex = (b[0] - a[0]) / len, ey = (b[1] - a[1]) / len
  let nx = -ey, ny = ex
  if (((a[0] + b[0]) / 2 - mx) * nx + ((a[1] + b[1]) / 2 - my) * ny < 0) { nx = -nx; ny = -ny }
  const steps = Math.floor((2 * half) / STEP_PX) + 1
  _profile.fill(0, 0, steps)
  let used = 0
  for (let k = 0; k < p.profilesPerSide; k++) {
    const t = len * (0.25 + (0.5 * (k + 0.5)) / p.profilesPerSide)
    const ox = a[0] + ex * t, oy = a[1] + ey * t
    let ok = true
    for (let j = 0; j < steps; j++) {
      const x = -half + j * STEP_PX
      const v = sample(gray, ox + nx * x, oy + ny * x)
      if (Number.isNaN(v)) { ok = false; break }
      _profile[j] = _profile[j]! + v
    }
    if (!ok) return Number.NaN
    used++
  }
  if (used === 0) return Number.NaN
  const rise = (_profile[steps - 1]! - _profile[0]!) / used
  if (!(rise >= p.minContrast)) return Number.NaN
  // Gradient between samples j and j+1 sits at x_j + STEP/2; a floor of 5 % of the peak keeps the
  // noise of the flat parts out of the second moment.
  let peak = 0
  for (let j = 0; j + 1 < steps; j++) peak = Math.max(peak, _profile[j + 1]! - _profile[j]!)
  const floor = 0.05 * peak
  let w = 0, wx = 0, wxx = 0
  for (let j = 0; j + 1 < steps; j++) {
    const g = _profile[j + 1]! - _profile[j]! - floor
    if (g <= 0) continue
    const x = -half + (j + 0.5) * STEP_PX
    w += g; wx += g * x; wxx += g * x * x
  }
  if (!(w > 0)) return Number.NaN
  const mean = wx / w
  return Math.sqrt(Math.max(0, wxx / w - mean * mean))
}

/** Insertion sort of the first n entries, in place (n is a frame's marker count: small). */
function sortPrefix(a: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const v = a[i]!
    let j = i - 1
    while (j >= 0 && a[j]! > v) { a[j + 1] = a[j]!; j-- }
    a[j + 1] = v
  }
}
