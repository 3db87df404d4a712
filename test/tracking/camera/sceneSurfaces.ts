// What the camera-order renderer draws: surfaces in the world (mm, z up) that a ray can hit, each
// returning its linear-light reflectance (0–1 per channel) and a region id (two samples with the same
// surface and region have the same colour up to smooth shading: the renderer supersamples only where
// they differ). Plain geometry: flat printed sheets (markers, a ChArUco board, any texture), vertical
// elliptic cylinders (bases, figures), prisms (terrain), and the background (a cloth on the table
// plane, the floor around it). Nothing here knows the tracker.
import type { Vec3 } from './cameraProjection.ts'
import { valueNoise } from './valueNoise.ts'

export type Reflectance = [number, number, number]

export interface Surface {
  /** World points whose image box contains the surface's image. */
  readonly bounds: readonly Vec3[]
  /** Ray parameter of the nearest hit (origin o, direction d, not necessarily unit), or Infinity. */
  hit(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): number
  /** Linear radiance (reflectance × light) at the hit of the same ray at parameter t into `out`; returns a region id. */
  shade(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, t: number, out: Float64Array): number
}

/** Printed ink and paper as a camera sees them under even light (linear reflectances). */
export const PAPER: Reflectance = [0.84, 0.84, 0.81]
export const INK: Reflectance = [0.035, 0.035, 0.04]

/**
 * A flat rectangle: centre `c`, unit axes `ex`, `ey` in its plane, half sizes `hx`, `hy` (mm), and a
 * texture in its own mm coordinates (lx along ex, ly along ey) writing a reflectance and returning a region id.
 */
export type PlanarSheet = {
  c: Vec3
  ex: Vec3
  ey: Vec3
  hx: number
  hy: number
  texture: (lx: number, ly: number, out: Float64Array) => number
  /** Drawn in front of a coplanar surface by this much (a sheet on a sheet), mm. */
  lift?: number
}

export function planarSurface(s: PlanarSheet, light: LightField = EVEN_LIGHT): Surface {
  const n: Vec3 = [s.ex[1] * s.ey[2] - s.ex[2] * s.ey[1], s.ex[2] * s.ey[0] - s.ex[0] * s.ey[2], s.ex[0] * s.ey[1] - s.ex[1] * s.ey[0]]
  const lift = s.lift ?? 0
  const bounds: Vec3[] = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([a, b]) => [
    s.c[0] + s.ex[0] * a! * s.hx + s.ey[0] * b! * s.hy,
    s.c[1] + s.ex[1] * a! * s.hx + s.ey[1] * b! * s.hy,
    s.c[2] + s.ex[2] * a! * s.hx + s.ey[2] * b! * s.hy,
  ])
  const [cx, cy, cz] = s.c
  return {
    bounds,
    hit(ox, oy, oz, dx, dy, dz) {
      const den = dx * n[0] + dy * n[1] + dz * n[2]
      if (den > -1e-15 && den < 1e-15) return Infinity
      const t = ((cx - ox) * n[0] + (cy - oy) * n[1] + (cz - oz) * n[2]) / den
      if (!(t > 0)) return Infinity
      const px = ox + t * dx - cx, py = oy + t * dy - cy, pz = oz + t * dz - cz
      const lx = px * s.ex[0] + py * s.ex[1] + pz * s.ex[2]
      const ly = px * s.ey[0] + py * s.ey[1] + pz * s.ey[2]
      if (lx < -s.hx || lx > s.hx || ly < -s.hy || ly > s.hy) return Infinity
      // As if the sheet lay `lift` mm above its plane: it wins against the surface it lies on.
      return t - lift / Math.abs(den)
    },
    shade(ox, oy, oz, dx, dy, dz, t, out) {
      const den = dx * n[0] + dy * n[1] + dz * n[2]
      const tt = ((cx - ox) * n[0] + (cy - oy) * n[1] + (cz - oz) * n[2]) / den
      const wx = ox + tt * dx, wy = oy + tt * dy, wz = oz + tt * dz
      const px = wx - cx, py = wy - cy, pz = wz - cz
      const region = s.texture(px * s.ex[0] + py * s.ex[1] + pz * s.ex[2], px * s.ey[0] + py * s.ey[1] + pz * s.ey[2], out)
      const e = light(wx, wy, wz)
      out[0] = out[0]! * e; out[1] = out[1]! * e; out[2] = out[2]! * e
      return region
    },
  }
}

/** Irradiance at a world point, relative (1 = the exposure's reference light). */
export type LightField = (x: number, y: number, z: number) => number
export const EVEN_LIGHT: LightField = () => 1

/**
 * A square fiducial: the black square of `sizeMm` with `cells` (row-major, `cellsSide`², 1 = white,
 * row 0 at the pattern's top, +y) inside a white margin of `marginMm`. Regions: 0 paper, 1 ink.
 */
