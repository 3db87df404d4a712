// Helpers for the planning tests: scenes as a player's table makes them (models with their game's
// profiles, terrain with its game's types), the queries run through the real evaluator, and reference
// lengths computed here from the geometry (never by the engine).
import { type ReachResult, type Scene, type SceneModel, type SceneTerrain, type ThreatResult, type ExposureResult, loadScene, runQuery } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'

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

/**
 * Length of the taut path S → round circles C1…Cn of radius r (each passed with the obstacle on the
 * left) → T: tangent, arcs and straight runs between equal circles.
 */
export function tautAroundLeft(S: [number, number], circles: Array<[number, number]>, T: [number, number], r: number): number {
  const heading = (a: [number, number], b: [number, number]) => Math.atan2(b[1] - a[1], b[0] - a[0])
  const first = circles[0]!
  const last = circles[circles.length - 1]!
  const d0 = Math.hypot(first[0] - S[0], first[1] - S[1])
  const d1 = Math.hypot(T[0] - last[0], T[1] - last[1])
  const headings = [heading(S, first) - Math.asin(r / d0)]
  for (let i = 0; i + 1 < circles.length; i++) headings.push(heading(circles[i]!, circles[i + 1]!))
  headings.push(heading(last, T) + Math.asin(r / d1))
  let len = Math.sqrt(d0 * d0 - r * r) + Math.sqrt(d1 * d1 - r * r)
  for (let i = 0; i + 1 < circles.length; i++) len += Math.hypot(circles[i + 1]![0] - circles[i]![0], circles[i + 1]![1] - circles[i]![1])
  for (let i = 0; i + 1 < headings.length; i++) {
    let turn = headings[i + 1]! - headings[i]!
    while (turn < 0) turn += 2 * Math.PI
    len += r * turn
  }
  return len
}

/** The largest and smallest distance of an area's outer ring from a point. */
export function ringRadii(r: ReachResult, cx: number, cy: number): { min: number; max: number } {
  const d = r.area.flatMap((p) => p.outer).map(([x, y]) => Math.hypot(x - cx, y - cy))
  return { min: Math.min(...d), max: Math.max(...d) }
}
