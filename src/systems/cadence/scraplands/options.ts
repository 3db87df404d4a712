// Scraplands ambiguities as named options (house style 6).

import type { CadenceOptionDecl } from '../index.ts'

const RULES = 'scraplands/module-rules.html'
const TEAM = 'scraplands/building-a-team.html'

export const SCRAPLANDS_OPTIONS = [
  {
    name: 'spikes', values: ['no-effect'], default: 'no-effect', section: `${TEAM}#upgrades`,
    note: 'Spikes: "take d6+1 hits instead of d6" refers to a d6-hit collision rule the module never defines (collisions cause one control check, a single Damage 4 hit). Spikes is reported but changes nothing: giving it "d6 hits" would invent a collision rule the book does not have.',
  },
  {
    name: 'pivotLimit', values: ['vehicle', 'free'], default: 'vehicle', section: 'core-rules/advanced-rules.html#vehicle-movement-restrictions',
    note: 'Cars are Vehicles: up to 2 pivots of up to 45 degrees per Move/Advance, at least 1" apart. Drift (90) and J-Turn (180) exceed this by their own text.',
  },
  {
    name: 'collisionContact', values: ['touch'], default: 'touch', section: `${RULES}#car-movement`,
    note: '"If at any point during your move you move into base contact with another car your movement ends": the car stops where the bases first touch.',
  },
  {
    name: 'arenaRounds', type: 'number', default: 5, section: 'scraplands/missions.html#arena-battle',
    note: 'Arena Battle gives no round count: the core default of 5 rounds (core-rules/playing-a-game.html#rounds). Informational: no query reads the round.',
  },
  {
    name: 'rampLandingClearance', values: ['base-overlap'], default: 'base-overlap', section: `${RULES}#ramps`,
    note: '"If the car cannot be placed due to solid terrain it is removed": the car is wrecked when its base at the landing point overlaps solid terrain or leaves the table.',
  },
  {
    name: 'moveToleranceMm', type: 'number', default: 0, section: `${RULES}#car-movement`,
    note: 'How many mm past an allowance a car move is still accepted (plus twice the tracked position uncertainty). The book gives none: "A car\'s Movement is reduced to 2 inches when moving backward" means 2", so the default is 0; a group that measures with a ruler may allow 1 mm. It also widens the dice odds (allowance.reach) and the J-Turn\'s "backwards 3 inches".',
  },
] as const satisfies readonly CadenceOptionDecl[]
