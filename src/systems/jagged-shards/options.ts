// Every place where the book is silent or contradicts itself, as a named option with a documented
// default and the section it comes from (house style §6). A scene or the UI may override any of them.
import type { OptionDecl } from '../../engine/index.ts'

export const options = [
  {
    name: 'critSuccessMin', type: 'number', default: 96, section: '§4.8',
    note: 'Critical Success band starts at 96 (§1.5, §4.1, §4.8 "(5%)", §10.4, §11, §17.3 "5% crit band"); §9.8 step 4 and the §19.1 index print 95–100. Set 95 for that reading.',
  },
  {
    name: 'measureAnchor', values: ['edge', 'centre'], default: 'edge', section: '§8.6',
    note: 'The book never says where "within X"" is measured from. Default: closest base edge to closest base edge (objective: to the marker edge).',
  },
  {
    name: 'measureVertical', values: ['2d', '3d'], default: '2d', section: '§8.1',
    note: 'Range, engagement, auras and objectives: the book is silent on height. Default: horizontal distance only; climbing is charged by the movement rules (§8.1).',
  },
  {
    name: 'withinInclusive', type: 'boolean', default: true, section: '§17',
    note: '"within" / "Maximum distance the weapon may target": exactly X" counts as within (not specified; ≤ is the natural reading).',
  },
  {
    name: 'coverMeasure', values: ['base', 'model'], default: 'base', section: '§9.3',
    note: '§9.3 and §15.3 test "50% of the target\'s base"; §15.1 says "the target". Default: the base footprint.',
  },
  {
    name: 'coverMode', values: ['geometric', 'in-terrain', 'either'], default: 'geometric', section: '§15.3',
    note: 'The rule is geometric (≥50% of the base obscured from the attacker\'s viewpoint); the examples say "in Light Cover" / "in Heavy Terrain". "in-terrain": a base at least half inside a Light/Heavy footprint counts too; "either" takes the higher.',
  },
  {
    name: 'coverFromObscuring', values: ['heavy', 'light', 'none'], default: 'heavy', section: '§15.1',
    note: 'A target partly visible behind Obscuring terrain (so LoS exists) with ≥50% of its base hidden: the book gives no cover level.',
  },
  {
    name: 'coverMixed', values: ['sum-highest', 'highest-single'], default: 'sum-highest', section: '§9.3',
    note: 'Base hidden partly by Light and partly by Heavy: "sum-highest" adds the hidden fractions and applies the highest level that contributes; "highest-single" needs one level alone to hide ≥50%.',
  },
  {
    name: 'ignoreViewerTerrain', type: 'boolean', default: true, section: '§15.3',
    note: 'Cover is terrain obscuring the base "from the attacker\'s point of view"; default: a Light/Heavy piece the attacker itself stands in does not hide the target.',
  },
  {
    name: 'modelsBlockLos', type: 'boolean', default: false, section: '§9.1',
    note: 'Only Obscuring terrain is named as blocking LoS (§9.1, §15.2); models neither block nor give cover.',
  },
  {
    name: 'heavyRushTrigger', values: ['starts-inside', 'path-crosses', 'either'], default: 'either', section: '§12.2',
    note: 'Heavy Terrain "halves the Movement portion" of a Rush (§8.4, §12.2, §15.5); the examples (§8.7 8C, §12.6 B) start inside it, the rule does not say when. Default: starting inside or crossing it.',
  },
  {
    name: 'heavyHalfRounding', values: ['none', 'up', 'down'], default: 'none', section: '§12.2',
    note: 'Halving an odd M (5 → 2.5?): not specified; the examples use even M. Default: no rounding.',
  },
  {
    name: 'rushSuccess', values: ['within-1', 'reach-target'], default: 'within-1', section: '§12.1',
    note: 'The rule (§12.1 step 5, §15.5): ends within 1" of the target. §12.6 B says "If the target is within 9"" for a 9" Rush, i.e. the gap itself must be covered.',
  },
  {
    name: 'rushClosestTie', values: ['any-tied'], default: 'any-tied', section: '§12.1',
    note: 'Two visible enemies equally close: not specified; any of them is accepted as "the closest".',
  },
  {
    name: 'normalMoveMayEngage', type: 'boolean', default: true, section: '§8.6',
    note: '§8.6 "A model becomes Engaged if it ends its movement within 1 inch"; §7.5 "Rush is the only standard way to enter engagement range". Default: allowed (reported, no first strike); false forbids it.',
  },
  {
    name: 'obscuringPassable', values: ['permeable-or-climbable', 'permeable-only', 'never'], default: 'permeable-or-climbable', section: '§8.2',
    note: '§8.2 lets a model move through Obscuring terrain designated "permeable"; §8.4/§8.8 say "climbable". A Rush never crosses it (§12.2).',
  },
  {
    name: 'climbMaxInclusive', type: 'boolean', default: true, section: '§8.1',
    note: '"up to 3" tall" (§8.1, §15.4) vs "Climbable = <3"" (§20.1). Default: exactly 3" is climbable.',
  },
  {
    name: 'specialistAutoDisengage', values: ['per-codex', 'all-specialists'], default: 'per-codex', section: '§8.5',
    note: '§8.5 gives every Specialist "Tactical Escape"; §16 gives it only to the Combat Engineer (Tactical Break) and Martian Warp Specialist (Slip-Step).',
  },
  {
    name: 'supportMechGun', values: ['auto-cannon', 'heavy-rotary-cannon'], default: 'auto-cannon', section: '§16.1',
    note: 'The codex Support Mech carries an Auto-Cannon (18", DAM 1, no §17 profile); §17.1 calls the Heavy Rotary Cannon (18", DAM 2) the "Support Mech suppressive fire system".',
  },
  {
    name: 'weaponAliases', type: 'boolean', default: true, section: '§17.1',
    note: 'Codex "Sidearm" = §17.1 Officer Sidearm; codex "Twin Auto-Las" = §17.1 Walker Turret Cannon (same range and DAM). On: use the §17 profile and its critical effects.',
  },
  {
    name: 'sporePodsAs', values: ['fragmentation-grenade', 'concussion-grenade', 'incendiary-grenade'], default: 'fragmentation-grenade', section: '§16.2',
    note: 'Spore Pods "counts as grenades" with no profile; the Fragmentation Grenade is "available to both factions" (§17.3).',
  },
  {
    name: 'grenadesApplyEvade', type: 'boolean', default: true, section: '§17.3',
    note: '"Grenades do not modify SR Threshold but apply Cover normally": read as "the grenade itself adds no modifier"; the target\'s Evade still applies (§4.5).',
  },
  {
    name: 'allowNegativeModifiers', type: 'boolean', default: true, section: '§4.2',
    note: '§4.2 "SR Threshold is always modified upward only", yet Warp modifiers are "+10 / –10" and Warp Stabilize is "–10". Default: context may lower the threshold.',
  },
  {
    name: 'specialistAuraMatch', values: ['plus-10-modifier', 'first-10-of-any'], default: 'plus-10-modifier', section: '§16.1',
    note: 'Combat Engineer Specialist Aura: "ignore the first +10 SR penalty". Default: the first modifier of exactly +10 on that attack is dropped; "first-10-of-any" takes 10 off the first penalty of any size.',
  },
  {
    name: 'sporeShroudOpen', values: ['no-terrain-hiding', 'always'], default: 'no-terrain-hiding', section: '§16.2',
    note: 'Spore Shroud: Light Cover "at all times unless fully in the open". Default: "fully in the open" = no part of the base hidden by terrain from the attacker.',
  },
  {
    name: 'holdTheLineAttacks', values: ['all', 'melee-only'], default: 'all', section: '§16.1',
    note: 'Hold the Line: "+5 EV while engaged" — the book does not limit it to melee attacks.',
  },
  {
    name: 'rerollAfterCritFail', type: 'boolean', default: false, section: '§11.2',
    note: 'Stationary Anchor rerolls "one failed hit"; §11.2 says after a Critical Failure "No additional rolls may be made for this attack". Default: a critical failure cannot be rerolled.',
  },
  {
    name: 'pvTable', values: ['chapter-18', 'chapter-5'], default: 'chapter-18', section: '§18',
    note: 'Position Values: §18 and §19.4 (30–80) vs the §5.3 tiers (20–70); §20.2 uses a third value (PV 15).',
  },
  {
    name: 'insertionAutoSuccess', values: ['natural-100', 'crit-band'], default: 'natural-100', section: '§5.1',
    note: '§5.1: "A natural roll of 100 is always a success", 01–05 always fails. "crit-band" uses 96–100 instead.',
  },
  {
    name: 'objectiveMarkerMm', type: 'number', default: 40, section: '§13.4',
    note: 'Objectives are "a clear marker or base (25–40 mm recommended)"; control is measured to the marker\'s edge. Default: a 40 mm round marker; 0 measures to its centre point.',
  },
  {
    name: 'auraIncludesSource', type: 'boolean', default: false, section: '§16',
    note: '"Friendly models within 3"" / "Friendly Infantry within 3"": whether the specialist itself benefits is not said. Default: the aura affects the other friendly models only.',
  },
  {
    name: 'frIncludesSpecialists', type: 'boolean', default: true, section: '§6.3',
    note: '"FR = Sum of all models\' FR values (including Specialists)"; the §20.1 example totals match neither reading.',
  },
] as const satisfies readonly OptionDecl[]

type Specs = typeof options
type SpecValue<S> = S extends { readonly values: readonly (infer V)[] } ? V : S extends { readonly type: 'boolean' } ? boolean : number

/** The options in force, one field per spec. */
export type JaggedShardsOptions = { readonly [S in Specs[number] as S['name']]: SpecValue<S> }

export const DEFAULT_OPTIONS: JaggedShardsOptions = Object.fromEntries(
  options.map((s) => [s.name, s.default]),
) as unknown as JaggedShardsOptions

/** The table's resolved option values (validated by the engine against `options`), typed. */
export function readOptions(values: Readonly<Record<string, unknown>>): JaggedShardsOptions {
  return { ...DEFAULT_OPTIONS, ...values } as JaggedShardsOptions
}
