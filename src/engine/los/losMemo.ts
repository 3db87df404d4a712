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
import { type LosDensity, carryModelSight, modelObstacleBox, modelsNeverBlock, pairBound, pairLinesMeetBox } from './sampleLineOfSight.ts'
import { sameJson } from '../table/sameJson.ts'
import { identityOf } from '../table/prepareTable.ts'
import type { VisibilityPair } from '../results.ts'
import { SceneReuse } from '../scene/sceneReuse.ts'

/**
 * `shown`: the visibility-matrix pair made from `los` (with its sight block), reused while `los` and its class are.
 * `slot`: where the pair's bound and the versions of its two models sit in the memo's packed arrays (the sync reads
 * those and nothing else of a pair the change does not reach).
 */
type Entry = {
  /** entryKey (the matrix's entries: '', they are found by their two ids) */
  key: string; viewer: string; target: string; slot: number
  density: LosDensity; los: LineOfSight; shown: Shown | undefined; matrix: boolean
  /** `shown`'s class (read here, not from `shown`); `cell`: the entry's place in the memo's grid, or -1. */
  shownClass: string | undefined; cell: number
}
/** A matrix pair held by the memo, as `held`/`heldAt` give it. */
export type HeldPair = { readonly los: LineOfSight; readonly shown: Shown | undefined; readonly shownClass: string | undefined }
export type Shown = VisibilityPair

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

/** `num`: the model id's number in the memo; `gen`: the version of that id this entry is (bumped when the model changes or leaves). */
type Known = { box: Float64Array; model: TableModel; num: number; gen: number }
/** Numbers per slot: the pair's bound (7) and its box on the table plane (4), see `set`. */
const BOUND = 12
/** Where something changed: a box, and the model there (before or after), or null for terrain. */
type Dirt = { box: Float64Array; model: TableModel | null }

