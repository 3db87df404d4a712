// The live camera loop: camera frames (video, or the XR camera) → tracking worker (latest frame wins) → a non-reactive pose
// buffer read per frame by the overlay; the status line and the scene are updated at human pace.
// While the phone moves (the worker's CaptureStats.holdStill) the scene keeps its poses and a
// ruling waits; the camera's exposure follows the hand's shake (cameraConstraints.ts).
// Hot path (onFrame/onResult): no React state, no allocation beyond the worker's recycled buffers.
import { type CameraIntrinsics, type HandObservation, type Registry, type TrackingResultMessage, HandTrackingGate, trackedCameraOf } from '../../tracking/index.ts'
import { useApp } from '../state/appStore.ts'
import type { Freeze } from '../record/rulingRecord.ts'
import { type TrackingRuntime, startTracking } from './trackingRuntime.ts'
import { mergePoses } from './trackedScene.ts'
import type { LockHolder } from './RegisteredOverlay.tsx'
import type { CalibrationTarget } from './calibrationFlow.ts'
import { CameraTuner, cameraStartedAt } from './cameraConstraints.ts'
import { DoubtLog, doubtedAmong, doubtedPickText } from './doubtedPoses.ts'
import { modelNames } from '../format/names.ts'
import { notOnTable, withWaiting } from './realTable.ts'
import { baseSetupForTable, baseStatusOf, setBaseTeacher } from './baseTracking.ts'
import type { BaseShape } from '../../engine/index.ts'
import { startTurnSensor, type TurnSensorState } from './turnSensor.ts'

const STATUS_EVERY_MS = 250
const SCENE_EVERY_MS = 500
const LATENCY_WINDOW = 120
const MOVE_EPS_MM = 0.5
const MOVE_EPS_DEG = 0.5
/**
 * Hands seen longer ago than this (vs the marker frame's time) do not count as over the table, ms;
 * or, when hand results come slower than every HANDS_FRESH_MS / 2 (a slow device), longer than two
 * of their intervals: a slow hand model must not let the models under a hand go between its results.
 */
const HANDS_FRESH_MS = 400
/** Weight of a new interval in the running mean of the time between hand results. */
const HANDS_INTERVAL_WEIGHT = 0.2
/** Frames a freeze averages at most (the pose filter keeps 30). */
const FREEZE_FRAMES = 30
/** "Rule on this" waits this long for hands to leave the ruled models and for them to come to rest, ms. */
const HAND_WAIT_MS = 4000
/** The camera's exposure is refitted to the hand's shake this often, ms. */
const TUNE_EVERY_MS = 1000
/** Tracker cost samples kept for the resolution choice. */
const COST_WINDOW = 60
/** A doubted object not seen for this long is forgotten (the pose filter's stale time). */
const DOUBT_FORGET_MS = 1500
/** How long after a model's last sure view a doubt waits before the card withdraws its verdict (doubtedPoses.ts's DoubtLog). */
const DOUBT_SURE_GRACE_MS = 1000

/** When the live camera reached each step (performance.now() ms; null: not yet): what a player waits for. */
export type CaptureTimeline = {
  cameraStartedMs: number | null
  firstFrameMs: number | null
  trackerReadyMs: number | null
  /** OpenCV ready in the tracking worker, ms since that worker started (prewarmTracking starts it when the camera mode opens). */
  openCvReadyInWorkerMs: number | null
  lockedMs: number | null
  /** Every model of the registry placed (tracked, not stale) on a locked table. */
  allPlacedMs: number | null
  framesUsed: number
  framesRejected: number
  framesUnlocked: number
}

declare global {
  interface Window {
    /** The live camera's timeline and granted settings (benchmark and browser tests). */
    __tabletopCapture?: { timeline: () => CaptureTimeline; camera: () => import('./cameraConstraints.ts').GrantedCamera | null }
  }
}

