// Result document v1 (tabletop-result/1): the CLI's output and the app's input. Field names here
// are a public contract (saved rulings and other tools read them): change only with a version bump.
export const RESULT_FORMAT = 'tabletop-result/1'

export type Vec3Tuple = [number, number, number]

/** A measured distance with the two points it was measured between. */
export type DistanceFigure = {
  mm: number
  inches: number
  points: [Vec3Tuple, Vec3Tuple]
}

/** A distance compared with a threshold: by how much, and whether the call is inside the measurement uncertainty. */
export type MarginFigure = {
  thresholdMm: number
  thresholdInches: number
  /** Signed: positive = inside the threshold by this much, negative = outside by this much. */
  marginMm: number
  marginInches: number
  within: 'lt' | 'le'
  /** Combined 1-sigma uncertainty of the two positions (mm), 0 when placed by hand. */
  uncertaintyMm: number
  /** True when |margin| is within 2 sigma of the measurement uncertainty: the call could go either way. */
  marginal: boolean
}

export type Reason = {
  code: string
  /** Text for older readers; new readers print `values` in the user's unit (formatReason). */
  message: string
  rule: string
  /** The numbers behind the reason, with units (tabletop-result/1 uniform field). */
  values?: Record<string, Quantity>
  /** The message with `{name}` where each of `values` goes, for printing in the user's unit (formatReason). */
  template?: string
  /** Added by the evaluator: the section and its human title. */
  citation?: Citation
}
export type Modifier = { source: string; value: number; rule: string }

export type LosRay = { from: Vec3Tuple; to: Vec3Tuple; blocked: boolean; by: string[]; hides: string[]; base: boolean }

export type LosFigure = {
  visible: boolean
  fraction: number
  baseHidden: number
  blockers: string[]
  /** Ids of pieces/models that hide part of the base without blocking the sight line. */
  obscuring: string[]
  /** Per id, the fraction of the base sample points it hides. */
  baseHiddenBy: Record<string, number>
  class?: string
  rays: number
  baseRays: number
  /** Sampling resolution of `fraction` and `baseHidden` (1 / sample count). */
  resolution: { fraction: number; baseHidden: number }
  mode: '2d' | '3d'
  rule: string
  citation: Citation
  sampleRays?: LosRay[]
}

export type Probability = {
  hit: number
  effect: number
  /** The same as exact fractions, e.g. "9/20". */
  exact: { hit: string; effect: string }
  /** How each was computed, in words. */
  notes?: string[]
}

/** A ruleset's own fields beside the uniform ones (each ruleset's README documents them). */
export type OwnFields = { [field: string]: unknown }

/** Every result names the sections it relied on, each with its human title beside it (Book.sources). */
export type Sources = { rules: string[]; citations: Citation[] }

/** The fields of one query's result, without id/type (the evaluator adds those). */
export type ResultBody = Sources & OwnFields

/** A modifier as a result lists it: where it comes from, its value, its section, and whether it was applied. */
export type ResultModifier = { source: string; value: number | string; rule: string; citation: Citation; applied: boolean }

/** An action that is allowed or refused, with the reasons (a refusal has at least one). */
export type Verdict = { allowed: boolean; reasons: UniformReason[] }

// One result type per core query (a ruleset's handler for that query returns it; src/engine/ruleSystem.ts).
export type DistanceResult = ResultBody & DistanceFigure & { reference: string; mode: '2d' | '3d'; uncertaintyMm: number }
/** A line of sight: the sampled figures every ruleset gives (LosFigure's; its own may add more), its class and sight block. */
export type LosResult = ResultBody & Pick<LosFigure, 'visible' | 'fraction' | 'baseHidden' | 'blockers' | 'rays' | 'baseRays' | 'resolution' | 'mode' | 'rule' | 'citation'> & { class: string; sight: Sight }
/** One arc's membership as an arc result lists it (the ruleset says which figures: centre, fraction, in). */
export type ArcMembershipFigure = { arc: string; side?: 'left' | 'right'; fraction?: number; in?: boolean; centre?: boolean } & OwnFields
/** An arc edge to draw. */
export type ArcEdgeFigure = { arc?: string; side?: 'left' | 'right'; edge?: string; origin: [number, number]; direction: [number, number] } & OwnFields
export type ArcResult = ResultBody & { arc: string | null; test: string; membership: ArcMembershipFigure[]; lines: ArcEdgeFigure[] }
export type EngagementResult = ResultBody & { engaged: boolean; with: string[] }
/**
 * One viewer → target pair of a visibility matrix (coarse sampling), with its sight block when the
 * ruleset classes it. A ruleset that judges sight by one line (Operator Tactics: centre to centre)
 * gives no fraction, and its pairs no sight block.
 */
