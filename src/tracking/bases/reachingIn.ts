// Is a fitted base's place part of something reaching in over the table (an arm, a hand and its
// fingers)? A fingertip or a thumb over the mat fits a small base's near rim as well as a base does
// (hands, seeds 9–16: 14 of the 31 false reports of one search each), but its picture is one piece of
// its own colour with the hand and the arm behind it: grown over the picture from the fit's top, that
// piece spreads far beyond a base's size (up the finger and the arm, which comes in from outside the
// view). A base's top is bounded by its rim, and a figure on it covers only part of its top. (The
// picture's edge only stops the growth: a base the frame cuts has a top that reaches the edge too.)
// A top of the colour just outside its bottom rim and further out too (a flocked base on a flocked mat,
// a black one on a black mat) would grow into the mat: it is not looked at. Round a fingertip the mat
// lies just outside; round a fit among the fingers or on the palm the hand does, but a base's size or
// two further out the mat shows. The mat's palette cannot tell: arms over the table can cover a fifth
// of its picture, and their colour joins the mat's.
// Per call: no allocation once the scratch has grown to the frame's size.
import type { BaseShape } from '../../engine/index.ts'
import type { RgbaFrame } from '../types.ts'
import { sampleOutline, type Outline } from './baseOutline.ts'
import { type TableProjector, projectTablePoint } from './tableProjector.ts'

export type ReachingInParams = {
  /** Grid step of the growth, px (each cell the mean of its step × step block: JPEG noise averages out). */
  stepPx: number
  /** Neighbouring cells join when their colours differ by at most this (sum of |ΔR|, |ΔG|, |ΔB|, levels). */
  localStep: number
  /**
   * … and keep the seed's hue: chromaticity (each channel over their sum) within `seedChroma` (sum of
   * the three differences) and brightness within `seedBrightness` times the seed's either way. A
   * shading along an arm keeps its hue; a slow blur into the mat or a neighbour does not.
   */
  seedChroma: number
  seedBrightness: number
  /** Share of the top's inner samples that must lie in the grown piece (a figure on a base covers less). */
  interiorShare: number
  /** The piece spreads over more than this many times the top's area in the picture (the picture's edge stops it): more than a base. */
  areaRatio: number
  /** Cells grown at most (the growth also stops once past `areaRatio` × the top). */
  maxCells: number
  /**
   * A top whose colour the growth would join to what lies just outside its bottom rim at
   * `outsideShare` of a ring's points has the mat's colour: not grown (a fingertip has the mat beyond
   * it, and its finger and the next ones on a part of the ring only).
   */
  outsideShare: number
  /** That ring lies this far out, as a share of the base's half-sizes. */
  outsideScale: number
  /**
   * … and so must `farShare` of a ring `farScale` out: the mat round a flocked base goes on, a hand
   * round a fit among its fingers or on its palm ends within a base's size or two.
   */
  farShare: number
  farScale: number
}

export const DEFAULT_REACHING_IN_PARAMS: ReachingInParams = { stepPx: 2, localStep: 30, seedChroma: 0.06, seedBrightness: 1.6, interiorShare: 0.65, areaRatio: 3, maxCells: 40_000, outsideShare: 0.75, outsideScale: 1.15, farShare: 0.65, farScale: 2.5 }

const INNER = 12
/** The inner samples' ring, as a share of the base's half-sizes (well inside a fingertip's width too). */
const INNER_SCALE = 0.4
let outline: Outline | null = null
let stamp = new Int32Array(0)
let queue = new Int32Array(0)
let generation = 0
const _p = new Float64Array(2)
/** The grid cells of the top's inner samples (a ring `INNER_SCALE` in, and the centre). */
const _inner = new Int32Array(INNER + 1)
const _outside = new Float64Array(3 * INNER)
const _far = new Float64Array(3 * INNER)
const _seed = new Float64Array(3)
/** The growth grid of the current call: its step and size in cells. */
let step = 2, gw = 0, gh = 0

/** The grid cell holding image point (u, v), or −1 outside the picture. */
function cellAt(u: number, v: number): number {
  const cx = Math.floor(u / step), cy = Math.floor(v / step)
  return cx >= 0 && cy >= 0 && cx < gw && cy < gh ? cy * gw + cx : -1
}

