// The reach of a vehicle (Cadence's vehicle movement, Scraplands' cars, Squadrons' ships): straight legs
// directly forward or backward along its facing, joined by pivots about the base centre of at most
// maxPivotDeg, with at least minBetweenPivotsMm driven between two pivots. Each leg is checked against
// the obstacles grown by the base at that leg's heading (the configuration space of that heading, made
// once per heading tried). The family of paths is sampled: pivot angles every SINGLE_PIVOT_STEP_DEG for
// one pivot and TWO_PIVOT_STEP_DEG for two, the legs before the last every LEG_STEP_MM; the last leg is
// followed continuously, so the area is exact along each sampled heading and its boundary between them
// lies within the sampling (stated as the area's resolution). A probe is solved exactly for one pivot
// (every 0.25°) and two (every 1°): the cheapest legs for those angles.
import type { Table, TableModel } from '../ruleSystem.ts'
import type { PlanPolygon } from '../results.ts'
import { type PlacedBase, placeBase } from '../geometry/baseShape.ts'
import { counterClockwise } from '../geometry/polygon.ts'
import { ConvexSet, type Point, convexPieces, minkowskiConvex } from './convexSet.ts'
import type { MovementModel, VehicleRules } from './movementModel.ts'
import { basePolygon } from './reachSpace.ts'
import { traceContours } from './traceContours.ts'

export type { VehicleRules } from './movementModel.ts'

export const SINGLE_PIVOT_STEP_DEG = 1
export const TWO_PIVOT_STEP_DEG = 10
export const LEG_STEP_MM = 4

type HeadingSpace = { obstacles: ConvexSet; box: [number, number, number, number] }

/** One heading's configuration space: every obstacle of the move grown by the base turned to that heading. */
function headingSpace(table: Table, mm: MovementModel, headingDeg: number, pieces: Array<Point[][]>, others: TableModel[]): HeadingSpace {
  const m = mm.model
  const b = placeBase(m.base, 0, 0, headingDeg)
  const me = basePolygon(b, 0, 0)
  const obstacles = new ConvexSet()
  pieces.forEach((parts) => {
    for (const p of parts) obstacles.add(minkowskiConvex(p, me), 0)
  })
  for (const o of others) obstacles.add(minkowskiConvex(basePolygon(o.placed, o.placed.cx, o.placed.cy), me), 0)
  obstacles.seal()
  let ex = 0, ey = 0
  for (const [x, y] of me) {
    ex = Math.max(ex, Math.abs(x))
    ey = Math.max(ey, Math.abs(y))
  }
  return { obstacles, box: [ex, ey, table.widthMm - ex, table.depthMm - ey] }
}

/** How far a leg from (x, y) along (ux, uy) may go (up to `want`) before the base meets an obstacle or the edge. */
function freeLength(h: HeadingSpace, x: number, y: number, ux: number, uy: number, want: number): number {
  let len = want
  const b = h.box
  if (x < b[0] - 1e-9 || y < b[1] - 1e-9 || x > b[2] + 1e-9 || y > b[3] + 1e-9) return -1
  if (ux > 1e-12) len = Math.min(len, (b[2] - x) / ux)
  if (ux < -1e-12) len = Math.min(len, (b[0] - x) / ux)
  if (uy > 1e-12) len = Math.min(len, (b[3] - y) / uy)
  if (uy < -1e-12) len = Math.min(len, (b[1] - y) / uy)
  const clip = new Float64Array(2)
  const ex = x + ux * len
  const ey = y + uy * len
  for (let k = 0; k < h.obstacles.count; k++) {
    if (h.obstacles.contains(k, x, y)) return -1
    if (h.obstacles.clip(k, x, y, ex, ey, clip)) len = Math.min(len, clip[0]! * len)
  }
  return Math.max(0, len)
}

export type VehicleSpace = {
  mm: MovementModel
  rules: VehicleRules
  headings: Map<number, HeadingSpace>
  at: (headingDeg: number) => HeadingSpace
}

