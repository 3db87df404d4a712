// The `threat` query: who can attack a spot this turn, and how, with the threatened model standing
// there (its base, height and eye). Each enemy's ways of attacking come from its ruleset (ThreatOption:
// shoot from where it stands, move then shoot, charge into contact, or the game's own word); every
// attack is the ruleset's own `attack` query on a copy of the table with the model at the spot (and the
// enemy where its move ends), so range, sight, cover and the exact chances are the book's. Moves are
// the enemy's reach (prepared once per enemy and way, kept with the table, reused for every spot).
import type { Table, TableModel } from '../ruleSystem.ts'
import type { QueryOf } from '../scene/sceneSchema.ts'
import type { ChanceFigure, PlanPolygon, Sight, ThreatAttacker, ThreatAttackerFields, ThreatBand, ThreatPoint, ThreatResult } from '../results.ts'
import { runQuery, lineOfSight } from '../evaluate.ts'
import { bookOfSystem } from '../result/book.ts'
import { baseBoundingRadiusMm, supportPoint } from '../geometry/baseShape.ts'
import { type Fraction, formatFraction, toNumber } from '../dice/probability.ts'
import { roundTo, toInches } from '../units.ts'
import { modelAt, tableWithModel, tableWithout } from '../table/tableWithModel.ts'
import type { MovementModel } from './movementModel.ts'
import { type Reach, chanceWithin, endAllowed, layerAllowanceMm, prepareReach, reachGrids } from './answerReach.ts'
import { levelAt } from './reachSpace.ts'
import { measureLeg } from './reachSpace.ts'
import { traceContours } from './traceContours.ts'
import { legAlong, straightLine } from './straightReach.ts'

/** One way an enemy may attack this turn. */
export type ThreatOption = {
  /** "shoot", "move-shoot", "charge", or the game's own word. */
  via: string
  /** The weapon the attack query names (null: the game's attack names none, e.g. Iron Line's units). */
  weapon: string | null
  /** The move before the attack, or null (it attacks from where it stands). */
  move: MovementModel | null
  /** A charge: the move ends with the bases this close (mm: contact, or the weapon's reach). Null: any spot of the move from which the attack is allowed. */
  contactMm: number | null
  /** The weapon's range (mm; null: unlimited), for the bands and the search for a firing spot. */
  rangeMm: number | null
  /** Whether that range is measured between the bases' closest points or their centres. */
  reference: 'edge' | 'centre'
  /** The attack query's context for this way of attacking (e.g. that the attacker moved, or charged). */
  context?: Record<string, unknown>
  /** The section that lets it attack this way. */
  rule: string
  /** A charge that runs straight at the spot from where the enemy stands (Jagged Shards' Rush). */
  straight?: boolean
  /** It may turn to face the spot before attacking from where it stands, at no cost (Skrapyard §12.11.1); a move always ends facing the spot. */
  turnsToFace?: boolean
  /** Whether it may attack the model at this spot this way at all (Jagged Shards: a Rush only at the closest visible enemy). */
  eligible?: (table: Table, enemy: TableModel, there: TableModel) => boolean
  /**
   * A game's own way of closing in (Iron Line: wheel to face, then advance), instead of the move's paths:
   * where the enemy ends (facing), its path and the chance, or null when it cannot get there this turn.
   */
  approach?: (table: Table, enemy: TableModel, there: TableModel) => { at: [number, number]; facingDeg: number; path: Array<[number, number]>; chance: Fraction | null } | null
}

/** What a ruleset declares for threat: each enemy's ways of attacking, on a table without the threatened model. */
export type ThreatRules = {
  options: (table: Table, enemy: TableModel, target: TableModel) => readonly ThreatOption[]
  /** The level a model stands at over (x, y) (default: the table, z = 0). */
  standingZ?: (table: Table, target: TableModel, x: number, y: number) => number
}

/**
 * Directions round the spot in which move-shoot looks for a firing spot (the cheapest move in each, 2°
 * wide). A piece's shadow seen from the spot is bounded by rays from it, so a narrow sector is either
 * in the shadow or out of it but for a sliver at its edge.
 */
