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
import type { AllowanceShare, Because, MovementModel } from './movementModel.ts'
import { ReachGraph, type PathToPoint } from './reachGraph.ts'
import { type Leg, type ReachSpace, buildReachSpace } from './reachSpace.ts'
import { alongLine, legAlong, reachAlong, segmentPolygon, straightLine } from './straightReach.ts'
import { LEG_STEP_MM, SINGLE_PIVOT_STEP_DEG, TWO_PIVOT_STEP_DEG, vehicleArea, vehicleGrid, vehiclePathTo, vehicleSpace } from './vehicleReach.ts'
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
  const rings = r.model.endsNear ? ringsOf(r) : null
  const wide = rings?.filter((t) => t.outerMm - t.innerMm >= 2 * grid.h) ?? []
  const n = grid.nx * grid.ny
  const f = new Float64Array(n)
  const cap = 4 * grid.h
  const allowance = grid.layers.map((_, l) => allowanceOf(l))
  for (let p = 0; p < n; p++) {
    let best = Infinity
    for (let l = 0; l < grid.layers.length; l++) {
      const field = grid.layers[l]
      if (!field) continue
      const v = field[p]! - allowance[l]!
      if (v < best) best = v
    }
    let v = Math.max(Math.min(best, cap), -clearance[p]!)
    if (rings) {
      // Only within a target's ring (a wide one here; thin rings are traced along their arcs below).
      const x = grid.x0 + (p % grid.nx) * grid.h
      const y = grid.y0 + Math.floor(p / grid.nx) * grid.h
      let ring = cap
      for (const t of wide) {
        const d = Math.hypot(x - t.x, y - t.y)
        ring = Math.min(ring, Math.max(t.innerMm - d, d - t.outerMm))
      }
      v = Math.max(v, ring)
    }
    f[p] = v
  }
  const polys = wide.length || !rings ? traceContours(f, grid.nx, grid.ny, grid.x0, grid.y0, grid.h) : []
  if (rings) for (const t of rings) if (t.outerMm - t.innerMm < 2 * grid.h) polys.push(...arcBands(r, t, allowanceOf))
  return polys
}

/** A target ring of an endsNear move, with its samples along the middle of the ring (x, y, and the cheapest path per layer). */
type Ring = { id: string; x: number; y: number; innerMm: number; outerMm: number; samples: Array<{ x: number; y: number; ok: boolean; paths: PathToPoint[] }> }
const ringCache = new WeakMap<Reach, Ring[]>()
/** Arc length (mm) between the samples of a ring. */
const RING_STEP_MM = 2

/** The rings the move may end in: every target's, or the nearest reachable one's (`choose: 'nearest'`). */
function ringsOf(r: Reach): Ring[] {
  let rings = ringCache.get(r)
  if (rings) return rings
  const near = r.model.endsNear!
  const all: Ring[] = near.targets.map((t) => {
    const mid = (t.innerMm + t.outerMm) / 2
    const n = Math.min(720, Math.max(16, Math.ceil((2 * Math.PI * mid) / RING_STEP_MM)))
    const samples = Array.from({ length: n }, (_, i) => {
      const x = t.x + mid * Math.cos((2 * Math.PI * i) / n)
      const y = t.y + mid * Math.sin((2 * Math.PI * i) / n)
      const ok = endAllowed(r.space, x, y)
      return { x, y, ok, paths: ok ? r.graph.pathsTo(x, y, r.model.allowance.maxMm) : [] }
    })
    return { ...t, samples }
  })
  const reachable = (ring: Ring) => ring.samples.some((s) => s.paths.some((p) => chanceWithin(r, p.layer, p.cost).num > 0))
  if (near.choose === 'nearest') {
    const dist = (t: Ring) => Math.hypot(t.x - r.space.sx, t.y - r.space.sy) - t.innerMm
    const best = all.filter(reachable).sort((a, b) => dist(a) - dist(b))[0]
    rings = best ? [best] : []
  } else rings = all
  ringCache.set(r, rings)
  return rings
}

