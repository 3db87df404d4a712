// What a game built on the Cadence core declares: its catalogue, options, numbers of the attack chain,
// hooks into the core's decisions, auras, extra query handlers. createCadenceSystem (system.ts) turns a
// spec into an engine RuleSystem. See CORE-API.md for how a game uses this.
import type { ZodType } from 'zod'
import type { Modifier, MoveModeDecl, OptionDecl, QueryHandlers, StatusDecl, Table, TableModel, TerrainTypeDecl, Weapon } from '../../engine/index.ts'
import type { CadenceCatalogue } from './types.ts'
import type { ParsedRule } from './specialRules.ts'
import type { AttackChainResult, AttackChainSpec } from './probability/attackChain.ts'

/** A game's additions to the core's game state (gameState.ts): its statuses, the rounds it lasts. */
export type CadenceGameState = { readonly statuses?: readonly StatusDecl[]; readonly rounds?: { readonly count: number; readonly section: string } }

/** A number of the attack chain with the section that prints it. */
export type CitedNumber = { readonly value: number; readonly rule: string }

/**
 * The randomiser and the numbers the attack chain uses. Core values are d6 values; Devil's Bluff
 * replaces them with card values (faces 13, "6" → 13, doubled modifiers, its own counter table).
 */
export type ChainNumbers = {
  /** Equally likely faces of one roll: 6 (d6) or 13 (a card value 1..13 from a full deck). */
  readonly faces: number
  /** "a roll of 6" in this game (Rending, Volley, Close Range Penalty, Inaccurate). */
  readonly topFace: CitedNumber
  /** Faces that always fail ("a roll of 1 always counts as a failure"). */
  readonly alwaysFail: CitedNumber
  readonly closeRangeHitOn: CitedNumber
  readonly rushPenalty: CitedNumber
  readonly heightAdvantage: CitedNumber
  readonly obscuredPenalty: CitedNumber
  readonly accurate: CitedNumber
  readonly inaccurateSkill: CitedNumber
  readonly stealthPenalty: CitedNumber
  readonly coverBonus: CitedNumber
  readonly coverCap: CitedNumber
  readonly shred: CitedNumber
  readonly weakSpot: CitedNumber
  /** Multiplier applied to each point of Piercing (1 in the core). */
  readonly piercingScale: CitedNumber
  /** Counter targets, in the book's row order: half-or-lower, lower, equal, higher, double-or-higher. */
  readonly counterTable: readonly [CitedNumber, CitedNumber, CitedNumber, CitedNumber, CitedNumber]
  /** Secure roll target; null = the securing model's Skill (Devil's Bluff). */
  readonly secureTarget: CitedNumber | null
}

/** Attributes an upgrade may set. */
export type UpgradableStats = { skill: number; defence: number; toughness: number; hitPoints: number; movementInches: number }

/** What the core knows about one model when it resolves a rule (built by modelView.ts). */
export type CadenceModelView = {
  readonly model: TableModel
  readonly command: number | null
  readonly movementInches: number
  readonly skill: number
  readonly defence: number
  readonly toughness: number
  readonly hitPoints: number
  /** Printed special rules + keywords + rules granted by upgrades (spec.upgradeRules). */
  readonly rules: readonly ParsedRule[]
  /** Upgrade ids the model carries (keywords or stats.upgrades). */
  readonly upgrades: readonly string[]
  readonly isVehicle: boolean
  readonly heightLevel: number
}

/** The attack being resolved, as hooks see it. */
export type AttackSituation = {
  readonly table: Table
  readonly attacker: CadenceModelView
  readonly target: CadenceModelView
  readonly targetUnit: readonly CadenceModelView[]
  readonly weapon: Weapon
  readonly weaponRules: readonly ParsedRule[]
  /** Closest distance from the attacker to the target unit, mm. */
  readonly distanceMm: number
  readonly losClass: 'clear' | 'obscured' | 'blocked'
  readonly context: Readonly<Record<string, unknown>>
}

/** A change a game makes to one stage of the chain (Inspiration, Psionic Regeneration, Fire...). */
export type ChainAdjustment = {
  readonly stage: 'attack' | 'defence' | 'counter'
  readonly modifier?: number
  /** Replace the target number (Fire: zombies counter only on 6+). */
  readonly need?: number
  /** Cap the target (never worse than N+). */
  readonly cap?: number
  readonly reroll?: boolean
  /** Faces that always succeed (Psionic Field: a physical 6). */
  readonly alwaysSucceed?: readonly number[]
  /** Read a drawn face as another value (Aces Wild: an Ace counts as 11). */
  readonly faceValue?: (face: number) => number
  readonly source: string
  readonly rule: string
}

/** A change to the line of sight class (Smoke Launchers, Path of the Hunter). */
export type LosAdjustment = { readonly to: 'clear' | 'obscured'; readonly from: 'clear' | 'obscured'; readonly source: string; readonly rule: string }

/** A change to the weapon profile used (Longshot, Long Shot, Overcharge). */
export type WeaponAdjustment = {
  readonly rangeInches?: number
  readonly attacks?: number
  /** Natural 1s hit the attacker (Overcharge). */
  readonly onesHitSelf?: boolean
  readonly source: string
  readonly rule: string
}

