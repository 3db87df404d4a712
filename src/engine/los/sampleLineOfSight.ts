// True line of sight by sampling sight lines from the viewer's eye (or a ruleset-chosen point)
// to a lattice of target points, against the terrain BVH and the other models' volumes.
// Also a 2D mode (segments against footprints and bases) for rulesets that judge LoS on the flat.
import type { LosRule, Table, TableModel, TableTerrain } from '../ruleSystem.ts'
import { BASE_THICKNESS_MM } from '../table/prepareTable.ts'
import { baseAreaSampleCount, frontEdgeCentre, sampleBaseAreaInto } from '../geometry/baseShape.ts'
import { GRAZE_MM, type ModelSolid, measureFootprintCrossing2, measureModelSegment, markPrismPencil, measureTerrainSegment, measured, pencilEnds, segment, segmentMeetsSlabs, segmentNearBoxAt } from './castSegment.ts'
import type { LosRay, Vec3Tuple } from '../results.ts'
import type { LineOfSight } from './lineOfSight.ts'
import { ERODE_MM, type TerrainWorld } from './terrainWorld.ts'
import { BoxGrid } from './boxGrid.ts'

/** Target lattice: heights (fractions of model height) × footprint points (centre + ring). */
export const VOLUME_HEIGHT_FRACTIONS = [0.1, 0.3, 0.5, 0.7, 0.9] as const
/** Ring points at this fraction of the base's semi-axes (plus the centre). */
export const VOLUME_RING_FRACTION = 0.7
export const VOLUME_RING_POINTS = 8
/** Base sample points (sunflower over the base area, at mid-thickness of the base). */
export const BASE_SAMPLE_POINTS = 64

export type { LineOfSight } from './lineOfSight.ts'

/** Sampling density: "full" for a ruling, "coarse" for the visibility matrix (every pair, every frame the table changes). */
export type LosDensity = 'full' | 'coarse'
export type LosOptions = {
  rays?: boolean
  override?: Partial<LosRule>
  density?: LosDensity
  /**
   * false: try every piece and model on every line (no bound). Only tests use it, to show that the
   * bounded sampling reports exactly the same.
   */
  cull?: boolean
  /**
   * true: trace line by line even from one viewer point (no pencil, tracePencil). Only tests use it,
   * to show that the pencil reports exactly the same.
   */
  perLine?: boolean
  /**
   * Accepted and changes nothing: what sampleLineOfSight returns is always traced whole. (The matrix
   * settles fully blocked pairs inside the engine: sampleMatrixLine.)
   */
  settle?: boolean
}

const COARSE_HEIGHT_FRACTIONS = [0.25, 0.75] as const
const COARSE_RING_POINTS = 4
const COARSE_BASE_POINTS = 8

/** Viewer points for a rule (table frame, mm). */
export function viewerPoints(viewer: TableModel, from: LosRule['from']): Vec3Tuple[] {
  switch (from) {
    case 'eye':
      return [[viewer.x, viewer.y, viewer.z + viewer.eyeMm]]
    case 'base-centre':
      return [[viewer.x, viewer.y, viewer.z + BASE_THICKNESS_MM / 2]]
    case 'front-edge-centre-eye': {
      const [x, y] = frontEdgeCentre(viewer.placed)
      return [[x, y, viewer.z + viewer.eyeMm]]
    }
  }
}

/** Target points for a rule (table frame, mm). */
export function targetPoints(target: TableModel, to: LosRule['to'], density: LosDensity = 'full'): Vec3Tuple[] {
  switch (to) {
    case 'centre':
      return [[target.x, target.y, target.z + target.heightMm / 2]]
    case 'eye':
      return [[target.x, target.y, target.z + target.eyeMm]]
    case 'base':
      return basePoints(target, density)
    case 'volume':
      return tuplesOf(volumePoints(target, density))
  }
}

export function basePoints(target: TableModel, density: LosDensity = 'full'): Vec3Tuple[] {
  return tuplesOf(packedBasePoints(target, density))
}

/** The cosines and sines of a ring's points (VOLUME_RING_POINTS or COARSE_RING_POINTS, evenly round), kept. */
const ringTurns = new Map<number, { cos: Float64Array; sin: Float64Array }>()
function ringTurn(count: number): { cos: Float64Array; sin: Float64Array } {
  let r = ringTurns.get(count)
  if (!r) {
    r = { cos: new Float64Array(count), sin: new Float64Array(count) }
    for (let i = 0; i < count; i++) {
      const t = (2 * Math.PI * i) / count
      r.cos[i] = Math.cos(t)
      r.sin[i] = Math.sin(t)
    }
    ringTurns.set(count, r)
  }
  return r
}

/**
 * Arrays for sample points, cut from shared chunks: a typed array over 64 bytes gets a backing store
 * of its own outside the JS heap (an allocation there and a sweep later), and a fresh table makes
 * two or three point sets per model on its first lines. A view keeps its chunk alive.
 */
const POINT_CHUNK = 4096
let pointChunk = new Float64Array(POINT_CHUNK)
let pointChunkUsed = 0
function pointArray(n: number): Float64Array {
  if (n > POINT_CHUNK / 8) return new Float64Array(n)
  if (pointChunkUsed + n > POINT_CHUNK) {
    pointChunk = new Float64Array(POINT_CHUNK)
    pointChunkUsed = 0
  }
  const view = pointChunk.subarray(pointChunkUsed, pointChunkUsed + n)
  pointChunkUsed += n
  return view
}

/** The 'volume' target points, packed x, y, z: each height fraction × (the centre, then the ring at VOLUME_RING_FRACTION). */
function volumePoints(target: TableModel, density: LosDensity): Float64Array {
  const b = target.placed
  const turn = ringTurn(density === 'full' ? VOLUME_RING_POINTS : COARSE_RING_POINTS)
  const n = turn.cos.length + 1
  const heights = density === 'full' ? VOLUME_HEIGHT_FRACTIONS : COARSE_HEIGHT_FRACTIONS
  const out = pointArray(3 * n * heights.length)
  // the ring at the first height, then copied to the others
  out[0] = b.cx
  out[1] = b.cy
  for (let i = 1; i < n; i++) {
    const u = VOLUME_RING_FRACTION * b.halfLengthMm * turn.cos[i - 1]!, v = VOLUME_RING_FRACTION * b.halfWidthMm * turn.sin[i - 1]!
    out[3 * i] = b.cx + u * b.ux - v * b.uy
    out[3 * i + 1] = b.cy + u * b.uy + v * b.ux
  }
  for (let h = 0; h < heights.length; h++) {
    const z = target.z + heights[h]! * target.heightMm
    const o = 3 * n * h
    for (let i = 0; i < n; i++) {
      out[o + 3 * i] = out[3 * i]!
      out[o + 3 * i + 1] = out[3 * i + 1]!
      out[o + 3 * i + 2] = z
    }
  }
  return out
}

/** The base points, packed x, y, z (mid-thickness of the base). */
function packedBasePoints(target: TableModel, density: LosDensity): Float64Array {
  const count = density === 'full' ? BASE_SAMPLE_POINTS : COARSE_BASE_POINTS
  const out = pointArray(3 * baseAreaSampleCount(target.placed, count))
  sampleBaseAreaInto(target.placed, count, 0, out, 3, 0)
  const z = target.z + BASE_THICKNESS_MM / 2
  for (let k = 2; k < out.length; k += 3) out[k] = z
  return out
}

function tuplesOf(packed: Float64Array): Vec3Tuple[] {
  const out: Vec3Tuple[] = []
  for (let k = 0; k < packed.length; k += 3) out.push([packed[k]!, packed[k + 1]!, packed[k + 2]!])
  return out
}

/**
 * Sample a line of sight from viewer to target under a ruleset's LoS rule.
 * A sight line is blocked when it passes through a blocking solid: solids are eroded by ERODE_MM,
 * so grazing an edge, a face or a corner does not block. Viewer and target never block themselves.
 */
export function sampleLineOfSight(table: Table, viewer: TableModel, target: TableModel, rule: LosRule, opts: LosOptions = {}): LineOfSight {
  // Without an override the rule object itself is used, so its per-table piece predicates are reused.
  const r: LosRule = opts.override ? { ...rule, ...opts.override } : rule
  if (r.symmetric) {
    const there = sampleOneWay(table, viewer, target, r, opts)
    const back = sampleOneWay(table, target, viewer, r, opts)
    return back.fraction > there.fraction ? { ...back, direction: 'reverse' } : { ...there, direction: 'forward' }
  }
  return sampleOneWay(table, viewer, target, r, opts)
}

