// Survivors: profile tables typed from the book, the zombie profile, and the search table.
import { describe, expect, it } from 'vitest'
import { survivors } from '../../../../src/systems/cadence/survivors/index.ts'
import { IN, get, run } from '../helpers.ts'

const P = survivors.catalogue.profiles
const W = survivors.catalogue.weapons
const model = (id: string, side: string, profile: string, x: number, y: number, weapons: string[] = [], extra: Record<string, unknown> = {}) => ({
  id, side, profile, weapons, base: { shape: 'round', diameter: 25 }, height: 35, position: [x, y], ...extra,
})

describe('survivors: profiles as printed', () => {
  it('survivors/gather-your-survivors.html#survivor-groups: Leader 5 6" 3+ 5+ 3 4 Leader 16 … Innocent 4 5" 5+ 6+ 2 3 Quiet 5', () => {
    expect(P.leader?.stats).toMatchObject({ command: 5, movementInches: 6, skill: 3, defence: 5, toughness: 3, hitPoints: 4, specialRules: ['Leader'], points: 16 })
    expect(P.hunter?.stats).toMatchObject({ command: 5, movementInches: 6, skill: 4, defence: 5, toughness: 3, hitPoints: 4, points: 14 })
    expect(P.civilian?.stats).toMatchObject({ command: 5, movementInches: 5, skill: 5, defence: 6, toughness: 3, hitPoints: 3, points: 9 })
    expect(P.innocent?.stats).toMatchObject({ command: 4, movementInches: 5, skill: 5, defence: 6, toughness: 2, hitPoints: 3, specialRules: ['Quiet'], points: 5 })
  })

  it('survivors/module-rules.html#zombie-models: Zombie x 3" 5+ 5+ 5 1; Zombie Attack 1" 2 3 0', () => {
    expect(P.zombie?.stats).toMatchObject({ command: null, movementInches: 3, skill: 5, defence: 5, toughness: 5, hitPoints: 1 })
    expect(W['zombie-attack']).toMatchObject({ rangeInches: 1, attacks: 2, damage: 3, piercing: 0 })
  })

  it('survivors/gather-your-survivors.html#ranged-weapons and #melee-weapons: 13 ranged and 5 melee rows', () => {
    expect(Object.keys(W).length).toBe(13 + 5 + 1)
    expect(W['rocket-launcher']).toMatchObject({ rangeInches: 16, attacks: 4, damage: 5, piercing: 2, specialRules: ['Bad Idea', 'Blast (2)', 'Heavy', 'One Use'], points: 5 })
    expect(W.chainsaw).toMatchObject({ rangeInches: 1, attacks: 3, damage: 4, piercing: 2, specialRules: ['Assault', 'Rapid Fire (1)', 'Loud'], points: 4 })
  })

  it('the Large Blade prints "Rending" with no (X): read as Rending (1) (option bareRending)', () => {
    // Hunter Skl 4+, 3 attacks: hits 4,5 count 1 and a 6 counts 2 → per roll 2/6 + 2/6 = 2/3; 3 rolls → expected 2.
    const r = run('cadence/survivors', [
      model('h', 'n', 'hunter', 100, 300, ['large-blade']),
      model('z', 'zombies', 'zombie', 100 + 25 + 0.5 * IN, 300),
    ], [{ id: 'q', type: 'attack', attacker: 'h', target: 'z', weapon: 'large-blade' }])
    expect(get(r.q, 'probability.expectedHits.exact')).toBe('2')
    const r2 = run('cadence/survivors', [
      model('h', 'n', 'hunter', 100, 300, ['large-blade']),
      model('z', 'zombies', 'zombie', 100 + 25 + 0.5 * IN, 300),
    ], [{ id: 'q', type: 'attack', attacker: 'h', target: 'z', weapon: 'large-blade' }], [], { bareRending: 2 })
    expect(get(r2.q, 'probability.expectedHits.exact')).toBe('5/2')
  })

  it('zombies are everyone\'s enemy: two survivor groups both may attack a zombie, zombies never attack zombies', () => {
    const r = run('cadence/survivors', [
      model('a', 'north', 'civilian', 100, 300, ['pistol']),
      model('b', 'south', 'civilian', 100, 500, ['pistol']),
      model('z', 'zombies', 'zombie', 300, 400, ['zombie-attack']),
      model('z2', 'zombies', 'zombie', 300 + 25 + 0.5 * IN, 400, ['zombie-attack']),
    ], [
      { id: 'a', type: 'attack', attacker: 'a', target: 'z', weapon: 'pistol' },
      { id: 'b', type: 'attack', attacker: 'b', target: 'z', weapon: 'pistol' },
      { id: 'zz', type: 'attack', attacker: 'z', target: 'z2', weapon: 'zombie-attack' },
    ])
    expect(get(r.a, 'reasons')).toEqual([])
    expect(get(r.b, 'reasons')).toEqual([])
    expect(get(r.zz, 'reasons.0.code')).toBe('not-an-enemy')
  })
})
