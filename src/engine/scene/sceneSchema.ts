// Scene format v1: the contract between tracking, engine, app, CLI and saved rulings.
// Units: millimetres; table frame origin at one table corner, x along the width, y along the depth,
// z up; angles in degrees, counter-clockwise from +x. Changing this file changes a public contract:
// bump SCENE_FORMAT and add a migration in migrateScene.ts.
import { z } from 'zod'
import { modelStateSchema, sceneGameSchema } from './gameStateSchema.ts'

export const SCENE_FORMAT = 'tabletop-scene/1'

/**
 * Physical ranges (mm, degrees): a wargames table is at most a few metres, a model at most a few
 * hundred mm tall, terrain at most a couple of metres. Beyond them a number is a mistake, and a huge
 * one breaks the geometry silently (1e308 overflows to Infinity, 3.5e38 overflows float32), so the
 * scene is refused instead. README "Limits" lists them.
 */
export const RANGES = {
  /** Table width and depth. */
  tableMm: 10_000,
  /** Any coordinate (footprints, mesh positions, query points): the table plus a wide margin. */
  coordinateMm: 20_000,
  /** Model height, eye height and base sizes. */
  modelMm: 1_000,
  /** Terrain height and the height anything stands at (z). */
  heightMm: 5_000,
  /** Angles (facing, rotation), degrees either way. */
  angleDeg: 36_000,
  /** Mesh scale. */
  scale: 1_000,
} as const

const upTo = (what: string, max: number, unit: string) => (schema: z.ZodNumber) => schema.max(max, `${what} must be at most ${max} ${unit}`)
const positive = (what: string, max: number, unit = 'mm') => upTo(what, max, unit)(z.number().gt(0, `${what} must be greater than 0`))
const nonNegative = (what: string, max: number, unit = 'mm') => upTo(what, max, unit)(z.number().min(0, `${what} must not be negative`))
const coordinate = () => z.number().min(-RANGES.coordinateMm, `expected a coordinate within ±${RANGES.coordinateMm} mm`).max(RANGES.coordinateMm, `expected a coordinate within ±${RANGES.coordinateMm} mm`)
const angle = () => z.number().min(-RANGES.angleDeg, `expected an angle within ±${RANGES.angleDeg}°`).max(RANGES.angleDeg, `expected an angle within ±${RANGES.angleDeg}°`)
const id = z.string().min(1, 'expected a non-empty id').max(120)

export const point2Schema = z.tuple([coordinate(), coordinate()])
export const point3Schema = z.tuple([coordinate(), coordinate(), coordinate()])

export const baseSchema = z.discriminatedUnion('shape', [
  z.strictObject({ shape: z.literal('round'), diameter: positive('diameter', RANGES.modelMm) }),
  // length runs along the model's facing (front to back), width across it.
  z.strictObject({ shape: z.literal('oval'), length: positive('length', RANGES.modelMm), width: positive('width', RANGES.modelMm) }),
  z.strictObject({ shape: z.literal('rect'), length: positive('length', RANGES.modelMm), width: positive('width', RANGES.modelMm) }),
])

const prismTerrainSchema = z.strictObject({
  id,
  type: z.string().min(1),
  keywords: z.array(z.string().min(1)).optional(),
  /** Polygon vertices [x, y] in mm, either winding, not closed (the last vertex joins the first). */
  footprint: z.array(point2Schema).min(3, 'a footprint needs at least 3 vertices'),
  /** Height of the piece above its own bottom, mm. */
  height: positive('height', RANGES.heightMm),
  /** Height of the piece's bottom above the table, mm (default 0). */
  z: nonNegative('z', RANGES.heightMm).optional(),
  name: z.string().optional(),
})

const meshTerrainSchema = z.strictObject({
  id,
  type: z.string().min(1),
  keywords: z.array(z.string().min(1)).optional(),
  /** A mesh file in models/ (format tabletop-mesh/1, see models/README.md). */
  mesh: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/i, 'expected a file name in models/ (letters, digits, . _ -)'),
  position: point3Schema,
  /** Rotation about z in degrees, counter-clockwise. */
  rotation: angle().optional(),
  scale: positive('scale', RANGES.scale, '×').optional(),
  /**
   * What `position` places: "file" (the default, what tabletop-scene/1 has always meant) the file's own
   * origin, as modelled; "bottom" the piece's lowest point at position's z, so it rests on the table
   * (z = 0) or on what it stands on whatever its file's origin (the app writes it for pieces it adds).
   */
  origin: z.enum(['bottom', 'file']).optional(),
  name: z.string().optional(),
})

export const terrainSchema = z.union([prismTerrainSchema, meshTerrainSchema])

