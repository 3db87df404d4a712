// The JSON Schema of tabletop-result/1 (committed as src/engine/result.schema.json, checked by
// test/architecture.test.ts like the scene schema). It fixes the document, the result of each core
// query and the uniform fields every ruleset carries (citations, reasons as data, sight, area,
// probability scope), and leaves each ruleset's own fields open. The schema is checked against the
// result types the rulesets build (src/engine/results.ts): the type checks at the end fail to compile
// when the two drift. Cross-field rules (value = exact, class vs facts, nothing applied on a refusal)
// are property tests in test/contract/, since a schema cannot state them.
import { z } from 'zod'
import { CORE_QUERY_TYPES } from './scene/sceneSchema.ts'
import { type AreaFigure, type AreaMember, type AttackResult, type AreaResult, type ArcResult, type ChanceFigure, type Citation, type DistanceResult, type EngagementResult, type ExposureGrid, type ExposureResult, type LosBecause, type LosResult, type MoveResult, type PlanPolygon, type ProbabilityScope, type Quantity, type ReachAllowance, type ReachCharge, type ReachResult, type ResultBody, type Sight, type ThreatBand, type ThreatResult, type VisibilityResult, DISPLAY_CLASSES, RESULT_FORMAT } from './results.ts'

export const citationSchema = z.object({ section: z.string(), title: z.string().min(1) })

export const quantitySchema = z.object({ value: z.number(), unit: z.enum(['mm', 'in', 'deg', 'count', 'fraction']) })

/** A reason as data: code, values with units, the template they fill, the citation; `message` stays for older readers. */
export const reasonSchema = z.looseObject({
  code: z.string().min(1),
  message: z.string(),
  rule: z.string(),
  citation: citationSchema,
  values: z.record(z.string(), quantitySchema),
  template: z.string(),
})

export const probabilityScopeSchema = z.object({ of: z.enum(['one-roll', 'action']), rolls: z.number().int().min(1) })

/** An attack's probability: `hit`/`effect` equal their exact fractions, each with its scope. */
export const probabilitySchema = z.looseObject({
  hit: z.number().min(0).max(1),
  effect: z.number().min(0).max(1),
  exact: z.object({ hit: z.string(), effect: z.string() }),
  scope: z.object({ hit: probabilityScopeSchema, effect: probabilityScopeSchema }),
  notes: z.array(z.string()).optional(),
})

export const sightSchema = z.object({
  visible: z.boolean(),
  fraction: z.number().min(0).max(1),
  baseHidden: z.number().min(0).max(1),
  blockers: z.array(z.string()),
  class: z.string(),
  display: z.enum(DISPLAY_CLASSES),
  because: z.object({ code: z.string(), reason: z.string().min(1), template: z.string(), values: z.record(z.string(), quantitySchema), citation: citationSchema, overridesGeometry: z.boolean() }),
})

export const areaSchema = z.object({
  kind: z.enum(['aura', 'blast', 'objective']),
  source: z.string().nullable(),
  centre: z.tuple([z.number(), z.number()]).nullable(),
  radiusMm: z.number().nullable(),
  radiusInches: z.number().nullable(),
  inside: z.array(z.object({ model: z.string(), mm: z.number().optional(), inches: z.number().optional() })),
})

export const arcResultSchema = z.looseObject({
  arc: z.string().nullable(),
  test: z.string(),
  membership: z.array(z.looseObject({ arc: z.string(), fraction: z.number().optional(), in: z.boolean().optional() })),
  lines: z.array(z.looseObject({ origin: z.tuple([z.number(), z.number()]), direction: z.tuple([z.number(), z.number()]) })),
})

// Planning results (issue 32): reach, threat, exposure.
const point2 = z.tuple([z.number(), z.number()])
export const lengthSchema = z.object({ mm: z.number(), inches: z.number() })
export const chanceSchema = z.object({ value: z.number().min(0).max(1), exact: z.string() })
export const planPolygonSchema = z.object({ outer: z.array(point2), holes: z.array(z.array(point2)), resolutionMm: z.number().gt(0) })
export const reachAllowanceSchema = z.object({
  mm: z.number(),
  inches: z.number(),
  formula: z.string(),
  rule: z.string(),
  citation: citationSchema,
  dice: z.array(z.object({ mm: z.number(), inches: z.number(), roll: z.number(), chance: chanceSchema })).optional(),
})
export const reachChargeSchema = z.object({ id: z.string(), kind: z.string(), cost: lengthSchema, rule: z.string(), citation: citationSchema })
export const threatBandSchema = z.object({ model: z.string(), via: z.string(), weapon: z.string(), range: lengthSchema, area: z.array(planPolygonSchema) })
export const exposureGridSchema = z.object({
  origin: point2,
  cellMm: z.number().gt(0),
  columns: z.number().int().min(0),
  rows: z.number().int().min(0),
  seen: z.array(z.number().int().min(0).nullable()),
  best: z.array(z.string().nullable()),
  display: z.array(z.enum(DISPLAY_CLASSES).nullable()),
  cover: z.array(z.string().nullable()),
  density: z.literal('coarse'),
})

