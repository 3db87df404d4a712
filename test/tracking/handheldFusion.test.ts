// A phone in the hand over a static table (issue 26): the synthetic handheld video (cameraPath.ts:
// the phone swept into position over 0.5 s, then held with a 3 °/s shake, a rolling shutter, 1/30 s
// exposures, an autofocus hunt at 1.0 s), 1920×1080 at 15 fps, 20 models. At 1.6 s one model is
// picked up and put down 62 mm away. Each frame goes through FrameTracker and PoseFilter as in the
// tracking worker; all times are sequence time.
// Asserted: within 1 s of the first steady frame ≥ 99 % of the models that can be seen (a fully
// visible marker ≥ 16 px) are placed, and then the fused positions' p95 error is ≤ 1.5 mm; the
// moved model is re-placed within 0.5 s and its reported position is never between its old and new
// spots (never averaged); the sweep is flagged "hold still" and the held frames are not.
import { beforeAll, describe, expect, it } from 'vitest'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import { PoseFilter, type TrackedObject } from '../../src/tracking/temporal/poseFilter.ts'
import { CaptureMonitor, type CaptureStats } from '../../src/tracking/temporal/captureMonitor.ts'
import type { FrameQuality } from '../../src/tracking/types.ts'
import type { TruthPose } from './synth/tabletopScene.ts'
import { buildHandheldScene, renderHandheldVideo, type HandheldVideo } from './synth/handheldSequence.ts'
import { openCv, quantile } from './helpers.ts'

type Step = { timeS: number; aiming: boolean; quality: FrameQuality; capture: CaptureStats; tracked: TrackedObject[]; truth: TruthPose[]; visible: Set<string> }

const FPS = 15
const STEADY_AT_S = 0.5
const MOVE_AT_S = 1.6
const steps: Step[] = []
let moved = ''
let from: [number, number] = [0, 0]
let to: [number, number] = [0, 0]

beforeAll(async () => {
  const cv = await openCv()
  const { scene, view } = buildHandheldScene(cv, { seed: 11, models: 20, distanceMm: 1400, elevationDeg: 50, azimuthDeg: 10, principalOffsetPx: [8, -5] })
  const model = scene.truth.find((t) => t.kind === 'model')!
  moved = model.id
  from = model.position
  to = [model.position[0] + 60, model.position[1] + 15]
  const video: HandheldVideo = {
    // 2.2 s: the move at 1.6 s plus the 0.5 s it must be re-placed in, and a frame past it.
    fps: FPS, durationS: 2.2, exposureS: 1 / 30,
    path: {
      seed: 11, readoutS: 0.025, shake: { rmsDegPerS: 3, correlationS: 0.05, aimS: 0.5, translationRmsMm: 2 },
      views: [{ atS: 0, ...view, azimuthDeg: view.azimuthDeg - 10, elevationDeg: view.elevationDeg + 4 }, { atS: STEADY_AT_S, ...view }],
      focusHunts: [{ startS: 1.0, durationS: 0.25, peakSigmaPx: 2.5 }],
    },
    modelMoves: [{ atS: MOVE_AT_S, id: moved, position: to, facingDeg: model.facing + 20 }],
  }
  const tracker = new FrameTracker(cv, scene.registry)
  const filter = new PoseFilter()
  const monitor = new CaptureMonitor()
  const owner = new Map(scene.registry.markers.flatMap((m) => (m.role === 'model' ? [[m.id, m.model] as const] : [])))
  try {
    for (const f of renderHandheldVideo(scene, video)) {
      const timeMs = f.timeS * 1000
      const result = tracker.track(f.render.frame, false, timeMs)
      const tracked = filter.update(result, timeMs)
      const capture = { ...monitor.update(result, timeMs) }
      const visible = new Set(f.render.markers.filter((m) => m.inFrame && m.visibleFraction > 0.999 && m.sidePx >= 16 && owner.has(m.id)).map((m) => owner.get(m.id)!))
      steps.push({ timeS: f.timeS, aiming: f.aiming, quality: result.quality, capture, tracked, truth: f.truth, visible })
    }
  } finally {
    tracker.dispose()
  }
}, 1_200_000) // 33 frames of 1920×1080 with a rolling shutter and path blur (1.5–3 s of CPU each)

const errorOf = (s: Step, t: TrackedObject) => {
  const truth = s.truth.find((x) => x.id === t.id && x.kind === t.kind)!
  return Math.hypot(t.position[0] - truth.position[0], t.position[1] - truth.position[1])
}