export type CadenceHooks = {
  /** Height level of a model (Devil's Bluff: a rider counts as level 1). */
  heightLevel: (table: Table, m: TableModel, base: number) => { level: number; rule?: string }
  /** Movement allowance for a move mode (horses, Runner, Swift Adaptation...). */
  movementInches: (table: Table, v: CadenceModelView, mode: string, base: number) => { inches: number; rules: string[] }
  /** Does the model benefit from Cover terrain? (core: not vehicles; Devil's Bluff: not riders). */
  benefitsFromCover: (table: Table, v: CadenceModelView) => { yes: boolean; rule?: string }
  /** Does the model treat Climbable as Impassable? (vehicles, riders, zombies). */
  climbableIsImpassable: (table: Table, v: CadenceModelView) => { yes: boolean; rule?: string }
  /** Extra changes to the chain from the situation (auras, upgrades, module rules). */
  chainAdjustments: (s: AttackSituation) => ChainAdjustment[]
  /** Changes to the LoS class after the core's own rules. */
  losAdjustments: (s: AttackSituation) => LosAdjustment[]
  /** Changes to the weapon for this attack. */
  weaponAdjustments: (s: AttackSituation, rangeOk: boolean) => WeaponAdjustment[]
  /** Extra reasons the attack is not allowed (Impaired Vision...). */
  attackRestrictions: (s: AttackSituation) => Array<{ code: string; message: string; rule: string }>
  /** Evaluate the chain (Devil's Bluff: card draws without replacement). */
  evaluateChain: (table: Table, chain: AttackChainSpec, context: Readonly<Record<string, unknown>>) => AttackChainResult
  /** Extra result fields for an attack (Survivors: the unreliable-weapon odds). */
  attackExtras: (s: AttackSituation, chain: AttackChainResult | null) => Record<string, unknown>
  /** Is this model an enemy of that one (Survivors: zombies are everyone's enemy)? */
  isEnemy: (a: TableModel, b: TableModel) => boolean
}

/** An area ability answered by the `aura` query. */
export type AuraDecl = {
  readonly name: string
  readonly radiusInches: number
  /** Who it can affect, relative to the source. */
  readonly affects: 'friendly' | 'enemy' | 'any' | 'friendly-units'
  /** Does the source's own unit count? */
  readonly includesOwnUnit: boolean
  /** Which models carry it: a special rule key or upgrade id. */
  readonly carriedBy: readonly string[]
  readonly effect: string
  readonly rule: string
}

export type CadenceSpec = {
  readonly id: string
  readonly title: string
  readonly dice: string
  /** Section of the module's own rules page (for reasons that cite "this game"). */
  readonly moduleSection: string
  readonly catalogue: CadenceCatalogue
  /** Options added to the core's (same names override a core option's default). */
  readonly options: readonly OptionDecl[]
  readonly terrainTypes?: readonly TerrainTypeDecl[]
  readonly numbers?: Partial<ChainNumbers>
  /** Numbers that depend on the options in force (applied over `numbers`). */
  readonly numbersFor?: (table: Table) => Partial<ChainNumbers>
  readonly hooks?: Partial<CadenceHooks>
  readonly auras?: Readonly<Record<string, AuraDecl>>
  /** Upgrade id → new attribute values (e.g. 'thick-carapace-adaptation' → Defence 2, 'swift-adaptation' → Mov + 3). */
  readonly upgradeStats?: Readonly<Record<string, (base: UpgradableStats) => Partial<UpgradableStats>>>
  /** Upgrade id → special rules it grants (e.g. 'adaptive-camo' → ['Stealth (12)']). */
  readonly upgradeRules?: Readonly<Record<string, readonly string[]>>
  /** Attack `context` keys the game adds (zod object shape merged into the core's). */
  readonly contextShape?: Readonly<Record<string, ZodType>>
  readonly queryTypes?: Readonly<Record<string, ZodType>>
  /** Extra handlers, or overrides of the core's (same query type), built with the resolved core. */
  readonly handlers?: (core: CadenceCore) => QueryHandlers
  /** The modes the game's own `reach` (in `handlers`) answers, when it replaces the core's (RuleSystem.moveModes). */
  readonly moveModes?: readonly MoveModeDecl[]
  readonly demoScene: unknown
  /** Modifiers shown for information only. */
  readonly notes?: readonly Modifier[]
  /** The game's additions to the core's game state (issue 33): its statuses, its number of rounds. */
  readonly game?: CadenceGameState
}

/** The core resolved for one game: what a game's own handlers can call. Built by system.ts. */
export type CadenceCore = {
  readonly spec: CadenceSpec
  /** The numbers without options applied (spec.numbers over the core's). */
  readonly numbers: ChainNumbers
  /** The numbers in force for a table (spec.numbersFor applied). */
  readonly numbersAt: (table: Table) => ChainNumbers
  readonly hooks: CadenceHooks
  /** The option values in force. */
  readonly options: (table: Table) => Readonly<Record<string, string | number | boolean>>
  readonly view: (table: Table, m: TableModel) => CadenceModelView
  readonly isEnemy: (a: TableModel, b: TableModel) => boolean
}
