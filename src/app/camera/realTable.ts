// A real table starts empty. When a camera mode starts on a player's table (a saved table, a scene
// file, a registry), the models are put on it as the camera finds them: until a model is seen it
// is "not on the table yet", kept with its profile in the scene's `meta.notOnTable` (free-form, never
// read by the rules: so the engine rules only on what is on the table, and undo, saving and sharing
// carry the list with the scene). Terrain the registry marks waits the same way; terrain it does not
// mark (placed by hand) stays. The demo table is never used silently: a camera mode asks whether to
// clear it (its unmarked terrain and the models the registry does not name go) or to take it as the
// player's table (the demo's pieces are real: they stay, its models still wait to be seen).
import { type Scene, type SceneModel, type SceneTerrain, isMeshTerrain } from '../../engine/index.ts'
import type { Registry } from '../../tracking/index.ts'
import { loadDemoScene } from '../state/systemLoader.ts'

export type NotOnTable = { models: SceneModel[]; terrain: SceneTerrain[] }

const KEY = 'notOnTable'

/** The scene's models and pieces not on the table yet, or null when the scene is not a real table (the planner's). */
export function notOnTable(scene: Scene): NotOnTable | null {
  const v = scene.meta?.[KEY] as Partial<NotOnTable> | undefined
  if (!v || typeof v !== 'object') return null
  return { models: Array.isArray(v.models) ? v.models : [], terrain: Array.isArray(v.terrain) ? v.terrain : [] }
}

export function isRealTable(scene: Scene): boolean {
  return notOnTable(scene) !== null
}

function marked(registry: Registry): { models: Set<string>; terrain: Set<string> } {
  const models = new Set<string>()
  const terrain = new Set<string>()
  for (const m of registry.markers) {
    if (m.role === 'model') models.add(m.model)
    else if (m.role === 'terrain') terrain.add(m.terrain)
  }
  return { models, terrain }
}

/**
 * The scene as a real table: what tracking has already placed on it (meta.tracking.placed) stays; every
 * other model waits in `notOnTable`, and so does terrain the registry marks. `clearDemo`: the scene is
 * a demo being cleared: models the registry does not name and terrain it does not mark are dropped.
 */
export function startRealTable(scene: Scene, registry: Registry, opts: { clearDemo: boolean }): Scene {
  if (isRealTable(scene)) return scene
  const mark = marked(registry)
  const placed = new Set(((scene.meta?.tracking as { placed?: unknown } | undefined)?.placed as string[] | undefined) ?? [])
  const models: SceneModel[] = []
  const waiting: NotOnTable = { models: [], terrain: [] }
  for (const m of scene.models) {
    if (opts.clearDemo && !mark.models.has(m.id)) continue
    if (placed.has(m.id)) models.push(m)
    else waiting.models.push(m)
  }
  const terrain: SceneTerrain[] = []
  for (const t of scene.terrain ?? []) {
    if (mark.terrain.has(t.id) && !placed.has(t.id)) waiting.terrain.push(t)
    else if (!opts.clearDemo || mark.terrain.has(t.id)) terrain.push(t)
  }
  return { ...scene, models, terrain, meta: { ...(scene.meta ?? {}), [KEY]: waiting } }
}

/** The scene with every waiting model and piece put back in (at their last known place): what a merge works on. */
export function withWaiting(scene: Scene): Scene {
  const off = notOnTable(scene)
  if (!off || (off.models.length === 0 && off.terrain.length === 0)) return scene
  return { ...scene, models: [...scene.models, ...off.models], terrain: [...(scene.terrain ?? []), ...off.terrain] }
}

/**
 * After a merge on `withWaiting(scene)`: the waiting models and pieces the tracker did not place go
 * back to waiting (and out of the tracking report's not-seen list: they were never on the table).
 */
export function keepWaiting(before: Scene, merged: Scene, placed: readonly string[]): { scene: Scene; waiting: string[] } {
  const off = notOnTable(before)
  if (!off) return { scene: merged, waiting: [] }
  const put = new Set(placed)
  const waitingModels = new Set(off.models.filter((m) => !put.has(m.id)).map((m) => m.id))
  const waitingTerrain = new Set(off.terrain.filter((t) => !put.has(t.id)).map((t) => t.id))
  const tracking = merged.meta?.tracking as { notSeen?: string[] } | undefined
  const meta: Record<string, unknown> = {
    ...(merged.meta ?? {}),
    [KEY]: { models: merged.models.filter((m) => waitingModels.has(m.id)), terrain: (merged.terrain ?? []).filter((t) => waitingTerrain.has(t.id)) },
    ...(tracking ? { tracking: { ...tracking, notSeen: (tracking.notSeen ?? []).filter((id) => !waitingModels.has(id) && !waitingTerrain.has(id)) } } : {}),
  }
  return {
    scene: { ...merged, models: merged.models.filter((m) => !waitingModels.has(m.id)), terrain: (merged.terrain ?? []).filter((t) => !waitingTerrain.has(t.id)), meta },
    waiting: [...waitingModels, ...waitingTerrain],
  }
}

/** The ids of a scene's models and pieces, as a key that changes only when one comes or goes. */
export function tableIds(scene: Scene): string {
  return `${scene.system}|${scene.models.map((m) => m.id).sort().join(',')}|${(scene.terrain ?? []).map((t) => (isMeshTerrain(t) ? `${t.id}:${t.mesh}` : t.id)).sort().join(',')}`
}

/** Whether the scene on screen is its game's demo table (the same models and pieces, wherever they stand), and not yet a real table. */
export async function isDemoTable(scene: Scene): Promise<boolean> {
  if (isRealTable(scene)) return false
  const demo = await loadDemoScene(scene.system)
  return demo !== null && tableIds(demo) === tableIds(scene)
}
