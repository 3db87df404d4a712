// The table being set up, as plain data, and the pure edits of the setup: the game and table size, the
// army (models from the catalogue with their name, side, profile, weapons, base and marker layout),
// the terrain (the game's terrain types as footprint pieces, and mesh files), and what it becomes: the
// scene (tabletop-scene/1), the registry (registryFromArmy) and the table file (tabletop-table/1).
import type { Point2, Scene, SceneModel, SceneTerrain } from '../../engine/index.ts'
import { SCENE_FORMAT, isMeshTerrain } from '../../engine/index.ts'
import type { Registry } from '../../tracking/index.ts'
import {
  type ArmyInput, type ArmyTerrain, type MarkerLayout, type RegistryFromArmy, type TerrainLayout,
  defaultLayout, layoutOfMarker, registryFromArmy,
} from '../../tracking/registry/registryFromArmy.ts'
import { TABLE_FORMAT, type TableFile } from './tableFile.ts'

/** [minX, maxX, minY, maxY] of a piece in its own frame, mm. */
export type Extent = [number, number, number, number]

export type Draft = {
  /** The saved record's id (null: not saved yet). */
  id: string | null
  name: string
  system: string
  table: { widthMm: number; depthMm: number }
  /** 'down': the camera looks up through a transparent table. */
  face: 'up' | 'down'
  models: SceneModel[]
  layouts: Record<string, MarkerLayout>
  terrain: SceneTerrain[]
  terrainLayouts: Record<string, TerrainLayout>
  /** Mesh pieces' extents in their own frame (from the file's bounds at its scale). */
  terrainExtents: Record<string, Extent>
  /** The registry last saved (its printed ids are kept where the army still fits them). */
  registry: Registry | null
  /** Rule options and metadata the scene had (kept as they were). */
  options?: Scene['options']
  /** The player's own terrain files the scene names (name → base64), saved with the table. */
  files: Record<string, string>
  /**
   * 'none': no markers on the models (the camera finds them by their bases, issue 34): the registry
   * and the sheet hold only the table's (and terrain's) markers. Absent: 'printed'.
   */
  modelMarkers?: 'printed' | 'none'
}

export function emptyDraft(system: string, table: { widthMm: number; depthMm: number }, name = 'My table'): Draft {
  return { id: null, name, system, table, face: 'up', models: [], layouts: {}, terrain: [], terrainLayouts: {}, terrainExtents: {}, registry: null, files: {} }
}

const r2 = (v: number) => Math.round(v * 100) / 100

/** Sides in the order they first appear. */
export function sidesOf(models: readonly SceneModel[]): string[] {
  const out: string[] = []
  for (const m of models) if (!out.includes(m.side)) out.push(m.side)
  return out
}

function baseSize(m: SceneModel): { along: number; across: number } {
  return m.base.shape === 'round' ? { along: m.base.diameter, across: m.base.diameter } : { along: m.base.length, across: m.base.width }
}

/**
 * Where the models stand until the camera places them: each side in rows along its own table edge
 * (the first side along the front, the second along the back, then left and right), facing the middle,
 * with room for their tabs. Pure; every base stays on the table.
 */
export function deployModels(models: readonly SceneModel[], table: { widthMm: number; depthMm: number }): SceneModel[] {
  const sides = sidesOf(models)
  const out = new Map<string, SceneModel>()
  for (const [k, side] of sides.entries()) {
    const ofSide = models.filter((m) => m.side === side)
    const edge = k % 4
    // Front and back rows run the table's width; a third and fourth side keep to the middle half of the left and right edges.
    const [from, to] = edge < 2 ? [60, table.widthMm - 60] : [table.depthMm * 0.25, table.depthMm * 0.75]
    const pitch = Math.max(...ofSide.map((m) => Math.max(baseSize(m).along + 30, baseSize(m).across + 10)))
    const perRow = Math.max(1, Math.floor((to - from) / pitch))
    const inward = edge === 0 ? 90 : edge === 1 ? 270 : edge === 2 ? 0 : 180
    ofSide.forEach((m, i) => {
      const row = Math.floor(i / perRow), col = i % perRow
      const a = from + pitch / 2 + col * pitch
      const b = 100 + row * pitch
      const [x, y] = edge === 0 ? [a, b] : edge === 1 ? [a, table.depthMm - b] : edge === 2 ? [b, a] : [table.widthMm - b, a]
      const half = Math.max(baseSize(m).along, baseSize(m).across) / 2 + 1
      out.set(m.id, { ...m, position: [r2(Math.min(Math.max(x, half), table.widthMm - half)), r2(Math.min(Math.max(y, half), table.depthMm - half))], facing: inward })
    })
  }
  // Keep the order the player added them in.
  return models.map((m) => out.get(m.id)!)
}