export const FIRING_SPOT_SECTORS = 180
/** Firing spots tried per enemy and weapon with the full attack (after a coarse sight check). */
const FIRING_SPOT_TRIES = 4
/** Coarse sight checks per enemy, weapon and spot, cheapest firing spot first (shared between the weapons: kept per spot). */
const FIRING_SPOT_SIGHT_CHECKS = 48

/** A way of attacking made ready: its reach, its band, and the spots its move can end on (x, y, cost, layer; every FIRING_SPOT_STEP_MM). */
type Prepared = { option: ThreatOption; reach: Reach | null; band: PlanPolygon[] | null; spots: Float64Array | null }
type EnemyPlan = { enemy: TableModel; options: Prepared[] }

/** Per table and threatened model: each enemy's ways of attacking, their reaches and bands (made once). */
const plans = new WeakMap<Table, Map<string, EnemyPlan[]>>()

function plansFor(table: Table, target: TableModel, rules: ThreatRules): EnemyPlan[] {
  let byTarget = plans.get(table)
  if (!byTarget) plans.set(table, (byTarget = new Map()))
  let list = byTarget.get(target.id)
  if (list) return list
  const without = tableWithout(table, target.id)
  // Ways that share a move (one enemy's weapons after the same move) share its reach.
  const reaches = new Map<MovementModel, Reach>()
  const reachOf = (mm: MovementModel): Reach => {
    let r = reaches.get(mm)
    if (!r) reaches.set(mm, (r = prepareReach(without, mm)))
    return r
  }
  list = without.models
    .filter((e) => e.side !== target.side)
    .map((enemy) => ({ enemy, options: rules.options(without, enemy, target).map((option) => ({ option, reach: option.move ? reachOf(option.move) : null, band: null, spots: null })) }))
  byTarget.set(target.id, list)
  return list
}

const lengthOf = (mm: number) => ({ mm: roundTo(mm, 2), inches: roundTo(toInches(mm), 3) })
const chanceOf = (f: Fraction): ChanceFigure => ({ value: toNumber(f), exact: formatFraction(f) })

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

export function answerThreat(table: Table, q: QueryOf<'threat'>, rules: ThreatRules): ThreatResult {
  const target = table.model(q.model)
  const spots: Array<[number, number]> = [...(q.at ? [q.at] : []), ...(q.points ?? [])]
  const enemyPlans = plansFor(table, target, rules)
  const book = bookOfSystem(table.system)
  const cited = new Set<string>()
  const points: ThreatPoint[] = spots.map(([x, y]) => {
    const z = rules.standingZ ? rules.standingZ(table, target, x, y) : 0
    const there = modelAt(target, x, y, z)
    const onSpot = tableWithModel(table, there)
    const attackers: ThreatAttacker[] = []
    // Coarse sight from a firing spot to this spot, kept for the enemy's other weapons.
    const sightMemo = new Map<string, boolean>()
    for (const plan of enemyPlans) {
      const done = new Set<string>()
      for (const p of plan.options) {
        // One entry per weapon: the first way (in the ruleset's order) that works.
        const key = p.option.weapon ?? ''
        if (done.has(key)) continue
        const a = attackBy(onSpot, plan.enemy, there, p, sightMemo)
        if (a) {
          done.add(key)
          attackers.push({ ...a, citation: book.citation(a.rule) })
          cited.add(a.rule)
        }
      }
    }
    return { at: [roundTo(x, 2), roundTo(y, 2)], attackers, z: roundTo(z, 2) }
  })
  const bands: ThreatBand[] = []
  for (const plan of enemyPlans) for (const p of plan.options) {
    p.band ??= bandOf(table, plan.enemy, target, p)
    bands.push({ model: plan.enemy.id, via: p.option.via, weapon: p.option.weapon ?? '', range: lengthOf(p.option.contactMm ?? p.option.rangeMm ?? 0), area: p.band })
    cited.add(p.option.rule)
  }
  return {
    model: target.id,
    enemies: enemyPlans.map((p) => p.enemy.id),
    points,
    bands,
    ...book.sources([...cited]),
  }
}

