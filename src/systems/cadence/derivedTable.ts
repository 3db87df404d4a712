// A copy of the table with one model moved or some terrain left out, for the two rulings whose book
// text puts something physically elsewhere: a Hunter Charge attacks "as though it was within 1 inch of
// each target" (the Hunter stands where its base first touched that model), and Respawn's Energy
// Barriers and smoke markers "count as clear terrain for the purposes of movement". Attacks, sight and
// visibility never use it: games change those through the core's hooks (attack.ts AttackHooks).
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
