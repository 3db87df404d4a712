// Squadrons data, transcribed from the Cadence site (seeds/002_813aaf8215c2729d.txt).
// Citations are `page#anchor` relative to the site root. Column order in every printed weapon
// table is Rng Att Dmg Prc (Damage BEFORE Piercing), checked against the raw text.
// Skill/Defence are stored as the target number (4 means "4+").

import type { CadenceModelProfile, CadenceUpgrade, CadenceWeaponProfile } from '../index.ts'
import { kebab } from '../index.ts'

/** The six attributes a ship upgrade can set. */
export type ShipStatName = 'command' | 'movementInches' | 'skill' | 'defence' | 'toughness' | 'hitPoints'

const BUILD = 'squadrons/building-a-squadron.html'
const SHIP_BUILDING_BASE_COST = 15
const RULES = 'squadrons/module-rules.html'

/** "Model Cmd Mov Skl Def Tgh HP / Basic Ship 4 6" 4+ 4+ 4 4" */
export const BASIC_SHIP: CadenceModelProfile = {
  id: 'basic-ship', name: 'Basic Ship', section: `${BUILD}#basic-ship-profile`,
  command: 4, movementInches: 6, skill: 4, defence: 4, toughness: 4, hitPoints: 4, specialRules: [], points: SHIP_BUILDING_BASE_COST,
}

/** Ship-building numbers (building-a-squadron.html). */
export const SHIP_BUILDING = {
  section: `${BUILD}#custom-ships`,
  baseCost: SHIP_BUILDING_BASE_COST,
  /** "Any ship with 5 or more upgrades adds 10 points and any ship with 7 or more adds 15 points." */
  surchargeAt5: 10,
  surchargeAt7: 15,
  maxShips: 15,
  standardPoints: 300,
  largerGamePoints: 400,
  /** "* This upgrade multiplies its cost by the number of upgrades the ship has, not including itself." */
  multiplierNote: `${BUILD}#ship-upgrades`,
} as const

export type UpgradeEffect =
  | { readonly kind: 'stat'; readonly stat: ShipStatName; readonly value: number }
  | { readonly kind: 'rule'; readonly rule: string }

export type ShipUpgrade = CadenceUpgrade & {
  readonly points: number
  /** What the upgrade does to the Basic Ship profile. */
  readonly grants: UpgradeEffect
  /** The "*" footnote: cost × number of the ship's other upgrades. */
  readonly costMultiplied: boolean
}

const up = (name: string, grants: UpgradeEffect, points: number, costMultiplied = false): ShipUpgrade => ({
  id: kebab(name), name, section: `${BUILD}#ship-upgrades`, effect: describe(grants), points, grants, costMultiplied,
})
function describe(e: UpgradeEffect): string {
  if (e.kind === 'rule') return `The ship has the ${e.rule} special rule`
  if (e.stat === 'movementInches') return `The ship has a Movement of ${e.value}"`
  if (e.stat === 'skill' || e.stat === 'defence') return `The ship has a ${e.stat === 'skill' ? 'Skill' : 'Defence'} of ${e.value}+`
  const label = { command: 'Command', toughness: 'Toughness', hitPoints: 'hit points' }[e.stat]
  return e.stat === 'hitPoints' ? `The ship has ${e.value} hit points` : `The ship has a ${label} of ${e.value}`
}
const stat = (s: ShipStatName, value: number): UpgradeEffect => ({ kind: 'stat', stat: s, value })
const rule = (r: string): UpgradeEffect => ({ kind: 'rule', rule: r })