type Found = Omit<ThreatAttackerFields, 'citation'>

/** How this enemy attacks the model at the spot by this way, or null when it cannot this turn. */
function attackBy(onSpot: Table, enemy: TableModel, there: TableModel, p: Prepared, sightMemo: Map<string, boolean>): Found | null {
  const o = p.option
  if (o.move?.refusal || (o.eligible && !o.eligible(onSpot, onSpot.model(enemy.id), there))) return null
  if (o.approach) {
    const a = o.approach(onSpot, onSpot.model(enemy.id), there)
    return a ? tryAttack(onSpot, enemy, there, o, modelAt(enemy, a.at[0], a.at[1], enemy.z, a.facingDeg), { path: a.path, chance: a.chance }) : null
  }
  if (!p.reach) return tryAttack(onSpot, enemy, there, o, o.turnsToFace ? modelAt(enemy, enemy.x, enemy.y, enemy.z, facingToward(enemy, there)) : null, null)
  if (o.contactMm !== null && o.straight) return chargeStraight(onSpot, enemy, there, p)
  if (o.contactMm !== null) return charge(onSpot, enemy, there, p)
  return moveThenShoot(onSpot, enemy, there, p, sightMemo)
}

const facingToward = (m: TableModel, there: TableModel): number => (Math.atan2(there.y - m.y, there.x - m.x) * 180) / Math.PI

/** The ruleset's attack from `from` (the enemy moved there first, or where it stands). */
function tryAttack(onSpot: Table, enemy: TableModel, there: TableModel, o: ThreatOption, from: TableModel | null, move: { path: Array<[number, number]>; chance: Fraction | null } | null): Found | null {
  const t = from ? tableWithModel(onSpot, from) : onSpot
  const attacker = from ?? enemy
  const r = runQuery(t, { id: 'threat', type: 'attack', attacker: attacker.id, target: there.id, ...(o.weapon !== null ? { weapon: o.weapon } : {}), ...(o.context ? { context: o.context } : {}) }) as Obj
  if (r.allowed !== true) return null
  const distance = isObj(r.distance) ? r.distance : {}
  const los = isObj(r.los) ? r.los : {}
  const sight = isObj(los.sight) ? los.sight : isObj(r.sight) ? r.sight : null
  const cover = isObj(r.cover) ? r.cover.level : r.cover
  const p = isObj(r.probability) ? r.probability : null
  const exact = p && isObj(p.exact) ? p.exact : {}
  const margin = isObj(r.margin) ? r.margin : isObj(distance.margin) ? distance.margin : {}
  return {
    model: enemy.id,
    via: o.via,
    ...(o.weapon !== null ? { weapon: o.weapon } : {}),
    ...(p && typeof p.hit === 'number' && typeof exact.hit === 'string' ? { chance: { value: p.hit, exact: exact.hit } } : {}),
    ...(p && typeof p.effect === 'number' && typeof exact.effect === 'string' ? { effect: { value: p.effect, exact: exact.effect } } : {}),
    ...(move?.chance ? { moveChance: chanceOf(move.chance) } : {}),
    from: [roundTo(attacker.x, 2), roundTo(attacker.y, 2)],
    ...(move ? { path: move.path.map(([x, y]) => [roundTo(x, 2), roundTo(y, 2)] as [number, number]) } : {}),
    // The limit the attack itself measured against (a game's rule may stretch the printed range), else the option's.
    range: { mm: typeof distance.mm === 'number' ? distance.mm : 0, inches: typeof distance.inches === 'number' ? distance.inches : 0, limit: o.rangeMm === null ? null : lengthOf(typeof margin.thresholdMm === 'number' ? margin.thresholdMm : o.rangeMm) },
    ...(sight && typeof sight.class === 'string' && isObj(sight.because) ? { sight: sight as unknown as Sight } : {}),
    cover: typeof cover === 'string' ? cover : 'none',
    marginal: margin.marginal === true,
    rule: o.rule,
  }
}

