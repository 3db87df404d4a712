// A table whose models carry no marker (issue 34), for the camera-order renderer: the table markers
// the player laid (from a registry, as plain JSON), mats of several kinds, models on painted bases of
// any shape and size with painted figures on them, terrain pieces, hands over the table and soft
// shadows; some models may still carry a rear tab (a mixed table). The truth: each base where it
// stands, and how much of its rim a camera sees (`baseRimInImage`). Imports nothing from src/.
import { centreOf, projectToImage, type CameraPlacement, type Lens, type Vec3 } from './cameraProjection.ts'
import {
  EVEN_LIGHT, clothBackground, markerCornersWorld, markerSurface, prismSurface,
  type Background, type LightField, type MarkerPlacement, type Reflectance, type Surface,
} from './sceneSurfaces.ts'
import type { CameraScene } from './renderCameraOrder.ts'
import type { RegistryJson } from './playerTableScene.ts'
import { valueNoise } from './valueNoise.ts'
import {
  figureParts, handParts, modelShadows, paintedBaseSurface, partSurface, randomFigure, uniformSource, SKIN,
  type BasePaint, type BaseShapeJson, type FigurePart, type FigureSpec, type PlacedBase,
} from './baseSurfaces.ts'

/** Mats players play on: a mottled green cloth, a desert mat, grey flagstones, a printed hex grid, a black space mat. */
export type MatKind = 'green' | 'desert' | 'flagstones' | 'hex' | 'black'
export const MAT_KINDS: readonly MatKind[] = ['green', 'desert', 'flagstones', 'hex', 'black']

export function matBackground(kind: MatKind, table: { widthMm: number; depthMm: number }, light: LightField = EVEN_LIGHT): Background {
  // Off the mat (the floor, rays going up): as the renderer's own cloth background draws it.
  const around = clothBackground(table, undefined, light)
  return (ox, oy, oz, dx, dy, dz, out) => {
    if (dz > -1e-12) return around(ox, oy, oz, dx, dy, dz, out)
    const t = -oz / dz
    const x = ox + t * dx, y = oy + t * dy
    const e = light(x, y, 0)
    if (x >= 0 && y >= 0 && x <= table.widthMm && y <= table.depthMm) {
      const m = 0.6 * valueNoise(x / 90, y / 90) + 0.3 * valueNoise(x / 17, y / 17) + 0.1 * valueNoise(x / 4, y / 4)
      let r: number, g: number, b: number, region = 0
      switch (kind) {
        case 'green': { const f = 0.75 + 0.45 * m; r = 0.14 * f; g = 0.26 * f; b = 0.12 * f; break }
        case 'desert': { const f = 0.8 + 0.35 * m; r = 0.46 * f; g = 0.33 * f; b = 0.18 * f; break }
        case 'black': { const f = 0.8 + 0.4 * m; r = 0.035 * f; g = 0.035 * f; b = 0.045 * f; break }
        case 'flagstones': {
          // Irregular stones (a jittered 60 mm grid), dark grout lines 2 mm wide.
          const gx = x / 60 + 0.3 * valueNoise(y / 40, 3), gy = y / 60 + 0.3 * valueNoise(x / 40, 9)
          const fx = gx - Math.floor(gx), fy = gy - Math.floor(gy)
          const grout = Math.min(fx, 1 - fx, fy, 1 - fy) * 60 < 1
          const tone = 0.7 + 0.5 * valueNoise(Math.floor(gx) * 3.1, Math.floor(gy) * 7.7)
          const f = (grout ? 0.35 : tone) * (0.85 + 0.3 * m)
          r = 0.3 * f; g = 0.29 * f; b = 0.27 * f; region = grout ? 3 : 0
          break
        }
        case 'hex': {
          // A printed 1" hex grid (dark lines 1.2 mm wide) on a green-brown field.
          const s = 25.4 / Math.sqrt(3)
          const q = ((Math.sqrt(3) / 3) * x - y / 3) / s, rr = ((2 / 3) * y) / s
          const [hq, hr] = hexRound(q, rr)
          const cxh = s * Math.sqrt(3) * (hq + hr / 2), cyh = s * 1.5 * hr
          const edge = hexEdgeDistance(x - cxh, y - cyh, s)
          const line = edge < 0.6
          const f = (line ? 0.3 : 1) * (0.8 + 0.35 * m)
          r = 0.2 * f; g = 0.24 * f; b = 0.13 * f; region = line ? 3 : 0
          break
        }
      }
      out[0] = r * e; out[1] = g * e; out[2] = b * e
      return region
    }
    return around(ox, oy, oz, dx, dy, dz, out)
  }
}

function hexRound(q: number, r: number): [number, number] {
  const s = -q - r
  let rq = Math.round(q), rr = Math.round(r)
  const rs = Math.round(s)
  const dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s)
  if (dq > dr && dq > ds) rq = -rr - rs
  else if (dr > ds) rr = -rq - rs
  return [rq, rr]
}

