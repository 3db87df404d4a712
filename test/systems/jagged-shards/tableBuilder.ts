// Small builders for Jagged Shards test tables: models on 32 mm round bases (40 mm tall) unless
// told otherwise, terrain boxes, and a runner that evaluates queries through the engine.
import { evaluateScene, type QueryResult } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { main } from '../../../src/cli/main.ts'
import { vi } from 'vitest'

export const IN = 25.4
export const BASE_MM = 32

type Json = Record<string, unknown>

export function model(id: string, side: string, profile: string, x: number, y: number, extra: Json = {}): Json {
  return { id, side, profile, base: { shape: 'round', diameter: BASE_MM }, height: 40, position: [x, y], ...extra }
}

/** An axis-aligned terrain box. */
export function box(id: string, type: string, x0: number, y0: number, x1: number, y1: number, height: number, extra: Json = {}): Json {
  return { id, type, footprint: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], height, ...extra }
}

export function scene(models: Json[], queries: Json[], terrain: Json[] = [], options: Json = {}): Json {
  return { format: 'tabletop-scene/1', system: 'jagged-shards', options, table: { width: 1219.2, depth: 1219.2 }, terrain, models, queries }
}

/** Evaluate and index the results by query id. */
export function run(raw: Json): Record<string, QueryResult> {
  const doc = evaluateScene(raw, findRuleSystem, ruleSystems.map((s) => s.id))
  return Object.fromEntries(doc.results.map((r) => [r.id, r]))
}

/** Shorthand: one attack query between two models, with context. */
export function attackQuery(id: string, attacker: string, target: string, context: Json = {}, weapon?: string): Json {
  return { id, type: 'attack', attacker, target, ...(weapon ? { weapon } : {}), context }
}

/** Read a dotted path ("probability.exact.hit", "reasons.0.code") from a result. */
export function at(obj: unknown, path: string): unknown {
  let cur: unknown = obj
  for (const k of path.split('.')) {
    if (cur === null || cur === undefined) return undefined
    cur = (cur as Record<string, unknown>)[k]
  }
  return cur
}

/** Run the CLI on a file and parse what it prints. */
export async function evalWithCli(file: string): Promise<{ code: number; doc: { results: Array<Record<string, unknown>> } }> {
  let out = ''
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()
    return true
  })
  try {
    const code = await main(['eval', file])
    return { code, doc: JSON.parse(out) as { results: Array<Record<string, unknown>> } }
  } finally {
    spy.mockRestore()
  }
}

