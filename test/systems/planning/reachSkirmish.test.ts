// Reach under each skirmish book, on hand-derived geometry: narrative-skirmish (Models > Movement),
// Jagged Shards (§8, §12), Skrapyard (§12) and Operator Tactics (§02). Every expected number is worked
// out here from the book's rule and the table's geometry; probes sit 1 mm either side of each boundary.
import { describe, expect, it } from 'vitest'
import type { SceneModel } from '../../../src/engine/index.ts'
import { INCH, box, reach, ringRadii, scene, tautAroundLeft } from './planningKit.ts'

const at = (x: number, y: number): [number, number] => [x, y]
const S = at(300, 600)
const R = 12.5

type Kit = { system: string; model: (id: string, side: string, x: number, y: number, extra?: Partial<SceneModel>) => SceneModel; moveInches: number; wall: string; rule: string }

const kits: Kit[] = [
  { system: 'narrative-skirmish', model: (id, side, x, y, e = {}) => ({ id, side, profile: 'small-model', base: { shape: 'round', diameter: 25 }, height: 40, position: [x, y], ...e }), moveInches: 6, wall: 'solid', rule: 'Models > Movement' },
  { system: 'jagged-shards', model: (id, side, x, y, e = {}) => ({ id, side, profile: 'colonist-rifleman', base: { shape: 'round', diameter: 25 }, height: 40, position: [x, y], ...e }), moveInches: 5, wall: 'impassable', rule: '§8.1' },
  { system: 'skrapyard', model: (id, side, x, y, e = {}) => ({ id, side, profile: 'adult-human', base: { shape: 'round', diameter: 25 }, height: 45, position: [x, y], ...e }), moveInches: 5, wall: 'impassable', rule: '§12.1' },
  { system: 'operator-tactics', model: (id, side, x, y, e = {}) => ({ id, side, profile: 'commando', base: { shape: 'round', diameter: 25 }, height: 40, position: [x, y], ...e }), moveInches: 6, wall: 'impassable', rule: '§02 Actions L245 (Move: up to MOBI)' },
]

for (const k of kits) {
  describe(`${k.system}: reach of a normal move`, () => {
    const A = k.moveInches * INCH
    it(`open ground: a disc of ${k.moveInches}" round the base centre; 1 mm inside reachable at its distance, 1 mm beyond not`, () => {
      const r = reach(scene(k.system, [k.model('a', 'A', ...S)]), 'a', [at(S[0] + A - 1, 600), at(S[0] + A + 1, 600), at(S[0] + 40, 630)])
      expect(r.allowance.inches).toBe(k.moveInches)
      expect(r.allowance.citation.section).toBe(k.rule)
      expect(r.points[0]!.reachable).toBe(true)
      expect(r.points[0]!.cost!.mm).toBeCloseTo(A - 1, 2)
      expect(r.points[1]!.reachable).toBe(false)
      expect(r.points[1]!.reasons.map((x) => x.code)).toContain('too-far')
      expect(r.points[2]!.cost!.mm).toBeCloseTo(50, 2)
      const rr = ringRadii(r, ...S)
      expect(rr.min).toBeGreaterThan(A - 0.15)
      expect(rr.max).toBeLessThan(A + 0.15)
    })
    it('a wall forces the taut detour round its end, along tangents and arcs of the base radius', () => {
      const wall = box('w', k.wall, 400, 500, 420, 900, 100, k.system === 'skrapyard' ? [] : [])
      const T = at(500, 600)
      const exact = tautAroundLeft(S, [[400, 500], [420, 500]], T, R)
      const p = reach(scene(k.system, [k.model('a', 'A', ...S)], [wall]), 'a', [T]).points[0]!
      expect(p.cost!.mm).toBeGreaterThanOrEqual(exact - 0.02)
      expect(p.cost!.mm).toBeLessThanOrEqual(exact + 0.2)
      expect(p.reachable).toBe(exact <= A)
    })
    it('a gap 1 mm narrower than the base is closed; 1 mm wider lets it straight through', () => {
      const walls = (g: number) => [box('n', k.wall, 400, 600 + g / 2, 420, 1100, 100), box('s', k.wall, 400, 100, 420, 600 - g / 2, 100)]
      const T = at(410, 600)
      const open = reach(scene(k.system, [k.model('a', 'A', ...S)], walls(26)), 'a', [T]).points[0]!
      expect(open.reachable).toBe(true)
      expect(open.cost!.mm).toBeCloseTo(110, 6)
      const shut = reach(scene(k.system, [k.model('a', 'A', ...S)], walls(24)), 'a', [T]).points[0]!
      expect(shut.reachable).toBe(false)
    })
  })
}

