// Base shapes on the table: support functions, containment, boundary and area sampling.
// A base is a convex shape centred on the model's position; `length` runs along the facing.
import type { BaseShape } from '../scene/sceneSchema.ts'
import { radians } from '../units.ts'

/** A base placed on the table: centre, facing unit vector and semi-axes (mm). */
export type PlacedBase = {
  shape: BaseShape['shape']
  cx: number
  cy: number
  /** Facing unit vector (u) and its left normal (v = u rotated +90°). */
  ux: number
  uy: number
  /** Semi-axis along the facing (half length) and across it (half width), mm. */
  halfLengthMm: number
  halfWidthMm: number
}

export function placeBase(base: BaseShape, cx: number, cy: number, facingDeg: number): PlacedBase {
  const f = radians(facingDeg)
  const halfLengthMm = base.shape === 'round' ? base.diameter / 2 : base.length / 2
  const halfWidthMm = base.shape === 'round' ? base.diameter / 2 : base.width / 2
  return { shape: base.shape, cx, cy, ux: Math.cos(f), uy: Math.sin(f), halfLengthMm, halfWidthMm }
}

/** The point of the base farthest along direction (dx, dy), written to target. */
export function supportPoint(b: PlacedBase, dx: number, dy: number, target: { x: number; y: number }): void {
  const du = dx * b.ux + dy * b.uy
  const dv = -dx * b.uy + dy * b.ux
  let pu: number
  let pv: number
  if (b.shape === 'rect') {
    pu = du >= 0 ? b.halfLengthMm : -b.halfLengthMm
    pv = dv >= 0 ? b.halfWidthMm : -b.halfWidthMm
  } else {
    const a = b.halfLengthMm
    const c = b.halfWidthMm
    const n = Math.sqrt(a * a * du * du + c * c * dv * dv)
    if (n === 0) {
      pu = a
      pv = 0
    } else {
      pu = (a * a * du) / n
      pv = (c * c * dv) / n
    }
  }
  target.x = b.cx + pu * b.ux - pv * b.uy
  target.y = b.cy + pu * b.uy + pv * b.ux
}

/** Is the table point (x, y) inside or on the base (tolerance epsMm)? */
export function baseContains(b: PlacedBase, x: number, y: number, epsMm = 1e-9): boolean {
  const dx = x - b.cx
  const dy = y - b.cy
  const u = dx * b.ux + dy * b.uy
  const v = -dx * b.uy + dy * b.ux
  if (b.shape === 'rect') return Math.abs(u) <= b.halfLengthMm + epsMm && Math.abs(v) <= b.halfWidthMm + epsMm
  const a = b.halfLengthMm + epsMm
  const c = b.halfWidthMm + epsMm
  return (u * u) / (a * a) + (v * v) / (c * c) <= 1
}

/** Table point at model-frame offset (u forward, v left) from the base centre. */
export function baseFrameToTable(b: PlacedBase, u: number, v: number): [number, number] {
  return [b.cx + u * b.ux - v * b.uy, b.cy + u * b.uy + v * b.ux]
}

/** Centre of the front edge (the boundary point straight ahead along the facing). */
export function frontEdgeCentre(b: PlacedBase): [number, number] {
  return baseFrameToTable(b, b.halfLengthMm, 0)
}

