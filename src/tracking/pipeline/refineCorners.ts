// Stage: sub-pixel corners from the marker's four outer edges.
//
// OpenCV's CORNER_REFINE_SUBPIX runs cornerSubPix in a window of 0.3 module (≈ 3×3 px on a 20 px
// marker), which leaves ~0.35 px median / 1.2 px p95 error on small, noisy markers. Here every side of
// the black square is sampled along its whole length: at each step a grey profile across the edge
// (within ±0.9 module, where the only rising dark→light edge is the marker border) gives the edge
// position as the centroid of the positive gradient; a robust total-least-squares line goes through
// those points, and adjacent lines intersect in the corners. Two passes re-centre the profiles.
// Where OpenCV's corners sit half a module inside a small marker (16–18 px, cells under 3 px), a
// profile runs from a white inner cell across the whole border to the quiet zone, or on past the
// paper's edge to a darker mat: no net rise, though the border's edge is there. Such a profile gives
// the centroid of its one big unbroken rise (`fallRiseContrastFactor` × the minimum contrast), where
// noise gives only short ones.
//
// Tone-curve bias: a phone's tone curve (sRGB, a contrast S-curve) bends a blurred edge's profile,
// so the gradient centroid shifts toward the dark side by b (0.3–0.4 px at σ 0.7 px blur): every
// marker reads small. The same curve shifts the border's *inner* edge (black border → white cell)
// toward the dark side too, i.e. outward. Both edges bound one module of known width, so with the
// outer lines biased by b inward and the inner edge measured at δ from where the (biased) quad puts
// it, δ = −2b(1 − 1/cells) and b = −δ / (2(1 − 1/cells)) — whatever the (monotonic) curve is. Each side
// is corrected by its own b (motion blur makes the bias depend on the edge's direction).
// Small markers: with a module of 2–3 px the white cell next to the border is blurred into its own
// neighbours, so the inner edge bends less than the outer one and the estimate falls short (measured
// on sRGB frames: mean −0.24 px left under 18 px, −0.09 at 18–24, 0.00 from 24 px, against −0.39
// uncorrected at every size). The bias is the camera's (tone curve and blur), not the marker's, so
// markers with modules under `toneBiasMinModulePx` take the median of the bigger markers' biases in
// the same frame (detectMarkers.ts): mean +0.01 under 18 px, +0.03 at 18–24 px.
// Hot path: called per detected marker; allocates only the returned corners (scratch buffers below
// are module-level and not reentrant).
import type { EdgeNoise, GrayFrame, MarkerCorners } from '../types.ts'
import { unitSquareToQuad } from '../math/homography.ts'
import { intersectPackedLines } from '../math/linearAlgebra.ts'

export type EdgeRefineParams = {
  /** Passes (each re-samples around the previous corners). */
  iterations: number
  /** Profile half-width as a fraction of one module (cell). Must stay below 1. */
  windowModules: number
  /** Cap on the profile half-width, px (on big markers a long profile only collects noise). */
  maxWindowPx: number
  /** Step along the edge and across it, px. */
  stepAlongPx: number
  /** Cap on the profiles per side (a bigger step along long sides). */
  maxProfilesPerSide: number
  stepAcrossPx: number
  /** Minimum dark→light rise across a profile, grey levels (skips occluded or washed-out samples). */
  minContrast: number
  /** Fraction of an edge's profiles that must show the border's rise. */
  minEdgeFraction: number
  /**
   * A profile with no net rise (it crosses a fall too: a white inner cell before the border, or the
   * paper's edge after the quiet zone) still shows the border's edge where one unbroken rise of at
   * least this × `minContrast` lies in it (noise alone gives short ones).
   */
  fallRiseContrastFactor: number
  /** A refined corner may move at most this many modules from OpenCV's; else the marker keeps OpenCV's corners. */
  maxShiftModules: number
  /** Correct the tone-curve bias from the border's inner edges (see the file header). */
  toneBiasCorrection: boolean
  /** One bias per side (follows direction-dependent blur) instead of one per marker (less noise). */
  toneBiasPerSide: boolean
  /** Correct only when the marker's pooled bias is at least this, px. */
  toneBiasGatePx: number
  /**
   * Markers whose module (shortest side / cells) is below this many px take the tone bias measured on
   * the frame's bigger markers instead of their own (see the file header: a 2–3 px module's inner edge
   * is blurred into the next cell and bends less than the outer edge, so its own estimate falls short).
   */
  toneBiasMinModulePx: number
  /** When set, the outer lines are moved by this bias instead of a measured one (the frame's bias, set by detectMarkers). */
  frameToneBiasPx: number | null
  /**
   * The σ of a side's line from its edge points' scatter is this many times what independent points
   * would give: the points are 0.5 px apart along the edge, and neighbouring profiles share the blur's,
   * the interpolation's and the JPEG block's noise (measured on the variants: MEASURED.md).
   */
  edgeNoiseFactor: number
  /**
   * Then fit the whole pattern (every black/white edge, one edge shift: fitMarkerGrid.ts) on markers
   * with cells of `toneBiasMinModulePx` or more; the frame's bias for the smaller ones is theirs.
   */
  gridFit: boolean
  /**
   * How the whole-pattern fit reads a sheared marker's edges (issue 31, stops 61-62; MEASURED.md, "A
   * marker seen across its diagonal"): 'edge-in-cell' (the default since stop 62) square to the edge's
   * image where that profile's window stays in its cell's row, else as 'pattern-square'; 'pattern'
   * (the default before) along the image of the pattern's normal, taking the oblique reading for the
   * shift square to the edge, so a marker seen across its diagonal reads 0.1-0.2 px large on phone
   * frames; 'pattern-square' the same direction (it stays in its cell's column) with the window and
   * the shift taken square to the edge; 'edge' square to the edge's image everywhere (on small cells
   * its window crosses a slanted neighbour's boundary: the older synthetic renderer's models 0.47 mm off
   * at the median, 0.25 by 'pattern', 0.27 by 'edge-in-cell').
   */
  gridProfile: 'pattern' | 'pattern-square' | 'edge' | 'edge-in-cell'
  /** The outer lines take the whole-pattern fit's size (the mean offset of its sides from theirs), keeping their own turn. */
  gridSize: boolean
}

