// Scene validation: structure (zod), then geometry and references, with JSON paths in every message.
import type { ZodError } from 'zod'
import { CORE_QUERY_TYPES, SCENE_FORMAT, coreQuerySchemas, sceneSchema, type CoreQueryType, type Scene } from './sceneSchema.ts'
import { SceneError, type SceneIssue, formatPath } from './sceneError.ts'
import { findPolygonProblem } from '../geometry/polygon.ts'
import { migrateScene } from './migrateScene.ts'
import { isMeshTerrain } from './sceneSchema.ts'
import { z } from 'zod'
import { own } from '../own.ts'

const runtimeSceneSchema = sceneSchema.extend({
  queries: z.array(z.looseObject({ id: z.string().min(1), type: z.string().min(1) })).optional(),
})

export function zodIssues(error: ZodError, prefix: ReadonlyArray<PropertyKey> = []): SceneIssue[] {
  return error.issues.map((i) => ({ path: formatPath([...prefix, ...i.path]), message: describeIssue(i) }))
}

function describeIssue(i: ZodError['issues'][number]): string {
  if (i.code === 'unrecognized_keys') return `unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')}`
  if (i.code === 'invalid_union' && 'note' in i && i.note === 'No matching discriminator') return i.message
  if (i.code === 'invalid_type' && i.message.includes('received undefined')) return `missing (${i.message.replace('Invalid input: ', '')})`
  return i.message.replace(/^Invalid input: /, '')
}

export type ParseSceneOptions = {
  /** Extra query types the chosen system declares (name → schema). */
  systemQueryTypes?: Readonly<Record<string, z.ZodType>>
  /** Validates each query's `context`. */
  contextSchema?: z.ZodType
}

/**
 * Validate a scene document (already parsed from JSON). Throws SceneError listing every issue
 * with its JSON path; never returns a half-valid scene.
 */
export function parseScene(raw: unknown, opts: ParseSceneOptions = {}): Scene {
  const migrated = migrateScene(raw)
  const parsed = runtimeSceneSchema.safeParse(migrated)
  if (!parsed.success) {
    const format = (migrated as { format?: unknown } | null)?.format
    if (format !== SCENE_FORMAT && typeof migrated === 'object' && migrated !== null) {
      throw new SceneError([{ path: 'format', message: `expected "${SCENE_FORMAT}", got ${JSON.stringify(format)}` }])
    }
    throw new SceneError(zodIssues(parsed.error))
  }
  const scene = parsed.data as Scene
  const issues: SceneIssue[] = []

  const ids = new Map<string, string>()
  // A duplicate id usually is a mistyped id ("a" twice where "b" was meant): the queries' "no model with
  // id b" would then be a follow-on error of the same mistake, so those are not reported beside it.
  let duplicateIds = false
  const claim = (id: string, path: string) => {
    const prev = ids.get(id)
    if (prev) {
      issues.push({ path, message: `duplicate id "${id}" (already used at ${prev})` })
      duplicateIds = true
    } else ids.set(id, path)
  }
  scene.models.forEach((m, i) => {
    claim(m.id, `models[${i}].id`)
    const [x, y] = m.position
    if (x < 0 || y < 0 || x > scene.table.width || y > scene.table.depth) {
      issues.push({ path: `models[${i}].position`, message: `base centre [${x}, ${y}] is off the ${scene.table.width} × ${scene.table.depth} mm table` })
    }
  })
  ;(scene.terrain ?? []).forEach((t, i) => {
    claim(t.id, `terrain[${i}].id`)
    if (!isMeshTerrain(t)) {
      const problem = findPolygonProblem(t.footprint)
      if (problem) issues.push({ path: `terrain[${i}].footprint`, message: `footprint ${problem}` })
    }
  })

  const queryIds = new Set<string>()
  const rawQueries = (migrated as { queries?: unknown[] }).queries ?? []
  scene.queries?.forEach((q, i) => {
    const path = `queries[${i}]`
    if (queryIds.has(q.id)) issues.push({ path: `${path}.id`, message: `duplicate query id "${q.id}"` })
    queryIds.add(q.id)
    const schema = (CORE_QUERY_TYPES as string[]).includes(q.type) ? coreQuerySchemas[q.type as CoreQueryType] : own(opts.systemQueryTypes, q.type)
    if (!schema) {
      const known = [...CORE_QUERY_TYPES, ...Object.keys(opts.systemQueryTypes ?? {})]
      issues.push({ path: `${path}.type`, message: `unknown query type "${q.type}"; expected one of ${known.join(', ')}` })
      return
    }
    const r = schema.safeParse(rawQueries[i])
    if (!r.success) {
      issues.push(...zodIssues(r.error, ['queries', i]))
      return
    }
    for (const key of ['from', 'to', 'of', 'model', 'attacker', 'target', 'source'] as const) {
      const ref = (q as Record<string, unknown>)[key]
      if (typeof ref === 'string' && !duplicateIds && !scene.models.some((m) => m.id === ref)) {
        issues.push({ path: `${path}.${key}`, message: `no model with id "${ref}" in this scene` })
      }
    }
    const context = (q as { context?: unknown }).context
    if (context !== undefined && opts.contextSchema) {
      const c = opts.contextSchema.safeParse(context)
      if (!c.success) issues.push(...zodIssues(c.error, ['queries', i, 'context']))
    }
  })
  if (issues.length) throw new SceneError(issues)
  return scene
}
