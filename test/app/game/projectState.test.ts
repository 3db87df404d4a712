// The game's state on the app's live table (src/app/game/projectState.ts): the live places stay (a
// model the camera sees at (421.3, 759.2) stays there while the log has it at (420, 760)); statuses,
// counters and the round go on; a model the game removed leaves the table and comes back, at the
// game's place, when the removal is taken back; nothing changes, the same object comes back.
// Operator Tactics (its wound track: a hit adds a Flesh Wound).
import { describe, expect, it } from 'vitest'
import { type GameEvent, type Scene, loadScene, startGameSession } from '../../../src/engine/index.ts'
import { findRuleSystem } from '../../../src/systems/index.ts'
import { projectGameState, withoutGameState } from '../../../src/app/game/projectState.ts'
import { env, known, model } from '../../engine/game/scriptedGame.ts'

const start = {
  format: 'tabletop-scene/1',
  system: 'operator-tactics',
  table: { width: 914.4, depth: 914.4 },
  models: [model('a1', 'A', 420, 760, { profile: 'commando', height: 40 }), model('b1', 'B', 100, 100, { profile: 'medic', height: 40 })],
} as unknown as Scene

function play(events: Array<Omit<GameEvent, 'seq'>>) {
  const table = loadScene(start, findRuleSystem, known)
  const session = startGameSession({ log: { format: 'tabletop-game/1', scene: table.scene }, table }, env)
  events.forEach((e, i) => session.apply({ ...e, seq: i + 1 } as GameEvent))
  return session
}

describe('the game state on the live table', () => {
  const live: Scene = { ...structuredClone(start), models: [{ ...structuredClone(start.models[0]!), position: [421.3, 759.2], uncertainty: 1.2 }, structuredClone(start.models[1]!)] }

  it('keeps the live places and writes the statuses, counters and round', () => {
    const s = play([
      { type: 'round-start', round: 1, initiative: ['A', 'B'] },
      { type: 'activation', model: 'a1' },
      { type: 'effect', effects: [{ kind: 'counter', model: 'b1', counter: 'fleshWounds', delta: 1 }, { kind: 'status', model: 'b1', status: 'prone', set: true }], decision: { kind: 'confirm', by: 'A' } },
    ] as never)
    const out = projectGameState(live, start, s.state())
    expect(out.models.find((m) => m.id === 'a1')).toMatchObject({ position: [421.3, 759.2], uncertainty: 1.2, state: { activated: true } })
    expect(out.models.find((m) => m.id === 'b1')).toMatchObject({ position: [100, 100], status: ['prone'], state: { counters: { fleshWounds: 1 } } })
    expect(out.game).toEqual({ round: 1, activating: 'a1', resources: expect.any(Object) })
    expect(projectGameState(out, start, s.state())).toBe(out)
    const bare = withoutGameState(out)
    expect(bare.game).toBeUndefined()
    expect(bare.models.every((m) => m.state === undefined)).toBe(true)
    expect(bare.models.find((m) => m.id === 'a1')!.position).toEqual([421.3, 759.2])
  })

  it('a removed model leaves the table, and comes back where the game has it when the removal is taken back', () => {
    const removed = play([
      { type: 'round-start', round: 1 },
      { type: 'effect', effects: [{ kind: 'remove', model: 'b1' }], decision: { kind: 'confirm', by: 'A' } },
    ] as never)
    const off = projectGameState(live, start, removed.state())
    expect(off.models.map((m) => m.id)).toEqual(['a1'])
    removed.apply({ seq: 3, type: 'undo', target: 2 })
    const back = projectGameState(off, start, removed.state())
    expect(back.models.map((m) => m.id)).toEqual(['a1', 'b1'])
    expect(back.models.find((m) => m.id === 'b1')!.position).toEqual([100, 100])
  })
})
