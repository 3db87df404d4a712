// A handheld video of a table: a tabletop scene (tabletopScene.ts) seen along a camera path
// (cameraPath.ts: hand shake, sweeps, rolling shutter, autofocus hunting), each frame rendered with
// the phone's video camera model (as the phone variants, without JPEG: getUserMedia frames are not
// compressed) at an exposure time that sets both the motion blur and the noise (a shorter exposure
// collects fewer photons; the gain that restores the brightness raises the read noise too).
// Models can be moved during the video (the truth follows). Frames come one at a time
// (a generator), so a long video never sits in memory; writeHandheldVideo writes the Y4M for
// Chromium's fake camera, the registry and the per-frame truth, rendering the frames on every core
// (renderVideoWorker.ts: the same bytes as one thread; the demo's handheld video 233 s → 102 s on two).
import { writeFileSync, mkdirSync, openSync, writeSync, closeSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { OpenCvHandle } from '../../../src/tracking/opencv/openCv.ts'
import { renderTableFrame, type SynthEffects, type SynthFrame, type SynthFrameSpec } from './renderTableFrame.ts'
import { buildTabletopScene, type TabletopOptions, type TabletopScene, type TruthPose } from './tabletopScene.ts'
import { framePlan, simulateShake, type CameraView, type HandheldPath } from './cameraPath.ts'
import { encodeY4m } from '../../fixtures/tracking/writeY4m.ts'

/** Exposure the phone's light budget refers to: at 1/30 s indoors a phone collects ~3000 e⁻ at full scale. */
const REFERENCE_EXPOSURE_S = 1 / 30

/** A phone's video frames (the phone variants' camera model without JPEG) at 1/30 s. */
export const PHONE_VIDEO_EFFECTS: Partial<SynthEffects> = {
  vignette: 0.25, gradient: { x: [0.8, 1.05], y: [1.0, 0.85] }, blurSigmaPx: 0.7, tone: 'srgb', contrast: 0.3,
  fullWellElectrons: 3000, noiseSigma: 1.2,
}

export type HandheldVideo = {
  fps: number
  durationS: number
  exposureS: number
  path: HandheldPath
  /** From `atS` on, a model stands at its new pose (markers follow it). */
  modelMoves?: { atS: number; id: string; position: [number, number]; facingDeg: number }[]
}

export type HandheldFrame = {
  index: number
  timeS: number
  render: SynthFrame
  /** Every object's true pose in this frame. */
  truth: TruthPose[]
  streakMaxPx: number
  streakMedianPx: number
  focusSigmaPx: number
  aiming: boolean
}

/** The light budget at another exposure: fewer electrons, and the read noise amplified by the gain. */
export function effectsAtExposure(base: Partial<SynthEffects>, exposureS: number): Partial<SynthEffects> {
  const ratio = exposureS / REFERENCE_EXPOSURE_S
  return {
    ...base,
    ...(base.fullWellElectrons ? { fullWellElectrons: base.fullWellElectrons * ratio } : {}),
    ...(base.noiseSigma ? { noiseSigma: base.noiseSigma / Math.min(1, ratio) } : {}),
  }
}

/** A handheld table scene: the view of `opts` (no image-space hands: they would not follow the shake). */
export function buildHandheldScene(cv: OpenCvHandle, opts: TabletopOptions): { scene: TabletopScene; view: CameraView } {
  const scene = buildTabletopScene(cv, { hands: 0, ...opts, effects: { ...PHONE_VIDEO_EFFECTS, ...opts.effects } })
  const view: CameraView = {
    distanceMm: opts.distanceMm ?? 1100, elevationDeg: opts.elevationDeg ?? 45, azimuthDeg: opts.azimuthDeg ?? 0,
    lookAtMm: opts.lookAtMm ?? [scene.spec.table.widthMm / 2, scene.spec.table.depthMm / 2],
  }
  return { scene, view }
}

/** The scene with a model (and its markers) at a new pose; the registry is the player's, unchanged. */
export function moveModel(scene: TabletopScene, spec: SynthFrameSpec, truth: TruthPose[], id: string, position: [number, number], facingDeg: number): { spec: SynthFrameSpec; truth: TruthPose[] } {
  const a = (facingDeg * Math.PI) / 180
  const markers = spec.markers.map((m) => {
    const r = scene.registry.markers.find((x) => x.id === m.id)
    if (!r || r.role !== 'model' || r.model !== id) return m
    const [ox, oy] = r.offset ?? [0, 0]
    return { ...m, centre: [position[0] + Math.cos(a) * ox - Math.sin(a) * oy, position[1] + Math.sin(a) * ox + Math.cos(a) * oy] as [number, number], rotationDeg: facingDeg + (r.rotation ?? 0) }
  })
  return {
    spec: { ...spec, markers, models: spec.models.map((m) => (m.id === id ? { ...m, position, facingDeg } : m)) },
    truth: truth.map((t) => (t.kind === 'model' && t.id === id ? { ...t, position, facing: facingDeg } : t)),
  }
}

/** How many frames a video has. */
export const frameCount = (video: Pick<HandheldVideo, 'durationS' | 'fps'>): number => Math.round(video.durationS * video.fps)

/** Render the video frame by frame (only the frames `only` takes, when given). */
export function* renderHandheldVideo(scene: TabletopScene, video: HandheldVideo, only?: (index: number) => boolean): Generator<HandheldFrame> {
  const frames = frameCount(video)
  const track = simulateShake(video.path.shake, video.durationS + 1, video.path.seed)
  const effects = effectsAtExposure(scene.spec.effects, video.exposureS)
  const baseBlur = scene.spec.effects.blurSigmaPx
  for (let i = 0; i < frames; i++) {
    if (only && !only(i)) continue
    const timeS = i / video.fps
    let spec = scene.spec
    let truth = scene.truth
    for (const m of video.modelMoves ?? []) {
      if (timeS >= m.atS) ({ spec, truth } = moveModel(scene, spec, truth, m.id, m.position, m.facingDeg))
    }
    const plan = framePlan(video.path, track, spec.intrinsics, i, video.fps, video.exposureS)
    const render = renderTableFrame({
      ...spec,
      pose: plan.pose,
      rowPose: plan.rowPose,
      effects: { ...spec.effects, ...effects, seed: video.path.seed * 1000 + i, blurSigmaPx: Math.hypot(baseBlur, plan.focusSigmaPx), motionField: plan.motionField },
    } as SynthFrameSpec)
    yield { index: i, timeS, render, truth, streakMaxPx: plan.streakMaxPx, streakMedianPx: plan.streakMedianPx, focusSigmaPx: plan.focusSigmaPx, aiming: plan.aiming }
  }
}

/**
 * Write the video for Chromium's fake camera: `<dir>/<name>.y4m`, `<dir>/registry.json` and
 * `<dir>/<name>.truth.json` (per frame: time, blur, focus, aiming, true poses). Returns the paths.
 * The frames are rendered by `threads` worker threads (default: one per core, at most 4) and written
 * in order as they come; with one thread, in this one.
 */
export async function writeHandheldVideo(scene: TabletopScene, video: HandheldVideo, dir: string, name: string, threads = Math.min(4, availableParallelism())): Promise<{ video: string; registry: string; truth: string; frames: Omit<HandheldFrame, 'render'>[] }> {
  mkdirSync(dir, { recursive: true })
  const paths = { video: join(dir, `${name}.y4m`), registry: join(dir, 'registry.json'), truth: join(dir, `${name}.truth.json`) }
  const count = frameCount(video)
  const fd = openSync(paths.video, 'w')
  const frames: Omit<HandheldFrame, 'render'>[] = []
  let headerDone = false
  const write = (bytes: Uint8Array, frame: Omit<HandheldFrame, 'render'>) => {
    // encodeY4m writes a header per call: keep the first, then only the frames.
    const start = headerDone ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf('FRAME\n') : 0
    writeSync(fd, bytes, start, bytes.length - start)
    headerDone = true
    frames.push(frame)
  }
  try {
    if (threads <= 1 || count < 2) {
      for (const f of renderHandheldVideo(scene, video)) {
        const { render, ...rest } = f
        write(encodeY4m([render.frame], video.fps), rest)
      }
    } else {
      await renderInWorkers(scene, video, Math.min(threads, count), count, write)
    }
  } finally {
    closeSync(fd)
  }
  writeFileSync(paths.registry, JSON.stringify(scene.registry, null, 1) + '\n')
  writeFileSync(paths.truth, JSON.stringify({ format: 'tabletop-handheld-truth/1', fps: video.fps, exposureS: video.exposureS, frames }) + '\n')
  return { ...paths, frames }
}

/** Frames from `workers` threads, handed to `write` in index order (a frame that comes early waits). */
function renderInWorkers(scene: TabletopScene, video: HandheldVideo, workers: number, count: number, write: (bytes: Uint8Array, frame: Omit<HandheldFrame, 'render'>) => void): Promise<void> {
  // The thread's code is TypeScript: its entry (renderVideoWorker.mjs) registers tsx, then loads it.
  const entry = new URL('./renderVideoWorker.mjs', import.meta.url)
  const early = new Map<number, { bytes: Uint8Array; frame: Omit<HandheldFrame, 'render'> }>()
  let next = 0
  const threads: Worker[] = []
  return new Promise<void>((resolve, reject) => {
    const fail = (e: unknown) => {
      for (const t of threads) void t.terminate()
      reject(e instanceof Error ? e : new Error(String(e)))
    }
    let exited = 0
    for (let worker = 0; worker < workers; worker++) {
      const t = new Worker(entry, { workerData: { scene, video, worker, workers } })
      threads.push(t)
      t.on('message', (m: { bytes: Uint8Array; frame: Omit<HandheldFrame, 'render'> }) => {
        early.set(m.frame.index, m)
        try {
          for (let f = early.get(next); f; f = early.get(next)) { early.delete(next); write(f.bytes, f.frame); next++ }
        } catch (e) { fail(e) }
      })
      t.on('error', fail)
      t.on('exit', (code) => {
        if (code !== 0) return fail(new Error(`render thread ${worker} of ${workers} stopped with code ${code} at frame ${next} of ${count}`))
        if (++exited === workers) next === count ? resolve() : fail(new Error(`the render threads ended at frame ${next} of ${count}`))
      })
    }
  })
}
