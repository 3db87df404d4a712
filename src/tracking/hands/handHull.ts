// The outline of a hand: the convex hull of its landmarks (x0, y0, x1, y1, … in any plane: image px
// or table mm), and how far a point is from it. Landmarks are joint centres, so the true silhouette
// is wider by about half a finger; callers add that as a margin.
// Allocation-light: hulls are written into caller-owned arrays; scratch below is not reentrant.

export type Hull = {
  /** x0, y0, x1, y1, … counter-clockwise (in a y-up frame), `count` vertices used. */
  points: Float64Array
  count: number
}

export function createHull(capacity = 21): Hull {
  return { points: new Float64Array(capacity * 2), count: 0 }
}

const _order = new Int32Array(64)
const _stack = new Int32Array(128)

function cross(p: Float64Array, o: number, a: number, b: number): number {
  return (p[a * 2]! - p[o * 2]!) * (p[b * 2 + 1]! - p[o * 2 + 1]!) - (p[a * 2 + 1]! - p[o * 2 + 1]!) * (p[b * 2]! - p[o * 2]!)
}

/** Convex hull of the first `n` points (Andrew's monotone chain). */
export function convexHull(points: Float64Array, n: number, target: Hull): Hull {
  if (n > 64) throw new Error(`convexHull: at most 64 points, got ${n}`)
  const order = _order.subarray(0, n)
  for (let i = 0; i < n; i++) order[i] = i
  order.sort((a, b) => points[a * 2]! - points[b * 2]! || points[a * 2 + 1]! - points[b * 2 + 1]!)
  let k = 0
  for (let i = 0; i < n; i++) {
    while (k >= 2 && cross(points, _stack[k - 2]!, _stack[k - 1]!, order[i]!) <= 0) k--
    _stack[k++] = order[i]!
  }
  for (let i = n - 2, lower = k + 1; i >= 0; i--) {
    while (k >= lower && cross(points, _stack[k - 2]!, _stack[k - 1]!, order[i]!) <= 0) k--
    _stack[k++] = order[i]!
  }
  const count = Math.max(0, Math.min(k - 1, target.points.length / 2))
  for (let i = 0; i < count; i++) {
    target.points[i * 2] = points[_stack[i]! * 2]!
    target.points[i * 2 + 1] = points[_stack[i]! * 2 + 1]!
  }
  target.count = n === 1 ? 1 : count
  if (n === 1) { target.points[0] = points[0]!; target.points[1] = points[1]! }
  return target
}

/** Distance from (x, y) to a convex hull: 0 inside, else to the nearest edge. */
export function distanceToHull(hull: Hull, x: number, y: number): number {
  const p = hull.points, n = hull.count
  if (n === 0) return Number.POSITIVE_INFINITY
  if (n === 1) return Math.hypot(x - p[0]!, y - p[1]!)
  let inside = n >= 3
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n
    const ax = p[i * 2]!, ay = p[i * 2 + 1]!, bx = p[j * 2]!, by = p[j * 2 + 1]!
    const ex = bx - ax, ey = by - ay
    if (ex * (y - ay) - ey * (x - ax) < 0) inside = false
    const len2 = ex * ex + ey * ey
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / len2)) : 0
    best = Math.min(best, Math.hypot(x - ax - t * ex, y - ay - t * ey))
  }
  return inside ? 0 : best
}
