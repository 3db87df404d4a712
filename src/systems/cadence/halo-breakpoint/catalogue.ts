// Halo: Breakpoint data, transcribed from the Cadence site (seeds/002_813aaf8215c2729d.txt).
// Citations are `page#anchor`. Weapon columns are printed Rng Att Dmg Prc (Damage before Piercing).
// Skill/Defence are stored as the target number (4 means "4+").

import type { CadenceModelProfile, CadenceUpgrade, CadenceWeaponProfile } from '../index.ts'
import { kebab } from '../index.ts'

/** A Halo model row plus the default weapons its unit entry lists. */
export type HaloModel = CadenceModelProfile & { readonly unit: string; readonly points: number; readonly weapons: readonly string[] }

export interface HaloUnit {
  readonly id: string
  readonly name: string
  readonly section: string
  readonly category: 'standard' | 'specialist'
  readonly models: readonly [number, number]
  readonly composition: string
}

const UNSC = 'halo-breakpoint/army-lists/unsc-army-list.html'
const COV = 'halo-breakpoint/army-lists/covenant-army-list.html'
const RULES = 'halo-breakpoint/module-rules.html'


const m = (
  page: string, anchor: string, unit: string, name: string, command: number, movementInches: number, skill: number,
  defence: number, toughness: number, hitPoints: number, specialRules: readonly string[], points: number,
  weapons: readonly string[], id = kebab(name),
): HaloModel => ({
  id, name, section: `${page}#${anchor}`, unit, command, movementInches, skill, defence, toughness, hitPoints, specialRules, points, weapons,
  army: page === UNSC ? 'unsc' : 'covenant',
})

