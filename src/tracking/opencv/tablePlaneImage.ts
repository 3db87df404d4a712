// The table plane seen from above: a frame resampled onto a grid of the table (cv.remap through a map
// the caller computes from the table lock), lightly smoothed (cv.GaussianBlur) and differentiated
// (cv.Sobel, per colour channel), for the search for bases (src/tracking/bases/voteBaseCentres.ts).
// Mats are made once per frame or grid size and reused; the results are copied into typed arrays
// owned here (valid until the next call). Only this folder touches cv.* (house style D.14).
import type { RgbaFrame } from '../types.ts'
import type { CvMat, OpenCvHandle } from './openCv.ts'

export type TablePlaneGradients = {
  width: number
  height: number
  /** Colour of each grid cell (RGBA). */
  rgba: Uint8Array
  /** Sobel derivatives per channel (x then y), 4 channels interleaved, ×1/8 of OpenCV's 3×3 kernel (levels per cell). */
  dx: Float32Array
  dy: Float32Array
}

type CvExtra = {
  remap(src: CvMat, dst: CvMat, mapX: CvMat, mapY: CvMat, interpolation: number, borderMode: number, borderValue: unknown): void
  GaussianBlur(src: CvMat, dst: CvMat, size: unknown, sigmaX: number, sigmaY: number, borderType: number): void
  Sobel(src: CvMat, dst: CvMat, ddepth: number, dx: number, dy: number, ksize: number, scale: number, delta: number, borderType: number): void
  INTER_LINEAR: number
  BORDER_CONSTANT: number
  BORDER_REPLICATE: number
  CV_32F: number
  CV_32FC1: number
}

export class TablePlaneImage {
  private readonly cv: OpenCvHandle['cv'] & CvExtra
  private frameMat: CvMat | null = null
  private mapX: CvMat | null = null
  private mapY: CvMat | null = null
  private plane: CvMat | null = null
  private smooth: CvMat | null = null
  private gx: CvMat | null = null
  private gy: CvMat | null = null
  private out: TablePlaneGradients | null = null

  constructor(handle: OpenCvHandle) {
    this.cv = handle.cv as OpenCvHandle['cv'] & CvExtra
  }

  /**
   * Resample `frame` at the image points `mapX`, `mapY` (px, one per grid cell, row-major; a point
   * outside the frame reads black) and return the grid's colour and colour derivatives.
   */
  gradients(frame: RgbaFrame, mapX: Float32Array, mapY: Float32Array, width: number, height: number, blurSigmaCells: number): TablePlaneGradients {
    const cv = this.cv
    if (!this.frameMat || this.frameMat.cols !== frame.width || this.frameMat.rows !== frame.height) {
      this.frameMat?.delete()
      this.frameMat = new cv.Mat(frame.height, frame.width, cv.CV_8UC4)
    }
    this.frameMat.data.set(frame.data)
    if (!this.mapX || this.mapX.cols !== width || this.mapX.rows !== height) {
      for (const m of [this.mapX, this.mapY, this.plane, this.smooth, this.gx, this.gy]) m?.delete()
      this.mapX = new cv.Mat(height, width, cv.CV_32FC1)
      this.mapY = new cv.Mat(height, width, cv.CV_32FC1)
      this.plane = new cv.Mat()
      this.smooth = new cv.Mat()
      this.gx = new cv.Mat()
      this.gy = new cv.Mat()
      this.out = { width, height, rgba: new Uint8Array(width * height * 4), dx: new Float32Array(width * height * 4), dy: new Float32Array(width * height * 4) }
    }
    this.mapX.data32F.set(mapX.subarray(0, width * height))
    this.mapY!.data32F.set(mapY.subarray(0, width * height))
    cv.remap(this.frameMat, this.plane!, this.mapX, this.mapY!, cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0, 0, 0, 0))
    if (blurSigmaCells > 0) cv.GaussianBlur(this.plane!, this.smooth!, new cv.Size(0, 0), blurSigmaCells, blurSigmaCells, cv.BORDER_REPLICATE)
    else this.plane!.copyTo(this.smooth!)
    cv.Sobel(this.smooth!, this.gx!, cv.CV_32F, 1, 0, 3, 0.125, 0, cv.BORDER_REPLICATE)
    cv.Sobel(this.smooth!, this.gy!, cv.CV_32F, 0, 1, 3, 0.125, 0, cv.BORDER_REPLICATE)
    const out = this.out!
    out.rgba.set(this.plane!.data.subarray(0, width * height * 4))
    out.dx.set(this.gx!.data32F.subarray(0, width * height * 4))
    out.dy.set(this.gy!.data32F.subarray(0, width * height * 4))
    return out
  }

  dispose(): void {
    for (const m of [this.frameMat, this.mapX, this.mapY, this.plane, this.smooth, this.gx, this.gy]) m?.delete()
    this.frameMat = this.mapX = this.mapY = this.plane = this.smooth = this.gx = this.gy = null
  }
}
