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

/**
 * A table corner, named by its coordinates in the table frame: `x0y0` is the origin, `x1y0` the corner
 * at x = table width, `x1y1` the far corner, `x0y1` the corner at y = table depth.
 */
export const TABLE_CORNERS = ['x0y0', 'x1y0', 'x1y1', 'x0y1'] as const
export type TableCorner = (typeof TABLE_CORNERS)[number]

const tableMarkerFields = {
  id: markerId,
  role: z.literal('table'),
  /** Side of the black square, mm. */
  size: positive('size'),
  /** Direction of the marker's x axis, degrees CCW from the table's +x. Default 0. */
  rotation: finite().optional(),
  face,
  /**
   * Laid in this table corner with its edges along the table's edges (the table survey takes the
   * table's origin and axes from such markers). Additive to tabletop-markers/1; tracking ignores it.
   */
  corner: z.enum(TABLE_CORNERS).optional(),
  /**
   * Gap between the black square and each of the two table edges of its corner, mm. Default: the
   * printed white margin (size / 6), i.e. the paper cut at its cut line and pushed into the corner.
   */
  cornerInset: finite().refine((v) => v >= 0, { message: 'cornerInset is not negative' }).optional(),
}

const tableMarker = z.strictObject({
  ...tableMarkerFields,
  /** Centre of the marker on the table, [x, y] mm. */
  position: point2,
})

