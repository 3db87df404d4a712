// Squadrons ship movement (squadrons/module-rules.html#ship-movement, #evasion, #dangerous), on the
// core vehicle rules (ships "count as having the Vehicle special rule", squadrons/introduction.html):
// a Move every activation, the full distance, one pivot per action (Agile: one more), Advance may
// instead be 2" forward and exactly 180°, Boost adds up to 3" with no pivot, bases may be passed over
// when the move can finish clear of them; Evasion slides up to 2" directly left or right.
import { type QueryOf, type ResultBody, type UniformReason, type Table, type TableModel, inches, roundTo, toInches, wrapDeg, type MoveResult } from '../../../engine/index.ts'
import { chanceE } from '../index.ts'
import { book } from '../index.ts'
import { type ParsedRule, addE, complementE, exact, formatE, hasRule, mulE, toNumberE } from '../index.ts'
import { counterNeed, d6Success } from '../index.ts'
import { measurePathOverlaps, solveOnePivot, traceVehiclePath, type VehiclePath } from '../index.ts'
import { sweepBase, baseOverlapsFootprint } from '../index.ts'
import { SQUADRONS_RULES } from './catalogue.ts'
import { placeBase } from '../../../engine/index.ts'

const MOVE = SQUADRONS_RULES.advanceTurnForwardInches.section
const EVADE = SQUADRONS_RULES.evasionInches.section
const VEHICLE = 'core-rules/advanced-rules.html#vehicle-movement-restrictions'
const AGILE = 'core-rules/special-rules-appendix.html#unit-special-rules'
const BOOST = SQUADRONS_RULES.boostInches.section
const ACTION_MOVE = 'core-rules/playing-a-game.html#action-move'

export type ShipMoveMode = 'move' | 'advance' | 'advance-turn' | 'evade'
export const SHIP_MOVE_MODES: readonly ShipMoveMode[] = ['move', 'advance', 'advance-turn', 'evade']

export type ShipMoveContext = {
  /** Boost: the ship made (or makes) both a Move and an Advance this activation without pivoting. */
  readonly boost?: boolean
  /** Agile: the extra 45° pivot was already used in this activation's other action. */
  readonly agilePivotUsed?: boolean
  /** Pivot points the base centre passes, in order (else solved from `to` and `facing`). */
  readonly via?: ReadonlyArray<readonly [number, number]>
  /** The ship is at full Hit Points (Shields), default true. */
  readonly fullHitPoints?: boolean
}

export type ShipMoveInput = {
  readonly table: Table
  readonly ship: TableModel
  readonly movementInches: number
  readonly toughness: number
  readonly rules: readonly ParsedRule[]
  readonly query: QueryOf<'move'>
  readonly context: ShipMoveContext
}

type Pivot = { at: [number, number]; turnDeg: number; afterMm: number }

function round2(p: readonly [number, number]): [number, number] {
  return [roundTo(p[0], 2), roundTo(p[1], 2)]
}

/** The path the ship takes to reach `to` (and `facing`), with the fewest pivots that fit. */
function shipPath(ship: TableModel, to: readonly [number, number], facing: number | undefined, via: ShipMoveContext['via']): VehiclePath {
  const start: [number, number] = [ship.x, ship.y]
  if (via && via.length) return traceVehiclePath(start, ship.facingDeg, [...via, to], facing)
  if (facing !== undefined && Math.abs(wrapDeg(facing - ship.facingDeg)) > 0.5) {
    const solved = solveOnePivot(start, ship.facingDeg, to, facing)
    if (solved) return traceVehiclePath(start, ship.facingDeg, [solved.pivotAt, to], facing)
  }
  return traceVehiclePath(start, ship.facingDeg, [to], facing)
}

