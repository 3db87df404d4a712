// The shared table-plane geometry of the games-b group, against hand-computed figures.
import { describe, expect, it } from 'vitest'
import { placeBase } from '../../../../src/engine/index.ts'
import { anySightlineCrosses, measureSegmentBaseGap, polygonsOverlap, measureBaseFootprintGap } from '../../../../src/systems/cadence/flatGeometry.ts'
import { solveOnePivot, traceVehiclePath } from '../../../../src/systems/cadence/vehiclePath.ts'

const round = (d: number) => ({ shape: 'round' as const, diameter: d })

describe('flat geometry', () => {
  it('gap from a base to a segment: 50 mm from the line, radius 16 → 34 mm; beyond the end it is measured to the end point', () => {
    expect(measureSegmentBaseGap(placeBase(round(32), 100, 50, 0), [0, 0], [200, 0])).toBeCloseTo(34, 6)
    // centre (230, 40): nearest point of the segment is its end (200, 0): 50 - 16 = 34
    expect(measureSegmentBaseGap(placeBase(round(32), 230, 40, 0), [0, 0], [200, 0])).toBeCloseTo(34, 6)
  })
  it('the sight region of two equal round bases is the strip between their outer tangents', () => {
    const a = placeBase(round(40), 100, 300, 0)
    const b = placeBase(round(40), 400, 300, 0)
    // tangents at y = 280 and 320
    expect(anySightlineCrosses(a, b, [[240, 319], [260, 319], [260, 330], [240, 330]])).toBe(true)
    expect(anySightlineCrosses(a, b, [[240, 321], [260, 321], [260, 330], [240, 330]])).toBe(false)
  })
  it('polygons touching along an edge do not overlap; 1 mm into each other they do', () => {
    const sq = [[0, 0], [10, 0], [10, 10], [0, 10]] as const
    expect(polygonsOverlap(sq, [[10, 0], [20, 0], [20, 10], [10, 10]])).toBe(false)
    expect(polygonsOverlap(sq, [[9, 0], [20, 0], [20, 10], [9, 10]])).toBe(true)
    expect(polygonsOverlap(sq, [[2, 2], [4, 2], [4, 4], [2, 4]])).toBe(true)
  })
  it('round base to footprint gap: centre 30 mm from a wall, radius 20 → 10 mm', () => {
    expect(measureBaseFootprintGap(placeBase(round(40), 70, 50, 0), [[100, 0], [120, 0], [120, 100], [100, 100]])).toBeCloseTo(10, 6)
  })
})

describe('vehicle paths (core-rules/advanced-rules.html#vehicle-movement-restrictions)', () => {
  it('one pivot between two facings: 100 mm north, turn 45°, 77.8 mm at 135°', () => {
    const s = solveOnePivot([200, 200], 90, [200 - 77.8 * Math.SQRT1_2, 300 + 77.8 * Math.SQRT1_2], 135)
    expect(s?.d1Mm).toBeCloseTo(100, 6)
    expect(s?.d2Mm).toBeCloseTo(77.8, 6)
  })
  it('a point behind the vehicle is reached backward without a pivot', () => {
    const p = traceVehiclePath([0, 0], 0, [[-50, 0]])
    expect(p.legs[0]?.direction).toBe('backward')
    expect(p.pivots).toEqual([])
  })
  it('a leg 30° off the facing needs a 30° pivot first', () => {
    const p = traceVehiclePath([0, 0], 0, [[100 * Math.cos(Math.PI / 6), 100 * Math.sin(Math.PI / 6)]])
    expect(p.pivots[0]?.turnDeg).toBeCloseTo(30, 6)
    expect(p.lengthMm).toBeCloseTo(100, 6)
  })
})