/** "Model Cmd Mov Skl Def Tgh HP Special Rules Points" rows, both lists. */
export const HALO_MODELS: readonly HaloModel[] = [
  m(UNSC, 'unsc-marines', 'UNSC Marines', 'Marine Sergeant', 3, 6, 4, 5, 3, 1, ['Officer'], 8, ['m6-pistol', 'm9-grenade']),
  m(UNSC, 'unsc-marines', 'UNSC Marines', 'Marine', 3, 6, 4, 5, 3, 1, [], 7, ['ma5-assault-rifle', 'm9-grenade']),
  m(UNSC, 'odst-combat-team', 'ODST Combat Team', 'ODST Sergeant', 4, 6, 3, 4, 3, 2, ['Officer'], 19, ['m7-smg', 'm9-grenade']),
  m(UNSC, 'odst-combat-team', 'ODST Combat Team', 'ODST', 4, 6, 3, 4, 3, 2, [], 18, ['m7-smg', 'm9-grenade']),
  m(UNSC, 'odst-air-assault-team', 'ODST Air Assault Team', 'ODST Sergeant', 4, 6, 3, 4, 3, 2, ['Jetpack', 'Officer'], 23, ['ma5-assault-rifle', 'm9-grenade'], 'odst-air-assault-sergeant'),
  m(UNSC, 'odst-air-assault-team', 'ODST Air Assault Team', 'ODST', 4, 6, 3, 4, 3, 2, ['Jetpack'], 22, ['ma5-assault-rifle', 'm9-grenade'], 'odst-air-assault'),
  m(UNSC, 'spartan-ii-iv', 'Spartan II / IV', 'Spartan II / IV', 6, 7, 3, 2, 5, 4, ['Shields'], 80, ['ma5-assault-rifle', 'm6-pistol', 'm9-grenade', 'melee-strike-6']),
  m(UNSC, 'spartan-iii', 'Spartan III', 'Spartan III', 5, 7, 3, 3, 5, 3, ['Active Camo'], 65, ['ma5-assault-rifle', 'm6-pistol', 'm9-grenade', 'melee-strike-6']),
  m(UNSC, 'unsc-marine-weapons-team', 'UNSC Marine Weapons Team', 'Marine', 3, 6, 4, 5, 3, 1, [], 8, ['m6-pistol', 'm9-grenade'], 'weapons-team-marine'),
  m(UNSC, 'warthog', 'Warthog', 'Warthog', 4, 8, 4, 3, 5, 5, ['Vehicle'], 120, ['vulcan-chaingun', 'vehicle-ram']),
  m(COV, 'elite-infantry', 'Elite Infantry', 'Elite Infantry Minor', 4, 6, 3, 4, 4, 2, ['Shields'], 23, ['plasma-rifle', 'plasma-grenade', 'melee-strike-5']),
  m(COV, 'grunt-infantry', 'Grunt Infantry', 'Grunt Infantry Minor', 3, 5, 4, 5, 3, 1, ['Panic'], 7, ['plasma-pistol', 'plasma-grenade']),
  m(COV, 'grunt-infantry-commander', 'Grunt Infantry Commander', 'Grunt Infantry Ultra', 4, 5, 3, 5, 3, 3, [], 12, ['plasma-pistol', 'plasma-grenade']),
  m(COV, 'grunt-infantry-commander', 'Grunt Infantry Commander', 'Grunt Infantry Major', 4, 5, 3, 5, 3, 3, [], 9, ['plasma-pistol', 'plasma-grenade']),
  m(COV, 'grunt-spec-ops', 'Grunt Spec Ops', 'Grunt Spec Ops Ultra', 4, 5, 3, 4, 3, 2, ['Officer'], 16, ['plasma-pistol', 'plasma-grenade']),
  m(COV, 'grunt-spec-ops', 'Grunt Spec Ops', 'Grunt Spec Ops', 4, 5, 3, 4, 3, 2, [], 15, ['plasma-pistol', 'plasma-grenade']),
  m(COV, 'jackal-infantry', 'Jackal Infantry', 'Jackal Infantry Major', 3, 6, 4, 6, 3, 1, ['Officer'], 7, ['plasma-pistol']),
  m(COV, 'jackal-infantry', 'Jackal Infantry', 'Jackal Infantry Minor', 3, 6, 4, 6, 3, 1, [], 6, ['plasma-pistol']),
  m(COV, 'elite-infantry-commander', 'Elite Infantry Commander', 'Elite Infantry Ultra', 5, 6, 3, 4, 5, 4, ['Officer', 'Shields'], 36, ['plasma-rifle', 'plasma-grenade', 'melee-strike-6']),
  m(COV, 'elite-infantry-commander', 'Elite Infantry Commander', 'Elite Infantry Major', 4, 6, 3, 4, 4, 3, ['Officer', 'Shields'], 26, ['plasma-rifle', 'plasma-grenade', 'melee-strike-6']),
  m(COV, 'jackal-snipers', 'Jackal Snipers', 'Jackal Sniper', 3, 6, 3, 6, 3, 1, [], 10, ['covenant-carbine']),
  m(COV, 'grunt-heavy', 'Grunt Heavy', 'Grunt Heavy', 4, 5, 4, 5, 4, 1, [], 8, ['fuel-rod-gun']),
  // Printed "Weak Spot" with no arc: the arc is the option `hunterWeakSpotArc`.
  m(COV, 'hunter', 'Hunter', 'Hunter', 4, 6, 4, 2, 8, 6, ['Weak Spot', 'Valuable Asset (1)'], 58, ['assault-cannon', 'hunter-combat-shield']),
]

/** Jackal Infantry carry the Point Defence Gauntlet ("equipped with a Point Defence Gauntlet"). */
export const GAUNTLET_CARRIERS: readonly string[] = ['jackal-infantry-major', 'jackal-infantry-minor']

