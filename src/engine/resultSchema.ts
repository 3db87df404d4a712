// The JSON Schema of tabletop-result/1 (committed as src/engine/result.schema.json, checked by
// test/architecture.test.ts like the scene schema). It fixes the document, the result of each core
// query and the uniform fields every ruleset carries (citations, reasons as data, sight, area,
// probability scope), and leaves each ruleset's own fields open. The schema is checked against the
// result types the rulesets build (src/engine/results.ts): the type checks at the end fail to compile
// when the two drift. Cross-field rules (value = exact, class vs facts, nothing applied on a refusal)
// are property tests in test/contract/, since a schema cannot state them.
import { z } from 'zod'
import { CORE_QUERY_TYPES } from './scene/sceneSchema.ts'
import { type AreaFigure, type AreaMember, type AttackResult, type AreaResult, type ArcResult, type Citation, type DistanceResult, type EngagementResult, type LosBecause, type LosResult, type MoveResult, type ProbabilityScope, type Quantity, type ResultBody, type Sight, type VisibilityResult, DISPLAY_CLASSES, RESULT_FORMAT } from './results.ts'

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
]
/** Compiles only when `T` is `true`. */
type Check<T extends true> = T
