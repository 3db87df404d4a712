// Every ambiguity in the Iron Line text (and in the optional modules as they apply to Iron Line)
// as a named option with a documented default and the section it comes from.
import type { OptionDecl, Table } from '../../engine/index.ts'

// Where the book offers its own tiebreak, the default says which: the Rule of Scrap (§12 L1224:
// "pick whichever option results in the most destruction") or specific-over-general (§12 L1218).

export type IronLineOptionSpec =
  | { readonly name: string; readonly kind: 'choice'; readonly values: readonly string[]; readonly default: string; readonly section: string; readonly line: string; readonly note: string }
  | { readonly name: string; readonly kind: 'boolean'; readonly default: boolean; readonly section: string; readonly line: string; readonly note: string }
  | { readonly name: string; readonly kind: 'number'; readonly default: number; readonly unit: string; readonly section: string; readonly line: string; readonly note: string }

export const IRON_LINE_OPTIONS = {
  // Measurement
  measure3d: {
    name: 'measure3d', kind: 'choice', values: ['2d', '3d'], default: '2d', section: '§12', line: 'L1266',
    note: 'The book never says whether heights count in distances. LoS is a top-down rule with Large as the only height class, so distances are horizontal by default.',
  },
  withinComparator: {
    name: 'withinComparator', kind: 'choice', values: ['inclusive', 'strict'], default: 'inclusive', section: '§12', line: 'L1268',
    note: '"touches or is within 1\"" makes the engagement test inclusive; the same comparator is used for every "within" and for "up to x inches" ranges.',
  },
  engagementRule: {
    name: 'engagementRule', kind: 'choice', values: ['within-1-inch', 'base-to-base-unless-baseless'], default: 'within-1-inch', section: '§12', line: 'L1268',
    note: '§12 L1268 engages at 1" always; §16 L1465 says "base-to-base, or within 1\" if either model is base-less". §12 is the definition, §16 describes moving into it.',
  },
  ewOrigin: {
    name: 'ewOrigin', kind: 'choice', values: ['footprint', 'front-edge-centre'], default: 'footprint', section: '§17', line: 'L1597',
    note: 'The Relay "is used for line of sight and range of EW abilities" without saying from which point. Default: range closest point to closest point (the §12 "within"), LoS from any point of the Relay footprint.',
  },
  marginalToleranceMm: {
    name: 'marginalToleranceMm', kind: 'number', default: 2, unit: 'mm', section: '§02', line: 'L386',
    note: 'A measurement this close to a threshold (either side) is a marginal call; the ruling then shows the SITREP odds.',
  },
  marginalCallSitrep: {
    name: 'marginalCallSitrep', kind: 'boolean', default: true, section: '§25', line: 'L2173',
    note: 'Convention module: "When a ruling is unclear, run SITREP and move on." Iron Line itself only has the Rule of Scrap (§12 L1224); both are shown.',
  },
  // Facing and arcs
  arcMethod: {
    name: 'arcMethod', kind: 'choice', values: ['edge-contact', 'diagonals', 'edge-lines'], default: 'edge-contact', section: '§16', line: 'L1469',
    note: 'Flank and rear are used (Outmanoeuvred, dice caps) but never defined. edge-contact: the target edge the attacker touches or is nearest; diagonals: quadrants between the extended footprint diagonals, by the attacker centre; edge-lines: rear behind the rear-edge line, flank beyond a side-edge line, else front.',
  },
  cornerTie: {
    name: 'cornerTie', kind: 'choice', values: ['rule-of-scrap', 'defender-favoured'], default: 'rule-of-scrap', section: '§12', line: 'L1224',
    note: 'A contact exactly on a corner (equal distance to two edges). Rule of Scrap: the arc worse for the defender (flank over front, rear over flank).',
  },
  shootingArc: {
    name: 'shootingArc', kind: 'choice', values: ['none', 'front-180', 'front-90'], default: 'none', section: '§16', line: 'L1475',
    note: 'The book gives shooting no arc: a line from the front-edge centre to any point on the target. front-180 / front-90 are table house rules.',
  },
  // Target numbers
  tnClampOrder: {
    name: 'tnClampOrder', kind: 'choice', values: ['final', 'per-modifier'], default: 'final', section: '§16', line: 'L1497',
    note: 'Each modifier prints its own clamp ("(max 6)", "(min 2)") and the paragraph ends "Min TN 2+, max 6+". final: sum, then clamp; per-modifier: clamp after each step in printed order (attacks, defence, terrain, Clumsy, Devastating Charge, Merciless).',
  },
  // Cover
  obscuringTest: {
    name: 'obscuringTest', kind: 'choice', values: ['partly-behind', 'majority-behind', 'touching-or-inside'], default: 'partly-behind', section: '§16', line: 'L1512',
    note: '"wholly or partly behind it": Cover if any LoS ray from the front-edge centre to the target crosses Obscuring terrain. majority-behind needs half the rays; touching-or-inside ignores the shooter\'s position.',
  },
  obscuringIgnoreShooterPiece: {
    name: 'obscuringIgnoreShooterPiece', kind: 'boolean', default: true, section: '§16', line: 'L1512',
    note: 'A target is not "behind" a piece the shooter\'s front-edge centre stands in.',
  },
  fortifiedInsideTest: {
    name: 'fortifiedInsideTest', kind: 'choice', values: ['wholly', 'centre', 'any-part'], default: 'wholly', section: '§16', line: 'L1517',
    note: '"A unit inside Fortified terrain": inside is not defined for a footprint. Rule of Scrap (§12 L1224): the reading giving less protection, wholly inside.',
  },
  coverStacking: {
    name: 'coverStacking', kind: 'choice', values: ['best', 'stack'], default: 'best', section: '§16A', line: 'L1565',
    note: 'Cover (+1) and Fortified (+2) are one "terrain penalty" with steps Fortified → Cover → none (Elevated Fire); a unit gets the best, not both.',
  },
  coverPersistence: {
    name: 'coverPersistence', kind: 'choice', values: ['per-shot', 'until-moves'], default: 'per-shot', section: '§16', line: 'L1517',
    note: 'Cover is gained "until it moves out". The camera sees only the current shot; until-moves honours context.hasCoverKeyword from earlier shots.',
  },
  largeSeenOver: {
    name: 'largeSeenOver', kind: 'choice', values: ['attacker-only', 'attacker-or-target'], default: 'attacker-or-target', section: '§23', line: 'L2061',
    note: 'Large: "Intervening units or terrain may be ignored for LoS unless also Large." Whether a Large target is also seen over walls is unclear; Rule of Scrap: yes.',
  },
  // Strain and Integrity
  implacableReading: {
    name: 'implacableReading', kind: 'choice', values: ['gained-per-activation', 'total-strain'], default: 'gained-per-activation', section: '§16', line: 'L1479',
    note: 'The changelog (L2549) and L1521 ("push past 5 Strain in a single activation") favour a cap on Strain gained from one attacker\'s activation.',
  },
  hardenedScope: {
    name: 'hardenedScope', kind: 'choice', values: ['all-attacks', 'combat-only'], default: 'all-attacks', section: '§23', line: 'L2031',
    note: 'The glossary says combat attack; Deadly Shots (a shooting rule) says its second Strain does not bypass Hardened. Specific over general (§12 L1218).',
  },
  punishmentRounding: {
    name: 'punishmentRounding', kind: 'choice', values: ['down', 'up'], default: 'down', section: '§16', line: 'L1467',
    note: '"half the punisher\'s Strikes" with no rounding; shooting in the same section rounds down.',
  },
  grimCascadeScope: {
    name: 'grimCascadeScope', kind: 'choice', values: ['all-units', 'none'], default: 'all-units', section: '§16', line: 'L1511',
    note: 'Grim "counts as a friendly Broken unit for cascade": friendly to every unit within 8", of both armies.',
  },
  // Elevation (Vertical Pressure)
  higherGround: {
    name: 'higherGround', kind: 'choice', values: ['height', 'large-terrain'], default: 'height', section: '§16A', line: 'L1561',
    note: '"shooting from terrain higher than its target" needs a height. height: the shooter stands on terrain whose top is higher than the target\'s standing height; large-terrain: the shooter touches Large terrain and the target does not.',
  },
  // Optional modules
  strongpoints: { name: 'strongpoints', kind: 'boolean', default: false, section: '§16A', line: 'L1537', note: 'Vertical Pressure: objective markers on terrain features, held by footprint inside or touching.' },
  defilade: { name: 'defilade', kind: 'boolean', default: false, section: '§16A', line: 'L1550', note: 'Vertical Pressure: non-Large units wholly inside Obscuring that did not shoot last round cannot be targeted beyond 12".' },
  elevatedFire: { name: 'elevatedFire', kind: 'boolean', default: false, section: '§16A', line: 'L1561', note: 'Vertical Pressure: shooting from higher terrain downgrades the terrain penalty one step and strips Defilade.' },
  crackerjackModifierCap: {
    name: 'crackerjackModifierCap', kind: 'choice', values: ['off', 'situational', 'all-increases'], default: 'off', section: '§26', line: 'L2394',
    note: 'Crackerjack (a Skirmish tournament): "Total negative modifiers on any Shoot roll cannot exceed -2." Cross-walked: Target Number increases on a shooting attack are capped at +2; situational = Cover, Fortified, Clumsy, objective cover; all-increases also counts Weak Attacks and Strong Defence.',
  },
  crackerjackObjectiveCover: {
    name: 'crackerjackObjectiveCover', kind: 'boolean', default: false, section: '§26', line: 'L2395',
    note: 'Crackerjack: "on or within 1\" of an objective marker count as being in light cover"; light cover = the Cover keyword (+1 TN) by the §16 cross-walk (L1517).',
  },
  // Objectives and deployment
  signalDominanceOffset: {
    name: 'signalDominanceOffset', kind: 'choice', values: ['literal-18', 'wreckage-15'], default: 'literal-18', section: '§18', line: 'L1643',
    note: '"two 18\" out" puts the outer markers on the table edge of a 36" table; wreckage-15 uses the Wreckage Rights spacing instead.',
  },
  markerTie: {
    name: 'markerTie', kind: 'choice', values: ['reroll', 'no-move'], default: 'reroll', section: '§18', line: 'L1643',
    note: 'Signal Dominance: "higher roll moves it"; a tie is not covered. Re-roll (the digest\'s suggestion) or the marker stays.',
  },
  wheelMeasure: {
    name: 'wheelMeasure', kind: 'choice', values: ['arc', 'chord'], default: 'arc', section: '§16', line: 'L1458',
    note: '"Opposite corner swings up to 1\" per point": the arc length travelled by the swinging corner, or the straight chord.',
  },
  twistSignalInterference: {
    name: 'twistSignalInterference', kind: 'boolean', default: false, section: '§18', line: 'L1696',
    note: 'Chaos of War twist 31-32 Signal Interference: "LoS limited to 12\" for all units." Measured as shooting range is (front-edge centre to closest point).',
  },
  twistCommandRange: {
    name: 'twistCommandRange', kind: 'choice', values: ['none', 'long-range-war', 'short-leash'], default: 'none', section: '§18', line: 'L1710',
    note: 'Twists 54 Long-Range War (Command 12") and 55 Short Leash (Command 4") replace the 8" of §21 L1870.',
  },
  kcmOnWeaknesses: {
    name: 'kcmOnWeaknesses', kind: 'choice', values: ['double', 'single'], default: 'double', section: '§14', line: 'L1376',
    note: '"double every keyword cost"; the changelog\'s "could not be priced down below 325" (L2547) implies weaknesses were not doubled.',
  },
} as const satisfies Record<string, IronLineOptionSpec>

export type IronLineOptionName = keyof typeof IRON_LINE_OPTIONS

/** The options as the engine declares them (resolved per table into table.options). */
export const options: readonly OptionDecl[] = Object.values(IRON_LINE_OPTIONS).map((o: IronLineOptionSpec): OptionDecl => ({
  name: o.name,
  ...(o.kind === 'choice' ? { values: o.values } : { type: o.kind }),
  default: o.default,
  section: `${o.section} ${o.line}`,
  note: o.kind === 'number' ? `${o.note} (${o.unit})` : o.note,
}))

/** The options in force on a table, typed. */
export type IronLineOptions = {
  [K in IronLineOptionName]: (typeof IRON_LINE_OPTIONS)[K] extends { kind: 'choice'; values: readonly (infer V)[] }
    ? V
    : (typeof IRON_LINE_OPTIONS)[K] extends { kind: 'boolean' }
      ? boolean
      : number
}

export function opt(table: Table): IronLineOptions {
  return table.options as unknown as IronLineOptions
}