/** Can the base end at (x, y) at all (on the table, in no obstacle and no no-end zone)? */
export function endAllowed(s: ReachSpace, x: number, y: number): boolean {
  if (x < s.box[0] || y < s.box[1] || x > s.box[2] || y > s.box[3]) return false
  return s.obstacles.findContaining(x, y) < 0 && !endRefusal(s, x, y)
}

/** A thin ring's reachable arcs as bands (the ring's width, at least 1 mm). */
function arcBands(r: Reach, t: Ring, allowanceOf: (layer: number) => number): PlanPolygon[] {
  const ok = t.samples.map((s) => s.ok && s.paths.some((p) => p.cost <= allowanceOf(p.layer) + 1e-6))
  const n = ok.length
  if (!ok.some(Boolean)) return []
  const half = Math.max((t.outerMm - t.innerMm) / 2, 0.5)
  const mid = (t.innerMm + t.outerMm) / 2
  const band = (from: number, count: number): PlanPolygon => {
    const outer: Array<[number, number]> = []
    const inner: Array<[number, number]> = []
    for (let k = 0; k < count; k++) {
      const a = (2 * Math.PI * (from + k)) / n
      outer.push([roundTo(t.x + (mid + half) * Math.cos(a), 2), roundTo(t.y + (mid + half) * Math.sin(a), 2)])
      inner.push([roundTo(t.x + (mid - half) * Math.cos(a), 2), roundTo(t.y + (mid - half) * Math.sin(a), 2)])
    }
    return { outer: [...outer, ...inner.reverse()], holes: [], resolutionMm: roundTo((2 * Math.PI * mid) / n, 2) }
  }
  if (ok.every(Boolean)) {
    // The whole ring: an annulus.
    const whole = band(0, n)
    const outer = whole.outer.slice(0, n)
    const inner = whole.outer.slice(n)
    return [{ outer, holes: [inner], resolutionMm: whole.resolutionMm }]
  }
  const out: PlanPolygon[] = []
  for (let k = 0; k < n; k++) {
    // A run of reachable samples starts where the one before it is not reachable (the ring wraps).
    if (!ok[k] || ok[(k + n - 1) % n]) continue
    let len = 0
    while (len < n && ok[(k + len) % n]) len++
    if (len >= 2) out.push(band(k, len))
  }
  return out
}

const shareCache = new WeakMap<Reach, Map<string, readonly AllowanceShare[]>>()

/** The allowance's shares for a roll in a layer (the ruleset's dice, worked out once). */
function sharesOf(r: Reach, roll: number, layer: number): readonly AllowanceShare[] {
  let byKey = shareCache.get(r)
  if (!byKey) shareCache.set(r, (byKey = new Map()))
  const key = `${roll}|${layer}`
  let sh = byKey.get(key)
  if (!sh) byKey.set(key, (sh = r.model.allowance.mm(roll, r.graph.layers[layer]!.tags)))
  return sh
}

/** The most a layer's allowance can be for one roll (0 when no share of it has a chance). */
export function layerAllowanceMm(r: Reach, layer: number, roll: number | null): number {
  const a = r.model.allowance
  let best = 0
  for (const o of a.rolls) {
    if (roll !== null && o.roll !== roll) continue
    for (const sh of sharesOf(r, o.roll, layer)) if (sh.chance.num > 0) best = Math.max(best, sh.mm)
  }
  return best
}

/** The chance that a path of this cost in this layer is within the allowance (every roll and every share the tags add). */
export function chanceWithin(r: Reach, layer: number, cost: number): Fraction {
  const a = r.model.allowance
  let p = ZERO
  for (const o of a.rolls) for (const sh of sharesOf(r, o.roll, layer)) if (cost <= sh.mm + 1e-6) p = add(p, mul(o.chance, sh.chance))
  return p
}

/**
 * A dice move's contours: each roll's region (`areaOf`), with the chance of rolling it or better (a
 * bigger roll reaches at least as far); undefined for a fixed move.
 */
