// The marker registry (tabletop-markers/1) built from an army and a table, by the app, so that no
// player writes one by hand: per model a layout chosen from its base (a rear tab, a token on top, or
// a token under the base for a camera below a transparent table), ids assigned without clashes,
// offsets, rotations and heights computed from the printed geometry (markers/README.md lists the
// figures; test/tracking/registryFromArmy.test.ts checks them against that table). Pure: data in, a
// registry out. Frames and units as in registrySchema.ts: mm and degrees CCW; a model's frame has
// x forward (its facing) and y to its left.
import type { BaseShape, Point2 } from '../../engine/index.ts'
import { type DictionaryName, type ModelMarker, type Registry, type RegistryMarker, type TableCorner, type TableMarker, type TerrainMarker, REGISTRY_FORMAT, dictionaryCapacity } from './registrySchema.ts'
import { QUIET_ZONE_RATIO, TAB_GAP_MM, tokenMarkerMm } from '../markers/markerSheets.ts'
import { DEFAULT_MARKER_PLAN } from '../markers/markerPlan.ts'

/** How a model carries its marker (markers/README.md "Layouts"). */
export type MarkerLayout = 'tab' | 'token' | 'under'
export const MARKER_LAYOUTS: readonly MarkerLayout[] = ['tab', 'token', 'under']

/** How a terrain piece carries its marker: a tab under its front edge (on the table), or a square on its top. */
export type TerrainLayout = 'tab' | 'top'
export const TERRAIN_LAYOUTS: readonly TerrainLayout[] = ['tab', 'top']

export type ArmyModel = {
  id: string
  base: BaseShape
  layout: MarkerLayout
  /** Thickness of the base, mm: the height of a token stuck on top. Default 3. */
  baseHeightMm?: number
}

/** A terrain piece in its own frame (the frame its registry footprint and marker offset are given in). */
export type ArmyTerrain = {
  id: string
  layout: TerrainLayout
  /** The piece's extent in its own frame, mm: where a tab goes (front edge, −y) and what it must clear. */
  extent: { minX: number; maxX: number; minY: number; maxY: number }
  /** Height of the piece's top above the table, mm (a marker on top sits there). */
  heightMm: number
  /** Prism pieces: the footprint in the piece frame, so the tracker can move the piece (registry `terrain`). */
  footprint?: Point2[]
}

/** Where the table reference markers go: the four corners, plus the middle of every edge longer than 1.3 m. */
export type TableMarkerPlan = 'corners'

export type ArmyTable = {
  widthMm: number
  depthMm: number
  /** 'down': the camera looks up through a transparent table (every marker faces down). */
  face?: 'up' | 'down'
  plan?: TableMarkerPlan
}

export type ArmyInput = { table: ArmyTable; models: readonly ArmyModel[]; terrain?: readonly ArmyTerrain[] }

/** Printed sizes, mm: table reference markers, model tabs, terrain markers (the default sheets' sizes). */
export const TABLE_MARKER_MM = DEFAULT_MARKER_PLAN.table.sizeMm
export const TAB_MARKER_MM = DEFAULT_MARKER_PLAN.tabs.sizeMm
export const TERRAIN_MARKER_MM = DEFAULT_MARKER_PLAN.terrain.sizeMm
export const DEFAULT_BASE_HEIGHT_MM = 3
/** Edges longer than this get a reference marker in their middle too, mm. */
const MIDPOINT_EDGE_MM = 1300

/** The 4×4 dictionaries in order of size; ids 0–99 are the same patterns in all three (OpenCV builds each from the next). */
const DICTIONARIES: readonly DictionaryName[] = ['DICT_4X4_100', 'DICT_4X4_250', 'DICT_4X4_1000']

/** Half the base's length along the facing, and half its width across it, mm. */
export function baseHalfExtent(base: BaseShape): { forward: number; side: number } {
  return base.shape === 'round' ? { forward: base.diameter / 2, side: base.diameter / 2 } : { forward: base.length / 2, side: base.width / 2 }
}

/** Distance from a base (or piece) edge to the centre of a tab's marker: gap, white margin, half the marker. */
export function tabReachMm(sizeMm: number): number {
  return TAB_GAP_MM + sizeMm * QUIET_ZONE_RATIO + sizeMm / 2
}

/** Side of a token's black square for a base: 0.6 of the base's smaller dimension, down to 0.5 mm. */
export function tokenSizeMm(base: BaseShape): number {
  const { forward, side } = baseHalfExtent(base)
  return tokenMarkerMm({ label: '', lengthMm: 2 * Math.max(forward, side), widthMm: 2 * Math.min(forward, side) })
}

/**
 * The layout a base gets unless the player chooses another: under the base when the camera is below
 * the table; a token on top for big bases (smaller side over 60 mm: vehicles, flat scenic bases, where
 * a token is large and a tab would stand far off); a rear tab otherwise (a figure covers the middle of
 * its base, the tab beside it stays in view).
 */
