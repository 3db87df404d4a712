// The uniform fields of tabletop-result/1, added to every query's result after its ruleset answered
// (additive: no existing field is removed or renamed). Same facts, same names, in every ruleset:
// - probabilities: `value` equals the `exact` fraction (full precision; rounding only in display);
// - LoS: a `sight` block with the geometric facts, the game's class, `because` and a `display` class;
// - refusals: every modifier says whether it was `applied` (never, on a refused action);
// - reasons: a `citation` with a human title, `values` with units and a `template` (reasonData.ts);
//   results: `citations` beside `rules`;
// - auras, blasts and objectives: an `area` in one shape.
import type { RuleSystem } from './ruleSystem.ts'
import { reasonDataOf } from './reasonData.ts'
import type { AreaFigure, AreaMember, Citation, DisplayClass, LosBecause, QueryResultBody, Sight, SightFacts } from './results.ts'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

import { valueOfExact } from './result/figures.ts'
import { geometricDisplay } from './result/sight.ts'

/** A citation: the section as printed and the ruleset's title for it (the section itself when it has none). */
export function citationOf(system: RuleSystem, section: string): Citation {
  return { section, title: titleOf(system, section) }
}

/** Titles asked of a system before (a ruleset's citationTitle is a pure function of the section): speed only. */
const titles = new WeakMap<RuleSystem, Map<string, string>>()
function titleOf(system: RuleSystem, section: string): string {
  let bySection = titles.get(system)
  if (!bySection) titles.set(system, (bySection = new Map()))
  let title = bySection.get(section)
  if (title === undefined) bySection.set(section, (title = system.citationTitle?.(section) ?? section))
  return title
}


/** Names under which rulesets give a probability's number beside its `exact`. */
const LEGACY_PROBABILITY_KEYS = ['probability', 'success', 'pass', 'chance'] as const

function shapeProbability(o: Obj): void {
  const e = o.exact
  if (typeof e === 'string') {
    const v = valueOfExact(e)
    if (v === null) return
    o.value = v
    for (const k of LEGACY_PROBABILITY_KEYS) if (num(o[k]) !== null) o[k] = v
  } else if (isObj(e)) {
    // { hit, effect, exact: { hit, effect } } and the like: each number equals its exact fraction.
    for (const [k, s] of Object.entries(e)) {
      if (typeof s !== 'string' || num(o[k]) === null) continue
      const v = valueOfExact(s)
      if (v !== null) o[k] = v
    }
  }
}

type Reasonish = { code: string; message: string; rule: string }
const isReason = (o: Obj): o is Obj & Reasonish => typeof o.code === 'string' && typeof o.message === 'string' && typeof o.rule === 'string'

function becauseOf(system: RuleSystem, cls: string, display: DisplayClass, geometric: DisplayClass, reasons: readonly Reasonish[] | null): LosBecause {
  const decl = system.losClasses?.[cls]
  // The deciding reason: the ruleset's own (last) reason when it gives one, else its class declaration.
  const last = reasons && reasons.length ? reasons[reasons.length - 1]! : null
  const reason = last ? last.message : (decl?.reason ?? `the ruleset classes this line "${cls}"`)
  const rule = last ? last.rule : (decl?.rule ?? '')
  // The reason as data too, so it prints in the user's unit (a reason given as data keeps its own names).
  const given = last as (Reasonish & { template?: unknown; values?: unknown }) | null
  const data = given && typeof given.template === 'string' && isObj(given.values) ? { template: given.template, values: given.values as LosBecause['values'] } : reasonDataOf(reason)
  return { code: last ? last.code : cls, reason, ...data, citation: citationOf(system, rule), overridesGeometry: display !== geometric }
}

function displayOf(system: RuleSystem, cls: string, geometric: DisplayClass): DisplayClass {
  return system.losClasses?.[cls]?.display ?? geometric
}

/** A pair-level LoS figure (los query, visibility pair, most attacks): facts are its own fields. */
function sightOfFigure(system: RuleSystem, o: Obj, unitReasons: readonly Reasonish[] | null): Sight {
  const facts: SightFacts = {
    visible: o.visible === true,
    fraction: num(o.fraction) ?? 0,
    baseHidden: num(o.baseHidden) ?? 0,
    blockers: Array.isArray(o.blockers) ? (o.blockers as string[]) : [],
  }
  const cls = String(o.class)
  const geometric = geometricDisplay(facts)
  const display = displayOf(system, cls, geometric)
  // (written out, not spread: the same keys in the same order, faster on a matrix of thousands)
  return { visible: facts.visible, fraction: facts.fraction, baseHidden: facts.baseHidden, blockers: facts.blockers, class: cls, display, because: becauseOf(system, cls, display, geometric, unitReasons) }
}

/** A unit-level LoS (Cadence: `models[]` with per-model fractions and the unit's class). */
function sightOfUnit(system: RuleSystem, o: Obj): Sight {
  const models = (o.models as Obj[]).filter(isObj)
  const blockers = new Set<string>()
  for (const m of models) for (const k of ['terrain', 'otherUnits']) if (Array.isArray(m[k])) for (const b of m[k] as string[]) blockers.add(b)
  const facts: SightFacts = {
    visible: models.some((m) => m.visible === true),
    fraction: Math.max(0, ...models.map((m) => num(m.fraction) ?? 0)),
    baseHidden: num(o.baseHidden) ?? 0,
    blockers: [...blockers],
  }
  const cls = String(o.class ?? o.sightClass)
  const geometric = geometricDisplay(facts)
  const display = displayOf(system, cls, geometric)
  const reasons = Array.isArray(o.reasons) ? (o.reasons as Obj[]).filter(isReason) : null
  return { ...facts, class: cls, display, because: becauseOf(system, cls, display, geometric, reasons) }
}

