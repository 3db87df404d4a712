// Every Halo: Breakpoint row checked against the printed (flattened) tables of the site index.
import { describe, expect, it } from 'vitest'
import { COVENANT_WEAPONS, HALO_MODELS, POINT_DEFENCE_GAUNTLET, UNSC_WEAPONS } from '../../../../src/systems/cadence/halo-breakpoint/catalogue.ts'
import { haloBreakpoint } from '../../../../src/systems/cadence/halo-breakpoint/index.ts'
import { SOURCE_TEXT } from './sourceText.ts'
import { printedModelRow, printedWeaponRow, textOf } from '../squadrons/printedRows.ts'

/** Rows the tables print differently from a plain row (typos, modes, the X and * columns). */
const PRINTED_AS: Record<string, string> = {
  'm247-machine-gun': 'M247 Machine Gun 24" 4 3 1 Heavy, Deployable, Rapid Fie (1) 6',
  'melee-strike-6': 'Melee Strike (X) 1" 3 X 1 Assault 0',
  'melee-strike-5': 'Melee Strike (X) 1" 3 X 1 Assault 0',
  'vehicle-ram': 'Vehicle Ram 1" * 4 1 Assault, Rending (2) 0',
  'plasma-pistol': 'Plasma Pistol 0 - Standard 10" 3 3 1 Assault, Plasma',
  'plasma-pistol-overcharge': 'Overcharge 10" 2 5 1 Heavy, Plasma, Rending (1)',
}

describe('halo-breakpoint catalogue = the printed tables', () => {
  for (const m of HALO_MODELS) it(`${m.unit}: ${m.name} (${m.section})`, () => expect(textOf(SOURCE_TEXT, m.section)).toContain(printedModelRow(m)))
  for (const w of [...UNSC_WEAPONS, ...COVENANT_WEAPONS]) {
    it(`weapon ${w.name} (${w.section})`, () => expect(textOf(SOURCE_TEXT, w.section)).toContain(PRINTED_AS[w.id] ?? printedWeaponRow(w)))
  }
  it('Point Defence Gauntlet upgrade', () => expect(textOf(SOURCE_TEXT, POINT_DEFENCE_GAUNTLET.section)).toContain(`${POINT_DEFENCE_GAUNTLET.name} ${POINT_DEFENCE_GAUNTLET.effect} ${POINT_DEFENCE_GAUNTLET.points}`))
  it('units carry their default weapons (e.g. the Hunter: Assault Cannon and Hunter Combat Shield)', () => {
    expect(haloBreakpoint.catalogue.profiles['hunter']?.weapons).toEqual(['assault-cannon', 'hunter-combat-shield'])
    expect(haloBreakpoint.catalogue.profiles['warthog']?.weapons).toContain('vehicle-ram')
  })
})
