// Random but reproducible tabletop scenes for the synthetic frame renderer: a 4'×4' table, 8 table
// reference markers (corners and edge midpoints), models with marker tabs or tokens, terrain, hands.
// Returns the render spec, the marker registry a user would write for it, and the true poses.
import { markerCells, type DictionarySpec } from '../../../src/tracking/opencv/markerDetector.ts'
import type { OpenCvHandle } from '../../../src/tracking/opencv/openCv.ts'
import type { Registry, RegistryMarker } from '../../../src/tracking/registry/registrySchema.ts'
import { lookAt } from './projection.ts'
import type { CameraIntrinsics, Vector3 } from '../../../src/tracking/types.ts'
import { createRandom, type Random } from './random.ts'
import {
  REALISTIC_EFFECTS, pointInPolygon, visibleTablePolygon,
  type Rgb, type SynthBase, type SynthEffects, type SynthFrameSpec, type SynthHand, type SynthMarker, type SynthModel, type SynthTerrain,
} from './renderTableFrame.ts'

export const TABLE_4X4_MM = 1219.2
/** Gap between a base's edge and its tab's white margin (the printed tab's neck), so the base cannot hide the margin. */
export const TAB_GAP_MM = 3

export type TabletopOptions = {
  seed: number
  width?: number
  height?: number
  /** Horizontal field of view, degrees. */
  hfovDeg?: number
  /** Principal point offset from the image centre, px (real phones are off by 5–20 px). */
  principalOffsetPx?: [number, number]
  /** Camera distance to the look-at point, mm, and elevation above the table plane, degrees. */
  distanceMm?: number
  elevationDeg?: number
  /** Azimuth of the camera around the look-at point, degrees (0 = camera on the −y side looking +y). */
  azimuthDeg?: number
  lookAtMm?: [number, number]
  models?: number
  markerSizeMm?: number
  tableMarkerSizeMm?: number
  terrain?: number
  hands?: number
  /** Models with figures standing on the base. Default true. */
  figures?: boolean
  effects?: Partial<SynthEffects>
  dictionary?: DictionarySpec
  /**
   * Camera below a transparent table looking up: every marker faces down (table markers, and one
   * token under each base); bases and figures stand on top, seen through the glass.
   */
  fromBelow?: boolean
}

export type TruthPose = { id: string; kind: 'model' | 'terrain'; position: [number, number]; z: number; facing: number }

export type TabletopScene = {
  spec: SynthFrameSpec
  registry: Registry
  truth: TruthPose[]
  /** Per marker id: the object it belongs to (or 'table'). */
  markerOwner: Map<number, string>
}

const BASES: { base: SynthBase; heightMm: number }[] = [
  { base: { shape: 'round', diameter: 25 }, heightMm: 3 },
  { base: { shape: 'round', diameter: 28 }, heightMm: 3.5 },
  { base: { shape: 'round', diameter: 32 }, heightMm: 4 },
  { base: { shape: 'round', diameter: 40 }, heightMm: 4 },
  { base: { shape: 'round', diameter: 50 }, heightMm: 4.5 },
  { base: { shape: 'oval', length: 60, width: 35 }, heightMm: 4 },
]

function baseExtent(b: SynthBase): { forward: number; side: number } {
  return b.shape === 'round' ? { forward: b.diameter / 2, side: b.diameter / 2 } : { forward: b.length / 2, side: b.width / 2 }
}

/** Quiet zone of our printed markers: one cell of the 6-cell (4×4 + border) pattern. */
export function quietZoneMm(sizeMm: number): number {
  return sizeMm / 6
}