/** The vehicle's spaces per heading, made as they are asked for. */
export function vehicleSpace(table: Table, mm: MovementModel, rules: VehicleRules): VehicleSpace {
  const pieces: Array<Point[][]> = []
  for (const t of table.terrain) if (mm.piece(t).role === 'blocked') pieces.push(convexPieces(counterClockwise(t.solid.footprint)))
  const others = table.models.filter((o) => o.id !== mm.model.id && mm.other(o).role === 'blocked')
  const headings = new Map<number, HeadingSpace>()
  return {
    mm, rules, headings,
    at: (deg) => {
      const key = Math.round(deg * 1000) / 1000
      let h = headings.get(key)
      if (!h) headings.set(key, (h = headingSpace(table, mm, key, pieces, others)))
      return h
    },
  }
}

/**
 * A family of sampled paths: the legs before the last pivot fixed but for the length `t` of the leg
 * leading to it (sampled), the last leg's heading sampled. For each t: the point P(t) where the last
 * pivot is made, the cost so far, and per last heading how far that leg may go.
 */
type Family = { ts: Array<{ x: number; y: number; cost: number; free: number[] }>; headings: number[]; sign: 1 | -1; backwardUsed: boolean }

/** Steps of a leg length sampled over [lo, hi]: about `n` steps, LEG_STEP_MM at the finest. */
function steps(lo: number, hi: number, n: number): number[] {
  if (hi < lo - 1e-9) return []
  const step = Math.max(LEG_STEP_MM, (hi - lo) / n)
  const out: number[] = []
  for (let t = lo; t <= hi + 1e-9; t += step) out.push(t)
  if (out[out.length - 1]! < hi - 1e-9) out.push(hi)
  return out
}

/** Every family of sampled paths of the vehicle (no pivot, one pivot, two pivots). */
function families(v: VehicleSpace, maxMm: number): Family[] {
  const m = v.mm.model
  const r = v.rules
  const out: Family[] = []
  const signs: Array<1 | -1> = [...(r.forward !== false ? [1 as const] : []), ...(r.backward ? [-1 as const] : [])]
  const f0 = m.facingDeg
  const dir = (deg: number) => [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)] as const
  const lastHeadings = (from: number, step: number) => {
    const hs: number[] = []
    for (let t = -r.maxPivotDeg; t <= r.maxPivotDeg + 1e-9; t += step) hs.push(from + t)
    return hs
  }
  const freeAll = (x: number, y: number, hs: number[], sign: 1 | -1, want: number) => hs.map((h) => {
    const [ux, uy] = dir(h)
    return freeLength(v.at(h), x, y, sign * ux, sign * uy, want)
  })
  // No pivot: one leg along the facing, forward or back (the family of one point).
  for (const s of signs) out.push({ ts: [{ x: m.x, y: m.y, cost: 0, free: freeAll(m.x, m.y, [f0], s, maxMm) }], headings: [f0], sign: s, backwardUsed: s < 0 })
  if (r.pivots < 1) return out
  // Backward legs only in a path with no pivot or as its last leg (a reading kept small: see README).
  const [ux, uy] = dir(f0)
  const free0 = r.forward !== false ? freeLength(v.at(f0), m.x, m.y, ux, uy, maxMm) : -1
  const step1 = r.pivots >= 2 ? TWO_PIVOT_STEP_DEG : SINGLE_PIVOT_STEP_DEG
  for (const s1 of signs) {
    const hs = lastHeadings(f0, SINGLE_PIVOT_STEP_DEG)
    const ts = steps(0, Math.max(0, free0), 24).map((a) => {
      const x = m.x + ux * a
      const y = m.y + uy * a
      return { x, y, cost: a, free: freeAll(x, y, hs, s1, maxMm - a) }
    })
    out.push({ ts, headings: hs, sign: s1, backwardUsed: s1 < 0 })
  }
  if (r.pivots < 2) return out
  for (const a of steps(0, Math.max(0, free0), 6)) {
    const px = m.x + ux * a
    const py = m.y + uy * a
    for (let t1 = -r.maxPivotDeg; t1 <= r.maxPivotDeg + 1e-9; t1 += step1) {
      if (Math.abs(t1) < 1e-9) continue
      const h1 = f0 + t1
      const [vx, vy] = dir(h1)
      const free1 = freeLength(v.at(h1), px, py, vx, vy, maxMm - a)
      const hs = lastHeadings(h1, TWO_PIVOT_STEP_DEG)
      for (const s2 of signs) {
        const ts = steps(r.minBetweenPivotsMm, Math.max(0, free1), 6).map((b) => {
          const x = px + vx * b
          const y = py + vy * b
          return { x, y, cost: a + b, free: freeAll(x, y, hs, s2, maxMm - a - b) }
        })
        if (ts.length) out.push({ ts, headings: hs, sign: s2, backwardUsed: s2 < 0 })
      }
    }
  }
  return out
}

