// Operator Tactics: Skirmish — operator and weapon profiles, transcribed from the field manual
// (../shared/seeds/003_2bd7d9481ff75561.txt). Sections are the book's chapter numbers plus the
// heading the entry is printed under; `line` is the line of the source text file (citation L###).
// Iron Line's profiles live in src/systems/iron-line/ (not here): the two games share no stat lines.

/** The book's five-step rating for SHOOT, FIGHT, TACT, OPINT, GUTS (§03: "Good (2+), Ordinary (4+), or Bad (5+)"). */
export type Rating = 'Good' | 'Ordinary' | 'Bad'

/** Threshold number of each rating (§02 Shooting: "Good = 2+. Ordinary = 4+. Bad = 5+."). */
export const RATING_THRESHOLD: Readonly<Record<Rating, number>> = { Good: 2, Ordinary: 4, Bad: 5 }

export type ArmorId = 'none' | 'light-vest' | 'medium-rig' | 'heavy-plate'

export type ArmorProfile = {
  id: ArmorId
  name: string
  section: string
  line: number
  /** Armor rating added to the shooter's threshold (§02 Shooting) and beaten by the melee armor check. */
  AR: number
  /** MOBI change printed in the armor's properties. */
  mobiModifierInches: number
  /** "threshold 7+" printed as a property (only Heavy Plate); see option `heavyPlateThreshold`. */
  printedThreshold?: number
}

/** §02 Armor (L291–297). */
export const ARMOR: Readonly<Record<ArmorId, ArmorProfile>> = {
  none: { id: 'none', name: 'None', section: '§02 Armor', line: 293, AR: 0, mobiModifierInches: 0 },
  'light-vest': { id: 'light-vest', name: 'Light Vest', section: '§02 Armor', line: 294, AR: 1, mobiModifierInches: 0 },
  'medium-rig': { id: 'medium-rig', name: 'Medium Rig', section: '§02 Armor', line: 295, AR: 2, mobiModifierInches: 0 },
  'heavy-plate': {
    id: 'heavy-plate',
    name: 'Heavy Plate',
    section: '§02 Armor',
    line: 296,
    AR: 3,
    mobiModifierInches: -1,
    printedThreshold: 7,
  },
}

export type WeaponKind = 'ranged' | 'melee' | 'grenade' | 'charge' | 'gear'

export type WeaponProfile = {
  id: string
  name: string
  section: string
  line: number
  kind: WeaponKind
  /** Maximum range in inches as printed; absent where the book prints none (melee, gear, grenades). */
  rangeInches?: number
  /** "+1 melee": added to the opposed melee roll (§02 Melee step 2 gives +1 for any melee weapon). */
  meleeBonus?: number
  /** Anti-Armor melee weapon: treats Heavy Plate as AR 2 for the melee armor check (§02 Melee). */
  antiArmor?: boolean
  /** A Shoot bonus that applies only within a distance, e.g. the Breacher's shotgun "+1 within 6"". */
  closeBonus?: { bonus: number; withinInches: number }
  /** WREN's precision carbine: "+1 to called shots" (the book never defines a called shot). */
  calledShotBonus?: number
  /** Blast radius in inches for grenades and charges (§02 Grenades "3" blast"). */
  blastInches?: number
  /** Printed keywords, e.g. "Silenced". */
  tags?: readonly string[]
  /** Printed count, e.g. "frag ×1". */
  count?: number
  note?: string
}

