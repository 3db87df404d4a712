// Stage: a second reading of the quads OpenCV found but could not decode.
//
// Why markers are missed (measured on sRGB + JPEG 75 + noise frames, 1920×1080, camera 1.45–1.7 m,
// 20 mm tabs; `npm run bench:tracking -- --recall N` prints the study): nearly every missed marker of
// 16 px or more is one of OpenCV's *rejected candidates* — its contour and quad were found, but the
// bits were read wrong. OpenCV reads the bits from its own pixel-level corners, which the tone curve
// pulls ~0.4 px inward (every marker reads small), on a 16–18 px marker whose cells are 2.7–3 px and
// whose black prints as grey 100 (sRGB lifts the blacks): its Otsu split over a 48 px warp of that
// quad lets the border's and the neighbouring cells' blur into a cell's sum.
// Here each such candidate gets the edge-fitted, tone-corrected corners (refineCorners.ts) and its cells
// are read at their centres on the soft scale of verifyMarkerIds.ts, in all four rotations, against
// every id of the dictionary. It is accepted only when the read is unambiguous: every border cell
// dark, every inner cell clearly on one side of the midpoint, no cell off the best pattern, and the
// best pattern much closer than any other id or rotation. The tracker re-checks every id afterwards
// (verifyMarkerIds) and its geometry (estimateObjectPoses) as for any other marker.
// A small tab on a mat darker than its paper can leave OpenCV only the paper's outline (its ring light,
// the mat outside darker): the marker is then looked for within it (`innerQuadScales`; camera-order
// renders of a Survivors table: 5 of 27 models in view unplaced before, MEASURED.md).
// A figure in front of a small tab can touch its border or its paper, and OpenCV then has no quad at
// all: the detector's outline search (markerDetector.ts) hands such outlines here, and each is read
// as it is and with each corner in turn completed from the other three.
import type { DetectionResult, GrayFrame, MarkerCorners } from '../types.ts'
import { quadSidePx } from '../opencv/markerDetector.ts'
import { moduleOfQuadPx, refineAfterCoarsePass, refineCornersFromEdges, type EdgeRefineParams } from './refineCorners.ts'
import { distance, readMarkerCells, ringContrast, softCell } from './verifyMarkerIds.ts'

export type CandidateDecodeParams = {
  /** Soft distance to the best pattern must be at most this fraction of the distance to the next best (any id, any rotation). */
  maxDistanceRatio: number
  /** Every cell's soft value must be at least this far from the midpoint 0.5. */
  minCellMargin: number
  /** Border cells must read darker than this (soft scale). */
  maxBorderValue: number
  /** Minimum black/white contrast, grey levels. */
  minContrast: number
  /**
   * A candidate that is a paper's outline round a marker (its ring light, darker outside) is read again
   * from its quad shrunk by each of these about its centre: a marker of 6 modules with a quiet zone of
   * about ½ to 1½ modules each side.
   */
  innerQuadScales: readonly number[]
}

export const DEFAULT_CANDIDATE_DECODE_PARAMS: CandidateDecodeParams = { maxDistanceRatio: 0.4, minCellMargin: 0.15, maxBorderValue: 0.35, minContrast: 20, innerQuadScales: [0.85, 0.75, 0.65] }

const _shifted: [number, number][] = [[0, 0], [0, 0], [0, 0], [0, 0]]

/**
 * Decode `result.candidates` (OpenCV's rejected quads) and `result.outlines` (outlines it could not
 * close) that no detection already covers; readable ones are appended to `result.detections` with
 * refined corners. Returns how many were added.
 */
export function decodeCandidates(
  gray: GrayFrame,
  result: DetectionResult,
  cells: number,
  pattern: (id: number) => Uint8Array,
  idCount: number,
  edgeRefine: EdgeRefineParams,
  p: CandidateDecodeParams = DEFAULT_CANDIDATE_DECODE_PARAMS,
  /** For candidates with modules under edgeRefine.toneBiasMinModulePx (the frame's tone bias, see detectMarkers). */
  smallRefine: EdgeRefineParams = edgeRefine,
): number {
  let added = 0
  for (const cand of result.candidates ?? []) {
    if (covered(result, cand)) continue
    const best = readCandidate(gray, cand, cells, pattern, idCount, edgeRefine, smallRefine, p)
    if (!best || covered(result, best.corners)) continue
    result.detections.push({ id: best.id, corners: best.corners, sidePx: quadSidePx(best.corners) })
    added++
  }
  // An outline OpenCV could not close (a figure touching the tab, markerDetector.ts): its hull's corner
  // next to the figure may lie off the marker's, so each corner in turn is also taken where the other
  // three put it (the quad completed to a parallelogram: a 16–24 px tab is seen nearly affinely).
  for (const outline of result.outlines ?? []) {
    if (covered(result, outline)) continue
    let best = readCandidate(gray, outline, cells, pattern, idCount, edgeRefine, smallRefine, p)
    for (let k = 0; !best && k < 4; k++) best = readCandidate(gray, completed(outline, k), cells, pattern, idCount, edgeRefine, smallRefine, p)
    // (An outline much bigger than a marker, its paper's with more round it, may hold one already read.)
    if (!best || covered(result, best.corners)) continue
    result.detections.push({ id: best.id, corners: best.corners, sidePx: quadSidePx(best.corners) })
    added++
  }
  return added
}

/** A detection already stands within half a side of the quad's centre. */
function covered(result: DetectionResult, quad: MarkerCorners): boolean {
  const cx = (quad[0][0] + quad[2][0]) / 2, cy = (quad[0][1] + quad[2][1]) / 2
  const side = quadSidePx(quad)
  return result.detections.some((d) => Math.hypot((d.corners[0][0] + d.corners[2][0]) / 2 - cx, (d.corners[0][1] + d.corners[2][1]) / 2 - cy) < Math.max(d.sidePx, side) / 2)
}

