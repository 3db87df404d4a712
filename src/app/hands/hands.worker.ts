// The hand worker: MediaPipe Tasks' HandLandmarker (wasm from the app's own origin; CPU/XNNPACK by
// default, GPU on request), one frame at a time (VIDEO mode for a camera, IMAGE mode for photos).
// Loaded only when a mode turns hands on (never in the initial JS).
//
// Two hands in VIDEO mode: a landmarker looking for two hands runs its palm detector on every frame
// while it tracks fewer than two, so one hand in view cost a detection and two landmark runs per frame
// (7.4 fps with a hand in view on the bench, against 17.3 fps looking for one: `npm run bench:hands`).
// So two landmarkers run: one looking for a single hand on most frames (it tracks that hand without
// detecting), and one looking for all of them every MULTI_EVERY-th frame, whose other hands are carried
// into the single one's frames until it runs again (where they do not overlap its hand).
import { HandLandmarker, type HandLandmarkerResult } from '@mediapipe/tasks-vision'
import { createHandObservation, moveNormalizedHand, sameHand, type HandObservation } from '../../tracking/hands/index.ts'
import type { HandsReply, HandsRequest } from './handsProtocol.ts'

/** Every this many frames the all-hands landmarker runs (the others: the single-hand one). */
const MULTI_EVERY = 4
/**
 * Hands found by the all-hands landmarker count in the single one's frames until it runs again, but
 * never longer than this after their frame, ms (a slow device: stale hands must not linger).
 */
const CARRY_MAX_MS = 1500
const MAX_HANDS = 4

let single: HandLandmarker | null = null
let multi: HandLandmarker | null = null
let mode: 'VIDEO' | 'IMAGE' = 'VIDEO'
let frames = 0
const post = (m: HandsReply, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(m, transfer)

// The all-hands landmarker's last hands (as fractions of the whole camera frame, not of the window
// they were seen in) and when (frame time, ms).
const carried: HandObservation[] = Array.from({ length: MAX_HANDS }, createHandObservation)
let carriedCount = 0
let carriedAtMs = -Infinity
let carriedAtFrame = -Infinity
const found: HandObservation[] = Array.from({ length: 2 * MAX_HANDS }, createHandObservation)

function toObservations(r: HandLandmarkerResult, out: HandObservation[], from: number): number {
  let n = 0
  for (let h = 0; h < r.landmarks.length && from + n < out.length; h++, n++) {
    const lm = r.landmarks[h]!
    const o = out[from + n]!
    for (let i = 0; i < 21; i++) {
      o.pointsPx[i * 2] = lm[i]!.x
      o.pointsPx[i * 2 + 1] = lm[i]!.y
    }
    o.score = r.handedness[h]?.[0]?.score ?? 0
  }
  return n
}

const WHOLE = [0, 0, 1, 1] as const

function copyHand(from: HandObservation, to: HandObservation): void {
  to.pointsPx.set(from.pointsPx)
  to.score = from.score
}

self.addEventListener('message', (event: MessageEvent<HandsRequest>) => {
  const m = event.data
  switch (m.type) {
    case 'init':
      void (async () => {
        const t0 = performance.now()
        try {
          mode = m.runningMode
          const files = { wasmLoaderPath: m.wasmLoaderUrl, wasmBinaryPath: m.wasmBinaryUrl }
          // tasks-vision takes the wasm module factory from the loader's global and clears it after one
          // use ("ModuleFactory not set." on a second landmarker), so it is put back before each.
          const loader = (await import(/* @vite-ignore */ m.wasmLoaderUrl)) as { default: unknown }
          const make = (numHands: number) => {
            ;(self as unknown as { ModuleFactory?: unknown }).ModuleFactory = loader.default
            return HandLandmarker.createFromOptions(files, { baseOptions: { modelAssetBuffer: new Uint8Array(m.model), delegate: m.delegate }, runningMode: m.runningMode, numHands })
          }
          if (m.runningMode === 'VIDEO' && m.numHands > 1) {
            single = await make(1)
            multi = await make(m.numHands)
          } else {
            multi = await make(m.numHands)
          }
          post({ type: 'ready', loadMs: performance.now() - t0 })
        } catch (e) {
          post({ type: 'error', message: `the hand model could not start: ${e instanceof Error ? e.message : String(e)}` })
        }
      })()
      return
    case 'frame': {
      const { bitmap } = m
      if (!multi) { bitmap.close(); return }
      const t0 = performance.now()
      try {
        let count: number
        if (mode === 'IMAGE') {
          count = toObservations(multi.detect(bitmap), found, 0)
        } else if (!single || frames++ % MULTI_EVERY === 0) {
          count = toObservations(multi.detectForVideo(bitmap, m.timeMs), found, 0)
          if (single) {
            carriedCount = Math.min(count, MAX_HANDS)
            for (let h = 0; h < carriedCount; h++) {
              copyHand(found[h]!, carried[h]!)
              moveNormalizedHand(carried[h]!, WHOLE, m.window ?? WHOLE)
            }
            carriedAtMs = m.timeMs
            carriedAtFrame = frames
          }
        } else {
          count = toObservations(single.detectForVideo(bitmap, m.timeMs), found, 0)
          // The other hands the all-hands landmarker saw lately, where they are not this hand.
          if (frames - carriedAtFrame <= MULTI_EVERY && m.timeMs - carriedAtMs <= CARRY_MAX_MS) {
            const own = count > 0 ? found[0]! : null
            for (let h = 0; h < carriedCount && count < MAX_HANDS; h++) {
              const c = found[count]!
              copyHand(carried[h]!, c)
              moveNormalizedHand(c, m.window ?? WHOLE, WHOLE)
              if (!own || !sameHand(own, c)) count++
            }
          }
        }
        const landmarks = new Float32Array(count * 42)
        const scores = new Float32Array(count)
        for (let h = 0; h < count; h++) {
          landmarks.set(found[h]!.pointsPx, h * 42)
          scores[h] = found[h]!.score
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
      single?.close()
      multi?.close()
      single = null
      multi = null
      return
  }
})
