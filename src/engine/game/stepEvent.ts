// One event applied to the game state (issue 33), with what the rules find along the way. The state is
// changed in place (the session keeps a snapshot per event); a log error (a die that is no face of its
// die, a query the ruleset refuses to read) throws a SceneError with the event's JSON path.
import type { Query } from '../scene/sceneSchema.ts'
import type { ResultBody, ResultDocument } from '../results.ts'
import type { Table } from '../ruleSystem.ts'
import { SceneError } from '../scene/sceneError.ts'
import { own } from '../own.ts'
import { contentHashOf } from '../contentHash.ts'
import { MM_PER_INCH } from '../units.ts'
import { frameScaleTerm } from '../rules/measureModels.ts'
import type { Effect, EffectProposal, GameMoment } from './gameDecl.ts'
import type { EventOf, GameEvent } from './gameLogSchema.ts'
import type { ActionKind, GameState, ModelGameState } from './gameState.ts'
import type { Finding } from './gameFinding.ts'
import type { GameContext } from './gameContext.ts'
import { type MoveCheck, moveCheckOf, moveQuery, readMoveResult } from './checkMove.ts'
import { applyEffects, describeEffects, sameEffects, setStatus } from './applyEffects.ts'
import { type ControlFigure, takeControl } from './controlSnapshot.ts'
import { DiceShortfall, DieOutOfRange, type DrawnDie, enteredDice, seededDice } from './gameDice.ts'
import { handOver, pauseClock, resumeClock, startClock } from './chessClock.ts'

/** A ruling as the log made it: on which table, what was asked, what came back. */
export type RulingRecordOf = { table: Table; query: Query; doc: ResultDocument }

/** What stepping one event found and measured (besides the state it left). */
export type StepDetails = {
  findings: Finding[]
  move?: MoveCheck
  ruling?: { resultHash: string; matches: boolean; allowed: boolean | null }
  proposal?: (EffectProposal & { dice: DrawnDie[] }) | null
  applied?: Effect[]
  control?: ControlFigure[]
}

export type StepEnv = {
  ctx: GameContext
  /** The event's place in the log, for error paths ("events[12]"). */
  path: string
  /** Rulings made so far in this fold, by their seq. */
  rulings: Map<number, RulingRecordOf>
  /** Events taken back (a ruling taken back cannot propose). */
  undone: ReadonlySet<number>
}

export function stepEvent(state: GameState, ev: GameEvent, env: StepEnv): StepDetails {
  switch (ev.type) {
    case 'round-start': return stepRoundStart(state, ev, env)
    case 'round-end': return stepRoundEnd(state, ev, env)
    case 'phase-start': return stepPhaseStart(state, ev, env)
    case 'turn-start': return stepTurnStart(state, ev, env)
    case 'turn-end': return stepTurnEnd(state, ev, env)
    case 'activation': return stepActivation(state, ev, env)
    case 'activation-end': return { findings: endActivation(state, env) }
    case 'move': return stepMove(state, ev, env)
    case 'ruling': return stepRuling(state, ev, env)
    case 'effect': return stepEffect(state, ev, env)
    case 'score': return stepScore(state, ev, env)
    case 'clock': return stepClock(state, ev, env)
    case 'undo':
    case 'redo':
      return { findings: [] } // the session re-folds the log without (or with) the target
  }
}

// ---------------------------------------------------------------------------------------------
// The sequence: rounds, phases, turns, activations.

/**
 * The end of the current activation: statuses that last until the end of the model's own activation
 * go — set before it, they lasted until the end of this "next" activation; set during it (a Contact
 * Ceiling failure at its start), they lasted for this one.
 */
function endActivation(state: GameState, env: StepEnv): Finding[] {
  const a = state.activating
  if (!a) return []
  for (const id of a.models) {
    const m = state.models.find((x) => x.id === id)
    if (!m) continue
    for (const s of [...m.statuses]) {
      if (env.ctx.decl?.statuses.find((d) => d.id === s)?.expires?.at === 'own-activation-end') dropStatus(m, s)
    }
  }
  state.activating = null
  return []
}

function dropStatus(m: ModelGameState, s: string): void {
  m.statuses = m.statuses.filter((x) => x !== s)
  delete m.statusSince[s]
}

