// Devil's Bluff: the module's inline numeric illustrations (devils-bluff/module-rules.html#draws,
// #counter-rolls) and its profile tables, checked against values typed from the book.
import { describe, expect, it } from 'vitest'
import { devilsBluff } from '../../../../src/systems/cadence/devils-bluff/index.ts'
import { evaluateCardChain, FULL_DECK } from '../../../../src/systems/cadence/devils-bluff/cardDraws.ts'
import { formatE } from '../../../../src/systems/cadence/index.ts'
import { IN, get, run } from '../helpers.ts'

const card = (need: number) => ({ faces: 13, need, alwaysFail: [1], alwaysSucceed: [], reroll: false })
const never = card(14)

const gang = (id: string, side: string, profile: string, x: number, y: number, weapons: string[] = [], extra: Record<string, unknown> = {}) => ({
  id, side, profile, weapons, base: { shape: 'round', diameter: 25 }, height: 35, position: [x, y], ...extra,
})

describe("devils-bluff: inline numeric illustrations", () => {
  it('devils-bluff/module-rules.html#draws: "Jack, Queen, and King having a value of 11, 12, and 13" — a draw needing 11+ passes on J, Q, K', () => {
    const r = evaluateCardChain({ rolls: 1, attack: card(11), rendingExtra: 0, volley: false, topFace: 13, defence: never, damagePerFailedDefence: 1, counter: never })
    expect(formatE(r.pHit)).toBe('3/13')
  })

  it('devils-bluff/module-rules.html#draws: "any rule that would require a roll of 6 requires a draw of 13" — Rending triggers on a King', () => {
    // Skl 8+ with Rending (1): hits 8..Q (5 values) count 1, a King counts 2 → expected hits (5 + 2)/13 = 7/13.
    const r = evaluateCardChain({ rolls: 1, attack: card(8), rendingExtra: 1, volley: false, topFace: 13, defence: never, damagePerFailedDefence: 1, counter: never })
    expect(formatE(r.expectedHits)).toBe('7/13')
  })

  it('devils-bluff/module-rules.html#draws: "so -1 would become -2" — the Obscured Penalty is −2 and Accurate +2', () => {
    const r = run('cadence/devils-bluff', [
      gang('boss', 'a', 'leader', 100, 300, ['hunting-rifle']),
      gang('gun', 'b', 'hired-gun', 100 + 25 + 10 * IN, 300),
    ], [{ id: 'q', type: 'attack', attacker: 'boss', target: 'gun', weapon: 'hunting-rifle' }])
    const mods = get(r.q, 'modifiers') as Array<{ source: string; value: number }>
    expect(mods.find((m) => m.source === 'attack: Accurate')?.value).toBe(2)
    // Leader Skl 6+ with +2 → 4+: 4..K = 10/13
    expect(get(r.q, 'probability.exact.hit')).toBe('10/13')
  })

  it('devils-bluff/module-rules.html#counter-rolls: 5+ / 7+ / 9+ / 11+ / 13 by Damage against Toughness', () => {
    const counterFails = (dmg: number) => get(run('cadence/devils-bluff', [
      gang('a', 'a', 'leader', 100, 300, [`w`], { weapons: [{ id: 'w', rangeInches: 24, attacks: 1, damage: dmg, piercing: 0, specialRules: [] }] }),
      gang('t', 'b', 'legend', 400, 300, [], { stats: { toughness: 4 } }),
    ], [{ id: 'q', type: 'attack', attacker: 'a', target: 't', weapon: 'w' }]).q, 'probability.stages.counterFails.exact')
    expect(counterFails(2)).toBe('4/13') // half or lower: 5+ passes on 5..K (9 values), fails on A-4
    expect(counterFails(3)).toBe('6/13') // lower: 7+
    expect(counterFails(4)).toBe('8/13') // equal: 9+
    expect(counterFails(5)).toBe('10/13') // higher: 11+
    expect(counterFails(8)).toBe('12/13') // double: 13
  })

  it('draws of one attack come from one deck: two 10+ draws succeed at least once with 1 − C(36,2)/C(52,2) = 116/221', () => {
    const r = evaluateCardChain({ rolls: 2, attack: card(10), rendingExtra: 0, volley: false, topFace: 13, defence: never, damagePerFailedDefence: 1, counter: never }, FULL_DECK)
    expect(formatE(r.pAnyHit)).toBe('116/221')
    expect(formatE(r.pAnyHpLost)).toBe('116/221')
  })
})

describe('devils-bluff: profiles as printed', () => {
  it('devils-bluff/making-your-gang.html#gang-leader etc.: Leader 5 4" 6+ 10+ 3 4, Legend 5 4" 8+ 10+ 3 3, Hired Gun 4 4" 9+ 10+ 3 1', () => {
    const p = devilsBluff.catalogue.profiles
    expect(p.leader?.stats).toMatchObject({ command: 5, movementInches: 4, skill: 6, defence: 10, toughness: 3, hitPoints: 4, points: 65, specialRules: ['Leader'] })
    expect(p.legend?.stats).toMatchObject({ command: 5, movementInches: 4, skill: 8, defence: 10, toughness: 3, hitPoints: 3, points: 55 })
    expect(p['hired-gun']?.stats).toMatchObject({ command: 4, movementInches: 4, skill: 9, defence: 10, toughness: 3, hitPoints: 1, points: 35 })
  })

  it('devils-bluff/making-your-gang.html#weapons and #special-weapons: the ten weapon rows', () => {
    const w = devilsBluff.catalogue.weapons
    expect(Object.keys(w).sort()).toEqual(['bowie-knife', 'dual-pistols', 'dynamite', 'fists', 'hunting-rifle', 'knife', 'precision-pistol', 'revolver', 'rifle', 'shotgun'])
    expect(w.rifle).toMatchObject({ rangeInches: 18, attacks: 2, damage: 5, piercing: 2, specialRules: ['Rending (1)'], points: 12 })
    expect(w.dynamite).toMatchObject({ rangeInches: 6, attacks: 3, damage: 6, piercing: 4, specialRules: ['Blast (2)', 'One use', 'Shred'], points: 12 })
    expect(w['precision-pistol']).toMatchObject({ rangeInches: 9, attacks: 2, damage: 4, piercing: 1, specialRules: ['Accurate', 'Assault', 'Longshot'], points: 10 })
  })
})
