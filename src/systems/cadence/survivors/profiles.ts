// Survivors profiles (survivors/gather-your-survivors.html, survivors/module-rules.html#zombie-models).
// points = the printed Cost (a group is built from 100 points).
import type { CadenceModelProfile, CadenceWeaponProfile } from '../index.ts'

export const survivorsModels: readonly CadenceModelProfile[] = [
  { id: 'leader', name: 'Leader', section: 'survivors/gather-your-survivors.html#survivor-groups', command: 5, movementInches: 6, skill: 3, defence: 5, toughness: 3, hitPoints: 4, specialRules: ['Leader'], points: 16 },
  { id: 'hunter', name: 'Hunter', section: 'survivors/gather-your-survivors.html#survivor-groups', command: 5, movementInches: 6, skill: 4, defence: 5, toughness: 3, hitPoints: 4, specialRules: [], points: 14 },
  { id: 'civilian', name: 'Civilian', section: 'survivors/gather-your-survivors.html#survivor-groups', command: 5, movementInches: 5, skill: 5, defence: 6, toughness: 3, hitPoints: 3, specialRules: [], points: 9 },
  { id: 'innocent', name: 'Innocent', section: 'survivors/gather-your-survivors.html#survivor-groups', command: 4, movementInches: 5, skill: 5, defence: 6, toughness: 2, hitPoints: 3, specialRules: ['Quiet'], points: 5 },
  { id: 'zombie', name: 'Zombie', section: 'survivors/module-rules.html#zombie-models', command: null, movementInches: 3, skill: 5, defence: 5, toughness: 5, hitPoints: 1, specialRules: [], points: null, note: 'Cmd printed "x": zombies activate only through the zombie rules' },
]

export const survivorsWeapons: readonly CadenceWeaponProfile[] = [
  { id: 'pistol', name: 'Pistol', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 9, attacks: 2, damage: 4, piercing: 0, specialRules: ['Assault'], points: 3 },
  { id: 'twin-pistols', name: 'Twin Pistols', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 9, attacks: 3, damage: 4, piercing: 0, specialRules: ['Assault', 'Loud'], points: 3 },
  { id: 'smg', name: 'SMG', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 9, attacks: 4, damage: 3, piercing: 0, specialRules: ['Assault'], points: 5 },
  { id: 'twin-smg', name: 'Twin SMG', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 9, attacks: 6, damage: 3, piercing: 0, specialRules: ['Assault', 'Loud'], points: 6 },
  { id: 'rifle', name: 'Rifle', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 16, attacks: 2, damage: 4, piercing: 1, specialRules: ['Loud'], points: 5 },
  { id: 'scoped-rifle', name: 'Scoped Rifle', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 24, attacks: 2, damage: 4, piercing: 1, specialRules: ['Loud', 'Rending (2)'], points: 5 },
  { id: 'assault-rifle', name: 'Assault Rifle', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 16, attacks: 2, damage: 4, piercing: 1, specialRules: ['Loud', 'Rapid Fire (1)'], points: 8 },
  { id: 'shotgun', name: 'Shotgun', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 6, attacks: 4, damage: 6, piercing: 2, specialRules: ['Loud'], points: 6 },
  { id: 'bow', name: 'Bow', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 12, attacks: 2, damage: 2, piercing: 0, specialRules: ['Silent', 'Heavy'], points: 3 },
  { id: 'crossbow', name: 'Crossbow', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 16, attacks: 2, damage: 3, piercing: 0, specialRules: ['Silent', 'Reload'], points: 4 },
  { id: 'pipe-bomb', name: 'Pipe Bomb', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 6, attacks: 2, damage: 4, piercing: 1, specialRules: ['Bad Idea', 'One Use', 'Blast (1)'], points: 1 },
  { id: 'flamethrower', name: 'Flamethrower', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 6, attacks: 3, damage: 3, piercing: 0, specialRules: ['Bad Idea', 'Fire', 'Blast (3)', 'Reload'], points: 5 },
  { id: 'rocket-launcher', name: 'Rocket Launcher', section: 'survivors/gather-your-survivors.html#ranged-weapons', list: 'Ranged Weapons', rangeInches: 16, attacks: 4, damage: 5, piercing: 2, specialRules: ['Bad Idea', 'Blast (2)', 'Heavy', 'One Use'], points: 5 },
  { id: 'improvised-club', name: 'Improvised Club', section: 'survivors/gather-your-survivors.html#melee-weapons', list: 'Melee Weapons', rangeInches: 1, attacks: 2, damage: 2, piercing: 0, specialRules: ['Assault', 'Reliable'], points: 0 },
  { id: 'heavy-club', name: 'Heavy Club', section: 'survivors/gather-your-survivors.html#melee-weapons', list: 'Melee Weapons', rangeInches: 1, attacks: 3, damage: 3, piercing: 0, specialRules: ['Assault', 'Reliable'], points: 2 },
  { id: 'knife', name: 'Knife', section: 'survivors/gather-your-survivors.html#melee-weapons', list: 'Melee Weapons', rangeInches: 1, attacks: 2, damage: 3, piercing: 0, specialRules: ['Assault', 'Risky'], points: 1 },
  { id: 'large-blade', name: 'Large Blade', section: 'survivors/gather-your-survivors.html#melee-weapons', list: 'Melee Weapons', rangeInches: 1, attacks: 3, damage: 3, piercing: 1, specialRules: ['Assault', 'Rending'], points: 2 },
  { id: 'chainsaw', name: 'Chainsaw', section: 'survivors/gather-your-survivors.html#melee-weapons', list: 'Melee Weapons', rangeInches: 1, attacks: 3, damage: 4, piercing: 2, specialRules: ['Assault', 'Rapid Fire (1)', 'Loud'], points: 4 },
  { id: 'zombie-attack', name: 'Zombie Attack', section: 'survivors/module-rules.html#zombie-models', list: 'Zombie Models', rangeInches: 1, attacks: 2, damage: 3, piercing: 0, specialRules: [], points: null },
]
