// Bad game logs: corrupt or foreign documents, events out of order, unknown models, statuses and
// counters, impossible undos and dice. Each is one clear line (what and where, ≤ 300 characters) and
// exit 2 from `cli game replay`; the file is left as it was, and a live session refusing an event is
// left exactly as it was before it (nothing lost).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SceneError, canonicalJson, loadGame } from '../../../src/engine/index.ts'
import { env, model, replayWithCli, scriptLog } from './scriptedGame.ts'

const scene = {
  format: 'tabletop-scene/1',
  system: 'operator-tactics',
  table: { width: 609.6, depth: 609.6 },
  models: [model('a1', 'A', 100, 100, { profile: 'commando' }), model('b1', 'B', 100, 400, { profile: 'medic' })],
}
const good = scriptLog(scene, [
  { type: 'round-start', round: 1 },
  { type: 'activation', model: 'a1' },
  { type: 'ruling', query: { id: 'shot', type: 'attack', attacker: 'a1', target: 'b1', weapon: 'assault-rifle' } },
  { type: 'effect', ruling: 3, roll: { source: 'entered', dice: [4] }, effects: [{ kind: 'counter', model: 'b1', counter: 'fleshWounds', delta: 1 }], decision: { kind: 'confirm', by: 'B' } },
]) as { events: Array<Record<string, unknown>> }

/** The good log with one change. */
const bad = (change: (log: typeof good) => unknown): unknown => change(JSON.parse(JSON.stringify(good)))

const cases: Array<[string, unknown | string, RegExp]> = [
  ['not JSON at all', '{"format": "tabletop-game/1", "events": [', /not valid JSON at line 1, column 42/],
  ['a scene given for a log', scene, /format: this is a scene \(tabletop-scene\/1\), not a game log \(tabletop-game\/1\)/],
  ['a newer log version', bad((l) => ({ ...l, format: 'tabletop-game/2' })), /format: tabletop-game\/2 is a game log version this build does not read/],
  ['events out of order', bad((l) => ({ ...l, events: [l.events[0], l.events[2], l.events[1], l.events[3]] })), /events\[1\]\.seq: event 3 where 2 was expected/],
  ['time running backwards', bad((l) => ({ ...l, events: [{ ...l.events[0], atMs: 5000 }, { ...l.events[1], atMs: 4000 }, l.events[2], l.events[3]] })), /events\[1\]\.atMs: 4000 ms is before event 1's 5000 ms/],
  ['an unknown model', bad((l) => ({ ...l, events: [l.events[0], { ...l.events[1], model: 'a7' }] })), /events\[1\]\.model: no model "a7" in this game's scene/],
  ['a near-miss model id', bad((l) => ({ ...l, events: [l.events[0], { ...l.events[1], model: 'A1' }] })), /no model "A1" in this game's scene \(did you mean "a1"\?\)/],
  ['a status the book does not name', bad((l) => ({ ...l, events: [...l.events, { seq: 5, type: 'effect', effects: [{ kind: 'status', model: 'b1', status: 'stunned', set: true }], decision: { kind: 'confirm', by: 'A' } }] })), /events\[4\]\.effects\[0\]\.status: unknown status "stunned" for operator-tactics; expected one of prone, pinned/],
  ['a counter the book does not keep', bad((l) => ({ ...l, events: [...l.events, { seq: 5, type: 'effect', effects: [{ kind: 'counter', model: 'b1', counter: 'wounds', delta: 1 }], decision: { kind: 'confirm', by: 'A' } }] })), /events\[4\]\.effects\[0\]\.counter: unknown counter "wounds" for operator-tactics; expected one of fleshWounds, mortalWounds, breachTokens/],
  ['an override without a reason', bad((l) => ({ ...l, events: [...l.events.slice(0, 3), { ...l.events[3], decision: { kind: 'override', by: 'A' } }] })), /events\[3\]\.decision\.reason/],
  ['an undo of a later event', bad((l) => ({ ...l, events: [...l.events, { seq: 5, type: 'undo', target: 9 }] })), /events\[4\]\.target: event 9 is not before event 5/],
  ['a redo of what was not undone', bad((l) => ({ ...l, events: [...l.events, { seq: 5, type: 'redo', target: 2 }] })), /events\[4\]\.target: event 2 was not taken back: nothing to redo/],
  ['a die that is no face of a D6', bad((l) => ({ ...l, events: [...l.events.slice(0, 3), { ...l.events[3], roll: { source: 'entered', dice: [7] } }] })), /events\[3\]\.roll\.dice\[0\]: 7 is not a face of a d6 \(Shoot\)/],
  ['a ruling with a weapon the model does not carry', bad((l) => ({ ...l, events: [...l.events.slice(0, 2), { ...l.events[2], query: { id: 'shot', type: 'attack', attacker: 'a1', target: 'b1', weapon: 'laser' } }] })), /events\[2\]\.query\.weapon/],
  ['a move off the table', bad((l) => ({ ...l, events: [...l.events, { seq: 5, type: 'move', model: 'a1', to: [700, 100], source: 'dragged' }] })), /events\[4\]\.to: \[700, 100\] is off the 609\.6 × 609\.6 mm table/],
  ['a key that would set a prototype', '{"format": "tabletop-game/1", "__proto__": {}, "scene": {}, "events": []}', /the key "__proto__" is not allowed/],
]

describe('cli game replay: a bad log is one line, exit 2, nothing written', () => {
  for (const [name, doc, message] of cases) {
    it(name, async () => {
      const { code, stderr, file } = await replayWithCli(doc)
      const before = readFileSync(file, 'utf8')
      expect(code).toBe(2)
      expect(stderr).toMatch(message)
      expect(stderr.trim().split('\n')).toHaveLength(1)
      expect(stderr.trim().length).toBeLessThanOrEqual(300 + 'error: '.length)
      expect(stderr).not.toMatch(/\s+at\s+\S+\s+\(/)
      expect(readFileSync(file, 'utf8')).toBe(before)
    })
  }

  it('over the events limit: says which limit and how to raise it', async () => {
    const { code, stderr } = await replayWithCli(good, ['--limit', 'events=3'])
    expect(code).toBe(2)
    expect(stderr).toMatch(/events: 4 events, over the limit of 3 events \(limit "events"; raise it with --limit events=N\)/)
  })

  it('as a process: exit code 2 and the one line on stderr, nothing on stdout', () => {
    const root = join(import.meta.dirname, '..', '..', '..')
    const r = spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'src/cli/main.ts'), 'game', 'replay', '-'], { input: JSON.stringify(scene), encoding: 'utf8', cwd: root })
    expect(r.status).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe('error: standard input: format: this is a scene (tabletop-scene/1), not a game log (tabletop-game/1)\n')
  })
})

describe('a live session refusing an event is left exactly as it was', () => {
  it('an unknown model, an out-of-order number or a bad die: the same events and state after the refusal', () => {
    const s = loadGame(good, env)
    const before = canonicalJson({ events: s.events(), state: s.state(), outcomes: s.outcomes().length })
    for (const ev of [
      { seq: 5, type: 'move', model: 'zz', to: [10, 10], source: 'dragged' },
      { seq: 7, type: 'activation', model: 'b1' },
      { seq: 5, type: 'effect', ruling: 3, roll: { source: 'entered', dice: [9] }, effects: [], decision: { kind: 'confirm', by: 'B' } },
    ]) {
      expect(() => s.apply(ev as never)).toThrow(SceneError)
      expect(canonicalJson({ events: s.events(), state: s.state(), outcomes: s.outcomes().length })).toBe(before)
    }
  })
})
