// Operator Tactics: Skirmish — every ambiguity of the book as a named option with a documented default.
// A scene sets them under `options` by these names; rulings list the options they used.
// Modules a table turns on (Vertical Pressure, Convention, Crackerjack) are options too (§06A, §25, §26).

export type OptionSpec<T> = {
  name: string
  /** Allowed values, for a choice; absent for a free number or boolean (then `type`). */
  values?: readonly T[]
  type?: 'number' | 'boolean'
  default: T
  section: string
  note: string
}

const choice = <const T extends string>(spec: {
  name: string
  values: readonly T[]
  default: NoInfer<T>
  section: string
  note: string
}): OptionSpec<T> => spec
const flag = (spec: { name: string; default: boolean; section: string; note: string }): OptionSpec<boolean> => ({
  ...spec,
  type: 'boolean',
})
const num = (spec: { name: string; default: number; section: string; note: string }): OptionSpec<number> => ({
  ...spec,
  type: 'number',
})

export const OPTION_SPECS = {
  // ── Measurement ────────────────────────────────────────────────────────────────────────────────
  measure: choice({
    name: 'measure',
    values: ['3d', '2d'],
    default: '3d',
    section: 'Conventions used',
    note: '"from nearest point of a base to nearest point of a target": the book never says horizontal. 3d measures the real nearest points (a model on a roof is farther); 2d ignores height (the digest\'s suggestion).',
  }),
  rangeInclusive: flag({
    name: 'rangeInclusive',
    default: true,
    section: '§02 Actions',
    note: '"within weapon range": exactly at maximum range counts as in range (meet-or-beat spirit; Close Quarters "≤6"" is printed inclusive).',
  }),
  contactRule: choice({
    name: 'contactRule',
    values: ['within-1-if-either-has-base', 'within-1-if-either-base-less', 'within-1-always', 'base-to-base'],
    default: 'within-1-if-either-has-base',
    section: '§02 Actions',
    note: 'Fight: "base-to-base, or within 1" if either model has a base" (L248); §02 Melee step 1 says "uses a separate base" (L281), the same sense. The digest suggests the Iron Line reading (base-less); the book text wins. Every scene model has a base, so the default is "within 1"".',
  }),
  contactToleranceMm: num({
    name: 'contactToleranceMm',
    default: 1,
    section: '§02 Melee',
    note: 'Base-to-base from a camera: a gap up to this many mm counts as touching (only used by contactRule "base-to-base" and Hardpoint contact).',
  }),
  adjacentInches: num({
    name: 'adjacentInches',
    default: 1,
    section: '§03 Medic',
    note: '"Adjacent" (Triage, Override, Body Shield, HVT contact) is never defined in inches; default: within 1", the same allowance as melee contact.',
  }),

  // ── Line of sight and cover ────────────────────────────────────────────────────────────────────
  losBlockers: choice({
    name: 'losBlockers',
    values: ['full', 'full-and-impassable'],
    default: 'full',
    section: '§06 Line of sight',
    note: '"If solid terrain breaks the line, no LoS" and only Full Cover "Blocks LoS". Impassable is not said to block; maps draw "full cover or impassable" in one colour, hence the alternative. Smoke (size never printed) blocks when a scene places it as terrain type "smoke".',
  }),
  losHeight: choice({
    name: 'losHeight',
    values: ['base', 'eye'],
    default: 'base',
    section: '§06 Line of sight',
    note: '"Measured center of base to center of base": the line runs between the base centres at base height. "eye" lifts both ends to the models\' eye heights.',
  }),
  coverTest: choice({
    name: 'coverTest',
    values: ['near-target', 'in-or-touching', 'any-crossed'],
    default: 'near-target',
    section: '§06 Terrain types',
    note: 'The book never says when a target is "in" Light/Heavy Cover. near-target: a cover piece crossed by the LoS sampling within coverNearInches of the target, or one the target stands in/touches; in-or-touching: only pieces the target base is in or touches; any-crossed: any cover piece the line crosses.',
  }),
  coverNearInches: num({
    name: 'coverNearInches',
    default: 1,
    section: '§06 Terrain types',
    note: 'How close to the target a crossed obstacle must be to give cover (coverTest "near-target").',
  }),
  coverHiddenFraction: num({
    name: 'coverHiddenFraction',
    default: 0,
    section: '§06 Terrain types',
    note: 'Extra condition: the obstacle near the target must hide more than this fraction of the target\'s sampled base (0 = any crossing counts). The book has no partial-visibility rule; 0.5 gives a "half hidden" reading.',
  }),
  partialFullCover: choice({
    name: 'partialFullCover',
    values: ['heavy', 'light', 'none'],
    default: 'heavy',
    section: '§06 Terrain types',
    note: 'A Full Cover piece near the target that hides part of its base while the centre line stays clear (the target can be seen): the book has no level for it. Default: it protects like a reinforced barrier, Heavy Cover.',
  }),
  multipleCover: choice({
    name: 'multipleCover',
    values: ['best', 'stack'],
    default: 'best',
    section: '§02 Shooting',
    note: 'Several cover pieces: the book does not stack them; the best applies.',
  }),
  elevationSeesOverLowCover: flag({
    name: 'elevationSeesOverLowCover',
    default: false,
    section: '§06 Terrain types',
    note: '"Elevation: See over low obstacles." §06A says High Ground "does more" than this, so core Elevation does not remove cover; with the 3d centre line a higher shooter already sees over lower solid pieces. true: a shooter higher than a Light/Heavy piece ignores it entirely.',
  }),
  highGroundMinInches: num({
    name: 'highGroundMinInches',
    default: 1,
    section: '§06A High Ground',
    note: '"any level higher than its target": minimum height difference of base bottoms that counts as higher (tracking noise makes 0 unusable).',
  }),

  // ── Shooting ───────────────────────────────────────────────────────────────────────────────────
  heavyPlateThreshold: choice({
    name: 'heavyPlateThreshold',
    values: ['formula', 'fixed-7'],
    default: 'formula',
    section: '§02 Shooting',
    note: '"threshold = SHOOT proficiency + target\'s AR" vs the armor table\'s "Heavy Plate … threshold 7+" (true only for an Ordinary shooter). formula: Good 5+, Ordinary 7+, Bad 8+. fixed-7: Heavy Plate is always 7+ (only a natural 6).',
  }),
  heavyPlateNat6: choice({
    name: 'heavyPlateNat6',
    values: ['always-2fw', 'only-past-6'],
    default: 'always-2fw',
    section: '§02 Shooting results',
    note: 'Quick Reference "Nat 6 shoot = 2 FW" and the changelog "The plate still holds against MW on ranged attacks": a natural 6 vs Heavy Plate is 2 FW whatever the threshold. only-past-6: 2 FW only when the threshold is past 6, else MW.',
  }),
  classBonusCapScope: choice({
    name: 'classBonusCapScope',
    values: ['class-abilities', 'class-and-weapons', 'all-positive'],
    default: 'class-abilities',
    section: '§02 Shooting',
    note: '"Class abilities that modify Shoot stack to a maximum of +2 per attack." class-abilities: Steady Aim, Surprise attack from the Ghost ability and any context classBonus; class-and-weapons also counts the shotgun and precision-carbine bonuses; all-positive caps every positive modifier.',
  }),
  shotgunStacksCloseQuarters: flag({
    name: 'shotgunStacksCloseQuarters',
    default: true,
    section: '§03 Breacher',
    note: 'Shotgun "+1 within 6"" and Close Quarters "+1 (≤6")" are both printed; nothing says they do not stack.',
  }),
  duckDownReplacesProne: flag({
    name: 'duckDownReplacesProne',
    default: true,
    section: '§02 Reactions',
    note: 'Duck Down: "Go prone. Incoming attack at -2." The −2 includes the prone −1 (total −2). false: −2 and −1 stack (−3).',
  }),
  intoFightAllyBand: choice({
    name: 'intoFightAllyBand',
    values: ['at-most-2', 'exactly-1-2'],
    default: 'at-most-2',
    section: '§02 Shooting',
    note: '"Modified 1-2 hits an ally": results pushed below 1 by the −2 read as 1 (at-most-2). exactly-1-2 takes the text literally.',
  }),

  // ── Melee ──────────────────────────────────────────────────────────────────────────────────────
  meleeNat6Die: choice({
    name: 'meleeNat6Die',
    values: ['opposed-roll', 'armor-check'],
    default: 'opposed-roll',
    section: '§02 Melee',
    note: '"Natural 6 from the winner: MW" (step 4) — the winner\'s opposed-roll die; the Heavy Plate sentence names the armor check separately.',
  }),
  armorCheckNat1Fails: flag({
    name: 'armorCheckNat1Fails',
    default: true,
    section: '§02 Core rules',
    note: '"A natural 1 always fails. No modifier overrides these." applies to the armor check too (matters against AR 0).',
  }),

  // ── Movement and falling ───────────────────────────────────────────────────────────────────────
  heavyPlateMobi: choice({
    name: 'heavyPlateMobi',
    values: ['printed-includes', 'subtract'],
    default: 'printed-includes',
    section: '§03 Breacher',
    note: 'The Breacher prints MOBI 5" beside "Heavy Plate (AR 3, -1 MOBI)"; HAMMER reprints the same. printed-includes: 5" is final; subtract: 4". A scene that puts Heavy Plate on another profile always gets the −1.',
  }),
  fallingMortalWounds: choice({
    name: 'fallingMortalWounds',
    values: ['one', 'per-6'],
    default: 'one',
    section: '§02 Movement details',
    note: '"One FW per 3". At 6" or more: MW instead." — one MW, however far.',
  }),

  // ── Areas ──────────────────────────────────────────────────────────────────────────────────────
  blastMeasure: choice({
    name: 'blastMeasure',
    values: ['radius-any-part', 'radius-centre', 'diameter-any-part'],
    default: 'radius-any-part',
    section: '§02 Grenades',
    note: '"3" blast": radius 3" from the landing point, a model is in it if any part of its base is within 3".',
  }),
  grenadeRangeInches: num({
    name: 'grenadeRangeInches',
    default: 0,
    section: '§02 Grenades',
    note: 'No throw range is printed; 0 = no maximum (the distance is reported). A table may set e.g. 6 or 8.',
  }),
  objectiveMeasure: choice({
    name: 'objectiveMeasure',
    values: ['base-to-point', 'centre-to-point'],
    default: 'base-to-point',
    section: '§05 Crossfire',
    note: '"operator within 3"": from the nearest point of the operator\'s base (Conventions used) to the objective marker\'s point.',
  }),
  crossfireSpacing: choice({
    name: 'crossfireSpacing',
    values: ['quarters', 'thirds'],
    default: 'quarters',
    section: '§05 Crossfire',
    note: '"Three objectives on the centerline, evenly spaced": quarters 6/12/18" (even gaps to the edges too) or 4/12/20".',
  }),
  deadDropHalf: choice({
    name: 'deadDropHalf',
    values: ['nearer-corner', 'y-split'],
    default: 'nearer-corner',
    section: '§05 Dead Drop',
    note: '"in the opponent\'s half" with corner deployment: the half nearer the opponent\'s corner (diagonal split) or the half across y = centre.',
  }),

  // ── Modules ────────────────────────────────────────────────────────────────────────────────────
  hardpoints: flag({ name: 'hardpoints', default: false, section: '§06A Hardpoints', note: 'Vertical Pressure: objectives sit on terrain pieces; control by touching the piece.' }),
  concealment: flag({ name: 'concealment', default: false, section: '§06A Concealment', note: 'Vertical Pressure: in Heavy Cover and did not Shoot last activation → cannot be targeted beyond 12".' }),
  concealmentInches: num({ name: 'concealmentInches', default: 12, section: '§06A Concealment', note: '"If first blood comes too slow for your table, widen the band to 18"."' }),
  highGround: flag({ name: 'highGround', default: false, section: '§06A High Ground', note: 'Vertical Pressure: shooting from higher ground downgrades the target\'s cover one step.' }),
  convention: flag({ name: 'convention', default: false, section: '§25 Convention module', note: 'Convention module: lights-out darkness (no sight beyond 6"), WREN\'s Low-Light Optics and High Anchor, the Checkpoint A-1 geometry.' }),
  crackerjack: flag({ name: 'crackerjack', default: false, section: '§26 Competition combat modifiers', note: 'Crackerjack tournament: negative Shoot modifiers capped at −2, within 1" of an objective = Light Cover, Call the Target 3+, 6" deployment.' }),
  crackerjackArena: choice({
    name: 'crackerjackArena',
    values: ['none', 'urban-sprawl', 'flooded-district', 'industrial-complex', 'desert-canyon', 'jungle-canopy', 'irradiated-ruins'],
    default: 'none',
    section: '§26 Terrain protocol',
    note: 'The rolled arena protocol (only with crackerjack).',
  }),
  crackerjackInfiltratorZone: choice({
    name: 'crackerjackInfiltratorZone',
    values: ['middle-third', 'beyond-12'],
    default: 'middle-third',
    section: '§26 Deployment',
    note: '"middle third of the board (more than 12" from either edge)": on a 24" board no point is more than 12" from both edges; middle-third uses 8–16", beyond-12 the literal parenthesis.',
  }),
  urbanClimbHalving: choice({
    name: 'urbanClimbHalving',
    values: ['cost', 'height'],
    default: 'cost',
    section: '§26 Terrain protocol',
    note: 'Urban Sprawl "All climb distances halved": the 2"/1" climbing cost becomes 1"/1".',
  }),
} as const

export type OptionName = keyof typeof OPTION_SPECS
export type OptionValue<K extends OptionName> = (typeof OPTION_SPECS)[K]['default'] extends infer D
  ? D extends string
    ? (typeof OPTION_SPECS)[K] extends OptionSpec<infer T> ? T : never
    : D extends boolean ? boolean : number
  : never
export type SkirmishOptions = { [K in OptionName]: OptionValue<K> }

export const DEFAULT_OPTIONS: SkirmishOptions = Object.fromEntries(
  Object.entries(OPTION_SPECS).map(([k, spec]) => [k, spec.default]),
) as SkirmishOptions

/** The option declarations in the engine's shape (the engine validates a scene's `options` against them). */
export const OPTION_DECLS: readonly OptionSpec<string | number | boolean>[] = Object.values(OPTION_SPECS)

/** Typed view of the options in force (already validated by the engine against OPTION_DECLS). */
export function readOptions(raw: Readonly<Record<string, unknown>> | undefined): SkirmishOptions {
  return { ...DEFAULT_OPTIONS, ...(raw ?? {}) } as SkirmishOptions
}
