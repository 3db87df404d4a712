// Simple polygons on the table plane (terrain footprints): orientation, validity, containment,
// closest points and how long a segment runs inside one (2D line of sight).
export type Polygon = ReadonlyArray<readonly [number, number]>

/** Signed area in mm² (positive when counter-clockwise). */
export function signedAreaMm2(poly: Polygon): number {
  let s = 0
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!
    const q = poly[(i + 1) % poly.length]!
    s += p[0] * q[1] - q[0] * p[1]
  }
  return s / 2
}

/** The polygon with counter-clockwise winding (a copy). */
export function counterClockwise(poly: Polygon): Array<[number, number]> {
  const out = poly.map((p) => [p[0], p[1]] as [number, number])
  if (signedAreaMm2(out) < 0) out.reverse()
  return out
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
}

function onSegment(ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean {
  return Math.min(ax, bx) <= px && px <= Math.max(ax, bx) && Math.min(ay, by) <= py && py <= Math.max(ay, by)
}

/** Do closed segments ab and cd intersect (touching counts)? */
export function segmentsIntersect(a: readonly [number, number], b: readonly [number, number], c: readonly [number, number], d: readonly [number, number]): boolean {
  const d1 = orient(c[0], c[1], d[0], d[1], a[0], a[1])
  const d2 = orient(c[0], c[1], d[0], d[1], b[0], b[1])
  const d3 = orient(a[0], a[1], b[0], b[1], c[0], c[1])
  const d4 = orient(a[0], a[1], b[0], b[1], d[0], d[1])
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true
  if (d1 === 0 && onSegment(c[0], c[1], d[0], d[1], a[0], a[1])) return true
  if (d2 === 0 && onSegment(c[0], c[1], d[0], d[1], b[0], b[1])) return true
  if (d3 === 0 && onSegment(a[0], a[1], b[0], b[1], c[0], c[1])) return true
  if (d4 === 0 && onSegment(a[0], a[1], b[0], b[1], d[0], d[1])) return true
  return false
}

/**
 * Why a footprint is not a usable simple polygon, or null when it is: repeated vertices,
 * zero area, or two non-adjacent edges that touch or cross.
 */
export function findPolygonProblem(poly: Polygon): string | null {
  const n = poly.length
  if (n < 3) return 'needs at least 3 vertices'
  for (let i = 0; i < n; i++) {
    const p = poly[i]!
    const q = poly[(i + 1) % n]!
    if (p[0] === q[0] && p[1] === q[1]) return `vertices ${i} and ${(i + 1) % n} are the same point`
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1)
      if (adjacent) continue
      if (segmentsIntersect(poly[i]!, poly[(i + 1) % n]!, poly[j]!, poly[(j + 1) % n]!)) {
        return `is self-intersecting: edge ${i}–${(i + 1) % n} meets edge ${j}–${(j + 1) % n}`
      }
    }
  }
  if (Math.abs(signedAreaMm2(poly)) < 1e-6) return 'has zero area (its vertices are collinear)'
  return null
}

/** Point in polygon (even-odd rule); points on the boundary count as inside within epsMm. */
export function polygonContains(poly: Polygon, x: number, y: number, epsMm = 1e-9): boolean {
  let inside = false
  const n = poly.length
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const pi = poly[i]!
    const pj = poly[j]!
    if (pointSegmentDistance(x, y, pj[0], pj[1], pi[0], pi[1]) <= epsMm) return true
    if (pi[1] > y !== pj[1] > y && x < ((pj[0] - pi[0]) * (y - pi[1])) / (pj[1] - pi[1]) + pi[0]) inside = !inside
  }
  return inside
}

export function pointSegmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const ex = bx - ax
  const ey = by - ay
  const ee = ex * ex + ey * ey
  const t = ee > 0 ? Math.max(0, Math.min(1, ((px - ax) * ex + (py - ay) * ey) / ee)) : 0
  return Math.hypot(ax + t * ex - px, ay + t * ey - py)
}

/** Closest point of the polygon (boundary or interior) to (x, y), and the distance (0 inside). */
export function closestPointOnPolygon(poly: Polygon, x: number, y: number): { point: [number, number]; distanceMm: number } {
  if (polygonContains(poly, x, y)) return { point: [x, y], distanceMm: 0 }
  let best = Infinity
  let bx = x, by = y
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!
    const b = poly[(i + 1) % poly.length]!
    const ex = b[0] - a[0]
    const ey = b[1] - a[1]
    const ee = ex * ex + ey * ey
    const t = ee > 0 ? Math.max(0, Math.min(1, ((x - a[0]) * ex + (y - a[1]) * ey) / ee)) : 0
    const cx = a[0] + t * ex
    const cy = a[1] + t * ey
    const d = Math.hypot(cx - x, cy - y)
    if (d < best) {
      best = d
      bx = cx
      by = cy
    }
  }
  return { point: [bx, by], distanceMm: best }
}

const crossings = new Float64Array(512)

/** Slack on an edge's own parameter when collecting crossings (see segmentInsideLengthMm). */
const S_SLACK = 1e-9

/**
 * Length (mm) of the segment (ax, ay)→(bx, by) that lies strictly inside the polygon.
 * Touching a vertex or running along an edge gives 0: grazing is not crossing.
 * Not reentrant (module scratch buffer).
 */