/** Does colour c keep the seed's hue (`seedSum`: the seed's channel sum, set per call)? */
function sameHue(c: Float64Array, p: ReachingInParams): boolean {
  const sum = c[0]! + c[1]! + c[2]!
  if (!(sum * p.seedBrightness >= seedSum && sum <= seedSum * p.seedBrightness)) return false
  return Math.abs(c[0]! / sum - _seed[0]! / seedSum) + Math.abs(c[1]! / sum - _seed[1]! / seedSum) + Math.abs(c[2]! / sum - _seed[2]! / seedSum) <= p.seedChroma
}
let seedSum = 1

/** Sum of the channels' absolute differences between colours a (at `ai`) and b (at `bi`), levels. */
function colourDistance(a: Float64Array, ai: number, b: Float64Array, bi: number): number {
  return Math.abs(a[ai]! - b[bi]!) + Math.abs(a[ai + 1]! - b[bi + 1]!) + Math.abs(a[ai + 2]! - b[bi + 2]!)
}

/** The mean colour of the step × step block at cell (cx, cy) into `out` (levels). */
function cellColour(frame: RgbaFrame, cx: number, cy: number, out: Float64Array): void {
  const d = frame.data, w = frame.width
  let r = 0, g = 0, b = 0
  for (let dy = 0; dy < step; dy++) {
    let i = ((cy * step + dy) * w + cx * step) * 4
    for (let dx = 0; dx < step; dx++, i += 4) { r += d[i]!; g += d[i + 1]!; b += d[i + 2]! }
  }
  const n = step * step
  out[0] = r / n; out[1] = g / n; out[2] = b / n
}
const _a = new Float64Array(3), _b = new Float64Array(3)

/**
 * True when the base fitted at (x, y) (facing, standing on z0, its top `heightMm` up) has a top that is
 * part of one piece of colour spreading over `areaRatio` times the top's area and holding
 * `interiorShare` of its inner samples, and not of the colour that lies round its bottom rim near and
 * far (the mat's): something reaching in over the table, no base. A fit whose samples leave the
 * picture is not judged.
 */
