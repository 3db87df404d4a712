// What a ruleset is, to the engine: declarations (options, terrain vocabulary, catalogue,
// measuring/LoS/engagement/arc rules) plus handlers for the queries it answers; and the prepared
// table they are handed (table/prepareTable.ts builds it). The two are declared together because
// each names the other: this file imports neither the table builder nor the LoS sampler, so the
// engine has no import cycle (test/architecture.test.ts).
import type { ZodType } from 'zod'
import type { BaseShape, CoreQueryType, QueryOf, Scene, SceneModel, SceneTerrain } from './scene/sceneSchema.ts'
import type { ArcDecl, ArcTest } from './geometry/facingArcs.ts'
import type { PlacedBase } from './geometry/baseShape.ts'
import type { TerrainSolid, TerrainWorld } from './los/terrainWorld.ts'
import type { LineOfSight } from './los/lineOfSight.ts'
import type { GameDecl } from './game/gameDecl.ts'
import type { AreaResult, ArcResult, AttackResult, DistanceResult, EngagementResult, ExposureResult, LosResult, MoveResult, ReachResult, ResultBody, ThreatResult, VisibilityResult } from './results.ts'

export type OptionValue = string | number | boolean

/** One ambiguity of a rulebook as a named option with a documented default. */
export type OptionDecl = {
  name: string
  /** Allowed values; omit for a free number/boolean (then give `type`). */
  values?: readonly OptionValue[]
  type?: 'number' | 'boolean' | 'string'
  default: OptionValue
  /** Where in the book the ambiguity arises. */
  section: string
  note: string
}

export type CatalogueEntry = { name: string; section: string }
export type ProfileEntry = CatalogueEntry & {
  stats?: Record<string, unknown>
  weapons?: readonly string[]
  keywords?: readonly string[]
  base?: BaseShape
  heightMm?: number
  [extra: string]: unknown
}
export type WeaponEntry = CatalogueEntry & { [stat: string]: unknown }
export type Catalogue = {
  profiles: Readonly<Record<string, ProfileEntry>>
  weapons: Readonly<Record<string, WeaponEntry>>
}

export type TerrainTypeDecl = { id: string; description: string; section: string }

export type Within = 'lt' | 'le'

/** How the ruleset measures between two models by default. */
export type MeasureRule = {
  /** edge: closest points of the bases; centre: centre to centre; front-edge-centre: from the measuring model's front edge centre to the other's closest point. */
  reference: 'edge' | 'centre' | 'front-edge-centre'
  mode: '2d' | '3d'
  /** Default reading of "within X": strictly less, or less or equal. */
  within: Within
  rule: string
}

export type LosFrom = 'eye' | 'front-edge-centre-eye' | 'base-centre'
export type LosTo = 'volume' | 'base' | 'centre' | 'eye'

/** How the ruleset draws a line of sight (engine/los/sampleLineOfSight.ts interprets it). */
export type LosRule = {
  mode: '3d' | '2d'
  from: LosFrom
  to: LosTo
  /** Terrain that stops a sight line. */
  terrainBlocks: (piece: TableTerrain) => boolean
  /** Terrain that does not stop a line but hides what is behind it for cover (counted in baseHidden). Default: none. */
  terrainObscures?: (piece: TableTerrain) => boolean
  /**
   * Terrain judged as a column of unlimited height over its footprint (a smoke marker: any sight line
   * drawn through it, at any height). Default: none (every piece is its own solid).
   */
  terrainColumn?: (piece: TableTerrain) => boolean
  /**
   * Other models that stop a sight line (viewer and target never do). A rule where no model ever
   * blocks or obscures may give the engine's `modelsNeverBlock` (and no `modelObscures`): sight lines
   * then skip models altogether (the same answers; at 300 models a pair's bound meets ~40 of them).
   */
  modelBlocks: (blocker: TableModel, viewer: TableModel, target: TableModel) => boolean
  /** Models that do not stop a line but hide for cover. Default: none. */
  modelObscures?: (blocker: TableModel, viewer: TableModel, target: TableModel) => boolean
  /** Fraction of target points that must be seen to call it visible (default: any, i.e. > 0). */
  visibleAbove?: number
  /**
   * "If one model can see the other, both can": sample both directions and keep the one that sees
   * more (the result says which with `direction`). Default false (LoS from the viewer only).
   */
  symmetric?: boolean
  rule: string
}

export type EngagementRule = { rangeMm: number; within: Within; rule: string; reference?: MeasureRule['reference'] }

export type ArcRule = { arcs: readonly ArcDecl[]; test: ArcTest; priority?: readonly string[]; rule: string }

export type QueryHandler<Q, R extends ResultBody = ResultBody> = (table: Table, query: Q) => R

/** The result type of each core query: a ruleset's handler for it returns that type. */
export type ResultOf = {
  distance: DistanceResult
  los: LosResult
  arc: ArcResult
  engagement: EngagementResult
  visibility: VisibilityResult
  attack: AttackResult
  move: MoveResult
  aura: AreaResult
  blast: AreaResult
  objective: AreaResult
  reach: ReachResult
  threat: ThreatResult
  exposure: ExposureResult
}

export type QueryHandlers = { [K in CoreQueryType]?: QueryHandler<QueryOf<K>, ResultOf[K]> } & {
  /** A ruleset's own query types: their results carry at least the uniform `rules` and `citations`. */
  [systemType: string]: QueryHandler<never> | undefined
}

