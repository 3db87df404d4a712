// A ruling as lines of text (for the PNG export and the history list): the engine's result fields,
// formatted, nothing recomputed.
import type { QueryResult } from '../../engine/index.ts'
import { readAttack } from '../format/readAttack.ts'
import { formatLength, formatMargin, formatPercent, formatSigned } from '../format/formatFigures.ts'
import { formatChance } from '../format/formatVerdict.ts'
import type { Units } from '../state/settingsSlice.ts'
import type { RulingRecord } from './rulingRecord.ts'
import { uniqueNames, withNames } from '../format/names.ts'

type NamedModels = { models: ReadonlyArray<{ id: string; name?: string | undefined; side?: string; profile?: unknown }> }

/**
 * One-line summary in words, rebuilt from the result (and the scene's names) wherever it is shown:
 * "Ranger sergeant → Raider (Rifle): allowed, 45% to hit", or "…: not allowed: out of range" (a
 * refused attack has no chance to quote). Models by name, never by id: `names` (the app's, profile
 * names included) or the scene's own names (unique, format/names.ts); reasons too.
 */
export function summarize(query: { attacker?: unknown; target?: unknown; weapon?: unknown }, result: QueryResult, scene?: NamedModels, weaponLabel?: string, units: Units = 'in', names: Readonly<Record<string, string>> = uniqueNames(scene?.models ?? [])): string {
  const name = (id: unknown) => (typeof id === 'string' ? names[id] : undefined) ?? String(id ?? '?')
  const weaponName = weaponLabel ?? (typeof query.weapon === 'string' ? query.weapon : null)
  const who = `${name(query.attacker)} → ${name(query.target)}${weaponName ? ` (${weaponName})` : ''}`
  const v = readAttack(result, units)
  if (v.allowed === false) return `${who}: not allowed${v.reasons[0] ? `: ${withNames(v.reasons[0].message, names)}` : ''}`
  const verdict = v.allowed === true ? 'allowed' : result.type
  return `${who}: ${verdict}${v.probability ? `, ${formatChance(v.probability.hit)} to hit` : ''}`
}

/**
 * The ruling as lines of text: the summary (the record's own, which its hashes cover, when `trusted`;
 * else rebuilt from the result), the verdict, every reason, the figures. Names, never ids.
 */
export function rulingLines(record: RulingRecord, units: Units, trusted = record.fieldHashes !== undefined): string[] {
  const r = record.result.results[0]
  if (!r) return ['(empty ruling)']
  const v = readAttack(r, units)
  const names = uniqueNames(record.scene.models)
  const out: string[] = []
  out.push(`${record.system}: ${trusted ? record.summary : summarize(record.query as { attacker?: unknown }, r, record.scene, undefined, units, names)}`)
  if (v.allowed !== null) out.push(v.allowed ? 'ALLOWED' : 'NOT ALLOWED')
  for (const reason of v.reasons) out.push(`  ✗ ${withNames(reason.message, names)} [${reason.rule}]`)
  if (v.distanceMm !== null) out.push(`Distance ${formatLength(v.distanceMm, units)}${v.margin ? ` — ${formatMargin(v.margin, units)}` : ''}`)
  if (v.los) out.push(`Line of sight: ${withNames(v.los.label, names)}${v.los.fraction !== null ? `, ${formatPercent(v.los.fraction)} visible` : ''}`)
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
