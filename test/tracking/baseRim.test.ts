// A marked model's base rim read with its markers (issue 31: σ honest both ways; pipeline/baseRim.ts).
// Frames from the synthetic renderer (its own projection, test/tracking/synth), truth from its scene:
// - tabs glued askew (each turned 3° about its own centre, the registry saying true): the markers
//   alone put each model off by its tab's lever arm × 3°; the rim puts it back, within its σ;
// - tabs glued true, phone-like frames: the σ, no longer the mount's prior alone, is neither too wide
//   nor too narrow;
// - a base of another size than the table says: the rim is refused or, where it is used, the model
//   stays within its σ.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FrameTracker, type ModelBase } from '../../src/tracking/frameTracker.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import type { CameraIntrinsics, ObjectPose } from '../../src/tracking/types.ts'
import { renderVariant, type VariantName } from './synth/variants.ts'
import { renderTableFrame, type SynthFrame } from './synth/renderTableFrame.ts'
import { buildTabletopScene, type TabletopScene } from './synth/tabletopScene.ts'
import { openCv, quantile } from './helpers.ts'

let cv: OpenCvHandle
const trackers: FrameTracker[] = []
afterAll(() => { for (const t of trackers) t.dispose() })
beforeAll(async () => { cv = await openCv() })

const SEEDS = [21, 22, 23]
/** Phone-like variants (test/tracking/synth/variants.ts): a tone curve and JPEG, a bending lens with its camera file, a glare, a hand. */
const PHONE_VARIANTS: VariantName[] = ['srgb-jpeg75-noise', 'distortion', 'glare', 'hand']
const sceneOf = (seed: number) => buildTabletopScene(cv, { seed, models: 14, hands: 0, principalOffsetPx: [8, -5] })

/** The scene's bases as a player's table gives them: shape only (the height is the tracker's default). */
const basesOf = (scene: TabletopScene): ModelBase[] => scene.spec.models.map((m) => ({ id: m.id, base: m.base }))

/**
 * Each model's tabs glued `deg` turned about their own centres (the registry still says true): the
 * marker reads the model's facing `deg` off, and so puts its centre off by the lever arm × `deg`.
 */
function glueAskew(scene: TabletopScene, deg: number): void {
  for (const m of scene.spec.markers) if (scene.spec.models.some((x) => x.id === scene.markerOwner.get(m.id))) m.rotationDeg += deg
}

function track(scene: TabletopScene, render: SynthFrame, bases: ModelBase[] | null, calibration: CameraIntrinsics | null = null): ObjectPose[] {
  const tracker = new FrameTracker(cv, scene.registry, { params: { roi: { enabled: false } }, modelBases: bases, calibration })
  trackers.push(tracker)
  const r = tracker.track(render.frame, true)
  expect(r.table.locked).toBe(true)
  return r.objects.filter((o) => o.kind === 'model' && o.frame === 'table' && (o.status ?? 'ok') === 'ok')
}

type Scored = { id: string; err: number; ratios: [number, number]; lever: number; pose: ObjectPose }
function score(scene: TabletopScene, poses: readonly ObjectPose[]): Scored[] {
  return poses.map((o) => {
    const t = scene.truth.find((x) => x.id === o.id && x.kind === 'model')!
    const ex = o.position[0] - t.position[0], ey = o.position[1] - t.position[1]
    const cov = o.covarianceMm!
    const marker = scene.registry.markers.find((k) => k.role === 'model' && k.model === o.id)
    const offset = marker?.role === 'model' ? marker.offset ?? [0, 0] : [0, 0]
    const lever = Math.hypot(offset[0]!, offset[1]!)
    return { id: o.id, err: Math.hypot(ex, ey), ratios: [Math.abs(ex) / Math.sqrt(cov[0]), Math.abs(ey) / Math.sqrt(cov[2])], lever, pose: o }
  })
}

