// tabletop-result/1 as text a person reads (the CLI's `eval --format text`): per query its verdict, the
// distance, the line of sight as the game classes it, the odds, and every reason in the user's unit with
// the book's title for it. Reads only the uniform fields (src/engine/scene/README.md), so every ruleset
// prints alike; reasons go through the same formatReason as the app's card.
import { type LengthUnit, formatCitation, formatLengthMm, formatReason, formatScope, formatSightLabel } from './reasonText.ts'
import type { Citation, ProbabilityScope, QueryResult, ResultDocument, Sight } from './results.ts'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/** A probability as its exact fraction and a percentage to 0.1 ("386/729 (53%)" → "386/729 (52.9%)"). */
function chance(value: number, exact: unknown): string {
  const pct = `${Number((value * 100).toFixed(1))}%`
  return typeof exact === 'string' && exact.includes('/') ? `${exact} (${pct})` : pct
}

function citationText(c: unknown, rule: unknown): string {
  if (isObj(c) && typeof c.title === 'string' && typeof c.section === 'string') return formatCitation(c as Citation)
  return typeof rule === 'string' ? rule : ''
}

function verdictOf(r: QueryResult): string {
  if (r.allowed === true) return 'allowed'
  if (r.allowed === false) return 'refused'
  if (r.valid === true) return 'valid'
  if (r.valid === false) return 'not valid'
  return 'answered'
}

/** The lines for one query's result. */
export function renderQueryText(r: QueryResult, unit: LengthUnit): string[] {
  const lines = [`${r.id} (${r.type}): ${verdictOf(r)}`]
  // A distance query answers at the top level (mm, uncertaintyMm); other queries carry a distance block.
  const d = isObj(r.distance) ? r.distance : r.type === 'distance' ? (r as Obj) : null
  const mm = num(d?.mm) ?? (num(d?.inches) !== null ? num(d?.inches)! * 25.4 : null)
  const uMm = num(d?.uncertaintyMm)
  if (mm !== null) lines.push(`  distance: ${formatLengthMm(mm, unit)}${uMm !== null && uMm > 0 ? ` ± ${formatLengthMm(uMm, unit)}` : ''}`)
  if (r.type === 'engagement' && typeof r.engaged === 'boolean') {
    const withIds = Array.isArray(r.with) ? r.with.map(String) : []
    const range = num(r.rangeMm)
    lines.push(`  engaged: ${r.engaged ? `yes, with ${withIds.join(', ')}` : 'no'}${range !== null ? ` (within ${formatLengthMm(range, unit)})` : ''}`)
  }
  const sight = (isObj(r.los) && isObj(r.los.sight) ? r.los.sight : isObj(r.sight) ? r.sight : null) as Sight | null
  if (sight) {
    lines.push(`  line of sight: ${formatSightLabel(sight, unit)} (${Number((sight.fraction * 100).toFixed(1))}% seen)`)
  }
  if (r.type === 'visibility' && Array.isArray(r.pairs)) {
    const shown = r.pairs.filter(isObj).map((x) => (isObj(x.sight) ? String(x.sight.display) : String(x.class)))
    const count = (c: string) => shown.filter((x) => x === c).length
    lines.push(`  pairs: ${shown.length} (${count('clear')} clear, ${count('partial')} partial, ${count('blocked')} blocked)`)
  }
  if (typeof r.state === 'string') lines.push(`  state: ${r.state}${typeof r.controlledBy === 'string' ? ` by ${r.controlledBy}` : ''}`)
  if (Array.isArray(r.affected)) {
    const ids = r.affected.map((x) => (isObj(x) ? String(x.model ?? x.id) : String(x)))
    lines.push(`  affects: ${ids.length ? ids.join(', ') : 'no model'}`)
  }
  const p = isObj(r.probability) ? r.probability : null
  if (p && r.allowed !== false && num(p.hit) !== null) {
    const exact = isObj(p.exact) ? p.exact : {}
    const scope = isObj(p.scope) ? p.scope : {}
    const of = (s: unknown) => (isObj(s) ? `, ${formatScope(s as ProbabilityScope)}` : '')
    lines.push(`  chance: hit ${chance(num(p.hit)!, exact.hit)}${of(scope.hit)}${num(p.effect) !== null ? `; effect ${chance(num(p.effect)!, exact.effect)}${of(scope.effect)}` : ''}`)
  } else if (p && num(p.value) !== null && r.allowed !== false) lines.push(`  chance: ${chance(num(p.value)!, p.exact)}`)
  lines.push(...planningLines(r, unit))
  const hooks = Array.isArray(r.gameHooks) ? r.gameHooks.filter(isObj) : []
  if (hooks.length) lines.push('  game rules:')
  for (const h of hooks) lines.push(`  - ${String(h.source)}${citationText(h.citation, h.rule) ? ` — ${citationText(h.citation, h.rule)}` : ''}`)
  const reasons = Array.isArray(r.reasons) ? r.reasons.filter(isObj) : []
  if (reasons.length) lines.push(r.allowed === false ? '  because:' : '  notes:')
  for (const x of reasons) {
    if (typeof x.message !== 'string') continue
    const cite = citationText(x.citation, x.rule)
    lines.push(`  - ${formatReason(x as never, unit)}${cite ? ` — ${cite}` : ''}`)
  }
  return lines
}

