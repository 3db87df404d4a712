// A scripted round of Operator Tactics: Iron Line (../shared/seeds/003_*, §15 The Turn) replayed by
// `cli game replay`: the six phases played First Player then Second, a shooting attack's dice counted
// into Strain on the target (§16 Placing Strain), the target's Strain fed to the next attack from the
// state, a move read in Movement Points against Speed (§16 Movement), Distracted cleared in the Scrap
// Phase. Every figure is derived by hand below.
import { describe, expect, it } from 'vitest'
import { codesAt, replayWithCli, scriptLog } from './scriptedGame.ts'

// 36" × 36"; trays on rectangular bases, length along the facing.
const tray = (id: string, side: string, profile: string, x: number, y: number, facing: number) => ({ id, side, profile, base: { shape: 'rect', length: 60, width: 120 }, height: 30, position: [x, y], facing })
const scene = {
  format: 'tabletop-scene/1',
  system: 'iron-line',
  table: { width: 914.4, depth: 914.4 },
  models: [
    // Drone Skirmishers: Speed 8, Loose Order, Weak attacks, Ranged (24), Strikes 10 (§13).
    tray('skirmishers', 'naf', 'drone-skirmishers', 300, 200, 90),
    // Drone Infantry: Speed 8, Close Order, no attacks (§13).
    tray('infantry', 'eo', 'drone-infantry', 300, 700, 270),
  ],
}
const phase = (p: string) => ({ type: 'phase-start' as const, phase: p })

const log = scriptLog(scene, [
  /* 1 */ { type: 'round-start', round: 1, initiative: ['naf', 'eo'] },
  /* 2 */ phase('initiative'),
  /* 3 */ phase('signal'),
  /* 4 */ { type: 'effect', effects: [{ kind: 'resource', owner: 'naf', resource: 'signal', delta: 3 }, { kind: 'resource', owner: 'eo', resource: 'signal', delta: 3 }], decision: { kind: 'confirm', by: 'referee' } },
  /* 5 */ phase('shooting'),
  /* 6 */ { type: 'turn-start', side: 'naf' },
  /* 7 */ { type: 'activation', model: 'skirmishers' },
  // "Each may gain Distracted to make a shooting attack."
  /* 8 */ { type: 'effect', effects: [{ kind: 'status', model: 'skirmishers', status: 'distracted', set: true }], decision: { kind: 'confirm', by: 'eo' } },
  /* 9 */ { type: 'ruling', query: { id: 'volley', type: 'attack', attacker: 'skirmishers', target: 'infantry' } },
  /* 10 */ { type: 'effect', ruling: 9, roll: { source: 'entered', dice: [6, 6, 3, 1, 5] }, effects: [{ kind: 'counter', model: 'infantry', counter: 'strain', delta: 2 }], decision: { kind: 'confirm', by: 'eo' } },
  /* 11 */ { type: 'ruling', query: { id: 'volley-again', type: 'attack', attacker: 'skirmishers', target: 'infantry' } },
  /* 12 */ { type: 'turn-end', side: 'naf' },
  /* 13 */ { type: 'turn-start', side: 'eo' },
  /* 14 */ { type: 'turn-end', side: 'eo' },
  /* 15 */ phase('movement'),
  /* 16 */ { type: 'turn-start', side: 'naf' },
  /* 17 */ { type: 'turn-end', side: 'naf' },
  /* 18 */ { type: 'turn-start', side: 'eo' },
  /* 19 */ { type: 'activation', model: 'infantry' },
  // Advance straight ahead (facing 270: −y) 6": 152.4 mm, 1 MP per inch, of Speed 8.
  /* 20 */ { type: 'move', model: 'infantry', to: [300, 547.6], source: 'tracked', uncertainty: 1, mode: 'advance' },
  // A second Advance in the same activation: 3" more, but only 8 − 6 = 2 MP are left (§16 "Unspent MP are lost").
  /* 21 */ { type: 'move', model: 'infantry', to: [300, 471.4], source: 'tracked', uncertainty: 1, mode: 'advance' },
  /* 22 */ { type: 'turn-start', side: 'eo' },
  /* 23 */ phase('combat'),
  /* 24 */ phase('scrap'),
  /* 25 */ { type: 'round-end', round: 1 },
])

describe('iron line: a scripted round replayed by cli game replay', async () => {
  const { code, out, stderr } = await replayWithCli(log)
  const at = (seq: number) => out.events.find((e) => e.seq === seq)!

  it('replays with exit 0 through the six phases', () => {
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(at(5).state.phase).toBe('shooting')
    expect(at(4).state.resources).toEqual({ naf: { signal: 3 }, eo: { signal: 3 } })
  })

  it('five dice against 6+: two natural 6s, two Strain on the Close Order target (§16 L1499–1501)', () => {
    // Loose against Close: 5+ (§16 L1490–1495); Weak Attacks +1: 6+ (L1497); shooting rolls half of Strikes 10: 5 dice.
    // 6 6 3 1 5 → two hits (only the natural 6s), one Strain each; Close Order is Implacable, room 5 (L1479): 2 Strain.
    expect(at(10).proposal!.effects).toEqual([{ kind: 'counter', model: 'infantry', counter: 'strain', delta: 2 }])
    expect(at(10).proposal!.because).toEqual(['5 dice against 6+ (6, 6, 3, 1, 5): 2 hits, 2 Strain on infantry'])
    expect(at(10).state.models.infantry!.counters).toEqual({ strain: 2 })
    expect(codesAt(out, 10)).toEqual([])
  })

  it('a unit activates once a phase: the second volley is no new activation, and its target\'s Strain is read from the state', () => {
    expect(at(11).ruling).toMatchObject({ matches: true, allowed: true })
  })

  it('a move is counted in Movement Points against Speed: 6 MP of 8 (§16 L1454)', () => {
    expect(at(20).move).toMatchObject({ unit: 'MP', cost: 6, allowance: 8, margin: 2, allowed: true })
    expect(at(20).move!.text).toBe('spent 6 MP of 8 MP (2 MP to spare ± 0.04 MP)')
  })

  it('the activation\'s spent MP feed the next move: 3 MP asked of the 2 left (§16 L1454)', () => {
    expect(at(21).move).toMatchObject({ unit: 'MP', cost: 3, allowance: 2, margin: -1, allowed: false })
    expect(codesAt(out, 21)).toEqual(['move-over-allowance'])
  })

  it('a side taking a second turn in a row in a phase is out of order; Distracted clears at the end of the Scrap Phase (§15 L1436)', () => {
    expect(codesAt(out, 22)).toEqual(['turn-out-of-order'])
    expect(at(24).state.models.skirmishers!.statuses).toEqual(['distracted'])
    expect(at(25).state.models.skirmishers!.statuses).toEqual([])
  })
})
