// True line of sight by sampling sight lines from the viewer's eye (or a ruleset-chosen point)
// to a lattice of target points, against the terrain BVH and the other models' volumes.
// Also a 2D mode (segments against footprints and bases) for rulesets that judge LoS on the flat.
import type { LosRule, Table, TableModel, TableTerrain } from '../ruleSystem.ts'
import { BASE_THICKNESS_MM } from '../table/prepareTable.ts'
import { frontEdgeCentre, sampleBaseArea, baseFrameToTable } from '../geometry/baseShape.ts'
import { GRAZE_MM, type ModelSolid, measureFootprintCrossing2, measureModelCrossing2, measureModelCrossing3, measureTerrainCrossing3, segmentMeetsSlabs, segmentNearBox } from './castSegment.ts'
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
   * true: a pair whose every figure line is blocked is settled cheaply: `visible` and `fraction`
   * at once, the other fields traced when first read (the same values). The matrix uses it.
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
  const b = target.placed
  switch (to) {
    case 'centre':
      return [[target.x, target.y, target.z + target.heightMm / 2]]
    case 'eye':
      return [[target.x, target.y, target.z + target.eyeMm]]
    case 'base':
      return basePoints(target, density)
    case 'volume': {
      const out: Vec3Tuple[] = []
      const ringCount = density === 'full' ? VOLUME_RING_POINTS : COARSE_RING_POINTS
      const ring: Array<[number, number]> = [[b.cx, b.cy]]
      for (let i = 0; i < ringCount; i++) {
        const t = (2 * Math.PI * i) / ringCount
        ring.push(baseFrameToTable(b, VOLUME_RING_FRACTION * b.halfLengthMm * Math.cos(t), VOLUME_RING_FRACTION * b.halfWidthMm * Math.sin(t)))
      }
      for (const h of density === 'full' ? VOLUME_HEIGHT_FRACTIONS : COARSE_HEIGHT_FRACTIONS) for (const [x, y] of ring) out.push([x, y, target.z + h * target.heightMm])
      return out
    }
  }
}

export function basePoints(target: TableModel, density: LosDensity = 'full'): Vec3Tuple[] {
  return sampleBaseArea(target.placed, density === 'full' ? BASE_SAMPLE_POINTS : COARSE_BASE_POINTS).map(([x, y]) => [x, y, target.z + BASE_THICKNESS_MM / 2])
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
  modelReach(a, out, at)
  const ra = out[at + 3]!
  modelReach(b, out, at + 3)
  out[at + 6] = Math.max(ra, out[at + 6]!)
}

/** Per table (tables are immutable), built on first use: the models' obstacle boxes and eroded solids, scratch. */
type TableSight = { boxes: Float64Array; solids: ModelSolid[]; inside: Float64Array; bound: Float64Array; modelGrid: BoxGrid; pieceGrid: BoxGrid; scratch: Int32Array; modelScratch: Int32Array }
const sightByTable = new WeakMap<Table, TableSight>()

function tableSight(table: Table): TableSight {
  let s = sightByTable.get(table)
  if (s) return s
  const boxes = new Float64Array(6 * table.models.length)
  table.models.forEach((m, i) => modelObstacleBox(m, boxes, 6 * i))
  // Model volumes are eroded like terrain (ERODE_MM), so a line grazing a base never blocks.
  const solids = table.models.map((m): ModelSolid => ({
    base: { ...m.placed, halfLengthMm: m.placed.halfLengthMm - ERODE_MM, halfWidthMm: m.placed.halfWidthMm - ERODE_MM },
    zBottom: m.z + ERODE_MM,
    zTop: m.z + m.heightMm - ERODE_MM,
  }))
  s = { boxes, solids, inside: new Float64Array(table.terrain.length), bound: new Float64Array(7), modelGrid: new BoxGrid(boxes), pieceGrid: new BoxGrid(table.world.pieceBounds), scratch: new Int32Array(table.terrain.length), modelScratch: new Int32Array(table.models.length) }
  sightByTable.set(table, s)
  return s
}

/** Sample points per model, by kind (rule end, density, flat): a table's models are immutable, so computed once. */
const pointsByModel = new WeakMap<TableModel, Map<string, Vec3Tuple[]>>()
function cachedPoints(m: TableModel, key: string, make: () => Vec3Tuple[]): Vec3Tuple[] {
  let byKey = pointsByModel.get(m)
  if (!byKey) {
    byKey = new Map()
    pointsByModel.set(m, byKey)
  }
  let pts = byKey.get(key)
  if (!pts) {
    pts = make()
    byKey.set(key, pts)
  }
  return pts
}

