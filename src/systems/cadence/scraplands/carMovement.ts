// Scraplands car movement (scraplands/module-rules.html#car-movement, #terrain, #dangerous-terrain,
// #destructible-terrain, #ramps; building-a-team.html#upgrades) on the core vehicle rules: legs
// straight forward or backward, up to 2 pivots of up to 45° at least 1" apart (Off-road: a free pivot
// at the start of an Advance). Allowances are dice: Move = Mov + d6 with no pivots, Advance = the two
// highest of 3d6 (Fast: all three); backward 2". The first base contact with another car or with solid
// terrain ends the move (control checks); ramps launch the car 2D6" straight on.
import { type QueryOf, type ResultBody, type UniformReason, type Table, type TableModel, type TableTerrain, inches, roundTo, toInches, wrapDeg, type MoveResult } from '../../../engine/index.ts'
import { book } from '../index.ts'
import { type Exact, E0, E1, addE, chanceE, exact, formatE, toNumberE } from '../index.ts'
import { type ParsedRule, hasRule } from '../index.ts'
import { traceVehiclePath, type VehiclePath } from '../index.ts'
import { sweepBase, type SweepStop } from '../index.ts'
import { closestPointOnPolygon, placeBase, pointSegmentDistance } from '../../../engine/index.ts'
import { SCRAPLANDS_RULES } from './catalogue.ts'
import { controlCheckOdds, oddsFigure } from './controlCheck.ts'

const MOVE_RULE = SCRAPLANDS_RULES.backwardMovementInches.section
const TEAM_UPGRADES = SCRAPLANDS_RULES.driftMaxInches.section
const VEHICLE = 'core-rules/advanced-rules.html#vehicle-movement-restrictions'
const TERRAIN = 'scraplands/module-rules.html#terrain'
const DANGEROUS = 'scraplands/module-rules.html#dangerous-terrain'
const DESTRUCTIBLE = 'scraplands/module-rules.html#destructible-terrain'
const RAMPS = 'scraplands/module-rules.html#ramps'
const SPECIAL = 'scraplands/module-rules.html#special-rules'

export type CarMoveMode = 'move' | 'advance' | 'drift' | 'j-turn'
export const CAR_MOVE_MODES: readonly CarMoveMode[] = ['move', 'advance', 'drift', 'j-turn']

export type CarView = {
  readonly model: TableModel
  readonly movementInches: number
  readonly skill: number
  readonly toughness: number
  readonly rules: readonly ParsedRule[]
  readonly upgrades: readonly string[]
}

export type CarMoveContext = {
  readonly via?: ReadonlyArray<readonly [number, number]>
  /** Use the one-use Boost upgrade on this Move ("adds 2d6 inches to its Movement"). */
  readonly boost?: boolean
}

/** Distribution of a movement allowance in inches (outcome → probability). */
type Allowance = { readonly dist: ReadonlyMap<number, Exact>; readonly text: string }

function enumerateDice(n: number, f: (faces: number[]) => number): Map<number, Exact> {
  const counts = new Map<number, number>()
  const total = 6 ** n
  for (let i = 0; i < total; i++) {
    const faces: number[] = []
    let k = i
    for (let j = 0; j < n; j++) {
      faces.push((k % 6) + 1)
      k = Math.floor(k / 6)
    }
    const v = f(faces)
    counts.set(v, (counts.get(v) ?? 0) + 1)
  }
  const out = new Map<number, Exact>()
  for (const [v, c] of counts) out.set(v, exact(c, total))
  return out
}

function probAtLeast(dist: ReadonlyMap<number, Exact>, needInches: number): Exact {
  let p = E0
  for (const [v, pv] of dist) if (v >= needInches - FLOAT_EPSILON_INCHES) p = addE(p, pv)
  return p
}

