// The `reach` query's answer from a ruleset's movement model: the area the base centre can end in
// (polygons with holes, traced on the cost field at a stated resolution), per roll for a dice move,
// and for each probe point the cheapest legal path, its cost and what it paid for, the exact chance
// the dice give enough, or why it cannot be reached. Every reason and charge cites the book.
import type { Table } from '../ruleSystem.ts'
import type { QueryOf } from '../scene/sceneSchema.ts'
import type { AllowanceOutcome, ChanceFigure, PlanPolygon, ReachAllowance, ReachCharge, ReachContour, ReachPoint, ReachResult, UniformReason } from '../results.ts'
import { type Fraction, ZERO, add, formatFraction, mul, toNumber } from '../dice/probability.ts'
import { bookOfSystem } from '../result/book.ts'
import { roundTo, toInches } from '../units.ts'
import type { Because, MovementModel } from './movementModel.ts'
import { ReachGraph, type PathToPoint } from './reachGraph.ts'
import { type ReachSpace, buildReachSpace } from './reachSpace.ts'
import { isStrictlyInside } from './segmentRuns.ts'
import { traceContours } from './traceContours.ts'

/** Grid points across the largest reach's diameter (the area's resolution is that diameter over this). */
const GRID_ACROSS = 180
const MIN_RESOLUTION_MM = 1
/** How far past the allowance a probe's path is still searched for, to say what it would cost. */
const SEARCH_PAST_ALLOWANCE = 3

/** The grid step of a reach's area (mm): GRID_ACROSS points across its largest diameter, at least 1 mm. */
export function reachResolutionMm(maxMm: number): number {
  return Math.max(MIN_RESOLUTION_MM, (2 * maxMm) / GRID_ACROSS)
}

const lengthOf = (mm: number) => ({ mm: roundTo(mm, 2), inches: roundTo(toInches(mm), 3) })
const chanceOf = (f: Fraction): ChanceFigure => ({ value: toNumber(f), exact: formatFraction(f) })

/** A prepared reach: the space, its graph and its cost grid, kept so that threat can ask it again. */
export type Reach = {
  space: ReachSpace
  graph: ReachGraph
  model: MovementModel
  /** Per layer of the graph: the cost grid (null until asked). */
  grid: ReturnType<ReachGraph['costGrid']> | null
  /** Signed room for the base at each grid point (mm, negative where it may not end). */
  clearance: Float64Array | null
}

export function prepareReach(table: Table, mm: MovementModel): Reach {
  const space = buildReachSpace(table, mm)
  return { space, graph: new ReachGraph(space), model: mm, grid: null, clearance: null }
}

/** The cost grid and the clearance grid of a reach (computed once). */
export function reachGrids(r: Reach): { grid: NonNullable<Reach['grid']>; clearance: Float64Array } {
  if (!r.grid) {
    r.grid = r.graph.costGrid(reachResolutionMm(r.model.allowance.maxMm))
    r.clearance = clearanceGrid(r.space, r.grid)
  }
  return { grid: r.grid, clearance: r.clearance! }
}

/**
 * Room for the base at each grid point: the signed distance (mm) to the nearest place it may not end
 * (off the table, an obstacle, a no-end zone, a surface's edge band); negative inside one. Exact near
 * edges, which is all the area's boundary needs.
 */
function clearanceGrid(s: ReachSpace, g: NonNullable<Reach['grid']>): Float64Array {
  const out = new Float64Array(g.nx * g.ny)
  for (let j = 0; j < g.ny; j++) {
    const y = g.y0 + j * g.h
    for (let i = 0; i < g.nx; i++) {
      const x = g.x0 + i * g.h
      out[j * g.nx + i] = Math.min(x - s.box[0], s.box[2] - x, y - s.box[1], s.box[3] - y)
    }
  }
  const pad = 2 * g.h
  const apply = (set: ReachSpace['obstacles'], k: number, transform?: (x: number, y: number, d: number) => number) => {
    const b = 4 * k
    const ia = Math.max(0, Math.floor((set.box[b]! - pad - g.x0) / g.h))
    const ib = Math.min(g.nx - 1, Math.ceil((set.box[b + 2]! + pad - g.x0) / g.h))
    const ja = Math.max(0, Math.floor((set.box[b + 1]! - pad - g.y0) / g.h))
    const jb = Math.min(g.ny - 1, Math.ceil((set.box[b + 3]! + pad - g.y0) / g.h))
    for (let j = ja; j <= jb; j++) {
      const y = g.y0 + j * g.h
      for (let i = ia; i <= ib; i++) {
        const x = g.x0 + i * g.h
        let d = set.signedDistance(k, x, y)
        if (transform) d = transform(x, y, d)
        const at = j * g.nx + i
        if (d < out[at]!) out[at] = d
      }
    }
  }
  for (let k = 0; k < s.obstacles.count; k++) apply(s.obstacles, k)
  const inBand = new Set<number>()
  for (const band of s.bands) for (const k of band.grown) inBand.add(k)
  for (let k = 0; k < s.noEnd.count; k++) {
    if (!inBand.has(k)) apply(s.noEnd, k)
  }
  // A surface's band: the base may overlap the piece only when its centre is over it (it stands on it).
  for (const band of s.bands) {
    for (const k of band.grown) apply(s.noEnd, k, (x, y, d) => (isStrictlyInside(band.footprint, x, y) ? Math.max(d, distanceToRing(band.footprint.ring, x, y)) : d))
  }
  return out
}

