// A game as the app keeps it (issue 33): the log's head (the table at the start, the objectives) and
// its entries in order, each one event written by one device. Entries name the events they refer to
// (an effect's ruling, an undo's target) by `uid`, not only by number: in a shared room two devices may
// log at the same moment, Yjs merges their appends into one order for every device, and an event's
// number is then its place in that order (foldEntries.ts). Plain data: it goes to the game worker, to
// IndexedDB and into the room's Yjs document as it is.
import type { GameEvent, GameEventDraft, GameLog, GameRoll } from '../../engine/index.ts'

export type GameHead = Omit<GameLog, 'events'>

export type GameEntry = {
  uid: string
  /** The event as it was logged (`seq`: its number when written, renumbered by the fold). */
  event: GameEvent
  /** The entries its `ruling` (an effect) or `target` (an undo, a redo) name. */
  refs?: { ruling?: string; target?: string }
  /** The device that wrote it (named when the fold refuses it). */
  author?: string
}

/** A ruling's effects waiting for a confirm or an override (shared in a room: any edit device may decide). */
export type PendingProposal = {
  /** The ruling's entry. */
  ruling: string
  /** The dice the proposal was made with (a seed rolled by the app, or the dice entered), none yet. */
  roll: { source: 'seeded'; seed: number } | { source: 'entered'; dice: number[] } | null
}

/** Points proposed from a control snapshot (or by hand), waiting for every side's confirm. */
export type PendingScore = {
  id: string
  /** The event whose control snapshot it comes from (0: entered by hand). */
  fromSeq: number
  lines: Array<{ side: string; points: number; objective?: string; reason: string }>
  /** Sides that confirmed (in a room each device confirms for its own side). */
  confirmedBy: string[]
}

export type GamePending = { proposal: PendingProposal | null; score: PendingScore | null }

export type GameRecord = {
  /** This game (a room's entries of an earlier game are told apart by it). */
  id: string
  head: GameHead
  entries: GameEntry[]
  /** Wall-clock ms at which the log's `atMs` is 0 (the chess clock's times count from it). */
  clockBaseMs: number
  pending: GamePending
}

/** Who this device decides as: the players at one device ('table'), one side, or the referee. */
export type GameRole = { kind: 'table' } | { kind: 'side'; side: string } | { kind: 'referee' }

export const NO_PENDING: GamePending = { proposal: null, score: null }

export function roleName(role: GameRole): string {
  return role.kind === 'side' ? role.side : role.kind === 'referee' ? 'referee' : 'players'
}

/** Sides this role may confirm a score for: its own, or every side when the players share the device. */
export function confirmableSides(role: GameRole, sides: readonly string[]): string[] {
  return role.kind === 'side' ? sides.filter((s) => s === role.side) : role.kind === 'table' ? [...sides] : []
}

let counter = 0
/** A fresh id: random where the browser offers it, else time and a counter (unique per device). */
export function newUid(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto
  if (c?.randomUUID) return c.randomUUID()
  return `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`
}

/** A fresh 32-bit seed for the app's roller (the log records it with the dice it gives). */
export function newSeed(): number {
  const c = (globalThis as { crypto?: Crypto }).crypto
  if (c?.getRandomValues) return c.getRandomValues(new Uint32Array(1))[0]!
  return Math.floor(Math.random() * 0x100000000) >>> 0
}

/**
 * An entry for a new event (numbered for now after the entries so far; the fold renumbers it), with
 * the entries its ruling or target name.
 */
export function entryOf(draft: GameEventDraft, entries: readonly GameEntry[], author?: string, refs?: GameEntry['refs']): GameEntry {
  const event = { seq: entries.length + 1, ...draft } as GameEvent
  return { uid: newUid(), event, ...(refs && (refs.ruling || refs.target) ? { refs } : {}), ...(author ? { author } : {}) }
}

/**
 * A log read from a file as entries: each event as it was written (its keys in their order, so the log
 * exports again byte for byte), with its ruling or target named by entry.
 */
export function entriesOfLog(events: readonly GameEvent[]): GameEntry[] {
  const uidOfSeq = new Map<number, string>()
  return events.map((event) => {
    const uid = newUid()
    uidOfSeq.set(event.seq, uid)
    const ruling = event.type === 'effect' && event.ruling !== undefined ? uidOfSeq.get(event.ruling) : undefined
    const target = event.type === 'undo' || event.type === 'redo' ? uidOfSeq.get(event.target) : undefined
    return { uid, event, ...(ruling || target ? { refs: { ...(ruling ? { ruling } : {}), ...(target ? { target } : {}) } } : {}) }
  })
}

/** The dice an effect event logs for a pending proposal's roll and the dice the proposal used. */
export function rollOf(roll: PendingProposal['roll'], dice: readonly number[]): GameRoll | undefined {
  if (!roll) return undefined
  return roll.source === 'seeded' ? { source: 'seeded', seed: roll.seed, dice: [...dice] } : { source: 'entered', dice: [...roll.dice] }
}