const weaponList: readonly WeaponProfile[] = [
  // §03 Commando (L418)
  { id: 'assault-rifle', name: 'Assault rifle', section: '§03 Commando', line: 420, kind: 'ranged', rangeInches: 24 },
  { id: 'sidearm', name: 'Sidearm', section: '§03 Commando', line: 420, kind: 'ranged', rangeInches: 12,
    note: 'Every class carries a sidearm (12"); one shared profile.' },
  { id: 'frag', name: 'Frag', section: '§02 Grenades', line: 325, kind: 'grenade', blastInches: 3, count: 1,
    note: 'Printed "frag ×1" in the Commando and Breacher loadouts; resolved by §02 Grenades (TACT 4+, 3" blast, ignores cover). No throw range is printed.' },
  { id: 'combat-knife', name: 'Combat knife', section: '§03 Commando', line: 420, kind: 'melee', meleeBonus: 1 },
  // §03 Marksman (L432)
  { id: 'marksman-rifle', name: 'Marksman rifle', section: '§03 Marksman', line: 434, kind: 'ranged', rangeInches: 36 },
  { id: 'smoke', name: 'Smoke', section: '§03 Marksman', line: 434, kind: 'gear',
    note: 'Size, LoS effect and duration are not printed; §02 The Round says only "Smoke dissipates" in the End Phase.' },
  // §03 Infiltrator (L448)
  { id: 'suppressed-smg', name: 'Suppressed SMG', section: '§03 Infiltrator', line: 448, kind: 'ranged', rangeInches: 18,
    tags: ['Silenced'] },
  { id: 'concussion-grenade', name: 'Concussion grenade', section: '§03 Infiltrator', line: 448, kind: 'grenade',
    blastInches: 3, count: 1,
    note: 'Effect not printed; treated with the §02 Grenades rules (3" blast) until a table decides otherwise.' },
  // §03 Breacher (L462) and §02 Melee (L289)
  { id: 'shotgun', name: 'Shotgun', section: '§03 Breacher', line: 462, kind: 'ranged', rangeInches: 12,
    closeBonus: { bonus: 1, withinInches: 6 } },
  { id: 'breaching-charges', name: 'Breaching charges', section: '§03 Breacher', line: 460, kind: 'charge', blastInches: 3,
    count: 2, note: 'Demo charge: placed, TACT 4+, 3" blast, frag effect (§03 Breacher BREACH).' },
  { id: 'combat-kit', name: "Breacher's combat kit", section: '§02 Melee', line: 289, kind: 'melee', meleeBonus: 1,
    antiArmor: true,
    note: 'Breaching hammer, demo-charge pick, cutting torch: "counts as an Anti-Armor melee weapon". Not in the printed Breacher loadout line, but the Breach tag gives it to every Breacher.' },
  // §03 Medic (L476)
  { id: 'medical-kit', name: 'Medical kit', section: '§03 Medic', line: 476, kind: 'gear' },
  // §03 Tech Specialist (L490)
  { id: 'hacking-kit', name: 'Hacking kit', section: '§03 Tech Specialist', line: 490, kind: 'gear' },
  { id: 'recon-drone', name: 'Recon drone', section: '§03 Tech Specialist', line: 490, kind: 'gear', rangeInches: 8,
    note: '"8" range, LoS, 1 action to deploy"; its effect is not printed.' },
  // §25 Convention pre-gens (L2215, L2229, L2243)
  { id: 'compact-carbine', name: 'Compact carbine', section: '§25 HAMMER', line: 2215, kind: 'ranged', rangeInches: 18 },
  { id: 'breach-toolkit', name: 'Breach toolkit', section: '§25 HAMMER', line: 2215, kind: 'gear' },
  { id: 'stun-charge', name: 'Stun charge', section: '§25 HAMMER', line: 2215, kind: 'gear', note: 'Effect not printed.' },
  { id: 'precision-carbine', name: 'Precision carbine', section: '§25 WREN', line: 2229, kind: 'ranged', rangeInches: 24,
    calledShotBonus: 1, note: '"+1 to called shots": read as +1 to a Shoot that follows Call the Target.' },
  { id: 'scope', name: 'Scope', section: '§25 WREN', line: 2229, kind: 'gear' },
  { id: 'signal-jammer', name: 'Signal jammer', section: '§25 WREN', line: 2229, kind: 'gear' },
  { id: 'access-toolkit', name: 'Access toolkit', section: '§25 CATALYST', line: 2243, kind: 'gear' },
  { id: 'encryption-breaker', name: 'Encryption breaker', section: '§25 CATALYST', line: 2243, kind: 'gear' },
]

export const WEAPONS: Readonly<Record<string, WeaponProfile>> = Object.fromEntries(weaponList.map((w) => [w.id, w]))

export type OperatorProfile = {
  id: string
  name: string
  section: string
  line: number
  /** The §03 class this profile belongs to (class limit, class abilities). */
  className: 'Commando' | 'Marksman' | 'Infiltrator' | 'Breacher' | 'Medic' | 'Tech Specialist'
  /** Points as printed; absent for convention pre-gens and NPCs. */
  points?: number
  SHOOT: Rating
  FIGHT: Rating
  TACT: Rating
  OPINT: Rating
  GUTS: Rating
  /** MOBI as printed (inches per Move). */
  mobiInches: number
  armor: ArmorId
  /** Weapon and gear ids in printed order. */
  loadout: readonly string[]
  /** Class abilities by name (resolved in the rules modules). */
  abilities: readonly string[]
  note?: string
}

