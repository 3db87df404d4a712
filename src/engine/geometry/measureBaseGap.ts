// Closest points between two bases (convex shapes) with GJK over their support functions.
// Exact for round and rectangular bases; for ovals GJK converges to within CONVERGENCE_MM.
// The 3D gap composes the horizontal gap with the vertical gap between two vertical extents:
// the distance between Cartesian products of convex sets is sqrt(dxy² + dz²).
import { type PlacedBase, supportPoint } from './baseShape.ts'

/** GJK stops when an iteration improves the gap by less than this (mm). */
export const CONVERGENCE_MM = 1e-7
const MAX_ITERATIONS = 100

export type Gap2 = {
  /** Horizontal gap in mm (0 when the bases touch or overlap). */
  gapMm: number
  /** Closest point on A and on B, [x, y] mm. */
  a: [number, number]
  b: [number, number]
  overlapping: boolean
}

type Vertex = { wx: number; wy: number; ax: number; ay: number; bx: number; by: number }
const sa = { x: 0, y: 0 }
const sb = { x: 0, y: 0 }

function supportOfDifference(A: PlacedBase, B: PlacedBase, dx: number, dy: number): Vertex {
  supportPoint(A, dx, dy, sa)
  supportPoint(B, -dx, -dy, sb)
  return { wx: sa.x - sb.x, wy: sa.y - sb.y, ax: sa.x, ay: sa.y, bx: sb.x, by: sb.y }
}

/** Closest points between two placed bases on the table plane. */
export function measureBaseGap2(A: PlacedBase, B: PlacedBase): Gap2 {
  if (A.shape === 'round' && B.shape === 'round') {
    const dx = B.cx - A.cx
    const dy = B.cy - A.cy
    const d = Math.hypot(dx, dy)
    const ra = A.halfLengthMm
    const rb = B.halfLengthMm
    const ux = d > 0 ? dx / d : 1
    const uy = d > 0 ? dy / d : 0
    if (d <= ra + rb) {
      const m: [number, number] = [A.cx + ux * (ra + (d - ra - rb) / 2), A.cy + uy * (ra + (d - ra - rb) / 2)]
      return { gapMm: 0, a: m, b: [m[0], m[1]], overlapping: d < ra + rb }
    }
    return {
      gapMm: d - ra - rb,
      a: [A.cx + ux * ra, A.cy + uy * ra],
      b: [B.cx - ux * rb, B.cy - uy * rb],
      overlapping: false,
    }
  }
  return gjk(A, B)
}

function gjk(A: PlacedBase, B: PlacedBase): Gap2 {
  let simplex: Vertex[] = [supportOfDifference(A, B, A.cx - B.cx || 1, A.cy - B.cy)]
  let vx = simplex[0]!.wx
  let vy = simplex[0]!.wy
  let lambdas = [1]
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    const vv = vx * vx + vy * vy
    if (vv < 1e-18) return overlap(A, B, simplex, lambdas)
    const w = supportOfDifference(A, B, -vx, -vy)
    // Progress test: |v|² − v·w is the upper bound on how much the gap can still shrink (squared terms).
    const gain = vv - (vx * w.wx + vy * w.wy)
    if (gain <= CONVERGENCE_MM * Math.sqrt(vv)) break
    simplex.push(w)
    const r = closestOnSimplex(simplex)
    simplex = r.simplex
    lambdas = r.lambdas
    vx = r.vx
    vy = r.vy
    if (simplex.length === 3) return overlap(A, B, simplex, lambdas)
  }
  let ax = 0, ay = 0, bx = 0, by = 0
  for (let i = 0; i < simplex.length; i++) {
    const l = lambdas[i]!
    const s = simplex[i]!
    ax += l * s.ax
    ay += l * s.ay
    bx += l * s.bx
    by += l * s.by
  }
  const gap = Math.hypot(vx, vy)
  return { gapMm: gap, a: [ax, ay], b: [bx, by], overlapping: false }
}

