// Every place where the Raw Rules leave a choice open, as a named option with a default and the
// paragraph it comes from. A scene overrides any of them by name in its `options` object.

export type OptionSpec =
  | { readonly name: string; readonly values: readonly string[]; readonly default: string; readonly section: string; readonly note: string }
  | { readonly name: string; readonly type: 'number'; readonly default: number; readonly section: string; readonly note: string }
  | { readonly name: string; readonly type: 'boolean'; readonly default: boolean; readonly section: string; readonly note: string }

export const OPTION_SPECS = [
  {
    name: 'rangeBandReading',
    values: ['shifted', 'literal'],
    default: 'shifted',
    section: '§13.6.1',
    note: 'm/l/s weapons: "with the range modifier (13.3.3.1) applying only to shots at targets at a range more than twice the shooting character\'s S". shifted: −1 per inch beyond the band edge (k−1)×S (the rifleman\'s "increasing modifier", §13.6.2). literal: beyond the band edge the full §13.3.3.1 penalty −(d − S) applies, so it jumps.',
  },
  {
    name: 'distanceRounding',
    values: ['penalty-up', 'distance-up'],
    default: 'penalty-up',
    section: '§1.6',
    note: '"Fractions are always rounded up." penalty-up: the measured distance is compared raw and only derived counts are rounded up (a penalty for 1.2" beyond the band is 2). distance-up: the measured distance itself is rounded up to whole inches first. The two differ for the sniper short-range penalty (§13.6.3) and range limits.',
  },
  {
    name: 'halvedMoveRounding',
    values: ['up', 'exact'],
    default: 'up',
    section: '§1.6',
    note: 'A linear obstacle "will halve the distance the character may move" (§12.8.3–12.8.4). up: §1.6 rounds half of 5" to 3". exact: 2.5"; the §12.8.8 example calls 3" of a 5" move "more than half", which reads as exact. Both give the example\'s outcome.',
  },
  {
    name: 'rangeReference',
    values: ['base-edge', 'base-centre'],
    default: 'base-edge',
    section: '§13.2',
    note: 'The book never says between which points range is measured. Formation is measured base to base (§3.2), so base edge to base edge is the default.',
  },
  {
    name: 'distanceMode',
    values: ['2d', '3d'],
    default: '2d',
    section: '§1.2.1',
    note: 'Whether ranges and other distances include height difference. NS; the only vertical measure is the jump drop (§12.9.8.2.1).',
  },
  {
    name: 'rangePath',
    values: ['straight-line'],
    default: 'straight-line',
    section: '§1.2.1',
    note: '"All distances are measured along the shortest distance … allowing for terrain and other obstructions" could make range a walking path; shooting uses a straight line of sight (§13.2.1), so range is measured in a straight line. Path-around-terrain range is not offered.',
  },
  {
    name: 'withinComparator',
    values: ['inclusive', 'strict'],
    default: 'inclusive',
    section: '§3.2',
    note: '"within a number of inches" (formation §3.2, hero formation §3.3.1, feat radii §18.3.4, §18.3.6) does not say whether exactly that distance counts. Inclusive by default, like "equal to or less than" in §12.1.2.',
  },
  {
    name: 'baseContactToleranceMm',
    type: 'number',
    default: 1.5,
    section: '§15.2',
    note: 'Base contact is "having their bases touching" (§15.2); a tracked table needs a gap tolerance. Bases closer than this many mm are touching.',
  },
  {
    name: 'lateralLine',
    values: ['front', 'behind'],
    default: 'front',
    section: '§2.4.1',
    note: 'A base that only touches the lateral line: "wholly in the front side" is in front, "at least partly in the rear side" is behind (§2.4.2). Touching the line is not being in the rear side, so by default it is in front.',
  },
  {
    name: 'losArc',
    values: ['line', 'target-in-front'],
    default: 'line',
    section: '§13.2.1',
    note: 'line: any line drawn "at any angle in the character\'s front" may reach any part of the target zone, so a target straddling the lateral line can be seen through its front part. target-in-front: the target must be "in front" in the §2.4.1 sense (wholly in the front half).',
  },
  {
    name: 'losClearanceFront',
    values: ['any-part', 'wholly'],
    default: 'any-part',
    section: '§13.2.4',
    note: '"any other character in his or her front": any-part = any character whose base reaches into the front half-plane; wholly = only characters "in front" as §2.4.1 defines it.',
  },
  {
    name: 'losClearanceMeasure',
    values: ['base-2d', 'cylinder-3d'],
    default: 'base-2d',
    section: '§13.2.4',
    note: 'How "within 1" of any other character" is measured: base-2d = the line seen from above against the character\'s base circle; cylinder-3d = the 3D line against the character\'s target-zone cylinder (a line passing 1" over a head is clear).',
  },
  {
    name: 'woundedIgnored',
    type: 'boolean',
    default: true,
    section: '§15.1.2',
    note: 'A wounded character "is ignored for all purposes except" combat, formation, obstructing movement and morale: it is no shooting target, does not trigger the 1" rule and gives no cover. false: wounded characters count like the others.',
  },
  {
    name: 'charactersGiveCover',
    type: 'boolean',
    default: false,
    section: '§2.1.1',
    note: 'Cover counts obstacles (§13.11.1), and an obstacle is "an entity on the gaming surface with no statline" (§2.1.1), so characters never count as cover.',
  },
  {
    name: 'ignoredTouchingTerrain',
    values: ['best-for-shooter', 'none'],
    default: 'best-for-shooter',
    section: '§13.11.1.1',
    note: '"the shooting character may ignore a single piece of terrain with which he or she is in base contact". When several pieces touch the shooter, the one that hides part of the target is ignored (the best choice for the shooter). none: the shooter waives it.',
  },
  {
    name: 'teamLargeWithSmall',
    values: ['both', 'team-only'],
    default: 'both',
    section: '§13.8.1',
    note: 'A team whose statures sum to at least 1 more than the shooter\'s counts as a large target (§13.8.1); a small member of it is also a small target (§13.3.2.3). both: both modifiers apply (net 0). team-only: the team rule replaces the small-target modifier.',
  },
  {
    name: 'clampModified',
    type: 'boolean',
    default: false,
    section: '§6.1',
    note: '"The minimum value for any characteristic is 3. The maximum is 10." false: this bounds printed values only; modified values are not clamped (so every range band ends at an effective S of 0). true: clamp modified characteristics to 3–10.',
  },
  {
    name: 'enchantBeforeRange',
    type: 'boolean',
    default: true,
    section: '§19.5.2',
    note: 'Enchant gives −2 S; the book does not say whether before or after range is set (§13.3.1). true: it changes S itself, so it shortens range too.',
  },
  {
    name: 'outnumberedOnDisengage',
    type: 'boolean',
    default: true,
    section: '§14.2.3',
    note: '§14.2.3 applies outnumbering "for the purposes of attacking and disengaging"; §14.3.3 leaves it out of the disengage list. true: apply it.',
  },
  {
    name: 'involuntaryMoveCancelsStanding',
    type: 'boolean',
    default: true,
    section: '§13.3.2.1',
    note: 'The standing modifier needs a character that "does not move"; §13.6.2.1 spells out "including involuntary movement" only for l weapons. true: any movement, involuntary included, cancels standing.',
  },
  {
    name: 'areaTerrainRolls',
    values: ['per-piece', 'per-move'],
    default: 'per-piece',
    section: '§12.9.4',
    note: 'Area terrain "reduces the total distance moved by D3"/D6"/D12" to a minimum of 1"". per-piece: one roll for each piece the move enters; per-move: one roll for the densest piece.',
  },
  {
    name: 'chargeTurnFirst',
    type: 'boolean',
    default: false,
    section: '§12.5.2',
    note: 'A charge needs line of sight (front only, §13.2.1). Turning is allowed after moving and before shooting or fighting (§12.11), not said before a charge. false: charge LoS uses the current facing.',
  },
] as const satisfies readonly OptionSpec[]

