// Properties of the game log over random games (fast-check): replaying a log gives the state the live
// session reached after every event, even when the session was exported and imported midway (an app
// reloaded); an undo followed by a redo of the same event leaves the game as it was; a log survives
// export and import byte for byte. Small games of the narrative skirmish ruleset (moves checked by its
// move query, statuses, resources, scores, undo and redo).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type GameEvent, type GameSession, canonicalJson, exportGameLog, importGameLog, loadGame, loadScene, startGameSession } from '../../../src/engine/index.ts'
import { findRuleSystem } from '../../../src/systems/index.ts'
import { type ScriptEvent, env, known, model } from './scriptedGame.ts'

const scene = {
  format: 'tabletop-scene/1',
  system: 'narrative-skirmish',
  table: { width: 914.4, depth: 914.4 },
  models: [model('a1', 'A', 100, 100, { profile: 'small-model' }), model('a2', 'A', 300, 100, { profile: 'small-model' }), model('b1', 'B', 100, 700, { profile: 'small-model' }), model('b2', 'B', 300, 700, { profile: 'small-model' })],
}
const ids = ['a1', 'a2', 'b1', 'b2']
const sides = ['A', 'B']

/** What a player does next; made into a valid event (or skipped) by the state of the log so far. */
type Intent =
  | { k: 'round' }
  | { k: 'turn'; side: number }
  | { k: 'activate'; m: number }
  | { k: 'move'; m: number; x: number; y: number; tracked: boolean; sigma: number }
  | { k: 'status'; m: number; status: number; set: boolean }
  | { k: 'ap'; side: number; delta: number }
  | { k: 'score'; side: number; points: number; both: boolean }
  | { k: 'undo'; pick: number }
  | { k: 'redo'; pick: number }

const intent: fc.Arbitrary<Intent> = fc.oneof(
  { arbitrary: fc.constant<Intent>({ k: 'round' }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('turn' as const), side: fc.nat(1) }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('activate' as const), m: fc.nat(3) }), weight: 3 },
  { arbitrary: fc.record({ k: fc.constant('move' as const), m: fc.nat(3), x: fc.integer({ min: 20, max: 890 }), y: fc.integer({ min: 20, max: 890 }), tracked: fc.boolean(), sigma: fc.integer({ min: 0, max: 4 }) }), weight: 4 },
  { arbitrary: fc.record({ k: fc.constant('status' as const), m: fc.nat(3), status: fc.nat(2), set: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('ap' as const), side: fc.nat(1), delta: fc.integer({ min: -6, max: 12 }) }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('score' as const), side: fc.nat(1), points: fc.integer({ min: -2, max: 3 }), both: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('undo' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('redo' as const), pick: fc.nat() }), weight: 1 },
)

const STATUSES = ['down', 'immobilized', 'holding-object']

function newSession(): GameSession {
  const table = loadScene(scene, findRuleSystem, known)
  return startGameSession({ log: { format: 'tabletop-game/1', scene: table.scene }, table }, env)
}

/** The next event an intent makes on this session (undefined: not possible now). */
function eventOf(s: GameSession, i: Intent): ScriptEvent | undefined {
  const state = s.state()
  switch (i.k) {
    case 'round': return { type: 'round-start', round: state.round + 1 }
    case 'turn': return { type: 'turn-start', side: sides[i.side]! }
    case 'activate': return { type: 'activation', model: ids[i.m]! }
    case 'move': return { type: 'move', model: ids[i.m]!, to: [i.x, i.y], source: i.tracked ? 'tracked' : 'dragged', ...(i.tracked ? { uncertainty: i.sigma } : {}) }
    case 'status': return { type: 'effect', effects: [{ kind: 'status', model: ids[i.m]!, status: STATUSES[i.status]!, set: i.set }], decision: { kind: 'confirm', by: 'B' } }
    case 'ap': return { type: 'effect', effects: [{ kind: 'resource', owner: sides[i.side]!, resource: 'actionPoints', delta: i.delta }], decision: { kind: 'override', by: 'A', reason: 'roll' } }
    case 'score': return { type: 'score', side: sides[i.side]!, points: i.points, confirmedBy: i.both ? ['A', 'B'] : [sides[i.side]!] }
    case 'undo': {
      const can = s.events().filter((e) => e.type !== 'undo' && e.type !== 'redo' && !state.undone.includes(e.seq))
      return can.length ? { type: 'undo', target: can[i.pick % can.length]!.seq } : undefined
    }
    case 'redo': return state.undone.length ? { type: 'redo', target: state.undone[i.pick % state.undone.length]! } : undefined
  }
}

/** Play the intents live; returns the session (and each event's state as reached live). */
function playLive(intents: readonly Intent[], session = newSession()): GameSession {
  for (const i of intents) {
    const e = eventOf(session, i)
    if (e) session.apply({ ...e, seq: session.events().length + 1 } as GameEvent)
  }
  return session
}

const stateKey = (s: ReturnType<GameSession['state']>) => canonicalJson(s)

describe('the game log (properties over random games)', () => {
  it('replaying a log gives the state the live session reached after every event, with an export and an import midway', () => {
    fc.assert(fc.property(fc.array(intent, { minLength: 1, maxLength: 24 }), fc.nat(), (intents, cutAt) => {
      const cut = cutAt % (intents.length + 1)
      // Live: play the first part, export, import into a new session (a reloaded app), play on.
      const first = playLive(intents.slice(0, cut))
      const { log: half } = importGameLog(exportGameLog(first.log()), env)
      const reloaded = loadGame(half, env)
      const live = playLive(intents.slice(cut), reloaded)
      const replayed = loadGame(JSON.parse(exportGameLog(live.log())), env)
      expect(replayed.outcomes().map((o) => stateKey(o.state))).toEqual(live.outcomes().map((o) => stateKey(o.state)))
      expect(stateKey(replayed.state())).toBe(stateKey(live.state()))
    }), { numRuns: 25 })
  })

  it('an undo followed by a redo of the same event leaves the game as it was', () => {
    fc.assert(fc.property(fc.array(intent, { minLength: 1, maxLength: 24 }), fc.nat(), (intents, pick) => {
      const s = playLive(intents)
      const state = s.state()
      const can = s.events().filter((e) => e.type !== 'undo' && e.type !== 'redo' && !state.undone.includes(e.seq))
      if (!can.length) return
      const target = can[pick % can.length]!.seq
      const before = stateKey(s.state())
      s.apply({ seq: s.events().length + 1, type: 'undo', target })
      s.apply({ seq: s.events().length + 1, type: 'redo', target })
      expect(stateKey(s.state())).toBe(before)
    }), { numRuns: 25 })
  })

  it('a log survives export and import byte for byte', () => {
    fc.assert(fc.property(fc.array(intent, { maxLength: 24 }), (intents) => {
      const text = exportGameLog(playLive(intents).log())
      expect(exportGameLog(importGameLog(text, env).log)).toBe(text)
    }), { numRuns: 25 })
  })
})
