// Regions of a scalar field on a grid as polygons with holes (marching squares): the region is where
// the field is below zero; each boundary crossing is placed on its grid edge by linear interpolation,
// so a boundary lies within one grid step of the exact one (much closer where the field is smooth).
// Saddles are split by the cell's mean. Outer rings come out counter-clockwise, holes clockwise, each
// hole under the outer ring that holds it.
import type { PlanPolygon } from '../results.ts'
import { polygonContains, signedAreaMm2 } from '../geometry/polygon.ts'

type Pt = [number, number]

/**
 * The regions {f < 0} of a field of nx × ny values (row-major, point (i, j) at (x0 + i·h, y0 + j·h)).
 * Points on the grid's border should be outside (f ≥ 0) for every ring to close inside the grid.
 * Coordinates are rounded to `digits` decimals.
 */
export function traceContours(f: ArrayLike<number>, nx: number, ny: number, x0: number, y0: number, h: number, digits = 2): PlanPolygon[] {
  // Edge ids: horizontal edge (i, j)–(i+1, j) is j·nx + i; vertical (i, j)–(i, j+1) is nx·ny + j·nx + i.
  const next = new Map<number, number>()
  const point = new Map<number, Pt>()
  const at = (i: number, j: number) => f[j * nx + i]!
  const inside = (v: number) => v < 0
  const cross = (edge: number): Pt => {
    let p = point.get(edge)
    if (p) return p
    const vertical = edge >= nx * ny
    const e = vertical ? edge - nx * ny : edge
    const j = Math.floor(e / nx)
    const i = e - j * nx
    const a = at(i, j)
    const b = vertical ? at(i, j + 1) : at(i + 1, j)
    const t = a === b ? 0.5 : Math.min(1, Math.max(0, a / (a - b)))
    p = vertical ? [x0 + i * h, y0 + (j + t) * h] : [x0 + (i + t) * h, y0 + j * h]
    point.set(edge, p)
    return p
  }
  const link = (from: number, to: number) => next.set(from, to)
  for (let j = 0; j + 1 < ny; j++) {
    for (let i = 0; i + 1 < nx; i++) {
      const v00 = at(i, j), v10 = at(i + 1, j), v11 = at(i + 1, j + 1), v01 = at(i, j + 1)
      const code = (inside(v00) ? 1 : 0) | (inside(v10) ? 2 : 0) | (inside(v11) ? 4 : 0) | (inside(v01) ? 8 : 0)
      if (code === 0 || code === 15) continue
      const bottom = j * nx + i
      const top = (j + 1) * nx + i
      const left = nx * ny + j * nx + i
      const right = nx * ny + j * nx + i + 1
      // Segments run with the inside on their left (outer rings counter-clockwise).
      switch (code) {
        case 1: link(bottom, left); break
        case 2: link(right, bottom); break
        case 3: link(right, left); break
        case 4: link(top, right); break
        case 6: link(top, bottom); break
        case 7: link(top, left); break
        case 8: link(left, top); break
        case 9: link(bottom, top); break
        case 11: link(right, top); break
        case 12: link(left, right); break
        case 13: link(bottom, right); break
        case 14: link(left, bottom); break
        case 5: {
          if (inside((v00 + v10 + v11 + v01) / 4)) { link(bottom, right); link(top, left) } else { link(bottom, left); link(top, right) }
          break
        }
        case 10: {
          if (inside((v00 + v10 + v11 + v01) / 4)) { link(left, bottom); link(right, top) } else { link(right, bottom); link(left, top) }
          break
        }
      }
    }
  }
  const rings: Pt[][] = []
  const seen = new Set<number>()
  const round = (v: number) => Math.round(v * 10 ** digits) / 10 ** digits
  for (const startEdge of next.keys()) {
    if (seen.has(startEdge)) continue
    const ring: Pt[] = []
    let e: number | undefined = startEdge
    while (e !== undefined && !seen.has(e)) {
      seen.add(e)
      const p = cross(e)
      const q: Pt = [round(p[0]), round(p[1])]
      const last = ring[ring.length - 1]
      if (!last || last[0] !== q[0] || last[1] !== q[1]) ring.push(q)
      e = next.get(e)
    }
    if (ring.length > 1 && ring[0]![0] === ring[ring.length - 1]![0] && ring[0]![1] === ring[ring.length - 1]![1]) ring.pop()
    if (ring.length >= 3) rings.push(simplifyCollinear(ring))
  }
  const outers = rings.filter((r) => signedAreaMm2(r) > 0)
  const holes = rings.filter((r) => signedAreaMm2(r) < 0)
  const polys: PlanPolygon[] = outers.map((outer) => ({ outer, holes: [], resolutionMm: h }))
  for (const hole of holes) {
    // The smallest outer ring holding the hole's first vertex.
    let best: PlanPolygon | null = null
    let bestArea = Infinity
    for (const p of polys) {
      const a = signedAreaMm2(p.outer)
      if (a < bestArea && polygonContains(p.outer, hole[0]![0], hole[0]![1])) {
        best = p
        bestArea = a
      }
    }
    best?.holes.push(hole)
  }
  return polys
}

/** Drop vertices on a straight run (a grid-aligned wall traced cell by cell). */
function simplifyCollinear(r: Pt[]): Pt[] {
  const out: Pt[] = []
  for (let i = 0; i < r.length; i++) {
    const a = out.length ? out[out.length - 1]! : r[(i + r.length - 1) % r.length]!
    const b = r[i]!
    const c = r[(i + 1) % r.length]!
    const cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
    if (Math.abs(cross) > 1e-9) out.push(b)
  }
  return out.length >= 3 ? out : r
}

/** Is (x, y) inside a polygon with holes (inside its outer ring, outside every hole)? */
export function planPolygonContains(p: PlanPolygon, x: number, y: number): boolean {
  if (!polygonContains(p.outer, x, y)) return false
  return !p.holes.some((h) => polygonContains(h, x, y, -1))
}