/** The lines of a reach, threat or exposure result: the allowance and area, then each probe spot. */
function planningLines(r: QueryResult, unit: LengthUnit): string[] {
  const out: string[] = []
  const len = (v: unknown) => (isObj(v) && num(v.mm) !== null ? formatLengthMm(num(v.mm)!, unit) : '?')
  const at = (p: Obj) => (Array.isArray(p.at) ? `(${p.at.map((v) => formatLengthMm(Number(v), 'mm')).join(', ')})` : '')
  if (r.type === 'reach' && isObj(r.allowance)) {
    const a = r.allowance
    out.push(`  allowance: ${len(a)} (${String(a.formula)})${citationText(a.citation, a.rule) ? ` — ${citationText(a.citation, a.rule)}` : ''}`)
    if (Array.isArray(r.area)) {
      const res = r.area.filter(isObj).map((p) => num(p.resolutionMm)).filter((v): v is number => v !== null)
      out.push(`  area: ${r.area.length} region(s)${res.length ? `, to ${formatLengthMm(Math.max(...res), unit)}` : ''}`)
    }
    if (Array.isArray(r.contours)) for (const c of r.contours.filter(isObj)) out.push(`  roll ${String(c.roll)}: ${len(c.allowance)}, chance ${isObj(c.chance) ? chance(num(c.chance.value) ?? 0, c.chance.exact) : '?'}`)
    for (const p of (Array.isArray(r.points) ? r.points : []).filter(isObj)) {
      const why = Array.isArray(p.reasons) ? p.reasons.filter(isObj).filter((x) => x.code !== 'note').map((x) => formatReason(x as never, unit)) : []
      const odds = isObj(p.chance) ? `, chance ${chance(num(p.chance.value) ?? 0, p.chance.exact)}` : ''
      out.push(`  ${at(p)}: ${p.reachable ? 'reachable' : 'not reachable'}${isObj(p.cost) ? `, costs ${len(p.cost)}` : ''}${odds}${p.marginal ? ' (marginal)' : ''}${why.length ? ` — ${why.join('; ')}` : ''}`)
    }
  }
  if (r.type === 'threat' && Array.isArray(r.points)) {
    for (const p of r.points.filter(isObj)) {
      const attackers = Array.isArray(p.attackers) ? p.attackers.filter(isObj) : []
      out.push(`  ${at(p)}: ${attackers.length ? `${attackers.length} attacker(s)` : 'no enemy can attack it this turn'}`)
      for (const a of attackers) {
        const odds = isObj(a.chance) ? `, hit ${chance(num(a.chance.value) ?? 0, a.chance.exact)}` : ''
        const move = isObj(a.moveChance) ? `, move ${chance(num(a.moveChance.value) ?? 0, a.moveChance.exact)}` : ''
        const sight = isObj(a.sight) ? `, ${String(a.sight.class)}` : ''
        out.push(`  - ${String(a.model)} ${String(a.via)}${typeof a.weapon === 'string' ? ` (${a.weapon})` : ''} at ${len(a.range)}${sight}${odds}${move}${a.marginal ? ' (marginal)' : ''}`)
      }
    }
  }
  if (r.type === 'exposure' && isObj(r.grid)) {
    const seen = Array.isArray(r.grid.seen) ? r.grid.seen : []
    const judged = seen.filter((v) => v !== null).length
    out.push(`  grid: ${String(r.grid.columns)} × ${String(r.grid.rows)} cells of ${formatLengthMm(num(r.grid.cellMm) ?? 0, unit)}; ${Array.isArray(r.hidden) ? r.hidden.length : 0} of ${judged} hidden from every enemy`)
    for (const p of (Array.isArray(r.points) ? r.points : []).filter(isObj)) {
      const by = Array.isArray(p.by) ? p.by.filter(isObj).map((b) => `${String(b.model)} (${String(b.class)})`) : []
      out.push(`  ${at(p)}: ${p.hidden ? 'hidden' : `seen by ${by.join(', ')}`}`)
    }
  }
  return out
}

/** A whole result document as text, one block per query. */
export function renderResultText(doc: ResultDocument, unit: LengthUnit): string {
  const head = `${doc.system} (${doc.format}, engine ${doc.engine}); lengths in ${unit === 'in' ? 'inches' : unit}`
  const warnings = (doc.warnings ?? []).map((w) => `warning: ${w.path}: ${w.message}`)
  return [head, ...warnings, ...doc.results.map((r) => renderQueryText(r, unit).join('\n'))].join('\n\n')
}
