// Tracked poses into a scene (src/tracking/scene/mergeTrackedScene.ts): the frame the poses are in is the
// registry's, so how sure its scale is (its survey's 1σ) goes with them as the table's scaleUncertainty,
// and the engine's distance between two of them then carries it (test/engine/rules/frameScale.test.ts).
// And a position's σ goes in as the engine reads it: along one direction, where the tracker's is radial.
import { describe, expect, it } from 'vitest'
import { parseRegistry } from '../../src/tracking/registry/registrySchema.ts'
import { mergeTrackedScene } from '../../src/tracking/scene/mergeTrackedScene.ts'
import { runQuery, type Scene } from '../../src/engine/index.ts'
import { load, model, scene } from '../engine/sceneBuilder.ts'
import { createRandom } from './synth/random.ts'

const markers = [
  { id: 0, role: 'table', size: 70, position: [70, 70] },
  { id: 1, role: 'table', size: 70, position: [1149, 70] },
  { id: 10, role: 'model', model: 'a', size: 20 },
  { id: 11, role: 'model', model: 'b', size: 20 },
]
const survey = { frames: 9, rmsErrorPx: 0.2, camera: { source: 'calibration', fx: 1500, fy: 1500 }, table: { from: 'corner-markers' }, markers: [] }
const base = scene([model('a', 'A', 100, 100), model('b', 'B', 300, 100)]) as Scene
// Radial σ as the tracker gives them: 0.3 and 0.4 along a line (× 1/√2).
const poses = [
  { id: 'a', kind: 'model' as const, position: [100, 100] as [number, number], z: 0, facing: 0, uncertainty: 0.3 * Math.SQRT2 },
  { id: 'b', kind: 'model' as const, position: [700, 900] as [number, number], z: 0, facing: 0, uncertainty: 0.4 * Math.SQRT2 },
]

describe("a tracked scene carries its registry's scale σ", () => {
  it("writes the survey's scaleSigmaRel as the table's scaleUncertainty, and the distance's σ takes it", () => {
    const registry = parseRegistry({ format: 'tabletop-markers/1', markers, survey: { ...survey, scaleSigmaRel: 0.0005 } })
    const { scene: merged } = mergeTrackedScene(base, registry, poses)
    expect(merged.table).toEqual({ width: 1219.2, depth: 1219.2, scaleUncertainty: 0.0005 })
    const d = runQuery(load(merged), { id: 'd', type: 'distance', from: 'a', to: 'b' }) as unknown as { uncertaintyMm: number }
    // √(0.3² + 0.4² + (0.0005 × 1000)²)
    expect(d.uncertaintyMm).toBeCloseTo(Math.hypot(0.3, 0.4, 0.5), 2)
  })

  it('says nothing of it for a registry with no survey σ (measured by hand, or surveyed before), and drops an old one', () => {
    const byHand = parseRegistry({ format: 'tabletop-markers/1', markers })
    const before = parseRegistry({ format: 'tabletop-markers/1', markers, survey })
    const old = { ...base, table: { ...base.table, scaleUncertainty: 0.001 } }
    for (const registry of [byHand, before]) expect(mergeTrackedScene(old, registry, poses).scene.table).toEqual({ width: 1219.2, depth: 1219.2 })
  })

  it('says nothing of it when no model was placed', () => {
    const registry = parseRegistry({ format: 'tabletop-markers/1', markers, survey: { ...survey, scaleSigmaRel: 0.0005 } })
    expect(mergeTrackedScene(base, registry, []).scene.table).toEqual({ width: 1219.2, depth: 1219.2 })
  })
})

describe("the survey's scale σ that tracked distances carry: held to the same camera's reading (issue 31)", () => {
  // The survey's camera: 1920 × 1080 frames, f 1500 px. Its scale σ with the corner offset free 0.05 %,
  // with it held (the same camera reads every marker with the same offset) 0.01 %.
  const surveyed = parseRegistry({
    format: 'tabletop-markers/1', markers,
    survey: { ...survey, camera: { ...survey.camera, width: 1920, height: 1080 }, scaleSigmaRel: 0.0005, scaleSigmaRelSameCamera: 0.0001 },
  })
  const scaleOf = (camera?: { width: number; height: number; fx: number }, registry = surveyed) => mergeTrackedScene(base, registry, poses, {}, camera).scene.table.scaleUncertainty

  it("takes the held σ for frames of the survey's camera: the same size, either way up, and a focal length within 5 %", () => {
    expect(scaleOf({ width: 1920, height: 1080, fx: 1500 })).toBe(0.0001)
    expect(scaleOf({ width: 1080, height: 1920, fx: 1560 })).toBe(0.0001)
    expect(scaleOf({ width: 1920, height: 1080, fx: 1430 })).toBe(0.0001)
    // And the engine's distance σ takes it: √(0.3² + 0.4² + (0.0001 × 1000)²).
    const d = runQuery(load(mergeTrackedScene(base, surveyed, poses, {}, { width: 1920, height: 1080, fx: 1500 }).scene), { id: 'd', type: 'distance', from: 'a', to: 'b' }) as unknown as { uncertaintyMm: number }
    expect(d.uncertaintyMm).toBeCloseTo(Math.hypot(0.3, 0.4, 0.1), 2)
  })

  it('takes the whole σ for any other camera, or when the camera is not known', () => {
    expect(scaleOf({ width: 1280, height: 720, fx: 1000 })).toBe(0.0005)
    expect(scaleOf({ width: 1920, height: 1080, fx: 1700 })).toBe(0.0005)
    expect(scaleOf({ width: 1920, height: 1200, fx: 1500 })).toBe(0.0005)
    expect(scaleOf()).toBe(0.0005)
  })

  it('takes the whole σ from a survey that did not give the held one, or did not record its frames\' size', () => {
    const older = parseRegistry({ format: 'tabletop-markers/1', markers, survey: { ...survey, camera: { ...survey.camera, width: 1920, height: 1080 }, scaleSigmaRel: 0.0005 } })
    const noSize = parseRegistry({ format: 'tabletop-markers/1', markers, survey: { ...survey, scaleSigmaRel: 0.0005, scaleSigmaRelSameCamera: 0.0001 } })
    expect(scaleOf({ width: 1920, height: 1080, fx: 1500 }, older)).toBe(0.0005)
    expect(scaleOf({ width: 1920, height: 1080, fx: 1500 }, noSize)).toBe(0.0005)
  })

  it('refuses a held σ that is not a share', () => {
    expect(() => parseRegistry({ format: 'tabletop-markers/1', markers, survey: { ...survey, scaleSigmaRel: 0.0005, scaleSigmaRelSameCamera: -0.1 } })).toThrow(/survey\.scaleSigmaRelSameCamera/)
  })
})

