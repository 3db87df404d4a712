// Surfaces for tables whose models carry no marker (issue 34), drawn by the camera-order renderer:
// painted bases (round, oval, square or rectangular; a side band in the rim colour, a textured top:
// sand, flock, paving), miniature-like figures standing on them (a body, legs, head, arms and a weapon
// or a cloak, each in its own paint with a little texture; parts overhang the base and hide part of its
// rim), hands over the table (a palm, four fingers and a thumb, a forearm out to the frame's edge) and
// soft shadows under the models. Plain geometry in the world frame (mm, z up); nothing here knows the
// tracker (the file imports only the renderer's own scene types).
import type { Vec3 } from './cameraProjection.ts'
import { EVEN_LIGHT, cylinderSurface, prismSurface, type LightField, type Reflectance, type Surface } from './sceneSurfaces.ts'
import { valueNoise } from './valueNoise.ts'
import { seededUniform } from './playerTableScene.ts'

/** Light direction (from the surface towards the light), as the renderer's other solids use it. */
const LIGHT: Vec3 = [0.35, -0.45, 0.82]
const lambert = (nx: number, ny: number, nz: number) => 0.45 + 0.6 * Math.max(0, LIGHT[0] * nx + LIGHT[1] * ny + LIGHT[2] * nz)

export type BaseShapeJson = { shape: 'round'; diameter: number } | { shape: 'oval' | 'rect'; length: number; width: number }

/** How a base is painted: its rim (side band) and its top (a base colour with a texture of a given grain). */
export type BasePaint = { rim: Reflectance; top: Reflectance; topTexture: 'sand' | 'flock' | 'paving' | 'plain' }

/** A placed base: centre, facing (its length along it), height from z0. */
export type PlacedBase = { centre: readonly [number, number]; facingDeg: number; shape: BaseShapeJson; heightMm: number; z0?: number }

/** The base's outline as a function: local (forward, left) → signed distance-like value (< 0 inside), and its outward normal. */
function outlineOf(shape: BaseShapeJson): { a: number; b: number; rect: boolean } {
  return shape.shape === 'round' ? { a: shape.diameter / 2, b: shape.diameter / 2, rect: false } : { a: shape.length / 2, b: shape.width / 2, rect: shape.shape === 'rect' }
}

function topTexture(kind: BasePaint['topTexture'], lx: number, ly: number): number {
  switch (kind) {
    case 'plain': return 1
    case 'sand': return 0.8 + 0.35 * valueNoise(lx * 1.7, ly * 1.7) + 0.15 * valueNoise(lx * 0.3, ly * 0.3)
    case 'flock': return 0.65 + 0.55 * valueNoise(lx * 0.9, ly * 0.9) * valueNoise(lx * 0.25 + 7, ly * 0.25)
    case 'paving': {
      const gx = Math.abs(((lx + 100) % 7) - 3.5), gy = Math.abs(((ly + 100) % 7) - 3.5)
      return (gx > 3.1 || gy > 3.1 ? 0.45 : 1) * (0.85 + 0.25 * valueNoise(lx * 0.6, ly * 0.6))
    }
  }
}

/**
 * A painted base: a vertical prism (round and oval: the renderer's elliptic cylinder; rect: its prism)
 * from z0 to z0 + height, its side band in `paint.rim` as those surfaces shade it, its top in
 * `paint.top` with its texture. Regions: 0 top, others the sides.
 */
