// A prepared table with one model placed elsewhere, added or taken away, for the planning queries:
// "if this model stood there" (threat, exposure) and "if that enemy moved there first". The copy
// shares the terrain, its world and every other model with the table it comes from (nothing is
// prepared again); its per-table caches (sight lines, a ruleset's views) start empty, since tables
// are immutable and they key on the table.
import type { SceneModel } from '../scene/sceneSchema.ts'
import { placeBase } from '../geometry/baseShape.ts'
import { SceneError } from '../scene/sceneError.ts'
import type { Table, TableModel } from '../ruleSystem.ts'
import { prepareTable } from './prepareTable.ts'

/** The model standing at (x, y) on level z, facing `facingDeg` (its own facing by default). */
export function modelAt(m: TableModel, x: number, y: number, z = m.z, facingDeg = m.facingDeg): TableModel {
  return {
    ...m,
    x,
    y,
    z,
    facingDeg,
    placed: placeBase(m.base, x, y, facingDeg),
    scene: { ...m.scene, position: [x, y], z, facing: facingDeg },
  }
}

/** The table with `m` in place of the model of the same id, or added when there is none. */
export function tableWithModel(table: Table, m: TableModel): Table {
  const at = table.models.findIndex((o) => o.id === m.id)
  const models = at >= 0 ? table.models.map((o, i) => (i === at ? { ...m, index: i } : o)) : [...table.models, { ...m, index: table.models.length }]
  return withModels(table, models)
}

/** The table without the model of this id (later models keep their order; their indices follow). */
export function tableWithout(table: Table, id: string): Table {
  const models = table.models.filter((o) => o.id !== id).map((o, i) => (o.index === i ? o : { ...o, index: i }))
  return withModels(table, models)
}

function withModels(table: Table, models: TableModel[]): Table {
  const byId = new Map(models.map((m) => [m.id, m]))
  const units = new Map<string, TableModel[]>()
  for (const m of models) {
    const list = units.get(m.unit) ?? []
    list.push(m)
    units.set(m.unit, list)
  }
  return {
    ...table,
    scene: { ...table.scene, models: models.map((m) => m.scene), queries: [] },
    models,
    model: (id) => {
      const m = byId.get(id)
      if (!m) throw new SceneError([{ path: '', message: `unknown model id "${id}"` }])
      return m
    },
    findModel: (id) => byId.get(id),
    unitOf: (m) => units.get(m.unit) ?? [m],
    units,
  }
}

/**
 * A model that is not on the table (the one an exposure query stands in each cell), made by the
 * ruleset's catalogue as a scene model would be, checked by the ruleset's own scene checks. Errors
 * come with paths relative to the query (`profile`, `stats.…`).
 */
export function standInModel(table: Table, m: SceneModel): TableModel {
  const scene = { format: table.scene.format, system: table.scene.system, options: table.scene.options, table: table.scene.table, terrain: [], models: [m] }
  try {
    const made = prepareTable(scene, table.system).models[0]!
    return { ...made, index: table.models.length }
  } catch (e) {
    if (e instanceof SceneError) throw new SceneError(e.issues.map((i) => ({ path: i.path.replace(/^models\[0\]\.?/, ''), message: i.message })))
    throw e
  }
}
