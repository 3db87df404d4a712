// Named realistic frame variants, shared by the accuracy tests and `npm run bench:tracking`: the
// issue-11 setting (1920×1080, camera 1.45–1.7 m away, 20 mm tabs) through a phone-like camera
// model (cameraModel.ts). Each variant changes one thing against `srgb-jpeg75-noise`, the
// baseline of what a phone JPEG looks like; `clean` is the old linear, noise-free renderer.
// The handheld variants are frames of a phone held in the hand (cameraPath.ts: shake, rolling
// shutter, exposure-time blur along the image motion, autofocus hunting). renderVariantSequence
// gives consecutive frames of one variant (for fusion): the same table, fresh noise, and for the
// handheld variants the hand's path at 30 fps.
import type { OpenCvHandle } from '../../../src/tracking/opencv/openCv.ts'
import type { CameraIntrinsics } from '../../../src/tracking/types.ts'
import { cameraCentre, projectPoint, type CameraPose } from './projection.ts'
import { createRandom } from './random.ts'
import { renderTableFrame, type SynthEffects, type SynthFrame } from './renderTableFrame.ts'
import { buildTabletopScene, type TabletopScene } from './tabletopScene.ts'
import { framePlan, simulateShake, type CameraView, type HandheldPath } from './cameraPath.ts'
import { effectsAtExposure } from './handheldSequence.ts'

export const VARIANT_NAMES = [
  'clean', 'srgb', 'srgb-jpeg75-noise', 'blur', 'motion', 'distortion', 'dim', 'tilt', 'glare', 'hand', 'two-table-markers',
  'handheld', 'handheld-shaky', 'handheld-short-exposure', 'focus-hunt',
] as const

/** The variants of a phone held in the hand (and, with them, the static blur and motion ones). */
export const MOTION_VARIANT_NAMES = ['blur', 'motion', 'handheld', 'handheld-shaky', 'handheld-short-exposure', 'focus-hunt'] as const satisfies readonly VariantName[]
export type VariantName = (typeof VARIANT_NAMES)[number]

/** A phone's lens: moderate barrel distortion, a little decentring (OpenCV [k1, k2, p1, p2, k3]). */
export const PHONE_DISTORTION: [number, number, number, number, number] = [-0.12, 0.09, 0.0008, -0.0006, -0.02]

const LIGHT = { vignette: 0.25, gradient: { x: [0.8, 1.05] as [number, number], y: [1.0, 0.85] as [number, number] } }
const PHONE: Partial<SynthEffects> = {
  ...LIGHT, blurSigmaPx: 0.7, tone: 'srgb', contrast: 0.3, jpegQuality: 75, fullWellElectrons: 3000, noiseSigma: 1.2,
}

type VariantSpec = {
  effects: Partial<SynthEffects>
  distortion?: boolean
  tiltMaxDeg?: number
  glare?: boolean
  handShape?: boolean
  hands?: number
  tableMarkersInView?: number
  /** A phone in the hand: the RMS shake, the exposure, and an autofocus hunt at its peak (defocus σ, px). */
  handheld?: { shakeDegPerS: number; exposureS: number; focusSigmaPx?: number }
}

const VARIANTS: Record<VariantName, VariantSpec> = {
  clean: { effects: { blurSigmaPx: 0.5, noiseSigma: 0, vignette: 0, gradient: { x: [1, 1], y: [1, 1] } } },
  srgb: { effects: { ...LIGHT, blurSigmaPx: 0.7, noiseSigma: 0, tone: 'srgb', contrast: 0.3 } },
  'srgb-jpeg75-noise': { effects: PHONE },
  blur: { effects: { ...PHONE, blurSigmaPx: 1.5, jpegQuality: 85 } },
  motion: { effects: { ...PHONE, motionBlur: { lengthPx: 9, angleDeg: 25 }, jpegQuality: 80 } },
  distortion: { effects: { ...PHONE, jpegQuality: 90 }, distortion: true },
  dim: { effects: { ...PHONE, exposureStops: -1.7, fullWellElectrons: 900, noiseSigma: 2, jpegQuality: 60 } },
  tilt: { effects: { ...PHONE, jpegQuality: 70 }, tiltMaxDeg: 5 },
  glare: { effects: { ...PHONE, jpegQuality: 65 }, glare: true },
  hand: { effects: PHONE, handShape: true, hands: 2 },
  'two-table-markers': { effects: PHONE, tableMarkersInView: 2 },
  // Indoor light at 1/30 s: a steady hold (3 °/s RMS), a tired one (8 °/s), the camera told to
  // expose 1/120 s (4× the noise gain), and the autofocus hunting (defocus σ 2 px) in a steady hold.
  handheld: { effects: PHONE, hands: 0, handheld: { shakeDegPerS: 3, exposureS: 1 / 30 } },
  'handheld-shaky': { effects: PHONE, hands: 0, handheld: { shakeDegPerS: 8, exposureS: 1 / 30 } },
  'handheld-short-exposure': { effects: PHONE, hands: 0, handheld: { shakeDegPerS: 3, exposureS: 1 / 120 } },
  'focus-hunt': { effects: PHONE, hands: 0, handheld: { shakeDegPerS: 3, exposureS: 1 / 30, focusSigmaPx: 2 } },
}