export const DEFAULT_EDGE_REFINE_PARAMS: EdgeRefineParams = {
  iterations: 2,
  windowModules: 0.9,
  maxWindowPx: 3,
  stepAlongPx: 0.5,
  maxProfilesPerSide: 40,
  stepAcrossPx: 0.25,
  minContrast: 12,
  minEdgeFraction: 0.6,
  fallRiseContrastFactor: 3,
  maxShiftModules: 1,
  toneBiasCorrection: true,
  toneBiasPerSide: false,
  toneBiasGatePx: 0.1,
  toneBiasMinModulePx: 4,
  frameToneBiasPx: null,
  edgeNoiseFactor: 2,
  gridFit: true,
  gridProfile: 'edge-in-cell',
  gridSize: true,
}

/** What the last refineCornersFromEdges measured (module-level, overwritten by every call). */
export const lastRefine = { toneBiasPx: 0, toneSamples: 0 }

/**
 * Per side of the last refined marker (side s runs from corner s to corner s + 1), from its final
 * line fit: the edge points' RMS distance from the line (px), how many were kept, Σt² of their
 * positions along it about their centroid (px²), and the gradient's RMS width across the edge (px).
 */
export const lastEdges = { rmsPx: new Float64Array(4), points: new Float64Array(4), spreadSq: new Float64Array(4), widthPx: new Float64Array(4) }

const MAX_SAMPLES = 4096
const _px = new Float64Array(MAX_SAMPLES)
const _py = new Float64Array(MAX_SAMPLES)
const _lines = new Float64Array(16) // per side: point x, y, direction x, y
const _keep = new Uint8Array(MAX_SAMPLES)
const _quad = new Float64Array(8) // corners x0 y0 … x3 y3
const _h = new Float64Array(8) // unit square → quad: a b c d e f g h
const _bias = new Float64Array(4)
const _biasCount = new Int32Array(4)
const _rise = new Float64Array(4)
const _uv: [number, number] = [0, 0]
const _white = new Uint8Array(64)

/** Grey value at a side's (along, depth) point of the current quad (depth < 0: outside the marker). */
function sampleAt(gray: GrayFrame, s: number, along: number, depth: number): number {
  const q = sidePoint(s, along, depth)
  return sample(gray, q[0], q[1])
}

/** Bilinear grey value at (x, y) px, NaN outside the frame. */
export function sample(g: GrayFrame, x: number, y: number): number {
  const x0 = Math.floor(x), y0 = Math.floor(y)
  if (x0 < 0 || y0 < 0 || x0 >= g.width - 1 || y0 >= g.height - 1) return NaN
  const fx = x - x0, fy = y - y0
  const i = y0 * g.width + x0
  const d = g.data
  const top = d[i]! + (d[i + 1]! - d[i]!) * fx
  const bottom = d[i + g.width]! + (d[i + g.width + 1]! - d[i + g.width]!) * fx
  return top + (bottom - top) * fy
}

