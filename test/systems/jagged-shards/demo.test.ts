// The demo scene (src/systems/jagged-shards/demo.json) evaluated through the CLI, as the planner opens it.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findRuleSystem } from '../../../src/systems/index.ts'
import { evalWithCli } from './tableBuilder.ts'

describe('jagged-shards demo scene', () => {
  it('is the registered demo and every query evaluates', async () => {
    const system = findRuleSystem('jagged-shards')
    expect(system?.demoScene).toBeDefined()
    const { code, doc } = await evalWithCli(join(import.meta.dirname, '../../../src/systems/jagged-shards/demo.json'))
    expect(code).toBe(0)
    const byId = new Map(doc.results.map((r) => [r['id'] as string, r]))
    const demo = system!.demoScene as { queries: Array<{ id: string }>; models: unknown[]; terrain: unknown[] }
    expect(doc.results.map((r) => r['id'])).toEqual(demo.queries.map((q) => q.id))
    // §1.1 / §15.6: a 4'×4' table with 6–10 terrain pieces; two forces of 4 models (§20.1)
    expect(demo.terrain.length).toBeGreaterThanOrEqual(6)
    expect(demo.terrain.length).toBeLessThanOrEqual(10)
    expect(demo.models).toHaveLength(8)
    // Every result cites the book.
    for (const r of doc.results) expect((r['rules'] as string[]).length).toBeGreaterThan(0)
    // The Rifleman's shot at the Dino-Raptor behind the cargo containers: Heavy Cover + EV 10 → 90.
    expect(byId.get('shoot-rifle-raptor')).toMatchObject({ allowed: true, cover: { level: 'heavy' }, threshold: { final: 90 } })
    expect(byId.get('initiate-sprint-blocked')).toMatchObject({ allowed: false, reasons: [{ code: 'through-obscuring' }] })
    expect(byId.get('initiate-sprint')).toMatchObject({ allowed: true, mode: 'sprint' })
    // §20.6.2 "Shock Specialist has no line of sight"-style checks: the Stalker behind the crystal wall is hidden from rifleman-1
    const pairs = byId.get('who-sees-whom')!['pairs'] as Array<{ from: string; to: string; visible: boolean }>
    expect(pairs.find((p) => p.from === 'rifleman-1' && p.to === 'stalker')?.visible).toBe(false)
    // §20.2 Insertion: FR 17 vs Hydroponic Reclamation Bay PV 50 → rolls 33–100 → 68/100
    expect(byId.get('insertion')).toMatchObject({ pv: 50, probability: { exact: '17/25' } })
  })
})
