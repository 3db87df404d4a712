// A registry indexed for per-frame lookups: marker id → role, object id → its markers.
import type { ModelMarker, Registry, TableMarker, TerrainMarker } from './registrySchema.ts'
import { DEFAULT_DICTIONARY, type DictionaryName } from './registrySchema.ts'
import type { ObjectKind } from '../types.ts'
import { SceneError } from '../../engine/index.ts'

export type ObjectEntry = { id: string; kind: ObjectKind; markers: (ModelMarker | TerrainMarker)[] }

export type RegistryIndex = {
  dictionary: DictionaryName
  table: Map<number, TableMarker>
  objectMarkers: Map<number, ModelMarker | TerrainMarker>
  /** Keyed by `${kind}:${id}` (a model and a terrain piece may share an id). */
  objects: Map<string, ObjectEntry>
  /** Terrain footprints in their piece frames. */
  pieces: Registry['terrain']
}

export function objectKey(kind: ObjectKind, id: string): string {
  return `${kind}:${id}`
}

export function indexRegistry(registry: Registry): RegistryIndex {
  const table = new Map<number, TableMarker>()
  const objectMarkers = new Map<number, ModelMarker | TerrainMarker>()
  const objects = new Map<string, ObjectEntry>()
  for (const m of registry.markers) {
    if (m.role === 'table') {
      // A registry that reached here unchecked (a worker message, a saved table) may hold an unsurveyed marker.
      if (!m.position) throw new SceneError([{ path: 'markers', message: `table marker ${m.id} has no position yet: survey the table first (cli survey, or the app's table survey)` }])
      table.set(m.id, m)
      continue
    }
    objectMarkers.set(m.id, m)
    const kind: ObjectKind = m.role
    const id = m.role === 'model' ? m.model : m.terrain
    const key = objectKey(kind, id)
    const entry = objects.get(key) ?? { id, kind, markers: [] }
    entry.markers.push(m)
    objects.set(key, entry)
  }
  return { dictionary: registry.dictionary ?? DEFAULT_DICTIONARY, table, objectMarkers, objects, pieces: registry.terrain }
}
