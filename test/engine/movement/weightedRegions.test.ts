// Weighted regions (difficult ground): the cheapest path through a strip that costs w per mm. A leg is
// charged as the `move` query charges it: its length, plus (w − 1) times the longest run inside the
// strip among the base's centre line and its two edge lines (half a base-width either side). So a path
// refracts near the strip's edges, but bends a little outside them (else an edge line pokes in). The
// reach graph lets a path bend only at nodes: along each edge every STEINER_SPACING_MM, on the edge and
// in rows outside it (EDGE_OFFSETS of the half-width). The exact cheapest cost is found here by a
// pattern search over the two bend points under that same measure, written out in this file (a strip
// spanning the table: a run inside is the x-overlap with the strip over the leg's x-extent); the engine
// must never be below it and above it by at most the bound its node rows give (stated below).
import { describe, expect, it } from 'vitest'
import { type MovementModel, type PieceRole, type Table, ONE, STEINER_SPACING_MM, answerReach, inches } from '../../../src/engine/index.ts'
import { box, model, table as makeTable } from '../sceneBuilder.ts'

const S: [number, number] = [300, 500]
const A = 350
const B = 450

function strip(t: Table, weight: number): MovementModel {
  const allowance = inches(24)
  return {
    mode: 'move',
    model: t.model('a'),
    allowance: { formula: '24"', rule: 't', rolls: [{ roll: 0, chance: ONE }], mm: () => [{ mm: allowance, chance: ONE }], maxMm: allowance },
    piece: (p): PieceRole => (p.type === 'area' ? { role: 'region', kind: 'difficult', rule: 'd', weight } : { role: 'open' }),
    other: () => ({ role: 'blocked', rule: 't', reason: 'a base' }),
    tableRule: 't',
    rules: ['t'],
  }
}

/** A leg's cost under the move query's measure: length + (w − 1) × the longest inside run of its three lines. */
function legCost(p: [number, number], q: [number, number], w: number, hw: number): number {
  const dx = q[0] - p[0]
  const dy = q[1] - p[1]
  const len = Math.hypot(dx, dy)
  if (len === 0) return 0
  const nx = -dy / len
  let inside = 0
  for (const off of [0, -hw, hw]) {
    const x0 = p[0] + nx * off
    const x1 = q[0] + nx * off
    if (Math.abs(x1 - x0) < 1e-12) {
      if (x0 > A && x0 < B) inside = Math.max(inside, len)
      continue
    }
    const overlap = Math.max(0, Math.min(Math.max(x0, x1), B) - Math.max(Math.min(x0, x1), A))
    inside = Math.max(inside, (len * overlap) / Math.abs(x1 - x0))
  }
  return len + (w - 1) * inside
}

/** The cheapest S → b1 → b2 → T under that measure (a pattern search, steps halving to 1e-7 mm): its cost and bends. */
function exactPath(to: [number, number], w: number, hw: number): { cost: number; bends: number[] } {
  const f = (v: number[]) => legCost(S, [v[0]!, v[1]!], w, hw) + legCost([v[0]!, v[1]!], [v[2]!, v[3]!], w, hw) + legCost([v[2]!, v[3]!], to, w, hw)
  let best = { cost: Infinity, bends: [] as number[] }
  // Several starts (bends on the edges and a half-width out, at the straight line's heights) against local minima.
  for (const out of [0, hw / 2, hw]) {
    const yAt = (x: number) => S[1] + ((to[1] - S[1]) * (x - S[0])) / (to[0] - S[0])
    let v = [A - out, yAt(A), B + out, yAt(B)]
    let fv = f(v)
    for (let step = 16; step > 1e-7; step /= 2) {
      for (let improved = true; improved; ) {
        improved = false
        for (let i = 0; i < 4; i++) {
          for (const sgn of [1, -1]) {
            const u = [...v]
            u[i]! += sgn * step
            const fu = f(u)
            if (fu < fv - 1e-12) {
              v = u
              fv = fu
              improved = true
            }
          }
        }
      }
    }
    if (fv < best.cost) best = { cost: fv, bends: v }
  }
  const straight = f([S[0], S[1], S[0], S[1]])
  return straight < best.cost ? { cost: straight, bends: [] } : best
}

/**
 * How far above the exact cost a path bending only at the engine's nodes may be, from the exact path's
 * geometry. Along an edge a node is at most s = STEINER_SPACING_MM / 2 from the exact bend, which costs
 * to second order (s² / 2)(1/d_out + w/d_in) (d the legs' lengths either side). Across it, the next row
 * of nodes out is at most half a half-width farther than the bend (EDGE_OFFSETS), sliding the bend along
 * its inner leg by that over cos θ, first order: (hw/2)(1 − cos α)/cos θ (α the bend, θ the inner leg's
 * angle to the edge's normal). Summed over both bends.
 */
function boundOf(to: [number, number], w: number, hw: number, bends: number[]): number {
  if (!bends.length) return 0.01
  const pts: Array<[number, number]> = [S, [bends[0]!, bends[1]!], [bends[2]!, bends[3]!], to]
  const dir = (i: number) => {
    const dx = pts[i + 1]![0] - pts[i]![0]
    const dy = pts[i + 1]![1] - pts[i]![1]
    const l = Math.hypot(dx, dy)
    return { x: dx / l, y: dy / l, l }
  }
  const [a, b, c] = [dir(0), dir(1), dir(2)]
  const s = STEINER_SPACING_MM / 2
  const cosTheta = Math.abs(b.x)
  let bound = 0
  for (const [outer] of [[a], [c]] as const) {
    const cosAlpha = outer.x * b.x + outer.y * b.y
    bound += ((s * s) / 2) * (1 / outer.l + w / b.l) + ((hw / 2) * (1 - cosAlpha)) / cosTheta
  }
  return bound
}

describe('a path across a difficult strip: never cheaper than the exact cheapest, and within the stated bound of it', () => {
  const cases: Array<{ w: number; to: [number, number]; d: number }> = [
    { w: 2, to: [500, 560], d: 25 },
    { w: 2, to: [500, 700], d: 25 },
    { w: 2, to: [520, 777], d: 32 },
    { w: 3, to: [560, 640], d: 25 },
    { w: 1.5, to: [510, 903], d: 40 },
    { w: 2, to: [500, 700], d: 1 },
  ]
  for (const { w, to, d } of cases) {
    const hw = d / 2
    it(`weight ${w}, base ${d} mm, to (${to[0]}, ${to[1]}): within the bound its nodes give above the exact cost`, () => {
      const t = makeTable([model('a', 'A', S[0], S[1], { base: { shape: 'round', diameter: d } })], [box('mud', 'area', A, 0, B, 1219.2, 5)])
      const { cost: exact, bends } = exactPath(to, w, hw)
      const bound = boundOf(to, w, hw, bends)
      const p = answerReach(t, { id: 'q', type: 'reach', model: 'a', points: [to] }, strip(t, w)).points[0]!
            expect(p.reachable).toBe(true)
      expect(p.cost!.mm).toBeGreaterThanOrEqual(exact - 0.01)
      expect(p.cost!.mm).toBeLessThanOrEqual(exact + bound)
      // And the path the engine gives costs what it says, under the same measure.
      let sum = 0
      for (let i = 1; i < p.path.length; i++) sum += legCost(p.path[i - 1]!, p.path[i]!, w, hw)
      expect(sum).toBeCloseTo(p.cost!.mm, 1)
    })
  }
})
