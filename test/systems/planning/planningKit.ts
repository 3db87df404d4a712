// Helpers for the planning tests: scenes as a player's table makes them (models with their game's
// profiles, terrain with its game's types), the queries run through the real evaluator, and reference
// lengths computed here from the geometry (never by the engine).
import { type ReachResult, type Scene, type SceneModel, type SceneTerrain, type ThreatResult, type ExposureResult, loadScene, runQuery } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
export { tautAroundLeft } from '../../engine/movement/tautPath.ts'

export const INCH = 25.4
const known = ruleSystems.map((s) => s.id)

export function scene(system: string, models: SceneModel[], terrain: SceneTerrain[] = [], extra: Partial<Scene> = {}): Scene {
  return { format: 'tabletop-scene/1', system, table: { width: 1219.2, depth: 1219.2 }, terrain, models, ...extra }
}

export function box(id: string, type: string, x0: number, y0: number, x1: number, y1: number, height: number, keywords: string[] = []): SceneTerrain {
  return { id, type, ...(keywords.length ? { keywords } : {}), footprint: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], height }
}

export function reach(s: Scene, model: string, points: Array<[number, number]>, mode?: string, context?: Record<string, unknown>): ReachResult {
  const t = loadScene(s, findRuleSystem, known)
  return runQuery(t, { id: 'q', type: 'reach', model, points, ...(mode ? { mode } : {}), ...(context ? { context } : {}) }) as unknown as ReachResult
}

export function threat(s: Scene, model: string, points: Array<[number, number]>): ThreatResult {
  const t = loadScene(s, findRuleSystem, known)
  return runQuery(t, { id: 'q', type: 'threat', model, points }) as unknown as ThreatResult
}

export function exposure(s: Scene, q: Record<string, unknown>): ExposureResult {
  const t = loadScene(s, findRuleSystem, known)
  return runQuery(t, { id: 'q', type: 'exposure', ...q } as never) as unknown as ExposureResult
}

/** The largest and smallest distance of an area's outer ring from a point. */
export function ringRadii(r: ReachResult, cx: number, cy: number): { min: number; max: number } {
  const d = r.area.flatMap((p) => p.outer).map(([x, y]) => Math.hypot(x - cx, y - cy))
  return { min: Math.min(...d), max: Math.max(...d) }
}