/** Slack (mm) added to every bound below, far above float noise. */
const BOUND_SLACK_MM = 0.5

/**
 * Where sight lines can start or end on a model: a ball (cx, cy, cz, r) holding its base (every
 * point on or inside the outline) from its foot (and mid-base height) to its top or eye, whichever
 * is higher. Every viewer, target and base point of the model lies in it.
 */
export function modelReach(m: TableModel, out: Float64Array, at: number): void {
  const b = m.placed
  const rxy = b.shape === 'rect' ? Math.hypot(b.halfLengthMm, b.halfWidthMm) : Math.max(b.halfLengthMm, b.halfWidthMm)
  const zLo = m.z + Math.min(0, BASE_THICKNESS_MM / 2, m.eyeMm)
  const zHi = m.z + Math.max(m.heightMm, BASE_THICKNESS_MM / 2, m.eyeMm)
  out[at] = b.cx
  out[at + 1] = b.cy
  out[at + 2] = (zLo + zHi) / 2
  out[at + 3] = Math.hypot(rxy, (zHi - zLo) / 2) + BOUND_SLACK_MM
}

/**
 * The box of a model as an obstacle (base outline × foot to top, not eroded, 1 mm margin), six
 * numbers at `at`: a sight line that misses it cannot run inside the model (3D or, ignoring z, 2D).
 */
export function modelObstacleBox(m: TableModel, out: Float64Array, at: number): void {
  const b = m.placed
  const rxy = (b.shape === 'rect' ? Math.hypot(b.halfLengthMm, b.halfWidthMm) : Math.max(b.halfLengthMm, b.halfWidthMm)) + 1
  out[at] = b.cx - rxy
  out[at + 1] = b.cy - rxy
  out[at + 2] = m.z - 1
  out[at + 3] = b.cx + rxy
  out[at + 4] = b.cy + rxy
  out[at + 5] = m.z + m.heightMm + 1
}

/**
 * A pair's bound: every sight line between the two models (either way, any rule) lies within
 * `reach` of the segment between their reach centres, because each end lies within its own ball.
 * Writes ax, ay, az, bx, by, bz, reach at `at`.
 */
export function pairBound(a: TableModel, b: TableModel, out: Float64Array, at = 0): void {
  // (each model's reach as made with its sight, once: a square root and a hypot less per pair)
  const ra = modelSight(a).reach, rb = modelSight(b).reach
  out[at] = ra[0]!
  out[at + 1] = ra[1]!
  out[at + 2] = ra[2]!
  out[at + 3] = rb[0]!
  out[at + 4] = rb[1]!
  out[at + 5] = rb[2]!
  out[at + 6] = Math.max(ra[3]!, rb[3]!)
}

/**
 * What sight lines need of one model, made once (a table's models are immutable): its reach ball
 * (modelReach), its box and eroded solid as an obstacle, its sample points by kind (pointKind, packed
 * x, y, z, made when first asked). The LosMemo carries it to the next table's copy of a model that
 * did not change (carryModelSight), so a moved model's neighbours are not sampled again from nothing.
 */
type ModelSight = { reach: Float64Array; box: Float64Array; solid: ModelSolid; points: Array<Float64Array | undefined> }
const sightByModel = new WeakMap<TableModel, ModelSight>()

function modelSight(m: TableModel): ModelSight {
  let s = sightByModel.get(m)
  if (!s) {
    const reach = new Float64Array(4)
    const box = new Float64Array(6)
    modelReach(m, reach, 0)
    modelObstacleBox(m, box, 0)
    // Model volumes are eroded like terrain (ERODE_MM), so a line grazing a base never blocks.
    const solid: ModelSolid = {
      base: { ...m.placed, halfLengthMm: m.placed.halfLengthMm - ERODE_MM, halfWidthMm: m.placed.halfWidthMm - ERODE_MM },
      zBottom: m.z + ERODE_MM,
      zTop: m.z + m.heightMm - ERODE_MM,
    }
    sightByModel.set(m, (s = { reach, box, solid, points: [] }))
  }
  return s
}

/**
 * `to` is `from` on the next table (the same scene entry, system and options: the LosMemo checked):
 * it takes over what sight lines made of `from`.
 */
export function carryModelSight(from: TableModel, to: TableModel): void {
  const s = sightByModel.get(from)
  if (s && !sightByModel.has(to)) sightByModel.set(to, s)
}

/**
 * Per table (tables are immutable), built on first use: each model's sight (modelSight), their reach
 * balls and obstacle boxes packed for the culling loops, the grid over the models (made when asked),
 * scratch.
 */
type TableSight = {
  table: Table
  models: ModelSight[]
  /** modelReach of each of the table's models, 4 numbers each. */
  reach: Float64Array
  boxes: Float64Array
  solids: ModelSolid[]
  inside: Float64Array
  modelGrid: BoxGrid | null
}
const sightByTable = new WeakMap<Table, TableSight>()
/** The last table asked for (the matrix asks thousands of times in a row for one table). */
let lastSight: TableSight | null = null
/** The grid over a world's pieces (a world serves every table of the same terrain). */
const pieceGrids = new WeakMap<TerrainWorld, BoxGrid>()

function tableSight(table: Table): TableSight {
  if (lastSight !== null && lastSight.table === table) return lastSight
  let s = sightByTable.get(table)
  if (!s) {
    const n = table.models.length
    const models: ModelSight[] = new Array(n)
    const solids: ModelSolid[] = new Array(n)
    const boxes = new Float64Array(6 * n)
    const reach = new Float64Array(4 * n)
    // A table a move made (its unchanged models the same objects, SceneReuse) takes what the last
    // table's sight has at the same places; other models are read from their own sight, number by
    // number (a set() per model cost more than the copy).
    const last = lastSight !== null && lastSight.table.models.length === n ? lastSight : null
    if (last) {
      boxes.set(last.boxes)
      reach.set(last.reach)
    }
    for (let i = 0; i < n; i++) {
      const tm = table.models[i]!
      if (last !== null && last.table.models[i] === tm) {
        models[i] = last.models[i]!
        solids[i] = last.solids[i]!
        continue
      }
      const m = (models[i] = modelSight(tm))
      solids[i] = m.solid
      const b = m.box, r = m.reach
      for (let j = 0; j < 6; j++) boxes[6 * i + j] = b[j]!
      for (let j = 0; j < 4; j++) reach[4 * i + j] = r[j]!
    }
    s = { table, models, reach, boxes, solids, inside: new Float64Array(table.terrain.length), modelGrid: null }
    sightByTable.set(table, s)
  }
  lastSight = s
  return s
}

function pieceGridOf(world: TerrainWorld): BoxGrid {
  let g = pieceGrids.get(world)
  if (!g) pieceGrids.set(world, (g = new BoxGrid(world.pieceBounds)))
  return g
}

function modelGridOf(sight: TableSight): BoxGrid {
  return (sight.modelGrid ??= new BoxGrid(sight.boxes))
}

/** Is m this table's own model (at its index), so that the table's per-model arrays hold it? */
function ownModel(table: Table, m: TableModel): boolean {
  return table.models[m.index] === m
}

// Kinds of sample points (a small number, not a string: no key is built per pair): the viewer's
// points by `from` (3) × flat; the target's by `to` (4) × density, or its base points on the flat;
// the base points by density × flat.
const FROM_KINDS: Record<LosRule['from'], number> = { 'eye': 0, 'base-centre': 1, 'front-edge-centre-eye': 2 }
const TO_KINDS: Record<LosRule['to'], number> = { centre: 0, eye: 1, base: 2, volume: 3 }
const fromKind = (from: LosRule['from'], flat: boolean) => 2 * FROM_KINDS[from] + (flat ? 1 : 0)
const baseKind = (density: LosDensity, flat: boolean) => 6 + 2 * (density === 'full' ? 0 : 1) + (flat ? 1 : 0)
const toKind = (to: LosRule['to'], density: LosDensity, flat: boolean) => (flat ? baseKind(density, true) : 10 + 2 * TO_KINDS[to] + (density === 'full' ? 0 : 1))

