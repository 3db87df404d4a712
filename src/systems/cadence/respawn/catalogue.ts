// Respawn data, transcribed from the Cadence site (seeds/002_813aaf8215c2729d.txt).
// Citations are `page#anchor`. Weapon columns are printed Rng Att Dmg Prc (Damage before Piercing).
// Skill/Defence are stored as the target number (4 means "4+").

import type { CadenceModelProfile, CadenceWeaponProfile } from '../index.ts'
import { kebab } from '../index.ts'

/** A Respawn weapon: the printed row plus what the table marks specially. */
export type RespawnWeapon = CadenceWeaponProfile & {
  readonly kind: 'ranged' | 'assault' | 'big-gun'
  /** Smash prints Att "d6": attacks is then the expected count and this flag is set. */
  readonly attacksDie?: 'd6'
  /** Objective Enforcer prints a range band "6-12"". */
  readonly minRangeInches?: number
}

export interface ClassEntry {
  readonly id: string
  readonly name: string
  readonly section: string
  readonly loadouts: readonly { readonly name: string; readonly primary: string; readonly secondary: string }[]
  readonly perks: readonly { readonly name: string; readonly effect: string }[]
  readonly equipment: readonly { readonly name: string; readonly effect: string }[]
}

const TEAM = 'respawn/creating-your-team.html'
const RULES = 'respawn/module-rules.html'
const S1 = 'respawn/season-1-big-guns.html'


const sp = (name: string, command: number, movementInches: number, skill: number, defence: number, toughness: number, hitPoints: number): CadenceModelProfile => ({
  id: kebab(name), name, section: `${TEAM}#starting-profile`, command, movementInches, skill, defence, toughness, hitPoints,
  specialRules: [], points: null,
})
/** "Profile Cmd Mov Skl Def Tgh HP" */
export const STARTING_PROFILES: readonly CadenceModelProfile[] = [
  sp('Balanced', 6, 5, 4, 4, 3, 2),
  sp('Fast', 6, 7, 4, 5, 3, 2),
  sp('Tough', 6, 4, 4, 4, 4, 2),
]

const rw = (name: string, rangeInches: number, attacks: number | 'd6', damage: number, piercing: number, specialRules: readonly string[], kind: 'ranged' | 'assault'): RespawnWeapon => ({
  id: kebab(name), name, section: `${TEAM}#weapon-summary`, rangeInches, attacks: attacks === 'd6' ? 0 : attacks, damage, piercing, specialRules,
  points: null, kind, ...(attacks === 'd6' ? { attacksDie: 'd6' as const, note: 'Att printed "d6": rolled per attack' } : {}),
})

