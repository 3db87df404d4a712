// Skrapyard catalogue: everything the Raw Rules print as data.
// The Raw Rules print no unit profiles, no named characters and no weapon stat tables ("this document
// also doesn't include rules for designing skrapgangs, for heroes or for campaigns", introduction).
// What the book does print: base sizes (§2.3), the stature of an adult human (§3.1.2), one example
// figure (the S9 rifleman, §13.6.2), four classes of shooting weapon (§13.1, §13.6), five kinds of
// combat weapon (§14.4), the feats (§18.3) and the magic feats (§19.5). Profiles leave unprinted
// characteristics undefined: a scene gives them inline (`stats`), which always wins over this file.
import { own } from '../../engine/index.ts'

/** A character's characteristics (§6.1, §8.1). Only heroes have R (§6.1.5). */
export type Characteristics = {
  /** Fight, 3–10 (§6.1.1). */
  readonly F?: number
  /** Shoot, 3–10; also sets range (§6.1.2, §13.2). */
  readonly S?: number
  /** Armour, 3–10 (§6.1.3). */
  readonly A?: number
  /** Discipline, 3–10 (§6.1.4). */
  readonly D?: number
  /** Resolve: a pool of feat points, heroes only (§6.1.5). */
  readonly R?: number
  /** Stature 0–6, never tested (§8.1). */
  readonly stature?: number
}

export type Profile = {
  readonly id: string
  readonly name: string
  readonly section: string
  readonly stats: Characteristics
  /** Suggested minimum base diameter, mm (§2.3). */
  readonly baseMinMm: number
  /** Weapon ids carried besides the basic weapons everyone has (§13.1, §14.4). */
  readonly weapons: readonly string[]
  readonly note: string
}

export const PROFILES: readonly Profile[] = [
  {
    id: 'adult-human',
    name: 'adult human',
    section: '§3.1.2',
    stats: { stature: 2 },
    baseMinMm: 25,
    weapons: [],
    note: 'Stature 2 (§3.1.2) on a base at least 25 mm wide (§2.3.1); eye level 40 mm at the reference scale (§2.2). F, S, A, D are not printed.',
  },
  {
    id: 'juvenile-human',
    name: 'juvenile human',
    section: '§2.3.2',
    stats: { stature: 1 },
    baseMinMm: 20,
    weapons: [],
    note: 'Base at least 20 mm (§2.3.2). Stature 1 is implied (smaller than an adult, §12.3.1 names stature-1 characters) but not printed. F, S, A, D are not printed.',
  },
  {
    id: 'rifleman',
    name: 'rifleman',
    section: '§13.6.2',
    stats: { S: 9, stature: 2 },
    baseMinMm: 25,
    weapons: ['long-ranged'],
    note: '"So a rifleman with S9 may shoot up to 27" without modifier, and up to 36" with an increasing modifier" (§13.6.2): S9 with an l weapon. Stature 2 assumed (a man); F, A, D are not printed.',
  },
]

/** Shooting weapon classes (§13.1, §13.6). S_r is S after the pre-range modifiers (§13.3.1). */
export type RangedWeapon = {
  readonly kind: 'ranged'
  readonly id: string
  readonly name: string
  readonly section: string
  /** Letter the book uses for the class (§13.6), '' for the basic weapon. */
  readonly code: '' | 'm' | 'l' | 's'
  /** Maximum range = rangeMultiplier × S_r inches. */
  readonly rangeMultiplier: number
  /** The §13.3.3.1 range penalty applies only beyond penaltyFromMultiplier × S_r inches. */
  readonly penaltyFromMultiplier: number
  /** Sniper: −1 per inch the range is less than S_r (§13.6.3). */
  readonly shortRangePenalty: boolean
  /** May not shoot if the character moved this turn, involuntary movement included (§13.6.2.1, §13.6.3.1). */
  readonly forbiddenAfterMoving: boolean
  /** Whether the standing modifier (§13.3.2.1) can apply (not for l and s: §13.6.2.2, §13.6.3.2). */
  readonly standingModifier: boolean
  /** Hit effects: A modifier on the target's A test, and whether a failed A test removes outright. */
  readonly targetArmourModifier: number
  readonly removesOnFailedArmour: boolean
  readonly note: string
}

export type CombatWeapon = {
  readonly kind: 'combat'
  readonly id: string
  readonly name: string
  readonly section: string
  /** Modifier to the wielder's F (great weapon −1, §14.4.4). */
  readonly fightModifier: number
  /** Modifier to the target's A on a hit (great weapon −2, §14.4.4). */
  readonly targetArmourModifier: number
  /** A hit causes no A test and no wound (net §14.4.1, blade-breaker §14.4.3). */
  readonly noArmourTest: boolean
  readonly note: string
}

export type Weapon = RangedWeapon | CombatWeapon