/** Distance from a point (relative to a pointy-top hexagon's centre, circumradius s) to the hexagon's edge. */
function hexEdgeDistance(px: number, py: number, s: number): number {
  const apothem = (s * Math.sqrt(3)) / 2
  let worst = 0
  for (let k = 0; k < 6; k++) {
    const a = (k * Math.PI) / 3
    worst = Math.max(worst, px * Math.cos(a) + py * Math.sin(a))
  }
  return apothem - worst
}

/** Base paints players use: black rims with sand or flock, a stone-grey, a brown, a light sand. */
export const BASE_PAINTS: readonly BasePaint[] = [
  { rim: [0.03, 0.03, 0.035], top: [0.3, 0.22, 0.13], topTexture: 'sand' },
  { rim: [0.03, 0.03, 0.035], top: [0.1, 0.2, 0.06], topTexture: 'flock' },
  { rim: [0.03, 0.03, 0.035], top: [0.22, 0.21, 0.2], topTexture: 'paving' },
  { rim: [0.2, 0.12, 0.06], top: [0.25, 0.17, 0.09], topTexture: 'sand' },
  { rim: [0.25, 0.25, 0.24], top: [0.3, 0.3, 0.28], topTexture: 'paving' },
  { rim: [0.45, 0.36, 0.22], top: [0.5, 0.4, 0.25], topTexture: 'sand' },
]

/** A model's rear tab (a mixed table: some models keep their markers). */
export type ModelTab = { id: number; sizeMm: number; offset: readonly [number, number]; rotationDeg: number; cells: Uint8Array; cellsSide: number }

export type BaseModel = {
  id: string
  base: BaseShapeJson
  baseHeightMm: number
  position: [number, number]
  facingDeg: number
  /** Bottom of the base (0 on the table; a terrain piece's top). */
  z?: number
  paint: BasePaint
  figure: FigureSpec
  /** Seed of the figure's own shape (its pose, its gear's side). */
  figureSeed: number
  tab?: ModelTab
}

export type BaseTerrain = { id: string; footprint: readonly (readonly [number, number])[]; heightMm: number; colour?: Reflectance }

/** A hand over the table: the palm's centre (world mm), where the arm comes from, where the fingers point. */
export type HandOver = { palm: Vec3; from: Vec3; towardsDeg: number; skin?: Reflectance }

export type BaseTableOptions = {
  table: { widthMm: number; depthMm: number }
  registry: RegistryJson
  /** Where each table marker lies (centre mm, rotation deg); default: its registry position. */
  laid?: ReadonlyMap<number, { position: readonly [number, number]; rotation: number }>
  cellsOf: (id: number) => { cells: Uint8Array; side: number }
  mat: MatKind
  models: readonly BaseModel[]
  terrain?: readonly BaseTerrain[]
  hands?: readonly HandOver[]
  shadows?: boolean
  light?: LightField
}

export type BaseTableScene = CameraScene & {
  table: { widthMm: number; depthMm: number }
  models: readonly BaseModel[]
  /** Each model's base surface (for the rim's visibility). */
  baseSurfaces: Map<string, Surface>
  markers: Array<MarkerPlacement & { owner: string; cornersWorld: Vec3[] }>
}

