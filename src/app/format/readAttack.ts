// Reads an attack result for display from the fields of tabletop-result/1 as the contract types them
// (src/engine/results.ts): `sight` for line of sight, `applied` and `citation` on modifiers, reasons
// with their `citation` and `values`, `citations` beside `rules`, `probability.scope`. No ruleset is
// special-cased, nothing is guessed from a field's shape, and no figure is computed: a figure the
// result does not carry is not shown.
import { type Citation, type MarginFigure, type ProbabilityScope, type ProbabilityScopes, type QueryResult, type ResultModifier, type Sight, type UniformReason, type Vec3Tuple, formatCitation, formatReason, formatScope, formatSightLabel } from '../../engine/index.ts'
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

/**
 * The fields of tabletop-result/1 the card reads, as the contract defines them (src/engine/results.ts,
 * src/engine/scene/README.md). Two are the rulesets' own and come in the documented forms only: `need`
 * (one line, or one line per stage of a chain) and the margin of the deciding threshold (beside the
 * distance, or inside it where the ruleset measures to a unit: Cadence).
 */
type CardFields = {
  allowed?: boolean
  reasons?: UniformReason[]
  distance?: { mm?: number; inches?: number; points?: [Vec3Tuple, Vec3Tuple]; margin?: MarginFigure }
  margin?: MarginFigure
  los?: { sight?: Sight } | null
  sight?: Sight
  cover?: { level: string; citation?: Citation } | null
  arc?: unknown
  modifiers?: ResultModifier[]
  need?: string | Readonly<Record<string, string>>
  probability?: { hit?: number; effect?: number; exact?: { hit: string; effect: string }; scope?: ProbabilityScopes }
}

/** The card prints citations, scopes and sight labels with the engine's text renderers (the CLI's too). */
export const citationText = formatCitation

/** "each roll" / "whole attack, 4 rolls". */
export function scopeText(s: ProbabilityScope): string {
  return formatScope(s)
}

/** The sight block: the game's class, shown as clear/partial/blocked, with its reason when it overrides the geometry. */
export function readSight(s: Sight, units: Units = 'in'): NonNullable<AttackView['los']> {
  return { label: formatSightLabel(s, units), display: s.display, fraction: s.fraction, blockers: s.blockers }
}

/** Fields the card shows itself (the rest go under "More from the engine"). */
export const SHOWN_FIELDS = new Set(['id', 'type', 'allowed', 'reasons', 'distance', 'inRange', 'margin', 'los', 'cover', 'arc', 'modifiers', 'need', 'probability', 'rules', 'citations', 'sight', 'weapon'])

export function readAttack(result: QueryResult, units: Units = 'in'): AttackView {
  const r = result as QueryResult & CardFields
  const p = r.probability
  const probability = p && typeof p.hit === 'number' && typeof p.effect === 'number' && p.exact && p.scope
    ? { hit: p.hit, effect: p.effect, hitExact: p.exact.hit, effectExact: p.exact.effect, hitScope: formatScope(p.scope.hit), effectScope: formatScope(p.scope.effect) }
    : null
  const sight = r.los?.sight ?? r.sight ?? null
  return {
    allowed: typeof r.allowed === 'boolean' ? r.allowed : null,
    reasons: (r.reasons ?? []).map((x) => ({ code: x.code, message: formatReason(x, units), rule: citationText(x.citation) })),
    distanceMm: r.distance?.mm ?? null,
    distanceInches: r.distance?.inches ?? null,
    points: r.distance?.points ?? null,
    margin: r.margin ?? r.distance?.margin ?? null,
    los: sight ? readSight(sight, units) : null,
    cover: r.cover === undefined ? undefined : r.cover === null ? null : { level: r.cover.level, rule: r.cover.citation ? citationText(r.cover.citation) : '' },
    arc: typeof r.arc === 'string' ? r.arc : null,
    modifiers: (r.modifiers ?? []).filter((m) => m.applied).map((m) => ({ source: m.source, value: m.value, rule: citationText(m.citation) })),
    need: typeof r.need === 'string' ? [r.need] : r.need ? Object.values(r.need) : [],
    probability,
    rules: r.citations.map(citationText),
  }
}
