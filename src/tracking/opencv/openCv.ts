// Loading OpenCV.js (@techstark/opencv-js 4.12.0-release.1) and the slice of its API we use.
// Only src/tracking/opencv/ may touch cv.* (house style D.14).
//
// Pitfall (stack-probe §3): the Emscripten module is a *thenable*. Awaiting it, returning it from an
// async function or `await import()`-ing it never settles (its `then` resolves to itself, forever).
// Vitest loads external packages with `await import()`, so even a static import anywhere in a test's
// module graph spins the test worker. Hence:
// - in Node (CLI, tests, benchmarks) the module is `require()`d (synchronous, nothing awaited);
// - in the browser, `openCvBrowser.ts` (static import, used by the worker) registers it first;
// - either way we poll for `cv.Mat` and hand out a plain, non-thenable wrapper `{ cv }`.

/** An OpenCV Mat (the members we use). Must be `delete()`d. */
export type CvMat = {
  rows: number
  cols: number
  data: Uint8Array
  data32F: Float32Array
  data32S: Int32Array
  data64F: Float64Array
  type(): number
  delete(): void
  isDeleted(): boolean
  roi(rect: CvRect): CvMat
  setTo(value: unknown): CvMat
  copyTo(dst: CvMat): void
}
export type CvRect = { x: number; y: number; width: number; height: number }
export type CvMatVector = { size(): number; get(i: number): CvMat; push_back(m: CvMat): void; delete(): void }
export type CvDictionary = {
  markerSize: number
  maxCorrectionBits: number
  bytesList: CvMat
  generateImageMarker(id: number, sidePixels: number, img: CvMat, borderBits: number): void
  delete(): void
}
export type CvDetectorParameters = Record<string, number | boolean> & { delete(): void }
export type CvArucoDetector = {
  detectMarkers(image: CvMat, corners: CvMatVector, ids: CvMat, rejected: CvMatVector): void
  setDetectorParameters(p: CvDetectorParameters): void
  delete(): void
}
export type CvCharucoBoard = {
  getChessboardCorners(): unknown
  generateImage(size: unknown, img: CvMat, marginSize: number, borderBits: number): void
  matchImagePoints(corners: CvMatVector | CvMat, ids: CvMat, objPoints: CvMat, imgPoints: CvMat): void
  delete(): void
}
export type CvCharucoDetector = {
  detectBoard(image: CvMat, charucoCorners: CvMat, charucoIds: CvMat, markerCorners: CvMatVector, markerIds: CvMat): void
  delete(): void
}

/** The members of the OpenCV.js module this project calls. */
export type Cv = {
  Mat: { new (): CvMat; new (rows: number, cols: number, type: number): CvMat; new (rows: number, cols: number, type: number, scalar: unknown): CvMat }
  MatVector: new () => CvMatVector
  Size: new (w: number, h: number) => unknown
  Scalar: new (...v: number[]) => unknown
  TermCriteria: new (type: number, maxCount: number, epsilon: number) => unknown
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): CvMat
  CV_8UC1: number
  CV_8UC4: number
  CV_32FC2: number
  CV_32FC3: number
  CV_64F: number
  CV_64FC1: number
  CV_32S: number
  COLOR_RGBA2GRAY: number
  cvtColor(src: CvMat, dst: CvMat, code: number): void
  getPredefinedDictionary(code: number): CvDictionary
  aruco_Dictionary: new (bytesList: CvMat, markerSize: number, maxCorrectionBits: number) => CvDictionary
  aruco_DetectorParameters: new () => CvDetectorParameters
  aruco_RefineParameters: new (minRepDistance: number, errorCorrectionRate: number, checkAllOrders: boolean) => { delete(): void }
  aruco_ArucoDetector: new (d: CvDictionary, p: CvDetectorParameters, r: { delete(): void }) => CvArucoDetector
  aruco_CharucoBoard: new (size: unknown, squareLength: number, markerLength: number, d: CvDictionary, ids: CvMat) => CvCharucoBoard
  aruco_CharucoParameters: new () => Record<string, unknown> & { delete(): void }
  aruco_CharucoDetector: new (board: CvCharucoBoard, cp: unknown, dp: CvDetectorParameters, rp: unknown) => CvCharucoDetector
  calibrateCameraExtended(
    objectPoints: CvMatVector, imagePoints: CvMatVector, imageSize: unknown, cameraMatrix: CvMat, distCoeffs: CvMat,
    rvecs: CvMatVector, tvecs: CvMatVector, stdDevIntrinsics: CvMat, stdDevExtrinsics: CvMat, perViewErrors: CvMat, flags: number, criteria: unknown,
  ): number
  TERM_CRITERIA_COUNT: number
  TERM_CRITERIA_EPS: number
  adaptiveThreshold(src: CvMat, dst: CvMat, maxValue: number, method: number, type: number, blockSize: number, c: number): void
  findContours(image: CvMat, contours: CvMatVector, hierarchy: CvMat, mode: number, method: number): void
  arcLength(curve: CvMat, closed: boolean): number
  approxPolyDP(curve: CvMat, approx: CvMat, epsilon: number, closed: boolean): void
  convexHull(points: CvMat, hull: CvMat, clockwise: boolean, returnPoints: boolean): void
  isContourConvex(contour: CvMat): boolean
  ADAPTIVE_THRESH_MEAN_C: number
  THRESH_BINARY_INV: number
  RETR_LIST: number
  CHAIN_APPROX_SIMPLE: number
} & Record<string, unknown>

