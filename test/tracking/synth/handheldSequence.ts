// A handheld video of a table: a tabletop scene (tabletopScene.ts) seen along a camera path
// (cameraPath.ts: hand shake, sweeps, rolling shutter, autofocus hunting), each frame rendered with
// the phone's video camera model (as the phone variants, without JPEG: getUserMedia frames are not
// compressed) at an exposure time that sets both the motion blur and the noise (a shorter exposure
// collects fewer photons; the gain that restores the brightness raises the read noise too).
// Models can be moved during the video (the truth follows). Frames come one at a time
// (a generator), so a long video never sits in memory; writeHandheldVideo writes the Y4M for
// Chromium's fake camera, the registry and the per-frame truth.
import { writeFileSync, mkdirSync, openSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'
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

/** Render the video frame by frame. */
export function* renderHandheldVideo(scene: TabletopScene, video: HandheldVideo): Generator<HandheldFrame> {
  const frames = Math.round(video.durationS * video.fps)
  const track = simulateShake(video.path.shake, video.durationS + 1, video.path.seed)
  const effects = effectsAtExposure(scene.spec.effects, video.exposureS)
  const baseBlur = scene.spec.effects.blurSigmaPx
  for (let i = 0; i < frames; i++) {
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
 */
export function writeHandheldVideo(scene: TabletopScene, video: HandheldVideo, dir: string, name: string): { video: string; registry: string; truth: string; frames: Omit<HandheldFrame, 'render'>[] } {
  mkdirSync(dir, { recursive: true })
  const paths = { video: join(dir, `${name}.y4m`), registry: join(dir, 'registry.json'), truth: join(dir, `${name}.truth.json`) }
  const fd = openSync(paths.video, 'w')
  const frames: Omit<HandheldFrame, 'render'>[] = []
  try {
    let headerDone = false
    for (const f of renderHandheldVideo(scene, video)) {
      const bytes = encodeY4m([f.render.frame], video.fps)
      // encodeY4m writes a header per call: keep the first, then only the frames.
      const start = headerDone ? bytes.indexOf('FRAME\n') : 0
      writeSync(fd, bytes, start, bytes.length - start)
      headerDone = true
      const { render: _render, ...rest } = f
      frames.push(rest)
    }
  } finally {
    closeSync(fd)
  }
  writeFileSync(paths.registry, JSON.stringify(scene.registry, null, 1) + '\n')
  writeFileSync(paths.truth, JSON.stringify({ format: 'tabletop-handheld-truth/1', fps: video.fps, exposureS: video.exposureS, frames }) + '\n')
  return { ...paths, frames }
}
