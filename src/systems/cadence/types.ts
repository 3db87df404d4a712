// Typed shapes of the Cadence catalogue data (core and every game built on it).
// Field names follow the book's attribute list (core-rules/basic-rules.html#model-attributes, #weapons);
// lengths carry their unit in the name. Target numbers are stored as printed without the "+"
// (Skl 3+ → skill: 3). Profiles are transcribed from the site's search index, section = page#anchor.

/** A model profile row as printed in an army list, gang list or team list. */
export type CadenceModelProfile = {
  /** kebab-case of the printed name. */
  readonly id: string
  /** The name as printed. */
  readonly name: string
  /** Where the row is printed: `page#anchor`. */
  readonly section: string
  /** Command (Cmd): actions per round. `null` where the book prints "x" (Survivors zombies). */
  readonly command: number | null
  /** Movement (Mov), inches. */
  readonly movementInches: number
  /** Skill (Skl): attack target number (printed "3+" → 3). */
  readonly skill: number
  /** Defence (Def): defence target number (printed "4+" → 4). */
  readonly defence: number
  /** Toughness (Tgh). */
  readonly toughness: number
  /** Hit Points (HP). */
  readonly hitPoints: number
  /** Special rules exactly as printed, one entry per rule, e.g. `['Platform (1)', 'Steady']`. */
  readonly specialRules: readonly string[]
  /** Points (Fracture) or cost (dollars in Devil's Bluff, points in Survivors); null where none is printed. */
  readonly points: number | null
  /** Army / gang / group the row belongs to (kebab-case), when the game has several lists. */
  readonly army?: string
  /** Unit entry the row is printed under (e.g. "Warlord" for "Warlord in Juggernaut Armour"). */
  readonly unit?: string
  /** Printed unit composition (e.g. "5-10"). */
  readonly composition?: string
  /** Other printed columns or notes (Devil's Bluff "Count", kit allowances, source typos). */
  readonly note?: string
}

/** A weapon profile row. The book's column order is Rng Att Dmg Prc. */
export type CadenceWeaponProfile = {
  readonly id: string
  readonly name: string
  readonly section: string
  /** Range (Rng), inches: attacks need a distance strictly less than this. */
  readonly rangeInches: number
  /** Attacks (Att): attack rolls per model. */
  readonly attacks: number
  /** Damage (Dmg): compared with Toughness for the counter roll. */
  readonly damage: number
  /** Piercing (Prc): subtracted from defence rolls. */
  readonly piercing: number
  /** Special rules exactly as printed. */
  readonly specialRules: readonly string[]
  readonly points: number | null
  readonly army?: string
  /** Weapon list the row is printed in (e.g. "Mounted Secondary Weapons"). */
  readonly list?: string
  readonly note?: string
}

/** An upgrade / equipment / skill row (effects kept as printed text; rules code reads them by id). */
export type CadenceUpgrade = {
  readonly id: string
  readonly name: string
  readonly section: string
  readonly effect: string
  readonly points: number | null
  readonly army?: string
  /** Survivors prints a type column (Equipment / Skill). */
  readonly kind?: string
}

/** A special rule as printed in a rules appendix or module page. */
export type CadenceSpecialRuleText = {
  readonly id: string
  readonly name: string
  readonly section: string
  readonly text: string
  /** Which table it is printed in. */
  readonly applies: 'unit' | 'weapon' | 'module'
}

/** A named number from the book. */
export type CadenceConstant = {
  readonly value: number
  readonly unit: 'inches' | 'degrees' | 'modifier' | 'target' | 'count' | 'rounds' | 'mm'
  readonly section: string
  readonly quote: string
}

export type CadenceCatalogue = {
  readonly models: readonly CadenceModelProfile[]
  readonly weapons: readonly CadenceWeaponProfile[]
  readonly upgrades: readonly CadenceUpgrade[]
  readonly specialRules: readonly CadenceSpecialRuleText[]
}
