// Starting the hand worker (MediaPipe HandLandmarker off the main thread), shared by the camera modes
// (handsRuntime.ts, VIDEO mode) and Photo mode (photoHands.ts, IMAGE mode). The wasm files are
// emitted by Vite from @mediapipe/tasks-vision and the model comes from handModelStore: all from the
// app's own origin. Also the tuning knobs a benchmark may set in the page URL.
import wasmLoaderUrl from '@mediapipe/tasks-vision/vision_wasm_module_internal.js?url'
import wasmBinaryUrl from '@mediapipe/tasks-vision/vision_wasm_module_internal.wasm?url'
import type { HandsReply, HandsRequest } from './handsProtocol.ts'
import { type HandModelChoice, loadHandModel } from './handModelStore.ts'

export const BUNDLED_MODEL_URL = new URL('../../../models/hand_landmarker.task', import.meta.url).href

export type HandsTuning = {
  /** Frames go to the model at most this wide, px (its own inputs are 192² and 224²). */
  inputPx: number
  delegate: 'CPU' | 'GPU'
  /** Hands looked for (VIDEO mode with more than one: hands.worker.ts runs a single-hand landmarker on most frames). */
  numHands: number
}

/**
 * Defaults: 640 px (the landmark model crops the hand from this frame, so a hand at arm's length
 * keeps ~160 px of detail for its 224² input; `npm run bench:hands` compares 320/480 on a given
 * machine), CPU (XNNPACK: the GPU delegate needs WebGL in the worker, software-rendered in headless
 * Chromium), two hands because players use both (`one-hand` in the bench: with one hand tracked the
 * palm detector then stops running).
 */
export const DEFAULT_HANDS_TUNING: HandsTuning = { inputPx: 640, delegate: 'CPU', numHands: 2 }

/** The tuning, with `?hands-input=320&hands-delegate=GPU&hands-max=1` overrides (benchmarks); bad values are ignored. */
export function handsTuning(search: string = typeof location === 'undefined' ? '' : location.search): HandsTuning {
  const q = new URLSearchParams(search)
  const input = Number(q.get('hands-input')), max = Number(q.get('hands-max')), delegate = q.get('hands-delegate')
  return {
    inputPx: Number.isInteger(input) && input >= 128 && input <= 4096 ? input : DEFAULT_HANDS_TUNING.inputPx,
    delegate: delegate === 'GPU' || delegate === 'CPU' ? delegate : DEFAULT_HANDS_TUNING.delegate,
    numHands: Number.isInteger(max) && max >= 1 && max <= 4 ? max : DEFAULT_HANDS_TUNING.numHands,
  }
}

export type HandWorker = {
  worker: Worker
  loadMs: number
  /** Where the model came from ('bundled', 'file NAME', 'url URL'). */
  source: string
  /** One frame (transferred, not copied). The reply comes to `onHands`. */
  send: (frameId: number, timeMs: number, bitmap: ImageBitmap, window?: readonly [number, number, number, number]) => void
  stop: () => void
}

export async function startHandWorker(
  choice: HandModelChoice,
  opts: { runningMode: 'VIDEO' | 'IMAGE'; tuning: HandsTuning },
  onHands: (m: Extract<HandsReply, { type: 'hands' }>) => void,
  onError: (message: string) => void,
): Promise<HandWorker> {
  const model = await loadHandModel(choice, BUNDLED_MODEL_URL)
  const worker = new Worker(new URL('./hands.worker.ts', import.meta.url), { type: 'module', name: 'hands' })
  const post = (m: HandsRequest, transfer: Transferable[] = []) => worker.postMessage(m, transfer)
  let loadMs = 0
  await new Promise<void>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<HandsReply>) => {
      const m = event.data
      if (m.type === 'ready') { loadMs = m.loadMs; resolve() }
      else if (m.type === 'error') { reject(new Error(m.message)); onError(m.message) }
      else onHands(m)
    })
    worker.addEventListener('error', (e) => reject(new Error(`the hand worker failed: ${e.message}`)))
    post({
      type: 'init', model: model.bytes, numHands: opts.tuning.numHands, runningMode: opts.runningMode, delegate: opts.tuning.delegate,
      wasmLoaderUrl: new URL(wasmLoaderUrl, location.href).href, wasmBinaryUrl: new URL(wasmBinaryUrl, location.href).href,
    }, [model.bytes])
  }).catch((e: unknown) => {
    worker.terminate()
    throw e
  })
  return {
    worker,
    loadMs,
    source: model.source,
    send: (frameId, timeMs, bitmap, window) => post({ type: 'frame', frameId, timeMs, bitmap, window }, [bitmap]),
    stop: () => {
      post({ type: 'close' })
      worker.terminate()
    },
  }
}
