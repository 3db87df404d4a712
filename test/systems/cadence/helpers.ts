// Small builders for Cadence tests: a scene with inline-stat models, evaluated through the registry.
import { evaluateScene, type QueryResult } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'

export const IN = 25.4

export type M = Record<string, unknown>

export function trooper(id: string, side: string, x: number, y: number, extra: Partial<M> = {}): M {
  return {
    id,
    side,
    profile: { command: 4, movementInches: 6, skill: 3, defence: 4, toughness: 4, hitPoints: 1, specialRules: [] },
    base: { shape: 'round', diameter: 32 },
    height: 40,
    position: [x, y],
    ...extra,
  }
}

export function run(system: string, models: M[], queries: M[], terrain: M[] = [], options?: Record<string, unknown>): Record<string, QueryResult> {
  const doc = evaluateScene(
    { format: 'tabletop-scene/1', system, ...(options ? { options } : {}), table: { width: 1219.2, depth: 914.4 }, terrain, models, queries },
    findRuleSystem,
    ruleSystems.map((s) => s.id),
  )
  return Object.fromEntries(doc.results.map((r) => [r.id, r]))
}

export function get(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o === null || o === undefined ? undefined : (o as Record<string, unknown>)[k]), obj)
}