/** Points on the base boundary, counter-clockwise, `count` of them (rect: corners plus evenly spaced edge points). */
export function sampleBaseBoundary(b: PlacedBase, count: number): Array<[number, number]> {
  const out: Array<[number, number]> = []
  if (b.shape === 'rect') {
    const a = b.halfLengthMm
    const c = b.halfWidthMm
    const corners: Array<[number, number]> = [[a, -c], [a, c], [-a, c], [-a, -c]]
    const per = Math.max(1, Math.floor(count / 4))
    for (let k = 0; k < 4; k++) {
      const p = corners[k]!
      const q = corners[(k + 1) % 4]!
      for (let i = 0; i < per; i++) {
        const t = i / per
        out.push(baseFrameToTable(b, p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
      }
    }
    return out
  }
  for (let i = 0; i < count; i++) {
    const t = (2 * Math.PI * i) / count
    out.push(baseFrameToTable(b, b.halfLengthMm * Math.cos(t), b.halfWidthMm * Math.sin(t)))
  }
  return out
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5))

/**
 * `count` points spread evenly over the base area (Vogel's sunflower pattern, mapped onto the
 * shape), so that a fraction of points hidden estimates the fraction of area hidden.
 * The estimate's resolution is about 1/count (reported with results that use it).
 */
export function sampleBaseArea(b: PlacedBase, count: number, insetMm = 0): Array<[number, number]> {
  const xy = new Float64Array(2 * baseAreaSampleCount(b, count, insetMm))
  sampleBaseAreaInto(b, count, insetMm, xy, 2, 0)
  const out: Array<[number, number]> = []
  for (let i = 0; i < xy.length; i += 2) out.push([xy[i]!, xy[i + 1]!])
  return out
}

/** How many points sampleBaseArea gives (rect: the grid's cells; round: `count`). */
export function baseAreaSampleCount(b: PlacedBase, count: number, insetMm = 0): number {
  if (b.shape !== 'rect') return count
  const { nu, nv } = rectGrid(b, count, insetMm)
  return nu * nv
}

/** A rectangle's sample grid: count ≈ nu × nv cells, as square as the inset base allows. */
function rectGrid(b: PlacedBase, count: number, insetMm: number): { a: number; c: number; nu: number; nv: number } {
  const a = Math.max(0, b.halfLengthMm - insetMm)
  const c = Math.max(0, b.halfWidthMm - insetMm)
  const aspect = a > 0 && c > 0 ? a / c : 1
  const nu = Math.max(1, Math.round(Math.sqrt(count * aspect)))
  return { a, c, nu, nv: Math.max(1, Math.round(count / nu)) }
}

/** The sunflower's radii and angles' cosines and sines for `count` points (the same numbers every time: kept). */
const sunflowers = new Map<number, { r: Float64Array; cos: Float64Array; sin: Float64Array }>()
function sunflower(count: number): { r: Float64Array; cos: Float64Array; sin: Float64Array } {
  let f = sunflowers.get(count)
  if (!f) {
    f = { r: new Float64Array(count), cos: new Float64Array(count), sin: new Float64Array(count) }
    for (let i = 0; i < count; i++) {
      const t = i * GOLDEN_ANGLE
      f.r[i] = Math.sqrt((i + 0.5) / count)
      f.cos[i] = Math.cos(t)
      f.sin[i] = Math.sin(t)
    }
    sunflowers.set(count, f)
  }
  return f
}

/**
 * sampleBaseArea's points written as x, y into out[at + stride·i], out[at + stride·i + 1] (the same
 * numbers, made without a pair per point); returns how many.
 */
export function sampleBaseAreaInto(b: PlacedBase, count: number, insetMm: number, out: Float64Array, stride: number, at: number): number {
  if (b.shape === 'rect') {
    // A regular grid is exact for rectangles: count ≈ n×m cells, one point at each cell centre.
    const { a, c, nu, nv } = rectGrid(b, count, insetMm)
    let k = at
    for (let i = 0; i < nu; i++) {
      for (let j = 0; j < nv; j++) {
        const u = -a + ((2 * i + 1) * a) / nu, v = -c + ((2 * j + 1) * c) / nv
        out[k] = b.cx + u * b.ux - v * b.uy
        out[k + 1] = b.cy + u * b.uy + v * b.ux
        k += stride
      }
    }
    return nu * nv
  }
  const a = Math.max(0, b.halfLengthMm - insetMm)
  const c = Math.max(0, b.halfWidthMm - insetMm)
  const f = sunflower(count)
  for (let i = 0, k = at; i < count; i++, k += stride) {
    const r = f.r[i]!
    const u = a * r * f.cos[i]!, v = c * r * f.sin[i]!
    out[k] = b.cx + u * b.ux - v * b.uy
    out[k + 1] = b.cy + u * b.uy + v * b.ux
  }
  return count
}

/** Area of the base in mm². */
export function baseAreaMm2(b: PlacedBase): number {
  return b.shape === 'rect' ? 4 * b.halfLengthMm * b.halfWidthMm : Math.PI * b.halfLengthMm * b.halfWidthMm
}

/** Largest distance from the centre to the boundary (bounding radius), mm. */
export function baseBoundingRadiusMm(b: PlacedBase): number {
  return b.shape === 'rect' ? Math.hypot(b.halfLengthMm, b.halfWidthMm) : Math.max(b.halfLengthMm, b.halfWidthMm)
}
