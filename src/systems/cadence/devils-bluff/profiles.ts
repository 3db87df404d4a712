// Devil's Bluff gang profiles (devils-bluff/making-your-gang.html). Skill and Defence are on the card
// scale (a draw of 1-13), not the d6 scale; points are the printed cost in dollars.
import type { CadenceModelProfile, CadenceWeaponProfile } from '../index.ts'

export const devilsBluffModels: readonly CadenceModelProfile[] = [
  { id: 'leader', name: 'Leader', section: 'devils-bluff/making-your-gang.html#gang-leader', command: 5, movementInches: 4, skill: 6, defence: 10, toughness: 3, hitPoints: 4, specialRules: ['Leader'], points: 65, note: 'Count "1 Only". This model may take up to 60 dollars of weapons, special weapons, and upgrades.' },
  { id: 'legend', name: 'Legend', section: 'devils-bluff/making-your-gang.html#legendary-gunfighter', command: 5, movementInches: 4, skill: 8, defence: 10, toughness: 3, hitPoints: 3, specialRules: [], points: 55, note: 'Count "0-2". This model may take up to 50 dollars of weapons, special weapons, and upgrades.' },
  { id: 'hired-gun', name: 'Hired Gun', section: 'devils-bluff/making-your-gang.html#hired-guns', command: 4, movementInches: 4, skill: 9, defence: 10, toughness: 3, hitPoints: 1, specialRules: [], points: 35, note: 'Count "2+". This model may take up to 20 dollars of weapons.' },
]

export const devilsBluffWeapons: readonly CadenceWeaponProfile[] = [
  { id: 'dual-pistols', name: 'Dual Pistols', section: 'devils-bluff/making-your-gang.html#weapons', list: 'Weapons', rangeInches: 6, attacks: 3, damage: 4, piercing: 1, specialRules: ['Assault', 'Longshot'], points: 9 },
  { id: 'revolver', name: 'Revolver', section: 'devils-bluff/making-your-gang.html#weapons', list: 'Weapons', rangeInches: 6, attacks: 2, damage: 4, piercing: 1, specialRules: ['Assault', 'Longshot'], points: 6 },
  { id: 'rifle', name: 'Rifle', section: 'devils-bluff/making-your-gang.html#weapons', list: 'Weapons', rangeInches: 18, attacks: 2, damage: 5, piercing: 2, specialRules: ['Rending (1)'], points: 12 },
  { id: 'shotgun', name: 'Shotgun', section: 'devils-bluff/making-your-gang.html#weapons', list: 'Weapons', rangeInches: 8, attacks: 3, damage: 6, piercing: 2, specialRules: [], points: 18 },
  { id: 'knife', name: 'Knife', section: 'devils-bluff/making-your-gang.html#weapons', list: 'Weapons', rangeInches: 1, attacks: 3, damage: 3, piercing: 1, specialRules: ['Assault'], points: 4 },
  { id: 'fists', name: 'Fists', section: 'devils-bluff/making-your-gang.html#weapons', list: 'Weapons', rangeInches: 1, attacks: 1, damage: 2, piercing: 0, specialRules: ['Assault'], points: 0 },
  { id: 'bowie-knife', name: 'Bowie Knife', section: 'devils-bluff/making-your-gang.html#special-weapons', list: 'Special Weapons', rangeInches: 1, attacks: 3, damage: 4, piercing: 1, specialRules: ['Assault', 'Rending (1)'], points: 7 },
  { id: 'dynamite', name: 'Dynamite', section: 'devils-bluff/making-your-gang.html#special-weapons', list: 'Special Weapons', rangeInches: 6, attacks: 3, damage: 6, piercing: 4, specialRules: ['Blast (2)', 'One use', 'Shred'], points: 12 },
  { id: 'hunting-rifle', name: 'Hunting Rifle', section: 'devils-bluff/making-your-gang.html#special-weapons', list: 'Special Weapons', rangeInches: 12, attacks: 2, damage: 4, piercing: 2, specialRules: ['Accurate', 'Longshot', 'Rending (1)'], points: 21 },
  { id: 'precision-pistol', name: 'Precision Pistol', section: 'devils-bluff/making-your-gang.html#special-weapons', list: 'Special Weapons', rangeInches: 9, attacks: 2, damage: 4, piercing: 1, specialRules: ['Accurate', 'Assault', 'Longshot'], points: 10 },
]
