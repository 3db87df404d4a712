// Catalogue of "Skirmish Rules" (the short generic narrative skirmish game, ../shared/seeds/004_*).
// Sections are cited by the book's own headings: "Models > Movement", "Armory > Ranged Combat"...
import type { Catalogue } from '../../engine/index.ts'

/** A firing profile of a ranged weapon; rangeInches null = infinite range. */
export type FiringProfile = { rangeInches: number | null; shots: number }

export const SECTION = {
  models: 'Models',
  smallModels: 'Models > Small Models',
  bigModels: 'Models > Big Models',
  movement: 'Models > Movement',
  ranged: 'Armory > Ranged Combat',
  melee: 'Armory > Melee Combat',
  armour: 'Armory > Armor and Equipment',
  traits: 'Models > Traits',
  actions: 'Playing the Game > Activate models with Action Points',
  bonusDice: 'Playing the Game > Spend Action Points on Bonus Dice',
  combatRanged: 'Combat > Ranged',
  combatMelee: 'Combat > Melee',
  cover: 'Combat > Cover',
  recovery: 'Recovery Phase > Casualty Test',
} as const

export const MOVE_INCHES = { small: 6, big: 12 } as const
export const FAST_BONUS_INCHES = 3
/** Winner of a melee may move up to 3". */
export const MELEE_WINNER_MOVE_INCHES = 3
/** An exploding big model: everything within 3" takes a casualty test. */
export const EXPLOSION_RADIUS_INCHES = 3
/** Cost in AP of the 1st, 2nd and 3rd move of one activation. */
export const MOVE_COST_AP = [1, 3, 5] as const
export const MAX_BONUS_DICE = 6
export const COVER_DEFENCE_BONUS = 1

/**
 * The book arms no model: any model takes what it carries from the Armory (read by the setup,
 * systems/arming.ts); a model with no melee weapon still fights, unarmed.
 */
const ARMORY = {
  section: 'Armory',
  quote: 'Ranged Combat: Basic Weapons (Pistol, Rifle, Sub-Machine Gun, Light Machine Gun), Advanced Weapons (Laser Pistol, Laser Rifle, Plasma Pistol, Plasma Rifle), Anti-Vehicle (Rocket Launcher). Melee Combat: Knife, Sword, Spear, Rending Claws.',
  weapons: ['pistol', 'rifle', 'sub-machine-gun', 'light-machine-gun', 'laser-pistol', 'laser-rifle', 'plasma-pistol', 'plasma-rifle', 'rocket-launcher', 'knife', 'sword', 'spear', 'rending-claws'],
} as const

export const catalogue = {
  profiles: {
    'small-model': {
      name: 'Small Models',
      section: SECTION.smallModels,
      stats: { size: 'small' },
      weapons: [],
      keywords: ['small'],
      arming: ARMORY,
    },
    'big-model': {
      name: 'Big Models',
      section: SECTION.bigModels,
      // Armour values are per model; a scene gives them in stats.armour {front, side, rear}.
      stats: { size: 'big', armour: { front: 0, side: 0, rear: 0 } },
      weapons: [],
      keywords: ['big'],
      arming: ARMORY,
    },
  },
  weapons: {
    pistol: { name: 'Pistol', section: SECTION.ranged, kind: 'ranged', profiles: [{ rangeInches: 6, shots: 1 }], ap: 0 },
    rifle: { name: 'Rifle', section: SECTION.ranged, kind: 'ranged', profiles: [{ rangeInches: 18, shots: 1 }], ap: 0 },
    'sub-machine-gun': {
      name: 'Sub-Machine Gun',
      section: SECTION.ranged,
      kind: 'ranged',
      profiles: [{ rangeInches: 18, shots: 1 }, { rangeInches: 6, shots: 2 }],
      ap: 0,
    },
    'light-machine-gun': { name: 'Light Machine Gun', section: SECTION.ranged, kind: 'ranged', profiles: [{ rangeInches: 24, shots: 2 }], ap: 0 },
    'laser-pistol': { name: 'Laser Pistol', section: SECTION.ranged, kind: 'ranged', profiles: [{ rangeInches: null, shots: 1 }], ap: 0 },
    'laser-rifle': { name: 'Laser Rifle', section: SECTION.ranged, kind: 'ranged', profiles: [{ rangeInches: null, shots: 2 }], ap: 1 },
    'plasma-pistol': { name: 'Plasma Pistol', section: SECTION.ranged, kind: 'ranged', profiles: [{ rangeInches: 6, shots: 1 }], ap: 2 },
    'plasma-rifle': { name: 'Plasma Rifle', section: SECTION.ranged, kind: 'ranged', profiles: [{ rangeInches: 18, shots: 1 }], ap: 2 },
    'rocket-launcher': { name: 'Rocket Launcher', section: SECTION.ranged, kind: 'ranged', profiles: [{ rangeInches: 24, shots: 1 }], ap: 8 },
    knife: { name: 'Knife', section: SECTION.melee, kind: 'melee', meleeBonus: 1, reachInches: null, ap: 0 },
    sword: { name: 'Sword', section: SECTION.melee, kind: 'melee', meleeBonus: 2, reachInches: null, ap: 0 },
    spear: { name: 'Spear', section: SECTION.melee, kind: 'melee', meleeBonus: 1, reachInches: 1, shots: 1, ap: 0 },
    'rending-claws': { name: 'Rending Claws', section: SECTION.melee, kind: 'melee', meleeBonus: 2, reachInches: null, ap: 0, removesLoser: true },
    // A model with no melee weapon still fights (the book's melee needs no weapon): unarmed, +0.
    unarmed: { name: 'Unarmed (no melee weapon)', section: SECTION.combatMelee, kind: 'melee', meleeBonus: 0, reachInches: null, ap: 0 },
  },
} as const satisfies Catalogue

/** Armour and equipment a model can carry (scene: stats.equipment = [ids]). */
export const EQUIPMENT = {
  'flak-jacket': { name: 'Flak Jacket', section: SECTION.armour, defenceBonus: 1 },
  'full-body-carapace-armor': { name: 'Full Body Carapace Armor', section: SECTION.armour, defenceBonus: 2 },
  'powered-armor': { name: 'Powered Armor', section: SECTION.armour, defenceBonus: 0, armour: { front: 1, side: 1, rear: 1 } },
} as const

/** Traits (scene: stats.traits = { id: x }; Fast takes true). */
export const TRAITS = {
  fast: { name: 'Fast', section: SECTION.traits },
  tough: { name: 'Tough (x)', section: SECTION.traits },
  'ranged-trained': { name: 'Ranged Trained (x)', section: SECTION.traits },
  'martial-training': { name: 'Martial Training (x)', section: SECTION.traits },
} as const
