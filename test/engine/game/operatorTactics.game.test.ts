// A scripted game of Operator Tactics: Skirmish (../shared/seeds/003_*, §02 Core rules) replayed by
// `cli game replay`: alternate activations after Priority, a tracked move over MOBI inside its
// uncertainty (marginal), Shoot dice read through the per-face results, the wound track (MW clears FW, a
// hit at 2 MW is Out of Action), a jam, Breach Tokens, Pinned ending with the activation, the wound
// penalty fed from the state (no hand-given context), control at the End Phase and an unconfirmed
// score. Every figure is derived by hand below, with the section (and line) of the field manual.
import { describe, expect, it } from 'vitest'
import { codesAt, model, replayWithCli, scriptLog } from './scriptedGame.ts'

// 24" × 24" board (609.6 mm), Crossfire's centre objective at (304.8, 304.8); 25 mm bases, no terrain.
const scene = {
  format: 'tabletop-scene/1',
  system: 'operator-tactics',
  table: { width: 609.6, depth: 609.6 },
  models: [
    model('a-commando', 'A', 304.8, 150, { profile: 'commando', height: 40 }),
    model('a-marksman', 'A', 250, 300, { profile: 'marksman', height: 40 }),
    model('b-breacher', 'B', 450, 450, { profile: 'breacher', height: 40 }),
    model('b-medic', 'B', 304.8, 500, { profile: 'medic', height: 40 }),
  ],
}
const centre = { name: 'centre', at: [304.8, 304.8] as [number, number] }
const shoot = (id: string, attacker: string, target: string, weapon: string) => ({ type: 'ruling' as const, query: { id, type: 'attack', attacker, target, weapon } })
const rolled = (ruling: number, dice: number[], effects: unknown[], by: string) => ({ type: 'effect' as const, ruling, roll: { source: 'entered' as const, dice }, effects: effects as never, decision: { kind: 'confirm' as const, by } })

const log = scriptLog(scene, [
  /* 1 */ { type: 'round-start', round: 1, initiative: ['A', 'B'] },
  /* 2 */ { type: 'activation', model: 'a-commando' },
  // (304.8,150) → (304.8,303.67): 153.67 mm = 6.05", MOBI 6"; end sigma 2 mm = 0.079": over by 0.05" < 2 sigma: marginal.
  /* 3 */ { type: 'move', model: 'a-commando', to: [304.8, 303.67], source: 'tracked', uncertainty: 2 },
  /* 4 */ shoot('cmd-medic', 'a-commando', 'b-medic', 'assault-rifle'),
  /* 5 */ rolled(4, [6], [{ kind: 'counter', model: 'b-medic', counter: 'mortalWounds', delta: 1 }], 'B'),
  /* 6 */ { type: 'activation', model: 'b-breacher' },
  /* 7 */ shoot('breacher-cmd', 'b-breacher', 'a-commando', 'sidearm'),
  /* 8 */ rolled(7, [1], [{ kind: 'status', model: 'b-breacher', status: 'jammed', set: true }], 'A'),
  /* 9 */ { type: 'activation', model: 'a-marksman' },
  /* 10 */ shoot('mk-breacher', 'a-marksman', 'b-breacher', 'marksman-rifle'),
  /* 11 */ rolled(10, [6], [{ kind: 'counter', model: 'b-breacher', counter: 'fleshWounds', delta: 2 }], 'B'),
  /* 12 */ { type: 'activation', model: 'b-medic' },
  /* 13 */ { type: 'round-end', round: 1 },
  /* 14 */ { type: 'score', side: 'A', points: 1, objective: 'centre', confirmedBy: ['A'] },
  /* 15 */ { type: 'round-start', round: 2, initiative: ['B', 'A'] },
  /* 16 */ { type: 'activation', model: 'a-commando' },
  /* 17 */ { type: 'effect', effects: [{ kind: 'status', model: 'a-commando', status: 'pinned', set: true }], decision: { kind: 'confirm', by: 'A' } },
  /* 18 */ shoot('cmd-medic-2', 'a-commando', 'b-medic', 'assault-rifle'),
  /* 19 */ rolled(18, [6], [{ kind: 'counter', model: 'b-medic', counter: 'mortalWounds', delta: 1 }], 'B'),
  /* 20 */ { type: 'activation', model: 'b-medic' },
  /* 21 */ shoot('medic-mk', 'b-medic', 'a-marksman', 'sidearm'),
  /* 22 */ rolled(21, [6], [{ kind: 'counter', model: 'a-marksman', counter: 'fleshWounds', delta: 1 }], 'A'),
  /* 23 */ { type: 'activation', model: 'a-marksman' },
  /* 24 */ shoot('mk-medic', 'a-marksman', 'b-medic', 'marksman-rifle'),
  /* 25 */ rolled(24, [4], [{ kind: 'counter', model: 'b-medic', counter: 'fleshWounds', delta: 1 }], 'B'),
  /* 26 */ { type: 'round-end', round: 2 },
], { objectives: [centre] })

