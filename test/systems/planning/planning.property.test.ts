// Properties of the planning queries on random tables (fast-check, modest run counts):
// - reach is monotone in the allowance: a spot reached with one move is reached with two, at the same cost;
// - a spot inside the reach area (clear of its boundary by its resolution) is reachable, and the `move`
//   query allows every leg of the returned path, their costs adding up to no more than the allowance;
// - exposure agrees with single `los` queries: the enemies that see a probe spot are exactly those whose
//   los query, with the model really standing there, shows it as not blocked.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ResultBody, type Scene, type SceneModel, type SceneTerrain, loadScene, planPolygonContains, runQuery } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { box, exposure, reach, scene } from './planningKit.ts'

const known = ruleSystems.map((s) => s.id)
const RUNS = 6

/** A table of a few walls (narrative-skirmish "solid") and difficult patches (Operator Tactics), and models, drawn at random. */
const tableArb = fc.record({
  walls: fc.array(fc.record({ x: fc.integer({ min: 150, max: 1000 }), y: fc.integer({ min: 150, max: 1000 }), w: fc.integer({ min: 15, max: 160 }), d: fc.integer({ min: 15, max: 160 }) }), { minLength: 1, maxLength: 5 }),
  others: fc.array(fc.record({ x: fc.integer({ min: 100, max: 1100 }), y: fc.integer({ min: 100, max: 1100 }), enemy: fc.boolean() }), { maxLength: 4 }),
  start: fc.record({ x: fc.integer({ min: 350, max: 850 }), y: fc.integer({ min: 350, max: 850 }) }),
})

type Drawn = { walls: Array<{ x: number; y: number; w: number; d: number }>; others: Array<{ x: number; y: number; enemy: boolean }>; start: { x: number; y: number } }

function tableOf(system: string, profile: string, wallType: string, t: Drawn): Scene | null {
  const model = (id: string, side: string, x: number, y: number): SceneModel => ({ id, side, profile, base: { shape: 'round', diameter: 25 }, height: 40, position: [x, y] })
  const terrain: SceneTerrain[] = t.walls.map((w, i) => box(`w${i}`, i % 2 && system === 'operator-tactics' ? 'difficult' : wallType, w.x, w.y, w.x + w.w, w.y + w.d, 60))
  const models = [model('a', 'A', t.start.x, t.start.y), ...t.others.map((o, i) => model(`o${i}`, o.enemy ? 'B' : 'A', o.x, o.y))]
  // A drawn table whose model starts inside a piece or on another base is not a table a player has.
  const inside = terrain.some((p) => 'footprint' in p && t.start.x > p.footprint[0]![0] - 13 && t.start.x < p.footprint[1]![0] + 13 && t.start.y > p.footprint[0]![1] - 13 && t.start.y < p.footprint[2]![1] + 13)
  const touching = t.others.some((o) => Math.hypot(o.x - t.start.x, o.y - t.start.y) < 30)
  return inside || touching ? null : scene(system, models, terrain)
}

/** Points inside the area, at least `clear` mm inside it (every 8 mm round a ring inside each polygon's outer ring). */
function pointsInside(r: ReturnType<typeof reach>, clear: number): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (const p of r.area) {
    const ring = p.outer
    for (let i = 0; i < ring.length; i += Math.max(1, Math.floor(ring.length / 6))) {
      const [x, y] = ring[i]!
      const [cx, cy] = ring.reduce(([sx, sy], q) => [sx + q[0] / ring.length, sy + q[1] / ring.length], [0, 0])
      const d = Math.hypot(cx - x, cy - y) || 1
      const q: [number, number] = [x + ((cx - x) / d) * clear, y + ((cy - y) / d) * clear]
      const ok = [[0, 0], [clear / 2, 0], [-clear / 2, 0], [0, clear / 2], [0, -clear / 2]].every(([ox, oy]) => r.area.some((a) => planPolygonContains(a, q[0] + ox!, q[1] + oy!)))
      if (ok) out.push(q)
    }
  }
  return out.slice(0, 6)
}

/** The move query from `from` to `to` with the model standing at `from`: allowed, and what it cost. */
function moveLeg(s: Scene, from: [number, number], to: [number, number]): { allowed: boolean; costMm: number; reasons: string[] } {
  const moved: Scene = { ...s, models: s.models.map((m) => (m.id === 'a' ? { ...m, position: from } : m)) }
  const t = loadScene(moved, findRuleSystem, known)
  const r = runQuery(t, { id: 'm', type: 'move', model: 'a', to }) as ResultBody & { allowed: boolean; reasons: Array<{ code: string }>; cost?: { mm: number }; distance: { mm: number } }
  return { allowed: r.allowed, costMm: r.cost?.mm ?? r.distance.mm, reasons: r.reasons.map((x) => x.code) }
}