export function paintedBaseSurface(base: PlacedBase, paint: BasePaint): Surface {
  const { a, b, rect } = outlineOf(base.shape)
  const z0 = base.z0 ?? 0, z1 = z0 + base.heightMm
  const ang = (base.facingDeg * Math.PI) / 180, ca = Math.cos(ang), sa = Math.sin(ang)
  const [cx, cy] = base.centre
  if (rect && z0 !== 0) throw new Error('paintedBaseSurface: a rectangular base stands on the table (z0 0)')
  const body = rect
    ? prismSurface([[-a, -b], [a, -b], [a, b], [-a, b]].map(([x, y]) => [cx + ca * x! - sa * y!, cy + sa * x! + ca * y!] as [number, number]), base.heightMm, paint.rim)
    : cylinderSurface(base.centre, base.facingDeg, a, b, z0, z1, paint.rim)
  const topShade = lambert(0, 0, 1)
  return {
    bounds: body.bounds,
    hit: body.hit,
    shade(ox, oy, oz, dx, dy, dz, t, out) {
      const region = body.shade(ox, oy, oz, dx, dy, dz, t, out)
      const hz = oz + t * dz
      if (Math.abs(hz - z1) > 1e-6 * Math.max(1, Math.abs(t))) return region === 0 ? 2 : region
      // The top: the paint's own texture in the base's frame.
      const px = ox + t * dx - cx, py = oy + t * dy - cy
      const tex = topTexture(paint.topTexture, ca * px + sa * py, -sa * px + ca * py)
      out[0] = paint.top[0] * topShade * tex; out[1] = paint.top[1] * topShade * tex; out[2] = paint.top[2] * topShade * tex
      return 0
    },
  }
}

/** A painted part: an ellipsoid (centre, radii along its local x, y, z; turned by `angleDeg` about z). */
export type Ellipsoid = { kind: 'ellipsoid'; c: Vec3; r: Vec3; angleDeg: number; paint: Reflectance; texture?: number }
/** A painted part: a capped cylinder (a limb, a weapon, a staff) from `a` to `b` of radius `radius`. */
export type Rod = { kind: 'rod'; a: Vec3; b: Vec3; radius: number; paint: Reflectance; texture?: number }
export type FigurePart = Ellipsoid | Rod

function paintAt(paint: Reflectance, texture: number | undefined, x: number, y: number, z: number, f: number, out: Float64Array): void {
  const t = texture ? 1 - texture / 2 + texture * valueNoise(x * 0.8 + z * 0.5, y * 0.8 - z * 0.3) : 1
  out[0] = paint[0] * f * t; out[1] = paint[1] * f * t; out[2] = paint[2] * f * t
}

export function ellipsoidSurface(e: Ellipsoid): Surface {
  const ang = (e.angleDeg * Math.PI) / 180, ca = Math.cos(ang), sa = Math.sin(ang)
  const [rx, ry, rz] = e.r
  const reach = Math.max(rx, ry)
  const bounds: Vec3[] = []
  for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) bounds.push([e.c[0] + sx * reach, e.c[1] + sy * reach, e.c[2] + sz * rz])
  let nx = 0, ny = 0, nz = 1
  const intersect = (ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, keep: boolean): number => {
    const px = ox - e.c[0], py = oy - e.c[1], pz = oz - e.c[2]
    const lx = (ca * px + sa * py) / rx, ly = (-sa * px + ca * py) / ry, lz = pz / rz
    const vx = (ca * dx + sa * dy) / rx, vy = (-sa * dx + ca * dy) / ry, vz = dz / rz
    const qa = vx * vx + vy * vy + vz * vz, qb = 2 * (lx * vx + ly * vy + lz * vz), qc = lx * lx + ly * ly + lz * lz - 1
    const disc = qb * qb - 4 * qa * qc
    if (disc < 0) return Infinity
    const t = (-qb - Math.sqrt(disc)) / (2 * qa)
    if (!(t > 0)) return Infinity
    if (keep) {
      const hx = (lx + t * vx) / rx, hy = (ly + t * vy) / ry, hz = (lz + t * vz) / rz
      const wx = ca * hx - sa * hy, wy = sa * hx + ca * hy, n = Math.hypot(wx, wy, hz) || 1
      nx = wx / n; ny = wy / n; nz = hz / n
    }
    return t
  }
  return {
    bounds,
    hit: (ox, oy, oz, dx, dy, dz) => intersect(ox, oy, oz, dx, dy, dz, false),
    shade(ox, oy, oz, dx, dy, dz, t, out) {
      intersect(ox, oy, oz, dx, dy, dz, true)
      paintAt(e.paint, e.texture, ox + t * dx, oy + t * dy, oz + t * dz, lambert(nx, ny, nz), out)
      return 0
    },
  }
}