export type LiveTracking = {
  holder: LockHolder
  /** Camera frame captured → tracking result on the main thread, ms (median, p95 over the window). */
  latency: () => { medianMs: number | null; p95Ms: number | null; samples: number }
  /** Start the latency window afresh (a benchmark comparing two conditions). */
  resetLatency: () => void
  /**
   * "Rule on this": average the recent frames in the worker, put them on the table, report the uncertainty.
   * Waits (up to 4 s) while a hand holds a ruled model, and then averages only frames after it left;
   * 'refused' when the hand stays.
   */
  freeze: () => Promise<Freeze | null | 'refused'>
  /** The hand tracker's latest hands (landmarks in this feed's camera image px, first `count`), seen at `timeMs`. */
  setHands: (hands: readonly HandObservation[], count: number, timeMs: number) => void
  /** Hands over the table: which tracked models are held, moving or settling. */
  hands: HandTrackingGate
  /** The in-app calibration flow on this camera (views of the ChArUco board, solved in the worker). */
  calibration: CalibrationTarget
  stop: () => void
}

/** A camera error as a sentence with a way on. */
export function cameraErrorText(e: unknown): string {
  const name = e instanceof DOMException ? e.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Camera permission was refused. Allow the camera for this site in the browser settings, or use Photo or the planner.'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device. Use Photo (an image file) or the planner.'
  if (name === 'NotReadableError' || name === 'AbortError') return 'The camera is busy or could not start (another app may be using it). Close it and try again, or use Photo or the planner.'
  return `The camera could not start: ${e instanceof Error ? e.message : String(e)}. Use Photo or the planner.`
}

/** The base of a model on the table or waiting to be put on it. */
function baseOfModel(id: string): BaseShape | undefined {
  const scene = useApp.getState().scene
  return (scene.models.find((m) => m.id === id) ?? notOnTable(scene)?.models.find((m) => m.id === id))?.base
}

/** A model's name for a message. */
function nameOf(id: string): string {
  const scene = useApp.getState().scene
  const m = scene.models.find((x) => x.id === id) ?? notOnTable(scene)?.models.find((x) => x.id === id)
  return m?.name || id
}

/** Every one of `models` tracked (not stale): marker-tracked ones, and base-tracked ones whose identity is certain. */
function allPlaced(models: readonly string[], tracked: TrackingResultMessage['tracked']): boolean {
  for (const id of models) {
    let found = false
    for (const t of tracked) if (t.kind === 'model' && t.id === id && t.state !== 'stale') { found = true; break }
    if (!found) return false
  }
  return true
}

function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!
}

export type TrackingFeed = LiveTracking & {
  /** Offer one RGBA camera frame (copied; latest frame wins), with the device's turn rate then (°/s) where there is a reading. Returns its frame id. */
  submit: (frame: { width: number; height: number; data: Uint8ClampedArray | Uint8Array }, timeMs: number, rotationDegPerS?: number) => number
  /** When the feed reached each step. */
  timeline: CaptureTimeline
  /** Tracker cost per frame megapixel, ms (median of the recent results; NaN before any). */
  msPerMegapixel: () => number
}

export type FeedOptions = {
  /** Where the frames come from (the freeze's source in a ruling record, and the scene's tracking note). */
  source: 'camera' | 'xr'
  /** A still of the current camera image for the calibration flow, or null when there is none. */
  grab: () => { width: number; height: number; data: Uint8ClampedArray } | null
  /** Every tracking result, after the feed's own bookkeeping (per frame: no React state here). */
  onResult?: (m: TrackingResultMessage) => void
  /** The camera's settings for the status (null: not a camera whose settings can be read). */
  camera?: () => import('./cameraConstraints.ts').GrantedCamera | null
  /** The motion sensor's state for the status (turnSensor.ts; absent: not a handheld camera's feed). */
  turnSensor?: (nowMs: number) => TurnSensorState
}

