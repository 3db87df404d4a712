// A scripted game of Jagged Shards (../shared/seeds/000_*) replayed by `cli game replay`: rounds of six
// phases played by the Initiative player then the opponent (§7), Warp Flares (§2.6), a Sprint that bars
// shooting (§7.4, §8.1), D100 attacks read by the ruleset's own outcome for the roll (§4.1, §4.3, §11.2),
// a jam that lasts "next round", and objectives scored at the end of each round with Sticky Control (§13).
// Every figure is derived by hand below.
import { describe, expect, it } from 'vitest'
import { codesAt, model, replayWithCli, scriptLog } from './scriptedGame.ts'

const H = 'human-colonies'
const M = 'martian-order'
// 48" × 48" table (1219.2 mm); the centre objective at (609.6, 609.6), a 40 mm marker (option objectiveMarkerMm).
const scene = {
  format: 'tabletop-scene/1',
  system: 'jagged-shards',
  table: { width: 1219.2, depth: 1219.2 },
  models: [
    // Colonist Rifleman: SR 60, W Threshold 1, Wounds 1, EV 0, M 5; Ballistic Rifle 20", DAM 1 (§16.1, §17.1).
    model('rifleman', H, 609.6, 500, { profile: 'colonist-rifleman', base: { shape: 'round', diameter: 32 }, height: 40 }),
    // Support Mech: SR 55, W Threshold 2, Wounds 2, EV 10, M 4; Auto-Cannon 18", DAM 1.
    model('mech', H, 700, 450, { profile: 'support-mech', base: { shape: 'round', diameter: 50 }, height: 60 }),
    // Dino-Raptor: SR 55, W Threshold 2, Wounds 3, EV 10, M 8 (§16.2).
    model('raptor', M, 609.6, 800, { profile: 'dino-raptor', base: { shape: 'round', diameter: 50 }, height: 50 }),
    // Bloodroot Stalker: SR 60, W Threshold 1, Wounds 1, EV 10, M 7; Spine Spitter 12".
    model('stalker', M, 900, 900, { profile: 'bloodroot-stalker', base: { shape: 'round', diameter: 32 }, height: 40 }),
  ],
}
const phase = (p: string) => ({ type: 'phase-start' as const, phase: p })
const turn = (side: string) => [{ type: 'turn-start' as const, side }]
const end = (side: string) => ({ type: 'turn-end' as const, side })

const log = scriptLog(scene, [
  /* 1 */ { type: 'round-start', round: 1, initiative: [H, M] },
  /* 2 */ phase('command'),
  // The Attacker's Warp Strike Force "Begins the battle with 3 Warp Flares" (§3.2), the Defender's Shock Strike Force with 2 (§3.3).
  /* 3 */ { type: 'effect', effects: [{ kind: 'resource', owner: H, resource: 'warpFlares', delta: 3 }, { kind: 'resource', owner: M, resource: 'warpFlares', delta: 2 }], decision: { kind: 'confirm', by: 'referee' } },
  /* 4 */ phase('movement'),
  /* 5 */ ...turn(H),
  // (609.6,500) → (609.6,560): 60 mm = 2.36" of M 5".
  /* 6 */ { type: 'move', model: 'rifleman', to: [609.6, 560], source: 'tracked', uncertainty: 1 },
  /* 7 */ end(H),
  /* 8 */ ...turn(M),
  // Sprint: M 7" + D6 (3) = 10"; (900,900) → (850,700): 206.16 mm = 8.12".
  /* 9 */ { type: 'move', model: 'stalker', to: [850, 700], source: 'tracked', uncertainty: 1, mode: 'sprint', context: { d6: 3 } },
  /* 10 */ end(M),
  /* 11 */ phase('shooting'),
  /* 12 */ ...turn(H),
  /* 13 */ { type: 'ruling', query: { id: 'rifle-raptor', type: 'attack', attacker: 'rifleman', target: 'raptor' } },
  /* 14 */ { type: 'effect', ruling: 13, roll: { source: 'entered', dice: [3] }, effects: [{ kind: 'status', model: 'rifleman', status: 'jammed', set: true }], decision: { kind: 'confirm', by: M } },
  /* 15 */ { type: 'ruling', query: { id: 'mech-raptor', type: 'attack', attacker: 'mech', target: 'raptor' } },
  /* 16 */ { type: 'effect', ruling: 15, roll: { source: 'entered', dice: [90] }, effects: [], decision: { kind: 'confirm', by: M } },
  /* 17 */ end(H),
  /* 18 */ ...turn(M),
  /* 19 */ { type: 'ruling', query: { id: 'stalker-mech', type: 'attack', attacker: 'stalker', target: 'mech' } },
  /* 20 */ end(M),
  /* 21 */ phase('resolution'),
  /* 22 */ { type: 'round-end', round: 1 },
  /* 23 */ { type: 'score', side: H, points: 1, objective: 'centre', confirmedBy: [H, M] },
  /* 24 */ { type: 'round-start', round: 2, initiative: [M, H] },
  /* 25 */ phase('movement'),
  /* 26 */ ...turn(M),
  // (609.6,800) → (609.6,675): 125 mm = 4.92" of M 8"; then 65.4 − 25 − 20 = 20.4 mm = 0.80" from the marker: within 1".
  /* 27 */ { type: 'move', model: 'raptor', to: [609.6, 675], source: 'tracked', uncertainty: 1 },
  /* 28 */ end(M),
  /* 29 */ ...turn(H),
  // (609.6,560) → (609.6,450): 110 mm = 4.33"; then 159.6 − 16 − 20 = 123.6 mm from the marker: out of 1".
  /* 30 */ { type: 'move', model: 'rifleman', to: [609.6, 450], source: 'tracked', uncertainty: 1 },
  /* 31 */ end(H),
  /* 32 */ phase('shooting'),
  /* 33 */ ...turn(M),
  /* 34 */ end(M),
  /* 35 */ ...turn(H),
  /* 36 */ { type: 'ruling', query: { id: 'rifle-raptor-2', type: 'attack', attacker: 'rifleman', target: 'raptor' } },
  /* 37 */ end(H),
  /* 38 */ phase('resolution'),
  /* 39 */ { type: 'round-end', round: 2 },
  /* 40 */ { type: 'score', side: H, points: 1, objective: 'centre', confirmedBy: [H, M] },
], { objectives: [{ name: 'centre', at: [609.6, 609.6] }] })