/**
 * The point kinds a rule asks for at a density: [viewer's, target's, base's] (fromKind, toKind,
 * baseKind), worked out once per rule object and density (a pair asks for three: the string keys'
 * lookups cost more than the points' own).
 */
const ruleKinds = new Int32Array(3)
let kindsRule: LosRule | null = null
let kindsDensity: LosDensity = 'full'
function kindsOf(r: LosRule, density: LosDensity): Int32Array {
  if (kindsRule !== r || kindsDensity !== density) {
    const flat = r.mode === '2d'
    ruleKinds[0] = fromKind(r.from, flat)
    ruleKinds[1] = toKind(r.to, density, flat)
    ruleKinds[2] = baseKind(density, flat)
    kindsRule = r
    kindsDensity = density
  }
  return ruleKinds
}

/** A model's points of one kind, packed x, y, z (on the table plane when flat). */
function makePoints(m: TableModel, kind: number, r: LosRule, density: LosDensity): Float64Array {
  const flat = kind < 10 && (kind & 1) === 1
  let out: Float64Array
  if (kind >= 6 && kind < 10) out = packedBasePoints(m, density)
  else if (kind >= 10 && r.to === 'volume') out = volumePoints(m, density)
  else {
    const pts = kind < 6 ? viewerPoints(m, r.from) : targetPoints(m, r.to, density)
    out = pointArray(3 * pts.length)
    pts.forEach((p, i) => out.set(p, 3 * i))
  }
  if (flat) for (let k = 2; k < out.length; k += 3) out[k] = 0
  return out
}

/** A model's points of a kind: made once per model (a table's models are immutable). */
function pointsOf(sight: TableSight | null, m: TableModel, kind: number, r: LosRule, density: LosDensity): Float64Array {
  const points = sight !== null && ownModel(sight.table, m) ? sight.models[m.index]!.points : modelSight(m).points
  return (points[kind] ??= makePoints(m, kind, r, density))
}

/**
 * Which pieces block / obscure / stand as columns under a rule, asked of the rule once per (rule
 * object, table) and piece, when the piece is first near a pair: bit 1 known, 2 blocks, 4 obscures,
 * 8 column. A ruleset that makes a rule per pair asks only about the pieces near that pair.
 */
const KNOWN = 1, BLOCKS = 2, OBSCURES = 4, COLUMN = 8
const pieceFlagsByRule = new WeakMap<LosRule, { table: Table; flags: Uint8Array }>()
let lastFlagsRule: LosRule | null = null
let lastFlags: { table: Table; flags: Uint8Array } | null = null

function pieceFlags(table: Table, r: LosRule): Uint8Array {
  if (lastFlagsRule === r && lastFlags!.table === table) return lastFlags!.flags
  let e = pieceFlagsByRule.get(r)
  if (!e || e.table !== table) {
    e = { table, flags: new Uint8Array(table.terrain.length) }
    pieceFlagsByRule.set(r, e)
  }
  lastFlagsRule = r
  lastFlags = e
  return e.flags
}

function flagOf(flags: Uint8Array, r: LosRule, p: TableTerrain): number {
  let f = flags[p.index]!
  if (f === 0) {
    const blocks = r.terrainBlocks(p)
    f = KNOWN | (blocks ? BLOCKS : 0) | (!blocks && (r.terrainObscures?.(p) ?? false) ? OBSCURES : 0) | (r.terrainColumn?.(p) ? COLUMN : 0)
    flags[p.index] = f
  }
  return f
}

/**
 * Does any sight line of the pair (both ways under a symmetric rule) meet the box (six numbers at
 * `at`; on the table plane in 2D)? The very lines sampleLineOfSight casts, so when this is false the
 * box's contents (a piece or model that was or is there) measured 0 mm inside every line: the
 * pair's result cannot depend on them. The memo's fine test, after the pair's bound. `table`, when
 * the two are its models: their points are read from its arrays.
 */
export function pairLinesMeetBox(viewer: TableModel, target: TableModel, rule: LosRule, density: LosDensity, box: Float64Array, at = 0, table?: Table): boolean {
  const sight = table ? tableSight(table) : null
  return oneWayMeetsBox(sight, viewer, target, rule, density, box, at) || (rule.symmetric === true && oneWayMeetsBox(sight, target, viewer, rule, density, box, at))
}

function oneWayMeetsBox(sight: TableSight | null, viewer: TableModel, target: TableModel, r: LosRule, density: LosDensity, box: Float64Array, at: number): boolean {
  const flat = r.mode === '2d'
  const kinds = kindsOf(r, density)
  const from = pointsOf(sight, viewer, kinds[0]!, r, density)
  const pts = pointsOf(sight, target, kinds[1]!, r, density)
  const bps = pointsOf(sight, target, kinds[2]!, r, density)
  for (let i = 0; i < from.length; i += 3) {
    for (let j = 0; j < pts.length; j += 3) {
      setSegment(from, i, pts, j)
      if (segmentNearBoxAt(box, at, 0, flat)) return true
    }
    for (let j = 0; j < bps.length; j += 3) {
      setSegment(from, i, bps, j)
      if (segmentNearBoxAt(box, at, 0, flat)) return true
    }
  }
  return false
}

function sampleOneWay(table: Table, viewer: TableModel, target: TableModel, r: LosRule, opts: LosOptions): LineOfSight {
  const sight = tableSight(table)
  return traceOneWay(prepareOneWay(sight, viewer, target, r, opts.density ?? 'full', opts.cull ?? true), sight.inside, opts.rays === true, opts.perLine === true)
}

/**
 * The visibility matrix's line (coarse, no rays) under the table's rule: from one viewer point, a
 * MatrixLine (its figure lines settle `visible` and `fraction`, the rest is traced when read); from
 * several, a fully blocked pair is settled the same way and any other traced whole. A symmetric rule
 * traces both ways whole. Internal to the engine: what leaves it is always a whole LineOfSight
 * (wholeLine).
 */
export function sampleMatrixLine(table: Table, viewer: TableModel, target: TableModel, r: LosRule): LineOfSight {
  if (r.symmetric) return sampleLineOfSight(table, viewer, target, r, { density: 'coarse' })
  const sight = tableSight(table)
  const w = prepareOneWay(sight, viewer, target, r, 'coarse', true)
  if (solidList.length < w.nCand) {
    solidList = new Int32Array(Math.max(w.nCand, 2 * solidList.length))
    footList = new Int32Array(solidList.length)
  }
  if (w.from.length === 3) {
    const seen = figureSeen(w, sight.inside)
    return new MatrixLine(w, seen, figureBlocked)
  }
  return figureAllBlocked(w, sight.inside) ? new MatrixLine(w, 0) : traceOneWay(w, sight.inside, false)
}

/** A line as the engine hands it out: a matrix line traced whole (once), any other as it is. */
export function wholeLine(los: LineOfSight): LineOfSight {
  return los instanceof MatrixLine ? los.whole() : los
}

/**
 * One way of a pair, ready to trace: the pieces and models that can touch its lines (coarse before
 * fine), what each does under the rule, and the lines' end points (packed x, y, z). Holds no table
 * and no rule, so a settled result (below) that keeps a copy of it keeps only this. The one being
 * traced lives in module scratch (`current`), its lists in arrays reused from pair to pair.
 */
type OneWay = {
  /** The terrain world (its solids are the pieces: ids, footprints). Nothing of the table itself is held. */
  world: TerrainWorld
  flat: boolean
  /** Candidate pieces (indices, ascending), their flags under the rule (pieceFlags), and the ones among them that block. */
  candidates: Int32Array
  nCand: number
  candFlags: Uint8Array
  blocking: Int32Array
  nBlocking: number
  /** Models near the lines that block or obscure them (in table order): their ids, eroded solids, and whether each blocks. */
  obstacleIds: string[]
  obstacleSolids: ModelSolid[]
  obstacleBlocks: Uint8Array
  nObstacles: number
  from: Float64Array
  pts: Float64Array
  bps: Float64Array
  threshold: number
  mode: LosRule['mode']
  rule: string
}