const u = (page: string, anchor: string, name: string, category: HaloUnit['category'], models: readonly [number, number], composition: string): HaloUnit => ({
  id: kebab(name), name, section: `${page}#${anchor}`, category, models, composition,
})
export const HALO_UNITS: readonly HaloUnit[] = [
  u(UNSC, 'unsc-marines', 'UNSC Marines', 'standard', [3, 5], 'One Marine may be upgraded to a Marine Sergeant.'),
  u(UNSC, 'odst-combat-team', 'ODST Combat Team', 'standard', [3, 5], 'One ODST may be replaced with an ODST Sergeant.'),
  u(UNSC, 'odst-air-assault-team', 'ODST Air Assault Team', 'standard', [3, 5], 'One ODST may be replaced with an ODST Sergeant.'),
  u(UNSC, 'spartan-ii-iv', 'Spartan II / IV', 'specialist', [1, 1], '1 Spartan II or IV.'),
  u(UNSC, 'spartan-iii', 'Spartan III', 'specialist', [1, 1], '1 Spartan III.'),
  u(UNSC, 'unsc-marine-weapons-team', 'UNSC Marine Weapons Team', 'specialist', [2, 2], 'One Marine: M6 Pistol + M9 Grenades; the other: M41, SRS99 or M247.'),
  u(UNSC, 'warthog', 'Warthog', 'specialist', [1, 1], 'Only 1 Warthog per army. Vulcan "Chaingun" or M79 MRLS (sic).'),
  u(COV, 'elite-infantry', 'Elite Infantry', 'standard', [2, 3], 'Elite Infantry Minors.'),
  u(COV, 'grunt-infantry', 'Grunt Infantry', 'standard', [3, 5], 'Grunt Infantry Minors.'),
  u(COV, 'grunt-infantry-commander', 'Grunt Infantry Commander', 'standard', [1, 1], '1 per Grunt Infantry unit; a Major or an Ultra.'),
  u(COV, 'grunt-spec-ops', 'Grunt Spec Ops', 'standard', [3, 5], 'One may be a Spec Ops Ultra; one may take a Fuel Rod Gun.'),
  u(COV, 'jackal-infantry', 'Jackal Infantry', 'standard', [3, 5], 'One Minor may be a Major.'),
  u(COV, 'elite-infantry-commander', 'Elite Infantry Commander', 'specialist', [1, 1], '1 per Elite Infantry unit; a Major or an Ultra.'),
  u(COV, 'jackal-snipers', 'Jackal Snipers', 'specialist', [2, 3], 'Carbine, Needle Rifle or Beam Rifle.'),
  u(COV, 'grunt-heavy', 'Grunt Heavy', 'specialist', [1, 1], '1 per Grunt Infantry unit.'),
  u(COV, 'hunter', 'Hunter', 'specialist', [1, 1], 'Hunters must always be taken in twos, each its own unit.'),
]

const wpn = (
  page: string, name: string, rangeInches: number, attacks: number, damage: number, piercing: number,
  specialRules: readonly string[], points: number, note?: string, id = kebab(name),
): CadenceWeaponProfile => ({
  id, name, section: `${page}#weapons`, rangeInches, attacks, damage, piercing, specialRules, points,
  army: page === UNSC ? 'unsc' : 'covenant', ...(note === undefined ? {} : { note }),
})

/** "Human Weapons Rng Att Dmg Prc Special Rules Points" */
const RAM_NOTE = 'Att printed "*": the number of models in the target unit on the same height level as the attacker (computed per attack)'

export const UNSC_WEAPONS: readonly CadenceWeaponProfile[] = [
  wpn(UNSC, 'BR55 Service Rifle', 20, 4, 4, 1, [], 1),
  // Printed "Rapid Fie (1)": a typo for Rapid Fire (1).
  wpn(UNSC, 'M247 Machine Gun', 24, 4, 3, 1, ['Heavy', 'Deployable', 'Rapid Fire (1)'], 6),
  wpn(UNSC, 'M41 Rocket Launcher', 24, 3, 5, 2, ['Blast (1)', 'Destructive (2)', 'Heavy'], 5),
  wpn(UNSC, 'M6 Pistol', 8, 2, 4, 2, ['Assault'], 0),
  wpn(UNSC, 'M7 SMG', 16, 5, 3, 0, [], 0),
  wpn(UNSC, 'M79 MLRS', 16, 4, 5, 1, ['Blast (2)', 'Indirect', 'Shred'], 8),
  wpn(UNSC, 'M9 Grenade', 8, 3, 6, 2, ['Blast (1)', 'Grenade', 'Indirect'], 1),
  wpn(UNSC, 'M90 Shotgun', 8, 3, 5, 1, ['Destructive (2)'], 2),
  wpn(UNSC, 'MA5 Assault Rifle', 16, 4, 4, 0, [], 0),
  wpn(UNSC, 'Melee Strike (6)', 1, 3, 6, 1, ['Assault'], 0, 'printed as Melee Strike (X) in both lists; X = 6 for Spartans and Elite Infantry Commanders'),
  wpn(UNSC, 'SRS99 Sniper Rifle', 28, 1, 6, 2, ['Accurate', 'Destructive (3)'], 4),
  wpn(UNSC, 'Twin M7 SMG', 16, 8, 3, 0, ['Assault'], 1),
  wpn(UNSC, 'Vehicle Ram', 1, 0, 4, 1, ['Assault', 'Rending (2)'], 0, RAM_NOTE),
  wpn(UNSC, 'Vulcan "Chaingun"', 18, 4, 4, 2, ['Rapid Fire (2)', 'Rending (1)'], 10),
]