export const RANGED_WEAPONS: readonly RangedWeapon[] = [
  {
    kind: 'ranged',
    id: 'basic-weapon',
    name: 'basic weapon',
    section: '§13.1',
    code: '',
    rangeMultiplier: 2,
    penaltyFromMultiplier: 1,
    shortRangePenalty: false,
    forbiddenAfterMoving: false,
    standingModifier: true,
    targetArmourModifier: 0,
    removesOnFailedArmour: false,
    note: 'Every character has one, "even if it is only rocks" (§13.1). Range up to twice S (§13.2); −1 per inch beyond S (§13.3.3.1).',
  },
  {
    kind: 'ranged',
    id: 'medium-ranged',
    name: 'medium-ranged',
    section: '§13.6.1',
    code: 'm',
    rangeMultiplier: 3,
    penaltyFromMultiplier: 2,
    shortRangePenalty: false,
    forbiddenAfterMoving: false,
    standingModifier: true,
    targetArmourModifier: 0,
    removesOnFailedArmour: false,
    note: 'Up to three times S; the range modifier only beyond twice S (§13.6.1).',
  },
  {
    kind: 'ranged',
    id: 'long-ranged',
    name: 'long-ranged',
    section: '§13.6.2',
    code: 'l',
    rangeMultiplier: 4,
    penaltyFromMultiplier: 3,
    shortRangePenalty: false,
    forbiddenAfterMoving: true,
    standingModifier: false,
    targetArmourModifier: 0,
    removesOnFailedArmour: false,
    note: 'Up to four times S; the range modifier only beyond three times S (§13.6.2). Not after moving (§13.6.2.1); no standing modifier (§13.6.2.2).',
  },
  {
    kind: 'ranged',
    id: 'sniper',
    name: 'sniper',
    section: '§13.6.3',
    code: 's',
    rangeMultiplier: 5,
    penaltyFromMultiplier: 4,
    shortRangePenalty: true,
    forbiddenAfterMoving: true,
    standingModifier: false,
    targetArmourModifier: 0,
    removesOnFailedArmour: false,
    note: 'Up to five times S; the range modifier beyond four times S and also −1 per inch below S (§13.6.3). Not after moving (§13.6.3.1); no standing modifier (§13.6.3.2).',
  },
  {
    kind: 'ranged',
    id: 'aethyric-arc',
    name: 'Aethyric arc',
    section: '§19.5.7',
    code: '',
    rangeMultiplier: 2,
    penaltyFromMultiplier: 1,
    shortRangePenalty: false,
    forbiddenAfterMoving: false,
    standingModifier: true,
    targetArmourModifier: -2,
    removesOnFailedArmour: true,
    note: 'A magic feat made as "a basic shooting attack": on a hit the target\'s A is −2 and a failed A test removes it "without a chance to recover" (§19.5.7). Costs 1 R and needs a passed D test first (§19.3); that test is not part of the hit chance.',
  },
]

export const COMBAT_WEAPONS: readonly CombatWeapon[] = [
  {
    kind: 'combat',
    id: 'basic-combat-weapon',
    name: 'basic weapon (combat)',
    section: '§14.4',
    fightModifier: 0,
    targetArmourModifier: 0,
    noArmourTest: false,
    note: '"knives, swords, axes, cudgels, clubs, sticks, broken bottles and suchlike. All of these are simply \'basic\' weapons" (§14.4). The default in combat (§14.5).',
  },
  {
    kind: 'combat',
    id: 'net',
    name: 'Nets',
    section: '§14.4.1',
    fightModifier: 0,
    targetArmourModifier: 0,
    noArmourTest: true,
    note: 'A hit: no A test, not wounded; the target cannot be activated in its next turn while the net-wielder stays in base contact (§14.4.1).',
  },
  {
    kind: 'combat',
    id: 'spear',
    name: 'Spears',
    section: '§14.4.2',
    fightModifier: 0,
    targetArmourModifier: 0,
    noArmourTest: false,
    note: 'A supporting spear may instead attack an opposing character in front of it that is in base contact with a character the spear-armed character also touches; it still does not count as engaged (§14.4.2).',
  },
  {
    kind: 'combat',
    id: 'blade-breaker',
    name: 'Blade-breakers',
    section: '§14.4.3',
    fightModifier: 0,
    targetArmourModifier: 0,
    noArmourTest: true,
    note: 'A hit does no damage and no A test; later attacks on the victim get +1 F until the wielder\'s next activation (§14.4.3).',
  },
  {
    kind: 'combat',
    id: 'great-weapon',
    name: 'Great weapons',
    section: '§14.4.4',
    fightModifier: -1,
    targetArmourModifier: -2,
    noArmourTest: false,
    note: '−1 to the wielder\'s F; −2 to the target\'s A if it hits (§14.4.4).',
  },
]

/** Short names the book uses for the advanced shooting classes (§13.6). */
export const WEAPON_ALIASES: Readonly<Record<string, string>> = {
  basic: 'basic-weapon',
  m: 'medium-ranged',
  l: 'long-ranged',
  s: 'sniper',
  medium: 'medium-ranged',
  long: 'long-ranged',
}