const current: OneWay = {
  world: null as unknown as TerrainWorld, flat: false,
  candidates: new Int32Array(64), nCand: 0, candFlags: new Uint8Array(64), blocking: new Int32Array(64), nBlocking: 0,
  obstacleIds: [], obstacleSolids: [], obstacleBlocks: new Uint8Array(64), nObstacles: 0,
  from: new Float64Array(0), pts: new Float64Array(0), bps: new Float64Array(0), threshold: 0, mode: '3d', rule: '',
}
let gridScratch = new Int32Array(64)

/**
 * The pair's bound as nearBound tests boxes against it: its segment's origin, the reciprocals of its
 * direction (taken once per pair, +Infinity where it does not move), and its reach.
 */
const boundTest = new Float64Array(7)
const reachScratch = new Float64Array(8)

/**
 * Does the box at `at` come within the pair's bound (boundTest; on the table plane when flat)?
 * The box grown by the reach against the bound's segment (segmentMeetsSlabs, as segmentNearBox does
 * with divisions).
 */
function nearBound(flat: boolean, boxes: Float64Array, at: number): boolean {
  const r = boundTest[6]!
  return segmentMeetsSlabs(
    boxes[at]! - r, boxes[at + 1]! - r, boxes[at + 2]! - r, boxes[at + 3]! + r, boxes[at + 4]! + r, boxes[at + 5]! + r,
    boundTest[0]!, boundTest[1]!, boundTest[2]!, boundTest[3]!, boundTest[4]!, boundTest[5]!, 1, flat,
  )
}

/**
 * For a LosRule's modelBlocks where no model ever blocks (and there is no modelObscures): the
 * engine recognises this very function and does not look for models near a pair's lines at all.
 */
export function modelsNeverBlock(): boolean {
  return false
}

/** The reach ball of a model at `at` of `out`: the table's, or made now for a model it does not own. */
function reachOf(sight: TableSight, m: TableModel, out: Float64Array, at: number): void {
  if (ownModel(sight.table, m)) {
    const o = 4 * m.index, rc = sight.reach
    out[at] = rc[o]!
    out[at + 1] = rc[o + 1]!
    out[at + 2] = rc[o + 2]!
    out[at + 3] = rc[o + 3]!
  } else modelReach(m, out, at)
}

/** The current one-way's lists, grown to hold this many pieces and models. */
function growCurrent(pieces: number, models: number): void {
  const w = current
  if (w.candidates.length < pieces) {
    const n = Math.max(pieces, 2 * w.candidates.length)
    w.candidates = new Int32Array(n)
    w.candFlags = new Uint8Array(n)
    w.blocking = new Int32Array(n)
  }
  if (w.obstacleBlocks.length < models) w.obstacleBlocks = new Uint8Array(Math.max(models, 2 * w.obstacleBlocks.length))
}

/** Up to this many boxes, a pair tries each box's extent on the plane rather than ask the grid. */
const FEW_BOXES = 64

/**
 * The items (ascending) whose boxes may come within the pair's bound (boundTest, with its segment's
 * far end in boundEnd): a superset of what nearBound then keeps. Few boxes: those whose extent on
 * the plane meets the bound's (a box that does not cannot meet the bound); many: the cells of the
 * grid over the table's models, or the world's pieces.
 */
function nearItems(models: TableSight | null, pieces: TerrainWorld | null, boxes: Float64Array, out: Int32Array): number {
  const ax = boundTest[0]!, ay = boundTest[1]!, bx = boundEnd[0]!, by = boundEnd[1]!, reach = boundTest[6]!
  const n = boxes.length / 6
  if (n > FEW_BOXES) return (models ? modelGridOf(models) : pieceGridOf(pieces!)).near(ax, ay, bx, by, reach, out)
  // (1 mm to spare, as the grid has: far above float noise)
  const r = reach + 1
  const x0 = (ax < bx ? ax : bx) - r, x1 = (ax < bx ? bx : ax) + r
  const y0 = (ay < by ? ay : by) - r, y1 = (ay < by ? by : ay) + r
  let m = 0
  for (let i = 0; i < n; i++) {
    const o = 6 * i
    if (boxes[o + 3]! < x0 || boxes[o]! > x1 || boxes[o + 4]! < y0 || boxes[o + 1]! > y1) continue
    out[m++] = i
  }
  return m
}
/** The far end of the pair's bound segment (x, y), beside boundTest. */
const boundEnd = new Float64Array(2)

function prepareOneWay(sight: TableSight, viewer: TableModel, target: TableModel, r: LosRule, density: LosDensity, cull: boolean): OneWay {
  const table = sight.table
  const pieces = table.terrain
  const nPieces = pieces.length
  const models = table.models
  const flags = pieceFlags(table, r)
  const flatMode = r.mode === '2d'
  const w = current
  growCurrent(nPieces, models.length)
  const gridSize = Math.max(nPieces, models.length)
  if (gridScratch.length < gridSize) gridScratch = new Int32Array(Math.max(gridSize, 2 * gridScratch.length))
  // Coarse before fine: only pieces and models whose box comes within the pair's bound can touch
  // any of its sight lines; the others are never tried (and their predicates never asked), which
  // changes nothing in the result because they could only ever have measured 0 mm inside.
  // The bound: the segment between the two reach centres, grown by the larger reach (pairBound).
  reachOf(sight, viewer, reachScratch, 0)
  reachOf(sight, target, reachScratch, 4)
  const ax = reachScratch[0]!, ay = reachScratch[1]!, az = reachScratch[2]!
  const bx = reachScratch[4]!, by = reachScratch[5]!, bz = reachScratch[6]!
  const reach = Math.max(reachScratch[3]!, reachScratch[7]!)
  const dx = bx - ax, dy = by - ay, dz = bz - az
  boundTest[0] = ax
  boundTest[1] = ay
  boundTest[2] = az
  boundTest[3] = dx === 0 ? Infinity : 1 / dx
  boundTest[4] = dy === 0 ? Infinity : 1 / dy
  boundTest[5] = dz === 0 ? Infinity : 1 / dz
  boundTest[6] = reach
  boundEnd[0] = bx
  boundEnd[1] = by
  // The grids return, in ascending order, a superset of what the exact box test then keeps.
  const cand = w.candidates, candFlags = w.candFlags
  let nCand = 0
  if (cull) {
    const near = gridScratch
    const n = nearItems(null, table.world, table.world.pieceBounds, near)
    for (let c = 0; c < n; c++) {
      const k = near[c]!
      const f = flagOf(flags, r, pieces[k]!)
      // A column stands at every height: only its footprint can keep it off the pair's lines.
      if (!nearBound(flatMode || (f & COLUMN) !== 0, table.world.pieceBounds, 6 * k)) continue
      candFlags[nCand] = f
      cand[nCand++] = k
    }
  } else {
    for (let k = 0; k < nPieces; k++) {
      candFlags[nCand] = flagOf(flags, r, pieces[k]!)
      cand[nCand++] = k
    }
  }
  let nBlocking = 0
  for (let c = 0; c < nCand; c++) if ((candFlags[c]! & BLOCKS) !== 0) w.blocking[nBlocking++] = cand[c]!
  // (a rule whose models never block or obscure: no model is looked for)
  let nObstacles = 0
  if (!(r.modelBlocks === modelsNeverBlock && r.modelObscures === undefined)) {
    const near = gridScratch
    const nNear = cull ? nearItems(sight, null, sight.boxes, near) : models.length
    for (let c = 0; c < nNear; c++) {
      const i = cull ? near[c]! : c
      const m = models[i]!
      if (m.id === viewer.id || m.id === target.id || (cull && !nearBound(flatMode, sight.boxes, 6 * i))) continue
      const blocks = r.modelBlocks(m, viewer, target)
      if (!blocks && !(r.modelObscures?.(m, viewer, target) ?? false)) continue
      w.obstacleIds[nObstacles] = m.id
      w.obstacleSolids[nObstacles] = sight.solids[i]!
      w.obstacleBlocks[nObstacles++] = blocks ? 1 : 0
    }
  }
  w.world = table.world
  w.flat = flatMode
  w.nCand = nCand
  w.nBlocking = nBlocking
  w.nObstacles = nObstacles
  const kinds = kindsOf(r, density)
  w.from = pointsOf(sight, viewer, kinds[0]!, r, density)
  w.pts = pointsOf(sight, target, kinds[1]!, r, density)
  w.bps = pointsOf(sight, target, kinds[2]!, r, density)
  w.threshold = r.visibleAbove ?? 0
  w.mode = r.mode
  w.rule = r.rule
  return w
}

