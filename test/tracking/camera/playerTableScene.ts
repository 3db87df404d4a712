// A player's table as the camera-order renderer draws it: the registry My table made (read as plain
// JSON: table markers with their sheet spots, model and terrain markers with their printed geometry),
// the player's models standing where they put them (bases and figures as the army says), terrain
// pieces, and the table markers laid as a player lays them: off the sheet's spots by a few mm (8–15
// mm by default) and turned by up to 10°. The truth is that laying, never the registry's spots.
import { type Vec3 } from './cameraProjection.ts'
import {
  EVEN_LIGHT, clothBackground, cylinderSurface, markerCornersWorld, markerSurface, prismSurface,
  type LightField, type MarkerPlacement, type Reflectance, type Surface,
} from './sceneSurfaces.ts'
import type { CameraScene } from './renderCameraOrder.ts'

/** What the renderer reads of a `tabletop-markers/1` registry (plain JSON). */
export type RegistryJson = {
  dictionary?: string
  markers: ReadonlyArray<{
    id: number
    role: 'table' | 'model' | 'terrain'
    size: number
    position?: readonly [number, number]
    rotation?: number
    corner?: string
    model?: string
    terrain?: string
    offset?: readonly [number, number]
    height?: number
    face?: 'up' | 'down'
  }>
}

export type BaseJson = { shape: 'round'; diameter: number } | { shape: 'oval' | 'rect'; length: number; width: number }

export type ArmyPiece = { id: string; base: BaseJson; figureHeightMm: number; baseHeightMm?: number }
/** A terrain piece: footprint in its own frame (mm), height, where the player stood it. */
export type TerrainPiece = { id: string; footprint: readonly (readonly [number, number])[]; heightMm: number }

export type PlayerTableOptions = {
  seed: number
  table: { widthMm: number; depthMm: number }
  registry: RegistryJson
  army: readonly ArmyPiece[]
  terrain?: readonly TerrainPiece[]
  /** How far a table marker lies from its sheet spot (mm, min–max) and how far it is turned (degrees, at most). */
  laying?: { offSpotMm: [number, number]; turnDeg: number }
  /** The printed cells of a marker id. */
  cellsOf: (id: number) => { cells: Uint8Array; side: number }
  light?: LightField
  /** Models keep this far from the table's edges, mm. Default 130 (clear of the corner markers). */
  edgeMarginMm?: number
}

export type PlacedMarker = MarkerPlacement & { owner: string; surface: Surface; cornersWorld: Vec3[] }
export type PlacedModel = { id: string; position: [number, number]; facingDeg: number; baseHeightMm: number }
export type PlacedTerrain = { id: string; position: [number, number]; rotationDeg: number }

export type PlayerTableScene = CameraScene & {
  table: { widthMm: number; depthMm: number }
  markers: PlacedMarker[]
  models: PlacedModel[]
  terrain: PlacedTerrain[]
  /** Each table marker where the player laid it: centre (mm) and rotation (degrees). */
  laid: Map<number, { position: [number, number]; rotation: number }>
}

const DEG = Math.PI / 180

