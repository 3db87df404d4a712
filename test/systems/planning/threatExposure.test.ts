// Threat and exposure on hand-derived tables: who can attack a spot (from where it stands, after a move,
// by a Rush with its exact chance) with the book's ranges 1 mm either side, and who sees a model standing
// behind a wall or in the open. Each answer is checked against the ruleset's own attack or los query on a
// scene where the model really stands there.
import { describe, expect, it } from 'vitest'
import { type ResultBody, type SceneModel, loadScene, runQuery } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { INCH, box, exposure, scene, threat } from './planningKit.ts'

const known = ruleSystems.map((s) => s.id)
const small = (id: string, side: string, x: number, y: number, weapons: string[]): SceneModel => ({ id, side, profile: 'small-model', weapons, base: { shape: 'round', diameter: 25 }, height: 40, position: [x, y] })

describe('threat: who can attack a spot this turn (narrative-skirmish)', () => {
  // A rifle (18") measured base edge to base edge (Combat > Ranged): the centres 25 mm further apart.
  const e = small('e', 'B', 300, 600, ['rifle'])
  const a = small('a', 'A', 900, 600, ['rifle'])
  const edge = (inchesGap: number, mm = 0) => 300 + 25 + inchesGap * INCH + mm
  const r = threat(scene('narrative-skirmish', [e, a]), 'a', [[edge(18, -1), 600], [edge(18, 1), 600], [edge(24, -1), 600], [edge(24, 1), 600]])
  it('1 mm inside 18": shot from where it stands; 1 mm beyond: after a 6" move; 1 mm beyond 24": not at all', () => {
    expect(r.points.map((p) => p.attackers.map((x) => x.via))).toEqual([['shoot'], ['move-shoot'], ['move-shoot'], []])
    const moved = r.points[1]!.attackers[0]!
    expect(moved.path![0]).toEqual([300, 600])
    expect(moved.range.limit!.inches).toBe(18)
  })
  it('the chance to hit is the attack query\'s, with the model really standing there', () => {
    const s = scene('narrative-skirmish', [e, { ...a, position: [edge(18, -1), 600] }], [], { queries: [{ id: 'x', type: 'attack', attacker: 'e', target: 'a', weapon: 'rifle' }] })
    const t = loadScene(s, findRuleSystem, known)
    const direct = runQuery(t, s.queries![0]!) as ResultBody & { probability: { hit: number; exact: { hit: string } } }
    expect(r.points[0]!.attackers[0]!.chance).toEqual({ value: direct.probability.hit, exact: direct.probability.exact.hit })
  })
  it('bands: the rifle reaches 18" plus both radii from where it stands', () => {
    const shoot = r.bands.find((b) => b.via === 'shoot')!
    const far = Math.max(...shoot.area[0]!.outer.map(([x, y]) => Math.hypot(x - 300, y - 600)))
    expect(far).toBeCloseTo(18 * INCH + 25, 0)
  })
})

describe('threat: a Rush and its exact chance (Jagged Shards §12)', () => {
  const raider = (id: string, side: string, x: number): SceneModel => ({ id, side, profile: 'colonist-rifleman', base: { shape: 'round', diameter: 25 }, height: 40, position: [x, 600] })
  it('a target 8" away (base to base) is reached within 1" when M 5" + D6 ≥ 7": 5/6; then the knife strikes', () => {
    const s = scene('jagged-shards', [raider('e', 'B', 300), raider('a', 'A', 900)])
    const r = threat(s, 'a', [[300 + 25 + 8 * INCH, 600]])
    const rush = r.points[0]!.attackers.find((x) => x.via === 'rush')!
    expect(rush.moveChance!.exact).toBe('5/6')
    expect(rush.weapon).toBe('combat-knife')
    // it ends 1" short of the target: the gap the Rush succeeds at (§12.1 step 5)
    const [fx] = rush.from
    expect(300 + 25 + 8 * INCH - fx! - 25).toBeCloseTo(INCH, 3)
  })
})

describe('exposure: who sees a model standing there', () => {
  const e = small('e', 'B', 300, 300, ['rifle'])
  const wall = box('wall', 'solid', 540, 500, 680, 900, 150)
  const s = scene('narrative-skirmish', [e], [wall])
  const r = exposure(s, { side: 'A', base: { shape: 'round', diameter: 25 }, height: 40, profile: 'small-model', cellMm: 101.6, points: [[800, 800], [300, 900]] })
  it('behind a tall wall: hidden; in the open: seen by the enemy, with its sight class', () => {
    expect(r.points[0]!.hidden).toBe(true)
    expect(r.points[0]!.seenBy).toEqual([])
    expect(r.points[1]!.seenBy).toEqual(['e'])
    expect(r.points[1]!.by[0]).toEqual({ model: 'e', class: 'clear', display: 'clear', cover: 'none' })
  })
  it('a 12 × 12 grid of 4" cells; the cells inside the wall are not judged; the hidden ones listed', () => {
    expect([r.grid.columns, r.grid.rows, r.grid.cellMm]).toEqual([12, 12, 101.6])
    const cell = (x: number, y: number) => Math.floor(y / 101.6) * 12 + Math.floor(x / 101.6)
    expect(r.grid.seen[cell(600, 700)]).toBeNull()
    expect(r.grid.seen[cell(300, 900)]).toBe(1)
    expect(r.hidden).toContain(cell(800, 850))
    expect(r.hidden.every((c) => r.grid.seen[c] === 0)).toBe(true)
  })
})
