// The query evaluator: a validated scene + its rule system → one result per query, in order.
// Generic queries (distance, los, arc, engagement, visibility) follow the system's declared rules
// unless the system overrides them; attack and the area/movement queries are the system's own.
import type { CoreQueryType, Query, QueryOf, Scene } from './scene/sceneSchema.ts'
import { CORE_QUERY_TYPES } from './scene/sceneSchema.ts'
import { parseScene } from './scene/parseScene.ts'
import { SceneError } from './scene/sceneError.ts'
import { type MeshLibrary, type Table, type TableModel, prepareTable } from './table/prepareTable.ts'
import type { LosRule, QueryHandler, ResultOf, RuleSystem } from './ruleSystem.ts'
import { RESULT_FORMAT, type LosFigure, type QueryResult, type ResultBody, type ResultDocument, type Sight, type VisibilityPair, type VisibilityResult } from './results.ts'
import { ENGINE_VERSION } from './version.ts'
import { bookOfSystem } from './result/book.ts'
import { geometricDisplay, sightOf } from './result/sight.ts'
import { measureModels, isWithin, marginOf } from './rules/measureModels.ts'
import { type LineOfSight, type LosDensity, sampleLineOfSight, sampleMatrixLine, wholeLine } from './los/sampleLineOfSight.ts'
import { type HeldPair, type LosMemo, type Shown, losMemoOf } from './los/losMemo.ts'
export type { Shown as MatrixPair } from './los/losMemo.ts'
import { classifyArc } from './geometry/facingArcs.ts'
import { roundTo } from './units.ts'
import { own } from './own.ts'
import { type InputLimits, DEFAULT_LIMITS, limitError } from './scene/inputLimits.ts'
import { isMeshTerrain } from './scene/sceneSchema.ts'
import { sceneWarnings } from './scene/sceneWarnings.ts'
import { withStateContext } from './game/stateContext.ts'

export type EvaluateOptions = {
  meshes?: MeshLibrary
  /** Input limits (default DEFAULT_LIMITS). */
  limits?: InputLimits
  /**
   * Keep sight lines (and the terrain BVH) from one table to the next: pass the same memo with each
   * new version of a scene and only the pairs a change can reach are sampled again.
   */
  losMemo?: LosMemo
}

/** Validate a raw scene document against its system and prepare the table. */
export function loadScene(raw: unknown, findSystem: (id: string) => RuleSystem | undefined, known: readonly string[], opts: EvaluateOptions = {}): Table {
  const systemId = typeof raw === 'object' && raw !== null ? (raw as { system?: unknown }).system : undefined
  const system = typeof systemId === 'string' ? findSystem(systemId) : undefined
  if (typeof systemId === 'string' && !system) {
    throw new SceneError([{ path: 'system', message: `unknown system "${systemId}"; expected one of ${known.join(', ')}` }])
  }
  const limits = opts.limits ?? DEFAULT_LIMITS
  const memo = opts.losMemo
  const scene = parseScene(raw, { systemQueryTypes: system?.queryTypes, contextSchema: system?.contextSchema, limits, reuse: memo?.scene })
  checkTriangles(scene, opts.meshes ?? {}, limits)
  const table = prepareTable(scene, system!, opts.meshes, memo ? (sig, build) => memo.worldFor(sig, build) : undefined, memo?.scene)
  memo?.attach(table)
  checkWorkBudget(table, scene.queries ?? [], limits)
  return table
}

/** Triangles of the meshes a scene uses (each placement counts), against the "triangles" limit. */
function checkTriangles(scene: Scene, meshes: MeshLibrary, limits: InputLimits): void {
  let triangles = 0
  for (const t of scene.terrain ?? []) if (isMeshTerrain(t)) triangles += (own(meshes, t.mesh)?.indices.length ?? 0) / 3
  if (triangles > limits.triangles) throw limitError('terrain', 'triangles', `the scene's terrain meshes have ${triangles.toLocaleString('en-US')} triangles`, limits.triangles)
}

/** Sight lines of one full line of sight (45 volume points + 64 base points) and of a coarse one (10 + 8). */
const FULL_SIGHT_LINES = 109
const COARSE_SIGHT_LINES = 18
/** Bytes a los/attack result with `rays: true` prints (109 sampled lines with their points). */
const RAYS_RESULT_BYTES = 40_000

