// A scripted game of Skrapyard: Raw Rules (../shared/seeds/001_*) replayed by `cli game replay`: a
// turn in which each character activates once (§10.4), a hurry move that forbids shooting (§12.4.1, fed
// to the attack from the state), a shot read as an S test then the target's A test (§13.3, §15.1), a
// misfire on a natural 12 (§21.4), a wounded character that may not activate (§15.1), a recovery test
// that removes it (§17.1–§17.2), and a hero's Resolve (§18.1). Every figure is derived by hand below.
import { describe, expect, it } from 'vitest'
import { codesAt, model, replayWithCli, scriptLog } from './scriptedGame.ts'

const R = 'Rustlers'
const G = 'Grinders'
// 48" × 48"; adult humans, stature 2 (default), 25 mm bases. Normal move 3" + stature = 5" (§12.1); hurry 5" + 2 = 7" (§12.4).
const human = (stats: Record<string, number>, extra: Record<string, unknown> = {}) => ({ profile: 'adult-human', stats, height: 45, eye: 40, ...extra })
const scene = {
  format: 'tabletop-scene/1',
  system: 'skrapyard',
  table: { width: 1219.2, depth: 1219.2 },
  models: [
    model('r-boss', R, 800, 300, human({ F: 6, S: 6, A: 6, D: 7, R: 3 }, { facing: 90, keywords: ['hero'] })),
    model('r1', R, 400, 300, human({ F: 5, S: 5, A: 5, D: 5 }, { facing: 90 })),
    model('g1', G, 400, 430, human({ F: 5, S: 5, A: 5, D: 5 }, { facing: 270 })),
    model('g2', G, 800, 520, human({ F: 5, S: 5, A: 5, D: 5 }, { facing: 270 })),
  ],
}

const log = scriptLog(scene, [
  /* 1 */ { type: 'round-start', round: 1, initiative: [R, G] },
  /* 2 */ { type: 'activation', model: 'r-boss' },
  // Hurry: (800,300) → (800,420), 120 mm = 4.72" of 7".
  /* 3 */ { type: 'move', model: 'r-boss', to: [800, 420], source: 'tracked', uncertainty: 1, mode: 'hurry' },
  /* 4 */ { type: 'ruling', query: { id: 'boss-shoots-g2', type: 'attack', attacker: 'r-boss', target: 'g2', weapon: 'basic-weapon' } },
  /* 5 */ { type: 'activation', model: 'r1' },
  /* 6 */ { type: 'ruling', query: { id: 'r1-shoots-g1', type: 'attack', attacker: 'r1', target: 'g1', weapon: 'basic-weapon' } },
  /* 7 */ { type: 'effect', ruling: 6, roll: { source: 'entered', dice: [4, 7] }, effects: [{ kind: 'status', model: 'g1', status: 'wounded', set: true }], decision: { kind: 'confirm', by: G } },
  /* 8 */ { type: 'activation', model: 'g1' },
  /* 9 */ { type: 'activation', model: 'g2' },
  /* 10 */ { type: 'ruling', query: { id: 'g2-shoots-boss', type: 'attack', attacker: 'g2', target: 'r-boss', weapon: 'basic-weapon' } },
  /* 11 */ { type: 'effect', ruling: 10, roll: { source: 'entered', dice: [12, 3] }, effects: [], decision: { kind: 'confirm', by: R } },
  /* 12 */ { type: 'ruling', query: { id: 'g1-recovers', type: 'test', model: 'g1', characteristic: 'D', purpose: 'recovery' } },
  /* 13 */ { type: 'effect', ruling: 12, roll: { source: 'entered', dice: [9] }, effects: [{ kind: 'remove', model: 'g1' }], decision: { kind: 'confirm', by: R } },
  /* 14 */ { type: 'round-end', round: 1 },
  /* 15 */ { type: 'round-start', round: 2, initiative: [G, R] },
  /* 16 */ { type: 'activation', model: 'g1' },
  /* 17 */ { type: 'activation', model: 'r1' },
  /* 18 */ { type: 'activation', model: 'r1' },
])

describe('skrapyard: a scripted game replayed by cli game replay', async () => {
  const { code, out, stderr } = await replayWithCli(log)
  const at = (seq: number) => out.events.find((e) => e.seq === seq)!

  it('replays with exit 0; the hero alone keeps Resolve, R 3 (§18.1)', () => {
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(at(1).state.resources).toEqual({ 'r-boss': { resolve: 3 } })
  })

  it('a hurry move of 4.72" is within 7" (§12.4); the hurried hero may not shoot, the state says so (§12.4.1)', () => {
    expect(at(3).move).toMatchObject({ cost: 4.724, allowance: 7, allowed: true })
    expect(codesAt(out, 4)).toEqual(['ruling-refused'])
  })

  it('a shot: S test 4 ≤ 6 hits, then A test 7 > 5 fails: wounded, placed on its side (§13.3, §15.1)', () => {
    // r1 (400,300) to g1 (400,430): 130 − 25 = 105 mm = 4.13" ≤ S, so no range penalty (§13.3.3.1); did not move: standing +1 (§13.3.2.1): S 6. g1's A 5.
    expect(at(7).proposal!.because).toEqual(['S test 4 ≤ 6: a hit', 'g1 fails its A test (7 against 5): placed on its side, wounded (§15.1)'])
    expect(at(7).state.models.g1!.statuses).toEqual(['wounded'])
    expect(codesAt(out, 7)).toEqual([])
  })

  it('a wounded character may not activate this turn (§15.1)', () => {
    expect(codesAt(out, 8)).toEqual(['activation-forbidden'])
  })

  it('a natural 12 misfires and injures the firer, who passes its A test 3 ≤ 5 (§21.4)', () => {
    expect(at(11).proposal!.effects).toEqual([])
    expect(at(11).proposal!.because).toEqual(['natural 12: the weapon misfires and injures g2 (§21.4)', 'g2 passes its A test (3 ≤ 5)'])
  })

  it('a failed recovery test removes the wounded character (§17.2); it cannot activate in the next turn', () => {
    // D 5, no enemy engaged with it, not in a team: 9 > 5 fails.
    expect(at(13).proposal!.effects).toEqual([{ kind: 'remove', model: 'g1' }])
    expect(at(13).state.models.g1!.removed).toBe(true)
    expect(codesAt(out, 16)).toEqual(['removed-model'])
  })

  it('no character may be activated more than once in a turn (§10.4)', () => {
    expect(codesAt(out, 17)).toEqual([])
    expect(codesAt(out, 18)).toEqual(['activated-again'])
  })
})