/** Statuses ending at a moment, and resources reset at it (for one side, at turn moments). */
function reachMoment(state: GameState, env: StepEnv, moment: GameMoment, side?: string): void {
  const decl = env.ctx.decl
  if (!decl) return
  const ending = new Set(decl.statuses.filter((s) => s.expires?.at === moment).map((s) => s.id))
  if (ending.size) for (const m of state.models) for (const s of [...m.statuses]) if (ending.has(s)) dropStatus(m, s)
  if (moment === 'round-end') {
    // "cannot fire next round": set before this round began, it has now lasted that round.
    const next = new Set(decl.statuses.filter((s) => s.expires?.at === 'next-round-end').map((s) => s.id))
    if (next.size) for (const m of state.models) for (const s of [...m.statuses]) if (next.has(s) && (m.statusSince[s] ?? 0) < state.roundStartedAt) dropStatus(m, s)
  }
  resetResources(state, env, moment, side)
}

export function resetResources(state: GameState, env: StepEnv | { ctx: GameContext }, moment: GameMoment, side?: string): void {
  const { ctx } = env
  for (const r of ctx.decl?.resources ?? []) {
    if (r.reset?.at !== moment) continue
    const owners = r.owner === 'side'
      ? ctx.sides.filter((s) => side === undefined || s === side)
      : r.owner === 'model'
        ? state.models.filter((m) => !m.removed && (side === undefined || m.side === side)).map((m) => m.id)
        : [...ctx.units.keys()].filter((u) => {
            const models = state.models.filter((m) => m.unit === u)
            return models.some((m) => !m.removed) && (side === undefined || models[0]?.side === side)
          })
    for (const owner of owners) {
      const to = r.reset.to
      const value = typeof to === 'number' ? to : to(ctx.startTable, owner)
      if (value === null) continue
      const pool = (state.resources[owner] ??= {})
      pool[r.id] = value
    }
  }
}

function resetActivationCounters(m: ModelGameState): void {
  m.moves = 0
  m.movedMm = 0
  m.moveCost = 0
  m.moveModes = []
  m.attacks = 0
  m.actions = []
}

function stepRoundStart(state: GameState, ev: EventOf<'round-start'>, env: StepEnv): StepDetails {
  const { ctx } = env
  const findings = endActivation(state, env)
  // A round left open ends first, as its end would have (a log need not write every end).
  const control = state.roundOpen ? endRound(state, env) : []
  if (ev.round !== state.round + 1) findings.push(ctx.finding('round-out-of-order', 'rule', ev.seq, `round ${ev.round} starts after round ${state.round}`, rule(ctx)))
  const rounds = ctx.decl?.activation.rounds
  if (rounds && ev.round > rounds.count) findings.push(ctx.finding('round-beyond-game', 'note', ev.seq, `round ${ev.round}: the game lasts ${rounds.count} rounds`, { rule: rounds.section }))
  state.round = ev.round
  state.roundStartedAt = ev.seq
  state.roundOpen = true
  state.phase = null
  state.turn = null
  state.lastActivationSide = null
  state.lastTurnSide = null
  state.initiative = [...(ev.initiative ?? [])]
  for (const m of state.models) {
    m.activated = false
    resetActivationCounters(m)
  }
  reachMoment(state, env, 'round-start')
  return { findings, ...(control.length ? { control } : {}) }
}

function stepRoundEnd(state: GameState, ev: EventOf<'round-end'>, env: StepEnv): StepDetails {
  const { ctx } = env
  const findings = endActivation(state, env)
  if (ev.round !== state.round || !state.roundOpen) findings.push(ctx.finding('round-out-of-order', 'rule', ev.seq, state.roundOpen ? `round ${ev.round} ends during round ${state.round}` : `round ${ev.round} ends, but no round is being played`, rule(ctx)))
  const control = endRound(state, env)
  return { findings, ...(control.length ? { control } : {}) }
}

/** The end of a round: an open turn ends; control is taken (when the book takes it then); statuses end, resources reset. */
function endRound(state: GameState, env: StepEnv): ControlFigure[] {
  const { ctx } = env
  const control = state.turn !== null ? endTurn(state, env, state.turn) : []
  // Control is taken before conditions expire (Operator Tactics' End Phase: "Objective control is checked. Expired conditions are removed.").
  if (ctx.decl?.scoring?.when === 'round-end') control.push(...takeControl(ctx, state, env.path))
  for (const c of control) state.held[c.objective] = c.held
  if (state.phase) reachMoment(state, env, 'phase-end')
  reachMoment(state, env, 'round-end')
  state.phase = null
  state.turn = null
  state.roundOpen = false
  return control
}