const piecePredicates = new WeakMap<LosRule, { table: Table; blocks: Uint8Array; obscures: Uint8Array; columns: Uint8Array | null }>()

/** Which pieces block / obscure / stand as columns under a rule: computed once per (rule object, table). */
function piecesUnder(table: Table, r: LosRule): { blocks: Uint8Array; obscures: Uint8Array; columns: Uint8Array | null } {
  const cached = piecePredicates.get(r)
  if (cached && cached.table === table) return cached
  const blocks = new Uint8Array(table.terrain.length)
  const obscures = new Uint8Array(table.terrain.length)
  const columns = r.terrainColumn ? new Uint8Array(table.terrain.length) : null
  for (const p of table.terrain) {
    blocks[p.index] = r.terrainBlocks(p) ? 1 : 0
    obscures[p.index] = !blocks[p.index] && (r.terrainObscures?.(p) ?? false) ? 1 : 0
    if (columns) columns[p.index] = r.terrainColumn!(p) ? 1 : 0
  }
  const entry = { table, blocks, obscures, columns }
  piecePredicates.set(r, entry)
  return entry
}

/**
 * Does any sight line of the pair (both ways under a symmetric rule) meet the box (six numbers at
 * `at`; on the table plane in 2D)? The very lines sampleLineOfSight casts, so when this is false the
 * box's contents (a piece or model that was or is there) measured 0 mm inside every line: the
 * pair's result cannot depend on them. The memo's fine test, after the pair's bound.
 */
export function pairLinesMeetBox(viewer: TableModel, target: TableModel, rule: LosRule, density: LosDensity, box: Float64Array, at = 0): boolean {
  return oneWayMeetsBox(viewer, target, rule, density, box, at) || (rule.symmetric === true && oneWayMeetsBox(target, viewer, rule, density, box, at))
}

function oneWayMeetsBox(viewer: TableModel, target: TableModel, r: LosRule, density: LosDensity, box: Float64Array, at: number): boolean {
  const flat = r.mode === '2d'
  const { from, pts, bps } = linePoints(viewer, target, r, density)
  for (const f of from) {
    for (const p of pts) if (segmentNearBox(f[0], f[1], f[2], p[0], p[1], p[2], box, at, 0, flat)) return true
    for (const p of bps) if (segmentNearBox(f[0], f[1], f[2], p[0], p[1], p[2], box, at, 0, flat)) return true
  }
  return false
}

/** The viewer points, target points and base points of one way of a pair (cached per model). */
function linePoints(viewer: TableModel, target: TableModel, r: LosRule, density: LosDensity): { from: Vec3Tuple[]; pts: Vec3Tuple[]; bps: Vec3Tuple[] } {
  const flat = r.mode === '2d'
  const k = pointKeysOf(r)[density]
  return {
    from: cachedPoints(viewer, k.from, () => flatten(viewerPoints(viewer, r.from), flat)),
    pts: cachedPoints(target, k.to, () => flatten(flat ? basePoints(target, density) : targetPoints(target, r.to, density), flat)),
    bps: cachedPoints(target, k.base, () => flatten(basePoints(target, density), flat)),
  }
}

/** Points on the table plane (2D rules), or as they are. */
function flatten(pts: Vec3Tuple[], flat: boolean): Vec3Tuple[] {
  return flat ? pts.map((p): Vec3Tuple => [p[0], p[1], 0]) : pts
}

type PointKeys = Record<LosDensity, { from: string; to: string; base: string }>
const pointKeysByRule = new WeakMap<LosRule, PointKeys>()
/** The cache keys of a rule's points (made once per rule object, not per pair). */
function pointKeysOf(r: LosRule): PointKeys {
  let keys = pointKeysByRule.get(r)
  if (!keys) {
    const flat = r.mode === '2d' ? 'flat' : '3d'
    const of = (density: LosDensity) => ({ from: `from:${r.from}:${flat}`, to: `to:${flat === 'flat' ? 'base' : r.to}:${density}:${flat}`, base: `base:${density}:${flat}` })
    keys = { full: of('full'), coarse: of('coarse') }
    pointKeysByRule.set(r, keys)
  }
  return keys
}