function contoursOf(r: Reach, areaOf: (roll: number) => PlanPolygon[]): ReachContour[] | undefined {
  const rolls = r.model.allowance.rolls
  if (rolls.length <= 1) return undefined
  const sorted = [...rolls].sort((x, y) => layerAllowanceMm(r, 0, x.roll) - layerAllowanceMm(r, 0, y.roll))
  return sorted.map((o, i) => {
    let atLeast = ZERO
    for (const later of sorted.slice(i)) atLeast = add(atLeast, later.chance)
    return { roll: o.roll, allowance: lengthOf(layerAllowanceMm(r, 0, o.roll)), chance: chanceOf(atLeast), area: areaOf(o.roll) }
  })
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
  if (mm.refusal) {
    const why = mm.refusal
    rules.add(why.rule)
    const points: ReachPoint[] = (q.points ?? []).map(([x, y]) => ({ at: [roundTo(x, 2), roundTo(y, 2)], reachable: false, marginal: false, cost: null, path: [], crossed: [], ...(a.rolls.length > 1 ? { chance: chanceOf(ZERO) } : {}), reasons: [book.reason({ code: why.code, message: why.reason, rule: why.rule })] }))
    return { model: mm.model.id, mode: mm.mode, from: [roundTo(mm.model.x, 2), roundTo(mm.model.y, 2)], allowance, area: [], points, reasons: [book.reason({ code: why.code, message: why.reason, rule: why.rule })], ...book.sources([...rules].filter((x) => x)) }
  }
  if (mm.straight) return answerStraight(table, q, r, allowance, rules)
  if (mm.vehicle) return answerVehicle(table, q, r, allowance, rules)
  const area = reachArea(r)
  const contours = contoursOf(r, (roll) => areaFor(r, (l) => layerAllowanceMm(r, l, roll)))
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
  const unreachable = (): ReachPoint => ({ at, reachable: false, marginal: false, cost: null, path: [], crossed: [], ...(isDiceMove(r) ? { chance: chanceOf(ZERO) } : {}), reasons })
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
  if (mm.endsNear) {
    const rings = ringsOf(r)
    if (!rings.some((t) => { const d = Math.hypot(x - t.x, y - t.y); return d >= t.innerMm - 1e-6 && d <= t.outerMm + 1e-6 })) {
      refuse({ code: 'not-at-target', reason: rings.length ? `${mm.endsNear.reason} (${rings.map((t) => t.id).join(', ')})` : `${mm.endsNear.reason}: no target can be reached`, rule: mm.endsNear.rule })
      return unreachable()
    }
  }
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
    ...(isDiceMove(r) ? { chance: chanceOf(reachable ? bestChance : ZERO) } : {}),
    reasons,
    ...(best.tags.length ? { tags: [...best.tags] } : {}),
  }
}

/** Does a roll decide this move anywhere (its own dice, or dice a piece on the way adds)? Then every probe gives its chance. */
function isDiceMove(r: Reach): boolean {
  return r.model.allowance.rolls.length > 1 || r.space.hasTags
}