export type VehicleGrid = { x0: number; y0: number; h: number; nx: number; ny: number; cost: Float64Array; backward: Uint8Array }

/**
 * The cheapest sampled path to each grid cell (the length driven), and whether it drove backward: each
 * family's fans (the last leg swept between two neighbouring headings, as far as both may go) filled;
 * a full-distance move fills instead where its paths end (the whole allowance along them), between
 * neighbouring samples of the leg before the last pivot and of the last heading.
 */
export function vehicleGrid(v: VehicleSpace, maxMm: number, h: number): VehicleGrid {
  const m = v.mm.model
  const x0 = m.x - maxMm - 2 * h
  const y0 = m.y - maxMm - 2 * h
  const nx = Math.ceil((2 * maxMm + 4 * h) / h) + 1
  const ny = nx
  const cost = new Float64Array(nx * ny).fill(Infinity)
  const backward = new Uint8Array(nx * ny)
  const fill = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number, costAt: (x: number, y: number) => number, back: boolean) => {
    const i0 = Math.max(0, Math.floor((Math.min(ax, bx, cx) - x0) / h))
    const i1 = Math.min(nx - 1, Math.ceil((Math.max(ax, bx, cx) - x0) / h))
    const j0 = Math.max(0, Math.floor((Math.min(ay, by, cy) - y0) / h))
    const j1 = Math.min(ny - 1, Math.ceil((Math.max(ay, by, cy) - y0) / h))
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    if (Math.abs(area) < h * h * 1e-3) {
      // No area: the two farthest corners as a line.
      const pts: Array<[number, number]> = [[ax, ay], [bx, by], [cx, cy]]
      let p = pts[0]!, q = pts[1]!, best = -1
      for (let a = 0; a < 3; a++) for (let b = a + 1; b < 3; b++) {
        const d = Math.hypot(pts[a]![0] - pts[b]![0], pts[a]![1] - pts[b]![1])
        if (d > best) { best = d; p = pts[a]!; q = pts[b]! }
      }
      const len = best
      const c = costAt(p[0], p[1])
      if (len < 1e-9) line(p[0], p[1], 1, 0, 0, c, back)
      else line(p[0], p[1], (q[0] - p[0]) / len, (q[1] - p[1]) / len, len, c, back)
      return
    }
    // Row by row: each row's span inside the triangle (its crossings with the three edges).
    const xs: number[] = []
    const edges: Array<[number, number, number, number]> = [[ax, ay, bx, by], [bx, by, cx, cy], [cx, cy, ax, ay]]
    for (let j = j0; j <= j1; j++) {
      const y = y0 + j * h
      xs.length = 0
      for (const [px, py, qx, qy] of edges) {
        if ((y < Math.min(py, qy)) || (y > Math.max(py, qy))) continue
        if (py === qy) xs.push(px, qx)
        else xs.push(px + ((y - py) * (qx - px)) / (qy - py))
      }
      if (!xs.length) continue
      const ia = Math.max(i0, Math.ceil((Math.min(...xs) - x0) / h - 1e-9))
      const ib = Math.min(i1, Math.floor((Math.max(...xs) - x0) / h + 1e-9))
      for (let i = ia; i <= ib; i++) {
        const x = x0 + i * h
        const c = costAt(x, y)
        const at = j * nx + i
        if (c < cost[at]!) {
          cost[at] = c
          backward[at] = back ? 1 : 0
        }
      }
    }
  }
  function line(x: number, y: number, ux: number, uy: number, len: number, c0: number, back: boolean): void {
    for (let d = 0; ; d = Math.min(len, d + h / 2)) {
      const i = Math.round((x + ux * d - x0) / h)
      const j = Math.round((y + uy * d - y0) / h)
      if (i >= 0 && j >= 0 && i < nx && j < ny) {
        const at = j * nx + i
        if (c0 + d < cost[at]!) {
          cost[at] = c0 + d
          backward[at] = back ? 1 : 0
        }
      }
      if (d >= len) break
    }
  }
  const dir = (deg: number, sign: number): [number, number] => [sign * Math.cos((deg * Math.PI) / 180), sign * Math.sin((deg * Math.PI) / 180)]
  for (const f of families(v, maxMm)) {
    const limit = f.backwardUsed && v.rules.backwardMaxMm !== undefined ? Math.min(maxMm, v.rules.backwardMaxMm) : maxMm
    if (!v.rules.fullDistance) {
      for (const t of f.ts) {
        const left = limit - t.cost
        if (left < 0) continue
        const costAt = (x: number, y: number) => t.cost + Math.hypot(x - t.x, y - t.y)
        for (let k = 0; k < f.headings.length; k++) {
          const rk = Math.min(t.free[k]!, left)
          if (rk < 0) continue
          const [ux, uy] = dir(f.headings[k]!, f.sign)
          if (k + 1 < f.headings.length && t.free[k + 1]! >= 0) {
            const rn = Math.min(t.free[k + 1]!, left, rk)
            const r0 = Math.min(rk, rn)
            const [wx, wy] = dir(f.headings[k + 1]!, f.sign)
            fill(t.x, t.y, t.x + ux * r0, t.y + uy * r0, t.x + wx * r0, t.y + wy * r0, costAt, f.backwardUsed)
          }
          line(t.x, t.y, ux, uy, rk, t.cost, f.backwardUsed)
        }
      }
      continue
    }
    // Full distance: the end E(t, k) = P(t) + (limit − cost(t)) along heading k, where the leg is free that far.
    const ends = f.ts.map((t) => f.headings.map((hd, k) => {
      const left = limit - t.cost
      if (left < 0 || t.free[k]! < left - 1e-6) return null
      const [ux, uy] = dir(hd, f.sign)
      return [t.x + ux * left, t.y + uy * left] as [number, number]
    }))
    const at = () => limit
    for (let i = 0; i < ends.length; i++) {
      for (let k = 0; k < f.headings.length; k++) {
        const e = ends[i]![k]
        if (!e) continue
        const right = k + 1 < f.headings.length ? ends[i]![k + 1] : null
        const up = i + 1 < ends.length ? ends[i + 1]![k] : null
        const diag = i + 1 < ends.length && k + 1 < f.headings.length ? ends[i + 1]![k + 1] : null
        fill(e[0], e[1], (right ?? e)[0], (right ?? e)[1], (up ?? e)[0], (up ?? e)[1], at, f.backwardUsed)
        if (diag && right && up) fill(right[0], right[1], diag[0], diag[1], up[0], up[1], at, f.backwardUsed)
      }
    }
  }
  return { x0, y0, h, nx, ny, cost, backward }
}