function sampleOneWay(table: Table, viewer: TableModel, target: TableModel, r: LosRule, opts: LosOptions): LineOfSight {
  const w = prepareOneWay(table, viewer, target, r, opts.density ?? 'full', opts.cull ?? true)
  if (opts.settle && !opts.rays && figureAllBlocked(w, tableSight(table).inside)) return settledBlocked(w)
  return traceOneWay(w, tableSight(table).inside, opts.rays === true)
}

/**
 * One way of a pair, ready to trace: the pieces and models that can touch its lines (coarse before
 * fine), what each does under the rule, and the lines' end points. Holds no table and no rule, so a
 * settled result (below) that keeps it for later keeps only this.
 */
type OneWay = {
  world: TerrainWorld
  pieces: readonly TableTerrain[]
  flat: boolean
  /** Candidate pieces (indices, ascending) and the ones among them that block. */
  candidates: Int32Array
  blocking: Int32Array
  obstacles: Array<{ model: TableModel; blocks: boolean; solid: ModelSolid }>
  blocksPiece: Uint8Array
  obscuresPiece: Uint8Array
  /** Pieces that stand as columns under the rule (measured by footprint at every height), or null. */
  columns: Uint8Array | null
  from: Vec3Tuple[]
  pts: Vec3Tuple[]
  bps: Vec3Tuple[]
  threshold: number
  mode: LosRule['mode']
  rule: string
}

/**
 * The pair's bound as nearBound tests boxes against it: its segment's origin, the reciprocals of its
 * direction (taken once per pair, +Infinity where it does not move), and its reach.
 */
const boundTest = new Float64Array(10)
function setBoundTest(bound: Float64Array): void {
  const z0 = bound[2]!
  const dx = bound[3]! - bound[0]!, dy = bound[4]! - bound[1]!, dz = bound[5]! - z0
  boundTest[0] = bound[0]!
  boundTest[1] = bound[1]!
  boundTest[2] = z0
  boundTest[3] = dx === 0 ? Infinity : 1 / dx
  boundTest[4] = dy === 0 ? Infinity : 1 / dy
  boundTest[5] = dz === 0 ? Infinity : 1 / dz
  boundTest[6] = bound[6]!
}

/**
 * Does the box at `at` come within the pair's bound (setBoundTest; on the table plane when flat)?
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

/** Shared empty lists (never written): most pairs have no model obstacle, many no piece near. */
const NO_PIECES = new Int32Array(0)
const NO_OBSTACLES: OneWay['obstacles'] = []

function prepareOneWay(table: Table, viewer: TableModel, target: TableModel, r: LosRule, density: LosDensity, cull: boolean): OneWay {
  const pieces = table.terrain
  const nPieces = pieces.length
  const sight = tableSight(table)
  const { blocks: blocksPiece, obscures: obscuresPiece, columns } = piecesUnder(table, r)
  const flatMode = r.mode === '2d'
  // Coarse before fine: only pieces and models whose box comes within the pair's bound can touch
  // any of its sight lines; the others are never tried (and their predicates never asked), which
  // changes nothing in the result because they could only ever have measured 0 mm inside.
  const bound = sight.bound
  pairBound(viewer, target, bound)
  setBoundTest(bound)
  // The grids return, in ascending order, a superset of what the exact box test then keeps.
  const scratch = sight.scratch
  let nCand = 0
  if (cull) {
    const n = sight.pieceGrid.near(bound[0]!, bound[1]!, bound[3]!, bound[4]!, bound[6]!, scratch)
        // A column stands at every height: only its footprint can keep it off the pair's lines.
    for (let c = 0; c < n; c++) if (nearBound(flatMode || columns?.[scratch[c]!] === 1, table.world.pieceBounds, 6 * scratch[c]!)) scratch[nCand++] = scratch[c]!
  } else for (let k = 0; k < nPieces; k++) scratch[nCand++] = k
  const candidates = nCand === 0 ? NO_PIECES : scratch.slice(0, nCand)
  let nBlocking = 0
  for (let c = 0; c < nCand; c++) if (blocksPiece[candidates[c]!]) scratch[nBlocking++] = candidates[c]!
  const blocking = nBlocking === 0 ? NO_PIECES : nBlocking === nCand ? candidates : scratch.slice(0, nBlocking)
  // (a rule whose models never block or obscure: no model is looked for)
  const noModels = r.modelBlocks === modelsNeverBlock && r.modelObscures === undefined
  const nNear = noModels ? 0 : cull ? sight.modelGrid.near(bound[0]!, bound[1]!, bound[3]!, bound[4]!, bound[6]!, sight.modelScratch) : table.models.length
  let obstacles: OneWay['obstacles'] = NO_OBSTACLES
  for (let c = 0; c < nNear; c++) {
    const i = cull ? sight.modelScratch[c]! : c
    const m = table.models[i]!
    if (m.id === viewer.id || m.id === target.id || (cull && !nearBound(flatMode, sight.boxes, 6 * i))) continue
    const blocks = r.modelBlocks(m, viewer, target)
    if (!blocks && !(r.modelObscures?.(m, viewer, target) ?? false)) continue
    if (obstacles === NO_OBSTACLES) obstacles = []
    obstacles.push({ model: m, blocks, solid: sight.solids[i]! })
  }
  const { from, pts, bps } = linePoints(viewer, target, r, density)
  return { world: table.world, pieces, flat: flatMode, candidates, blocking, obstacles, blocksPiece, obscuresPiece, columns, from, pts, bps, threshold: r.visibleAbove ?? 0, mode: r.mode, rule: r.rule }
}