/**
 * A charge: the cheapest path that brings the enemy's base within `contactMm` of the model at the spot
 * (straight at it from the last bend: the nearest point of that ring), then its attack from there.
 */
function charge(onSpot: Table, enemy: TableModel, there: TableModel, p: Prepared): Found | null {
  const reach = p.reach!
  const g = reach.graph
  g.expand()
  let best: { cost: number; state: number; cx: number; cy: number; layer: number } | null = null
  const local = g.obstaclesNear(there.x, there.y, Infinity)
  for (const st of g.order) {
    const u = g.stNode[st]!
    const ux = g.nodeX(u)
    const uy = g.nodeY(u)
    const d = g.dist[st]!
    const dx = ux - there.x
    const dy = uy - there.y
    const dd = Math.hypot(dx, dy)
    const ring = contactDistance(enemy, there, -dx / (dd || 1), -dy / (dd || 1), p.option.contactMm!)
    let cost = d
    let cx = ux
    let cy = uy
    if (dd > ring) {
      cx = there.x + (dx * ring) / dd
      cy = there.y + (dy * ring) / dd
      if (g.isBlocked(local, ux, uy, cx, cy)) continue
      const leg = measureLeg(reach.space, ux, uy, cx, cy)
      if (!Number.isFinite(leg.cost) || leg.tags.length) continue
      cost = d + leg.cost
    }
    if (best && cost >= best.cost) continue
    const layer = g.stLayer[st]!
    if (chanceWithin(reach, layer, cost).num === 0) continue
    best = { cost, state: st, cx, cy, layer }
  }
  if (!best) return null
  const path: Array<[number, number]> = [[best.cx, best.cy]]
  for (let st = best.state; st >= 0; st = g.prev[st]!) path.push([g.nodeX(g.stNode[st]!), g.nodeY(g.stNode[st]!)])
  path.reverse()
  if (path.length > 1 && Math.hypot(path[path.length - 1]![0] - path[path.length - 2]![0], path[path.length - 1]![1] - path[path.length - 2]![1]) < 1e-9) path.pop()
  const facing = (Math.atan2(there.y - best.cy, there.x - best.cx) * 180) / Math.PI
  const z = levelAt(reach.space, best.cx, best.cy).z
  const chance = reach.model.allowance.rolls.length > 1 ? chanceWithin(reach, best.layer, best.cost) : null
  return tryAttack(onSpot, enemy, there, p.option, modelAt(enemy, best.cx, best.cy, z, facing), { path, chance })
}

/** A charge straight at the spot: along the line until the bases are within contactMm, if nothing on the line stops it first. */
function chargeStraight(onSpot: Table, enemy: TableModel, there: TableModel, p: Prepared): Found | null {
  const reach = p.reach!
  const s = reach.space
  const dx = there.x - s.sx
  const dy = there.y - s.sy
  const d = Math.hypot(dx, dy)
  const ring = contactDistance(enemy, there, dx / (d || 1), dy / (d || 1), p.option.contactMm!)
  const need = Math.max(0, d - ring)
  const line = straightLine(s, [there.x, there.y], need, Infinity)
  if (line.lengthMm < need - 1e-6) return null
  const leg = legAlong(s, line, need)
  if (!Number.isFinite(leg.cost)) return null
  const layer = reach.graph.nextLayer(0, leg.tags)
  if (layer < 0) return null
  const chance = chanceWithin(reach, layer, leg.cost)
  if (chance.num === 0) return null
  const cx = s.sx + line.ux * need
  const cy = s.sy + line.uy * need
  const facing = (Math.atan2(dy, dx) * 180) / Math.PI
  const moved = modelAt(enemy, cx, cy, levelAt(s, cx, cy).z, facing)
  return tryAttack(onSpot, enemy, there, p.option, moved, { path: [[s.sx, s.sy], [cx, cy]], chance: reach.model.allowance.rolls.length > 1 ? chance : null })
}