/** "Ranged Weapon Rng Att Dmg Prc Special Rules" and "Assault Weapon ..." (#weapon-summary). */
export const RESPAWN_WEAPONS: readonly RespawnWeapon[] = [
  rw('Assault Rifle', 18, 4, 3, 1, ['Rapid Fire (1)'], 'ranged'),
  rw('Barrage Launcher', 12, 4, 5, 2, ['Blast (1)', 'Heavy'], 'ranged'),
  rw('Eliminator Shotgun', 12, 3, 6, 2, ['Indirect', 'Shred'], 'ranged'),
  rw('Executioner Pistol', 6, 3, 4, 1, ['Assault'], 'ranged'),
  rw('Frag Grenade', 6, 3, 3, 2, ['Blast (1)', 'Indirect', 'One Use'], 'ranged'),
  rw('Fusion Grenade', 6, 3, 5, 2, ['Blast (2)', 'Indirect', 'One Use'], 'ranged'),
  rw('Heavy Incinerator', 6, 6, 2, 1, ['Heavy', 'Torrent'], 'ranged'),
  rw('Hellfire Rifle', 24, 3, 4, 2, ['Accurate', 'Shred'], 'ranged'),
  rw('Nemesis Sniper Rifle', 28, 2, 7, 3, ['Accurate', 'Heavy'], 'ranged'),
  rw('Stasis Grenade', 8, 1, 4, 0, ['Stasis', 'One Use'], 'ranged'),
  rw('Rampage Minigun', 18, 5, 3, 1, ['Rapid Fire (1)', 'Rending (1)'], 'ranged'),
  rw('Sentinel Pistol', 6, 3, 3, 0, ['Assault'], 'ranged'),
  rw('SMG', 9, 5, 3, 0, ['Assault', 'Rapid Fire (1)'], 'ranged'),
  rw('Tactical Shotgun', 8, 3, 4, 1, ['Rending (1)', 'Shred'], 'ranged'),
  rw('Peacekeeper Shotgun', 8, 3, 4, 0, ['Rapid Fire (1)', 'Impact (2)'], 'ranged'),
  rw('Whisperbolt Sniper Rifle', 24, 1, 5, 3, ['Accurate', 'Destructive (2)'], 'ranged'),
  rw('Quantum Rifle', 24, 2, 4, 1, ['Quantum Tunneling'], 'ranged'),
  rw('Stun Pistol', 6, 3, 3, 0, ['Assault', 'Stun'], 'ranged'),
  rw('Stasis Rifle', 14, 3, 1, 0, ['Rapid Fire (1)', 'Stasis'], 'ranged'),
  rw('Combat Knife', 1, 3, 3, 0, ['Assault'], 'assault'),
  rw('Crusher', 1, 3, 5, 0, ['Assault'], 'assault'),
  rw('Energy Blade', 1, 3, 3, 3, ['Assault'], 'assault'),
  rw('Electro Maul', 1, 3, 3, 1, ['Assault', 'Stasis'], 'assault'),
  rw('Leech Knife', 1, 1, 4, 0, ['Assault', 'Leech'], 'assault'),
  rw('Poisoned Blade', 1, 3, 3, 0, ['Assault', 'Rending (2)', 'Shred'], 'assault'),
  rw('Ripper Claws', 1, 3, 3, 1, ['Assault', 'Rapid Fire (2)'], 'assault'),
  rw('Shadowstrike Blade', 1, 2, 6, 1, ['Assault', 'Accurate', 'Shred'], 'assault'),
  rw('Stun Hammer', 1, 2, 4, 0, ['Assault', 'Stun'], 'assault'),
  rw('Smash', 1, 'd6', 3, 0, ['Assault', 'Impact (3)'], 'assault'),
]

const bg = (name: string, rangeInches: number, attacks: number, damage: number | null, piercing: number | null, specialRules: readonly string[], minRangeInches?: number): RespawnWeapon => ({
  id: kebab(name), name, section: `${S1}#the-big-guns`, rangeInches, attacks, damage: damage ?? 0, piercing: piercing ?? 0, specialRules,
  points: null, kind: 'big-gun', ...(damage === null ? { note: 'Dmg and Prc printed "-": the weapon does no damage' } : {}),
  ...(minRangeInches === undefined ? {} : { minRangeInches }),
})
/** Season 1 Big Guns, indexed by the d6 roll (1..6). */
export const BIG_GUNS: readonly RespawnWeapon[] = [
  bg('Annihilation Raycaster', 24, 3, 6, 2, ['Beam']),
  bg('Spatial Displacer', 16, 1, 0, 0, ['Rapid Fire (1)', 'Displace']),
  bg('Relay Reaper', 12, 1, 6, 4, ['Accurate', 'Destructive (2)', 'Relay']),
  bg('Restoration Inverter', 18, 2, null, null, ['Health']),
  bg('Spatial Transposer', 32, 1, null, null, ['Accurate', 'Swap']),
  bg('Objective Enforcer', 12, 1, null, null, [], 6),
]

