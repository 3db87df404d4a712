// A scripted game of Skirmish Rules (narrative skirmish, ../shared/seeds/004_*) replayed by `cli game
// replay`: turns in initiative order, action points and bonus dice, moves checked against 6", a shot
// that downs its target, "move, combat, move" refused, a down model that activates, a referee's
// override, an undo that names the later events it changes. Every figure below is derived by hand from
// the book (section in brackets) and the placed coordinates.
import { describe, expect, it } from 'vitest'
import { codesAt, replayWithCli, scriptLog, skirmishScene } from './scriptedGame.ts'

// 36" × 36" table; small models on 25 mm bases ("Small Models can move 6 inches" [Models > Movement]).
const scene = skirmishScene()

const log = scriptLog(scene, [
  /* 1 */ { type: 'round-start', round: 1, initiative: ['A', 'B'] },
  /* 2 */ { type: 'turn-start', side: 'A' },
  /* 3 */ { type: 'effect', effects: [{ kind: 'resource', owner: 'A', resource: 'actionPoints', delta: 12 }], decision: { kind: 'confirm', by: 'B' } },
  /* 4 */ { type: 'effect', effects: [{ kind: 'resource', owner: 'A', resource: 'actionPoints', delta: -2 }, { kind: 'resource', owner: 'A', resource: 'bonusDice', delta: 2 }], decision: { kind: 'confirm', by: 'B' } },
  /* 5 */ { type: 'activation', model: 'a1' },
  /* 6 */ { type: 'move', model: 'a1', to: [100, 227], source: 'tracked', uncertainty: 1 },
  /* 7 */ { type: 'effect', effects: [{ kind: 'resource', owner: 'A', resource: 'actionPoints', delta: -1 }], decision: { kind: 'confirm', by: 'B' } },
  /* 8 */ { type: 'ruling', query: { id: 'a1-shoots-b1', type: 'attack', attacker: 'a1', target: 'b1', weapon: 'rifle' } },
  /* 9 */ { type: 'effect', ruling: 8, roll: { source: 'entered', dice: [7, 4] }, effects: [{ kind: 'status', model: 'b1', status: 'down', set: true }], decision: { kind: 'confirm', by: 'B' } },
  /* 10 */ { type: 'move', model: 'a1', to: [150, 227], source: 'dragged' },
  /* 11 */ { type: 'effect', effects: [{ kind: 'resource', owner: 'A', resource: 'actionPoints', delta: -3 }], decision: { kind: 'confirm', by: 'B' } },
  /* 12 */ { type: 'activation', model: 'a2' },
  /* 13 */ { type: 'move', model: 'a2', to: [300, 280], source: 'tracked', uncertainty: 1.5 },
  /* 14 */ { type: 'turn-end', side: 'A' },
  /* 15 */ { type: 'turn-start', side: 'B' },
  /* 16 */ { type: 'activation', model: 'b1' },
  /* 17 */ { type: 'activation', model: 'b2' },
  /* 18 */ { type: 'ruling', query: { id: 'b2-shoots-a2', type: 'attack', attacker: 'b2', target: 'a2', weapon: 'rifle' } },
  /* 19 */ { type: 'effect', ruling: 18, roll: { source: 'entered', dice: [3, 8] }, effects: [{ kind: 'status', model: 'a2', status: 'down', set: true }], decision: { kind: 'override', by: 'referee', reason: 'a2 stood in the open: the referee rules it down' } },
  /* 20 */ { type: 'turn-end', side: 'B' },
  /* 21 */ { type: 'round-end', round: 1 },
  /* 22 */ { type: 'undo', target: 13, reason: 'a2 was put back: the move was over its 6"' },
  /* 23 */ { type: 'round-start', round: 2, initiative: ['B', 'A'] },
])