describe('operator tactics: a scripted Skirmish game replayed by cli game replay', async () => {
  const { code, out, stderr } = await replayWithCli(log)
  const at = (seq: number) => out.events.find((e) => e.seq === seq)!
  const m = (seq: number, id: string) => at(seq).state.models[id]!

  it('replays with exit 0; every ruling hashes as logged', () => {
    expect(stderr).toBe('')
    expect(code).toBe(0)
    for (const e of out.events) if (e.ruling) expect(e.ruling.matches).toBe(true)
  })

  it('starts each side with two Edge tokens (§02 Edge tokens L345)', () => {
    expect(at(1).state.resources).toEqual({ A: { edge: 2 }, B: { edge: 2 } })
  })

  it('calls a 6.05" move of a 6" MOBI over by 0.05" ± 0.08": marginal (§02 Actions L245)', () => {
    expect(at(3).move).toMatchObject({ cost: 6.05, allowance: 6, margin: -0.05, uncertainty: 0.079, marginal: true, allowed: false })
    expect(at(3).move!.text).toBe('moved 6.05″ of 6″ (over by 0.05″ ± 0.08″), marginal')
    expect(at(3).findings.map((f) => [f.code, f.marginal])).toEqual([['move-over-allowance', true]])
  })

  it('a natural 6 on a Shoot is a Mortal Wound; a natural 1 jams; a natural 6 against Heavy Plate is 2 Flesh Wounds (§02 Shooting results L274–277)', () => {
    // Commando SHOOT Good 2+ vs Medic AR 1 (Light Vest): 3+; 6 → MW.
    expect(at(5).proposal!.effects).toEqual([{ kind: 'counter', model: 'b-medic', counter: 'mortalWounds', delta: 1 }])
    expect(m(5, 'b-medic').counters).toEqual({ mortalWounds: 1 })
    // Breacher SHOOT Ordinary 4+ vs Commando AR 2 (Medium Rig): 6+; a natural 1 is Dry Fire.
    expect(at(8).proposal!.effects).toEqual([{ kind: 'status', model: 'b-breacher', status: 'jammed', set: true }])
    expect(m(8, 'b-breacher').statuses).toEqual(['jammed'])
    // Marksman Good 2+ vs Heavy Plate AR 3: 5+; a natural 6 → 2 FW; the opposing player places a Breach Token per FW (§02 Breach tokens).
    expect(m(11, 'b-breacher').counters).toEqual({ fleshWounds: 2, breachTokens: 2 })
    for (const s of [5, 8, 11]) expect(codesAt(out, s)).toEqual([])
  })

  it('takes control at the End Phase: A within 3" of the centre, B not (§02 The Round L238, §05 Crossfire L592)', () => {
    // Commando at (304.8,303.67): 0 mm from the marker point; Marksman (250,300): 55.01 − 12.5 = 42.5 mm = 1.67". Medic 195.2 − 12.5 mm away.
    expect(at(13).control).toMatchObject([{ objective: 'centre', controlledBy: 'A', contested: false, marginal: false }])
    // The score is A's, but only A confirmed it: both players confirm.
    expect(codesAt(out, 14)).toEqual(['score-unconfirmed'])
    expect(at(14).state.scores).toEqual({ A: 1, B: 0 })
  })

  it('alternates after Priority: B holds the initiative in round 2, so A activating first is out of turn (§02 The Round L236–237)', () => {
    expect(codesAt(out, 16)).toEqual(['activation-out-of-turn'])
  })

  it('Pinned lasts to the end of the operator\'s activation (§02 Status effects L314)', () => {
    expect(m(17, 'a-commando').statuses).toEqual(['pinned'])
    expect(m(19, 'a-commando').statuses).toEqual(['pinned'])
    expect(m(20, 'a-commando').statuses).toEqual([])
  })

  it('a second MW makes 2 MW; the wounded Medic\'s −2 comes from the state: its natural 6 only pushes past 6 for 1 FW (§02 Wounds, §02 Armor L299)', () => {
    expect(m(19, 'b-medic').counters).toEqual({ mortalWounds: 2 })
    // Medic SHOOT Bad 5+ vs Marksman AR 1: 6+; at 2 MW "−2 all": 6 + 2 = 8, past 6, so a natural 6 is 1 FW (without the state's −2 it would be an MW).
    expect(at(22).proposal!.effects).toEqual([{ kind: 'counter', model: 'a-marksman', counter: 'fleshWounds', delta: 1 }])
    expect(m(22, 'a-marksman').counters).toEqual({ fleshWounds: 1, breachTokens: 1 })
  })

  it('the next hit at 2 MW is Out of Action: removed from play (§02 Wounds L305, L309)', () => {
    expect(at(25).proposal!.effects).toEqual([{ kind: 'counter', model: 'b-medic', counter: 'fleshWounds', delta: 1 }])
    expect(m(25, 'b-medic').removed).toBe(true)
    expect(at(26).control).toMatchObject([{ objective: 'centre', controlledBy: 'A' }])
  })

  it('lists every finding of the game, in order', () => {
    expect(out.findings.map((f) => [f.event, f.code])).toEqual([[3, 'move-over-allowance'], [14, 'score-unconfirmed'], [16, 'activation-out-of-turn']])
  })
})
