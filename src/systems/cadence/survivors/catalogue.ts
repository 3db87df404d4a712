// Survivors catalogue: survivor models, the zombie, ranged and melee weapons, upgrades and special rules.
import type { CadenceCatalogue } from '../index.ts'
import { survivorsModels, survivorsWeapons } from './profiles.ts'
import { survivorsSpecialRules, survivorsUpgrades } from './upgrades.ts'

export const survivorsCatalogue: CadenceCatalogue = {
  models: survivorsModels,
  weapons: survivorsWeapons,
  upgrades: survivorsUpgrades,
  specialRules: survivorsSpecialRules,
}
