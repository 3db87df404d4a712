// A copy of the table with the scene edited, for the games whose rules change what the core's own
// resolution sees (Squadrons: line of sight on the flat bases; Respawn: smoke that only counts from
// more than 3" away; Halo/Squadrons: weapons that switch a target's Shields off). The core's attack
// chain is then run on the copy, so every other core rule stays exactly the core's.
// Mesh terrain is carried over as prisms of its footprint hull and height (the copy has no mesh library).
import { type Scene, type Table, prepareTable } from '../../engine/index.ts'

export type SceneEdit = (scene: Scene) => void

export function deriveTable(table: Table, edit: SceneEdit): Table {
  const scene = structuredClone(table.scene)
  scene.queries = []
  scene.terrain = (scene.terrain ?? []).map((t, i) => {
    if (!('mesh' in t)) return t
    const solid = table.terrain[i]!.solid
    return {
      id: t.id, type: t.type, ...(t.keywords ? { keywords: t.keywords } : {}),
      footprint: solid.footprint.map(([x, y]) => [x, y] as [number, number]),
      height: Math.max(solid.topZ - solid.bottomZ, 1e-3), z: Math.max(0, solid.bottomZ),
    }
  })
  edit(scene)
  return prepareTable(scene, table.system)
}

/** The special rules a scene model ends up with (inline stats win over the catalogue). */
export function printedRules(table: Table, modelId: string): string[] {
  const m = table.model(modelId)
  const list = m.stats.specialRules
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []
}

/** Replace a model's special rules in an edited scene (as inline stats). */
export function setRules(scene: Scene, modelId: string, rules: readonly string[]): void {
  const sm = scene.models.find((m) => m.id === modelId)
  if (sm) sm.stats = { ...(sm.stats ?? {}), specialRules: [...rules] }
}