/** Every allowance the layer's dice can give (mm). */
function allowanceValues(r: Reach, layer: number): number[] {
  const a = r.model.allowance
  const out = new Set<number>()
  for (const o of a.rolls) for (const sh of sharesOf(r, o.roll, layer)) if (sh.chance.num > 0) out.add(sh.mm)
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

/** A straight move's answer (straightReach.ts): the segment each roll reaches, and each probe on the line or not. */
function answerStraight(table: Table, q: QueryOf<'reach'>, r: Reach, allowance: ReachAllowance, rules: Set<string>): ReachResult {
  const book = bookOfSystem(table.system)
  const mm = r.model
  const a = mm.allowance
  const st = mm.straight!
  rules.add(st.rule)
  const s = r.space
  const line = straightLine(s, st.toward, st.stopMm, a.maxMm)
  const start = r.graph.layers[0]!.tags
  const layerOfLeg = (leg: Leg) => r.graph.nextLayer(0, leg.tags)
  const best = reachAlong(s, line, (leg) => Number.isFinite(leg.cost) && chanceWithin(r, layerOfLeg(leg), leg.cost).num > 0)
  const contours = contoursOf(r, (roll) => segmentPolygon(s, line, reachAlong(s, line, (leg) => Number.isFinite(leg.cost) && leg.cost <= layerAllowanceMm(r, layerOfLeg(leg), roll) + 1e-6)))
  const points: ReachPoint[] = (q.points ?? []).map(([x, y]) => {
    const reasons: UniformReason[] = []
    const at: [number, number] = [roundTo(x, 2), roundTo(y, 2)]
    const none = (code: string, message: string, rule: string): ReachPoint => {
      reasons.push(book.reason({ code, message, rule }))
      rules.add(rule)
      return { at, reachable: false, marginal: false, cost: null, path: [], crossed: [], ...(a.rolls.length > 1 ? { chance: chanceOf(ZERO) } : {}), reasons }
    }
    const d = alongLine(s, line, x, y)
    if (d === null) return none('off-the-line', st.reason, st.rule)
    if (d > line.lengthMm + 1e-6) {
      if (line.stoppedBy === 'obstacle') {
        const b = s.obstacleOf[s.obstacles.owner[line.obstacle]!]!
        return none('stopped', `the line stops at ${b.id} (${b.because.reason})`, b.because.rule)
      }
      if (line.stoppedBy === 'table') return none('off-table', 'the base would end (partly) off the table', mm.tableRule)
      if (line.stoppedBy === 'contact') return none('past-contact', 'the move stops where the bases touch', st.rule)
    }
    // Past the allowance the line is followed on (its cost says by how much); past contact, an obstacle or the edge it stopped above.
    const leg = legAlong(s, line, d, true)
    const layer = layerOfLeg(leg)
    const chance = Number.isFinite(leg.cost) ? chanceWithin(r, layer, leg.cost) : ZERO
    const noEnd = endRefusal(s, s.sx + line.ux * d, s.sy + line.uy * d)
    if (noEnd) {
      reasons.push(book.reason({ code: noEnd.what === 'model' ? 'ends-on-base' : 'ends-in-zone', message: `${noEnd.because.reason} (${noEnd.id})`, rule: noEnd.because.rule }))
      rules.add(noEnd.because.rule)
    }
    if (chance.num === 0) {
      const max = layerAllowanceMm(r, layer, null)
      reasons.push(book.reason({ code: 'too-far', message: `the line costs ${roundTo(toInches(leg.cost), 3)}", more than the ${roundTo(toInches(max), 3)}" ${a.rolls.length > 1 ? 'the dice can give at most' : 'allowance'}`, rule: a.rule, template: `the line costs {cost}, more than the {allowance} ${a.rolls.length > 1 ? 'the dice can give at most' : 'allowance'}`, values: { cost: { value: roundTo(leg.cost, 2), unit: 'mm' }, allowance: { value: roundTo(max, 2), unit: 'mm' } } }))
    }
    const reachable = chance.num > 0 && !noEnd
    const crossed = chargesOf({ cost: leg.cost, layer, tags: r.graph.layers[layer]?.tags ?? [], path: [], legs: [leg] }, table)
    for (const c of crossed) rules.add(c.rule)
    const sigma = mm.model.uncertaintyMm
    return {
      at,
      reachable,
      marginal: sigma > 0 && allowanceValues(r, layer).some((t) => Math.abs(t - leg.cost) <= 2 * sigma),
      cost: lengthOf(leg.cost),
      path: [[roundTo(s.sx, 2), roundTo(s.sy, 2)], [roundTo(s.sx + line.ux * d, 2), roundTo(s.sy + line.uy * d, 2)]],
      crossed,
      ...(a.rolls.length > 1 ? { chance: chanceOf(reachable ? chance : ZERO) } : {}),
      reasons,
    }
  })
  return {
    model: mm.model.id,
    mode: mm.mode,
    from: [roundTo(s.sx, 2), roundTo(s.sy, 2)],
    allowance,
    area: segmentPolygon(s, line, best),
    ...(contours ? { contours } : {}),
    points,
    straight: { toward: [roundTo(st.toward[0], 2), roundTo(st.toward[1], 2)], lengthMm: roundTo(line.lengthMm, 2), stoppedBy: line.stoppedBy },
    ...book.sources([...rules].filter((x) => x)),
  }
}

/** A vehicle's answer (vehicleReach.ts): the sampled family of its paths for the area, each probe solved. */
function answerVehicle(table: Table, q: QueryOf<'reach'>, r: Reach, allowance: ReachAllowance, rules: Set<string>): ReachResult {
  const book = bookOfSystem(table.system)
  const mm = r.model
  const rv = mm.vehicle!
  rules.add(rv.rule)
  const a = mm.allowance
  const v = vehicleSpace(table, mm, rv)
  const maxMm = layerAllowanceMm(r, 0, null)
  const g = vehicleGrid(v, maxMm, reachResolutionMm(maxMm))
  const area = vehicleArea(g, maxMm, rv.backwardMaxMm, rv.fullDistance === true)
  const contours = contoursOf(r, (roll) => vehicleArea(g, layerAllowanceMm(r, 0, roll), rv.backwardMaxMm, rv.fullDistance === true))
  const points: ReachPoint[] = (q.points ?? []).map(([x, y]) => {
    const at: [number, number] = [roundTo(x, 2), roundTo(y, 2)]
    const reasons: UniformReason[] = []
    const found = vehiclePathTo(v, x, y, maxMm)
    const noEnd = endRefusal(r.space, x, y)
    if (noEnd) reasons.push(book.reason({ code: noEnd.what === 'model' ? 'ends-on-base' : 'ends-in-zone', message: `${noEnd.because.reason} (${noEnd.id})`, rule: noEnd.because.rule }))
    if (!found) {
      reasons.push(book.reason({ code: 'no-vehicle-path', message: `no path of straight legs along its facing with at most ${rv.pivots} pivot(s) of ${rv.maxPivotDeg}° gets there within ${roundTo(toInches(maxMm), 3)}"`, rule: rv.rule }))
      rules.add(rv.rule)
      return { at, reachable: false, marginal: false, cost: null, path: [], crossed: [], ...(a.rolls.length > 1 ? { chance: chanceOf(ZERO) } : {}), reasons }
    }
    const limitOf = (mmAllowed: number) => (found.backward && rv.backwardMaxMm !== undefined ? Math.min(mmAllowed, rv.backwardMaxMm) : mmAllowed)
    let chance = ZERO
    for (const o of a.rolls) {
      const lim = limitOf(layerAllowanceMm(r, 0, o.roll))
      if (rv.fullDistance ? Math.abs(found.cost - lim) <= 0.5 : found.cost <= lim + 1e-6) chance = add(chance, o.chance)
    }
    const reachable = chance.num > 0 && !noEnd
    const sigma = mm.model.uncertaintyMm
    return {
      at, reachable,
      marginal: sigma > 0 && a.rolls.some((o) => Math.abs(limitOf(layerAllowanceMm(r, 0, o.roll)) - found.cost) <= 2 * sigma),
      cost: lengthOf(found.cost),
      path: found.path.map(([px, py]) => [roundTo(px, 2), roundTo(py, 2)] as [number, number]),
      crossed: [],
      ...(a.rolls.length > 1 ? { chance: chanceOf(reachable ? chance : ZERO) } : {}),
      reasons,
      headings: found.pivots.map((d) => roundTo(d, 2)),
      ...(found.backward ? { backward: true } : {}),
    }
  })
  return {
    model: mm.model.id, mode: mm.mode, from: [roundTo(mm.model.x, 2), roundTo(mm.model.y, 2)], allowance, area,
    ...(contours ? { contours } : {}),
    points,
    vehicle: { pivots: rv.pivots, maxPivotDeg: rv.maxPivotDeg, minBetweenPivotsMm: rv.minBetweenPivotsMm, backward: rv.backward, ...(rv.fullDistance ? { fullDistance: true } : {}), sampling: { onePivotDeg: SINGLE_PIVOT_STEP_DEG, twoPivotsDeg: TWO_PIVOT_STEP_DEG, legMm: LEG_STEP_MM } },
    ...book.sources([...rules].filter((x) => x)),
  }
}
