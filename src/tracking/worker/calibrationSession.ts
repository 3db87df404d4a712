// In-app camera calibration (the worker's side): views of the printed ChArUco board are checked as
// they are captured (corners found, same frame size) and kept as gray frames; the solve runs OpenCV's
// calibrateCameraExtended over them (opencv/charuco.ts). Setup-time code: allocations are fine.
import type { OpenCvHandle } from '../opencv/openCv.ts'
import { calibrateCharuco, detectCharuco, type CharucoBoardSpec } from '../opencv/charuco.ts'
import { CHARUCO_BOARD } from '../markers/markerSheets.ts'
import { createGrayFrame, toGray } from '../pipeline/grayFrame.ts'
import type { DictionaryName } from '../registry/registrySchema.ts'
import type { GrayFrame, RgbaFrame } from '../types.ts'
import type { CalibrationCaptureResult, CalibrationSolveResult } from './protocol.ts'
import { CALIBRATION_MAX_VIEWS, CALIBRATION_MIN_CORNERS, CALIBRATION_MIN_VIEWS } from './calibrationLimits.ts'

export { CALIBRATION_MAX_VIEWS, CALIBRATION_MIN_CORNERS, CALIBRATION_MIN_VIEWS }

/** The printed sheet markers/charuco-board.pdf (5×7 squares of 28 mm, 21 mm DICT_5X5_100 markers). */
export const PRINTED_CHARUCO_BOARD: CharucoBoardSpec = {
  squaresX: CHARUCO_BOARD.squaresX,
  squaresY: CHARUCO_BOARD.squaresY,
  squareLength: CHARUCO_BOARD.squareMm,
  markerLength: CHARUCO_BOARD.markerMm,
  dictionary: CHARUCO_BOARD.dictionary as DictionaryName,
}

export type CalibrationSession = {
  capture(frame: RgbaFrame): CalibrationCaptureResult
  solve(): CalibrationSolveResult
  reset(board?: CharucoBoardSpec): void
  readonly views: number
}

export function createCalibrationSession(cv: OpenCvHandle, initialBoard: CharucoBoardSpec = PRINTED_CHARUCO_BOARD): CalibrationSession {
  let board = initialBoard
  let views: GrayFrame[] = []
  return {
    get views() { return views.length },
    capture(frame) {
      if (frame.data.length !== frame.width * frame.height * 4) throw new Error(`calibration view: ${frame.data.length} bytes for ${frame.width}×${frame.height} RGBA`)
      const first = views[0]
      if (first && (first.width !== frame.width || first.height !== frame.height)) {
        return { corners: 0, accepted: false, reason: `this view is ${frame.width}×${frame.height} but the earlier ones are ${first.width}×${first.height}: reset to start again at this size`, views: views.length }
      }
      const gray = toGray(frame, createGrayFrame(frame.width, frame.height))
      const corners = detectCharuco(cv, board, gray).ids.length
      if (corners < CALIBRATION_MIN_CORNERS) {
        return { corners, accepted: false, reason: `${corners} board corners found, need ${CALIBRATION_MIN_CORNERS} or more (hold the whole board in view, sharp and well lit)`, views: views.length }
      }
      views.push(gray)
      if (views.length > CALIBRATION_MAX_VIEWS) views.shift()
      return { corners, accepted: true, views: views.length }
    },
    solve() {
      if (views.length < CALIBRATION_MIN_VIEWS) {
        return { ok: false, message: `need at least ${CALIBRATION_MIN_VIEWS} views with ≥ ${CALIBRATION_MIN_CORNERS} corners (have ${views.length}): capture the board from more angles`, views: views.length }
      }
      try {
        const r = calibrateCharuco(cv, board, views)
        const viewsUsed = r.views.filter((v) => v.rmsErrorPx !== null).length
        return { ok: true, intrinsics: r.intrinsics, rmsErrorPx: r.rmsErrorPx, viewsUsed }
      } catch (e) {
        return { ok: false, message: e instanceof Error ? e.message : String(e), views: views.length }
      }
    },
    reset(next) {
      views = []
      if (next) board = next
    },
  }
}
