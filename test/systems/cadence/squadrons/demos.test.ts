// The demo scenes of the four games set up legal actions: every attack and move in them is allowed.
import { describe, expect, it } from 'vitest'
import { evaluateTable, loadScene } from '../../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../../src/systems/index.ts'

describe('games-b demo scenes', () => {
  for (const id of ['cadence/squadrons', 'cadence/scraplands', 'cadence/halo-breakpoint', 'cadence/respawn']) {
    it(`${id}: every attack, move and special query in the demo is allowed and cites the book`, () => {
      const system = findRuleSystem(id)!
      const doc = evaluateTable(loadScene(system.demoScene, findRuleSystem, ruleSystems.map((s) => s.id)))
      for (const r of doc.results) {
        if ('allowed' in r) expect(r.allowed, `${r.id}: ${JSON.stringify(r.reasons)}`).toBe(true)
        expect((r.rules ?? []).some((x) => /^(core-rules|squadrons|scraplands|halo-breakpoint|respawn)\//.test(x)), r.id).toBe(true)
      }
    })
  }
})