const perk = (name: string, effect: string) => ({ name, effect })
export const CLASSES: readonly ClassEntry[] = [
  {
    id: 'assault', name: 'Assault', section: `${TEAM}#assault-class`,
    loadouts: [
      { name: 'Frontline', primary: 'assault-rifle', secondary: 'executioner-pistol' },
      { name: 'Vanguard', primary: 'energy-blade', secondary: 'executioner-pistol' },
      { name: 'Commando', primary: 'tactical-shotgun', secondary: 'sentinel-pistol' },
      { name: 'Striker', primary: 'hellfire-rifle', secondary: 'smg' },
    ],
    perks: [
      perk('Onslaught', 'Ability (3 CP): an Attack action with double Attacks; the only action that activation.'),
      perk('Covering Fire', 'Ability (1 CP): two Attack Rolls against every enemy within 12 inches, within its front arc, with clear or obscured LoS; each success costs that enemy 2 CP.'),
      perk('Heavy Hitter', 'Re-roll failed Attack rolls against targets within 3 inches.'),
      perk('Tactical Awareness', 'Only 1 action on first activation each round; may Advance after an Attack.'),
      perk('Resilient', 'Reaction (1 CP): re-roll failed Defence rolls when targeted.'),
      perk('Suppression Specialist', 'An enemy that loses at least 1 HP to this character also loses a CP.'),
      perk('Improved Armour', 'Improve Defence by 1 (eg. 4+ becomes 3+).'),
      perk('Skirmisher', 'Movement +3 during Advance actions.'),
    ],
    equipment: [
      perk('Frag Grenade', 'Gains the Frag Grenade weapon.'),
      perk('Med Pack', 'One use: 1 CP at the start of its activation to restore all lost HP.'),
      perk('Grapnel', 'Counts as Flying when it moves to a higher or lower height level.'),
      perk('Shield', 'Gains the Shields special rule.'),
    ],
  },
  {
    id: 'scout', name: 'Scout', section: `${TEAM}#scout-class`,
    loadouts: [
      { name: 'Assassin', primary: 'shadowstrike-blade', secondary: 'executioner-pistol' },
      { name: 'Ghost', primary: 'eliminator-shotgun', secondary: 'poisoned-blade' },
      { name: 'Hunter', primary: 'nemesis-sniper-rifle', secondary: 'combat-knife' },
      { name: 'Stalker', primary: 'whisperbolt-sniper-rifle', secondary: 'sentinel-pistol' },
    ],
    perks: [
      perk('Camouflage', 'Gains Stealth (6).'),
      perk('Scout', 'Chooses its entry point; may be placed up to 2 inches further than normal from it.'),
      perk('Sniper', '+1 to Attack Rolls against targets 12" or more away.'),
      perk('Weak Spot', '+1 Piercing to its primary weapon.'),
      perk('Marksman', 'Skill 3+.'),
      perk('Mark Target', 'Attacks against the marked target gain Shred and Rending (1) for the round.'),
      perk('Ghost Walk', 'One use: move through terrain as though clear with +2 Movement, if it can end on clear terrain.'),
    ],
    equipment: [
      perk('Explosive Charge', 'One use: token within 3" of itself and at least 3" from any other character; explodes when a character moves within 1"; every character within 3" takes 6 automatic hits (Dmg 3, Prc 2); end of round 4+ explodes.'),
      perk('Grapnel', 'Counts as Flying when it moves to a higher or lower height level.'),
      perk('Smoke Grenade', 'One use: 2 smoke markers (50mm) within 6", touching; LoS drawn through a marker from more than 3" from the target is blocked; removed at end of round.'),
      perk('Targetting Drone', 'Obscured counts as clear against targets within 12"; re-roll 1 failed attack die.'),
    ],
  },
  {
    id: 'support', name: 'Support', section: `${TEAM}#support-class`,
    loadouts: [
      { name: 'Suppressor', primary: 'quantum-rifle', secondary: 'stun-pistol' },
      { name: 'Breacher', primary: 'peacekeeper-shotgun', secondary: 'stun-hammer' },
      { name: 'Defender', primary: 'electro-maul', secondary: 'stun-pistol' },
      { name: 'Support', primary: 'stasis-rifle', secondary: 'sentinel-pistol' },
    ],
    perks: [
      perk('Grenadier', 'Frag and Stasis grenades ignoring one use; friendlies ending within 3" restore used Frag Grenades.'),
      perk('Heavy Armour', 'Defence +1 (eg. 4+ becomes 3+), Toughness +1, Movement -1.'),
      perk('Medic', 'Must take a med kit; the ability costs no CP.'),
      perk('Motivator', 'Friendlies activating within 6" regain 1 used CP on 4+.'),
      perk('Munitions Expert', 'Ability (1 CP): a friendly within 3" (no enemy within 3" of either) adds Rapid Fire (1) to its next attack.'),
      perk('Tactical Expert', 'Designate a Primary Target: friendlies re-roll one dice from any attack roll against it.'),
      perk('Unbreakable', '+1 Hit Point.'),
    ],
    equipment: [
      perk('Deployable Barricade', 'One use: a 2" long, 1" tall barricade within 3" of itself, with the Cover keyword.'),
      perk('Med Kit', 'Ability (1 CP): restore all lost HP to a friendly within 3" if no enemy within 3".'),
      perk('Smoke Grenade', 'As the Scout equipment.'),
      perk('Phase Inducer', 'Ability (1 CP), one use: this and friendlies within 4" may not be targeted from more than 12" until end of round.'),
    ],
  },
  {
    id: 'heavy', name: 'Heavy', section: `${TEAM}#heavy-class`,
    loadouts: [
      { name: 'Barrage', primary: 'barrage-launcher', secondary: 'crusher' },
      { name: 'Rampage', primary: 'rampage-minigun', secondary: 'sentinel-pistol' },
      { name: 'Pyro', primary: 'heavy-incinerator', secondary: 'combat-knife' },
      // "Fusion Gladius" has no profile anywhere in the source.
      { name: 'Gladiator', primary: 'fusion-gladius', secondary: 'executioner-pistol' },
      { name: 'Ripper', primary: 'ripper-claws', secondary: 'leech-knife' },
    ],
    perks: [
      perk('Last Stand', 'At 1 HP: +1 to all Attack and Defence rolls.'),
      perk('Intimidation', 'Enemies within 6" suffer -2 to their attack rolls.'),
      perk('Bulwark', 'Heavy Armour (2); no Advance actions.'),
      perk('Distraction', 'Characters within 6" must target this character when able.'),
      perk('Finisher', 'Ability (1 CP): kill a Downed character within 1".'),
      perk('Brute', 'Heavy weapons need no extra CP if it took no more than 2 actions.'),
      perk('Smash', 'Gains the Smash weapon.'),
    ],
    equipment: [
      perk('Explosive Charge', 'As the Scout equipment.'),
      perk('Stasis Grenade', 'Gains the Stasis Grenade weapon.'),
      perk('Shield', 'Gains the Shields special rule.'),
      perk('Deployable Barricade', 'One use: a 2" long, 1" tall barricade within 1" of itself (no Cover keyword printed in this version).'),
      perk('Improved Armour', 'Improve Defence by 1 (eg. a 4+ becomes a 3+).'),
    ],
  },
]

