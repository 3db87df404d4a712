// One base's pose from its rims in one frame: the projected outline of a base of known shape, size and
// (roughly) height, fitted to the image's edges (Gauss–Newton, robust weights).
//
// What the camera sees of a base standing on a known plane is the outline of a prism: where a point of
// the outline faces the camera (its outward normal points towards the camera's foot) the side band is
// in view and the BOTTOM edge (z0) bounds the base in the picture; where it faces away, the TOP edge
// (z0 + height) does. Each such rim point is projected through the table lock (tableProjector.ts) and
// its edge read across the rim (measureEdge.ts); the offsets between predicted and read edges are
// the residuals. Parameters: the centre (x, y, mm), the facing (ovals and rectangles), the height
// (a prior: the given height ± heightSigmaMm; the far top edge measures it) and a uniform offset of
// the whole outline (prior 0 ± offsetSigmaMm: a base a little off its nominal size, a bevel, the
// tone curve's pull of a blurred edge towards the dark side — all of them move every edge outwards or
// inwards alike). A figure standing on the base hides part of the far rim, a hand or a neighbour more:
// rim points with no edge drop out, and edges that disagree with the others lose their weight.
//
// σ: the covariance of the fit (the inverse of the normal matrix with the priors, the edge noise
// estimated from the residuals, inflated where neighbouring samples are closer than the noise's
// correlation length), so a base seen along a short arc of its rim, or on a soft picture, gets a larger σ.
// Hot path (every base, every frame): scratch arrays below are sized once; not reentrant.
import type { BaseShape } from '../../engine/index.ts'
import type { RgbaFrame } from '../types.ts'
import { type Outline, facingSymmetryDeg, halfSizes, perimeterMm, sampleOutline } from './baseOutline.ts'
import { type EdgeReading, addRimStep, outsideSpread, readEdgeOnAxis, sampleColour } from './measureEdge.ts'
import { type TableProjector, projectTablePoint } from './tableProjector.ts'

export type BaseFitParams = {
  /** Rim samples are spread about this far apart in the image, px. */
  spacingPx: number
  minSamples: number
  maxSamples: number
  /** The first, coarse stage: a grid over the centre (and facing) scored by the rim's coherent colour step; its steps, mm. */
  coarseStepsMm: readonly number[]
  /** … and the facings it tries either side of the start, degrees (step, reach). */
  coarseFacingDeg: { step: number; reach: number }
  /** Half-length of the edge search per Gauss–Newton iteration, px (the last one repeats). */
  searchPx: readonly number[]
  /** An edge rises at least this share of the rim's mean step (and at least `minStrength`, levels per px). */
  minStepShare: number
  minStrength: number
  /** A Gauss–Newton step moves the centre at most this far, mm. */
  maxStepMm: number
  /** Prior on the base's height about the given one, mm (1σ). */
  heightSigmaMm: number
  /** Prior on a uniform outward offset of the outline, mm (1σ). */
  offsetSigmaMm: number
  /** Edge noise floor, px (1σ along the normal). */
  edgeSigmaFloorPx: number
  /** Edge errors of samples closer than this share their cause (blur, JPEG blocks), px. */
  edgeCorrelationPx: number
  /** Rim points whose normal is within this cosine of grazing the line of sight are read at mid-height (the side's vertical edge). */
  grazingCos: number
  /** An edge within this of the fitted rim counts for `rimTight`, px. */
  tightPx: number
  /** A rim point counts as seen when the colour steps at least this much across its edge (levels, read `seenStepHalfPx` either side: a soft edge's whole ramp) … */
  seenMinStep: number
  seenStepHalfPx: number
  /** … in the direction its stretch of rim steps (cosine). */
  seenAxisCos: number
  /** The table round a base is read on a ring this far beyond its outline, mm … */
  matRingMm: number
  /** … and the colour just outside its bottom edge (this far out, px) is the table's when within `matTolerance` levels of the ring's median, or 2.5 of its spreads. */
  matOutsidePx: number
  matTolerance: number
  /**
   * What is on the base, against the table's colour (the ring's median, within the same tolerance): its
   * top read on a ring at this share of the outline, and a column over its middle (a ring at
   * `riseRingShare` of the half-sizes, `riseHeightsMm` above the top) where a figure stands.
   */
  topRingShare: number
  riseRingShare: number
  riseHeightsMm: readonly number[]
  /**
   * An edge bounding the base on the camera's side is read again this far inside (mm): a base's side
   * band is there (3–5 mm tall, 2.3–5 mm wide in the picture seen at 45–60°), a printed line's far side
   * (a grid's 1–1.5 mm line) is the mat again. Seen steeper than ~60°, a base flocked like the mat shows
   * its top there and loses those rim points.
   */
  lineInsideMm: number
}

export const DEFAULT_BASE_FIT_PARAMS: BaseFitParams = {
  spacingPx: 2.5,
  minSamples: 40,
  maxSamples: 160,
  coarseStepsMm: [1, 0.5, 0.25],
  coarseFacingDeg: { step: 5, reach: 15 },
  searchPx: [3, 2.5, 2, 2, 2, 2],
  minStepShare: 0.3,
  minStrength: 3,
  maxStepMm: 1.5,
  heightSigmaMm: 1,
  offsetSigmaMm: 0.5,
  edgeSigmaFloorPx: 0.15,
  edgeCorrelationPx: 2,
  grazingCos: 0.12,
  tightPx: 0.8,
  seenMinStep: 12,
  seenStepHalfPx: 1.5,
  seenAxisCos: 0.8,
  matRingMm: 8,
  matOutsidePx: 2.5,
  matTolerance: 24,
  topRingShare: 0.55,
  riseRingShare: 0.25,
  riseHeightsMm: [2, 6, 10, 14],
  lineInsideMm: 2,
}