/** What every result carries: its id and type, the sections it relied on and their citations. */
const resultBase = {
  id: z.string(),
  type: z.string(),
  rules: z.array(z.string()),
  citations: z.array(citationSchema),
  reasons: z.array(reasonSchema).optional(),
  allowed: z.boolean().optional(),
  sight: sightSchema.optional(),
  area: areaSchema.optional(),
  probability: z.union([probabilitySchema, z.looseObject({})]).optional(),
  /** Cadence games: each game rule that changed the core ruling (src/systems/cadence/README.md, attack hooks). */
  gameHooks: z.array(z.object({ hook: z.enum(['sight', 'keywords', 'shields', 'stats', 'weapon', 'targets']), source: z.string().min(1), rule: z.string(), citation: citationSchema })).optional(),
}

const verdict = { allowed: z.boolean(), reasons: z.array(reasonSchema) }
const vec3 = z.tuple([z.number(), z.number(), z.number()])

/** The result of each core query (a ruleset's own query types: any result with the base fields). */
export const coreResultSchemas = {
  distance: z.looseObject({ ...resultBase, type: z.literal('distance'), mm: z.number(), inches: z.number(), points: z.tuple([vec3, vec3]) }),
  los: z.looseObject({ ...resultBase, type: z.literal('los'), visible: z.boolean(), fraction: z.number(), class: z.string(), sight: sightSchema, rule: z.string(), citation: citationSchema }),
  arc: arcResultSchema.extend({ ...resultBase, type: z.literal('arc') }),
  engagement: z.looseObject({ ...resultBase, type: z.literal('engagement'), engaged: z.boolean(), with: z.array(z.string()) }),
  visibility: z.looseObject({ ...resultBase, type: z.literal('visibility'), pairs: z.array(z.looseObject({ from: z.string(), to: z.string(), visible: z.boolean(), fraction: z.number().optional(), class: z.string().optional(), sight: sightSchema.optional() })) }),
  attack: z.looseObject({ ...resultBase, ...verdict, type: z.literal('attack') }),
  move: z.looseObject({ ...resultBase, ...verdict, type: z.literal('move') }),
  area: z.looseObject({ ...resultBase, type: z.enum(['aura', 'blast', 'objective']), area: areaSchema }),
  reach: z.looseObject({
    ...resultBase,
    type: z.literal('reach'),
    model: z.string(),
    mode: z.string(),
    from: point2,
    allowance: reachAllowanceSchema,
    area: z.array(planPolygonSchema),
    contours: z.array(z.object({ roll: z.number(), allowance: lengthSchema, chance: chanceSchema, area: z.array(planPolygonSchema) })).optional(),
    points: z.array(z.looseObject({
      at: point2,
      reachable: z.boolean(),
      marginal: z.boolean(),
      cost: lengthSchema.nullable(),
      path: z.array(point2),
      crossed: z.array(reachChargeSchema),
      chance: chanceSchema.optional(),
      reasons: z.array(reasonSchema),
    })),
  }),
  threat: z.looseObject({
    ...resultBase,
    type: z.literal('threat'),
    model: z.string(),
    enemies: z.array(z.string()),
    points: z.array(z.looseObject({
      at: point2,
      attackers: z.array(z.looseObject({
        model: z.string(),
        via: z.string().min(1),
        weapon: z.string().optional(),
        chance: chanceSchema.optional(),
        effect: chanceSchema.optional(),
        moveChance: chanceSchema.optional(),
        from: point2,
        path: z.array(point2).optional(),
        range: z.object({ mm: z.number(), inches: z.number(), limit: lengthSchema.nullable() }),
        sight: sightSchema.optional(),
        cover: z.string().optional(),
        marginal: z.boolean(),
        rule: z.string(),
        citation: citationSchema,
      })),
    })),
    bands: z.array(threatBandSchema),
  }),
  exposure: z.looseObject({
    ...resultBase,
    type: z.literal('exposure'),
    side: z.string(),
    enemies: z.array(z.string()),
    grid: exposureGridSchema,
    hidden: z.array(z.number().int().min(0)),
    points: z.array(z.looseObject({
      at: point2,
      seenBy: z.array(z.string()),
      hidden: z.boolean(),
      by: z.array(z.object({ model: z.string(), class: z.string(), display: z.enum(DISPLAY_CLASSES), cover: z.string() })),
    })),
  }),
}