export type VisibilityPair = { from: string; to: string; visible: boolean; fraction?: number; class?: string; sight?: Sight } & OwnFields
export type VisibilityResult = ResultBody & { pairs: VisibilityPair[] }
/** An attack's chances: `hit` and `effect` equal their exact fractions, each with its scope (one roll, or the whole action). */
export type AttackProbability = { hit: number; effect: number; exact: { hit: string; effect: string }; scope: ProbabilityScopes; notes?: string[] } & OwnFields
export type AttackResult = ResultBody & Verdict & { modifiers?: ResultModifier[]; probability?: AttackProbability }
export type MoveResult = ResultBody & Verdict
/** Auras, blasts and objectives: the area in one shape beside the ruleset's own fields. */
export type AreaResult = ResultBody & { area: AreaFigure }

export type QueryResult = ResultBody & { id: string; type: string }

/** A scene sanity warning (src/engine/scene/sceneWarnings.ts): the scene is answered, but looks wrong. */
export type SceneWarning = {
  /**
   * The scene's own (sceneWarnings.ts), or how a terrain file was read where that changes what it blocks
   * (`terrain-read-as`: thin surfaces, area terrain, parts skipped; `terrain-sinks`: a piece placed by its
   * file's origin sinks into the table), which src/terrain adds (withMeshWarnings) in the CLI and the app.
   */
  code: 'model-inside-terrain' | 'bases-overlap' | 'terrain-not-resting' | 'query-targets-itself' | 'terrain-read-as' | 'terrain-sinks' | 'context-overrides-state'
  /** JSON path of the field to look at. */
  path: string
  message: string
}

export type ResultDocument = {
  format: typeof RESULT_FORMAT
  system: string
  engine: string
  options: Record<string, string | number | boolean>
  results: QueryResult[]
  /** Scene sanity warnings (model inside terrain, overlapping bases, floating terrain, self-aimed query) and how terrain files were read; present only when there are any. */
  warnings?: SceneWarning[]
}

// ---------------------------------------------------------------------------------------------
// Uniform fields (added to tabletop-result/1 without removing any field; see src/engine/scene/README.md).
// Every ruleset's results carry them under the same names; the app's card and the contract test
// (test/contract/) read only these. Each ruleset builds them itself with the builders in result/
// (`bookOf`, `withSight`, `chance`, `areaFigure`, `settleModifiers`); the contract test checks every scene's.

/** A place in a rulebook: the section or anchor as printed, and a title a person reads. */
export type Citation = { section: string; title: string }

/** A number with its unit, so the CLI or the app can print it in the user's unit. */
export type Quantity = { value: number; unit: 'mm' | 'in' | 'deg' | 'count' | 'fraction' }

/** A reason as data: a code, its values with units, the template they fill, and a citation. `message` stays for older readers. */
export type UniformReason = Reason & { citation: Citation; values: Record<string, Quantity>; template: string }

/** What a probability is the chance of: one roll, or the whole action of `rolls` rolls. */
export type ProbabilityScope = { of: 'one-roll' | 'action'; rolls: number }

/** The uniform scope of an attack's `probability`: `hit` and `effect` each say what they cover. */
export type ProbabilityScopes = { hit: ProbabilityScope; effect: ProbabilityScope }

export const DISPLAY_CLASSES = ['clear', 'partial', 'blocked'] as const
export type DisplayClass = (typeof DISPLAY_CLASSES)[number]

