// The Swarm Army List: profiles transcribed from fracture/army-lists/the-swarm.html (checked row by row against the source text).
import type { CadenceModelProfile, CadenceWeaponProfile } from '../index.ts'

const ARMY = 'the-swarm'

export const theSwarmModels: readonly CadenceModelProfile[] = [
  { id: 'tyrant', name: 'Tyrant', section: 'fracture/army-lists/the-swarm.html#tyrant-clade', army: ARMY, unit: 'Tyrant Clade', command: 6, movementInches: 8, skill: 3, defence: 4, toughness: 6, hitPoints: 8, specialRules: ['Platform (1)', 'Steady', 'Swarm Leader'], points: 100, composition: '1' },
  { id: 'psionic-queen', name: 'Psionic Queen', section: 'fracture/army-lists/the-swarm.html#psionic-queen', army: ARMY, unit: 'Psionic Queen', command: 6, movementInches: 6, skill: 3, defence: 5, toughness: 5, hitPoints: 6, specialRules: ['Psionic Field', 'Steady', 'Swarm Leader'], points: 35, composition: '1' },
  { id: 'drone', name: 'Drone', section: 'fracture/army-lists/the-swarm.html#drone-clade', army: ARMY, unit: 'Drone Clade', command: 3, movementInches: 7, skill: 4, defence: 5, toughness: 3, hitPoints: 1, specialRules: [], points: 4, composition: '8-16' },
  { id: 'warrior', name: 'Warrior', section: 'fracture/army-lists/the-swarm.html#warrior-clade', army: ARMY, unit: 'Warrior Clade', command: 5, movementInches: 6, skill: 4, defence: 4, toughness: 4, hitPoints: 3, specialRules: ['Swarm Leader', 'Unbreakable'], points: 20, composition: '3-6' },
  { id: 'adaptive-drone', name: 'Adaptive Drone', section: 'fracture/army-lists/the-swarm.html#adaptive-drone-clade', army: ARMY, unit: 'Adaptive Drone Clade', command: 4, movementInches: 6, skill: 3, defence: 4, toughness: 4, hitPoints: 1, specialRules: [], points: 9, composition: '8-16' },
  { id: 'brute', name: 'Brute', section: 'fracture/army-lists/the-swarm.html#brute-clade', army: ARMY, unit: 'Brute Clade', command: 6, movementInches: 6, skill: 3, defence: 2, toughness: 7, hitPoints: 8, specialRules: ['Platform (1)', 'Steady'], points: 140, composition: '1' },
]

export const theSwarmWeapons: readonly CadenceWeaponProfile[] = [
  { id: 'acid-spitter', name: 'Acid Spitter', section: 'fracture/army-lists/the-swarm.html#standard-weapons', army: ARMY, list: 'Standard Weapons', rangeInches: 6, attacks: 4, damage: 3, piercing: 2, specialRules: ['Assault'], points: 3 },
  { id: 'razor-claws', name: 'Razor Claws', section: 'fracture/army-lists/the-swarm.html#standard-weapons', army: ARMY, list: 'Standard Weapons', rangeInches: 1, attacks: 3, damage: 4, piercing: 1, specialRules: ['Assault', 'Rapid Fire (1)'], points: 4 },
  { id: 'spiker', name: 'Spiker', section: 'fracture/army-lists/the-swarm.html#standard-weapons', army: ARMY, list: 'Standard Weapons', rangeInches: 16, attacks: 2, damage: 5, piercing: 1, specialRules: ['Destructive (2)'], points: 4 },
  { id: 'venom-bite', name: 'Venom Bite', section: 'fracture/army-lists/the-swarm.html#standard-weapons', army: ARMY, list: 'Standard Weapons', rangeInches: 1, attacks: 3, damage: 4, piercing: 0, specialRules: ['Assault', 'Shred'], points: 1 },
  { id: 'acidic-barrage', name: 'Acidic Barrage', section: 'fracture/army-lists/the-swarm.html#specialist-weapons', army: ARMY, list: 'Specialist Weapons', rangeInches: 12, attacks: 4, damage: 4, piercing: 2, specialRules: ['Blast (2)', 'Destructive (2)'], points: 10 },
  { id: 'boneblades', name: 'Boneblades', section: 'fracture/army-lists/the-swarm.html#specialist-weapons', army: ARMY, list: 'Specialist Weapons', rangeInches: 1, attacks: 4, damage: 4, piercing: 2, specialRules: ['Assault', 'Rapid Fire (1)', 'Shred'], points: 8 },
  { id: 'barbed-tentacle', name: 'Barbed Tentacle', section: 'fracture/army-lists/the-swarm.html#heavy-weapons', army: ARMY, list: 'Heavy Weapons', rangeInches: 2, attacks: 4, damage: 5, piercing: 2, specialRules: ['Assault', 'Destructive (2)'], points: 10 },
  { id: 'bio-plasma-cannon', name: 'Bio-plasma Cannon', section: 'fracture/army-lists/the-swarm.html#heavy-weapons', army: ARMY, list: 'Heavy Weapons', rangeInches: 24, attacks: 5, damage: 6, piercing: 3, specialRules: ['Blast (2)', 'Destructive (2)', 'Indirect', 'Heavy'], points: 32 },
  { id: 'gaping-maw', name: 'Gaping Maw', section: 'fracture/army-lists/the-swarm.html#heavy-weapons', army: ARMY, list: 'Heavy Weapons', rangeInches: 1, attacks: 3, damage: 8, piercing: 3, specialRules: ['Assault', 'Destructive (3)', 'Shred'], points: 23 },
  { id: 'monstrous-claws', name: 'Monstrous Claws', section: 'fracture/army-lists/the-swarm.html#heavy-weapons', army: ARMY, list: 'Heavy Weapons', rangeInches: 1, attacks: 3, damage: 7, piercing: 3, specialRules: ['Assault', 'Destructive (3)'], points: 16 },
  { id: 'neural-blast', name: 'Neural Blast', section: 'fracture/army-lists/the-swarm.html#heavy-weapons', army: ARMY, list: 'Heavy Weapons', rangeInches: 3, attacks: 6, damage: 4, piercing: 4, specialRules: ['Assault', 'Shred', 'Heavy'], points: 30 },
  { id: 'spike-cannon', name: 'Spike Cannon', section: 'fracture/army-lists/the-swarm.html#heavy-weapons', army: ARMY, list: 'Heavy Weapons', rangeInches: 12, attacks: 3, damage: 6, piercing: 3, specialRules: ['Heavy'], points: 18 },
  { id: 'psionic-blast', name: 'Psionic Blast', section: 'fracture/army-lists/the-swarm.html#other-weapons', army: ARMY, list: 'Other Weapons', rangeInches: 9, attacks: 6, damage: 4, piercing: 4, specialRules: ['Shred', 'Blast (3)'], points: 40 },
]
