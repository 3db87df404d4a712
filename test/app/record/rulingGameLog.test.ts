// The referee record carries the game log (issue 33, item 6): a ruling made in a game keeps the log up
// to its event, hashed with the rest; an old record without it verifies as it did; a damaged log is
// refused on its own with its place; and the log replayed to the ruling's event gives the table then.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type GameLog, SceneError, exportGameLog, loadGame, rewindTo } from '../../../src/engine/index.ts'
import { makeRulingRecord, parseRulingFile } from '../../../src/app/record/rulingRecord.ts'
import { canonicalJson } from '../../../src/app/record/canonicalJson.ts'
import { embeddedLog, replayRuling } from '../../../src/app/record/rulingGame.ts'
import { env, scriptLog, skirmishScene } from '../../engine/game/scriptedGame.ts'

// Skirmish Rules (narrative skirmish): a1 (100,100), a2 (300,100), b1 (100,500), b2 (300,500).
const scene = skirmishScene()
const shot = { id: 'a1-shoots-b1', type: 'attack' as const, attacker: 'a1', target: 'b1', weapon: 'rifle' }
const log = scriptLog(scene, [
  /* 1 */ { type: 'round-start', round: 1, initiative: ['A', 'B'] },
  /* 2 */ { type: 'turn-start', side: 'A' },
  /* 3 */ { type: 'move', model: 'a2', to: [320, 140], source: 'dragged' },
  /* 4 */ { type: 'undo', target: 3, reason: 'a2 was put back' },
  /* 5 */ { type: 'move', model: 'a1', to: [100, 227], source: 'tracked', uncertainty: 1 },
  /* 6 */ { type: 'ruling', query: shot },
  /* 7 */ { type: 'move', model: 'a1', to: [150, 227], source: 'dragged' },
]) as unknown as GameLog
const RULING = 6

async function gameRecord(gameLog = embeddedLog(log, RULING)) {
  const r = replayRuling(log, RULING, env)
  return makeRulingRecord({ id: 'r-game', createdAt: new Date('2026-11-28T20:00:00Z'), scene: r.scene, query: r.query, result: r.result, freeze: { source: 'planner', frames: 0, uncertaintyMm: 0 }, summary: 'a1 → b1', game: { id: 'g1', entry: 'u6', seq: RULING }, gameLog })
}