/** The line from point fi of `from` to point ti of `to` (packed x, y, z) as castSegment's `segment`. */
function setSegment(from: Float64Array, fi: number, to: Float64Array, ti: number): void {
  segment[0] = from[fi]!
  segment[1] = from[fi + 1]!
  segment[2] = from[fi + 2]!
  segment[3] = to[ti]!
  segment[4] = to[ti + 1]!
  segment[5] = to[ti + 2]!
}

/** Does `segment` run more than GRAZE_MM inside piece k's footprint (a column, or any piece under a flat rule)? */
function crossesFootprint(w: OneWay, k: number): boolean {
  return measureFootprintCrossing2(w.world.solids[k]!.losFootprint, segment[0]!, segment[1]!, segment[3]!, segment[4]!) > GRAZE_MM
}

/** Does `segment` run more than GRAZE_MM inside obstacle o (3D, or on the table plane in 2D)? */
function crossesModel(w: OneWay, o: number): boolean {
  measureModelSegment(w.obstacleSolids[o]!, w.flat)
  return measured[0]! > GRAZE_MM
}

/** Is `segment` blocked (the same lengths and threshold traceOneWay uses)? The piece that blocked the line before is tried first. */
let lastBlocker = -1
let lastBlockerFlags = 0
const oneCandidate = new Int32Array(1)
function lineBlocked(w: OneWay, inside: Float64Array): boolean {
  if (lastBlocker >= 0) {
    if (w.flat || (lastBlockerFlags & COLUMN) !== 0) {
      if (crossesFootprint(w, lastBlocker)) return true
    } else {
      oneCandidate[0] = lastBlocker
      measureTerrainSegment(w.world, inside, oneCandidate, 1)
      if (inside[lastBlocker]! > GRAZE_MM) return true
    }
  }
  const nBlocking = w.nBlocking
  if (nBlocking > 0) {
    if (!w.flat) measureTerrainSegment(w.world, inside, w.blocking, nBlocking)
    for (let c = 0; c < w.nCand; c++) {
      const f = w.candFlags[c]!
      if ((f & BLOCKS) === 0) continue
      const k = w.candidates[c]!
      if (w.flat || (f & COLUMN) !== 0 ? crossesFootprint(w, k) : inside[k]! > GRAZE_MM) {
        lastBlocker = k
        lastBlockerFlags = f
        return true
      }
    }
  }
  for (let o = 0; o < w.nObstacles; o++) {
    if (w.obstacleBlocks[o] === 1 && crossesModel(w, o)) return true
  }
  return false
}

/** How many target points the one viewer point sees (an open line each): the same lines and lengths traceOneWay uses. */
function figureSeen(w: OneWay, inside: Float64Array): number {
  if (w.nBlocking <= PENCIL_BLOCKING && w.nObstacles === 0 && !w.flat && w.pts.length <= 3 * 31 && blockingPrismsOnly(w)) return figureSeenPencil(w)
  let seen = 0
  // which lines a piece blocked, for crossedShare (blocked by a piece is crossing one): known when
  // no model stands on the lines and there are at most 31 of them
  const known = w.nObstacles === 0 && w.pts.length <= 3 * 31
  let blocked = 0
  lastBlocker = -1
  for (let i = w.pts.length - 3; i >= 0; i -= 3) {
    setSegment(w.from, 0, w.pts, i)
    if (!lineBlocked(w, inside)) seen++
    else if (known) blocked |= 1 << (i / 3)
  }
  figureBlocked = known ? blocked : -1
  return seen
}
/** The figure lines the last figureSeen found blocked by a piece (bit i for point i), or -1 when not known. */
let figureBlocked = -1

/**
 * Up to this many blocking pieces, figureSeen measures them as a pencil. With more, line by line wins:
 * a line stops at its first blocker, which the pencil cannot (a 100-piece table's matrix took 37 ms
 * with the pencil for any count, 27 ms line by line).
 */
const PENCIL_BLOCKING = 3

/** Are the one-way's blocking pieces all exact prisms measured in 3D (no mesh, no column)? */
function blockingPrismsOnly(w: OneWay): boolean {
  const kinds = w.world.prismKind
  for (let c = 0; c < w.nCand; c++) {
    const f = w.candFlags[c]!
    if ((f & BLOCKS) !== 0 && ((f & COLUMN) !== 0 || kinds[w.candidates[c]!] === 0)) return false
  }
  return true
}

/**
 * figureSeen when every blocking piece is an exact prism and no model stands on the lines: each
 * blocking prism against all the figure lines at once (markPrismPencil, the same lengths), a line
 * seen when none holds it.
 */
function figureSeenPencil(w: OneWay): number {
  const nPts = w.pts.length / 3
  if (lineBits.length < nPts) lineBits = new Int32Array(Math.max(nPts, 2 * lineBits.length))
  lineBits.fill(0, 0, nPts)
  let ends = false
  for (let c = 0; c < w.nBlocking; c++) {
    if (!ends) {
      setSegment(w.from, 0, w.from, 0)
      endsCircle(w.pts, NO_POINTS)
      ends = true
    }
    markPrismPencil(w.world, w.blocking[c]!, w.pts, lineBits, 0, 1)
  }
  let seen = 0, blocked = 0
  for (let j = 0; j < nPts; j++) {
    if (lineBits[j] === 0) seen++
    else blocked |= 1 << j
  }
  figureBlocked = blocked
  return seen
}
const NO_POINTS = new Float64Array(0)

/**
 * Is every target point unseen (every line from every viewer point to it blocked)? Then the
 * fraction is 0 whatever else the lines cross. Each line stops at its first blocker (the last
 * line's blocker tried first: one wall usually hides the whole figure); the first open line ends it.
 */
function figureAllBlocked(w: OneWay, inside: Float64Array): boolean {
  if (w.nBlocking === 0) {
    let any = false
    for (let o = 0; o < w.nObstacles && !any; o++) any = w.obstacleBlocks[o] === 1
    if (!any) return false
  }
  lastBlocker = -1
  const { from, pts } = w
  // Highest points first: an open line, if there is one, is likeliest over the top.
  for (let i = pts.length - 3; i >= 0; i -= 3) {
    for (let f = 0; f < from.length; f += 3) {
      setSegment(from, f, pts, i)
      if (!lineBlocked(w, inside)) return false
    }
  }
  return true
}

/**
 * The visibility matrix's line (coarse, no rays, one way), settled from its figure lines alone: which
 * are blocked gives `visible` and `fraction` (each line stops at its first blocker); the rest is read
 * through the class's getters: `terrainCrossing` by a pass that stops each line at the first piece it
 * crosses (its `pieces` and every other field by tracing the kept one-way whole, on first read) —
 * exactly what tracing at once would have given. A class rules classify (the matrix asks for the
 * class of every pair) read as they would a plain line. Held by the matrix, the table's cache and the
 * memo; anything handed out of the engine is `whole()` (a plain LineOfSight), since a spread or a
 * structured clone of an instance would lose the getters' fields.
 */
class MatrixLine implements LineOfSight {
  readonly visible: boolean
  readonly fraction: number
  readonly rays: number
  readonly baseRays: number
  readonly mode: LosRule['mode']
  readonly rule: string
  // The one-way, kept (nothing of its table): the candidates and their flags as one list of numbers.
  private readonly world: TerrainWorld
  private readonly flat: boolean
  /** Its lists (candidates, their flags, the obstacles' blocking), at listsAt in a shared chunk (listSpace). */
  private readonly lists: Int32Array
  private readonly listsAt: number
  private readonly nCand: number
  private readonly obstacleIds: string[]
  private readonly obstacleSolids: ModelSolid[]
  private readonly from: Float64Array
  private readonly pts: Float64Array
  private readonly bps: Float64Array
  private readonly threshold: number
  private full: LineOfSight | null = null
  private crossing: MatrixCrossing | null = null
  /** The figure lines a piece blocks (bit i for point i), or -1 when not known (figureSeen). */
  private readonly blockedLines: number

