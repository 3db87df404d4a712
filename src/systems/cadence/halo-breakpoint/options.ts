// Halo: Breakpoint ambiguities as named options (house style 6).

import type { CadenceOptionDecl } from '../index.ts'

const COV = 'halo-breakpoint/army-lists/covenant-army-list.html'
const RULES = 'halo-breakpoint/module-rules.html'

export const HALO_OPTIONS = [
  {
    name: 'hunterWeakSpotArc', values: ['rear', 'front', 'left', 'right', 'none'], default: 'rear', section: `${COV}#hunter`,
    note: 'The Hunter profile prints "Weak Spot" with no arc. Default Rear, the arc the core gives vehicles (core-rules/advanced-rules.html#vehicles-and-attacks).',
  },
  {
    name: 'hunterChargeTargets', values: ['moved-over', 'moved-over-or-contacted'], default: 'moved-over', section: `${COV}#hunter`,
    note: '"make a free Attack Action against every model that this model moved over": literal, only models whose bases the charging base passed over; a model merely touched at the end is not attacked.',
  },
  {
    name: 'hunterChargeFriends', values: ['attacked', 'spared'], default: 'attacked', section: `${COV}#hunter`,
    note: '"a free Attack Action against every model that this model moved over": literally every model, friends included (attacked); spared leaves friendly models out.',
  },
  {
    name: 'vehicleRamTrigger', values: ['each-unit-contacted'], default: 'each-unit-contacted', section: `${RULES}#vehicle-ram`,
    note: '"may make a free attack action against any unit it comes into base contact with": one free Vehicle Ram attack per unit contacted during the move.',
  },
  {
    name: 'ramHeightLevel', values: ['model-level'], default: 'model-level', section: `${COV}#weapons`,
    note: 'Vehicle Ram attacks = "the number of models in the target unit on the same height level as the attacker": counted per model from each model\'s height level.',
  },
  {
    name: 'activeCamoDistance', values: ['closest-base'], default: 'closest-base', section: `${RULES}#special-rules`,
    note: '"an additional -1 for every full 12 inches of distance between the attacker and target": measured base to base like every Cadence distance; floor(d / 12").',
  },
  {
    name: 'gauntletOrigin', values: ['attacker-base-arc'], default: 'attacker-base-arc', section: `${COV}#upgrades`,
    note: '"when the attack originates in the models front arc": the attacking model\'s base, classified with the core front-most-arc priority (any part in the front arc = front).',
  },
  {
    name: 'gauntletPointsIncluded', type: 'boolean', default: true, section: `${COV}#jackal-infantry`,
    note: 'Jackal Infantry are "equipped with a Point Defence Gauntlet" yet the upgrade costs 4 points; default: the printed model cost includes it (army totals only).',
  },
] as const satisfies readonly CadenceOptionDecl[]
