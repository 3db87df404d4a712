// A ruling as lines of text (for the PNG export and the history list): the engine's result fields,
// formatted, nothing recomputed.
import type { QueryResult } from '../../engine/index.ts'
import { readAttack } from '../format/readAttack.ts'
import { formatLength, formatMargin, formatPercent, formatSigned } from '../format/formatFigures.ts'
import type { Units } from '../state/settingsSlice.ts'
import type { RulingRecord } from './rulingRecord.ts'

/** One-line summary: "a1 → b1 (rifle): allowed, 9/20 to hit". */
export function summarize(query: { attacker?: unknown; target?: unknown; weapon?: unknown }, result: QueryResult): string {
  const who = `${String(query.attacker ?? '?')} → ${String(query.target ?? '?')}`
  const weapon = typeof query.weapon === 'string' ? ` (${query.weapon})` : ''
  const verdict = result.allowed === true ? 'allowed' : result.allowed === false ? 'not allowed' : result.type
  const p = readAttack(result).probability
  return `${who}${weapon}: ${verdict}${p ? `, ${p.hitExact} to hit` : ''}`
}

export function rulingLines(record: RulingRecord, units: Units): string[] {
  const r = record.result.results[0]
  if (!r) return ['(empty ruling)']
  const v = readAttack(r)
  const out: string[] = []
  out.push(`${record.system}: ${record.summary}`)
  if (v.allowed !== null) out.push(v.allowed ? 'ALLOWED' : 'NOT ALLOWED')
  for (const reason of v.reasons) out.push(`  ✗ ${reason.message} [${reason.rule}]`)
  if (v.distanceMm !== null) out.push(`Distance ${formatLength(v.distanceMm, units)}${v.margin ? ` — ${formatMargin(v.margin, units)}` : ''}`)
  if (v.los) out.push(`Line of sight: ${v.los.label}${v.los.fraction !== null ? `, ${formatPercent(v.los.fraction)} visible` : ''}`)
  if (v.cover !== undefined) out.push(`Cover: ${v.cover ? `${v.cover.level} [${v.cover.rule}]` : 'none'}`)
  if (v.arc) out.push(`Arc: ${v.arc}`)
  for (const m of v.modifiers) out.push(`  ${typeof m.value === 'number' ? formatSigned(m.value) : m.value} ${m.source} [${m.rule}]`)
  for (const n of v.need) out.push(`Needed: ${n}`)
  if (v.probability) out.push(`Chance: ${v.probability.hitExact} (${formatPercent(v.probability.hit)}) to hit, ${v.probability.effectExact} (${formatPercent(v.probability.effect)}) to take effect`)
  if (v.rules.length) out.push(`Rules: ${v.rules.join(' · ')}`)
  out.push(`Ruled ${record.createdAt} · engine ${record.engineVersion} · ${record.freeze.source}${record.freeze.uncertaintyMm > 0 ? ` ±${record.freeze.uncertaintyMm.toFixed(1)} mm` : ''}`)
  // The hash in two halves: one line of 71 characters does not fit the PNG's text column.
  out.push(record.contentHash.slice(0, 39), `       ${record.contentHash.slice(39)}`)
  return out
}