/** Answer a `move` query for a ship. */
export function measureShipMove(input: ShipMoveInput): MoveResult {
  const { table, ship, query: q, context } = input
  const mode = (q.mode ?? 'move') as ShipMoveMode
  const reasons: UniformReason[] = []
  const rules = new Set<string>([MOVE, VEHICLE])
  const toleranceMm = Number(table.options.moveToleranceMm ?? 1) + 2 * ship.uncertaintyMm
  const pivotLimit = table.options.pivotMaxDeg === 'free' ? 180 : 45

  if (mode === 'evade') return measureEvasion(input)

  const path = shipPath(ship, q.to, q.facing, context.via)
  const pivots: Pivot[] = path.pivots.map((p) => ({ at: p.at, turnDeg: p.turnDeg, afterMm: p.afterMm }))
  const lengthMm = path.lengthMm
  let allowanceMinMm: number
  let allowanceMaxMm: number

  if (mode === 'advance-turn') {
    // "When you make an Advance action you may instead move 2 inches forward and pivot your ship exactly 180 degrees."
    const forward = inches(SQUADRONS_RULES.advanceTurnForwardInches.value)
    const ux = Math.cos((ship.facingDeg * Math.PI) / 180)
    const uy = Math.sin((ship.facingDeg * Math.PI) / 180)
    const along = (q.to[0] - ship.x) * ux + (q.to[1] - ship.y) * uy
    const across = -(q.to[0] - ship.x) * uy + (q.to[1] - ship.y) * ux
    const turned = q.facing === undefined ? null : wrapDeg(q.facing - ship.facingDeg)
    allowanceMinMm = allowanceMaxMm = forward
    if (Math.abs(along - forward) > toleranceMm || Math.abs(across) > toleranceMm) {
      reasons.push(book.reason({ code: 'advance-turn-shape', message: `the 180° Advance moves exactly 2" straight forward (this is ${roundTo(toInches(along), 3)}" forward, ${roundTo(toInches(across), 3)}" sideways)`, rule: MOVE }))
    }
    if (turned === null || Math.abs(Math.abs(turned) - 180) > 0.5) {
      reasons.push(book.reason({ code: 'advance-turn-angle', message: `the ship must end facing exactly 180° from its start facing (${ship.facingDeg}° → ${wrapDeg(ship.facingDeg + 180)}°)`, rule: MOVE }))
    }
    return finish(input, mode, [[ship.x, ship.y], [q.to[0], q.to[1]]], Math.hypot(q.to[0] - ship.x, q.to[1] - ship.y), allowanceMinMm, allowanceMaxMm, [], reasons, rules, q.facing ?? wrapDeg(ship.facingDeg + 180))
  }

  const mov = inches(input.movementInches)
  allowanceMinMm = allowanceMaxMm = mov
  const agile = hasRule(input.rules, 'agile')
  const allowedPivots = SQUADRONS_RULES.pivotsPerAction.value + (agile && !context.agilePivotUsed ? 1 : 0)
  if (agile) rules.add(AGILE)
  if (pivots.length > allowedPivots) {
    reasons.push(book.reason({ code: 'too-many-pivots', message: `${pivots.length} pivots; a ship "may only make 1 pivot per action"${agile ? ' (+1 for Agile)' : ''}`, rule: MOVE }))
  }
  for (const p of pivots) {
    if (Math.abs(p.turnDeg) > pivotLimit + 1e-6) {
      reasons.push(book.reason({ code: 'pivot-too-large', message: `a pivot of ${roundTo(Math.abs(p.turnDeg), 1)}° exceeds ${pivotLimit}° (vehicle pivots are "up to 45 degrees"; option pivotMaxDeg)`, rule: VEHICLE }))
    }
  }
  for (let i = 1; i < pivots.length; i++) {
    if (pivots[i]!.afterMm - pivots[i - 1]!.afterMm < inches(1) - 1e-6) {
      reasons.push(book.reason({ code: 'pivots-too-close', message: 'pivots "must be separated by moving at least 1 inch"', rule: VEHICLE }))
    }
  }
  if (path.legs.some((l) => l.direction === 'backward')) rules.add(VEHICLE)
  // Boost: "If this ship makes a Move and Advance action and does not pivot it may add up to 3 inches to it's movement."
  const boostApplies = hasRule(input.rules, 'boost') && context.boost === true && pivots.length === 0 &&
    (mode === 'advance' || table.options.boostOnAdvance === 'either')
  if (boostApplies) {
    allowanceMaxMm = mov + inches(SQUADRONS_RULES.boostInches.value)
    rules.add(BOOST)
  }
  const points: Array<[number, number]> = [[ship.x, ship.y], ...path.legs.map((l) => l.to)]
  return finish(input, mode, points, lengthMm, allowanceMinMm, allowanceMaxMm, pivots, reasons, rules, path.finalFacingDeg, path)
}

