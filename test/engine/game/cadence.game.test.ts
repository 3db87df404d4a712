// A scripted game of the Cadence core rules (../shared/seeds/002_*, core-rules/playing-a-game.html)
// replayed by `cli game replay`: Command Points set each round to a unit's highest Command, alternate
// activations of units, moves checked against Movement, an attack's dice read through its own chain
// (attack rolls, Defence, Counter) with the Hit Points allocated as the book says, a model destroyed at 0
// HP, a secured objective held within 3", and a score confirmed by both players. Every figure is derived
// by hand below (page#anchor of the book).
import { describe, expect, it } from 'vitest'
import { codesAt, model, replayWithCli, scriptLog } from './scriptedGame.ts'

const S = 'sentinels'
const M = 'marauders'
const vanguard = { name: 'Vanguard', command: 4, movementInches: 6, skill: 3, defence: 3, toughness: 4, hitPoints: 2 }
const grunt = { name: 'Grunt', command: 3, movementInches: 6, skill: 5, defence: 5, toughness: 4, hitPoints: 2 }
const carbine = { id: 'carbine', rangeInches: 20, attacks: 3, damage: 4, piercing: 0, specialRules: [] }
const scattergun = { id: 'scattergun', rangeInches: 20, attacks: 4, damage: 3, piercing: 0, specialRules: [] }
const unitModel = (id: string, side: string, unit: string, x: number, y: number, profile: object, weapon: object) =>
  model(id, side, x, y, { unit, profile, weapons: [weapon], base: { shape: 'round', diameter: 32 }, height: 40 })
// 4' × 3' table; no terrain.
const scene = {
  format: 'tabletop-scene/1',
  system: 'cadence',
  table: { width: 1219.2, depth: 914.4 },
  models: [
    unitModel('v1', S, 'vanguard', 300, 400, vanguard, carbine),
    unitModel('v2', S, 'vanguard', 300, 450, vanguard, carbine),
    unitModel('g1', M, 'grunts', 800, 400, grunt, scattergun),
    unitModel('g2', M, 'grunts', 800, 450, grunt, scattergun),
  ],
}
const fire = (id: string, attacker: string, target: string, weapon: string) => ({ type: 'ruling' as const, query: { id, type: 'attack', attacker, target, weapon, context: { models: 2 } } })

const log = scriptLog(scene, [
  /* 1 */ { type: 'round-start', round: 1, initiative: [S, M] },
  /* 2 */ { type: 'activation', unit: 'vanguard' },
  // 139.7 mm = 5.5" of Movement 6" (#action-move).
  /* 3 */ { type: 'move', model: 'v1', to: [439.7, 400], source: 'tracked', uncertainty: 1 },
  /* 4 */ { type: 'move', model: 'v2', to: [439.7, 450], source: 'tracked', uncertainty: 1 },
  /* 5 */ { type: 'effect', effects: [{ kind: 'resource', owner: 'vanguard', resource: 'commandPoints', delta: -1 }], decision: { kind: 'confirm', by: M } },
  /* 6 */ fire('vanguard-fires', 'v1', 'g1', 'carbine'),
  /* 7 */ { type: 'effect', ruling: 6, roll: { source: 'entered', dice: [3, 6, 2, 5, 1, 4, 5, 2, 6, 3, 1, 4] }, effects: [{ kind: 'resource', owner: 'vanguard', resource: 'commandPoints', delta: -1 }, { kind: 'counter', model: 'g1', counter: 'damage', delta: 1 }], decision: { kind: 'confirm', by: M } },
  /* 8 */ { type: 'activation', unit: 'grunts' },
  /* 9 */ fire('grunts-fire', 'g1', 'v1', 'scattergun'),
  /* 10 */ { type: 'effect', ruling: 9, roll: { source: 'entered', dice: [5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 2, 1] }, effects: [{ kind: 'resource', owner: 'grunts', resource: 'commandPoints', delta: -1 }, { kind: 'counter', model: 'v1', counter: 'damage', delta: 2 }], decision: { kind: 'confirm', by: S } },
  /* 11 */ { type: 'activation', unit: 'grunts' },
  /* 12 */ { type: 'activation', unit: 'vanguard' },
  /* 13 */ { type: 'effect', effects: [{ kind: 'control', objective: 'relay', side: S }], decision: { kind: 'confirm', by: M } },
  /* 14 */ { type: 'round-end', round: 1 },
  /* 15 */ { type: 'score', side: S, points: 3, objective: 'relay', confirmedBy: [S, M] },
  /* 16 */ { type: 'round-start', round: 2, initiative: [M, S] },
], { objectives: [{ name: 'relay', at: [470, 450] }] })

