// Squadrons' planning queries (issue 32): a ship's reach under module-rules.html#ship-movement on the
// core's vehicle rules: a Move (or Advance) goes the full distance with one pivot (Agile: one more, unless
// used in the other action), up to 45° (option pivotMaxDeg); Move + Advance both in one activation (2 ×
// Mov, a pivot each); the Advance that goes 2" forward and turns 180°; Evasion, up to 2" left or right.
// Ships may pass over other bases but not end on them; gas clouds are free to cross. Threat and exposure:
// the core's (the game's attack and sight hooks apply through its own attack and los queries).
import { declareMoveModes, type MovementModel, type QueryOf, type ReachResult, type Table, type TableModel, ONE, SceneError, answerReach, inches } from '../../../engine/index.ts'
import { type CadenceCore, cadenceMovement, hasRule } from '../index.ts'
import { SHIP_MOVE_MODES, type ShipMoveContext } from './shipMovement.ts'
import { SQUADRONS_RULES } from './catalogue.ts'

const MOVE = SQUADRONS_RULES.advanceTurnForwardInches.section
const EVADE = SQUADRONS_RULES.evasionInches.section
const VEHICLE = 'core-rules/advanced-rules.html#vehicle-movement-restrictions'
const MODES = [...SHIP_MOVE_MODES, 'move-advance'] as const

/** The modes `reach` answers, the default first (RuleSystem.moveModes). */
export const moveModes = declareMoveModes(MODES)

function shipMove(core: CadenceCore, table: Table, m: TableModel, mode: string, ctx: ShipMoveContext): MovementModel {
  const base = cadenceMovement(core, table, m, 'move', {})
  const v = core.view(table, m)
  const agile = hasRule(v.rules, 'agile') && !ctx.agilePivotUsed ? 1 : 0
  const boost = ctx.boost === true && hasRule(v.rules, 'boost') ? SQUADRONS_RULES.boostInches.value : 0
  const maxPivotDeg = table.options.pivotMaxDeg === 'free' ? 180 : 45
  const fixed = (mmAllowed: number, formula: string, rule: string) => ({ formula, rule, rolls: [{ roll: 0, chance: ONE }], mm: () => [{ mm: mmAllowed, chance: ONE }], maxMm: mmAllowed })
  const common = { ...base, mode, piece: () => ({ role: 'open' as const }), other: () => ({ role: 'no-end' as const, rule: MOVE, reason: 'a ship may pass over bases but not end on one' }), rules: [MOVE, VEHICLE], notes: [{ rule: MOVE, reason: 'a ship must take a Move action every activation, moving the maximum distance' }] }
  if (mode === 'advance-turn') {
    return { ...common, allowance: fixed(inches(SQUADRONS_RULES.advanceTurnForwardInches.value), '2" forward, then exactly 180°', MOVE), vehicle: { pivots: 0, maxPivotDeg: 0, minBetweenPivotsMm: 0, backward: false, fullDistance: true, rule: MOVE } }
  }
  if (mode === 'evade') {
    // Sideways: the straight line left or right (answered as two lines by squadronsReach).
    return { ...common, allowance: fixed(inches(SQUADRONS_RULES.evasionInches.value), 'up to 2" directly left or right', EVADE) }
  }
  const both = mode === 'move-advance'
  const mov = inches(v.movementInches) * (both ? 2 : 1) + (boost ? inches(boost) : 0)
  return {
    ...common,
    allowance: fixed(mov, `${both ? 'Move + Advance: 2 × ' : ''}Mov ${v.movementInches}"${boost ? ' + 3" (Boost, no pivot)' : ''}, the full distance`, MOVE),
    vehicle: { pivots: boost ? 0 : (both ? 2 : 1) + agile, maxPivotDeg, minBetweenPivotsMm: inches(1), backward: true, fullDistance: true, rule: MOVE },
  }
}

export function squadronsReach(core: CadenceCore, table: Table, q: QueryOf<'reach'>): ReachResult {
  const mode = q.mode ?? 'move'
  if (!(MODES as readonly string[]).includes(mode)) throw new SceneError([{ path: 'mode', message: `ship moves: ${MODES.join(', ')}` }])
  const m = table.model(q.model)
  const ctx = (q.context ?? {}) as ShipMoveContext
  if (mode !== 'evade') return answerReach(table, q, shipMove(core, table, m, mode, ctx))
  const sideways = (sign: 1 | -1) => {
    const mm = shipMove(core, table, m, mode, ctx)
    const a = ((m.facingDeg + sign * 90) * Math.PI) / 180
    return answerReach(table, q, { ...mm, straight: { toward: [m.x + Math.cos(a) * 1e4, m.y + Math.sin(a) * 1e4], stopMm: Infinity, rule: EVADE, reason: 'Evasion moves directly left or right of the forward direction' } })
  }
  const left = sideways(1)
  const right = sideways(-1)
  return { ...left, area: [...left.area, ...right.area], points: left.points.map((p, i) => (p.reachable || p.reasons[0]?.code !== 'off-the-line' ? p : right.points[i]!)) }
}
