// Every Scraplands row checked against the printed (flattened) tables of the site index.
import { describe, expect, it } from 'vitest'
import { CARS, CAR_UPGRADES, CAR_WEAPONS } from '../../../../src/systems/cadence/scraplands/catalogue.ts'
import { scraplands } from '../../../../src/systems/cadence/scraplands/index.ts'
import { SOURCE_TEXT } from './sourceText.ts'
import { printedModelRow, printedWeaponRow, textOf } from '../squadrons/printedRows.ts'

describe('scraplands catalogue = the printed tables', () => {
  for (const c of CARS) it(`car ${c.name} (${c.section})`, () => expect(textOf(SOURCE_TEXT, c.section)).toContain(printedModelRow(c)))
  for (const w of CAR_WEAPONS) it(`weapon ${w.name} (${w.section})`, () => expect(textOf(SOURCE_TEXT, w.section)).toContain(printedWeaponRow(w)))
  for (const u of CAR_UPGRADES) it(`upgrade ${u.name} (${u.section})`, () => expect(textOf(SOURCE_TEXT, u.section)).toContain(`${u.name} ${u.effect} ${u.points}`))
  it('every weapon but Caltrops is Arc (Front); Caltrops are Arc (Rear)', () => {
    for (const w of CAR_WEAPONS) expect(w.specialRules).toContain(w.id === 'caltrops' ? 'Arc (Rear)' : 'Arc (Front)')
  })
  it('cars count as Vehicles in the engine catalogue (module-rules.html#playing-scraplands)', () => {
    for (const c of CARS) expect((scraplands.catalogue.profiles[c.id]?.stats as { specialRules: string[] }).specialRules).toContain('Vehicle')
  })
})
