import { describe, expect, it } from 'vitest'
import { findPolygonProblem, polygonContains, segmentInsideLengthMm, signedAreaMm2, convexHull, closestPointOnPolygon } from '../../../src/engine/index.ts'

const square: Array<[number, number]> = [[0, 0], [100, 0], [100, 100], [0, 100]]

describe('polygons', () => {
  it('area and winding', () => {
    expect(signedAreaMm2(square)).toBe(10000)
    expect(signedAreaMm2([...square].reverse())).toBe(-10000)
  })
  it('finds self-intersections, repeated vertices and zero area', () => {
    expect(findPolygonProblem(square)).toBeNull()
    expect(findPolygonProblem([[0, 0], [100, 100], [100, 0], [0, 100]])).toMatch(/self-intersecting/)
    expect(findPolygonProblem([[0, 0], [0, 0], [1, 1]])).toMatch(/same point/)
    expect(findPolygonProblem([[0, 0], [1, 1], [2, 2]])).toMatch(/zero area/)
  })
  it('a segment through the square is inside for 100 mm; along an edge or through a corner for 0', () => {
    expect(segmentInsideLengthMm(square, -50, 50, 150, 50)).toBeCloseTo(100, 9)
    expect(segmentInsideLengthMm(square, -50, 0, 150, 0)).toBe(0)
    expect(segmentInsideLengthMm(square, -50, 50, 50, -50)).toBe(0) // grazes the corner (0,0)
    expect(segmentInsideLengthMm(square, 50, 50, 250, 50)).toBeCloseTo(50, 9) // starts inside
  })
  it('concave polygon: a segment crossing the notch counts both passes', () => {
    const u: Array<[number, number]> = [[0, 0], [300, 0], [300, 100], [200, 100], [200, 50], [100, 50], [100, 100], [0, 100]]
    expect(segmentInsideLengthMm(u, -10, 75, 310, 75)).toBeCloseTo(200, 9)
    expect(polygonContains(u, 150, 75)).toBe(false)
    expect(polygonContains(u, 150, 25)).toBe(true)
  })
  it('convex hull and closest point', () => {
    expect(convexHull([[0, 0], [10, 0], [5, 5], [10, 10], [0, 10]]).length).toBe(4)
    const c = closestPointOnPolygon(square, 150, 50)
    expect(c.distanceMm).toBe(50)
    expect(c.point).toEqual([100, 50])
  })
})