function finish(
  input: ShipMoveInput, mode: ShipMoveMode, points: Array<[number, number]>, lengthMm: number, minMm: number, maxMm: number,
  pivots: Pivot[], reasons: UniformReason[], rules: Set<string>, finalFacingDeg: number, path?: VehiclePath,
): MoveResult {
  const { table, ship } = input
  const toleranceMm = Number(table.options.moveToleranceMm ?? 1) + 2 * ship.uncertaintyMm
  const forced = table.options.forcedFullMove !== false
  // "you must also move the maximum distance allowed"
  if (lengthMm > maxMm + toleranceMm) {
    reasons.push(book.reason({ code: 'too-far', message: `${roundTo(toInches(lengthMm), 3)}" is more than the ${roundTo(toInches(maxMm), 3)}" allowed`, rule: MOVE }))
  } else if (forced && lengthMm < minMm - toleranceMm) {
    reasons.push(book.reason({ code: 'forced-full-move', message: `ships "must also move the maximum distance allowed": ${roundTo(toInches(lengthMm), 3)}" of ${roundTo(toInches(minMm), 3)}"`, rule: MOVE }))
  }
  const end = points[points.length - 1]!
  const usedPath = path ?? traceVehiclePath([ship.x, ship.y], ship.facingDeg, [end], finalFacingDeg)
  const overlaps = measurePathOverlaps(table, ship, usedPath)
  const endsOn = overlaps.endsOn
  let stopsAt: [number, number] | undefined
  if (endsOn.length) {
    const enemy = endsOn.find((o) => o.side !== ship.side)
    if (enemy) {
      // "If you do not have sufficient movement your ship stops before passing over the enemy base and your activation ends."
      stopsAt = overlaps.firstTouch.get(enemy.id)
      reasons.push(book.reason({ code: 'stops-before-enemy-base', message: `the move would end on ${enemy.id}'s base: the ship stops before passing over it and its activation ends`, rule: MOVE }))
    } else {
      reasons.push(book.reason({ code: 'ends-overlapping', message: `bases may be passed over "so long as they do not overlap at the end of their movement" (${endsOn.map((o) => o.id).join(', ')})`, rule: ACTION_MOVE }))
    }
  }
  const endBase = placeBase(ship.base, end[0], end[1], finalFacingDeg)
  const r = Math.max(endBase.halfLengthMm, endBase.halfWidthMm)
  if (end[0] - r < -1e-6 || end[1] - r < -1e-6 || end[0] + r > table.widthMm + 1e-6 || end[1] + r > table.depthMm + 1e-6) {
    reasons.push(book.reason({ code: 'off-table', message: 'no part of a base may move outside the battlefield', rule: ACTION_MOVE }))
  }
  const dangerous = table.terrain.filter((t) => t.has('dangerous') && usedPath.legs.some((l) => legTouches(ship, l, t.solid.footprint)))
  return {
    allowed: reasons.length === 0,
    mode,
    distance: { mm: roundTo(lengthMm, 2), inches: roundTo(toInches(lengthMm), 3) },
    allowance: { minInches: roundTo(toInches(minMm), 3), maxInches: roundTo(toInches(maxMm), 3), forcedFull: forced },
    path: { points: points.map(round2), pivots: pivots.map((p) => ({ at: round2(p.at), turnDeg: roundTo(p.turnDeg, 2) })), finalFacingDeg: roundTo(finalFacingDeg, 2) },
    passesOver: overlaps.passedOver.map((o) => o.id),
    ...(stopsAt ? { stopsAt: round2(stopsAt) } : {}),
    ...(dangerous.length ? { dangerousTerrain: dangerous.map((t) => t.id), dangerous: dangerousOdds(input) } : {}),
    reasons,
    ...book.sources(rules),
  }
}

/**
 * Dangerous: "roll a d6 at the end of their activation, on a roll of a 4+ they take 1 hit with a Damage of 5
 * and must roll to Counter it as normal" (Shields re-roll at full Hit Points).
 */
