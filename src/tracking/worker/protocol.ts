// The typed message protocol between the app (main thread) and the tracking worker: two
// discriminated unions (requests, replies) keyed by `type`; a new message is one more member.
// Frames travel as transferred ArrayBuffers (zero copy) and come back with the result for reuse.
import type { CameraIntrinsics, TrackFrameResult } from '../types.ts'
import type { Registry } from '../registry/registrySchema.ts'
import type { TrackerParamsInput } from '../params.ts'
import type { FrozenPose, PoseFilterParams, TrackedObject } from '../temporal/poseFilter.ts'
import type { CharucoBoardSpec } from '../opencv/charuco.ts'
import type { SurveyReply, SurveyRequest } from '../survey/surveyProtocol.ts'
import type { CaptureStats } from '../temporal/captureMonitor.ts'
import type { BaseTrackingSetup } from '../bases/baseTypes.ts'

/** Camera calibration in the worker: what one captured view gave. */
export type CalibrationCaptureResult = {
  /** ChArUco chessboard corners found in this view. */
  corners: number
  accepted: boolean
  /** Why a view was refused (too few corners, another frame size). */
  reason?: string
  /** Accepted views kept so far (this one included). */
  views: number
}

/** Camera calibration in the worker: the solve, or what is still missing. */
export type CalibrationSolveResult =
  | { ok: true; intrinsics: CameraIntrinsics; rmsErrorPx: number; viewsUsed: number }
  | { ok: false; message: string; views: number }

export type TrackingRequest =
  /** Start loading OpenCV now (e.g. while the camera starts); 'init' then finds it loaded. No reply. */
  | { type: 'load' }
  | {
      type: 'init'
      registry: Registry
      calibration?: CameraIntrinsics | null
      params?: TrackerParamsInput
      filter?: Partial<PoseFilterParams>
      /** Models with no marker, found by their bases (issue 34). */
      bases?: BaseTrackingSetup | null
    }
  /**
   * One RGBA frame (width × height × 4 bytes in `data`, transferred). `rotationDegPerS`: the device's
   * turn rate when it was taken (its gyroscope, °/s), where the browser offers one (FrameTracker.track).
   */
  | { type: 'frame'; frameId: number; timeMs: number; width: number; height: number; data: ArrayBuffer; rotationDegPerS?: number }
  | { type: 'setRegistry'; registry: Registry }
  /** The models found by their bases (null: none). */
  | { type: 'setBases'; bases: BaseTrackingSetup | null }
  /** The player's answer to "Which model is this?" for a base found but not identified. */
  | { type: 'teachBase'; label: string; modelId: string }
  | { type: 'setCalibration'; calibration: CameraIntrinsics | null }
  | { type: 'freeze'; requestId: number; frames?: number }
  /** Forget marker positions (next frame searched in full) and the pose history. */
  | { type: 'reset' }
  | { type: 'dispose' }
  /** Calibration (independent of tracking; needs no registry): keep this RGBA frame as a view if it shows enough of the board. */
  | { type: 'calibrationCapture'; requestId: number; width: number; height: number; data: ArrayBuffer }
  /** Calibrate from the kept views (OpenCV calibrateCameraExtended). */
  | { type: 'calibrationSolve'; requestId: number }
  /** Forget the kept views; optionally another board than the printed markers/charuco-board.pdf. */
  | { type: 'calibrationReset'; board?: CharucoBoardSpec }
  /** The table survey (independent of tracking; needs no registry with table positions): see survey/surveyProtocol.ts. */
  | { type: 'survey'; request: SurveyRequest }

export type TrackingReply =
  /** OpenCV's load: ms from the worker's first load call, and ms from the worker's start (OpenCvHandle). */
  | { type: 'ready'; openCvMs: number; openCvReadyAtMs: number }
  | {
      type: 'result'
      frameId: number
      timeMs: number
      result: TrackFrameResult
      /** Fused, flagged poses after this frame (every object ever seen, stale ones included). */
      tracked: TrackedObject[]
      /** Frames used and rejected so far, the table's image speed, the hand's shake, "hold still". */
      capture: CaptureStats
      /** The frame's buffer, handed back for reuse. */
      data: ArrayBuffer
      /** Frames replaced by newer ones while this one waited (latest frame wins). */
      droppedFrameIds: number[]
    }
  /** A frame that was replaced by a newer one before processing: its buffer comes back. */
  | { type: 'dropped'; frameId: number; data: ArrayBuffer }
  | { type: 'frozen'; requestId: number; poses: FrozenPose[] }
  | { type: 'error'; message: string; frameId?: number; requestId?: number }
  /** The capture's buffer comes back for reuse. */
  | ({ type: 'calibrationCaptured'; requestId: number; data: ArrayBuffer } & CalibrationCaptureResult)
  | { type: 'calibrationSolved'; requestId: number; result: CalibrationSolveResult }
  | { type: 'survey'; reply: SurveyReply }

/** The part of a Worker (or a MessagePort, or a test loopback) the client needs. */
export type WorkerLike = {
  postMessage(message: TrackingRequest, transfer: Transferable[]): void
  addEventListener(type: 'message', listener: (event: { data: TrackingReply }) => void): void
  removeEventListener(type: 'message', listener: (event: { data: TrackingReply }) => void): void
  terminate(): void
}
