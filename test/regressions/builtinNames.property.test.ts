// Property: a name from a scene file that happens to be a built-in property name (constructor, toString,
// __proto__, valueOf, hasOwnProperty...) selects nothing it does not declare. In every id field of every
// system it gives an input error (SceneError → exit 2) or a valid result; never a crash, and never a
// ruling made with something Object.prototype lent (a weapon "toString" allowed at p = 0.5).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SceneError, evaluateTable, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { BUILTIN_NAMES, mutationSites } from './hostileNames.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'

const known = ruleSystems.map((s) => s.id)
// demo scenes stand terrain files from models/ on the table (issue #18): the CLI's mesh library
const meshes = await libraryMeshes()

/** Fields that select from a closed list (catalogue, registry, library): a built-in name must be refused. */
const MUST_REFUSE = /(\.profile|\.weapons|\.weapon|\)\.type|terrain\[\d+\]\.type|terrain mesh|\.ability|^system|^options key)$/

type Outcome = { kind: 'input-error'; message: string } | { kind: 'result'; results: number }

function run(raw: unknown): Outcome {
  try {
    const doc = evaluateTable(loadScene(JSON.parse(JSON.stringify(raw)), findRuleSystem, known, { meshes }))
    JSON.stringify(doc)
    return { kind: 'result', results: doc.results.length }
  } catch (e) {
    if (e instanceof SceneError) return { kind: 'input-error', message: e.message }
    throw e
  }
}

describe('built-in property names in every id field', () => {
  it('no catalogue declares a built-in name (so refusing them loses nothing)', () => {
    for (const s of ruleSystems) {
      for (const n of BUILTIN_NAMES) {
        expect(Object.hasOwn(s.catalogue.profiles, n), `${s.id} profile ${n}`).toBe(false)
        expect(Object.hasOwn(s.catalogue.weapons, n), `${s.id} weapon ${n}`).toBe(false)
      }
    }
  })
  for (const system of ruleSystems) {
    it(`${system.id}: input error or a valid result at every site`, () => {
      const sites = mutationSites(system.demoScene as Record<string, unknown>, system.options.map((o) => o.name))
      expect(sites.length).toBeGreaterThan(10)
      for (const site of sites) {
        fc.assert(
          fc.property(fc.constantFrom(...BUILTIN_NAMES), (name) => {
            let out: Outcome
            try {
              out = run(site.apply(system.demoScene as Record<string, unknown>, name))
            } catch (e) {
              throw new Error(`${site.label} = "${name}": crashed with ${(e as Error).message}`)
            }
            if (MUST_REFUSE.test(site.label)) expect(out.kind, `${site.label} = "${name}"`).toBe('input-error')
            if (out.kind === 'input-error') expect(out.message.length).toBeLessThanOrEqual(2000)
          }),
          { numRuns: 1, seed: 12 + sites.indexOf(site) },
        )
      }
    })
  }
})