export function buildTabletopScene(cv: OpenCvHandle, opts: TabletopOptions): TabletopScene {
  const rnd = createRandom(opts.seed)
  const width = opts.width ?? 1920
  const height = opts.height ?? 1080
  const hfov = ((opts.hfovDeg ?? 66) * Math.PI) / 180
  const f = width / 2 / Math.tan(hfov / 2)
  const [pox, poy] = opts.principalOffsetPx ?? [0, 0]
  const intrinsics: CameraIntrinsics = { width, height, fx: f, fy: f, cx: (width - 1) / 2 + pox, cy: (height - 1) / 2 + poy, source: 'calibration' }
  const table = { widthMm: TABLE_4X4_MM, depthMm: TABLE_4X4_MM }
  const look = opts.lookAtMm ?? [table.widthMm / 2, table.depthMm / 2]
  const dist = opts.distanceMm ?? 1100
  const elev = ((opts.elevationDeg ?? 45) * Math.PI) / 180
  const az = ((opts.azimuthDeg ?? 0) * Math.PI) / 180
  const eye: Vector3 = [
    look[0] + dist * Math.cos(elev) * Math.sin(az),
    look[1] - dist * Math.cos(elev) * Math.cos(az),
    (opts.fromBelow ? -1 : 1) * dist * Math.sin(elev),
  ]
  const pose = lookAt(eye, [look[0], look[1], 0])
  const dictionary = opts.dictionary ?? 'DICT_4X4_100'
  const cellsCache = new Map<number, ReturnType<typeof markerCells>>()
  const cellsOf = (id: number) => {
    let c = cellsCache.get(id)
    if (!c) { c = markerCells(cv, dictionary, id); cellsCache.set(id, c) }
    return c
  }

  const face = opts.fromBelow ? 'down' as const : 'up' as const
  const registryMarkers: RegistryMarker[] = []
  const markers: SynthMarker[] = []
  const markerOwner = new Map<number, string>()
  const addMarker = (id: number, sizeMm: number, centre: [number, number], z: number, rotationDeg: number) => {
    const c = cellsOf(id)
    markers.push({ id, sizeMm, quietZoneMm: quietZoneMm(sizeMm), centre, z, rotationDeg, face, cells: c.cells, cellsSide: c.side })
  }

  // Table reference markers: corners and edge midpoints, 70 mm in from the edges.
  const refSize = opts.tableMarkerSizeMm ?? 70
  const inset = 70
  const refPositions: [number, number][] = [
    [inset, inset], [table.widthMm / 2, inset], [table.widthMm - inset, inset],
    [table.widthMm - inset, table.depthMm / 2], [table.widthMm - inset, table.depthMm - inset],
    [table.widthMm / 2, table.depthMm - inset], [inset, table.depthMm - inset], [inset, table.depthMm / 2],
  ]
  refPositions.forEach((p, i) => {
    const rotation = 90 * (i % 4)
    registryMarkers.push({ id: i, role: 'table', size: refSize, position: p, rotation, ...(opts.fromBelow ? { face } : {}) })
    markerOwner.set(i, 'table')
    addMarker(i, refSize, p, 0, rotation)
  })

  const specBase = { width, height, intrinsics, pose }
  const view = visibleTablePolygon(specBase, 60)
  const inView = (x: number, y: number) => pointInPolygon(view, x, y) && x > 40 && y > 40 && x < table.widthMm - 40 && y < table.depthMm - 40
  const placed: { c: [number, number]; r: number }[] = refPositions.map((c) => ({ c, r: refSize * 0.75 }))
  const place = (radius: number): [number, number] | null => {
    for (let tries = 0; tries < 400; tries++) {
      const c: [number, number] = [rnd.range(0, table.widthMm), rnd.range(0, table.depthMm)]
      if (!inView(c[0], c[1])) continue
      if (placed.some((p) => Math.hypot(p.c[0] - c[0], p.c[1] - c[1]) < p.r + radius + 4)) continue
      placed.push({ c, r: radius })
      return c
    }
    return null
  }

  const truth: TruthPose[] = []
  const terrain: SynthTerrain[] = []
  const terrainPieces: Record<string, { footprint: [number, number][]; height: number }> = {}
  let nextId = 10
  const terrainCount = opts.terrain ?? 2
  for (let i = 0; i < terrainCount; i++) {
    const w = rnd.range(90, 160), d = rnd.range(60, 110), h = rnd.range(20, 60)
    const c = place(Math.hypot(w, d) / 2)
    if (!c) continue
    const id = `terrain-${i + 1}`
    const footprint: [number, number][] = [[-w / 2, -d / 2], [w / 2, -d / 2], [w / 2, d / 2], [-w / 2, d / 2]]
    const rotation = rnd.range(-180, 180)
    terrain.push({ id, position: c, rotationDeg: rotation, footprint, heightMm: h, color: [120, 110, 100] })
    terrainPieces[id] = { footprint, height: h }
    const size = 30
    const markerId = 90 + i
    const offset: [number, number] = [rnd.range(-w / 2 + 25, w / 2 - 25), rnd.range(-d / 2 + 25, d / 2 - 25)]
    const rot = rnd.pick([0, 90, 180, 270])
    registryMarkers.push({ id: markerId, role: 'terrain', terrain: id, size, offset, rotation: rot, height: h })
    markerOwner.set(markerId, id)
    const a = (rotation * Math.PI) / 180
    addMarker(markerId, size, [c[0] + Math.cos(a) * offset[0] - Math.sin(a) * offset[1], c[1] + Math.sin(a) * offset[0] + Math.cos(a) * offset[1]], h, rotation + rot)
    truth.push({ id, kind: 'terrain', position: c, z: 0, facing: rotation })
  }

  const models: SynthModel[] = []
  const markerSize = opts.markerSizeMm ?? 20
  const modelCount = opts.models ?? 12
  for (let i = 0; i < modelCount && nextId < 90; i++) {
    const { base, heightMm } = rnd.pick(BASES)
    const ext = baseExtent(base)
    const layout = opts.fromBelow ? 'under' : rnd.pick(['tab', 'tab', 'tab', 'token', 'twin'] as const)
    const tokenSize = Math.min(markerSize, (2 * Math.min(ext.forward, ext.side)) / (1 + 2 / 6) - 1)
    const tabDistance = ext.forward + TAB_GAP_MM + quietZoneMm(markerSize) + markerSize / 2
    const reach = layout === 'token' ? Math.max(ext.forward, ext.side) : tabDistance + markerSize * 0.75
    const c = place(reach)
    if (!c) continue
    const facing = rnd.range(-180, 180)
    const id = `m${i + 1}`
    const figures = opts.figures ?? true
    const model: SynthModel = {
      id, position: c, facingDeg: facing, z: 0, base, baseHeightMm: heightMm, baseColor: [40, 40, 44],
      figure: layout === 'token' || !figures ? undefined : { radiusMm: Math.min(ext.side, ext.forward) * 0.45, heightMm: rnd.range(25, 45), color: randomColour(rnd) },
    }
    models.push(model)
    truth.push({ id, kind: 'model', position: c, z: 0, facing })
    const mount = (offset: [number, number], heightAbove: number, rotation: number, size: number) => {
      const markerId = nextId++
      registryMarkers.push({ id: markerId, role: 'model', model: id, size, offset, rotation, height: heightAbove, ...(opts.fromBelow ? { face } : {}) })
      markerOwner.set(markerId, id)
      const a = (facing * Math.PI) / 180
      addMarker(markerId, size, [c[0] + Math.cos(a) * offset[0] - Math.sin(a) * offset[1], c[1] + Math.sin(a) * offset[0] + Math.cos(a) * offset[1]], heightAbove, facing + rotation)
    }
    if (layout === 'under') mount([0, 0], 0, 90, tokenSize)
    else if (layout === 'token') mount([0, 0], heightMm, 0, tokenSize)
    else if (layout === 'tab') mount([-tabDistance, 0], 0, 90, markerSize)
    else {
      mount([-tabDistance, 0], 0, 90, markerSize)
      if (nextId < 90) mount([tabDistance, 0], 0, -90, markerSize)
    }
  }

  const hands: SynthHand[] = []
  for (let i = 0; i < (opts.hands ?? 1); i++) {
    const fromBottom = rnd.next() < 0.5
    hands.push({
      cx: rnd.range(0.2, 0.8) * width,
      cy: fromBottom ? height * rnd.range(0.85, 1.0) : height * rnd.range(0.4, 0.7),
      rx: width * rnd.range(0.04, 0.07), ry: height * rnd.range(0.12, 0.2), angleDeg: rnd.range(-40, 40),
      color: [205, 160, 135],
    })
  }

  const effects: SynthEffects = { ...REALISTIC_EFFECTS, seed: opts.seed, ...opts.effects }
  const spec: SynthFrameSpec = { width, height, intrinsics, pose, table, markers, models, terrain, hands, effects }
  const registry: Registry = {
    format: 'tabletop-markers/1',
    dictionary: typeof dictionary === 'string' ? dictionary : undefined,
    markers: registryMarkers,
    terrain: terrainPieces,
  }
  return { spec, registry, truth, markerOwner }
}

