import { describe, expect, it } from 'vitest'
import { measureBaseGap2, measureBaseGap3, placeBase, inches } from '../../../src/engine/index.ts'

describe('measureBaseGap2: closest points between bases (hand-computed geometry)', () => {
  it('two 25 mm round bases with centres 100 mm apart are 75 mm apart edge to edge', () => {
    const g = measureBaseGap2(placeBase({ shape: 'round', diameter: 25 }, 0, 0, 0), placeBase({ shape: 'round', diameter: 25 }, 100, 0, 0))
    expect(g.gapMm).toBeCloseTo(75, 9)
    expect(g.a).toEqual([12.5, 0])
    expect(g.b).toEqual([87.5, 0])
  })

  it('a 3-4-5 diagonal: centres 50 mm apart, radii 10 and 15 → gap 25 mm at the right points', () => {
    const g = measureBaseGap2(placeBase({ shape: 'round', diameter: 20 }, 0, 0, 0), placeBase({ shape: 'round', diameter: 30 }, 30, 40, 0))
    expect(g.gapMm).toBeCloseTo(25, 9)
    expect(g.a[0]).toBeCloseTo(6, 9)
    expect(g.a[1]).toBeCloseTo(8, 9)
    expect(g.b[0]).toBeCloseTo(21, 9)
    expect(g.b[1]).toBeCloseTo(28, 9)
  })

  it('rect facing +x (100 long, 50 wide) to a round base straight ahead: gap from the front edge', () => {
    const g = measureBaseGap2(placeBase({ shape: 'rect', length: 100, width: 50 }, 0, 0, 0), placeBase({ shape: 'round', diameter: 40 }, 200, 0, 0))
    expect(g.gapMm).toBeCloseTo(200 - 50 - 20, 6)
    expect(g.a[0]).toBeCloseTo(50, 6)
  })

  it('rect rotated 90°: length now runs along y, so a base beside it in x is width/2 away', () => {
    const g = measureBaseGap2(placeBase({ shape: 'rect', length: 100, width: 50 }, 0, 0, 90), placeBase({ shape: 'round', diameter: 40 }, 200, 0, 0))
    expect(g.gapMm).toBeCloseTo(200 - 25 - 20, 6)
  })

  it('rect corner to round base on the diagonal: distance from the corner point', () => {
    // corner at (50, 25); round base of radius 10 at (150, 125): centre distance from corner = 100√2
    const g = measureBaseGap2(placeBase({ shape: 'rect', length: 100, width: 50 }, 0, 0, 0), placeBase({ shape: 'round', diameter: 20 }, 150, 125, 0))
    expect(g.gapMm).toBeCloseTo(100 * Math.SQRT2 - 10, 6)
    expect(g.a[0]).toBeCloseTo(50, 5)
    expect(g.a[1]).toBeCloseTo(25, 5)
  })

  it('oval 60×35 seen along its long axis and its short axis', () => {
    const oval = placeBase({ shape: 'oval', length: 60, width: 35 }, 0, 0, 0)
    expect(measureBaseGap2(oval, placeBase({ shape: 'round', diameter: 20 }, 100, 0, 0)).gapMm).toBeCloseTo(100 - 30 - 10, 5)
    expect(measureBaseGap2(oval, placeBase({ shape: 'round', diameter: 20 }, 0, 100, 0)).gapMm).toBeCloseTo(100 - 17.5 - 10, 5)
  })

  it('oval to a point off-axis matches a brute-force search over the ellipse outline', () => {
    const oval = placeBase({ shape: 'oval', length: 105, width: 70 }, 300, 200, 30)
    const other = placeBase({ shape: 'round', diameter: 1e-9 }, 420, 310, 0)
    let best = Infinity
    for (let i = 0; i < 200000; i++) {
      const t = (2 * Math.PI * i) / 200000
      const u = 52.5 * Math.cos(t), v = 35 * Math.sin(t)
      const x = 300 + u * Math.cos(Math.PI / 6) - v * Math.sin(Math.PI / 6)
      const y = 200 + u * Math.sin(Math.PI / 6) + v * Math.cos(Math.PI / 6)
      best = Math.min(best, Math.hypot(x - 420, y - 310))
    }
    expect(measureBaseGap2(oval, other).gapMm).toBeCloseTo(best, 3)
  })

  it('touching bases have gap 0; overlapping bases are flagged', () => {
    const a = placeBase({ shape: 'round', diameter: 25 }, 0, 0, 0)
    expect(measureBaseGap2(a, placeBase({ shape: 'round', diameter: 25 }, 25, 0, 0)).gapMm).toBe(0)
    expect(measureBaseGap2(a, placeBase({ shape: 'round', diameter: 25 }, 20, 0, 0)).overlapping).toBe(true)
    expect(measureBaseGap2(placeBase({ shape: 'rect', length: 50, width: 50 }, 0, 0, 0), placeBase({ shape: 'rect', length: 50, width: 50 }, 40, 10, 17)).overlapping).toBe(true)
  })

  it('two rectangles edge to edge, rotated 45°: gap along the diagonal', () => {
    const a = placeBase({ shape: 'rect', length: 20, width: 20 }, 0, 0, 45)
    const b = placeBase({ shape: 'rect', length: 20, width: 20 }, 100, 0, 45)
    // corners point along x: each reaches 10√2 from its centre
    expect(measureBaseGap2(a, b).gapMm).toBeCloseTo(100 - 20 * Math.SQRT2, 6)
  })
})

describe('measureBaseGap3: elevation', () => {
  it('a model on a 3" platform above another: the gap includes the height difference', () => {
    const a = placeBase({ shape: 'round', diameter: 25 }, 0, 0, 0)
    const b = placeBase({ shape: 'round', diameter: 25 }, 25 + 40, 0, 0)
    const g = measureBaseGap3(a, 0, 3, b, inches(3), inches(3) + 3)
    expect(g.horizontalMm).toBeCloseTo(40, 9)
    expect(g.verticalMm).toBeCloseTo(inches(3) - 3, 9)
    expect(g.gapMm).toBeCloseTo(Math.hypot(40, inches(3) - 3), 9)
    expect(g.a[2]).toBe(3)
    expect(g.b[2]).toBeCloseTo(inches(3), 9)
  })
})