describe('a ruling record carries its game log', () => {
  it('an old record linked to a game (made by the code before the log was embedded) verifies with its old hash', async () => {
    const text = readFileSync(join(import.meta.dirname, 'fixtures/ruling-game-link.494f4bf.json'), 'utf8')
    const raw = JSON.parse(text) as Record<string, unknown>
    // The stored hash is SHA-256 of the canonical JSON of every other field, computed here with node's own hash.
    const { contentHash: stored, ...rest } = raw
    expect(stored).toBe(`sha256:${createHash('sha256').update(canonicalJson(rest)).digest('hex')}`)
    const back = await parseRulingFile(text)
    expect({ hashOk: back.hashOk, edited: back.edited, legacy: back.legacy, gameLogError: back.gameLogError }).toEqual({ hashOk: true, edited: [], legacy: false, gameLogError: undefined })
    expect(back.record.gameLog).toBeUndefined()
    expect(back.record.game).toEqual({ id: 'g-old', entry: 'e5', seq: 5 })
  })

  it('keeps the log up to and including the ruling, round-trips byte for byte, and its hash covers the log', async () => {
    const r = await gameRecord()
    expect(r.gameLog!.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6])
    expect(r.gameLog!.events.at(-1)).toMatchObject({ type: 'ruling', query: shot })
    const text = JSON.stringify(r, null, 2)
    const back = await parseRulingFile(text)
    expect({ hashOk: back.hashOk, edited: back.edited }).toEqual({ hashOk: true, edited: [] })
    expect(JSON.stringify(back.record, null, 2)).toBe(text)
    // The embedded log is itself a tabletop-game/1 document: exported as the engine exports a log, it loads.
    expect(loadGame(JSON.parse(exportGameLog(back.record.gameLog!)), env).events()).toHaveLength(RULING)

    // Moving a model in the log (a1's tracked move) is named, and the file does not verify.
    const tampered = structuredClone(r)
    ;(tampered.gameLog!.events[4] as { to: number[] }).to = [100, 300]
    const t = await parseRulingFile(JSON.stringify(tampered, null, 2))
    expect({ hashOk: t.hashOk, edited: t.edited }).toEqual({ hashOk: false, edited: ['gameLog'] })
    // Dropping the log altogether is caught too (its field hash is still listed).
    const { gameLog: _dropped, ...without } = r
    const d = await parseRulingFile(JSON.stringify(without))
    expect({ hashOk: d.hashOk, edited: d.edited }).toEqual({ hashOk: false, edited: ['gameLog'] })
  })

  it('a damaged embedded log is refused with its place, and the rest of the record still opens', async () => {
    const r = await gameRecord()
    const bad = structuredClone(r) as unknown as { gameLog: { events: Array<Record<string, unknown>> } }
    bad.gameLog.events[4]!.to = 'north'
    const back = await parseRulingFile(JSON.stringify(bad))
    expect(back.gameLogError).toMatch(/^the record's game log is damaged: gameLog\.events\[4\]\.to: /)
    expect(back.record.gameLog).toBeUndefined()
    expect(back.record.scene.models.map((m) => m.id)).toEqual(['a1', 'a2', 'b1', 'b2'])
    expect(back.record.result.results[0]).toMatchObject({ id: 'a1-shoots-b1' })
    expect(back.hashOk).toBe(false) // the file was changed after export: the hash says so as well

    // A log whose ruling event is missing (cut short) is named too.
    const short = await makeRulingRecord({ ...(await gameRecord()), createdAt: new Date('2026-11-28T20:00:00Z'), gameLog: embeddedLog(log, 5) })
    const s = await parseRulingFile(JSON.stringify(short))
    expect(s.hashOk).toBe(true)
    expect(s.gameLogError).toBe('gameLog.events: the record\'s game log has no event 6, the ruling\'s')

    // A log that parses but does not replay (an event for a model not on the table) is refused by the replay, located.
    const ghost = structuredClone(embeddedLog(log, RULING))
    ;(ghost.events[4] as { model: string }).model = 'zz9'
    expect(() => replayRuling(ghost, RULING, env)).toThrow(/gameLog\.events\[4\]/)
  })

  it('replaying the embedded log to the ruling gives the places the models had then', async () => {
    const r = await gameRecord()
    const back = await parseRulingFile(JSON.stringify(r, null, 2))
    const replayed = replayRuling(back.record.gameLog, RULING, env)
    // From the events by hand: a2's move (3) was undone (4), so a2 stands where it started; a1 made its
    // tracked move (5) to (100, 227); b1 and b2 never moved. a1's later move (7) is not in the record.
    const at = Object.fromEntries(replayed.places.map((p) => [p.id, [...p.position, p.onTable]]))
    expect(at).toEqual({ a1: [100, 227, true], a2: [300, 100, true], b1: [100, 500, true], b2: [300, 500, true] })
    expect(Object.fromEntries(replayed.scene.models.map((m) => [m.id, m.position]))).toEqual({ a1: [100, 227], a2: [300, 100], b1: [100, 500], b2: [300, 500] })
    // The same as the engine's own replay of the whole game at that event, and the same ruling.
    const whole = loadGame(log, env)
    expect(replayed.places).toEqual(rewindTo(whole.outcomes(), RULING, whole.start()))
    expect(replayed.result).toEqual(r.result)
    expect(replayed.query).toEqual(shot)
  })

  it('a record whose log was changed anywhere never throws on re-open: the log opens, or one located message says why (and a replay that fails says where)', async () => {
    const text = JSON.stringify(await gameRecord())
    const events = embeddedLog(log, RULING).events.length
    await fc.assert(fc.asyncProperty(fc.nat(events - 1), fc.constantFrom('type', 'seq', 'model', 'to', 'query', 'resultHash', 'target', 'extra'), fc.jsonValue({ maxDepth: 2 }), async (i, key, value) => {
      const raw = JSON.parse(text) as { gameLog: { events: Array<Record<string, unknown>> } }
      raw.gameLog.events[i]![key] = value
      const back = await parseRulingFile(JSON.stringify(raw))
      expect(back.hashOk).toBe(false)
      expect(back.record.result.results[0]).toMatchObject({ id: 'a1-shoots-b1' })
      if (back.gameLogError !== undefined) {
        expect(back.record.gameLog).toBeUndefined()
        expect(back.gameLogError).toMatch(/gameLog(\.[a-z]+|\[\d+\]|\.events\[\d+\]\.[a-zA-Z]+)*: /)
        return
      }
      try {
        replayRuling(back.record.gameLog, RULING, env)
      } catch (e) {
        expect(e).toBeInstanceOf(SceneError)
        for (const issue of (e as SceneError).issues) expect(issue.path).toMatch(/^gameLog/)
      }
    }), { numRuns: 60, seed: 3306 })
  })
})