export const SHIP_UPGRADES: readonly ShipUpgrade[] = [
  up('Command 1', stat('command', 5), 2, true),
  up('Command 2', stat('command', 6), 5, true),
  up('Speed 1', stat('movementInches', 7), 3),
  up('Speed 2', stat('movementInches', 8), 5),
  up('Skilled 1', rule('Skilled'), 5),
  up('Skilled 2', stat('skill', 3), 4),
  up('Skilled 3', stat('skill', 2), 10),
  up('Armour 1', stat('defence', 3), 4),
  up('Armour 2', stat('defence', 2), 10),
  up('Tough 1', rule('Resilient'), 5),
  up('Tough 2', stat('toughness', 5), 4),
  up('Tough 3', stat('toughness', 6), 6),
  up('Hit Points 1', stat('hitPoints', 5), 5),
  up('Hit Points 2', stat('hitPoints', 6), 12),
  up('Agility', rule('Agile'), 3),
  up('Boost', rule('Boost'), 2),
  up('Shield', rule('Shields'), 3),
  up('Stealth 1', rule('Stealth (18)'), 4),
  up('Stealth 2', rule('Stealth (9)'), 9),
  up('Jamming', rule('Signal Jam'), 5),
  up('Countermeasures', rule('Countermeasures'), 2),
  up('Weapon Platform', rule('Platform (1)'), 9),
]

const w = (
  name: string, rangeInches: number, attacks: number, damage: number, piercing: number,
  specialRules: readonly string[], points: number | null, section: string,
): CadenceWeaponProfile => ({ id: kebab(name), name, section, rangeInches, attacks, damage, piercing, specialRules, points })

const SW = `${BUILD}#ship-weapons`
/** "Weapon Rng Att Dmg Prc Special Rules Cost" */
export const SHIP_WEAPONS: readonly CadenceWeaponProfile[] = [
  w('Energy Cannons', 12, 6, 4, 0, ['Fixed'], 2, SW),
  w('Twin Energy Cannons', 12, 8, 4, 0, ['Fixed', 'Rending (1)'], 4, SW),
  w('Heavy Energy Cannons', 16, 6, 5, 1, ['Fixed'], 5, SW),
  w('Disruptor Cannons', 8, 6, 4, 2, ['Disruptor', 'Fixed'], 3, SW),
  w('Heavy Disruptor Cannons', 8, 6, 5, 2, ['Disruptor', 'Fixed'], 4, SW),
  w('Kinetic Cannons', 12, 6, 4, 1, ['Fixed', 'Kinetic'], 3, SW),
  w('Heavy Kinetic Cannons', 16, 6, 4, 2, ['Fixed', 'Kinetic', 'Shred'], 6, SW),
  w('Concussion Missiles', 16, 3, 6, 2, ['Arc (Front)', 'Destructive (2)', 'Target Lock'], 9, SW),
  w('Heavy Concussion Missiles', 16, 4, 6, 3, ['Arc (Front)', 'Destructive (2)', 'Target Lock'], 10, SW),
  w('Unguided Bombs', 6, 2, 6, 3, ['Fixed', 'Destructive (2)', 'Inaccurate'], 7, SW),
  w('Heavy Energy Turret', 16, 4, 5, 1, [], 9, SW),
  w('Heavy Kinetic Turret', 16, 5, 4, 2, ['Kinetic', 'Shred'], 11, SW),
]

/** A pre-built ship from a fleet page: its setup (upgrade names) and the printed summary row. */
export interface PremadeShip {
  readonly id: string
  readonly name: string
  readonly section: string
  readonly listedPoints: number
  readonly upgrades: readonly string[]
  readonly weapons: readonly string[]
  /** The fleet page's summary table row, as printed. */
  readonly summary: CadenceModelProfile
}

const SWF = 'squadrons/fleets/star-wars-fleets.html'
const BSG = 'squadrons/fleets/battlestar-galactica-fleets.html'
const row = (
  section: string, name: string, command: number, movementInches: number, skill: number, defence: number,
  toughness: number, hitPoints: number, specialRules: readonly string[], points?: number,
): CadenceModelProfile => ({
  id: kebab(name), section, name, command, movementInches, skill, defence, toughness, hitPoints, specialRules, points: points ?? null,
})

