// Reading again only what changed. The app prepares a new table on every camera frame and every drag,
// where most often one model moved and every other entry of the scene is as it was. A SceneReuse (a
// LosMemo holds one, so a table loaded with a memo uses it) keeps, for each model and terrain entry by
// its place in the list, a copy of the entry as it was read and what the schema made of it; and, for
// each model, the TableModel prepareTable made of it.
//
// The copy is kept as a tree of key and value lists (KeptJson), read in order against the next entry's
// own keys: one walk of the new entry, none of the copy's keys by name.
//
// An entry that is the same JSON as the copy at its place is not parsed again: the schema's output
// then is the same object as last time, and a TableModel made from that object by the same system and
// table scale is the same too (prepareTable reads nothing else of the scene to make one). An entry
// that changed is parsed alone by its own schema; if it fails, parseScene parses the scene whole, so
// the errors and their paths are those of a scene read without a memo (test/engine/scene/sceneReuse.test.ts).
import type { z } from 'zod'
import type { RuleSystem, TableModel, TableTerrain } from '../ruleSystem.ts'
import type { TerrainWorld } from '../los/terrainWorld.ts'
import type { SceneModel, SceneTerrain } from './sceneSchema.ts'
import type { CheckedEntries } from './inputLimits.ts'

/**
 * A JSON value as kept: one flat list, in order — an object as OBJECT, its key count, then each key and
 * its value; an array as ARRAY, its length, then its items; a primitive as itself (anything JSON does
 * not hold, a number that is not finite included, as NOTHING, which nothing equals). Read against the
 * next entry in one pass, from one block of memory.
 */
type KeptJson = unknown[]
const OBJECT = Symbol('object')
const ARRAY = Symbol('array')
const NOTHING = Symbol('nothing')

/** The kept form of a JSON value (its shape was checked: depth bounded, no "__proto__"). */
function keepJson(v: unknown, out: unknown[] = []): KeptJson {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') out.push(v)
  else if (typeof v === 'number') out.push(Number.isFinite(v) ? v : NOTHING)
  else if (Array.isArray(v)) {
    out.push(ARRAY, v.length)
    for (const x of v) keepJson(x, out)
  } else if (typeof v === 'object') {
    const keys = Object.keys(v)
    out.push(OBJECT, keys.length)
    for (const k of keys) {
      out.push(k)
      keepJson((v as Record<string, unknown>)[k], out)
    }
  } else out.push(NOTHING)
  return out
}

/** Where sameAt reads the kept list. */
let at = 0

/**
 * Is `v` the same JSON as the kept value? Objects must list the same keys in the same order (another
 * order counts as a change: the entry is parsed again, never wrongly reused); -0 is not 0.
 */
function sameAsKept(v: unknown, kept: KeptJson): boolean {
  at = 0
  return sameAt(v, kept) && at === kept.length
}

function sameAt(v: unknown, k: KeptJson): boolean {
  const t = k[at++]
  if (t === OBJECT) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
    const n = k[at++] as number
    let i = 0
    // every enumerable key, inherited ones too: the kept copy has own keys only, so an inherited one is a change
    for (const key in v) {
      if (i >= n || k[at++] !== key || !sameAt((v as Record<string, unknown>)[key], k)) return false
      i++
    }
    return i === n
  }
  if (t === ARRAY) {
    const n = k[at++] as number
    if (!Array.isArray(v) || v.length !== n) return false
    for (let i = 0; i < n; i++) if (!sameAt(v[i], k)) return false
    return true
  }
  return v === t && (v !== 0 || Object.is(v, t))
}

type Kept<T> = { raw: KeptJson; parsed: T }
type List = 'models' | 'terrain'

export class SceneReuse implements CheckedEntries {
  private models: Array<Kept<SceneModel>> = []
  private terrain: Array<Kept<SceneTerrain>> = []
  /** The depth limit the kept entries' shape was checked under. */
  private checkedDepth = 0
  /** The lists `match` compared last, and which of their entries are the same JSON as the kept ones. */
  private matched: Record<List, { raws: unknown; same: Uint8Array }> = { models: { raws: null, same: new Uint8Array(0) }, terrain: { raws: null, same: new Uint8Array(0) } }
  /** The scene without its models and terrain entries, as read last time and as the schema made it. */
  private shell: Kept<unknown> | null = null
  private shellDepth = 0
  private tableModels: TableModel[] = []
  private tablePieces: TableTerrain[] = []
  private system: RuleSystem | null = null
  private scale = 0
  /** Entries parsed again and entries reused since the reuse was made (for benchmarks and tests). */
  readonly stats = { parsed: 0, reused: 0 }

  /**
   * Compare a raw scene's lists with the kept entries, before anything else reads it: checkJsonShape
   * then skips the entries found the same (`checked`) and parseList takes them without comparing again.
   */
  match(raw: unknown): void {
    for (const list of ['models', 'terrain'] as const) {
      const raws = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[list] : undefined
      const m = this.matched[list]
      m.raws = raws
      if (!Array.isArray(raws)) continue
      if (m.same.length < raws.length) m.same = new Uint8Array(Math.max(raws.length, 2 * m.same.length))
      const kept = this[list] as Array<Kept<unknown>>
      for (let i = 0; i < raws.length; i++) m.same[i] = kept[i] !== undefined && sameAsKept(raws[i], kept[i]!.raw) ? 1 : 0
    }
  }

