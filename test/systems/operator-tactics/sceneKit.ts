// Test helpers: small operator-tactics scenes built in code (24" board, 25 mm bases, 40 mm figures)
// and evaluated through the engine exactly as the CLI does.
import { evaluateTable, loadScene, type ResultDocument } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'

export type ModelSpec = { id: string; side: string; profile?: string; position: [number, number]; [k: string]: unknown }

export function sceneOf(spec: { models: ModelSpec[]; terrain?: unknown[]; queries?: unknown[]; options?: Record<string, unknown>; table?: { width: number; depth: number } }): Record<string, unknown> {
  return {
    format: 'tabletop-scene/1',
    system: 'operator-tactics',
    options: spec.options ?? {},
    table: spec.table ?? { width: 609.6, depth: 609.6 },
    terrain: spec.terrain ?? [],
    models: spec.models.map((m) => ({ base: { shape: 'round', diameter: 25 }, height: 40, ...m })),
    queries: spec.queries ?? [],
  }
}

export function evalScene(spec: Parameters<typeof sceneOf>[0]): ResultDocument {
  const table = loadScene(sceneOf(spec), findRuleSystem, ruleSystems.map((s) => s.id))
  return evaluateTable(table)
}

export function box(id: string, type: string, x0: number, y0: number, x1: number, y1: number, height: number, extra: Record<string, unknown> = {}) {
  return { id, type, footprint: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], height, ...extra }
}

/** Result of one query by id. */
export function result(doc: ResultDocument, id: string): Record<string, unknown> {
  const r = doc.results.find((x) => x.id === id)
  if (!r) throw new Error(`no result ${id}`)
  return r
}
