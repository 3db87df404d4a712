// Messages between the app and the hand worker (MediaPipe HandLandmarker, off the main thread).
// Frames go over as transferred ImageBitmaps (at most two in flight: the one the worker reads and the
// next; handsRuntime.ts); hands come back as normalized landmarks (0..1 of the frame), 21 × (x, y) per hand.

export type HandsRequest =
  | {
      type: 'init'
      model: ArrayBuffer
      wasmLoaderUrl: string
      wasmBinaryUrl: string
      numHands: number
      /** VIDEO: tracks between frames (the palm detector runs only while fewer than numHands hands are tracked); IMAGE: every frame on its own (photos). */
      runningMode: 'VIDEO' | 'IMAGE'
      /** Where the TFLite graphs run: CPU (XNNPACK) or GPU (WebGL in the worker's OffscreenCanvas). */
      delegate: 'CPU' | 'GPU'
    }
  | {
      type: 'frame'
      frameId: number
      timeMs: number
      bitmap: ImageBitmap
      /**
       * Where the bitmap sits in the camera frame, as fractions of it: x, y, width, height (the hand
       * search's window; absent: the whole frame). Hands carried from one frame to another are moved
       * through it, since the window may differ between the two.
       */
      window?: readonly [number, number, number, number]
    }
  | { type: 'close' }

export type HandsReply =
  | { type: 'ready'; loadMs: number }
  | {
      type: 'hands'
      frameId: number
      timeMs: number
      width: number
      height: number
      count: number
      /** count × 42 numbers: x0, y0, … x20, y20, normalized (MediaPipe: 0..1 of width/height). */
      landmarks: Float32Array
      scores: Float32Array
      inferMs: number
    }
  | { type: 'error'; message: string }
