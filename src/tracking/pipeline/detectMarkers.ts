// Stage: markers in a grey frame — OpenCV's ArucoDetector finds and decodes them (whole frame or
// regions), then `refineCornersFromEdges` makes the corners sub-pixel. A marker whose edges cannot
// be measured (half hidden) keeps OpenCV's corners. Quads OpenCV found but could not decode get a
// second reading on their refined corners (decodeCandidates.ts).
// Tone bias: markers with modules of toneBiasMinModulePx or more are fitted whole, every edge of their
// pattern with one edge shift (fitMarkerGrid.ts; with `gridFit` off, the border's inner edge measures
// it: refineCorners.ts); smaller ones take the median of those shifts (the tone curve belongs to the
// camera, not the marker; measured on sRGB frames, the uncorrected bias is the same −0.39 px at every
// marker size). With `gridSize` the outer lines take the fit's size, and the median is of those moves.
import type { MarkerDetector } from '../opencv/markerDetector.ts'
import { edgeNoiseOfLast, lastRefine, measureEdges, moduleOfQuadPx, refineAfterCoarsePass, refineCornersFromEdges, type EdgeRefineParams } from './refineCorners.ts'
import type { DetectionResult, GrayFrame, MarkerCorners, MarkerDetection, RectPx } from '../types.ts'
import { findConflicts, quadSidePx } from '../opencv/markerDetector.ts'
import { DEFAULT_CANDIDATE_DECODE_PARAMS, decodeCandidates, type CandidateDecodeParams } from './decodeCandidates.ts'
import { DEFAULT_GRID_FIT_PARAMS, fitMarkerGrid, lastGridFit } from './fitMarkerGrid.ts'
import { intersectPackedLines } from '../math/linearAlgebra.ts'

/** A bigger marker's bias counts toward the frame's only when measured at this many inner-edge points. */
const MIN_TONE_SAMPLES = 8
const _small: MarkerDetection[] = []
const _smallCorners: MarkerCorners[] = []
const _biases: number[] = []
const _start: { corners: MarkerCorners | null } = { corners: null }

export function detectMarkers(
  detector: MarkerDetector,
  gray: GrayFrame,
  rois: readonly RectPx[] | undefined,
  edgeRefine: EdgeRefineParams | null,
  decode: CandidateDecodeParams | null = DEFAULT_CANDIDATE_DECODE_PARAMS,
): DetectionResult {
  const result = detector.detect(gray, rois)
  if (!edgeRefine) return result
  const started = performance.now()
  const cells = detector.cellsPerSide
  const byFrame = edgeRefine.toneBiasCorrection && edgeRefine.frameToneBiasPx === null
  _small.length = 0
  _smallCorners.length = 0
  _biases.length = 0
  for (const d of result.detections) {
    if (byFrame && moduleOfQuadPx(d.corners, cells) < edgeRefine.toneBiasMinModulePx) {
      _small.push(d)
      _smallCorners.push(d.corners)
      continue
    }
    // (OpenCV's corners of a decoded marker may sit ~0.7 module off, as its rejected quads' do: where
    // the regular fit cannot follow the edges, the coarse pass, and the tone-bias pass below starts
    // where it put them.)
    _start.corners = d.corners
    const refined = refineCornersFromEdges(gray, d.corners, cells, edgeRefine) ?? refineAfterCoarsePass(gray, d.corners, cells, edgeRefine, _start)
    if (!refined) continue
    const start = _start.corners ?? d.corners
    const lineBias = lastRefine.toneSamples >= MIN_TONE_SAMPLES ? lastRefine.toneBiasPx : null
    const fitted = edgeRefine.gridFit ? fitMarkerGrid(gray, refined, detector.pattern(d.id), cells, { ...DEFAULT_GRID_FIT_PARAMS, minModulePx: edgeRefine.toneBiasMinModulePx, windowModules: edgeRefine.windowModules, maxWindowPx: edgeRefine.maxWindowPx, profile: edgeRefine.gridProfile }) : null
    // The shift moves edges along their dark→light normal; the outer lines' convention is "reads small
    // by". The grid's profiles span the outer lines' window: under a tone curve a blurred edge's
    // gradient is lopsided, and a centroid over ±2.5 px moved by a few hundredths of a px less than the
    // lines' over ±3 px (camera-order walks, gamma 2.2: every table marker read 0.034 px small, the
    // survey's scale 0.09 % large). The corners are the outer lines' moved by that shift, not the
    // whole-pattern fit's own: those follow the inner edges too, and on a two-table-marker lock their
    // small turns (≤ 0.05 px) carried to 1–2 mm across the table (poseFilter.test.ts), where the lines'
    // corners gave 0.2–0.5 mm.
    let corners = refined
    let edges = edgeNoiseOfLast(refined, edgeRefine.edgeNoiseFactor)
    if (fitted) {
      const shift = -lastGridFit.edgeShiftPx
      const moved = refineCornersFromEdges(gray, start, cells, { ...edgeRefine, frameToneBiasPx: shift })
      if (moved && edgeRefine.gridSize) {
        // The lines moved by b may still read a little small (0.010-0.017 px on camera-order walks,
        // phone and gamma 2.2, where the whole-pattern fit's own quad read -0.001 / +0.005 px): their
        // profiles are centred on the shifted edge, and a tone-curved edge's lopsided gradient has its
        // centroid move with the window. With `gridSize` the lines take the fit's size (the mean offset
        // of its four sides from theirs) and keep their own turn (the fit's follows the inner edges too).
        const grow = meanSideOffsetPx(moved, fitted)
        corners = growQuad(moved, grow)
        edges = edgeNoiseOfLast(corners, edgeRefine.edgeNoiseFactor)
        _biases.push(shift + grow)
      } else {
        if (moved) { corners = moved; edges = edgeNoiseOfLast(moved, edgeRefine.edgeNoiseFactor) }
        _biases.push(shift)
      }
    } else if (lineBias !== null) _biases.push(lineBias)
    d.corners = corners
    d.edges = edges
    d.sidePx = quadSidePx(d.corners)
  }
  // No bigger marker measured: the small ones measure their own, as the bigger ones do.
  const frameBias = frameToneBias(edgeRefine)
  const smallRefine = frameBias === null ? edgeRefine : { ...edgeRefine, frameToneBiasPx: frameBias }
  for (let i = 0; i < _small.length; i++) {
    const d = _small[i]!
    const refined = refineCornersFromEdges(gray, _smallCorners[i]!, cells, smallRefine) ?? refineAfterCoarsePass(gray, _smallCorners[i]!, cells, smallRefine)
    if (!refined) continue
    d.corners = refined
    d.edges = edgeNoiseOfLast(refined, edgeRefine.edgeNoiseFactor)
    d.sidePx = quadSidePx(refined)
  }
  const read = result.detections.length
  if (decode && decodeCandidates(gray, result, cells, (id) => detector.pattern(id), detector.idCount, edgeRefine, decode, smallRefine)) {
    result.conflicts = findConflicts(result.detections)
    // The second reading's corners are in the read's rotation: their sides are measured again.
    for (let i = read; i < result.detections.length; i++) {
      const d = result.detections[i]!
      if (measureEdges(gray, d.corners, cells, { ...smallRefine, toneBiasCorrection: false })) d.edges = edgeNoiseOfLast(d.corners, edgeRefine.edgeNoiseFactor)
    }
  }
  result.detectMs += performance.now() - started
  return result
}