/**
 * Refine a marker's corners from its edges. `cellsPerSide` is the pattern size plus the border
 * (6 for 4×4 markers). Returns null when an edge cannot be measured (the caller keeps OpenCV's corners).
 */
export function refineCornersFromEdges(
  gray: GrayFrame,
  corners: MarkerCorners,
  cellsPerSide: number,
  params: EdgeRefineParams = DEFAULT_EDGE_REFINE_PARAMS,
): MarkerCorners | null {
  lastRefine.toneBiasPx = 0
  lastRefine.toneSamples = 0
  let current = corners
  for (let pass = 0; pass < params.iterations; pass++) {
    // The tone-bias correction runs in the last pass only: the earlier passes just centre the profiles.
    const next = refinePass(gray, current, cellsPerSide, params, pass === params.iterations - 1)
    if (!next) return null
    current = next
  }
  let side = 0
  for (let i = 0; i < 4; i++) side += Math.hypot(corners[(i + 1) % 4]![0] - corners[i]![0], corners[(i + 1) % 4]![1] - corners[i]![1])
  const module = side / 4 / cellsPerSide
  for (let i = 0; i < 4; i++) {
    if (Math.hypot(current[i]![0] - corners[i]![0], current[i]![1] - corners[i]![1]) > params.maxShiftModules * module) return null
  }
  return current
}

function refinePass(gray: GrayFrame, c: MarkerCorners, cells: number, p: EdgeRefineParams, last: boolean): MarkerCorners | null {
  const mx = (c[0][0] + c[1][0] + c[2][0] + c[3][0]) / 4
  const my = (c[0][1] + c[1][1] + c[2][1] + c[3][1]) / 4
  // The profile crosses the edge, so its extent follows the shortest side (foreshortening).
  let shortest = Infinity
  for (let s = 0; s < 4; s++) shortest = Math.min(shortest, Math.hypot(c[(s + 1) % 4]![0] - c[s]![0], c[(s + 1) % 4]![1] - c[s]![1]))
  const half = Math.max(1, Math.min(p.maxWindowPx, p.windowModules * (shortest / cells)))
  for (let s = 0; s < 4; s++) {
    const a = c[s]!, b = c[(s + 1) % 4]!
    const len = Math.hypot(b[0] - a[0], b[1] - a[1])
    if (len < 4) return null
    const ex = (b[0] - a[0]) / len, ey = (b[1] - a[1]) / len
    let nx = -ey, ny = ex
    if (((a[0] + b[0]) / 2 - mx) * nx + ((a[1] + b[1]) / 2 - my) * ny < 0) { nx = -nx; ny = -ny }
    // Stay clear of the corners, where the neighbouring edge bends the profile.
    const margin = Math.min(len * 0.3, half + 1)
    let count = 0
    let tried = 0
    let riseSum = 0
    let widthSum = 0
    // Long sides (big table markers) are sampled at most `maxProfilesPerSide` times: more profiles
    // add little precision to a line fit that already has dozens, and cost the steady state.
    const step = Math.max(p.stepAlongPx, (len - 2 * margin) / p.maxProfilesPerSide)
    for (let t = margin; t <= len - margin && count < MAX_SAMPLES; t += step) {
      const ox = a[0] + ex * t, oy = a[1] + ey * t
      tried++
      let prev = sample(gray, ox - nx * half, oy - ny * half)
      let sumW = 0, sumWS = 0, sumWSS = 0, rise = 0
      // The biggest unbroken rise (the border's outer edge, where the profile also crosses a fall).
      let runW = 0, runWS = 0, runWSS = 0, bestW = 0, bestWS = 0, bestWSS = 0
      for (let s2 = -half + p.stepAcrossPx; s2 <= half + 1e-9; s2 += p.stepAcrossPx) {
        const v = sample(gray, ox + nx * s2, oy + ny * s2)
        const gdiff = v - prev
        if (gdiff > 0) {
          const at = s2 - p.stepAcrossPx / 2
          sumW += gdiff
          sumWS += gdiff * at
          sumWSS += gdiff * at * at
          runW += gdiff
          runWS += gdiff * at
          runWSS += gdiff * at * at
          if (runW > bestW) { bestW = runW; bestWS = runWS; bestWSS = runWSS }
        } else {
          runW = 0; runWS = 0; runWSS = 0
        }
        rise += gdiff
        prev = v
      }
      let off: number
      if (rise >= p.minContrast && sumW > 0) {
        off = sumWS / sumW
        widthSum += Math.max(0, sumWSS / sumW - off * off)
        riseSum += rise
      } else if (bestW >= p.fallRiseContrastFactor * p.minContrast) {
        // No net rise: the profile runs from a white inner cell across the whole black border to the
        // quiet zone (corners half a module inside the marker, as OpenCV gives small ones), or on past
        // the paper's edge to a darker mat. The border's outer edge is its one big rise.
        off = bestWS / bestW
        widthSum += Math.max(0, bestWSS / bestW - off * off)
        riseSum += bestW
      } else continue
      _px[count] = ox + nx * off
      _py[count] = oy + ny * off
      count++
    }
    // Half the edge hidden (a hand, the base in front of a tab): keep OpenCV's corners.
    if (count < 4 || count < tried * p.minEdgeFraction) return null
    if (!fitLine(count, s)) return null
    _rise[s] = riseSum / count
    lastEdges.widthPx[s] = Math.sqrt(widthSum / count)
  }
  if (last && p.toneBiasCorrection && !correctToneBias(gray, cells, half, p)) return null
  const out: [number, number][] = []
  for (let i = 0; i < 4; i++) {
    const prev = (i + 3) % 4
    const q = intersectPackedLines(_lines, prev, i)
    if (!q) return null
    out.push(q)
  }
  return out as MarkerCorners
}

