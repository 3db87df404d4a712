// Small builders for Iron Line test scenes: a 36" table, units with rectangular footprints.
import { evaluateTable, loadScene } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'

export type Json = Record<string, unknown>

/** A unit: footprint `width` = frontage, `length` = depth along the facing (mm). */
export function unit(id: string, side: string, profile: string, at: [number, number], facing: number, extra: { width?: number; length?: number; keywords?: string[]; stats?: Json; status?: string[]; z?: number } = {}): Json {
  return {
    id,
    side,
    profile,
    base: { shape: 'rect', length: extra.length ?? 60, width: extra.width ?? 120 },
    height: 40,
    position: at,
    facing,
    ...(extra.keywords ? { keywords: extra.keywords } : {}),
    ...(extra.stats ? { stats: extra.stats } : {}),
    ...(extra.status ? { status: extra.status } : {}),
    ...(extra.z !== undefined ? { z: extra.z } : {}),
  }
}

export function rect(id: string, type: string, x0: number, y0: number, x1: number, y1: number, extra: { keywords?: string[]; height?: number } = {}): Json {
  return { id, type, footprint: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], height: extra.height ?? 50, ...(extra.keywords ? { keywords: extra.keywords } : {}) }
}

export function scene(s: { models: Json[]; terrain?: Json[]; queries: Json[]; options?: Json }): Json {
  return {
    format: 'tabletop-scene/1',
    system: 'iron-line',
    table: { width: 914.4, depth: 914.4 },
    ...(s.options ? { options: s.options } : {}),
    terrain: s.terrain ?? [],
    models: s.models,
    queries: s.queries,
  }
}

/** Evaluate a scene; results by query id. */
export function evaluate(raw: Json): Record<string, Json> {
  const table = loadScene(raw, findRuleSystem, ruleSystems.map((x) => x.id))
  const doc = evaluateTable(table)
  return Object.fromEntries(doc.results.map((r) => [r.id, r as Json]))
}