export class LosMemo {
  private table: Table | null = null
  private context = ''
  private models = new Map<string, Known>()
  /** What the memo knows of each model of the last table, by the model's index there. */
  private knownAt: Known[] = []
  private spareModels = new Map<string, Known>()
  private pieces: Array<{ id: string; sig: string; box: Float64Array }> = []
  /** The terrain world `pieces` were read from. */
  private piecesWorld: TerrainWorld | null = null
  /** Entries other than the matrix's, by entryKey. */
  private entries = new Map<string, Entry>()
  /** How many matrix entries `matrixRows` holds. */
  private matrixCount = 0
  /** The matrix's entries (coarse, no rays) by viewer id then target id: its look-up without building a key. */
  private matrixRows = new Map<string, Map<string, Entry>>()
  /** The last row `held` read (the matrix asks viewer by viewer). */
  private lastViewer: string | undefined
  private lastRow: Map<string, Entry> | undefined
  /**
   * Every entry by slot; its bound at BOUND × slot; its viewer's number and version, then its target's, at 4 × slot
   * (number -1: not known to the memo when set, the ids are checked). The sync's pass reads packed numbers.
   */
  private slots: Array<Entry | undefined> = []
  private bounds: Float64Array = new Float64Array(BOUND * 64)
  private versions: Int32Array = new Int32Array(4 * 64)
  private freeSlots: number[] = []
  /**
   * Each model number's slots (entries set with it as viewer or target, possibly since dropped: read
   * against `versions`), so that a changed model's pairs are found without a pass over every slot; and
   * how many live slots have a model unknown to the memo when set (versions -1), which only that pass finds.
   */
  private slotsOfNum: number[][] = []
  private unnumbered = 0
  /**
   * The matrix's entries by the last table's model indices (viewer × models + target), `gridIds` those
   * models' ids: `heldAt` reads one cell instead of hashing two ids.
   */
  private grid: Array<Entry | undefined> = []
  private gridIds: string[] = []
  /** Model ids' numbers and each number's current version. */
  private nums = new Map<string, number>()
  private gens: Int32Array = new Int32Array(64)
  private terrain: { sig: string; world: TerrainWorld } | null = null
  /** Bumped whenever the grid is laid anew or emptied: a kept matrix is patchable only on its own layout. */
  private layout = 0
  /** Cells of the grid whose entries were dropped since the last matrix was kept. */
  private droppedCells: number[] = []
  /**
   * The last visibility matrix made with this memo (its class a function of each pair's line alone):
   * its viewers' indices, its pairs, and each cell's place in them (-1: not a pair of it).
   */
  private matrix: { layout: number; viewers: Int32Array; pairs: Shown[]; pairAt: Int32Array } | null = null
  /** The scene's entries as read last time (loadScene reads again only what changed). */
  readonly scene = new SceneReuse()
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
    const sameModels = this.layGrid(table)
    const context = `${identityOf(table.system)}\u0000${JSON.stringify(table.options)}`
    // The same world as last time (worldFor: built from the same pieces' JSON): every piece is as it was.
    const pieces = table.world === this.piecesWorld ? this.pieces
      : table.terrain.map((p) => ({ id: p.id, sig: JSON.stringify(p.scene), box: table.world.pieceBounds.slice(6 * p.index, 6 * p.index + 6) }))
    this.piecesWorld = table.world
    const sameLayout = pieces.length === this.pieces.length && pieces.every((p, i) => p.id === this.pieces[i]!.id)
    if (context !== this.context || !sameLayout) {
      // Another system, other options or pieces added, removed or reordered: start again.
      this.stats.dropped += this.size
      this.entries.clear()
      this.matrixCount = 0
      this.matrixRows.clear()
      this.lastViewer = undefined
      this.grid.fill(undefined)
      this.forgetMatrix()
      this.slots = []
      this.freeSlots = []
      this.slotsOfNum = []
      this.unnumbered = 0
      this.context = context
      this.pieces = pieces
      this.models = new Map(table.models.map((m) => [m.id, this.known(m, obstacleBox(m))]))
      this.knownAt = table.models.map((m) => this.models.get(m.id)!)
      return
    }
    const dirty: Dirt[] = []
    const changed = new Set<string>()
    pieces.forEach((p, i) => {
      const was = this.pieces[i]!
      if (p.sig !== was.sig) dirty.push({ box: was.box, model: null }, { box: p.box, model: null })
    })
    this.pieces = pieces
    if (sameModels && this.knownAt.length === table.models.length) {
      // The same ids in the same order as the last table: each model against the one at its place.
      for (const m of table.models) {
        const was = this.knownAt[m.index]!
        if (was.model === m) continue
        if (sameModel(was.model, m)) {
          carryModelSight(was.model, m)
          was.model = m
          continue
        }
        const box = obstacleBox(m)
        changed.add(m.id)
        this.gens[was.num]!++
        dirty.push({ box: was.box, model: was.model }, { box, model: m })
        const known = this.known(m, box)
        this.models.set(m.id, known)
        this.knownAt[m.index] = known
      }
    } else this.syncModels(table, changed, dirty)
    this.dropChanged(table, rule, changed, dirty)
  }

  /** The table's models against the last table's, by id (another layout): changed and gone ones noted, with where they were and are. */
  private syncModels(table: Table, changed: Set<string>, dirty: Dirt[]): void {
    // the map of the last table's models becomes the spare one (two maps in turn: none made per table)
    const next = this.spareModels
    next.clear()
    const knownAt = this.knownAt
    knownAt.length = table.models.length
    let kept = 0
    for (const m of table.models) {
      const was = this.models.get(m.id)
      if (was && sameModel(was.model, m)) {
        // the same entry: this table's model stands for it now, and takes over what sight lines made of it
        if (was.model !== m) {
          carryModelSight(was.model, m)
          was.model = m
        }
        next.set(m.id, was)
        knownAt[m.index] = was
        kept++
        continue
      }
      const box = obstacleBox(m)
      changed.add(m.id)
      if (was) {
        this.gens[was.num]!++
        dirty.push({ box: was.box, model: was.model })
      }
      dirty.push({ box, model: m })
      const known = this.known(m, box)
      next.set(m.id, known)
      knownAt[m.index] = known
    }
    // models gone from the table (none when every known one was found again)
    if (kept < this.models.size) {
      for (const [id, was] of this.models) {
        if (next.has(id)) continue
        changed.add(id)
        this.gens[was.num]!++
        dirty.push({ box: was.box, model: was.model })
      }
    }
    this.spareModels = this.models
    this.models = next
  }

  /** Drop the pairs the changes reach: the changed models' own, and those whose lines come near where something changed. */
  private dropChanged(table: Table, rule: LosRule, changed: Set<string>, dirty: Dirt[]): void {
    // A rule under which no model blocks or obscures (modelsNeverBlock) skips models on every line: a
    // changed model reaches only its own pairs (dropped by its version below), no other.
    const modelsTakePart = !(rule.modelBlocks === modelsNeverBlock && rule.modelObscures === undefined)
    let nDirty = 0
    for (const d of dirty) if (d.model === null || modelsTakePart) dirty[nDirty++] = d
    dirty.length = nDirty
    if (dirty.length === 0 && changed.size === 0) return
    // A rule that stands some pieces as columns (Respawn smoke) measures them at every height.
    for (const d of dirty) if (d.model === null && rule.terrainColumn) d.box = columnBox(d.box)
    const { slots, bounds, versions, gens } = this
    if (dirty.length === 0 && this.unnumbered === 0) {
      // Only changed models' own pairs go: read from their numbers' slot lists.
      for (const id of changed) {
        const num = this.nums.get(id)
        if (num === undefined) continue
        const list = this.slotsOfNum[num]
        if (list === undefined) continue
        for (const s of list) {
          const v = 4 * s
          const vn = versions[v]!
          const tn = versions[v + 2]!
          // (a slot freed since, or set again for other models, is passed by)
          if (vn !== -2 && (vn === num || tn === num) && (gens[vn] !== versions[v + 1] || gens[tn] !== versions[v + 3])) this.drop(slots[s]!)
        }
        list.length = 0
      }
      return
    }
    for (let s = 0; s < slots.length; s++) {
      const v = 4 * s
      const vn = versions[v]!
      const tn = versions[v + 2]!
      if (vn === -2) continue // a free slot
      let gone: boolean
      if (vn >= 0 && tn >= 0) gone = gens[vn] !== versions[v + 1] || gens[tn] !== versions[v + 3]
      else gone = changed.has(slots[s]!.viewer) || changed.has(slots[s]!.target)
      if (gone || (dirty.length > 0 && reaches(table, rule, slots[s]!, dirty, bounds, BOUND * s))) this.drop(slots[s]!)
    }
  }

  /** Note `slot` in the model number's list (pruned of slots no longer its own when it grows long). */
  private listSlot(num: number, slot: number): void {
    let list = this.slotsOfNum[num]
    if (list === undefined) this.slotsOfNum[num] = list = []
    list.push(slot)
    if (list.length > 64 && list.length > 4 * this.models.size) {
      const versions = this.versions
      let n = 0
      for (const s of list) if (versions[4 * s] !== -2 && (versions[4 * s] === num || versions[4 * s + 2] === num)) list[n++] = s
      list.length = n
    }
  }

  /** What the memo knows of a model of the last table (by its index there, else by its id). */
  private knownOf(m: TableModel): Known | undefined {
    const k = this.knownAt[m.index]
    return k !== undefined && k.model === m ? k : this.models.get(m.id)
  }

  /** What the memo knows of a model, at its id's current version. */
  private known(m: TableModel, box: Float64Array): Known {
    let num = this.nums.get(m.id)
    if (num === undefined) {
      num = this.nums.size
      this.nums.set(m.id, num)
      if (num >= this.gens.length) this.gens = grown(this.gens, num + 1) as Int32Array
    }
    return { box, model: m, num, gen: this.gens[num]! }
  }

  /** The grid laid out for this table's models (kept as is while their ids and order are: then true). */
  private layGrid(table: Table): boolean {
    const models = table.models
    const n = models.length
    let same = n === this.gridIds.length
    for (let i = 0; same && i < n; i++) same = models[i]!.id === this.gridIds[i]
    if (same) return true
    this.forgetMatrix()
    this.gridIds = models.map((m) => m.id)
    this.grid = new Array<Entry | undefined>(n * n).fill(undefined)
    const at = new Map(models.map((m, i) => [m.id, i]))
    for (const [viewer, row] of this.matrixRows) {
      const vi = at.get(viewer)
      for (const [target, e] of row) {
        const ti = at.get(target)
        e.cell = vi === undefined || ti === undefined ? -1 : vi * n + ti
        if (e.cell >= 0) this.grid[e.cell] = e
      }
    }
    return false
  }

  /** The grid's cell of viewer → target on the table the grid is laid for, or -1. */
  private cellOf(viewer: TableModel, target: TableModel): number {
    const n = this.gridIds.length
    return this.gridIds[viewer.index] === viewer.id && this.gridIds[target.index] === target.id ? viewer.index * n + target.index : -1
  }

  /** No kept matrix holds any more: a new layout, or everything dropped. */
  private forgetMatrix(): void {
    this.layout++
    this.matrix = null
    this.droppedCells.length = 0
  }

  private drop(e: Entry): void {
    if (e.matrix) this.matrixCount--
    else this.entries.delete(e.key)
    if (e.cell >= 0 && this.grid[e.cell] === e) {
      this.grid[e.cell] = undefined
      if (this.matrix !== null) this.droppedCells.push(e.cell)
    }
    if (e.matrix) this.matrixRows.get(e.viewer)?.delete(e.target)
    this.free(e.slot)
    this.stats.dropped++
  }

  private free(slot: number): void {
    this.slots[slot] = undefined
    if (this.versions[4 * slot] === -1 || this.versions[4 * slot + 2] === -1) this.unnumbered--
    this.versions[4 * slot] = -2
    this.freeSlots.push(slot)
  }

  /** The line held for viewer → target at this density (with or without its rays), if any. */
  get(viewer: TableModel, target: TableModel, density: LosDensity, rays: boolean): LineOfSight | undefined {
    if (density === 'coarse' && !rays) return this.held(viewer.id, target.id)?.los
    const e = this.entries.get(entryKey(viewer, target, density, rays))
    if (e) this.stats.reused++
    return e?.los
  }

  /** Hold a line just sampled for viewer → target (the matrix's, coarse without rays, by its two ids; any other by a key). */
  set(viewer: TableModel, target: TableModel, los: LineOfSight, density: LosDensity, rays = false): void {
    const matrix = density === 'coarse' && !rays
    const key = matrix ? '' : entryKey(viewer, target, density, rays)
    const old = matrix ? this.matrixRows.get(viewer.id)?.get(target.id) : this.entries.get(key)
    if (old) {
      // sampled again (the same key): the new entry takes its place
      this.free(old.slot)
      if (old.cell >= 0 && this.grid[old.cell] === old) {
        this.grid[old.cell] = undefined
        if (this.matrix !== null) this.droppedCells.push(old.cell)
      }
    }
    const slot = this.freeSlots.length > 0 ? this.freeSlots.pop()! : this.slots.length
    if (BOUND * slot + BOUND > this.bounds.length) {
      this.bounds = grown(this.bounds, BOUND * slot + BOUND) as Float64Array
      this.versions = grown(this.versions, 4 * slot + 4) as Int32Array
    }
    // The pair's bound (7 numbers), then its box on the table plane (a quick test before the capsule's).
    const b = this.bounds
    const at = BOUND * slot
    pairBound(viewer, target, b, at)
    b[at + 7] = Math.min(b[at]!, b[at + 3]!) - b[at + 6]!
    b[at + 8] = Math.min(b[at + 1]!, b[at + 4]!) - b[at + 6]!
    b[at + 9] = Math.max(b[at]!, b[at + 3]!) + b[at + 6]!
    b[at + 10] = Math.max(b[at + 1]!, b[at + 4]!) + b[at + 6]!
    const vk = this.knownOf(viewer)
    const tk = this.knownOf(target)
    // the versions the pair was sampled at (a model the memo does not hold as this one: its id is checked instead)
    const known = vk?.model === viewer && tk?.model === target
    this.versions[4 * slot] = known ? vk.num : -1
    this.versions[4 * slot + 1] = known ? vk.gen : 0
    this.versions[4 * slot + 2] = known ? tk.num : -1
    this.versions[4 * slot + 3] = known ? tk.gen : 0
    if (known) {
      this.listSlot(vk.num, slot)
      this.listSlot(tk.num, slot)
    } else this.unnumbered++
    const entry: Entry = { key, viewer: viewer.id, target: target.id, slot, density, los, shown: undefined, matrix, shownClass: undefined, cell: -1 }
    if (!matrix) this.entries.set(key, entry)
    else if (!old) this.matrixCount++
    this.slots[slot] = entry
    if (matrix) {
      let row = this.matrixRows.get(viewer.id)
      if (!row) {
        this.matrixRows.set(viewer.id, (row = new Map()))
        this.lastViewer = undefined
      }
      row.set(target.id, entry)
      if (this.table !== null && this.table.models[viewer.index] === viewer) {
        entry.cell = this.cellOf(viewer, target)
        if (entry.cell >= 0) this.grid[entry.cell] = entry
      }
    }
    this.stats.sampled++
  }

  /**
   * The matrix's look-up (one per pair): the coarse line held for viewer → target and the pair shown
   * from it last time, if any. Counted as reused.
   */
  held(viewer: string, target: string): HeldPair | undefined {
    if (viewer !== this.lastViewer) {
      this.lastViewer = viewer
      this.lastRow = this.matrixRows.get(viewer)
    }
    const e = this.lastRow?.get(target)
    if (e) this.stats.reused++
    return e
  }

  /** `held` for two models of `table` (the table the memo was last brought to): one read of the grid. */
  heldAt(table: Table, viewer: TableModel, target: TableModel): HeldPair | undefined {
    if (table !== this.table) return this.held(viewer.id, target.id)
    const e = this.grid[viewer.index * this.gridIds.length + target.index]
    if (e === undefined || e.viewer !== viewer.id || e.target !== target.id) return this.held(viewer.id, target.id)
    this.stats.reused++
    return e
  }

  /** Keep the matrix pair made from the coarse line held for viewer → target. */
  keepShown(viewer: string, target: string, los: LineOfSight, shown: Shown): void {
    const e = this.matrixRows.get(viewer)?.get(target)
    if (e && e.los === los) {
      e.shown = shown
      e.shownClass = shown.class
    }
  }

  /**
   * The last matrix kept (keepMatrix) for these viewers, if the memo was last brought to `table` and the
   * table's models are laid as they were then: its pairs and the cells whose lines were dropped since
   * (their pairs must be made again; every other pair stands as it was shown).
   */
  matrixPatch(table: Table, viewers: readonly TableModel[]): { pairs: Shown[]; pairAt: Int32Array; stale: readonly number[] } | null {
    const m = this.matrix
    if (m === null || table !== this.table || m.layout !== this.layout || m.viewers.length !== viewers.length) return null
    for (let i = 0; i < viewers.length; i++) if (m.viewers[i] !== viewers[i]!.index || this.gridIds[viewers[i]!.index] !== viewers[i]!.id) return null
    return { pairs: m.pairs, pairAt: m.pairAt, stale: this.droppedCells }
  }

  /**
   * The matrix just made on `table` (the memo's own) for these viewers, `pairAt` each cell's pair: the
   * next matrix may patch it. Kept only when each pair made now (`made`: those cells; null: every
   * cell) was shown from the line its cell holds, so that dropping the line marks the pair; null
   * `pairAt` forgets it.
   */
  keepMatrix(table: Table, viewers: readonly TableModel[], pairs: Shown[], pairAt: Int32Array | null, made: readonly number[] | null): void {
    const kept = this.matrix
    this.matrix = null
    if (pairAt !== null && table === this.table && this.isShownAt(pairAt, pairs, made)) {
      this.matrix = kept !== null && made !== null ? { ...kept, pairs } : { layout: this.layout, viewers: Int32Array.from(viewers, (v) => v.index), pairs, pairAt }
    }
    this.droppedCells.length = 0
  }

  /** Does each of these cells (null: all) hold the line its pair was shown from? */
  private isShownAt(pairAt: Int32Array, pairs: readonly Shown[], cells: readonly number[] | null): boolean {
    const n = this.gridIds.length
    const count = cells === null ? pairAt.length : cells.length
    for (let i = 0; i < count; i++) {
      const cell = cells === null ? i : cells[i]!
      const k = pairAt[cell]!
      if (k < 0) continue
      const e = this.grid[cell]
      if (e === undefined || e.shown !== pairs[k] || e.viewer !== this.gridIds[(cell / n) | 0] || e.target !== this.gridIds[cell % n]) return false
    }
    return true
  }

  /** How many pair results are held. */
  get size(): number {
    return this.entries.size + this.matrixCount
  }
}