export function rodSurface(r: Rod): Surface {
  const ax = r.b[0] - r.a[0], ay = r.b[1] - r.a[1], az = r.b[2] - r.a[2]
  const len = Math.hypot(ax, ay, az)
  const ux = ax / len, uy = ay / len, uz = az / len
  const rad = r.radius
  const bounds: Vec3[] = []
  for (const p of [r.a, r.b]) for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) bounds.push([p[0] + sx * rad, p[1] + sy * rad, p[2] + sz * rad])
  let nx = 0, ny = 0, nz = 1
  const intersect = (ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, keep: boolean): number => {
    // Infinite cylinder about the axis: |(o + t d − a) × u|² = rad².
    const wx = ox - r.a[0], wy = oy - r.a[1], wz = oz - r.a[2]
    const dDotU = dx * ux + dy * uy + dz * uz, wDotU = wx * ux + wy * uy + wz * uz
    const dpx = dx - dDotU * ux, dpy = dy - dDotU * uy, dpz = dz - dDotU * uz
    const wpx = wx - wDotU * ux, wpy = wy - wDotU * uy, wpz = wz - wDotU * uz
    const qa = dpx * dpx + dpy * dpy + dpz * dpz, qb = 2 * (dpx * wpx + dpy * wpy + dpz * wpz), qc = wpx * wpx + wpy * wpy + wpz * wpz - rad * rad
    let best = Infinity
    const disc = qb * qb - 4 * qa * qc
    if (qa > 1e-18 && disc >= 0) {
      const t = (-qb - Math.sqrt(disc)) / (2 * qa)
      const s = wDotU + t * dDotU
      if (t > 0 && s >= 0 && s <= len) {
        best = t
        if (keep) {
          const hx = wx + t * dx - s * ux, hy = wy + t * dy - s * uy, hz = wz + t * dz - s * uz, n = Math.hypot(hx, hy, hz) || 1
          nx = hx / n; ny = hy / n; nz = hz / n
        }
      }
    }
    // Caps: discs at both ends.
    if (dDotU < -1e-15 || dDotU > 1e-15) {
      for (const [s, sign] of [[0, -1], [len, 1]] as const) {
        const t = (s - wDotU) / dDotU
        if (!(t > 0) || t >= best) continue
        const hx = wx + t * dx - s * ux, hy = wy + t * dy - s * uy, hz = wz + t * dz - s * uz
        if (hx * hx + hy * hy + hz * hz > rad * rad) continue
        best = t
        if (keep) { nx = sign * ux; ny = sign * uy; nz = sign * uz }
      }
    }
    return best
  }
  return {
    bounds,
    hit: (ox, oy, oz, dx, dy, dz) => intersect(ox, oy, oz, dx, dy, dz, false),
    shade(ox, oy, oz, dx, dy, dz, t, out) {
      intersect(ox, oy, oz, dx, dy, dz, true)
      paintAt(r.paint, r.texture, ox + t * dx, oy + t * dy, oz + t * dz, lambert(nx, ny, nz), out)
      return 0
    },
  }
}

export function partSurface(p: FigurePart): Surface {
  return p.kind === 'ellipsoid' ? ellipsoidSurface(p) : rodSurface(p)
}

/** Seeded uniform numbers in [0, 1) (the player table's mulberry32), for the figures' random shapes and paints. */
export const uniformSource = seededUniform

/** A standard normal draw from two of `rnd`'s uniforms (Box–Muller, cosine branch): corner noise in the tests. */
export const normalOf = (rnd: () => number): number => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())

/** Paints a player uses on miniatures (linear reflectances): armour, cloth, leather, skin, metal, bright details. */
export const MINIATURE_PAINTS: readonly Reflectance[] = [
  [0.45, 0.04, 0.03], [0.03, 0.08, 0.35], [0.05, 0.22, 0.06], [0.5, 0.38, 0.05], [0.33, 0.33, 0.34],
  [0.12, 0.07, 0.04], [0.55, 0.36, 0.26], [0.02, 0.02, 0.025], [0.62, 0.6, 0.55], [0.26, 0.05, 0.3],
  [0.08, 0.25, 0.3], [0.4, 0.18, 0.05], [0.18, 0.2, 0.1], [0.7, 0.12, 0.02],
]