/** A ruleset's own LoS class: how it shows (clear/partial/blocked), why, and where the book says so. */
export type LosClassDecl = { display: DisplayClass; reason: string; rule: string }

/**
 * Why a LoS result has its class: the deciding reason and its citation. `overridesGeometry` is true
 * when the class shows differently from the bare geometry (e.g. Cadence's friendly screen blocks a
 * target that every sight line reaches), so a reader never sees a contradiction left unexplained.
 */
export type LosBecause = {
  code: string
  reason: string
  /** `reason` as data (like a Reason's): `{name}`s in the template filled from `values` in the user's unit. */
  template: string
  values: Record<string, Quantity>
  citation: Citation
  overridesGeometry: boolean
}

/** The geometric facts of a sight line (or of a unit: any model seen, the best model's fraction). */
export type SightFacts = { visible: boolean; fraction: number; baseHidden: number; blockers: string[] }

/** The uniform sight block every LoS result (los query, attack, visibility pair) carries. */
export type Sight = SightFacts & { class: string; display: DisplayClass; because: LosBecause }

/** One model inside an area, with its distance where the ruleset measured one. */
export type AreaMember = { model: string; mm?: number; inches?: number }

/** Auras, blasts and objectives in one shape. */
export type AreaFigure = {
  kind: 'aura' | 'blast' | 'objective'
  /** The source model (aura, thrower) or null. */
  source: string | null
  /** Centre on the table (mm), when the area has a fixed point (blast, objective marker). */
  centre: [number, number] | null
  radiusMm: number | null
  radiusInches: number | null
  inside: AreaMember[]
}

// ---------------------------------------------------------------------------------------------
// Planning queries (issue 32): `reach` (where a model's base centre can end a move), `threat` (who can
// attack a spot this turn, and how) and `exposure` (how many enemies see a model standing in each cell).
// Added to tabletop-result/1 without changing any other result; the fields named in the issue
// (`points[i].reachable`, `.marginal`, `.cost.mm`, `.path`, `.chance`; `points[i].attackers`
// `{model, via, weapon?, chance?}`; `points[i].seenBy`, `.hidden`) are what other tools read.

/** A length in both units a plan prints (mm full precision to 0.01, inches to 0.001). */
export type LengthFigure = { mm: number; inches: number }

/** A chance: `value` equals the exact fraction `exact` ("7/12"), as every probability of the contract. */
export type ChanceFigure = { value: number; exact: string }

/**
 * A region on the table: its outer ring and its holes, [x, y] mm, the outer ring counter-clockwise and
 * the holes clockwise (not closed: the last vertex joins the first). Its boundary lies within
 * `resolutionMm` of the exact one (the grid it was traced on).
 */
export type PlanPolygon = { outer: Array<[number, number]>; holes: Array<Array<[number, number]>>; resolutionMm: number }

/** One outcome of a dice allowance: the roll, the allowance it gives, and its chance. */
export type AllowanceOutcome = LengthFigure & { roll: number; chance: ChanceFigure }

/**
 * A move's allowance under the book: a fixed length, or dice (then `mm`/`inches` are the most the dice
 * can give and `dice` lists every outcome). `formula` as the book writes it ("M 5\" + D6").
 */
export type ReachAllowance = LengthFigure & { formula: string; rule: string; citation: Citation; dice?: AllowanceOutcome[] }

/** What a path pays for (a terrain piece, a climb, a pivot, a model passed through), its cost and section. */
export type ReachCharge = { id: string; kind: string; cost: LengthFigure; rule: string; citation: Citation }

/** One probe spot of a reach: can the base centre end a move there, by which path, at what cost. */
export type ReachPoint = {
  at: [number, number]
  reachable: boolean
  /** True when the call is within 2σ of the model's tracked position of the allowance: it could go either way. */
  marginal: boolean
  /** The cost of the cheapest legal path (what the book charges: distance plus terrain, climbs, pivots); null when none ends there. */
  cost: LengthFigure | null
  /** The cheapest legal path as a polyline from the model's base centre to `at` (empty when there is none). */
  path: Array<[number, number]>
  /** What that path pays for beyond its length, piece by piece (a piece it merely crosses at no cost is listed with cost 0). */
  crossed: ReachCharge[]
  /** Dice moves: the exact chance that the roll leaves enough for this path. */
  chance?: ChanceFigure
  /** Why the spot cannot be reached (or, when reachable, notes the book attaches); every reason cites its section. */
  reasons: UniformReason[]
} & OwnFields

