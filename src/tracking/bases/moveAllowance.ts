// How far a model may move between two turns, as its game's ruleset says: the ruleset's own answer to
// a `move` query (each ruleset gives its allowance in its own words: `allowance.mm`,
// `allowance.inches`, Squadrons' `allowance.maxInches`, …), and the base-tracking set-up of a scene's
// models that carry no marker. Pure (the ruleset comes in as a value).
import { type RuleSystem, type Scene, evaluateTable, loadScene } from '../../engine/index.ts'
import type { Registry } from '../registry/registrySchema.ts'
import type { BaseTrackingSetup } from './baseTypes.ts'

/** When a ruleset gives no allowance: 12", more than most games' move, so a model moved far is asked about rather than missed. */
export const DEFAULT_ALLOWANCE_MM = 304.8

const MM_PER_INCH = 25.4

/** The allowance in a ruleset's move result, mm; null when it gives none. */
export function allowanceFromMoveResult(result: unknown): number | null {
  if (typeof result !== 'object' || result === null) return null
  const a = (result as { allowance?: unknown }).allowance
  if (typeof a !== 'object' || a === null) return null
  const v = a as Record<string, unknown>
  const num = (k: string) => (typeof v[k] === 'number' && Number.isFinite(v[k]) && (v[k] as number) > 0 ? (v[k] as number) : null)
  const mm = num('mm')
  if (mm !== null) return mm
  const inches = num('inches') ?? num('maxInches')
  return inches !== null ? inches * MM_PER_INCH : null
}

/**
 * Each listed model's move allowance, mm, asked of its ruleset with a 1 mm `move` query on the scene
 * without its terrain (the allowance, not the path); models whose ruleset gives none are left out.
 */
export function moveAllowances(scene: Scene, ids: readonly string[], system: RuleSystem | undefined): Map<string, number> {
  const out = new Map<string, number>()
  if (!system || system.id !== scene.system) return out
  for (const id of ids) {
    const m = scene.models.find((x) => x.id === id)
    if (!m) continue
    const probe = { ...scene, terrain: [], queries: [{ id: 'allowance', type: 'move', model: id, to: [m.position[0] + 1, m.position[1]] }] }
    try {
      const doc = evaluateTable(loadScene(probe, (s) => (s === system.id ? system : undefined), [system.id]))
      const mm = allowanceFromMoveResult(doc.results[0])
      if (mm !== null) out.set(id, mm)
    } catch {
      // A ruleset that cannot answer a move query for this model: the default allowance.
    }
  }
  return out
}

/** No base where a table marker's paper lies: its square and white margin (a third of its size), turned any way, with 4 mm to spare. */
export function tableMarkersKeepOut(registry: Registry): Array<{ x: number; y: number; r: number }> {
  return registry.markers.flatMap((m) => (m.role === 'table' ? [{ x: m.position[0], y: m.position[1], r: (m.size / 2) * Math.SQRT2 * (1 + 1 / 3) + 4 }] : []))
}

/**
 * Base tracking for a scene (issue 34): its models with no marker in the registry, their bases, their
 * saved positions and their allowance (DEFAULT_ALLOWANCE_MM where the ruleset gives none: listed in
 * `defaulted`); the table markers' paper kept clear. `extra` models (not on the table yet) count too.
 */
export function baseSetupOf(scene: Scene, registry: Registry, system: RuleSystem | undefined, extra: Scene['models'] = []): { setup: BaseTrackingSetup; defaulted: string[] } {
  const marked = new Set(registry.markers.flatMap((m) => (m.role === 'model' ? [m.model] : [])))
  const unmarked = [...scene.models, ...extra].filter((m) => !marked.has(m.id))
  const allowances = moveAllowances({ ...scene, models: [...scene.models, ...extra] }, unmarked.map((m) => m.id), system)
  return {
    setup: {
      table: { widthMm: scene.table.width, depthMm: scene.table.depth },
      marked: markedModelsOf(scene, registry),
      keepOut: tableMarkersKeepOut(registry),
      // Footprint terrain (mesh pieces have no footprint here: a base beside one is looked for as on open table).
      terrain: (scene.terrain ?? []).flatMap((t) => ('footprint' in t ? [{ footprint: t.footprint.map(([x, y]) => [x, y] as [number, number]), top: (t.z ?? 0) + t.height }] : [])),
      models: unmarked.map((m) => ({ id: m.id, base: m.base, allowanceMm: allowances.get(m.id) ?? DEFAULT_ALLOWANCE_MM, previous: { position: [m.position[0], m.position[1]], facing: m.facing ?? 0 } })),
    },
    defaulted: unmarked.filter((m) => !allowances.has(m.id)).map((m) => m.id),
  }
}

/** The scene's models that carry a marker of the registry, with their bases, saved places and tabs (BaseTrackingSetup.marked). */
export function markedModelsOf(scene: Pick<Scene, 'models'>, registry: Pick<Registry, 'markers'>): NonNullable<BaseTrackingSetup['marked']> {
  const marked = new Set(registry.markers.flatMap((m) => (m.role === 'model' ? [m.model] : [])))
  return scene.models.filter((m) => marked.has(m.id)).map((m) => ({
    id: m.id, base: m.base, previous: { position: [m.position[0], m.position[1]] as [number, number], facing: m.facing ?? 0 },
    tabs: modelTabs(registry, m.id),
  }))
}

/** A model's markers' squares as base tracking keeps them clear: the registry's offset [forward, left] from its base's centre, and size, mm. */
export function modelTabs(registry: Pick<Registry, 'markers'>, modelId: string): Array<{ offset: [number, number]; sizeMm: number }> {
  return registry.markers.flatMap((k) => (k.role === 'model' && k.model === modelId ? [{ offset: [k.offset?.[0] ?? 0, k.offset?.[1] ?? 0] as [number, number], sizeMm: k.size }] : []))
}
