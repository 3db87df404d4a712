// The typed messages between the page and its game worker (house style §14): one request kind per
// question, each answered once with its value or one clear message. Plain, structured-clonable data.
import type { DrawnDie, EffectProposal, ModelPlace, Query, ResultDocument, Scene, SceneIssue } from '../../engine/index.ts'
import type { GameEntry, GameHead } from './gameRecord.ts'
import type { GameView, OutcomeView } from './gameView.ts'
import type { EntryOutcome } from './foldEntries.ts'
import type { ReplayedRuling } from '../record/rulingGame.ts'

/** A game as the worker folds it: its id, head and entries (the worker keeps the fold and carries it on). */
export type GameInput = { id: string; head: GameHead; entries: GameEntry[] }

export type ProposeRoll = { source: 'entered'; dice: number[] } | { source: 'seeded'; seed: number } | null

export type Proposed =
  | { kind: 'proposal'; proposal: EffectProposal & { dice: DrawnDie[] } }
  /** The ruleset proposes nothing for this ruling (the players apply effects by hand). */
  | { kind: 'none' }
  /** The entered dice ran out: the next die the proposal needs. */
  | { kind: 'shortfall'; message: string; sides: number; purpose: string; index: number }

export type GameQuestions = {
  view: { args: { game: GameInput }; answer: GameView }
  /** Add these entries after the game's (all or none): the view after them and each one's outcome. */
  append: { args: { game: GameInput; add: GameEntry[] }; answer: { view: GameView; outcomes: OutcomeView[] } }
  /** What these entries would do (an undo's warning), nothing kept. */
  dryRun: { args: { game: GameInput; add: GameEntry[] }; answer: EntryOutcome[] }
  /** A query on the table as the game stands (state as context): the scene it was made on, its result and the result's hash. */
  rule: { args: { game: GameInput; query: Query }; answer: { scene: Scene; result: ResultDocument; resultHash: string } }
  propose: { args: { game: GameInput; rulingSeq: number; roll: ProposeRoll }; answer: Proposed }
  /** Every model's place after event `seq` (0: the start). */
  places: { args: { game: GameInput; seq: number }; answer: ModelPlace[] }
  /** The ruling at event `seq` as it was made: the table as it stood, its query and its result. */
  ruling: { args: { game: GameInput; seq: number }; answer: { scene: Scene; query: Query; result: ResultDocument } }
  /** A game log file read and replayed: its head and entries (the worker keeps the fold). */
  import: { args: { text: string; id: string }; answer: { head: GameHead; entries: GameEntry[]; view: GameView } }
  /** A referee record's embedded game log replayed to its ruling's event (the game kept here is left as it is). */
  replayRuling: { args: { log: unknown; seq: number }; answer: ReplayedRuling }
}

export type GameQuestion = keyof GameQuestions

export type GameRequest = { [K in GameQuestion]: { kind: K; requestId: number; meshFiles?: Record<string, string> } & GameQuestions[K]['args'] }[GameQuestion]

export type GameReply =
  | { requestId: number; ok: true; value: unknown }
  | { requestId: number; ok: false; message: string; issues?: SceneIssue[] }