/** A fresh model id: the side's letters and the first free number ("rangers3"). */
function freshId(used: ReadonlySet<string>, side: string): string {
  const prefix = side.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 12) || 'm'
  for (let n = 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`
}

export type NewModels = {
  profile: string
  /** The name of one model; with count > 1, "name 1", "name 2", … (numbered after any of that name). */
  name: string
  side: string
  count: number
  base: SceneModel['base']
  heightMm: number
  /** Catalogue ids, or a weapon the player describes (inline: the Cadence core's own model). */
  weapons: NonNullable<SceneModel['weapons']>
  /** Characteristics the book leaves to the player (Skrapyard's F, S, A, D; a Cadence core model's attributes). */
  stats?: Record<string, number>
  layout: MarkerLayout | 'auto'
}

export function addModels(d: Draft, spec: NewModels): Draft {
  const used = new Set(d.models.map((m) => m.id))
  const sameName = d.models.filter((m) => (m.name ?? '').replace(/ \d+$/, '') === spec.name).length
  const models = [...d.models]
  const layouts = { ...d.layouts }
  for (let i = 0; i < spec.count; i++) {
    const id = freshId(used, spec.side)
    used.add(id)
    const name = spec.count > 1 || sameName > 0 ? `${spec.name} ${sameName + i + 1}` : spec.name
    models.push({ id, name, side: spec.side, profile: spec.profile, ...(spec.stats && Object.keys(spec.stats).length ? { stats: { ...spec.stats } } : {}), ...(spec.weapons.length ? { weapons: [...spec.weapons] } : {}), base: spec.base, height: spec.heightMm, position: [0, 0], facing: 0 })
    layouts[id] = spec.layout === 'auto' ? defaultLayout(spec.base, d.face) : spec.layout
  }
  return { ...d, models: deployModels(models, d.table), layouts }
}

/** Another table's army (the same game): each model with a fresh id on its side, its name, base, weapons and marker layout. */
export function addArmyOf(d: Draft, other: TableFile): Draft {
  const used = new Set(d.models.map((m) => m.id))
  const models = [...d.models]
  const layouts = { ...d.layouts }
  const theirs = draftOfTable(null, other).layouts
  for (const m of other.scene.models) {
    const id = freshId(used, m.side)
    used.add(id)
    const { z: _z, uncertainty: _u, ...rest } = m
    models.push({ ...rest, id })
    layouts[id] = d.face === 'down' ? 'under' : theirs[m.id] ?? defaultLayout(m.base)
  }
  return { ...d, models: deployModels(models, d.table), layouts }
}

export function removeModel(d: Draft, id: string): Draft {
  const layouts = { ...d.layouts }
  delete layouts[id]
  return { ...d, models: deployModels(d.models.filter((m) => m.id !== id), d.table), layouts }
}

/** A model moved to another side (its deployment follows: each side along its own edge). */
export function setSide(d: Draft, id: string, side: string): Draft {
  const s = side.trim()
  if (!s) return d
  return { ...d, models: deployModels(d.models.map((m) => (m.id === id ? { ...m, side: s } : m)), d.table) }
}

export function renameModel(d: Draft, id: string, name: string): Draft {
  return { ...d, models: d.models.map((m) => (m.id === id ? { ...m, name } : m)) }
}

export function setLayout(d: Draft, id: string, layout: MarkerLayout): Draft {
  return { ...d, layouts: { ...d.layouts, [id]: layout } }
}

/** A new table size moves the models back to their edges; table markers already laid are proposed afresh. */
export function setTable(d: Draft, table: { widthMm: number; depthMm: number }): Draft {
  const sameSize = Math.abs(table.widthMm - d.table.widthMm) < 0.5 && Math.abs(table.depthMm - d.table.depthMm) < 0.5
  if (sameSize) return d
  const registry = d.registry ? { ...d.registry, markers: d.registry.markers.filter((m) => m.role !== 'table') } : null
  return { ...d, table, models: deployModels(d.models, table), terrain: d.terrain, registry: registry && registry.markers.length ? registry : null }
}

/** The camera above the table (markers face up) or below a transparent one (every marker under the bases). */
export function setFace(d: Draft, face: 'up' | 'down'): Draft {
  if (face === d.face) return d
  const layouts = Object.fromEntries(d.models.map((m) => [m.id, face === 'down' ? 'under' : defaultLayout(m.base)] as const))
  return { ...d, face, layouts }
}

/** A spot for the next terrain piece: a grid over the middle of the table, away from the deployment edges. */
function terrainSpot(d: Draft): Point2 {
  const cols = 3, rows = 2
  const k = d.terrain.length % (cols * rows)
  const x = d.table.widthMm * (0.25 + 0.25 * (k % cols))
  const y = d.table.depthMm * (0.38 + 0.24 * Math.floor(k / cols))
  return [r2(x), r2(y)]
}

function freshTerrainId(d: Draft, stem: string): string {
  const used = new Set(d.terrain.map((t) => t.id))
  const clean = stem.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'terrain'
  if (!used.has(clean)) return clean
  for (let n = 2; ; n++) if (!used.has(`${clean}-${n}`)) return `${clean}-${n}`
}

/** A footprint piece of one of the game's terrain types: a rectangle widthMm × depthMm, heightMm tall. */
export function addPrismTerrain(d: Draft, spec: { type: string; name: string; widthMm: number; depthMm: number; heightMm: number; layout: TerrainLayout }): Draft {
  const id = freshTerrainId(d, spec.name || spec.type)
  const [cx, cy] = terrainSpot(d)
  const w = spec.widthMm / 2, h = spec.depthMm / 2
  const footprint: Point2[] = [[r2(cx - w), r2(cy - h)], [r2(cx + w), r2(cy - h)], [r2(cx + w), r2(cy + h)], [r2(cx - w), r2(cy + h)]]
  const piece: SceneTerrain = { id, type: spec.type, name: spec.name || spec.type, footprint, height: spec.heightMm }
  return { ...d, terrain: [...d.terrain, piece], terrainLayouts: { ...d.terrainLayouts, [id]: spec.layout } }
}

/** A mesh piece (a library file or the player's own), its extent measured from the file, resting on the table ("origin": "bottom"). */
export function addMeshPiece(d: Draft, spec: { mesh: string; type: string; name: string; extent: Extent; layout: TerrainLayout; fileBase64?: string }): Draft {
  const id = freshTerrainId(d, spec.name.replace(/\.[a-z0-9]+$/i, ''))
  const [cx, cy] = terrainSpot(d)
  const piece: SceneTerrain = { id, type: spec.type, name: spec.name, mesh: spec.mesh, position: [cx, cy, 0], origin: 'bottom' }
  return {
    ...d,
    terrain: [...d.terrain, piece],
    terrainLayouts: { ...d.terrainLayouts, [id]: spec.layout },
    terrainExtents: { ...d.terrainExtents, [id]: spec.extent },
    files: spec.fileBase64 ? { ...d.files, [spec.mesh]: spec.fileBase64 } : d.files,
  }
}

export function removeTerrain(d: Draft, id: string): Draft {
  const terrainLayouts = { ...d.terrainLayouts }
  const terrainExtents = { ...d.terrainExtents }
  delete terrainLayouts[id]
  delete terrainExtents[id]
  const terrain = d.terrain.filter((t) => t.id !== id)
  const stillNamed = new Set(terrain.filter(isMeshTerrain).map((t) => t.mesh))
  const files = Object.fromEntries(Object.entries(d.files).filter(([name]) => stillNamed.has(name)))
  return { ...d, terrain, terrainLayouts, terrainExtents, files }
}

export function setTerrainLayout(d: Draft, id: string, layout: TerrainLayout): Draft {
  return { ...d, terrainLayouts: { ...d.terrainLayouts, [id]: layout } }
}

/** A piece in its own frame: prism pieces about their footprint's box centre (or as the registry already has them), mesh pieces in the file's frame. */
export function armyTerrainOf(d: Draft, t: SceneTerrain): ArmyTerrain {
  const layout = d.terrainLayouts[t.id] ?? 'tab'
  if (isMeshTerrain(t)) {
    const [minX, maxX, minY, maxY] = d.terrainExtents[t.id] ?? [-50, 50, -50, 50]
    return { id: t.id, layout, extent: { minX, maxX, minY, maxY }, heightMm: 0 }
  }
  const known = d.registry?.terrain?.[t.id]
  let footprint: Point2[]
  if (known) footprint = known.footprint
  else {
    const xs = t.footprint.map((p) => p[0]), ys = t.footprint.map((p) => p[1])
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2, cy = (Math.min(...ys) + Math.max(...ys)) / 2
    footprint = t.footprint.map(([x, y]) => [r2(x - cx), r2(y - cy)])
  }
  const xs = footprint.map((p) => p[0]), ys = footprint.map((p) => p[1])
  return { id: t.id, layout, extent: { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) }, heightMm: (t.z ?? 0) + t.height, footprint }
}

/** No markers on the models (found by their bases) or a marker each. */
export function setModelMarkers(d: Draft, markers: 'printed' | 'none'): Draft {
  return { ...d, modelMarkers: markers }
}

export function armyInputOf(d: Draft): ArmyInput {
  return {
    table: { widthMm: d.table.widthMm, depthMm: d.table.depthMm, face: d.face },
    models: d.modelMarkers === 'none' ? [] : d.models.map((m) => ({ id: m.id, base: m.base, layout: d.layouts[m.id] ?? defaultLayout(m.base, d.face) })),
    terrain: d.terrain.map((t) => armyTerrainOf(d, t)),
  }
}

export function sceneOfDraft(d: Draft): Scene {
  return {
    format: SCENE_FORMAT,
    system: d.system,
    ...(d.options && Object.keys(d.options).length ? { options: d.options } : {}),
    table: { width: r2(d.table.widthMm), depth: r2(d.table.depthMm) },
    ...(d.terrain.length ? { terrain: d.terrain } : {}),
    models: d.models,
    meta: { title: d.name },
  }
}

/** The scene and registry the draft stands for; markers printed before keep their ids. */
export function buildTable(d: Draft): { scene: Scene } & RegistryFromArmy {
  return { scene: sceneOfDraft(d), ...registryFromArmy(armyInputOf(d), d.registry) }
}

export function tableFileOf(d: Draft, scene: Scene, registry: Registry, savedAt: string): TableFile {
  const meshExtents = Object.fromEntries(Object.entries(d.terrainExtents).filter(([id]) => d.terrain.some((t) => t.id === id)))
  return {
    format: TABLE_FORMAT,
    name: d.name.trim() || 'My table',
    savedAt,
    scene,
    registry,
    ...(Object.keys(meshExtents).length ? { setup: { terrainExtents: meshExtents } } : {}),
    ...(Object.keys(d.files).length ? { files: d.files } : {}),
  }
}

/** A scene (a file the player had) as a table to set up: its models and terrain as they are, markers still to assign. */
export function draftOfScene(scene: Scene, name: string): Draft {
  return {
    ...emptyDraft(scene.system, { widthMm: scene.table.width, depthMm: scene.table.depth }, name),
    models: scene.models,
    layouts: Object.fromEntries(scene.models.map((m) => [m.id, defaultLayout(m.base)] as const)),
    terrain: scene.terrain ?? [],
    ...(scene.options ? { options: scene.options } : {}),
  }
}

/** A saved table back into the setup, its layouts read from its registry. */
export function draftOfTable(id: string | null, t: TableFile): Draft {
  const layouts: Record<string, MarkerLayout> = {}
  for (const m of t.registry.markers) if (m.role === 'model') layouts[m.model] = layoutOfMarker(m)
  const terrainLayouts: Record<string, TerrainLayout> = {}
  for (const m of t.registry.markers) if (m.role === 'terrain') terrainLayouts[m.terrain] = (m.height ?? 0) > 0 ? 'top' : 'tab'
  const face = t.registry.markers.some((m) => m.role === 'table' && m.face === 'down') ? 'down' : 'up'
  return {
    id,
    name: t.name,
    system: t.scene.system,
    table: { widthMm: t.scene.table.width, depthMm: t.scene.table.depth },
    face,
    models: t.scene.models,
    layouts,
    terrain: t.scene.terrain ?? [],
    terrainLayouts,
    terrainExtents: t.setup?.terrainExtents ?? {},
    registry: t.registry,
    ...(t.scene.options ? { options: t.scene.options } : {}),
    files: t.files ?? {},
    // A saved table whose registry marks none of its models: they carry no marker (found by their bases).
    ...(t.scene.models.length && !t.registry.markers.some((m) => m.role === 'model') ? { modelMarkers: 'none' as const } : {}),
  }
}
