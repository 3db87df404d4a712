// Stage: a marker's corners from every black/white boundary of its printed pattern, free of the edge
// shift that the tone curve, sharpening and blur put on each edge.
//
// Why: a camera blurs in linear light and then applies its tone curve (sRGB, a gamma, an S-curve) and
// sharpening. A blurred dark→light edge then crosses any fixed level (and its gradient centroid lies)
// off its true place by the same shift b toward the dark or the light side, for every edge of the
// marker: black runs read 2b narrower, white runs 2b wider (a dilation). Fitting the square's outer
// edges alone confounds b with the marker's size (every marker reads small: a survey's scale, taken
// from the printed size, comes out 0.1–0.3 % large). But the pattern's known cells give edges of both
// polarities in every direction: the border's outer edges (dark inside), its inner edges next to white
// cells and the data cells' edges (dark on either side). One least-squares fit over all of them — the
// marker's homography (its four corners) plus one shift b along each edge's dark→light normal —
// separates the two: b moves opposite edges of a black run toward each other, the homography moves
// them together. Chosen over X-junction saddle points (which no symmetric blur or monotonic curve
// moves, but a 4×4 marker may have none, and their sub-pixel location is noisier than a fit of
// ~100 edge points) and over a blurred-step model with a tone-curve estimate (which needs the
// curve: a phone's is unknown and changes with the scene). Measured in src/tracking/MEASURED.md.
// Markers whose cells are under `minModulePx` are not fitted (neighbouring edges blur together):
// they take the frame's b, measured on the bigger markers (detectMarkers.ts).
// Hot path: called per detected marker; scratch buffers are module-level (not reentrant) and the
// only allocation is the returned corners.
import type { GrayFrame, MarkerCorners } from '../types.ts'
import { unitSquareToQuad } from '../math/homography.ts'
import { solveLinear } from '../math/linearAlgebra.ts'
import { DEFAULT_EDGE_REFINE_PARAMS, sample } from './refineCorners.ts'

export type GridFitParams = {
  /** Markers with cells (shortest side / cells) under this many px are not fitted. */
  minModulePx: number
  /** Gauss–Newton passes (each measures the edges again where the last put them). */
  iterations: number
  /**
   * Profile half-width: this fraction of a cell, at most `maxWindowPx`. The shift b measured here
   * moves the outer edge lines (refineCorners.ts), so both take the same window (detectMarkers.ts
   * passes the lines'): a tone-curved blurred edge's gradient is lopsided and its centroid depends on
   * the window. Only rises count, so a window up to a cell wide meets no other rising edge.
   */
  windowModules: number
  maxWindowPx: number
  stepAcrossPx: number
  /** Minimum dark→light rise of a profile, grey levels (occluded or washed-out samples are skipped). */
  minContrast: number
  /** A fitted corner may move at most this many cells from where the edge lines put it; else no fit. */
  maxShiftModules: number
  /** How a sheared edge is read (EdgeRefineParams.gridProfile). */
  profile: 'pattern' | 'pattern-square' | 'edge' | 'edge-in-cell'
  /** 'edge-in-cell': how far short of its side's nearer end, cells, a square profile's window must stay. */
  inCellMarginCells: number
}

export const DEFAULT_GRID_FIT_PARAMS: GridFitParams = {
  minModulePx: 4,
  iterations: 3,
  windowModules: 0.9,
  maxWindowPx: 3,
  stepAcrossPx: 0.25,
  minContrast: 12,
  maxShiftModules: 0.5,
  profile: DEFAULT_EDGE_REFINE_PARAMS.gridProfile,
  inCellMarginCells: 0.1,
}

/** What the last fitMarkerGrid measured (module-level, overwritten by every call). */
export const lastGridFit = { edgeShiftPx: 0, edgePoints: 0, rmsPx: 0 }

const MAX_POINTS = 2048
const _gu = new Float64Array(MAX_POINTS) // unit-square coordinates of each edge point
const _gv = new Float64Array(MAX_POINTS)
const _nu = new Float64Array(MAX_POINTS) // its dark→light normal in the unit square
const _nv = new Float64Array(MAX_POINTS)
const _ga = new Float64Array(MAX_POINTS) // cells from the point to its side's nearer end
const _quad = new Float64Array(8)
const _trial = new Float64Array(8)
const _h = new Float64Array(8)
const _ht = new Float64Array(8)
const _jac = new Float64Array(9)
const _ata = new Float64Array(81)
const _atb = new Float64Array(9)
const _delta = new Float64Array(MAX_POINTS)
const _rows = new Float64Array(MAX_POINTS * 9)
const _ok = new Uint8Array(MAX_POINTS)
const _p: [number, number] = [0, 0]
const _q: [number, number] = [0, 0]