/** A ruleset's own query type: never a core type's name (JSON Schema: a pattern). */
const systemType = z.string().regex(new RegExp(`^(?!(${CORE_QUERY_TYPES.join('|')})$)`), 'a ruleset query type (core types have their own result)')

export const queryResultSchema = z.union([...Object.values(coreResultSchemas), z.looseObject({ ...resultBase, type: systemType })])

export const resultDocumentSchema = z.object({
  format: z.literal(RESULT_FORMAT),
  system: z.string(),
  engine: z.string(),
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  results: z.array(queryResultSchema),
  /** Scene sanity warnings (issue 12; src/engine/scene/sceneWarnings.ts) and how terrain files were read (issue 35; src/terrain/meshLibraryForScene.ts), present only when there are any. */
  warnings: z.array(z.object({ code: z.string(), path: z.string(), message: z.string() })).optional(),
})

// The schema checked against the types: each line fails to compile when they drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Holds<A, B> = [A] extends [B] ? true : false
export type SchemaMatchesTypes = [
  Check<Same<z.infer<typeof citationSchema>, Citation>>,
  Check<Same<z.infer<typeof quantitySchema>, Quantity>>,
  Check<Same<z.infer<typeof probabilityScopeSchema>, ProbabilityScope>>,
  Check<Same<z.infer<typeof sightSchema>, Sight>>,
  Check<Same<z.infer<typeof sightSchema>['because'], LosBecause>>,
  Check<Same<z.infer<typeof areaSchema>, AreaFigure>>,
  Check<Same<z.infer<typeof areaSchema>['inside'][number], AreaMember>>,
  Check<Holds<DistanceResult & { id: string; type: 'distance' }, z.infer<(typeof coreResultSchemas)['distance']>>>,
  Check<Holds<LosResult & { id: string; type: 'los' }, z.infer<(typeof coreResultSchemas)['los']>>>,
  Check<Holds<ArcResult & { id: string; type: 'arc' }, z.infer<(typeof coreResultSchemas)['arc']>>>,
  Check<Holds<EngagementResult & { id: string; type: 'engagement' }, z.infer<(typeof coreResultSchemas)['engagement']>>>,
  Check<Holds<VisibilityResult & { id: string; type: 'visibility' }, z.infer<(typeof coreResultSchemas)['visibility']>>>,
  Check<Holds<AttackResult & { id: string; type: 'attack' }, z.infer<(typeof coreResultSchemas)['attack']>>>,
  Check<Holds<MoveResult & { id: string; type: 'move' }, z.infer<(typeof coreResultSchemas)['move']>>>,
  Check<Holds<AreaResult & { id: string; type: 'aura' }, z.infer<(typeof coreResultSchemas)['area']>>>,
  Check<Holds<ResultBody & { id: string; type: string }, { id: string; type: string; rules: string[]; citations: Citation[] }>>,
  Check<Same<z.infer<typeof chanceSchema>, ChanceFigure>>,
  Check<Same<z.infer<typeof planPolygonSchema>, PlanPolygon>>,
  Check<Same<z.infer<typeof reachAllowanceSchema>, ReachAllowance>>,
  Check<Same<z.infer<typeof reachChargeSchema>, ReachCharge>>,
  Check<Same<z.infer<typeof threatBandSchema>, ThreatBand>>,
  Check<Same<z.infer<typeof exposureGridSchema>, ExposureGrid>>,
  Check<Holds<ReachResult & { id: string; type: 'reach' }, z.infer<(typeof coreResultSchemas)['reach']>>>,
  Check<Holds<ThreatResult & { id: string; type: 'threat' }, z.infer<(typeof coreResultSchemas)['threat']>>>,
  Check<Holds<ExposureResult & { id: string; type: 'exposure' }, z.infer<(typeof coreResultSchemas)['exposure']>>>,
]
/** Compiles only when `T` is `true`. */
type Check<T extends true> = T