export type FigureSpec = {
  /** Standing height above the base's top, mm. */
  heightMm: number
  /** Body width as a share of the base's smaller half-size (0.4–0.9). */
  bulk: number
  /** What it carries: a long weapon out to one side (overhangs the rim), a cloak behind, or nothing. */
  gear: 'weapon' | 'cloak' | 'none'
  paints: [Reflectance, Reflectance, Reflectance, Reflectance]
}

/** A random figure (a seeded choice of height, bulk, gear and four paints). */
export function randomFigure(rnd: () => number, heightRange: [number, number] = [24, 44]): FigureSpec {
  const pick = () => MINIATURE_PAINTS[Math.floor(rnd() * MINIATURE_PAINTS.length)]!
  const gear = rnd() < 0.45 ? 'weapon' : rnd() < 0.5 ? 'cloak' : 'none'
  return { heightMm: heightRange[0] + rnd() * (heightRange[1] - heightRange[0]), bulk: 0.55 + rnd() * 0.4, gear, paints: [pick(), pick(), pick(), pick()] }
}

/**
 * A miniature standing on a base: legs, a body, a head, arms, and its gear, in the base's frame
 * (forward along the facing), feet on the base's top. The parts' paints are the spec's four.
 */
export function figureParts(base: PlacedBase, spec: FigureSpec, rnd: () => number): FigurePart[] {
  const { a, b } = outlineOf(base.shape)
  const half = Math.min(a, b)
  const ang = (base.facingDeg * Math.PI) / 180, ca = Math.cos(ang), sa = Math.sin(ang)
  const top = (base.z0 ?? 0) + base.heightMm
  const at = (fx: number, ly: number, z: number): Vec3 => [base.centre[0] + ca * fx - sa * ly, base.centre[1] + sa * fx + ca * ly, top + z]
  const h = spec.heightMm
  const w = spec.bulk * half
  const [p0, p1, p2, p3] = spec.paints
  const lean = (rnd() - 0.5) * 0.25 * w
  const parts: FigurePart[] = [
    // Legs.
    { kind: 'rod', a: at(0, w * 0.3, 0), b: at(lean * 0.3, w * 0.28, h * 0.42), radius: w * 0.2, paint: p1, texture: 0.2 },
    { kind: 'rod', a: at(0.15 * w, -w * 0.3, 0), b: at(lean * 0.3, -w * 0.28, h * 0.42), radius: w * 0.2, paint: p1, texture: 0.2 },
    // Body and head.
    { kind: 'ellipsoid', c: at(lean * 0.6, 0, h * 0.58), r: [w * 0.55, w * 0.8, h * 0.22], angleDeg: base.facingDeg, paint: p0, texture: 0.3 },
    { kind: 'ellipsoid', c: at(lean, 0, h * 0.88), r: [h * 0.1, h * 0.1, h * 0.12], angleDeg: 0, paint: p3, texture: 0.1 },
    // Arms.
    { kind: 'rod', a: at(lean * 0.6, w * 0.85, h * 0.72), b: at(w * 0.5, w * 0.8, h * 0.45), radius: w * 0.13, paint: p0, texture: 0.2 },
    { kind: 'rod', a: at(lean * 0.6, -w * 0.85, h * 0.72), b: at(w * 0.55, -w * 0.6, h * 0.5), radius: w * 0.13, paint: p0, texture: 0.2 },
  ]
  if (spec.gear === 'weapon') {
    // A long weapon held across the body: it reaches past the base's rim on one side.
    const side = rnd() < 0.5 ? 1 : -1
    parts.push({ kind: 'rod', a: at(w * 0.5, -side * w * 0.6, h * 0.35), b: at(half * (0.9 + rnd() * 0.5), side * half * (0.6 + rnd() * 0.5), h * (0.55 + rnd() * 0.3)), radius: Math.max(0.7, w * 0.08), paint: p2, texture: 0.1 })
  } else if (spec.gear === 'cloak') {
    // A cloak down the back, flaring over the base's rear.
    parts.push({ kind: 'ellipsoid', c: at(-w * 0.45, 0, h * 0.42), r: [w * 0.35, w * 0.85, h * 0.4], angleDeg: base.facingDeg, paint: p2, texture: 0.35 })
  }
  return parts
}