describe("a tracked position's σ in the scene is the σ along a line", () => {
  const registry = parseRegistry({ format: 'tabletop-markers/1', markers })
  const one = (p: Partial<(typeof poses)[0]>) =>
    mergeTrackedScene(base, registry, [{ ...poses[0]!, ...p }]).scene.models.find((m) => m.id === 'a')!.uncertainty

  it('is the radial σ over √2, the root mean square of the σ along a line over its directions (hand-computed)', () => {
    // σx 2, σy 1: radial √5 = 2.236; along x 2, along y 1, their root mean square √2.5 = 1.581.
    expect(one({ uncertainty: Math.sqrt(5) })).toBeCloseTo(1.581, 3)
    // Round, 0.5 per axis: radial 0.707, along any line 0.5.
    expect(one({ uncertainty: Math.SQRT1_2 })).toBeCloseTo(0.5, 3)
    // Placed by hand stays placed by hand.
    expect(one({ uncertainty: 0 })).toBe(0)
  })

  // Seeded draws (test/tracking/synth/random.ts), the truth drawn here: pairs of models, each seen with a
  // Gaussian error of its own covariance, reported as the tracker reports it (its radial σ);
  // the engine's σ of their distance against its error.
  const draw = (seed: number, thin: number) => {
    const rnd = createRandom(seed)
    const ratios: number[] = [], radialRatios: number[] = [], widestRatios: number[] = []
    for (let k = 0; k < 1500; k++) {
      const truth = [[100 + 400 * rnd.next(), 100 + 400 * rnd.next()], [700 + 400 * rnd.next(), 700 + 400 * rnd.next()]]
      const tracked = [0, 1].map((i) => {
        // Long axis σ 0.15–0.75 mm, short axis `thin` × that, turned anyhow.
        const s1 = 0.15 + 0.6 * rnd.next(), s2 = thin * s1, t = Math.PI * rnd.next()
        const c = Math.cos(t), sn = Math.sin(t)
        const z1 = rnd.normal() * s1, z2 = rnd.normal() * s2
        return { id: i ? 'b' : 'a', kind: 'model' as const, position: [truth[i]![0]! + c * z1 - sn * z2, truth[i]![1]! + sn * z1 + c * z2] as [number, number], z: 0, facing: 0, uncertainty: Math.hypot(s1, s2), widest: s1 }
      })
      const got = runQuery(load(mergeTrackedScene(base, registry, tracked).scene), { id: 'd', type: 'distance', from: 'a', to: 'b', reference: 'centre' }) as unknown as { mm: number; uncertaintyMm: number }
      const seen = tracked.map((p) => p.position)
      const err = Math.abs(Math.hypot(seen[1]![0] - seen[0]![0], seen[1]![1] - seen[0]![1]) - Math.hypot(truth[1]![0]! - truth[0]![0]!, truth[1]![1]! - truth[0]![1]!))
      ratios.push(err / got.uncertaintyMm)
      radialRatios.push(err / Math.hypot(tracked[0]!.uncertainty, tracked[1]!.uncertainty))
      widestRatios.push(err / Math.hypot(tracked[0]!.widest, tracked[1]!.widest))
    }
    return { ratios, radialRatios, widestRatios }
  }
  const median = (v: number[]) => [...v].sort((p, q) => p - q)[v.length >> 1]!
  /** The median |e|/σ within [lo, hi] and at most 1 % beyond 3σ. */
  const expectBand = (ratios: number[], lo: number, hi: number) => {
    expect(median(ratios)).toBeGreaterThan(lo)
    expect(median(ratios)).toBeLessThan(hi)
    expect(ratios.filter((r) => r > 3).length / ratios.length).toBeLessThan(0.01)
  }

  it("is calibrated where the spread is round, where the radial σ as a line's σ is √2 too wide", () => {
    const { ratios, radialRatios } = draw(131, 1)
    // Half-normal |e|/σ: median 0.674, 0.27 % beyond 3σ.
    expectBand(ratios, 0.62, 0.73)
    expect(median(radialRatios)).toBeLessThan(0.52)
  })

  it('stays in the band where the spread is long and thin (1 : 0.15, turned anyhow), where the widest σ would be too wide', () => {
    const { ratios, widestRatios } = draw(132, 0.15)
    expectBand(ratios, 0.5, 0.9)
    expect(median(widestRatios)).toBeLessThan(0.5)
  })
})