/** Centre distance (mm) at which the two bases are `gapMm` apart, the enemy coming from direction (ux, uy) seen from the spot. */
function contactDistance(enemy: TableModel, there: TableModel, ux: number, uy: number, gapMm: number): number {
  const a = { x: 0, y: 0 }
  const b = { x: 0, y: 0 }
  // The target's extent toward the enemy, and the enemy's toward the target (its base as it faces the target).
  supportPoint({ ...there.placed, cx: 0, cy: 0 }, -ux, -uy, a)
  const facing = Math.atan2(uy, ux)
  const e = { ...enemy.placed, cx: 0, cy: 0, ux: Math.cos(facing), uy: Math.sin(facing) }
  supportPoint(e, ux, uy, b)
  return Math.hypot(a.x, a.y) + Math.hypot(b.x, b.y) + gapMm
}

/**
 * Move then shoot: a spot the enemy's move can end on, within the weapon's range of the model: in
 * FIRING_SPOT_SECTORS directions round the spot the cheapest such move, those with a sight line at the
 * coarse density tried with the full attack, cheapest first.
 */
function moveThenShoot(onSpot: Table, enemy: TableModel, there: TableModel, p: Prepared, sightMemo: Map<string, boolean>): Found | null {
  const reach = p.reach!
  const spots = (p.spots ??= endSpots(reach))
  const reachMm = p.option.rangeMm === null ? Infinity : p.option.rangeMm + (p.option.reference === 'edge' ? baseBoundingRadiusMm(enemy.placed) + baseBoundingRadiusMm(there.placed) : 0)
  const reach2 = reachMm * reachMm
  const best = new Float64Array(FIRING_SPOT_SECTORS).fill(Infinity)
  const pick = new Int32Array(FIRING_SPOT_SECTORS).fill(-1)
  for (let k = 0; k < spots.length; k += 4) {
    const dx = spots[k]! - there.x
    const dy = spots[k + 1]! - there.y
    if (dx * dx + dy * dy > reach2) continue
    const c = spots[k + 2]!
    const sector = Math.min(FIRING_SPOT_SECTORS - 1, Math.floor(((Math.atan2(dy, dx) + Math.PI) / (2 * Math.PI)) * FIRING_SPOT_SECTORS))
    if (c < best[sector]!) {
      best[sector] = c
      pick[sector] = k
    }
  }
  const found: Array<{ x: number; y: number; cost: number; layer: number }> = [...pick].filter((k) => k >= 0).sort((a, b) => spots[a + 2]! - spots[b + 2]!).map((k) => ({ x: spots[k]!, y: spots[k + 1]!, cost: spots[k + 2]!, layer: spots[k + 3]! }))
  // First the spot straight toward the model as far as the move goes (exact: the sampled spots are a grid's, a step short of the edge).
  const direct = directSpot(reach, there)
  const candidates = direct ? [direct, ...found] : found
  let tries = 0
  let checks = 0
  for (const { x, y, cost, layer } of candidates) {
    if (tries >= FIRING_SPOT_TRIES || checks++ >= FIRING_SPOT_SIGHT_CHECKS) break
    const z = levelAt(reach.space, x, y).z
    const facing = (Math.atan2(there.y - y, there.x - x) * 180) / Math.PI
    const moved = modelAt(enemy, x, y, z, facing)
    const key = `${enemy.id} ${x} ${y} ${z}`
    let seen = sightMemo.get(key)
    if (seen === undefined) {
      const t = tableWithModel(onSpot, moved)
      sightMemo.set(key, (seen = lineOfSight(t, t.model(moved.id), t.model(there.id), false, 'coarse').visible))
    }
    if (!seen) continue
    tries++
    const path = reach.model.straight ? [[enemy.x, enemy.y], [x, y]] as Array<[number, number]> : (reach.graph.pathsTo(x, y, cost + 1).find((c) => c.layer === layer)?.path ?? [[enemy.x, enemy.y], [x, y]])
    const chance = reach.model.allowance.rolls.length > 1 ? chanceWithin(reach, layer, cost) : null
    const found = tryAttack(onSpot, enemy, there, p.option, moved, { path, chance })
    if (found) return found
  }
  return null
}

