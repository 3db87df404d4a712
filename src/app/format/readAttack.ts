// Reads an attack result for display. Systems shape some fields their own way (a `need` per stage,
// a margin inside `distance`, a LoS over a whole unit); this takes what is there, tolerates what is
// not, and never computes a figure itself.
import type { MarginFigure, QueryResult } from '../../engine/index.ts'

export type AttackView = {
  allowed: boolean | null
  reasons: Array<{ code: string; message: string; rule: string }>
  distanceMm: number | null
  distanceInches: number | null
  points: [[number, number, number], [number, number, number]] | null
  margin: MarginFigure | null
  los: { label: string; fraction: number | null; blockers: string[] } | null
  cover: { level: string; rule: string } | null | undefined
  arc: string | null
  modifiers: Array<{ source: string; value: number | string; rule: string }>
  need: string[]
  probability: { hit: number; effect: number; hitExact: string; effectExact: string } | null
  rules: string[]
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v))
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

function isMargin(v: unknown): v is MarginFigure {
  return isObj(v) && typeof v.marginMm === 'number' && typeof v.thresholdMm === 'number'
}

/** Fields the card shows itself (the rest go under "More from the engine"). */
export const SHOWN_FIELDS = new Set(['id', 'type', 'allowed', 'reasons', 'distance', 'inRange', 'margin', 'los', 'cover', 'arc', 'modifiers', 'need', 'probability', 'rules', 'weapon'])

export function readAttack(r: QueryResult): AttackView {
  const distance = isObj(r.distance) ? r.distance : null
  const pts = distance && Array.isArray(distance.points) && distance.points.length === 2 ? (distance.points as AttackView['points']) : null
  const margin = isMargin(r.margin) ? r.margin : isMargin(distance?.margin) ? (distance!.margin as MarginFigure) : null
  let los: AttackView['los'] = null
  if (isObj(r.los)) {
    const l = r.los
    const label = typeof l.class === 'string' ? l.class : l.visible === true || (typeof l.visible === 'number' && l.visible > 0) ? 'visible' : l.visible === false ? 'not visible' : ''
    los = { label, fraction: num(l.fraction), blockers: Array.isArray(l.blockers) ? l.blockers.map(str) : [] }
  }
  const cover = r.cover === null ? null : isObj(r.cover) ? { level: str(r.cover.level), rule: str(r.cover.rule) } : undefined
  const need = typeof r.need === 'string' ? [r.need] : isObj(r.need) ? Object.values(r.need).map(str) : Array.isArray(r.need) ? r.need.map(str) : []
  let probability: AttackView['probability'] = null
  if (isObj(r.probability) && num(r.probability.hit) !== null) {
    const p = r.probability
    const exact = isObj(p.exact) ? p.exact : {}
    probability = { hit: num(p.hit)!, effect: num(p.effect) ?? num(p.hit)!, hitExact: str(exact.hit), effectExact: str(exact.effect) }
  }
  return {
    allowed: typeof r.allowed === 'boolean' ? r.allowed : null,
    reasons: Array.isArray(r.reasons) ? r.reasons.filter(isObj).map((x) => ({ code: str(x.code), message: str(x.message), rule: str(x.rule) })) : [],
    distanceMm: num(distance?.mm),
    distanceInches: num(distance?.inches),
    points: pts,
    margin,
    los,
    cover,
    arc: typeof r.arc === 'string' ? r.arc : null,
    modifiers: Array.isArray(r.modifiers)
      ? r.modifiers.filter(isObj).map((m) => ({ source: str(m.source ?? m.name), value: typeof m.value === 'number' || typeof m.value === 'string' ? m.value : str(m.value), rule: str(m.rule) }))
      : [],
    need,
    probability,
    rules: Array.isArray(r.rules) ? r.rules.map(str) : [],
  }
}