/** Seeded uniform numbers (mulberry32). */
export function seededUniform(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const halfExtent = (b: BaseJson) => (b.shape === 'round' ? { forward: b.diameter / 2, side: b.diameter / 2 } : { forward: b.length / 2, side: b.width / 2 })

export function buildPlayerTableScene(o: PlayerTableOptions): PlayerTableScene {
  const rnd = seededUniform(o.seed * 7919 + 101)
  const range = (a: number, b: number) => a + (b - a) * rnd()
  const light = o.light ?? EVEN_LIGHT
  const { widthMm: W, depthMm: D } = o.table
  const laying = o.laying ?? { offSpotMm: [8, 15], turnDeg: 10 }
  const surfaces: Surface[] = []
  const markers: PlacedMarker[] = []
  const laid = new Map<number, { position: [number, number]; rotation: number }>()
  const keepOut: { c: [number, number]; r: number }[] = []
  const addMarker = (id: number, owner: string, sizeMm: number, centre: Vec3, rotationDeg: number) => {
    const c = o.cellsOf(id)
    const m: MarkerPlacement = { id, sizeMm, marginMm: sizeMm / 6, centre, rotationDeg, cells: c.cells, cellsSide: c.side }
    const surface = markerSurface(m, light)
    surfaces.push(surface)
    markers.push({ ...m, owner, surface, cornersWorld: markerCornersWorld(m) })
  }

  // Table markers: off their spot by `offSpotMm` in a direction that keeps the paper on the table, turned.
  for (const m of o.registry.markers) {
    if (m.role !== 'table') continue
    if ((m.face ?? 'up') !== 'up') throw new Error('buildPlayerTableScene: a camera above the table only')
    if (!m.position) throw new Error(`buildPlayerTableScene: table marker ${m.id} has no sheet spot`)
    const half = (m.size / 2 + m.size / 6) * Math.SQRT2
    let pos: [number, number] = [m.position[0], m.position[1]]
    for (let tries = 0; tries < 200; tries++) {
      const dist = range(laying.offSpotMm[0], laying.offSpotMm[1]), dir = range(0, 2 * Math.PI)
      const p: [number, number] = [m.position[0] + dist * Math.cos(dir), m.position[1] + dist * Math.sin(dir)]
      if (p[0] - half * 0.72 >= 0 && p[1] - half * 0.72 >= 0 && p[0] + half * 0.72 <= W && p[1] + half * 0.72 <= D) { pos = p; break }
    }
    const rotation = (m.rotation ?? 0) + range(-laying.turnDeg, laying.turnDeg)
    laid.set(m.id, { position: pos, rotation })
    keepOut.push({ c: pos, r: half + 10 })
    addMarker(m.id, 'table', m.size, [pos[0], pos[1], 0], rotation)
  }

  const margin = o.edgeMarginMm ?? 130
  const place = (radius: number): [number, number] => {
    for (let tries = 0; tries < 4000; tries++) {
      const c: [number, number] = [range(margin + radius * 0.3, W - margin - radius * 0.3), range(margin + radius * 0.3, D - margin - radius * 0.3)]
      if (keepOut.some((k) => Math.hypot(k.c[0] - c[0], k.c[1] - c[1]) < k.r + radius + 6)) continue
      keepOut.push({ c, r: radius })
      return c
    }
    throw new Error('buildPlayerTableScene: no free spot left on the table')
  }

  // Terrain first (the biggest pieces), then the models.
  const terrain: PlacedTerrain[] = []
  for (const t of o.terrain ?? []) {
    const reach = Math.max(...t.footprint.map(([x, y]) => Math.hypot(x, y)))
    const markerReach = Math.max(0, ...o.registry.markers.filter((m) => m.role === 'terrain' && m.terrain === t.id).map((m) => Math.hypot(...(m.offset ?? [0, 0])) + m.size))
    const position = place(Math.max(reach, markerReach))
    const rotationDeg = range(-180, 180)
    const ca = Math.cos(rotationDeg * DEG), sa = Math.sin(rotationDeg * DEG)
    const poly = t.footprint.map(([x, y]) => [position[0] + ca * x - sa * y, position[1] + sa * x + ca * y] as [number, number])
    surfaces.push(prismSurface(poly, t.heightMm, [0.32, 0.29, 0.26]))
    terrain.push({ id: t.id, position, rotationDeg })
    for (const m of o.registry.markers) {
      if (m.role !== 'terrain' || m.terrain !== t.id) continue
      const [ox, oy] = m.offset ?? [0, 0]
      addMarker(m.id, t.id, m.size, [position[0] + ca * ox - sa * oy, position[1] + sa * ox + ca * oy, m.height ?? 0], rotationDeg + (m.rotation ?? 0))
    }
  }

  const models: PlacedModel[] = []
  for (const a of o.army) {
    const own = o.registry.markers.filter((m) => m.role === 'model' && m.model === a.id)
    const ext = halfExtent(a.base)
    const reach = Math.max(Math.hypot(ext.forward, ext.side), ...own.map((m) => Math.hypot(...(m.offset ?? [0, 0])) + m.size * 0.75))
    const position = place(reach)
    const facingDeg = range(-180, 180)
    const baseHeightMm = a.baseHeightMm ?? 3
    const ca = Math.cos(facingDeg * DEG), sa = Math.sin(facingDeg * DEG)
    const colour: Reflectance = [0.05, 0.05, 0.06]
    if (a.base.shape === 'rect') {
      const hx = a.base.length / 2, hy = a.base.width / 2
      surfaces.push(prismSurface([[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]].map(([x, y]) => [position[0] + ca * x! - sa * y!, position[1] + sa * x! + ca * y!] as [number, number]), baseHeightMm, colour))
    } else {
      surfaces.push(cylinderSurface(position, facingDeg, ext.forward, ext.side, 0, baseHeightMm, colour))
    }
    const token = own.some((m) => Math.hypot(...(m.offset ?? [0, 0])) < 0.01)
    if (!token) {
      const r = Math.min(ext.forward, ext.side) * 0.45
      const tint: Reflectance = [range(0.1, 0.5), range(0.1, 0.5), range(0.1, 0.5)]
      surfaces.push(cylinderSurface(position, facingDeg, r, r, baseHeightMm, baseHeightMm + Math.min(45, a.figureHeightMm), tint))
    }
    models.push({ id: a.id, position, facingDeg, baseHeightMm })
    for (const m of own) {
      const [ox, oy] = m.offset ?? [0, 0]
      // A marker's height is above the base's bottom: 0 for a tab on the table, the base's top for a token.
      addMarker(m.id, a.id, m.size, [position[0] + ca * ox - sa * oy, position[1] + sa * ox + ca * oy, m.height ?? 0], facingDeg + (m.rotation ?? 0))
    }
  }
  return { surfaces, background: clothBackground(o.table, undefined, light), table: o.table, markers, models, terrain, laid }
}