export type BaseFitStart = {
  shape: BaseShape
  x: number
  y: number
  facingDeg: number
  /** Expected height of the base, mm (the prior's centre). */
  heightMm: number
  /** The surface it stands on, mm above the table. */
  z0: number
  /** How far from the start the centre may be, mm (the coarse grid's reach). */
  reachMm: number
  /** Fit the facing too (bases that show one: ovals, rectangles). */
  fitFacing: boolean
  /** How far from the start's the facing may be, degrees (default: the params' coarse reach). */
  facingReachDeg?: number
  /**
   * Which edge bounds the base on the side facing the camera: 'bottom' (default: its side band shows
   * against the mat), or 'top' (a band of the mat's own colour, a black base on a black mat: the top
   * edge bounds it all round, and its height is then known only from the prior).
   */
  nearEdge?: 'bottom' | 'top'
  /**
   * The table's own colours (MatPalette: 8×8×8 RGB bins, 1 = the mat's): what lies just outside the
   * bottom edge is judged against it. Without one, against a ring round the base.
   */
  palette?: Uint8Array | null
  /**
   * Where the table is, mm: what the picture shows over a base is read only where it is the table
   * behind it (above a base at the table's far edge the picture shows the room beyond, which is no figure).
   */
  table?: TableBounds
}

/** A table's rectangle, mm. */
export type TableBounds = { x0: number; y0: number; x1: number; y1: number }

export type BaseFit = {
  x: number
  y: number
  /** Facing, degrees CCW from +x (for a base that shows none: the start's). */
  facingDeg: number
  heightMm: number
  /** 1σ of the height, mm (with its prior). */
  heightSigmaMm: number
  /** Uniform outward offset of the outline, mm. */
  offsetMm: number
  /** Position covariance, mm²: xx, xy, yy. */
  cov: [number, number, number]
  /** 1σ facing, degrees (NaN for a base that shows none). */
  facingSigmaDeg: number
  /** Rim points that bound the base in the picture (the whole rim, in frame or not). */
  rimPoints: number
  /** … of them inside the frame. */
  rimInFrame: number
  /** … of them with an edge where the fit puts it (within 3σ). */
  rimSeen: number
  /** … of them with an edge within `tightPx` of where the fit puts it (compares shapes fitted to one place). */
  rimTight: number
  /** Edge noise along the normal, px (1σ, from the residuals). */
  edgeSigmaPx: number
  /** The rim's coherent colour step (outside − inside) per rim point in the frame, levels: bottom edge, top edge. */
  stepBottom: number
  stepTop: number
  /** Share of the bottom edge's points in the frame with the table's colour just outside (a base stands on the table; a figure's body above another base does not). */
  matShare: number
  /**
   * Share of the top's ring with the table's colour, and share of the column over the middle without
   * it (something stands there): a print on the mat (a hex cell, a flagstone) reads 1 and 0; a base
   * with a figure reads low and high, even one flocked like the mat. NaN when the table's colour
   * could not be read round the base.
   */
  topMatShare: number
  riseShare: number
  /** Image size of a mm at the base, px. */
  pxPerMm: number
  iterations: number
}

const MAXN = 200
const _cls = new Uint8Array(MAXN)
/** Per rim point, where it is read: 0 bottom edge, 1 mid-height (a side seen edge-on), 2 top edge. */
const _level = new Uint8Array(MAXN)
const _px = new Float64Array(MAXN), _py = new Float64Array(MAXN), _nx = new Float64Array(MAXN), _ny = new Float64Array(MAXN)
const _ok = new Uint8Array(MAXN)
const _res = new Float64Array(MAXN)
const _jac = new Float64Array(MAXN * 5)
const _w = new Float64Array(MAXN)
const _abs = new Float64Array(MAXN)
const _p = new Float64Array(2), _q = new Float64Array(2), _pp = new Float64Array(2)
const _a = new Float64Array(25), _b = new Float64Array(5), _sol = new Float64Array(5), _inv = new Float64Array(25)
const _edge: EdgeReading = { offsetPx: 0, strength: 0, ok: false }
const outlines = new Map<string, Outline>()

function outlineFor(shape: BaseShape, count: number): Outline {
  const key = `${shape.shape}:${shape.shape === 'round' ? shape.diameter : `${shape.length}x${shape.width}`}:${count}`
  let o = outlines.get(key)
  if (!o) {
    if (outlines.size > 256) outlines.clear()
    o = sampleOutline(shape, count)
    outlines.set(key, o)
  }
  return o
}

/** Image px per table mm at (x, y, z), the mean of the two axes. */
export function pxPerMmAt(proj: TableProjector, x: number, y: number, z: number): number {
  projectTablePoint(proj, x, y, z, _p)
  projectTablePoint(proj, x + 1, y, z, _q)
  const a = Math.hypot(_q[0]! - _p[0]!, _q[1]! - _p[1]!)
  projectTablePoint(proj, x, y + 1, z, _q)
  return (a + Math.hypot(_q[0]! - _p[0]!, _q[1]! - _p[1]!)) / 2
}

const DEG = Math.PI / 180
// Parameters: 0 x, 1 y, 2 facing (rad), 3 height, 4 offset.
const EPS = [0.05, 0.05, 0.002, 0.05, 0.05]
const FREE_WITH_FACING: readonly number[] = [0, 1, 2, 3, 4]
const FREE_NO_FACING: readonly number[] = [0, 1, 3, 4]

/**
 * Where rim point k lands for the parameters `q` (its bottom or top edge), into `target` (px).
 * Returns false behind the camera.
 */
function rimPoint(proj: TableProjector, o: Outline, k: number, q: Float64Array, z0: number, level: number, target: Float64Array): boolean {
  const c = Math.cos(q[2]!), s = Math.sin(q[2]!)
  const nx = o.normals[2 * k]!, ny = o.normals[2 * k + 1]!
  const lx = o.points[2 * k]! + q[4]! * nx, ly = o.points[2 * k + 1]! + q[4]! * ny
  return projectTablePoint(proj, q[0]! + c * lx - s * ly, q[1]! + s * lx + c * ly, z0 + (level * q[3]!) / 2, target)
}

/**
 * The rim as the camera sees it for the parameters `q`: per outline point its class (0 not read:
 * behind the camera or out of the frame; 1 bottom edge or a side's vertical edge; 2 top edge), image point and image
 * normal, into the scratch arrays. Returns [rim points, of them in the frame].
 */
