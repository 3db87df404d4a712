// Main-thread side of the tracking worker: latest-frame-wins (at most one frame in flight and one
// waiting; a newer frame replaces the waiting one, so there is never a growing queue), buffers
// recycled through transfers, results to a callback (per frame: feed a non-reactive pose buffer, not
// React state), freeze as a promise.
import type { CameraIntrinsics } from '../types.ts'
import type { Registry } from '../registry/registrySchema.ts'
import type { TrackerParamsInput } from '../params.ts'
import type { FrozenPose, PoseFilterParams } from '../temporal/poseFilter.ts'
import type { CalibrationCaptureResult, CalibrationSolveResult, TrackingReply, TrackingRequest, WorkerLike } from './protocol.ts'
import type { CharucoBoardSpec } from '../opencv/charuco.ts'
import type { BaseTrackingSetup } from '../bases/baseTypes.ts'

export type TrackingResultMessage = Extract<TrackingReply, { type: 'result' }>

export type TrackingClientOptions = {
  registry: Registry
  calibration?: CameraIntrinsics | null
  params?: TrackerParamsInput
  filter?: Partial<PoseFilterParams>
  /** Models with no marker, found by their bases. */
  bases?: BaseTrackingSetup | null
  onResult: (message: TrackingResultMessage) => void
  onError?: (message: string) => void
}

export type TrackingClient = {
  /** Resolves when OpenCV is loaded in the worker and the tracker is set up. */
  ready: Promise<{ openCvMs: number; openCvReadyAtMs: number }>
  /**
   * Offer a frame (RGBA, e.g. ImageData from a canvas or VideoFrame.copyTo). Copied into a recycled
   * buffer and sent if the worker is idle, else kept as the one waiting frame (replacing an older one).
   * Returns the frame id. `rotationDegPerS`: the device's turn rate when the frame was taken (its
   * gyroscope, °/s), where the browser offers one.
   */
  submit(frame: { width: number; height: number; data: Uint8ClampedArray | Uint8Array }, timeMs: number, rotationDegPerS?: number): number
  freeze(frames?: number): Promise<FrozenPose[]>
  setRegistry(registry: Registry): void
  /** The models found by their bases (null: none). */
  setBases(bases: BaseTrackingSetup | null): void
  /** The player's answer to "Which model is this?" for the base `label`. */
  teachBase(label: string, modelId: string): void
  setCalibration(calibration: CameraIntrinsics | null): void
  reset(): void
  /** Calibration: offer one RGBA frame as a view of the ChArUco board (copied; the worker keeps a gray copy if it shows enough corners). */
  calibrationCapture(frame: { width: number; height: number; data: Uint8ClampedArray | Uint8Array }): Promise<CalibrationCaptureResult>
  /** Calibration: solve from the views kept so far (or say what is missing). */
  calibrationSolve(): Promise<CalibrationSolveResult>
  /** Calibration: forget the kept views (optionally for another board). */
  calibrationReset(board?: CharucoBoardSpec): void
  /** Frames sent / replaced before sending / replaced in the worker, for a status line. */
  stats(): { sent: number; droppedHere: number; droppedInWorker: number; inFlight: boolean }
  dispose(): void
}

