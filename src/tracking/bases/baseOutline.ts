// A base's outline in its own frame (x forward along the facing, y to its left; mm): points evenly
// spread by arc length with their outward normals, and the symmetry that makes its facing ambiguous
// (a round base shows no facing; an oval or a rectangle shows it only up to a half turn, a square up
// to a quarter). The engine's BaseShape (round: diameter; oval, rect: length along the facing × width).
import type { BaseShape } from '../../engine/index.ts'

/** Points on the outline (x, y interleaved) and their unit outward normals (nx, ny interleaved). */
export type Outline = { count: number; points: Float64Array; normals: Float64Array; perimeterMm: number }

export function halfSizes(b: BaseShape): { forward: number; side: number } {
  return b.shape === 'round' ? { forward: b.diameter / 2, side: b.diameter / 2 } : { forward: b.length / 2, side: b.width / 2 }
}

/** Perimeter, mm (Ramanujan's approximation for an ellipse). */
export function perimeterMm(b: BaseShape): number {
  const { forward: a, side: w } = halfSizes(b)
  if (b.shape === 'rect') return 4 * (a + w)
  const h = ((a - w) / (a + w)) ** 2
  return Math.PI * (a + w) * (1 + (3 * h) / (10 + Math.sqrt(4 - 3 * h)))
}

/** `count` points round the outline, evenly by arc length (rectangles: none on the corners themselves). */
export function sampleOutline(b: BaseShape, count: number): Outline {
  const points = new Float64Array(2 * count), normals = new Float64Array(2 * count)
  const { forward: a, side: w } = halfSizes(b)
  if (b.shape === 'rect') {
    const per = 4 * (a + w)
    for (let i = 0; i < count; i++) {
      let s = ((i + 0.5) / count) * per
      let x: number, y: number, nx: number, ny: number
      if (s < 2 * w) { x = a; y = -w + s; nx = 1; ny = 0 } else if ((s -= 2 * w) < 2 * a) { x = a - s; y = w; nx = 0; ny = 1 } else if ((s -= 2 * a) < 2 * w) { x = -a; y = w - s; nx = -1; ny = 0 } else { s -= 2 * w; x = -a + s; y = -w; nx = 0; ny = -1 }
      points[2 * i] = x; points[2 * i + 1] = y; normals[2 * i] = nx; normals[2 * i + 1] = ny
    }
    return { count, points, normals, perimeterMm: per }
  }
  // An ellipse by arc length: a fine table of the angle parameter against the length walked.
  const fine = 720
  const lengths = new Float64Array(fine + 1)
  for (let k = 1; k <= fine; k++) {
    const t0 = ((k - 1) / fine) * 2 * Math.PI, t1 = (k / fine) * 2 * Math.PI
    lengths[k] = lengths[k - 1]! + Math.hypot(a * (Math.cos(t1) - Math.cos(t0)), w * (Math.sin(t1) - Math.sin(t0)))
  }
  const total = lengths[fine]!
  let k = 0
  for (let i = 0; i < count; i++) {
    const want = ((i + 0.5) / count) * total
    while (k < fine - 1 && lengths[k + 1]! < want) k++
    const f = (want - lengths[k]!) / (lengths[k + 1]! - lengths[k]!)
    const t = ((k + f) / fine) * 2 * Math.PI
    const c = Math.cos(t), s = Math.sin(t)
    points[2 * i] = a * c; points[2 * i + 1] = w * s
    const nx = c / a, ny = s / w, n = Math.hypot(nx, ny)
    normals[2 * i] = nx / n; normals[2 * i + 1] = ny / n
  }
  return { count, points, normals, perimeterMm: total }
}

/** The turn (degrees) after which the base looks the same: 360 none seen (round: facing unknown), 180, or 90 (a square). */
export function facingSymmetryDeg(b: BaseShape): 0 | 90 | 180 {
  if (b.shape === 'round') return 0
  if (b.shape === 'rect' && Math.abs(b.length - b.width) < 1e-9) return 90
  if (b.shape === 'oval' && Math.abs(b.length - b.width) < 1e-9) return 0
  return 180
}

/** A key that is the same for two bases of one shape and size (the shape classes a search looks for). */
export function baseKey(b: BaseShape): string {
  return b.shape === 'round' ? `round:${b.diameter}` : `${b.shape}:${b.length}x${b.width}`
}

/** Whether (x, y) in the base's frame is inside the outline grown by `growMm`. */
export function insideOutline(b: BaseShape, x: number, y: number, growMm = 0): boolean {
  const { forward: a, side: w } = halfSizes(b)
  if (b.shape === 'rect') return Math.abs(x) <= a + growMm && Math.abs(y) <= w + growMm
  return (x / (a + growMm)) ** 2 + (y / (w + growMm)) ** 2 <= 1
}