export function defaultLayout(base: BaseShape, face: 'up' | 'down' = 'up'): MarkerLayout {
  if (face === 'down') return 'under'
  const smaller = base.shape === 'round' ? base.diameter : Math.min(base.length, base.width)
  return smaller > 60 ? 'token' : 'tab'
}

/** A model's marker entry (without its id) for a layout: size, offset, rotation, height, face. */
export function modelMarkerGeometry(model: ArmyModel): Omit<ModelMarker, 'id' | 'model' | 'role'> {
  const r2 = (v: number) => Math.round(v * 100) / 100
  switch (model.layout) {
    case 'tab':
      // Glued under the rear of the base, dashed line on the base edge, pattern top towards the base.
      return { size: TAB_MARKER_MM, offset: [r2(-(baseHalfExtent(model.base).forward + tabReachMm(TAB_MARKER_MM))), 0], rotation: -90, height: 0 }
    case 'token':
      // Centred on top of the base, pattern top to the front.
      return { size: tokenSizeMm(model.base), offset: [0, 0], rotation: -90, height: model.baseHeightMm ?? DEFAULT_BASE_HEIGHT_MM }
    case 'under':
      // Under the base, seen from below through the table.
      return { size: tokenSizeMm(model.base), offset: [0, 0], rotation: 90, height: 0, face: 'down' }
  }
}

/** A terrain piece's marker entry (without its id). */
export function terrainMarkerGeometry(piece: ArmyTerrain, face: 'up' | 'down' = 'up'): Omit<TerrainMarker, 'id' | 'terrain' | 'role'> {
  const r2 = (v: number) => Math.round(v * 100) / 100
  const faceField = face === 'down' ? { face } : {}
  if (piece.layout === 'top' && face === 'up') return { size: TERRAIN_MARKER_MM, offset: [r2((piece.extent.minX + piece.extent.maxX) / 2), r2((piece.extent.minY + piece.extent.maxY) / 2)], rotation: 0, height: r2(piece.heightMm) }
  // A tab under the middle of the front edge (−y), on the table, pattern top towards the piece.
  return { size: TERRAIN_MARKER_MM, offset: [r2((piece.extent.minX + piece.extent.maxX) / 2), r2(piece.extent.minY - tabReachMm(TERRAIN_MARKER_MM))], rotation: 0, height: 0, ...faceField }
}

/**
 * Where the table reference markers are proposed, and how each is laid (the personal sheet says the
 * same): its white square against the table's edge, in a corner against both edges; the strip cut
 * with it (id and size) pointing into the table, straight away from the edge it lies on (a corner
 * marker's strip away from the front or back edge). So the black square's centre is the white margin
 * plus half the square in from each edge it touches, whichever way round the strip lies, and the
 * pattern's down (towards the strip) points into the table. Spots: the four corners (each declared
 * with its `corner` and `cornerInset`, the gap between black square and edge: the survey takes the
 * table's edges from these), then the middle of each edge longer than 1.3 m. Positions are complete,
 * so the registry tracks without a survey; the survey (src/tracking/survey) measures where the player
 * really laid them.
 */
export function proposedTableMarkers(table: ArmyTable): Array<Omit<TableMarker, 'id'> & { label: string }> {
  const s = TABLE_MARKER_MM
  const margin = s * QUIET_ZONE_RATIO
  const inset = s / 2 + margin
  const w = table.widthMm, d = table.depthMm
  const down = table.face === 'down'
  const face = down ? { face: 'down' as const } : {}
  const r2 = (v: number) => Math.round(v * 100) / 100
  // The strip points into the table: the pattern's −y along `into`. Seen from above a face-down
  // marker is mirrored (fuseTablePose's markerCornersInPlane), which turns the same strip the other way.
  const rotationFor = (into: '+x' | '-x' | '+y' | '-y'): number => {
    const up = { '+y': 180, '-y': 0, '+x': 90, '-x': -90 }[into]
    return down ? (into === '+y' || into === '-y' ? (up + 180) % 360 : -up) : up
  }
  type Spot = { x: number; y: number; into: '+x' | '-x' | '+y' | '-y'; label: string; corner?: TableCorner }
  const spots: Spot[] = [
    { x: inset, y: inset, into: '+y', corner: 'x0y0', label: 'origin corner (x 0, y 0)' },
    { x: w - inset, y: inset, into: '+y', corner: 'x1y0', label: 'corner on the x axis' },
    { x: w - inset, y: d - inset, into: '-y', corner: 'x1y1', label: 'far corner' },
    { x: inset, y: d - inset, into: '-y', corner: 'x0y1', label: 'corner on the y axis' },
  ]
  if (w > MIDPOINT_EDGE_MM) spots.push({ x: w / 2, y: inset, into: '+y', label: 'middle of the front edge (y 0)' }, { x: w / 2, y: d - inset, into: '-y', label: 'middle of the back edge' })
  if (d > MIDPOINT_EDGE_MM) spots.push({ x: inset, y: d / 2, into: '+x', label: 'middle of the left edge (x 0)' }, { x: w - inset, y: d / 2, into: '-x', label: 'middle of the right edge' })
  return spots.map(({ x, y, into, label, corner }) => ({
    role: 'table', size: s, position: [r2(x), r2(y)], rotation: rotationFor(into), ...face,
    ...(corner ? { corner, cornerInset: r2(margin) } : {}), label,
  }))
}

