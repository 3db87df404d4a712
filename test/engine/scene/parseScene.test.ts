import { describe, expect, it } from 'vitest'
import { box, load, model, scene } from '../sceneBuilder.ts'
import { sceneIssuesOf } from '../sceneIssues.ts'

const issuesOf = (raw: unknown): string[] => sceneIssuesOf(() => load(raw))

describe('scene validation: every problem reported with its JSON path', () => {
  it('a valid scene passes', () => {
    expect(issuesOf(scene([model('a', 'A', 100, 100), model('b', 'B', 300, 100)], [box('w', 'wall', 10, 10, 50, 50, 30)]))).toEqual([])
  })
  it('unknown fields', () => {
    const s = scene([{ ...model('a', 'A', 100, 100), colour: 'red' } as never])
    expect(issuesOf(s)).toEqual(['models[0]: unknown field "colour"'])
  })
  it('NaN and negative sizes', () => {
    const s = scene([model('a', 'A', 100, Number.NaN, { base: { shape: 'round', diameter: -3 } })])
    const issues = issuesOf(s)
    expect(issues.some((i) => i.startsWith('models[0].position[1]:'))).toBe(true)
    expect(issues).toContain('models[0].base.diameter: diameter must be greater than 0')
  })
  it('duplicate ids across models and terrain', () => {
    expect(issuesOf(scene([model('a', 'A', 100, 100)], [box('a', 'wall', 10, 10, 50, 50, 30)]))).toEqual(['terrain[0].id: duplicate id "a" (already used at models[0].id)'])
  })
  it('self-intersecting footprints', () => {
    const s = scene([model('a', 'A', 100, 100)], [{ id: 'w', type: 'wall', footprint: [[0, 0], [100, 100], [100, 0], [0, 100]], height: 10 }])
    expect(issuesOf(s)[0]).toMatch(/^terrain\[0\]\.footprint: footprint is self-intersecting/)
  })
  it('a query naming a missing model, and an unknown query type', () => {
    const s = scene([model('a', 'A', 100, 100)], [], { queries: [{ id: 'q1', type: 'distance', from: 'a', to: 'zz' }, { id: 'q2', type: 'teleport' }] as never })
    const issues = issuesOf(s)
    expect(issues).toContain('queries[0].to: no model with id "zz" in this scene')
    expect(issues.find((i) => i.startsWith('queries[1].type'))).toMatch(/unknown query type "teleport"/)
  })
  it('an unknown system', () => {
    expect(issuesOf({ ...scene([]), system: 'chess' })).toEqual(['system: unknown system "chess"; expected one of test-system'])
  })
  it('a wrong format string', () => {
    expect(issuesOf({ ...scene([]), format: 'tabletop-scene/9' })).toEqual(['format: expected "tabletop-scene/1", got "tabletop-scene/9"'])
  })
  it('unknown catalogue ids, terrain types, and a model off the table', () => {
    const s = scene([model('a', 'A', 5000, 100, { profile: 'troopr', weapons: ['gun', 'laser'] })], [box('w', 'lava', 10, 10, 50, 50, 30)])
    const issues = issuesOf(s)
    expect(issues).toContain('models[0].position: base centre [5000, 100] is off the 1219.2 × 1219.2 mm table')
    // parse-level issues stop before catalogue checks; fix the position and check the rest
    const s2 = scene([model('a', 'A', 500, 100, { profile: 'troopr', weapons: ['gun', 'laser'] })], [box('w', 'lava', 10, 10, 50, 50, 30)])
    const issues2 = issuesOf(s2)
    expect(issues2).toContain('models[0].profile: unknown profile "troopr" in test-system\'s catalogue (did you mean "trooper"?)')
    expect(issues2).toContain('models[0].weapons[1]: unknown weapon "laser" in test-system\'s catalogue')
    expect(issues2).toContain('terrain[0].type: unknown terrain type "lava" for test-system; expected one of wall, area')
  })
  it('inline stats and weapons override the catalogue', () => {
    const t = load(scene([model('a', 'A', 500, 100, { profile: 'trooper', stats: { move: 8 }, weapons: [{ id: 'gun', rangeInches: 30 }, { id: 'custom', rangeInches: 12 }] })]))
    const a = t.model('a')
    expect(a.stats.move).toBe(8)
    expect(a.weapons.map((w) => [w.id, w.rangeInches, w.name])).toEqual([['gun', 30, 'Gun'], ['custom', 12, 'custom']])
  })
})
