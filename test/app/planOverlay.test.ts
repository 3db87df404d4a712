// The planning overlay's engine adapter (issue 32): every figure it hands the overlay is the engine's
// own `reach` / `threat` / `exposure` answer for the same table (asked here directly, the CLI's way);
// the move modes it finds are the ones each book names; the deployment zones are the ruleset's own.
import { beforeAll, describe, expect, it } from 'vitest'
import { type Scene, inches, loadScene, runQuery } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { answerPlan, planTable } from '../../src/app/engine/planOverlay.ts'
import { readDeploymentZones } from '../../src/app/format/deploymentZones.ts'
import { libraryMeshes, loadLibraryIntoApp } from '../setup/libraryMeshes.ts'

const known = ruleSystems.map((s) => s.id)
const meshes = await libraryMeshes()
const demo = (id: string) => structuredClone(findRuleSystem(id)!.demoScene) as Scene
/** The same scene as the CLI loads it, with one query, and that query's answer. */
const cli = <T = unknown>(scene: Scene, q: Record<string, unknown>): T => runQuery(loadScene({ ...scene, queries: [] }, findRuleSystem, known, { meshes }), { id: 'q', ...q } as never) as T

describe('planning overlay answers (narrative-skirmish demo)', () => {
  beforeAll(loadLibraryIntoApp)

  it("the reach of a1 is the engine's own answer: its one move mode, 6\" (Models > Movement), the same area", () => {
    const scene = demo('narrative-skirmish')
    const r = answerPlan(scene, { what: 'reach', model: 'a1' })
    if (r.what !== 'reach') throw new Error('not a reach answer')
    expect(r.issue).toBeNull()
    // The book has one move, and the ruleset declares it.
    expect(r.modesFrom).toBe('declared')
    expect(r.modes.map((m) => m.mode)).toEqual(['move'])
    const direct = cli<{ area: unknown }>(scene, { type: 'reach', model: 'a1' })
    expect(r.modes[0]!.result!.area).toEqual(direct.area)
    expect(r.modes[0]!.result!.allowance.mm).toBeCloseTo(inches(6), 2)
    expect(r.modes[0]!.result!.allowance.rule).toBe('Models > Movement')
  })

  it('a spot: its path, its attackers and who sees it are the reach, threat and exposure answers at that spot', () => {
    // One enemy (the marksman) on a smaller table keeps the threat's and the exposure's per-table work small.
    const scene = demo('narrative-skirmish')
    scene.models = scene.models.filter((m) => m.id === 'a1' || m.id === 'b2')
    scene.table = { width: 1000, depth: 800 }
    scene.terrain = (scene.terrain ?? []).filter((t) => t.id !== 'stone-arch')
    const at: [number, number] = [380, 420]
    const s = answerPlan(scene, { what: 'spot', model: 'a1', mode: null, at, exposure: true })
    const t = answerPlan(scene, { what: 'threat', model: 'a1', at })
    if (s.what !== 'spot' || t.what !== 'threat') throw new Error('not a spot and a threat answer')
    const reach = cli<{ points: unknown[] }>(scene, { type: 'reach', model: 'a1', points: [at] })
    const threat = cli<{ points: unknown[] }>(scene, { type: 'threat', model: 'a1', at })
    const a1 = scene.models.find((m) => m.id === 'a1')!
    const exposure = cli<{ points: unknown[] }>(scene, { type: 'exposure', side: a1.side, base: a1.base, height: a1.height, profile: a1.profile, stats: a1.stats, points: [at] })
    expect(s.reach).toEqual(reach.points[0])
    expect(t.threat).toEqual(threat.points[0])
    expect(s.exposure).toEqual(exposure.points[0])
    expect([s.reachIssue, t.issue, s.exposureIssue]).toEqual([null, null, null])
    // Not empty answers: the marksman's laser rifle (unlimited range) sees the spot and can shoot it.
    expect(t.threat!.attackers.map((a) => a.model)).toContain('b2')
    expect(s.exposure!.seenBy).toContain('b2')
  })

  it('keeps one prepared table per scene (the engine keeps each enemy\'s reach by it) and a new one when a model moves', () => {
    const scene = demo('narrative-skirmish')
    const t = planTable(scene)
    expect(planTable(structuredClone(scene))).toBe(t)
    const moved = structuredClone(scene)
    moved.models[3]!.position = [500, 800]
    expect(planTable(moved)).not.toBe(t)
  })

  it('a model the scene does not have is a refusal in the answer, not a crash', () => {
    const r = answerPlan(demo('narrative-skirmish'), { what: 'reach', model: 'nobody' })
    expect(r.what === 'reach' && r.issue).toMatch(/nobody/)
  })
})

describe('move modes as the rulesets declare them', () => {
  it('Iron Line: the five manoeuvres of §16 L1456–1461, Reform refused as an area (it turns in place)', () => {
    const scene = demo('iron-line')
    const model = scene.models[0]!.id
    const r = answerPlan(scene, { what: 'reach', model })
    if (r.what !== 'reach') throw new Error('not a reach answer')
    expect(r.modes.map((m) => m.mode)).toEqual(['advance', 'wheel', 'shuffle', 'retreat', 'reform'])
    expect(r.modes.find((m) => m.mode === 'reform')!.refused).toMatch(/rotates in place/)
    for (const m of r.modes.filter((x) => x.mode !== 'reform')) {
      expect(m.refused, m.mode).toBeNull()
      expect(m.result!.area.length, m.mode).toBeGreaterThan(0)
    }
  })

  it('Cadence: Move, Advance and Move + Advance; deploy and disembark need an Entry Point or a Transport the planner has not got', () => {
    const scene = demo('cadence')
    const r = answerPlan(scene, { what: 'reach', model: scene.models[0]!.id })
    if (r.what !== 'reach') throw new Error('not a reach answer')
    expect(r.modes.map((m) => m.mode)).toEqual(['move', 'advance', 'move-advance'])
  })
})

describe('deployment zones as the rulesets give them', () => {
  it('Operator Tactics Crossfire: two edge zones 6" deep across the 24" board (§06 Deployment zones)', () => {
    const scene = demo('operator-tactics')
    const q = scene.queries!.find((x) => x.type === 'deployment')!
    const zones = readDeploymentZones(cli(scene, q as never))
    expect(zones.length).toBe(2)
    for (const z of zones) {
      const ys = z.outline.map((p) => p[1])
      const depth = Math.max(...ys) - Math.min(...ys)
      expect(depth).toBeCloseTo(inches(6), 1)
      expect(Math.max(...z.outline.map((p) => p[0])) - Math.min(...z.outline.map((p) => p[0]))).toBeCloseTo(inches(24), 1)
      expect(z.rule).toMatch(/§06/)
    }
    expect(new Set(zones.map((z) => z.side)).size).toBe(2)
  })

  it('Iron Line: each side\'s zone begins 8" from the centreline (§15)', () => {
    const scene = demo('iron-line')
    const q = scene.queries!.find((x) => x.type === 'deployment')!
    const zones = readDeploymentZones(cli(scene, q as never))
    expect(zones.length).toBe(2)
    const centre = scene.table.depth / 2
    const gaps = zones.map((z) => Math.min(...z.outline.map((p) => Math.abs(p[1] - centre))))
    for (const g of gaps) expect(g).toBeCloseTo(inches(8), 1)
  })

  it('reads nothing from a result without zones', () => {
    expect(readDeploymentZones({ rules: [] })).toEqual([])
    expect(readDeploymentZones(null)).toEqual([])
  })
})
