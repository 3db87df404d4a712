// The verbs of a game at the table (issue 33), plain functions over the store (as src/app/actions):
// start, the sequence (rounds, phases, turns, activations), moves, rulings with their effects
// proposed and confirmed or overridden, effects by hand, undo and redo (with what they change), the
// rewind's ghosts, scores every side confirms, the chess clock, import and export. Every change is an
// event the game worker checks before it is written: a refused one changes nothing and says why, once.
// A view link only watches: every verb refuses there, with the reason.
import type { Effect, GameEventDraft, GameLog, GameLogObjective, GameEvent, Query, Scene } from '../../engine/index.ts'
import { exportGameLog } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { useSync } from '../sync/syncStore.ts'
import { type Freeze, type RulingRecord, makeRulingRecord } from '../record/rulingRecord.ts'
import { saveRuling } from '../record/rulingDb.ts'
import { summarize } from '../record/rulingText.ts'
import { embeddedLog } from '../record/rulingGame.ts'
import { modelNames, weaponName } from '../format/names.ts'
import { downloadBlob, readFileText } from '../actions/download.ts'
import { gameWorker } from './gameClient.ts'
import type { GameInput, ProposeRoll, Proposed } from './gameProtocol.ts'
import type { OutcomeView } from './gameView.ts'
import { type GameEntry, type GameRecord, type PendingScore, NO_PENDING, confirmableSides, entryOf, newSeed, newUid, roleName, rollOf } from './gameRecord.ts'
import { saveGame } from './gameDb.ts'
import { withoutGameState } from './projectState.ts'

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** The device's name in the room (the author of the entries it writes). */
function deviceName(): string {
  try {
    return localStorage.getItem('tabletop-device-name') ?? 'this device'
  } catch {
    return 'this device'
  }
}

export const inputOf = (g: GameRecord): GameInput => ({ id: g.id, head: g.head, entries: g.entries })

/** Why this device may not change the game now, or null. */
function refusal(): string | null {
  if (useSync.getState().role === 'view') return 'View only: this link watches the game. Ask for the edit link to play.'
  if (!useApp.getState().game) return 'Start a game first (Game, in the panel).'
  return null
}

function refuse(): boolean {
  const why = refusal()
  if (why) useApp.getState().notify({ level: 'warning', text: why, about: 'game-refused' })
  return why !== null
}

/** Actions one after another: a second tap waits for the first event to be written. */
let chain: Promise<unknown> = Promise.resolve()
function serial<T>(run: () => Promise<T>): Promise<T> {
  const next = chain.then(run, run)
  chain = next.catch(() => undefined)
  return next
}

export type Draft = { draft: GameEventDraft; refs?: GameEntry['refs']; uid?: string }

/**
 * Log events (in order; all or none): checked by the worker on the game as it stands, then written.
 * Returns each one's outcome, or null after saying why they could not be logged (nothing changed).
 */
export function logEvents(drafts: readonly Draft[]): Promise<OutcomeView[] | null> {
  return serial(async () => {
    if (refuse()) return null
    const s = useApp.getState()
    const game = s.game!
    const atMs = Math.max(0, Math.round(Date.now() - game.clockBaseMs))
    const author = deviceName()
    const add: GameEntry[] = []
    for (const d of drafts) {
      const draft = ('atMs' in d.draft && d.draft.atMs !== undefined ? d.draft : { ...d.draft, atMs }) as GameEventDraft
      const entry = entryOf(draft, [...game.entries, ...add], author, d.refs)
      add.push(d.uid ? { ...entry, uid: d.uid } : entry)
    }
    const r = await gameWorker().ask('append', { game: inputOf(game), add })
    if (!r.ok) {
      useApp.getState().notify({ level: 'error', text: `Not logged: ${r.message}. The game is as it was.`, about: 'game-refused' })
      return null
    }
    useApp.getState().settle('game-refused')
    useApp.getState().updateGame((g) => (g.id === game.id ? { ...g, entries: [...g.entries, ...add] } : g))
    return r.value.outcomes
  })
}