/** Area obstacle densities (§12.9.1) and the die that reduces the total distance moved. */
export type AreaDensity = {
  readonly id: 'difficult' | 'severe' | 'extreme' | 'impassable'
  readonly section: string
  /** Faces of the reducing die (D3, D6, D12), 0 for impassable. */
  readonly reductionDie: 0 | 3 | 6 | 12
  readonly examples: string
}

export const AREA_DENSITIES: readonly AreaDensity[] = [
  { id: 'difficult', section: '§12.9.4', reductionDie: 3, examples: 'very long grass, close-set trees, stairs or scree' },
  { id: 'severe', section: '§12.9.5', reductionDie: 6, examples: 'dense undergrowth, steep slopes, broken stairs or rocks' },
  { id: 'extreme', section: '§12.9.6', reductionDie: 12, examples: 'short cliffs, deep water or complex defences' },
  { id: 'impassable', section: '§12.9.7', reductionDie: 0, examples: 'may not be moved through' },
]

/** Feats (§18.3) and magic feats (§19.5). `radius` names what sets an area, when the feat has one. */
export type Feat = {
  readonly id: string
  readonly name: string
  readonly section: string
  readonly magic: boolean
  /** Who it reaches: characters in formation with the hero, within the hero's D in inches, or in LoS. */
  readonly reach: 'formation' | 'discipline-inches' | 'line-of-sight' | 'self'
  readonly effect: string
}

export const FEATS: readonly Feat[] = [
  { id: 'fight', name: 'Fight', section: '§18.3.1', magic: false, reach: 'formation', effect: 'If the hero scores a hit, engaged followers in formation pass attack tests this turn.' },
  { id: 'shoot', name: 'Shoot', section: '§18.3.2', magic: false, reach: 'formation', effect: 'Instead of shooting: if the hero passes an S test, followers in formation automatically pass S tests this turn. Needs no LoS or range.' },
  { id: 'armour', name: 'Armour', section: '§18.3.3', magic: false, reach: 'formation', effect: 'Followers in formation may re-roll failed A tests for the rest of the turn.' },
  { id: 'discipline', name: 'Discipline', section: '§18.3.4', magic: false, reach: 'discipline-inches', effect: 'Friendly characters or teams within the hero\'s D in inches may re-roll failed D tests for the rest of the turn.' },
  { id: 'resolve', name: 'Resolve', section: '§18.3.5', magic: false, reach: 'self', effect: 'D test: pass gains +2 R up to the starting R.' },
  { id: 'movement', name: 'Movement', section: '§18.3.6', magic: false, reach: 'discipline-inches', effect: 'A character or team within the hero\'s D in inches, not wounded or retreating, moves up to D6" at once; no base contact with opponents.' },
  { id: 'magic', name: 'Magic', section: '§18.3.7', magic: false, reach: 'self', effect: 'Gives access to the magic feats (§19.0).' },
  { id: 'distract', name: 'Distract', section: '§19.5.1', magic: true, reach: 'line-of-sight', effect: 'Enemy character or team in LoS: −2 F in its next activation phase.' },
  { id: 'enchant', name: 'Enchant', section: '§19.5.2', magic: true, reach: 'line-of-sight', effect: 'Enemy character or team in LoS: −2 S in its next activation phase.' },
  { id: 'jinx', name: 'Jinx', section: '§19.5.3', magic: true, reach: 'line-of-sight', effect: 'Enemy character or team in LoS: −2 A in its next activation phase.' },
  { id: 'torment', name: 'Torment', section: '§19.5.4', magic: true, reach: 'line-of-sight', effect: 'Enemy character or team in LoS: −2 D in its next activation phase.' },
  { id: 'leech', name: 'Leech', section: '§19.5.5', magic: true, reach: 'line-of-sight', effect: 'Enemy hero in LoS: 1 R moves to the magic-user.' },
  { id: 'ensnare', name: 'Ensnare', section: '§19.5.6', magic: true, reach: 'line-of-sight', effect: 'Opposing character or team in LoS: its next movement is reduced by D12", minimum 0.' },
  { id: 'aethyric-arc', name: 'Aethyric arc', section: '§19.5.7', magic: true, reach: 'line-of-sight', effect: 'A basic shooting attack; on a hit A −2, failed A test removes.' },
  { id: 'aethyric-flight', name: 'Aethyric flight', section: '§19.5.8', magic: true, reach: 'self', effect: 'The magic-user may fly (§12.7) this activation phase.' },
]

export function findProfile(id: string): Profile | undefined {
  return PROFILES.find((p) => p.id === id)
}

export function findWeapon(id: string): Weapon | undefined {
  const canonical = own(WEAPON_ALIASES, id) ?? id
  return RANGED_WEAPONS.find((w) => w.id === canonical) ?? COMBAT_WEAPONS.find((w) => w.id === canonical)
}

export function findFeat(id: string): Feat | undefined {
  return FEATS.find((f) => f.id === id)
}