export function buildBaseTableScene(o: BaseTableOptions): BaseTableScene {
  const light0 = o.light ?? EVEN_LIGHT
  const light = o.shadows
    ? modelShadows(o.models.map((m) => ({ centre: m.position, radiusMm: halfSizes(m.base).minor, heightMm: m.baseHeightMm + m.figure.heightMm * 0.8 })), light0)
    : light0
  const surfaces: Surface[] = []
  const markers: BaseTableScene['markers'] = []
  const addMarker = (m: MarkerPlacement, owner: string) => {
    surfaces.push(markerSurface(m, light))
    markers.push({ ...m, owner, cornersWorld: markerCornersWorld(m) })
  }
  for (const m of o.registry.markers) {
    if (m.role !== 'table') continue
    const laid = o.laid?.get(m.id) ?? (m.position ? { position: m.position, rotation: m.rotation ?? 0 } : null)
    if (!laid) throw new Error(`buildBaseTableScene: table marker ${m.id} has no place`)
    const c = o.cellsOf(m.id)
    addMarker({ id: m.id, sizeMm: m.size, marginMm: m.size / 6, centre: [laid.position[0], laid.position[1], 0], rotationDeg: laid.rotation, cells: c.cells, cellsSide: c.side }, 'table')
  }
  for (const t of o.terrain ?? []) surfaces.push(prismSurface(t.footprint, t.heightMm, t.colour ?? [0.3, 0.27, 0.24]))
  const baseSurfaces = new Map<string, Surface>()
  for (const m of o.models) {
    const placed: PlacedBase = { centre: m.position, facingDeg: m.facingDeg, shape: m.base, heightMm: m.baseHeightMm, z0: m.z ?? 0 }
    const s = paintedBaseSurface(placed, m.paint)
    surfaces.push(s)
    baseSurfaces.set(m.id, s)
    for (const p of figureParts(placed, m.figure, uniformSource(m.figureSeed))) surfaces.push(partSurface(p))
    if (m.tab) {
      const a = (m.facingDeg * Math.PI) / 180, ca = Math.cos(a), sa = Math.sin(a)
      const [ox, oy] = m.tab.offset
      addMarker({
        id: m.tab.id, sizeMm: m.tab.sizeMm, marginMm: m.tab.sizeMm / 6,
        centre: [m.position[0] + ca * ox - sa * oy, m.position[1] + sa * ox + ca * oy, m.z ?? 0],
        rotationDeg: m.facingDeg + m.tab.rotationDeg, cells: m.tab.cells, cellsSide: m.tab.cellsSide,
      }, m.id)
    }
  }
  for (const h of o.hands ?? []) for (const p of handParts(h.palm, h.from, h.towardsDeg, h.skin ?? SKIN[0]!)) surfaces.push(partSurface(p))
  return { surfaces, background: matBackground(o.mat, o.table, light), table: o.table, models: o.models, baseSurfaces, markers }
}

function halfSizes(b: BaseShapeJson): { major: number; minor: number } {
  return b.shape === 'round' ? { major: b.diameter / 2, minor: b.diameter / 2 } : { major: Math.max(b.length, b.width) / 2, minor: Math.min(b.length, b.width) / 2 }
}

/** Points round a base's outline in its own frame (forward, left) with the outward normal, evenly by arc length. */
export function outlinePoints(b: BaseShapeJson, count: number): Array<{ p: [number, number]; n: [number, number] }> {
  const out: Array<{ p: [number, number]; n: [number, number] }> = []
  if (b.shape === 'rect') {
    const a = b.length / 2, w = b.width / 2, per = 4 * (a + w)
    for (let i = 0; i < count; i++) {
      let s = ((i + 0.5) / count) * per
      if (s < 2 * w) { out.push({ p: [a, -w + s], n: [1, 0] }); continue }
      s -= 2 * w
      if (s < 2 * a) { out.push({ p: [a - s, w], n: [0, 1] }); continue }
      s -= 2 * a
      if (s < 2 * w) { out.push({ p: [-a, w - s], n: [-1, 0] }); continue }
      s -= 2 * w
      out.push({ p: [-a + s, -w], n: [0, -1] })
    }
    return out
  }
  const a = b.shape === 'round' ? b.diameter / 2 : b.length / 2, w = b.shape === 'round' ? b.diameter / 2 : b.width / 2
  for (let i = 0; i < count; i++) {
    const th = ((i + 0.5) / count) * 2 * Math.PI
    const nx = Math.cos(th) / a, ny = Math.sin(th) / w, nn = Math.hypot(nx, ny)
    out.push({ p: [a * Math.cos(th), w * Math.sin(th)], n: [nx / nn, ny / nn] })
  }
  return out
}

export type BaseRimInImage = {
  id: string
  /** The base's centre in the image (px), or null behind the camera. */
  centrePx: [number, number] | null
  /** The centre lies inside the frame. */
  inView: boolean
  /** Share of the base's rim (its outline as the camera sees it: the near bottom edge, the far top edge) in the frame and not covered. */
  rimVisible: number
  /** Mean size of a mm on the table at the base, px. */
  pxPerMm: number
}

/**
 * How much of a base's rim the camera sees. The rim is the base's outline in the picture: points of
 * its bottom and top edges where the line from the camera through a point just outside the edge
 * misses the base altogether. Each such point counts as seen when it is in the frame (2 px in) and
 * nothing — the model's own figure, another model, terrain, a hand — is in front of it.
 */
