// The `exposure` query: a heat map for deployment and positioning. A model of the query's side, base
// and height stands at the centre of each cell of a grid over the table (or over `within`); per cell,
// how many enemy models see it and the best sight class among them (the game's own classes, sampled
// coarsely as the visibility matrix is); per probe point, every enemy that sees it, sampled fully by
// the ruleset's own `los` query. "Sees" is the game's call: a sight class that does not display as
// blocked. With a LosMemo (loadScene's `losMemo`), the grid is kept between tables: after one model
// moves only its own column is judged again, and, when models block sight in the game, the cells
// whose sight lines pass its old or new place.
import type { LosRule, Table, TableModel } from '../ruleSystem.ts'
import type { QueryOf, SceneModel } from '../scene/sceneSchema.ts'
import type { DisplayClass, ExposureGrid, ExposurePoint, ExposureResult, ExposureViewer } from '../results.ts'
import { losRuleOf, runQuery } from '../evaluate.ts'
import { bookOfSystem } from '../result/book.ts'
import { geometricDisplay } from '../result/sight.ts'
import { roundTo } from '../units.ts'
import { SceneError } from '../scene/sceneError.ts'
import { polygonContains, polygonContainsStrict } from '../geometry/polygon.ts'
import { type LosDensity, modelObstacleBox, modelsNeverBlock, pairLinesMeetBox, sampleLineOfSight, sampleMatrixLine } from '../los/sampleLineOfSight.ts'
import { type LosMemo, losMemoOf } from '../los/losMemo.ts'
import { modelAt, standInModel, tableWithModel } from '../table/tableWithModel.ts'

/** The game's call on one sight line: seen or not, its class, how it displays, and the cover it leaves the target. */
export type SightCall = { seen: boolean; class: string; display: DisplayClass; cover: string }

export type ExposureRules = {
  /**
   * The sight of `viewer` on `target` (the default: the engine's sampled line under the game's rule,
   * classed by the game). `target` stands in a cell but is not one of `table`'s models: a ruleset whose
   * sight reads the table's models for the target makes the table with it (tableWithModel).
   */
  sight?: (table: Table, viewer: TableModel, target: TableModel, density: LosDensity) => SightCall
  /** The level a model stands at over (x, y), or null where none can (inside a solid piece). Default: the table, except inside a piece that blocks sight. */
  standingZ?: (table: Table, model: TableModel, x: number, y: number) => number | null
  /** The section the sight rule comes from (cited). */
  rule: string
  /** Each enemy turns to face the cell before looking, as the game lets it before shooting (Skrapyard §12.11.1). */
  turnsToFace?: boolean
}

/** Cells of one exposure grid, at most (the default 1" cells on a 6'×4' table are 3,456). */
export const MAX_EXPOSURE_CELLS = 250_000

/**
 * The engine's default call: the sight lines sampled under the game's rule (not kept: the stand-in is
 * in another cell next time), classed by the game, its display from the game's losClasses.
 */
export function defaultSight(table: Table, viewer: TableModel, target: TableModel, density: LosDensity): SightCall {
  // Coarse: the matrix's line (each sight line stops at its first blocker; what the class reads beyond
  // visible and fraction is traced when read), exactly the line traced whole would be.
  const rule = losRuleOf(table)
  const los = density === 'coarse' ? sampleMatrixLine(table, viewer, target, rule) : sampleLineOfSight(table, viewer, target, rule, { density })
  const cls = table.system.classifyLos?.(table, viewer, target, los)
  const display = cls !== undefined ? (table.system.losClasses?.[cls]?.display ?? geometricDisplay(los)) : geometricDisplay(los)
  const c = cls ?? display
  return { seen: display !== 'blocked', class: c, display, cover: display === 'partial' ? c : 'none' }
}

/**
 * The call for a class the game judged itself (a ruleset whose class does its own sampling gives it as
 * its `sight`, sparing the engine's): its display from the game's losClasses (blocked: not seen).
 */
export function sightOfClass(table: Table, cls: string): SightCall {
  const display = table.system.losClasses?.[cls]?.display ?? 'blocked'
  return { seen: display !== 'blocked', class: cls, display, cover: display === 'partial' ? cls : 'none' }
}

function defaultStandingZ(table: Table, x: number, y: number): number | null {
  const rule = losRuleOf(table)
  for (const t of table.terrain) if (t.solid.bottomZ <= 0 && rule.terrainBlocks(t) && polygonContainsStrict(t.solid.footprint, x, y)) return null
  return 0
}