/**
 * A move mode the ruleset's `reach` answers (issue 32): its name as the query's `mode`, and the query
 * context it cannot be answered without (Cadence's `deploy` needs `entryPoint`). A mode this model may
 * not make now is still declared: `reach` answers it with a coded refusal (an Operator Tactics Infiltrator's Sprint, §03 L446).
 */
export type MoveModeDecl = { mode: string; needs?: readonly string[] }

/** A ruleset's `moveModes` from the list its `reach` checks a mode against (the default first), with the context each mode needs. */
export function declareMoveModes(modes: readonly string[], needs: Readonly<Record<string, readonly string[]>> = {}): readonly MoveModeDecl[] {
  return modes.map((mode) => (needs[mode] ? { mode, needs: needs[mode] } : { mode }))
}

export type RuleSystem = {
  id: string
  title: string
  book: { file: string; title: string; edition?: string }
  /** How this book is cited, e.g. "§ numbers as printed". */
  citation: string
  /** The number of sides on the main die, for display ("D100", "d12", "D6"...). */
  dice: string
  options: readonly OptionDecl[]
  terrainTypes: readonly TerrainTypeDecl[]
  /** Allowed terrain keywords; omit to accept any. */
  terrainKeywords?: readonly string[]
  /** Allowed model keywords and statuses; omit to accept any. */
  modelKeywords?: readonly string[]
  modelStatuses?: readonly string[]
  catalogue: Catalogue
  /** Rules that the engine's generic query handlers follow (per table, so options can change them). */
  rules: (table: Table) => {
    measure: MeasureRule
    los: LosRule
    engagement?: EngagementRule
    arcs?: ArcRule
  }
  /** The book's own LoS class for a sight line (e.g. clear/obscured/blocked). */
  classifyLos?: (table: Table, viewer: TableModel, target: TableModel, los: LineOfSight) => string
  /**
   * Does `classifyLos` read nothing but the line it is given, the two models' scene entries and the
   * table's options, on this table? Then a pair whose line a LosMemo still holds keeps the class it was
   * shown with, and the visibility matrix shows it again without asking. Omit (or false) when the class
   * reads anything else (its own sight lines, other models, terrain beyond the line): it is asked every time.
   */
  classOfLineOnly?: (table: Table) => boolean
  /** Each LoS class `classifyLos` returns: its display class (clear/partial/blocked), reason and section (tabletop-result/1 `sight`). */
  losClasses?: Readonly<Record<string, import('./results.ts').LosClassDecl>>
  /** A human title for a cited section ("core-rules/advanced-rules.html#keyword-cover" → "Advanced Rules › Keyword: Cover"). */
  citationTitle?: (section: string) => string | undefined
  /** Validates the `context` object of attack (and other) queries. */
  contextSchema?: ZodType
  /** Extra, system-specific query types and their schemas (core types are listed in sceneSchema.ts). */
  queryTypes?: Readonly<Record<string, ZodType>>
  handlers: QueryHandlers
  /**
   * Every move mode `handlers.reach` answers, its default (the mode answered when none is asked) first.
   * Required of a ruleset that answers `reach`; any other name is refused (path `mode`).
   */
  moveModes?: readonly MoveModeDecl[]
  /** Demo scene (scene JSON) opened by the planner and evaluated in a test. */
  demoScene: unknown
  /** Extra scene checks (issues with JSON paths); run after the generic ones. */
  checkScene?: (table: Table) => Array<{ path: string; message: string }>
  /** The game state its book declares (issue 33): counters, statuses, activation, resources, scoring, effects. */
  game?: RulesetGame
}

/** A ruleset's game declaration over the engine's table (src/engine/game/gameDecl.ts). */
export type RulesetGame = GameDecl<Table, TableModel>

export type Weapon = WeaponEntry & { id: string }

export type TableModel = {
  id: string
  index: number
  side: string
  unit: string
  scene: SceneModel
  base: BaseShape
  placed: PlacedBase
  x: number
  y: number
  z: number
  facingDeg: number
  heightMm: number
  eyeMm: number
  keywords: readonly string[]
  status: readonly string[]
  profileId: string | null
  /** Catalogue stats merged with inline overrides. */
  stats: Readonly<Record<string, unknown>>
  weapons: readonly Weapon[]
  uncertaintyMm: number
  /** The table frame's relative scale 1σ (the scene's table.scaleUncertainty; 0: exact), the same on every model of a table. */
  frameScaleSigma: number
}

export type TableTerrain = {
  id: string
  index: number
  type: string
  keywords: readonly string[]
  scene: SceneTerrain
  solid: TerrainSolid
  has: (keyword: string) => boolean
}

export type Table = {
  scene: Scene
  system: RuleSystem
  options: Readonly<Record<string, OptionValue>>
  widthMm: number
  depthMm: number
  models: readonly TableModel[]
  terrain: readonly TableTerrain[]
  world: TerrainWorld
  model: (id: string) => TableModel
  findModel: (id: string) => TableModel | undefined
  terrainPiece: (id: string) => TableTerrain
  unitOf: (m: TableModel) => readonly TableModel[]
  units: ReadonlyMap<string, readonly TableModel[]>
}
