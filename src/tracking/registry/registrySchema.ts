// The marker registry (format tabletop-markers/1): what each marker id is stuck to.
// Units mm and degrees (CCW). A marker's own frame: origin at the centre of its black square,
// x to the right of the printed pattern, y up the pattern (OpenCV corner order TL, TR, BR, BL).
import { z } from 'zod'
import { SceneError, checkJsonShape, showValue, zodIssues } from '../../engine/index.ts'

export const REGISTRY_FORMAT = 'tabletop-markers/1'

export const DICTIONARY_NAMES = [
  'DICT_4X4_50', 'DICT_4X4_100', 'DICT_4X4_250', 'DICT_4X4_1000',
  'DICT_5X5_50', 'DICT_5X5_100', 'DICT_5X5_250', 'DICT_5X5_1000',
  'DICT_6X6_50', 'DICT_6X6_100', 'DICT_6X6_250', 'DICT_6X6_1000',
  'DICT_7X7_50', 'DICT_7X7_100', 'DICT_7X7_250', 'DICT_7X7_1000',
  'DICT_ARUCO_ORIGINAL', 'DICT_APRILTAG_16h5', 'DICT_APRILTAG_25h9', 'DICT_APRILTAG_36h10', 'DICT_APRILTAG_36h11', 'DICT_ARUCO_MIP_36h12',
] as const
export type DictionaryName = (typeof DICTIONARY_NAMES)[number]

/** Our markers: 4×4 cells, 100 ids (ids 0–99 are the same patterns in DICT_4X4_250/1000). */
export const DEFAULT_DICTIONARY: DictionaryName = 'DICT_4X4_100'

const finite = () => z.number().refine(Number.isFinite, { message: 'expected a finite number' })
const positive = (what: string) => finite().refine((v) => v > 0, { message: `${what} must be greater than 0` })
const point2 = z.tuple([finite(), finite()])
const markerId = z.number().int('a marker id is a whole number').min(0, 'a marker id is not negative')
const sceneId = z.string().min(1, 'expected a non-empty id')

/** 'up': the pattern faces up (camera above the table). 'down': it faces down (camera below a transparent table). */
const face = z.enum(['up', 'down']).optional()

const tableMarker = z.strictObject({
  id: markerId,
  role: z.literal('table'),
  /** Side of the black square, mm. */
  size: positive('size'),
  /** Centre of the marker on the table, [x, y] mm. */
  position: point2,
  /** Direction of the marker's x axis, degrees CCW from the table's +x. Default 0. */
  rotation: finite().optional(),
  face,
})

const modelMarker = z.strictObject({
  id: markerId,
  role: z.literal('model'),
  /** The scene model id. */
  model: sceneId,
  size: positive('size'),
  /** Marker centre relative to the base centre in the model's frame: [forward (along facing), left] mm. Default [0, 0]. */
  offset: point2.optional(),
  /** Marker x axis relative to the model's facing, degrees CCW. Default 0. */
  rotation: finite().optional(),
  /** Height of the marker plane above the bottom of the base, mm (a token on a 3 mm base: 3). Default 0. */
  height: finite().optional(),
  face,
})

const terrainMarker = z.strictObject({
  id: markerId,
  role: z.literal('terrain'),
  /** The scene terrain id. */
  terrain: sceneId,
  size: positive('size'),
  /** Marker centre in the piece's own frame, [x, y] mm. Default [0, 0]. */
  offset: point2.optional(),
  /** Marker x axis relative to the piece's x axis, degrees CCW. Default 0. */
  rotation: finite().optional(),
  /** Height of the marker plane above the table, mm. Default 0. */
  height: finite().optional(),
  face,
})

export const registryMarkerSchema = z.discriminatedUnion('role', [tableMarker, modelMarker, terrainMarker])

/** A terrain piece's shape in its own frame, used to place prism terrain in a scene. */
const terrainPiece = z.strictObject({
  /** Polygon in the piece frame, mm. */
  footprint: z.array(point2).min(3, 'a footprint needs at least 3 vertices'),
  height: positive('height').optional(),
})

export const registrySchema = z.strictObject({
  format: z.literal(REGISTRY_FORMAT),
  dictionary: z.enum(DICTIONARY_NAMES).optional(),
  markers: z.array(registryMarkerSchema).min(1, 'a registry needs at least one marker'),
  /** Terrain pieces' footprints in their own frames (needed to move prism terrain in a scene). */
  terrain: z.record(z.string(), terrainPiece).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
})

export type Registry = z.infer<typeof registrySchema>
export type RegistryMarker = z.infer<typeof registryMarkerSchema>
export type TableMarker = z.infer<typeof tableMarker>
export type ModelMarker = z.infer<typeof modelMarker>
export type TerrainMarker = z.infer<typeof terrainMarker>

