// The hand worker: MediaPipe Tasks' HandLandmarker (wasm from the app's own origin; CPU/XNNPACK by
// default, GPU on request), one frame at a time (VIDEO mode for a camera, IMAGE mode for photos). Loaded only when a mode turns hands on (never in the initial JS).
import { HandLandmarker } from '@mediapipe/tasks-vision'
import type { HandsReply, HandsRequest } from './handsProtocol.ts'

let landmarker: HandLandmarker | null = null
let mode: 'VIDEO' | 'IMAGE' = 'VIDEO'
const post = (m: HandsReply, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(m, transfer)

self.addEventListener('message', (event: MessageEvent<HandsRequest>) => {
  const m = event.data
  switch (m.type) {
    case 'init':
      void (async () => {
        const t0 = performance.now()
        try {
          mode = m.runningMode
          landmarker = await HandLandmarker.createFromOptions(
            { wasmLoaderPath: m.wasmLoaderUrl, wasmBinaryPath: m.wasmBinaryUrl },
            { baseOptions: { modelAssetBuffer: new Uint8Array(m.model), delegate: m.delegate }, runningMode: m.runningMode, numHands: m.numHands },
          )
          post({ type: 'ready', loadMs: performance.now() - t0 })
        } catch (e) {
          post({ type: 'error', message: `the hand model could not start: ${e instanceof Error ? e.message : String(e)}` })
        }
      })()
      return
    case 'frame': {
      const { bitmap } = m
      if (!landmarker) { bitmap.close(); return }
      const t0 = performance.now()
      try {
        const r = mode === 'VIDEO' ? landmarker.detectForVideo(bitmap, m.timeMs) : landmarker.detect(bitmap)
        const count = r.landmarks.length
        const landmarks = new Float32Array(count * 42)
        const scores = new Float32Array(count)
        for (let h = 0; h < count; h++) {
          const lm = r.landmarks[h]!
          for (let i = 0; i < 21; i++) {
            landmarks[h * 42 + i * 2] = lm[i]!.x
            landmarks[h * 42 + i * 2 + 1] = lm[i]!.y
          }
          scores[h] = r.handedness[h]?.[0]?.score ?? 0
        }
        post({ type: 'hands', frameId: m.frameId, timeMs: m.timeMs, width: bitmap.width, height: bitmap.height, count, landmarks, scores, inferMs: performance.now() - t0 }, [landmarks.buffer, scores.buffer])
      } catch (e) {
        post({ type: 'error', message: `hand detection failed: ${e instanceof Error ? e.message : String(e)}` })
      } finally {
        bitmap.close()
      }
      return
    }
    case 'close':
      landmarker?.close()
      landmarker = null
      return
  }
})