// Floating-point round-off only (a scene at 523.8 mm is 76.19999999999999 mm from 600): far below
// anything a ruler or a camera resolves, so it is not a rules tolerance. The rules tolerance is the
// `moveToleranceMm` option (default 0: "reduced to 2 inches" means 2").
const FLOAT_EPSILON_MM = 1e-6
const FLOAT_EPSILON_INCHES = FLOAT_EPSILON_MM / 25.4

/** How far past an allowance a move is still accepted: the `moveToleranceMm` option plus 2σ of the tracked position. */
export function carMoveToleranceMm(table: Table, car: TableModel): number {
  return Number(table.options.moveToleranceMm ?? 0) + 2 * car.uncertaintyMm + FLOAT_EPSILON_MM
}

/** Advance dice: the two highest of 3d6 (Fast: all three) and the control checks its 1s cause. */
export function advanceDice(fast: boolean): { allowance: Allowance; checks: ReadonlyMap<number, Exact> } {
  const allowance = enumerateDice(3, (f) => (fast ? f[0]! + f[1]! + f[2]! : f[0]! + f[1]! + f[2]! - Math.min(...f)))
  const checks = enumerateDice(3, (f) => {
    const ones = f.filter((x) => x === 1).length
    // "If you roll any 1s, then you must make a control check" / Fast: "every roll of 1 triggers a control check"
    return fast ? ones : ones > 0 ? 1 : 0
  })
  return { allowance: { dist: allowance, text: fast ? '3d6 (Fast: all three dice)' : 'the two highest of 3d6' }, checks }
}

function isSolid(t: TableTerrain): boolean {
  return t.has('solid') || t.has('impassable') || t.has('climbable')
}

/** Is the contact with a ramp on its marked entry (footprint edge 0→1)? */
function onRampEntry(car: TableModel, at: [number, number], facingDeg: number, ramp: TableTerrain): boolean {
  // The scene's own vertex order (the engine's solid is re-wound counter-clockwise).
  const fp = 'footprint' in ramp.scene ? ramp.scene.footprint : ramp.solid.footprint
  const b = placeBase(car.base, at[0], at[1], facingDeg)
  // The contact point: the footprint point closest to the base centre, then is it on edge 0→1?
  const c = closestPointOnPolygon(fp, b.cx, b.cy).point
  const p = fp[0]!
  const q = fp[1]!
  return pointSegmentDistance(c[0], c[1], p[0], p[1], q[0], q[1]) <= 1
}

type Stop = { leg: number; at: [number, number]; by: SweepStop; facingDeg: number; direction: 'forward' | 'backward' }

