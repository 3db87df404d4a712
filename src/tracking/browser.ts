// Browser-only entry points of the tracking layer (the app imports these; Node code must not).
export { loadOpenCvBrowser } from './opencv/openCvBrowser.ts'

/** Start the tracking worker (a module worker Vite bundles with OpenCV.js inside). */
export function createTrackingWorker(): Worker {
  return new Worker(new URL('./worker/trackingWorker.ts', import.meta.url), { type: 'module', name: 'tracking' })
}