describe('jagged shards: a scripted game replayed by cli game replay', async () => {
  const { code, out, stderr } = await replayWithCli(log)
  const at = (seq: number) => out.events.find((e) => e.seq === seq)!

  it('replays with exit 0, phases in the book\'s order', () => {
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(at(11).state.phase).toBe('shooting')
    expect(at(3).state.resources).toEqual({ [H]: { warpFlares: 3 }, [M]: { warpFlares: 2 } })
  })

  it('checks moves against M, and a Sprint against M + D6 (§8.1)', () => {
    expect(at(6).move).toMatchObject({ cost: 2.362, allowance: 5, allowed: true })
    expect(at(9).move).toMatchObject({ cost: 8.117, allowance: 10, allowed: true })
    expect(at(9).state.models.stalker!.statuses).toEqual(['sprinted'])
    for (const s of [6, 9, 27, 30]) expect(codesAt(out, s)).toEqual([])
  })

  it('a D100 of 03 is a Critical Failure: the Ballistic Rifle jams, "the model may not shoot next round" (§11.2, §17.1)', () => {
    // SR 60 + EV 10 = 70; 03 ≤ 05: automatic miss, the weapon's critical failure.
    expect(at(14).proposal!.effects).toEqual([{ kind: 'status', model: 'rifleman', status: 'jammed', set: true }])
    expect(at(14).proposal!.dice).toEqual([{ sides: 100, value: 3, purpose: 'D100 attack roll' }])
  })

  it('a hit whose DAM is under the W Threshold wounds nothing (§4.3): the Auto-Cannon\'s DAM 1 against the Raptor\'s 2', () => {
    // SR 55 + EV 10 = 65; 90 ≥ 65 hits; DAM 1 < W Threshold 2.
    expect(at(16).proposal!.effects).toEqual([])
    expect(at(16).proposal!.because).toContain('DAM below the Wound Threshold: no wound')
  })

  it('the Sprinted Stalker may not shoot this round: its status feeds the attack, which is refused (§7.4 "Did not Sprint")', () => {
    expect(codesAt(out, 19)).toEqual(['ruling-refused'])
    expect(at(19).ruling!.allowed).toBe(false)
  })

  it('scores the centre at the end of round 1 for the Colonies, alone within 1"; Sticky Control carries it (§13.1–§13.3)', () => {
    // Rifleman (609.6,560): 49.6 − 16 − 20 = 13.6 mm = 0.54" from the marker's edge; no Martian within 1".
    expect(at(22).control).toMatchObject([{ objective: 'centre', controlledBy: H, contested: false, held: H }])
    expect(at(22).state.objectives).toEqual({ centre: H })
    expect(codesAt(out, 23)).toEqual([])
    // Sprinted lasted "this round".
    expect(at(22).state.models.stalker!.statuses).toEqual([])
  })

  it('the jam lasts through round 2: the Rifleman\'s second shot is refused, and the jam ends with round 2', () => {
    expect(at(24).state.models.rifleman!.statuses).toEqual(['jammed'])
    expect(codesAt(out, 36)).toEqual(['ruling-refused'])
    expect(at(39).state.models.rifleman!.statuses).toEqual([])
  })

  it('round 2: only the Raptor within 1": the Martians take control and Sticky Control; the Colonies\' score is not borne out (§13.2, Example 13C)', () => {
    expect(at(39).control).toMatchObject([{ objective: 'centre', controlledBy: M, held: M }])
    expect(codesAt(out, 40)).toEqual(['score-differs-from-control'])
    expect(out.state.scores).toEqual({ [H]: 2, [M]: 0 })
  })
})