/** inside[k] for the listed pieces: how far a→b runs inside each (3D, or on the table plane in 2D). */
function measurePieces(w: OneWay, inside: Float64Array, a: Vec3Tuple, b: Vec3Tuple, list: Int32Array, n: number): void {
  if (!w.flat) measureTerrainCrossing3(w.world, a[0], a[1], a[2], b[0], b[1], b[2], inside, list, n)
  for (let c = 0; c < n; c++) {
    const k = list[c]!
    if (w.flat || w.columns?.[k] === 1) inside[k] = measureFootprintCrossing2(w.pieces[k]!.solid.losFootprint, a[0], a[1], b[0], b[1])
  }
}

/** Is the line a→b blocked (the same lengths and threshold traceOneWay uses)? The piece that blocked the line before is tried first. */
let lastBlocker = -1
const oneCandidate = new Int32Array(1)
function lineBlocked(w: OneWay, inside: Float64Array, a: Vec3Tuple, b: Vec3Tuple): boolean {
  if (lastBlocker >= 0) {
    oneCandidate[0] = lastBlocker
    measurePieces(w, inside, a, b, oneCandidate, 1)
    if (inside[lastBlocker]! > GRAZE_MM) return true
  }
  if (w.blocking.length > 0) {
    measurePieces(w, inside, a, b, w.blocking, w.blocking.length)
    for (let c = 0; c < w.blocking.length; c++) {
      const k = w.blocking[c]!
      if (inside[k]! > GRAZE_MM) { lastBlocker = k; return true }
    }
  }
  for (const o of w.obstacles) {
    if (!o.blocks) continue
    const len = w.flat ? measureModelCrossing2(o.solid, a[0], a[1], b[0], b[1]) : measureModelCrossing3(o.solid, a[0], a[1], a[2], b[0], b[1], b[2])
    if (len > GRAZE_MM) return true
  }
  return false
}

function anyBlocks(obstacles: OneWay['obstacles']): boolean {
  for (const o of obstacles) if (o.blocks) return true
  return false
}

/**
 * Is every target point unseen (every line from every viewer point to it blocked)? Then the
 * fraction is 0 whatever else the lines cross. Each line stops at its first blocker (the last
 * line's blocker tried first: one wall usually hides the whole figure); the first open line ends it.
 */
function figureAllBlocked(w: OneWay, inside: Float64Array): boolean {
  if (w.blocking.length === 0 && !anyBlocks(w.obstacles)) return false
  lastBlocker = -1
  // Highest points first: an open line, if there is one, is likeliest over the top.
  for (let i = w.pts.length - 1; i >= 0; i--) for (const f of w.from) if (!lineBlocked(w, inside, f, w.pts[i]!)) return false
  return true
}

const settledState = new WeakMap<LineOfSight, { w: OneWay; full: LineOfSight | null }>()
/** The whole line of a settled one, traced on first read. */
function detailOf(los: LineOfSight): LineOfSight {
  const st = settledState.get(los)!
  return (st.full ??= traceOneWay(st.w, new Float64Array(st.w.pieces.length), false))
}
const settledField = <K extends keyof LineOfSight>(k: K): PropertyDescriptor => ({
  get(this: LineOfSight) { return detailOf(this)[k] },
  enumerable: true,
  configurable: true,
})
/** Accessors of a settled line's traced fields (made once: no closures per line). */
const SETTLED_FIELDS: PropertyDescriptorMap = {
  baseHidden: settledField('baseHidden'),
  blockers: settledField('blockers'),
  obscuring: settledField('obscuring'),
  baseHiddenBy: settledField('baseHiddenBy'),
  blockedBy: settledField('blockedBy'),
  terrainCrossing: settledField('terrainCrossing'),
}