  constructor(w: OneWay, seen: number, blockedLines = -1) {
    this.blockedLines = blockedLines
    this.rays = w.pts.length / 3
    this.baseRays = w.bps.length / 3
    this.fraction = seen / this.rays
    this.visible = this.fraction > w.threshold
    this.mode = w.mode
    this.rule = w.rule
    this.world = w.world
    this.flat = w.flat
    const nC = w.nCand, nO = w.nObstacles
    const at = listSpace(2 * nC + nO)
    const lists = listChunk
    copyNumbers(w.candidates, 0, lists, at, nC)
    copyNumbers(w.candFlags, 0, lists, at + nC, nC)
    copyNumbers(w.obstacleBlocks, 0, lists, at + 2 * nC, nO)
    this.lists = lists
    this.listsAt = at
    this.nCand = nC
    this.obstacleIds = nO === 0 ? NO_IDS : w.obstacleIds.slice(0, nO)
    this.obstacleSolids = nO === 0 ? NO_SOLIDS : w.obstacleSolids.slice(0, nO)
    this.from = w.from
    this.pts = w.pts
    this.bps = w.bps
    this.threshold = w.threshold
  }

  /** The kept one-way back into the tracer's scratch (`current`, which the passes read). */
  private restore(): OneWay {
    const w = current, lists = this.lists, at = this.listsAt, nO = this.obstacleIds.length, nC = this.nCand
    growCurrent(nC, nO)
    copyNumbers(lists, at, w.candidates, 0, nC)
    copyNumbers(lists, at + nC, w.candFlags, 0, nC)
    copyNumbers(lists, at + 2 * nC, w.obstacleBlocks, 0, nO)
    for (let o = 0; o < nO; o++) {
      w.obstacleIds[o] = this.obstacleIds[o]!
      w.obstacleSolids[o] = this.obstacleSolids[o]!
    }
    w.world = this.world
    w.flat = this.flat
    w.nCand = nC
    w.nBlocking = 0
    w.nObstacles = nO
    w.from = this.from
    w.pts = this.pts
    w.bps = this.bps
    w.threshold = this.threshold
    w.mode = this.mode
    w.rule = this.rule
    return w
  }

  /** The whole line (traced on first call, then kept). */
  whole(): LineOfSight {
    return (this.full ??= traceOneWay(this.restore(), insideScratch(this.world), false))
  }

  get baseHidden(): number { return this.whole().baseHidden }
  get blockers(): string[] { return this.whole().blockers }
  get obscuring(): string[] { return this.whole().obscuring }
  get baseHiddenBy(): Record<string, number> { return this.whole().baseHiddenBy }
  get blockedBy(): Record<string, number> { return this.whole().blockedBy }
  get terrainCrossing(): LineOfSight['terrainCrossing'] {
    if (this.full) return this.full.terrainCrossing
    if (this.from.length !== 3) return this.whole().terrainCrossing
    return (this.crossing ??= new MatrixCrossing(this))
  }

  /**
   * One viewer point: the share of the figure's lines (or the base's) that cross a candidate piece,
   * each line stopping at the first piece it crosses. What tracing whole would count.
   */
  crossedShare(base: boolean): number {
    const n = (base ? this.bps : this.pts).length / 3
    return this.countCrossed(base, n + 1) / n
  }

  /**
   * Is the share of the figure's lines (or the base's) that cross a candidate piece at least `share`
   * (strict: more than)? The answer reading the share gives; the lines are counted only until it is
   * known (where most lines cross, the first settles "any"). A share already counted whole is read
   * instead.
   */
  crossedReaches(base: boolean, share: number, strict: boolean): boolean {
    const known = this.full !== null || this.from.length !== 3 ? this.terrainCrossing[base ? 'base' : 'figure'] : this.crossing?.known(base) ?? -1
    if (known >= 0) return strict ? known > share : known >= share
    const n = (base ? this.bps : this.pts).length / 3
    // the fewest crossing lines whose share, as crossedShare divides it, reaches `share`
    let need = 0
    while (need <= n && !(strict ? need / n > share : need / n >= share)) need++
    if (need > n) return false
    return need === 0 || this.countCrossed(base, need) >= need
  }

  /** How many of the figure's lines (or the base's) cross a candidate piece, counting stopped at `stopAt`. */
  private countCrossed(base: boolean, stopAt: number): number {
    // (read from the kept lists where they are: no restore into the tracer's scratch)
    const lists = this.lists, at = this.listsAt, nC = this.nCand, world = this.world
    if (solidList.length < nC) {
      solidList = new Int32Array(Math.max(nC, 2 * solidList.length))
      footList = new Int32Array(solidList.length)
    }
    // A figure line figureSeen found blocked by a piece crosses that piece; on the others no blocking
    // piece runs more than GRAZE_MM, so only the pieces that do not block are tried there.
    const blockedLines = base ? -1 : this.blockedLines
    // the pieces measured in 3D, and the footprints (columns, or any piece on the flat), sorted once
    // for all the lines; a line counts when any of them holds more than GRAZE_MM of it
    let n3 = 0, nFoot = 0
    for (let c = 0; c < nC; c++) {
      const k = lists[at + c]!, f = lists[at + nC + c]!
      if (blockedLines >= 0 && (f & BLOCKS) !== 0) continue
      if (this.flat || (f & COLUMN) !== 0) footList[nFoot++] = k
      else solidList[n3++] = k
    }
    const inside = insideScratch(world)
    const pts = base ? this.bps : this.pts
    let crossed = 0
    for (let i = 0; i < pts.length && crossed < stopAt; i += 3) {
      if (blockedLines >= 0 && (blockedLines & (1 << (i / 3))) !== 0) {
        crossed++
        continue
      }
      setSegment(this.from, 0, pts, i)
      let hit = false
      for (let f = 0; f < nFoot && !hit; f++) hit = measureFootprintCrossing2(world.solids[footList[f]!]!.losFootprint, segment[0]!, segment[1]!, segment[3]!, segment[4]!) > GRAZE_MM
      if (hit || (n3 > 0 && measureTerrainSegment(world, inside, solidList, n3, GRAZE_MM))) crossed++
    }
    return crossed
  }
  toJSON(): LineOfSight { return this.whole() }
}

/**
 * The matrix lines' lists, cut from shared chunks (listSpace returns where in listChunk): a typed array
 * per line was an allocation per pair of every matrix. A chunk stays alive while a line in it does.
 */
const LIST_CHUNK = 8192
let listChunk = new Int32Array(LIST_CHUNK)
let listChunkUsed = 0
function listSpace(n: number): number {
  if (listChunkUsed + n > LIST_CHUNK) {
    listChunk = new Int32Array(Math.max(LIST_CHUNK, n))
    listChunkUsed = 0
  }
  const at = listChunkUsed
  listChunkUsed += n
  return at
}

/**
 * A matrix line's terrainCrossing before the line is traced whole: each fraction counted when first
 * read (a class that asks "figure or base" may never need the base's), `pieces` by tracing whole.
 */
class MatrixCrossing {
  private readonly line: MatrixLine
  private figureShare = -1
  private baseShare = -1
  constructor(line: MatrixLine) {
    this.line = line
  }
  get figure(): number {
    if (this.figureShare < 0) this.figureShare = this.line.crossedShare(false)
    return this.figureShare
  }
  get base(): number {
    if (this.baseShare < 0) this.baseShare = this.line.crossedShare(true)
    return this.baseShare
  }
  get pieces(): string[] { return this.line.whole().terrainCrossing.pieces }
  /** The share if it was counted already, else -1. */
  known(base: boolean): number {
    return base ? this.baseShare : this.figureShare
  }
  toJSON(): LineOfSight['terrainCrossing'] { return this.line.whole().terrainCrossing }
}

/**
 * Is los.terrainCrossing[part] at least `share` (strict: more than)? The same answer as reading the
 * field, which a ruleset's class may ask instead (Narrative Skirmish's cover: any line, or half the
 * figure); a visibility-matrix line counts its lines only until the answer is known.
 */
export function terrainCrossingReaches(los: LineOfSight, part: 'figure' | 'base', share: number, strict = false): boolean {
  if (los instanceof MatrixLine) return los.crossedReaches(part === 'base', share, strict)
  const v = los.terrainCrossing[part]
  return strict ? v > share : v >= share
}

/** crossedShare's lists: candidate pieces measured in 3D, and those judged by their footprint. */
let solidList = new Int32Array(64)
let footList = new Int32Array(64)