function mapUnit(h: Float64Array, u: number, v: number, out: [number, number]): void {
  const w = h[6]! * u + h[7]! * v + 1
  out[0] = (h[0]! * u + h[1]! * v + h[2]!) / w
  out[1] = (h[3]! * u + h[4]! * v + h[5]!) / w
}

/**
 * Where on a cell side its points lie (0–1): its middle 40 %, clear of the cell's corners, where a
 * crossing edge's blur would bend the profile (asymmetrically: the pattern is not symmetric, so the
 * bends add up to a turn of the marker).
 */
const along = (i: number, n: number) => 0.3 + (0.4 * i) / Math.max(1, n - 1)

/**
 * The edge points of a pattern (row-major cells incl. the border, 1 = white; outside it the white
 * quiet zone): on every cell side between a dark and a light cell, points away from the cell's ends,
 * each with its dark→light normal. Returns how many.
 */
function collectEdgePoints(pattern: Uint8Array, cells: number, perSide: number): number {
  let n = 0
  const at = (r: number, c: number) => (r < 0 || c < 0 || r >= cells || c >= cells ? 1 : pattern[r * cells + c]!)
  const push = (u: number, v: number, nu: number, nv: number, a: number) => {
    if (n >= MAX_POINTS) return
    _gu[n] = u / cells; _gv[n] = v / cells; _nu[n] = nu; _nv[n] = nv; _ga[n] = Math.min(a, 1 - a); n++
  }
  for (let k = 0; k <= cells; k++) {
    for (let r = 0; r < cells; r++) {
      // Vertical boundary u = k between columns k−1 and k, in row r.
      const left = at(r, k - 1), right = at(r, k)
      if (left !== right) for (let i = 0; i < perSide; i++) push(k, r + along(i, perSide), left ? -1 : 1, 0, along(i, perSide))
      // Horizontal boundary v = k between rows k−1 and k, in column r.
      const up = at(k - 1, r), down = at(k, r)
      if (up !== down) for (let i = 0; i < perSide; i++) push(r + along(i, perSide), k, 0, up ? -1 : 1, along(i, perSide))
    }
  }
  return n
}

/**
 * Refine a marker's corners by fitting its whole pattern (file header). `corners` from the edge-line
 * fit; `pattern` the id's cells with the border (cellsPerSide²). Null when the marker is too small,
 * hidden, or the fit moves too far (the caller keeps the corners it had).
 */
