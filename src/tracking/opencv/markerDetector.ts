// Marker detection: OpenCV's ArucoDetector over a grey copy of the frame, whole frame or regions.
// Hot path: called per frame. The grey Mat, the detector and its output vectors are created once per
// frame size and reused; only small ROI headers are created per call (and deleted in `finally`).
import type { DetectionResult, GrayFrame, MarkerCorners, MarkerDetection, RectPx } from '../types.ts'
import type { DictionaryName } from '../registry/registrySchema.ts'
import type { Cv, CvArucoDetector, CvDetectorParameters, CvDictionary, CvMat, CvMatVector, OpenCvHandle } from './openCv.ts'

/** A predefined dictionary by name, or a custom one in OpenCV's bytesList layout [marker][byte][rotation]. */
export type DictionarySpec =
  | DictionaryName
  | { markerSize: number; maxCorrectionBits: number; bytesList: readonly (readonly (readonly number[])[])[] }

export type CornerRefinement = 'none' | 'subpix' | 'contour' | 'apriltag'

export type DetectorParams = {
  dictionary: DictionarySpec
  refine: CornerRefinement
  /** Smallest marker side searched for, px (sets OpenCV's minMarkerPerimeterRate for each image or region). */
  minMarkerSidePx: number
  /** Raw OpenCV DetectorParameters overrides (names as in OpenCV), applied last. */
  opencv: Readonly<Record<string, number | boolean>>
  /**
   * Extra overrides for region (ROI) searches only. Regions hold markers of known size, so two
   * adaptive-threshold windows (5 and 15 px) do what three (3, 13, 23) do for a whole frame, ~40 % faster.
   */
  roiOpencv: Readonly<Record<string, number | boolean>>
  /**
   * The frame is searched with this many px of replicated border around it: OpenCV misses a marker
   * whose corners come within ~20 px of the image edge (an 81 px marker 17 px from the edge).
   */
  padPx: number
  /**
   * Whole-frame searches also look for markers whose outline OpenCV could not close into a quad: a
   * figure standing in front of a small tab touches its border or its paper, and the contour runs on
   * round the figure (OpenCV keeps only contours whose polygon is a convex quad). The frame is
   * thresholded as OpenCV does (mean over `windowPx`, minus `constant`); a contour whose own polygon
   * is no convex quad but whose convex hull is one, or a quad with one corner cut off, is handed to the
   * second reading as an outline (`DetectionResult.outlines`). null: off.
   */
  outlineSearch: { windowPx: number; constant: number } | null
}

/**
 * Our markers: DICT_4X4_100, sub-pixel corners, down to 12 px. Bits are read from 8 px per cell
 * with 30 % of each cell's margin ignored (OpenCV: 4 px, 13 %). Chosen on the realistic variants
 * (test/tracking/synth/variants.ts, 4 scenes each; fully visible markers ≥ 16 px found, wrong ids):
 * OpenCV's 4 px / 13 % finds 63/67 on sRGB + JPEG 75 + noise, 8 px / 30 % 66/67, clean 67/67 both,
 * σ 1.5 px blur 33 (1 wrong id) vs 30 (0 wrong); on the real photos (realPhotos.ts) it finds 33
 * instead of 24 of 47 Swarmathon tags and 217 instead of 197 of 236 swatbotics tags, no wrong id.
 * Error correction stays at OpenCV's 0.6: for 4×4 markers (maxCorrectionBits 1) that corrects
 * ⌊0.6⌋ = 0 bits, the same as 0; 1.0 (1 bit) found 67/67 and 38/67 on blur but with 1 and 3 wrong
 * ids. 0 would also stop the 6×6 corrections one of the OpenCV tutorial photos needs (70/71).
 */