export function logEvent(draft: GameEventDraft, refs?: GameEntry['refs'], uid?: string): Promise<OutcomeView | null> {
  return logEvents([{ draft, ...(refs ? { refs } : {}), ...(uid ? { uid } : {}) }]).then((o) => o?.[0] ?? null)
}

const by = () => roleName(useApp.getState().gameRole)

// ---------------------------------------------------------------------------------------------
// Starting, closing, importing, exporting.

/** A new game on the table as it stands now (the scene at the start of the log), with these objectives. */
export async function startGame(objectives: GameLogObjective[] = []): Promise<boolean> {
  if (useSync.getState().role === 'view') {
    useApp.getState().notify({ level: 'warning', text: 'View only: this link watches the table. Ask for the edit link to start a game.' })
    return false
  }
  const s = useApp.getState()
  const { queries: _q, meta, ...scene } = s.scene
  const startedAt = new Date()
  const id = newUid()
  const head = {
    format: 'tabletop-game/1' as const,
    scene: { ...scene, ...(meta ? { meta } : {}) } as Scene,
    ...(objectives.length ? { objectives } : {}),
    meta: { startedAt: startedAt.toISOString(), app: 'tabletop-ar', gameId: id },
  }
  const game: GameRecord = { id, head, entries: [], clockBaseMs: startedAt.getTime(), pending: NO_PENDING }
  const r = await gameWorker().ask('view', { game: inputOf(game) })
  if (!r.ok) {
    s.notify({ level: 'error', text: `The game cannot start on this table: ${r.message}` })
    return false
  }
  await keepPrevious(s.game)
  useApp.getState().setGame(game)
  useApp.getState().setGameView(r.value, useApp.getState().gameRev)
  return true
}

/** The game replaced (by a new one or an import) stays stored, so it can be brought back. */
async function keepPrevious(previous: GameRecord | null): Promise<void> {
  if (previous) await saveGame(previous).catch(() => undefined)
}

/** Close the game: the table keeps its places, without the game's state; the log stays stored. */
export function closeGame(): void {
  const s = useApp.getState()
  const previous = s.game
  if (!previous) return
  void keepPrevious(previous)
  s.setGame(null)
  s.editScene((scene) => withoutGameState(scene), { undoable: false })
  s.notify({ level: 'info', text: 'The game is closed (its log is kept on this device).', actions: [{ label: 'Reopen it', run: () => useApp.getState().setGame(previous) }] })
}

/**
 * The game's log up to and including event `seq`, for a ruling's record (asked of the worker: the view
 * on the page may not have caught up with an event just logged). Undefined when it cannot be had.
 */
async function logUpTo(game: GameRecord, seq: number): Promise<GameLog | undefined> {
  const r = await gameWorker().ask('view', { game: inputOf(game) })
  if (!r.ok || r.value.events.length < seq) return undefined
  return embeddedLog({ ...game.head, events: r.value.events } as GameLog, seq)
}

export function exportGame(): void {
  const s = useApp.getState()
  if (!s.game || !s.gameView) return
  const text = exportGameLog({ ...s.game.head, events: s.gameView.events } as Parameters<typeof exportGameLog>[0])
  const when = (s.game.head.meta as { startedAt?: string } | undefined)?.startedAt ?? new Date().toISOString()
  downloadBlob(new Blob([text], { type: 'application/json' }), `game-${when.replace(/[:.]/g, '-')}.json`)
}