type Column = { sig: string; cls: Int32Array }
type Kept = { key: string; table: Table | null; phantoms: Array<TableModel | null>; columns: Map<string, Column>; others: Map<string, { sig: string; model: TableModel }>; classes: string[]; displays: DisplayClass[]; covers: string[] }

/** Kept grids per LosMemo (the memo a caller passes with each version of the table), by query. */
const kept = new WeakMap<LosMemo, Map<string, Kept>>()

const modelSig = (m: TableModel) => JSON.stringify([m.x, m.y, m.z, m.facingDeg, m.base, m.heightMm, m.eyeMm, m.keywords, m.status, m.stats, m.side, m.unit])

export function answerExposure(table: Table, q: QueryOf<'exposure'>, rules: ExposureRules): ExposureResult {
  const book = bookOfSystem(table.system)
  if (table.models.some((m) => m.id === PHANTOM_ID)) throw new SceneError([{ path: '', message: `a model is called "${PHANTOM_ID}", the exposure query's stand-in` }])
  const sceneModel: SceneModel = {
    id: PHANTOM_ID,
    side: q.side,
    base: q.base,
    height: q.height,
    ...(q.eye !== undefined ? { eye: q.eye } : {}),
    ...(q.profile !== undefined ? { profile: q.profile } : {}),
    ...(q.stats !== undefined ? { stats: q.stats } : {}),
    ...(q.keywords !== undefined ? { keywords: q.keywords } : {}),
    position: [table.widthMm / 2, table.depthMm / 2],
  }
  const stand = standInModel(table, sceneModel)
  const cell = q.cellMm ?? 25.4
  const columns = Math.max(1, Math.floor(table.widthMm / cell + 1e-9))
  const rows = Math.max(1, Math.floor(table.depthMm / cell + 1e-9))
  if (columns * rows > MAX_EXPOSURE_CELLS) throw new SceneError([{ path: 'cellMm', message: `${columns * rows} cells of ${cell} mm, more than ${MAX_EXPOSURE_CELLS.toLocaleString('en-US')}: give a larger cellMm or a smaller within` }])
  // The cells centred on the table: any remainder split between its edges.
  const origin: [number, number] = [(table.widthMm - columns * cell) / 2, (table.depthMm - rows * cell) / 2]
  const enemies = table.models.filter((m) => m.side !== q.side)
  const facing = (v: TableModel, x: number, y: number) => (Math.atan2(y - v.y, x - v.x) * 180) / Math.PI
  const turned = (v: TableModel, tg: TableModel) => (rules.turnsToFace ? modelAt(v, v.x, v.y, v.z, facing(v, tg.x, tg.y)) : v)
  const sight = rules.turnsToFace ? (t: Table, v: TableModel, tg: TableModel, d: LosDensity) => (rules.sight ?? defaultSight)(t, turned(v, tg), tg, d) : (rules.sight ?? defaultSight)
  const standingZ = rules.standingZ ?? ((t: Table, _m: TableModel, x: number, y: number) => defaultStandingZ(t, x, y))
  const rule = losRuleOf(table)
  const memo = losMemoOf(table, rule)
  const key = JSON.stringify([q.side, q.base, q.height, q.eye, q.profile, q.stats, q.keywords, cell, q.within, table.system.id, table.options, table.scene.table, table.scene.terrain])
  let byQuery = memo ? kept.get(memo) : undefined
  if (memo && !byQuery) kept.set(memo, (byQuery = new Map()))
  let k = byQuery?.get(key)
  if (!k) {
    k = { key, table: null, phantoms: [], columns: new Map(), others: new Map(), classes: [], displays: [], covers: [] }
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < columns; i++) {
        const x = origin[0] + (i + 0.5) * cell
        const y = origin[1] + (j + 0.5) * cell
        const inside = !q.within || polygonContains(q.within, x, y)
        const z = inside ? standingZ(table, stand, x, y) : null
        k.phantoms.push(z === null ? null : modelAt(stand, x, y, z))
      }
    }
    byQuery?.set(key, k)
  }
  const n = k.phantoms.length
  const classIndex = (c: SightCall): number => {
    let at = k!.classes.indexOf(c.class)
    if (at < 0 || k!.covers[at] !== c.cover || k!.displays[at] !== c.display) {
      at = k!.classes.length
      k!.classes.push(c.class)
      k!.displays.push(c.display)
      k!.covers.push(c.cover)
    }
    return c.seen ? at : -1
  }
  // Which models moved since the last table (for the cells their sight lines may now pass).
  const moved: TableModel[] = []
  const modelsMatter = rule.modelBlocks !== modelsNeverBlock || rule.modelObscures !== undefined
  const nowOthers = new Map<string, { sig: string; model: TableModel }>()
  for (const m of table.models) {
    const sig = modelSig(m)
    nowOthers.set(m.id, { sig, model: m })
    const was = k.others.get(m.id)
    if (k.table && (!was || was.sig !== sig)) {
      moved.push(m)
      if (was) moved.push(was.model)
    }
  }
  if (k.table) for (const [id, was] of k.others) if (!nowOthers.has(id)) moved.push(was.model)
  k.others = nowOthers
  const boxes = moved.map((m) => {
    const b = new Float64Array(6)
    modelObstacleBox(m, b, 0)
    return b
  })
  const nowColumns = new Map<string, Column>()
  for (const e of enemies) {
    const sig = modelSig(e)
    const was = k.columns.get(e.id)
    let col: Column
    if (was && was.sig === sig) {
      col = was
      if (modelsMatter && boxes.length) {
        for (let c = 0; c < n; c++) {
          const ph = k.phantoms[c]
          if (!ph) continue
          if (!boxes.some((b) => pairLinesMeetBox(e, ph, rule, 'coarse', b))) continue
          col.cls[c] = classIndex(sight(table, e, ph, 'coarse'))
        }
      }
    } else {
      col = { sig, cls: new Int32Array(n) }
      for (let c = 0; c < n; c++) {
        if (!k.phantoms[c]) {
          col.cls[c] = -2
          continue
        }
        col.cls[c] = classIndex(sight(table, e, k.phantoms[c]!, 'coarse'))
      }
    }
    nowColumns.set(e.id, col)
  }
  k.columns = nowColumns
  k.table = table

  const grid: ExposureGrid = { origin: [roundTo(origin[0], 2), roundTo(origin[1], 2)], cellMm: cell, columns, rows, seen: [], best: [], display: [], cover: [], density: 'coarse' }
  const rank: Record<DisplayClass, number> = { clear: 2, partial: 1, blocked: 0 }
  const hidden: number[] = []
  const cols = [...nowColumns.values()]
  for (let c = 0; c < n; c++) {
    if (!k.phantoms[c]) {
      grid.seen.push(null)
      grid.best.push(null)
      grid.display.push(null)
      grid.cover.push(null)
      continue
    }
    let seen = 0
    let best = -1
    for (const col of cols) {
      const ci = col.cls[c]!
      if (ci < 0) continue
      seen++
      if (best < 0 || rank[k.displays[ci]!] > rank[k.displays[best]!]) best = ci
    }
    grid.seen.push(seen)
    grid.best.push(best < 0 ? null : k.classes[best]!)
    grid.display.push(best < 0 ? null : k.displays[best]!)
    grid.cover.push(best < 0 ? null : k.covers[best]!)
    if (seen === 0) hidden.push(c)
  }

  const points: ExposurePoint[] = (q.points ?? []).map(([x, y]) => {
    const z = standingZ(table, stand, x, y)
    const at: [number, number] = [roundTo(x, 2), roundTo(y, 2)]
    if (z === null) return { at, seenBy: [], hidden: true, by: [], standable: false }
    const t = tableWithModel(table, modelAt(stand, x, y, z))
    const by: ExposureViewer[] = []
    for (const e of enemies) {
      const ph = t.model(PHANTOM_ID)
      const call = rules.sight ? sight(table, e, ph, 'full') : losCall(rules.turnsToFace ? tableWithModel(t, turned(e, ph)) : t, e.id)
      if (call.seen) by.push({ model: e.id, class: call.class, display: call.display, cover: call.cover })
    }
    return { at, seenBy: by.map((b) => b.model), hidden: by.length === 0, by, z: roundTo(z, 2) }
  })
  return { side: q.side, enemies: enemies.map((e) => e.id), grid, hidden, points, ...book.sources([rules.rule]) }
}

/** The stand-in's id: no scene model may use it. */
export const PHANTOM_ID = 'exposure-stand-in'

/** The ruleset's own `los` query from an enemy to the stand-in: its sight block decides. */
function losCall(t: Table, from: string): SightCall {
  const r = runQuery(t, { id: 'exposure', type: 'los', from, to: PHANTOM_ID }) as { sight?: { display: DisplayClass; class: string }; class?: string }
  const display = r.sight?.display ?? 'blocked'
  const cls = r.sight?.class ?? r.class ?? display
  return { seen: display !== 'blocked', class: cls, display, cover: display === 'partial' ? cls : 'none' }
}

export type { LosRule }
