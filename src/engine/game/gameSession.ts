// A game played or replayed event by event (issue 33). Live, the app applies each event as it happens
// (`apply`: the state moves on incrementally); a replay applies a whole log the same way. An undo (or a
// redo) folds the log again from the start without (or with) its target, and lists the later events
// whose outcome that changes. An event that cannot be applied (a log error) throws a SceneError naming
// it, and the session is left exactly as it was: nothing is lost.
import type { Query, Scene } from '../scene/sceneSchema.ts'
import type { ResultDocument } from '../results.ts'
import { SceneError, type SceneIssue } from '../scene/sceneError.ts'
import type { RuleSystem, Table } from '../ruleSystem.ts'
import { canonicalJson } from '../contentHash.ts'
import type { GameEvent, GameEventType, GameLogObjective } from './gameLogSchema.ts'
import { GAME_FORMAT } from './gameLogSchema.ts'
import { type GameState, cloneState, initialState } from './gameState.ts'
import { type GameContext, type GameEnv, makeGameContext } from './gameContext.ts'
import { type RulingRecordOf, type StepDetails, proposeEffects, queryModels, resetResources, stepEvent } from './stepEvent.ts'
import { checkEvent } from './checkEvent.ts'

export type AffectedEvent = { seq: number; type: GameEventType; why: string[] }

export type EventOutcome = StepDetails & {
  seq: number
  type: GameEventType
  /** The state after the event. */
  state: GameState
  /** The undo that took this event back (and no redo since). */
  undoneBy?: number
  /** For an undo or a redo: the later events whose outcome it changes. */
  affects?: AffectedEvent[]
}

/** A game log (tabletop-game/1) as read: the validated scene, the objectives, the events. */
export type GameLog = {
  format: typeof GAME_FORMAT
  scene: Scene
  objectives?: GameLogObjective[]
  events: GameEvent[]
  meta?: Record<string, unknown>
}

export type GameSession = {
  readonly system: RuleSystem
  readonly startTable: Table
  readonly context: GameContext
  /** The log so far: the head as given, and every event applied. */
  log: () => GameLog
  events: () => readonly GameEvent[]
  outcomes: () => readonly EventOutcome[]
  state: () => GameState
  /** The state before the first event (the start scene's, with the resources a game starts with): the timeline's event 0. */
  start: () => GameState
  /** Apply the next event (numbered one after the last); throws a SceneError, changing nothing, for an event that cannot be. */
  apply: (event: GameEvent) => EventOutcome
  /**
   * What the ruling at event `rulingSeq` proposes with these dice, for the players to confirm or
   * override (the effect event then logs the dice, and a seed with them). Undefined: no such ruling applies now.
   */
  propose: (rulingSeq: number, roll: Parameters<typeof proposeEffects>[2]) => ReturnType<typeof proposeEffects> | undefined
  /**
   * The ruling at event `rulingSeq` as it was made: the table as it stood (a tabletop-scene/1 with the query
   * as its only query), the query and its result document — what a referee record reopened from the log
   * shows. Undefined when no such ruling applies now (taken back, or never made).
   */
  ruling: (rulingSeq: number) => { scene: Scene; query: Query; result: ResultDocument } | undefined
}

type Fold = { state: GameState; rulings: Map<number, RulingRecordOf>; details: Map<number, StepDetails & { state: GameState }> }

/**
 * A session on a log's head (the start scene, its table and the objectives). `events` are applied in
 * order (a replay); their index in the log names them in errors ("events[12].to").
 */
export function startGameSession(head: { log: Omit<GameLog, 'events'>; table: Table }, env: GameEnv, events: readonly GameEvent[] = []): GameSession {
  const table = head.table
  const ctx = makeGameContext(table, head.log.objectives ?? [], env)
  const applied: GameEvent[] = []
  const outcomes: EventOutcome[] = []
  let undone = new Set<number>()
  let rulings = new Map<number, RulingRecordOf>()
  let state = startState(ctx)

  /** The log folded from the start, events before `count`, without the undone ones. */
  const fold = (without: ReadonlySet<number>, count: number): Fold => {
    let s = startState(ctx)
    const r = new Map<number, RulingRecordOf>()
    const details = new Map<number, StepDetails & { state: GameState }>()
    for (let i = 0; i < count; i++) {
      const ev = applied[i]!
      if (ev.type === 'undo' || ev.type === 'redo' || without.has(ev.seq)) continue
      const work = cloneState(s)
      const d = stepEvent(work, ev, { ctx, path: `events[${i}]`, rulings: r, undone: without })
      s = work
      details.set(ev.seq, { ...d, state: cloneState(s) })
    }
    s.undone = [...without].sort((a, b) => a - b)
    return { state: s, rulings: r, details }
  }

  const apply = (ev: GameEvent): EventOutcome => {
    const index = applied.length
    const issues: SceneIssue[] = checkEvent(ev, index, { ctx, system: table.system, previous: applied, objectives: head.log.objectives ?? [] })
    if (ev.type === 'undo' || ev.type === 'redo') issues.push(...checkUndoTarget(ev, index, applied, undone))
    if (issues.length) throw new SceneError(issues)
    let outcome: EventOutcome
    if (ev.type === 'undo' || ev.type === 'redo') {
      const before = fold(undone, index)
      const next = new Set(undone)
      if (ev.type === 'undo') next.add(ev.target)
      else next.delete(ev.target)
      const after = fold(next, index)
      const affects = affectedEvents(applied, before, after, ev.target)
      undone = next
      rulings = after.rulings
      state = after.state
      const target = outcomes.find((o) => o.seq === ev.target)!
      if (ev.type === 'undo') target.undoneBy = ev.seq
      else delete target.undoneBy
      outcome = { seq: ev.seq, type: ev.type, findings: [], affects, state: cloneState(state) }
    } else {
      const work = cloneState(state)
      const d = stepEvent(work, ev, { ctx, path: `events[${index}]`, rulings, undone })
      state = work
      outcome = { seq: ev.seq, type: ev.type, ...d, state: cloneState(state) }
    }
    applied.push(ev)
    outcomes.push(outcome)
    return outcome
  }

  const session: GameSession = {
    system: table.system,
    startTable: table,
    context: ctx,
    log: () => ({ ...head.log, events: [...applied] }) as GameLog,
    events: () => applied,
    outcomes: () => outcomes,
    state: () => cloneState(state),
    start: () => startState(ctx),
    apply,
    ruling: (rulingSeq) => {
      const r = rulings.get(rulingSeq)
      return r && !undone.has(rulingSeq) ? { scene: r.table.scene, query: r.query, result: r.doc } : undefined
    },
    propose: (rulingSeq, roll) => {
      const r = rulings.get(rulingSeq)
      return r && !undone.has(rulingSeq) ? proposeEffects(ctx, r, roll) : undefined
    },
  }
  for (const ev of events) apply(ev)
  return session
}