describe('models as obstacles, as each book says', () => {
  const T = at(420, 600)
  // Round a 25 mm base at (360, 600): the two radii make 25 mm; symmetric either side.
  const round = 2 * Math.sqrt(60 * 60 - 25 * 25) + 25 * (Math.PI - 2 * Math.acos(25 / 60))
  const cost = (system: string, other: SceneModel) => reach(scene(system, [kits.find((k) => k.system === system)!.model('a', 'A', ...S), other]), 'a', [T]).points[0]!.cost!.mm
  it('narrative-skirmish: every base is in the way (Models > Movement: bases in the way refuse a move)', () => {
    expect(cost('narrative-skirmish', kits[0]!.model('f', 'A', 360, 600))).toBeCloseTo(round, 0)
  })
  it('Jagged Shards: through a friend (§8.2 names only enemy bases), round an enemy', () => {
    expect(cost('jagged-shards', kits[1]!.model('f', 'A', 360, 600))).toBeCloseTo(120, 6)
    const e = cost('jagged-shards', kits[1]!.model('e', 'B', 360, 600))
    expect(e).toBeGreaterThanOrEqual(round - 0.01)
    expect(e).toBeLessThanOrEqual(round + 0.2)
  })
  it('Skrapyard: every character is an impassable object (§12.3), but stature 1 passes a friendly stature 1 (§12.3.1)', () => {
    const friend = cost('skrapyard', kits[2]!.model('f', 'A', 360, 600))
    expect(friend).toBeGreaterThanOrEqual(round - 0.01)
    expect(friend).toBeLessThanOrEqual(round + 0.2)
    const small = { stats: { stature: 1 } }
    const r = reach(scene('skrapyard', [kits[2]!.model('a', 'A', ...S, small), kits[2]!.model('f', 'A', 360, 600, small)]), 'a', [T]).points[0]!
    expect(r.cost!.mm).toBeCloseTo(120, 6)
  })
  it('Operator Tactics: through friendlies, never through enemies (§02 Movement details)', () => {
    expect(cost('operator-tactics', kits[3]!.model('f', 'A', 360, 600))).toBeCloseTo(120, 6)
    expect(cost('operator-tactics', kits[3]!.model('e', 'B', 360, 600))).toBeGreaterThan(round - 0.01)
  })
  it('no book lets a base end on another: a spot on a friend is refused', () => {
    const r = reach(scene('jagged-shards', [kits[1]!.model('a', 'A', ...S), kits[1]!.model('f', 'A', 360, 600)]), 'a', [at(365, 600)]).points[0]!
    expect(r.reachable).toBe(false)
    expect(r.reasons.map((x) => x.code)).toContain('ends-on-base')
  })
})