export type OptionName = (typeof OPTION_SPECS)[number]['name']

/** The resolved option values in force for one evaluation. */
export type SkrapyardOptions = {
  readonly rangeBandReading: 'shifted' | 'literal'
  readonly distanceRounding: 'penalty-up' | 'distance-up'
  readonly halvedMoveRounding: 'up' | 'exact'
  readonly rangeReference: 'base-edge' | 'base-centre'
  readonly distanceMode: '2d' | '3d'
  readonly rangePath: 'straight-line'
  readonly withinComparator: 'inclusive' | 'strict'
  readonly baseContactToleranceMm: number
  readonly lateralLine: 'front' | 'behind'
  readonly losArc: 'line' | 'target-in-front'
  readonly losClearanceFront: 'any-part' | 'wholly'
  readonly losClearanceMeasure: 'base-2d' | 'cylinder-3d'
  readonly woundedIgnored: boolean
  readonly charactersGiveCover: boolean
  readonly ignoredTouchingTerrain: 'best-for-shooter' | 'none'
  readonly teamLargeWithSmall: 'both' | 'team-only'
  readonly clampModified: boolean
  readonly enchantBeforeRange: boolean
  readonly outnumberedOnDisengage: boolean
  readonly involuntaryMoveCancelsStanding: boolean
  readonly areaTerrainRolls: 'per-piece' | 'per-move'
  readonly chargeTurnFirst: boolean
}

export const DEFAULT_OPTIONS: SkrapyardOptions = Object.fromEntries(
  OPTION_SPECS.map((o) => [o.name, o.default]),
) as SkrapyardOptions

/** Options by name, for citations in rulings. */
export function findOptionSpec(name: string): OptionSpec | undefined {
  return OPTION_SPECS.find((o) => o.name === name)
}