/** The state before the first event, with the resources the book sets at the start of a game. */
function startState(ctx: GameContext): GameState {
  const s = initialState(ctx.startTable)
  const given = s.resources
  s.resources = {}
  resetResources(s, { ctx }, 'game-start')
  for (const [owner, pool] of Object.entries(given)) s.resources[owner] = { ...(s.resources[owner] ?? {}), ...pool }
  return s
}

/** An undo names an earlier event that applies now; a redo one that an undo took back. */
function checkUndoTarget(ev: Extract<GameEvent, { type: 'undo' | 'redo' }>, index: number, applied: readonly GameEvent[], undone: ReadonlySet<number>): SceneIssue[] {
  const path = `events[${index}].target`
  const target = applied.find((e) => e.seq === ev.target)
  if (!target) return [{ path, message: `no event ${ev.target} before event ${ev.seq}` }]
  if (target.type === 'undo' || target.type === 'redo') return [{ path, message: `event ${ev.target} is ${target.type === 'undo' ? 'an undo' : 'a redo'}: ${ev.type === 'undo' ? 'take it back with a redo of its target' : 'redo names the event that was taken back'}` }]
  if (ev.type === 'undo' && undone.has(ev.target)) return [{ path, message: `event ${ev.target} is already taken back` }]
  if (ev.type === 'redo' && !undone.has(ev.target)) return [{ path, message: `event ${ev.target} was not taken back: nothing to redo` }]
  return []
}

/**
 * The later events (after the target) whose outcome differs between the two folds: their findings,
 * their move check, their ruling's result, the effects proposed, control, or the state of the models
 * they touch.
 */
function affectedEvents(events: readonly GameEvent[], before: Fold, after: Fold, target: number): AffectedEvent[] {
  const out: AffectedEvent[] = []
  for (const ev of events) {
    if (ev.seq <= target || ev.type === 'undo' || ev.type === 'redo') continue
    const a = before.details.get(ev.seq)
    const b = after.details.get(ev.seq)
    if (!a || !b) continue
    const why: string[] = []
    const same = (x: unknown, y: unknown) => canonicalJson(x ?? null) === canonicalJson(y ?? null)
    if (!same(a.findings.map((f) => [f.code, f.message]), b.findings.map((f) => [f.code, f.message]))) why.push('its findings')
    if (!same(a.move, b.move)) why.push('its move check')
    if (!same(a.ruling?.resultHash, b.ruling?.resultHash)) why.push("its ruling's result")
    if (!same(a.proposal?.effects, b.proposal?.effects)) why.push('the effects proposed')
    if (!same(a.control, b.control)) why.push('control of the objectives')
    for (const id of touchedModels(ev, events)) {
      const ma = a.state.models.find((m) => m.id === id)
      const mb = b.state.models.find((m) => m.id === id)
      if (!same(ma, mb)) why.push(`the state of ${id}`)
    }
    if (why.length) out.push({ seq: ev.seq, type: ev.type, why })
  }
  return out
}

/** The models an event names: its own, and for an effect those of its ruling's query. */
function touchedModels(ev: GameEvent, events: readonly GameEvent[]): string[] {
  switch (ev.type) {
    case 'move': return [ev.model]
    case 'activation': return ev.model ? [ev.model] : []
    case 'ruling': return queryModels(ev.query)
    case 'effect': {
      const ruling = ev.ruling !== undefined ? events.find((e) => e.seq === ev.ruling) : undefined
      const fromRuling = ruling?.type === 'ruling' ? queryModels(ruling.query) : []
      return [...new Set([...ev.effects.flatMap((e) => (e.kind === 'resource' || e.kind === 'control' ? [] : [e.model])), ...fromRuling])]
    }
    default: return []
  }
}