function distanceToRing(ring: ReadonlyArray<readonly [number, number]>, x: number, y: number): number {
  let best = Infinity
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!
    const b = ring[(i + 1) % ring.length]!
    const ex = b[0] - a[0], ey = b[1] - a[1]
    const ee = ex * ex + ey * ey
    const t = ee > 0 ? Math.max(0, Math.min(1, ((x - a[0]) * ex + (y - a[1]) * ey) / ee)) : 0
    best = Math.min(best, Math.hypot(a[0] + t * ex - x, a[1] + t * ey - y))
  }
  return best
}

/** The region where some layer's cost is within its allowance for `roll` (every roll: null), and the base may end. */
function areaFor(r: Reach, allowanceOf: (layer: number) => number): PlanPolygon[] {
  const { grid, clearance } = reachGrids(r)
  const n = grid.nx * grid.ny
  const f = new Float64Array(n)
  const cap = 4 * grid.h
  for (let p = 0; p < n; p++) {
    let best = Infinity
    for (let l = 0; l < grid.layers.length; l++) {
      const field = grid.layers[l]
      if (!field) continue
      const v = field[p]! - allowanceOf(l)
      if (v < best) best = v
    }
    f[p] = Math.max(Math.min(best, cap), -clearance[p]!)
  }
  return traceContours(f, grid.nx, grid.ny, grid.x0, grid.y0, grid.h)
}

/** The most a layer's allowance can be for one roll (0 when no share of it has a chance). */
export function layerAllowanceMm(r: Reach, layer: number, roll: number | null): number {
  const a = r.model.allowance
  const tags = r.graph.layers[layer]!.tags
  let best = 0
  for (const o of a.rolls) {
    if (roll !== null && o.roll !== roll) continue
    for (const sh of a.mm(o.roll, tags)) if (sh.chance.num > 0) best = Math.max(best, sh.mm)
  }
  return best
}

/** The chance that a path of this cost in this layer is within the allowance (every roll and every share the tags add). */
export function chanceWithin(r: Reach, layer: number, cost: number): Fraction {
  const a = r.model.allowance
  const tags = r.graph.layers[layer]!.tags
  let p = ZERO
  for (const o of a.rolls) for (const sh of a.mm(o.roll, tags)) if (cost <= sh.mm + 1e-6) p = add(p, mul(o.chance, sh.chance))
  return p
}

/** The reach area of a prepared reach with its best roll (the one overlays draw first). */
export function reachArea(r: Reach): PlanPolygon[] {
  return areaFor(r, (l) => layerAllowanceMm(r, l, null))
}