function dangerousOdds(input: ShipMoveInput) {
  const roll = exact(7 - SQUADRONS_RULES.dangerousHitOn.value, 6)
  const c = counterNeed(SQUADRONS_RULES.dangerousDamage.value, input.toughness)
  const p = d6Success(c.need)
  const shields = hasRule(input.rules, 'shields') && input.context.fullHitPoints !== false
  const pCounter = shields ? addE(p, mulE(complementE(p), p)) : p
  const lose = mulE(roll, complementE(pCounter))
  return {
    hitOn: `${SQUADRONS_RULES.dangerousHitOn.value}+`, damage: SQUADRONS_RULES.dangerousDamage.value, counter: `${c.need}+ (${c.row})${shields ? ', Shields re-roll' : ''}`,
    hpLost: { probability: chanceE(lose).value, ...chanceE(lose) }, ...book.cite({ rule: SQUADRONS_RULES.dangerousDamage.section }),
  }
}

function legTouches(ship: TableModel, leg: VehiclePath['legs'][number], footprint: ReadonlyArray<readonly [number, number]>): boolean {
  const steps = Math.max(1, Math.ceil(leg.lengthMm / 2))
  for (let i = 0; i <= steps; i++) {
    const f = i / steps
    const b = placeBase(ship.base, leg.from[0] + (leg.to[0] - leg.from[0]) * f, leg.from[1] + (leg.to[1] - leg.from[1]) * f, leg.facingDeg)
    if (baseOverlapsFootprint(b, footprint)) return true
  }
  return false
}

/**
 * Evasion: "move this ship up to 2 inches directly to the left or right of its forward direction,
 * stopping if it would overlap another ship's base" (squadrons/module-rules.html#evasion).
 */
function measureEvasion(input: ShipMoveInput): MoveResult {
  const { table, ship, query: q } = input
  const reasons: UniformReason[] = []
  const toleranceMm = Number(table.options.moveToleranceMm ?? 1) + 2 * ship.uncertaintyMm
  const ux = Math.cos((ship.facingDeg * Math.PI) / 180)
  const uy = Math.sin((ship.facingDeg * Math.PI) / 180)
  const dx = q.to[0] - ship.x
  const dy = q.to[1] - ship.y
  const along = dx * ux + dy * uy
  const across = -dx * uy + dy * ux
  const limit = inches(SQUADRONS_RULES.evasionInches.value)
  if (Math.abs(along) > toleranceMm) reasons.push(book.reason({ code: 'evade-direction', message: `evasion moves "directly to the left or right" (this has ${roundTo(toInches(along), 3)}" along the facing)`, rule: EVADE }))
  if (Math.abs(across) > limit + toleranceMm) reasons.push(book.reason({ code: 'evade-too-far', message: `${roundTo(toInches(Math.abs(across)), 3)}" is more than the 2" an evasion allows`, rule: EVADE }))
  if (q.facing !== undefined && Math.abs(wrapDeg(q.facing - ship.facingDeg)) > 0.5) reasons.push(book.reason({ code: 'evade-turns', message: 'evasion slides the ship without turning it', rule: EVADE }))
  const side = across >= 0 ? 90 : -90
  const sweep = sweepBase(table, ship, {
    from: [ship.x, ship.y], directionDeg: ship.facingDeg + side, facingDeg: ship.facingDeg, distanceMm: Math.min(Math.abs(across), limit),
    stopAtModel: () => true, stopAtTerrain: () => false,
  })
  if (sweep.stoppedBy) {
    reasons.push(book.reason({ code: 'evade-stopped', message: `the ship stops after ${roundTo(toInches(sweep.travelledMm), 3)}": it "would overlap another ship's base" (${sweep.stoppedBy.id})`, rule: EVADE }))
  }
  return {
    allowed: reasons.length === 0,
    mode: 'evade',
    side: side > 0 ? 'left' : 'right',
    distance: { mm: roundTo(Math.abs(across), 2), inches: roundTo(toInches(Math.abs(across)), 3) },
    allowance: { minInches: 0, maxInches: SQUADRONS_RULES.evasionInches.value, forcedFull: false },
    ...(sweep.stoppedBy ? { stopsAt: round2(sweep.end), stoppedBy: sweep.stoppedBy.id } : {}),
    effect: 'spend 1 Command Point (Countermeasures: once per game free); re-roll failed Defence and Counter rolls against this attack',
    reasons,
    ...book.sources([EVADE]),
  }
}
