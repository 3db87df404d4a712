// ChArUco boards: detection of the chessboard corners and camera calibration from several views
// (OpenCV's CharucoDetector + calibrateCameraExtended). Setup-time code: allocations are fine here.
import type { CameraIntrinsics, GrayFrame, PointPx } from '../types.ts'
import { createDictionary, type DictionarySpec } from './markerDetector.ts'
import { withMats, type Cv, type CvCharucoBoard, type CvMat, type OpenCvHandle } from './openCv.ts'

export type CharucoBoardSpec = {
  squaresX: number
  squaresY: number
  /** Square and marker side in the same unit (it sets the unit of the calibrated translations only). */
  squareLength: number
  markerLength: number
  dictionary: DictionarySpec
  /** OpenCV < 4.6 layout for boards with an even number of rows. Default false. */
  legacyPattern?: boolean
}

export type CharucoDetection = {
  /** Chessboard corner ids (0 … (squaresX−1)(squaresY−1)−1) and their sub-pixel positions. */
  ids: number[]
  corners: PointPx[]
  markerIds: number[]
}

function grayMat(cv: Cv, frame: GrayFrame): CvMat {
  const m = new cv.Mat(frame.height, frame.width, cv.CV_8UC1)
  m.data.set(frame.data)
  return m
}

function createBoard(cv: Cv, spec: CharucoBoardSpec, track: <M extends { delete(): void }>(m: M) => M): CvCharucoBoard {
  const dict = track(createDictionary(cv, spec.dictionary))
  const nMarkers = Math.floor((spec.squaresX * spec.squaresY) / 2)
  const ids = track(cv.matFromArray(1, nMarkers, cv.CV_32S, Array.from({ length: nMarkers }, (_, i) => i)))
  const board = track(new cv.aruco_CharucoBoard(new cv.Size(spec.squaresX, spec.squaresY), spec.squareLength, spec.markerLength, dict, ids))
  if (spec.legacyPattern) (board as unknown as { setLegacyPattern(v: boolean): void }).setLegacyPattern(true)
  return board
}

function detectWith(cv: Cv, board: CvCharucoBoard, frame: GrayFrame, track: <M extends { delete(): void }>(m: M) => M) {
  const cp = track(new cv.aruco_CharucoParameters())
  const dp = track(new cv.aruco_DetectorParameters())
  const rp = track(new cv.aruco_RefineParameters(10, 3, true))
  const detector = track(new cv.aruco_CharucoDetector(board, cp, dp, rp))
  const img = track(grayMat(cv, frame))
  const corners = track(new cv.Mat())
  const ids = track(new cv.Mat())
  const markerCorners = track(new cv.MatVector())
  const markerIds = track(new cv.Mat())
  detector.detectBoard(img, corners, ids, markerCorners, markerIds)
  return { corners, ids, markerIds }
}

export function detectCharuco(handle: OpenCvHandle, spec: CharucoBoardSpec, frame: GrayFrame): CharucoDetection {
  const { cv } = handle
  return withMats((track) => {
    const board = createBoard(cv, spec, track)
    const { corners, ids, markerIds } = detectWith(cv, board, frame, track)
    const n = ids.rows * ids.cols
    const c = corners.data32F
    const out: CharucoDetection = { ids: [], corners: [], markerIds: Array.from(markerIds.data32S.subarray(0, markerIds.rows * markerIds.cols)) }
    for (let i = 0; i < n; i++) {
      out.ids.push(ids.data32S[i]!)
      out.corners.push([c[2 * i]!, c[2 * i + 1]!])
    }
    return out
  })
}

export type CalibrationResult = {
  intrinsics: CameraIntrinsics
  /** RMS reprojection error over all views, px (OpenCV's return value). */
  rmsErrorPx: number
  /** Per view: chessboard corners used (views with fewer than 6 are skipped) and the view's RMS error. */
  views: { cornersUsed: number; rmsErrorPx: number | null }[]
}

