// halo-breakpoint/building-an-army.html: points, the 50% Standard / 50% Specialist split, entry limits.
import { describe, expect, it } from 'vitest'
import { evaluateScene } from '../../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../../src/systems/index.ts'

const army = (units: unknown[], extra: Record<string, unknown> = {}) => evaluateScene({
  format: 'tabletop-scene/1', system: 'cadence/halo-breakpoint', table: { width: 1219.2, depth: 914.4 },
  models: [
    { id: 'a', side: 'unsc', profile: 'marine', base: { shape: 'round', diameter: 25 }, height: 40, position: [100, 100] },
    { id: 'b', side: 'covenant', profile: 'grunt-infantry-minor', base: { shape: 'round', diameter: 25 }, height: 40, position: [900, 800] },
  ],
  queries: [{ id: 'army', type: 'army', units, ...extra }],
}, findRuleSystem, ruleSystems.map((s) => s.id)).results[0]

const marines = { unit: 'unsc-marines', models: ['marine', 'marine', 'marine', 'marine', 'marine-sergeant'] }
const odsts = { unit: 'odst-combat-team', models: ['odst', 'odst', 'odst'] }
const spartan = { unit: 'spartan-ii-iv', models: ['spartan-ii-iv'] }

describe('Halo army building', () => {
  it('Marines 4 × 7 + 8 = 36, ODSTs 3 × 18 = 54, Spartan 80: 170 points, Standard 90 ≥ 85 → valid', () => {
    expect(army([marines, odsts, spartan])).toMatchObject({ valid: true, total: 170, standard: 90, specialist: 80 })
  })
  it('a second Spartan makes Specialist 160 of 250 → over 50%', () => {
    expect(army([marines, odsts, spartan, spartan])).toMatchObject({ valid: false, specialist: 160 })
  })
  it('weapons add their points: an M90 Shotgun (2) and a BR55 (1) → 173', () => {
    expect(army([{ ...marines, weapons: ['m90-shotgun', 'br55-service-rifle'] }, odsts, spartan])).toMatchObject({ total: 173 })
  })
  it('a Warthog (Vehicle, Specialist) below 400 points needs the players\' agreement; Hunters come in pairs', () => {
    const r = army([marines, odsts, { unit: 'warthog', models: ['warthog'] }], { pointsLimit: 300 }) as unknown as { problems: string[] }
    expect(r.problems).toContain('vehicles are only used in games of 400 or more points (unless players agree)')
    const h = army([{ unit: 'jackal-infantry', models: ['jackal-infantry-minor', 'jackal-infantry-minor', 'jackal-infantry-major'] }, { unit: 'hunter', models: ['hunter'] }]) as unknown as { problems: string[] }
    expect(h.problems).toContain('When taking a Hunter unit you must always take two')
  })
  it('unit sizes: UNSC Marines are 3-5 models', () => {
    const r = army([{ unit: 'unsc-marines', models: ['marine', 'marine'] }]) as unknown as { problems: string[] }
    expect(r.problems[0]).toMatch(/3-5 models/)
  })
})

describe('option gauntletPointsIncluded', () => {
  const jackals = { unit: 'jackal-infantry', models: ['jackal-infantry-minor', 'jackal-infantry-minor', 'jackal-infantry-major'] }
  const run = (options: Record<string, unknown>) => evaluateScene({
    format: 'tabletop-scene/1', system: 'cadence/halo-breakpoint', table: { width: 1219.2, depth: 914.4 }, options,
    models: [
      { id: 'a', side: 'unsc', profile: 'marine', base: { shape: 'round', diameter: 25 }, height: 40, position: [100, 100] },
      { id: 'b', side: 'covenant', profile: 'grunt-infantry-minor', base: { shape: 'round', diameter: 25 }, height: 40, position: [900, 800] },
    ],
    queries: [{ id: 'army', type: 'army', units: [jackals] }],
  }, findRuleSystem, ruleSystems.map((s) => s.id)).results[0]
  it('Jackals 6 + 6 + 7 = 19 with the gauntlet included (default); + 3 × 4 = 31 when it is paid on top', () => {
    expect(run({})).toMatchObject({ total: 19 })
    expect(run({ gauntletPointsIncluded: false })).toMatchObject({ total: 31 })
  })
})