describe('a base rim read with its markers', () => {
  it('puts back a model whose tab is glued 3° askew, within the σ it gives', () => {
    const without: Scored[] = [], withRim: Scored[] = []
    const rimMissesMm: number[] = []
    for (const seed of SEEDS) {
      const scene = sceneOf(seed)
      glueAskew(scene, 3)
      const render = renderTableFrame(scene.spec)
      const alone = score(scene, track(scene, render, null))
      const fused = score(scene, track(scene, render, basesOf(scene)))
      // Models with one tab off their centre (a token on top, or two tabs front and back, keep their place when turned).
      const oneTab = (id: string) => scene.registry.markers.filter((k) => k.role === 'model' && k.model === id).length === 1
      without.push(...alone.filter((s) => s.lever > 1 && oneTab(s.id)))
      withRim.push(...fused.filter((s) => s.lever > 1 && oneTab(s.id)))
      // Where the rim was used, the rim itself (the markers' place + its offset) is where the base stands.
      for (const s of fused) {
        const r = s.pose.baseRim, a = alone.find((x) => x.id === s.id)
        if (!r?.used || !a) continue
        const t = scene.truth.find((x) => x.id === s.id && x.kind === 'model')!
        rimMissesMm.push(Math.hypot(a.pose.position[0] + r.offsetMm[0] - t.position[0], a.pose.position[1] + r.offsetMm[1] - t.position[1]))
      }
    }
    expect(without.length).toBeGreaterThan(15)
    // The markers alone: off by the lever arm × 3° (a 28–40 mm arm: 1.5–2.1 mm), beyond their σ.
    expect(quantile(without.map((s) => s.err), 0.5)).toBeGreaterThan(1.2)
    expect(without.filter((s) => s.err > 2 * s.pose.uncertainty!).length / without.length).toBeGreaterThan(0.5)
    // With the rim: most rims used, the models back within a few tenths of a mm and within 3σ.
    const used = withRim.filter((s) => s.pose.baseRim?.used)
    expect(used.length / withRim.length).toBeGreaterThan(0.7)
    expect(quantile(used.map((s) => s.err), 0.5)).toBeLessThan(0.3)
    expect(used.filter((s) => s.err > 3 * s.pose.uncertainty!).length).toBeLessThanOrEqual(Math.ceil(0.02 * used.length))
    expect(quantile(rimMissesMm, 0.5)).toBeLessThan(0.2)
    expect(quantile(rimMissesMm, 0.95)).toBeLessThan(0.6)
  })

  it('gives a σ neither too wide nor too narrow on phone-like frames of tabs glued true (median |e|/σ per axis 0.5–0.9)', () => {
    const markersOnly: number[] = [], withRim: number[] = []
    for (const variant of PHONE_VARIANTS) for (const seed of [730, 731, 732]) {
      const v = renderVariant(cv, variant, seed)
      const calibration = variant === 'distortion' ? v.calibration : null
      for (const s of score(v.scene, track(v.scene, v.render, null, calibration))) markersOnly.push(...s.ratios)
      for (const s of score(v.scene, track(v.scene, v.render, basesOf(v.scene), calibration))) withRim.push(...s.ratios)
    }
    expect(withRim.length).toBeGreaterThan(150)
    // Without the rim the mount's prior (0.8° × the lever arm) decides a tab glued true: too wide.
    expect(quantile(markersOnly, 0.5)).toBeLessThan(0.45)
    expect(quantile(withRim, 0.5)).toBeGreaterThanOrEqual(0.5)
    expect(quantile(withRim, 0.5)).toBeLessThanOrEqual(0.9)
    // ≤ 1 % beyond 3σ is the goal (the tracking bench: 0.55 % over 110 frames); 2 % of these 200 axes is 4.
    expect(withRim.filter((r) => r > 3).length / withRim.length).toBeLessThanOrEqual(0.02)
  }, 240_000)

  it('does not trust a rim of another size than the table says', () => {
    const scored: Scored[] = []
    let refused = 0
    for (const seed of SEEDS) {
      const scene = sceneOf(seed)
      const render = renderTableFrame(scene.spec)
      // The table says every base is 15 mm wider than it is.
      const wrong = scene.spec.models.map((m) => ({ id: m.id, base: m.base.shape === 'round' ? { shape: 'round' as const, diameter: m.base.diameter + 15 } : { shape: 'oval' as const, length: m.base.length + 15, width: m.base.width + 15 } }))
      for (const s of score(scene, track(scene, render, wrong))) {
        scored.push(s)
        if (s.pose.baseRim && !s.pose.baseRim.used) refused++
      }
    }
    expect(scored.length).toBeGreaterThan(20)
    expect(refused / scored.length).toBeGreaterThan(0.7)
    expect(scored.filter((s) => s.err > 3 * s.pose.uncertainty!).length).toBeLessThanOrEqual(Math.ceil(0.02 * scored.length))
  })
})