export function reachingIn(frame: RgbaFrame, proj: TableProjector, shape: BaseShape, x: number, y: number, facingDeg: number, z0: number, heightMm: number, p: ReachingInParams = DEFAULT_REACHING_IN_PARAMS): boolean {
  step = p.stepPx
  gw = Math.floor(frame.width / step); gh = Math.floor(frame.height / step)
  if (gw < 3 || gh < 3) return false
  if (stamp.length < gw * gh) { stamp = new Int32Array(gw * gh); queue = new Int32Array(gw * gh); generation = 0 }
  if (++generation >= 0x7fffffff) { stamp.fill(0); generation = 1 }
  // The top's area in the picture (its outline projected at the top), its inner samples, and what lies just outside its bottom rim.
  outline ??= sampleOutline({ shape: 'round', diameter: 2 }, INNER)
  const hf = shape.shape === 'round' ? shape.diameter / 2 : shape.length / 2, hs = shape.shape === 'round' ? shape.diameter / 2 : shape.width / 2
  const a = (facingDeg * Math.PI) / 180, ca = Math.cos(a), sa = Math.sin(a)
  const zTop = z0 + heightMm
  let o2 = -1
  let area = 0, prevU = 0, prevV = 0, firstU = 0, firstV = 0
  for (let k = 0; k < INNER; k++) {
    // The unit circle's points stretched to the base's half-sizes: the outline, the inner ring, and the ring outside.
    const ox = outline.points[2 * k]! * hf, oy = outline.points[2 * k + 1]! * hs
    if (!projectTablePoint(proj, x + ca * ox - sa * oy, y + sa * ox + ca * oy, zTop, _p)) return false
    if (k === 0) { firstU = _p[0]!; firstV = _p[1]! } else area += prevU * _p[1]! - _p[0]! * prevV
    prevU = _p[0]!; prevV = _p[1]!
    if (!projectTablePoint(proj, x + INNER_SCALE * (ca * ox - sa * oy), y + INNER_SCALE * (sa * ox + ca * oy), zTop, _p)) return false
    if ((_inner[k] = cellAt(_p[0]!, _p[1]!)) < 0) return false
    if (!projectTablePoint(proj, x + p.outsideScale * (ca * ox - sa * oy), y + p.outsideScale * (sa * ox + ca * oy), z0, _p)) return false
    const o = cellAt(_p[0]!, _p[1]!)
    if (o < 0) return false
    cellColour(frame, o % gw, Math.floor(o / gw), _a)
    _outside[3 * k] = _a[0]!; _outside[3 * k + 1] = _a[1]!; _outside[3 * k + 2] = _a[2]!
    if (projectTablePoint(proj, x + p.farScale * (ca * ox - sa * oy), y + p.farScale * (sa * ox + ca * oy), z0, _p) && (o2 = cellAt(_p[0]!, _p[1]!)) >= 0) {
      cellColour(frame, o2 % gw, Math.floor(o2 / gw), _a)
      _far[3 * k] = _a[0]!; _far[3 * k + 1] = _a[1]!; _far[3 * k + 2] = _a[2]!
    } else _far[3 * k] = Number.NaN
  }
  area = Math.abs(area + prevU * firstV - firstU * prevV) / 2
  if (!projectTablePoint(proj, x, y, zTop, _p)) return false
  if ((_inner[INNER] = cellAt(_p[0]!, _p[1]!)) < 0) return false
  // The seed: the inner sample whose colour is the median-most (the top's own, not a figure's detail).
  let seed = -1, bestSpread = Infinity
  for (let k = 0; k <= INNER; k++) {
    const c = _inner[k]!
    cellColour(frame, c % gw, Math.floor(c / gw), _a)
    let spread = 0
    for (let j = 0; j <= INNER; j++) {
      const o = _inner[j]!
      cellColour(frame, o % gw, Math.floor(o / gw), _b)
      spread += colourDistance(_a, 0, _b, 0)
    }
    if (spread < bestSpread) { bestSpread = spread; seed = c; _seed.set(_a) }
  }
  seedSum = Math.max(1, _seed[0]! + _seed[1]! + _seed[2]!)
  let likeOutside = 0
  for (let k = 0; k < INNER; k++) {
    _a[0] = _outside[3 * k]!; _a[1] = _outside[3 * k + 1]!; _a[2] = _outside[3 * k + 2]!
    if (sameHue(_a, p)) likeOutside++
  }
  if (likeOutside >= p.outsideShare * INNER) {
    let likeFar = 0
    for (let k = 0; k < INNER; k++) {
      if (Number.isNaN(_far[3 * k]!)) continue
      _a[0] = _far[3 * k]!; _a[1] = _far[3 * k + 1]!; _a[2] = _far[3 * k + 2]!
      if (sameHue(_a, p)) likeFar++
    }
    if (likeFar >= p.farShare * INNER) return false
  }
  // Grow the piece (4-neighbours, each joining the one it is reached from and near the seed's colour).
  let head = 0, tail = 0
  stamp[seed] = generation
  queue[tail++] = seed
  const enough = Math.min(p.maxCells, Math.ceil((p.areaRatio * area) / (step * step)) + 1)
  while (head < tail && tail <= enough) {
    const c = queue[head++]!
    const cx = c % gw, cy = (c - cx) / gw
    if (cx === 0 || cy === 0 || cx === gw - 1 || cy === gh - 1) continue
    cellColour(frame, cx, cy, _a)
    for (let n = 0; n < 4; n++) {
      const nc = n === 0 ? c - 1 : n === 1 ? c + 1 : n === 2 ? c - gw : c + gw
      if (stamp[nc] === generation) continue
      cellColour(frame, nc % gw, Math.floor(nc / gw), _b)
      if (colourDistance(_a, 0, _b, 0) > p.localStep || !sameHue(_b, p)) continue
      stamp[nc] = generation
      queue[tail++] = nc
    }
  }
  if (tail * step * step <= p.areaRatio * area) return false
  // Most of the top lies in the piece (a figure standing on a base covers only part of its top).
  let inside = 0
  for (let k = 0; k <= INNER; k++) if (stamp[_inner[k]!] === generation) inside++
  return inside >= p.interiorShare * (INNER + 1)
}