/** A quad OpenCV proposed, read as it is or, when it is a paper's outline, as the marker within it. */
function readCandidate(gray: GrayFrame, cand: MarkerCorners, cells: number, pattern: (id: number) => Uint8Array, idCount: number, edgeRefine: EdgeRefineParams, smallRefine: EdgeRefineParams, p: CandidateDecodeParams): { id: number; corners: MarkerCorners } | null {
  // (OpenCV's candidate corners are pixel-level and may sit ~0.7 module off: readQuad's coarse pass.)
  let best = readQuad(gray, cand, cells, pattern, idCount, edgeRefine, smallRefine, p)
  // A light ring with darker outside is no marker's border but the outline of the paper round one
  // (a small tab on a mat darker than its paper: OpenCV keeps the paper's quad and drops the
  // marker's, too close inside it). The marker is the dark square within, a quiet zone's width in
  // from each side: its quad is looked for from the paper's, shrunk about its centre.
  if (!best && ringContrast(gray, clockwise(cand), cells) < -p.minContrast) {
    for (const s of p.innerQuadScales) {
      best = readQuad(gray, shrunk(cand, s), cells, pattern, idCount, edgeRefine, smallRefine, p)
      if (best) break
    }
  }
  return best
}

/** The quad with corner `k` moved to where its neighbours and the opposite corner put it. */
function completed(c: MarkerCorners, k: number): MarkerCorners {
  const a = c[(k + 3) % 4]!, b = c[(k + 1) % 4]!, o = c[(k + 2) % 4]!
  const out = c.map((q) => [q[0], q[1]]) as MarkerCorners
  out[k] = [a[0] + b[0] - o[0], a[1] + b[1] - o[1]]
  return out
}

/** A quad's refined corners (a coarse pass first when the regular fit cannot follow its edges) and their unambiguous reading, or null. */
function readQuad(gray: GrayFrame, quad: MarkerCorners, cells: number, pattern: (id: number) => Uint8Array, idCount: number, edgeRefine: EdgeRefineParams, smallRefine: EdgeRefineParams, p: CandidateDecodeParams): { id: number; corners: MarkerCorners } | null {
  const fine = moduleOfQuadPx(quad, cells) < edgeRefine.toneBiasMinModulePx ? smallRefine : edgeRefine
  const refined = refineCornersFromEdges(gray, quad, cells, fine) ?? refineAfterCoarsePass(gray, quad, cells, fine)
  return refined ? bestReading(gray, clockwise(refined), cells, pattern, idCount, p) : null
}

/** The quad shrunk by `s` about its corners' mean. */
function shrunk(c: MarkerCorners, s: number): MarkerCorners {
  const cx = (c[0][0] + c[1][0] + c[2][0] + c[3][0]) / 4, cy = (c[0][1] + c[1][1] + c[2][1] + c[3][1]) / 4
  return c.map((q) => [cx + s * (q[0] - cx), cy + s * (q[1] - cy)]) as unknown as MarkerCorners
}

/** The quad's corners in the image's clockwise order (y down), as OpenCV gives its markers. */
function clockwise(c: MarkerCorners): MarkerCorners {
  const cross = (c[1][0] - c[0][0]) * (c[2][1] - c[0][1]) - (c[1][1] - c[0][1]) * (c[2][0] - c[0][0])
  return cross > 0 ? c : [c[0], c[3], c[2], c[1]]
}

function bestReading(gray: GrayFrame, c: MarkerCorners, cells: number, pattern: (id: number) => Uint8Array, idCount: number, p: CandidateDecodeParams): { id: number; corners: MarkerCorners } | null {
  let bestId = -1, bestShift = 0, best = Infinity, second = Infinity
  for (let shift = 0; shift < 4; shift++) {
    for (let k = 0; k < 4; k++) { const q = c[(k + shift) % 4]!; _shifted[k]![0] = q[0]; _shifted[k]![1] = q[1] }
    if (readMarkerCells(gray, _shifted as unknown as MarkerCorners, cells, p.minContrast)) return null
    if (shift === 0 && !clearRead(cells, p)) return null
    for (let id = 0; id < idCount; id++) {
      const d = distance(pattern(id), cells, 0)
      if (d < best) { second = best; best = d; bestId = id; bestShift = shift } else if (d < second) second = d
    }
  }
  if (bestId < 0 || !(best <= p.maxDistanceRatio * second)) return null
  // Read in the winning rotation: no inner cell may sit on the wrong side of the midpoint.
  const corners = [0, 1, 2, 3].map((k) => [c[(k + bestShift) % 4]![0], c[(k + bestShift) % 4]![1]]) as MarkerCorners
  if (readMarkerCells(gray, corners, cells, p.minContrast)) return null
  const pat = pattern(bestId)
  for (let r = 1; r < cells - 1; r++) for (let col = 1; col < cells - 1; col++) if ((softCell(cells, r, col) > 0.5 ? 1 : 0) !== pat[r * cells + col]) return null
  return { id: bestId, corners }
}

/** The last read has a dark border ring and no inner cell near the midpoint. */
function clearRead(cells: number, p: CandidateDecodeParams): boolean {
  for (let r = 0; r < cells; r++) {
    for (let col = 0; col < cells; col++) {
      const v = softCell(cells, r, col)
      const border = r === 0 || col === 0 || r === cells - 1 || col === cells - 1
      if (border ? v > p.maxBorderValue : Math.abs(v - 0.5) < p.minCellMargin) return false
    }
  }
  return true
}
