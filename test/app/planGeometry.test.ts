// The planning overlay's flat geometry, against areas and lengths worked by hand: a region with a
// hole fills exactly its area, a band covers its length (plus its square caps) times its width, dashes
// only their "on" stretches, and the exposure texture colours each cell as asked (stripes included).
import { describe, expect, it } from 'vitest'
import type { BufferGeometry } from 'three'
import { EXPOSURE_TEXELS, bandsGeometry, exposureTexture, labelPointOf, pointAtBearing, polygonsGeometry, ringsOf } from '../../src/app/scene/planGeometry.ts'

/** Sum of the triangles' areas (mm²). */
function areaOf(g: BufferGeometry): number {
  const p = g.getAttribute('position')
  const idx = g.getIndex()!
  let sum = 0
  for (let i = 0; i < idx.count; i += 3) {
    const [a, b, c] = [idx.getX(i), idx.getX(i + 1), idx.getX(i + 2)]
    const ux = p.getX(b) - p.getX(a), uy = p.getY(b) - p.getY(a)
    const vx = p.getX(c) - p.getX(a), vy = p.getY(c) - p.getY(a)
    sum += Math.abs(ux * vy - uy * vx) / 2
  }
  return sum
}

describe('planning overlay geometry', () => {
  it('fills a 100 mm square with a 40 mm square hole: 10 000 − 1 600 = 8 400 mm², at the height asked', () => {
    const g = polygonsGeometry([{ outer: [[0, 0], [100, 0], [100, 100], [0, 100]], holes: [[[30, 30], [30, 70], [70, 70], [70, 30]]], resolutionMm: 1 }], 0.5)
    expect(areaOf(g)).toBeCloseTo(8400, 6)
    const z = g.getAttribute('position')
    for (let i = 0; i < z.count; i++) expect(z.getZ(i)).toBe(0.5)
  })

  it('fills a ring given clockwise as well (the engine gives outer rings counter-clockwise; the drawing does not depend on it)', () => {
    const g = polygonsGeometry([{ outer: [[0, 0], [0, 50], [80, 50], [80, 0]], holes: [], resolutionMm: 1 }], 0)
    expect(areaOf(g)).toBeCloseTo(4000, 6)
  })

  it('draws a 100 mm line 4 mm wide as (100 + 4) × 4 = 416 mm² (2 mm square caps at both ends)', () => {
    expect(areaOf(bandsGeometry([[[0, 0], [100, 0]]], 4, 1))).toBeCloseTo(416, 6)
  })

  it('dashes 10 on, 5 off along 100 mm: seven dashes of (10 + 4) × 4 = 392 mm², the gaps empty', () => {
    const g = bandsGeometry([[[0, 0], [60, 0], [100, 0]]], 4, 1, [10, 5])
    expect(areaOf(g)).toBeCloseTo(392, 6)
    // Nothing drawn in the first gap, 10..15 mm (beyond the caps' 2 mm).
    const p = g.getAttribute('position')
    for (let i = 0; i < p.count; i++) expect(p.getX(i) <= 12 + 1e-9 || p.getX(i) >= 13 - 1e-9).toBe(true)
  })

  it('closes every ring of the engine\'s polygons, holes included, and labels a ring at its far (largest y) vertex', () => {
    const rings = ringsOf([{ outer: [[0, 0], [10, 0], [10, 10]], holes: [[[2, 2], [3, 2], [3, 3]]], resolutionMm: 1 }])
    expect(rings).toEqual([[[0, 0], [10, 0], [10, 10], [0, 0]], [[2, 2], [3, 2], [3, 3], [2, 2]]])
    expect(labelPointOf([[0, 0], [5, 9], [10, 3]])).toEqual([5, 9])
  })

  it('finds the vertex of a ring nearest a bearing from a point (a 10-gon round the origin: 50° → the vertex at 36°, 130° → at 144°)', () => {
    const ring = Array.from({ length: 10 }, (_, i) => [10 * Math.cos((i * 36 * Math.PI) / 180), 10 * Math.sin((i * 36 * Math.PI) / 180)] as [number, number])
    expect(pointAtBearing(ring, 0, 0, 50)).toEqual(ring[1])
    expect(pointAtBearing(ring, 0, 0, 130)).toEqual(ring[4])
    expect(pointAtBearing(ring, 0, 0, -170)).toEqual(ring[5])
  })

  it('colours each exposure cell as asked: a striped cell alternates its two colours, an unjudged cell is clear', () => {
    const tex = exposureTexture(2, 1, (c) => (c === 0 ? { rgb: 0x0072b2, stripeRgb: 0x56b4e9, alpha: 0.5, striped: true } : null))
    const t = EXPOSURE_TEXELS
    const data = tex.image.data as Uint8Array
    const at = (u: number, v: number) => [...data.slice((v * 2 * t + u) * 4, (v * 2 * t + u) * 4 + 4)]
    // Texel (0, 0): (u + v) % t < t/2, the stripe; texel (2, 0): the cell's own colour.
    expect(at(0, 0)).toEqual([0x56, 0xb4, 0xe9, 128])
    expect(at(2, 0)).toEqual([0x00, 0x72, 0xb2, 128])
    expect(at(t, 0)[3]).toBe(0)
    expect([tex.image.width, tex.image.height]).toEqual([2 * t, t])
  })
})