const NO_IDS: string[] = []
const NO_SOLIDS: ModelSolid[] = []
/** Lengths inside each piece, for a line traced later than its table's own scratch can be trusted (as long as the world has pieces). */
let lateInside = new Float64Array(64)
function insideScratch(world: TerrainWorld): Float64Array {
  if (lateInside.length < world.solids.length) lateInside = new Float64Array(Math.max(world.solids.length, 2 * lateInside.length))
  return lateInside
}
/** n numbers from src at `from` to dst at `to` (a loop: subarray().set() would make a view each time). */
function copyNumbers(src: Int32Array | Uint8Array, from: number, dst: Int32Array | Uint8Array, to: number, n: number): void {
  for (let i = 0; i < n; i++) dst[to + i] = src[from + i]!
}

// traceOneWay's per-slot counts and lists, grown as needed and kept (it calls out to nothing that
// traces, so one set is enough). Slots: the candidate pieces in piece order, then the obstacle
// models in table order (the same relative order as trying everything, so ties sort the same way).
// Per sight line, the slots that block it, hide it, and the candidate pieces it crosses (lists,
// not flags, so nothing is cleared per line); per target point, which slots took part (stamped with
// the point's serial number, which never repeats while the stamps are kept, so nothing is cleared
// per point).
let blockList = new Int32Array(64)
let hideList = new Int32Array(64)
let crossList = new Int32Array(64)
let stamp = new Int32Array(64)
let pointList = new Int32Array(64)
let blockCount = new Int32Array(64)
let hideCount = new Int32Array(64)
let crossFigure = new Int32Array(64)
/** The slots that counted anything, sorted by id (the result's order). */
let namedSlots = new Int32Array(64)
let serial = 0
let nBlock = 0
let nHide = 0
let nCross = 0
let nPoint = 0
let pointNo = 0

function growTraceScratch(slots: number): void {
  if (stamp.length >= slots) return
  const n = Math.max(slots, 2 * stamp.length)
  const a = () => new Int32Array(n)
  blockList = a(); hideList = a(); crossList = a(); stamp = a(); pointList = a(); blockCount = a(); hideCount = a(); crossFigure = a(); namedSlots = a()
  serial = 0
}

function nextPointNo(): number {
  if (serial >= 0x7fffffff) {
    stamp.fill(0)
    serial = 0
  }
  return ++serial
}

/** The id of slot k of a one-way: its candidate pieces in piece order, then its obstacle models. */
function slotId(w: OneWay, k: number): string {
  return k < w.nCand ? w.world.solids[w.candidates[k]!]!.id : w.obstacleIds[k - w.nCand]!
}

function markSlot(k: number): void {
  if (stamp[k] !== pointNo) {
    stamp[k] = pointNo
    pointList[nPoint++] = k
  }
}

/** One sight line of the one-way, `segment`: fills the block, hide and cross lists (and a ray when asked). */
function traceLine(w: OneWay, inside: Float64Array, rays: LosRay[] | undefined): void {
  const nCand = w.nCand, candidates = w.candidates, candFlags = w.candFlags
  const flatMode = w.flat
  nBlock = 0
  nHide = 0
  nCross = 0
  if (!flatMode && nCand > 0) measureTerrainSegment(w.world, inside, candidates, nCand)
  for (let c = 0; c < nCand; c++) {
    const k = candidates[c]!
    const f = candFlags[c]!
    if (flatMode || (f & COLUMN) !== 0 ? !crossesFootprint(w, k) : inside[k]! <= GRAZE_MM) continue
    crossList[nCross++] = c
    if ((f & BLOCKS) !== 0) blockList[nBlock++] = c
    else if ((f & OBSCURES) !== 0) hideList[nHide++] = c
  }
  for (let o = 0; o < w.nObstacles; o++) {
    if (!crossesModel(w, o)) continue
    if (w.obstacleBlocks[o] === 1) blockList[nBlock++] = nCand + o
    else hideList[nHide++] = nCand + o
  }
  if (rays) {
    const blockedBy: string[] = []
    const hides: string[] = []
    for (let j = 0; j < nBlock; j++) blockedBy.push(slotId(w, blockList[j]!))
    for (let j = 0; j < nHide; j++) hides.push(slotId(w, hideList[j]!))
    rays.push({ from: [segment[0]!, segment[1]!, segment[2]!], to: [segment[3]!, segment[4]!, segment[5]!], blocked: nBlock > 0, by: blockedBy.sort(), hides: hides.sort(), base: false })
  }
}

function traceOneWay(w: OneWay, inside: Float64Array, withRays: boolean, perLine = false): LineOfSight {
  if (!withRays && !perLine && w.from.length === 3 && w.nCand + w.nObstacles <= PENCIL_SLOTS) return tracePencil(w, inside)
  const { from, pts, bps } = w
  const nCand = w.nCand
  const slots = nCand + w.nObstacles
  growTraceScratch(slots)
  blockCount.fill(0, 0, slots)
  hideCount.fill(0, 0, slots)
  crossFigure.fill(0, 0, slots)
  const rays: LosRay[] | undefined = withRays ? [] : undefined
  const nPts = pts.length / 3
  const nBps = bps.length / 3

  // Target points: seen when any viewer point has an unblocked line to it.
  let seen = 0
  let figureCrossed = 0
  for (let i = 0; i < pts.length; i += 3) {
    pointNo = nextPointNo()
    nPoint = 0
    let clear = false
    let crossedAll = true
    for (let f = 0; f < from.length; f += 3) {
      setSegment(from, f, pts, i)
      traceLine(w, inside, rays)
      if (nCross === 0) crossedAll = false
      for (let j = 0; j < nCross; j++) crossFigure[crossList[j]!]!++
      if (nBlock === 0) { clear = true; break }
      for (let j = 0; j < nBlock; j++) markSlot(blockList[j]!)
    }
    if (crossedAll) figureCrossed++
    if (clear) seen++
    else for (let j = 0; j < nPoint; j++) blockCount[pointList[j]!]!++
  }

  // Base points: hidden when every viewer point's line is blocked or obscured.
  let hidden = 0
  let baseCrossed = 0
  for (let i = 0; i < bps.length; i += 3) {
    pointNo = nextPointNo()
    nPoint = 0
    let open = false
    let crossedAll = true
    for (let f = 0; f < from.length; f += 3) {
      setSegment(from, f, bps, i)
      traceLine(w, inside, rays)
      if (rays) rays[rays.length - 1]!.base = true
      if (nCross === 0) crossedAll = false
      for (let j = 0; j < nCross; j++) crossFigure[crossList[j]!]!++
      if (nBlock === 0 && nHide === 0) { open = true; break }
      for (let j = 0; j < nBlock; j++) markSlot(blockList[j]!)
      for (let j = 0; j < nHide; j++) markSlot(hideList[j]!)
    }
    if (crossedAll) baseCrossed++
    if (!open) {
      hidden++
      for (let j = 0; j < nPoint; j++) hideCount[pointList[j]!]!++
    }
  }

  return traced(w, slots, seen, figureCrossed, hidden, baseCrossed, rays)
}

/** The line of sight from the counts of a trace (per slot in blockCount, hideCount, crossFigure, and the totals). */
function traced(w: OneWay, slots: number, seen: number, figureCrossed: number, hidden: number, baseCrossed: number, rays: LosRay[] | undefined): LineOfSight {
  const nPts = w.pts.length / 3
  const nBps = w.bps.length / 3
  const nCand = w.nCand
  const fraction = seen / nPts
  // Only slots that counted anything are named, sorted by id; equal ids keep slot order (a stable
  // insertion sort), as a stable sort of all the slots would give.
  let nNamed = 0
  for (let k = 0; k < slots; k++) {
    if (blockCount[k] === 0 && hideCount[k] === 0 && crossFigure[k] === 0) continue
    const id = slotId(w, k)
    let j = nNamed++
    while (j > 0 && slotId(w, namedSlots[j - 1]!) > id) { namedSlots[j] = namedSlots[j - 1]!; j-- }
    namedSlots[j] = k
  }
  const blockers: string[] = []
  const obscuring: string[] = []
  const baseHiddenBy: Record<string, number> = {}
  const blockedBy: Record<string, number> = {}
  const crossedPieces: string[] = []
  for (let j = 0; j < nNamed; j++) {
    const k = namedSlots[j]!
    const id = slotId(w, k)
    if (blockCount[k]) { blockers.push(id); blockedBy[id] = blockCount[k]! / nPts }
    else if (hideCount[k]) obscuring.push(id)
    if (hideCount[k]) baseHiddenBy[id] = hideCount[k]! / nBps
    if (k < nCand && crossFigure[k]! > 0) crossedPieces.push(id)
  }
  return {
    visible: fraction > w.threshold,
    fraction,
    baseHidden: hidden / nBps,
    blockers,
    obscuring,
    baseHiddenBy,
    blockedBy,
    terrainCrossing: { figure: figureCrossed / nPts, base: baseCrossed / nBps, pieces: crossedPieces },
    rays: nPts,
    baseRays: nBps,
    mode: w.mode,
    rule: w.rule,
    ...(rays ? { sampleRays: rays } : {}),
  }
}

