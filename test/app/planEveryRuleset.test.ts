// The planning overlay's engine adapter on every ruleset (issue 32): the planning scene each book has in
// test/scenarios (one wall, a model "a" and an enemy "e", probes derived by hand in each file) asked as
// the app asks its worker. The adapter must list every move mode the ruleset declares (pinned to each
// book in test/systems/planning/moveModes.test.ts) but those needing a context it lacks, and every figure it hands the overlay — the reach area of each mode, the path at each
// probe, who can attack each threat spot, who sees it — must be the engine's answer to the same query
// on the same scene, asked the CLI's way. Small tables, two models; the engine's side loads each scene once.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type Scene, loadScene, runQuery } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { answerPlan } from '../../src/app/engine/planOverlay.ts'

const known = ruleSystems.map((s) => s.id)
const SCENES = [
  'cadence/planning-reach-threat-exposure.scenario.json',
  'cadence/devils-bluff/planning-reach-threat-exposure.scenario.json',
  'cadence/fracture/planning-reach-threat-exposure.scenario.json',
  'cadence/halo-breakpoint/planning-reach-threat-exposure.scenario.json',
  'cadence/respawn/planning-reach-threat-exposure.scenario.json',
  'cadence/scraplands/planning-reach-threat-exposure.scenario.json',
  'cadence/squadrons/planning-reach-threat-exposure.scenario.json',
  'cadence/survivors/planning-reach-threat-exposure.scenario.json',
  'iron-line/planning-reach-threat-exposure.json',
  'jagged-shards/planning-reach-threat-exposure.json',
  'narrative-skirmish/planning-reach-threat-exposure.scenario.json',
  'operator-tactics/planning-reach-threat-exposure.json',
  'skrapyard/planning-reach-threat-exposure.json',
]

type Probe = [number, number]
type Q = { type: string; model?: string; points?: Probe[] }

function sceneOf(file: string): Scene {
  const doc = JSON.parse(readFileSync(new URL(`../scenarios/${file}`, import.meta.url), 'utf8')) as { scene?: Scene } & Scene
  return doc.scene ?? doc
}

/** The engine's answers to queries on the scene, loaded once as the CLI loads it. */
function cliOf(scene: Scene): <T>(q: Record<string, unknown>) => T {
  const table = loadScene({ ...scene, queries: [] }, findRuleSystem, known)
  return <T>(q: Record<string, unknown>) => runQuery(table, { id: 'q', ...q } as never) as T
}

describe('the planning adapter on every ruleset\'s planning scene', () => {
  it('covers every ruleset the registry has', () => {
    expect(new Set(SCENES.map((f) => sceneOf(f).system))).toEqual(new Set(known))
  })

  for (const file of SCENES) {
    it(`${file.split('/planning')[0]}: modes, paths, attackers and sight are the engine's own answers`, () => {
      const scene = sceneOf(file)
      const queries = (scene.queries ?? []) as Q[]
      const reachQ = queries.find((q) => q.type === 'reach')!
      const threatQ = queries.find((q) => q.type === 'threat')!
      const model = reachQ.model!
      const me = scene.models.find((m) => m.id === model)!
      const cli = cliOf(scene)

      const reach = answerPlan(scene, { what: 'reach', model })
      if (reach.what !== 'reach') throw new Error('not a reach answer')
      expect(reach.issue).toBeNull()
      expect(reach.modes.length).toBeGreaterThan(0)
      expect(reach.modes.map((m) => m.mode)).not.toContain('tabletop-ar:mode-list')
      for (const m of reach.modes) {
        if (m.refused !== null) continue
        const direct = cli<{ area: unknown; allowance: unknown; mode: string }>({ type: 'reach', model, mode: m.mode })
        expect(m.result!.area, `${m.mode}: area`).toEqual(direct.area)
        expect(m.result!.allowance, `${m.mode}: allowance`).toEqual(direct.allowance)
      }
      // The default mode (first) is answered, not refused.
      expect(reach.modes[0]!.refused).toBeNull()
      // Every mode the ruleset declares, in its order, but those needing a context the planner lacks.
      const declared = findRuleSystem(scene.system)!.moveModes!.filter((d) => !d.needs?.length).map((d) => d.mode)
      expect(reach.modesFrom).toBe('declared')
      expect(reach.modes.map((m) => m.mode), 'the modes the ruleset declares').toEqual(declared)

      const paths = cli<{ points: unknown[] }>({ type: 'reach', model, points: reachQ.points })
      reachQ.points!.forEach((at, i) => {
        const s = answerPlan(scene, { what: 'spot', model, mode: null, at, exposure: false })
        if (s.what !== 'spot') throw new Error('not a spot answer')
        expect(s.reachIssue).toBeNull()
        expect(s.reach, `path to probe ${i} (${at})`).toEqual(paths.points[i])
      })

      const attackers = cli<{ points: unknown[] }>({ type: 'threat', model, points: threatQ.points })
      const sight = cli<{ points: unknown[] }>({ type: 'exposure', side: me.side, base: me.base, height: me.height, profile: me.profile, stats: me.stats, points: threatQ.points })
      threatQ.points!.forEach((at, i) => {
        const t = answerPlan(scene, { what: 'threat', model, at })
        const s = answerPlan(scene, { what: 'spot', model, mode: null, at, exposure: true })
        if (t.what !== 'threat' || s.what !== 'spot') throw new Error('not a threat and a spot answer')
        expect([t.issue, s.exposureIssue]).toEqual([null, null])
        expect(t.threat, `attackers at spot ${i} (${at})`).toEqual(attackers.points[i])
        expect(s.exposure, `who sees spot ${i} (${at})`).toEqual(sight.points[i])
      })
    })
  }
})
