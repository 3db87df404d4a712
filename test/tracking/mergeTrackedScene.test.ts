// Tracked poses into a scene (src/tracking/scene/mergeTrackedScene.ts): the frame the poses are in is the
// registry's, so how sure its scale is (its survey's 1σ) goes with them as the table's scaleUncertainty,
// and the engine's distance between two of them then carries it (test/engine/rules/frameScale.test.ts).
import { describe, expect, it } from 'vitest'
import { parseRegistry } from '../../src/tracking/registry/registrySchema.ts'
import { mergeTrackedScene } from '../../src/tracking/scene/mergeTrackedScene.ts'
import { runQuery, type Scene } from '../../src/engine/index.ts'
import { load, model, scene } from '../engine/sceneBuilder.ts'

const markers = [
  { id: 0, role: 'table', size: 70, position: [70, 70] },
  { id: 1, role: 'table', size: 70, position: [1149, 70] },
  { id: 10, role: 'model', model: 'a', size: 20 },
  { id: 11, role: 'model', model: 'b', size: 20 },
]
const survey = { frames: 9, rmsErrorPx: 0.2, camera: { source: 'calibration', fx: 1500, fy: 1500 }, table: { from: 'corner-markers' }, markers: [] }
const base = scene([model('a', 'A', 100, 100), model('b', 'B', 300, 100)]) as Scene
const poses = [
  { id: 'a', kind: 'model' as const, position: [100, 100] as [number, number], z: 0, facing: 0, uncertainty: 0.3 },
  { id: 'b', kind: 'model' as const, position: [700, 900] as [number, number], z: 0, facing: 0, uncertainty: 0.4 },
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
