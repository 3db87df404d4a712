// The game in the room's Yjs document (src/app/sync/gameDoc.ts): a game round-trips; two phones
// confirming the same points at the same moment both count (one key per side: one shared list would
// keep only the last writer's); a changed proposal of points is a new proposal, asking both again;
// writing only appends the entries the room lacks; a new game replaces the old one's entries; a
// closed game leaves nothing; what readGame returns is a copy.
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { readGame, writeGame, gameMaps } from '../../../src/app/sync/gameDoc.ts'
import { type GameRecord, NO_PENDING, entryOf } from '../../../src/app/game/gameRecord.ts'

const exchange = (a: Y.Doc, b: Y.Doc) => {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)))
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)))
}

const head = { format: 'tabletop-game/1' as const, scene: { format: 'tabletop-scene/1', system: 'narrative-skirmish', table: { width: 900, depth: 900 }, models: [] } as never, meta: { gameId: 'g' } }

function game(id = 'g'): GameRecord {
  const e1 = entryOf({ type: 'round-start', round: 1 }, [])
  const e2 = entryOf({ type: 'turn-start', side: 'A' }, [e1])
  return { id, head, entries: [e1, e2], clockBaseMs: 1_700_000_000_000, pending: NO_PENDING }
}

describe('the game as a Yjs document', () => {
  it('round-trips, and what readGame returns is a copy', () => {
    const doc = new Y.Doc()
    const g = game()
    writeGame(doc, g)
    expect(readGame(doc)).toEqual(g)
    const r = readGame(doc)!
    r.entries[0]!.event = { seq: 1, type: 'round-start', round: 9 }
    expect(readGame(doc)!.entries[0]!.event).toEqual({ seq: 1, type: 'round-start', round: 1 })
  })

  it('two phones confirming the same points at once: both confirms count', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    const score = { id: 's1', fromSeq: 2, lines: [{ side: 'A', points: 1, objective: 'centre', reason: 'controls centre' }], confirmedBy: [] as string[] }
    writeGame(a, { ...game(), pending: { proposal: null, score } })
    exchange(a, b)
    const ga = readGame(a)!
    writeGame(a, { ...ga, pending: { ...ga.pending, score: { ...ga.pending.score!, confirmedBy: ['A'] } } })
    const gb = readGame(b)!
    writeGame(b, { ...gb, pending: { ...gb.pending, score: { ...gb.pending.score!, confirmedBy: ['B'] } } })
    exchange(a, b)
    expect(readGame(a)!.pending.score!.confirmedBy).toEqual(['A', 'B'])
    expect(readGame(b)!.pending.score!.confirmedBy).toEqual(['A', 'B'])
    // Other points (a new proposal) ask both again.
    const changed = { ...readGame(a)!.pending.score!, id: 's2', lines: [{ side: 'A', points: 2, reason: 'two' }], confirmedBy: [] }
    writeGame(a, { ...readGame(a)!, pending: { proposal: null, score: changed } })
    expect(readGame(a)!.pending.score).toEqual(changed)
    expect([...gameMaps(a).game.keys()].filter((k) => k.startsWith('confirm:'))).toEqual([])
  })

  it('writing appends only the entries the room lacks; a new game replaces the old one; a closed game leaves nothing', () => {
    const doc = new Y.Doc()
    const g = game()
    writeGame(doc, g)
    const e3 = entryOf({ type: 'activation', model: 'a1' }, g.entries)
    let pushed = 0
    gameMaps(doc).entries.observe((ev) => { pushed += ev.changes.added.size })
    writeGame(doc, { ...g, entries: [...g.entries, e3] })
    expect(pushed).toBe(1)
    expect(readGame(doc)!.entries.map((e) => e.uid)).toEqual([...g.entries, e3].map((e) => e.uid))
    const next = game('h')
    writeGame(doc, next)
    expect(readGame(doc)!.id).toBe('h')
    expect(gameMaps(doc).entries.length).toBe(2)
    writeGame(doc, null)
    expect(readGame(doc)).toBeNull()
    expect(gameMaps(doc).entries.length).toBe(0)
  })
})