export function measureCarMove(table: Table, car: CarView, q: QueryOf<'move'>, context: CarMoveContext, viewOf: (m: TableModel) => CarView): MoveResult {
  const m = car.model
  const toleranceMm = carMoveToleranceMm(table, m)
  const mode = (q.mode ?? 'move') as CarMoveMode
  const reasons: UniformReason[] = []
  const rules = new Set<string>([MOVE_RULE, VEHICLE])
  const offRoad = hasRule(car.rules, 'off-road')
  const fast = hasRule(car.rules, 'fast')
  const path: VehiclePath = traceVehiclePath([m.x, m.y], m.facingDeg, [...(context.via ?? []), q.to], q.facing, mode === 'j-turn')
  const pivots = [...path.pivots]
  const backward = path.legs.some((l) => l.direction === 'backward')
  let checksFromDice: ReadonlyMap<number, Exact> | null = null
  let allowance: Allowance

  if (mode === 'drift' || mode === 'j-turn') {
    const upgrade = mode === 'drift' ? 'drift' : 'j-turn'
    rules.add(TEAM_UPGRADES)
    if (!car.upgrades.includes(upgrade)) reasons.push(book.reason({ code: 'no-upgrade', message: `${m.id} has no ${mode === 'drift' ? 'Drift' : 'J-Turn'} upgrade`, rule: TEAM_UPGRADES }))
  }
  if (mode === 'drift') {
    // "move up to 8 inches directly forward ... then make a single 90 degree pivot at the end of the movement"
    allowance = { dist: new Map([[SCRAPLANDS_RULES.driftMaxInches.value, E1]]), text: 'Drift: up to 8" directly forward' }
    const endTurn = pivots.length === 1 && pivots[0]!.afterMm >= path.lengthMm - 1e-6 ? pivots[0]!.turnDeg : null
    if (backward || pivots.length > 1 || (pivots.length === 1 && endTurn === null)) reasons.push(book.reason({ code: 'drift-shape', message: 'Drift moves directly forward, then pivots once at the end', rule: TEAM_UPGRADES }))
    if (endTurn === null || Math.abs(Math.abs(endTurn) - 90) > 0.5) reasons.push(book.reason({ code: 'drift-pivot', message: 'Drift ends with a single 90 degree pivot', rule: TEAM_UPGRADES }))
    pivots.length = 0
  } else if (mode === 'j-turn') {
    // "This car moves backwards 3 inches then rotates 180 degrees."
    allowance = { dist: new Map([[SCRAPLANDS_RULES.jTurnBackInches.value, E1]]), text: 'J-Turn: exactly 3" backwards' }
    const endTurn = pivots.length === 1 ? pivots[0]!.turnDeg : null
    if (path.legs.some((l) => l.direction === 'forward') || Math.abs(path.lengthMm - inches(SCRAPLANDS_RULES.jTurnBackInches.value)) > toleranceMm) reasons.push(book.reason({ code: 'j-turn-shape', message: `J-Turn moves exactly 3" straight backwards (this is ${roundTo(toInches(path.lengthMm), 3)}")`, rule: TEAM_UPGRADES }))
    if (endTurn === null || Math.abs(Math.abs(endTurn) - 180) > 0.5) reasons.push(book.reason({ code: 'j-turn-rotate', message: 'J-Turn ends by rotating 180 degrees', rule: TEAM_UPGRADES }))
    pivots.length = 0
  } else if (backward) {
    // "A car's Movement is reduced to 2 inches when moving backward."
    allowance = { dist: new Map([[SCRAPLANDS_RULES.backwardMovementInches.value, E1]]), text: 'backward: 2"' }
  } else if (mode === 'advance') {
    const d = advanceDice(fast)
    allowance = d.allowance
    checksFromDice = d.checks
    if (fast) rules.add(SPECIAL)
  } else {
    // "it may add d6 inches to its Movement attribute if it makes no pivots"
    const bonus = pivots.length === 0 ? 1 : 0
    const boostDice = context.boost ? SCRAPLANDS_RULES.boostDice.value : 0
    if (context.boost) {
      rules.add(TEAM_UPGRADES)
      if (!car.upgrades.includes('boost')) reasons.push(book.reason({ code: 'no-upgrade', message: `${m.id} has no Boost upgrade`, rule: TEAM_UPGRADES }))
    }
    const n = bonus + boostDice
    allowance = { dist: enumerateDice(n, (f) => car.movementInches + f.reduce((s, x) => s + x, 0)), text: `Mov ${car.movementInches}"${bonus ? ' + d6 (no pivots)' : ''}${boostDice ? ' + 2d6 (Boost)' : ''}` }
  }

  // Pivots: up to 2 of up to 45°, at least 1" apart; Off-road adds a free pivot at the start of an Advance.
  if (mode === 'move' || mode === 'advance') {
    let counted = pivots
    if (mode === 'advance' && offRoad && pivots[0] && pivots[0].afterMm < 1e-6) {
      counted = pivots.slice(1)
      rules.add(SPECIAL)
    }
    if (table.options.pivotLimit !== 'free') {
      const agile = hasRule(car.rules, 'agile') ? 1 : 0
      if (counted.length > 2 + agile) reasons.push(book.reason({ code: 'too-many-pivots', message: `${counted.length} pivots: a vehicle "may make up to 2 pivots of up to 45 degrees"`, rule: VEHICLE }))
      for (const p of counted) if (Math.abs(p.turnDeg) > 45 + 1e-6) reasons.push(book.reason({ code: 'pivot-too-large', message: `a pivot of ${roundTo(Math.abs(p.turnDeg), 1)}° is more than 45°`, rule: VEHICLE }))
      for (let i = 1; i < counted.length; i++) {
        if (counted[i]!.afterMm - counted[i - 1]!.afterMm < inches(1) - 1e-6) reasons.push(book.reason({ code: 'pivots-too-close', message: 'pivots "must be separated by moving at least 1 inch"', rule: VEHICLE }))
      }
    }
  }

  // Sweep the legs: the first contact with a car or solid terrain (or a ramp) ends the move.
  let stop: Stop | null = null
  const entered = new Set<TableTerrain>()
  let travelled = 0
  for (let i = 0; i < path.legs.length && !stop; i++) {
    const leg = path.legs[i]!
    const dir = leg.direction === 'forward' ? leg.facingDeg : leg.facingDeg + 180
    const s = sweepBase(table, m, {
      from: leg.from, directionDeg: dir, facingDeg: leg.facingDeg, distanceMm: leg.lengthMm,
      stopAtModel: () => true, stopAtTerrain: (t) => isSolid(t) || t.has('ramp'),
    })
    for (const t of s.entered) entered.add(t)
    travelled += s.travelledMm
    if (s.stoppedBy) stop = { leg: i, at: s.end, by: s.stoppedBy, facingDeg: leg.facingDeg, direction: leg.direction }
  }

  const checks: Array<{ model: string; count: number; source: string; rule: string }> = []
  let collision: Record<string, unknown> | undefined
  let ramp: Record<string, unknown> | undefined
  if (stop && stop.by.kind === 'model') {
    const other = table.model(stop.by.id)
    // "If at any point during your move you move into base contact with another car your movement ends and both cars must make a control check"
    checks.push({ model: m.id, count: 1, source: `collision with ${other.id}`, rule: MOVE_RULE })
    let otherChecks = 1
    if (car.upgrades.includes('ram') && stop.direction === 'forward' && other.side !== m.side) {
      otherChecks++
      rules.add(TEAM_UPGRADES)
    }
    checks.push({ model: other.id, count: otherChecks, source: `collision with ${m.id}${otherChecks > 1 ? ' (+1 Ram)' : ''}`, rule: otherChecks > 1 ? TEAM_UPGRADES : MOVE_RULE })
    collision = { with: other.id, at: [roundTo(stop.at[0], 2), roundTo(stop.at[1], 2)], movingForward: stop.direction === 'forward' }
  } else if (stop && stop.by.kind === 'terrain') {
    const piece = table.terrainPiece(stop.by.id)
    if (piece.has('ramp') && onRampEntry(m, stop.at, stop.facingDeg, piece)) {
      rules.add(RAMPS)
      ramp = { ramp: piece.id, at: [roundTo(stop.at[0], 2), roundTo(stop.at[1], 2)], effect: 'the action ends; the car moves 2D6" directly forward from the end of the ramp, then takes 1 control check (query "ramp")' }
    } else {
      // "If your car collides with any terrain it cannot move through it's movement ends as though it hit another car and it takes a control check."
      rules.add(piece.has('ramp') ? RAMPS : TERRAIN)
      checks.push({ model: m.id, count: 1, source: `collision with ${piece.id}${piece.has('ramp') ? ' (a ramp outside its marked entry is solid)' : ''}`, rule: piece.has('ramp') ? RAMPS : TERRAIN })
      collision = { with: piece.id, at: [roundTo(stop.at[0], 2), roundTo(stop.at[1], 2)], terrain: true }
    }
  }
  for (const t of entered) {
    const dangerous = t.has('dangerous')
    if (t.has('destructible')) {
      // "Cars moving into destructible terrain make 1 control check ... If the terrain is also dangerous they make 2 control checks."
      checks.push({ model: m.id, count: dangerous ? 2 : 1, source: `destructible terrain ${t.id} (removed after the move)`, rule: DESTRUCTIBLE })
      rules.add(DESTRUCTIBLE)
    } else if (dangerous) {
      // "you roll 1 control check for each move or advance action that includes moving through the terrain"
      checks.push({ model: m.id, count: 1, source: `dangerous terrain ${t.id}`, rule: DANGEROUS })
      rules.add(DANGEROUS)
    }
  }
  if (checksFromDice) rules.add(MOVE_RULE)

  const end = stop ? stop.at : (path.legs[path.legs.length - 1]?.to ?? [m.x, m.y])
  const endBase = placeBase(m.base, end[0], end[1], stop ? stop.facingDeg : path.finalFacingDeg)
  const r = Math.max(endBase.halfLengthMm, endBase.halfWidthMm)
  if (end[0] - r < -1e-6 || end[1] - r < -1e-6 || end[0] + r > table.widthMm + 1e-6 || end[1] + r > table.depthMm + 1e-6) {
    reasons.push(book.reason({ code: 'off-table', message: 'no part of a base may move outside the battlefield', rule: 'core-rules/playing-a-game.html#action-move' }))
  }
  const needInches = toInches(stop ? travelled : path.lengthMm)
  const maxInches = Math.max(...allowance.dist.keys())
  if (needInches > maxInches + toInches(toleranceMm)) reasons.push(book.reason({ code: 'too-far', message: `${roundTo(needInches, 3)}" is more than the most the allowance can give (${maxInches}")`, rule: MOVE_RULE }))
  // P(the dice allow this distance): 9" + 0.5 mm on Mov 5 + d6 needs a 5 or 6 (1/3), never a free millimetre.
  const reach = probAtLeast(allowance.dist, needInches - toInches(toleranceMm - FLOAT_EPSILON_MM))

  const byModel = new Map<string, number>()
  for (const c of checks) byModel.set(c.model, (byModel.get(c.model) ?? 0) + c.count)
  const odds = [...byModel.entries()].map(([id, n]) => {
    const v = id === m.id ? car : viewOf(table.model(id))
    const o = controlCheckOdds(v.skill, v.toughness, hasRule(v.rules, 'sturdy'), hasRule(v.rules, 'ramshackle'))
    return { model: id, ...oddsFigure(o, n) }
  })
  return {
    allowed: reasons.length === 0,
    mode,
    distance: { mm: roundTo(stop ? travelled : path.lengthMm, 2), inches: roundTo(needInches, 3) },
    allowance: { dice: allowance.text, maxInches, reach: { probability: chanceE(reach).value, ...chanceE(reach) } },
    path: {
      legs: path.legs.map((l) => ({ from: [roundTo(l.from[0], 2), roundTo(l.from[1], 2)], to: [roundTo(l.to[0], 2), roundTo(l.to[1], 2)], direction: l.direction })),
      pivots: path.pivots.map((p) => ({ at: [roundTo(p.at[0], 2), roundTo(p.at[1], 2)], turnDeg: roundTo(p.turnDeg, 2) })),
      finalFacingDeg: roundTo(wrapDeg(path.finalFacingDeg), 2),
    },
    ...(stop ? { stopsAt: [roundTo(stop.at[0], 2), roundTo(stop.at[1], 2)] } : {}),
    ...(collision ? { collision } : {}),
    ...(ramp ? { ramp } : {}),
    controlChecks: checks.map((c) => book.cite(c)),
    ...(checksFromDice ? { advanceDiceChecks: [...checksFromDice.entries()].sort((a, b) => a[0] - b[0]).map(([n, p]) => ({ checks: n, probability: chanceE(p).value, ...chanceE(p) })) } : {}),
    controlCheckOdds: odds,
    reasons,
    ...book.sources(rules),
  }
}