/** The live video camera: its frames pumped into a tracking feed as fast as the worker takes them. */
export async function startLiveTracking(video: HTMLVideoElement, registry: Registry, calibration: CameraIntrinsics | null): Promise<LiveTracking> {
  const still = document.createElement('canvas')
  const track = video.srcObject instanceof MediaStream ? video.srcObject.getVideoTracks()[0] ?? null : null
  const tuner = track ? new CameraTuner(track) : null
  const sensor = startTurnSensor()
  const feed = await startTrackingFeed(registry, calibration, {
    source: 'camera',
    camera: () => tuner?.granted ?? null,
    turnSensor: sensor.state,
    grab: () => {
      if (video.readyState < 2 || video.videoWidth === 0) return null
      still.width = video.videoWidth
      still.height = video.videoHeight
      const c = still.getContext('2d', { willReadFrequently: true })!
      c.drawImage(video, 0, 0)
      return c.getImageData(0, 0, still.width, still.height)
    },
  })
  let stopped = false
  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!
  const pump = () => {
    if (stopped) return
    if (video.readyState >= 2 && video.videoWidth > 0) {
      if (canvas.width !== video.videoWidth || canvas.height !== video.videoHeight) {
        canvas.width = video.videoWidth
        canvas.height = video.videoHeight
      }
      ctx.drawImage(video, 0, 0)
      const now = performance.now()
      feed.timeline.firstFrameMs ??= now
      feed.submit(ctx.getImageData(0, 0, canvas.width, canvas.height), now, sensor.rateAt(now))
    }
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(pump)
    else requestAnimationFrame(pump)
  }
  pump()
  feed.timeline.cameraStartedMs = track ? cameraStartedAt(track) : null
  // The exposure follows the hand's shake, measured while held (not during a sweep).
  const tuneTimer = tuner && setInterval(() => {
    const c = useApp.getState().tracking.capture
    if (c && !c.holdStill) void tuner.tune(c.shakePxPerS, feed.msPerMegapixel())
  }, TUNE_EVERY_MS)
  return {
    ...feed,
    stop: () => {
      stopped = true
      sensor.stop()
      if (tuneTimer) clearInterval(tuneTimer)
      feed.stop()
    },
  }
}

/**
 * A tracking feed: the worker, the non-reactive lock holder, the status line and the scene kept up
 * to date at human pace, freeze for "Rule on this", and the calibration flow. Frames come from the
 * caller (the video pump above, or the XR camera in xr/XrCameraFeed.tsx).
 */