/** Answer a `reach` query: the ruleset gives the movement model of the model and mode. */
export function answerReach(table: Table, q: QueryOf<'reach'>, mm: MovementModel): ReachResult {
  const r = prepareReach(table, mm)
  const book = bookOfSystem(table.system)
  const a = mm.allowance
  const rules = new Set<string>([...mm.rules, a.rule])
  const startTags = r.graph.layers[0]!.tags
  const outcomes: AllowanceOutcome[] = a.rolls.map((o) => {
    const best = Math.max(0, ...a.mm(o.roll, startTags).filter((s) => s.chance.num > 0).map((s) => s.mm))
    return { ...lengthOf(best), roll: o.roll, chance: chanceOf(o.chance) }
  })
  const allowance: ReachAllowance = {
    ...lengthOf(Math.max(...outcomes.map((o) => o.mm), 0) > 0 ? layerAllowanceMm(r, 0, null) : 0),
    formula: a.formula,
    rule: a.rule,
    citation: book.citation(a.rule),
    ...(a.rolls.length > 1 ? { dice: outcomes } : {}),
  }
  const area = reachArea(r)
  let contours: ReachContour[] | undefined
  if (a.rolls.length > 1) {
    // Each roll's region, and the chance of rolling it or better (a bigger roll reaches at least as far).
    const sorted = [...a.rolls].sort((x, y) => layerAllowanceMm(r, 0, x.roll) - layerAllowanceMm(r, 0, y.roll))
    contours = sorted.map((o, i) => {
      let atLeast = ZERO
      for (const later of sorted.slice(i)) atLeast = add(atLeast, later.chance)
      return { roll: o.roll, allowance: lengthOf(layerAllowanceMm(r, 0, o.roll)), chance: chanceOf(atLeast), area: areaFor(r, (l) => layerAllowanceMm(r, l, o.roll)) }
    })
  }
  const points = (q.points ?? []).map((p) => probePoint(r, table, p[0], p[1], rules))
  for (const p of points) for (const c of p.crossed) rules.add(c.rule)
  for (const p of points) for (const x of p.reasons) rules.add(x.rule)
  return {
    model: mm.model.id,
    mode: mm.mode,
    from: [roundTo(mm.model.x, 2), roundTo(mm.model.y, 2)],
    allowance,
    area,
    ...(contours ? { contours } : {}),
    points,
    ...(r.space.startsOn.length ? { startsOverlapping: r.space.startsOn } : {}),
    ...book.sources([...rules].filter((x) => x)),
  }
}

type Reasoned = Because & { code: string; template?: string; values?: Record<string, { value: number; unit: 'mm' }> }

/** One probe point: the cheapest legal path and its chance, or why there is none. */
export function probePoint(r: Reach, table: Table, x: number, y: number, rules?: Set<string>): ReachPoint {
  const book = bookOfSystem(table.system)
  const s = r.space
  const mm = r.model
  const reasons: UniformReason[] = []
  const refuse = (why: Reasoned) => reasons.push(book.reason(why.template ? { code: why.code, message: why.reason, rule: why.rule, template: why.template, values: why.values! } : { code: why.code, message: why.reason, rule: why.rule }))
  const at: [number, number] = [roundTo(x, 2), roundTo(y, 2)]
  const unreachable = (): ReachPoint => ({ at, reachable: false, marginal: false, cost: null, path: [], crossed: [], ...(mm.allowance.rolls.length > 1 ? { chance: chanceOf(ZERO) } : {}), reasons })
  if (x < s.box[0] - 1e-9 || y < s.box[1] - 1e-9 || x > s.box[2] + 1e-9 || y > s.box[3] + 1e-9) {
    refuse({ code: 'off-table', reason: 'the base would end (partly) off the table', rule: mm.tableRule })
    return unreachable()
  }
  const inObstacle = s.obstacles.findContaining(x, y)
  if (inObstacle >= 0) {
    const b = s.obstacleOf[s.obstacles.owner[inObstacle]!]!
    refuse({ code: b.what === 'model' ? 'ends-on-base' : 'ends-on-terrain', reason: `the base would end on ${b.id}: ${b.because.reason}`, rule: b.because.rule })
    return unreachable()
  }
  const noEnd = endRefusal(s, x, y)
  const paths = r.graph.pathsTo(x, y, SEARCH_PAST_ALLOWANCE * mm.allowance.maxMm + 1)
  if (!paths.length) {
    const why = r.graph.refusalTo(x, y)
    if (noEnd) refuse({ code: noEnd.what === 'model' ? 'ends-on-base' : 'ends-in-zone', reason: `${noEnd.because.reason} (${noEnd.id})`, rule: noEnd.because.rule })
    if (why) refuse({ code: 'cannot-climb', reason: why.reason, rule: why.rule })
    else refuse({ code: 'no-path', reason: `no legal path of up to ${roundTo(toInches(SEARCH_PAST_ALLOWANCE * mm.allowance.maxMm), 2)}" gets the base there${blockersNear(r, x, y)}`, rule: mm.rules[0] ?? mm.allowance.rule })
    return unreachable()
  }
  // The path with the best chance (a fixed move: within the allowance), the cheapest among equals.
  let best: PathToPoint = paths[0]!
  let bestChance = chanceWithin(r, best.layer, best.cost)
  for (const p of paths.slice(1)) {
    const c = chanceWithin(r, p.layer, p.cost)
    if (toNumber(c) > toNumber(bestChance) + 1e-15) {
      best = p
      bestChance = c
    }
  }
  const crossed = chargesOf(best, table)
  for (const c of crossed) rules?.add(c.rule)
  const reachableByCost = bestChance.num > 0
  if (noEnd) refuse({ code: noEnd.what === 'model' ? 'ends-on-base' : 'ends-in-zone', reason: `${noEnd.because.reason} (${noEnd.id})`, rule: noEnd.because.rule })
  const layerMax = layerAllowanceMm(r, best.layer, null)
  if (!reachableByCost) {
    refuse({
      code: 'too-far',
      reason: `the cheapest legal path costs ${roundTo(toInches(best.cost), 3)}", more than the ${roundTo(toInches(layerMax), 3)}" ${mm.allowance.rolls.length > 1 ? 'the dice can give at most' : 'allowance'}`,
      rule: mm.allowance.rule,
      template: `the cheapest legal path costs {cost}, more than the {allowance} ${mm.allowance.rolls.length > 1 ? 'the dice can give at most' : 'allowance'}`,
      values: { cost: { value: roundTo(best.cost, 2), unit: 'mm' }, allowance: { value: roundTo(layerMax, 2), unit: 'mm' } },
    })
  }
  const reachable = reachableByCost && !noEnd
  if (reachable) for (const n of mm.notes ?? []) refuse({ code: 'note', reason: n.reason, rule: n.rule })
  const sigma = mm.model.uncertaintyMm
  const thresholds = allowanceValues(r, best.layer)
  const marginal = sigma > 0 && thresholds.some((t) => Math.abs(t - best.cost) <= 2 * sigma)
  return {
    at,
    reachable,
    marginal,
    cost: lengthOf(best.cost),
    path: best.path.map(([px, py]) => [roundTo(px, 2), roundTo(py, 2)] as [number, number]),
    crossed,
    ...(mm.allowance.rolls.length > 1 || thresholds.length > 1 ? { chance: chanceOf(reachable ? bestChance : ZERO) } : {}),
    reasons,
    ...(best.tags.length ? { tags: [...best.tags] } : {}),
  }
}

