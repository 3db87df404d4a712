// Squadrons ambiguities as named options (house style 6). Each has a default, the section it
// comes from and why. Core options (measurement, LoS classes, Platform...) come from the Cadence core.

import type { CadenceOptionDecl } from '../index.ts'

const RULES = 'squadrons/module-rules.html'
const BUILD = 'squadrons/building-a-squadron.html'

export const SQUADRONS_OPTIONS = [
  {
    name: 'pivotMaxDeg', values: ['45', 'free'], default: '45', section: `${RULES}#ship-movement`,
    note: '"may only make 1 pivot per action" does not restate the angle; ships are Vehicles, whose pivots are "up to 45 degrees" (core-rules/advanced-rules.html#vehicle-movement-restrictions).',
  },
  {
    name: 'forcedFullMove', type: 'boolean', default: true, section: `${RULES}#ship-movement`,
    note: '"you must also move the maximum distance allowed": a Move/Advance that ends short is illegal unless a base stops it.',
  },
  {
    name: 'obscuringTest', values: ['any-sightline', 'all-sightlines'], default: 'any-sightline', section: `${RULES}#obscuring`,
    note: '"cannot target an enemy ship if any line of sight can be drawn between them that passes through Obscuring terrain": literal, one crossing sightline (between any points of the two bases) forbids the attack.',
  },
  {
    name: 'kineticPiercing', values: ['set-to-minus-one', 'minus-one'], default: 'set-to-minus-one', section: `${RULES}#weapon-special-rules`,
    note: '"counts their Piercing attribute as -1 against a ship with Shields": literal, Piercing becomes -1 (the Defence roll gets +1). minus-one: Piercing is reduced by 1.',
  },
  {
    name: 'shieldActiveAtFullHp', type: 'boolean', default: true, section: `${RULES}#weapon-special-rules`,
    note: '"while the effect of the shield is active": Shields works "while this model has it\'s full Hit Points" (core appendix). false: Kinetic applies whenever the target has Shields.',
  },
  {
    name: 'weaponsCountAsUpgrades', type: 'boolean', default: true, section: `${BUILD}#custom-ships`,
    note: 'Whether weapons count toward "5 or more upgrades" and the Command "*" multiplier. With true, 14 of the 15 pre-built ships reproduce their printed cost (the A-Wing does not under either reading).',
  },
  {
    name: 'surchargeStacks', type: 'boolean', default: false, section: `${BUILD}#custom-ships`,
    note: '"5 or more ... adds 10 points and ... 7 or more adds 15 points": default one surcharge (15 replaces 10), which the TIE Silencer (8 items, 83 pts) confirms.',
  },
  {
    name: 'boostOnAdvance', values: ['advance', 'either'], default: 'advance', section: `${RULES}#unit-special-rules`,
    note: 'Boost: "makes a Move and Advance action and does not pivot it may add up to 3 inches to it\'s movement" - which action gets the inches is not said; default the Advance (the condition is only known once both are made). "up to" makes the extra 0-3" optional despite the forced full move.',
  },
  {
    name: 'weakSpotRear', type: 'boolean', default: true, section: 'core-rules/advanced-rules.html#vehicles-and-attacks',
    note: 'Ships count as Vehicles, and vehicles have Weak Spot (Rear) "unless otherwise stated"; Squadrons does not state otherwise.',
  },
  {
    name: 'shipsHavePlatform2', type: 'boolean', default: true, section: 'core-rules/advanced-rules.html#vehicles-and-attacks',
    note: 'Ships count as Vehicles, and "Unless otherwise stated, a vehicle has the Platform (2)" rule; yet Squadrons sells "Weapon Platform: Platform (1)" for 9 points, which only makes sense if ships lack Platform (2). Default literal (true); false gives ships Platform only when bought. Informational: an attack query resolves one weapon at a time.',
  },
  {
    name: 'moveToleranceMm', type: 'number', default: 1, section: `${RULES}#ship-movement`,
    note: 'A forced full-distance move or the exact 2" of the 180° Advance is accepted within this many mm (plus twice the tracked position uncertainty); the book measures with a ruler.',
  },
] as const satisfies readonly CadenceOptionDecl[]
