// Respawn's planning queries (issue 32): the core's, with Energy Barriers and smoke "clear terrain for
// the purposes of movement" (module-rules.html#energy-barriers, #smoke) and Bulwark's "can no longer
// make Advance actions" (creating-your-team.html heavy perks).
import type { Table, TableModel, TableTerrain } from '../../../engine/index.ts'
import type { CadencePlanning } from '../index.ts'
import { RESPAWN_SECTIONS } from './rules.ts'

const clearForMovement = (t: TableTerrain) => t.type === 'energy-barrier' || t.type === 'smoke' || t.has('energy-barrier')

export function respawnPlanning(view: (table: Table, m: TableModel) => { upgrades: readonly string[] }): CadencePlanning {
  return {
    clearForMovement,
    refuse: (table, m, mode) => ((mode === 'advance' || mode === 'move-advance') && view(table, m).upgrades.includes('bulwark')
      ? { code: 'bulwark-no-advance', rule: RESPAWN_SECTIONS.heavyPerks, reason: `${m.id} has Bulwark and can no longer make Advance actions` }
      : null),
  }
}
