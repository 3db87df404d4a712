// The tracking worker's logic, independent of `self` so Node tests can drive it: one FrameTracker
// (ROI tracking between frames, frame quality) + a BaseTracker when some models carry no marker
// (their bases, src/tracking/bases) + one PoseFilter (fusion of the usable frames) + one
// CaptureMonitor (frames used, shake, "hold still"), latest-frame-wins (a frame that arrives while
// another is being processed replaces any frame still waiting; the replaced buffer is returned).
import type { OpenCvHandle } from '../opencv/openCv.ts'
import { FrameTracker } from '../frameTracker.ts'
import { BaseTracker } from '../bases/baseTracker.ts'
import { markedBases } from '../pipeline/baseRim.ts'
import { PoseFilter } from '../temporal/poseFilter.ts'
import { CaptureMonitor } from '../temporal/captureMonitor.ts'
import type { TrackingReply, TrackingRequest } from './protocol.ts'
import { type CalibrationSession, createCalibrationSession } from './calibrationSession.ts'
import type { CharucoBoardSpec } from '../opencv/charuco.ts'
import { type SurveySession, createSurveySession } from '../survey/surveySession.ts'

export type PostReply = (message: TrackingReply, transfer: Transferable[]) => void

type FrameRequest = Extract<TrackingRequest, { type: 'frame' }>

export type TrackingWorkerCore = { handle(message: TrackingRequest): void }

