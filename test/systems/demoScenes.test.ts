// Every registered system ships a demo scene that validates and evaluates (the planner opens it).
import { describe, expect, it } from 'vitest'
import { evaluateTable, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'

describe('demo scenes of every registered system', () => {
  for (const system of ruleSystems) {
    it(`${system.id}: the demo scene validates and every query answers with its rule sections`, async () => {
      // demo scenes stand terrain from models/ on the table (issue #18): the CLI's mesh library
      const table = loadScene(system.demoScene, findRuleSystem, ruleSystems.map((s) => s.id), { meshes: await libraryMeshes() })
      expect(table.system.id).toBe(system.id)
      expect(table.models.length).toBeGreaterThanOrEqual(2)
      expect(new Set(table.models.map((m) => m.side)).size).toBeGreaterThanOrEqual(2)
      const doc = evaluateTable(table)
      expect(doc.results.length).toBe(table.scene.queries?.length ?? 0)
      for (const r of doc.results) expect(Array.isArray(r.rules) && r.rules.length > 0, `${r.id} cites a rule`).toBe(true)
    })
  }
})
