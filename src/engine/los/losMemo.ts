// Incremental line of sight: per-pair results kept from one table to the next (the app prepares a
// new table every time the scene changes: each camera frame, each drag). A pair's result depends
// only on the two models, the rule (system and options), and the pieces and models whose boxes
// come within its bound (los/sampleLineOfSight.ts pairBound: every sight line between the two lies
// inside it). So when the next table arrives, the memo compares every model and piece with the
// last table's, and drops only the pairs that involve a changed model or whose bound comes near
// where a changed piece was or now is, or where a changed model that the rule lets block or obscure
// those lines was or now is. Everything else is reused as is: the same object
// full sampling would have produced (test/engine/los/incrementalLos.property.test.ts checks it).
//
// Assumes what the engine already assumes of a LosRule: its predicates depend on the models and
// pieces they are given and on the table's options, not on other models of the table.
import type { LosRule, Table, TableModel } from '../ruleSystem.ts'
import type { LineOfSight } from './lineOfSight.ts'
import type { TerrainWorld } from './terrainWorld.ts'
import { segmentNearBox } from './castSegment.ts'
import { type LosDensity, modelObstacleBox, pairBound, pairLinesMeetBox } from './sampleLineOfSight.ts'
import { identityOf } from '../table/prepareTable.ts'

/**
 * `shown`: the visibility-matrix pair made from `los` (already given its uniform fields), reused while `los` is.
 * `vk`, `tk`: what the memo knew of the two models when the pair was sampled (stale once either changes).
 * `slot`: where the bound's box on the table plane sits in the memo's flat array (the sync's first test).
 */
type Entry = {
  key: string; viewer: string; target: string; vk: Known | undefined; tk: Known | undefined; slot: number
  density: LosDensity; los: LineOfSight; bound: Float64Array; shown: Shown | undefined; marked: boolean; matrix: boolean
}
export type Shown = { from: string; to: string; visible: boolean; fraction: number; class?: string }

export type LosMemoStats = { reused: number; sampled: number; dropped: number; tables: number }

const memoOfTable = new WeakMap<Table, LosMemo>()

/**
 * The memo loadScene attached to this table (a copy of the table made by a ruleset has none),
 * brought up to this table. `rule` is the system's LoS rule for the table: the only rule whose
 * results the memo holds.
 */
export function losMemoOf(table: Table, rule: LosRule): LosMemo | undefined {
  const memo = memoOfTable.get(table)
  memo?.sync(table, rule)
  return memo
}

/** `stale`: the model changed or left since (entries that hold this object are dropped). */
type Known = { sig: string; box: Float64Array; model: TableModel; stale: boolean }
/** Where something changed: a box, and the model there (before or after), or null for terrain. */
type Dirt = { box: Float64Array; model: TableModel | null }

export class LosMemo {
  private table: Table | null = null
  private context = ''
  private models = new Map<string, Known>()
  private pieces: Array<{ id: string; sig: string; box: Float64Array }> = []
  private entries = new Map<string, Entry>()
  /** The matrix's entries (coarse, no rays) by viewer id then target id: its look-up without building a key. */
  private matrixRows = new Map<string, Map<string, Entry>>()
  /** The last row `held` read (the matrix asks viewer by viewer). */
  private lastViewer: string | undefined
  private lastRow: Map<string, Entry> | undefined
  /** Every entry by slot, and its bound's box on the table plane (x0, y0, x1, y1) at 4 × slot: one pass over packed numbers. */
  private slots: Array<Entry | undefined> = []
  private planeBoxes = new Float64Array(256)
  private freeSlots: number[] = []
  private terrain: { sig: string; world: TerrainWorld } | null = null
  /** Counts since the memo was made (for benchmarks and tests). */
  readonly stats: LosMemoStats = { reused: 0, sampled: 0, dropped: 0, tables: 0 }

  /** prepareTable: the terrain world built for these pieces before, if the pieces are the same. */
  worldFor(terrainSig: string, build: () => TerrainWorld): TerrainWorld {
    if (this.terrain?.sig !== terrainSig) this.terrain = { sig: terrainSig, world: build() }
    return this.terrain.world
  }

  /** prepareTable: results for this table come from (and go to) this memo. */
  attach(table: Table): void {
    memoOfTable.set(table, this)
  }

