// The JSON Schema of tabletop-result/1 (committed as src/engine/result.schema.json, checked by
// test/architecture.test.ts like the scene schema). It fixes the document, the uniform fields every
// ruleset carries (citations, reasons as data, sight, area, probability scope) and leaves each
// ruleset's own fields open. Cross-field rules (value = exact, class vs facts, nothing applied on a
// refusal) are property tests in test/contract/, since a schema cannot state them.
import { z } from 'zod'
import { DISPLAY_CLASSES, RESULT_FORMAT } from './results.ts'

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

export const queryResultSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  rules: z.array(z.string()).optional(),
  citations: z.array(citationSchema).optional(),
  reasons: z.array(reasonSchema).optional(),
  allowed: z.boolean().optional(),
  sight: sightSchema.optional(),
  area: areaSchema.optional(),
  probability: z.union([probabilitySchema, z.looseObject({})]).optional(),
  /** Cadence games: each game rule that changed the core ruling (src/systems/cadence/README.md, attack hooks). */
  gameHooks: z.array(z.object({ hook: z.enum(['sight', 'keywords', 'shields', 'stats', 'weapon', 'targets']), source: z.string().min(1), rule: z.string(), citation: citationSchema })).optional(),
})

export const resultDocumentSchema = z.object({
  format: z.literal(RESULT_FORMAT),
  system: z.string(),
  engine: z.string(),
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  results: z.array(queryResultSchema),
  /** Scene sanity warnings (issue 12; src/engine/scene/sceneWarnings.ts), present only when there are any. */
  warnings: z.array(z.object({ code: z.string(), path: z.string(), message: z.string() })).optional(),
})