/** "Covenant Weapons Rng Att Dmg Prc Special Points" */
export const COVENANT_WEAPONS: readonly CadenceWeaponProfile[] = [
  wpn(COV, 'Assault Cannon', 20, 5, 5, 3, ['Blast (2)', 'Destructive (3)', 'Shred'], 12),
  wpn(COV, 'Beam Rifle', 28, 3, 5, 3, ['Accurate', 'Heavy'], 4),
  wpn(COV, 'Covenant Carbine', 20, 5, 3, 1, ['Plasma'], 1),
  wpn(COV, 'Energy Sword', 1, 4, 4, 4, ['Assault', 'Destructive (3)'], 5),
  wpn(COV, 'Fuel Rod Gun', 28, 3, 5, 3, ['Blast (2)', 'Destructive (3)', 'Heavy'], 7),
  wpn(COV, 'Hunter Combat Shield', 1, 4, 5, 2, ['Assault', 'Shred'], 0),
  wpn(COV, 'Melee Strike (5)', 1, 3, 5, 1, ['Assault'], 0, 'printed as Melee Strike (X) with X = 5 for Elite Infantry'),
  wpn(COV, 'Needle Rifle', 20, 4, 4, 0, ['Destructive (2)', 'Heavy'], 2),
  wpn(COV, 'Needler', 10, 5, 3, 0, ['Accurate', 'Destructive (2)'], 1),
  wpn(COV, 'Plasma Grenade', 8, 3, 5, 1, ['Blast (1)', 'Grenade', 'Plasma'], 0),
  // "Plasma Pistol 0 - Standard 10" 3 3 1 Assault, Plasma - - Overcharge 10" 2 5 1 Heavy, Plasma, Rending (1) -"
  wpn(COV, 'Plasma Pistol', 10, 3, 3, 1, ['Assault', 'Plasma'], 0),
  wpn(COV, 'Plasma Pistol - Overcharge', 10, 2, 5, 1, ['Heavy', 'Plasma', 'Rending (1)'], 0),
  wpn(COV, 'Plasma Rifle', 18, 5, 4, 0, ['Plasma'], 0),
]


/** The Covenant list's single upgrade. */
export const POINT_DEFENCE_GAUNTLET: CadenceUpgrade & { readonly defenceModifier: number; readonly arc: 'front' } = {
  id: 'point-defence-gauntlet', name: 'Point Defence Gauntlet', section: `${COV}#upgrades`, points: 4, army: 'covenant',
  effect: 'This model has a +3 modifier to Defence Rolls when the attack originates in the models front arc.',
  /** "+3 modifier to Defence Rolls when the attack originates in the models front arc" */
  defenceModifier: 3, arc: 'front',
}

/** The module's numbers, with their sections. */
export const HALO_RULES = {
  rounds: { value: 6, section: `${RULES}#playing-halo-breakpoint` },
  tableFeet: { value: [3, 4] as const, section: `${RULES}#playing-halo-breakpoint` },
  hunterChargeInches: { value: 10, section: `${COV}#hunter` },
  hunterChargeCost: { value: 2, section: `${COV}#hunter` },
  hunterChargeAttackAsWithinInches: { value: 1, section: `${COV}#hunter` },
  dodgeMinDistanceInches: { value: 6, section: `${COV}#elite-infantry` },
  dodgeMoveInches: { value: 2, section: `${COV}#elite-infantry` },
  activeCamoBandInches: { value: 12, section: `${RULES}#special-rules` },
  activeCamoMaxCommand: { value: 3, section: `${RULES}#special-rules` },
  officerPanicRerollInches: { value: 6, section: `${RULES}#special-rules` },
  jetpackAdvanceBonusInches: { value: 3, section: `${RULES}#special-rules` },
  panicLoseOn: { value: 1, section: `${RULES}#special-rules` },
} as const

/** Army building (building-an-army.html). */
export const HALO_ARMY = {
  section: 'halo-breakpoint/building-an-army.html#unit-selection',
  minStandardFraction: 0.5,
  maxSpecialistFraction: 0.5,
  vehiclesFromPoints: 400,
  gameSizes: { small: 200, standard: 300, larger: [400, 500] as const },
  reinforcementsPoints: 100,
  reinforcementsFromRound: 3,
} as const
