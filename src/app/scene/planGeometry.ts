// Flat geometry for the planning overlay, in the table frame (mm, z up): the engine's polygons with
// holes as one filled mesh, rings and paths as bands of a given width (a 1 px WebGL line is invisible
// on a phone outdoors), dashed where a dice contour is drawn, and the exposure grid as a texture (one
// draw call for thousands of cells). Built once per engine answer (never per frame).
import { BufferGeometry, DataTexture, Float32BufferAttribute, NearestFilter, RGBAFormat, SRGBColorSpace, ShapeUtils, Vector2 } from 'three'
import type { PlanPolygon } from '../../engine/index.ts'

/** The filled region of the engine's polygons (outer ring and holes), triangulated, at height z. */
export function polygonsGeometry(polygons: readonly PlanPolygon[], z: number): BufferGeometry {
  const positions: number[] = []
  const index: number[] = []
  for (const p of polygons) {
    if (p.outer.length < 3) continue
    const outer = p.outer.map(([x, y]) => new Vector2(x, y))
    const holes = p.holes.filter((h) => h.length >= 3).map((h) => h.map(([x, y]) => new Vector2(x, y)))
    // The orientations three's ShapeGeometry gives its triangulator: outer clockwise, holes not.
    if (!ShapeUtils.isClockWise(outer)) outer.reverse()
    for (const h of holes) if (ShapeUtils.isClockWise(h)) h.reverse()
    const base = positions.length / 3
    for (const v of outer) positions.push(v.x, v.y, z)
    for (const h of holes) for (const v of h) positions.push(v.x, v.y, z)
    for (const tri of ShapeUtils.triangulateShape(outer, holes)) index.push(base + tri[0]!, base + tri[1]!, base + tri[2]!)
  }
  const g = new BufferGeometry()
  g.setAttribute('position', new Float32BufferAttribute(positions, 3))
  g.setIndex(index)
  return g
}

/** The rings of the engine's polygons (outer and holes), closed. */
export function ringsOf(polygons: readonly PlanPolygon[]): Array<Array<[number, number]>> {
  const out: Array<Array<[number, number]>> = []
  for (const p of polygons) {
    if (p.outer.length >= 2) out.push([...p.outer, p.outer[0]!])
    for (const h of p.holes) if (h.length >= 2) out.push([...h, h[0]!])
  }
  return out
}

/**
 * Bands `widthMm` wide along polylines at height z; with `dashMm` [on, off], only the "on" stretches
 * (measured along each line). Each segment is a quad extended by half the width at both ends, so
 * corners have no gap.
 */
export function bandsGeometry(lines: ReadonlyArray<ReadonlyArray<readonly [number, number]>>, widthMm: number, z: number, dashMm?: readonly [number, number]): BufferGeometry {
  const positions: number[] = []
  const index: number[] = []
  const h = widthMm / 2
  const quad = (ax: number, ay: number, bx: number, by: number) => {
    const dx = bx - ax
    const dy = by - ay
    const len = Math.hypot(dx, dy)
    if (len < 1e-9) return
    const ux = dx / len
    const uy = dy / len
    const sx = ax - ux * h
    const sy = ay - uy * h
    const ex = bx + ux * h
    const ey = by + uy * h
    const base = positions.length / 3
    positions.push(sx - uy * h, sy + ux * h, z, sx + uy * h, sy - ux * h, z, ex + uy * h, ey - ux * h, z, ex - uy * h, ey + ux * h, z)
    index.push(base, base + 1, base + 2, base, base + 2, base + 3)
  }
  for (const line of lines) {
    if (!dashMm) {
      for (let i = 1; i < line.length; i++) quad(line[i - 1]![0], line[i - 1]![1], line[i]![0], line[i]![1])
      continue
    }
    const [on, off] = dashMm
    const period = on + off
    let along = 0
    for (let i = 1; i < line.length; i++) {
      const [ax, ay] = line[i - 1]!
      const [bx, by] = line[i]!
      const len = Math.hypot(bx - ax, by - ay)
      let t = 0
      while (t < len) {
        const phase = (along + t) % period
        const step = phase < on ? Math.min(on - phase, len - t) : Math.min(period - phase, len - t)
        if (phase < on) quad(ax + ((bx - ax) * t) / len, ay + ((by - ay) * t) / len, ax + ((bx - ax) * (t + step)) / len, ay + ((by - ay) * (t + step)) / len)
        t += step
      }
      along += len
    }
  }
  const g = new BufferGeometry()
  g.setAttribute('position', new Float32BufferAttribute(positions, 3))
  g.setIndex(index)
  return g
}

/** A point on a ring where a label reads well: its northernmost vertex (the far side as a player sees the table from y = 0). */
export function labelPointOf(ring: ReadonlyArray<readonly [number, number]>): [number, number] {
  let best = ring[0] ?? [0, 0]
  for (const p of ring) if (p[1] > best[1]) best = p
  return [best[0], best[1]]
}

/**
 * The vertex of a ring whose bearing from (cx, cy) is nearest `bearingDeg` (0 along +x, 90 along +y, the
 * table's far side): concentric rings (a dice move's rolls) labelled along two bearings, alternately,
 * keep their labels apart.
 */
export function pointAtBearing(ring: ReadonlyArray<readonly [number, number]>, cx: number, cy: number, bearingDeg: number): [number, number] {
  const want = (bearingDeg * Math.PI) / 180
  let best = ring[0] ?? [cx, cy]
  let bestD = Infinity
  for (const p of ring) {
    const a = Math.atan2(p[1] - cy, p[0] - cx)
    const d = Math.abs(Math.atan2(Math.sin(a - want), Math.cos(a - want)))
    if (d < bestD) {
      bestD = d
      best = p
    }
  }
  return [best[0], best[1]]
}

/** Texels per cell side of the exposure texture: enough for the stripes of a hidden cell. */
export const EXPOSURE_TEXELS = 4

/** One cell's look: a colour (sRGB hex) with an alpha, striped or plain; null: not drawn. */
export type CellLook = { rgb: number; alpha: number; striped: boolean; stripeRgb: number } | null

/**
 * The exposure grid as a texture (columns × rows cells, EXPOSURE_TEXELS texels a side, row 0 at the
 * grid's origin), each cell coloured by `look` (from the engine's count of enemies that see it).
 */
export function exposureTexture(columns: number, rows: number, lookOf: (cell: number) => CellLook): DataTexture {
  const t = EXPOSURE_TEXELS
  const w = columns * t
  const data = new Uint8Array(w * rows * t * 4)
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < columns; i++) {
      const look = lookOf(j * columns + i)
      if (!look) continue
      for (let v = 0; v < t; v++) {
        for (let u = 0; u < t; u++) {
          const stripe = look.striped && (u + v) % t < t / 2
          const rgb = stripe ? look.stripeRgb : look.rgb
          const at = ((j * t + v) * w + i * t + u) * 4
          data[at] = (rgb >> 16) & 255
          data[at + 1] = (rgb >> 8) & 255
          data[at + 2] = rgb & 255
          data[at + 3] = Math.round(look.alpha * 255)
        }
      }
    }
  }
  const tex = new DataTexture(data, w, rows * t, RGBAFormat)
  tex.magFilter = NearestFilter
  tex.minFilter = NearestFilter
  tex.colorSpace = SRGBColorSpace
  tex.needsUpdate = true
  return tex
}
