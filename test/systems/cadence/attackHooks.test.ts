// The games change the core attack through hooks, not an edited copy of the table: each hook that acted
// is listed in the result's gameHooks with the game rule it stands for, and the numbers stay the book's
// (the scenario files hold the hand derivations; here: which hook acted, and that the sight hooks are
// what decides the class).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type QueryResult, evaluateScene } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'

const dir = join(import.meta.dirname, '../../scenarios/cadence')
const known = ruleSystems.map((s) => s.id)
function results(file: string, edit?: (scene: Record<string, unknown>) => void): Record<string, QueryResult & { gameHooks?: Array<{ hook: string; source: string; rule: string }> }> {
  const scene = (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { scene: Record<string, unknown> }).scene
  edit?.(scene)
  return Object.fromEntries(evaluateScene(scene, findRuleSystem, known).results.map((r) => [r.id, r]))
}
const hooks = (r: { gameHooks?: Array<{ hook: string; rule: string }> }) => (r.gameHooks ?? []).map((h) => `${h.hook} ${h.rule}`)

describe('Cadence attack hooks', () => {
  it('Respawn smoke: a sight hook from more than 3" (blocked), seen through within 3" (clear); both cite the Smoke Grenade', () => {
    const r = results('respawn/smoke-beyond-three-inches.scenario.json')
    expect(hooks(r.far!)).toEqual(['sight respawn/creating-your-team.html#equipment_1'])
    expect(hooks(r.close!)).toEqual(['sight respawn/creating-your-team.html#equipment_1'])
    expect((r.far!.los as { class: string }).class).toBe('blocked')
    expect((r.close!.los as { class: string }).class).toBe('clear')
    expect(r.far!.rules).toContain('respawn/creating-your-team.html#equipment_1')
  })

  it('Respawn smoke 1 mm tall blocks as a column: without smoke the far pair is clear', () => {
    const r = results('respawn/smoke-beyond-three-inches.scenario.json', (s) => {
      s.terrain = []
    })
    expect((r.far!.los as { class: string }).class).toBe('clear')
    expect(r.far!.gameHooks).toBeUndefined()
  })

  it('Respawn smoke read as "any sight line crossing forbids the attack": only from more than 3" (the book\'s "from more than 3 inches away")', () => {
    const r = results('respawn/smoke-beyond-three-inches.scenario.json', (s) => {
      s.options = { barrierAndSmokeReading: 'any-sightline' }
    })
    const codes = (x: Record<string, unknown>) => ((x.reasons ?? []) as Array<{ code: string; rule: string }>).map((y) => `${y.code} ${y.rule}`)
    expect(r.far!.allowed).toBe(false)
    expect(codes(r.far!)).toContain('sight-through-barrier respawn/creating-your-team.html#equipment_1')
    // 2.76" away: the smoke between them does not count, so the attack stands (386/729 as in the scenario).
    expect(r.close!.allowed).toBe(true)
    expect((r.close!.probability as { exact: { effect: string } }).exact.effect).toBe('386/729')
  })

  it('Halo Plasma: the Shields hook acts against a shielded unit, and not for bullets', () => {
    const r = results('halo-breakpoint/plasma-ignores-shields.scenario.json')
    expect(hooks(r.plasma!)).toContain('shields halo-breakpoint/module-rules.html#special-rules')
    expect(hooks(r.bullets!).filter((h) => h.startsWith('shields'))).toEqual([])
  })

  it('Squadrons: flat sight, ships as Vehicles and any enemy ship a target, each citing its page', () => {
    const squadrons = findRuleSystem('cadence/squadrons')!
    const doc = evaluateScene(squadrons.demoScene, findRuleSystem, known)
    const attack = doc.results.find((r) => r.type === 'attack') as { gameHooks?: Array<{ hook: string; rule: string }> } | undefined
    expect(attack).toBeDefined()
    expect(hooks(attack!)).toEqual(expect.arrayContaining(['sight squadrons/module-rules.html#ship-attacks', 'keywords squadrons/introduction.html', 'targets squadrons/module-rules.html#ship-attacks']))
  })
})
