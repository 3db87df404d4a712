// Core catalogue: the core rules print no unit or weapon profiles (each game supplies them), only the
// universal special rules. A scene on the bare core gives its stats inline (model.stats / weapons).
import type { CadenceCatalogue } from './types.ts'
import { coreSpecialRules } from './specialRulesText.ts'

export const coreCatalogue: CadenceCatalogue = {
  models: [],
  weapons: [],
  upgrades: [],
  specialRules: coreSpecialRules,
}
