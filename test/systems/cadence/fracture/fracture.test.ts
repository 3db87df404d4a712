// Fracture: profile tables (rows typed from the book) and how names printed twice are told apart.
import { describe, expect, it } from 'vitest'
import { fracture } from '../../../../src/systems/cadence/fracture/index.ts'
import { fractureCatalogue } from '../../../../src/systems/cadence/fracture/catalogue.ts'

const P = fracture.catalogue.profiles
const W = fracture.catalogue.weapons

describe('fracture: army lists as printed', () => {
  it('has every printed row: 10 Marauder, 20 Sentinel, 7 Endless, 6 Swarm and 10 Corsair models', () => {
    const count = (army: string) => fractureCatalogue.models.filter((m) => m.army === army).length
    expect([count('marauders'), count('sentinels'), count('the-endless'), count('the-swarm'), count('voidborn-corsairs')]).toEqual([10, 20, 7, 6, 10])
    expect(fractureCatalogue.weapons.length).toBe(21 + 32 + 24 + 13 + 29)
  })

  it('fracture/army-lists/marauders.html#grunts: Grunt 4 6" 5+ 5+ 4 2, 8 points, 5-10 models', () => {
    expect(P.grunt).toMatchObject({ stats: { command: 4, movementInches: 6, skill: 5, defence: 5, toughness: 4, hitPoints: 2, points: 8 }, composition: '5-10' })
  })

  it('fracture/army-lists/sentinels.html#cerberus-tank: Cerberus Tank 4 8" 3+ 2+ 8 6 Vehicle, Heavy Armour (2), 300', () => {
    expect(P['cerberus-tank']?.stats).toMatchObject({ command: 4, movementInches: 8, skill: 3, defence: 2, toughness: 8, hitPoints: 6, specialRules: ['Vehicle', 'Heavy Armour (2)'], points: 300 })
  })

  it('fracture/army-lists/voidborn-corsairs.html#construct-lord: "Shields, Heavy Armour (1) Vehicle" read as three rules', () => {
    expect(P['construct-lord']?.stats).toMatchObject({ specialRules: ['Shields', 'Heavy Armour (1)', 'Vehicle'], points: 145 })
  })

  it('fracture/army-lists/the-endless.html#unique-weapons: Transdimensional Disruptor 6" 1 8 4 Assault, One-use, Destructive (6), 30', () => {
    expect(W['transdimensional-disruptor']).toMatchObject({ rangeInches: 6, attacks: 1, damage: 8, piercing: 4, specialRules: ['Assault', 'One-use', 'Destructive (6)'], points: 30 })
  })

  it('fracture/army-lists/the-swarm.html#other-weapons: Psionic Blast 9" 6 4 4 Shred, Blast (3), 40', () => {
    expect(W['psionic-blast']).toMatchObject({ rangeInches: 9, attacks: 6, damage: 4, piercing: 4, specialRules: ['Shred', 'Blast (3)'], points: 40 })
  })

  it('a name printed with different stats is reachable only by army (Brute, Warrior) or army and list (Heavy Shard Repeater)', () => {
    expect(P.brute).toBeUndefined()
    expect(P['marauders/brute']?.stats).toMatchObject({ defence: 5, toughness: 5, points: 26 })
    expect(P['the-swarm/brute']?.stats).toMatchObject({ defence: 2, toughness: 7, points: 140 })
    expect(P.warrior).toBeUndefined()
    expect(P['the-endless/warrior']?.stats).toMatchObject({ skill: 4, hitPoints: 1, points: 7 })
    expect(W['heavy-shard-repeater']).toBeUndefined()
    expect(W['voidborn-corsairs/mounted-primary-weapons/heavy-shard-repeater']).toMatchObject({ rangeInches: 28, attacks: 4 })
    expect(W['voidborn-corsairs/mounted-secondary-weapons/heavy-shard-repeater']).toMatchObject({ rangeInches: 24, attacks: 3 })
  })

  it('the same name with the same stats keeps its plain id (Combat Blade in two lists, Missile Launcher twice)', () => {
    expect(W['combat-blade']).toMatchObject({ rangeInches: 1, attacks: 2, damage: 4, piercing: 0 })
    expect(W['missile-launcher']).toMatchObject({ rangeInches: 18, attacks: 2, damage: 8, piercing: 3, specialRules: ['Blast (1)', 'Destructive (2)', 'Long Shot'] })
  })

  it('upgrades carry their printed cost; Fuel Injection and Nova Boost print none', () => {
    const u = Object.fromEntries(fractureCatalogue.upgrades.map((x) => [x.id, x.points]))
    expect(u['big-boss']).toBe(15)
    expect(u['adaptive-camo']).toBe(10)
    expect(u['fuel-injection']).toBeNull()
    expect(u['nova-boost']).toBeNull()
  })
})