function stepPhaseStart(state: GameState, ev: EventOf<'phase-start'>, env: StepEnv): StepDetails {
  const { ctx } = env
  const findings = endActivation(state, env)
  const phases = ctx.decl?.activation.phases ?? []
  const now = phases.findIndex((p) => p.id === state.phase)
  const next = phases.findIndex((p) => p.id === ev.phase)
  if (state.phase && next <= now) findings.push(ctx.finding('phase-out-of-order', 'rule', ev.seq, `the ${ev.phase} phase comes before the ${state.phase} phase in a round`, { rule: phases[next]?.section ?? ctx.decl?.activation.section ?? '' }))
  if (state.phase) reachMoment(state, env, 'phase-end')
  state.phase = ev.phase
  state.turn = null
  state.lastActivationSide = null
  state.lastTurnSide = null
  const limit = ctx.decl?.activation.limit
  if (limit && 'per' in limit && limit.per === 'phase') for (const m of state.models) m.activated = false
  return { findings }
}

function stepTurnStart(state: GameState, ev: EventOf<'turn-start'>, env: StepEnv): StepDetails {
  const { ctx } = env
  const findings = endActivation(state, env)
  // A turn left open ends first (its resources reset, its statuses end, control when the book takes it then).
  const control = state.turn !== null ? endTurn(state, env, state.turn) : []
  const first = state.initiative[0]
  if (state.lastTurnSide === ev.side && ctx.sides.length > 1) {
    findings.push(ctx.finding('turn-out-of-order', 'rule', ev.seq, `${ev.side} takes a second turn in a row`, rule(ctx)))
  } else if (state.lastTurnSide === null && first !== undefined && first !== ev.side) {
    findings.push(ctx.finding('turn-out-of-order', 'rule', ev.seq, `${first} holds the initiative and takes the first turn, not ${ev.side}`, { rule: ctx.decl?.activation.initiative.section ?? '' }))
  }
  state.turn = ev.side
  state.lastTurnSide = ev.side
  const limit = ctx.decl?.activation.limit
  if (limit && 'per' in limit && limit.per === 'turn') for (const m of state.models) if (m.side === ev.side) m.activated = false
  reachMoment(state, env, 'turn-start', ev.side)
  return { findings, ...(control.length ? { control } : {}) }
}

function stepTurnEnd(state: GameState, ev: EventOf<'turn-end'>, env: StepEnv): StepDetails {
  const { ctx } = env
  const findings = endActivation(state, env)
  if (state.turn !== ev.side) findings.push(ctx.finding('turn-out-of-order', 'note', ev.seq, state.turn ? `${ev.side}'s turn ends during ${state.turn}'s turn` : `${ev.side}'s turn ends, but no turn had started`, rule(ctx)))
  const control = endTurn(state, env, ev.side)
  return { findings, ...(control.length ? { control } : {}) }
}

/** The end of a side's turn: control when the book takes it then; the turn's statuses end, the side's resources reset. */
function endTurn(state: GameState, env: StepEnv, side: string): ControlFigure[] {
  const { ctx } = env
  endActivation(state, env)
  const control = ctx.decl?.scoring?.when === 'turn-end' ? takeControl(ctx, state, env.path) : []
  for (const c of control) state.held[c.objective] = c.held
  reachMoment(state, env, 'turn-end', side)
  state.turn = null
  return control
}

/** The models an activation event names: a model (its unit, in a game of units) or a unit. */
function activationGroup(state: GameState, ev: EventOf<'activation'>, env: StepEnv): { id: string; side: string; models: ModelGameState[] } {
  const ofUnit = env.ctx.decl?.activation.of === 'unit'
  if (ev.unit !== undefined || ofUnit) {
    const unit = ev.unit ?? state.models.find((m) => m.id === ev.model)!.unit
    const models = state.models.filter((m) => m.unit === unit)
    return { id: unit, side: models[0]!.side, models }
  }
  const m = state.models.find((x) => x.id === ev.model)!
  return { id: m.id, side: m.side, models: [m] }
}