  /** checkJsonShape: is this entry (matched) the same JSON as one whose shape was checked under this depth limit or a stricter one? */
  checked(list: List, index: number, nestingDepth: number): boolean {
    return nestingDepth >= this.checkedDepth && this.isSame(list, this.matched[list].raws, index)
  }

  private isSame(list: List, raws: unknown, index: number): boolean {
    const m = this.matched[list]
    if (m.raws === raws && Array.isArray(raws)) return m.same[index] === 1
    const was = (this[list] as Array<Kept<unknown>>)[index]
    return was !== undefined && Array.isArray(raws) && sameAsKept(raws[index], was.raw)
  }

  /**
   * The list's entries as the schema makes them: the same object as last time where the raw entry at
   * that place is the same JSON, parsed alone otherwise. Null when any fails to parse or the list is
   * no array (the caller then parses the scene whole for its errors). Nothing is kept until `keep`.
   */
  parseList<T>(list: List, raws: unknown, schema: z.ZodType<T>): T[] | null {
    if (!Array.isArray(raws)) return null
    const kept = this[list] as unknown as Array<Kept<T>>
    const out = new Array<T>(raws.length)
    for (let i = 0; i < raws.length; i++) {
      const was = kept[i]
      if (was !== undefined && this.isSame(list, raws, i)) {
        out[i] = was.parsed
        this.stats.reused++
        continue
      }
      const r = schema.safeParse(raws[i])
      if (!r.success) return null
      out[i] = r.data
      this.stats.parsed++
    }
    return out
  }

  /**
   * The scene's shell (the scene with empty model and terrain lists) as the schema makes it: what was
   * made last time when it is the same JSON as then (checked under this depth limit or a stricter
   * one), else parsed now. Not kept until `keepShell`.
   */
  parseShell<R extends { success: boolean }>(shell: unknown, nestingDepth: number, parse: (shell: unknown) => R): R | { success: true; data: unknown } {
    if (this.shell !== null && nestingDepth >= this.shellDepth && sameAsKept(shell, this.shell.raw)) return { success: true, data: this.shell.parsed }
    return parse(shell)
  }

  /** A scene parsed without error: its shell and what it became (`data` of parseShell's result). */
  keepShell(shell: unknown, parsed: unknown, nestingDepth: number): void {
    if (this.shell?.parsed === parsed && this.shellDepth === nestingDepth) return
    this.shell = { raw: keepJson(shell), parsed }
    this.shellDepth = nestingDepth
  }

  /** Is this parsed entry the one kept at its place (the same JSON as an entry a scene was read with before)? */
  isKept(list: List, index: number, parsed: unknown): boolean {
    return (this[list] as Array<Kept<unknown>>)[index]?.parsed === parsed
  }

  /**
   * A scene parsed without error, its shape checked under `nestingDepth`: its raw entries (kept as
   * KeptJson, a copy: the caller may change them in place later) and what they became.
   */
  keep(list: List, raws: readonly unknown[], parsed: readonly unknown[], nestingDepth: number): void {
    if (nestingDepth !== this.checkedDepth) {
      // entries kept under another limit: forgotten, so that every kept entry was checked under this one
      this.models = []
      this.terrain = []
      this.checkedDepth = nestingDepth
    }
    this.matched[list].raws = null
    const kept = this[list] as Array<Kept<unknown>>
    kept.length = raws.length
    for (let i = 0; i < raws.length; i++) {
      const was = kept[i]
      if (was !== undefined && was.parsed === parsed[i]) continue
      kept[i] = { raw: keepJson(raws[i]), parsed: parsed[i] }
    }
  }

  /** prepareTable: the TableModel made last time at this place from this very parsed entry, by this system at this table scale. */
  tableModel(index: number, m: SceneModel, system: RuleSystem, scale: number): TableModel | undefined {
    if (system !== this.system || scale !== this.scale) return undefined
    const tm = this.tableModels[index]
    return tm !== undefined && tm.scene === m && tm.index === index ? tm : undefined
  }

  /** prepareTable: the TableTerrain made last time at this place from this very parsed entry, in this very terrain world. */
  tableTerrain(index: number, t: SceneTerrain, world: TerrainWorld): TableTerrain | undefined {
    const tt = this.tablePieces[index]
    return tt !== undefined && tt.scene === t && tt.index === index && world.solids[index] === tt.solid ? tt : undefined
  }

  /** A table prepared without error: its models and terrain, for the next one. */
  keepTable(models: readonly TableModel[], terrain: readonly TableTerrain[], system: RuleSystem, scale: number): void {
    this.tableModels = [...models]
    this.tablePieces = [...terrain]
    this.system = system
    this.scale = scale
  }
}