export function createTrackingWorkerCore(post: PostReply, loadOpenCv: () => Promise<OpenCvHandle>, schedule: (run: () => void) => void = (run) => setTimeout(run, 0)): TrackingWorkerCore {
  let tracker: FrameTracker | null = null
  let bases: BaseTracker | null = null
  let filter = new PoseFilter()
  const monitor = new CaptureMonitor()
  let cv: OpenCvHandle | null = null
  let pending: FrameRequest | null = null
  const dropped: number[] = []
  let scheduled = false
  let calibration: CalibrationSession | null = null
  let calibrationBoard: CharucoBoardSpec | undefined
  // Calibration requests run in order, after OpenCV has loaded (they need no 'init').
  let calibrationQueue: Promise<void> = Promise.resolve()
  // Survey requests likewise (the table survey, src/tracking/survey/surveySession.ts).
  let survey: SurveySession | null = null
  let surveyQueue: Promise<void> = Promise.resolve()
  const withCalibration = (run: (session: CalibrationSession) => void, requestId: number) => {
    calibrationQueue = calibrationQueue.then(async () => {
      try {
        cv ??= await loadOpenCv()
        calibration ??= createCalibrationSession(cv, calibrationBoard)
        run(calibration)
      } catch (e) {
        fail(e, { requestId })
      }
    })
  }

  const fail = (e: unknown, ids: { frameId?: number; requestId?: number } = {}) =>
    post({ type: 'error', message: e instanceof Error ? e.message : String(e), ...ids }, [])

  const processLatest = () => {
    scheduled = false
    const job = pending
    pending = null
    if (!job) return
    if (!tracker) {
      post({ type: 'dropped', frameId: job.frameId, data: job.data }, [job.data])
      return
    }
    try {
      const frame = { width: job.width, height: job.height, data: new Uint8ClampedArray(job.data) }
      if (frame.data.length !== job.width * job.height * 4) throw new Error(`frame ${job.frameId}: ${frame.data.length} bytes for ${job.width}×${job.height} RGBA`)
      const result = tracker.track(frame, false, job.timeMs, job.rotationDegPerS)
      // Models with no marker: their bases, found on the table this frame locked, fused as the others.
      if (bases) {
        const found = bases.track(frame, result, job.timeMs)
        result.objects.push(...found.objects)
        result.bases = found.report
      }
      const tracked = filter.update(result, job.timeMs)
      const capture = { ...monitor.update(result, job.timeMs) }
      post({ type: 'result', frameId: job.frameId, timeMs: job.timeMs, result, tracked, capture, data: job.data, droppedFrameIds: dropped.splice(0) }, [job.data])
    } catch (e) {
      fail(e, { frameId: job.frameId })
      post({ type: 'dropped', frameId: job.frameId, data: job.data }, [job.data])
    }
  }

  return {
    handle(message) {
      switch (message.type) {
        case 'load':
          void loadOpenCv().then((loaded) => { cv ??= loaded }, () => undefined) // 'init' reports a failure
          return
        case 'init': {
          void (async () => {
            try {
              cv ??= await loadOpenCv()
              tracker?.dispose()
              tracker = new FrameTracker(cv, message.registry, { calibration: message.calibration ?? null, params: message.params, modelBases: markedBases(message.bases) })
              bases?.dispose()
              bases = message.bases?.models.length ? new BaseTracker(cv, message.bases) : null
              filter = new PoseFilter(message.filter)
              monitor.reset()
              post({ type: 'ready', openCvMs: cv.readyMs, openCvReadyAtMs: cv.readyAtMs }, [])
              if (pending && !scheduled) { scheduled = true; schedule(processLatest) }
            } catch (e) {
              fail(e)
            }
          })()
          return
        }
        case 'frame': {
          if (pending) {
            dropped.push(pending.frameId)
            post({ type: 'dropped', frameId: pending.frameId, data: pending.data }, [pending.data])
          }
          pending = message
          if (!scheduled && tracker) {
            scheduled = true
            schedule(processLatest)
          }
          return
        }
        case 'setRegistry':
          tracker?.setRegistry(message.registry)
          return
        case 'setBases':
          // The marked models' bases: their rims are read with their markers (pipeline/baseRim.ts).
          tracker?.setModelBases(markedBases(message.bases))
          if (!cv) return
          if (message.bases?.models.length) {
            if (bases) bases.setSetup(message.bases)
            else bases = new BaseTracker(cv, message.bases)
          } else {
            bases?.dispose()
            bases = null
          }
          return
        case 'teachBase':
          bases?.teach(message.modelId, message.label)
          return
        case 'setCalibration':
          tracker?.setCalibration(message.calibration)
          return
        case 'freeze':
          post({ type: 'frozen', requestId: message.requestId, poses: filter.freeze(message.frames) }, [])
          return
        case 'reset':
          tracker?.reset()
          bases?.reset()
          filter = new PoseFilter(filter.params)
          monitor.reset()
          return
        case 'dispose':
          tracker?.dispose()
          tracker = null
          bases?.dispose()
          bases = null
          calibration = null
          return
        case 'calibrationCapture': {
          const { requestId, width, height, data } = message
          withCalibration((session) => {
            let result
            try {
              result = session.capture({ width, height, data: new Uint8ClampedArray(data) })
            } catch (e) {
              result = { corners: 0, accepted: false, reason: e instanceof Error ? e.message : String(e), views: session.views }
            }
            post({ type: 'calibrationCaptured', requestId, data, ...result }, [data])
          }, requestId)
          return
        }
        case 'calibrationSolve':
          withCalibration((session) => post({ type: 'calibrationSolved', requestId: message.requestId, result: session.solve() }, []), message.requestId)
          return
        case 'survey': {
          const request = message.request
          surveyQueue = surveyQueue.then(async () => {
            cv ??= await loadOpenCv()
            survey ??= createSurveySession(cv)
            survey.handle(request, (reply, transfer) => post({ type: 'survey', reply }, transfer))
          }).catch((e: unknown) => post({ type: 'survey', reply: { kind: 'failed', message: e instanceof Error ? e.message : String(e) } }, []))
          return
        }
        case 'calibrationReset': {
          const board = message.board
          calibrationQueue = calibrationQueue.then(() => {
            if (board) calibrationBoard = board
            calibration = null
          })
          return
        }
      }
    },
  }
}