function stepActivation(state: GameState, ev: EventOf<'activation'>, env: StepEnv): StepDetails {
  const { ctx } = env
  const findings = endActivation(state, env)
  const decl = ctx.decl?.activation
  const group = activationGroup(state, ev, env)
  const live = group.models.filter((m) => !m.removed)
  if (!live.length) {
    findings.push(ctx.finding('removed-model', 'rule', ev.seq, `${group.id} was removed from the game at event ${group.models[0]?.removedAt}: it cannot activate`, { model: group.id }))
    return { findings }
  }
  if (decl) {
    if (decl.order === 'turns') {
      if (state.turn === null) findings.push(ctx.finding('no-turn', 'rule', ev.seq, `${group.id} activates but no side's turn has started`, { rule: decl.section }))
      else if (state.turn !== group.side) findings.push(ctx.finding('activation-out-of-turn', 'rule', ev.seq, `${group.id} (${group.side}) activates during ${state.turn}'s turn`, { rule: decl.section }))
    } else if (decl.order === 'alternate') {
      const first = state.initiative[0]
      if (state.lastActivationSide === null && first !== undefined && first !== group.side) {
        findings.push(ctx.finding('activation-out-of-turn', 'rule', ev.seq, `${first} activates first this round (the initiative), not ${group.side}`, { rule: decl.initiative.section }))
      } else if (state.lastActivationSide === group.side) {
        const waiting = ctx.sides.filter((s) => s !== group.side && canStillActivate(state, env, s))
        if (waiting.length) findings.push(ctx.finding('activation-out-of-turn', 'rule', ev.seq, `${group.side} activates twice in a row while ${waiting.join(', ')} still has ${waiting.length > 1 ? 'models' : 'a model'} to activate (activations alternate)`, { rule: decl.section }))
      }
    }
    const limit = decl.limit
    if ('per' in limit) {
      if (live.some((m) => m.activated)) findings.push(ctx.finding('activated-again', 'rule', ev.seq, `${group.id} has already activated this ${limit.per}`, { model: group.id, rule: decl.section }))
    } else {
      const owner = resourceOwner(env, limit.resource, group)
      const left = state.resources[owner]?.[limit.resource] ?? 0
      if (left <= 0) {
        const r = ctx.decl!.resources.find((x) => x.id === limit.resource)
        findings.push(ctx.finding('activation-without-resource', 'rule', ev.seq, `${group.id} activates with no ${r?.label ?? limit.resource} left`, { model: group.id, rule: r?.section ?? decl.section }))
      }
    }
  }
  for (const m of live) {
    for (const s of m.statuses) {
      const sd = ctx.decl?.statuses.find((d) => d.id === s)
      if (sd?.forbids?.activation) findings.push(ctx.finding('activation-forbidden', 'rule', ev.seq, `${m.id} is ${s}: it cannot activate (${sd.meaning})`, { model: m.id, rule: sd.forbids.section }))
    }
  }
  for (const m of live) {
    m.activated = true
    resetActivationCounters(m)
  }
  state.activating = { id: group.id, side: group.side, models: live.map((m) => m.id), since: ev.seq }
  state.lastActivationSide = group.side
  return { findings }
}

function resourceOwner(env: StepEnv, resource: string, group: { id: string; side: string; models: ModelGameState[] }): string {
  const r = env.ctx.decl?.resources.find((x) => x.id === resource)
  return r?.owner === 'unit' ? (group.models[0]?.unit ?? group.id) : r?.owner === 'model' ? (group.models[0]?.id ?? group.id) : group.side
}

/** Whether a side still has a model (or unit) that may activate this round (alternate activations). */
function canStillActivate(state: GameState, env: StepEnv, side: string): boolean {
  const decl = env.ctx.decl?.activation
  if (!decl) return false
  const limit = decl.limit
  return state.models.some((m) => {
    if (m.side !== side || m.removed) return false
    if (m.statuses.some((s) => env.ctx.decl!.statuses.find((d) => d.id === s)?.forbids?.activation)) return false
    if ('per' in limit) return !m.activated
    const owner = resourceOwner(env, limit.resource, { id: m.unit, side, models: [m] })
    return (state.resources[owner]?.[limit.resource] ?? 0) > 0
  })
}

/** A forbidden sequence of actions inside one activation ("move, attack, move"): a finding when the new action completes one. */
function recordAction(m: ModelGameState, action: ActionKind, env: StepEnv, seq: number, findings: Finding[]): void {
  m.actions.push(action)
  for (const f of env.ctx.decl?.activation.forbiddenSequences ?? []) {
    if (f.actions[f.actions.length - 1] !== action) continue
    let k = 0
    for (const a of m.actions) if (a === f.actions[k]) k++
    if (k >= f.actions.length) {
      findings.push(env.ctx.finding('forbidden-sequence', 'rule', seq, `${m.id} cannot ${f.actions.join(', then ')} in one activation`, { model: m.id, rule: f.section }))
      return
    }
  }
}

