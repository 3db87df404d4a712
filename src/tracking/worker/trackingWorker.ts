// Web Worker entry (module worker, bundled by Vite): the tracking loop off the main thread.
// Create it with createTrackingWorker() (src/tracking/browser.ts) and talk to it with createTrackingClient().
import { loadOpenCvBrowser } from '../opencv/openCvBrowser.ts'
import { createTrackingWorkerCore } from './workerCore.ts'
import type { TrackingRequest } from './protocol.ts'

const scope = self as unknown as {
  postMessage(message: unknown, transfer: Transferable[]): void
  addEventListener(type: 'message', listener: (event: MessageEvent<TrackingRequest>) => void): void
}

const core = createTrackingWorkerCore((message, transfer) => scope.postMessage(message, transfer), () => loadOpenCvBrowser())
scope.addEventListener('message', (event) => core.handle(event.data))