const ship = (
  name: string, anchor: string, listedPoints: number, upgrades: readonly string[], weapons: readonly string[],
  summary: PremadeShip['summary'],
): PremadeShip => ({ id: kebab(name), name, section: anchor, listedPoints, upgrades, weapons, summary })

const EMP = `${SWF}#galactic-empire-summary`
const REB = `${SWF}#rebel-alliance-summary`
const BSS = `${BSG}#summary`
export const PREMADE_SHIPS: readonly PremadeShip[] = [
  ship('TIE Fighter', `${SWF}#tie-fighter-23-points`, 23, ['Speed 1', 'Agility'], ['Energy Cannons'],
    row(EMP, 'TIE Fighter', 4, 7, 4, 4, 4, 4, ['Agile'], 23)),
  ship('Elite TIE Fighter', `${SWF}#elite-tie-fighter-27-points`, 27, ['Speed 1', 'Skilled 2', 'Agility'], ['Energy Cannons'],
    row(EMP, 'Elite TIE Fighter', 4, 7, 3, 4, 4, 4, ['Agile'], 27)),
  ship('TIE Interceptor', `${SWF}#tie-interceptor-45-points`, 45, ['Command 1', 'Speed 1', 'Agility', 'Boost'], ['Twin Energy Cannons'],
    row(EMP, 'TIE Interceptor', 5, 7, 4, 4, 4, 4, ['Agile', 'Boost'], 45)),
  ship('Elite TIE Interceptor', `${SWF}#elite-tie-interceptor-51-points`, 51, ['Command 1', 'Speed 1', 'Skilled 2', 'Agility', 'Boost'], ['Twin Energy Cannons'],
    row(EMP, 'Elite TIE Interceptor', 5, 7, 3, 4, 4, 4, ['Agile', 'Boost'], 51)),
  ship('TIE Bomber', `${SWF}#tie-bomber-36-points`, 36, ['Tough 2', 'Hit Points 1'], ['Energy Cannons', 'Heavy Concussion Missiles'],
    row(EMP, 'TIE Bomber', 4, 6, 4, 4, 5, 5, [], 36)),
  ship('TIE Silencer', `${SWF}#tie-silencer-83-points`, 83, ['Command 1', 'Speed 1', 'Skilled 2', 'Hit Points 2', 'Agility', 'Shield'], ['Heavy Energy Cannons', 'Concussion Missiles'],
    row(EMP, 'TIE Silencer', 5, 7, 3, 4, 4, 6, ['Agile', 'Shields'], 83)),
  ship('X-Wing Starfighter', `${SWF}#x-wing-starfighter-50-points`, 50, ['Skilled 2', 'Hit Points 1', 'Shield'], ['Twin Energy Cannons', 'Concussion Missiles'],
    row(REB, 'X-Wing Starfighter', 4, 6, 3, 4, 4, 5, ['Shield'], 50)),
  ship('Y-Wing Bomber', `${SWF}#y-wing-bomber-35-points`, 35, ['Hit Points 1', 'Shield'], ['Energy Cannons', 'Heavy Concussion Missiles'],
    row(REB, 'Y-Wing Bomber', 4, 6, 4, 4, 4, 5, ['Shields'], 35)),
  ship('A-Wing Interceptor', `${SWF}#a-wing-interceptor-59-points`, 59, ['Command 1', 'Skilled 2', 'Boost', 'Shield'], ['Energy Cannons', 'Concussion Missiles'],
    row(REB, 'A-Wing Interceptor', 5, 6, 3, 4, 4, 4, ['Boost', 'Shields'], 59)),
  ship('B-Wing Starfighter', `${SWF}#b-wing-starfighter-58-points`, 58, ['Skilled 2', 'Tough 3', 'Hit Points 1', 'Shield'], ['Heavy Energy Cannons', 'Heavy Concussion Missiles'],
    row(REB, 'B-Wing Starfighter', 4, 6, 3, 4, 6, 5, ['Shields'], 58)),
  ship('U-Wing Support Craft', `${SWF}#u-wing-support-craft-66-points`, 66, ['Command 1', 'Armour 1', 'Tough 2', 'Hit Points 1', 'Shield'], ['Heavy Energy Cannons', 'Disruptor Cannons'],
    row(REB, 'U-Wing Support Craft', 5, 6, 4, 3, 5, 5, ['Shields'], 66)),
  ship('Colonial Mk II Viper', `${BSG}#colonial-mk-ii-viper-48-points`, 48, ['Speed 2', 'Skilled 2', 'Armour 1', 'Tough 2', 'Agility'], ['Kinetic Cannons'],
    row(BSS, 'Mk II Viper', 4, 8, 3, 3, 5, 4, ['Agile'])),
  ship('Colonial Raptor', `${BSG}#colonial-raptor-61-points`, 61, ['Armour 1', 'Tough 2', 'Hit Points 2', 'Jamming', 'Countermeasures'], ['Concussion Missiles'],
    row(BSS, 'Raptor', 4, 6, 4, 3, 5, 6, ['Countermeasures', 'Signal Jam'])),
  ship('Cylon Raider', `${BSG}#cylon-raider-45-points`, 45, ['Speed 2', 'Armour 1', 'Agility', 'Jamming'], ['Kinetic Cannons'],
    row(BSS, 'Cylon Raider', 4, 8, 4, 3, 4, 4, ['Agile', 'Signal Jam'])),
  ship('Cylon Heavy Raider', `${BSG}#cylon-heavy-raider-67-points`, 67, ['Armour 2', 'Tough 2', 'Hit Points 2'], ['Heavy Kinetic Cannons', 'Heavy Concussion Missiles'],
    row(BSS, 'Cylon Heavy Raider', 4, 6, 4, 2, 5, 6, [])),
]

