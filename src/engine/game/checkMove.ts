// Moves checked (issue 33): a model's change of place is asked of the ruleset as its `move` query (from
// where it stood to where it now stands, in the move's mode), the same query a player asks by hand, so
// a path-finding `reach` can stand in for it later. The answer reads "moved 7.2″ of 6″" with the margin,
// its uncertainty (the start and end positions' 1-sigmas combined, carried along the cost) and
// "marginal" when the margin is within 2 sigma of zero, as every other threshold call in the engine.
import type { Query } from '../scene/sceneSchema.ts'
import type { ResultBody } from '../results.ts'
import { MM_PER_INCH, roundTo } from '../units.ts'
import { own } from '../own.ts'

/** What the ruleset's move result says, in the unit the ruleset counts moves in (inches or movement points). */
export type MoveReading = {
  unit: 'in' | 'MP'
  /** What the move costs (difficult ground, climbing included), in `unit`. */
  cost: number | null
  /** The allowance in `unit`; a random one (Sprint: M + D6) gives `min` and `max` instead. */
  allowance: number | null
  min?: number
  max?: number
}

export type MoveCheck = {
  model: string
  mode: string | null
  from: [number, number]
  to: [number, number]
  /** The straight distance between the two base centres, mm. */
  straightMm: number
  unit: 'in' | 'MP'
  cost: number | null
  allowance: number | null
  allowanceRange?: { min: number; max: number }
  /** Allowance − cost (positive: to spare), in `unit`. */
  margin: number | null
  /** 1-sigma of the cost, in `unit`. */
  uncertainty: number
  marginal: boolean
  /** The ruleset's verdict (null: it has no move query). */
  allowed: boolean | null
  reasons: Array<{ code: string; message: string; rule: string }>
  rules: string[]
  text: string
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const field = (o: unknown, k: string): unknown => (o && typeof o === 'object' ? own(o as Record<string, unknown>, k) : undefined)

/** A length figure {mm} or {inches} in inches. */
function inchesOf(fig: unknown): number | null {
  const mm = num(field(fig, 'mm'))
  if (mm !== null) return mm / MM_PER_INCH
  return num(field(fig, 'inches'))
}

/** The default reading of a move result: `cost` (else `distance`) against `allowance` {mm|inches} or {min, max} inches. */
export function readMoveResult(result: ResultBody): MoveReading {
  const cost = inchesOf(result.cost) ?? inchesOf(result.distance)
  const allowance = inchesOf(result.allowance)
  const a = result.allowance
  const min = num(field(a, 'min'))
  const max = num(field(a, 'max'))
  return { unit: 'in', cost, allowance, ...(allowance === null && min !== null && max !== null ? { min, max } : {}) }
}

/** The move query for a logged move, from the model's place to its new one. */
export function moveQuery(seq: number, ev: { model: string; to: [number, number]; mode?: string; facing?: number; context?: Record<string, unknown> }, defaultMode: string | undefined): Query {
  const mode = ev.mode ?? defaultMode
  return {
    id: `move-${seq}`,
    type: 'move',
    model: ev.model,
    to: [ev.to[0], ev.to[1]],
    ...(mode ? { mode } : {}),
    ...(ev.facing !== undefined ? { facing: ev.facing } : {}),
    ...(ev.context ? { context: ev.context } : {}),
  } as Query
}

/**
 * The check of one move from its result. `sigmaMm`: the combined 1-sigma of the start and end
 * positions (and of the frame's scale over the move, both ends tracked: stepEvent); the cost's sigma is it times the cost per mm of straight distance.
 */
export function moveCheckOf(args: { model: string; mode: string | null; from: [number, number]; to: [number, number]; sigmaMm: number; result: ResultBody | null; reading: MoveReading | null }): MoveCheck {
  const { model, mode, from, to, sigmaMm, result, reading } = args
  const straightMm = Math.hypot(to[0] - from[0], to[1] - from[1])
  const base = { model, mode, from, to, straightMm: roundTo(straightMm, 2) }
  if (!result || !reading) {
    return { ...base, unit: 'in', cost: null, allowance: null, margin: null, uncertainty: roundTo(sigmaMm / MM_PER_INCH, 3), marginal: false, allowed: null, reasons: [], rules: [], text: `moved ${fmt(straightMm / MM_PER_INCH, 'in')} (no move rule to check it against)` }
  }
  const perMm = reading.cost !== null && straightMm > 1e-9 ? reading.cost / straightMm : reading.unit === 'in' ? 1 / MM_PER_INCH : 0
  const sigma = sigmaMm * perMm
  const limit = reading.allowance ?? reading.max ?? null
  const margin = reading.cost !== null && limit !== null ? limit - reading.cost : null
  const marginal = margin !== null && sigma > 0 && Math.abs(margin) <= 2 * sigma
  const allowed = typeof result.allowed === 'boolean' ? result.allowed : null
  const reasons = Array.isArray(result.reasons) ? (result.reasons as Array<{ code: string; message: string; rule: string }>).map((r) => ({ code: r.code, message: r.message, rule: r.rule })) : []
  return {
    ...base,
    unit: reading.unit,
    cost: reading.cost === null ? null : roundTo(reading.cost, 3),
    allowance: reading.allowance === null ? null : roundTo(reading.allowance, 3),
    ...(reading.allowance === null && reading.min !== undefined && reading.max !== undefined ? { allowanceRange: { min: reading.min, max: reading.max } } : {}),
    margin: margin === null ? null : roundTo(margin, 3),
    uncertainty: roundTo(sigma, 3),
    marginal,
    allowed,
    reasons,
    rules: Array.isArray(result.rules) ? result.rules : [],
    text: moveText(reading, margin, sigma, marginal),
  }
}

function fmt(x: number, unit: 'in' | 'MP'): string {
  const v = String(roundTo(x, 2))
  return unit === 'in' ? `${v}″` : `${v} MP`
}

/** "moved 7.2″ of 6″ (over by 1.2″ ± 0.3″)"; "marginal" when the call is within 2 sigma. */
function moveText(r: MoveReading, margin: number | null, sigma: number, marginal: boolean): string {
  if (r.cost === null) return 'moved (the ruleset gives no length for this move)'
  const verb = r.unit === 'MP' ? 'spent' : 'moved'
  const of = r.allowance !== null ? ` of ${fmt(r.allowance, r.unit)}` : r.min !== undefined && r.max !== undefined ? ` of ${fmt(r.min, r.unit)}–${fmt(r.max, r.unit)} (the dice decide)` : ''
  let tail = ''
  if (margin !== null) {
    const pm = sigma > 0 ? ` ± ${fmt(sigma, r.unit)}` : ''
    tail = margin < 0 ? ` (over by ${fmt(-margin, r.unit)}${pm})` : ` (${fmt(margin, r.unit)} to spare${pm})`
    if (marginal) tail += ', marginal'
  }
  return `${verb} ${fmt(r.cost, r.unit)}${of}${tail}`
}
