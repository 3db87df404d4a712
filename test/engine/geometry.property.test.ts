// Property tests of the geometry (fast-check): symmetric distances, invariance under moving or
// rotating the whole table, LoS fractions in [0, 1], a tall wall between two models blocks, and
// removing every blocker never lowers visibility.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lineOfSight, measureBaseGap2, placeBase, type BaseShape } from '../../src/engine/index.ts'
import { box, model, table } from './sceneBuilder.ts'

const baseArb: fc.Arbitrary<BaseShape> = fc.oneof(
  fc.integer({ min: 20, max: 60 }).map((d) => ({ shape: 'round' as const, diameter: d })),
  fc.record({ length: fc.integer({ min: 30, max: 120 }), width: fc.integer({ min: 20, max: 80 }) }).map((r) => ({ shape: 'oval' as const, ...r })),
  fc.record({ length: fc.integer({ min: 30, max: 120 }), width: fc.integer({ min: 20, max: 80 }) }).map((r) => ({ shape: 'rect' as const, ...r })),
)
const placed = fc.record({ base: baseArb, x: fc.double({ min: 0, max: 600, noNaN: true }), y: fc.double({ min: 0, max: 600, noNaN: true }), facing: fc.double({ min: -180, max: 180, noNaN: true }) })

describe('geometry properties', () => {
  it('base gaps are symmetric', () => {
    fc.assert(fc.property(placed, placed, (a, b) => {
      const A = placeBase(a.base, a.x, a.y, a.facing)
      const B = placeBase(b.base, b.x, b.y, b.facing)
      expect(Math.abs(measureBaseGap2(A, B).gapMm - measureBaseGap2(B, A).gapMm)).toBeLessThan(1e-5)
    }), { numRuns: 300 })
  })

  it('base gaps are invariant under moving and rotating the whole table', () => {
    fc.assert(fc.property(placed, placed, fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (a, b, tx, ty, rot) => {
      const r = (rot * Math.PI) / 180
      const move = (p: { base: BaseShape; x: number; y: number; facing: number }) =>
        placeBase(p.base, p.x * Math.cos(r) - p.y * Math.sin(r) + tx, p.x * Math.sin(r) + p.y * Math.cos(r) + ty, p.facing + rot)
      const before = measureBaseGap2(placeBase(a.base, a.x, a.y, a.facing), placeBase(b.base, b.x, b.y, b.facing)).gapMm
      const after = measureBaseGap2(move(a), move(b)).gapMm
      expect(Math.abs(before - after)).toBeLessThan(1e-5)
    }), { numRuns: 300 })
  })

  it('the gap is never more than the centre distance and is 0 exactly when the bases overlap or touch', () => {
    fc.assert(fc.property(placed, placed, (a, b) => {
      const g = measureBaseGap2(placeBase(a.base, a.x, a.y, a.facing), placeBase(b.base, b.x, b.y, b.facing))
      expect(g.gapMm).toBeLessThanOrEqual(Math.hypot(a.x - b.x, a.y - b.y) + 1e-9)
      expect(g.gapMm).toBeGreaterThanOrEqual(0)
      // the reported points are the gap apart
      expect(Math.abs(Math.hypot(g.a[0] - g.b[0], g.a[1] - g.b[1]) - g.gapMm)).toBeLessThan(1e-4)
    }), { numRuns: 300 })
  })

  const walls = fc.array(fc.record({ x: fc.integer({ min: 50, max: 1100 }), y: fc.integer({ min: 50, max: 1100 }), w: fc.integer({ min: 10, max: 150 }), d: fc.integer({ min: 10, max: 150 }), h: fc.integer({ min: 5, max: 200 }) }), { maxLength: 8 })
  const spot = fc.record({ x: fc.integer({ min: 20, max: 1190 }), y: fc.integer({ min: 20, max: 1190 }) })

  it('LoS fraction and hidden base are within [0, 1]; removing every blocker never lowers visibility', () => {
    fc.assert(fc.property(walls, spot, spot, (ws, p, q) => {
      fc.pre(Math.hypot(p.x - q.x, p.y - q.y) > 30)
      const terrain = ws.map((w, i) => box(`w${i}`, 'wall', w.x, w.y, w.x + w.w, w.y + w.d, w.h))
      const withWalls = table([model('a', 'A', p.x, p.y), model('b', 'B', q.x, q.y)], terrain)
      const los = lineOfSight(withWalls, withWalls.model('a'), withWalls.model('b'))
      expect(los.fraction).toBeGreaterThanOrEqual(0)
      expect(los.fraction).toBeLessThanOrEqual(1)
      expect(los.baseHidden).toBeGreaterThanOrEqual(0)
      expect(los.baseHidden).toBeLessThanOrEqual(1)
      const open = table([model('a', 'A', p.x, p.y), model('b', 'B', q.x, q.y)], terrain.filter((t) => !los.blockers.includes(t.id)))
      const los2 = lineOfSight(open, open.model('a'), open.model('b'))
      expect(los2.fraction).toBeGreaterThanOrEqual(los.fraction)
      expect(los2.fraction).toBe(1)
    }), { numRuns: 150 })
  })

  it('a wall taller than both models standing across the line between them blocks it', () => {
    fc.assert(fc.property(spot, fc.double({ min: -180, max: 180, noNaN: true }), fc.integer({ min: 120, max: 400 }), (p, angle, dist) => {
      const r = (angle * Math.PI) / 180
      const q = { x: p.x + dist * Math.cos(r), y: p.y + dist * Math.sin(r) }
      fc.pre(q.x > 20 && q.y > 20 && q.x < 1190 && q.y < 1190)
      // a 10 mm thick wall, 300 mm long, perpendicular to the line at its middle, 100 mm tall (> 40 mm models)
      const mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2
      const ux = Math.cos(r), uy = Math.sin(r), vx = -uy, vy = ux
      const corner = (s: number, t: number): [number, number] => [mx + ux * s + vx * t, my + uy * s + vy * t]
      const wall = { id: 'w', type: 'wall', footprint: [corner(-5, -150), corner(5, -150), corner(5, 150), corner(-5, 150)], height: 100 }
      const t = table([model('a', 'A', p.x, p.y), model('b', 'B', q.x, q.y)], [wall])
      const los = lineOfSight(t, t.model('a'), t.model('b'))
      expect(los.visible).toBe(false)
      expect(los.blockers).toEqual(['w'])
    }), { numRuns: 150 })
  })
})