/**
 * Sight lines the queries will cast, estimated before any is cast: a pair both ways at full density
 * per query (a ruleset's attack may look again for cover), and every viewer–enemy pair at coarse
 * density for a visibility matrix.
 */
export function estimateSightLines(table: Table, queries: ReadonlyArray<{ type: string; side?: unknown }>): number {
  const perSide = new Map<string, number>()
  for (const m of table.models) perSide.set(m.side, (perSide.get(m.side) ?? 0) + 1)
  let lines = 0
  for (const q of queries) {
    if (q.type === 'visibility') {
      for (const [side, n] of perSide) if (!q.side || q.side === side) lines += n * (table.models.length - n) * COARSE_SIGHT_LINES * 2
    } else lines += FULL_SIGHT_LINES * 2
  }
  return lines
}

/** Refuse, before any work, queries whose sight lines or printed rays would exceed the limits. */
export function checkWorkBudget(table: Table, queries: ReadonlyArray<{ type: string; side?: unknown; rays?: unknown }>, limits: InputLimits = DEFAULT_LIMITS): void {
  const lines = estimateSightLines(table, queries)
  if (lines > limits.sightLines) {
    throw limitError('queries', 'sightLines', `these queries would cast about ${lines.toLocaleString('en-US')} sight lines`, limits.sightLines)
  }
  const rayBytes = queries.filter((q) => q.rays === true).length * RAYS_RESULT_BYTES
  if (rayBytes > limits.outputBytes) {
    throw limitError('queries', 'outputBytes', `the sampled rays of these queries would print about ${Math.round(rayBytes / 1e6).toLocaleString('en-US')} MB`, limits.outputBytes)
  }
}

/** Evaluate every query of a prepared table. */
export function evaluateTable(table: Table): ResultDocument {
  const results: QueryResult[] = (table.scene.queries ?? []).map((q, i) => {
    try {
      return { id: q.id, type: q.type, ...runQuery(table, q) }
    } catch (e) {
      if (e instanceof SceneError) {
        throw new SceneError(e.issues.map((iss) => ({ path: `queries[${i}]${iss.path ? '.' + iss.path : ''}`, message: iss.message })))
      }
      throw e
    }
  })
  const warnings = sceneWarnings(table)
  return { format: RESULT_FORMAT, system: table.system.id, engine: ENGINE_VERSION, options: { ...table.options }, results, ...(warnings.length ? { warnings } : {}) }
}

/** Run one query (also used by the app for ad-hoc queries). */
export function runQuery(table: Table, q: Query): ResultBody {
  // A ruleset's handler builds its result whole (tabletop-result/1 with its citations, sight, areas):
  // nothing is added after it.
  // The game state the scene carries becomes the query's context under the hand-given one (issue 33).
  const handler = own(table.system.handlers, q.type) as QueryHandler<Query> | undefined
  if (handler) return handler(table, withStateContext(table, q))
  const generic = own(genericHandlers, q.type) as QueryHandler<Query> | undefined
  if (generic) return generic(table, q)
  throw new SceneError([{ path: 'type', message: `${table.system.id} does not answer "${q.type}" queries${(CORE_QUERY_TYPES as string[]).includes(q.type) ? ' (the rulebook has no such rule)' : ''}` }])
}

/** The engine's LoS figure for the result document, with the system's class. */
export function losFigure(table: Table, viewer: TableModel, target: TableModel, los: LineOfSight): LosFigure {
  const cls = table.system.classifyLos?.(table, viewer, target, los)
  return {
    visible: los.visible,
    fraction: roundTo(los.fraction, 4),
    baseHidden: roundTo(los.baseHidden, 4),
    blockers: los.blockers,
    obscuring: los.obscuring,
    baseHiddenBy: Object.fromEntries(Object.entries(los.baseHiddenBy).map(([k, v]) => [k, roundTo(v, 4)])),
    ...(cls !== undefined ? { class: cls } : {}),
    rays: los.rays,
    baseRays: los.baseRays,
    resolution: { fraction: roundTo(1 / los.rays, 4), baseHidden: roundTo(1 / los.baseRays, 4) },
    mode: los.mode,
    rule: los.rule,
    citation: bookOfSystem(table.system).citation(los.rule),
    ...(los.sampleRays ? { sampleRays: los.sampleRays } : {}),
  }
}

const losKey = (viewer: TableModel, target: TableModel, density: LosDensity, rays: boolean): string => `${viewer.id}\u0000${target.id}\u0000${density}\u0000${rays ? 1 : 0}`