/** The spot the move reaches going straight at the model (its whole allowance, or up to the model's base), when the straight path is the cheapest. */
function directSpot(reach: Reach, there: TableModel): { x: number; y: number; cost: number; layer: number } | null {
  const s = reach.space
  if (reach.model.straight || reach.model.vehicle) return null
  const dx = there.x - s.sx
  const dy = there.y - s.sy
  const d = Math.hypot(dx, dy)
  if (d < 1e-6) return null
  const along = Math.min(layerAllowanceMm(reach, 0, null), Math.max(0, d - baseBoundingRadiusMm(there.placed) - baseBoundingRadiusMm(reach.model.model.placed)))
  const x = s.sx + (dx / d) * along
  const y = s.sy + (dy / d) * along
  if (!endAllowed(s, x, y)) return null
  const best = reach.graph.pathsTo(x, y, along + 1).find((p) => chanceWithin(reach, p.layer, p.cost).num > 0)
  return best ? { x, y, cost: best.cost, layer: best.layer } : null
}

/** Grid steps between the spots a move-shoot considers (the reach's own grid is finer than a firing spot needs). */
const FIRING_SPOT_STEP_MM = 4

/** The spots the move can end on (x, y, cost, layer), every FIRING_SPOT_STEP_MM of the reach's grid: the cheapest layer at each. */
function endSpots(reach: Reach): Float64Array {
  const st = reach.model.straight
  if (st) {
    // A straight move (Iron Line's Advance): its spots along the line.
    const line = straightLine(reach.space, st.toward, st.stopMm, reach.model.allowance.maxMm)
    const out: number[] = []
    for (let d = 0; d <= line.lengthMm; d += FIRING_SPOT_STEP_MM) {
      const leg = legAlong(reach.space, line, d)
      const layer = reach.graph.nextLayer(0, leg.tags)
      if (layer < 0 || !Number.isFinite(leg.cost) || chanceWithin(reach, layer, leg.cost).num === 0) break
      out.push(reach.space.sx + line.ux * d, reach.space.sy + line.uy * d, leg.cost, layer)
    }
    return Float64Array.from(out)
  }
  const { grid, clearance } = reachGrids(reach)
  const allowanceOf = grid.layers.map((_, l) => layerAllowanceMm(reach, l, null))
  const stride = Math.max(1, Math.round(FIRING_SPOT_STEP_MM / grid.h))
  const out: number[] = []
  for (let j = 0; j < grid.ny; j += stride) {
    for (let i = 0; i < grid.nx; i += stride) {
      const at = j * grid.nx + i
      if (clearance[at]! < 0) continue
      let cost = Infinity
      let layer = -1
      for (let l = 0; l < grid.layers.length; l++) {
        const c = grid.layers[l]?.[at]
        if (c !== undefined && c <= allowanceOf[l]! && c < cost) {
          cost = c
          layer = l
        }
      }
      if (layer >= 0) out.push(grid.x0 + i * grid.h, grid.y0 + j * grid.h, cost, layer)
    }
  }
  return Float64Array.from(out)
}

/**
 * A threat band: the spots within the weapon's range of where the enemy stands (shoot), of where its
 * move can end (move-shoot), or within contact of it (charge); range counted to the threatened model's
 * base centre (base edges: both bases' radii added). Traced from a distance transform of the enemy's
 * reach on its grid.
 */
