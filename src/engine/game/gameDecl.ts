// What a ruleset declares about a whole game (issue 33): the counters its models carry (wounds,
// damage, strain), the statuses its book names and what each forbids or when it ends, how models
// activate (in turns or alternately, once a round or while a resource lasts), the resources it counts
// (command points, action points…), when objectives are scored, how a wound lands on the book's track,
// and which effects a ruling's result proposes given the dice. Every entry cites its section as printed.
// Engine types: rulesets import them through the engine's index (src/systems may import nothing else).
// Generic over the table and model types, so this file need not import ruleSystem.ts (which names
// `GameDecl` in `RuleSystem`): no import cycle. Rulesets use `RulesetGame` (ruleSystem.ts).
import type { Query } from '../scene/sceneSchema.ts'
import type { ResultBody } from '../results.ts'
import type { MoveReading } from './checkMove.ts'

/** Moments of the game sequence at which a status ends or a resource is reset. */
export type GameMoment =
  | 'game-start'
  | 'round-start'
  | 'round-end'
  | 'turn-start'
  | 'turn-end'
  | 'phase-end'
  /** The end of the model's own activation: the current one when set during it, else its next. */
  | 'own-activation-end'
  /** The end of the round after the one it was set in ("cannot fire next round"). */
  | 'next-round-end'

/** A number a model carries (wounds taken, damage, strain…). */
export type CounterDecl<M> = {
  id: string
  label: string
  section: string
  /** The most it can hold for this model (a finding beyond it); none = unbounded. */
  max?: (m: M) => number | undefined
  /** The model is removed from the game when the counter reaches this value (default rule; see applyCounter). */
  removesAt?: (m: M) => number | undefined
}

/** A status the book names: what it means, what it forbids, when it ends. */
export type StatusDecl = {
  id: string
  section: string
  /** What it does, in the book's words. */
  meaning: string
  /** When it ends by itself (otherwise an effect removes it). */
  expires?: { at: GameMoment; section: string }
  /** Statuses a model cannot hold together with this one. */
  excludes?: readonly string[]
  /** What a model holding it may not do: each a finding when logged (moves also go through the ruleset's move query). */
  forbids?: {
    activation?: boolean
    /** Move modes it may not use ("all" = no move at all). */
    moveModes?: readonly string[] | 'all'
    attacks?: boolean
    section: string
  }
  /** Set by the game itself when the model makes a move of one of these modes (Jagged Shards' Sprint). */
  setByMoveModes?: readonly string[]
  /** Which rule reads it (for the README's table), e.g. "attack: incoming Shoot −1". */
  feeds?: string
}

/** A count kept per side or per unit (command points, action points, Edge, Signal…). */
export type ResourceDecl<T> = {
  id: string
  label: string
  section: string
  owner: 'side' | 'unit' | 'model'
  /** The most the pool may hold (an effect beyond it is capped, with a finding). */
  max?: number
  /** Set at a moment of the sequence: to a number, or by the table (Cadence: the unit's highest Cmd; null: this owner keeps none). */
  reset?: { at: GameMoment; to: number | ((table: T, owner: string) => number | null); section: string }
}

export type ActivationDecl = {
  /** What activates: a model, or a unit (its models act together). */
  of: 'model' | 'unit'
  /**
   * "alternate": the sides activate one model/unit each in turn (a side with nothing left to activate
   * passes); "turns": a side's turn (turn-start) activates its own models until the turn ends; "any":
   * the book lets any model go next (Skrapyard: by D, but any may delay).
   */
  order: 'alternate' | 'turns' | 'any'
  /** How often one may activate: once per round/turn/phase, or while a resource it owns lasts (Cadence's command points). */
  limit: { per: 'round' | 'turn' | 'phase' } | { resource: string }
  /** The phases of a round, in order, for games played in phases (each activation happens in one). */
  phases?: readonly { id: string; section: string }[]
  /** Who acts first in a round, and how it is decided. */
  initiative: { how: string; section: string }
  /** Sequences of actions the book forbids inside one activation ("move, attack, move"). */
  forbiddenSequences?: readonly { actions: readonly ('move' | 'attack')[]; section: string }[]
  /** The most moves one model makes in one activation. */
  maxMoves?: { count: number; section: string }
  /** Rounds a game lasts when the book gives a number. */
  rounds?: { count: number; section: string }
  section: string
}

