// Hands in a camera mode: the hand worker fed with the camera's frames (latest frame wins), its
// landmarks turned into image px for the tracking feed (occlusion: held / moving models) and the
// gesture tracker (cursors, dwell selection, pinch measure, palm clear). Selection changes go to the
// app store when they happen; cursors and the measure are read per animation frame by the overlay
// (never React state). Loaded lazily (dynamic import) with the worker and the model.
// Hot path (onHands): no allocation beyond the worker's transferred arrays; scratch allocated once.
import {
  GestureTracker, HandSearch, createHandObservation, createSearchWindow, type SearchWindow, type GestureModel, type GestureState, type GestureSwitches, type HandObservation,
} from '../../tracking/index.ts'
import type { Scene } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import type { TrackingFeed } from '../camera/liveTracking.ts'
import type { HandsReply } from './handsProtocol.ts'
import type { HandModelChoice } from './handModelStore.ts'
import { type HandsTuning, handsTuning, startHandWorker } from './handWorker.ts'
import { setPinchView } from './pinchMeasure.ts'
import type { HandFrameSource } from './handFrameSource.ts'

const MAX_HANDS = 4
const RATE_WINDOW = 60
/**
 * Frames in flight to the worker: the one it is reading and one waiting. Taking a frame out of the
 * video (scaling it into an ImageBitmap) and carrying it over takes as long as a third to a half of
 * an inference, so with one frame at a time the worker sat idle that long on every frame; with the
 * next frame already waiting it starts again as soon as it is done (`npm run bench:hands`).
 */
const IN_FLIGHT = 2
/** Weight of a new sample in the running mean of inference ms (the stats). */
const MEAN_WEIGHT = 0.2
/** Slots of the per-frame ring (frame size and time by frame id); more than IN_FLIGHT. */
const SLOTS = 4
/** A frame not answered after this long is forgotten (the worker failed on it or lost it). */
const IN_FLIGHT_TIMEOUT_MS = 2000

export type HandsStats = {
  fps: number | null
  inferMs: number | null
  /** Camera frame taken → hands applied on the main thread, ms (median over the rate window). */
  frameToHandsMs: number | null
  hands: number
  source: string
  loadMs: number
  tuning: HandsTuning
}

export type HandsRuntime = {
  gestures: GestureState
  /** The last hands frame's size (px) the cursors are in. */
  frameSize: { width: number; height: number }
  /** The camera's table lock (to draw table points, e.g. the pinch measure, over the image). */
  holder: TrackingFeed['holder']
  setSwitches: (s: Partial<GestureSwitches>) => void
  stats: () => HandsStats
  stop: () => void
}

/** Scene models as the gesture tracker sees them (rebuilt when the scene object changes, not per frame). */
function gestureModels(scene: Scene): GestureModel[] {
  return scene.models.map((m) => ({
    id: m.id,
    position: [m.position[0], m.position[1]] as const,
    radiusMm: m.base.shape === 'round' ? m.base.diameter / 2 : Math.max(m.base.length, m.base.width) / 2,
    uncertaintyMm: m.uncertainty ?? 0,
  }))
}

