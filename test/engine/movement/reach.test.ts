// The reach engine on hand-derived geometry (src/engine/movement): open ground is a disc of the
// allowance, a wall is skirted along tangents and arcs of the base's radius, a gap narrower than the
// base closes, a difficult patch and a climb cost what the movement model says, other bases are
// skirted, and a dice move's chance is exact. The references below are computed here from the
// geometry (tangent lengths, arc angles), not by the engine; probes sit 1 mm either side of each
// boundary and far from it.
import { describe, expect, it } from 'vitest'
import { type MovementModel, type PieceRole, type ReachResult, type Table, type TableModel, ONE, answerReach, fraction, inches, planPolygonContains } from '../../../src/engine/index.ts'
import { box, model, table as makeTable } from '../sceneBuilder.ts'
import { tautAroundLeft } from './tautPath.ts'

const A = inches(6)

function fixed(mm: number) {
  return { formula: `${mm} mm`, rule: 't', rolls: [{ roll: 0, chance: ONE }], mm: () => [{ mm, chance: ONE }], maxMm: mm }
}

function moveOf(t: Table, id: string, over: Partial<MovementModel> = {}): MovementModel {
  return {
    mode: 'move',
    model: t.model(id),
    allowance: fixed(A),
    piece: (p): PieceRole => (p.type === 'wall' ? { role: 'blocked', rule: 't', reason: 'a wall' } : { role: 'open' }),
    other: () => ({ role: 'blocked', rule: 't', reason: 'a base' }),
    tableRule: 't',
    rules: ['t'],
    ...over,
  }
}

function reach(t: Table, mm: MovementModel, points: Array<[number, number]>): ReachResult {
  return answerReach(t, { id: 'q', type: 'reach', model: mm.model.id, points }, mm)
}

const inArea = (r: ReachResult, x: number, y: number) => r.area.some((p) => planPolygonContains(p, x, y))

describe('reach on open ground: a disc of the allowance round the base centre', () => {
  const t = makeTable([model('a', 'A', 600, 600)])
  const mm = moveOf(t, 'a')
  const r = reach(t, mm, [[600 + A - 1, 600], [600 + A + 1, 600], [600, 600 - A + 1], [650, 640]])
  it('a probe 1 mm inside the allowance is reachable at exactly its distance, 1 mm beyond is not', () => {
    expect(r.points[0]!.reachable).toBe(true)
    expect(r.points[0]!.cost!.mm).toBeCloseTo(A - 1, 2)
    expect(r.points[0]!.path).toEqual([[600, 600], [roundTo2(600 + A - 1), 600]])
    expect(r.points[1]!.reachable).toBe(false)
    expect(r.points[1]!.reasons[0]!.code).toBe('too-far')
    expect(r.points[2]!.reachable).toBe(true)
    expect(r.points[3]!.cost!.mm).toBeCloseTo(Math.hypot(50, 40), 2)
  })
  it('the area is one disc of radius 6" within its stated resolution', () => {
    expect(r.area).toHaveLength(1)
    const ring = r.area[0]!
    expect(ring.holes).toHaveLength(0)
    expect(ring.resolutionMm).toBeLessThanOrEqual(2)
    for (const [x, y] of ring.outer) expect(Math.abs(Math.hypot(x - 600, y - 600) - A)).toBeLessThan(0.1)
    expect(inArea(r, 600 + A - 1, 600)).toBe(true)
    expect(inArea(r, 600 + A + 1, 600)).toBe(false)
  })
})

function roundTo2(v: number): number {
  return Math.round(v * 100) / 100
}

describe('a wall forces a detour along tangents and arcs of the base radius', () => {
  // Wall 20 mm thick from y = 380 to 700; a 25 mm base (r = 12.5) at (450, 500) goes round its lower end.
  const wall = box('w', 'wall', 500, 380, 520, 700, 100)
  const t = makeTable([model('a', 'A', 450, 500)], [wall])
  const big = inches(14)
  const mm = moveOf(t, 'a', { allowance: fixed(big) })
  const T: [number, number] = [602.4, 500]
  const exact = tautAroundLeft([450, 500], [[500, 380], [520, 380]], T, 12.5)
  const r = reach(t, mm, [T])
  it('costs the taut path round the rounded corners, never less and at most 0.2 mm more', () => {
    const p = r.points[0]!
    expect(p.reachable).toBe(true)
    expect(p.cost!.mm).toBeGreaterThanOrEqual(exact - 0.01)
    expect(p.cost!.mm).toBeLessThanOrEqual(exact + 0.2)
    // every vertex of the path keeps the base clear of the wall (centre at least r from it, less the 0.01 mm rounding)
    for (const [x, y] of p.path) expect(distanceToBox(x, y, 500, 380, 520, 700)).toBeGreaterThanOrEqual(12.5 - 0.011)
  })
  it('the allowance just short of the detour does not reach; just over it does', () => {
    const short = reach(t, moveOf(t, 'a', { allowance: fixed(exact - 1) }), [T]).points[0]!
    expect(short.reachable).toBe(false)
    expect(short.reasons.map((x) => x.code)).toEqual(['too-far'])
    expect(reach(t, moveOf(t, 'a', { allowance: fixed(exact + 1) }), [T]).points[0]!.reachable).toBe(true)
  })
  it('a spot inside the grown wall cannot be ended on', () => {
    const p = reach(t, mm, [[492, 500]]).points[0]!
    expect(p.reachable).toBe(false)
    expect(p.reasons[0]!.code).toBe('ends-on-terrain')
  })
})