export function fitMarkerGrid(gray: GrayFrame, corners: MarkerCorners, pattern: Uint8Array, cellsPerSide: number, p: GridFitParams = DEFAULT_GRID_FIT_PARAMS): MarkerCorners | null {
  lastGridFit.edgeShiftPx = 0
  lastGridFit.edgePoints = 0
  lastGridFit.rmsPx = 0
  let shortest = Infinity
  for (let s = 0; s < 4; s++) shortest = Math.min(shortest, Math.hypot(corners[(s + 1) % 4]![0] - corners[s]![0], corners[(s + 1) % 4]![1] - corners[s]![1]))
  const module = shortest / cellsPerSide
  if (module < p.minModulePx) return null
  const half = Math.min(p.maxWindowPx, p.windowModules * module)
  // Points per cell side: more on big cells (each point is an independent profile), 3 at least.
  const perSide = Math.max(3, Math.min(8, Math.round(module / 2)))
  const n = collectEdgePoints(pattern, cellsPerSide, perSide)
  for (let i = 0; i < 4; i++) { _quad[2 * i] = corners[i]![0]; _quad[2 * i + 1] = corners[i]![1] }
  let b = 0
  let used = 0
  let rms = 0
  for (let pass = 0; pass < p.iterations; pass++) {
    if (!unitSquareToQuad(_quad, _h)) return null
    // Measure every edge point's offset along its image normal (dark→light).
    used = 0
    for (let i = 0; i < n; i++) {
      _ok[i] = 0
      const u = _gu[i]!, v = _gv[i]!
      mapUnit(_h, u, v, _p)
      const px = _p[0], py = _p[1]
      // 'pattern': along the image of the pattern's normal, so on a sheared marker the profile stays
      // within its cell's column. That direction crosses a sheared edge obliquely, at φ from the edge's
      // own normal, where a shift b square to the edge reads b / cos φ (corners of 50°: φ = 40°,
      // 1.31 b), and 'pattern' takes that reading for b. 'pattern-square' spans the window and carries
      // the shift's column square to the edge; 'edge' profiles square to the edge's image (crossing a
      // slanted neighbour's boundary near the cell's ends).
      mapUnit(_h, u + 1e-3 * _nu[i]!, v + 1e-3 * _nv[i]!, _q)
      let nx = _q[0] - px, ny = _q[1] - py
      const len = Math.hypot(nx, ny)
      if (!(len > 0)) continue
      nx /= len; ny /= len
      let stretch = 1
      if (p.profile !== 'pattern') {
        mapUnit(_h, u + 1e-3 * _nv[i]!, v - 1e-3 * _nu[i]!, _q)
        const tx = _q[0] - px, ty = _q[1] - py, tl = Math.hypot(tx, ty)
        const cosPhi = Math.abs(nx * -ty + ny * tx) / tl
        if (!(cosPhi > 0.2)) continue
        // 'edge-in-cell': square to the edge where that window stays in the cell's row (its drift
        // along the edge, half·tan φ, short of the side's nearer end by inCellMarginCells), else as
        // 'pattern-square'.
        const cellAlongPx = (tl * 1e3) / cellsPerSide
        const square = p.profile === 'edge' || (p.profile === 'edge-in-cell' && (half * Math.sqrt(1 - cosPhi * cosPhi)) / cosPhi <= (_ga[i]! - p.inCellMarginCells) * cellAlongPx)
        if (square) {
          const ex = -ty / tl, ey = tx / tl, flip = ex * nx + ey * ny < 0 ? -1 : 1
          nx = flip * ex; ny = flip * ey
        } else stretch = 1 / cosPhi
      }
      const reach = half * stretch, step = p.stepAcrossPx * stretch
      let prev = sample(gray, px - nx * reach, py - ny * reach)
      let sumW = 0, sumWS = 0, rise = 0
      for (let s = -reach + step; s <= reach + 1e-9; s += step) {
        const g = sample(gray, px + nx * s, py + ny * s)
        const d = g - prev
        if (d > 0) { sumW += d; sumWS += d * (s - step / 2) }
        rise += d
        prev = g
      }
      if (!(rise >= p.minContrast) || !(sumW > 0)) continue
      _delta[i] = sumWS / sumW
      // Jacobian of the point's normal offset w.r.t. the 8 corner coordinates (numerical), and b.
      for (let k = 0; k < 8; k++) {
        _trial.set(_quad)
        _trial[k] = _trial[k]! + 0.01
        if (!unitSquareToQuad(_trial, _ht)) return null
        mapUnit(_ht, u, v, _q)
        _rows[i * 9 + k] = ((_q[0] - px) * nx + (_q[1] - py) * ny) / 0.01
      }
      _rows[i * 9 + 8] = stretch
      _ok[i] = 1
      used++
    }
    if (used < 24) return null
    // Robust least squares: Huber weights on the residual of the current solution.
    _ata.fill(0); _atb.fill(0)
    let ss = 0
    for (let i = 0; i < n; i++) if (_ok[i]) ss += (_delta[i]! - b) ** 2
    const scale = Math.max(0.05, Math.sqrt(ss / used))
    for (let i = 0; i < n; i++) {
      if (!_ok[i]) continue
      const r = Math.abs(_delta[i]! - b)
      const w = r <= 1.5 * scale ? 1 : (1.5 * scale) / r
      const o = i * 9
      for (let a = 0; a < 9; a++) {
        const ra = _rows[o + a]! * w
        _atb[a] = _atb[a]! + ra * _delta[i]!
        for (let c = 0; c < 9; c++) _ata[a * 9 + c] = _ata[a * 9 + c]! + ra * _rows[o + c]!
      }
    }
    const x = solveLinear(_ata, _atb, 9)
    if (!x) return null
    for (let k = 0; k < 8; k++) _quad[k] = _quad[k]! + x[k]!
    b = x[8]!
    let res = 0
    for (let i = 0; i < n; i++) {
      if (!_ok[i]) continue
      let pred = b
      for (let k = 0; k < 8; k++) pred += _rows[i * 9 + k]! * x[k]!
      res += (_delta[i]! - pred) ** 2
    }
    rms = Math.sqrt(res / used)
  }
  const out: [number, number][] = []
  for (let i = 0; i < 4; i++) {
    const x = _quad[2 * i]!, y = _quad[2 * i + 1]!
    if (Math.hypot(x - corners[i]![0], y - corners[i]![1]) > p.maxShiftModules * module) return null
    out.push([x, y])
  }
  lastGridFit.edgeShiftPx = b
  lastGridFit.edgePoints = used
  lastGridFit.rmsPx = rms
  return out as MarkerCorners
}