export function markerTexture(sizeMm: number, cells: Uint8Array, cellsSide: number, paper: Reflectance = PAPER, ink: Reflectance = INK) {
  const half = sizeMm / 2, cell = sizeMm / cellsSide
  return (lx: number, ly: number, out: Float64Array): number => {
    let white = true
    if (lx > -half && lx < half && ly > -half && ly < half) {
      const col = Math.min(cellsSide - 1, Math.floor((lx + half) / cell))
      const row = Math.min(cellsSide - 1, Math.floor((half - ly) / cell))
      white = cells[row * cellsSide + col] === 1
    }
    const r = white ? paper : ink
    out[0] = r[0]; out[1] = r[1]; out[2] = r[2]
    return white ? 0 : 1
  }
}

/** A marker lying on a plane: `centre` (x, y, z), `rotationDeg` of its x axis from world +x, tilt (deg about its x, then y axis). */
export type MarkerPlacement = {
  id: number
  sizeMm: number
  marginMm: number
  centre: Vec3
  rotationDeg: number
  cells: Uint8Array
  cellsSide: number
  tiltDeg?: [number, number]
}

/** The marker's axes in the world (x, y in its plane, after its tilt). */
export function markerAxes(m: Pick<MarkerPlacement, 'rotationDeg' | 'tiltDeg'>): { ex: Vec3; ey: Vec3 } {
  const a = (m.rotationDeg * Math.PI) / 180
  let ex: Vec3 = [Math.cos(a), Math.sin(a), 0]
  let ey: Vec3 = [-Math.sin(a), Math.cos(a), 0]
  let n: Vec3 = [0, 0, 1]
  const [tx = 0, ty = 0] = m.tiltDeg ?? [0, 0]
  if (tx) {
    const c = Math.cos((tx * Math.PI) / 180), s = Math.sin((tx * Math.PI) / 180)
    const ey2: Vec3 = [ey[0] * c + n[0] * s, ey[1] * c + n[1] * s, ey[2] * c + n[2] * s]
    n = [n[0] * c - ey[0] * s, n[1] * c - ey[1] * s, n[2] * c - ey[2] * s]
    ey = ey2
  }
  if (ty) {
    const c = Math.cos((ty * Math.PI) / 180), s = Math.sin((ty * Math.PI) / 180)
    ex = [ex[0] * c + n[0] * s, ex[1] * c + n[1] * s, ex[2] * c + n[2] * s]
  }
  return { ex, ey }
}

/** The black square's corners in the world, OpenCV's order (the pattern's top-left, top-right, bottom-right, bottom-left). */
export function markerCornersWorld(m: Pick<MarkerPlacement, 'sizeMm' | 'centre' | 'rotationDeg' | 'tiltDeg'>): Vec3[] {
  const s = m.sizeMm / 2
  const { ex, ey } = markerAxes(m)
  return ([[-s, s], [s, s], [s, -s], [-s, -s]] as const).map(([a, b]) => [
    m.centre[0] + ex[0] * a + ey[0] * b, m.centre[1] + ex[1] * a + ey[1] * b, m.centre[2] + ex[2] * a + ey[2] * b,
  ] as Vec3)
}

export function markerSurface(m: MarkerPlacement, light: LightField = EVEN_LIGHT): Surface {
  const { ex, ey } = markerAxes(m)
  const half = m.sizeMm / 2 + m.marginMm
  return planarSurface({ c: m.centre, ex, ey, hx: half, hy: half, texture: markerTexture(m.sizeMm, m.cells, m.cellsSide), lift: 0.05 }, light)
}

/**
 * A vertical elliptic cylinder with a top cap (a base, a figure): centre (x, y), semi-axes a (along
 * `angleDeg`) and b, from z0 to z1; Lambert shading under a light from above and one side.
 */
export function cylinderSurface(c: readonly [number, number], angleDeg: number, a: number, b: number, z0: number, z1: number, colour: Reflectance): Surface {
  const ang = (angleDeg * Math.PI) / 180, ca = Math.cos(ang), sa = Math.sin(ang)
  const bounds: Vec3[] = []
  const grow = 1 / Math.cos(Math.PI / 16)
  for (let i = 0; i < 16; i++) {
    const th = (i / 16) * 2 * Math.PI
    const lx = a * grow * Math.cos(th), ly = b * grow * Math.sin(th)
    const x = c[0] + ca * lx - sa * ly, y = c[1] + sa * lx + ca * ly
    bounds.push([x, y, z0], [x, y, z1])
  }
  let nx = 0, ny = 0, nz = 1
  const intersect = (ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, keepNormal: boolean): number => {
    const px0 = ox - c[0], py0 = oy - c[1]
    const lox = (ca * px0 + sa * py0) / a, loy = (-sa * px0 + ca * py0) / b
    const ldx = (ca * dx + sa * dy) / a, ldy = (-sa * dx + ca * dy) / b
    let best = Infinity
    if (dz < -1e-15 || dz > 1e-15) {
      const t = (z1 - oz) / dz
      if (t > 0) {
        const px = lox + t * ldx, py = loy + t * ldy
        if (px * px + py * py <= 1) { best = t; if (keepNormal) { nx = 0; ny = 0; nz = 1 } }
      }
    }
    const qa = ldx * ldx + ldy * ldy, qb = 2 * (lox * ldx + loy * ldy), qc = lox * lox + loy * loy - 1
    const disc = qb * qb - 4 * qa * qc
    if (qa > 1e-18 && disc >= 0) {
      const t = (-qb - Math.sqrt(disc)) / (2 * qa)
      const z = oz + t * dz
      if (t > 0 && t < best && z >= z0 && z <= z1) {
        best = t
        if (keepNormal) {
          const px = lox + t * ldx, py = loy + t * ldy
          const ux = px / a, uy = py / b, nn = Math.hypot(ux, uy) || 1
          nx = (ca * ux - sa * uy) / nn; ny = (sa * ux + ca * uy) / nn; nz = 0
        }
      }
    }
    return best
  }
  return {
    bounds,
    hit: (ox, oy, oz, dx, dy, dz) => intersect(ox, oy, oz, dx, dy, dz, false),
    shade(ox, oy, oz, dx, dy, dz, _t, out) {
      intersect(ox, oy, oz, dx, dy, dz, true)
      const f = 0.45 + 0.6 * Math.max(0, 0.35 * nx - 0.45 * ny + 0.82 * nz)
      out[0] = colour[0] * f; out[1] = colour[1] * f; out[2] = colour[2] * f
      return nz === 1 ? 0 : 1
    },
  }
}

