// Plane-to-plane homographies: normalized DLT, then Levenberg–Marquardt on the geometric error
// in the destination plane (Hartley & Zisserman, Multiple View Geometry, algorithms 4.2 and 4.3).
import { invert, levenbergMarquardt, symmetricEigen } from './linearAlgebra.ts'

export type Point2 = readonly [number, number]

/** Map a point through a 3×3 homography (row-major). */
export function applyHomography(h: ArrayLike<number>, x: number, y: number, target: [number, number] = [0, 0]): [number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!
  target[0] = (h[0]! * x + h[1]! * y + h[2]!) / w
  target[1] = (h[3]! * x + h[4]! * y + h[5]!) / w
  return target
}

function normalization(points: readonly Point2[]): Float64Array {
  let mx = 0, my = 0
  for (const [x, y] of points) { mx += x; my += y }
  mx /= points.length
  my /= points.length
  let d = 0
  for (const [x, y] of points) d += Math.hypot(x - mx, y - my)
  d /= points.length
  const s = d > 0 ? Math.SQRT2 / d : 1
  return Float64Array.from([s, 0, -s * mx, 0, s, -s * my, 0, 0, 1])
}

/** Direct linear transform with Hartley normalization. Needs ≥ 4 points, no 3 collinear. */
export function fitHomographyDlt(src: readonly Point2[], dst: readonly Point2[]): Float64Array | null {
  if (src.length !== dst.length || src.length < 4) return null
  const ts = normalization(src)
  const td = normalization(dst)
  const ata = new Float64Array(81)
  const row = new Float64Array(9)
  const p: [number, number] = [0, 0]
  const q: [number, number] = [0, 0]
  const addRow = () => {
    for (let a = 0; a < 9; a++) {
      const ra = row[a]!
      if (ra === 0) continue
      for (let b = 0; b < 9; b++) ata[a * 9 + b] = ata[a * 9 + b]! + ra * row[b]!
    }
  }
  for (let i = 0; i < src.length; i++) {
    applyHomography(ts, src[i]![0], src[i]![1], p)
    applyHomography(td, dst[i]![0], dst[i]![1], q)
    const [x, y] = p
    const [u, v] = q
    row.set([-x, -y, -1, 0, 0, 0, u * x, u * y, u])
    addRow()
    row.set([0, 0, 0, -x, -y, -1, v * x, v * y, v])
    addRow()
  }
  const { vectors } = symmetricEigen(ata, 9)
  const hn = vectors.slice(0, 9)
  const tdInv = invert(td, 3)
  if (!tdInv) return null
  // H = Td⁻¹ · Hn · Ts
  const tmp = new Float64Array(9)
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
    tmp[r * 3 + c] = hn[r * 3]! * ts[c]! + hn[r * 3 + 1]! * ts[3 + c]! + hn[r * 3 + 2]! * ts[6 + c]!
  }
  const h = new Float64Array(9)
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
    h[r * 3 + c] = tdInv[r * 3]! * tmp[c]! + tdInv[r * 3 + 1]! * tmp[3 + c]! + tdInv[r * 3 + 2]! * tmp[6 + c]!
  }
  return scaleHomography(h)
}

function scaleHomography(h: Float64Array): Float64Array {
  const s = h[8]! !== 0 ? h[8]! : Math.hypot(...h)
  for (let i = 0; i < 9; i++) h[i] = h[i]! / s
  return h
}

export type HomographyFit = {
  /** Maps src → dst. */
  h: Float64Array
  /** RMS distance between mapped src and dst points (dst units). */
  rmsError: number
  maxError: number
}

/** DLT followed by LM refinement of the geometric error in the destination plane. */
export function fitHomography(src: readonly Point2[], dst: readonly Point2[]): HomographyFit | null {
  const h0 = fitHomographyDlt(src, dst)
  if (!h0) return null
  const n = src.length
  const q: [number, number] = [0, 0]
  // Parameterize by the first 8 entries with h[8] fixed at 1 (h0 is scaled so h[8] = 1).
  const { params } = levenbergMarquardt(h0.subarray(0, 8), 2 * n, (p, target) => {
    const full = [p[0]!, p[1]!, p[2]!, p[3]!, p[4]!, p[5]!, p[6]!, p[7]!, 1]
    for (let i = 0; i < n; i++) {
      applyHomography(full, src[i]![0], src[i]![1], q)
      target[2 * i] = q[0] - dst[i]![0]
      target[2 * i + 1] = q[1] - dst[i]![1]
    }
  }, { iterations: 30 })
  const h = Float64Array.from([...params, 1])
  let sum = 0, max = 0
  for (let i = 0; i < n; i++) {
    applyHomography(h, src[i]![0], src[i]![1], q)
    const e = Math.hypot(q[0] - dst[i]![0], q[1] - dst[i]![1])
    sum += e * e
    max = Math.max(max, e)
  }
  return { h, rmsError: Math.sqrt(sum / n), maxError: max }
}

/**
 * Unit square → quad homography (Heckbert 1989), corners TL (0,0), TR (1,0), BR (1,1), BL (0,1) given
 * as x0 y0 … x3 y3. Writes a b c d e f g h into `out`: x = (a u + b v + c) / (g u + h v + 1),
 * y = (d u + e v + f) / (g u + h v + 1). False when the quad is degenerate.
 */
export function unitSquareToQuad(q: ArrayLike<number>, out: Float64Array): boolean {
  const x0 = q[0]!, y0 = q[1]!, x1 = q[2]!, y1 = q[3]!, x2 = q[4]!, y2 = q[5]!, x3 = q[6]!, y3 = q[7]!
  const dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3
  const dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3
  const det = dx1 * dy2 - dx2 * dy1
  if (Math.abs(det) < 1e-12) return false
  const g = (dx3 * dy2 - dx2 * dy3) / det
  const h = (dx1 * dy3 - dx3 * dy1) / det
  out[0] = x1 - x0 + g * x1; out[1] = x3 - x0 + h * x3; out[2] = x0
  out[3] = y1 - y0 + g * y1; out[4] = y3 - y0 + h * y3; out[5] = y0
  out[6] = g; out[7] = h
  return true
}