/** How objectives are controlled and when control is scored. */
export type ScoringDecl<T> = {
  /** When the book takes control: at the end of each round or each turn. */
  when: 'round-end' | 'turn-end'
  section: string
  /** Control radius (mm; the result's own when it names one) and the marker's diameter (mm), for the margins of close calls. */
  radiusMm: (table: T, result: ResultBody) => number
  markerDiameterMm: (table: T) => number
  /**
   * Read the ruleset's `objective` result: who controls it now (scores it), whether it is contested,
   * and who holds it into the next check (Sticky Control, a secured objective; default: the controller).
   */
  readControl: (result: ResultBody) => { controlledBy: string | null; contested: boolean; held?: string | null }
  /** The objective query's context from the side holding it since the last check (none: the query needs none). */
  heldContext?: (held: string | null) => Record<string, unknown>
}

/** One change to the game state. */
export type Effect =
  | { kind: 'counter'; model: string; counter: string; delta: number }
  | { kind: 'status'; model: string; status: string; set: boolean }
  | { kind: 'remove'; model: string }
  | { kind: 'resource'; owner: string; resource: string; delta: number }
  /** Who holds an objective from now (a Secure action succeeded; null: nobody): the next control check starts from it. */
  | { kind: 'control'; objective: string; side: string | null }

/** What a counter change does to a model under the book's track. */
export type CounterOutcome = {
  counters: Record<string, number>
  /** Statuses the track sets or clears (e.g. Iron Line's Broken). */
  setStatuses?: readonly string[]
  clearStatuses?: readonly string[]
  removed?: boolean
  /** Why, in the book's words, with its section. */
  because?: string
  rule?: string
}

/** The model a counter change lands on: its table view (stats) and its counters and statuses now. */
export type CounterTarget<M> = { model: M; counters: Readonly<Record<string, number>>; statuses: readonly string[] }

/** Dice for a proposal: entered by the players, or rolled by a seeded, recorded roller. */
export type DiceSource = { roll: (sides: number, purpose: string) => number }

/** What a ruling's result proposes to change, and why (one line per roll, with sections). */
export type EffectProposal = { effects: Effect[]; because: string[]; rules: string[] }

export type ProposeEffects<T> = (ruling: { table: T; query: Query; result: ResultBody }, dice: DiceSource) => EffectProposal

export type GameDecl<T, M> = {
  counters: readonly CounterDecl<M>[]
  statuses: readonly StatusDecl[]
  resources: readonly ResourceDecl<T>[]
  activation: ActivationDecl
  /** Objectives and their scoring; none when the book has no objectives. */
  scoring?: ScoringDecl<T>
  /**
   * A counter change under the book's track (Operator Tactics: a 4th FW is an MW, an MW clears all FW).
   * Default: add, never below 0, removed when a counter reaches its `removesAt`.
   */
  applyCounter?: (target: CounterTarget<M>, counter: string, delta: number) => CounterOutcome
  /** The effects a ruling proposes, per query type, from its result and the dice. */
  effects?: Readonly<Partial<Record<string, ProposeEffects<T>>>>
  /**
   * Context the rules read from the scene's game state (`state`, `game`, statuses) in place of a
   * hand-given `context`: a hand-given key wins, and a disagreement is a warning
   * (`context-overrides-state`).
   */
  stateContext?: (table: T, query: Query) => Record<string, unknown>
  /** The move mode a logged move without one is checked as (the ruleset's plain move). */
  defaultMoveMode?: string
  /** How its move result reads as cost against allowance (default: `cost` or `distance` against `allowance`, in inches). */
  readMove?: (result: ResultBody) => MoveReading
  /** Open points of the book for a whole game (the README lists them). */
  open?: readonly string[]
}