function rule(ctx: GameContext): { rule?: string } {
  return ctx.decl ? { rule: ctx.decl.activation.section } : {}
}

// ---------------------------------------------------------------------------------------------
// Moves.

function stepMove(state: GameState, ev: EventOf<'move'>, env: StepEnv): StepDetails {
  const { ctx } = env
  const findings: Finding[] = []
  const m = state.models.find((x) => x.id === ev.model)!
  if (m.removed) {
    findings.push(ctx.finding('removed-model', 'rule', ev.seq, `${m.id} was removed from the game at event ${m.removedAt}: it cannot move`, { model: m.id }))
    return { findings }
  }
  const [w, d] = [ctx.start.table.width, ctx.start.table.depth]
  if (ev.to[0] < 0 || ev.to[1] < 0 || ev.to[0] > w || ev.to[1] > d) {
    throw new SceneError([{ path: `${env.path}.to`, message: `[${ev.to[0]}, ${ev.to[1]}] is off the ${w} × ${d} mm table (a model taken off the table is removed by an effect)` }])
  }
  const mode = ev.mode ?? ctx.decl?.defaultMoveMode ?? null
  if (ctx.decl && !actsInTurn(state, ctx, m)) {
    findings.push(ctx.finding('move-outside-activation', 'note', ev.seq, state.activating ? `${m.id} moves during ${state.activating.id}'s activation` : state.turn ? `${m.id} moves during ${state.turn}'s turn` : `${m.id} moves outside any activation`, { model: m.id, rule: ctx.decl.activation.section }))
  }
  for (const s of m.statuses) {
    const f = ctx.decl?.statuses.find((d) => d.id === s)?.forbids
    if (f?.moveModes && (f.moveModes === 'all' || (mode !== null && f.moveModes.includes(mode)))) {
      findings.push(ctx.finding('status-forbids-move', 'rule', ev.seq, `${m.id} is ${s}: it cannot ${f.moveModes === 'all' ? 'move' : mode}`, { model: m.id, rule: f.section }))
    }
  }
  const maxMoves = ctx.decl?.activation.maxMoves
  if (maxMoves && m.moves >= maxMoves.count) findings.push(ctx.finding('moves-exceeded', 'rule', ev.seq, `${m.id} moves a ${ordinal(m.moves + 1)} time in one activation (at most ${maxMoves.count})`, { model: m.id, rule: maxMoves.section }))
  const from: [number, number] = [m.position[0], m.position[1]]
  const sigmaStart = m.uncertaintyMm
  const sigmaEnd = ev.source === 'tracked' ? (ev.uncertainty ?? 0) : 0
  // Both ends seen by the camera in a surveyed frame: the move's length is off by the frame's scale σ
  // times that length too, shared by both ends (measureModels' frameScaleMm, for a move).
  const frameScale = frameScaleTerm(sigmaStart, sigmaEnd, ctx.start.table.scaleUncertainty ?? 0, Math.hypot(ev.to[0] - m.position[0], ev.to[1] - m.position[1]))
  const sigmaMm = Math.hypot(sigmaStart, sigmaEnd, frameScale)
  let check: MoveCheck
  let endZ: number | null = null
  if (own(ctx.system.handlers, 'move')) {
    const { doc } = ctx.evaluate(state, moveQuery(ev.seq, ev, ctx.decl?.defaultMoveMode), env.path)
    const result = doc.results[0]!
    const reading = (ctx.decl?.readMove ?? readMoveResult)(result)
    check = moveCheckOf({ model: m.id, mode, from, to: [ev.to[0], ev.to[1]], sigmaMm, result, reading })
    endZ = typeof result.endZ === 'number' ? result.endZ : null
    moveFindings(check, ev.seq, env, findings)
  } else {
    check = moveCheckOf({ model: m.id, mode, from, to: [ev.to[0], ev.to[1]], sigmaMm, result: null, reading: null })
    findings.push(ctx.finding('move-unchecked', 'note', ev.seq, `${ctx.system.id} has no move rule: ${m.id}'s move is not checked`, { model: m.id }))
  }
  m.position = [ev.to[0], ev.to[1]]
  if (ev.z !== undefined) m.z = ev.z
  else if (endZ !== null) m.z = endZ
  if (ev.facing !== undefined) m.facing = ev.facing
  m.uncertaintyMm = sigmaEnd
  m.moves++
  m.movedMm += check.straightMm
  m.moveCost += check.cost ?? 0
  if (mode) m.moveModes.push(mode)
  recordAction(m, 'move', env, ev.seq, findings)
  for (const s of ctx.decl?.statuses ?? []) if (mode && s.setByMoveModes?.includes(mode)) setStatus(m, s.id, true, ctx, ev.seq, findings)
  return { findings, move: check }
}