/**
 * Per table (tables are immutable): lines without rays in a slot per (viewer, target) by the
 * models' places in the table, one array per density (the matrix asks for every pair: no key string
 * is made or hashed); anything else by key.
 */
type LosCache = { coarse: Array<LineOfSight | undefined> | null; full: Array<LineOfSight | undefined> | null; byKey: Map<string, LineOfSight> }
const losCache = new WeakMap<Table, LosCache>()
const losRuleCache = new WeakMap<Table, LosRule>()

/** The system's LoS rule for a table, built once (its predicates are then reused by identity). */
export function losRuleOf(table: Table): LosRule {
  let r = losRuleCache.get(table)
  if (!r) {
    r = table.system.rules(table).los
    losRuleCache.set(table, r)
  }
  return r
}

/**
 * LoS from viewer to target under the system's own rule. Memoised per table (a table is immutable),
 * so a ruleset can ask for the same line in its classifier, its cover rule and its attack; and,
 * when the table was loaded with a LosMemo, reused from earlier tables the changes cannot reach.
 */
export function lineOfSight(table: Table, viewer: TableModel, target: TableModel, rays = false, density: LosDensity = 'full'): LineOfSight {
  return wholeLine(heldLine(table, viewer, target, rays, density))
}

/**
 * Bring the visibility matrix's line for the pair into the table's cache and its memo, as the matrix
 * will read it (a fully blocked pair stays settled, not traced whole): a matrix warmed ahead.
 */
export function holdMatrixLine(table: Table, viewer: TableModel, target: TableModel): void {
  heldLine(table, viewer, target, false, 'coarse')
}

/** The coarse line (no rays) this table already holds for the pair, if any. */
function heldCoarse(table: Table, viewer: TableModel, target: TableModel): LineOfSight | undefined {
  const slots = losCache.get(table)?.coarse
  return slots && table.models[viewer.index] === viewer && table.models[target.index] === target ? slots[viewer.index * table.models.length + target.index] : undefined
}

/** lineOfSight as the engine keeps it: a matrix line may be settled (sampleMatrixLine), not yet traced whole. */
function heldLine(table: Table, viewer: TableModel, target: TableModel, rays: boolean, density: LosDensity): LineOfSight {
  let cache = losCache.get(table)
  if (!cache) {
    cache = { coarse: null, full: null, byKey: new Map() }
    losCache.set(table, cache)
  }
  const models = table.models
  if (!rays && models[viewer.index] === viewer && models[target.index] === target) {
    const n = models.length
    const slots = density === 'coarse' ? (cache.coarse ??= new Array<LineOfSight | undefined>(n * n)) : (cache.full ??= new Array<LineOfSight | undefined>(n * n))
    const at = viewer.index * n + target.index
    return (slots[at] ??= heldOrSampled(table, viewer, target, rays, density))
  }
  const key = losKey(viewer, target, density, rays)
  let los = cache.byKey.get(key)
  if (!los) {
    los = heldOrSampled(table, viewer, target, rays, density)
    cache.byKey.set(key, los)
  }
  return los
}

/** The line the table's LosMemo holds for the pair, or a new one (then held). */
function heldOrSampled(table: Table, viewer: TableModel, target: TableModel, rays: boolean, density: LosDensity): LineOfSight {
  const rule = losRuleOf(table)
  const memo = losMemoOf(table, rule)
  let los = memo?.get(viewer, target, density, rays)
  if (!los) {
    los = density === 'coarse' && !rays ? sampleMatrixLine(table, viewer, target, rule) : sampleLineOfSight(table, viewer, target, rule, { rays, density })
    memo?.set(viewer, target, los, density, rays)
  }
  return los
}

/** The matrix's line for a pair the memo does not hold: sampled, and held from now on. */
function sampleHeld(table: Table, v: TableModel, t: TableModel, rule: LosRule, memo: LosMemo): LineOfSight {
  const los = sampleMatrixLine(table, v, t, rule)
  memo.set(v, t, los, 'coarse', false)
  return los
}