/**
 * A fully blocked line of sight, settled without tracing the rest: visible and fraction are known
 * (nothing seen), the counts too; everything else (blockers and their fractions, the base, terrain
 * crossed) is traced on first read, from the kept OneWay, and is exactly what tracing now would give.
 */
function settledBlocked(w: OneWay): LineOfSight {
  // The fields in the order traceOneWay writes them (the same JSON).
  const out = { visible: 0 > w.threshold, fraction: 0 } as LineOfSight
  settledState.set(out, { w, full: null })
  Object.defineProperties(out, SETTLED_FIELDS)
  out.rays = w.pts.length
  out.baseRays = w.bps.length
  out.mode = w.mode
  out.rule = w.rule
  return out
}

type TraceScratch = {
  blockList: Int32Array; hideList: Int32Array; crossList: Int32Array; stamp: Int32Array; pointList: Int32Array
  blockCount: Int32Array; hideCount: Int32Array; crossFigure: Int32Array; serial: number
}
let scratch: TraceScratch | null = null
/** traceOneWay's per-slot arrays, grown as needed and kept (it calls out to nothing, so one is enough). */
function traceScratch(slots: number): TraceScratch {
  if (!scratch || scratch.stamp.length < slots) {
    const n = Math.max(slots, 64, 2 * (scratch?.stamp.length ?? 0))
    const a = () => new Int32Array(n)
    scratch = { blockList: a(), hideList: a(), crossList: a(), stamp: a(), pointList: a(), blockCount: a(), hideCount: a(), crossFigure: a(), serial: 0 }
  }
  return scratch
}
function nextPointNo(t: TraceScratch): number {
  if (t.serial >= 0x7fffffff) {
    t.stamp.fill(0)
    t.serial = 0
  }
  return ++t.serial
}

// The line traceOneWay is tracing, at module level rather than in closures made per call: per
// sight line, the slots that block it, hide it, and the candidate pieces it crosses (lists, not
// flags, so nothing is cleared per line); per target point, which slots took part (stamped with the
// point's serial number, which never repeats while the stamps are kept, so nothing is cleared per
// point). traceOneWay calls nothing that traces, so one set is enough.
let nBlock = 0
let nHide = 0
let nCross = 0
let nPoint = 0
let pointNo = 0

/** The id of slot k of a one-way: its candidate pieces in piece order, then its obstacle models. */
function slotId(w: OneWay, k: number): string {
  const nCand = w.candidates.length
  return k < nCand ? w.pieces[w.candidates[k]!]!.id : w.obstacles[k - nCand]!.model.id
}

function markSlot(t: TraceScratch, k: number): void {
  if (t.stamp[k] !== pointNo) {
    t.stamp[k] = pointNo
    t.pointList[nPoint++] = k
  }
}

/** One sight line a→b of the one-way: fills the block, hide and cross lists (and a ray when asked). */
function traceLine(w: OneWay, t: TraceScratch, inside: Float64Array, rays: LosRay[] | undefined, a: Vec3Tuple, b: Vec3Tuple): void {
  const { pieces, candidates, obstacles, blocksPiece, obscuresPiece, columns } = w
  const { blockList, hideList, crossList } = t
  const nCand = candidates.length
  const flatMode = w.flat
  nBlock = 0
  nHide = 0
  nCross = 0
  if (!flatMode && nCand > 0) measureTerrainCrossing3(w.world, a[0], a[1], a[2], b[0], b[1], b[2], inside, candidates, nCand)
  for (let c = 0; c < nCand; c++) {
    const k = candidates[c]!
    const len = flatMode || columns?.[k] === 1 ? measureFootprintCrossing2(pieces[k]!.solid.losFootprint, a[0], a[1], b[0], b[1]) : inside[k]!
    if (len <= GRAZE_MM) continue
    crossList[nCross++] = c
    if (blocksPiece[k]) blockList[nBlock++] = c
    else if (obscuresPiece[k]) hideList[nHide++] = c
  }
  for (let i = 0; i < obstacles.length; i++) {
    const o = obstacles[i]!
    const len = flatMode ? measureModelCrossing2(o.solid, a[0], a[1], b[0], b[1]) : measureModelCrossing3(o.solid, a[0], a[1], a[2], b[0], b[1], b[2])
    if (len <= GRAZE_MM) continue
    if (o.blocks) blockList[nBlock++] = nCand + i
    else hideList[nHide++] = nCand + i
  }
  if (rays) {
    const by: string[] = []
    const hides: string[] = []
    for (let j = 0; j < nBlock; j++) by.push(slotId(w, blockList[j]!))
    for (let j = 0; j < nHide; j++) hides.push(slotId(w, hideList[j]!))
    rays.push({ from: [a[0], a[1], a[2]], to: [b[0], b[1], b[2]], blocked: nBlock > 0, by: by.sort(), hides: hides.sort(), base: false })
  }
}