export function segmentInsideLengthMm(poly: Polygon, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax
  const dy = by - ay
  const len = Math.hypot(dx, dy)
  if (len === 0) return 0
  let m = 0
  crossings[m++] = 0
  const n = poly.length
  for (let i = 0; i < n && m < crossings.length - 1; i++) {
    const p = poly[i]!
    const q = poly[(i + 1) % n]!
    const ex = q[0] - p[0]
    const ey = q[1] - p[1]
    const den = dx * ey - dy * ex
    if (den === 0) continue
    const t = ((p[0] - ax) * ey - (p[1] - ay) * ex) / den
    const s = ((p[0] - ax) * dy - (p[1] - ay) * dx) / den
    // A line through a corner meets both its edges at s = 1 and s = 0; in floats one may come out a
    // hair past its end on each edge and the crossing would be lost (the run past it then judged by a
    // midpoint on the wrong side). A split point too many is harmless: each piece is judged on its own.
    if (t > 0 && t < 1 && s >= -S_SLACK && s <= 1 + S_SLACK) crossings[m++] = t
  }
  crossings[m++] = 1
  // sort the few parameters (insertion sort, allocation-free)
  for (let i = 1; i < m; i++) {
    const v = crossings[i]!
    let j = i - 1
    while (j >= 0 && crossings[j]! > v) {
      crossings[j + 1] = crossings[j]!
      j--
    }
    crossings[j + 1] = v
  }
  let inside = 0
  for (let i = 0; i + 1 < m; i++) {
    const t0 = crossings[i]!
    const t1 = crossings[i + 1]!
    if (t1 - t0 <= 0) continue
    const tm = (t0 + t1) / 2
    // strict interior test at the midpoint: boundary points (grazing) do not count
    if (polygonContainsStrict(poly, ax + tm * dx, ay + tm * dy)) inside += (t1 - t0) * len
  }
  return inside
}

/** Point strictly inside the polygon (even-odd): a point within 1e-7 mm of an edge is not. */
export function polygonContainsStrict(poly: Polygon, x: number, y: number): boolean {
  let inside = false
  const n = poly.length
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const pi = poly[i]!
    const pj = poly[j]!
    if (pointSegmentDistance(x, y, pj[0], pj[1], pi[0], pi[1]) <= 1e-7) return false
    if (pi[1] > y !== pj[1] > y && x < ((pj[0] - pi[0]) * (y - pi[1])) / (pj[1] - pi[1]) + pi[0]) inside = !inside
  }
  return inside
}

/** Axis-aligned bounds [minX, minY, maxX, maxY]. */
export function polygonBounds(poly: Polygon): [number, number, number, number] {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
  for (const p of poly) {
    x0 = Math.min(x0, p[0]); y0 = Math.min(y0, p[1]); x1 = Math.max(x1, p[0]); y1 = Math.max(y1, p[1])
  }
  return [x0, y0, x1, y1]
}

/** Convex hull (counter-clockwise) of points, Andrew's monotone chain. */
export function convexHull(points: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const pts = points.map((p) => [p[0], p[1]] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
  if (pts.length < 3) return pts
  const lower: Array<[number, number]> = []
  for (const p of pts) {
    while (lower.length >= 2 && orient(...lower[lower.length - 2]!, ...lower[lower.length - 1]!, ...p) <= 0) lower.pop()
    lower.push(p)
  }
  const upper: Array<[number, number]> = []
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!
    while (upper.length >= 2 && orient(...upper[upper.length - 2]!, ...upper[upper.length - 1]!, ...p) <= 0) upper.pop()
    upper.push(p)
  }
  lower.pop()
  upper.pop()
  return lower.concat(upper)
}

/**
 * The polygon moved inward by dMm (each edge offset along its inward normal, vertices mitred).
 * Used to erode solids by the grazing tolerance. Expects a counter-clockwise simple polygon and
 * dMm much smaller than its features.
 */
export function offsetPolygonInward(poly: Polygon, dMm: number): Array<[number, number]> {
  const n = poly.length
  const out: Array<[number, number]> = []
  for (let i = 0; i < n; i++) {
    const p0 = poly[(i + n - 1) % n]!
    const p1 = poly[i]!
    const p2 = poly[(i + 1) % n]!
    // inward normals of the edges p0→p1 and p1→p2 (left of a CCW edge)
    const l1 = Math.hypot(p1[0] - p0[0], p1[1] - p0[1])
    const l2 = Math.hypot(p2[0] - p1[0], p2[1] - p1[1])
    const n1x = -(p1[1] - p0[1]) / l1, n1y = (p1[0] - p0[0]) / l1
    const n2x = -(p2[1] - p1[1]) / l2, n2y = (p2[0] - p1[0]) / l2
    const bx = n1x + n2x, by = n1y + n2y
    const cosHalf = (bx * n1x + by * n1y) / (Math.hypot(bx, by) || 1)
    const scale = dMm / Math.max(cosHalf, 0.05)
    const bl = Math.hypot(bx, by) || 1
    out.push([p1[0] + (bx / bl) * scale, p1[1] + (by / bl) * scale])
  }
  return out
}
