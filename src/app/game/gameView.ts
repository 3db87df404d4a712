// What the game worker hands the page after each change (issue 33): the log as the fold numbered it,
// each event's outcome (findings, move check, ruling, proposal, control, what an undo affects) without
// its per-event state (the page asks for the places of one event when it rewinds), the state now, the
// refused entries, and what the ruleset declares — as plain data, its functions read out for each model
// (a counter's most, the value that removes it), so the page needs no ruleset code to draw badges.
import type { EventOutcome, GameEvent, GameLogObjective, GameMoment, GameState } from '../../engine/index.ts'
import type { Fold, RefusedEntry } from './foldEntries.ts'

export type OutcomeView = Omit<EventOutcome, 'state'>

export type DeclView = {
  counters: Array<{ id: string; label: string; section: string }>
  statuses: Array<{ id: string; section: string; meaning: string; expires?: { at: GameMoment; section: string }; /** The book says a model holding it cannot activate. */ forbidsActivation?: true }>
  resources: Array<{ id: string; label: string; section: string; owner: 'side' | 'unit' | 'model'; max?: number }>
  activation: {
    of: 'model' | 'unit'
    order: 'alternate' | 'turns' | 'any'
    limit: { per: 'round' | 'turn' | 'phase' } | { resource: string }
    phases: Array<{ id: string; section: string }>
    initiative: { how: string; section: string }
    rounds?: { count: number; section: string }
    section: string
  }
  scoring: { when: 'round-end' | 'turn-end'; section: string } | null
  /** Query types whose results propose effects (the others are applied by hand). */
  proposes: string[]
  open: string[]
}

/** A model's counters as its ruleset declares them for it: the most it holds and the value that removes it. */
export type ModelInfo = { id: string; side: string; unit: string; counters: Record<string, { max?: number; removesAt?: number }> }

export type GameView = {
  id: string
  system: string
  /** The log's events as folded (numbered), and the entry of each. */
  events: GameEvent[]
  uids: string[]
  outcomes: OutcomeView[]
  state: GameState
  refused: RefusedEntry[]
  decl: DeclView | null
  models: ModelInfo[]
  sides: string[]
  objectives: GameLogObjective[]
}

export function outcomeView(o: EventOutcome): OutcomeView {
  const { state: _state, ...rest } = o
  return rest
}

export function declView(fold: Fold): DeclView | null {
  const d = fold.session.system.game
  if (!d) return null
  return {
    counters: d.counters.map((c) => ({ id: c.id, label: c.label, section: c.section })),
    statuses: d.statuses.map((s) => ({ id: s.id, section: s.section, meaning: s.meaning, ...(s.expires ? { expires: { ...s.expires } } : {}), ...(s.forbids?.activation ? { forbidsActivation: true as const } : {}) })),
    resources: d.resources.map((r) => ({ id: r.id, label: r.label, section: r.section, owner: r.owner, ...(r.max !== undefined ? { max: r.max } : {}) })),
    activation: {
      of: d.activation.of,
      order: d.activation.order,
      limit: { ...d.activation.limit },
      phases: (d.activation.phases ?? []).map((p) => ({ ...p })),
      initiative: { ...d.activation.initiative },
      ...(d.activation.rounds ? { rounds: { ...d.activation.rounds } } : {}),
      section: d.activation.section,
    },
    scoring: d.scoring ? { when: d.scoring.when, section: d.scoring.section } : null,
    proposes: Object.keys(d.effects ?? {}),
    open: [...(d.open ?? [])],
  }
}

export function modelInfos(fold: Fold): ModelInfo[] {
  const d = fold.session.system.game
  return fold.session.startTable.models.map((m) => {
    const counters: ModelInfo['counters'] = {}
    for (const c of d?.counters ?? []) {
      const max = c.max?.(m)
      const removesAt = c.removesAt?.(m)
      counters[c.id] = { ...(max !== undefined ? { max } : {}), ...(removesAt !== undefined ? { removesAt } : {}) }
    }
    return { id: m.id, side: m.side, unit: m.unit, counters }
  })
}

/** The whole view of a fold (the declarations are read once per fold: `cached`). */
export function viewOf(id: string, fold: Fold, cached?: { decl: DeclView | null; models: ModelInfo[] }): GameView {
  const s = fold.session
  const log = s.log()
  return {
    id,
    system: s.system.id,
    events: [...s.events()],
    uids: [...fold.uids],
    outcomes: s.outcomes().map(outcomeView),
    state: s.state(),
    refused: [...fold.refused],
    decl: cached ? cached.decl : declView(fold),
    models: cached ? cached.models : modelInfos(fold),
    sides: [...s.context.sides],
    objectives: [...(log.objectives ?? [])],
  }
}
