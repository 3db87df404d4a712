// The entries of a game folded into the game core's session (issue 33): each entry becomes the next
// event (numbered by its place, its ruling or target by the entries they name) and goes through the
// core's `apply`, which refuses an event the game cannot take and leaves the session as it was. A
// refused entry — two devices taking the same event back at once, a move of a model the other device
// had just removed, an effect of a ruling that was itself refused — is listed with the core's reason
// and the device that wrote it, never dropped in silence; the log goes on without it. Every device
// folds the same entries in the same order, so every device holds the same log. Pure (the game worker
// runs it; the tests run it in Node).
import { type EventOutcome, type GameEnv, type GameEvent, type GameEventType, type GameSession, SceneError, parseGameLog, startGameSession } from '../../engine/index.ts'
import type { GameEntry, GameHead } from './gameRecord.ts'

export type RefusedEntry = { uid: string; type: GameEventType; message: string; author?: string; /** The same entry written twice (not listed). */ duplicate?: true }

export type Fold = {
  /** The head as folded (JSON): a different head folds again from the start. */
  headKey: string
  session: GameSession
  /** The entry of each applied event, in order (event n is `uids[n - 1]`). */
  uids: string[]
  refused: RefusedEntry[]
  /** Every entry looked at, applied or refused, in order. */
  seen: string[]
  lastAtMs: number | undefined
}

/** A fold of no entries yet on a head (the start scene validated against its ruleset). Throws a SceneError for a bad head. */
export function startFold(head: GameHead, env: GameEnv): Fold {
  const { log, table } = parseGameLog({ ...head, events: [] }, env)
  const { events: _none, ...validated } = log
  return { headKey: JSON.stringify(head), session: startGameSession({ log: validated, table }, env), uids: [], refused: [], seen: [], lastAtMs: undefined }
}

/** The event an entry stands for after the events folded so far, or why it cannot be one. */
export function eventOfEntry(fold: Fold, entry: GameEntry): GameEvent | string {
  const seqOf = (uid: string): number | undefined => {
    const i = fold.uids.indexOf(uid)
    return i < 0 ? undefined : i + 1
  }
  // The event's own keys in their order (a log read from a file exports again byte for byte).
  const ev = { ...entry.event } as GameEvent & { ruling?: number; target?: number }
  ev.seq = fold.session.events().length + 1
  if (entry.refs?.ruling !== undefined) {
    const seq = seqOf(entry.refs.ruling)
    if (seq === undefined) return 'the ruling it applies is not in the log'
    ev.ruling = seq
  }
  if (entry.refs?.target !== undefined) {
    const seq = seqOf(entry.refs.target)
    if (seq === undefined) return `the event it ${ev.type === 'undo' ? 'takes back' : 'puts back'} is not in the log`
    ev.target = seq
  }
  // Two devices' clocks differ a little: an event merged after a later one keeps the order of the log.
  if (ev.atMs !== undefined && fold.lastAtMs !== undefined && ev.atMs < fold.lastAtMs) ev.atMs = fold.lastAtMs
  return ev
}

export type EntryOutcome = { ok: true; outcome: EventOutcome; event: GameEvent } | { ok: false; refused: RefusedEntry }

/** The same event but for its number (and its time, which the fold may have kept in order). */
function sameEvent(a: GameEvent, b: GameEvent): boolean {
  const strip = ({ seq: _s, atMs: _t, ...rest }: GameEvent & { ruling?: number; target?: number }) => {
    const { ruling: _r, target: _g, ...keep } = rest as typeof rest & { ruling?: number; target?: number }
    return JSON.stringify(keep)
  }
  return strip(a) === strip(b)
}

/**
 * The core's issues as one sentence: with the event's own paths ("to: …", not "events[12].to: …") for
 * an entry, or the file's (`inFile`) for a log read from a file.
 */
export function issuesText(e: SceneError, inFile = false): string {
  return e.issues.map((i) => {
    const path = inFile ? i.path : i.path.replace(/^events\[\d+\]\.?/, '')
    return path ? `${path}: ${i.message}` : i.message
  }).join('; ')
}

/**
 * Apply one entry as the next event. `keepRefused`: list it as refused (a fold of the shared entries);
 * otherwise a refused entry leaves no trace (a device trying an event before it writes it).
 */
export function applyEntry(fold: Fold, entry: GameEntry, keepRefused = true): EntryOutcome {
  const refuse = (message: string): EntryOutcome => {
    const refused: RefusedEntry = { uid: entry.uid, type: entry.event.type, message, ...(entry.author ? { author: entry.author } : {}) }
    if (keepRefused) {
      fold.refused.push(refused)
      fold.seen.push(entry.uid)
    }
    return { ok: false, refused }
  }
  if (fold.seen.includes(entry.uid)) {
    // Two devices that decide the same thing at once write it under the same uid (a proposal's effects,
    // a confirmed score): the same entry twice is one event; a different one was decided already.
    const first = fold.uids.indexOf(entry.uid)
    const same = first >= 0 && sameEvent(fold.session.events()[first]!, entry.event)
    if (same && keepRefused) {
      fold.seen.push(entry.uid)
      return { ok: false, refused: { uid: entry.uid, type: entry.event.type, message: 'the same entry again', duplicate: true } }
    }
    return refuse(first >= 0 ? `decided already, as event ${first + 1}` : 'this entry is in the log already')
  }
  const ev = eventOfEntry(fold, entry)
  if (typeof ev === 'string') return refuse(ev)
  let outcome: EventOutcome
  try {
    outcome = fold.session.apply(ev)
  } catch (e) {
    if (e instanceof SceneError) return refuse(issuesText(e))
    throw e
  }
  fold.uids.push(entry.uid)
  fold.seen.push(entry.uid)
  if (ev.atMs !== undefined) fold.lastAtMs = ev.atMs
  return { ok: true, outcome, event: ev }
}

/**
 * The fold of these entries on this head: `previous` carried on when it folded the same head and a
 * prefix of these entries (the usual case: entries are only ever appended), else folded afresh.
 */
export function foldEntries(previous: Fold | null, head: GameHead, entries: readonly GameEntry[], env: GameEnv): Fold {
  const headKey = JSON.stringify(head)
  let fold = previous
  if (!fold || fold.headKey !== headKey || fold.seen.length > entries.length || fold.seen.some((uid, i) => entries[i]!.uid !== uid)) fold = startFold(head, env)
  for (let i = fold.seen.length; i < entries.length; i++) applyEntry(fold, entries[i]!)
  return fold
}

/** What these drafts would do after the fold (an undo's warning before it is written): on a copy, nothing kept. */
export function dryRun(fold: Fold, entries: readonly GameEntry[], env: GameEnv): EntryOutcome[] {
  const s = fold.session
  const { events, ...head } = s.log()
  const copy: Fold = { ...fold, session: startGameSession({ log: head, table: s.startTable }, env, events), uids: [...fold.uids], refused: [], seen: [...fold.seen] }
  return entries.map((e) => applyEntry(copy, e, false))
}