/**
 * Validate a registry document (already parsed from JSON). Throws SceneError listing every issue
 * with its JSON path: unknown fields, an id named twice, an id outside the dictionary.
 */
export function parseRegistry(raw: unknown): Registry {
  checkJsonShape(raw)
  if (typeof raw === 'object' && raw !== null && 'format' in raw && raw.format !== REGISTRY_FORMAT) {
    throw new SceneError([{ path: 'format', message: `expected "${REGISTRY_FORMAT}", got ${showValue(raw.format)}` }])
  }
  const parsed = registrySchema.safeParse(raw)
  if (!parsed.success) throw new SceneError(zodIssues(parsed.error))
  const registry = parsed.data
  const issues: { path: string; message: string }[] = []
  const seen = new Map<number, number>()
  const capacity = dictionaryCapacity(registry.dictionary ?? DEFAULT_DICTIONARY)
  registry.markers.forEach((m, i) => {
    const prev = seen.get(m.id)
    if (prev !== undefined) issues.push({ path: `markers[${i}].id`, message: `marker id ${m.id} is named twice (also at markers[${prev}])` })
    else seen.set(m.id, i)
    if (m.id >= capacity) issues.push({ path: `markers[${i}].id`, message: `marker id ${m.id} is not in ${registry.dictionary ?? DEFAULT_DICTIONARY} (ids 0–${capacity - 1})` })
  })
  const tableMarkers = registry.markers.filter((m) => m.role === 'table')
  const faces = new Set(tableMarkers.map((m) => m.face ?? 'up'))
  if (faces.size > 1) issues.push({ path: 'markers', message: 'table reference markers must all face the same way (all "up" or all "down")' })
  issues.push(...tableLayoutIssues(registry.markers))
  if (issues.length) throw new SceneError(issues)
  return registry
}

/**
 * A degenerate table-marker layout cannot lock the table: two markers overlapping (at one spot), or
 * three or more with their centres on one line (the tilt about that line rests on one marker's own
 * few millimetres). Markers are printed squares, so overlap means a typing mistake.
 */
export function tableLayoutIssues(markers: readonly RegistryMarker[]): Array<{ path: string; message: string }> {
  const table = markers.map((m, i) => ({ m, i })).filter((x): x is { m: TableMarker; i: number } => x.m.role === 'table')
  for (let a = 0; a < table.length; a++) {
    for (let b = a + 1; b < table.length; b++) {
      const A = table[a]!, B = table[b]!
      const gap = Math.hypot(A.m.position[0] - B.m.position[0], A.m.position[1] - B.m.position[1])
      if (gap < (A.m.size + B.m.size) / 2) {
        return [{ path: `markers[${B.i}].position`, message: `table markers ${A.m.id} and ${B.m.id} overlap (centres ${round1(gap)} mm apart, sizes ${A.m.size} and ${B.m.size} mm): coincident markers cannot lock the table` }]
      }
    }
  }
  if (table.length >= 3) {
    const n = table.length
    const mx = table.reduce((s, x) => s + x.m.position[0], 0) / n, my = table.reduce((s, x) => s + x.m.position[1], 0) / n
    let sxx = 0, syy = 0, sxy = 0
    for (const { m } of table) { const dx = m.position[0] - mx, dy = m.position[1] - my; sxx += dx * dx; syy += dy * dy; sxy += dx * dy }
    // Smallest principal spread of the centres (standard deviation across the best-fit line).
    const tr = (sxx + syy) / n, det = (sxx * syy - sxy * sxy) / (n * n)
    const minor = Math.sqrt(Math.max(0, tr / 2 - Math.sqrt(Math.max(0, (tr * tr) / 4 - det))))
    const size = table.reduce((s, x) => s + x.m.size, 0) / n
    if (minor < size / 2) {
      return [{ path: 'markers', message: `the ${n} table markers lie on one line (${round1(minor)} mm off it): place at least one away from that line so the table's tilt is measured` }]
    }
  }
  return []
}

const round1 = (v: number) => Math.round(v * 10) / 10

/** Number of ids in a predefined dictionary. */
export function dictionaryCapacity(name: DictionaryName): number {
  const m = /_(\d+)$/.exec(name)
  if (m && name.startsWith('DICT_') && /X/.test(name)) return Number(m[1])
  switch (name) {
    case 'DICT_ARUCO_ORIGINAL': return 1024
    case 'DICT_APRILTAG_16h5': return 30
    case 'DICT_APRILTAG_25h9': return 35
    case 'DICT_APRILTAG_36h10': return 2320
    case 'DICT_APRILTAG_36h11': return 587
    case 'DICT_ARUCO_MIP_36h12': return 250
    default: return Number(m?.[1] ?? 0)
  }
}