function distanceToBox(x: number, y: number, x0: number, y0: number, x1: number, y1: number): number {
  const dx = Math.max(x0 - x, 0, x - x1)
  const dy = Math.max(y0 - y, 0, y - y1)
  return Math.hypot(dx, dy)
}

describe('a gap narrower than the base blocks it; a wider one lets it through', () => {
  // Two walls along x = 500..520 with a gap round y = 500; a 32 mm base.
  const gapTable = (gapMm: number) => makeTable([model('a', 'A', 400, 500, { base: { shape: 'round', diameter: 32 } })], [
    box('n', 'wall', 500, 500 + gapMm / 2, 520, 900, 100),
    box('s', 'wall', 500, 100, 520, 500 - gapMm / 2, 100),
  ])
  it('32 mm + 1 mm: straight through at its length', () => {
    const t = gapTable(33)
    const p = reach(t, moveOf(t, 'a'), [[540, 500]]).points[0]!
    expect(p.reachable).toBe(true)
    expect(p.cost!.mm).toBeCloseTo(140, 6)
    expect(p.path).toHaveLength(2)
  })
  it('32 mm − 1 mm: closed (the detour round the walls is far beyond 6")', () => {
    const t = gapTable(31)
    const p = reach(t, moveOf(t, 'a'), [[540, 500]]).points[0]!
    expect(p.reachable).toBe(false)
    expect(['too-far', 'no-path']).toContain(p.reasons[0]!.code)
    expect(p.cost === null || p.cost.mm > 600).toBe(true)
  })
})

describe('other bases are skirted at the sum of the radii', () => {
  const t = makeTable([model('a', 'A', 400, 500), model('b', 'B', 470, 500)])
  const T: [number, number] = [540, 500]
  const p = reach(t, moveOf(t, 'a'), [T]).points[0]!
  it('round a 25 mm base: tangents and an arc of radius 25 mm', () => {
    // Round the one circle, either side: S → tangent → arc → tangent → T (symmetric: 2·√(70² − 25²) + 25·(π − 2·acos(25/70)))
    const exact = 2 * Math.sqrt(70 * 70 - 25 * 25) + 25 * (Math.PI - 2 * Math.acos(25 / 70))
    expect(p.reachable).toBe(true)
    expect(p.cost!.mm).toBeGreaterThanOrEqual(exact - 0.01)
    expect(p.cost!.mm).toBeLessThanOrEqual(exact + 0.2)
  })
  it('ending on the other base is refused', () => {
    const q = reach(t, moveOf(t, 'a'), [[480, 505]]).points[0]!
    expect(q.reachable).toBe(false)
    expect(q.reasons[0]!.code).toBe('ends-on-base')
  })
})

describe('a difficult patch costs its weight per mm inside, as the move query measures it', () => {
  // A patch 100 mm deep across the whole path: the centre line and both edge lines run 100 mm in it.
  const t = makeTable([model('a', 'A', 300, 500)], [box('mud', 'area', 350, 300, 450, 700, 5)])
  const difficult = (w: number) => moveOf(t, 'a', { allowance: fixed(inches(12)), piece: (p) => (p.type === 'area' ? { role: 'region', kind: 'difficult', rule: 'd', weight: w } : { role: 'open' }) })
  it('2" per 1": 200 mm straight across a 100 mm patch costs 300 mm', () => {
    const p = reach(t, difficult(2), [[500, 500]]).points[0]!
    expect(p.cost!.mm).toBeCloseTo(300, 6)
    expect(p.crossed).toEqual([expect.objectContaining({ id: 'mud', kind: 'difficult', cost: { mm: 100, inches: 3.937 } })])
  })
  it('a spot 1 mm beyond what the dear path allows is not reached; 1 mm inside is', () => {
    const mm = moveOf(t, 'a', { allowance: fixed(300), piece: (p) => (p.type === 'area' ? { role: 'region', kind: 'difficult', rule: 'd', weight: 2 } : { role: 'open' }) })
    const r = reach(t, mm, [[499, 500], [501, 500]])
    expect(r.points[0]!.reachable).toBe(true)
    expect(r.points[1]!.reachable).toBe(false)
  })
})

