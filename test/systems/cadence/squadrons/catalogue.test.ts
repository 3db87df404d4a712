// Every Squadrons row checked against the printed (flattened) tables of the site index.
import { describe, expect, it } from 'vitest'
import { FRACTURED_SKIES_SHIPS, FRACTURED_SKIES_WEAPONS, PREMADE_SHIPS, SHIP_UPGRADES, SHIP_WEAPONS, BASIC_SHIP, DESTROY_OBJECTIVE } from '../../../../src/systems/cadence/squadrons/catalogue.ts'
import { squadrons } from '../../../../src/systems/cadence/squadrons/index.ts'
import { SOURCE_TEXT } from './sourceText.ts'
import { printedModelRow, printedWeaponRow, textOf } from './printedRows.ts'

describe('squadrons catalogue = the printed tables', () => {
  it('Basic Ship profile (building-a-squadron.html#basic-ship-profile)', () => {
    expect(textOf(SOURCE_TEXT, BASIC_SHIP.section)).toContain(printedModelRow(BASIC_SHIP, false))
  })
  for (const w of SHIP_WEAPONS) {
    it(`ship weapon ${w.name} (${w.section})`, () => expect(textOf(SOURCE_TEXT, w.section)).toContain(printedWeaponRow(w)))
  }
  for (const u of SHIP_UPGRADES) {
    it(`upgrade ${u.name} (${u.section})`, () => expect(textOf(SOURCE_TEXT, u.section)).toContain(`${u.name} ${u.effect} ${u.points}${u.costMultiplied ? '*' : ''}`))
  }
  for (const s of PREMADE_SHIPS) {
    it(`${s.name}: setup, weapons and summary row (${s.section})`, () => {
      expect(textOf(SOURCE_TEXT, s.section)).toContain(`Setup: ${s.upgrades.join(', ')}`)
      expect(textOf(SOURCE_TEXT, s.section)).toContain(`Weapons: ${s.weapons.join(', ')}`)
      expect(textOf(SOURCE_TEXT, s.summary.section)).toContain(printedModelRow(s.summary))
    })
  }
  for (const p of FRACTURED_SKIES_SHIPS) {
    it(`Fractured Skies ${p.name} (${p.section})`, () => {
      // The Heavy Gunship row prints "Heavy Armor (1)"; the catalogue uses the core's spelling.
      const row = printedModelRow(p).replace('Heavy Armour (1), Platform (1)', p.id === 'heavy-gunship' ? 'Heavy Armor (1), Platform (1)' : 'Heavy Armour (1), Platform (1)')
      expect(textOf(SOURCE_TEXT, p.section)).toContain(row)
    })
  }
  for (const w of FRACTURED_SKIES_WEAPONS) {
    it(`Fractured Skies weapon ${w.name}`, () => expect(textOf(SOURCE_TEXT, w.section).replace('16”', '16"')).toContain(printedWeaponRow(w, false)))
  }
  it('Destroy objective profile (module-rules.html#objectives)', () => {
    expect(textOf(SOURCE_TEXT, DESTROY_OBJECTIVE.section)).toContain(`Defence: ${DESTROY_OBJECTIVE.defence}+, Toughness: ${DESTROY_OBJECTIVE.toughness}, Hit Points: ${DESTROY_OBJECTIVE.hitPoints}`)
  })
  it('pre-built ships carry their fleet weapons and count as Vehicles in the engine catalogue', () => {
    const p = squadrons.catalogue.profiles['tie-bomber']
    expect(p?.weapons).toEqual(['energy-cannons', 'heavy-concussion-missiles'])
    expect((p?.stats as { specialRules: string[] }).specialRules).toContain('Vehicle')
    expect((squadrons.catalogue.profiles['x-wing-starfighter']?.stats as { specialRules: string[] }).specialRules).toContain('Shields')
  })
})