function squareToQuad(): boolean {
  return unitSquareToQuad(_quad, _h)
}

/** Image point of side `s` at `along` (0..1 from its first corner) and `depth` (0..1 inward), into _uv. */
function sidePoint(s: number, along: number, depth: number): [number, number] {
  const u = s === 0 ? along : s === 1 ? 1 - depth : s === 2 ? 1 - along : depth
  const v = s === 0 ? depth : s === 1 ? along : s === 2 ? 1 - depth : 1 - along
  const w = _h[6]! * u + _h[7]! * v + 1
  _uv[0] = (_h[0]! * u + _h[1]! * v + _h[2]!) / w
  _uv[1] = (_h[3]! * u + _h[4]! * v + _h[5]!) / w
  return _uv
}

/**
 * Measure the border's inner edge (where the neighbouring cell is white) against the quad of the
 * freshly fitted outer lines, and move each outer line outward by its side's bias (file header).
 */
function correctToneBias(gray: GrayFrame, cells: number, half: number, p: EdgeRefineParams): boolean {
  for (let i = 0; i < 4; i++) {
    const q = intersectPackedLines(_lines, (i + 3) % 4, i)
    if (!q) return false
    _quad[2 * i] = q[0]; _quad[2 * i + 1] = q[1]
  }
  if (!squareToQuad()) return false
  if (p.frameToneBiasPx !== null) {
    moveLines(p.frameToneBiasPx)
    return true
  }
  const m = 1 / cells
  let total = 0, totalCount = 0
  for (let s = 0; s < 4; s++) {
    // Outward unit normal of the fitted line (pointing away from the quad's centre).
    let nx = -_lines[s * 4 + 3]!, ny = _lines[s * 4 + 2]!
    const mx = (_quad[0]! + _quad[2]! + _quad[4]! + _quad[6]!) / 4, my = (_quad[1]! + _quad[3]! + _quad[5]! + _quad[7]!) / 4
    if ((_lines[s * 4]! - mx) * nx + (_lines[s * 4 + 1]! - my) * ny < 0) { nx = -nx; ny = -ny }
    const a = sidePoint(s, 0, 0), ax = a[0], ay = a[1]
    const b = sidePoint(s, 1, 0)
    const len = Math.hypot(b[0] - ax, b[1] - ay)
    // Up to 6 profiles per cell: more only repeat the same edge (big markers have long cells).
    const steps = Math.min(6, Math.max(2, Math.ceil((len * m * 0.7) / p.stepAlongPx)))
    let sum = 0, count = 0
    // Which inner cells along this side are white (their centre brighter than halfway between the
    // border and the quiet zone): near a black neighbour the blurred edge bends, so stay half a module away.
    const dark = sampleAt(gray, s, 0.5, -0.5 * m), light = sampleAt(gray, s, 0.5, 0.5 * m)
    for (let cell = 0; cell < cells; cell++) {
      _white[cell] = cell > 0 && cell < cells - 1 && sampleAt(gray, s, (cell + 0.5) * m, 1.5 * m) > (dark + light) / 2 ? 1 : 0
    }
    for (let cell = 1; cell < cells - 1; cell++) {
      if (!_white[cell]) continue
      const lo = cell + (_white[cell - 1] ? 0.15 : 0.5), hi = cell + 1 - (_white[cell + 1] ? 0.15 : 0.5)
      const n = hi > lo ? steps : 1
      for (let k = 0; k < n; k++) {
        const along = (n === 1 ? (lo + hi) / 2 : lo + ((hi - lo) * k) / (n - 1)) * m
        const p0 = sidePoint(s, along, 0)
        const p0x = p0[0], p0y = p0[1]
        const p1 = sidePoint(s, along, m)
        // The predicted inner edge point (the profile crosses it along the outer line's normal, so on
        // a sheared quad it stays on the same cell), and its distance from the outer line.
        const ox = p1[0], oy = p1[1]
        const depth = (p0x - ox) * nx + (p0y - oy) * ny
        // Profile inward (−n): border (dark) → white cell is a rise.
        let prev = sample(gray, ox + nx * half, oy + ny * half)
        let sumW = 0, sumWS = 0, rise = 0
        for (let s2 = -half + p.stepAcrossPx; s2 <= half + 1e-9; s2 += p.stepAcrossPx) {
          const v = sample(gray, ox - nx * s2, oy - ny * s2)
          const gdiff = v - prev
          if (gdiff > 0) { sumW += gdiff; sumWS += gdiff * (s2 - p.stepAcrossPx / 2) }
          rise += gdiff
          prev = v
        }
        if (!(rise >= Math.max(p.minContrast, 0.6 * _rise[s]!)) || !(sumW > 0)) continue
        const delta = sumWS / sumW
        if (Math.abs(delta) > 0.5 * depth) continue
        sum += delta
        count++
      }
    }
    _bias[s] = count ? -sum / count / (2 * (1 - m)) : 0
    _biasCount[s] = count
    total += sum; totalCount += count
  }
  const fallback = totalCount ? -total / totalCount / (2 * (1 - m)) : 0
  lastRefine.toneBiasPx = fallback
  lastRefine.toneSamples = totalCount
  // A marker's bias estimate scatters by ~0.05–0.1 px on small or steeply viewed markers; below the
  // gate it is as likely noise as bias (a linear frame has none), so the lines stay where they are.
  if (Math.abs(fallback) < p.toneBiasGatePx) return true
  moveLines(fallback, p.toneBiasPerSide)
  return true
}

