// The app's game entries folded by the game core (src/app/game/foldEntries.ts) and shared in a room
// (src/app/sync/gameDoc.ts), with real Yjs documents and the real rulesets:
//  - a log read from a file becomes entries that fold to the same state as the core's own replay, and
//    export again byte for byte;
//  - two devices logging while apart (a phone on the table, a tablet with the referee) merge into one
//    order; both fold the same log; an effect still applies the ruling it was written for although
//    the merge renumbered it; two undos of one move: one applies, the other is refused with its
//    reason and its device, never dropped in silence; the same entry written twice counts once;
//  - an entry the core refuses leaves the fold as it was.
// The narrative skirmish of the core's scripted test (a 36" table, small models on 25 mm bases).
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { type GameEvent, type GameEventDraft, contentHashOf, exportGameLog, loadGame, sceneAt } from '../../../src/engine/index.ts'
import { applyEntry, dryRun, foldEntries } from '../../../src/app/game/foldEntries.ts'
import { type GameEntry, type GameHead, type GameRecord, NO_PENDING, entriesOfLog, entryOf } from '../../../src/app/game/gameRecord.ts'
import { readGame, writeGame } from '../../../src/app/sync/gameDoc.ts'
import { env, scriptLog, skirmishScene } from '../../engine/game/scriptedGame.ts'

const scene = skirmishScene()
const head: GameHead = { format: 'tabletop-game/1', scene: scene as GameHead['scene'] }

const exchange = (a: Y.Doc, b: Y.Doc) => {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)))
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)))
}

/** A device of the room: its document, and entries written as the app writes them (ruling hashed on its own fold). */
function device(doc: Y.Doc, name: string) {
  const record = () => readGame(doc)!
  const fold = () => foldEntries(null, record().head, record().entries, env)
  return {
    record,
    fold,
    write: (draft: GameEventDraft, refs?: GameEntry['refs'], uid?: string): GameEntry => {
      const g = record()
      let d = draft
      if (d.type === 'ruling') {
        const s = fold().session
        d = { ...d, resultHash: contentHashOf(s.context.evaluate(s.state(), d.query as never, 'query').doc) }
      }
      const e = entryOf(d, g.entries, name, refs)
      const entry = uid ? { ...e, uid } : e
      writeGame(doc, { ...g, entries: [...g.entries, entry] })
      return entry
    },
  }
}