/**
 * Calibrate a camera (pinhole + k1, k2, p1, p2, k3) from views of a ChArUco board, all the same size.
 * Needs at least 3 usable views; 10–20 from varied angles give a stable result.
 */
export function calibrateCharuco(handle: OpenCvHandle, spec: CharucoBoardSpec, frames: readonly GrayFrame[]): CalibrationResult {
  const { cv } = handle
  const first = frames[0]
  if (!first) throw new Error('calibrateCharuco: no frames')
  return withMats((track) => {
    const board = createBoard(cv, spec, track)
    const objectPoints = track(new cv.MatVector())
    const imagePoints = track(new cv.MatVector())
    const views: CalibrationResult['views'] = []
    const usedIndex: number[] = []
    frames.forEach((frame, i) => {
      if (frame.width !== first.width || frame.height !== first.height) throw new Error('calibrateCharuco: all views must have the same size')
      const { corners, ids } = detectWith(cv, board, frame, track)
      const n = ids.rows * ids.cols
      if (n < 6) {
        views.push({ cornersUsed: n, rmsErrorPx: null })
        return
      }
      // Chessboard corner k sits at ((k mod (X−1)) + 1, ⌊k / (X−1)⌋ + 1) squares (OpenCV's getChessboardCorners order).
      const objXyz: number[] = []
      const idData = ids.data32S
      for (let j = 0; j < n; j++) {
        const k = idData[j]!
        objXyz.push(((k % (spec.squaresX - 1)) + 1) * spec.squareLength, (Math.floor(k / (spec.squaresX - 1)) + 1) * spec.squareLength, 0)
      }
      const obj = cv.matFromArray(n, 1, cv.CV_32FC3, objXyz)
      const img = cv.matFromArray(n, 1, cv.CV_32FC2, Array.from(corners.data32F.subarray(0, 2 * n)))
      objectPoints.push_back(obj)
      imagePoints.push_back(img)
      obj.delete()
      img.delete()
      views.push({ cornersUsed: n, rmsErrorPx: null })
      usedIndex.push(i)
    })
    if (usedIndex.length < 3) throw new Error(`calibrateCharuco: only ${usedIndex.length} views show the board (need 3 or more)`)
    const cameraMatrix = track(new cv.Mat())
    const dist = track(new cv.Mat())
    const rvecs = track(new cv.MatVector())
    const tvecs = track(new cv.MatVector())
    const stdIntr = track(new cv.Mat())
    const stdExtr = track(new cv.Mat())
    const perView = track(new cv.Mat())
    const criteria = new cv.TermCriteria(cv.TERM_CRITERIA_COUNT + cv.TERM_CRITERIA_EPS, 100, 1e-9)
    const rms = cv.calibrateCameraExtended(objectPoints, imagePoints, new cv.Size(first.width, first.height), cameraMatrix, dist, rvecs, tvecs, stdIntr, stdExtr, perView, 0, criteria)
    const k = cameraMatrix.data64F
    const d = dist.data64F
    // fx, fy, cx, cy, then the distortion terms' (calibrateCameraExtended's order).
    const sd = stdIntr.data64F
    const sigmaPx = [0, 1, 2, 3].every((i) => Number.isFinite(sd[i]) && sd[i]! >= 0) ? { fx: sd[0]!, fy: sd[1]!, cx: sd[2]!, cy: sd[3]! } : undefined
    usedIndex.forEach((frameIndex, j) => { views[frameIndex]!.rmsErrorPx = perView.data64F[j] ?? null })
    return {
      intrinsics: {
        width: first.width, height: first.height, fx: k[0]!, fy: k[4]!, cx: k[2]!, cy: k[5]!,
        distortion: [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, d[3] ?? 0, d[4] ?? 0], source: 'calibration', rmsErrorPx: rms,
        ...(sigmaPx ? { sigmaPx } : {}),
      },
      rmsErrorPx: rms,
      views,
    }
  })
}