describe('fusion over a handheld video of a static table', () => {
  it('within 1 s of steady frames ≥ 99 % of the visible models are placed, fused positions p95 ≤ 1.5 mm', () => {
    const at = steps.find((s) => s.timeS >= STEADY_AT_S + 1 - 1e-9)!
    // Models seen (a fully visible marker ≥ 16 px) in most of the steady second's frames.
    const second = steps.filter((s) => s.timeS >= STEADY_AT_S && s.timeS <= at.timeS)
    const counts = new Map<string, number>()
    for (const s of second) for (const id of s.visible) counts.set(id, (counts.get(id) ?? 0) + 1)
    const visible = [...counts].filter(([, n]) => n >= second.length / 2).map(([id]) => id)
    expect(visible.length).toBeGreaterThan(12)
    const placed = visible.filter((id) => at.tracked.some((t) => t.kind === 'model' && t.id === id && t.state !== 'stale'))
    expect(placed.length / visible.length).toBeGreaterThanOrEqual(0.99)
    const errors = at.tracked.filter((t) => t.kind === 'model').map((t) => errorOf(at, t))
    expect(quantile(errors, 0.95)).toBeLessThanOrEqual(1.5)
    if (process.env.TRACKING_FIGURES) process.stdout.write(`steady + 1 s: ${placed.length}/${visible.length} visible models placed, fused p95 ${quantile(errors, 0.95).toFixed(2)} mm\n`)
    // And every fused position stays within 3σ (its uncertainty is the fusion's).
    for (const t of at.tracked) expect(errorOf(at, t), t.id).toBeLessThan(3 * t.uncertainty)
  })

  it('the moved model is re-placed within 0.5 s, and its position is never between the old spot and the new one', () => {
    const after = steps.filter((s) => s.timeS >= MOVE_AT_S)
    const replacedAt = after.find((s) => {
      const t = s.tracked.find((x) => x.kind === 'model' && x.id === moved)
      return t && t.state === 'tracking' && errorOf(s, t) < 1.5
    })
    expect(replacedAt, 're-placed').toBeDefined()
    expect(replacedAt!.timeS - MOVE_AT_S).toBeLessThanOrEqual(0.5)
    if (process.env.TRACKING_FIGURES) process.stdout.write(`moved model re-placed ${(replacedAt!.timeS - MOVE_AT_S).toFixed(3)} s after the move\n`)
    for (const s of steps) {
      const t = s.tracked.find((x) => x.kind === 'model' && x.id === moved)
      if (!t) continue
      const dOld = Math.hypot(t.position[0] - from[0], t.position[1] - from[1])
      const dNew = Math.hypot(t.position[0] - to[0], t.position[1] - to[1])
      expect(Math.min(dOld, dNew), `t=${s.timeS.toFixed(2)}: ${dOld.toFixed(1)} mm from the old spot, ${dNew.toFixed(1)} from the new`).toBeLessThan(3)
    }
  })

  it('the sweep says "hold still" and is not used to place models; the held phone is steady', () => {
    const sweep = steps.filter((s) => s.aiming && s.timeS > 0.1)
    expect(sweep.some((s) => s.capture.holdStill)).toBe(true)
    // Held still from the end of the sweep (0.5 s) to the focus hunt (1.0 s): once the bar has
    // recovered (~0.3 s at 15 fps), no frame of that hold says "hold still".
    const held = steps.filter((s) => s.timeS >= STEADY_AT_S + 0.3 && s.timeS < 1.0)
    expect(held.length).toBeGreaterThanOrEqual(3)
    expect(held.map((s) => s.capture.holdStill)).toEqual(held.map(() => false))
    const last = steps[steps.length - 1]!.capture
    expect(last.framesUsed + last.framesRejected + last.framesUnlocked).toBe(steps.length)
    if (process.env.TRACKING_FIGURES) {
      for (const s of steps) process.stdout.write(`${s.timeS.toFixed(2)} ${s.quality.verdict} blur ${s.quality.blurPx.toFixed(2)} steady ${s.capture.steadiness.toFixed(2)}${s.capture.holdStill ? ' HOLD' : ''} placed ${s.tracked.filter((t) => t.kind === 'model').length}\n`)
      process.stdout.write(`${JSON.stringify(last)}\n`)
    }
  })
})
