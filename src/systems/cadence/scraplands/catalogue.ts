// Scraplands data, transcribed from the Cadence site (seeds/002_813aaf8215c2729d.txt).
// Citations are `page#anchor`. Weapon columns are printed Rng Att Dmg Prc (Damage before Piercing).
// Skill/Defence are stored as the target number (5 means "5+"). Costs are in credits.

import type { CadenceModelProfile, CadenceUpgrade, CadenceWeaponProfile } from '../index.ts'
import { kebab } from '../index.ts'

const TEAM = 'scraplands/building-a-team.html'
const RULES = 'scraplands/module-rules.html'


const car = (
  name: string, command: number, movementInches: number, skill: number, defence: number, toughness: number,
  hitPoints: number, specialRules: readonly string[], points: number,
): CadenceModelProfile => ({
  id: kebab(name), name, section: `${TEAM}#cars`, command, movementInches, skill, defence, toughness, hitPoints, specialRules, points,
  note: 'points = credits',
})

/** "Car Cmd Mov Skl Def Tgh HP Special Rules Cost" */
export const CARS: readonly CadenceModelProfile[] = [
  car('Wreck', 6, 5, 5, 4, 3, 4, ['Ramshackle'], 140),
  car('Runner', 6, 5, 5, 3, 4, 5, [], 160),
  car('Hotrod', 6, 6, 5, 3, 4, 5, ['Fast'], 215),
  car('Buggy', 6, 5, 5, 4, 4, 4, ['Off-road'], 150),
  car('Truck', 6, 4, 5, 3, 5, 6, ['Sturdy'], 250),
]

const wp = (
  name: string, rangeInches: number, attacks: number, damage: number, piercing: number,
  specialRules: readonly string[], points: number,
): CadenceWeaponProfile => ({ id: kebab(name), name, section: `${TEAM}#weapons`, rangeInches, attacks, damage, piercing, specialRules, points })

/** "Weapon Rng Att Dmg Prc Special Rules Cost" */
export const CAR_WEAPONS: readonly CadenceWeaponProfile[] = [
  wp('Light Machine Gun', 10, 5, 3, 0, ['Arc (Front)'], 20),
  wp('Twin Light Machine Guns', 10, 5, 3, 0, ['Accurate', 'Arc (Front)'], 25),
  wp('Heavy Machine Gun', 12, 5, 4, 1, ['Arc (Front)'], 40),
  wp('Twin Heavy Machine Guns', 12, 5, 4, 1, ['Accurate', 'Arc (Front)'], 60),
  wp('Heavy Cannon', 12, 3, 5, 1, ['Arc (Front)', 'Rending (1)'], 55),
  wp('Minigun', 12, 8, 4, 1, ['Arc (Front)', 'Volley'], 90),
  wp('Rocket Launcher', 12, 4, 6, 3, ['Arc (Front)', 'Disrupt', 'Destructive (2)'], 115),
  wp('Flamethrower', 3, 6, 3, 0, ['Arc (Front)', 'Torrent', 'Disrupt'], 55),
  wp('Caltrops', 3, 3, 3, 0, ['Arc (Rear)', 'Disrupt'], 10),
]

const ug = (name: string, effect: string, points: number): CadenceUpgrade => ({ id: kebab(name), name, section: `${TEAM}#upgrades`, effect, points })

/** "Upgrades Benefit Cost" (benefits quoted, typos included). */
export const CAR_UPGRADES: readonly CadenceUpgrade[] = [
  ug('Built to last', 'Gain the Resilient Special Rule (Re-roll failed Defence Rolls)', 50),
  ug('Armour Plates', 'Increase the cars Toughness by 1.', 50),
  ug('Elite Driver', "Improve the cars Skill attribute to 4+.", 45),
  ug('Ram', 'When this car collides with an enemy car while moving forward that car takes 1 additonal control check.', 20),
  ug('Spikes', 'Cars that must take a control check for collisions with this car take d6+1 hits instead of d6.', 20),
  ug('Turret', 'One per car only. Remove the Arc (Front) special rule from one weapon on this car.', 55),
  ug('Boost', 'One use only. This car adds 2d6 inches to its Movement during a move action.', 20),
  ug('Drift', 'This car may move up to 8 inches directly forward, following the rules for a Move action, then make a single 90 degree pivot at the end of the movement. This action costs 1 Command Point and must be taken immediately after a Move Action.', 20),
  ug('J-Turn', 'This car moves backwards 3 inches then rotates 180 degrees. This counts as taking a Move action and costs 1 Command Point.', 10),
]

/** Team-building numbers (building-a-team.html). */
export const TEAM_BUILDING = {
  section: TEAM,
  typicalCars: [3, 6] as const,
  creditsPerCar: 250,
  sharedCreditsPerCar: 100,
} as const

/** The module's numbers, with their sections. */
export const SCRAPLANDS_RULES = {
  tableFeetMin: { value: [3, 3] as const, section: `${RULES}#playing-scraplands` },
  /** "it may add d6 inches to its Movement attribute if it makes no pivots" */
  moveBonusDice: { value: 1, section: `${RULES}#car-movement` },
  /** "A car's Movement is reduced to 2 inches when moving backward." */
  backwardMovementInches: { value: 2, section: `${RULES}#car-movement` },
  /** "roll 3d6 and take the two highest rolls as your Movement attribute" */
  advanceDice: { value: 3, keep: 2, section: `${RULES}#car-movement` },
  /** Control check failure = "a hit from a Damage 4 weapon". */
  controlCheckDamage: { value: 4, section: `${RULES}#control-checks` },
  rampLaunchDice: { value: 2, section: `${RULES}#ramps` },
  driftMaxInches: { value: 8, section: `${TEAM}#upgrades` },
  driftPivotDeg: { value: 90, section: `${TEAM}#upgrades` },
  jTurnBackInches: { value: 3, section: `${TEAM}#upgrades` },
  jTurnRotateDeg: { value: 180, section: `${TEAM}#upgrades` },
  boostDice: { value: 2, section: `${TEAM}#upgrades` },
} as const

/** Race placing points (missions.html). */
export const SCRAPLANDS_MISSIONS = {
  placePoints: { value: [13, 10, 8, 6] as const, section: 'scraplands/missions.html#primary-objectives' },
  laps: { value: 2, section: 'scraplands/missions.html#battlefield' },
} as const