describe('cadence: a scripted game replayed by cli game replay', async () => {
  const { code, out, stderr } = await replayWithCli(log)
  const at = (seq: number) => out.events.find((e) => e.seq === seq)!

  it('replays with exit 0; each unit\'s Command Points are its highest Command at the round\'s start (#place-command-dice)', () => {
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(at(1).state.resources).toEqual({ vanguard: { commandPoints: 4 }, grunts: { commandPoints: 3 } })
  })

  it('checks each model\'s move against its Movement: 5.5" of 6"', () => {
    expect(at(3).move).toMatchObject({ cost: 5.5, allowance: 6, allowed: true })
    expect(codesAt(out, 3)).toEqual([])
  })

  it('reads the attack\'s dice through the chain: 4 hits, 2 failed Defence, 1 failed Counter: 1 Hit Point off g1 (steps 2–4)', () => {
    // Two carbines × 3 Attacks = 6 rolls at Skill 3+: 3 6 2 5 1 4 → 4 hits. Defence 5+: 5 2 6 3 → 2 fail → 2 damage.
    // Counter, Damage 4 = Toughness 4 → 4+: 1 4 → 1 fails → 1 Hit Point, to the first model of the unit.
    expect(at(7).proposal!.effects).toEqual([{ kind: 'resource', owner: 'vanguard', resource: 'commandPoints', delta: -1 }, { kind: 'counter', model: 'g1', counter: 'damage', delta: 1 }])
    expect(codesAt(out, 7)).toEqual([])
    expect(at(7).state.models.g1!.counters).toEqual({ damage: 1 })
    expect(at(7).state.resources.vanguard).toEqual({ commandPoints: 2 })
  })

  it('two Hit Points off a 2 HP model destroy it: "removed from the game" (#step-4-counter-rolls)', () => {
    // 8 rolls at 5+: 5 6 1 2 3 4 5 6 → 4 hits; Defence 3+: 1 2 3 4 → 2 damage; Counter, Damage 3 < Toughness 4 → 3+: 2 1 → 2 HP off v1.
    expect(at(10).proposal!.effects).toEqual([{ kind: 'resource', owner: 'grunts', resource: 'commandPoints', delta: -1 }, { kind: 'counter', model: 'v1', counter: 'damage', delta: 2 }])
    expect(at(10).state.models.v1!.removed).toBe(true)
  })

  it('activations alternate while the other side still has a unit with Command Points (#alternate-activations)', () => {
    expect(codesAt(out, 11)).toEqual(['activation-out-of-turn'])
    expect(codesAt(out, 12)).toEqual([])
  })

  it('a secured Control objective is held while a unit of the army stays within 3" of it, and scored (#objective-markers)', () => {
    // v2 at (439.7,450): its base overlaps the 40 mm marker at (470,450).
    expect(at(14).control).toMatchObject([{ objective: 'relay', controlledBy: S, held: S }])
    expect(codesAt(out, 15)).toEqual([])
    expect(out.state.scores).toEqual({ [S]: 3, [M]: 0 })
  })

  it('round 2 sets Command Points again from the models still in play', () => {
    expect(out.state.resources).toEqual({ vanguard: { commandPoints: 4 }, grunts: { commandPoints: 3 } })
    expect(out.state.round).toBe(2)
  })
})