export async function startHands(source: HandFrameSource, feed: Pick<TrackingFeed, 'setHands' | 'holder'>, choice: HandModelChoice, onError: (message: string) => void, tuning: HandsTuning = handsTuning()): Promise<HandsRuntime> {
  const observations: HandObservation[] = Array.from({ length: MAX_HANDS }, createHandObservation)
  const gestures = new GestureTracker({}, tuning.numHands)
  const frameSize = { width: 0, height: 0 }
  const times = new Float64Array(RATE_WINDOW)
  const lags = new Float64Array(RATE_WINDOW)
  let results = 0, lastCount = 0
  let inFlight = 0, lastSentMs = 0, stopped = false, frameId = 0, appliedVersion = 0
  let inferMeanMs = 0
  const mean = (m: number, x: number) => (m === 0 ? x : m + MEAN_WEIGHT * (x - m))
  let modelsFor: Scene | null = null
  let models: GestureModel[] = []

  // Where in the frame the model looks: the whole frame, or a tile while small hands are searched for
  // and tracked (src/tracking/hands/handSearch.ts).
  const search = new HandSearch()
  // Per frame in flight (slot = frame id mod SLOTS): the camera frame's size when it was taken, the
  // window of it sent (landmarks are normalized to the window: px are of the full frame) and when.
  const slotWidth = new Float64Array(SLOTS), slotHeight = new Float64Array(SLOTS), slotTimeMs = new Float64Array(SLOTS)
  const slotWindow: SearchWindow[] = Array.from({ length: SLOTS }, createSearchWindow)
  const onHands = (m: Extract<HandsReply, { type: 'hands' }>) => {
    const slot = m.frameId % SLOTS
    inferMeanMs = mean(inferMeanMs, m.inferMs)
    if (inFlight > 0) inFlight--
    const width = slotWidth[slot]!, height = slotHeight[slot]!
    const w = slotWindow[slot]!
    frameSize.width = width
    frameSize.height = height
    for (let h = 0; h < m.count && h < MAX_HANDS; h++) {
      const base = h * 42
      for (let i = 0; i < 21; i++) {
        // MediaPipe's normalized coordinates (pixel edges at 0 and 1 of the window) → OpenCV's
        // pixel-centre px of the full frame.
        observations[h]!.pointsPx[i * 2] = w.x + m.landmarks[base + i * 2]! * w.width - 0.5
        observations[h]!.pointsPx[i * 2 + 1] = w.y + m.landmarks[base + i * 2 + 1]! * w.height - 0.5
      }
      observations[h]!.score = m.scores[h]!
    }
    const count = Math.min(m.count, MAX_HANDS, tuning.numHands)
    search.report(w, width, height, observations, count)
    feed.setHands(observations, count, m.timeMs)
    const s = useApp.getState()
    if (s.scene !== modelsFor) { modelsFor = s.scene; models = gestureModels(s.scene) }
    if (gestures.state.selectionVersion === appliedVersion) gestures.syncSelection(s.attackerId, s.targetId)
    const lock = feed.holder.lock
    gestures.update(observations, count, lock && lock.locked ? lock : null, models, m.timeMs)
    if (gestures.state.selectionVersion !== appliedVersion) {
      appliedVersion = gestures.state.selectionVersion
      const g = gestures.state
      if (g.lastEvent === 'cleared') s.clearSelection()
      else if (g.lastEvent === 'attacker' && g.attackerId) s.setAttacker(g.attackerId)
      else if (g.lastEvent === 'target' && g.targetId) s.setTarget(g.targetId)
    }
    setPinchView(gestures.state.measure)
    const now = performance.now()
    times[results % RATE_WINDOW] = now
    lags[results % RATE_WINDOW] = now - m.timeMs
    results++
    lastCount = m.count
  }

  const hw = await startHandWorker(choice, { runningMode: 'VIDEO', tuning }, onHands, onError)
  // The camera frame is scaled on the way into the ImageBitmap (no canvas, no pixel copy on this
  // thread) and transferred to the worker.
  const resize: ImageBitmapOptions = { resizeWidth: 0, resizeHeight: 0, resizeQuality: 'low' }
  // One sender per slot, made once: the bitmap goes out with its own frame's id and time.
  const slotId = new Int32Array(SLOTS)
  // Each slot's window as fractions of its frame (one tuple per slot, rewritten in place).
  const slotFractions = Array.from({ length: SLOTS }, () => [0, 0, 1, 1] as [number, number, number, number])
  const senders = Array.from({ length: SLOTS }, (_, slot) => (bitmap: ImageBitmap) => {
    if (stopped) bitmap.close()
    else hw.send(slotId[slot]!, slotTimeMs[slot]!, bitmap, slotFractions[slot])
  })
  const dropped = () => { if (inFlight > 0) inFlight-- }

  const pump = () => {
    if (stopped) return
    const now = performance.now()
    if (inFlight > 0 && now - lastSentMs > IN_FLIGHT_TIMEOUT_MS) inFlight = 0
    const width = source.width(), height = source.height()
    if (inFlight < IN_FLIGHT && width > 0 && height > 0) {
      const id = ++frameId
      const slot = id % SLOTS
      inFlight++
      lastSentMs = now
      slotId[slot] = id
      slotTimeMs[slot] = now
      slotWidth[slot] = width
      slotHeight[slot] = height
      const w = search.next(width, height, slotWindow[slot]!)
      const f = slotFractions[slot]!
      f[0] = w.x / width; f[1] = w.y / height; f[2] = w.width / width; f[3] = w.height / height
      const scale = Math.min(1, tuning.inputPx / w.width)
      resize.resizeWidth = Math.max(1, Math.round(w.width * scale))
      resize.resizeHeight = Math.max(1, Math.round(w.height * scale))
      source.grab(w, resize).then(senders[slot], dropped)
    }
  }
  const unsubscribe = source.subscribe(pump)

  return {
    gestures: gestures.state,
    frameSize,
    holder: feed.holder,
    setSwitches: (sw) => gestures.setSwitches(sw),
    stats: () => {
      const n = Math.min(results, RATE_WINDOW)
      const first = times[(results - n + RATE_WINDOW) % RATE_WINDOW]!, last = times[(results - 1 + RATE_WINDOW) % RATE_WINDOW]!
      const lag = Array.from(lags.subarray(0, n)).sort((a, b) => a - b)
      return { fps: n > 1 && last > first ? ((n - 1) * 1000) / (last - first) : null, inferMs: inferMeanMs > 0 ? inferMeanMs : null, frameToHandsMs: n > 0 ? lag[Math.floor((n - 1) / 2)]! : null, hands: lastCount, source: hw.source, loadMs: hw.loadMs, tuning }
    },
    stop: () => {
      stopped = true
      unsubscribe()
      hw.stop()
      setPinchView(null)
      feed.setHands(observations, 0, performance.now())
    },
  }
}
