// Reads an attack result for display from the uniform fields of tabletop-result/1 only (see
// src/engine/scene/README.md): `sight` for line of sight, `applied` on modifiers, reasons with their
// `citation` and `values`, `citations` beside `rules`, `probability.scope`. No ruleset is special-cased
// here, and no figure is computed: a figure the result does not carry is not shown.
import { type Citation, type MarginFigure, type ProbabilityScope, type QueryResult, type Sight, formatCitation, formatReason, formatScope, formatSightLabel } from '../../engine/index.ts'
import type { Units } from '../state/settingsSlice.ts'

export type AttackView = {
  allowed: boolean | null
  /** `message` is the reason in the user's unit; `rule` is the citation as a person reads it. */
  reasons: Array<{ code: string; message: string; rule: string }>
  distanceMm: number | null
  distanceInches: number | null
  points: [[number, number, number], [number, number, number]] | null
  margin: MarginFigure | null
  /** `label` never contradicts `fraction` without saying why (the ruleset's `because`). */
  los: { label: string; display: Sight['display']; fraction: number | null; blockers: string[] } | null
  cover: { level: string; rule: string } | null | undefined
  arc: string | null
  /** Only modifiers that were applied (a refused action applies none). */
  modifiers: Array<{ source: string; value: number | string; rule: string }>
  need: string[]
  probability: { hit: number; effect: number; hitExact: string; effectExact: string; hitScope: string; effectScope: string } | null
  rules: string[]
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v))
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

function isMargin(v: unknown): v is MarginFigure {
  return isObj(v) && typeof v.marginMm === 'number' && typeof v.thresholdMm === 'number'
}

/** The card prints citations, scopes and sight labels with the engine's text renderers (the CLI's too). */
export const citationText = formatCitation

function citationOf(v: Record<string, unknown>): string {
  return isObj(v.citation) ? citationText(v.citation as Citation) : str(v.rule)
}

/** "each roll" / "whole attack, 4 rolls". */
export function scopeText(s: unknown): string {
  return isObj(s) ? formatScope(s as ProbabilityScope) : ''
}

/** The sight block: the game's class, shown as clear/partial/blocked, with its reason when it overrides the geometry. */
export function readSight(s: Sight, units: Units = 'in'): NonNullable<AttackView['los']> {
  return { label: formatSightLabel(s, units), display: s.display, fraction: s.fraction, blockers: s.blockers }
}

/** Fields the card shows itself (the rest go under "More from the engine"). */
export const SHOWN_FIELDS = new Set(['id', 'type', 'allowed', 'reasons', 'distance', 'inRange', 'margin', 'los', 'cover', 'arc', 'modifiers', 'need', 'probability', 'rules', 'citations', 'sight', 'weapon'])

export function readAttack(r: QueryResult, units: Units = 'in'): AttackView {
  const distance = isObj(r.distance) ? r.distance : null
  const pts = distance && Array.isArray(distance.points) && distance.points.length === 2 ? (distance.points as AttackView['points']) : null
  const margin = isMargin(r.margin) ? r.margin : isMargin(distance?.margin) ? (distance!.margin as MarginFigure) : null
  const sight = isObj(r.los) && isObj(r.los.sight) ? (r.los.sight as Sight) : isObj(r.sight) ? (r.sight as Sight) : null
  const cover = r.cover === null ? null : isObj(r.cover) ? { level: str(r.cover.level), rule: str(r.cover.rule) } : undefined
  const need = typeof r.need === 'string' ? [r.need] : isObj(r.need) ? Object.values(r.need).map(str) : Array.isArray(r.need) ? r.need.map(str) : []
  let probability: AttackView['probability'] = null
  if (isObj(r.probability) && num(r.probability.hit) !== null) {
    const p = r.probability
    const exact = isObj(p.exact) ? p.exact : {}
    const scope = isObj(p.scope) ? p.scope : {}
    probability = { hit: num(p.hit)!, effect: num(p.effect) ?? num(p.hit)!, hitExact: str(exact.hit), effectExact: str(exact.effect), hitScope: scopeText(scope.hit), effectScope: scopeText(scope.effect) }
  }
  const citations = Array.isArray(r.citations) ? (r.citations as unknown[]).filter(isObj).map((c) => citationText(c as Citation)) : null
  return {
    allowed: typeof r.allowed === 'boolean' ? r.allowed : null,
    reasons: Array.isArray(r.reasons) ? r.reasons.filter(isObj).map((x) => ({ code: str(x.code), message: formatReason(x as never, units), rule: citationOf(x) })) : [],
    distanceMm: num(distance?.mm),
    distanceInches: num(distance?.inches),
    points: pts,
    margin,
    los: sight ? readSight(sight, units) : null,
    cover,
    arc: typeof r.arc === 'string' ? r.arc : null,
    modifiers: Array.isArray(r.modifiers)
      ? r.modifiers.filter(isObj).filter((m) => m.applied !== false).map((m) => ({ source: str(m.source ?? m.name), value: typeof m.value === 'number' || typeof m.value === 'string' ? m.value : str(m.value), rule: citationOf(m) }))
      : [],
    need,
    probability,
    rules: citations ?? (Array.isArray(r.rules) ? r.rules.map(str) : []),
  }
}
