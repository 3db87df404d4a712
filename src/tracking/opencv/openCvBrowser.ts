// Browser (and Web Worker) entry for OpenCV.js: the static import Vite bundles. Never import this
// from code that runs under Node or vitest (see the pitfall in openCv.ts); Node uses require().
import cvModule from '@techstark/opencv-js'
import { loadOpenCv, registerOpenCv, type OpenCvHandle } from './openCv.ts'

export function loadOpenCvBrowser(timeoutMs?: number): Promise<OpenCvHandle> {
  registerOpenCv(cvModule)
  return loadOpenCv(timeoutMs)
}