  /** Bring the memo from the last table it saw to this one: drop the pairs a change can reach. */
  sync(table: Table, rule: LosRule): void {
    if (this.table === table) return
    this.table = table
    this.stats.tables++
    const context = `${identityOf(table.system)}\u0000${JSON.stringify(table.options)}`
    const pieces = table.terrain.map((p) => ({ id: p.id, sig: JSON.stringify(p.scene), box: table.world.pieceBounds.slice(6 * p.index, 6 * p.index + 6) }))
    const sameLayout = pieces.length === this.pieces.length && pieces.every((p, i) => p.id === this.pieces[i]!.id)
    if (context !== this.context || !sameLayout) {
      // Another system, other options or pieces added, removed or reordered: start again.
      this.stats.dropped += this.entries.size
      this.entries.clear()
      this.matrixRows.clear()
      this.lastViewer = undefined
      this.slots = []
      this.freeSlots = []
      this.context = context
      this.pieces = pieces
      this.models = new Map(table.models.map((m) => [m.id, { sig: modelSig(m), box: obstacleBox(m), model: m, stale: false }]))
      return
    }
    const dirty: Dirt[] = []
    const changed = new Set<string>()
    pieces.forEach((p, i) => {
      const was = this.pieces[i]!
      if (p.sig !== was.sig) dirty.push({ box: was.box, model: null }, { box: p.box, model: null })
    })
    this.pieces = pieces
    const next = new Map<string, Known>()
    for (const m of table.models) {
      const sig = modelSig(m)
      const was = this.models.get(m.id)
      if (was && was.sig === sig) {
        was.model = m // the same entry: this table's model stands for it now
        next.set(m.id, was)
        continue
      }
      const box = obstacleBox(m)
      changed.add(m.id)
      if (was) {
        was.stale = true
        dirty.push({ box: was.box, model: was.model })
      }
      dirty.push({ box, model: m })
      next.set(m.id, { sig, box, model: m, stale: false })
    }
    for (const [id, was] of this.models) {
      if (next.has(id)) continue
      changed.add(id)
      was.stale = true
      dirty.push({ box: was.box, model: was.model })
    }
    this.models = next
    if (dirty.length === 0) return
    // A rule that stands some pieces as columns (Respawn smoke) measures them at every height.
    for (const d of dirty) if (d.model === null && rule.terrainColumn) d.box = columnBox(d.box)
    const flat = this.planeBoxes
    const slots = this.slots
    for (let s = 0; s < slots.length; s++) {
      const e = slots[s]
      if (e === undefined) continue
      const gone = e.vk === undefined || e.tk === undefined ? changed.has(e.viewer) || changed.has(e.target) : e.vk.stale || e.tk.stale
      if (gone || reaches(table, rule, e, dirty, flat, 4 * s)) this.drop(e)
    }
  }

  private drop(e: Entry): void {
    this.entries.delete(e.key)
    if (e.matrix) this.matrixRows.get(e.viewer)?.delete(e.target)
    this.slots[e.slot] = undefined
    this.freeSlots.push(e.slot)
    this.stats.dropped++
  }

  get(key: string): LineOfSight | undefined {
    const e = this.entries.get(key)
    if (e) this.stats.reused++
    return e?.los
  }

  set(key: string, viewer: TableModel, target: TableModel, los: LineOfSight, density: LosDensity, rays = false): void {
    // The pair's bound (7 numbers), then its box on the table plane (a quick test before the capsule's).
    const bound = new Float64Array(11)
    pairBound(viewer, target, bound)
    bound[7] = Math.min(bound[0]!, bound[3]!) - bound[6]!
    bound[8] = Math.min(bound[1]!, bound[4]!) - bound[6]!
    bound[9] = Math.max(bound[0]!, bound[3]!) + bound[6]!
    bound[10] = Math.max(bound[1]!, bound[4]!) + bound[6]!
    const matrix = density === 'coarse' && !rays
    const old = this.entries.get(key)
    if (old) {
      // sampled again (the same key): the new entry takes its place
      this.slots[old.slot] = undefined
      this.freeSlots.push(old.slot)
    }
    const slot = this.freeSlots.length > 0 ? this.freeSlots.pop()! : this.slots.length
    if (4 * slot + 4 > this.planeBoxes.length) {
      const grown = new Float64Array(2 * this.planeBoxes.length)
      grown.set(this.planeBoxes)
      this.planeBoxes = grown
    }
    this.planeBoxes.set(bound.subarray(7, 11), 4 * slot)
    const vk = this.models.get(viewer.id)
    const tk = this.models.get(target.id)
    const entry: Entry = {
      key, viewer: viewer.id, target: target.id, vk: vk?.model === viewer ? vk : undefined, tk: tk?.model === target ? tk : undefined, slot,
      density, los, bound, shown: undefined, marked: false, matrix,
    }
    this.entries.set(key, entry)
    this.slots[slot] = entry
    if (matrix) {
      let row = this.matrixRows.get(viewer.id)
      if (!row) {
        this.matrixRows.set(viewer.id, (row = new Map()))
        this.lastViewer = undefined
      }
      row.set(target.id, entry)
    }
    this.stats.sampled++
  }