/**
 * A non-thenable handle on the ready module (safe to await, return and store). `readyMs`: from the
 * first loadOpenCv call to ready; `readyAtMs`: performance.now() when it was ready, which in a worker
 * is ms since the worker started (its script's download and parse, the wasm's fetch and compile, the
 * runtime's start: what a player waits for).
 */
export type OpenCvHandle = { readonly cv: Cv; readonly readyMs: number; readonly readyAtMs: number }

let pending: Promise<OpenCvHandle> | null = null
let registered: Record<string, unknown> | null = null

/** Hand over the module object from a static import (browser builds: see openCvBrowser.ts). */
export function registerOpenCv(module: unknown): void {
  if (!registered) registered = module as Record<string, unknown>
}

type NodeProcess = { versions?: { node?: string }; getBuiltinModule?: (id: string) => unknown }

function requireInNode(): Record<string, unknown> | null {
  const proc = (globalThis as { process?: NodeProcess }).process
  if (!proc?.versions?.node || !proc.getBuiltinModule) return null
  const { createRequire } = proc.getBuiltinModule('module') as { createRequire(url: string): (id: string) => unknown }
  return createRequire(import.meta.url)('@techstark/opencv-js') as Record<string, unknown>
}

/**
 * Resolve once OpenCV.js has initialised (~200 ms in Node, ~170 ms in a module worker).
 * Idempotent: every call returns the same promise.
 */
export function loadOpenCv(timeoutMs = 60_000): Promise<OpenCvHandle> {
  if (pending) return pending
  const started = performance.now()
  const raw = registered ?? requireInNode()
  if (!raw) return Promise.reject(new Error('OpenCV.js is not registered: call loadOpenCvBrowser() (src/tracking/opencv/openCvBrowser.ts) in browser builds'))
  pending = new Promise<OpenCvHandle>((resolve, reject) => {
    const poll = () => {
      if (typeof raw.Mat === 'function' && typeof raw.aruco_ArucoDetector === 'function') {
        const now = performance.now()
        resolve({ cv: raw as unknown as Cv, readyMs: now - started, readyAtMs: now })
        return
      }
      if (performance.now() - started > timeoutMs) {
        reject(new Error(`OpenCV.js did not initialise within ${timeoutMs} ms`))
        return
      }
      setTimeout(poll, 5)
    }
    poll()
  })
  return pending
}

/** Track temporaries and delete them all when `body` ends, even when it throws (house style D.14). */
export function withMats<T>(body: (track: <M extends { delete(): void }>(m: M) => M) => T): T {
  const owned: { delete(): void }[] = []
  const track = <M extends { delete(): void }>(m: M): M => {
    owned.push(m)
    return m
  }
  try {
    return body(track)
  } finally {
    for (let i = owned.length - 1; i >= 0; i--) owned[i]!.delete()
  }
}
