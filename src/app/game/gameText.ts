// A game in words (issue 33): each event of the log, effects, findings and a model's badge, with the
// models by name (never by id) and the ruleset's own labels. Only formatting: every figure is a field
// the game core computed (a move's "moved 6.5″ of 6″" is the core's text, in the ruleset's unit).
import type { Effect, Finding, GameEvent, GameState, ModelGameState } from '../../engine/index.ts'
import { withNames } from '../format/names.ts'
import type { DeclView, ModelInfo, OutcomeView } from './gameView.ts'

type Names = Readonly<Record<string, string>>

const nameOf = (names: Names, id: string) => names[id] ?? id

/** A counter's short label: the book's abbreviation when the label gives one ("Flesh Wounds (FW)" → "FW"). */
export function counterLabel(decl: DeclView | null, id: string): string {
  const label = decl?.counters.find((c) => c.id === id)?.label ?? id
  return /\(([^)]{1,6})\)\s*$/.exec(label)?.[1] ?? label
}

export function resourceLabel(decl: DeclView | null, id: string): string {
  return decl?.resources.find((r) => r.id === id)?.label ?? id
}

export function statusLabel(id: string): string {
  return id.replace(/-/g, ' ')
}

export function effectText(e: Effect, names: Names, decl: DeclView | null): string {
  switch (e.kind) {
    case 'counter': return `${nameOf(names, e.model)} ${counterLabel(decl, e.counter)} ${e.delta >= 0 ? '+' : ''}${e.delta}`
    case 'status': return `${nameOf(names, e.model)} ${e.set ? '' : 'no longer '}${statusLabel(e.status)}`
    case 'remove': return `${nameOf(names, e.model)} removed from the game`
    case 'resource': return `${nameOf(names, e.owner)} ${resourceLabel(decl, e.resource)} ${e.delta >= 0 ? '+' : ''}${e.delta}`
    case 'control': return `${e.objective} held by ${e.side ?? 'nobody'}`
  }
}

export function effectsText(effects: readonly Effect[], names: Names, decl: DeclView | null): string {
  return effects.length ? effects.map((e) => effectText(e, names, decl)).join(', ') : 'no change'
}

/** One line for an event of the log, with its outcome where it says more (a move's check). */
export function eventText(ev: GameEvent, outcome: OutcomeView | undefined, names: Names, decl: DeclView | null): string {
  switch (ev.type) {
    case 'round-start': return `Round ${ev.round} starts${ev.initiative?.length ? ` (${ev.initiative.join(', then ')})` : ''}`
    case 'round-end': return `Round ${ev.round} ends`
    case 'phase-start': return `${statusLabel(ev.phase)} phase`
    case 'turn-start': return `${ev.side}'s turn`
    case 'turn-end': return `${ev.side}'s turn ends`
    case 'activation': return `${nameOf(names, ev.model ?? ev.unit ?? '?')} activates`
    case 'activation-end': return 'Activation ends'
    case 'move': {
      const how = ev.source === 'tracked' ? 'seen by the camera' : ev.source === 'dragged' ? 'dragged' : 'entered'
      return `${nameOf(names, ev.model)} ${outcome?.move?.text ?? 'moved'} (${how})`
    }
    case 'ruling': {
      const q = ev.query as { type: string; attacker?: string; target?: string; model?: string }
      const who = q.attacker && q.target ? `${nameOf(names, q.attacker)} → ${nameOf(names, q.target)}` : q.model ? nameOf(names, q.model) : q.type
      const verdict = outcome?.ruling?.allowed === false ? ': not allowed' : outcome?.ruling?.allowed === true ? ': allowed' : ''
      return `Ruling (${q.type}) ${who}${verdict}`
    }
    case 'effect': {
      const d = ev.decision.kind === 'confirm' ? `confirmed by ${ev.decision.by}` : `overridden by ${ev.decision.by}: “${ev.decision.reason}”`
      const dice = ev.roll?.dice.length ? ` · dice ${ev.roll.dice.join(' ')}${ev.roll.source === 'seeded' ? ' (rolled by the app)' : ''}` : ''
      return `${effectsText(ev.effects, names, decl)} — ${d}${dice}`
    }
    case 'score': return `${ev.side} ${ev.points >= 0 ? '+' : ''}${ev.points} point${Math.abs(ev.points) === 1 ? '' : 's'}${ev.objective ? ` (${ev.objective})` : ''} — confirmed by ${ev.confirmedBy.join(', ') || 'nobody'}`
    case 'undo': return `Undo of event ${ev.target}${ev.reason ? `: “${ev.reason}”` : ''}`
    case 'redo': return `Redo of event ${ev.target}`
    case 'clock': return `Clock: ${ev.action === 'start' ? `started, ${ev.side ?? ''} to play` : ev.action === 'hand-over' ? `${ev.side} to play` : ev.action === 'pause' ? 'paused' : 'running again'}`
  }
}

