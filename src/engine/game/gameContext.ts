// What stepping a game's events needs besides the state: the ruleset and its game declaration, the
// start scene and its table, the objectives, and an evaluator that answers a query on the table as it
// stands in a state (memoised: an undo replays the same questions on the same tables).
import type { Query, Scene } from '../scene/sceneSchema.ts'
import type { ResultDocument } from '../results.ts'
import type { RuleSystem, RulesetGame, Table, TableModel } from '../ruleSystem.ts'
import { type InputLimits, DEFAULT_LIMITS } from '../scene/inputLimits.ts'
import { SceneError } from '../scene/sceneError.ts'
import type { MeshLibrary } from '../table/prepareTable.ts'
import { evaluateTable, loadScene } from '../evaluate.ts'
import { LosMemo } from '../los/losMemo.ts'
import { type Book, bookOfSystem } from '../result/book.ts'
import { canonicalJson } from '../contentHash.ts'
import { type GameState, sceneAt, sidesOf } from './gameState.ts'
import type { GameLogObjective } from './gameLogSchema.ts'
import type { Finding, FindingCode, FindingSeverity } from './gameFinding.ts'

export type GameEnv = {
  findSystem: (id: string) => RuleSystem | undefined
  /** The known system ids, for the message naming an unknown one. */
  known: readonly string[]
  /** Terrain meshes the scene names (the CLI reads them from models/). */
  meshes?: MeshLibrary
  limits?: InputLimits
}

export type Evaluated = { table: Table; doc: ResultDocument }

export type GameContext = {
  env: GameEnv
  limits: InputLimits
  system: RuleSystem
  decl: RulesetGame | undefined
  book: Book
  start: Scene
  /** The start table: the models' stats and bases (they do not change during a game). */
  startTable: Table
  objectives: readonly GameLogObjective[]
  sides: readonly string[]
  /** Unit → its models' ids (in scene order). */
  units: ReadonlyMap<string, readonly string[]>
  /** A query on the table as it stands in `state`; errors carry `path` in front of the query's own. */
  evaluate: (state: GameState, query: Query, path: string) => Evaluated
  finding: (code: FindingCode, severity: FindingSeverity, event: number, message: string, extra?: { model?: string; rule?: string; marginal?: boolean }) => Finding
}

/** Cached evaluations kept per game (an undo replays the same questions); the oldest go first. */
const CACHE_SIZE = 4000

export function makeGameContext(startTable: Table, objectives: readonly GameLogObjective[], env: GameEnv): GameContext {
  const system = startTable.system
  const limits = env.limits ?? DEFAULT_LIMITS
  const memo = new LosMemo()
  const cache = new Map<string, Evaluated>()
  const book = bookOfSystem(system)
  const units = new Map<string, string[]>()
  for (const m of startTable.models) units.set(m.unit, [...(units.get(m.unit) ?? []), m.id])
  const start = startTable.scene
  return {
    env,
    limits,
    system,
    decl: system.game,
    book,
    start,
    startTable,
    objectives,
    sides: sidesOf(startTable),
    units,
    evaluate: (state, query, path) => {
      const scene = { ...sceneAt(start, state), queries: [query] }
      const key = canonicalJson(scene)
      const hit = cache.get(key)
      if (hit) return hit
      let out: Evaluated
      try {
        const table = loadScene(scene, env.findSystem, env.known, { meshes: env.meshes, limits, losMemo: memo })
        out = { table, doc: evaluateTable(table) }
      } catch (e) {
        if (e instanceof SceneError) throw relocate(e, path)
        throw e
      }
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
      cache.set(key, out)
      return out
    },
    finding: (code, severity, event, message, extra = {}) => ({
      code,
      severity,
      event,
      message,
      ...(extra.model ? { model: extra.model } : {}),
      ...(extra.rule ? { rule: extra.rule, citation: book.citation(extra.rule) } : {}),
      ...(extra.marginal ? { marginal: true } : {}),
    }),
  }
}

/** A query's errors said at the event: "queries[0].context.x" → "<path>.context.x"; anything else under <path>. */
export function relocate(e: SceneError, path: string): SceneError {
  return new SceneError(e.issues.map((i) => {
    const m = /^queries\[0\]\.?(.*)$/.exec(i.path)
    if (m) return { path: m[1] ? `${path}.${m[1]}` : path, message: i.message }
    return { path, message: i.path ? `${i.path}: ${i.message}` : i.message }
  }), undefined, e.moreIssues)
}

/** The start table's model of an id (its stats, base, side). */
export function tableModelOf(ctx: GameContext, id: string): TableModel {
  return ctx.startTable.model(id)
}