/** The cells whose cost is within `allowanceMm` (a path with a backward leg: within the backward limit), traced as polygons. */
export function vehicleArea(g: VehicleGrid, allowanceMm: number, backwardMaxMm: number | undefined, fullDistance: boolean): PlanPolygon[] {
  const f = new Float64Array(g.nx * g.ny)
  for (let k = 0; k < f.length; k++) {
    const c = g.cost[k]!
    const limit = g.backward[k] && backwardMaxMm !== undefined ? Math.min(allowanceMm, backwardMaxMm) : allowanceMm
    f[k] = fullDistance ? (Math.abs(c - limit) < 1e-6 || (Number.isFinite(c) && c <= limit) ? -1 : 1) : c <= limit + 1e-9 ? -1 : 1
  }
  return traceContours(f, g.nx, g.ny, g.x0, g.y0, g.h).map((p) => ({ ...p, resolutionMm: Math.max(p.resolutionMm, g.h) }))
}

export type VehiclePathFound = { cost: number; path: Array<[number, number]>; pivots: number[]; backward: boolean }

/**
 * The cheapest path to (x, y): straight along the facing, or with one pivot (angles every 0.25°) or two
 * (every 1°), solved for the legs' lengths, each leg checked against its heading's obstacles.
 */
export function vehiclePathTo(v: VehicleSpace, x: number, y: number, maxMm: number): VehiclePathFound | null {
  const m = v.mm.model
  const r = v.rules
  const f0 = m.facingDeg
  const rad = (d: number) => (d * Math.PI) / 180
  const u = (d: number): [number, number] => [Math.cos(rad(d)), Math.sin(rad(d))]
  const dx = x - m.x
  const dy = y - m.y
  let best: VehiclePathFound | null = null
  const consider = (legs: Array<{ deg: number; len: number }>) => {
    let px = m.x
    let py = m.y
    let cost = 0
    let back = false
    const path: Array<[number, number]> = [[m.x, m.y]]
    for (const leg of legs) {
      if (Math.abs(leg.len) < 1e-9) continue
      const sign = leg.len < 0 ? -1 : 1
      if ((sign < 0 && !r.backward) || (sign > 0 && r.forward === false)) return
      back ||= sign < 0
      const [ux, uy] = u(leg.deg)
      const len = Math.abs(leg.len)
      const free = freeLength(v.at(leg.deg), px, py, sign * ux, sign * uy, len)
      if (free < len - 1e-6) return
      px += sign * ux * len
      py += sign * uy * len
      cost += len
      path.push([px, py])
    }
    const limit = back && r.backwardMaxMm !== undefined ? Math.min(maxMm, r.backwardMaxMm) : maxMm
    if (cost > limit + 1e-6 && !r.fullDistance) return
    if (r.fullDistance && Math.abs(cost - limit) > 0.5) return
    if (!best || cost < best.cost) best = { cost, path, pivots: legs.slice(1).map((l) => l.deg), backward: back }
  }
  // Straight: along the facing.
  const [u0x, u0y] = u(f0)
  const along = dx * u0x + dy * u0y
  if (Math.abs(-dx * u0y + dy * u0x) < 0.5) consider([{ deg: f0, len: along }])
  const solve2 = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): [number, number] | null => {
    const det = ax * by - ay * bx
    if (Math.abs(det) < 1e-9) return null
    return [(cx * by - cy * bx) / det, (ax * cy - ay * cx) / det]
  }
  if (r.pivots >= 1) {
    for (let t = -r.maxPivotDeg; t <= r.maxPivotDeg + 1e-9; t += 0.25) {
      if (Math.abs(t) < 1e-9) continue
      const [u1x, u1y] = u(f0 + t)
      const ab = solve2(u0x, u0y, u1x, u1y, dx, dy)
      if (ab) consider([{ deg: f0, len: ab[0] }, { deg: f0 + t, len: ab[1] }])
    }
  }
  if (r.pivots >= 2) {
    for (let t1 = -r.maxPivotDeg; t1 <= r.maxPivotDeg + 1e-9; t1 += 1) {
      for (let t2 = -r.maxPivotDeg; t2 <= r.maxPivotDeg + 1e-9; t2 += 1) {
        if (Math.abs(t1) < 1e-9 || Math.abs(t2) < 1e-9) continue
        const [u1x, u1y] = u(f0 + t1)
        const [u2x, u2y] = u(f0 + t1 + t2)
        // The middle leg is at least minBetweenPivotsMm: try it at that length, and with the first or last leg at 0.
        for (const sign1 of r.backward ? [1, -1] : [1]) {
          const b = sign1 * r.minBetweenPivotsMm
          const ac = solve2(u0x, u0y, u2x, u2y, dx - b * u1x, dy - b * u1y)
          if (ac) consider([{ deg: f0, len: ac[0] }, { deg: f0 + t1, len: b }, { deg: f0 + t1 + t2, len: ac[1] }])
          const bc = solve2(u1x, u1y, u2x, u2y, dx, dy)
          if (bc && Math.abs(bc[0]) >= r.minBetweenPivotsMm - 1e-9) consider([{ deg: f0 + t1, len: bc[0] }, { deg: f0 + t1 + t2, len: bc[1] }])
        }
      }
    }
  }
  return best
}

export type { PlacedBase }