function placeRim(frame: RgbaFrame, proj: TableProjector, o: Outline, q: Float64Array, z0: number, grazingCos: number, counts: Int32Array): void {
  const c = Math.cos(q[2]!), s = Math.sin(q[2]!)
  const cam = proj.camera
  let rim = 0, inFrame = 0
  for (let k = 0; k < o.count; k++) {
    _cls[k] = 0
    const nxl = o.normals[2 * k]!, nyl = o.normals[2 * k + 1]!
    const nx = c * nxl - s * nyl, ny = s * nxl + c * nyl
    const lx = o.points[2 * k]! + q[4]! * nxl, ly = o.points[2 * k + 1]! + q[4]! * nyl
    const wx = q[0]! + c * lx - s * ly, wy = q[1]! + s * lx + c * ly
    const vx = cam[0] - wx, vy = cam[1] - wy, vn = Math.hypot(vx, vy) || 1
    const facing = (nx * vx + ny * vy) / vn
    rim++
    // Where the outline turns from facing the camera to facing away, the base is bounded by its side's
    // vertical edge: read it at mid-height (a square side-on to the camera shows only that there).
    const level = _nearTop ? 2 : Math.abs(facing) < grazingCos ? 1 : facing < 0 ? 2 : 0
    _level[k] = level
    const z = z0 + (level * q[3]!) / 2
    if (!projectTablePoint(proj, wx, wy, z, _p) || !projectTablePoint(proj, wx + 0.5 * nx, wy + 0.5 * ny, z, _pp)) continue
    let inx = _pp[0]! - _p[0]!, iny = _pp[1]! - _p[1]!
    const il = Math.hypot(inx, iny)
    if (!(il > 1e-9)) continue
    inx /= il; iny /= il
    if (_p[0]! < 4 || _p[1]! < 4 || _p[0]! > frame.width - 5 || _p[1]! > frame.height - 5) continue
    inFrame++
    _cls[k] = level === 2 && !_nearTop ? 2 : 1
    _px[k] = _p[0]!; _py[k] = _p[1]!; _nx[k] = inx; _ny[k] = iny
  }
  counts[0] = rim
  counts[1] = inFrame
}

const _counts = new Int32Array(2)
/** The fit in progress reads the top edge on the near side too (BaseFitStart.nearEdge). */
let _nearTop = false
const _step = new Float64Array(3)

/** The rim is read in this many stretches: a side band's shade turns with its normal, so its colour step is coherent only along a stretch. */
const SEGMENTS = 16
const _acc = new Float64Array(SEGMENTS * 2 * 3)
const _accN = new Int32Array(SEGMENTS * 2)
const _axisMin = new Float64Array(SEGMENTS * 2)
const segmentOf = (k: number, count: number) => Math.floor((k * SEGMENTS) / count)

/**
 * The rim's score for `q`, levels per rim point: over each stretch of the rim and each edge (bottom,
 * top), the coherent colour step (|Σ step|, outside − inside), less, on the bottom edge, how much the
 * colour just outside differs from the mat further out (outsideSpread). The sums stay in _acc (per
 * stretch and edge) for the edge axes.
 */
function rimScore(frame: RgbaFrame, proj: TableProjector, o: Outline, q: Float64Array, z0: number, grazingCos: number): number {
  placeRim(frame, proj, o, q, z0, grazingCos, _counts)
  return scorePlacedRim(frame, o.count, 0, 0)
}

/** rimScore of the rim last placed (placeRim), shifted by (sx, sy) px in the image. */
function scorePlacedRim(frame: RgbaFrame, count: number, sx: number, sy: number): number {
  _acc.fill(0)
  _accN.fill(0)
  let spread = 0
  for (let k = 0; k < count; k++) {
    const cls = _cls[k]!
    if (!cls) continue
    const slot = segmentOf(k, count) * 2 + cls - 1
    const x = _px[k]! + sx, y = _py[k]! + sy
    if (!addRimStep(frame, x, y, _nx[k]!, _ny[k]!, _acc, slot * 3)) continue
    _accN[slot] = _accN[slot]! + 1
    if (cls !== 1) continue
    const d = outsideSpread(frame, x, y, _nx[k]!, _ny[k]!)
    if (d === d) spread += d
  }
  let coherent = 0
  for (let i = 0; i < SEGMENTS * 2; i++) coherent += Math.hypot(_acc[3 * i]!, _acc[3 * i + 1]!, _acc[3 * i + 2]!)
  return (coherent - spread) / Math.max(1, _counts[0]!)
}

const _q0 = new Float64Array(5), _qd = new Float64Array(5), _qb = new Float64Array(5)

/**
 * The coarse stage: a grid over the centre (± reachMm) and, for a base that shows a facing, the
 * facing, scored by rimScore; then finer grids about the best. Leaves the best in `q`. A few mm move
 * the whole rim alike in the image, so per facing the rim is placed once and shifted by the local
 * image Jacobian of the table (J · Δ) for each centre of the grid.
 */
function coarseAlign(frame: RgbaFrame, proj: TableProjector, o: Outline, q: Float64Array, start: BaseFitStart, showsFacing: boolean, p: BaseFitParams): number {
  let best = -Infinity
  _qb.set(q)
  let reach = start.reachMm
  for (let level = 0; level < p.coarseStepsMm.length; level++) {
    const step = p.coarseStepsMm[level]!
    const cx = _qb[0]!, cy = _qb[1]!, cf = _qb[2]!
    const n = Math.max(1, Math.round(reach / step))
    const fStep = p.coarseFacingDeg.step * DEG / (level + 1), fn = showsFacing ? Math.round((level === 0 ? start.facingReachDeg ?? p.coarseFacingDeg.reach : p.coarseFacingDeg.step) * DEG / fStep) : 0
    // The image Jacobian of the table at the grid's centre (mid-height of the base).
    const zm = start.z0 + q[3]! / 2
    projectTablePoint(proj, cx, cy, zm, _p)
    projectTablePoint(proj, cx + 1, cy, zm, _q)
    const jxx = _q[0]! - _p[0]!, jyx = _q[1]! - _p[1]!
    projectTablePoint(proj, cx, cy + 1, zm, _q)
    const jxy = _q[0]! - _p[0]!, jyy = _q[1]! - _p[1]!
    for (let fi = -fn; fi <= fn; fi++) {
      q[0] = cx; q[1] = cy; q[2] = cf + fi * fStep
      placeRim(frame, proj, o, q, start.z0, p.grazingCos, _counts)
      for (let i = -n; i <= n; i++) for (let j = -n; j <= n; j++) {
        if (i * i + j * j > n * n + n) continue
        const dx = i * step, dy = j * step
        // A mild prior for the start (the model was there, or the vote put it there): a figure's edges
        // a few mm off can outscore a plain base's own rim.
        const far = (cx + dx - start.x) ** 2 + (cy + dy - start.y) ** 2
        const score = scorePlacedRim(frame, o.count, jxx * dx + jxy * dy, jyx * dx + jyy * dy) * Math.exp(-far / (2 * start.reachMm * start.reachMm))
        if (score > best) { best = score; _qb[0] = cx + dx; _qb[1] = cy + dy; _qb[2] = q[2]! }
      }
    }
    reach = step
  }
  q.set(_qb)
  return best
}