/** Rolling-shutter readout of the handheld variants, s. */
const READOUT_S = 0.025
/** The handheld variants' frames start this far into the hand's path (its shake is stationary from the start). */
const HANDHELD_START_S = 0.2
/** An autofocus hunt lasts this many frames (≈ 0.27 s). */
const FOCUS_HUNT_FRAMES = 8

export type VariantFrame = {
  variant: VariantName
  scene: TabletopScene
  render: SynthFrame
  /** What a user's calibration file would hold (with the lens distortion when the variant has it). */
  calibration: CameraIntrinsics
}

/** The scene of one variant and seed (deterministic), not yet rendered. */
export function buildVariantScene(cv: OpenCvHandle, variant: VariantName, seed: number, opts: { models?: number } = {}): { scene: TabletopScene; calibration: CameraIntrinsics } {
  const v = VARIANTS[variant]
  const rnd = createRandom(seed * 7919 + 17)
  const scene = buildTabletopScene(cv, {
    seed,
    models: opts.models ?? 14,
    hands: v.hands ?? 1,
    terrain: 1,
    distanceMm: rnd.range(1450, 1700),
    elevationDeg: rnd.range(42, 60),
    azimuthDeg: rnd.range(-25, 25),
    principalOffsetPx: [rnd.range(-12, 12), rnd.range(-8, 8)],
    effects: { ...v.effects, seed },
  })
  const spec = scene.spec
  if (v.distortion) spec.intrinsics = { ...spec.intrinsics, distortion: PHONE_DISTORTION }
  if (v.tiltMaxDeg) {
    for (const m of spec.markers) if (scene.markerOwner.get(m.id) !== 'table') m.tiltDeg = [rnd.range(-v.tiltMaxDeg, v.tiltMaxDeg), rnd.range(-v.tiltMaxDeg, v.tiltMaxDeg)]
  }
  if (v.handShape) {
    const shadows: NonNullable<SynthEffects['shadows']> = []
    for (const h of spec.hands) {
      h.fingers = true
      shadows.push({ cx: h.cx + 0.6 * h.rx, cy: h.cy + 0.25 * h.ry, rx: h.rx * 1.3, ry: h.ry * 1.5, angleDeg: h.angleDeg, depth: 0.45, softPx: 40 })
    }
    spec.effects = { ...spec.effects, shadows }
  }
  if (v.glare) {
    // A highlight over two model tabs and a soft shadow over a third (a figure's or an arm's).
    const tabs = spec.markers.filter((m) => scene.markerOwner.get(m.id) !== 'table')
    const glare: NonNullable<SynthEffects['glare']> = []
    const shadows: NonNullable<SynthEffects['shadows']> = []
    const project = (m: (typeof tabs)[number]) => projectPoint(spec.intrinsics, spec.pose, [m.centre[0], m.centre[1], m.z]) ?? [-1000, -1000]
    tabs.slice(0, 2).forEach((m) => {
      const [u, v2] = project(m)
      glare.push({ cx: u + rnd.range(-6, 6), cy: v2 + rnd.range(-6, 6), radiusPx: rnd.range(6, 12), strength: rnd.range(120, 260) })
    })
    tabs.slice(2, 4).forEach((m) => {
      const [u, v2] = project(m)
      shadows.push({ cx: u + 10, cy: v2, rx: 18, ry: 40, angleDeg: 30, depth: 0.55, softPx: 12 })
    })
    spec.effects = { ...spec.effects, glare, shadows }
  }
  if (v.tableMarkersInView !== undefined) {
    // Only some table markers in view (the others off the frame or covered): keep a random few of those in view.
    const inView = spec.markers.filter((m) => {
      if (scene.markerOwner.get(m.id) !== 'table') return false
      const q = projectPoint(spec.intrinsics, spec.pose, [m.centre[0], m.centre[1], m.z])
      return !!q && q[0] > 40 && q[1] > 40 && q[0] < spec.width - 40 && q[1] < spec.height - 40
    })
    const keep = new Set<number>()
    while (keep.size < Math.min(v.tableMarkersInView, inView.length)) keep.add(rnd.pick(inView).id)
    spec.markers = spec.markers.filter((m) => scene.markerOwner.get(m.id) !== 'table' || keep.has(m.id))
  }
  return { scene, calibration: { ...spec.intrinsics } }
}