export function createTrackingClient(worker: WorkerLike, opts: TrackingClientOptions): TrackingClient {
  let nextFrameId = 1
  let nextRequestId = 1
  let inFlight = false
  let waiting: { frameId: number; timeMs: number; width: number; height: number; data: ArrayBuffer; rotationDegPerS?: number } | null = null
  const spare: ArrayBuffer[] = []
  const freezes = new Map<number, (poses: FrozenPose[]) => void>()
  const captures = new Map<number, { resolve: (r: CalibrationCaptureResult) => void; reject: (e: Error) => void }>()
  const solves = new Map<number, { resolve: (r: CalibrationSolveResult) => void; reject: (e: Error) => void }>()
  const counts = { sent: 0, droppedHere: 0, droppedInWorker: 0 }
  let resolveReady: (v: { openCvMs: number; openCvReadyAtMs: number }) => void = () => {}
  const ready = new Promise<{ openCvMs: number; openCvReadyAtMs: number }>((resolve) => { resolveReady = resolve })

  const send = (message: TrackingRequest, transfer: Transferable[] = []) => worker.postMessage(message, transfer)
  const recycle = (data: ArrayBuffer) => { if (spare.length < 3) spare.push(data) }

  const sendWaiting = () => {
    if (inFlight || !waiting) return
    const w = waiting
    waiting = null
    inFlight = true
    counts.sent++
    send({ type: 'frame', ...w }, [w.data])
  }

  const listener = (event: { data: TrackingReply }) => {
    const m = event.data
    switch (m.type) {
      case 'ready':
        resolveReady({ openCvMs: m.openCvMs, openCvReadyAtMs: m.openCvReadyAtMs })
        return
      case 'result':
        inFlight = false
        counts.droppedInWorker += m.droppedFrameIds.length
        recycle(m.data)
        opts.onResult(m)
        sendWaiting()
        return
      case 'dropped':
        // This client keeps at most one frame in the worker, so a dropped frame is the one in flight.
        recycle(m.data)
        inFlight = false
        sendWaiting()
        return
      case 'frozen':
        freezes.get(m.requestId)?.(m.poses)
        freezes.delete(m.requestId)
        return
      case 'calibrationCaptured': {
        const { type: _type, requestId, data: _data, ...result } = m
        captures.get(requestId)?.resolve(result)
        captures.delete(requestId)
        return
      }
      case 'calibrationSolved':
        solves.get(m.requestId)?.resolve(m.result)
        solves.delete(m.requestId)
        return
      case 'error': {
        const id = m.requestId
        const waiter = id === undefined ? undefined : (captures.get(id) ?? solves.get(id))
        if (waiter && id !== undefined) {
          captures.delete(id)
          solves.delete(id)
          waiter.reject(new Error(m.message))
          return
        }
        opts.onError?.(m.message)
        return
      }
    }
  }
  worker.addEventListener('message', listener)
  send({ type: 'init', registry: opts.registry, calibration: opts.calibration ?? null, params: opts.params, filter: opts.filter, bases: opts.bases ?? null })

  return {
    ready,
    submit(frame, timeMs, rotationDegPerS) {
      const bytes = frame.width * frame.height * 4
      if (frame.data.length !== bytes) throw new Error(`submit: ${frame.data.length} bytes for a ${frame.width}×${frame.height} RGBA frame`)
      let buffer = spare.pop()
      if (!buffer || buffer.byteLength !== bytes) buffer = new ArrayBuffer(bytes)
      new Uint8Array(buffer).set(frame.data)
      if (waiting) {
        counts.droppedHere++
        recycle(waiting.data)
      }
      const frameId = nextFrameId++
      waiting = { frameId, timeMs, width: frame.width, height: frame.height, data: buffer, rotationDegPerS }
      sendWaiting()
      return frameId
    },
    freeze(frames) {
      const requestId = nextRequestId++
      return new Promise<FrozenPose[]>((resolve) => {
        freezes.set(requestId, resolve)
        send({ type: 'freeze', requestId, frames })
      })
    },
    setRegistry: (registry) => send({ type: 'setRegistry', registry }),
    setBases: (bases) => send({ type: 'setBases', bases }),
    teachBase: (label, modelId) => send({ type: 'teachBase', label, modelId }),
    setCalibration: (calibration) => send({ type: 'setCalibration', calibration }),
    reset: () => send({ type: 'reset' }),
    calibrationCapture(frame) {
      const requestId = nextRequestId++
      const data = new Uint8Array(frame.data.length)
      data.set(frame.data)
      return new Promise<CalibrationCaptureResult>((resolve, reject) => {
        captures.set(requestId, { resolve, reject })
        send({ type: 'calibrationCapture', requestId, width: frame.width, height: frame.height, data: data.buffer }, [data.buffer])
      })
    },
    calibrationSolve() {
      const requestId = nextRequestId++
      return new Promise<CalibrationSolveResult>((resolve, reject) => {
        solves.set(requestId, { resolve, reject })
        send({ type: 'calibrationSolve', requestId })
      })
    },
    calibrationReset: (board) => send({ type: 'calibrationReset', ...(board ? { board } : {}) }),
    stats: () => ({ ...counts, inFlight }),
    dispose() {
      send({ type: 'dispose' })
      worker.removeEventListener('message', listener)
      worker.terminate()
    },
  }
}