function overlap(A: PlacedBase, B: PlacedBase, simplex: Vertex[], lambdas: number[]): Gap2 {
  // The origin is inside A−B: the bases overlap or touch. Report the midpoint of the two centres'
  // nearest support points as the contact point (both sides the same point).
  let ax = 0, ay = 0, bx = 0, by = 0
  for (let i = 0; i < simplex.length; i++) {
    const l = lambdas[i] ?? 0
    const s = simplex[i]!
    ax += l * s.ax
    ay += l * s.ay
    bx += l * s.bx
    by += l * s.by
  }
  const m: [number, number] = simplex.length < 3 ? [(ax + bx) / 2, (ay + by) / 2] : [(A.cx + B.cx) / 2, (A.cy + B.cy) / 2]
  return { gapMm: 0, a: m, b: [m[0], m[1]], overlapping: true }
}

/** Closest point to the origin on a 2- or 3-vertex simplex, reducing it to the supporting feature. */
function closestOnSimplex(s: Vertex[]): { simplex: Vertex[]; lambdas: number[]; vx: number; vy: number } {
  if (s.length === 2) return closestOnSegment(s[0]!, s[1]!)
  const a = s[0]!, b = s[1]!, c = s[2]!
  // Is the origin inside the triangle? (signed areas)
  const area = cross(b.wx - a.wx, b.wy - a.wy, c.wx - a.wx, c.wy - a.wy)
  const l0 = cross(b.wx, b.wy, c.wx, c.wy) / area
  const l1 = cross(c.wx, c.wy, a.wx, a.wy) / area
  const l2 = cross(a.wx, a.wy, b.wx, b.wy) / area
  if (area !== 0 && l0 >= 0 && l1 >= 0 && l2 >= 0) return { simplex: [a, b, c], lambdas: [l0, l1, l2], vx: 0, vy: 0 }
  let best = closestOnSegment(a, b)
  for (const cand of [closestOnSegment(b, c), closestOnSegment(a, c)]) {
    if (cand.vx * cand.vx + cand.vy * cand.vy < best.vx * best.vx + best.vy * best.vy) best = cand
  }
  return best
}

function closestOnSegment(a: Vertex, b: Vertex): { simplex: Vertex[]; lambdas: number[]; vx: number; vy: number } {
  const ex = b.wx - a.wx
  const ey = b.wy - a.wy
  const ee = ex * ex + ey * ey
  const t = ee > 0 ? Math.min(1, Math.max(0, -(a.wx * ex + a.wy * ey) / ee)) : 0
  if (t <= 0) return { simplex: [a], lambdas: [1], vx: a.wx, vy: a.wy }
  if (t >= 1) return { simplex: [b], lambdas: [1], vx: b.wx, vy: b.wy }
  return { simplex: [a, b], lambdas: [1 - t, t], vx: a.wx + t * ex, vy: a.wy + t * ey }
}

function cross(ax: number, ay: number, bx: number, by: number): number {
  return ax * by - ay * bx
}

export type Gap3 = {
  gapMm: number
  a: [number, number, number]
  b: [number, number, number]
  horizontalMm: number
  verticalMm: number
  overlapping: boolean
}

/**
 * Gap in 3D between two bases extruded over vertical extents [zA0, zA1] and [zB0, zB1] (mm).
 * With equal extents this equals the 2D gap.
 */
export function measureBaseGap3(A: PlacedBase, zA0: number, zA1: number, B: PlacedBase, zB0: number, zB1: number): Gap3 {
  const g = measureBaseGap2(A, B)
  let za: number
  let zb: number
  let dz: number
  if (zB0 > zA1) {
    za = zA1
    zb = zB0
    dz = zB0 - zA1
  } else if (zA0 > zB1) {
    za = zA0
    zb = zB1
    dz = zA0 - zB1
  } else {
    za = zb = (Math.max(zA0, zB0) + Math.min(zA1, zB1)) / 2
    dz = 0
  }
  return {
    gapMm: Math.hypot(g.gapMm, dz),
    a: [g.a[0], g.a[1], za],
    b: [g.b[0], g.b[1], zb],
    horizontalMm: g.gapMm,
    verticalMm: dz,
    overlapping: g.overlapping && dz === 0,
  }
}