type Unnumbered = Omit<TableMarker, 'id'> | Omit<ModelMarker, 'id'> | Omit<TerrainMarker, 'id'>
type Wanted = { key: string; pool: 'table' | 'model' | 'terrain'; entry: Unnumbered }

export type RegistryFromArmy = {
  registry: Registry
  /** Ids given to a marker that `previous` did not have in the same place and size: print (or reprint) these. */
  fresh: number[]
}

export class ArmyTooLargeError extends Error {}

/**
 * The registry for an army on a table. With `previous` (the registry the player already printed),
 * every marker whose print still serves (the same object, size, face and kind of piece: a tab moved
 * to a bigger base is the same tab) keeps its id, so nothing printed and glued has to be done again;
 * only the markers to print are listed in `fresh`.
 *
 * Id plan (markers/README.md): table markers 0–7, models 10–89, terrain 90–99, so an army of up to
 * 80 models and 10 pieces fits DICT_4X4_100, the dictionary of the printed default sheets. Larger
 * armies move to DICT_4X4_250 (then DICT_4X4_1000), whose ids 0–99 are the same patterns: models
 * continue at 100 upwards, terrain at the top of the dictionary downwards.
 */
export function registryFromArmy(input: ArmyInput, previous?: Registry | null): RegistryFromArmy {
  const face = input.table.face ?? 'up'
  const wanted: Wanted[] = []
  // Table markers the player already has (laid, perhaps surveyed: their positions measured) stay as
  // they are, with every field; only a table without any gets the proposed layout.
  const keptTable = (previous?.markers ?? []).filter((m): m is TableMarker => m.role === 'table' && (m.face ?? 'up') === face)
  if (keptTable.length) keptTable.forEach(({ id: _id, ...entry }, i) => wanted.push({ key: `table:${i}`, pool: 'table', entry }))
  else proposedTableMarkers(input.table).forEach(({ label: _label, ...entry }, i) => wanted.push({ key: `table:${i}`, pool: 'table', entry }))
  const modelIds = new Set<string>()
  for (const m of input.models) {
    if (modelIds.has(m.id)) throw new Error(`model id "${m.id}" is named twice in the army`)
    modelIds.add(m.id)
    const layout: ArmyModel = face === 'down' ? { ...m, layout: 'under' } : m
    wanted.push({ key: `model:${m.id}`, pool: 'model', entry: { role: 'model', model: m.id, ...modelMarkerGeometry(layout) } })
  }
  for (const t of input.terrain ?? []) wanted.push({ key: `terrain:${t.id}`, pool: 'terrain', entry: { role: 'terrain', terrain: t.id, ...terrainMarkerGeometry(t, face) } })

  const keepable = previous && (previous.dictionary ?? 'DICT_4X4_100').startsWith('DICT_4X4_') ? previous : null
  const previousByKey = new Map<string, RegistryMarker>()
  if (keepable) {
    let tableIndex = 0
    for (const m of keepable.markers) {
      const key = m.role === 'table' ? `table:${tableIndex++}` : m.role === 'model' ? `model:${m.model}` : `terrain:${m.terrain}`
      if (!previousByKey.has(key)) previousByKey.set(key, m)
    }
  }
  const minCapacity = keepable ? dictionaryCapacity(keepable.dictionary ?? 'DICT_4X4_100') : 0
  for (const dictionary of DICTIONARIES) {
    const capacity = dictionaryCapacity(dictionary)
    if (capacity < minCapacity) continue
    const assigned = assignIds(wanted, previousByKey, capacity)
    if (!assigned) continue
    const markers = assigned.map((a) => a.marker)
    const terrain: NonNullable<Registry['terrain']> = {}
    for (const t of input.terrain ?? []) if (t.footprint) terrain[t.id] = { footprint: t.footprint, height: t.heightMm }
    // What a survey measured goes with the table markers it measured (kept as they are).
    const survey = keptTable.length && previous?.survey ? { survey: previous.survey } : {}
    const registry: Registry = { format: REGISTRY_FORMAT, dictionary, markers, ...(Object.keys(terrain).length ? { terrain } : {}), ...survey }
    return { registry, fresh: assigned.filter((a) => a.fresh).map((a) => a.marker.id).sort((a, b) => a - b) }
  }
  throw new ArmyTooLargeError(`${wanted.length} markers do not fit the largest 4×4 dictionary (DICT_4X4_1000, ids 0–999)`)
}