/** Up to this many slots (candidate pieces, then obstacle models), a one-eye line is traced as a pencil: one bit per slot. */
const PENCIL_SLOTS = 31
/** Per line of the pencil (figure points, then base points): the slots it crosses, one bit each. */
let lineBits = new Int32Array(256)
/** The mesh pieces among the candidates (measured line by line, together, as traceLine does) and their slots. */
let meshPieces = new Int32Array(64)
let meshSlots = new Int32Array(64)

/** pencilEnds: a circle holding the points of both lists (their box's, on the plane). */
function endsCircle(a: Float64Array, b: Float64Array): void {
  endsBox[0] = Infinity
  endsBox[1] = Infinity
  endsBox[2] = -Infinity
  endsBox[3] = -Infinity
  growEndsBox(a)
  growEndsBox(b)
  pencilEnds[0] = (endsBox[0]! + endsBox[2]!) / 2
  pencilEnds[1] = (endsBox[1]! + endsBox[3]!) / 2
  pencilEnds[2] = Math.hypot(endsBox[2]! - endsBox[0]!, endsBox[3]! - endsBox[1]!) / 2
}
const endsBox = new Float64Array(4)
function growEndsBox(pts: Float64Array): void {
  let x0 = endsBox[0]!, y0 = endsBox[1]!, x1 = endsBox[2]!, y1 = endsBox[3]!
  for (let i = 0; i < pts.length; i += 3) {
    const x = pts[i]!, y = pts[i + 1]!
    if (x < x0) x0 = x
    if (x > x1) x1 = x
    if (y < y0) y0 = y
    if (y > y1) y1 = y
  }
  endsBox[0] = x0
  endsBox[1] = y0
  endsBox[2] = x1
  endsBox[3] = y1
}

/** Add 1 to counts[s] for each bit s set in `bits`. */
function countBits(counts: Int32Array, bits: number): void {
  while (bits !== 0) {
    const low = bits & -bits
    counts[31 - Math.clz32(low)]!++
    bits ^= low
  }
}

/** The slots' kinds for the last pencilBits: [candidate pieces, blocking slots, obscuring slots], one bit each. */
const pencilMasks = new Int32Array(3)
const CAND = 0, BLOCK = 1, HIDE = 2

/**
 * The one-way's lines from its one viewer point (figure points, then base points) into lineBits,
 * slot by slot: each slot (a prism all at once, markPrismPencil; a mesh, a column or a footprint on
 * the flat, and a model, line by line with the very calls traceLine makes) sets its bit on every
 * line that runs more than GRAZE_MM inside it. Which slots are pieces, block or obscure: pencilMasks.
 */
function pencilBits(w: OneWay, inside: Float64Array): void {
  const { from, pts, bps } = w
  const nCand = w.nCand
  const nPts = pts.length / 3, nLines = nPts + bps.length / 3
  if (lineBits.length < nLines) lineBits = new Int32Array(Math.max(nLines, 2 * lineBits.length))
  if (meshPieces.length < nCand) {
    meshPieces = new Int32Array(Math.max(nCand, 2 * meshPieces.length))
    meshSlots = new Int32Array(meshPieces.length)
  }
  lineBits.fill(0, 0, nLines)
  const world = w.world, kinds = world.prismKind
  let candBits = 0, blockBits = 0, hideBits = 0
  let nMesh = 0
  let ends = false
  for (let c = 0; c < nCand; c++) {
    const k = w.candidates[c]!, f = w.candFlags[c]!, bit = 1 << c
    candBits |= bit
    if ((f & BLOCKS) !== 0) blockBits |= bit
    else if ((f & OBSCURES) !== 0) hideBits |= bit
    if (w.flat || (f & COLUMN) !== 0) {
      // (a column's mesh is still measured with the others, as traceLine measures it: the list
      // decides how a line walks the meshes)
      if (!w.flat && kinds[k] === 0) {
        meshPieces[nMesh] = k
        meshSlots[nMesh++] = -1
      }
      for (let j = 0; j < nLines; j++) {
        if (j < nPts) setSegment(from, 0, pts, 3 * j)
        else setSegment(from, 0, bps, 3 * (j - nPts))
        if (crossesFootprint(w, k)) lineBits[j] = lineBits[j]! | bit
      }
    } else if (kinds[k] !== 0) {
      if (!ends) {
        setSegment(from, 0, from, 0)
        endsCircle(pts, bps)
        ends = true
      }
      markPrismPencil(world, k, pts, lineBits, 0, bit)
      markPrismPencil(world, k, bps, lineBits, nPts, bit)
    } else {
      meshPieces[nMesh] = k
      meshSlots[nMesh++] = c
    }
  }
  for (let o = 0; o < w.nObstacles; o++) {
    const bit = 1 << (nCand + o)
    if (w.obstacleBlocks[o] === 1) blockBits |= bit
    else hideBits |= bit
  }
  if (nMesh > 0 || w.nObstacles > 0) {
    for (let j = 0; j < nLines; j++) {
      if (j < nPts) setSegment(from, 0, pts, 3 * j)
      else setSegment(from, 0, bps, 3 * (j - nPts))
      let bits = 0
      if (nMesh > 0) {
        measureTerrainSegment(world, inside, meshPieces, nMesh)
        for (let i = 0; i < nMesh; i++) if (meshSlots[i]! >= 0 && inside[meshPieces[i]!]! > GRAZE_MM) bits |= 1 << meshSlots[i]!
      }
      for (let o = 0; o < w.nObstacles; o++) if (crossesModel(w, o)) bits |= 1 << (nCand + o)
      lineBits[j] = lineBits[j]! | bits
    }
  }
  pencilMasks[CAND] = candBits
  pencilMasks[BLOCK] = blockBits
  pencilMasks[HIDE] = hideBits
}

/**
 * traceOneWay from one viewer point without rays, slot by slot instead of line by line
 * (pencilBits); then the lines' bits give the counts traceLine's lists give. The same lengths
 * compared with the same threshold: the same result, field for field (the property test in
 * test/engine/los/losPencil.property.test.ts traces both ways).
 */
function tracePencil(w: OneWay, inside: Float64Array): LineOfSight {
  const slots = w.nCand + w.nObstacles
  const nPts = w.pts.length / 3, nLines = nPts + w.bps.length / 3
  growTraceScratch(slots)
  blockCount.fill(0, 0, slots)
  hideCount.fill(0, 0, slots)
  crossFigure.fill(0, 0, slots)
  pencilBits(w, inside)
  const candBits = pencilMasks[CAND]!, blockBits = pencilMasks[BLOCK]!, hideBits = pencilMasks[HIDE]!
  // Figure points: seen when the line is not blocked; base points: hidden when it is blocked or obscured.
  let seen = 0, figureCrossed = 0, hidden = 0, baseCrossed = 0
  for (let j = 0; j < nLines; j++) {
    const bits = lineBits[j]!
    const crossed = bits & candBits, blocked = bits & blockBits
    if (crossed !== 0) {
      if (j < nPts) figureCrossed++
      else baseCrossed++
      countBits(crossFigure, crossed)
    }
    if (j < nPts) {
      if (blocked === 0) seen++
      else countBits(blockCount, blocked)
    } else {
      const hid = blocked | (bits & hideBits)
      if (hid !== 0) {
        hidden++
        countBits(hideCount, hid)
      }
    }
  }
  return traced(w, slots, seen, figureCrossed, hidden, baseCrossed, undefined)
}
