// A referee's ruling as a saved, exportable document (tabletop-ruling/1): the scene snapshot it was
// made on, the options in force, the engine's result, when, by which engine version, and a content
// hash so a re-opened file can be checked and re-evaluated. Validated with zod on the way back in.
import { z } from 'zod'
import { ENGINE_VERSION, RESULT_FORMAT, type Query, type ResultDocument, type Scene, SceneError, checkJsonShape, zodIssues } from '../../engine/index.ts'
import { canonicalJson, contentHash } from './canonicalJson.ts'

export const RULING_FORMAT = 'tabletop-ruling/1'

/** How the table was frozen for this ruling: by hand in the planner, or averaged over camera frames. */
export const freezeSchema = z.strictObject({
  source: z.enum(['planner', 'photo', 'camera', 'xr']),
  frames: z.number().int().min(0),
  /** Largest 1-sigma position uncertainty of any model, mm (0 when placed by hand). */
  uncertaintyMm: z.number().min(0),
})

const resultDocumentSchema = z.looseObject({
  format: z.literal(RESULT_FORMAT),
  system: z.string().min(1),
  engine: z.string().min(1),
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  results: z.array(z.looseObject({ id: z.string(), type: z.string() })).min(1),
})

export const rulingRecordSchema = z.strictObject({
  format: z.literal(RULING_FORMAT),
  id: z.string().min(1),
  createdAt: z.iso.datetime(),
  engineVersion: z.string().min(1),
  system: z.string().min(1),
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** The scene snapshot, with the ruled query as its only query (validated by the engine on re-open). */
  scene: z.looseObject({ format: z.string(), system: z.string() }),
  query: z.looseObject({ id: z.string(), type: z.string() }),
  result: resultDocumentSchema,
  freeze: freezeSchema,
  summary: z.string(),
  contentHash: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'expected "sha256:" and 64 hex digits'),
})

export type RulingRecord = Omit<z.infer<typeof rulingRecordSchema>, 'scene' | 'query' | 'result'> & {
  scene: Scene
  query: Query
  result: ResultDocument
}
export type Freeze = z.infer<typeof freezeSchema>

/** The part of a record its content hash covers (not its id or time: the same ruling hashes the same). */
function hashedPart(r: Pick<RulingRecord, 'engineVersion' | 'system' | 'options' | 'scene' | 'query' | 'result'>) {
  return { engineVersion: r.engineVersion, system: r.system, options: r.options, scene: r.scene, query: r.query, result: r.result }
}

export async function makeRulingRecord(args: {
  id: string
  createdAt: Date
  scene: Scene
  query: Query
  result: ResultDocument
  freeze: Freeze
  summary: string
}): Promise<RulingRecord> {
  const body = {
    engineVersion: args.result.engine ?? ENGINE_VERSION,
    system: args.result.system,
    options: args.result.options,
    scene: { ...args.scene, queries: [args.query] },
    query: args.query,
    result: args.result,
  }
  return {
    format: RULING_FORMAT,
    id: args.id,
    createdAt: args.createdAt.toISOString(),
    ...body,
    freeze: args.freeze,
    summary: args.summary,
    contentHash: await contentHash(hashedPart(body)),
  }
}

export class RulingFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RulingFileError'
  }
}

/** Parse an exported ruling file's text. Throws RulingFileError with a message a referee can act on. */
export async function parseRulingFile(text: string): Promise<{ record: RulingRecord; hashOk: boolean }> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw new RulingFileError(`this file is not valid JSON (${e instanceof Error ? e.message : String(e)}); it is not an exported ruling or it was damaged`)
  }
  try {
    checkJsonShape(raw) // nesting depth and "__proto__" keys, before the key sort walks it (issue 12)
  } catch (e) {
    if (e instanceof SceneError) throw new RulingFileError(`this is not a valid ${RULING_FORMAT} file: ${e.message}`)
    throw e
  }
  if (typeof raw === 'object' && raw !== null && (raw as { format?: unknown }).format === 'tabletop-scene/1') {
    throw new RulingFileError('this is a scene file, not a ruling: open it with "Open scene" instead')
  }
  const parsed = rulingRecordSchema.safeParse(raw)
  if (!parsed.success) {
    const issues = zodIssues(parsed.error).slice(0, 4).map((i) => `${i.path || '(root)'}: ${i.message}`)
    throw new RulingFileError(`this is not a valid ${RULING_FORMAT} file: ${issues.join('; ')}`)
  }
  const record = parsed.data as unknown as RulingRecord
  const hashOk = (await contentHash(hashedPart(record))) === record.contentHash
  return { record, hashOk }
}

/** Fields of two result documents' results that differ (JSON paths), for "same result?" on re-open. */
export function resultDifferences(saved: ResultDocument, now: ResultDocument): string[] {
  const out: string[] = []
  const walk = (a: unknown, b: unknown, path: string) => {
    if (out.length >= 8) return
    if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)])
      for (const k of keys) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`)
    } else if (canonicalJson(a) !== canonicalJson(b)) out.push(path)
  }
  walk(saved.results, now.results, 'results')
  return out
}