/**
 * A quick look before a fit: the best rimScore over a small grid about the start (± reachMm, 1 mm
 * steps, the start's facing) for a base of height `heightMm`. Comparing a base's height with 0 tells a
 * base (its top edge stands above its bottom) from a print on the mat (none does).
 */
export function quickRimScore(frame: RgbaFrame, proj: TableProjector, start: BaseFitStart, heightMm: number, reachMm: number): number {
  _nearTop = start.nearEdge === 'top'
  const o = outlineFor(start.shape, 32)
  const q = _q0
  q[0] = start.x; q[1] = start.y; q[2] = start.facingDeg * DEG; q[3] = heightMm; q[4] = 0
  const zm = start.z0 + heightMm / 2
  projectTablePoint(proj, start.x, start.y, zm, _p)
  projectTablePoint(proj, start.x + 1, start.y, zm, _q)
  const jxx = _q[0]! - _p[0]!, jyx = _q[1]! - _p[1]!
  projectTablePoint(proj, start.x, start.y + 1, zm, _q)
  const jxy = _q[0]! - _p[0]!, jyy = _q[1]! - _p[1]!
  placeRim(frame, proj, o, q, start.z0, DEFAULT_BASE_FIT_PARAMS.grazingCos, _counts)
  const n = Math.round(reachMm)
  let best = -Infinity
  for (let i = -n; i <= n; i++) for (let j = -n; j <= n; j++) best = Math.max(best, scorePlacedRim(frame, o.count, jxx * i + jxy * j, jyx * i + jyy * j))
  return best
}

/**
 * Fit a base's pose to the frame, starting from `start` (mm and degrees on the table): the coarse
 * grid (rimScore), then Gauss–Newton on the edges read along the rim's own colour step.
 */