/** A prism: a footprint polygon (world mm, any order) from z = 0 to `heightMm`. */
export function prismSurface(poly: readonly (readonly [number, number])[], heightMm: number, colour: Reflectance): Surface {
  const bounds: Vec3[] = poly.flatMap(([x, y]) => [[x, y, 0], [x, y, heightMm]] as Vec3[])
  let shadeF = 1, region = 0
  const intersect = (ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, keep: boolean): number => {
    let best = Infinity
    if (dz < -1e-15 || dz > 1e-15) {
      const t = (heightMm - oz) / dz
      if (t > 0 && inside(poly, ox + t * dx, oy + t * dy)) { best = t; if (keep) { shadeF = 1; region = 0 } }
    }
    for (let i = 0; i < poly.length; i++) {
      const [ax, ay] = poly[i]!, [bx, by] = poly[(i + 1) % poly.length]!
      const ex = bx - ax, ey = by - ay
      const den = dx * ey - dy * ex
      if (den > -1e-15 && den < 1e-15) continue
      const t = ((ax - ox) * ey - (ay - oy) * ex) / den
      const u = ((ax - ox) * dy - (ay - oy) * dx) / den
      const z = oz + t * dz
      if (t > 0 && t < best && u >= 0 && u <= 1 && z >= 0 && z <= heightMm) {
        best = t
        if (keep) { shadeF = 0.6 + 0.3 * Math.abs(ey / Math.hypot(ex, ey)); region = 1 + i }
      }
    }
    return best
  }
  return {
    bounds,
    hit: (ox, oy, oz, dx, dy, dz) => intersect(ox, oy, oz, dx, dy, dz, false),
    shade(ox, oy, oz, dx, dy, dz, _t, out) {
      intersect(ox, oy, oz, dx, dy, dz, true)
      out[0] = colour[0] * shadeF; out[1] = colour[1] * shadeF; out[2] = colour[2] * shadeF
      return region
    },
  }
}

function inside(poly: readonly (readonly [number, number])[], x: number, y: number): boolean {
  let c = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!, [xj, yj] = poly[j]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c
  }
  return c
}

/**
 * The background every ray that hits nothing ends on: the plane z = 0, a cloth inside the table's
 * rectangle (a mottled green mat: smooth at the pixel scale, busy enough to trouble a threshold),
 * a wooden floor outside. Region ids: 0 cloth, 1 floor, 2 sky (rays going up).
 */
export type Background = (ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, out: Float64Array) => number

export function clothBackground(table: { widthMm: number; depthMm: number }, cloth: Reflectance = [0.14, 0.26, 0.12], light: LightField = EVEN_LIGHT): Background {
  return (ox, oy, oz, dx, dy, dz, out) => {
    if (dz > -1e-12) { out[0] = 0.3; out[1] = 0.3; out[2] = 0.3; return 2 }
    const t = -oz / dz
    const x = ox + t * dx, y = oy + t * dy
    const e = light(x, y, 0)
    if (x >= 0 && y >= 0 && x <= table.widthMm && y <= table.depthMm) {
      const f = 0.75 + 0.45 * mottle(x, y)
      out[0] = cloth[0] * f * e; out[1] = cloth[1] * f * e; out[2] = cloth[2] * f * e
      return 0
    }
    const f = 0.7 + 0.5 * mottle(x / 4, y * 3)
    out[0] = 0.09 * f * e; out[1] = 0.055 * f * e; out[2] = 0.035 * f * e
    return 1
  }
}

/** 0–1 mottling at three scales (90, 17 and 4 mm). */
function mottle(x: number, y: number): number {
  return 0.6 * valueNoise(x / 90, y / 90) + 0.3 * valueNoise(x / 17, y / 17) + 0.1 * valueNoise(x / 4, y / 4)
}