const genericHandlers: { [K in CoreQueryType]?: QueryHandler<QueryOf<K>, ResultOf[K]> } = {
  distance: (table, q) => {
    const rule = table.system.rules(table).measure
    const a = table.model(q.from)
    const b = table.model(q.to)
    const m = measureModels(a, b, { reference: q.reference ?? rule.reference, mode: q.mode ?? rule.mode })
    return { mm: m.mm, inches: m.inches, points: m.points, reference: m.reference, mode: m.mode, uncertaintyMm: roundTo(m.uncertaintyMm, 2), ...bookOfSystem(table.system).sources([rule.rule]) }
  },
  los: (table, q) => {
    const a = table.model(q.from)
    const b = table.model(q.to)
    const fig = losFigure(table, a, b, lineOfSight(table, a, b, q.rays ?? false))
    // A ruleset with no classes of its own: the class is the geometry's display class.
    const cls = fig.class ?? geometricDisplay(fig)
    return { ...fig, class: cls, sight: sightOf(table.system, fig, cls), ...bookOfSystem(table.system).sources([fig.rule]) }
  },
  arc: (table, q) => {
    const arcs = table.system.rules(table).arcs
    if (!arcs) throw new SceneError([{ path: 'type', message: `${table.system.id} has no facing arcs` }])
    const of = table.model(q.of)
    const from = table.model(q.from)
    const r = classifyArc(of.placed, from.placed, arcs.arcs, arcs.test, arcs.priority)
    return {
      arc: r.arc,
      ...(r.side ? { side: r.side } : {}),
      test: arcs.test,
      membership: r.membership.map((m) => ({ ...m, fraction: roundTo(m.fraction, 4) })),
      lines: r.lines.map((l) => ({ ...l, origin: [roundTo(l.origin[0], 2), roundTo(l.origin[1], 2)], direction: [roundTo(l.direction[0], 6), roundTo(l.direction[1], 6)] })),
      ...bookOfSystem(table.system).sources([arcs.rule]),
    }
  },
  engagement: (table, q) => {
    const rules = table.system.rules(table)
    const e = rules.engagement
    if (!e) throw new SceneError([{ path: 'type', message: `${table.system.id} has no engagement range` }])
    const m = table.model(q.model)
    const spec = { reference: e.reference ?? rules.measure.reference, mode: rules.measure.mode }
    const near = table.models
      .filter((o) => o.side !== m.side)
      .map((o) => ({ o, d: measureModels(m, o, spec) }))
      .filter(({ d }) => isWithin(d.rawMm, e.rangeMm, e.within))
    return {
      engaged: near.length > 0,
      with: near.map(({ o }) => o.id),
      distances: near.map(({ o, d }) => ({ model: o.id, mm: d.mm, inches: d.inches, points: d.points, margin: marginOf(d, e.rangeMm, e.within) })),
      rangeMm: roundTo(e.rangeMm, 2),
      ...bookOfSystem(table.system).sources([e.rule]),
    }
  },
  visibility: (table, q) => visibilityResult(table, visibilityPairs(table, matrixViewers(table, q.side))),
}

/** The matrix's viewers: every model, or those of one side. */
export function matrixViewers(table: Table, side?: string): TableModel[] {
  return table.models.filter((m) => !side || m.side === side)
}

/**
 * The visibility matrix's pairs for these viewers (each against every enemy, in table order), each
 * with its sight block. The visibility query uses it for all its viewers; a pool may give each worker
 * some viewers and put the pairs back in viewer order (the same pairs: each depends only on its two models).
 */
export function visibilityPairs(table: Table, viewers: readonly TableModel[]): Shown[] {
  const rule = losRuleOf(table)
  const memo = losMemoOf(table, rule)
  const classify = table.system.classifyLos
  // A held pair's class is its line's (classOfLineOnly): shown again without asking, and the memo's last
  // matrix for these viewers is patched, only the pairs whose lines were dropped since made again.
  const lineClass = memo !== undefined && table.system.classOfLineOnly?.(table) === true
  const models = table.models
  const n = models.length
  if (lineClass) {
    // The memo's own copy is patched in place; the caller gets a copy of it (what it does with it is its own).
    const patch = memo.matrixPatch(table, viewers)
    if (patch) {
      const kept = patch.pairs
      for (const cell of patch.stale) {
        const k = patch.pairAt[cell]!
        if (k < 0) continue
        const v = models[(cell / n) | 0]!
        const t = models[cell % n]!
        kept[k] = showPair(table, v, t, memo.heldAt(table, v, t), memo, rule, classify)
      }
      memo.keepMatrix(table, viewers, kept, patch.pairAt, patch.stale)
      return kept.slice()
    }
  }
  const pairs: Shown[] = []
  // where each pair sits in `pairs` by its cell (viewer × models + target), for the next matrix's patch
  const pairAt = lineClass ? new Int32Array(n * n).fill(-1) : null
  for (const v of viewers) {
    for (const t of models) {
      if (t.side === v.side) continue
      // The matrix samples coarsely (18 lines a pair instead of 109): it colours the overlay; a ruling re-samples fully.
      // With a memo, one look-up per pair: a held line is used as is, and when its class is unchanged
      // the pair shown from it last time (sight block included) is shown again. Without one, a line
      // the table does not hold yet is sampled and not kept: once the pair is classed, nothing reads it.
      const held = memo?.heldAt(table, v, t)
      if (pairAt !== null) pairAt[v.index * n + t.index] = pairs.length
      const kept = held?.shown
      pairs.push(lineClass && kept !== undefined ? kept : showPair(table, v, t, held, memo, rule, classify))
    }
  }
  if (!lineClass) return pairs
  memo.keepMatrix(table, viewers, pairs, pairAt, null)
  return pairs.slice()
}