export function fitBase(frame: RgbaFrame, proj: TableProjector, start: BaseFitStart, p: BaseFitParams = DEFAULT_BASE_FIT_PARAMS): BaseFit {
  const shape = start.shape
  _nearTop = start.nearEdge === 'top'
  const showsFacing = start.fitFacing && facingSymmetryDeg(shape) !== 0
  const scale = pxPerMmAt(proj, start.x, start.y, start.z0)
  const count = Math.max(p.minSamples, Math.min(p.maxSamples, MAXN, Math.round((perimeterMm(shape) * scale) / p.spacingPx)))
  const o = outlineFor(shape, count)
  const q = _q0
  q[0] = start.x; q[1] = start.y; q[2] = start.facingDeg * DEG; q[3] = start.heightMm; q[4] = 0
  // The coarse grid reads fewer rim points (every 3–4 px): its score only has to peak at the base.
  // A base re-fitted where it stood a frame ago (reach ≤ 2 mm) needs none: the edge search reaches it.
  if (start.reachMm > 2) coarseAlign(frame, proj, outlineFor(shape, Math.max(24, Math.min(48, count >> 1))), q, start, showsFacing, p)
  // The rim's colour steps at the coarse pose, per stretch and edge: the axes the edges are read on.
  rimScore(frame, proj, o, q, start.z0, p.grazingCos)
  let sumB = 0, sumT = 0, nb = 0, nt = 0
  for (let i = 0; i < SEGMENTS * 2; i++) {
    const l = Math.hypot(_acc[3 * i]!, _acc[3 * i + 1]!, _acc[3 * i + 2]!)
    const n = _accN[i]!
    _axisMin[i] = n > 0 ? Math.max(p.minStrength, (p.minStepShare * l) / n / 1.5) : Infinity
    if (l > 0) { _acc[3 * i] = _acc[3 * i]! / l; _acc[3 * i + 1] = _acc[3 * i + 1]! / l; _acc[3 * i + 2] = _acc[3 * i + 2]! / l }
    if (i % 2 === 0) { sumB += l; nb += n } else { sumT += l; nt += n }
  }
  const stepBottom = nb ? sumB / nb : 0, stepTop = nt ? sumT / nt : 0
  const free = showsFacing ? FREE_WITH_FACING : FREE_NO_FACING
  const nf = free.length
  const spacingPx = (o.perimeterMm * scale) / count
  const correlation = Math.max(1, p.edgeCorrelationPx / Math.max(0.5, spacingPx))
  let sigma = 1
  let iterations = 0
  let used = 0
  let lastPass = false
  for (let iter = 0; ; iter++) {
    const search = p.searchPx[Math.min(iter, p.searchPx.length - 1)]!
    placeRim(frame, proj, o, q, start.z0, p.grazingCos, _counts)
    used = 0
    for (let k = 0; k < count; k++) {
      _ok[k] = 0
      const cls = _cls[k]!
      if (!cls) continue
      const slot = segmentOf(k, count) * 2 + cls - 1
      readEdgeOnAxis(frame, _px[k]!, _py[k]!, _nx[k]!, _ny[k]!, search, _acc[3 * slot]!, _acc[3 * slot + 1]!, _acc[3 * slot + 2]!, _axisMin[slot]!, _edge)
      if (!_edge.ok) continue
      // A bottom edge has the base's side band inside it, not the mat: an edge with the mat again just
      // inside is a line printed on the mat (a hex grid's, a flagstone's gap), not this base's rim.
      if (cls === 1 && printedLine(frame, _px[k]! + _edge.offsetPx * _nx[k]!, _py[k]! + _edge.offsetPx * _ny[k]!, _nx[k]!, _ny[k]!, p.lineInsideMm * scale, p)) continue
      _ok[k] = 1
      _res[k] = _edge.offsetPx
      // d(projection · normal)/d(parameter), by finite differences.
      for (let f = 0; f < nf; f++) {
        const j = free[f]!
        _qd.set(q)
        _qd[j] = q[j]! + EPS[j]!
        rimPoint(proj, o, k, _qd, start.z0, _level[k]!, _q)
        _jac[k * 5 + j] = ((_q[0]! - _px[k]!) * _nx[k]! + (_q[1]! - _py[k]!) * _ny[k]!) / EPS[j]!
      }
      used++
    }
    // Edge noise from the residuals (MAD), floored.
    let m = 0
    for (let k = 0; k < count; k++) if (_ok[k]) _abs[m++] = Math.abs(_res[k]!)
    sigma = m >= 3 ? Math.max(p.edgeSigmaFloorPx, 1.4826 * quick(_abs, m)) : 1
    if (lastPass || used < 6) { iterations = iter; break }
    // Robust weights: Huber first, Tukey's biweight once close.
    for (let k = 0; k < count; k++) {
      if (!_ok[k]) { _w[k] = 0; continue }
      const r = Math.abs(_res[k]!)
      if (iter < 1) _w[k] = r <= 1.5 * sigma ? 1 : (1.5 * sigma) / r
      else { const u = r / (4 * sigma); _w[k] = u >= 1 ? 0 : (1 - u * u) ** 2 }
    }
    normalEquations(count, free, sigma, correlation, start.heightMm - q[3]!, -q[4]!, p)
    if (!solve(nf)) { iterations = iter; break }
    // A trust region: at most maxStepMm of the centre (and 5° of facing) per iteration.
    const move = Math.hypot(_sol[0]!, _sol[1]!)
    const shrink = move > p.maxStepMm ? p.maxStepMm / move : 1
    let step = 0
    for (let f = 0; f < nf; f++) {
      const j = free[f]!
      const d = j === 2 ? Math.max(-5 * DEG, Math.min(5 * DEG, _sol[f]! * shrink)) : _sol[f]! * shrink
      q[j] = q[j]! + d
      if (j <= 1) step += d * d
    }
    q[3] = Math.min(start.heightMm + 4 * p.heightSigmaMm, Math.max(-1, q[3]!))
    q[4] = Math.min(4 * p.offsetSigmaMm, Math.max(-4 * p.offsetSigmaMm, q[4]!))
    if (iter + 1 >= p.searchPx.length || (iter >= 2 && Math.sqrt(step) < 0.01)) lastPass = true
  }
  // The final covariance, from the last reading's inliers (Tukey weights).
  // A rim point is seen when its edge is where the fit puts it and steps clearly, the way its
  // stretch of rim steps (texture on a base's top or a figure gives edges too, but weak or any way round).
  let seen = 0, tight = 0
  for (let k = 0; k < count; k++) {
    if (!_ok[k]) { _w[k] = 0; continue }
    const u = Math.abs(_res[k]!) / (3 * sigma)
    _w[k] = u >= 1 ? 0 : (1 - u * u) ** 2
    if (u >= 1) continue
    _step[0] = 0; _step[1] = 0; _step[2] = 0
    const r = _res[k]!
    if (!addRimStep(frame, _px[k]! + r * _nx[k]!, _py[k]! + r * _ny[k]!, _nx[k]!, _ny[k]!, _step, 0, p.seenStepHalfPx)) continue
    const slot = (segmentOf(k, count) * 2 + _cls[k]! - 1) * 3
    const len = Math.hypot(_step[0]!, _step[1]!, _step[2]!)
    if (len < p.seenMinStep || _step[0]! * _acc[slot]! + _step[1]! * _acc[slot + 1]! + _step[2]! * _acc[slot + 2]! < p.seenAxisCos * len) continue
    seen++
    if (Math.abs(r) <= Math.max(p.tightPx, 2 * sigma)) tight++
  }
  const matShare = start.palette ? paletteShare(frame, count, start.palette, p) : tableShare(frame, proj, o, q, start.z0, count, p)
  readWhatStands(frame, proj, o, q, start.z0, p, o, start.table, start.palette ?? null)
  normalEquations(count, free, sigma, correlation, 0, 0, p)
  let cov: [number, number, number] = [Infinity, 0, Infinity], facingSigmaDeg = Number.NaN, heightSigmaMm = Infinity
  if (invertFree(nf)) {
    cov = [_inv[0]!, _inv[1]!, _inv[nf + 1]!]
    if (showsFacing) facingSigmaDeg = Math.sqrt(_inv[2 * nf + 2]!) / DEG
    const hi = free.indexOf(3)
    heightSigmaMm = Math.sqrt(_inv[hi * nf + hi]!)
  }
  return {
    x: q[0]!, y: q[1]!, facingDeg: wrapDeg(q[2]! / DEG), heightMm: q[3]!, heightSigmaMm, offsetMm: q[4]!, cov, facingSigmaDeg,
    rimPoints: _counts[0]!, rimInFrame: _counts[1]!, rimSeen: seen, rimTight: tight, matShare, topMatShare: _stands[0]!, riseShare: _stands[1]!, edgeSigmaPx: sigma, stepBottom, stepTop,
    pxPerMm: scale, iterations,
  }
}

const RING = 32
const _ringR = new Float64Array(RING), _ringG = new Float64Array(RING), _ringB = new Float64Array(RING), _sort = new Float64Array(RING)
const _rgb3 = new Float64Array(3)

/**
 * The table's colour round the base (tableColour): median R, G, B, the tolerance a colour is the
 * table's within, and the share of the ring that is the mat's print rather than its ground colour.
 */
const _mat = new Float64Array(5)

/**
 * The table's colour round a base: the median of a ring `matRingMm` beyond its outline on the table
 * plane (mostly mat, whatever else stands about), into _mat with its tolerance (`matTolerance`, or 2.5
 * of the ring's median spread on a mottled mat). False when too little of the ring is in the frame.
 */
