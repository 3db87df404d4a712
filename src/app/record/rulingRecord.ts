// A referee's ruling as a saved, exportable document (tabletop-ruling/1): the scene snapshot it was
// made on, the options in force, the engine's result, when, by which engine version, and hashes so a
// re-opened file can be checked and re-evaluated: `contentHash` covers every field of the file (the
// summary, time and freeze included), and `fieldHashes` one hash per field, so an edit is named
// ("edited: summary"). Files exported before fieldHashes (hash over scene, query and result only)
// still open, marked as such. Hashes are checked on the file's own parsed JSON, before validation,
// so nothing (not even a "__proto__" key) is dropped from what is checked. Validated with zod. A ruling
// made in a game links it (`game`) and carries its log up to the ruling's event (`gameLog`, checked by
// the engine's game log schema in rulingGame.ts): both optional and hashed only when present, so older
// records keep their hashes.
import { z } from 'zod'
import { ENGINE_VERSION, RESULT_FORMAT, type GameLog, type Query, type ResultDocument, type Scene, SceneError, checkJsonShape, readResultDocument, zodIssues } from '../../engine/index.ts'
import { canonicalJson, contentHash } from './canonicalJson.ts'
import { checkEmbeddedLog } from './rulingGame.ts'

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
  /**
   * A ruling made in a game (issue 33; additive): the game's id, the log's entry and the event's number
   * (the game log reopens it as the table then stood).
   */
  game: z.strictObject({ id: z.string().min(1), entry: z.string(), seq: z.number().int().min(1) }).optional(),
  /**
   * The game's log itself (tabletop-game/1, additive), up to and including the ruling's event: a device
   * without the game rebuilds the table from it (record/rulingGame.ts). Checked on re-open by the
   * engine's game log schema; a bad one is refused on its own, with its place (`gameLogError`).
   */
  gameLog: z.unknown().optional(),
  /** One hash per field (additive: older exports have none). */
  fieldHashes: z.record(z.string(), z.string()).optional(),
  contentHash: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'expected "sha256:" and 64 hex digits'),
})

export type RulingRecord = Omit<z.infer<typeof rulingRecordSchema>, 'scene' | 'query' | 'result' | 'gameLog'> & {
  scene: Scene
  query: Query
  result: ResultDocument
  gameLog?: GameLog
}
export type Freeze = z.infer<typeof freezeSchema>

/** The fields of a record, each hashed on its own in `fieldHashes` (everything a reader is shown). */
export const HASHED_FIELDS = ['format', 'id', 'createdAt', 'engineVersion', 'system', 'options', 'scene', 'query', 'result', 'freeze', 'summary'] as const
/** Fields added since, hashed only when present (a record without them hashes as before). */
export const OPTIONAL_HASHED_FIELDS = ['game', 'gameLog'] as const

/** What older exports' content hash covered (no fieldHashes): the ruling itself, not its summary, time or freeze. */
function legacyHashedPart(r: Record<string, unknown>) {
  return { engineVersion: r.engineVersion, system: r.system, options: r.options, scene: r.scene, query: r.query, result: r.result }
}

/** Everything but the content hash itself (fieldHashes included). */
function withoutContentHash(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  for (const k of Object.keys(r)) if (k !== 'contentHash') out[k] = r[k]
  return out
}

async function fieldHashesOf(r: Record<string, unknown>): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const f of HASHED_FIELDS) out[f] = await contentHash(r[f] ?? null)
  for (const f of OPTIONAL_HASHED_FIELDS) if (Object.hasOwn(r, f)) out[f] = await contentHash(r[f] ?? null)
  return out
}

/** What a re-opened file's hashes say: `edited` names the fields that changed since export. */
export type HashCheck = { hashOk: boolean; edited: string[]; legacy: boolean }

async function checkHashes(raw: Record<string, unknown>): Promise<HashCheck> {
  const stored = raw.fieldHashes
  if (stored === undefined) {
    const ok = (await contentHash(legacyHashedPart(raw))) === raw.contentHash
    return { hashOk: ok, edited: ok ? [] : ['scene, query or result'], legacy: true }
  }
  const now = await fieldHashesOf(raw)
  const storedHashes = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>
  const edited: string[] = [...HASHED_FIELDS, ...OPTIONAL_HASHED_FIELDS].filter((f) => storedHashes[f] !== now[f])
  const known: readonly string[] = [...HASHED_FIELDS, ...OPTIONAL_HASHED_FIELDS]
  for (const k of Object.keys(raw)) if (!known.includes(k) && k !== 'fieldHashes' && k !== 'contentHash') edited.push(k)
  const contentOk = (await contentHash(withoutContentHash(raw))) === raw.contentHash
  if (!contentOk && edited.length === 0) edited.push('fieldHashes or contentHash')
  return { hashOk: contentOk && edited.length === 0, edited, legacy: false }
}

export async function makeRulingRecord(args: {
  id: string
  createdAt: Date
  scene: Scene
  query: Query
  result: ResultDocument
  freeze: Freeze
  summary: string
  game?: { id: string; entry: string; seq: number }
  /** The game's log up to and including the ruling's event (record/rulingGame.ts: embeddedLog). */
  gameLog?: GameLog
}): Promise<RulingRecord> {
  const body = {
    engineVersion: args.result.engine ?? ENGINE_VERSION,
    system: args.result.system,
    options: args.result.options,
    scene: { ...args.scene, queries: [args.query] },
    query: args.query,
    result: args.result,
  }
  const fields = {
    format: RULING_FORMAT as typeof RULING_FORMAT,
    id: args.id,
    createdAt: args.createdAt.toISOString(),
    ...body,
    freeze: args.freeze,
    summary: args.summary,
    ...(args.game ? { game: { ...args.game } } : {}),
    // A copy through JSON: what is hashed is what an export writes.
    ...(args.gameLog ? { gameLog: JSON.parse(JSON.stringify(args.gameLog)) as GameLog } : {}),
  }
  const withFieldHashes = { ...fields, fieldHashes: await fieldHashesOf(fields) }
  return { ...withFieldHashes, contentHash: await contentHash(withFieldHashes) }
}

export class RulingFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RulingFileError'
  }
}

/**
 * Parse an exported ruling file's text. Throws RulingFileError with a message a referee can act on.
 * A bad embedded game log alone does not refuse the file: the record opens without it, and
 * `gameLogError` says what is wrong with the log and where (the hashes still cover the file as it is).
 */
export async function parseRulingFile(text: string): Promise<{ record: RulingRecord; gameLogError?: string } & HashCheck> {
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
  // The saved result read into the contract's meaning (values changed under tabletop-result/1 mapped
  // back: src/engine/result/readResult.ts); the hashes are checked on the file as it is.
  // Fields in the file's order (an export of what was imported is the same text).
  const checked = parsed.data.gameLog === undefined ? undefined : checkEmbeddedLog(parsed.data.gameLog, parsed.data.game?.seq)
  const fields: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(parsed.data)) {
    if (k === 'result') fields[k] = readResultDocument(v as ResultDocument)
    else if (k !== 'gameLog') fields[k] = v
    else if (checked?.ok) fields[k] = checked.log
  }
  const record = fields as unknown as RulingRecord
  const gameLogError = checked && !checked.ok ? checked.message : undefined
  return { record, ...(gameLogError ? { gameLogError } : {}), ...(await checkHashes(raw as Record<string, unknown>)) }
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