/**
 * Median of the bigger markers' biases; null when none was measured. The whole-pattern fit measures
 * the shift to a few hundredths of a px, so it is used as it is; the inner-edge estimate alone (gridFit
 * off) is as likely noise as bias under the gate.
 */
function frameToneBias(p: EdgeRefineParams): number | null {
  if (!_biases.length) return null
  _biases.sort((a, b) => a - b)
  const n = _biases.length
  const median = n % 2 ? _biases[(n - 1) / 2]! : (_biases[n / 2 - 1]! + _biases[n / 2]!) / 2
  return !p.gridFit && Math.abs(median) < p.toneBiasGatePx ? 0 : median
}

/** Outward unit normal of side s (corner s → s + 1) of quad `c`, into _n. */
function outwardNormal(c: MarkerCorners, s: number): void {
  const a = c[s]!, b = c[(s + 1) % 4]!
  const len = Math.hypot(b[0] - a[0], b[1] - a[1])
  let nx = -(b[1] - a[1]) / len, ny = (b[0] - a[0]) / len
  const mx = (c[0][0] + c[1][0] + c[2][0] + c[3][0]) / 4, my = (c[0][1] + c[1][1] + c[2][1] + c[3][1]) / 4
  if (((a[0] + b[0]) / 2 - mx) * nx + ((a[1] + b[1]) / 2 - my) * ny < 0) { nx = -nx; ny = -ny }
  _n[0] = nx; _n[1] = ny
}
const _n = new Float64Array(2)

/** How far quad `g`'s sides lie outward of quad `c`'s, px: the mean over the four sides (each at its two ends). */
function meanSideOffsetPx(c: MarkerCorners, g: MarkerCorners): number {
  let sum = 0
  for (let s = 0; s < 4; s++) {
    outwardNormal(c, s)
    const e = (s + 1) % 4
    sum += ((g[s]![0] - c[s]![0]) * _n[0]! + (g[s]![1] - c[s]![1]) * _n[1]! + (g[e]![0] - c[e]![0]) * _n[0]! + (g[e]![1] - c[e]![1]) * _n[1]!) / 2
  }
  return sum / 4
}

/** Quad `c` with every side moved outward by `r` px (the new corners: adjacent moved sides meet). */
function growQuad(c: MarkerCorners, r: number): MarkerCorners {
  for (let s = 0; s < 4; s++) {
    outwardNormal(c, s)
    _lines[4 * s] = c[s]![0] + r * _n[0]!; _lines[4 * s + 1] = c[s]![1] + r * _n[1]!
    _lines[4 * s + 2] = c[(s + 1) % 4]![0] - c[s]![0]; _lines[4 * s + 3] = c[(s + 1) % 4]![1] - c[s]![1]
  }
  const out: [number, number][] = []
  for (let i = 0; i < 4; i++) {
    const corner = intersectPackedLines(_lines, (i + 3) % 4, i)
    if (!corner) return c
    out.push(corner)
  }
  return out as MarkerCorners
}
const _lines = new Float64Array(16)