/** Open a game log file: checked and replayed whole; a bad file changes nothing and says what is wrong, once. */
export async function importGameText(text: string, name: string): Promise<boolean> {
  const s = useApp.getState()
  if (useSync.getState().role === 'view') {
    s.notify({ level: 'warning', text: 'View only: this link watches the game and cannot open another.' })
    return false
  }
  const id = newUid()
  const r = await gameWorker().ask('import', { text, id })
  if (!r.ok) {
    s.notify({ level: 'error', text: `${name} cannot be opened as a game: ${r.message}. ${s.game ? 'Your game is as it was.' : 'Nothing was changed.'}`, about: 'game-import' })
    return false
  }
  const previous = useApp.getState().game
  await keepPrevious(previous)
  const { head, entries, view } = r.value
  const lastAt = [...view.events].reverse().find((e) => e.atMs !== undefined)?.atMs ?? 0
  const game: GameRecord = { id, head, entries, clockBaseMs: Date.now() - lastAt, pending: NO_PENDING }
  useApp.getState().setGame(game)
  useApp.getState().setGameView(view, useApp.getState().gameRev)
  // The table as the log leaves it (its places): the real models are put there, the ghosts show where.
  const last = view.state
  placedByAppAt = performance.now()
  useApp.getState().replaceScene(placedAsGame(head.scene, last.models))
  useApp.getState().settle('game-import')
  useApp.getState().notify({
    level: 'info',
    text: `Opened ${name}: ${entries.length} event${entries.length === 1 ? '' : 's'}, round ${last.round}.`,
    ...(previous ? { actions: [{ label: 'Back to the previous game', run: () => useApp.getState().setGame(previous) }] } : {}),
  })
  return true
}

function placedAsGame(start: Scene, models: ReadonlyArray<{ id: string; position: [number, number]; facing: number; z: number }>): Scene {
  const at = new Map(models.map((m) => [m.id, m]))
  return { ...start, models: start.models.map((m) => {
    const g = at.get(m.id)
    return g ? { ...m, position: [g.position[0], g.position[1]], facing: g.facing } : m
  }) }
}