// Fractured Skies ("still in development"; does NOT use the ship-building rules).
const FS = 'squadrons/fleets/fractured-skies.html'
const fs = (
  name: string, anchor: string, command: number, movementInches: number, skill: number, defence: number,
  toughness: number, hitPoints: number, specialRules: readonly string[], points?: number,
): CadenceModelProfile => ({
  id: kebab(name), name, section: `${FS}#${anchor}`, command, movementInches, skill, defence, toughness, hitPoints,
  specialRules, points: points ?? null, army: 'fractured-skies',
})
export const FRACTURED_SKIES_SHIPS: readonly CadenceModelProfile[] = [
  fs('Strike Fighter', 'strike-fighter', 5, 4, 3, 3, 4, 4, [], 35),
  // Printed "Heavy Armor (1)" here and "Heavy Armour (1)" on the Destroyer: normalised to the core name.
  fs('Heavy Gunship', 'heavy-gunship', 4, 4, 3, 3, 5, 5, ['Heavy Armour (1)', 'Platform (1)']),
  fs('Destroyer', 'destroyer', 4, 4, 3, 3, 5, 6, ['Heavy Armour (1)', 'Platform (1)']),
  fs('Eclipse Interceptor', 'eclipse-interceptor', 6, 5, 4, 5, 3, 3, ['Agile', 'Boost', 'Shields', 'Signal Jam']),
  fs('Nova Destroyer', 'nova-destroyer', 5, 5, 4, 5, 4, 4, ['Agile', 'Shields', 'Signal Jam']),
  fs('Nebula Light Bomber', 'nebula-light-bomber', 5, 4, 4, 5, 4, 3, ['Shields', 'Signal Jam']),
  fs('Marauder Fighter', 'fighters', 3, 5, 5, 5, 4, 3, []),
  fs('Marauder Bomber', 'bombers', 3, 4, 5, 5, 4, 6, []),
  fs('Eviscerator', 'eviscerator', 4, 6, 4, 6, 3, 3, ['Shields']),
  fs('Drone Swarm', 'drone-swarm', 3, 4, 5, 6, 3, 6, []),
  fs('Pillar of Judgement', 'pillar-of-judgement', 2, 3, 3, 2, 6, 6, ['Shields']),
  fs('Ripper Clade', 'ripper-clade', 4, 4, 4, 5, 3, 3, []),
  fs('Floating Sacs', 'floating-sacs', 2, 3, 4, 5, 3, 1, []),
  fs('Harbinger Clade', 'harbinger-clade', 4, 4, 3, 4, 5, 4, []),
]

