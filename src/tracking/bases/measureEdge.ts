// Reading a base's rim in the picture: colour steps across a predicted rim (RGB, so a brown base on a
// sand mat shows its edge as well as a black one on green).
// - `addRimStep`: the colour step across a point (outside minus inside, 1.5 px apart); summed over a
//   stretch of rim it is the rim's own colour step, coherent where the rim really is (the same band
//   against the same mat all round), incoherent elsewhere.
// - `readEdgeOnAxis`: along a short line across the rim, the rise of the colour projected on that
//   step's direction, and the local maximum nearest the prediction (the rim once the pose is close: the
//   band's top edge beside it steps the other way, a shadow's edge lies further out).
// Hot path: called for every rim sample of every base fit. No allocation (module scratch below, not reentrant).
import type { RgbaFrame } from '../types.ts'

export type EdgeReading = {
  /** Where the edge is, px along the normal from the predicted point (positive: outwards). */
  offsetPx: number
  /** Rise at the edge along the axis, 8-bit levels per px. */
  strength: number
  ok: boolean
}

const STEP = 0.5
const MAX_SAMPLES = 161
const _s = new Float64Array(MAX_SAMPLES), _d = new Float64Array(MAX_SAMPLES)

/** Bilinear RGB at (x, y) into out[0..2]; false outside the frame (1 px margin). */
function sampleRgb(frame: RgbaFrame, x: number, y: number, out: Float64Array, at: number): boolean {
  const { width, height, data } = frame
  if (!(x >= 0 && y >= 0 && x <= width - 2 && y <= height - 2)) return false
  const xi = Math.floor(x), yi = Math.floor(y), fx = x - xi, fy = y - yi
  const i00 = (yi * width + xi) * 4, i10 = i00 + 4, i01 = i00 + width * 4, i11 = i01 + 4
  const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy
  out[at] = w00 * data[i00]! + w10 * data[i10]! + w01 * data[i01]! + w11 * data[i11]!
  out[at + 1] = w00 * data[i00 + 1]! + w10 * data[i10 + 1]! + w01 * data[i01 + 1]! + w11 * data[i11 + 1]!
  out[at + 2] = w00 * data[i00 + 2]! + w10 * data[i10 + 2]! + w01 * data[i01 + 2]! + w11 * data[i11 + 2]!
  return true
}

const _two = new Float64Array(6)

/** Bilinear RGB at (x, y) into out[0..2] (levels); false outside the frame. */
export function sampleColour(frame: RgbaFrame, x: number, y: number, out: Float64Array): boolean {
  return sampleRgb(frame, x, y, out, 0)
}

/**
 * Add the colour step across (px, py) along the outward normal (outside − inside, 8-bit levels, the
 * two sides `halfPx` either side: 0.75 px for a sharp reading, more to take in a soft edge's whole
 * ramp) to out[at..at+2]; false outside the frame.
 */
export function addRimStep(frame: RgbaFrame, px: number, py: number, nx: number, ny: number, out: Float64Array, at: number, halfPx = 0.75): boolean {
  if (!sampleRgb(frame, px + halfPx * nx, py + halfPx * ny, _two, 0) || !sampleRgb(frame, px - halfPx * nx, py - halfPx * ny, _two, 3)) return false
  out[at] = out[at]! + _two[0]! - _two[3]!
  out[at + 1] = out[at + 1]! + _two[1]! - _two[4]!
  out[at + 2] = out[at + 2]! + _two[2]! - _two[5]!
  return true
}

const _rgb = new Float64Array(3)

/**
 * How much the colour just outside a rim point (1 px out) differs from the colour further out (4 px):
 * RGB distance, levels; NaN outside the frame. Beyond a base's real bottom edge lies the mat, the same
 * at both; a pose that takes the band's top edge for the bottom edge has the band itself just outside.
 */
export function outsideSpread(frame: RgbaFrame, px: number, py: number, nx: number, ny: number): number {
  if (!sampleRgb(frame, px + nx, py + ny, _two, 0) || !sampleRgb(frame, px + 4 * nx, py + 4 * ny, _two, 3)) return Number.NaN
  return Math.hypot(_two[0]! - _two[3]!, _two[1]! - _two[4]!, _two[2]! - _two[5]!)
}

/**
 * The edge across (px, py) along the unit outward normal (nx, ny) within ±halfPx (≤ 40 px): the local
 * maximum of the rise of the colour projected on the unit axis (ar, ag, ab), nearest the prediction,
 * of at least `minStrength` levels per px. A line leaving the frame reads as no edge.
 */
export function readEdgeOnAxis(frame: RgbaFrame, px: number, py: number, nx: number, ny: number, halfPx: number, ar: number, ag: number, ab: number, minStrength: number, target: EdgeReading): EdgeReading {
  target.ok = false
  target.offsetPx = 0
  target.strength = 0
  const n = Math.min(MAX_SAMPLES, 2 * Math.ceil(halfPx / STEP) + 3)
  const half = ((n - 1) / 2) * STEP
  for (let j = 0; j < n; j++) {
    const t = -half + j * STEP
    if (!sampleRgb(frame, px + t * nx, py + t * ny, _rgb, 0)) return target
    _s[j] = _rgb[0]! * ar + _rgb[1]! * ag + _rgb[2]! * ab
  }
  for (let j = 1; j < n - 1; j++) _d[j] = (_s[j + 1]! - _s[j - 1]!) / (2 * STEP)
  let best = -1, bestDist = Infinity
  for (let j = 2; j < n - 2; j++) {
    const d = _d[j]!
    if (d < minStrength || d < _d[j - 1]! || d < _d[j + 1]!) continue
    const dist = Math.abs(-half + j * STEP)
    if (dist < bestDist) { bestDist = dist; best = j }
  }
  if (best < 0) return target
  const dm = _d[best - 1]!, d0 = _d[best]!, dp = _d[best + 1]!
  const curve = dm - 2 * d0 + dp
  const frac = curve < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (dm - dp)) / curve)) : 0
  target.offsetPx = -half + (best + frac) * STEP
  target.strength = d0
  target.ok = true
  return target
}
