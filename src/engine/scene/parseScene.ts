// Scene validation: structure (zod), then geometry and references, with JSON paths in every message.
import type { ZodError } from 'zod'
import { CORE_QUERY_TYPES, SCENE_FORMAT, coreQuerySchemas, modelSchema, sceneSchema, terrainSchema, type CoreQueryType, type Scene } from './sceneSchema.ts'
import type { SceneReuse } from './sceneReuse.ts'
import { SceneError, type SceneIssue, formatPath, showValue } from './sceneError.ts'
import { type InputLimits, DEFAULT_LIMITS, checkCount, checkJsonShape } from './inputLimits.ts'
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
  /** Input limits (default DEFAULT_LIMITS). */
  limits?: InputLimits
  /** Models and terrain entries read before (a LosMemo's): those unchanged are not parsed again. */
  reuse?: SceneReuse
}

/**
 * Validate a scene document (already parsed from JSON). Throws SceneError listing every issue
 * with its JSON path; never returns a half-valid scene.
 */
export function parseScene(raw: unknown, opts: ParseSceneOptions = {}): Scene {
  const limits = opts.limits ?? DEFAULT_LIMITS
  opts.reuse?.match(raw)
  checkJsonShape(raw, limits, opts.reuse)
  checkCount(raw, 'models', 'models', limits)
  checkCount(raw, 'terrain', 'terrain', limits)
  checkCount(raw, 'queries', 'queries', limits)
  const migrated = migrateScene(raw)
  const reused = opts.reuse ? parseReusing(migrated, opts.reuse, limits) : null
  const parsed = reused || runtimeSceneSchema.safeParse(migrated)
  if (!parsed.success) {
    const format = (migrated as { format?: unknown } | null)?.format
    if (format !== SCENE_FORMAT && typeof migrated === 'object' && migrated !== null) {
      throw new SceneError([{ path: 'format', message: `expected "${SCENE_FORMAT}", got ${showValue(format)}` }])
    }
    throw new SceneError(zodIssues(parsed.error))
  }
  const scene = parsed.data as Scene
  const issues: SceneIssue[] = []

  // Each id's first place: models[i] as i, terrain[i] as -1 - i (a path is written only for a duplicate).
  const ids = new Map<string, number>()
  const idPath = (at: number) => (at >= 0 ? `models[${at}].id` : `terrain[${-1 - at}].id`)
  // A duplicate id usually is a mistyped id ("a" twice where "b" was meant): the queries' "no model with
  // id b" would then be a follow-on error of the same mistake, so those are not reported beside it.
  let duplicateIds = false
  const claim = (id: string, at: number) => {
    const prev = ids.get(id)
    if (prev !== undefined) {
      issues.push({ path: idPath(at), message: `duplicate id "${id}" (already used at ${idPath(prev)})` })
      duplicateIds = true
    } else ids.set(id, at)
  }
  scene.models.forEach((m, i) => {
    claim(m.id, i)
    const [x, y] = m.position
    if (x < 0 || y < 0 || x > scene.table.width || y > scene.table.depth) {
      issues.push({ path: `models[${i}].position`, message: `base centre [${x}, ${y}] is off the ${scene.table.width} × ${scene.table.depth} mm table` })
    }
  })
  ;(scene.terrain ?? []).forEach((t, i) => {
    claim(t.id, -1 - i)
    // (an entry kept from a scene read before passed this: its footprint alone decides)
    if (!isMeshTerrain(t) && !opts.reuse?.isKept('terrain', i, t)) {
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
  if (opts.reuse) {
    const m = migrated as { models: unknown[]; terrain?: unknown[] }
    opts.reuse.keep('models', m.models, scene.models, limits.nestingDepth)
    opts.reuse.keep('terrain', m.terrain ?? [], scene.terrain ?? [], limits.nestingDepth)
    if (reused) opts.reuse.keepShell(reused.shell, reused.parsedShell, limits.nestingDepth)
  }
  return scene
}

/**
 * The scene parsed with its unchanged models and terrain entries taken from `reuse` (the rest of the
 * scene parsed with empty lists, the lists' entries alone), with the shell it read and what that became
 * (for SceneReuse.keepShell once the whole scene passed). Null when the scene is no object or an entry
 * fails: the scene is then parsed whole, for its errors.
 */
function parseReusing(migrated: unknown, reuse: SceneReuse, limits: InputLimits): { success: true; data: unknown; shell: unknown; parsedShell: unknown } | null {
  if (typeof migrated !== 'object' || migrated === null || Array.isArray(migrated)) return null
  const m = migrated as Record<string, unknown>
  const models = reuse.parseList('models', m.models, modelSchema)
  if (!models) return null
  const terrain = m.terrain === undefined ? undefined : reuse.parseList('terrain', m.terrain, terrainSchema)
  if (terrain === null) return null
  const shell = { ...m, models: [], ...(terrain ? { terrain: [] } : {}) }
  const rest = reuse.parseShell(shell, limits.nestingDepth, (x) => runtimeSceneSchema.safeParse(x))
  if (!rest.success) return null
  return { success: true, data: { ...(rest.data as object), models, ...(terrain ? { terrain } : {}) }, shell, parsedShell: rest.data }
}