/** Move each fitted outer line outward by `b` px (or by its own side's bias when `perSide` and measured). */
function moveLines(b0: number, perSide = false): void {
  for (let s = 0; s < 4; s++) {
    const b = perSide && _biasCount[s]! >= 3 ? _bias[s]! : b0
    let nx = -_lines[s * 4 + 3]!, ny = _lines[s * 4 + 2]!
    const mx = (_quad[0]! + _quad[2]! + _quad[4]! + _quad[6]!) / 4, my = (_quad[1]! + _quad[3]! + _quad[5]! + _quad[7]!) / 4
    if ((_lines[s * 4]! - mx) * nx + (_lines[s * 4 + 1]! - my) * ny < 0) { nx = -nx; ny = -ny }
    _lines[s * 4] = _lines[s * 4]! + nx * b
    _lines[s * 4 + 1] = _lines[s * 4 + 1]! + ny * b
  }
}

/**
 * The edge noise of a marker's sides at the given corners (one line-fit pass that moves nothing), into
 * `lastEdges`. False when a side cannot be measured.
 */
export function measureEdges(gray: GrayFrame, corners: MarkerCorners, cellsPerSide: number, params: EdgeRefineParams = DEFAULT_EDGE_REFINE_PARAMS): boolean {
  return refinePass(gray, corners, cellsPerSide, params, false) !== null
}

/**
 * The last refined (or measured) marker's EdgeNoise, from `lastEdges`: each side's offset σ =
 * factor × RMS / √points, its turn σ = factor × RMS / √Σt², times half the side at the ends.
 */
