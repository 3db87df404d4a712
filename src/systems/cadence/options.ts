// Every reading of the Cadence core rules the book leaves open, as a named option with its default,
// the section that raises it and why the default was chosen. Scenes override them by name
// (scene.options). Games built on the core add their own (see CORE-API.md).

export type CadenceOptionDecl =
  | { readonly name: string; readonly values: readonly string[]; readonly default: string; readonly section: string; readonly note: string }
  | { readonly name: string; readonly type: 'number'; readonly default: number; readonly section: string; readonly note: string }
  | { readonly name: string; readonly type: 'boolean'; readonly default: boolean; readonly section: string; readonly note: string }

export const coreOptions = [
  {
    name: 'distanceMode', values: ['2d', '3d'], default: '2d', section: 'core-rules/basic-rules.html#distance-and-measuring',
    note: 'The book measures "from the closest point on its base" and never says whether vertical separation counts; height is abstracted into height levels (advanced-rules.html#height-levels), so the default measures horizontally.',
  },
  {
    name: 'withinComparator', values: ['strict', 'inclusive'], default: 'strict', section: 'core-rules/basic-rules.html#distance-and-measuring',
    note: '"within" = "any part of it\'s base is closer than the specified distance" (strict <); weapon range likewise "must be less than" the Rng (step-1). Formation uses "no greater than 2 inches" (≤) whatever this option says.',
  },
  {
    name: 'losViewer', values: ['attacking-model', 'best-in-unit'], default: 'attacking-model', section: 'core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range',
    note: 'LoS is judged by "picking any one model in your unit that is attacking your target unit". Default: the model the query names (context.viewer may name another); best-in-unit tries every model of the attacking unit and keeps the best class.',
  },
  {
    name: 'fullyVisibleFraction', type: 'number', default: 1, section: 'core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range',
    note: '"without any part being covered": a target model counts as fully visible when this fraction of its sampled points is visible (1 = every sample).',
  },
  {
    name: 'otherUnitBlocks', values: ['partly-hidden-by-other-unit', 'off'], default: 'partly-hidden-by-other-unit', section: 'core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range',
    note: '"If any model is partially obscured by another unit ... you have a blocked line of sight": any target model with any sample hidden by a model of a third unit (friend or foe, not the attacking or target unit) blocks. Models of the attacking and target units are ignored as blockers ("You ignore models in the attacking unit and target unit").',
  },
  {
    name: 'friendlyScreen', values: ['friendly-to-attacker', 'friendly-to-target', 'off'], default: 'friendly-to-attacker', section: 'core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range',
    note: '"If the unit is within 1 inch of a friendly unit, and you are more than 3 inches away, you have a blocked line of sight." "friendly" is read from the attacker\'s side (basic-rules.html#players-armies: every model in your army is friendly), i.e. no shooting into a fight from beyond 3".',
  },
  {
    name: 'closeRangeCover', values: ['no-cover', 'cover-still-applies'], default: 'no-cover', section: 'core-rules/advanced-rules.html#keyword-cover',
    note: 'Within 3" "an obscured line of sight is counted as clear"; Cover needs an obscured line of sight, so by default a target within 3" gets no Cover bonus.',
  },
  {
    name: 'closeRangeSix', values: ['natural-6', 'modified-6'], default: 'natural-6', section: 'core-rules/playing-a-game.html#step-2-attack-rolls',
    note: 'Close Range Penalty: "only hit on a roll of a 6, instead of using the attacking model\'s Skill". Default: only a natural 6 hits, other modifiers ignored; modified-6 treats 6 as the target number and still applies modifiers.',
  },
  {
    name: 'torrentAtCloseRange', values: ['torrent-wins', 'close-range-wins'], default: 'torrent-wins', section: 'core-rules/special-rules-appendix.html#weapon-special-rules',
    note: 'Torrent "hits on any attack roll that is not a 1" while the Close Range Penalty says non-Assault attacks within 3" "only hit on a roll of a 6". Default: the weapon\'s own rule wins.',
  },
  {
    name: 'rushActions', values: ['3-or-more', 'exactly-3'], default: '3-or-more', section: 'core-rules/playing-a-game.html#step-2-attack-rolls',
    note: '"Units performing 3 actions this activation suffer a -2 modifier" while 4 actions are allowed; Devil\'s Bluff restates it as "3 or more actions".',
  },
  {
    name: 'heightAdvantageTest', values: ['all-target-models-lower', 'nearest-target-model-lower', 'any-target-model-lower'], default: 'all-target-models-lower', section: 'core-rules/playing-a-game.html#step-2-attack-rolls',
    note: '"attacking a unit at a lower height level than your model": a unit spread over levels is lower only when every model is below the attacker (default).',
  },
  {
    name: 'heightLevelStepInches', type: 'number', default: 1.5, section: 'core-rules/advanced-rules.html#height-levels',
    note: 'Height levels are assigned by the players ("typically around 1-2 inches"). A model\'s level is its keyword/status "level-N" when present, else its base height z rounded to the nearest multiple of this step.',
  },
  {
    name: 'lowestDefence', values: ['numerically-lowest', 'worst-save'], default: 'numerically-lowest', section: 'core-rules/playing-a-game.html#step-3-defence-rolls',
    note: '"the unit\'s lowest defence attribute": literally the smallest printed number (the best save); worst-save uses the largest number, mirroring "lowest Toughness".',
  },
  {
    name: 'rapidFire', values: ['extra-attacks', 'extra-dice'], default: 'extra-attacks', section: 'core-rules/special-rules-appendix.html#weapon-special-rules',
    note: 'Rapid Fire (X): "may make X additional attacks ... After each attack you may choose the same model ... or another model within 1 inch". Default: X more full attacks of Att dice each; extra-dice adds X dice.',
  },
  {
    name: 'fixedCorridor', values: ['base-width', 'centre-line'], default: 'base-width', section: 'core-rules/special-rules-appendix.html#weapon-special-rules',
    note: 'Fixed: "only target models that lie directly in the path of this model\'s forward facing". Default: the corridor swept by the attacker\'s base width straight ahead; centre-line needs the target base to cross the forward centre line.',
  },
  {
    name: 'facingRules', values: ['on', 'off'], default: 'on', section: 'core-rules/advanced-rules.html#facing-and-arcs',
    note: 'The facing rules are "not used by all game modules". When off, Arc (X), Fixed and Weak Spot (X) are ignored and arc queries still answer (for information).',
  },
  {
    name: 'indirectVsStealth', values: ['ignores-stealth', 'no-interaction'], default: 'ignores-stealth', section: 'core-rules/special-rules-appendix.html#weapon-special-rules',
    note: 'Indirect: "This supercedes the Stealth special rule." Default: an Indirect weapon ignores the Stealth -1.',
  },
  {
    name: 'roughCost', values: ['per-piece', 'per-inch'], default: 'per-piece', section: 'core-rules/advanced-rules.html#keyword-rough',
    note: 'Rough: "moved across at the cost of 1 inch of allowed movement, in addition to the distance travelled": +1" per Rough piece crossed (default) or +1" per inch inside.',
  },
  {
    name: 'platform', values: ['literal', 'additive'], default: 'literal', section: 'core-rules/special-rules-appendix.html#unit-special-rules',
    note: 'Platform (X): "may make attacks with X weapons it is equipped with instead of 1" (literal: X weapons). Platform (1) then does nothing although it is printed on many profiles; additive reads it as 1 + X.',
  },
  {
    name: 'attackersWithoutLos', values: ['all-in-range', 'must-see'], default: 'all-in-range', section: 'core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range',
    note: 'LoS is judged once per target unit from one model; range per model. Default: every model in range attacks with that LoS class.',
  },
  {
    name: 'coverMixed', values: ['any-cover-terrain', 'majority'], default: 'any-cover-terrain', section: 'core-rules/advanced-rules.html#keyword-cover',
    note: 'Cover applies to targets that "gain an obscured line of sight through this terrain". Default: Cover when any target model is partly hidden by a piece with the Cover keyword.',
  },
  {
    name: 'stealthTest', values: ['all-target-models', 'nearest-target-model'], default: 'all-target-models', section: 'core-rules/special-rules-appendix.html#unit-special-rules',
    note: 'Stealth (X) is a model rule ("Attacks against this model from more than X inches away") while attacks target units: default the -1 applies when every model of the target unit has Stealth and the attacker is more than X" from the nearest of them.',
  },
  {
    name: 'vehiclePivotPoint', values: ['base-centre'], default: 'base-centre', section: 'core-rules/advanced-rules.html#vehicle-movement-restrictions',
    note: 'The pivot point is not stated; pivots turn about the base centre.',
  },
  {
    name: 'objectiveMarkerDiameterMm', type: 'number', default: 40, section: 'core-rules/basic-rules.html#objective-markers',
    note: '"An objective marker is typically a 40mm token": distances are measured to the closest point of a 40 mm disc centred on the objective query\'s point.',
  },
  {
    name: 'entryPointMarkerDiameterMm', type: 'number', default: 0, section: 'core-rules/playing-a-game.html#deploying-from-reserve',
    note: 'Entry Point marker size is not stated; default a point (0 mm). Placement: within Movement of the marker as the book defines "within" ("any part of it\'s base is closer than the specified distance"): the nearest point of the base, strict.',
  },
] as const satisfies readonly CadenceOptionDecl[]