export function renderVariant(cv: OpenCvHandle, variant: VariantName, seed: number, opts: { models?: number } = {}): VariantFrame {
  const { scene, calibration } = buildVariantScene(cv, variant, seed, opts)
  if (VARIANTS[variant].handheld) return renderVariantSequence(cv, variant, seed, 1, opts).next().value as VariantFrame
  return { variant, scene, render: renderTableFrame(scene.spec), calibration }
}

/**
 * `frames` consecutive frames of one variant's table (deterministic per seed), with their times
 * (30 fps): fresh noise in each; the motion variant's streak turns (a hand's shake changes
 * direction); the handheld variants follow the hand's path (shake, rolling shutter, exposure blur;
 * the focus hunt rises and falls over the first 8 frames).
 */
export function* renderVariantSequence(cv: OpenCvHandle, variant: VariantName, seed: number, frames: number, opts: { models?: number } = {}): Generator<VariantFrame & { timeMs: number }> {
  const { scene, calibration } = buildVariantScene(cv, variant, seed, opts)
  const v = VARIANTS[variant]
  const fps = 30
  const rnd = createRandom(seed * 31 + 7)
  const spec = scene.spec
  if (!v.handheld) {
    for (let i = 0; i < frames; i++) {
      const effects = { ...spec.effects, seed: spec.effects.seed * 1000 + i }
      if (effects.motionBlur && i > 0) effects.motionBlur = { ...effects.motionBlur, angleDeg: rnd.range(0, 180) }
      yield { variant, scene, calibration, render: renderTableFrame({ ...spec, effects }), timeMs: (i * 1000) / fps }
    }
    return
  }
  const h = v.handheld
  const view = aimOf(spec.pose, spec.table)
  const path: HandheldPath = {
    seed, readoutS: READOUT_S, views: [{ atS: 0, ...view }],
    shake: { rmsDegPerS: h.shakeDegPerS, correlationS: 0.05, aimS: 0.5, translationRmsMm: 2 },
    focusHunts: h.focusSigmaPx ? [{ startS: HANDHELD_START_S, durationS: FOCUS_HUNT_FRAMES / fps, peakSigmaPx: h.focusSigmaPx }] : [],
  }
  const track = simulateShake(path.shake, HANDHELD_START_S + frames / fps + 1, seed)
  const light = effectsAtExposure(spec.effects, h.exposureS)
  const single = frames === 1
  for (let i = 0; i < frames; i++) {
    // One frame alone: the hunt at its peak (mid-exposure at the middle of the hunt).
    const index = Math.round(HANDHELD_START_S * fps) + (single && h.focusSigmaPx ? FOCUS_HUNT_FRAMES / 2 : i)
    const t = index / fps
    const plan = single && h.focusSigmaPx
      ? framePlan({ ...path, focusHunts: [{ startS: t + h.exposureS / 2 - FOCUS_HUNT_FRAMES / fps / 2, durationS: FOCUS_HUNT_FRAMES / fps, peakSigmaPx: h.focusSigmaPx }] }, track, spec.intrinsics, index, fps, h.exposureS)
      : framePlan(path, track, spec.intrinsics, index, fps, h.exposureS)
    const effects = { ...spec.effects, ...light, seed: spec.effects.seed * 1000 + i, blurSigmaPx: Math.hypot(spec.effects.blurSigmaPx, plan.focusSigmaPx), motionField: plan.motionField }
    yield { variant, scene, calibration, render: renderTableFrame({ ...spec, pose: plan.pose, rowPose: plan.rowPose, effects }), timeMs: t * 1000 }
  }
}

/** The view (as cameraPath's CameraView) a lookAt pose of buildTabletopScene aims along. */
function aimOf(pose: CameraPose, table: { widthMm: number; depthMm: number }): CameraView {
  const eye = cameraCentre(pose)
  const look: [number, number] = [table.widthMm / 2, table.depthMm / 2]
  const dx = eye[0] - look[0], dy = eye[1] - look[1]
  const ground = Math.hypot(dx, dy)
  return {
    distanceMm: Math.hypot(ground, eye[2]),
    elevationDeg: (Math.atan2(eye[2], ground) * 180) / Math.PI,
    azimuthDeg: (Math.atan2(dx, -dy) * 180) / Math.PI,
    lookAtMm: look,
  }
}
