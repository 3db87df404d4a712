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
// Radial σ as the tracker gives them; round spreads (no covariance): 0.3 and 0.4 along any line.
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

describe("a tracked position's σ in the scene is the σ along a line", () => {
  const registry = parseRegistry({ format: 'tabletop-markers/1', markers })
  const one = (p: Partial<(typeof poses)[0]> & { covarianceMm?: [number, number, number] }) =>
    mergeTrackedScene(base, registry, [{ ...poses[0]!, ...p }]).scene.models.find((m) => m.id === 'a')!.uncertainty

  it('takes the covariance’s widest direction, and radial/√2 for a pose without one (hand-computed)', () => {
    // σx 2, σy 1: radial √5 = 2.236; along x (the widest) 2.
    expect(one({ uncertainty: Math.sqrt(5), covarianceMm: [4, 0, 1] })).toBeCloseTo(2, 3)
    // The same ellipse turned 45°: [[2.5, 1.5], [1.5, 2.5]] has eigenvalues 4 and 1.
    expect(one({ uncertainty: Math.sqrt(5), covarianceMm: [2.5, 1.5, 2.5] })).toBeCloseTo(2, 3)
    // Round, 0.5 per axis: radial 0.707, along any line 0.5, with or without the covariance.
    expect(one({ uncertainty: Math.SQRT1_2, covarianceMm: [0.25, 0, 0.25] })).toBeCloseTo(0.5, 3)
    expect(one({ uncertainty: Math.SQRT1_2 })).toBeCloseTo(0.5, 3)
    // Placed by hand stays placed by hand.
    expect(one({ uncertainty: 0 })).toBe(0)
  })

  it("makes the engine's distance σ calibrated on positions drawn with the tracker's radial σ, where the radial σ itself is too wide", () => {
    // Seeded draws (test/tracking/synth/random.ts), the truth drawn here: pairs of models, each seen with a
    // round Gaussian error of its own σ per axis, reported as the tracker reports it (radial σ, covariance).
    const rnd = createRandom(131)
    const ratios: number[] = [], radialRatios: number[] = []
    for (let k = 0; k < 1500; k++) {
      const sig = [0.15 + 0.6 * rnd.next(), 0.15 + 0.6 * rnd.next()]
      const truth = [[100 + 400 * rnd.next(), 100 + 400 * rnd.next()], [700 + 400 * rnd.next(), 700 + 400 * rnd.next()]]
      const seen = truth.map(([x, y], i) => [x! + sig[i]! * rnd.normal(), y! + sig[i]! * rnd.normal()] as [number, number])
      const tracked = ['a', 'b'].map((id, i) => ({ id, kind: 'model' as const, position: seen[i]!, z: 0, facing: 0, uncertainty: sig[i]! * Math.SQRT2, ...(k % 2 ? { covarianceMm: [sig[i]! ** 2, 0, sig[i]! ** 2] as [number, number, number] } : {}) }))
      const got = runQuery(load(mergeTrackedScene(base, registry, tracked).scene), { id: 'd', type: 'distance', from: 'a', to: 'b', reference: 'centre' }) as unknown as { mm: number; uncertaintyMm: number }
      const err = Math.abs(Math.hypot(seen[1]![0] - seen[0]![0], seen[1]![1] - seen[0]![1]) - Math.hypot(truth[1]![0]! - truth[0]![0]!, truth[1]![1]! - truth[0]![1]!))
      ratios.push(err / got.uncertaintyMm)
      radialRatios.push(err / Math.hypot(tracked[0]!.uncertainty, tracked[1]!.uncertainty))
    }
    const median = (v: number[]) => [...v].sort((p, q) => p - q)[v.length >> 1]!
    const beyond3 = (v: number[]) => v.filter((r) => r > 3).length / v.length
    // Half-normal |e|/σ: median 0.674, 0.27 % beyond 3σ.
    expect(median(ratios)).toBeGreaterThan(0.62)
    expect(median(ratios)).toBeLessThan(0.73)
    expect(beyond3(ratios)).toBeLessThan(0.01)
    // The radial σ as a line's σ (what the scene carried before): √2 too wide, outside the band.
    expect(median(radialRatios)).toBeLessThan(0.52)
  })
})