/** What is printed for a marker: its kind of piece (a tab is the same print whatever the base it is glued under). */
function printKind(m: Unnumbered | RegistryMarker): string {
  if (m.role === 'table') return 'table'
  if ((m.face ?? 'up') === 'down') return 'under'
  if (m.role === 'terrain') return (m.height ?? 0) > 0 ? 'top' : 'tab'
  const [x, y] = m.offset ?? [0, 0]
  return Math.hypot(x, y) < 0.01 ? 'token' : 'tab'
}

/** The marker the player has printed still serves: the same object, size, face and kind of piece (its offset may follow a new base). */
function sameMarker(a: Unnumbered, b: RegistryMarker): boolean {
  return a.role === b.role && Math.abs(a.size - b.size) < 0.01 && (a.face ?? 'up') === (b.face ?? 'up') && printKind(a) === printKind(b)
}

function poolIds(pool: Wanted['pool'], capacity: number): number[] {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, Math.min(to, capacity) - from) }, (_, i) => from + i)
  const down = (from: number, to: number) => range(to, from + 1).reverse()
  // Models and terrain may spill into the other's range when theirs is full; the `used` set keeps them apart.
  const models = [...range(10, 90), ...range(100, capacity), ...range(90, 100)]
  switch (pool) {
    case 'table': return [...range(0, 10), ...models]
    case 'model': return models
    case 'terrain': return [...range(90, 100), ...down(capacity - 1, 100), ...range(10, 90)]
  }
}

function assignIds(wanted: readonly Wanted[], previous: ReadonlyMap<string, RegistryMarker>, capacity: number): Array<{ marker: RegistryMarker; fresh: boolean }> | null {
  const used = new Set<number>()
  const ids = new Map<string, number>()
  // First every marker that can keep its printed id, then the new ones.
  for (const w of wanted) {
    const p = previous.get(w.key)
    if (p && p.id < capacity && !used.has(p.id) && sameMarker(w.entry, p)) {
      ids.set(w.key, p.id)
      used.add(p.id)
    }
  }
  // Ids printed before and not kept (a removed model's tab, a re-laid marker) may still lie about on the
  // table: they are given again only when every other id of the pool is taken.
  const retired = new Set([...previous.values()].map((m) => m.id).filter((id) => !used.has(id)))
  const pools = new Map<Wanted['pool'], number[]>()
  for (const w of wanted) {
    if (ids.has(w.key)) continue
    let pool = pools.get(w.pool)
    if (!pool) { pool = poolIds(w.pool, capacity); pools.set(w.pool, pool) }
    const id = pool.find((i) => !used.has(i) && !retired.has(i)) ?? pool.find((i) => !used.has(i))
    if (id === undefined) return null
    ids.set(w.key, id)
    used.add(id)
  }
  return wanted.map((w) => {
    const id = ids.get(w.key)!
    const before = previous.get(w.key)
    return { marker: { ...w.entry, id } as RegistryMarker, fresh: !before || before.id !== id }
  })
}

/** The layout a registry entry describes (to edit an imported or older table with the layouts it has). */
export function layoutOfMarker(marker: ModelMarker): MarkerLayout {
  if ((marker.face ?? 'up') === 'down') return 'under'
  const [x, y] = marker.offset ?? [0, 0]
  return Math.hypot(x, y) < 0.01 ? 'token' : 'tab'
}

/**
 * Teach by showing: the marker `id`, seen in view and unknown, now belongs to `model` with `layout`.
 * The model's earlier markers are dropped (the player stuck this one on instead); the id may not
 * belong to anything else.
 */
export function registerMarker(registry: Registry, id: number, model: ArmyModel): Registry {
  const owner = registry.markers.find((m) => m.id === id)
  if (owner) throw new Error(`marker ${id} already belongs to ${owner.role === 'table' ? 'the table' : owner.role === 'model' ? `model ${owner.model}` : `terrain ${owner.terrain}`}`)
  const capacity = dictionaryCapacity(registry.dictionary ?? 'DICT_4X4_100')
  if (id >= capacity) throw new Error(`marker ${id} is not in ${registry.dictionary ?? 'DICT_4X4_100'} (ids 0–${capacity - 1})`)
  const markers = registry.markers.filter((m) => !(m.role === 'model' && m.model === model.id))
  markers.push({ id, role: 'model', model: model.id, ...modelMarkerGeometry(model) })
  return { ...registry, markers }
}