/** Every allowance the layer's dice can give (mm). */
function allowanceValues(r: Reach, layer: number): number[] {
  const a = r.model.allowance
  const tags = r.graph.layers[layer]!.tags
  const out = new Set<number>()
  for (const o of a.rolls) for (const sh of a.mm(o.roll, tags)) if (sh.chance.num > 0) out.add(sh.mm)
  return [...out]
}

/** Why the base may not end at (x, y) though it may pass there: a no-end zone, a base, a piece's band. */
function endRefusal(s: ReachSpace, x: number, y: number): ReachSpace['noEndOf'][number] | null {
  for (let k = 0; k < s.noEnd.count; k++) {
    if (!s.noEnd.contains(k, x, y)) continue
    const band = s.bands.find((b) => b.grown.includes(k))
    if (band && isStrictlyInside(band.footprint, x, y)) continue
    return s.noEndOf[s.noEnd.owner[k]!]!
  }
  return null
}

/** " (blocked by a, b)" — the obstacles the straight line from the start runs into. */
function blockersNear(r: Reach, x: number, y: number): string {
  const s = r.space
  const ids = new Set<string>()
  for (let k = 0; k < s.obstacles.count; k++) if (s.obstacles.penetration(k, s.sx, s.sy, x, y) > 1e-6) ids.add(s.obstacleOf[s.obstacles.owner[k]!]!.id)
  return ids.size ? ` (in the way: ${[...ids].join(', ')})` : ''
}

/** What a path paid for, piece by piece (the same piece and kind on several legs added up). */
function chargesOf(p: PathToPoint, table: Table): ReachCharge[] {
  const book = bookOfSystem(table.system)
  const byKey = new Map<string, { id: string; kind: string; costMm: number; rule: string }>()
  for (const leg of p.legs) {
    for (const c of leg.charges ?? []) {
      const key = `${c.id}\u0000${c.kind}`
      const cur = byKey.get(key)
      if (cur) cur.costMm += c.costMm
      else byKey.set(key, { ...c })
    }
  }
  return [...byKey.values()].map((c) => ({ id: c.id, kind: c.kind, cost: lengthOf(c.costMm), rule: c.rule, citation: book.citation(c.rule) }))
}