/** The region a dice move reaches with a given roll (or better), and the chance of that roll or better. */
export type ReachContour = { roll: number; allowance: LengthFigure; chance: ChanceFigure; area: PlanPolygon[] }

export type ReachResult = ResultBody & {
  model: string
  /** The move mode as the ruleset's `move` query names it. */
  mode: string
  from: [number, number]
  allowance: ReachAllowance
  /** Where the base centre can end the move (a dice move: with the best roll; `contours` per roll). */
  area: PlanPolygon[]
  contours?: ReachContour[]
  points: ReachPoint[]
}

/** One enemy that can attack a spot this turn, and how (its own fields beside the ruleset's). */
export type ThreatAttacker = ThreatAttackerFields & OwnFields

/** The fields every ThreatAttacker carries. */
export type ThreatAttackerFields = {
  model: string
  /** "shoot" (from where it stands), "move-shoot", "charge", or the game's own word (Jagged Shards "rush"). */
  via: string
  weapon?: string
  /** The exact chance to hit, as the ruleset's attack gives it (`probability.hit`). */
  chance?: ChanceFigure
  /** The exact chance of the attack's effect (a wound, damage), where the game has one. */
  effect?: ChanceFigure
  /** Where dice decide the move (a charge roll, a Rush): the exact chance that it gets there. */
  moveChance?: ChanceFigure
  /** Where it attacks from: where it stands, or the end of its move. */
  from: [number, number]
  /** The move before the attack (move-shoot, charge), as a polyline; absent for "shoot". */
  path?: Array<[number, number]>
  /** The distance the book measures for this attack, and the weapon's range (null: unlimited or contact). */
  range: LengthFigure & { limit: LengthFigure | null }
  /** Sight from that place to the spot: the attack's own sight block (the game's class, its display and why). */
  sight?: Sight
  /** The cover the spot would get against this attack, in the game's words ("none" when it gets none). */
  cover?: string
  marginal: boolean
  rule: string
  citation: Citation
}

export type ThreatPoint = { at: [number, number]; attackers: ThreatAttacker[] } & OwnFields

/** Where an enemy reaches with one weapon: the spots within its range of where it stands (shoot) or of its reach (move-shoot, charge). */
export type ThreatBand = { model: string; via: string; weapon: string; range: LengthFigure; area: PlanPolygon[] }

export type ThreatResult = ResultBody & { model: string; enemies: string[]; points: ThreatPoint[]; bands: ThreatBand[] }

/**
 * The exposure grid: `columns` × `rows` cells of `cellMm` from `origin` (the corner of cell 0), row-major,
 * x fastest. Per cell, for a model standing at its centre: how many enemies see it (null where none was
 * judged: outside `within`, or where no model can stand), the best sight class among them (the game's
 * own) with its display and the cover that view leaves (null when hidden). Sampled coarsely, like the
 * visibility matrix; probe points are sampled fully, like a ruling.
 */
export type ExposureGrid = {
  origin: [number, number]
  cellMm: number
  columns: number
  rows: number
  seen: Array<number | null>
  best: Array<string | null>
  display: Array<DisplayClass | null>
  cover: Array<string | null>
  density: 'coarse'
}

/** One enemy that sees a probe spot, with the game's sight class. */
export type ExposureViewer = { model: string; class: string; display: DisplayClass; cover: string }

export type ExposurePoint = { at: [number, number]; seenBy: string[]; hidden: boolean; by: ExposureViewer[] } & OwnFields

export type ExposureResult = ResultBody & {
  side: string
  enemies: string[]
  grid: ExposureGrid
  /** The cells no enemy sees (indices into the grid). */
  hidden: number[]
  points: ExposurePoint[]
}