describe('reach properties', () => {
  it('monotone in the allowance: a spot one move reaches, two moves reach at the same cost (narrative-skirmish)', () => {
    let checked = 0
    fc.assert(fc.property(tableArb, fc.array(fc.tuple(fc.integer({ min: -250, max: 250 }), fc.integer({ min: -250, max: 250 })), { minLength: 3, maxLength: 6 }), (t, offsets) => {
      const s = tableOf('narrative-skirmish', 'small-model', 'solid', t)
      if (!s) return
      // Spots round the model, within 10" of it: some inside one move, some only two.
      const pts = offsets.map(([dx, dy]) => [t.start.x + dx, t.start.y + dy] as [number, number])
      const one = reach(s, 'a', pts as Array<[number, number]>, undefined, { moves: 1 })
      const two = reach(s, 'a', pts as Array<[number, number]>, undefined, { moves: 2 })
      one.points.forEach((p, i) => {
        if (!p.reachable) return
        checked++
        expect(two.points[i]!.reachable).toBe(true)
        expect(two.points[i]!.cost!.mm).toBeCloseTo(p.cost!.mm, 6)
      })
    }), { numRuns: RUNS, seed: 32 })
    expect(checked).toBeGreaterThan(2)
  })

  for (const [system, profile, wall, allowanceMm] of [['narrative-skirmish', 'small-model', 'solid', 152.4], ['operator-tactics', 'commando', 'impassable', 152.4]] as const) {
    it(`${system}: a spot inside the area is reachable, and the move query allows its path leg by leg within the allowance`, () => {
      let checked = 0
      fc.assert(fc.property(tableArb, (t) => {
        const s = tableOf(system, profile, wall, t)
        if (!s) return
        const area = reach(s, 'a', [])
        const res = Math.max(...area.area.map((p) => p.resolutionMm), 1)
        const pts = pointsInside(area, 2 * res)
        const r = reach(s, 'a', pts)
        for (const p of r.points) {
          checked++
          expect(p.reachable, `${JSON.stringify(p.at)} ${p.reasons.map((x) => x.code).join(',')}`).toBe(true)
          let total = 0
          for (let i = 0; i + 1 < p.path.length; i++) {
            const leg = moveLeg(s, p.path[i]!, p.path[i + 1]!)
            expect(leg.reasons.filter((c) => c !== 'too-far'), `leg ${i} of ${JSON.stringify(p.path)}`).toEqual([])
            total += leg.costMm
          }
          expect(total).toBeLessThanOrEqual(allowanceMm + 0.05 * p.path.length)
          expect(total).toBeCloseTo(p.cost!.mm, 0)
        }
      }), { numRuns: RUNS, seed: 7 })
      expect(checked).toBeGreaterThan(5)
    })
  }
})

describe('exposure property', () => {
  it('agrees with single los queries with the model really standing at each probe spot (narrative-skirmish, Jagged Shards)', () => {
    let checked = 0
    fc.assert(fc.property(tableArb, fc.constantFrom(['narrative-skirmish', 'small-model', 'solid'] as const, ['jagged-shards', 'colonist-rifleman', 'obscuring'] as const), fc.array(fc.tuple(fc.integer({ min: 40, max: 1180 }), fc.integer({ min: 40, max: 1180 })), { minLength: 2, maxLength: 4 }), (t, [system, profile, wall], pts) => {
      const s = tableOf(system, profile, wall, { ...t, others: t.others.map((o) => ({ ...o, enemy: true })) })
      if (!s) return
      const e = exposure(s, { side: 'A', base: { shape: 'round', diameter: 25 }, height: 40, profile, cellMm: 304.8, points: pts })
      e.points.forEach((p, i) => {
        if ((p as { standable?: boolean }).standable === false) return
        const [x, y] = pts[i]!
        const placed: Scene = { ...s, models: [...s.models.filter((m) => m.id !== 'a'), { id: 'x', side: 'A', profile, base: { shape: 'round', diameter: 25 }, height: 40, position: [x, y] }] }
        const table = loadScene(placed, findRuleSystem, known)
        const seen = table.models.filter((m) => m.side !== 'A').filter((m) => {
          const r = runQuery(table, { id: 'l', type: 'los', from: m.id, to: 'x' }) as ResultBody & { sight: { display: string } }
          return r.sight.display !== 'blocked'
        }).map((m) => m.id)
        checked++
        expect(p.seenBy).toEqual(seen)
      })
    }), { numRuns: RUNS, seed: 11 })
    expect(checked).toBeGreaterThan(3)
  })
})