export const DEFAULT_DETECTOR_PARAMS: DetectorParams = {
  dictionary: 'DICT_4X4_100',
  refine: 'subpix',
  minMarkerSidePx: 12,
  opencv: { perspectiveRemovePixelPerCell: 8, perspectiveRemoveIgnoredMarginPerCell: 0.3 },
  // Regions hold markers already decoded by a full search: OpenCV's own bit sampling (4 px per cell,
  // 13 % margin) is enough there and ~30 % cheaper; a marker lost in a region triggers a full search.
  roiOpencv: { adaptiveThreshWinSizeMin: 5, adaptiveThreshWinSizeMax: 15, adaptiveThreshWinSizeStep: 10, perspectiveRemovePixelPerCell: 4, perspectiveRemoveIgnoredMarginPerCell: 0.13 },
  padPx: 24,
  // OpenCV's middle window (3, 13, 23) and its constant: on camera-order renders of tabs with a figure
  // in front, 13 separates the tab's outline from the figure where 23 merges them (MEASURED.md).
  outlineSearch: { windowPx: 13, constant: 7 },
}

/** Exactly OpenCV's ArucoDetector defaults (the benchmark baseline): refine none, minMarkerPerimeterRate 0.03. */
export const OPENCV_DEFAULT_DETECTOR_PARAMS: DetectorParams = {
  dictionary: 'DICT_4X4_100',
  refine: 'none',
  minMarkerSidePx: 0,
  opencv: {},
  roiOpencv: {},
  padPx: 0,
  outlineSearch: null,
}

const REFINE_CODES: Record<CornerRefinement, string> = {
  none: 'CORNER_REFINE_NONE',
  subpix: 'CORNER_REFINE_SUBPIX',
  contour: 'CORNER_REFINE_CONTOUR',
  apriltag: 'CORNER_REFINE_APRILTAG',
}

/** Build an OpenCV dictionary (caller deletes it). */
export function createDictionary(cv: Cv, spec: DictionarySpec): CvDictionary {
  if (typeof spec === 'string') {
    const code = cv[spec]
    if (typeof code !== 'number') throw new Error(`unknown dictionary ${spec}`)
    return cv.getPredefinedDictionary(code)
  }
  const bytesPerMarker = spec.bytesList[0]?.length ?? 0
  const flat: number[] = []
  for (const marker of spec.bytesList) for (const byte of marker) for (const rot of byte) flat.push(rot)
  const bytes = cv.matFromArray(spec.bytesList.length, bytesPerMarker, cv.CV_8UC4, flat)
  try {
    return new cv.aruco_Dictionary(bytes, spec.markerSize, spec.maxCorrectionBits)
  } finally {
    bytes.delete()
  }
}

/**
 * The marker's cells including a 1-cell black border, row-major (1 = white), as OpenCV draws it.
 * Used by the sheet generator and the synthetic renderer.
 */
export function markerCells(handle: OpenCvHandle, dictionary: DictionarySpec, id: number): { cells: Uint8Array; side: number } {
  const { cv } = handle
  const dict = createDictionary(cv, dictionary)
  const img = new cv.Mat()
  try {
    const side = dict.markerSize + 2
    dict.generateImageMarker(id, side, img, 1)
    const cells = new Uint8Array(side * side)
    const data = img.data
    for (let i = 0; i < cells.length; i++) cells[i] = data[i]! > 127 ? 1 : 0
    return { cells, side }
  } finally {
    img.delete()
    dict.delete()
  }
}

/**
 * Copy a rectangle of a grey frame into a Mat's buffer that is `pad` px larger on every side; where
 * the rectangle touches the frame's edge, the border next to it is filled by replicating the edge.
 */
