// Where the hand worker's frames come from: the camera's <video> (Camera mode), or the XR camera's
// image that XrCameraFeed reads back for the marker tracker (a phone in AR with camera access). Either
// way a frame (or the window of it the hand search asks for) leaves as an ImageBitmap scaled on the
// way, transferred to the worker.
import type { SearchWindow } from '../../tracking/index.ts'

export type HandFrameSource = {
  /** Calls `onFrame` once per new camera frame until the returned function is called. */
  subscribe: (onFrame: () => void) => () => void
  /** The current frame's size, px (0 while there is none). */
  width: () => number
  height: () => number
  /**
   * The `window` (integer px) of the current frame, scaled by `resize`, as a bitmap of its own (the
   * source may reuse its pixels after this returns).
   */
  grab: (window: SearchWindow, resize: ImageBitmapOptions) => Promise<ImageBitmap>
}

/** A <video>'s frames (requestVideoFrameCallback, or animation frames where there is none). */
export function videoFrameSource(video: HTMLVideoElement): HandFrameSource {
  return {
    subscribe: (onFrame) => {
      let live = true
      const tick = () => {
        if (!live) return
        onFrame()
        if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(tick)
        else requestAnimationFrame(tick)
      }
      tick()
      return () => { live = false }
    },
    width: () => (video.readyState >= 2 ? video.videoWidth : 0),
    height: () => (video.readyState >= 2 ? video.videoHeight : 0),
    grab: (w, resize) => createImageBitmap(video, w.x, w.y, w.width, w.height, resize),
  }
}

/**
 * Frames that arrive as RGBA pixels in a buffer the producer reuses (the XR camera's readback):
 * `publish` after each new frame. `grab` snapshots the pixels at once (createImageBitmap copies an
 * ImageData when it is called), so the producer may overwrite them as soon as it returns. The
 * ImageData view is made once per buffer, not per frame.
 */
export class PixelFrameSource implements HandFrameSource {
  private image: ImageData | null = null
  private listeners: Array<() => void> = []

  publish(pixels: Uint8Array<ArrayBuffer>, width: number, height: number): void {
    const img = this.image
    if (!img || img.width !== width || img.height !== height || img.data.buffer !== pixels.buffer || img.data.byteOffset !== pixels.byteOffset) {
      this.image = new ImageData(new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, width * height * 4), width, height)
    }
    for (const l of this.listeners) l()
  }

  subscribe = (onFrame: () => void): (() => void) => {
    this.listeners = [...this.listeners, onFrame]
    return () => { this.listeners = this.listeners.filter((l) => l !== onFrame) }
  }

  width = (): number => this.image?.width ?? 0
  height = (): number => this.image?.height ?? 0

  grab = (w: SearchWindow, resize: ImageBitmapOptions): Promise<ImageBitmap> =>
    this.image ? createImageBitmap(this.image, w.x, w.y, w.width, w.height, resize) : Promise.reject(new Error('no XR camera frame yet'))
}
