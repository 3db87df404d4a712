// The core's inline numeric illustrations (it prints no full worked example), one test each, named
// after the section that prints it. Expected values come from the book's sentence, not the program.
import { describe, expect, it } from 'vitest'
import { IN, get, run, trooper } from './helpers.ts'
import { evaluateAttackChain, formatE } from '../../../src/systems/cadence/index.ts'

const d6 = (need: number, reroll = false) => ({ faces: 6, need, alwaysFail: [1], alwaysSucceed: [], reroll })

describe('cadence core: inline numeric illustrations', () => {
  it('core-rules/advanced-rules.html#keyword-climbable: "1 inch ... for every 2 full levels descended (so climbing down 1 level is free)"', () => {
    const tower = (id: string, x: number, h: number) => ({ id, type: 'platform', keywords: ['clear', 'climbable'], footprint: [[x - 50, 350], [x + 50, 350], [x + 50, 450], [x - 50, 450]], height: h })
    const r = run('cadence', [
      trooper('one', 'a', 300, 400, { z: 50.8 }),
      trooper('two', 'a', 700, 400, { z: 101.6 }),
      trooper('up', 'a', 300 - 100, 600),
    ], [
      { id: 'down1', type: 'move', model: 'one', to: [300, 400 - 3 * IN] },
      { id: 'down2', type: 'move', model: 'two', to: [700, 400 - 3 * IN] },
      { id: 'up1', type: 'move', model: 'up', to: [300, 420], context: { toLevel: 1 } },
    ], [tower('t1', 300, 50.8), tower('t2', 700, 101.6)])
    // 50.8 mm = level 1 (step 1.5"), 101.6 mm = level round(2.67) = 3: 3 levels down → 1 full pair → 1"
    expect(get(r.down1, 'cost.climbInches')).toBe(0)
    expect(get(r.down2, 'levels.from')).toBe(3)
    expect(get(r.down2, 'cost.climbInches')).toBe(1)
    expect(get(r.up1, 'cost.climbInches')).toBe(1)
  })

  it('core-rules/basic-rules.html#unit-formation: "spread in a line so long as the gaps ... are never more than 2 inches"', () => {
    const step = 32 + 2 * IN
    const line = [0, 1, 2, 3, 4].map((i) => trooper(`m${i}`, 'a', 100 + i * step, 300, { unit: 'U' }))
    const r = run('cadence', line, [{ id: 'f', type: 'formation', unit: 'U' }])
    expect(get(r.f, 'inFormation')).toBe(true)
    expect(get(r.f, 'widestLinkInches')).toBe(2)
    const broken = line.map((m, i) => (i === 4 ? { ...m, position: [100 + 4 * step + 0.5, 300] } : m))
    expect(get(run('cadence', broken, [{ id: 'f', type: 'formation', unit: 'U' }]).f, 'inFormation')).toBe(false)
  })

  it('core-rules/basic-rules.html#dice: "making 5 Skill Rolls" are 5 separate rolls, each counted on its own', () => {
    // 5 separate 4+ rolls: P(at least one success) = 1 − (1/2)^5 = 31/32; expected successes 5/2.
    const r = evaluateAttackChain({ rolls: 5, attack: d6(4), rendingExtra: 0, volley: false, topFace: 6, defence: d6(7), damagePerFailedDefence: 1, counter: d6(7) })
    expect(formatE(r.pAnyHit)).toBe('31/32')
    expect(formatE(r.expectedHits)).toBe('5/2')
  })

  it('core-rules/basic-rules.html#dice: "a roll of 1 always counts as a failure regardless of any positive modifiers"', () => {
    // Skl 2+ with +3 would need −1+: still 5/6, never 6/6.
    const r = evaluateAttackChain({ rolls: 1, attack: d6(-1), rendingExtra: 0, volley: false, topFace: 6, defence: d6(7), damagePerFailedDefence: 1, counter: d6(7) })
    expect(formatE(r.pHit)).toBe('5/6')
  })

  it('core-rules/basic-rules.html#dice: "you may only ever re-roll a dice once"', () => {
    // Re-rolling failed 4+ once: 1/2 + 1/2·1/2 = 3/4 (not 1 − (1/2)^k for more re-rolls).
    const r = evaluateAttackChain({ rolls: 1, attack: d6(4, true), rendingExtra: 0, volley: false, topFace: 6, defence: d6(7), damagePerFailedDefence: 1, counter: d6(7) })
    expect(formatE(r.pHit)).toBe('3/4')
  })

  it('core-rules/advanced-rules.html#height-levels: levels "typically around 1-2 inches" apart', () => {
    const flat = trooper('t', 'b', 600, 300)
    const shooter = (z: number) => run('cadence', [trooper('a', 'a', 100, 300, { z, weapons: [{ id: 'g', rangeInches: 24, attacks: 1, damage: 4, piercing: 0, specialRules: [] }] }), flat], [{ id: 'q', type: 'attack', attacker: 'a', target: 't', weapon: 'g' }]).q
    // 1" up (25.4 mm): round(25.4/38.1) = 1 → level 1: +1; 0.5" up (12.7 mm): round(0.33) = 0: no bonus.
    expect(get(shooter(25.4), 'heightAdvantage.attackerLevel')).toBe(1)
    expect(get(shooter(25.4), 'probability.exact.hit')).toBe('5/6')
    expect(get(shooter(12.7), 'heightAdvantage.yes')).toBe(false)
  })

  it('core-rules/special-rules-appendix.html: "Heavy Armour (X), where X can be different values for each unit"', () => {
    const gun = { id: 'g', rangeInches: 24, attacks: 1, damage: 4, piercing: 2, specialRules: [] }
    const r = run('cadence', [
      trooper('a', 'a', 100, 300, { weapons: [gun] }),
      trooper('h1', 'b', 600, 300, { keywords: ['Heavy Armour (1)'] }),
      trooper('h2', 'b', 600, 600, { keywords: ['Heavy Armour (2)'], unit: 'H2' }),
      trooper('a2', 'a', 100, 600, { weapons: [gun] }),
    ], [
      { id: 'one', type: 'attack', attacker: 'a', target: 'h1', weapon: 'g' },
      { id: 'two', type: 'attack', attacker: 'a2', target: 'h2', weapon: 'g' },
    ])
    // Def 4+: Prc 2 − HA 1 = 1 → 5+ (fails 2/3); Prc 2 − HA 2 = 0 → 4+ (fails 1/2)
    expect(get(r.one, 'probability.stages.defenceFails.exact')).toBe('2/3')
    expect(get(r.two, 'probability.stages.defenceFails.exact')).toBe('1/2')
  })

  it('core-rules/basic-rules.html#distance-and-measuring: "within" = any part of the base closer than the distance', () => {
    // Blast 2": a base whose edge is exactly 2" from the target centre is not within; 0.5 mm closer is.
    const r = run('cadence', [
      trooper('a', 'a', 100, 400, { weapons: [{ id: 'b', rangeInches: 24, attacks: 1, damage: 4, piercing: 0, specialRules: ['Blast (1)'] }] }),
      trooper('t', 'b', 600, 400, { unit: 'T' }),
      trooper('edge', 'b', 600, 400 + 2 * IN + 16, { unit: 'T' }),
      trooper('inside', 'b', 600, 400 - 2 * IN + 0.5 - 16, { unit: 'T' }),
    ], [{ id: 'b', type: 'blast', attacker: 'a', target: 't', weapon: 'b' }])
    expect((get(r.b, 'victims') as Array<{ model: string }>).map((v) => v.model)).toEqual(['inside'])
  })

  it('core-rules/playing-a-game.html#step-4-counter-rolls: the five rows of the Damage vs Toughness table', () => {
    const counter = (dmg: number, tgh: number) => {
      const r = run('cadence', [
        trooper('a', 'a', 100, 300, { weapons: [{ id: 'g', rangeInches: 24, attacks: 1, damage: dmg, piercing: 0, specialRules: [] }] }),
        trooper('t', 'b', 600, 300, { profile: { command: 4, movementInches: 6, skill: 3, defence: 4, toughness: tgh, hitPoints: 1 } }),
      ], [{ id: 'q', type: 'attack', attacker: 'a', target: 't', weapon: 'g' }])
      return get(r.q, 'probability.stages.counterFails.exact')
    }
    expect(counter(2, 4)).toBe('1/6') // half or lower → 2+ (fails on a 1)
    expect(counter(3, 4)).toBe('1/3') // lower → 3+
    expect(counter(4, 4)).toBe('1/2') // equal → 4+
    expect(counter(5, 4)).toBe('2/3') // higher → 5+
    expect(counter(8, 4)).toBe('5/6') // double or higher → 6+
    expect(counter(7, 4)).toBe('2/3') // 7 < 8: still only "higher"
  })
})