function tableColour(frame: RgbaFrame, proj: TableProjector, o: Outline, q: Float64Array, z0: number, p: BaseFitParams, palette: Uint8Array | null = null): boolean {
  const c = Math.cos(q[2]!), s = Math.sin(q[2]!)
  let n = 0
  for (let i = 0; i < RING; i++) {
    const k = Math.floor((i * o.count) / RING)
    const lx = o.points[2 * k]! + (q[4]! + p.matRingMm) * o.normals[2 * k]!, ly = o.points[2 * k + 1]! + (q[4]! + p.matRingMm) * o.normals[2 * k + 1]!
    if (!projectTablePoint(proj, q[0]! + c * lx - s * ly, q[1]! + s * lx + c * ly, z0, _p)) continue
    if (!sampleColour(frame, _p[0]!, _p[1]!, _rgb3)) continue
    _ringR[n] = _rgb3[0]!; _ringG[n] = _rgb3[1]!; _ringB[n] = _rgb3[2]!
    n++
  }
  if (n < 8) return false
  const mr = quick(_ringR, n), mg = quick(_ringG, n), mb = quick(_ringB, n)
  // (with the table's palette: a ring whose median is none of its colours is not round the base on the
  // table, an arm or a terrain piece is: nothing to read against)
  if (palette && !palette[paletteBin(mr, mg, mb)]) return false
  for (let i = 0; i < n; i++) _sort[i] = Math.hypot(_ringR[i]! - mr, _ringG[i]! - mg, _ringB[i]! - mb)
  _mat[0] = mr; _mat[1] = mg; _mat[2] = mb
  _mat[3] = Math.max(p.matTolerance, 2.5 * quick(_sort, n))
  // the share of the ring that is not the table's colour: the mat's own print (a grid's lines, the
  // gaps between flagstones), which shows above a printed cell as anywhere else on the mat
  let pattern = 0
  for (let i = 0; i < n; i++) if (_sort[i]! > _mat[3]!) pattern++
  _mat[4] = pattern / n
  return true
}

const _in3 = new Float64Array(3)
/**
 * Is the edge at image (x, y), outward normal n, a line printed on the mat rather than a base's bottom
 * edge: the colour `insidePx` inside it the same as just outside it (within the plain tolerance)?
 */
export function printedLine(frame: RgbaFrame, x: number, y: number, nx: number, ny: number, insidePx: number, p: BaseFitParams): boolean {
  if (!sampleColour(frame, x + p.matOutsidePx * nx, y + p.matOutsidePx * ny, _rgb3)) return false
  if (!sampleColour(frame, x - insidePx * nx, y - insidePx * ny, _in3)) return false
  return Math.hypot(_rgb3[0]! - _in3[0]!, _rgb3[1]! - _in3[1]!, _rgb3[2]! - _in3[2]!) < p.matTolerance
}

/** Is the colour at (x, y) the table's (_mat, within its tolerance)? −1 outside the frame. */
function isTableColour(frame: RgbaFrame, x: number, y: number): number {
  if (!sampleColour(frame, x, y, _rgb3)) return -1
  return Math.hypot(_rgb3[0]! - _mat[0]!, _rgb3[1]! - _mat[1]!, _rgb3[2]! - _mat[2]!) <= _mat[3]! ? 1 : 0
}

/** readWhatStands' answer: the top's share with the table's colour, the middle column's share without it. */
const _stands = new Float64Array(2)

/**
 * What stands on the fitted base (BaseFit's topMatShare and riseShare, into _stands): the top read on a
 * ring inside its outline at its fitted height, and a column over its middle where a figure would rise,
 * each against the table's colour round it.
 */
function readWhatStands(frame: RgbaFrame, proj: TableProjector, o: Outline, q: Float64Array, z0: number, p: BaseFitParams, around: Outline = o, table?: TableBounds, palette: Uint8Array | null = null): void {
  _stands[0] = Number.NaN
  _stands[1] = Number.NaN
  if (!tableColour(frame, proj, around, q, z0, p, palette)) return
  const c = Math.cos(q[2]!), s = Math.sin(q[2]!), top = z0 + q[3]!
  let n = 0, mat = 0
  for (let i = 0; i < RING; i++) {
    const k = Math.floor((i * o.count) / RING)
    const lx = p.topRingShare * o.points[2 * k]!, ly = p.topRingShare * o.points[2 * k + 1]!
    if (!projectTablePoint(proj, q[0]! + c * lx - s * ly, q[1]! + s * lx + c * ly, top, _p)) continue
    const t = isTableColour(frame, _p[0]!, _p[1]!)
    if (t < 0) continue
    n++
    mat += t
  }
  if (n > 0) _stands[0] = mat / n
  // the middle: the half-sizes from the outline's extent along its own axes
  let hx = 0, hy = 0
  for (let k = 0; k < o.count; k++) {
    hx = Math.max(hx, Math.abs(o.points[2 * k]!))
    hy = Math.max(hy, Math.abs(o.points[2 * k + 1]!))
  }
  n = 0
  let rises = 0
  const cam = proj.camera
  for (const dz of p.riseHeightsMm) {
    for (let a = 0; a < 8; a++) {
      const lx = p.riseRingShare * hx * COS8[a]!, ly = p.riseRingShare * hy * SIN8[a]!
      const X = q[0]! + c * lx - s * ly, Y = q[1]! + s * lx + c * ly, Z = top + dz
      if (table && cam[2] > Z) {
        // where the camera's ray through this point meets the table: beyond its edge, the picture there shows no figure of ours
        const t = cam[2] / (cam[2] - Z)
        const gx = cam[0] + t * (X - cam[0]), gy = cam[1] + t * (Y - cam[1])
        if (gx < table.x0 || gx > table.x1 || gy < table.y0 || gy > table.y1) continue
      }
      if (!projectTablePoint(proj, X, Y, Z, _p)) continue
      const t = isTableColour(frame, _p[0]!, _p[1]!)
      if (t < 0) continue
      n++
      if (t === 0) rises++
    }
  }
  // net of the mat's own print (what rises above a printed cell is more of the same mat)
  const pattern = _mat[4]!
  if (n > 0) _stands[1] = pattern < 1 ? Math.max(0, (rises / n - pattern) / (1 - pattern)) : 0
}
const _bB = new Float64Array(2), _bT = new Float64Array(2), _bO = new Float64Array(2)
const _bc1 = new Float64Array(3), _bc2 = new Float64Array(3)

