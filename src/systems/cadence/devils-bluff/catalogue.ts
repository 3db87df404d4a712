// Devil's Bluff catalogue: gang models, weapons, special weapons, upgrades and module special rules.
import type { CadenceCatalogue } from '../index.ts'
import { devilsBluffModels, devilsBluffWeapons } from './profiles.ts'
import { devilsBluffSpecialRules, devilsBluffUpgrades } from './upgrades.ts'

export const devilsBluffCatalogue: CadenceCatalogue = {
  models: devilsBluffModels,
  weapons: devilsBluffWeapons,
  upgrades: devilsBluffUpgrades,
  specialRules: devilsBluffSpecialRules,
}