export async function importGameFile(file: File): Promise<boolean> {
  try {
    return await importGameText(await readFileText(file), file.name)
  } catch (e) {
    useApp.getState().notify({ level: 'error', text: `${errorText(e)}. Your game is as it was.` })
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// The sequence.

export const roundStart = (round: number, initiative: string[]) => logEvent({ type: 'round-start', round, ...(initiative.length ? { initiative } : {}), by: by() })
export const roundEnd = (round: number) => logEvent({ type: 'round-end', round, by: by() })
export const phaseStart = (phase: string) => logEvent({ type: 'phase-start', phase, by: by() })
export const turnStart = (side: string) => logEvent({ type: 'turn-start', side, by: by() })
export const turnEnd = (side: string) => logEvent({ type: 'turn-end', side, by: by() })
export const activate = (model: string) => logEvent({ type: 'activation', model, by: by() })
export const activationEnd = () => logEvent({ type: 'activation-end', by: by() })

/** A move: seen by the camera (tracked, with its end's 1-sigma), dragged in the app, or typed in. */
export function logMove(model: string, to: [number, number], source: 'tracked' | 'dragged' | 'entered', opts: { uncertaintyMm?: number; facing?: number; mode?: string } = {}): Promise<OutcomeView | null> {
  const round2 = (x: number) => Math.round(x * 100) / 100
  return logEvent({
    type: 'move',
    model,
    to: [round2(to[0]), round2(to[1])],
    source,
    ...(source === 'tracked' && opts.uncertaintyMm !== undefined ? { uncertainty: round2(opts.uncertaintyMm) } : {}),
    ...(opts.facing !== undefined ? { facing: round2(opts.facing) } : {}),
    ...(opts.mode ? { mode: opts.mode } : {}),
    by: by(),
  })
}

// ---------------------------------------------------------------------------------------------
// Rulings, proposals, effects.

/** Moves waiting to be logged are logged before a ruling (moveLogging.ts sets it). */
let flushMoves: () => Promise<void> = async () => undefined
export function setMoveFlush(f: () => Promise<void>): void {
  flushMoves = f
}

/**
 * "Rule on this" in a game: the query ruled on the table as the game stands (its state the rules'
 * context), logged with its result's hash, kept in the referee's record (linked to its event), and its
 * effects proposed for a confirm or an override.
 */
export async function ruleInGame(query: Query, freeze: Freeze): Promise<RulingRecord | null> {
  if (refuse()) return null
  await flushMoves()
  const game = useApp.getState().game!
  const r = await gameWorker().ask('rule', { game: inputOf(game), query })
  if (!r.ok) {
    useApp.getState().notify({ level: 'error', text: `The game could not rule on this: ${r.message}` })
    return null
  }
  const uid = newUid()
  const outcome = await logEvent({ type: 'ruling', query: query as unknown as Extract<GameEvent, { type: 'ruling' }>['query'], resultHash: r.value.resultHash, by: by() }, undefined, uid)
  if (!outcome) return null
  const gameLog = await logUpTo(useApp.getState().game ?? game, outcome.seq)
  const s = useApp.getState()
  const result = r.value.result.results[0]!
  const q = query as { attacker?: string; weapon?: string }
  const record = await makeRulingRecord({
    id: newUid(),
    createdAt: new Date(),
    scene: r.value.scene,
    query,
    result: r.value.result,
    freeze,
    summary: summarize(query as { attacker?: unknown }, result, r.value.scene, q.attacker && q.weapon ? weaponName(q.attacker, q.weapon, s.evaluation.overlay) : undefined, s.units, modelNames(s.evaluation.overlay, r.value.scene.models)),
    game: { id: game.id, entry: uid, seq: outcome.seq },
    ...(gameLog ? { gameLog } : {}),
  })
  s.addRuling(record)
  if (s.historyPersistent) await saveRuling(record).catch(() => undefined)
  useApp.getState().updateGame((g) => ({ ...g, pending: { ...g.pending, proposal: { ruling: uid, roll: null } } }))
  return record
}

/** The pending ruling's dice: rolled by the app (a fresh seed, recorded), or entered by the players. */
export function setProposalRoll(roll: ProposeRoll): void {
  useApp.getState().updateGame((g) => (g.pending.proposal ? { ...g, pending: { ...g.pending, proposal: { ...g.pending.proposal, roll } } } : g))
}
export const rollWithApp = () => setProposalRoll({ source: 'seeded', seed: newSeed() })

/** What the pending ruling proposes with its dice (asked of the worker). */
export async function proposalOf(game: GameRecord, rulingSeq: number): Promise<{ ok: true; value: Proposed } | { ok: false; message: string }> {
  const roll = game.pending.proposal?.roll ?? null
  return gameWorker().ask('propose', { game: inputOf(game), rulingSeq, roll })
}

export function dismissProposal(): void {
  useApp.getState().updateGame((g) => ({ ...g, pending: { ...g.pending, proposal: null } }))
}

/**
 * The pending ruling's effects decided: confirmed as proposed, or overridden (other effects) with a
 * reason. One uid per ruling's decision: two devices deciding at once write one event.
 */
export async function decideProposal(rulingSeq: number, proposed: Proposed, decision: { kind: 'confirm' } | { kind: 'override'; reason: string; effects: Effect[] }): Promise<boolean> {
  const g = useApp.getState().game
  const pending = g?.pending.proposal
  if (!g || !pending) return false
  const proposal = proposed.kind === 'proposal' ? proposed.proposal : null
  const effects = decision.kind === 'confirm' ? (proposal?.effects ?? []) : decision.effects
  const roll = proposal ? rollOf(pending.roll, proposal.dice.map((d) => d.value)) : undefined
  const draft: GameEventDraft = {
    type: 'effect',
    ruling: rulingSeq,
    effects,
    decision: decision.kind === 'confirm' ? { kind: 'confirm', by: by() } : { kind: 'override', by: by(), reason: decision.reason },
    ...(roll ? { roll } : {}),
  }
  const out = await logEvent(draft, { ruling: pending.ruling }, `${pending.ruling}:effect`)
  if (!out) return false
  dismissProposal()
  return true
}

/** Effects by hand (a resource rolled, a status a book's action sets): logged with who, and why when given. */
export function applyByHand(effects: Effect[], reason?: string): Promise<OutcomeView | null> {
  const decision = reason ? { kind: 'override' as const, by: by(), reason } : { kind: 'confirm' as const, by: by() }
  return logEvent({ type: 'effect', effects, decision })
}

// ---------------------------------------------------------------------------------------------
// Undo, redo, rewind.

const uidOfSeq = (seq: number): string | undefined => useApp.getState().gameView?.uids[seq - 1]

/** What taking event `seq` back would change (the later events it affects), before it is written. */
export async function previewUndo(seq: number): Promise<{ ok: true; affects: Array<{ seq: number; type: string; why: string[] }> } | { ok: false; message: string }> {
  const s = useApp.getState()
  const target = uidOfSeq(seq)
  if (!s.game || !target) return { ok: false, message: `no event ${seq}` }
  const entry = entryOf({ type: 'undo', target: seq }, s.game.entries, deviceName(), { target })
  const r = await gameWorker().ask('dryRun', { game: inputOf(s.game), add: [entry] })
  if (!r.ok) return { ok: false, message: r.message }
  const o = r.value[0]!
  return o.ok ? { ok: true, affects: o.outcome.affects ?? [] } : { ok: false, message: o.refused.message }
}

export function undoEvent(seq: number, reason?: string): Promise<OutcomeView | null> {
  const target = uidOfSeq(seq)
  return logEvent({ type: 'undo', target: seq, ...(reason ? { reason } : {}), by: by() }, target ? { target } : undefined)
}

export function redoEvent(seq: number): Promise<OutcomeView | null> {
  const target = uidOfSeq(seq)
  return logEvent({ type: 'redo', target: seq, by: by() }, target ? { target } : undefined)
}

/** Show where every model stood after event `seq` (0: the start): ghosts to put the real models back on. */
export async function rewindTo(seq: number, reason: 'rewind' | 'ruling' = 'rewind'): Promise<void> {
  const s = useApp.getState()
  if (!s.game) return
  const r = await gameWorker().ask('places', { game: inputOf(s.game), seq })
  if (!r.ok) {
    s.notify({ level: 'error', text: `Cannot rewind: ${r.message}` })
    return
  }
  useApp.getState().setRewind({ seq, places: r.value, reason })
}

export const clearRewind = () => useApp.getState().setRewind(null)

/** When the app itself last set the models' places (not a player's drag: no move to log), performance.now() ms. */
let placedByAppAt = -Infinity
export const placedByApp = () => placedByAppAt

/** The planner has no real models: put its models on the rewind's places (one undoable edit, not a move). */
export function putModelsBack(): void {
  const s = useApp.getState()
  const rw = s.rewind
  if (!rw) return
  placedByAppAt = performance.now()
  const at = new Map(rw.places.filter((p) => p.onTable).map((p) => [p.id, p]))
  s.editScene((scene) => ({ ...scene, models: scene.models.map((m) => {
    const p = at.get(m.id)
    return p ? { ...m, position: [p.position[0], p.position[1]] as [number, number], facing: p.facing } : m
  }) }))
}

/** Reopen a ruling of the log: the table as it stood (ghosts), and the ruling itself in the record's view. */
export async function reopenGameRuling(seq: number): Promise<void> {
  const s = useApp.getState()
  if (!s.game) return
  const r = await gameWorker().ask('ruling', { game: inputOf(s.game), seq })
  if (!r.ok) {
    s.notify({ level: 'error', text: `Cannot reopen the ruling: ${r.message}` })
    return
  }
  const result = r.value.result.results[0]!
  const gameLog = await logUpTo(s.game, seq)
  const record = await makeRulingRecord({
    id: `game-${s.game.id}-${seq}`,
    createdAt: new Date((s.game.clockBaseMs) + (s.gameView?.events[seq - 1]?.atMs ?? 0)),
    scene: r.value.scene,
    query: r.value.query,
    result: r.value.result,
    freeze: { source: 'planner', frames: 0, uncertaintyMm: Math.max(0, ...r.value.scene.models.map((m) => m.uncertainty ?? 0)) },
    summary: summarize(r.value.query as { attacker?: unknown }, result, r.value.scene, undefined, s.units),
    game: { id: s.game.id, entry: uidOfSeq(seq) ?? '', seq },
    ...(gameLog ? { gameLog } : {}),
  })
  const logged = s.gameView?.events[seq - 1]
  const hashOk = logged?.type === 'ruling' && logged.resultHash === record.fieldHashes?.result
  s.setReopened({ record, hashOk, edited: hashOk ? [] : ['result (the log\'s hash differs)'], legacy: false, recomputed: r.value.result, differences: [], error: null })
  await rewindTo(Math.max(0, seq - 1), 'ruling')
}

// ---------------------------------------------------------------------------------------------
// Scores.

/** Points proposed from a control snapshot (one point to each objective's controller; the players change them), for every side to confirm. */
export function proposeScores(fromSeq: number, lines: PendingScore['lines']): void {
  useApp.getState().updateGame((g) => ({ ...g, pending: { ...g.pending, score: { id: newUid(), fromSeq, lines, confirmedBy: [] } } }))
}

export function editScoreLine(index: number, points: number): void {
  useApp.getState().updateGame((g) => {
    const sc = g.pending.score
    if (!sc) return g
    // A change of the points asks every side again (a new proposal: the room's confirms were for the old one).
    return { ...g, pending: { ...g.pending, score: { ...sc, id: newUid(), lines: sc.lines.map((l, i) => (i === index ? { ...l, points } : l)), confirmedBy: [] } } }
  })
}

export const dismissScores = () => useApp.getState().updateGame((g) => ({ ...g, pending: { ...g.pending, score: null } }))

/** A side confirms the pending points; when every side has, they are logged (one event per line, named by the proposal). */
export async function confirmScores(side: string): Promise<void> {
  if (refuse()) return
  const s = useApp.getState()
  const sc = s.game?.pending.score
  const sides = s.gameView?.sides ?? []
  if (!sc || !confirmableSides(s.gameRole, sides).includes(side)) return
  const confirmedBy = [...new Set([...sc.confirmedBy, side])]
  s.updateGame((g) => (g.pending.score?.id === sc.id ? { ...g, pending: { ...g.pending, score: { ...g.pending.score, confirmedBy } } } : g))
  if (!sides.every((x) => confirmedBy.includes(x))) return
  await logScores(sc, confirmedBy)
}

const scoresLogging = new Set<string>()

/** Every side has confirmed (here, or through the room): the points are logged once. */
export async function logScores(sc: PendingScore, confirmedBy: string[]): Promise<void> {
  const g = useApp.getState().game
  if (!g || scoresLogging.has(sc.id)) return
  if (g.entries.some((e) => e.uid === `${sc.id}:0`)) {
    // Logged already (by another device in the room): only the pending points go.
    useApp.getState().updateGame((x) => (x.pending.score?.id === sc.id ? { ...x, pending: { ...x.pending, score: null } } : x))
    return
  }
  scoresLogging.add(sc.id)
  const drafts: Draft[] = sc.lines.map((l, i) => ({
    draft: { type: 'score', side: l.side, points: l.points, ...(l.objective ? { objective: l.objective } : {}), reason: l.reason, confirmedBy, by: by() },
    uid: `${sc.id}:${i}`,
  }))
  const out = await logEvents(drafts).finally(() => scoresLogging.delete(sc.id))
  if (out) useApp.getState().updateGame((x) => (x.pending.score?.id === sc.id ? { ...x, pending: { ...x.pending, score: null } } : x))
}

// ---------------------------------------------------------------------------------------------
// The chess clock.

export const clockStart = (first: string, budgetMs: number | null) => logEvent({ type: 'clock', action: 'start', side: first, ...(budgetMs ? { budgetMs } : {}), by: by() })
export const clockHandOver = (to: string) => logEvent({ type: 'clock', action: 'hand-over', side: to, by: by() })
export const clockPause = () => logEvent({ type: 'clock', action: 'pause', by: by() })
export const clockResume = () => logEvent({ type: 'clock', action: 'resume', by: by() })

/** Milliseconds since the game's start, as the log counts them (never before the last event). */
export function gameNowMs(game: GameRecord, events: readonly GameEvent[], wallMs = Date.now()): number {
  const last = [...events].reverse().find((e) => e.atMs !== undefined)?.atMs ?? 0
  return Math.max(last, wallMs - game.clockBaseMs)
}