/** The colour step across an image edge at (x, y), normal (nx, ny): the colours `half` px either side, levels. NaN outside the frame. */
function stepAcross(frame: RgbaFrame, x: number, y: number, nx: number, ny: number, half: number): number {
  if (!sampleColour(frame, x + half * nx, y + half * ny, _bc1) || !sampleColour(frame, x - half * nx, y - half * ny, _bc2)) return Number.NaN
  return Math.hypot(_bc1[0]! - _bc2[0]!, _bc1[1]! - _bc2[1]!, _bc1[2]! - _bc2[2]!)
}

/**
 * Which edge of the side band a base's near rim is (a fitted pose and the edge its reading names
 * there): where the outline faces the camera the band lies between the top edge and the bottom edge,
 * b px apart in the picture. One band inward of a bottom edge is the top edge (an edge); one band
 * inward of a top edge is the top itself (none), and one band outward of it the bottom edge (an edge
 * where the band differs from the mat). Into `target`: [mean step one band inward of the named near
 * rim, mean step one band outward, mean step at the rim itself], levels, over the rim points that face
 * the camera. Returns how many were read.
 */
export function nearBandSteps(frame: RgbaFrame, proj: TableProjector, shape: BaseShape, x: number, y: number, facingDeg: number, z0: number, heightMm: number, offsetMm: number, nearEdge: 'bottom' | 'top', target: Float64Array): number {
  const o = outlineFor(shape, 64)
  const a = facingDeg * DEG, c = Math.cos(a), s = Math.sin(a)
  const cam = proj.camera
  let n = 0, inner = 0, outer = 0, rim = 0
  for (let k = 0; k < o.count; k++) {
    const nlx = o.normals[2 * k]!, nly = o.normals[2 * k + 1]!
    const lx = o.points[2 * k]! + offsetMm * nlx, ly = o.points[2 * k + 1]! + offsetMm * nly
    const X = x + c * lx - s * ly, Y = y + s * lx + c * ly
    const nX = c * nlx - s * nly, nY = s * nlx + c * nly
    const tx = cam[0] - X, ty = cam[1] - Y
    // (well towards the camera: the band is widest there, and a side seen edge-on has none)
    if (nX * tx + nY * ty < 0.5 * Math.hypot(tx, ty)) continue
    if (!projectTablePoint(proj, X, Y, z0, _bB) || !projectTablePoint(proj, X, Y, z0 + heightMm, _bT) || !projectTablePoint(proj, X + nX, Y + nY, z0, _bO)) continue
    let ix = _bO[0]! - _bB[0]!, iy = _bO[1]! - _bB[1]!
    const il = Math.hypot(ix, iy) || 1
    ix /= il; iy /= il
    const bx = _bT[0]! - _bB[0]!, by = _bT[1]! - _bB[1]!
    const ex = nearEdge === 'bottom' ? _bB[0]! : _bT[0]!, ey = nearEdge === 'bottom' ? _bB[1]! : _bT[1]!
    const sIn = stepAcross(frame, ex + bx, ey + by, ix, iy, 1.5), sOut = stepAcross(frame, ex - bx, ey - by, ix, iy, 1.5), sRim = stepAcross(frame, ex, ey, ix, iy, 1.5)
    if (!Number.isFinite(sIn) || !Number.isFinite(sOut) || !Number.isFinite(sRim)) continue
    n++
    inner += sIn
    outer += sOut
    rim += sRim
  }
  target[0] = n ? inner / n : Number.NaN
  target[1] = n ? outer / n : Number.NaN
  target[2] = n ? rim / n : Number.NaN
  return n
}

const _standQ = new Float64Array(5)

/**
 * What stands on a base of `shape` at (x, y), its facing not known (a vote's peak, before the search
 * spends a fit on the place), into `target`: [topMatShare, riseShare] as BaseFit gives them (NaN where
 * unread). Read on discs that hold whatever the facing: the table's colour beyond the shape's
 * circumscribed circle, its top and middle within its inscribed one.
 */
export function readWhatStandsAt(frame: RgbaFrame, proj: TableProjector, shape: BaseShape, x: number, y: number, z0: number, heightMm: number, table: TableBounds | undefined, palette: Uint8Array | null, target: Float64Array, p: BaseFitParams = DEFAULT_BASE_FIT_PARAMS): void {
  const h = halfSizes(shape)
  const inner = Math.min(h.forward, h.side)
  const outer = shape.shape === 'rect' ? Math.hypot(h.forward, h.side) : Math.max(h.forward, h.side)
  _standQ[0] = x
  _standQ[1] = y
  _standQ[2] = 0
  _standQ[3] = heightMm
  _standQ[4] = 0
  readWhatStands(frame, proj, outlineFor({ shape: 'round', diameter: 2 * inner }, 64), _standQ, z0, p, outlineFor({ shape: 'round', diameter: 2 * outer }, 64), table, palette)
  target[0] = _stands[0]!
  target[1] = _stands[1]!
}
const COS8 = Float64Array.from({ length: 8 }, (_, a) => Math.cos((a * Math.PI) / 4))
const SIN8 = Float64Array.from({ length: 8 }, (_, a) => Math.sin((a * Math.PI) / 4))

/**
 * Share of the bottom edge's points (placed last, in the scratch arrays) whose colour just outside
 * is the table's: the table's colour is the median of a ring round the base, `matRingMm` beyond its
 * outline on the table plane (mostly mat, whatever else stands about).
 */
function tableShare(frame: RgbaFrame, proj: TableProjector, o: Outline, q: Float64Array, z0: number, count: number, p: BaseFitParams): number {
  if (!tableColour(frame, proj, o, q, z0, p)) return 0
  let bottom = 0, table = 0
  for (let k = 0; k < count; k++) {
    if (_cls[k] !== 1) continue
    const t = isTableColour(frame, _px[k]! + p.matOutsidePx * _nx[k]!, _py[k]! + p.matOutsidePx * _ny[k]!)
    if (t < 0) continue
    bottom++
    table += t
  }
  return bottom ? table / bottom : 0
}

