// The app's handle on the tracking worker (src/tracking): created when a camera mode starts, so
// OpenCV (≈10 MB, inside the worker's own bundle) loads only in the modes that need it.
import type { BaseTrackingSetup, Registry, TrackingClient, TrackingRequest, TrackingResultMessage } from '../../tracking/index.ts'

/**
 * The tracking worker, as src/tracking/browser.ts's createTrackingWorker makes it. Not imported
 * from there: browser.ts also re-exports the OpenCV loader, which would pull OpenCV.js (~10 MB)
 * into a main-thread chunk; only the worker needs it.
 */
function createTrackingWorker(): Worker {
  return new Worker(new URL('../../tracking/worker/trackingWorker.ts', import.meta.url), { type: 'module', name: 'tracking' })
}

export type TrackingRuntime = {
  client: TrackingClient
  /** Resolves with the next result (after the given frame id, if any). */
  nextResult: (afterFrameId?: number) => Promise<TrackingResultMessage>
  dispose: () => void
}

/** A worker started ahead of time (prewarmTracking), taken by the next startTracking. */
let warm: Worker | null = null

/**
 * Start the tracking worker and its OpenCV load now (~10 MB of wasm to compile), so that it is ready
 * when the camera is: call it when the camera is asked for. The next startTracking takes this worker.
 */
export function prewarmTracking(): void {
  if (warm || typeof Worker === 'undefined') return
  warm = createTrackingWorker()
  const load: TrackingRequest = { type: 'load' }
  warm.postMessage(load)
}

/**
 * The tracking worker for another job it does (the table survey: its 'survey' messages): the warm one
 * when there is one (its OpenCV already loaded), else a new one. Give it back with returnTrackingWorker.
 */
export function takeTrackingWorker(): Worker {
  const worker = warm ?? createTrackingWorker()
  warm = null
  return worker
}

/** A worker back from another job: the next startTracking takes it (OpenCV loaded), unless one is warm already. */
export function returnTrackingWorker(worker: Worker): void {
  if (warm) worker.terminate()
  else warm = worker
}

/** Stop the worker prewarmTracking started if nothing took it (the camera mode closed unused). */
export function releaseWarmTracking(): void {
  warm?.terminate()
  warm = null
}

export async function startTracking(registry: Registry, onResult: (m: TrackingResultMessage) => void, onError: (message: string) => void, bases: BaseTrackingSetup | null = null): Promise<TrackingRuntime> {
  const { createTrackingClient } = await import('../../tracking/index.ts')
  const waiters: Array<{ after: number; resolve: (m: TrackingResultMessage) => void }> = []
  const worker = warm ?? createTrackingWorker()
  warm = null
  const client = createTrackingClient(worker, {
    registry,
    bases,
    onResult: (m) => {
      onResult(m)
      for (let i = waiters.length - 1; i >= 0; i--) {
        const w = waiters[i]!
        if (m.frameId > w.after) {
          waiters.splice(i, 1)
          w.resolve(m)
        }
      }
    },
    onError,
  })
  return {
    client,
    nextResult: (after = 0) => new Promise((resolve) => waiters.push({ after, resolve })),
    dispose: () => client.dispose(),
  }
}