export function edgeNoiseOfLast(corners: MarkerCorners, factor: number): EdgeNoise {
  const offsetPx: [number, number, number, number] = [0, 0, 0, 0]
  const turnPx: [number, number, number, number] = [0, 0, 0, 0]
  const widthPx: [number, number, number, number] = [0, 0, 0, 0]
  for (let s = 0; s < 4; s++) {
    const a = corners[s]!, b = corners[(s + 1) % 4]!
    const half = Math.hypot(b[0] - a[0], b[1] - a[1]) / 2
    const rms = lastEdges.rmsPx[s]!, n = Math.max(1, lastEdges.points[s]!), tt = Math.max(1e-6, lastEdges.spreadSq[s]!)
    offsetPx[s] = (factor * rms) / Math.sqrt(n)
    turnPx[s] = (factor * rms * half) / Math.sqrt(tt)
    widthPx[s] = lastEdges.widthPx[s]!
  }
  return { offsetPx, turnPx, widthPx }
}

/** The coarse pass: profiles of ±1.5 modules (a rise there is still only the border's outer edge), no tone correction. */
const COARSE: Partial<EdgeRefineParams> = { iterations: 1, windowModules: 1.5, maxWindowPx: 5, minEdgeFraction: 0.4, toneBiasCorrection: false, maxShiftModules: 1.5 }

/**
 * Where the regular fit cannot follow an edge (OpenCV's pixel-level corners of a small marker may
 * sit ~0.7 module off): one coarse pass with wider profiles pulls the lines onto the edges, and the
 * regular fit then starts from there (asking as much of each edge as the coarse pass did). Returns
 * the regular fit's corners (null when even the coarse pass cannot measure an edge) and, in
 * `start.corners`, the coarse pass's.
 */
export function refineAfterCoarsePass(gray: GrayFrame, corners: MarkerCorners, cellsPerSide: number, params: EdgeRefineParams, start?: { corners: MarkerCorners | null }): MarkerCorners | null {
  const coarse = refineCornersFromEdges(gray, corners, cellsPerSide, { ...params, ...COARSE })
  if (start) start.corners = coarse
  return coarse && refineCornersFromEdges(gray, coarse, cellsPerSide, { ...params, minEdgeFraction: COARSE.minEdgeFraction! })
}

/** Shortest side of a quad / cells per side: the marker's smallest module, px. */
export function moduleOfQuadPx(c: MarkerCorners, cellsPerSide: number): number {
  let shortest = Infinity
  for (let s = 0; s < 4; s++) shortest = Math.min(shortest, Math.hypot(c[(s + 1) % 4]![0] - c[s]![0], c[(s + 1) % 4]![1] - c[s]![1]))
  return shortest / cellsPerSide
}

/** Robust total-least-squares line through the first n points of _px/_py, stored at side index s. */
function fitLine(n: number, s: number): boolean {
  const keep = _keep
  keep.fill(1, 0, n)
  let cx = 0, cy = 0, dx = 1, dy = 0
  for (let round = 0; round < 3; round++) {
    let m = 0
    cx = 0; cy = 0
    for (let i = 0; i < n; i++) if (keep[i]) { cx += _px[i]!; cy += _py[i]!; m++ }
    if (m < 4) return false
    cx /= m; cy /= m
    let sxx = 0, sxy = 0, syy = 0
    for (let i = 0; i < n; i++) {
      if (!keep[i]) continue
      const x = _px[i]! - cx, y = _py[i]! - cy
      sxx += x * x; sxy += x * y; syy += y * y
    }
    const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy)
    dx = Math.cos(theta); dy = Math.sin(theta)
    let ss = 0
    for (let i = 0; i < n; i++) {
      if (!keep[i]) continue
      const r = (_px[i]! - cx) * -dy + (_py[i]! - cy) * dx
      ss += r * r
    }
    const limit = Math.max(0.25, 2.5 * Math.sqrt(ss / m))
    let changed = false
    for (let i = 0; i < n; i++) {
      const r = Math.abs((_px[i]! - cx) * -dy + (_py[i]! - cy) * dx)
      const k = r <= limit ? 1 : 0
      if (k !== keep[i]) { keep[i] = k; changed = true }
    }
    if (!changed) break
  }
  _lines[s * 4] = cx; _lines[s * 4 + 1] = cy; _lines[s * 4 + 2] = dx; _lines[s * 4 + 3] = dy
  let m = 0, ss = 0, tt = 0
  for (let i = 0; i < n; i++) {
    if (!keep[i]) continue
    const x = _px[i]! - cx, y = _py[i]! - cy
    const r = x * -dy + y * dx, t = x * dx + y * dy
    ss += r * r; tt += t * t; m++
  }
  lastEdges.rmsPx[s] = Math.sqrt(ss / m)
  lastEdges.points[s] = m
  lastEdges.spreadSq[s] = tt
  return true
}

