// The tracking worker's core (real OpenCV) behind a loopback that delivers messages asynchronously,
// like postMessage: the worker protocol in Node tests, without a browser.
import { createTrackingWorkerCore } from '../../src/tracking/worker/workerCore.ts'
import type { TrackingReply, TrackingRequest, WorkerLike } from '../../src/tracking/worker/protocol.ts'
import { loadOpenCv } from '../../src/tracking/opencv/openCv.ts'

export function workerLoopback(): WorkerLike {
  const listeners = new Set<(e: { data: TrackingReply }) => void>()
  const core = createTrackingWorkerCore((message) => setTimeout(() => listeners.forEach((l) => l({ data: message })), 0), () => loadOpenCv())
  return {
    postMessage: (message: TrackingRequest) => setTimeout(() => core.handle(message), 0),
    addEventListener: (_type, l) => listeners.add(l),
    removeEventListener: (_type, l) => listeners.delete(l),
    terminate: () => listeners.clear(),
  }
}