/** One pair of the matrix: from the line held for it (or sampled now), shown again when its class is unchanged. */
function showPair(table: Table, v: TableModel, t: TableModel, held: HeldPair | undefined, memo: LosMemo | undefined, rule: LosRule, classify: RuleSystem['classifyLos']): Shown {
  // with a memo the line goes to the memo alone (the table's own slots are not made for the matrix); a
  // pair the memo does not hold (heldAt) is sampled without asking it again by key
  const los = held ? held.los : memo ? sampleHeld(table, v, t, rule, memo) : (heldCoarse(table, v, t) ?? sampleMatrixLine(table, v, t, rule))
  const cls = classify?.(table, v, t, los)
  const kept = held?.shown
  if (kept !== undefined && held!.shownClass === cls) return kept
  const fraction = roundTo(los.fraction, 4)
  const pair: VisibilityPair = cls === undefined
    ? { from: v.id, to: t.id, visible: los.visible, fraction }
    : { from: v.id, to: t.id, visible: los.visible, fraction, class: cls, sight: matrixSight(table.system, los.visible, fraction, cls) }
  memo?.keepShown(v.id, t.id, los, pair)
  return pair
}

/**
 * The matrix's sight blocks: a pair's shows visibility and the fraction seen, with no base or blocker
 * figures (0, none), so pairs with the same facts and class show the same block. Made once per
 * system, facts and class and shared between pairs and results (frozen, as reasonData's are).
 */
const matrixSights = new WeakMap<RuleSystem, Map<string, [Map<number, Sight>, Map<number, Sight>]>>()
const MATRIX_SIGHTS_SIZE = 4096
function matrixSight(system: RuleSystem, visible: boolean, fraction: number, cls: string): Sight {
  let bySystem = matrixSights.get(system)
  if (!bySystem) matrixSights.set(system, (bySystem = new Map()))
  // by class, then by visibility and fraction (a number key: no string is made per pair)
  let byClass = bySystem.get(cls)
  if (!byClass) {
    if (bySystem.size >= MATRIX_SIGHTS_SIZE) bySystem.clear()
    bySystem.set(cls, (byClass = [new Map(), new Map()]))
  }
  const byFraction = byClass[visible ? 1 : 0]
  let sight = byFraction.get(fraction)
  if (!sight) {
    const s = sightOf(system, { visible, fraction, baseHidden: 0, blockers: [] }, cls)
    Object.freeze(s.blockers)
    Object.freeze(s.because.citation)
    Object.freeze(s.because)
    sight = Object.freeze(s)
    if (byFraction.size >= MATRIX_SIGHTS_SIZE) byFraction.clear()
    byFraction.set(fraction, sight)
  }
  return sight
}

/** The visibility query's result from its pairs: the whole matrix, or shares put back in viewer order (mergeShares). */
export function visibilityResult(table: Table, pairs: VisibilityPair[]): VisibilityResult {
  return { pairs, density: 'coarse', ...bookOfSystem(table.system).sources([losRuleOf(table).rule]) }
}

/** Convenience: validate, prepare and evaluate in one call. */
export function evaluateScene(raw: unknown, findSystem: (id: string) => RuleSystem | undefined, known: readonly string[], opts: EvaluateOptions = {}): ResultDocument {
  return evaluateTable(loadScene(raw, findSystem, known, opts))
}

export type { Scene }