const operatorList: readonly OperatorProfile[] = [
  { id: 'commando', name: 'Commando', section: '§03 Commando', line: 410, className: 'Commando', points: 100,
    SHOOT: 'Good', FIGHT: 'Good', TACT: 'Ordinary', OPINT: 'Bad', GUTS: 'Ordinary', mobiInches: 6, armor: 'medium-rig',
    loadout: ['assault-rifle', 'sidearm', 'frag', 'combat-knife'], abilities: ['rapid-fire'] },
  { id: 'marksman', name: 'Marksman', section: '§03 Marksman', line: 424, className: 'Marksman', points: 110,
    SHOOT: 'Good', FIGHT: 'Bad', TACT: 'Ordinary', OPINT: 'Ordinary', GUTS: 'Ordinary', mobiInches: 5, armor: 'light-vest',
    loadout: ['marksman-rifle', 'sidearm', 'smoke'], abilities: ['steady-aim'] },
  { id: 'infiltrator', name: 'Infiltrator', section: '§03 Infiltrator', line: 438, className: 'Infiltrator', points: 100,
    SHOOT: 'Ordinary', FIGHT: 'Ordinary', TACT: 'Good', OPINT: 'Ordinary', GUTS: 'Ordinary', mobiInches: 7,
    armor: 'light-vest', loadout: ['suppressed-smg', 'sidearm', 'concussion-grenade', 'combat-knife'],
    abilities: ['ghost'] },
  { id: 'breacher', name: 'Breacher', section: '§03 Breacher', line: 452, className: 'Breacher', points: 110,
    SHOOT: 'Ordinary', FIGHT: 'Good', TACT: 'Good', OPINT: 'Bad', GUTS: 'Good', mobiInches: 5, armor: 'heavy-plate',
    loadout: ['shotgun', 'sidearm', 'frag', 'breaching-charges', 'combat-kit'], abilities: ['breach'],
    note: 'MOBI 5" is printed next to "Heavy Plate (AR 3, -1 MOBI)"; option `heavyPlateMobi` decides whether 5" already includes the −1.' },
  { id: 'medic', name: 'Medic', section: '§03 Medic', line: 466, className: 'Medic', points: 90,
    SHOOT: 'Bad', FIGHT: 'Bad', TACT: 'Ordinary', OPINT: 'Good', GUTS: 'Good', mobiInches: 6, armor: 'light-vest',
    loadout: ['sidearm', 'medical-kit', 'smoke'], abilities: ['triage'], note: 'Smoke ×2.' },
  { id: 'tech-specialist', name: 'Tech Specialist', section: '§03 Tech Specialist', line: 480,
    className: 'Tech Specialist', points: 100,
    SHOOT: 'Bad', FIGHT: 'Bad', TACT: 'Ordinary', OPINT: 'Good', GUTS: 'Ordinary', mobiInches: 6, armor: 'light-vest',
    loadout: ['sidearm', 'hacking-kit', 'smoke', 'recon-drone'], abilities: ['override'] },
  // §25 Convention module pre-generated operators.
  { id: 'hammer', name: 'HAMMER — Reeves Cole', section: '§25 HAMMER', line: 2207, className: 'Breacher',
    SHOOT: 'Ordinary', FIGHT: 'Good', TACT: 'Good', OPINT: 'Bad', GUTS: 'Good', mobiInches: 5, armor: 'heavy-plate',
    loadout: ['compact-carbine', 'sidearm', 'breach-toolkit', 'stun-charge', 'breaching-charges', 'combat-knife'],
    abilities: ['through-the-door'] },
  { id: 'wren', name: 'WREN — Kaia Asakawa', section: '§25 WREN', line: 2221, className: 'Marksman',
    SHOOT: 'Good', FIGHT: 'Bad', TACT: 'Ordinary', OPINT: 'Ordinary', GUTS: 'Ordinary', mobiInches: 5, armor: 'light-vest',
    loadout: ['precision-carbine', 'scope', 'sidearm', 'signal-jammer', 'smoke'],
    abilities: ['low-light-optics', 'high-anchor'] },
  { id: 'catalyst', name: 'CATALYST — Marcus Webb', section: '§25 CATALYST', line: 2237, className: 'Tech Specialist',
    SHOOT: 'Ordinary', FIGHT: 'Ordinary', TACT: 'Ordinary', OPINT: 'Good', GUTS: 'Ordinary', mobiInches: 6,
    armor: 'light-vest',
    loadout: ['sidearm', 'access-toolkit', 'encryption-breaker', 'hacking-kit', 'smoke', 'recon-drone'],
    abilities: ['trained-up', 'reroute'] },
  { id: 'enforcer', name: 'Enforcer', section: '§25 Sector 2', line: 2277, className: 'Commando',
    SHOOT: 'Good', FIGHT: 'Good', TACT: 'Ordinary', OPINT: 'Bad', GUTS: 'Ordinary', mobiInches: 6, armor: 'medium-rig',
    loadout: ['assault-rifle', 'sidearm', 'frag', 'combat-knife'], abilities: ['rapid-fire'],
    note: '"One Enforcer (Commando stat line)": the Commando profile under another name.' },
]

export const OPERATORS: Readonly<Record<string, OperatorProfile>> = Object.fromEntries(operatorList.map((o) => [o.id, o]))

/** §01 / §04 squad formats (L218–220, L522). */
export const FORMATS = {
  small: { name: 'Small', points: 300, minOperators: 3, maxOperators: 4, section: '§01 Setup at a glance', line: 218 },
  standard: { name: 'Standard', points: 400, minOperators: 3, maxOperators: 6, section: '§01 Setup at a glance', line: 219 },
  large: { name: 'Large', points: 500, minOperators: 5, maxOperators: 6, section: '§01 Setup at a glance', line: 220 },
  extendedLoadouts: { name: 'Extended Loadouts', points: 420, minOperators: 4, maxOperators: 6, section: '§04 Advanced modules', line: 540 },
  crackerjack: { name: 'Crackerjack', points: 500, minOperators: 5, maxOperators: 5, section: '§26 Squad format', line: 2380 },
} as const

/** "No more than two of any single class" (§04 Building a splice, L524; §26 Squad format). */
export const MAX_PER_CLASS = 2
