// Respawn's inline numeric illustrations (the book has no full worked example) and the character rules.
import { describe, expect, it } from 'vitest'
import { buildCharacter, checkTeam, d3FromD6 } from '../../../../src/systems/cadence/respawn/characters.ts'
import { evaluateScene } from '../../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../../src/systems/index.ts'

const run = (scene: unknown) => evaluateScene(scene, findRuleSystem, ruleSystems.map((s) => s.id)).results

describe('respawn/creating-your-team.html worked illustrations', () => {
  it('#perks Improved Armour: "Improve the characters Defence by 1 (eg. 4+ becomes 3+)"', () => {
    const c = buildCharacter({ profile: 'Balanced', class: 'Assault', loadout: 'Frontline', perks: ['Improved Armour', 'Skirmisher'], equipment: 'Frag Grenade' })
    expect(c.problems).toEqual([])
    expect(c.stats.defence).toBe(3)
    expect(c.weapons).toEqual(['assault-rifle', 'executioner-pistol', 'frag-grenade'])
  })
  it('#perks_2 Heavy Armour (perk): Defence 4+ becomes 3+, Toughness +1, Movement -1 (Tough: Mov 4" Def 4+ Tgh 4 → 3" 3+ 5)', () => {
    const c = buildCharacter({ profile: 'Tough', class: 'Support', loadout: 'Breacher', perks: ['Heavy Armour', 'Unbreakable'], equipment: 'Med Kit' })
    expect(c.stats).toMatchObject({ movementInches: 3, defence: 3, toughness: 5, hitPoints: 3 })
  })
  it('#equipment_3 Improved Armour (Heavy equipment): "eg. a 4+ becomes a 3+"', () => {
    const c = buildCharacter({ profile: 'Balanced', class: 'Heavy', loadout: 'Rampage', perks: ['Brute', 'Smash'], equipment: 'Improved Armour' })
    expect(c.stats.defence).toBe(3)
    expect(c.weapons).toContain('smash')
  })
  it('#perks_1 Marksman (Skill 3+) and Weak Spot (+1 Piercing to the primary weapon)', () => {
    const c = buildCharacter({ profile: 'Fast', class: 'Scout', loadout: 'Hunter', perks: ['Marksman', 'Weak Spot'], equipment: 'Smoke Grenade' })
    expect(c.stats.skill).toBe(3)
    expect(c.weapons[0]).toEqual({ id: 'nemesis-sniper-rifle', piercing: 4 })
  })
  it('the Gladiator loadout names a Fusion Gladius that has no profile (known gap)', () => {
    const c = buildCharacter({ profile: 'Balanced', class: 'Heavy', loadout: 'Gladiator', perks: ['Brute', 'Last Stand'], equipment: 'Shield' })
    expect(c.problems).toEqual(['"fusion-gladius" has no profile in the source'])
  })
  it('"Each character in your team must have a different class"', () => {
    expect(checkTeam(['Assault', 'Scout', 'Heavy'])).toEqual([])
    expect(checkTeam(['Assault', 'Scout', 'Assault'])).toHaveLength(1)
  })
})

describe('respawn/missions.html#battlefield_1: "roll a d3 (roll a d6 and divide by 2 rounding up)"', () => {
  it('d6 1..6 → d3 1,1,2,2,3,3: each entry point 1/3', () => {
    expect([1, 2, 3, 4, 5, 6].map(d3FromD6)).toEqual([1, 1, 2, 2, 3, 3])
  })
})

describe('movement perks', () => {
  const scene = (keywords: string[]) => ({
    format: 'tabletop-scene/1', system: 'cadence/respawn', table: { width: 914.4, depth: 609.6 },
    models: [
      { id: 'a', side: 'red', profile: 'balanced', keywords, base: { shape: 'round', diameter: 32 }, height: 40, position: [100, 300] },
      { id: 'b', side: 'blue', profile: 'balanced', base: { shape: 'round', diameter: 32 }, height: 40, position: [800, 300] },
    ],
    // 7" Advance: Balanced Mov 5" (+3" Skirmisher = 8")
    queries: [{ id: 'adv', type: 'move', model: 'a', to: [100 + 7 * 25.4, 300], mode: 'advance' }],
  })
  it('Skirmisher: "Improve this characters Movement by 3 during Advance actions" (5" → 8", so a 7" Advance is allowed)', () => {
    expect(run(scene(['skirmisher']))[0]).toMatchObject({ allowed: true, allowance: { inches: 8 } })
    expect(run(scene([]))[0]).toMatchObject({ allowed: false })
  })
  it('Bulwark: "it can no longer make Advance actions"', () => {
    const r = run(scene(['bulwark', 'skirmisher']))[0] as unknown as { allowed: boolean; reasons: Array<{ code: string }> }
    expect(r.allowed).toBe(false)
    expect(r.reasons.map((x) => x.code)).toContain('bulwark-no-advance')
  })
  it('the character query returns a scene-ready profile', () => {
    const s = { ...scene([]), queries: [{ id: 'c', type: 'character', profile: 'Fast', class: 'Scout', loadout: 'Stalker', perks: ['Camouflage', 'Sniper'], equipment: 'Targetting Drone' }] }
    expect(run(s)[0]).toMatchObject({ valid: true, stats: { movementInches: 7, defence: 5 }, keywords: ['camouflage', 'sniper', 'targetting-drone'] })
  })
})