/** Printed inside `#harbinger-clade` (no costs). */
const FSW = `${FS}#harbinger-clade`
export const FRACTURED_SKIES_WEAPONS: readonly CadenceWeaponProfile[] = [
  w('Heavy Machine Gun', 12, 6, 3, 0, ['Fixed', 'Kinetic'], null, FSW),
  w('Heavy Machine Gun Turret', 9, 5, 3, 0, ['Kinetic'], null, FSW),
  w('Heavy Cannon', 16, 3, 4, 1, ['Fixed', 'Rending (1)'], null, FSW),
  w('Fusion Beam', 6, 3, 6, 2, ['Destructive (2)', 'Disruptor', 'Fixed'], null, FSW),
  w('Rocket Pods', 12, 5, 4, 1, ['Fixed', 'Rending (2)'], null, FSW),
  w('Eradicator Lance', 12, 3, 8, 3, ['Heavy', 'Destructive (2)', 'Shred', 'Disruptor'], null, FSW),
]

/** Named in Fractured Skies without any profile: listed, not invented. */
export const FRACTURED_SKIES_UNDEFINED = ['Fusion Bombs', 'Concussion Missiles (Fractured Skies row is blank)', 'Plasma Cannons', 'Targeting System (upgrade)'] as const

/** "Destroy ... has the following profile: Defence: 4+, Toughness: 4, Hit Points: 2." */
export const DESTROY_OBJECTIVE = { section: `${RULES}#objectives`, defence: 4, toughness: 4, hitPoints: 2 } as const

/** The module's numbers, with their sections. */
export const SQUADRONS_RULES = {
  rounds: { value: 4, section: `${RULES}#playing-squadrons` },
  tableFeet: { value: [3, 3] as const, section: `${RULES}#playing-squadrons` },
  advanceTurnForwardInches: { value: 2, section: `${RULES}#ship-movement` },
  advanceTurnDeg: { value: 180, section: `${RULES}#ship-movement` },
  pivotsPerAction: { value: 1, section: `${RULES}#ship-movement` },
  evasionInches: { value: 2, section: `${RULES}#evasion` },
  minTargetDistanceInches: { value: 1, section: `${RULES}#ship-attacks` },
  dangerousHitOn: { value: 4, section: `${RULES}#dangerous` },
  dangerousDamage: { value: 5, section: `${RULES}#dangerous` },
  boostInches: { value: 3, section: `${RULES}#unit-special-rules` },
  squadronLeaderInches: { value: 6, section: `${RULES}#unit-special-rules` },
  squadronLeaderMaxCommand: { value: 6, section: `${RULES}#unit-special-rules` },
  signalJamTargetLock: { value: 5, section: `${RULES}#unit-special-rules` },
  targetLockNeed: { value: 3, section: `${RULES}#weapon-special-rules` },
  typicalBaseMm: { value: [40, 50] as const, section: 'squadrons/introduction.html' },
} as const

/** Mission geometry (squadrons/missions.html). */
export const SQUADRONS_MISSIONS = {
  debrisField: { scanFromCentreInches: 9, scanCount: 4, section: 'squadrons/missions.html#primary-objectives' },
  targetAcquired: { destroyFromEdgeInches: 6, minFromOtherEdgesInches: 6, section: 'squadrons/missions.html#primary-objectives_1' },
  crossedPaths: { scanFromCentreInches: 9, scanCount: 5, section: 'squadrons/missions.html#primary-objectives_2' },
} as const