function ordinal(n: number): string {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${tail}`
}

/**
 * A model acts in its own activation; in a game played in side turns (phases of I-go-you-go), with no
 * activation logged, a model of the side whose turn it is acts in that turn.
 */
function actsInTurn(state: GameState, ctx: GameContext, m: ModelGameState): boolean {
  if (state.activating) return state.activating.models.includes(m.id)
  return ctx.decl?.activation.order === 'turns' && state.turn === m.side
}

function moveFindings(check: MoveCheck, seq: number, env: StepEnv, findings: Finding[]): void {
  const { ctx } = env
  const over = check.margin !== null && check.margin < 0
  const rule = check.reasons[0]?.rule ?? check.rules[0]
  if (check.allowed === false || over) {
    const why = check.reasons.length ? `: ${check.reasons.slice(0, 3).map((r) => r.message).join('; ')}` : ''
    findings.push(ctx.finding(over ? 'move-over-allowance' : 'move-refused', 'rule', seq, `${check.model} ${check.text}${why}`, { model: check.model, ...(rule ? { rule } : {}), marginal: check.marginal }))
  } else if (check.marginal) {
    findings.push(ctx.finding('move-marginal', 'note', seq, `${check.model} ${check.text}`, { model: check.model, ...(rule ? { rule } : {}), marginal: true }))
  }
}

// ---------------------------------------------------------------------------------------------
// Rulings and their effects.

/** Model references of a query (the scene's own reference fields). */
const REF_KEYS = ['from', 'to', 'of', 'model', 'attacker', 'target', 'source'] as const

export function queryModels(q: Record<string, unknown>): string[] {
  return REF_KEYS.map((k) => q[k]).filter((v): v is string => typeof v === 'string')
}

function stepRuling(state: GameState, ev: EventOf<'ruling'>, env: StepEnv): StepDetails {
  const { ctx } = env
  const findings: Finding[] = []
  const q = ev.query as Query
  const gone = queryModels(q).map((id) => state.models.find((m) => m.id === id)).filter((m): m is ModelGameState => m !== undefined && m.removed)
  if (gone.length) {
    for (const m of gone) findings.push(ctx.finding('removed-model', 'rule', ev.seq, `${m.id} was removed from the game at event ${m.removedAt}: the ruling cannot be made`, { model: m.id }))
    return { findings }
  }
  const { table, doc } = ctx.evaluate(state, q, `${env.path}.query`)
  const resultHash = contentHashOf(doc)
  const matches = resultHash === ev.resultHash
  if (!matches) findings.push(ctx.finding('ruling-hash-differs', 'log', ev.seq, `the result of "${q.id}" on this table hashes ${resultHash.slice(0, 19)}…, not the logged ${ev.resultHash.slice(0, 19)}… (another engine version, or the log was edited)`))
  for (const w of doc.warnings ?? []) {
    if (w.code === 'context-overrides-state') findings.push(ctx.finding('context-overrides-state', 'note', ev.seq, `${w.message.replace(/^the context gives/, `"${q.id}" gives`)}`))
  }
  const result = doc.results[0]!
  const allowed = typeof result.allowed === 'boolean' ? result.allowed : null
  if (allowed === false) {
    const reasons = Array.isArray(result.reasons) ? (result.reasons as Array<{ message: string; rule: string }>) : []
    findings.push(ctx.finding('ruling-refused', 'rule', ev.seq, `${q.type} "${q.id}" is refused: ${reasons.slice(0, 3).map((r) => r.message).join('; ') || 'no reason given'}`, reasons[0] ? { rule: reasons[0].rule } : {}))
  }
  const attacker = typeof (q as { attacker?: unknown }).attacker === 'string' ? (q as { attacker: string }).attacker : undefined
  const attackerState = attacker !== undefined ? state.models.find((x) => x.id === attacker) : undefined
  for (const s of attackerState?.statuses ?? []) {
    const sd = ctx.decl?.statuses.find((d) => d.id === s)
    if (sd?.forbids?.attacks) findings.push(ctx.finding('status-forbids-attack', 'rule', ev.seq, `${attacker} is ${s}: it cannot attack (${sd.meaning})`, { model: attacker, rule: sd.forbids.section }))
  }
  if (attacker && attackerState && ctx.decl && !actsInTurn(state, ctx, attackerState)) {
    findings.push(ctx.finding('attack-outside-activation', 'note', ev.seq, `${attacker} attacks outside its activation (a reaction?)`, { model: attacker, rule: ctx.decl.activation.section }))
  }
  env.rulings.set(ev.seq, { table, query: q, doc })
  return { findings, ruling: { resultHash, matches, allowed } }
}

function stepEffect(state: GameState, ev: EventOf<'effect'>, env: StepEnv): StepDetails {
  const { ctx } = env
  const findings: Finding[] = []
  let proposal: (EffectProposal & { dice: DrawnDie[] }) | null = null
  const ruling = ev.ruling !== undefined ? env.rulings.get(ev.ruling) : undefined
  if (ev.ruling !== undefined && env.undone.has(ev.ruling)) {
    findings.push(ctx.finding('ruling-undone', 'log', ev.seq, `the ruling at event ${ev.ruling} was taken back: there is no result to apply`))
  } else if (ev.ruling !== undefined && !ruling) {
    findings.push(ctx.finding('ruling-not-found', 'log', ev.seq, `the ruling at event ${ev.ruling} was not made (its models had left the game)`))
  } else if (ruling) {
    proposal = propose(ruling, ev, env, findings)
    if (proposal && ev.decision.kind === 'confirm' && !sameEffects(proposal.effects, ev.effects)) {
      findings.push(ctx.finding('effect-differs-from-proposal', 'log', ev.seq, `${ev.decision.by} confirmed "${describeEffects(ev.effects)}", but the result proposes "${describeEffects(proposal.effects)}" (an override, with its reason, applies something else)`, proposal.rules[0] ? { rule: proposal.rules[0] } : {}))
    }
  }
  if (ev.decision.kind === 'override') {
    const was = proposal ? ` (proposed: ${describeEffects(proposal.effects)})` : ''
    findings.push(ctx.finding('override', 'note', ev.seq, `${ev.decision.by} overrode: "${ev.decision.reason}"; applied: ${describeEffects(ev.effects)}${was}`))
  }
  findings.push(...applyEffects(state, ev.effects, ctx, ev.seq))
  if (ruling && (ruling.query.type === 'attack' || ruling.query.type === 'blast') && ruling.doc.results[0]?.allowed !== false) {
    const attacker = (ruling.query as { attacker?: string }).attacker
    const m = attacker ? state.models.find((x) => x.id === attacker) : undefined
    if (m && !m.removed) {
      m.attacks++
      recordAction(m, 'attack', env, ev.seq, findings)
    }
  }
  return { findings, proposal, applied: [...ev.effects] }
}

/** The ruleset's proposal for a ruling with the event's dice (null when it proposes nothing for this query). */
function propose(ruling: RulingRecordOf, ev: EventOf<'effect'>, env: StepEnv, findings: Finding[]): (EffectProposal & { dice: DrawnDie[] }) | null {
  const { ctx } = env
  let made: ReturnType<typeof proposeEffects>
  try {
    made = proposeEffects(ctx, ruling, ev.roll ?? null)
  } catch (e) {
    if (e instanceof DieOutOfRange) throw new SceneError([{ path: `${env.path}.roll.dice[${e.index}]`, message: e.message }])
    throw e
  }
  if (made.shortfall) {
    findings.push(ctx.finding(ev.roll ? 'roll-incomplete' : 'roll-missing', 'log', ev.seq, `the result ${made.shortfall.message}: the proposal cannot be made, so the applied effects are taken as logged`))
    return null
  }
  const out = made.proposal
  if (!out) return null
  if (ev.roll?.source === 'seeded') {
    const logged = ev.roll.dice
    if (logged.length !== out.dice.length || logged.some((v, i) => v !== out.dice[i]!.value)) {
      findings.push(ctx.finding('roll-differs-from-seed', 'log', ev.seq, `seed ${ev.roll.seed} rolls ${out.dice.map((d) => d.value).join(', ') || 'no dice'}, not the logged ${logged.join(', ') || 'no dice'}`))
    }
  } else if (ev.roll && ev.roll.dice.length > out.dice.length) {
    findings.push(ctx.finding('dice-unused', 'note', ev.seq, `${ev.roll.dice.length - out.dice.length} of the ${ev.roll.dice.length} dice entered were not needed`))
  }
  return out
}

/**
 * What a ruling's result proposes with these dice: entered ones read in order, or a seed's (the app
 * rolls with a fresh seed and logs it with the dice). `shortfall` when the entered dice run out; a die
 * that is no face of its die throws DieOutOfRange. `proposal` null: the ruleset proposes nothing for this query.
 */
export function proposeEffects(ctx: GameContext, ruling: RulingRecordOf, roll: { source: 'entered'; dice: readonly number[] } | { source: 'seeded'; seed: number } | null): { proposal: (EffectProposal & { dice: DrawnDie[] }) | null; shortfall?: DiceShortfall } {
  const proposer = own(ctx.decl?.effects ?? {}, ruling.query.type)
  const result: ResultBody = ruling.doc.results[0]!
  if (!proposer) return { proposal: null }
  if (result.allowed === false) return { proposal: { effects: [], because: ['the ruling refused the action: nothing to apply'], rules: [], dice: [] } }
  const source = roll?.source === 'seeded' ? seededDice(roll.seed) : enteredDice(roll?.dice ?? [])
  try {
    const out = proposer({ table: ruling.table, query: ruling.query, result }, source)
    return { proposal: { ...out, dice: [...source.drawn] } }
  } catch (e) {
    if (e instanceof DiceShortfall) return { proposal: null, shortfall: e }
    throw e
  }
}

// ---------------------------------------------------------------------------------------------
// Scores and the clock.

function stepScore(state: GameState, ev: EventOf<'score'>, env: StepEnv): StepDetails {
  const { ctx } = env
  const findings: Finding[] = []
  state.scores[ev.side] = (state.scores[ev.side] ?? 0) + ev.points
  const missing = ctx.sides.filter((s) => !ev.confirmedBy.includes(s))
  const scoringRule = ctx.decl?.scoring ? { rule: ctx.decl.scoring.section } : {}
  if (missing.length) findings.push(ctx.finding('score-unconfirmed', 'log', ev.seq, `${ev.points} point${Math.abs(ev.points) === 1 ? '' : 's'} to ${ev.side} not confirmed by ${missing.join(', ')} (both players confirm a score)`, scoringRule))
  let control: ControlFigure[] = []
  if (ev.objective !== undefined && ctx.decl?.scoring) {
    control = takeControl(ctx, state, env.path, ev.objective)
    const c = control[0]
    if (c && ev.points > 0 && c.controlledBy !== ev.side) {
      findings.push(ctx.finding('score-differs-from-control', 'rule', ev.seq, `${ev.side} scores ${ev.objective}, but ${c.controlledBy ? `${c.controlledBy} controls it` : 'nobody controls it'}${c.contested ? ' (contested)' : ''}${c.marginal ? ' — a marginal call' : ''}`, { rule: c.rules[0] ?? ctx.decl.scoring.section, marginal: c.marginal }))
    } else if (c?.marginal) {
      const calls = c.close.filter((x) => x.marginal).map((x) => `${x.model} ${x.marginMm >= 0 ? 'inside' : 'outside'} by ${round1(Math.abs(x.marginMm) / MM_PER_INCH)}″ ± ${round1(x.uncertaintyMm / MM_PER_INCH)}″`)
      findings.push(ctx.finding('score-marginal', 'note', ev.seq, `control of ${ev.objective} is a marginal call: ${calls.join('; ')}`, { rule: ctx.decl.scoring.section, marginal: true }))
    }
  }
  return { findings, ...(control.length ? { control } : {}) }
}

function round1(x: number): number {
  return Math.round(x * 100) / 100
}

function stepClock(state: GameState, ev: EventOf<'clock'>, env: StepEnv): StepDetails {
  const at = ev.atMs!
  const sides = env.ctx.sides
  if (ev.action === 'start') state.clock = startClock(sides, ev.side ?? sides[0]!, at, ev.budgetMs ?? null)
  else if (!state.clock) throw new SceneError([{ path: `${env.path}.action`, message: `the clock is ${ev.action === 'hand-over' ? 'handed over' : ev.action + 'd'} before it was started` }])
  else if (ev.action === 'pause') state.clock = pauseClock(state.clock, at)
  else if (ev.action === 'resume') state.clock = resumeClock(state.clock, at)
  else state.clock = handOver(state.clock, ev.side!, at)
  return { findings: [] }
}