function members(list: unknown): AreaMember[] {
  if (!Array.isArray(list)) return []
  const out: AreaMember[] = []
  for (const x of list) {
    if (typeof x === 'string') out.push({ model: x })
    else if (isObj(x) && typeof x.model === 'string') {
      const d = isObj(x.distance) ? x.distance : x
      const mm = num(d.mm)
      const inches = num(d.inches) ?? num(x.gapInches)
      out.push({ model: x.model, ...(mm !== null ? { mm } : {}), ...(inches !== null ? { inches } : {}) })
    }
  }
  return out
}

function point(v: unknown): [number, number] | null {
  if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number') return [v[0], v[1]]
  return null
}

/** Auras, blasts and objectives, whatever their ruleset calls the parts, in one shape. */
function areaOf(kind: AreaFigure['kind'], o: Obj): AreaFigure {
  const r = isObj(o.radius) ? o.radius : null
  // Objectives that give no radius field still measured against one: the threshold of their margins.
  const firstUnit = Array.isArray(o.units) ? (o.units as unknown[]).find(isObj) : undefined
  const m = firstUnit && isObj(firstUnit.closest) && isObj(firstUnit.closest.margin) ? firstUnit.closest.margin : null
  const radiusInches = num(r?.inches) ?? num(o.radiusInches) ?? num(m?.thresholdInches)
  const radiusMm = num(r?.mm) ?? num(m?.thresholdMm) ?? (radiusInches !== null ? radiusInches * 25.4 : null)
  const marker = isObj(o.marker) ? o.marker : null
  const centre = point(o.centre) ?? point(o.at) ?? point(marker?.at)
  const source = typeof o.source === 'string' ? o.source : typeof o.thrower === 'string' ? o.thrower : null
  let inside: AreaMember[]
  if (kind === 'aura') inside = members(Array.isArray(o.details) ? o.details : o.affected)
  else if (kind === 'blast') inside = members(o.victims ?? o.hits)
  else if (Array.isArray(o.within)) inside = members(o.within)
  else if (Array.isArray(o.models)) inside = members((o.models as unknown[]).filter((m) => !isObj(m) || m.within !== false))
  else if (Array.isArray(o.units)) {
    // Cadence objectives: each unit's closest model, inside when it may secure (within 1").
    inside = (o.units as unknown[]).filter(isObj).filter((u) => u.canSecure === true || u.canSearch === true)
      .map((u) => (isObj(u.closest) ? members([u.closest])[0]! : { model: String(u.unit) }))
  } else inside = members(o.scorers)
  return { kind, source, centre, radiusMm, radiusInches, inside }
}

/**
 * Objects that already carry their uniform fields and that nothing has changed since (a visibility
 * pair a LosMemo kept from an earlier matrix): shapeUniformResult does not walk them again. Speed
 * only: walking them would add nothing, the pass being idempotent.
 */
// An array marked so (a visibility matrix's pairs, each shaped as it was made) is skipped whole.
const alreadyUniform = new WeakSet<object>()
export function markUniform(o: object): void {
  alreadyUniform.add(o)
}

/**
 * Add the uniform fields to one query's result (in place, idempotent) and return it.
 * Called by the evaluator on every ruleset's answer; a ruleset may also set them itself.
 */
export function shapeUniformResult(system: RuleSystem, type: string, body: QueryResultBody): QueryResultBody {
  const refused = body.allowed === false
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      if (alreadyUniform.has(v)) return
      for (const x of v) visit(x)
      return
    }
    if (!isObj(v) || alreadyUniform.has(v)) return
    if ('exact' in v) shapeProbability(v)
    if (isReason(v)) {
      if (!isObj(v.citation)) v.citation = citationOf(system, v.rule)
      if (typeof v.template !== 'string') Object.assign(v, reasonDataOf(v.message))
      else if (!isObj(v.values)) v.values = {}
    }
    if (typeof v.class === 'string' && typeof v.visible === 'boolean' && typeof v.fraction === 'number' && !isObj(v.sight)) {
      const unit = isObj(v.unit) && Array.isArray(v.unit.reasons) ? (v.unit.reasons as Obj[]).filter(isReason) : null
      v.sight = sightOfFigure(system, v, unit)
    } else if ((typeof v.class === 'string' || typeof v.sightClass === 'string') && Array.isArray(v.models) && !isObj(v.sight) && (v.models as unknown[]).every((m) => isObj(m) && typeof m.fraction === 'number')) {
      v.sight = sightOfUnit(system, v)
    }
    // A game's hooks on a core ruling (Cadence games: which game rule acted), cited like modifiers.
    if (Array.isArray(v.gameHooks)) for (const h of v.gameHooks) if (isObj(h) && typeof h.rule === 'string' && !isObj(h.citation)) h.citation = citationOf(system, h.rule)
    if (Array.isArray(v.modifiers)) {
      for (const m of v.modifiers) {
        if (!isObj(m)) continue
        if (typeof m.applied !== 'boolean') m.applied = !refused
        if (typeof m.rule === 'string' && !isObj(m.citation)) m.citation = citationOf(system, m.rule)
      }
    }
    for (const k of Object.keys(v)) {
      if (k === 'sight' || k === 'sampleRays') continue
      const x = v[k]
      if (typeof x === 'object' && x !== null) visit(x)
    }
  }
  visit(body)
  if (Array.isArray(body.rules) && !Array.isArray(body.citations)) body.citations = body.rules.map((r) => citationOf(system, r))
  if ((type === 'aura' || type === 'blast' || type === 'objective') && !isObj(body.area)) body.area = areaOf(type, body)
  return body
}