/** Share of the bottom edge's points (placed last) whose colour just outside is one of the mat's (the palette's bins). */
function paletteShare(frame: RgbaFrame, count: number, palette: Uint8Array, p: BaseFitParams): number {
  let bottom = 0, table = 0
  for (let k = 0; k < count; k++) {
    if (_cls[k] !== 1) continue
    if (!sampleColour(frame, _px[k]! + p.matOutsidePx * _nx[k]!, _py[k]! + p.matOutsidePx * _ny[k]!, _rgb3)) continue
    bottom++
    if (palette[paletteBin(_rgb3[0]!, _rgb3[1]!, _rgb3[2]!)]) table++
  }
  return bottom ? table / bottom : 0
}

/** The palette bin of an RGB colour (levels 0–255): 8 bins per channel. */
export function paletteBin(r: number, g: number, b: number): number {
  return ((Math.min(255, Math.max(0, r)) >> 5) << 6) | ((Math.min(255, Math.max(0, g)) >> 5) << 3) | (Math.min(255, Math.max(0, b)) >> 5)
}

/**
 * The table's colours from a picture of the table plane (RGBA; cells with alpha 0 are outside the
 * view): the most common 8×8×8 RGB bins that together cover `share` of the cells (bases and figures
 * cover little of a table), widened by one bin each way (shading, the mat's own mottling).
 */
export function matPalette(rgba: Uint8Array, cells: number, share = 0.85): Uint8Array {
  const counts = new Int32Array(512)
  let valid = 0
  for (let i = 0; i < cells; i++) {
    if (rgba[4 * i + 3] === 0) continue
    counts[paletteBin(rgba[4 * i]!, rgba[4 * i + 1]!, rgba[4 * i + 2]!)]!++
    valid++
  }
  const order = Array.from(counts.keys()).sort((a, b) => counts[b]! - counts[a]!)
  const core = new Uint8Array(512)
  let covered = 0
  for (const bin of order) {
    if (covered >= share * valid || counts[bin] === 0) break
    core[bin] = 1
    covered += counts[bin]!
  }
  const out = new Uint8Array(512)
  for (let bin = 0; bin < 512; bin++) {
    if (!core[bin]) continue
    const r = bin >> 6, g = (bin >> 3) & 7, b = bin & 7
    for (let dr = -1; dr <= 1; dr++) for (let dg = -1; dg <= 1; dg++) for (let db = -1; db <= 1; db++) {
      const rr = r + dr, gg = g + dg, bb = b + db
      if (rr < 0 || gg < 0 || bb < 0 || rr > 7 || gg > 7 || bb > 7) continue
      out[(rr << 6) | (gg << 3) | bb] = 1
    }
  }
  return out
}

/** Normal equations into _a, _b over the free parameters (priors on height and offset included). */
function normalEquations(count: number, free: readonly number[], sigma: number, correlation: number, heightGap: number, offsetGap: number, p: BaseFitParams): void {
  const nf = free.length
  _a.fill(0, 0, nf * nf)
  _b.fill(0, 0, nf)
  const s2 = sigma * sigma * correlation
  for (let k = 0; k < count; k++) {
    const w = _w[k]!
    if (!(w > 0)) continue
    for (let a = 0; a < nf; a++) {
      const ja = _jac[k * 5 + free[a]!]!
      _b[a] = _b[a]! + (w * ja * _res[k]!) / s2
      for (let b = a; b < nf; b++) _a[a * nf + b] = _a[a * nf + b]! + (w * ja * _jac[k * 5 + free[b]!]!) / s2
    }
  }
  for (let a = 0; a < nf; a++) for (let b = 0; b < a; b++) _a[a * nf + b] = _a[b * nf + a]!
  const hi = free.indexOf(3), oi = free.indexOf(4)
  const ph = 1 / (p.heightSigmaMm * p.heightSigmaMm), po = 1 / (p.offsetSigmaMm * p.offsetSigmaMm)
  _a[hi * nf + hi] = _a[hi * nf + hi]! + ph
  _b[hi] = _b[hi]! + ph * heightGap
  _a[oi * nf + oi] = _a[oi * nf + oi]! + po
  _b[oi] = _b[oi]! + po * offsetGap
}

/** Solve _a · _sol = _b (Gaussian elimination with partial pivoting on copies). */
function solve(n: number): boolean {
  if (!invertFree(n)) return false
  for (let i = 0; i < n; i++) {
    let s = 0
    for (let j = 0; j < n; j++) s += _inv[i * n + j]! * _b[j]!
    _sol[i] = s
  }
  return true
}

const _m = new Float64Array(50)
/** Invert _a (n×n) into _inv by Gauss–Jordan; false when singular. */
function invertFree(n: number): boolean {
  const w = 2 * n
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) { _m[i * w + j] = _a[i * n + j]!; _m[i * w + n + j] = i === j ? 1 : 0 }
  }
  for (let c = 0; c < n; c++) {
    let piv = c
    for (let r = c + 1; r < n; r++) if (Math.abs(_m[r * w + c]!) > Math.abs(_m[piv * w + c]!)) piv = r
    const pv = _m[piv * w + c]!
    if (!(Math.abs(pv) > 1e-12)) return false
    if (piv !== c) for (let j = 0; j < w; j++) { const t = _m[c * w + j]!; _m[c * w + j] = _m[piv * w + j]!; _m[piv * w + j] = t }
    for (let j = 0; j < w; j++) _m[c * w + j] = _m[c * w + j]! / pv
    for (let r = 0; r < n; r++) {
      if (r === c) continue
      const f = _m[r * w + c]!
      if (f === 0) continue
      for (let j = 0; j < w; j++) _m[r * w + j] = _m[r * w + j]! - f * _m[c * w + j]!
    }
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) _inv[i * n + j] = _m[i * w + n + j]!
  return true
}

/** Median of the first n values (insertion sort in place). */
function quick(v: Float64Array, n: number): number {
  for (let i = 1; i < n; i++) {
    const x = v[i]!
    let j = i - 1
    while (j >= 0 && v[j]! > x) { v[j + 1] = v[j]!; j-- }
    v[j + 1] = x
  }
  return n % 2 ? v[(n - 1) >> 1]! : (v[n / 2 - 1]! + v[n / 2]!) / 2
}

function wrapDeg(d: number): number {
  let a = d % 360
  if (a <= -180) a += 360
  if (a > 180) a -= 360
  return a
}

export { halfSizes }
