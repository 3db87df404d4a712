// Pure edits of a scene document (the planner's "everything the camera would give, by hand").
// Each returns a new scene; none validates: the engine worker does, and reports what is wrong.
import type { Catalogue, Point2, Scene, SceneModel, SceneTerrain } from '../../engine/index.ts'
import { isMeshTerrain } from '../../engine/index.ts'

export function clampToTable(scene: Scene, x: number, y: number): Point2 {
  return [Math.min(Math.max(x, 0), scene.table.width), Math.min(Math.max(y, 0), scene.table.depth)]
}

const round2 = (v: number) => Math.round(v * 100) / 100

export function moveModel(scene: Scene, id: string, x: number, y: number): Scene {
  const [cx, cy] = clampToTable(scene, x, y)
  return { ...scene, models: scene.models.map((m) => (m.id === id ? { ...m, position: [round2(cx), round2(cy)] } : m)) }
}

/** Facing in degrees, kept in [0, 360). */
export function setFacing(scene: Scene, id: string, facingDeg: number): Scene {
  const f = ((Math.round(facingDeg * 100) / 100) % 360 + 360) % 360
  return { ...scene, models: scene.models.map((m) => (m.id === id ? { ...m, facing: f } : m)) }
}

export function removeModel(scene: Scene, id: string): Scene {
  return { ...scene, models: scene.models.filter((m) => m.id !== id) }
}

/** A fresh id like "b4" for a side: the side's letter(s) plus the first free number. */
export function freshModelId(scene: Scene, side: string): string {
  const prefix = side.toLowerCase().replace(/[^a-z0-9]/g, '') || 'm'
  const used = new Set(scene.models.map((m) => m.id))
  for (let n = 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`
}

/**
 * Add a model of a catalogue profile. Base and height come from the profile when it gives them,
 * else from the first model of the scene with that profile, else a 25 mm round base, 40 mm tall.
 */
export function addModel(scene: Scene, catalogue: Catalogue, profileId: string, side: string, at: Point2): Scene {
  const profile = catalogue.profiles[profileId]
  const sameProfile = scene.models.find((m) => m.profile === profileId)
  const base = profile?.base ?? sameProfile?.base ?? { shape: 'round' as const, diameter: 25 }
  const height = profile?.heightMm ?? sameProfile?.height ?? 40
  const id = freshModelId(scene, side)
  const facing = scene.models.find((m) => m.side === side)?.facing ?? 0
  const model: SceneModel = { id, side, profile: profileId, base, height, position: clampToTable(scene, at[0], at[1]), facing }
  return { ...scene, models: [...scene.models, model] }
}

export function setOption(scene: Scene, name: string, value: string | number | boolean, isDefault: boolean): Scene {
  const options = { ...(scene.options ?? {}) }
  if (isDefault) delete options[name]
  else options[name] = value
  return { ...scene, options }
}

function mapPrism(scene: Scene, id: string, f: (t: Extract<SceneTerrain, { footprint: unknown }>) => SceneTerrain): Scene {
  return { ...scene, terrain: (scene.terrain ?? []).map((t) => (t.id === id && !isMeshTerrain(t) ? f(t) : t)) }
}

export function moveTerrain(scene: Scene, id: string, dx: number, dy: number): Scene {
  return mapPrism(scene, id, (t) => ({ ...t, footprint: t.footprint.map(([x, y]) => clampToTable(scene, round2(x + dx), round2(y + dy))) }))
}

export function setTerrainVertex(scene: Scene, id: string, index: number, x: number, y: number): Scene {
  const p = clampToTable(scene, round2(x), round2(y))
  return mapPrism(scene, id, (t) => ({ ...t, footprint: t.footprint.map((v, i) => (i === index ? p : v)) }))
}

export function setTerrainHeight(scene: Scene, id: string, heightMm: number): Scene {
  return mapPrism(scene, id, (t) => ({ ...t, height: heightMm }))
}

export function setTerrainType(scene: Scene, id: string, type: string): Scene {
  return { ...scene, terrain: (scene.terrain ?? []).map((t) => (t.id === id ? { ...t, type } : t)) }
}

export function removeTerrain(scene: Scene, id: string): Scene {
  return { ...scene, terrain: (scene.terrain ?? []).filter((t) => t.id !== id) }
}

/** A 100 mm square piece of the given type, centred at `at`. */
export function addTerrain(scene: Scene, type: string, at: Point2): Scene {
  const used = new Set((scene.terrain ?? []).map((t) => t.id))
  let n = 1
  while (used.has(`terrain-${n}`)) n++
  const [cx, cy] = clampToTable(scene, at[0], at[1])
  const h = 50
  const footprint: Point2[] = [[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]].map(([x, y]) => clampToTable(scene, x!, y!))
  return { ...scene, terrain: [...(scene.terrain ?? []), { id: `terrain-${n}`, type, footprint, height: 60 }] }
}
