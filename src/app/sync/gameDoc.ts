// The game in the room's Yjs document (issue 33), beside the table (tableDoc.ts). Plain data in and
// out, no React, so the app and the Node tests read and write it the same way.
//
//   game         'id' → the game's id; 'head' → the log's head (scene at the start, objectives, meta)
//                'clockBaseMs' → wall-clock ms of the log's atMs 0
//                'proposal' → the ruling whose effects wait for a decision (null: none)
//                'score' → points waiting for every side's confirm (without the confirms)
//                'confirm:<score id>:<side>' → true: one key per side, so two phones confirming at
//                once both count (one value for all would keep only one of them)
//   gameEntries  [{ game, entry }]: append-only; concurrent appends merge in one order for every
//                device, and the fold numbers them (src/app/game/foldEntries.ts). Entries of an earlier
//                game are dropped when a new one starts.
import * as Y from 'yjs'
import type { GameEntry, GameHead, GamePending, GameRecord, PendingProposal, PendingScore } from '../game/gameRecord.ts'

type Stored = { game: string; entry: GameEntry }

export function gameMaps(doc: Y.Doc) {
  return { game: doc.getMap<unknown>('game'), entries: doc.getArray<Stored>('gameEntries') }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const CONFIRM = 'confirm:'

/** The game the room holds, or null (none started, or closed). */
export function readGame(doc: Y.Doc): GameRecord | null {
  const { game, entries } = gameMaps(doc)
  const id = game.get('id') as string | undefined
  const head = game.get('head') as GameHead | undefined
  if (!id || !head) return null
  const score = (game.get('score') as Omit<PendingScore, 'confirmedBy'> | null | undefined) ?? null
  const confirmedBy: string[] = []
  if (score) {
    for (const key of [...game.keys()].sort()) {
      if (key.startsWith(`${CONFIRM}${score.id}:`) && game.get(key) === true) confirmedBy.push(key.slice(CONFIRM.length + score.id.length + 1))
    }
  }
  const pending: GamePending = {
    proposal: (game.get('proposal') as PendingProposal | null | undefined) ?? null,
    score: score ? { ...score, confirmedBy } : null,
  }
  // A copy: Yjs hands back the objects it stores, and an edit of those would never sync.
  return structuredClone({
    id,
    head,
    entries: entries.toArray().filter((s) => s.game === id).map((s) => s.entry),
    clockBaseMs: (game.get('clockBaseMs') as number | undefined) ?? 0,
    pending,
  })
}

/**
 * Write the game into the room, touching only what changed: its head once, the entries the room does
 * not have yet appended at the end, the pending proposal and score, this device's confirms. A new game
 * (another id) replaces the old one and its entries; null closes the game in the room.
 */
export function writeGame(doc: Y.Doc, record: GameRecord | null, origin?: unknown): void {
  const { game, entries } = gameMaps(doc)
  doc.transact(() => {
    if (!record) {
      for (const key of [...game.keys()]) game.delete(key)
      if (entries.length) entries.delete(0, entries.length)
      return
    }
    if (game.get('id') !== record.id) {
      for (const key of [...game.keys()]) game.delete(key)
      if (entries.length) entries.delete(0, entries.length)
      game.set('id', record.id)
    }
    if (!same(game.get('head'), record.head)) game.set('head', record.head)
    if (game.get('clockBaseMs') !== record.clockBaseMs) game.set('clockBaseMs', record.clockBaseMs)
    const have = new Set(entries.toArray().filter((s) => s.game === record.id).map((s) => s.entry.uid))
    const add = record.entries.filter((e) => !have.has(e.uid)).map((entry): Stored => ({ game: record.id, entry }))
    if (add.length) entries.push(add)
    if (!same(game.get('proposal') ?? null, record.pending.proposal)) game.set('proposal', record.pending.proposal)
    const score = record.pending.score
    const storedScore = (game.get('score') as Omit<PendingScore, 'confirmedBy'> | null | undefined) ?? null
    const bare = score ? { id: score.id, fromSeq: score.fromSeq, lines: score.lines } : null
    if (!same(storedScore, bare)) game.set('score', bare)
    for (const key of [...game.keys()]) {
      if (key.startsWith(CONFIRM) && (!score || !key.startsWith(`${CONFIRM}${score.id}:`))) game.delete(key)
    }
    // A change of the points since (a different line) asks every side again: the confirms are the record's.
    if (score) for (const side of score.confirmedBy) if (game.get(`${CONFIRM}${score.id}:${side}`) !== true) game.set(`${CONFIRM}${score.id}:${side}`, true)
  }, origin)
}