function randomColour(rnd: Random): Rgb {
  return [rnd.range(60, 200), rnd.range(60, 200), rnd.range(60, 200)]
}

export type SceneFrameOptions = {
  seed: number
  /** New true poses for some models (id → position, facing); others stay where the scene has them. */
  moves?: Record<string, { position: [number, number]; facing: number }>
  camera?: Pick<TabletopOptions, 'distanceMm' | 'elevationDeg' | 'azimuthDeg' | 'hfovDeg' | 'width' | 'height'>
  effects?: Partial<SynthEffects>
  /** First marker id for the models' rear tabs (ids 0–7 are the table markers). */
  firstModelId?: number
}

type SceneLike = {
  table: { width: number; depth: number }
  models: { id: string; base: { shape: string; diameter?: number; length?: number; width?: number }; height: number; position: [number, number]; facing?: number }[]
  terrain?: ({ id: string; footprint: [number, number][]; height: number } | { id: string; mesh: string })[]
}

/**
 * A frame of an existing scene (e.g. a ruleset's demo): its models get 20 mm rear tabs (the printed
 * tab layout of markers/README.md), its prism terrain is drawn, table markers as in buildTabletopScene.
 */
export function buildSceneFrame(cv: OpenCvHandle, scene: SceneLike, opts: SceneFrameOptions): TabletopScene {
  const base = buildTabletopScene(cv, { seed: opts.seed, models: 0, terrain: 0, hands: 0, effects: opts.effects, ...opts.camera })
  const markers = base.spec.markers.filter((m) => m.id < 8)
  const registryMarkers: RegistryMarker[] = base.registry.markers.filter((m) => m.role === 'table')
  const markerOwner = new Map<number, string>([...base.markerOwner].filter(([id]) => id < 8))
  const truth: TruthPose[] = []
  const models: SynthModel[] = []
  const rnd = createRandom(opts.seed + 1)
  let nextId = opts.firstModelId ?? 10
  for (const m of scene.models) {
    const moved = opts.moves?.[m.id]
    const position = moved?.position ?? m.position
    const facing = moved?.facing ?? m.facing ?? 0
    const synthBase: SynthBase = m.base.shape === 'round'
      ? { shape: 'round', diameter: m.base.diameter! }
      : { shape: 'oval', length: m.base.length!, width: m.base.width! }
    const halfLength = m.base.shape === 'round' ? m.base.diameter! / 2 : m.base.length! / 2
    const ext = baseExtent(synthBase)
    models.push({
      id: m.id, position, facingDeg: facing, z: 0, base: synthBase, baseHeightMm: 3, baseColor: [40, 40, 44],
      figure: { radiusMm: Math.min(ext.side, ext.forward) * 0.45, heightMm: Math.min(45, m.height), color: randomColour(rnd) },
    })
    truth.push({ id: m.id, kind: 'model', position, z: 0, facing })
    const size = 20
    const offset: [number, number] = [-(halfLength + TAB_GAP_MM + quietZoneMm(size) + size / 2), 0]
    const id = nextId++
    registryMarkers.push({ id, role: 'model', model: m.id, size, offset, rotation: -90, height: 0 })
    markerOwner.set(id, m.id)
    const c = cellsFor(cv, id)
    const a = (facing * Math.PI) / 180
    markers.push({
      id, sizeMm: size, quietZoneMm: quietZoneMm(size), z: 0, rotationDeg: facing - 90, face: 'up', cells: c.cells, cellsSide: c.side,
      centre: [position[0] + Math.cos(a) * offset[0], position[1] + Math.sin(a) * offset[0]],
    })
  }
  const terrain: SynthTerrain[] = (scene.terrain ?? []).flatMap((t) => ('footprint' in t ? [{ id: t.id, position: [0, 0] as [number, number], rotationDeg: 0, footprint: t.footprint, heightMm: t.height, color: [120, 110, 100] as Rgb }] : []))
  const spec: SynthFrameSpec = { ...base.spec, table: { widthMm: scene.table.width, depthMm: scene.table.depth }, markers, models, terrain }
  return { spec, registry: { format: 'tabletop-markers/1', dictionary: 'DICT_4X4_100', markers: registryMarkers }, truth, markerOwner }
}

function cellsFor(cv: OpenCvHandle, id: number) {
  return markerCells(cv, 'DICT_4X4_100', id)
}