const weaponRefSchema = z.union([
  z.string().min(1),
  z.looseObject({ id }),
])

export const modelSchema = z.strictObject({
  id,
  side: z.string().min(1),
  /** Unit the model belongs to; defaults to the model's own id. */
  unit: z.string().min(1).optional(),
  /** Catalogue id in the ruleset, or an inline object of stats. */
  profile: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional(),
  /** Inline stat overrides (win over the catalogue). */
  stats: z.record(z.string(), z.unknown()).optional(),
  /** Weapon catalogue ids, or inline weapon objects with an id (override the catalogue entry of that id). */
  weapons: z.array(weaponRefSchema).optional(),
  keywords: z.array(z.string().min(1)).optional(),
  base: baseSchema,
  /** Model height above the base bottom, mm. */
  height: positive('height', RANGES.modelMm),
  /** Eye height above the base bottom, mm; default 0.9 × height. */
  eye: nonNegative('eye', RANGES.modelMm).optional(),
  /** Base centre [x, y], mm. */
  position: point2Schema,
  /** Bottom of the base above the table, mm (standing on terrain). Default 0. */
  z: nonNegative('z', RANGES.heightMm).optional(),
  /** Facing in degrees, counter-clockwise from +x. Default 0. */
  facing: angle().optional(),
  status: z.array(z.string().min(1)).optional(),
  /** 1-sigma position uncertainty in mm along a line through it (tracking's radial σ/√2: mergeTrackedScene); 0 or absent = placed by hand. */
  uncertainty: nonNegative('uncertainty', RANGES.modelMm).optional(),
  name: z.string().optional(),
  /** Game state (issue 33, gameStateSchema.ts): counters and what the model did in this activation. */
  state: modelStateSchema.optional(),
})

const queryBase = { id }
const ref = id
/** Probe spots of a planning query: at most MAX_PROBE_POINTS, each [x, y] mm. */
export const MAX_PROBE_POINTS = 10_000
const probePoints = () => z.array(point2Schema).max(MAX_PROBE_POINTS, `at most ${MAX_PROBE_POINTS} points`).optional()

export const coreQuerySchemas = {
  distance: z.strictObject({
    ...queryBase,
    type: z.literal('distance'),
    from: ref,
    to: ref,
    /** Reference points; default: the ruleset's own measuring rule. */
    reference: z.enum(['edge', 'centre', 'front-edge-centre']).optional(),
    mode: z.enum(['2d', '3d']).optional(),
  }),
  los: z.strictObject({ ...queryBase, type: z.literal('los'), from: ref, to: ref, rays: z.boolean().optional() }),
  arc: z.strictObject({ ...queryBase, type: z.literal('arc'), of: ref, from: ref }),
  engagement: z.strictObject({ ...queryBase, type: z.literal('engagement'), model: ref }),
  attack: z.strictObject({
    ...queryBase,
    type: z.literal('attack'),
    attacker: ref,
    target: ref,
    weapon: z.string().min(1).optional(),
    context: z.record(z.string(), z.unknown()).optional(),
    rays: z.boolean().optional(),
  }),
  visibility: z.strictObject({ ...queryBase, type: z.literal('visibility'), side: z.string().min(1).optional() }),
  objective: z.strictObject({
    ...queryBase,
    type: z.literal('objective'),
    at: point2Schema,
    /** Optional label of the objective marker. */
    name: z.string().optional(),
    context: z.record(z.string(), z.unknown()).optional(),
  }),
  blast: z.strictObject({
    ...queryBase,
    type: z.literal('blast'),
    attacker: ref,
    target: ref.optional(),
    at: point2Schema.optional(),
    weapon: z.string().min(1).optional(),
    context: z.record(z.string(), z.unknown()).optional(),
  }),
  aura: z.strictObject({
    ...queryBase,
    type: z.literal('aura'),
    source: ref,
    ability: z.string().min(1),
    context: z.record(z.string(), z.unknown()).optional(),
  }),
  move: z.strictObject({
    ...queryBase,
    type: z.literal('move'),
    model: ref,
    to: point2Schema,
    mode: z.string().min(1).optional(),
    facing: angle().optional(),
    context: z.record(z.string(), z.unknown()).optional(),
  }),
  // Planning queries (issue 32): the results are ReachResult, ThreatResult and ExposureResult (results.ts).
  reach: z.strictObject({
    ...queryBase,
    type: z.literal('reach'),
    model: ref,
    /** One of the game's move modes, named as its `move` query names them; default the normal move. */
    mode: z.string().min(1).optional(),
    /** Probe spots [x, y] (base centre), mm. */
    points: probePoints(),
    context: z.record(z.string(), z.unknown()).optional(),
  }),
  threat: z.strictObject({
    ...queryBase,
    type: z.literal('threat'),
    /** The threatened model: it stands at each spot with its own base, height and eye. */
    model: ref,
    at: point2Schema.optional(),
    points: probePoints(),
    context: z.record(z.string(), z.unknown()).optional(),
  }),
  exposure: z.strictObject({
    ...queryBase,
    type: z.literal('exposure'),
    /** The side whose model would stand in each cell: every model of another side is an enemy that may see it. */
    side: z.string().min(1),
    base: baseSchema,
    height: positive('height', RANGES.modelMm),
    eye: nonNegative('eye', RANGES.modelMm).optional(),
    /** Optional catalogue profile, stats and keywords of the standing model (rulesets whose sight reads them). */
    profile: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional(),
    stats: z.record(z.string(), z.unknown()).optional(),
    keywords: z.array(z.string().min(1)).optional(),
    /** Cell size, mm (default 25.4: 1"). */
    cellMm: z.number().min(2, 'cellMm must be at least 2 mm').max(RANGES.tableMm, `cellMm must be at most ${RANGES.tableMm} mm`).optional(),
    /** Only the cells whose centre lies in this polygon (a deployment zone). */
    within: z.array(point2Schema).min(3, 'a polygon needs at least 3 vertices').optional(),
    points: probePoints(),
    context: z.record(z.string(), z.unknown()).optional(),
  }),
} as const

