// Property (issue 12): the order of models, terrain and queries in a scene changes nothing but the
// order of results. Every system's demo scene is shuffled (fast-check permutations) and evaluated;
// each query's result must equal the unshuffled one (compared with every list as a multiset, so a
// list's order may differ but not its entries: swapped link ends or a flipped inZone are caught).
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { type MeshLibrary, evaluateTable, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { loadMeshes } from '../../src/cli/loadMeshes.ts'

const known = ruleSystems.map((s) => s.id)
let meshes: MeshLibrary = {}
beforeAll(async () => { meshes = await loadMeshes(join(import.meta.dirname, '..', '..', 'models')) }, 60_000)

type Json = Record<string, unknown>

/** A value with every array sorted by its entries' canonical text (objects' keys sorted too). */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Json)[k])]))
  return v
}

function evaluate(scene: Json) {
  const doc = evaluateTable(loadScene(scene, findRuleSystem, known, { meshes }))
  return {
    results: new Map(doc.results.map((r) => [r.id, canonical(r)])),
    warnings: canonical((doc.warnings ?? []).map((w) => `${w.code}: ${w.message}`)),
  }
}

const permute = <T>(list: readonly T[], keys: readonly number[]): T[] => list.map((x, i) => ({ x, k: keys[i] ?? 0, i })).sort((a, b) => a.k - b.k || a.i - b.i).map((e) => e.x)

describe('shuffling models, terrain and queries changes nothing but the order of results', () => {
  for (const system of ruleSystems) {
    it(system.id, () => {
      const demo = system.demoScene as Json
      const models = (demo.models as Json[]) ?? []
      const terrain = (demo.terrain as Json[]) ?? []
      const queries = (demo.queries as Json[]) ?? []
      const base = evaluate(demo)
      const keys = (n: number) => fc.array(fc.integer(), { minLength: n, maxLength: n })
      fc.assert(fc.property(keys(models.length), keys(terrain.length), keys(queries.length), (km, kt, kq) => {
        const shuffled = { ...demo, models: permute(models, km), ...(demo.terrain ? { terrain: permute(terrain, kt) } : {}), ...(demo.queries ? { queries: permute(queries, kq) } : {}) }
        const got = evaluate(shuffled)
        for (const [id, r] of base.results) expect(got.results.get(id), `${system.id} query ${id}`).toEqual(r)
        expect(got.warnings).toEqual(base.warnings)
      }), { numRuns: 3, seed: 1212 })
    }, 120_000)
  }
  it('operator-tactics deployment: the side standing south gets the south zone whichever side is listed first', () => {
    const demo = structuredClone(ruleSystems.find((s) => s.id === 'operator-tactics')!.demoScene) as Json
    const q = (demo.queries as Json[]).find((x) => x.type === 'deployment')!
    demo.queries = [q]
    const a = evaluateTable(loadScene(demo, findRuleSystem, known, { meshes })).results[0] as unknown as { zones: Record<string, unknown> }
    demo.models = [...(demo.models as Json[])].reverse()
    const b = evaluateTable(loadScene(demo, findRuleSystem, known, { meshes })).results[0] as unknown as { zones: Record<string, unknown> }
    expect(b.zones).toEqual(a.zones)
  })
})