describe('climbing onto a surface costs what the level change says', () => {
  // A 2" tall crate; climbing costs 2 mm per mm up (Operator Tactics' 2" per 1" vertical).
  const t = makeTable([model('a', 'A', 300, 500)], [box('crate', 'wall', 400, 450, 500, 550, 50.8)])
  const mm = moveOf(t, 'a', {
    allowance: fixed(inches(12)),
    piece: (p) => ({ role: 'surface', kind: 'crate', rule: 's', topZ: p.solid.topZ }),
    levelChange: (from, to) => ({ costMm: 2 * Math.abs(to - from), kind: to > from ? 'climb-up' : 'climb-down', rule: 'c' }),
  })
  it('onto the top: the distance plus 2 × 50.8 mm', () => {
    const p = reach(t, mm, [[450, 500]]).points[0]!
    expect(p.cost!.mm).toBeCloseTo(150 + 101.6, 6)
    expect(p.crossed).toEqual([expect.objectContaining({ id: 'crate', kind: 'climb-up', cost: { mm: 101.6, inches: 4 } })])
  })
  it('over it and down the far side: both climbs; round it when that is cheaper', () => {
    const p = reach(t, mm, [[560, 500]]).points[0]!
    // over: 260 + 4 × 50.8 = 463.2; round it: its sides are solid, so the base skirts them (tangents and arcs of 12.5 mm)
    const round = tautAroundLeft([300, 500], [[400, 450], [500, 450]], [560, 500], 12.5)
    expect(p.cost!.mm).toBeGreaterThanOrEqual(round - 0.01)
    expect(p.cost!.mm).toBeLessThanOrEqual(round + 0.2)
    expect(p.crossed).toEqual([])
  })
})

describe('solid sides: a gap between two climbable crates narrower than the base is closed unless it climbs', () => {
  // Two 2" crates 30 mm apart; a 32 mm base cannot pass between them on the ground; climbing over costs 4 × 50.8 mm.
  const t = makeTable([model('a', 'A', 300, 500, { base: { shape: 'round', diameter: 32 } })], [box('c1', 'wall', 400, 385, 440, 485, 50.8), box('c2', 'wall', 400, 515, 440, 615, 50.8)])
  const mm = moveOf(t, 'a', {
    allowance: fixed(inches(12)),
    piece: (p) => ({ role: 'surface', kind: 'crate', rule: 's', topZ: p.solid.topZ }),
    levelChange: (from, to) => ({ costMm: 2 * Math.abs(to - from), kind: to > from ? 'climb-up' : 'climb-down', rule: 'c' }),
  })
  it('goes round the crates or over one, never through the 30 mm gap', () => {
    const p = reach(t, mm, [[480, 500]]).points[0]!
    const through = 180
    expect(p.cost!.mm).toBeGreaterThan(through + 10)
  })
})

describe('a dice move: the exact chance of reaching each spot, and a contour per roll', () => {
  // M 4" + D6 (Jagged Shards' Sprint shape): a spot 7.5" away needs 4 or more: 1/2.
  const t = makeTable([model('a', 'A', 600, 600)])
  const dice = {
    formula: 'M 4" + D6', rule: 'd',
    rolls: [1, 2, 3, 4, 5, 6].map((roll) => ({ roll, chance: fraction(1, 6) })),
    mm: (roll: number) => [{ mm: inches(4 + roll), chance: ONE }],
    maxMm: inches(10),
  }
  const r = reach(t, moveOf(t, 'a', { allowance: dice }), [[600 + inches(7.5), 600], [600 + inches(8) - 1, 600], [600 + inches(8) + 1, 600], [600 + inches(10) + 1, 600]])
  it('gives 1/2 at 7.5", 1/2 one mm inside 8", 1/3 one mm beyond, 0 beyond 10"', () => {
    expect(r.points.map((p) => p.chance?.exact)).toEqual(['1/2', '1/2', '1/3', '0'])
    expect(r.points[3]!.reachable).toBe(false)
  })
  it('one contour per roll, each a disc of its allowance, with the chance of that roll or better', () => {
    expect(r.contours!.map((c) => [c.roll, c.allowance.inches, c.chance.exact])).toEqual([[1, 5, '1'], [2, 6, '5/6'], [3, 7, '2/3'], [4, 8, '1/2'], [5, 9, '1/3'], [6, 10, '1/6']])
    for (const c of r.contours!) for (const [x, y] of c.area[0]!.outer) expect(Math.abs(Math.hypot(x - 600, y - 600) - c.allowance.mm)).toBeLessThan(0.15)
  })
})
