// Every Respawn row checked against the printed (flattened) tables of the site index.
import { describe, expect, it } from 'vitest'
import { BIG_GUNS, CLASSES, RESPAWN_WEAPONS, STARTING_PROFILES } from '../../../../src/systems/cadence/respawn/catalogue.ts'
import { SOURCE_TEXT } from './sourceText.ts'
import { printedModelRow, printedWeaponRow, textOf } from '../squadrons/printedRows.ts'

const nameOf = (id: string): string => RESPAWN_WEAPONS.find((w) => w.id === id)?.name ?? (id === 'fusion-gladius' ? 'Fusion Gladius' : id)

describe('respawn catalogue = the printed tables', () => {
  for (const p of STARTING_PROFILES) it(`starting profile ${p.name}`, () => expect(textOf(SOURCE_TEXT, p.section)).toContain(printedModelRow(p, false)))
  for (const w of RESPAWN_WEAPONS) {
    const row = w.attacksDie ? printedWeaponRow({ ...w, attacks: 0 }, false).replace(`1" 0 `, `1" d6 `) : printedWeaponRow(w, false)
    it(`weapon ${w.name} (${w.section})`, () => expect(textOf(SOURCE_TEXT, w.section)).toContain(row))
  }
  BIG_GUNS.forEach((w, i) => {
    const dash = w.note?.includes('"-"')
    const rng = w.minRangeInches ? `${w.minRangeInches}-${w.rangeInches}"` : `${w.rangeInches}"`
    const row = `${i + 1} ${w.name} ${rng} ${w.attacks} ${dash ? '- -' : `${w.damage} ${w.piercing}`}`
    it(`Big Gun ${i + 1}: ${w.name}`, () => expect(textOf(SOURCE_TEXT, w.section)).toContain(row))
  })
  for (const c of CLASSES) {
    const anchor = c.id === 'assault' ? '' : `_${['scout', 'support', 'heavy'].indexOf(c.id) + 1}`
    for (const l of c.loadouts) {
      it(`${c.name} loadout ${l.name}`, () => expect(textOf(SOURCE_TEXT, `respawn/creating-your-team.html#weapon-loadouts${anchor}`)).toContain(`${l.name} ${nameOf(l.primary)} ${nameOf(l.secondary)}`))
    }
    for (const p of c.perks) it(`${c.name} perk ${p.name}`, () => expect(textOf(SOURCE_TEXT, `respawn/creating-your-team.html#perks${anchor}`)).toContain(`${p.name} `))
    for (const e of c.equipment) it(`${c.name} equipment ${e.name}`, () => expect(textOf(SOURCE_TEXT, `respawn/creating-your-team.html#equipment${anchor}`)).toContain(`${e.name} `))
  }
})
