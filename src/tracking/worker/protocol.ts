// The typed message protocol between the app (main thread) and the tracking worker.
// Frames travel as transferred ArrayBuffers (zero copy) and come back with the result for reuse.
import type { CameraIntrinsics, TrackFrameResult } from '../types.ts'
import type { Registry } from '../registry/registrySchema.ts'
import type { TrackerParamsInput } from '../params.ts'
import type { FrozenPose, PoseFilterParams, TrackedObject } from '../temporal/poseFilter.ts'

export type TrackingRequest =
  | {
      type: 'init'
      registry: Registry
      calibration?: CameraIntrinsics | null
      params?: TrackerParamsInput
      filter?: Partial<PoseFilterParams>
    }
  /** One RGBA frame (width × height × 4 bytes in `data`, transferred). */
  | { type: 'frame'; frameId: number; timeMs: number; width: number; height: number; data: ArrayBuffer }
  | { type: 'setRegistry'; registry: Registry }
  | { type: 'setCalibration'; calibration: CameraIntrinsics | null }
  | { type: 'freeze'; requestId: number; frames?: number }
  /** Forget marker positions (next frame searched in full) and the pose history. */
  | { type: 'reset' }
  | { type: 'dispose' }

export type TrackingReply =
  | { type: 'ready'; openCvMs: number }
  | {
      type: 'result'
      frameId: number
      timeMs: number
      result: TrackFrameResult
      /** Smoothed, flagged poses after this frame (every object ever seen, stale ones included). */
      tracked: TrackedObject[]
      /** The frame's buffer, handed back for reuse. */
      data: ArrayBuffer
      /** Frames replaced by newer ones while this one waited (latest frame wins). */
      droppedFrameIds: number[]
    }
  /** A frame that was replaced by a newer one before processing: its buffer comes back. */
  | { type: 'dropped'; frameId: number; data: ArrayBuffer }
  | { type: 'frozen'; requestId: number; poses: FrozenPose[] }
  | { type: 'error'; message: string; frameId?: number; requestId?: number }

/** The part of a Worker (or a MessagePort, or a test loopback) the client needs. */
export type WorkerLike = {
  postMessage(message: TrackingRequest, transfer: Transferable[]): void
  addEventListener(type: 'message', listener: (event: { data: TrackingReply }) => void): void
  removeEventListener(type: 'message', listener: (event: { data: TrackingReply }) => void): void
  terminate(): void
}
