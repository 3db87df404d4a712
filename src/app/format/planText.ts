// What the planning overlay writes (on the table's labels and in the panel), from the engine's
// reach / threat / exposure answers: formatting only, every figure a field of the answer, every
// rule with its section. Ids in engine texts become names (names.ts).
import { type Citation, type ReachPoint, type ReachResult, type ThreatAttacker, type UniformReason, formatCitation, formatReason } from '../../engine/index.ts'
import type { Units } from '../state/settingsSlice.ts'
import { formatLength } from './formatFigures.ts'
import { withNames } from './names.ts'
import { viaShort } from '../scene/planPalette.ts'

type Allowance = ReachResult['allowance']

const unitOf = (units: Units) => (units === 'mm' ? 'mm' : 'in')

/** A cited section as the card shows it: its title and section. */
export function citeText(c: Citation | undefined, rule: string): string {
  return c ? formatCitation(c) : rule
}

/** A reason in the player's unit, ids named. */
export function reasonText(r: UniformReason, units: Units, names: Readonly<Record<string, string>>): string {
  return withNames(formatReason(r, unitOf(units)), names)
}

/**
 * The label at the spot: "✓ 4.2″ of 6.0″" (and the chance of a dice move, and "marginal" inside the
 * measuring uncertainty), "✗ 11.7″ of 6.0″" when the cheapest path is too long, else "✗" and why.
 */
export function spotLabel(p: ReachPoint, allowance: Allowance | null, units: Units, names: Readonly<Record<string, string>>): string {
  const marginal = p.marginal ? ' · marginal' : ''
  const chance = p.chance && p.reachable && p.chance.value < 1 ? ` · ${p.chance.exact}` : ''
  const of = allowance ? ` of ${formatLength(allowance.mm, units)}` : ''
  if (p.reachable) return `✓ ${p.cost ? formatLength(p.cost.mm, units) : ''}${of}${chance}${marginal}`
  const why = p.reasons.find((r) => r.code !== 'note')
  if (p.cost && (!why || why.code === 'too-far')) return `✗ ${formatLength(p.cost.mm, units)}${of}${marginal}`
  return `✗ ${why ? shorten(reasonText(why, units, names), 46) : 'cannot get there'}${marginal}`
}

export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`
}

/** One attacker on the table: "Raider marksman: Laser rifle · shoots · 9/25". */
export function attackerLabel(a: ThreatAttacker, names: Readonly<Record<string, string>>, weaponName: (model: string, weapon: string) => string): string {
  const who = names[a.model] ?? a.model
  const weapon = a.weapon ? `${weaponName(a.model, a.weapon)} · ` : ''
  const chance = a.chance ? ` · ${a.chance.exact}` : ''
  const move = a.moveChance && a.moveChance.value < 1 ? ` (move ${a.moveChance.exact})` : ''
  return `${who}: ${weapon}${viaShort(a.via)}${chance}${move}${a.marginal ? ' · marginal' : ''}`
}

/** The label over the spot for the threat layer: how many can attack it. */
export function threatSummary(count: number): string {
  return count === 0 ? 'No enemy can attack here this turn' : count === 1 ? '1 enemy can attack here' : `${count} enemies can attack here`
}

/** Model names (names.ts) and the terrain pieces' names by id: a reach reason names the piece in the way. */
export function withTerrainNames(models: Readonly<Record<string, string>>, terrain: ReadonlyArray<{ id: string; name?: string | undefined }>): Record<string, string> {
  const out: Record<string, string> = { ...models }
  for (const t of terrain) if (t.name && !(t.id in out)) out[t.id] = t.name
  return out
}