describe('game entries folded by the core', () => {
  it('a log read as entries folds to the core\'s own state, and exports again byte for byte', () => {
    const log = scriptLog(scene, [
      { type: 'round-start', round: 1, initiative: ['A', 'B'] },
      { type: 'turn-start', side: 'A' },
      { type: 'activation', model: 'a1' },
      { type: 'move', model: 'a1', to: [100, 227], source: 'tracked', uncertainty: 1 },
      { type: 'ruling', query: { id: 'a1-shoots-b1', type: 'attack', attacker: 'a1', target: 'b1', weapon: 'rifle' } },
      { type: 'effect', ruling: 5, roll: { source: 'entered', dice: [7, 4] }, effects: [{ kind: 'status', model: 'b1', status: 'down', set: true }], decision: { kind: 'confirm', by: 'B' } },
      { type: 'undo', target: 4, reason: 'put back' },
      { type: 'redo', target: 4 },
    ]) as { events: GameEvent[] } & GameHead
    const core = loadGame(log, env)
    const { events, ...h } = log
    const fold = foldEntries(null, h, entriesOfLog(events), env)
    expect(fold.refused).toEqual([])
    expect(fold.session.state()).toEqual(core.state())
    expect(exportGameLog(fold.session.log())).toBe(exportGameLog(core.log()))
    // The effect still names the ruling (event 5), the undo and redo the move (event 4).
    expect(fold.session.events().map((e) => ('ruling' in e ? e.ruling : 'target' in e ? e.target : null))).toEqual([null, null, null, null, null, 5, 4, 4])
  })

  it('two devices logging while apart merge into one log: the effect keeps its ruling, a second undo of one move is refused and named', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    const start: GameRecord = { id: 'g1', head, entries: [], clockBaseMs: 0, pending: NO_PENDING }
    writeGame(a, start)
    exchange(a, b)
    const phone = device(a, 'Phone 1a2b')
    const tablet = device(b, 'Tablet 9f3c')
    phone.write({ type: 'round-start', round: 1, initiative: ['A', 'B'] })
    phone.write({ type: 'turn-start', side: 'A' })
    phone.write({ type: 'activation', model: 'a1' })
    const move = phone.write({ type: 'move', model: 'a1', to: [100, 227], source: 'tracked', uncertainty: 1 })
    exchange(a, b)
    // Apart: the phone takes the move back and rules a shot and confirms its effect; the tablet takes the same move back and gives A its action points.
    phone.write({ type: 'undo', target: 4, reason: 'over the line' }, { target: move.uid })
    const ruling = phone.write({ type: 'ruling', query: { id: 'a1-shoots-b1', type: 'attack', attacker: 'a1', target: 'b1', weapon: 'rifle' }, resultHash: 'sha256:' + '0'.repeat(64) })
    phone.write({ type: 'effect', ruling: 6, roll: { source: 'entered', dice: [7, 4] }, effects: [{ kind: 'status', model: 'b1', status: 'down', set: true }], decision: { kind: 'confirm', by: 'B' } }, { ruling: ruling.uid })
    tablet.write({ type: 'undo', target: 4, reason: 'a1 was put back' }, { target: move.uid })
    tablet.write({ type: 'effect', effects: [{ kind: 'resource', owner: 'A', resource: 'actionPoints', delta: 12 }], decision: { kind: 'confirm', by: 'B' } })
    exchange(a, b)

    const fa = phone.fold()
    const fb = tablet.fold()
    // One log for both devices, one state.
    expect(exportGameLog(fa.session.log())).toBe(exportGameLog(fb.session.log()))
    expect(fa.session.state()).toEqual(fb.session.state())
    // Eight entries, seven events: the second undo of event 4 is refused, with its reason and who wrote it.
    expect(readGame(a)!.entries).toHaveLength(9)
    expect(fa.session.events()).toHaveLength(8)
    expect(fa.refused).toHaveLength(1)
    expect(fa.refused[0]).toMatchObject({ type: 'undo', message: 'target: event 4 is already taken back' })
    expect(['Phone 1a2b', 'Tablet 9f3c']).toContain(fa.refused[0]!.author)
    // The effect applies the ruling it was written for, wherever the merge put it, as confirmed (no finding that it differs).
    const events = fa.session.events()
    const rulingSeq = events.findIndex((e) => e.type === 'ruling') + 1
    const effect = events.find((e) => e.type === 'effect' && e.ruling !== undefined)!
    expect(effect).toMatchObject({ ruling: rulingSeq })
    const outcome = fa.session.outcomes().find((o) => o.seq === effect.seq)!
    expect(outcome.findings.map((f) => f.code)).toEqual([])
    expect(fa.session.state().models.find((m) => m.id === 'b1')!.statuses).toEqual(['down'])
    // a1 is back at (100, 100): the move is taken back once.
    expect(fa.session.state().models.find((m) => m.id === 'a1')!.position).toEqual([100, 100])
    expect(fa.session.state().resources.A).toMatchObject({ actionPoints: 12 })
  })

  it('the same entry written by two devices at once (a confirmed score) counts once, and is not listed as refused', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    writeGame(a, { id: 'g2', head, entries: [], clockBaseMs: 0, pending: NO_PENDING })
    exchange(a, b)
    const pa = device(a, 'A phone')
    const pb = device(b, 'B phone')
    pa.write({ type: 'round-start', round: 1 })
    exchange(a, b)
    const score: GameEventDraft = { type: 'score', side: 'A', points: 1, reason: 'a held the centre', confirmedBy: ['A', 'B'] }
    pa.write(score, undefined, 'score-1:0')
    pb.write(score, undefined, 'score-1:0')
    exchange(a, b)
    const f = pa.fold()
    expect(readGame(a)!.entries.filter((e) => e.uid === 'score-1:0')).toHaveLength(2)
    expect(f.session.events().filter((e) => e.type === 'score')).toHaveLength(1)
    expect(f.session.state().scores).toEqual({ A: 1, B: 0 })
    expect(f.refused.filter((r) => !r.duplicate)).toEqual([])
  })

  it('an entry the core refuses leaves the fold as it was, and a dry run keeps nothing', () => {
    const entries: GameEntry[] = []
    const add = (d: GameEventDraft) => { const e = entryOf(d, entries); entries.push(e); return e }
    add({ type: 'round-start', round: 1 })
    add({ type: 'turn-start', side: 'A' })
    const fold = foldEntries(null, head, entries, env)
    const before = exportGameLog(fold.session.log())
    const off = applyEntry(fold, entryOf({ type: 'move', model: 'a1', to: [2000, 10], source: 'dragged' }, entries), false)
    expect(off).toMatchObject({ ok: false, refused: { type: 'move', message: 'to: [2000, 10] is off the 914.4 × 914.4 mm table (a model taken off the table is removed by an effect)' } })
    expect(exportGameLog(fold.session.log())).toBe(before)
    expect(fold.refused).toEqual([])
    const undo = entryOf({ type: 'undo', target: 2 }, entries, undefined, { target: entries[1]!.uid })
    const [dry] = dryRun(fold, [undo], env)
    expect(dry).toMatchObject({ ok: true, outcome: { type: 'undo' } })
    expect(fold.session.events()).toHaveLength(2)
    expect(exportGameLog(fold.session.log())).toBe(before)
  })

  it('the fold carries on when entries are appended, and folds afresh when one is merged in before the end', () => {
    const entries: GameEntry[] = []
    const add = (d: GameEventDraft) => { const e = entryOf(d, entries); entries.push(e); return e }
    add({ type: 'round-start', round: 1 })
    const first = foldEntries(null, head, entries, env)
    add({ type: 'turn-start', side: 'A' })
    const carried = foldEntries(first, head, entries, env)
    expect(carried).toBe(first)
    expect(carried.session.events()).toHaveLength(2)
    const merged = [entries[0]!, entryOf({ type: 'turn-start', side: 'B' }, []), entries[1]!]
    const again = foldEntries(carried, head, merged, env)
    expect(again).not.toBe(carried)
    expect(again.session.events().map((e) => (e.type === 'turn-start' ? e.side : e.type))).toEqual(['round-start', 'B', 'A'])
    // The same state as the start scene's table for a fold of nothing.
    expect(sceneAt(head.scene, foldEntries(null, head, [], env).session.state()).models).toHaveLength(4)
  })
})
