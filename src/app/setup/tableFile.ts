// A player's table as one file and one saved record (format tabletop-table/1): the scene (the game,
// the table's size, the army and the terrain: tabletop-scene/1) and the marker registry the app made
// for it (tabletop-markers/1), with the table's name, when it was saved, what the setup needs to edit
// it again, and the player's own terrain files. Validated with zod and the engine's and tracking's own
// parsers; a file that is not one says what it is and where it goes wrong, in one sentence.
import { z } from 'zod'
import { SCENE_FORMAT, type Scene, SceneError, parseScene, showValue, zodIssues } from '../../engine/index.ts'
import { REGISTRY_FORMAT, type Registry, parseRegistry } from '../../tracking/index.ts'

export const TABLE_FORMAT = 'tabletop-table/1'
/** A table file bigger than this is refused before it is read (the player's terrain files are inside it). */
export const MAX_TABLE_FILE_BYTES = 64 * 1024 * 1024

const extent = z.tuple([z.number(), z.number(), z.number(), z.number()])

export const tableFileSchema = z.strictObject({
  format: z.literal(TABLE_FORMAT),
  name: z.string().trim().min(1, 'a table needs a name').max(120),
  /** ISO time of the last save. */
  savedAt: z.iso.datetime().optional(),
  scene: z.unknown(),
  registry: z.unknown(),
  /** What the setup needs to edit the table again (not needed to track it). */
  setup: z.strictObject({
    /** Terrain pieces' extents in their own frames, mm: [minX, maxX, minY, maxY] (where a tab goes). */
    terrainExtents: z.record(z.string(), extent).optional(),
  }).optional(),
  /** The player's own terrain files the scene names, base64. */
  files: z.record(z.string().regex(/^[a-z0-9][a-z0-9._-]*$/i, 'expected a file name (letters, digits, . _ -)'), z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64')).optional(),
})

export type TableFile = {
  format: typeof TABLE_FORMAT
  name: string
  savedAt?: string
  scene: Scene
  registry: Registry
  setup?: { terrainExtents?: Record<string, [number, number, number, number]> }
  files?: Record<string, string>
}

/** Why a file is not a table: one sentence, with the place in the file. */
export class TableFileError extends Error {}

/**
 * Older table files are brought up to what tabletop-table/1 means now, before validation.
 *
 * Every tabletop-table/1 file was written while the scene format let a mesh piece without "origin"
 * rest on its lowest point (from issue 25 until issue 35): the app put each piece it added at z = 0
 * meaning "on the table". tabletop-scene/1 means the file's origin again (src/engine/scene/README.md),
 * so a table's mesh piece without "origin" gets the "bottom" it was saved with, and its terrain stands
 * where it stood (test/engine/scene/oldDocuments.test.ts, on a file written by that code). The app now
 * writes "origin" on every piece it adds. When tabletop-table/2 comes, `up1to2` goes here too.
 */
export function migrateTableFile(raw: unknown): unknown {
  if (!isObject(raw) || raw.format !== TABLE_FORMAT || !isObject(raw.scene) || !Array.isArray(raw.scene.terrain)) return raw
  const terrain = raw.scene.terrain.map((t: unknown) => (isObject(t) && typeof t.mesh === 'string' && t.origin === undefined ? { ...t, origin: 'bottom' } : t))
  return { ...raw, scene: { ...raw.scene, terrain } }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const issueText = (i: { path: string; message: string }) => `${i.path || '(file)'}: ${i.message}`

function firstIssue(e: unknown, prefix: string): string {
  if (e instanceof SceneError) {
    const first = e.issues[0]
    const more = e.issues.length > 1 ? ` (and ${e.issues.length - 1} more)` : ''
    return first ? `${issueText({ path: first.path ? `${prefix}.${first.path}` : prefix, message: first.message })}${more}` : prefix
  }
  return `${prefix}: ${e instanceof Error ? e.message : String(e)}`
}

/**
 * Validate a parsed document as a table. Throws TableFileError whose message says what the file is
 * when it is another of our formats (a scene, a registry, a ruling), a newer version, or where it
 * goes wrong. Cross-checks: every model and terrain marker of the registry names a piece of the scene.
 */
export function parseTableFile(raw: unknown): TableFile {
  const migrated = migrateTableFile(raw)
  if (typeof migrated !== 'object' || migrated === null || Array.isArray(migrated)) throw new TableFileError(`it holds ${Array.isArray(migrated) ? 'a list' : showValue(migrated)}, not a table`)
  const format = (migrated as { format?: unknown }).format
  if (format !== TABLE_FORMAT) {
    if (typeof format === 'string' && /^tabletop-table\/\d+$/.test(format)) throw new TableFileError(`it was made by a newer Tabletop AR (${format}); this one reads ${TABLE_FORMAT}`)
    if (format === SCENE_FORMAT) throw new TableFileError('it is a scene (tabletop-scene/1), not a table')
    if (format === REGISTRY_FORMAT) throw new TableFileError('it is a marker registry (tabletop-markers/1), not a table: load it in Camera or Photo mode')
    if (format === 'tabletop-ruling/1') throw new TableFileError('it is a saved ruling (tabletop-ruling/1), not a table: open it in the referee record')
    throw new TableFileError(format === undefined ? 'it is not a Tabletop AR table file (it has no "format")' : `it is not a Tabletop AR table file (format ${showValue(format)})`)
  }
  const parsed = tableFileSchema.safeParse(migrated)
  if (!parsed.success) {
    const issues = zodIssues(parsed.error)
    throw new TableFileError(`${issueText(issues[0]!)}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`)
  }
  let scene: Scene, registry: Registry
  try {
    scene = parseScene(parsed.data.scene)
  } catch (e) {
    throw new TableFileError(firstIssue(e, 'scene'))
  }
  try {
    registry = parseRegistry(parsed.data.registry)
  } catch (e) {
    throw new TableFileError(firstIssue(e, 'registry'))
  }
  const models = new Set(scene.models.map((m) => m.id))
  const terrain = new Set((scene.terrain ?? []).map((t) => t.id))
  const i = registry.markers.findIndex((m) => (m.role === 'model' && !models.has(m.model)) || (m.role === 'terrain' && !terrain.has(m.terrain)))
  if (i >= 0) {
    const m = registry.markers[i]!
    throw new TableFileError(`registry.markers[${i}]: marker ${m.id} is on ${m.role === 'model' ? `model "${m.model}"` : `terrain "${m.role === 'terrain' ? m.terrain : ''}"`}, which the scene does not have`)
  }
  const { setup, savedAt } = parsed.data
  return {
    format: TABLE_FORMAT,
    name: parsed.data.name,
    ...(savedAt ? { savedAt } : {}),
    scene,
    registry,
    ...(setup ? { setup } : {}),
    ...(parsed.data.files ? { files: parsed.data.files } : {}),
  }
}

/** Read a table from a file's text: JSON first, then parseTableFile. */
export function readTableText(text: string): TableFile {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw new TableFileError(`it is not JSON (${e instanceof Error ? e.message : String(e)})`)
  }
  return parseTableFile(raw)
}

/** The file's text (the same document a saved record holds, without its local id). */
export function tableFileText(table: TableFile): string {
  return `${JSON.stringify(table, null, 1)}\n`
}

export function base64Of(bytes: Uint8Array): string {
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}

export function bytesOf(base64: string): Uint8Array {
  const s = atob(base64)
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i)
  return out
}