/** The key of a line other than the matrix's. */
function entryKey(viewer: TableModel, target: TableModel, density: LosDensity, rays: boolean): string {
  return `${viewer.id}\u0000${target.id}\u0000${density}\u0000${rays ? 1 : 0}`
}

/** Coarse to fine: does a change reach the pair? Its bound, the rule's predicates, then the pair's own sight lines. */
function reaches(table: Table, rule: LosRule, e: Entry, dirty: readonly Dirt[], bounds: Float64Array, at: number): boolean {
  for (let i = 0; i < dirty.length; i++) {
    const d = dirty[i]!
    if (nearBound(bounds, at, d.box) && (d.model === null || takesPart(table, rule, d.model, e)) && linesMeet(table, rule, e, d.box)) return true
  }
  return false
}

/** A copy of `a` at least `length` long (doubled), for the packed arrays. */
function grown(a: Float64Array | Int32Array, length: number): Float64Array | Int32Array {
  const out = a instanceof Float64Array ? new Float64Array(Math.max(length, 2 * a.length)) : new Int32Array(Math.max(length, 2 * a.length))
  out.set(a)
  return out
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
  return !v || !t || pairLinesMeetBox(v, t, rule, e.density, box, 0, table)
}

/**
 * Is b the same model as a (on the table before)? Everything of a model that a sight line or a rule
 * predicate can read is made from its scene entry by the system and the options, which the memo's
 * context already holds, so the same entry (as JSON, compared by a walk) says it all. The same
 * TableModel (the memo's SceneReuse gave it to the table again) is the same model.
 */
function sameModel(a: TableModel, b: TableModel): boolean {
  return a === b || sameJson(a.scene, b.scene)
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
function nearBound(b: Float64Array, at: number, box: Float64Array): boolean {
  if (box[3]! < b[at + 7]! || box[0]! > b[at + 9]! || box[4]! < b[at + 8]! || box[1]! > b[at + 10]!) return false
  return segmentNearBox(b[at]!, b[at + 1]!, 0, b[at + 3]!, b[at + 4]!, 0, box, 0, b[at + 6]!, true)
}