function bandOf(table: Table, enemy: TableModel, target: TableModel, p: Prepared): PlanPolygon[] {
  const o = p.option
  const pad = o.reference === 'edge' || o.contactMm !== null ? baseBoundingRadiusMm(enemy.placed) + baseBoundingRadiusMm(target.placed) : 0
  const radius = (o.contactMm ?? o.rangeMm ?? Math.hypot(table.widthMm, table.depthMm)) + pad
  if (!p.reach) return [discPolygon(enemy.x, enemy.y, radius)]
  // A straight charge may go any way from where it stands: the disc of its longest roll (obstacles on a line are the spot's to find).
  if (o.straight) return [discPolygon(enemy.x, enemy.y, p.reach.model.allowance.maxMm + radius)]
  // The spots its move can end on (every FIRING_SPOT_STEP_MM), on a grid of step h over the table round them.
  const spots = (p.spots ??= endSpots(p.reach))
  if (!spots.length) return []
  let sx0 = Infinity, sy0 = Infinity, sx1 = -Infinity, sy1 = -Infinity
  for (let k = 0; k < spots.length; k += 4) {
    sx0 = Math.min(sx0, spots[k]!); sx1 = Math.max(sx1, spots[k]!); sy0 = Math.min(sy0, spots[k + 1]!); sy1 = Math.max(sy1, spots[k + 1]!)
  }
  const h = Math.max(FIRING_SPOT_STEP_MM, radius / 120)
  const x0 = Math.max(0, sx0 - radius - h)
  const y0 = Math.max(0, sy0 - radius - h)
  const x1 = Math.min(table.widthMm, sx1 + radius + h)
  const y1 = Math.min(table.depthMm, sy1 + radius + h)
  const nx = Math.max(2, Math.ceil((x1 - x0) / h) + 1)
  const ny = Math.max(2, Math.ceil((y1 - y0) / h) + 1)
  const f = new Float64Array(nx * ny).fill(1e20)
  for (let k = 0; k < spots.length; k += 4) {
    const bi = Math.round((spots[k]! - x0) / h)
    const bj = Math.round((spots[k + 1]! - y0) / h)
    if (bi >= 0 && bj >= 0 && bi < nx && bj < ny) f[bj * nx + bi] = 0
  }
  squaredDistanceTransform(f, nx, ny)
  const field = new Float64Array(nx * ny)
  for (let k = 0; k < field.length; k++) field[k] = Math.sqrt(f[k]!) * h - radius
  // The border must be outside for every ring to close.
  for (let i = 0; i < nx; i++) field[i] = field[(ny - 1) * nx + i] = Math.max(field[i]!, 1e-6)
  for (let j = 0; j < ny; j++) field[j * nx] = field[j * nx + nx - 1] = Math.max(field[j * nx]!, 1e-6)
  return traceContours(field, nx, ny, x0, y0, h)
}

function discPolygon(cx: number, cy: number, r: number): PlanPolygon {
  const n = 72
  const outer: Array<[number, number]> = []
  for (let i = 0; i < n; i++) outer.push([roundTo(cx + r * Math.cos((2 * Math.PI * i) / n), 2), roundTo(cy + r * Math.sin((2 * Math.PI * i) / n), 2)])
  return { outer, holes: [], resolutionMm: roundTo(r * (1 - Math.cos(Math.PI / n)), 3) }
}

/** Squared Euclidean distance transform in grid units, in place (Felzenszwalb & Huttenlocher: rows, then columns). */
function squaredDistanceTransform(f: Float64Array, nx: number, ny: number): void {
  const n = Math.max(nx, ny)
  const line = new Float64Array(n)
  const out = new Float64Array(n)
  const v = new Int32Array(n)
  const z = new Float64Array(n + 1)
  const pass = (len: number) => {
    let k = 0
    v[0] = 0
    z[0] = -Infinity
    z[1] = Infinity
    for (let q = 1; q < len; q++) {
      let s = (line[q]! + q * q - (line[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!)
      while (s <= z[k]!) {
        k--
        s = (line[q]! + q * q - (line[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!)
      }
      k++
      v[k] = q
      z[k] = s
      z[k + 1] = Infinity
    }
    k = 0
    for (let q = 0; q < len; q++) {
      while (z[k + 1]! < q) k++
      out[q] = (q - v[k]!) * (q - v[k]!) + line[v[k]!]!
    }
  }
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) line[i] = f[j * nx + i]!
    pass(nx)
    for (let i = 0; i < nx; i++) f[j * nx + i] = out[i]!
  }
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < ny; j++) line[j] = f[j * nx + i]!
    pass(ny)
    for (let j = 0; j < ny; j++) f[j * nx + i] = out[j]!
  }
}