/** Skin tones (linear reflectances). */
export const SKIN: readonly Reflectance[] = [[0.55, 0.36, 0.27], [0.35, 0.2, 0.13], [0.16, 0.09, 0.06], [0.62, 0.45, 0.36]]

/**
 * A hand over the table reaching from `from` (where the forearm leaves the view, world mm) to a palm
 * centred at `palm` (world mm, 20–120 mm above the table), fingers spread towards `towardsDeg`.
 */
export function handParts(palm: Vec3, from: Vec3, towardsDeg: number, skin: Reflectance): FigurePart[] {
  const a = (towardsDeg * Math.PI) / 180, ca = Math.cos(a), sa = Math.sin(a)
  const at = (fx: number, ly: number, dz: number): Vec3 => [palm[0] + ca * fx - sa * ly, palm[1] + sa * fx + ca * ly, palm[2] + dz]
  const parts: FigurePart[] = [
    { kind: 'ellipsoid', c: palm, r: [48, 42, 14], angleDeg: towardsDeg, paint: skin, texture: 0.1 },
    { kind: 'rod', a: from, b: at(-30, 0, 4), radius: 30, paint: skin, texture: 0.1 },
  ]
  for (let i = 0; i < 4; i++) {
    const ly = -24 + i * 16
    parts.push({ kind: 'rod', a: at(36, ly, 0), b: at(36 + 62 - Math.abs(i - 1.5) * 8, ly * 1.2, -18), radius: 8, paint: skin, texture: 0.1 })
  }
  parts.push({ kind: 'rod', a: at(0, 36, 0), b: at(34, 70, -14), radius: 9.5, paint: skin, texture: 0.1 })
  return parts
}

/**
 * Soft shadows of the models on the table: the light (LIGHT) casts each model's shadow away from it,
 * a darkened ellipse of the model's base size stretched along the light, its edge 4 mm soft.
 */
export function modelShadows(models: readonly { centre: readonly [number, number]; radiusMm: number; heightMm: number }[], base: LightField = EVEN_LIGHT, depth = 0.55): LightField {
  const lx = -LIGHT[0], ly = -LIGHT[1]
  const ln = Math.hypot(lx, ly), dx = lx / ln, dy = ly / ln
  const throwPerMm = ln / LIGHT[2]
  // A 40 mm grid of the models whose shadow may reach each cell (the field is called per ray).
  const CELL = 40
  const grid = new Map<number, number[]>()
  models.forEach((m, i) => {
    const reach = m.heightMm * throwPerMm + m.radiusMm + 6
    const x0 = Math.floor((m.centre[0] - reach) / CELL), x1 = Math.floor((m.centre[0] + reach) / CELL)
    const y0 = Math.floor((m.centre[1] - reach) / CELL), y1 = Math.floor((m.centre[1] + reach) / CELL)
    for (let gx = x0; gx <= x1; gx++) for (let gy = y0; gy <= y1; gy++) {
      const key = gx * 100003 + gy
      const list = grid.get(key) ?? []
      list.push(i)
      grid.set(key, list)
    }
  })
  return (x, y, z) => {
    let e = base(x, y, z)
    if (z > 0.5) return e
    const list = grid.get(Math.floor(x / CELL) * 100003 + Math.floor(y / CELL))
    if (!list) return e
    for (const i of list) {
      const m = models[i]!
      const along = (x - m.centre[0]) * dx + (y - m.centre[1]) * dy
      if (along < -m.radiusMm) continue
      const reach = m.heightMm * throwPerMm
      const across = Math.abs(-(x - m.centre[0]) * dy + (y - m.centre[1]) * dx)
      const inside = Math.max(across - m.radiusMm * 0.8, along - reach)
      if (inside > 4) continue
      e *= 1 - depth * (inside <= -4 ? 1 : (4 - inside) / 8)
    }
    return e
  }
}