describe('difficult ground costs what each book says', () => {
  it('Operator Tactics: difficult terrain is 2" per 1" (§02 Movement details): 200 mm across a 100 mm patch costs 300 mm', () => {
    const s = scene('operator-tactics', [kits[3]!.model('a', 'A', ...S)], [box('mud', 'difficult', 350, 0, 450, 1219, 5)])
    const p = reach(s, 'a', [at(500, 600)]).points[0]!
    expect(p.cost!.mm).toBeCloseTo(300, 6)
    expect(p.crossed).toEqual([expect.objectContaining({ id: 'mud', kind: 'difficult', cost: { mm: 100, inches: 3.937 } })])
  })
  it('Operator Tactics: Heavy Cover counts as difficult terrain (§06 Terrain types)', () => {
    const s = scene('operator-tactics', [kits[3]!.model('a', 'A', ...S)], [box('sandbags', 'heavy-cover', 350, 0, 370, 1219, 20)])
    expect(reach(s, 'a', [at(400, 600)]).points[0]!.cost!.mm).toBeCloseTo(120, 6)
  })
  it('Skrapyard: difficult area terrain cuts the move by D3", minimum 1" (§12.9.4): exact chance per spot', () => {
    // 5" move; the path to 3.5" must cross the patch: reached when 5 − D3 ≥ 3.5, i.e. a 1: 1/3. Short of the patch: certain.
    const s = scene('skrapyard', [kits[2]!.model('a', 'A', ...S)], [box('scrub', 'area', 320, 0, 380, 1219, 10, ['difficult'])])
    const r = reach(s, 'a', [at(S[0] + 3.5 * INCH, 600), at(S[0] + 3 * INCH + 1, 600), at(310, 600)])
    expect(r.points.map((p) => p.chance?.exact)).toEqual(['1/3', '1/3', '1'])
    expect(r.points[1]!.crossed[0]!.kind).toContain('D3')
  })
  it('Jagged Shards: Heavy Terrain halves the M of a Rush, not a Normal Move (§8.4, §12.2)', () => {
    const s = scene('jagged-shards', [kits[1]!.model('a', 'A', ...S), kits[1]!.model('e', 'B', 600, 600)], [box('crates', 'heavy', 280, 580, 320, 620, 30)])
    // Normal move: M 5" whatever the Heavy piece.
    expect(reach(s, 'a', [at(S[0] + 5 * INCH - 1, 600)]).points[0]!.reachable).toBe(true)
    // Rush from inside it: 2.5" + D6 straight at e: 6" along the line needs a 4 or more: 1/2.
    const rush = reach(s, 'a', [at(S[0] + 6 * INCH, 600), at(S[0] + 3 * INCH, 640)], 'rush')
    expect(rush.points[0]!.chance?.exact).toBe('1/2')
    expect(rush.points[1]!.reasons[0]!.code).toBe('off-the-line')
  })
})

describe('climbing costs what each book says', () => {
  it('Jagged Shards: 1" of movement per inch climbed, up to 3" (§8.1)', () => {
    const s = scene('jagged-shards', [kits[1]!.model('a', 'A', ...S)], [box('crate', 'light', 350, 550, 450, 650, 50.8, ['platform'])])
    const p = reach(s, 'a', [at(400, 600)]).points[0]!
    expect(p.cost!.mm).toBeCloseTo(100 + 50.8, 6)
    const tall = scene('jagged-shards', [kits[1]!.model('a', 'A', ...S)], [box('tower', 'light', 350, 550, 450, 650, 4 * INCH, ['platform'])])
    const q = reach(tall, 'a', [at(400, 600)]).points[0]!
    expect(q.reachable).toBe(false)
    expect(q.reasons.map((x) => x.code)).toContain('cannot-climb')
  })
  it('Operator Tactics: 2" per 1" vertical (§02 Movement details): onto a 2" Elevation piece', () => {
    const s = scene('operator-tactics', [kits[3]!.model('a', 'A', ...S)], [box('roof', 'elevation', 350, 550, 450, 650, 50.8)])
    const p = reach(s, 'a', [at(400, 600)]).points[0]!
    expect(p.cost!.mm).toBeCloseTo(100 + 2 * 50.8, 6)
    expect(p.crossed).toEqual([expect.objectContaining({ id: 'roof', kind: 'climb-up', cost: { mm: 101.6, inches: 4 } })])
  })
})

describe('dice moves: the exact chance per spot and a contour per roll', () => {
  it('Jagged Shards Sprint, M 5" + D6 (§8.1): 7.5" away needs 3 or more, 2/3; 11" + 1 mm never', () => {
    const r = reach(scene('jagged-shards', [kits[1]!.model('a', 'A', ...S)]), 'a', [at(S[0] + 7.5 * INCH, 600), at(S[0] + 11 * INCH + 1, 600)], 'sprint')
    expect(r.points.map((p) => p.chance?.exact)).toEqual(['2/3', '0'])
    expect(r.contours!.map((c) => [c.roll, c.allowance.inches, c.chance.exact])).toEqual([[1, 6, '1'], [2, 7, '5/6'], [3, 8, '2/3'], [4, 9, '1/2'], [5, 10, '1/3'], [6, 11, '1/6']])
  })
  it('narrative-skirmish: a bonus die added to movement (Playing the Game > bonus dice), 6" + d6: 8" needs 2 or more', () => {
    const r = reach(scene('narrative-skirmish', [kits[0]!.model('a', 'A', ...S)]), 'a', [at(S[0] + 8 * INCH, 600)], undefined, { moveBonusDice: 1 })
    expect(r.points[0]!.chance?.exact).toBe('5/6')
  })
})