function copyGray(frame: GrayFrame, rect: RectPx, target: Uint8Array, pad: number): void {
  const { width, height } = frame
  const stride = width + 2 * pad
  if (pad === 0 && rect.x === 0 && rect.y === 0 && rect.width === width && rect.height === frame.height) {
    target.set(frame.data)
    return
  }
  const left = rect.x === 0 ? pad : 0
  const right = rect.x + rect.width === width ? pad : 0
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    const row = (y + pad) * stride + pad
    target.set(frame.data.subarray(y * width + rect.x, y * width + rect.x + rect.width), row + rect.x)
    if (left) target.fill(frame.data[y * width]!, row - pad, row)
    if (right) target.fill(frame.data[y * width + width - 1]!, row + width, row + width + pad)
  }
  const x0 = pad + rect.x - left, x1 = pad + rect.x + rect.width + right
  if (rect.y === 0) for (let y = 0; y < pad; y++) target.copyWithin(y * stride + x0, pad * stride + x0, pad * stride + x1)
  if (rect.y + rect.height === height) {
    const last = (height - 1 + pad) * stride
    for (let y = height + pad; y < height + 2 * pad; y++) target.copyWithin(y * stride + x0, last + x0, last + x1)
  }
}

export function clampRect(r: RectPx, width: number, height: number): RectPx | null {
  const x0 = Math.max(0, Math.floor(r.x))
  const y0 = Math.max(0, Math.floor(r.y))
  const x1 = Math.min(width, Math.ceil(r.x + r.width))
  const y1 = Math.min(height, Math.ceil(r.y + r.height))
  if (x1 - x0 < 8 || y1 - y0 < 8) return null
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/** Mean side length of a quad, px. */
export function quadSidePx(c: MarkerCorners): number {
  let s = 0
  for (let i = 0; i < 4; i++) {
    const a = c[i]!
    const b = c[(i + 1) % 4]!
    s += Math.hypot(b[0] - a[0], b[1] - a[1])
  }
  return s / 4
}

/** ArucoDetector wrapper owning its OpenCV objects. Call `dispose()` when done. */
export class MarkerDetector {
  readonly params: DetectorParams
  private readonly cv: Cv
  private readonly dictionary: CvDictionary
  private readonly cvParams: CvDetectorParameters
  private readonly roiParams: CvDetectorParameters
  private applied: CvDetectorParameters
  private readonly refineParams: { delete(): void }
  private readonly detector: CvArucoDetector
  private readonly corners: CvMatVector
  private readonly rejected: CvMatVector
  private readonly ids: CvMat
  private gray: CvMat | null = null
  private thresholded: CvMat | null = null
  private readonly contours: CvMatVector
  private readonly hierarchy: CvMat
  private readonly polygon: CvMat
  private readonly hull: CvMat
  private appliedPerimeterRate = Number.NaN
  private readonly patterns = new Map<number, Uint8Array>()
  /** Cells along a marker side including the black border (6 for 4×4 markers). */
  readonly cellsPerSide: number
  /** Ids in the dictionary (0 … idCount − 1). */
  readonly idCount: number

  constructor(handle: OpenCvHandle, params: Partial<DetectorParams> = {}) {
    this.params = { ...DEFAULT_DETECTOR_PARAMS, ...params }
    const cv = handle.cv
    this.cv = cv
    this.dictionary = createDictionary(cv, this.params.dictionary)
    this.cvParams = new cv.aruco_DetectorParameters()
    const refineCode = cv[REFINE_CODES[this.params.refine]]
    if (typeof refineCode !== 'number') throw new Error(`unknown corner refinement ${this.params.refine}`)
    this.cvParams.cornerRefinementMethod = refineCode
    this.roiParams = new cv.aruco_DetectorParameters()
    this.roiParams.cornerRefinementMethod = refineCode
    const apply = (target: CvDetectorParameters, overrides: Readonly<Record<string, number | boolean>>) => {
      for (const [k, v] of Object.entries(overrides)) {
        if (!(k in target)) throw new Error(`unknown OpenCV detector parameter "${k}"`)
        target[k] = v
      }
    }
    apply(this.cvParams, this.params.opencv)
    apply(this.roiParams, this.params.opencv)
    apply(this.roiParams, this.params.roiOpencv)
    this.applied = this.cvParams
    this.refineParams = new cv.aruco_RefineParameters(10, 3, true)
    this.detector = new cv.aruco_ArucoDetector(this.dictionary, this.cvParams, this.refineParams)
    this.cellsPerSide = this.dictionary.markerSize + 2 * Number(this.cvParams.markerBorderBits ?? 1)
    this.idCount = this.dictionary.bytesList.rows
    this.corners = new cv.MatVector()
    this.rejected = new cv.MatVector()
    this.ids = new cv.Mat()
    this.contours = new cv.MatVector()
    this.hierarchy = new cv.Mat()
    this.polygon = new cv.Mat()
    this.hull = new cv.Mat()
  }

  /** A marker's cells including the border, row-major (1 = white), cellsPerSide² (cached per id). */
  pattern(id: number): Uint8Array {
    let cells = this.patterns.get(id)
    if (cells) return cells
    const img = new this.cv.Mat()
    try {
      this.dictionary.generateImageMarker(id, this.cellsPerSide, img, 1)
      cells = new Uint8Array(this.cellsPerSide * this.cellsPerSide)
      for (let i = 0; i < cells.length; i++) cells[i] = img.data[i]! > 127 ? 1 : 0
    } finally {
      img.delete()
    }
    this.patterns.set(id, cells)
    return cells
  }

  /**
   * Detect markers in the whole grey frame, or only inside `rois` (image px) when given (then only
   * those regions of `frame` need to be filled in).
   */
  detect(frame: GrayFrame, rois?: readonly RectPx[]): DetectionResult {
    const started = performance.now()
    const { width, height } = frame
    const pad = this.params.padPx
    const gray = this.grayMat(width + 2 * pad, height + 2 * pad)
    const detections: MarkerDetection[] = []
    const candidates: MarkerCorners[] = []
    const outlines: MarkerCorners[] = []
    const searched: RectPx[] = []
    if (!rois) {
      this.use(this.cvParams)
      copyGray(frame, { x: 0, y: 0, width, height }, gray.data, pad)
      this.runDetector(gray, -pad, -pad, Math.max(width, height) + 2 * pad, detections, candidates)
      if (this.params.outlineSearch) this.findOutlines(gray, pad, Math.max(width, height), candidates, outlines)
    } else {
      this.use(this.roiParams)
      for (const r of rois) {
        const rect = clampRect(r, width, height)
        if (!rect) continue
        searched.push(rect)
        copyGray(frame, rect, gray.data, pad)
        // A region at the frame's edge takes the replicated border next to it.
        const x0 = rect.x === 0 ? 0 : rect.x + pad, y0 = rect.y === 0 ? 0 : rect.y + pad
        const x1 = rect.x + rect.width === width ? width + 2 * pad : rect.x + rect.width + pad
        const y1 = rect.y + rect.height === height ? height + 2 * pad : rect.y + rect.height + pad
        const view = gray.roi({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 })
        try {
          this.runDetector(view, x0 - pad, y0 - pad, Math.max(x1 - x0, y1 - y0), detections, candidates)
        } finally {
          view.delete()
        }
      }
    }
    const unique = rois ? dropDuplicateDetections(detections) : detections
    return { detections: unique, conflicts: findConflicts(unique), mode: rois ? 'roi' : 'full', rois: searched, detectMs: performance.now() - started, candidates, outlines }
  }

  private grayMat(width: number, height: number): CvMat {
    if (!this.gray || this.gray.cols !== width || this.gray.rows !== height) {
      this.gray?.delete()
      this.gray = new this.cv.Mat(height, width, this.cv.CV_8UC1)
    }
    return this.gray
  }

  /** Switch between whole-frame and region parameters (setDetectorParameters copies them in). */
  private use(p: CvDetectorParameters): void {
    if (this.applied === p) return
    this.applied = p
    this.appliedPerimeterRate = Number.NaN
    this.detector.setDetectorParameters(p)
  }

  private runDetector(image: CvMat, dx: number, dy: number, maxDim: number, out: MarkerDetection[], rejected: MarkerCorners[]): void {
    if (this.params.minMarkerSidePx > 0 && !('minMarkerPerimeterRate' in this.params.opencv)) {
      const rate = Math.min(1, (4 * this.params.minMarkerSidePx) / maxDim)
      if (rate !== this.appliedPerimeterRate) {
        this.applied.minMarkerPerimeterRate = rate
        this.detector.setDetectorParameters(this.applied)
        this.appliedPerimeterRate = rate
      }
    }
    this.detector.detectMarkers(image, this.corners, this.ids, this.rejected)
    const n = this.corners.size()
    const idData = this.ids.data32S
    for (let i = 0; i < n; i++) {
      const m = this.corners.get(i)
      try {
        const d = m.data32F
        const corners: MarkerCorners = [
          [d[0]! + dx, d[1]! + dy],
          [d[2]! + dx, d[3]! + dy],
          [d[4]! + dx, d[5]! + dy],
          [d[6]! + dx, d[7]! + dy],
        ]
        out.push({ id: idData[i]!, corners, sidePx: quadSidePx(corners) })
      } finally {
        m.delete()
      }
    }
    const nr = this.rejected.size()
    for (let i = 0; i < nr; i++) {
      const m = this.rejected.get(i)
      try {
        const d = m.data32F
        rejected.push([[d[0]! + dx, d[1]! + dy], [d[2]! + dx, d[3]! + dy], [d[4]! + dx, d[5]! + dy], [d[6]! + dx, d[7]! + dy]])
      } finally {
        m.delete()
      }
    }
  }

  /**
   * Outlines OpenCV could not close into a quad (see `DetectorParams.outlineSearch`), image px: each
   * contour of a marker's size whose own polygon (OpenCV's, 3 % of its length) is no convex quad, but
   * whose convex hull's is one, or is a quad with one corner cut off (five sides, the shortest under
   * half the others' mean: the two sides next to it are extended to meet). Those at a candidate OpenCV
   * already has are left out (its reading is the second reading's already).
   */
  private findOutlines(gray: CvMat, pad: number, maxDim: number, candidates: readonly MarkerCorners[], out: MarkerCorners[]): void {
    const cv = this.cv
    const o = this.params.outlineSearch!
    if (!this.thresholded || this.thresholded.cols !== gray.cols || this.thresholded.rows !== gray.rows) {
      this.thresholded?.delete()
      this.thresholded = new cv.Mat(gray.rows, gray.cols, cv.CV_8UC1)
    }
    cv.adaptiveThreshold(gray, this.thresholded, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, o.windowPx, o.constant)
    cv.findContours(this.thresholded, this.contours, this.hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE)
    const minPerimeter = 4 * Math.max(8, this.params.minMarkerSidePx), maxPerimeter = maxDim
    const n = this.contours.size()
    for (let i = 0; i < n; i++) {
      const c = this.contours.get(i)
      try {
        const perimeter = cv.arcLength(c, true)
        if (perimeter < minPerimeter || perimeter > 2 * maxPerimeter) continue
        cv.approxPolyDP(c, this.polygon, 0.03 * perimeter, true)
        if (this.polygon.rows === 4 && cv.isContourConvex(this.polygon)) continue
        cv.convexHull(c, this.hull, false, true)
        const hullPerimeter = cv.arcLength(this.hull, true)
        if (hullPerimeter < minPerimeter || hullPerimeter > maxPerimeter) continue
        cv.approxPolyDP(this.hull, this.polygon, 0.03 * hullPerimeter, true)
        const quad = outlineQuad(this.polygon.data32S, this.polygon.rows, -pad)
        const side = quad ? quadSidePx(quad) : 0
        if (!quad || side < this.params.minMarkerSidePx) continue
        // (Those a marker already covers the second reading skips: decodeCandidates' `covered`.)
        const cx = (quad[0][0] + quad[2][0]) / 2, cy = (quad[0][1] + quad[2][1]) / 2
        if (candidates.some((q) => Math.hypot((q[0][0] + q[2][0]) / 2 - cx, (q[0][1] + q[2][1]) / 2 - cy) < Math.max(quadSidePx(q), side) / 4)) continue
        out.push(quad)
      } finally {
        c.delete()
      }
    }
  }

  dispose(): void {
    this.gray?.delete()
    this.gray = null
    this.thresholded?.delete()
    this.thresholded = null
    this.contours.delete()
    this.hierarchy.delete()
    this.polygon.delete()
    this.hull.delete()
    this.ids.delete()
    this.rejected.delete()
    this.corners.delete()
    this.detector.delete()
    this.refineParams.delete()
    this.cvParams.delete()
    this.roiParams.delete()
    this.dictionary.delete()
  }
}

/**
 * A hull's polygon (`n` points, x y interleaved, moved by `shift`) as a quad: four sides as they are;
 * five whose shortest is under half the others' mean as the quad with that corner cut off (its two
 * neighbouring sides extended to meet, which must be ahead of both). Otherwise null.
 */
export function outlineQuad(xy: ArrayLike<number>, n: number, shift: number): MarkerCorners | null {
  const at = (k: number): [number, number] => [xy[2 * (k % n)]! + shift, xy[2 * (k % n) + 1]! + shift]
  if (n === 4) return [at(0), at(1), at(2), at(3)]
  if (n !== 5) return null
  let cut = 0, shortest = Infinity, total = 0
  for (let k = 0; k < 5; k++) {
    const a = at(k), b = at(k + 1)
    const length = Math.hypot(b[0] - a[0], b[1] - a[1])
    total += length
    if (length < shortest) { shortest = length; cut = k }
  }
  if (shortest >= 0.5 * ((total - shortest) / 4)) return null
  // Sides (cut−1 → cut) and (cut+2 → cut+1), extended beyond `cut` and `cut+1`, meet at the lost corner.
  const p0 = at(cut + 4), p1 = at(cut), p2 = at(cut + 1), p3 = at(cut + 2)
  const ux = p1[0] - p0[0], uy = p1[1] - p0[1], vx = p2[0] - p3[0], vy = p2[1] - p3[1]
  const den = ux * vy - uy * vx
  if (Math.abs(den) < 1e-9) return null
  const t = ((p3[0] - p0[0]) * vy - (p3[1] - p0[1]) * vx) / den
  const s = ((p3[0] - p0[0]) * uy - (p3[1] - p0[1]) * ux) / den
  if (!(t > 1 && s > 1)) return null
  return [p3, at(cut + 3), p0, [p0[0] + t * ux, p0[1] + t * uy]]
}

/** The same marker found in two overlapping ROIs: keep one copy (same id, centres within a few px). */
function dropDuplicateDetections(ds: MarkerDetection[]): MarkerDetection[] {
  const out: MarkerDetection[] = []
  for (const d of ds) {
    const cx = (d.corners[0][0] + d.corners[2][0]) / 2
    const cy = (d.corners[0][1] + d.corners[2][1]) / 2
    const dup = out.some((o) => o.id === d.id && Math.hypot((o.corners[0][0] + o.corners[2][0]) / 2 - cx, (o.corners[0][1] + o.corners[2][1]) / 2 - cy) < Math.max(2, d.sidePx * 0.25))
    if (!dup) out.push(d)
  }
  return out
}

export function findConflicts(ds: readonly MarkerDetection[]): number[] {
  const counts = new Map<number, number>()
  for (const d of ds) counts.set(d.id, (counts.get(d.id) ?? 0) + 1)
  return [...counts].filter(([, n]) => n > 1).map(([id]) => id).sort((a, b) => a - b)
}