describe('narrative skirmish: a scripted game replayed by cli game replay', async () => {
  const { code, out, stderr } = await replayWithCli(log)
  const at = (seq: number) => out.events.find((e) => e.seq === seq)!

  it('replays with exit 0 and one entry per event', () => {
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(out.format).toBe('tabletop-game-replay/1')
    expect(out.events.map((e) => e.seq)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1))
  })

  it('keeps action points for the turn and bonus dice for the round [Roll for Action Points; Spend Action Points on Bonus Dice]', () => {
    // AP: rolled 12, 2 spent on 2 bonus dice ("2 Bonus Dice = 2 Action Points"), 1 on the 1st move, 3 on the 2nd.
    expect(at(4).state.resources.A).toEqual({ bonusDice: 2, actionPoints: 10 })
    expect(at(11).state.resources.A).toEqual({ bonusDice: 2, actionPoints: 6 })
    // "Action points do not carry from turn-to-turn": 0 when A's turn ends; bonus dice stay until the round ends.
    expect(at(14).state.resources.A).toEqual({ bonusDice: 2, actionPoints: 0 })
    // "…discarded before the start of the new round."
    expect(at(23).state.resources).toEqual({ A: { bonusDice: 0, actionPoints: 0 }, B: { bonusDice: 0, actionPoints: 0 } })
  })

  it('checks each move against 6": a1 moved 5" (127 mm), a2 7.09" (180 mm) past its allowance [Models > Movement]', () => {
    // a1: (100,100) → (100,227) = 127 mm = 5"; 1-sigma 1 mm = 0.039" (tracked end, hand-placed start).
    expect(at(6).move).toMatchObject({ cost: 5, allowance: 6, margin: 1, marginal: false, allowed: true, text: 'moved 5″ of 6″ (1″ to spare ± 0.04″)' })
    expect(codesAt(out, 6)).toEqual([])
    // a2: (300,100) → (300,280) = 180 mm = 7.087"; over by 1.087" ± 1.5 mm = 0.059": not within 2 sigma, not marginal.
    expect(at(13).move).toMatchObject({ cost: 7.087, allowance: 6, margin: -1.087, marginal: false, allowed: false })
    expect(at(13).move!.text).toBe('moved 7.09″ of 6″ (over by 1.09″ ± 0.06″)')
    expect(codesAt(out, 13)).toEqual(['move-over-allowance'])
  })

  it('downs the target whose d10 the attacker\'s beats, as confirmed [Combat > Ranged]', () => {
    // a1 (100,227) to b1 (100,500): gap 500 − 227 − 25 = 248 mm = 9.76" ≤ the Rifle's 18"; no cover, no modifiers: 7 beats 4.
    expect(at(8).ruling).toMatchObject({ matches: true, allowed: true })
    expect(at(9).proposal!.effects).toEqual([{ kind: 'status', model: 'b1', status: 'down', set: true }])
    expect(at(9).proposal!.because).toEqual(['attacker 7 beats defender 4: b1 is down'])
    expect(codesAt(out, 9)).toEqual([])
    expect(at(9).state.models.b1!.statuses).toEqual(['down'])
  })

  it('refuses "move, perform combat, and move again" and prices the 2nd move at 3 AP [Activate models with Action Points]', () => {
    expect(codesAt(out, 10)).toEqual(['forbidden-sequence'])
    expect(at(10).findings[0]!.rule).toBe('Playing the Game > Activate models with Action Points')
    expect(at(10).move).toMatchObject({ allowed: true })
  })

  it('finds a down model activating: it is not in a ready state until the Recovery Phase [Recovery Phase > Casualty Test]', () => {
    expect(codesAt(out, 16)).toEqual(['activation-forbidden'])
    expect(at(16).findings[0]!.citation).toEqual({ section: 'Recovery Phase > Casualty Test', title: 'Recovery Phase › Casualty Test' })
    expect(codesAt(out, 17)).toEqual([])
  })

  it('records the referee\'s override with its reason: 3 does not beat 8, yet a2 goes down', () => {
    expect(at(19).proposal!.effects).toEqual([])
    expect(codesAt(out, 19)).toEqual(['override'])
    expect(at(19).findings[0]!.message).toContain('a2 stood in the open')
    expect(at(19).state.models.a2!.statuses).toEqual(['down'])
  })

  it('undoes a2\'s move: a2 goes back to (300,100), and the undo names the shot at it and the override as changed', () => {
    expect(at(22).affects!.map((a) => a.seq)).toEqual([18, 19])
    expect(at(22).affects![0]!.why).toContain("its ruling's result")
    expect(at(22).affects![1]!.why).toContain('the state of a2')
    expect(at(13).undoneBy).toBe(22)
    expect(at(22).state.models.a2!.position).toEqual([300, 100])
  })

  it('ends in round 2 with every model\'s place, status and activation as derived', () => {
    expect(out.state.round).toBe(2)
    expect(out.state.turn).toBeNull()
    expect(Object.fromEntries(Object.entries(out.state.models).map(([id, m]) => [id, [m.position, m.statuses, m.activated]]))).toEqual({
      a1: [[150, 227], [], false],
      a2: [[300, 100], ['down'], false],
      b1: [[100, 500], ['down'], false],
      b2: [[300, 500], [], false],
    })
    expect(out.findings.map((f) => [f.event, f.code])).toEqual([[10, 'forbidden-sequence'], [13, 'move-over-allowance'], [16, 'activation-forbidden'], [19, 'override']])
  })
})
