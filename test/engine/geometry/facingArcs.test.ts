import { describe, expect, it } from 'vitest'
import { classifyArc, placeBase, QUARTER_ARCS, HALF_ARCS } from '../../../src/engine/index.ts'

const observer = placeBase({ shape: 'round', diameter: 50 }, 500, 500, 90) // facing +y

describe('facing arcs', () => {
  it('a target straight ahead (+y) is in the front arc; behind is rear; to +x is right', () => {
    const t = (x: number, y: number) => classifyArc(observer, placeBase({ shape: 'round', diameter: 25 }, x, y, 0), QUARTER_ARCS, 'centre').arc
    expect(t(500, 700)).toBe('front')
    expect(t(500, 300)).toBe('rear')
    expect(t(700, 500)).toBe('right')
    expect(t(300, 500)).toBe('left')
  })
  it('a target straddling the front/right boundary: partly in both; front-most priority picks front; wholly in neither', () => {
    const target = placeBase({ shape: 'round', diameter: 40 }, 700, 700, 0) // centre exactly on the 45° line
    const partly = classifyArc(observer, target, QUARTER_ARCS, 'partly', ['front', 'left', 'right', 'rear'])
    expect(partly.arc).toBe('front')
    expect(partly.membership.find((m) => m.arc === 'front')!.fraction).toBeGreaterThan(0.3)
    expect(partly.membership.find((m) => m.arc === 'right')!.fraction).toBeGreaterThan(0.3)
    expect(classifyArc(observer, target, QUARTER_ARCS, 'wholly').arc).toBeNull()
  })
  it('half arcs: a target level with the observer is on the boundary and counts as front (edges inclusive)', () => {
    expect(classifyArc(observer, placeBase({ shape: 'round', diameter: 1 }, 800, 500, 0), HALF_ARCS, 'centre').arc).toBe('front')
  })
  it('arc lines point along the arc edges in the table frame', () => {
    const r = classifyArc(observer, placeBase({ shape: 'round', diameter: 25 }, 500, 700, 0), QUARTER_ARCS, 'centre')
    const frontFrom = r.lines.find((l) => l.arc === 'front' && l.edge === 'from')!
    // facing 90°, from −45° → table angle 45°
    expect(frontFrom.direction[0]).toBeCloseTo(Math.SQRT1_2, 9)
    expect(frontFrom.direction[1]).toBeCloseTo(Math.SQRT1_2, 9)
    expect(frontFrom.origin).toEqual([500, 500])
  })
})
