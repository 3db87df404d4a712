// The planner's engine adapter: the card's attack result must be evaluateTable's, the LoS lines the
// engine's own los answers, and the range bands the catalogue's numbers.
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Scene, evaluateTable, inches, loadScene, runQuery } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { evaluateOverlay, rangeBandsOf, ruleOn } from '../../src/app/engine/evaluateOverlay.ts'
import { loadMeshes } from '../../src/cli/loadMeshes.ts'
import { withArchOnA1B1 } from '../setup/archScene.ts'
import { libraryMeshes, loadLibraryIntoApp } from '../setup/libraryMeshes.ts'

const known = ruleSystems.map((s) => s.id)
// the CLI's mesh library for scenes naming models/ files (the demo's arch.gltf, issue #18)
const meshes = await libraryMeshes()
const demo = () => structuredClone(findRuleSystem('narrative-skirmish')!.demoScene) as Scene

describe('evaluateOverlay (narrative-skirmish demo)', () => {
  // the demo scene names terrain files from models/ (issue #18): loaded as the app's worker loads them
  beforeAll(loadLibraryIntoApp)
  const sel = { attackerId: 'a1', weaponId: 'rifle', targetId: 'b1', rays: false }

  it('gives the card exactly the attack result the CLI eval gives', () => {
    const overlay = evaluateOverlay(demo(), sel)
    const query = { id: 'attack', type: 'attack' as const, attacker: 'a1', target: 'b1', weapon: 'rifle' }
    const cli = evaluateTable(loadScene({ ...demo(), queries: [query] }, findRuleSystem, known, { meshes })).results[0]
    expect(overlay.attackQuery).toEqual(query)
    expect(overlay.attack).toEqual(cli)
    // The book's worked numbers for this table: rifle 18", in range, cover from the wall, 9/20.
    expect(overlay.attack?.allowed).toBe(true)
    expect((overlay.attack?.probability as { exact: { hit: string } }).exact.hit).toBe('9/20')
  })

  it('draws one LoS line per enemy with the los query answer (class and fraction)', () => {
    const overlay = evaluateOverlay(demo(), sel)
    const table = loadScene({ ...demo(), queries: [] }, findRuleSystem, known, { meshes })
    expect(overlay.losRow.map((l) => l.to)).toEqual(['b1', 'b2', 'b3'])
    for (const line of overlay.losRow) {
      const r = runQuery(table, { id: 'x', type: 'los', from: 'a1', to: line.to })
      expect(line.fraction).toBe(r.fraction)
      expect(line.class).toBe(r.class)
      expect(line.from).toEqual([320, 300, 36]) // a1's eye: 0.9 × 40 mm above its base centre
    }
  })

  it('rules on mesh terrain from models/ exactly as the CLI does (the app bundles the same meshes)', async () => {
    // The ruined arch on the a1 → b1 line, turned so both pillars stand on it: the line is blocked.
    const scene = withArchOnA1B1(demo())
    const query = { id: 'attack', type: 'attack' as const, attacker: 'a1', target: 'b1', weapon: 'rifle' }
    const cli = evaluateTable(loadScene({ ...scene, queries: [query] }, findRuleSystem, known, { meshes: await loadMeshes(join(import.meta.dirname, '../../models')) }))
    const overlay = evaluateOverlay(scene, sel)
    expect(overlay.attack).toEqual(cli.results[0])
    const withArch = overlay.losRow.find((l) => l.to === 'b1')!
    const without = evaluateOverlay(demo(), sel).losRow.find((l) => l.to === 'b1')!
    expect(withArch.fraction).toBeLessThan(without.fraction)
    expect(overlay.attack?.allowed).toBe(false)
  })

  it('uses the attacker first weapon when none (or a foreign one) is chosen', () => {
    const overlay = evaluateOverlay(demo(), { ...sel, weaponId: 'laser-rifle' })
    expect(overlay.attackQuery?.weapon).toBe('rifle')
  })

  it('reports a rejected weapon as a message, not a crash', () => {
    const s = demo()
    s.models = s.models.map((m) => (m.id === 'a1' ? { ...m, weapons: [{ id: 'rifle', profiles: 'broken' }] } : m))
    const overlay = evaluateOverlay(s, sel)
    expect(overlay.attack).toBeNull()
    expect(overlay.attackError).toMatch(/\S/)
    expect(overlay.losRow).toHaveLength(3)
  })

  it('throws the scene issues (with paths) for a broken scene', () => {
    const s = demo()
    s.models[0] = { ...s.models[0]!, profile: 'no-such-profile' }
    expect(() => evaluateOverlay(s, sel)).toThrow(/models\[0\]\.profile/)
  })

  it('returns sample rays only on demand', () => {
    expect(evaluateOverlay(demo(), sel).sampleRays).toBeNull()
    const rays = evaluateOverlay(demo(), { ...sel, rays: true }).sampleRays
    expect(rays?.length).toBeGreaterThan(10)
  })

  it('rules on a scene exactly as eval does', () => {
    const query = { id: 'attack', type: 'attack' as const, attacker: 'a3', target: 'b3', weapon: 'light-machine-gun' }
    expect(ruleOn(demo(), query)).toEqual(evaluateTable(loadScene({ ...demo(), queries: [query] }, findRuleSystem, known, { meshes })))
  })
})

describe('rangeBandsOf', () => {
  it('collects rangeInches at any depth, in mm, ascending and de-duplicated', () => {
    const smg = { profiles: [{ rangeInches: 18, shots: 1 }, { rangeInches: 6, shots: 2 }, { rangeInches: 18 }] }
    expect(rangeBandsOf(smg)).toEqual([inches(6), inches(18)])
    expect(rangeBandsOf({ closeRangeInches: 8, rangeInches: 24, rangeMm: 100 })).toEqual([100, inches(8), inches(24)])
    expect(rangeBandsOf({ profiles: [{ rangeInches: null }] })).toEqual([])
  })
})