export function findingText(f: Finding, names: Names): string {
  return withNames(f.message, names)
}

export type Badge = {
  /** One line: ▶ acting / ✓ activated, statuses, counters. */
  text: string
  /** Acting now, or a status or counter to know: it outranks names and sight labels for room on screen. */
  notable: boolean
  side: string
  /** A move of this activation past its allowance (or marginal): the line that flags it. */
  flag: string | null
  removed: boolean
}

/** The badge over a model: whether it acts or has acted, its statuses and counters, a move to look at. */
export function badgeOf(m: ModelGameState, info: ModelInfo | undefined, state: GameState, decl: DeclView | null, outcomes: readonly OutcomeView[]): Badge {
  const parts: string[] = []
  if (m.removed) parts.push('✕ out of the game')
  else if (state.activating?.models.includes(m.id)) parts.push('▶ acting')
  else if (m.activated) parts.push('✓ done')
  else if (state.roundOpen && !m.statuses.some((x) => decl?.statuses.find((d) => d.id === x)?.forbidsActivation)) parts.push('ready')
  for (const s of m.statuses) parts.push(statusLabel(s))
  for (const [c, v] of Object.entries(m.counters)) {
    if (!v) continue
    const limit = info?.counters[c]?.removesAt ?? info?.counters[c]?.max
    parts.push(`${counterLabel(decl, c)} ${v}${limit !== undefined ? `/${limit}` : ''}`)
  }
  const notable = !m.removed && (state.activating?.models.includes(m.id) === true || m.statuses.length > 0 || Object.values(m.counters).some((v) => v))
  return { text: parts.join(' · '), notable, side: m.side, flag: m.removed ? null : moveFlag(m, state, outcomes), removed: m.removed }
}

/** The last move of the model's activation going on (or its side's turn) when it went past its allowance, was refused or is marginal. */
function moveFlag(m: ModelGameState, state: GameState, outcomes: readonly OutcomeView[]): string | null {
  const since = state.activating?.models.includes(m.id) ? state.activating.since : state.roundStartedAt
  for (let i = outcomes.length - 1; i >= 0; i--) {
    const o = outcomes[i]!
    if (o.seq <= since) break
    if (o.undoneBy !== undefined || o.move?.model !== m.id) continue
    const check = o.move
    if (check.margin !== null && check.margin < 0) return `⚠ ${check.text}`
    if (check.allowed === false) return `⚠ move refused: ${check.reasons[0]?.message ?? check.text}`
    if (check.marginal) return `≈ ${check.text}`
    return null
  }
  return null
}

/** The round, phase, turn and who acts, in one line. */
export function turnLine(state: GameState, names: Names): string {
  if (state.round === 0) return 'Before the first round'
  const parts = [`Round ${state.round}${state.roundOpen ? '' : ' (ended)'}`]
  if (state.phase) parts.push(`${statusLabel(state.phase)} phase`)
  if (state.turn) parts.push(`${state.turn}'s turn`)
  if (state.activating) parts.push(`${nameOf(names, state.activating.id)} acting`)
  return parts.join(' · ')
}

/** Minutes and seconds (or hours) of a clock reading. */
export function clockText(ms: number): string {
  const negative = ms < 0
  const s = Math.floor(Math.abs(ms) / 1000)
  const h = Math.floor(s / 3600)
  const mm = Math.floor((s % 3600) / 60)
  const ss = s % 60
  const body = h > 0 ? `${h}:${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}` : `${mm}:${String(ss).padStart(2, '0')}`
  return negative ? `−${body}` : body
}