export type CoreQueryType = keyof typeof coreQuerySchemas
export const CORE_QUERY_TYPES = Object.keys(coreQuerySchemas) as CoreQueryType[]

/** A query of a type a ruleset declares itself (validated by that ruleset's own schema). */
export const systemQuerySchema = z.looseObject({ id, type: z.string().min(1) })

export const querySchema = z.union([
  z.discriminatedUnion('type', [
    coreQuerySchemas.distance,
    coreQuerySchemas.los,
    coreQuerySchemas.arc,
    coreQuerySchemas.engagement,
    coreQuerySchemas.attack,
    coreQuerySchemas.visibility,
    coreQuerySchemas.objective,
    coreQuerySchemas.blast,
    coreQuerySchemas.aura,
    coreQuerySchemas.move,
    coreQuerySchemas.reach,
    coreQuerySchemas.threat,
    coreQuerySchemas.exposure,
  ]),
  systemQuerySchema,
])

export const sceneSchema = z.strictObject({
  format: z.literal(SCENE_FORMAT),
  /** Ruleset id, e.g. "narrative-skirmish" or "cadence/respawn". */
  system: z.string().min(1),
  /** Ruleset option overrides, by their documented names. */
  options: z.record(z.string(), z.unknown()).optional(),
  table: z.strictObject({
    width: positive('table width', RANGES.tableMm),
    depth: positive('table depth', RANGES.tableMm),
    /**
     * 1σ of the table frame's scale, relative (0.0005 = 0.05 %), where the camera's frame comes from a
     * surveyed marker registry (its survey's scaleSigmaRel; written by the tracker). Shared by every
     * tracked model: a distance between two tracked models is off by this share of their centres'
     * distance, all together, so it is in that distance's uncertainty, not in each position's. Additive
     * and optional (absent: the frame's scale counts as exact, as before).
     */
    scaleUncertainty: z.number().min(0, 'table scaleUncertainty must not be negative').max(1, 'table scaleUncertainty must be at most 1 (100 %)').optional(),
  }),
  terrain: z.array(terrainSchema).optional(),
  models: z.array(modelSchema),
  queries: z.array(querySchema).optional(),
  /** Free-form annotations (title, notes, source of the scene); never read by the rules. */
  meta: z.record(z.string(), z.unknown()).optional(),
  /** Game state (issue 33, gameStateSchema.ts): round, phase, turn, resources. */
  game: sceneGameSchema.optional(),
})

export type Scene = z.infer<typeof sceneSchema>
export type SceneModel = z.infer<typeof modelSchema>
export type SceneTerrain = z.infer<typeof terrainSchema>
export type PrismTerrain = z.infer<typeof prismTerrainSchema>
export type MeshTerrain = z.infer<typeof meshTerrainSchema>
export type BaseShape = z.infer<typeof baseSchema>
export type Query = z.infer<typeof querySchema>
export type CoreQuery = { [K in CoreQueryType]: z.infer<(typeof coreQuerySchemas)[K]> }[CoreQueryType]
export type QueryOf<K extends CoreQueryType> = z.infer<(typeof coreQuerySchemas)[K]>
export type Point2 = [number, number]
export type Point3 = [number, number, number]

export function isMeshTerrain(t: SceneTerrain): t is MeshTerrain {
  return 'mesh' in t
}