export async function startTrackingFeed(registry: Registry, calibration: CameraIntrinsics | null, opts: FeedOptions): Promise<TrackingFeed> {
  const holder: LockHolder = { lock: null }
  const latencies = new Float64Array(LATENCY_WINDOW)
  let latencyCount = 0
  let results = 0
  let latest: TrackingResultMessage | null = null
  const gate = new HandTrackingGate(registry)
  const handsIn: { list: readonly HandObservation[]; count: number; timeMs: number; intervalMs: number } = { list: [], count: 0, timeMs: -Infinity, intervalMs: 0 }
  const timeline: CaptureTimeline = { cameraStartedMs: null, firstFrameMs: null, trackerReadyMs: null, openCvReadyInWorkerMs: null, lockedMs: null, allPlacedMs: null, framesUsed: 0, framesRejected: 0, framesUnlocked: 0 }
  // Models with no marker are found by their bases (issue 34): the worker is told which, where the
  // table last had them and how far their game lets them move.
  let bases = await baseSetupForTable(registry)
  const baseModels = () => new Set(bases?.models.map((m) => m.id) ?? [])
  let registryModels = [...new Set([...registry.markers.flatMap((m) => (m.role === 'model' ? [m.model] : [])), ...baseModels()])]
  // A phone's camera held over the table waits for a still view; in AR the viewer walks around the
  // table by design (blurred frames still move nothing there: the worker's fusion leaves them out).
  const waitsForStill = opts.source === 'camera'
  const costs = new Float64Array(COST_WINDOW)
  let costCount = 0
  // What the tracker doubts (never placed; ghosts): read from the latest frame at human pace.
  const doubts = new DoubtLog(DOUBT_FORGET_MS, DOUBT_SURE_GRACE_MS)
  let doubtsAt = -1
  const refreshDoubts = () => {
    if (!latest || doubtsAt === results) return
    doubtsAt = results
    const lock = latest.result.table
    doubts.update(lock.locked ? latest.result.objects : [], { twoMarkers: lock.locked && lock.twoMarkers, fitPx: lock.locked ? lock.reprojectionErrorPx : null }, performance.now())
  }

  const onResult = (m: TrackingResultMessage) => {
    holder.lock = m.result.table
    holder.changed?.()
    latest = m
    const now = performance.now()
    costs[costCount++ % COST_WINDOW] = (m.result.timing.totalMs * 1e6) / (m.result.width * m.result.height)
    timeline.framesUsed = m.capture.framesUsed
    timeline.framesRejected = m.capture.framesRejected
    timeline.framesUnlocked = m.capture.framesUnlocked
    if (m.result.table.locked) {
      timeline.lockedMs ??= now
      if (timeline.allPlacedMs === null && allPlaced(registryModels, m.tracked)) timeline.allPlacedMs = now
    }
    const freshMs = Math.max(HANDS_FRESH_MS, 2 * handsIn.intervalMs)
    gate.update(m.result, m.tracked, handsIn.list, Math.abs(m.timeMs - handsIn.timeMs) <= freshMs ? handsIn.count : 0, m.timeMs)
    latencies[latencyCount % LATENCY_WINDOW] = performance.now() - m.timeMs
    latencyCount++
    results++
    opts.onResult?.(m)
  }
  const runtime: TrackingRuntime = await startTracking(registry, onResult, (message) => useApp.getState().setTracking({ state: 'error', message }), bases)
  setBaseTeacher((label, modelId) => runtime.client.teachBase(label, modelId))
  const { openCvReadyAtMs } = await runtime.client.ready
  timeline.trackerReadyMs = performance.now()
  timeline.openCvReadyInWorkerMs = openCvReadyAtMs
  runtime.client.setCalibration(calibration)
  // A marker taught in the view ("Which model is this?", setup/WhichModel.tsx) changes the registry in force: track with it from the next frame.
  const unsubscribeRegistry = useApp.subscribe((s, before) => {
    if (s.registry === before.registry || !s.registry) return
    registry = s.registry.registry
    runtime.client.setRegistry(registry)
    gate.setRegistry(registry)
    // A model given a marker is no longer looked for by its base.
    void baseSetupForTable(registry).then((next) => {
      bases = next
      registryModels = [...new Set([...registry.markers.flatMap((m) => (m.role === 'model' ? [m.model] : [])), ...baseModels()])]
      runtime.client.setBases(next)
    })
  })
  window.__tabletopCapture = { timeline: () => ({ ...timeline }), camera: () => opts.camera?.() ?? null }

  // The scene follows the tracked (smoothed) poses; one undo step brings back the table before.
  const s0 = useApp.getState()
  s0.replaceScene(s0.scene)
  let lastResults = 0
  let lastStatusAt = performance.now()
  const statusTimer = setInterval(() => {
    const now = performance.now()
    const lock = latest?.result.table
    const window = Math.min(latencyCount, LATENCY_WINDOW)
    const sorted = Array.from(latencies.subarray(0, window)).sort((a, b) => a - b)
    refreshDoubts()
    useApp.getState().setTracking({
      state: 'running',
      message: gate.statusText() ? `${opts.source} · ${gate.statusText()}` : opts.source,
      markersSeen: latest?.result.detections.length ?? 0,
      tableLocked: lock?.locked === true,
      lockReason: lock && !lock.locked ? lock.reason : null,
      tableMarkersSeen: lock?.referenceIds.length ?? 0,
      doubted: doubts.doubted(performance.now()),
      reprojectionErrorPx: lock?.locked ? lock.reprojectionErrorPx : null,
      lockOnTwoMarkers: lock?.locked === true && lock.twoMarkers,
      fps: ((results - lastResults) * 1000) / (now - lastStatusAt),
      latencyMs: quantile(sorted, 0.5),
      // For the card's tracking warnings (issue 14): placed from these frames, held, stale.
      placedModels: lock?.locked ? (latest?.tracked ?? []).filter((t) => t.kind === 'model' && t.state !== 'stale' && gate.isFree('model', t.id) && !doubts.isDoubted('model', t.id)).map((t) => t.id) : [],
      heldModels: gate.heldModelIds(),
      handsStatus: gate.statusText(),
      staleModels: (latest?.tracked ?? []).filter((t) => t.kind === 'model' && t.state === 'stale').map((t) => t.id),
      unknownIds: latest?.result.unknownIds ?? [],
      ...baseStatusOf(latest?.result, baseOfModel),
      seenModels: (latest?.tracked ?? []).filter((t) => t.kind === 'model').map((t) => t.id),
      capture: latest?.capture ?? null,
      camera: opts.camera?.() ?? null,
      turnSensor: opts.turnSensor?.(now) ?? null,
    })
    lastResults = results
    lastStatusAt = now
  }, STATUS_EVERY_MS)
  const sceneTimer = setInterval(() => {
    // While the phone moves the table keeps its poses (rulings wait for a steady view).
    if (!latest?.result.table.locked || (waitsForStill && latest.capture.holdStill)) return
    // Models a hand holds stay where the hand found them until they are free and at rest again;
    // a doubted one is never placed (a ghost shows where the tracker thinks it is).
    refreshDoubts()
    const poses = latest.tracked.filter((t) => t.state !== 'stale' && gate.isFree(t.kind, t.id) && !doubts.isDoubted(t.kind, t.id))
    if (poses.length === 0) return
    const scene = useApp.getState().scene
    // Re-rule only when something really moved: sub-millimetre jitter must not churn the card.
    const moved = poses.some((t) => {
      const m = scene.models.find((x) => x.id === t.id)
      return !m || Math.hypot(m.position[0] - t.position[0], m.position[1] - t.position[1]) > MOVE_EPS_MM || Math.abs((m.facing ?? 0) - t.facing) > MOVE_EPS_DEG
    })
    if (!moved) return
    const merged = mergePoses(scene, registry, poses.map((t) => ({ ...t, frame: 'table' as const })), opts.source, trackedCameraOf(latest.result))
    if (merged.ok) useApp.getState().editScene(() => merged.scene, { undoable: false })
  }, SCENE_EVERY_MS)

  return {
    holder,
    latency: () => {
      const window = Math.min(latencyCount, LATENCY_WINDOW)
      const sorted = Array.from(latencies.subarray(0, window)).sort((a, b) => a - b)
      return { medianMs: quantile(sorted, 0.5), p95Ms: quantile(sorted, 0.95), samples: window }
    },
    resetLatency: () => { latencyCount = 0 },
    setHands: (list, count, timeMs) => {
      const dt = timeMs - handsIn.timeMs
      if (dt > 0 && dt < 5000) handsIn.intervalMs = handsIn.intervalMs === 0 ? dt : handsIn.intervalMs + HANDS_INTERVAL_WEIGHT * (dt - handsIn.intervalMs)
      handsIn.list = list
      handsIn.count = count
      handsIn.timeMs = timeMs
    },
    hands: gate,
    freeze: async () => {
      // Never average a frame with a hand over a ruled model: wait for the hand to leave and the model to rest.
      const s = useApp.getState()
      const ruled = s.attackerId && s.targetId ? [s.attackerId, s.targetId] : (latest?.tracked ?? []).filter((t) => t.kind === 'model').map((t) => t.id)
      const until = performance.now() + HAND_WAIT_MS
      if (!gate.canRule(ruled)) s.notify({ level: 'info', text: 'A hand is over the table: the ruling waits until it has left and the models are still.' })
      while (!gate.canRule(ruled) && performance.now() < until) await new Promise((r) => setTimeout(r, 100))
      if (!gate.canRule(ruled)) {
        s.notify({ level: 'warning', text: `A hand is still over ${gate.heldModelIds().filter((id) => ruled.includes(id)).join(', ') || 'the ruled models'}: no ruling was made. Take the hand away and rule again.` })
        return 'refused'
      }
      // Nor while the phone moves: its frames are blurred or bent, the fusion waits for steady ones.
      const moving = () => waitsForStill && latest?.capture.holdStill === true
      const steadyBy = performance.now() + HAND_WAIT_MS
      if (moving()) s.notify({ level: 'info', text: 'The phone is moving: the ruling waits until it is held still.' })
      while (moving() && performance.now() < steadyBy) await new Promise((r) => setTimeout(r, 100))
      if (moving()) {
        s.notify({ level: 'warning', text: 'The phone kept moving: no ruling was made. Hold it still over the table and rule again.' })
        return 'refused'
      }
      // A doubted pick is never ruled on: the ruling waits for a sure view of it (as the card does: a
      // pick surely seen within the grace is ruled where it was surely seen; its doubted pose never is).
      refreshDoubts()
      const doubtedPicks = doubtedAmong(doubts.doubted(performance.now()), ruled)
      if (doubtedPicks.length > 0) {
        const names = modelNames(s.evaluation.overlay, withWaiting(useApp.getState().scene).models)
        s.notify({ level: 'warning', text: `No ruling was made. ${doubtedPickText(doubtedPicks, (id) => names[id] ?? id)}` })
        return 'refused'
      }
      // Nor while a ruled model found by its base is not certainly itself (asked, or doubted): a ruling
      // waits for identities that are certain (issue 34).
      const unsure = () => (latest ? baseStatusOf(latest.result, baseOfModel).uncertainModels.filter((id) => ruled.includes(id)) : [])
      const sureBy = performance.now() + HAND_WAIT_MS
      if (unsure().length) s.notify({ level: 'info', text: `Not sure yet which model is ${unsure().map(nameOf).join(', ')}: the ruling waits for it.` })
      while (unsure().length && performance.now() < sureBy) await new Promise((r) => setTimeout(r, 100))
      if (unsure().length) {
        s.notify({ level: 'warning', text: `The camera is not sure which model is ${unsure().map(nameOf).join(', ')} (see its question, or give it a clearer view): no ruling was made.` })
        return 'refused'
      }
      // Only the frames since the hand left (all of them when no hand came: counted from the start).
      const frames = gate.freezeFrames(ruled, FREEZE_FRAMES) || FREEZE_FRAMES
      const frozen = (await runtime.client.freeze(frames)).filter((p) => !p.stale && gate.isFree(p.kind, p.id) && !doubts.isDoubted(p.kind, p.id))
      if (frozen.length === 0) {
        useApp.getState().notify({ level: 'warning', text: 'Nothing is tracked right now: the ruling uses the table as it was last seen.' })
        return null
      }
      const merged = mergePoses(useApp.getState().scene, registry, frozen.map((p) => ({ ...p, frame: 'table' as const })), `${opts.source} freeze`, (latest ? trackedCameraOf(latest.result) : undefined))
      if (!merged.ok) {
        useApp.getState().notify({ level: 'error', text: `The frozen table could not be placed: ${merged.message}` })
        return null
      }
      useApp.getState().editScene(() => merged.scene, { undoable: false })
      return { source: opts.source, frames: Math.max(...frozen.map((p) => p.frames)), uncertaintyMm: Math.max(...frozen.map((p) => p.uncertainty)) }
    },
    calibration: {
      capture: async () => {
        const still = opts.grab()
        return still ? runtime.client.calibrationCapture(still) : null
      },
      solve: () => runtime.client.calibrationSolve(),
      reset: () => runtime.client.calibrationReset(),
      apply: (k) => runtime.client.setCalibration(k),
    },
    submit: (frame, timeMs, rotationDegPerS) => runtime.client.submit(frame, timeMs, rotationDegPerS),
    timeline,
    msPerMegapixel: () => {
      const n = Math.min(costCount, COST_WINDOW)
      if (n === 0) return Number.NaN
      return Array.from(costs.subarray(0, n)).sort((a, b) => a - b)[Math.floor(n / 2)]!
    },
    stop: () => {
      setBaseTeacher(null)
      clearInterval(statusTimer)
      clearInterval(sceneTimer)
      unsubscribeRegistry()
      delete window.__tabletopCapture
      runtime.dispose()
    },
  }
}