  /**
   * The matrix's look-up (one per pair): the coarse line held for viewer → target and the pair shown
   * from it last time, if any. Counted as reused.
   */
  held(viewer: string, target: string): { los: LineOfSight; shown: Shown | undefined; marked: boolean } | undefined {
    if (viewer !== this.lastViewer) {
      this.lastViewer = viewer
      this.lastRow = this.matrixRows.get(viewer)
    }
    const e = this.lastRow?.get(target)
    if (e) this.stats.reused++
    return e
  }

  /** Keep the matrix pair made from the coarse line held for viewer → target. */
  keepShown(viewer: string, target: string, los: LineOfSight, shown: Shown): void {
    const e = this.matrixRows.get(viewer)?.get(target)
    if (e && e.los === los) {
      e.shown = shown
      e.marked = false
    }
  }

  /** The pair kept for viewer → target has been marked uniform (markUniform, once). */
  markedShown(viewer: string, target: string): void {
    const e = this.matrixRows.get(viewer)?.get(target)
    if (e) e.marked = true
  }

  /** How many pair results are held. */
  get size(): number {
    return this.entries.size
  }
}

/** Coarse to fine: does a change reach the pair? Its bound, the rule's predicates, then the pair's own sight lines. */
function reaches(table: Table, rule: LosRule, e: Entry, dirty: readonly Dirt[], flat: Float64Array, at: number): boolean {
  for (let i = 0; i < dirty.length; i++) {
    const d = dirty[i]!
    const box = d.box
    // the bound's box on the table plane first (packed, as nearBound's first test), then the capsule
    if (box[3]! < flat[at]! || box[0]! > flat[at + 2]! || box[4]! < flat[at + 1]! || box[1]! > flat[at + 3]!) continue
    if (nearBound(e.bound, box) && (d.model === null || takesPart(table, rule, d.model, e)) && linesMeet(table, rule, e, box)) return true
  }
  return false
}

/**
 * Would the rule let this model block or obscure the pair's lines (either way, for a symmetric
 * rule)? A model that does neither is skipped by the sampler, so it cannot change the result.
 */
function takesPart(table: Table, rule: LosRule, m: TableModel, e: Entry): boolean {
  const v = table.findModel(e.viewer)
  const t = table.findModel(e.target)
  if (!v || !t) return true
  return partOf(rule, m, v, t) || (rule.symmetric === true && partOf(rule, m, t, v))
}

function partOf(rule: LosRule, m: TableModel, a: TableModel, b: TableModel): boolean {
  return rule.modelBlocks(m, a, b) || (rule.modelObscures?.(m, a, b) ?? false)
}

/** Does any of the pair's sight lines meet the box? (The two models are unchanged, so their lines are the ones sampled.) */
function linesMeet(table: Table, rule: LosRule, e: Entry, box: Float64Array): boolean {
  const v = table.findModel(e.viewer)
  const t = table.findModel(e.target)
  return !v || !t || pairLinesMeetBox(v, t, rule, e.density, box)
}

/**
 * Everything of a model that a sight line or a rule predicate can read. The rest of a table model
 * (placed base, stats, keywords, eye height…) is made from its scene entry by the system and the
 * options, which the memo's context already holds, so the entry says it all.
 */
function modelSig(m: TableModel): string {
  return JSON.stringify(m.scene)
}

function obstacleBox(m: TableModel): Float64Array {
  const box = new Float64Array(6)
  modelObstacleBox(m, box, 0)
  return box
}

/** A piece's box stood up as a column: the same footprint at every height. */
function columnBox(box: Float64Array): Float64Array {
  const c = box.slice()
  c[2] = -Infinity
  c[5] = Infinity
  return c
}

/** Does the pair's bound come near the box on the table plane (heights ignored, so 2D rules are covered too)? */
function nearBound(b: Float64Array, box: Float64Array): boolean {
  if (box[3]! < b[7]! || box[0]! > b[9]! || box[4]! < b[8]! || box[1]! > b[10]!) return false
  return segmentNearBox(b[0]!, b[1]!, 0, b[3]!, b[4]!, 0, box, 0, b[6]!, true)
}
