// Main-thread side of the survey in the tracking worker: start a survey, offer frames (one at a time:
// a live camera offers the next frame only when the last one is answered, so nothing queues), ask for
// the result. Talks through any WorkerLike (the worker, or a loopback in Node tests).
import type { CameraIntrinsics } from '../types.ts'
import type { SurveyRegistry } from '../registry/registrySchema.ts'
import type { TrackingReply, WorkerLike } from '../worker/protocol.ts'
import type { SurveyObservation, SurveyProgress } from './surveyCollector.ts'
import type { SurveyReply, SurveyRequest } from './surveyProtocol.ts'
import type { SurveyResult, TableTap } from './types.ts'

export type SurveyFrameReply = { observation: SurveyObservation; progress: SurveyProgress }

export type SurveyClient = {
  /** Resolves when OpenCV is loaded in the worker and the survey has started. */
  ready: Promise<void>
  /** Whether a frame is being looked at (a live pump skips frames meanwhile). */
  busy(): boolean
  /** Look for the table markers in an RGBA frame (copied). */
  observe(frame: { width: number; height: number; data: Uint8ClampedArray | Uint8Array }, mode: 'photo' | 'live', label?: string): Promise<SurveyFrameReply>
  solve(opts?: { taps?: TableTap[]; tableSize?: { widthMm: number; depthMm: number } | null }): Promise<SurveyResult>
  /** Forget the views (sweep again). */
  reset(): void
  /** Stop the survey (the worker stays: its owner terminates it). */
  stop(): void
}

export function createSurveyClient(worker: WorkerLike, registry: SurveyRegistry, calibration: CameraIntrinsics | null): SurveyClient {
  let next = 1
  let inFlight = 0
  const frames = new Map<number, { resolve: (r: SurveyFrameReply) => void; reject: (e: Error) => void }>()
  const solves = new Map<number, { resolve: (r: SurveyResult) => void; reject: (e: Error) => void }>()
  let started: () => void = () => {}
  let failedStart: (e: Error) => void = () => {}
  const ready = new Promise<void>((resolve, reject) => { started = resolve; failedStart = reject })
  const send = (request: SurveyRequest, transfer: Transferable[] = []) => worker.postMessage({ type: 'survey', request }, transfer)

  const listener = (event: { data: TrackingReply }) => {
    if (event.data.type !== 'survey') return
    const reply: SurveyReply = event.data.reply
    switch (reply.kind) {
      case 'started':
        started()
        return
      case 'observed':
        inFlight = Math.max(0, inFlight - 1)
        frames.get(reply.frameId)?.resolve({ observation: reply.observation, progress: reply.progress })
        frames.delete(reply.frameId)
        return
      case 'solved':
        solves.get(reply.requestId)?.resolve(reply.result)
        solves.delete(reply.requestId)
        return
      case 'failed': {
        const error = new Error(reply.message)
        if (reply.frameId !== undefined) {
          inFlight = Math.max(0, inFlight - 1)
          frames.get(reply.frameId)?.reject(error)
          frames.delete(reply.frameId)
        } else if (reply.requestId !== undefined) {
          solves.get(reply.requestId)?.reject(error)
          solves.delete(reply.requestId)
        } else failedStart(error)
        return
      }
    }
  }
  worker.addEventListener('message', listener)
  send({ kind: 'start', registry, calibration })

  return {
    ready,
    busy: () => inFlight > 0,
    observe(frame, mode, label) {
      const frameId = next++
      const data = new Uint8Array(frame.data.length)
      data.set(frame.data)
      inFlight++
      return new Promise((resolve, reject) => {
        frames.set(frameId, { resolve, reject })
        send({ kind: 'frame', frameId, mode, ...(label ? { label } : {}), width: frame.width, height: frame.height, data: data.buffer }, [data.buffer])
      })
    },
    solve(opts = {}) {
      const requestId = next++
      return new Promise((resolve, reject) => {
        solves.set(requestId, { resolve, reject })
        send({ kind: 'solve', requestId, ...(opts.taps ? { taps: opts.taps } : {}), ...(opts.tableSize !== undefined ? { tableSize: opts.tableSize } : {}) })
      })
    },
    reset: () => send({ kind: 'reset' }),
    stop() {
      send({ kind: 'stop' })
      worker.removeEventListener('message', listener)
    },
  }
}
