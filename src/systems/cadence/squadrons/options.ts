// Squadrons ambiguities as named options (house style 6). Each has a default, the section it
// comes from and why. Core options (measurement, LoS classes, Platform...) come from the Cadence core.

export interface GameOption {
  readonly name: string
  readonly values: readonly (string | number | boolean)[]
  readonly default: string | number | boolean
  readonly section: string
  readonly note: string
}

const RULES = 'squadrons/module-rules.html'
const BUILD = 'squadrons/building-a-squadron.html'

export const SQUADRONS_OPTIONS = {
  pivotMaxDeg: {
    name: 'pivotMaxDeg', values: [45, 'free'], default: 45, section: `${RULES}#ship-movement`,
    note: '"may only make 1 pivot per action" does not restate the angle; ships are Vehicles, whose pivots are "up to 45 degrees" (core-rules/advanced-rules.html#vehicle-movement-restrictions).',
  },
  forcedFullMove: {
    name: 'forcedFullMove', values: [true, false], default: true, section: `${RULES}#ship-movement`,
    note: '"you must also move the maximum distance allowed": a Move/Advance that ends short is illegal unless a base stops it.',
  },
  closeRangePenalty: {
    name: 'closeRangePenalty', values: [true, false], default: true, section: `${RULES}#ship-attacks`,
    note: 'Squadrons removes the forced target ("may choose any enemy ship") but says nothing about the Close Range Penalty; no ship weapon has Assault, so the core penalty (hit only on 6 within 3") applies unless switched off.',
  },
  fixedCorridor: {
    name: 'fixedCorridor', values: ['base-width', 'centre-line'], default: 'base-width', section: 'core-rules/special-rules-appendix.html#weapon-special-rules',
    note: 'Fixed: "directly in the path of this model\'s forward facing". Default: the strip the attacker\'s base sweeps straight ahead; any part of the target base inside it counts. centre-line: the forward ray from the base centre must cross the target base.',
  },
  otherShipsBlock: {
    name: 'otherShipsBlock', values: ['core', 'ignore'], default: 'core', section: `${RULES}#ship-attacks`,
    note: '"These lines are treated the same as the sight lines you would use when looking through a model": other ships\' bases obscure as in the core (partly hidden by another unit = blocked). ignore: only Obscuring terrain matters.',
  },
  obscuringTest: {
    name: 'obscuringTest', values: ['any-sightline', 'all-sightlines'], default: 'any-sightline', section: `${RULES}#obscuring`,
    note: '"cannot target an enemy ship if any line of sight can be drawn between them that passes through Obscuring terrain": literal, one crossing sightline (between any points of the two bases) forbids the attack.',
  },
  kineticPiercing: {
    name: 'kineticPiercing', values: ['set-to-minus-one', 'minus-one'], default: 'set-to-minus-one', section: `${RULES}#weapon-special-rules`,
    note: '"counts their Piercing attribute as -1 against a ship with Shields": literal, Piercing becomes -1 (the Defence roll gets +1). minus-one: Piercing is reduced by 1.',
  },
  shieldActiveAtFullHp: {
    name: 'shieldActiveAtFullHp', values: [true, false], default: true, section: `${RULES}#weapon-special-rules`,
    note: '"while the effect of the shield is active": Shields works "while this model has it\'s full Hit Points" (core appendix). false: Kinetic applies whenever the target has Shields.',
  },
  weaponsCountAsUpgrades: {
    name: 'weaponsCountAsUpgrades', values: [true, false], default: true, section: `${BUILD}#custom-ships`,
    note: 'Whether weapons count toward "5 or more upgrades" and the Command "*" multiplier. With true, 14 of the 15 pre-built ships reproduce their printed cost (the A-Wing does not under either reading).',
  },
  surchargeStacks: {
    name: 'surchargeStacks', values: [false, true], default: false, section: `${BUILD}#custom-ships`,
    note: '"5 or more ... adds 10 points and ... 7 or more adds 15 points": default one surcharge (15 replaces 10), which the TIE Silencer (8 items, 83 pts) confirms.',
  },
  boostOnAdvance: {
    name: 'boostOnAdvance', values: ['advance', 'either'], default: 'advance', section: `${RULES}#unit-special-rules`,
    note: 'Boost: "makes a Move and Advance action and does not pivot it may add up to 3 inches to it\'s movement" - which action gets the inches is not said; default the Advance (the condition is only known once both are made). "up to" makes the extra 0-3" optional despite the forced full move.',
  },
  weakSpotRear: {
    name: 'weakSpotRear', values: [true, false], default: true, section: 'core-rules/advanced-rules.html#vehicles-and-attacks',
    note: 'Ships count as Vehicles, and vehicles have Weak Spot (Rear) "unless otherwise stated"; Squadrons does not state otherwise.',
  },
} as const satisfies Record<string, GameOption>