function traceOneWay(w: OneWay, inside: Float64Array, withRays: boolean): LineOfSight {
  const { candidates, obstacles, from, pts, bps } = w
  const nCand = candidates.length
  // Slots: the candidate pieces in piece order, then the obstacle models in table order (the same
  // relative order as trying everything, so ties sort the same way).
  const slots = nCand + obstacles.length
  const t = traceScratch(slots)
  const { blockList, hideList, crossList, pointList, blockCount, hideCount, crossFigure } = t
  blockCount.fill(0, 0, slots)
  hideCount.fill(0, 0, slots)
  crossFigure.fill(0, 0, slots)
  const rays: LosRay[] | undefined = withRays ? [] : undefined

  // Target points: seen when any viewer point has an unblocked line to it.
  let seen = 0
  let figureCrossed = 0
  for (const p of pts) {
    pointNo = nextPointNo(t)
    nPoint = 0
    let clear = false
    let crossedAll = true
    for (const f of from) {
      traceLine(w, t, inside, rays, f, p)
      if (nCross === 0) crossedAll = false
      for (let j = 0; j < nCross; j++) crossFigure[crossList[j]!]!++
      if (nBlock === 0) { clear = true; break }
      for (let j = 0; j < nBlock; j++) markSlot(t, blockList[j]!)
    }
    if (crossedAll) figureCrossed++
    if (clear) seen++
    else for (let j = 0; j < nPoint; j++) blockCount[pointList[j]!]!++
  }

  // Base points: hidden when every viewer point's line is blocked or obscured.
  let hidden = 0
  let baseCrossed = 0
  for (const p of bps) {
    pointNo = nextPointNo(t)
    nPoint = 0
    let open = false
    let crossedAll = true
    for (const f of from) {
      traceLine(w, t, inside, rays, f, p)
      if (rays) rays[rays.length - 1]!.base = true
      if (nCross === 0) crossedAll = false
      for (let j = 0; j < nCross; j++) crossFigure[crossList[j]!]!++
      if (nBlock === 0 && nHide === 0) { open = true; break }
      for (let j = 0; j < nBlock; j++) markSlot(t, blockList[j]!)
      for (let j = 0; j < nHide; j++) markSlot(t, hideList[j]!)
    }
    if (crossedAll) baseCrossed++
    if (!open) {
      hidden++
      for (let j = 0; j < nPoint; j++) hideCount[pointList[j]!]!++
    }
  }

  const fraction = seen / pts.length
  const threshold = w.threshold
  const blockers: string[] = []
  const obscuring: string[] = []
  const baseHiddenBy: Record<string, number> = {}
  const blockedBy: Record<string, number> = {}
  // Only slots that counted anything are named, sorted by id (a stable sort of these equals the
  // same slots taken from all of them sorted).
  const order: Array<{ id: string; k: number }> = []
  for (let k = 0; k < slots; k++) if (blockCount[k] || hideCount[k] || crossFigure[k]) order.push({ id: slotId(w, k), k })
  order.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
  for (const { id, k } of order) {
    if (blockCount[k]) { blockers.push(id); blockedBy[id] = blockCount[k]! / pts.length }
    else if (hideCount[k]) obscuring.push(id)
    if (hideCount[k]) baseHiddenBy[id] = hideCount[k]! / bps.length
  }
  const crossedPieces = order.filter(({ k }) => k < nCand && crossFigure[k]! > 0).map(({ id }) => id)
  return {
    visible: fraction > threshold,
    fraction,
    baseHidden: hidden / bps.length,
    blockers,
    obscuring,
    baseHiddenBy,
    blockedBy,
    terrainCrossing: { figure: figureCrossed / pts.length, base: baseCrossed / bps.length, pieces: crossedPieces },
    rays: pts.length,
    baseRays: bps.length,
    mode: w.mode,
    rule: w.rule,
    ...(rays ? { sampleRays: rays } : {}),
  }
}