/** Named in the source without any profile or rules: listed, not invented. */
export const RESPAWN_UNDEFINED = ['Fusion Gladius (Gladiator loadout weapon)', 'Portal Gun (Season 2 "Playing With Portals")'] as const

/** Pick-ups by d6 roll (#pick-ups). */
export const PICK_UPS = [
  { roll: 1, name: 'Health', effect: '+1 HP (may exceed starting HP)' },
  { roll: 2, name: 'Adrenaline', effect: 'regain 3 CP' },
  { roll: 3, name: 'Grenade', effect: 'gain the Fusion Grenade (or reset its one use)' },
  { roll: 4, name: 'Shield', effect: '+1 to Counter rolls until end of round' },
  { roll: 5, name: 'Speed', effect: '+2 Movement until end of round' },
  { roll: 6, name: 'Damage', effect: '+1 Damage and +1 Piercing until end of round' },
] as const

/** The module's numbers, with their sections. */
export const RESPAWN_RULES = {
  rounds: { value: 5, section: `${RULES}#playing-respawn` },
  tableFeet: { value: [2, 3] as const, section: `${RULES}#playing-respawn` },
  teamSize: { value: 3, section: TEAM },
  reviveCost: { value: 1, section: `${RULES}#action-revive-1-command-point` },
  reviveRangeInches: { value: 3, section: `${RULES}#action-revive-1-command-point` },
  reviveEnemyClearInches: { value: 3, section: `${RULES}#action-revive-1-command-point` },
  reviveNeed: { value: 4, section: `${RULES}#action-revive-1-command-point` },
  launchPadMaxInches: { value: 12, section: `${RULES}#launch-pads` },
  launchPadCostInches: { value: 2, section: `${RULES}#launch-pads` },
  pickUpClearInches: { value: 3, section: `${RULES}#pick-ups` },
  coveringFireRangeInches: { value: 12, section: `${TEAM}#perks` },
  coveringFireRolls: { value: 2, section: `${TEAM}#perks` },
  coveringFireCommandLoss: { value: 2, section: `${TEAM}#perks` },
  heavyHitterInches: { value: 3, section: `${TEAM}#perks` },
  skirmisherAdvanceInches: { value: 3, section: `${TEAM}#perks` },
  camouflageStealthInches: { value: 6, section: `${TEAM}#perks_1` },
  scoutExtraPlacementInches: { value: 2, section: `${TEAM}#perks_1` },
  sniperMinInches: { value: 12, section: `${TEAM}#perks_1` },
  ghostWalkBonusInches: { value: 2, section: `${TEAM}#perks_1` },
  explosiveChargePlaceInches: { value: 3, section: `${TEAM}#equipment_1` },
  explosiveChargeTriggerInches: { value: 1, section: `${TEAM}#equipment_1` },
  explosiveChargeRadiusInches: { value: 3, section: `${TEAM}#equipment_1` },
  explosiveChargeHits: { value: 6, damage: 3, piercing: 2, section: `${TEAM}#equipment_1` },
  smokeMarkerMm: { value: 50, section: `${TEAM}#equipment_1` },
  smokePlaceInches: { value: 6, section: `${TEAM}#equipment_1` },
  smokeCloseInches: { value: 3, section: `${TEAM}#equipment_1` },
  targettingDroneInches: { value: 12, section: `${TEAM}#equipment_1` },
  grenadierRestoreInches: { value: 3, section: `${TEAM}#perks_2` },
  motivatorInches: { value: 6, section: `${TEAM}#perks_2` },
  munitionsExpertInches: { value: 3, section: `${TEAM}#perks_2` },
  barricadeLengthInches: { value: 2, section: `${TEAM}#equipment_2` },
  barricadeHeightInches: { value: 1, section: `${TEAM}#equipment_2` },
  barricadePlaceInches: { value: 3, heavy: 1, section: `${TEAM}#equipment_2` },
  medKitInches: { value: 3, section: `${TEAM}#equipment_2` },
  phaseInducerRadiusInches: { value: 4, section: `${TEAM}#equipment_2` },
  phaseInducerMaxTargetInches: { value: 12, section: `${TEAM}#equipment_2` },
  intimidationInches: { value: 6, modifier: -2, section: `${TEAM}#perks_3` },
  distractionInches: { value: 6, section: `${TEAM}#perks_3` },
  finisherInches: { value: 1, section: `${TEAM}#perks_3` },
  beamLengthInches: { value: 24, section: `${S1}#the-big-guns` },
  beamHalfWidthInches: { value: 2, section: `${S1}#the-big-guns` },
  proximityInches: { value: 6, section: `${S1}#new-objectives-proximity-objectives` },
  rocketJumpMinFactor: { value: 2, section: 'respawn/season-2-run-and-gun.html#rocket-packs' },
  rocketJumpMaxFactor: { value: 3, section: 'respawn/season-2-run-and-gun.html#rocket-packs' },
  dropInDice: { value: 2, section: 'respawn/season-2-run-and-gun.html#dropping-in' },
} as const