export function baseRimInImage(scene: BaseTableScene, lens: Lens, placement: CameraPlacement, model: BaseModel, samples = 96): BaseRimInImage {
  const own = scene.baseSurfaces.get(model.id)!
  const eye = centreOf(placement)
  const a = (model.facingDeg * Math.PI) / 180, ca = Math.cos(a), sa = Math.sin(a)
  const z0 = model.z ?? 0
  const q = new Float64Array(2)
  let rim = 0, seen = 0
  for (const { p, n } of outlinePoints(model.base, samples)) {
    const wx = model.position[0] + ca * p[0] - sa * p[1], wy = model.position[1] + sa * p[0] + ca * p[1]
    const nx = ca * n[0] - sa * n[1], ny = sa * n[0] + ca * n[1]
    for (const z of [z0, z0 + model.baseHeightMm]) {
      const out: Vec3 = [wx + 0.3 * nx, wy + 0.3 * ny, z]
      const dx = out[0] - eye[0], dy = out[1] - eye[1], dz = out[2] - eye[2]
      if (own.hit(eye[0], eye[1], eye[2], dx, dy, dz) !== Infinity) continue
      rim++
      if (!projectToImage(lens, placement, [wx, wy, z], q)) continue
      if (q[0]! < 2 || q[1]! < 2 || q[0]! > lens.width - 3 || q[1]! > lens.height - 3) continue
      const ex = wx - eye[0], ey = wy - eye[1], ez = z - eye[2]
      let covered = false
      for (const s of scene.surfaces) if (s !== own && s.hit(eye[0], eye[1], eye[2], ex, ey, ez) < 0.999) { covered = true; break }
      if (!covered) seen++
    }
  }
  const c = new Float64Array(2), c1 = new Float64Array(2)
  const centreOk = projectToImage(lens, placement, [model.position[0], model.position[1], z0], c)
  projectToImage(lens, placement, [model.position[0] + 10, model.position[1], z0], c1)
  const c2 = new Float64Array(2)
  projectToImage(lens, placement, [model.position[0], model.position[1] + 10, z0], c2)
  const pxPerMm = (Math.hypot(c1[0]! - c[0]!, c1[1]! - c[1]!) + Math.hypot(c2[0]! - c[0]!, c2[1]! - c[1]!)) / 20
  const inView = centreOk && c[0]! >= 0 && c[1]! >= 0 && c[0]! <= lens.width - 1 && c[1]! <= lens.height - 1
  return { id: model.id, centrePx: centreOk ? [c[0]!, c[1]!] : null, inView, rimVisible: rim ? seen / rim : 0, pxPerMm }
}

/** The sizes of bases the issue names, by shape: round 25–60 mm, ovals, squares and rectangles. */
export const BASE_SIZES: readonly BaseShapeJson[] = [
  { shape: 'round', diameter: 25 }, { shape: 'round', diameter: 28 }, { shape: 'round', diameter: 32 }, { shape: 'round', diameter: 40 },
  { shape: 'round', diameter: 50 }, { shape: 'round', diameter: 60 },
  { shape: 'oval', length: 60, width: 35 }, { shape: 'oval', length: 75, width: 42 },
  { shape: 'rect', length: 25, width: 25 }, { shape: 'rect', length: 40, width: 40 }, { shape: 'rect', length: 50, width: 25 },
]

export function baseLabel(b: BaseShapeJson): string {
  return b.shape === 'round' ? `round ${b.diameter}` : `${b.shape} ${b.length}×${b.width}`
}

/**
 * A random army on bases (seeded): `count` models of the given sizes, placed on the table inside
 * `area` at least `gapMm` apart, keeping off `keepOut` circles (markers, terrain), each with a random
 * base paint, height 3–5 mm, and figure.
 */
export function randomArmy(seed: number, count: number, sizes: readonly BaseShapeJson[], area: { x0: number; y0: number; x1: number; y1: number }, keepOut: ReadonlyArray<{ c: readonly [number, number]; r: number }> = [], gapMm = 8, paints: readonly BasePaint[] = BASE_PAINTS): BaseModel[] {
  const rnd = uniformSource(seed * 7717 + 3)
  const placed: Array<{ c: [number, number]; r: number }> = []
  const models: BaseModel[] = []
  for (let i = 0; i < count; i++) {
    const base = sizes[i % sizes.length]!
    const r = halfSizes(base).major
    let position: [number, number] | null = null
    for (let tries = 0; tries < 3000 && !position; tries++) {
      const c: [number, number] = [area.x0 + r + rnd() * (area.x1 - area.x0 - 2 * r), area.y0 + r + rnd() * (area.y1 - area.y0 - 2 * r)]
      if (placed.some((p) => Math.hypot(p.c[0] - c[0], p.c[1] - c[1]) < p.r + r + gapMm)) continue
      if (keepOut.some((k) => Math.hypot(k.c[0] - c[0], k.c[1] - c[1]) < k.r + r + gapMm)) continue
      position = c
    }
    if (!position) throw new Error(`randomArmy: no room for model ${i + 1} of ${count}`)
    placed.push({ c: position, r })
    models.push({
      id: `m${i + 1}`, base, baseHeightMm: 3 + rnd() * 2, position, facingDeg: rnd() * 360 - 180,
      paint: paints[Math.floor(rnd() * paints.length)]!, figure: randomFigure(rnd, halfSizes(base).minor >= 22 ? [38, 70] : [24, 44]), figureSeed: Math.floor(rnd() * 1e9),
    })
  }
  return models
}

export type { BaseShapeJson, FigurePart }