/** A table marker as the survey takes it: where it lies may not be known yet (the survey measures it). */
const surveyTableMarker = z.strictObject({
  ...tableMarkerFields,
  position: point2.optional(),
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
const surveyRegistryMarkerSchema = z.discriminatedUnion('role', [surveyTableMarker, modelMarker, terrainMarker])

/** A terrain piece's shape in its own frame, used to place prism terrain in a scene. */
const terrainPiece = z.strictObject({
  /** Polygon in the piece frame, mm. */
  footprint: z.array(point2).min(3, 'a footprint needs at least 3 vertices'),
  height: positive('height').optional(),
})

/**
 * What the table survey measured (written by `cli survey` and the app's survey step; informational:
 * tracking does not read it). Additive to tabletop-markers/1; extra keys are kept.
 */
export const surveyReportSchema = z.looseObject({
  /** Frames (photos or camera views) the map was refined over. */
  frames: z.number().int().min(0),
  /** RMS corner reprojection error over every view, px. */
  rmsErrorPx: finite(),
  /** 'calibration': a camera file was given; 'estimated': the focal length was refined with the map. */
  camera: z.looseObject({
    source: z.enum(['calibration', 'estimated']), fx: finite(), fy: finite(),
    /** The principal point the survey used or measured, px, and the size of its views (surveys since stop 57; optional). */
    cx: finite().optional(), cy: finite().optional(), centreSigmaPx: finite().min(0).optional(),
    width: z.number().int().positive().optional(), height: z.number().int().positive().optional(),
  }),
  /** Where the table's origin and edges came from, and the table's size where the markers show it, mm. */
  table: z.looseObject({ from: z.enum(['corner-markers', 'tapped-corners']), widthMm: finite().optional(), depthMm: finite().optional() }),
  /** Per table marker: RMS distance on the table between its seen and mapped corners (mm), views it was seen in. */
  markers: z.array(z.looseObject({ id: markerId, residualMm: finite(), views: z.number().int().min(0) })),
  /**
   * 1σ of the survey's scale, relative (0.0005 = 0.05 %): every table marker's place may be off by this
   * share of its distance from their centre, together (a distance d between two models by σ·d). Not in
   * each position's σ (it is shared by every model): a tracked scene carries it as its table's
   * scaleUncertainty (mergeTrackedScene), and the engine adds σ·d to a distance between tracked models.
   * Optional (surveys before it have none); an older reader keeps it as an unknown field.
   */
  scaleSigmaRel: finite().min(0).max(1).optional(),
  /**
   * The same 1σ with the detector's shared corner offset held at the survey's (surveys since stop 60):
   * what is left of the scale's doubt for models tracked through the survey's own camera, which reads
   * every marker with the same offset (mergeTrackedScene's surveyScaleSigmaRel). Optional.
   */
  scaleSigmaRelSameCamera: finite().min(0).max(1).optional(),
})

const registryFields = {
  format: z.literal(REGISTRY_FORMAT),
  dictionary: z.enum(DICTIONARY_NAMES).optional(),
  /** Terrain pieces' footprints in their own frames (needed to move prism terrain in a scene). */
  terrain: z.record(z.string(), terrainPiece).optional(),
  survey: surveyReportSchema.optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
}

export const registrySchema = z.strictObject({
  ...registryFields,
  markers: z.array(registryMarkerSchema).min(1, 'a registry needs at least one marker'),
})

/** A registry whose table markers may lack `position` and `rotation` (the survey's input). */
export const surveyRegistrySchema = z.strictObject({
  ...registryFields,
  markers: z.array(surveyRegistryMarkerSchema).min(1, 'a registry needs at least one marker'),
})

export type Registry = z.infer<typeof registrySchema>
export type RegistryMarker = z.infer<typeof registryMarkerSchema>
export type TableMarker = z.infer<typeof tableMarker>
export type SurveyRegistry = z.infer<typeof surveyRegistrySchema>
export type SurveyTableMarker = z.infer<typeof surveyTableMarker>
export type SurveyReport = z.infer<typeof surveyReportSchema>
export type ModelMarker = z.infer<typeof modelMarker>
export type TerrainMarker = z.infer<typeof terrainMarker>

/**
 * Validate a registry document (already parsed from JSON). Throws SceneError listing every issue
 * with its JSON path: unknown fields, an id named twice, an id outside the dictionary, a table
 * marker without a position (tracking needs every table marker's place: survey the table first).
 */
export function parseRegistry(raw: unknown): Registry {
  const registry = parseSurveyRegistry(raw)
  const unplaced = registry.markers.flatMap((m, i) => (m.role === 'table' && !m.position ? [{ path: `markers[${i}].position`, message: `table marker ${m.id} has no position yet: survey the table first (cli survey, or the app's table survey) to measure where it lies` }] : []))
  if (unplaced.length) throw new SceneError(unplaced)
  return registry as Registry
}

/** True when every table marker has a position (the registry can be tracked with). */
export function isSurveyed(registry: SurveyRegistry): registry is Registry {
  return registry.markers.every((m) => m.role !== 'table' || m.position !== undefined)
}

/**
 * Validate a registry whose table markers may lack `position` and `rotation` (the table survey's
 * input). Every other check is the same as parseRegistry's.
 */
export function parseSurveyRegistry(raw: unknown): SurveyRegistry {
  checkJsonShape(raw)
  if (typeof raw === 'object' && raw !== null && 'format' in raw && raw.format !== REGISTRY_FORMAT) {
    throw new SceneError([{ path: 'format', message: `expected "${REGISTRY_FORMAT}", got ${showValue(raw.format)}` }])
  }
  const parsed = surveyRegistrySchema.safeParse(raw)
  if (!parsed.success) throw new SceneError(zodIssues(parsed.error))
  const registry = parsed.data
  const issues: { path: string; message: string }[] = []
  const seen = new Map<number, number>()
  const capacity = dictionaryCapacity(registry.dictionary ?? DEFAULT_DICTIONARY)
  const corners = new Map<string, number>()
  registry.markers.forEach((m, i) => {
    const prev = seen.get(m.id)
    if (prev !== undefined) issues.push({ path: `markers[${i}].id`, message: `marker id ${m.id} is named twice (also at markers[${prev}])` })
    else seen.set(m.id, i)
    if (m.id >= capacity) issues.push({ path: `markers[${i}].id`, message: `marker id ${m.id} is not in ${registry.dictionary ?? DEFAULT_DICTIONARY} (ids 0–${capacity - 1})` })
    if (m.role === 'table' && m.corner) {
      const other = corners.get(m.corner)
      if (other !== undefined) issues.push({ path: `markers[${i}].corner`, message: `two table markers (${other} and ${m.id}) are declared in corner ${m.corner}` })
      else corners.set(m.corner, m.id)
    }
    if (m.role === 'table' && m.cornerInset !== undefined && !m.corner) issues.push({ path: `markers[${i}].cornerInset`, message: `cornerInset needs "corner" (which table corner marker ${m.id} lies in)` })
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
export function tableLayoutIssues(markers: readonly (RegistryMarker | SurveyRegistry['markers'][number])[]): Array<{ path: string; message: string }> {
  // Markers not yet placed (a survey's input) are left out: the survey checks the layout it measures.
  const table = markers.map((m, i) => ({ m, i })).filter((x): x is { m: TableMarker; i: number } => x.m.role === 'table' && x.m.position !== undefined)
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
