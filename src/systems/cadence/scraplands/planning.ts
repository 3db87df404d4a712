// Scraplands' planning queries (issue 32): a car's reach under module-rules.html#car-movement on the
// core's vehicle rules: Move = Mov + d6 driven straight (no pivots) or Mov with up to 2 pivots of 45° at
// least 1" apart (Off-road: one more at the start of an Advance); Advance = the two highest of 3d6 (Fast:
// all three); backward at most 2"; Drift up to 8" forward; J-Turn exactly 3" back. The first contact
// with a car or solid terrain ends the move (#terrain): the reach runs up to it. Threat and exposure: the
// core's, every car a vehicle.
import {
  declareMoveModes, type Allowance, type Fraction, type MovementModel, type QueryOf, type ReachResult, type Table, type TableModel,
  ONE, SceneError, answerReach, dice, fraction, inches,
} from '../../../engine/index.ts'
import { type CadenceCore, cadenceMovement, hasRule } from '../index.ts'
import { advanceDice, CAR_MOVE_MODES, type CarMoveMode } from './carMovement.ts'
import { SCRAPLANDS_RULES } from './catalogue.ts'
import { carView } from './rules.ts'

const MOVE = SCRAPLANDS_RULES.backwardMovementInches.section
const TEAM = SCRAPLANDS_RULES.driftMaxInches.section
const VEHICLE = 'core-rules/advanced-rules.html#vehicle-movement-restrictions'

/** The modes `reach` answers, the default first (RuleSystem.moveModes). */
export const moveModes = declareMoveModes(CAR_MOVE_MODES)

const isSolid = (t: { has: (k: string) => boolean }) => t.has('solid') || t.has('impassable') || t.has('climbable')

function rollsOf(dist: ReadonlyMap<number, { n: bigint; d: bigint }>): Array<{ roll: number; chance: Fraction }> {
  return [...dist].sort((a, b) => a[0] - b[0]).map(([v, p]) => ({ roll: v, chance: fraction(Number(p.n), Number(p.d)) }))
}

/** A car's move for one shape of path: its dice or fixed allowance and its vehicle rules. */
function carMove(core: CadenceCore, table: Table, m: TableModel, mode: CarMoveMode, shape: 'straight' | 'pivots', context: Record<string, unknown>): MovementModel {
  const car = carView(core, table, m)
  const base = cadenceMovement(core, table, m, 'move', {})
  const offRoad = hasRule(car.rules, 'off-road')
  const agile = hasRule(car.rules, 'agile') ? 1 : 0
  const back = inches(SCRAPLANDS_RULES.backwardMovementInches.value)
  let rolls: Array<{ roll: number; chance: Fraction }>
  let formula: string
  let pivots = 0
  let forward = true
  let backward = true
  let fullDistance = false
  if (mode === 'move') {
    // "it may add d6 inches to its Movement attribute if it makes no pivots"; Boost adds 2d6 on a Move.
    const boost = context.boost === true ? SCRAPLANDS_RULES.boostDice.value : 0
    const d = dice((shape === 'straight' ? 1 : 0) + boost, 6, car.movementInches)
    rolls = [...d.counts].sort((a, b) => a[0] - b[0]).map(([v, c]) => ({ roll: v, chance: fraction(c, d.total) }))
    formula = `Mov ${car.movementInches}"${shape === 'straight' ? ' + d6 (no pivots)' : ' with pivots'}${boost ? ' + 2d6 (Boost)' : ''}`
    pivots = shape === 'straight' ? 0 : 2 + agile
  } else if (mode === 'advance') {
    rolls = rollsOf(advanceDice(hasRule(car.rules, 'fast')).allowance.dist)
    formula = hasRule(car.rules, 'fast') ? '3d6 (Fast: all three dice)' : 'the two highest of 3d6'
    pivots = 2 + agile + (offRoad ? 1 : 0)
  } else if (mode === 'drift') {
    rolls = [{ roll: SCRAPLANDS_RULES.driftMaxInches.value, chance: ONE }]
    formula = 'Drift: up to 8" directly forward, then a 90° pivot'
    backward = false
  } else {
    rolls = [{ roll: SCRAPLANDS_RULES.jTurnBackInches.value, chance: ONE }]
    formula = 'J-Turn: exactly 3" backwards, then 180°'
    forward = false
    fullDistance = true
  }
  const allowance: Allowance = { formula, rule: mode === 'drift' || mode === 'j-turn' ? TEAM : MOVE, rolls, mm: (roll) => [{ mm: inches(roll), chance: ONE }], maxMm: inches(Math.max(...rolls.map((r) => r.roll))) }
  const refusal = (mode === 'drift' || mode === 'j-turn') && !car.upgrades.includes(mode) ? { code: 'no-upgrade', rule: TEAM, reason: `${m.id} has no ${mode === 'drift' ? 'Drift' : 'J-Turn'} upgrade` } : undefined
  return {
    ...base,
    mode,
    allowance,
    // Cars stop at the first contact with another car or solid terrain: up to it (the control checks are the move query's).
    piece: (t) => (isSolid(t) ? { role: 'blocked', rule: `${MOVE.split('#')[0]}#terrain`, reason: 'contact with solid terrain ends the move' } : { role: 'open' }),
    other: () => ({ role: 'blocked', rule: MOVE, reason: 'base contact with another car ends the move' }),
    vehicle: { pivots, maxPivotDeg: table.options.pivotLimit === 'free' ? 180 : 45, minBetweenPivotsMm: inches(1), forward, backward, backwardMaxMm: back, ...(fullDistance ? { fullDistance } : {}), rule: VEHICLE },
    rules: [MOVE, VEHICLE],
    notes: [{ rule: `${MOVE.split('#')[0]}#dangerous-terrain`, reason: 'dangerous and destructible terrain on the path cost control checks (the move query counts them)' }],
    ...(refusal ? { refusal } : {}),
  }
}

export function scraplandsReach(core: CadenceCore, table: Table, q: QueryOf<'reach'>): ReachResult {
  const mode = (q.mode ?? 'move') as CarMoveMode
  if (!CAR_MOVE_MODES.includes(mode)) throw new SceneError([{ path: 'mode', message: `Scraplands car moves: ${CAR_MOVE_MODES.join(', ')}` }])
  const m = table.model(q.model)
  const ctx = (q.context ?? {}) as Record<string, unknown>
  if (mode !== 'move') return answerReach(table, q, carMove(core, table, m, mode, 'pivots', ctx))
  // A Move either drives straight with the extra d6, or pivots without it: both, a probe taking the better chance.
  const straight = answerReach(table, q, carMove(core, table, m, 'move', 'straight', ctx))
  const turning = answerReach(table, q, carMove(core, table, m, 'move', 'pivots', ctx))
  return {
    ...straight,
    area: [...straight.area, ...turning.area],
    points: straight.points.map((p, i) => {
      const t = turning.points[i]!
      return (t.chance?.value ?? (t.reachable ? 1 : 0)) > (p.chance?.value ?? (p.reachable ? 1 : 0)) ? t : p
    }),
    withPivots: { allowance: turning.allowance, area: turning.area },
  }
}
