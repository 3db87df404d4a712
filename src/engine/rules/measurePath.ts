// A straight move across the table: its length, the terrain it crosses (and how far inside each
// piece the moving base travels, for difficult ground) and the models whose bases are in the way.
import type { Table, TableModel, TableTerrain } from '../table/prepareTable.ts'
import { placeBase } from '../geometry/baseShape.ts'
import { measureBaseGap2 } from '../geometry/measureBaseGap.ts'
import { segmentInsideLengthMm, polygonContains } from '../geometry/polygon.ts'
import { GRAZE_MM } from '../los/castSegment.ts'
import { roundTo, toInches } from '../units.ts'

export type PathCrossing = { terrain: TableTerrain; insideMm: number; endsInside: boolean; startsInside: boolean }
export type PathFigure = {
  lengthMm: number
  lengthInches: number
  from: [number, number]
  to: [number, number]
  crossings: PathCrossing[]
  /** Models whose bases the moving base would pass through or end on (not merely touch). */
  blockedBy: TableModel[]
  offTable: boolean
}

/** Samples along the path used to sweep the base (every 2 mm, at least 16). */
const SWEEP_STEP_MM = 2

/**
 * Sweep model m's base in a straight line from its position to `to`. Terrain crossing is
 * measured along three lines: the centre line and the two lines offset by half the base width,
 * and reports the longest stretch inside each piece.
 */
export function measurePath(table: Table, m: TableModel, to: readonly [number, number], finalFacingDeg = m.facingDeg): PathFigure {
  const [x0, y0] = [m.x, m.y]
  const [x1, y1] = to
  const len = Math.hypot(x1 - x0, y1 - y0)
  const nx = len > 0 ? -(y1 - y0) / len : 0
  const ny = len > 0 ? (x1 - x0) / len : 0
  const half = m.placed.halfWidthMm
  const crossings: PathCrossing[] = []
  for (const t of table.terrain) {
    let inside = 0
    for (const off of [0, -half, half]) {
      inside = Math.max(inside, segmentInsideLengthMm(t.solid.footprint, x0 + nx * off, y0 + ny * off, x1 + nx * off, y1 + ny * off))
    }
    const startsInside = polygonContains(t.solid.footprint, x0, y0, -1e-9)
    const endsInside = polygonContains(t.solid.footprint, x1, y1, -1e-9)
    if (inside > GRAZE_MM || startsInside || endsInside) crossings.push({ terrain: t, insideMm: inside, endsInside, startsInside })
  }
  const steps = Math.max(16, Math.ceil(len / SWEEP_STEP_MM))
  const blockedBy: TableModel[] = []
  for (const o of table.models) {
    if (o.id === m.id) continue
    for (let i = 0; i <= steps; i++) {
      const f = i / steps
      const b = placeBase(m.base, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, i === steps ? finalFacingDeg : m.facingDeg)
      const g = measureBaseGap2(b, o.placed)
      // Touching is allowed (base contact); passing through by more than the graze tolerance is not.
      if (g.overlapping && !touchingOnly(b, o.placed)) {
        blockedBy.push(o)
        break
      }
    }
  }
  const r = Math.max(m.placed.halfLengthMm, m.placed.halfWidthMm)
  const offTable = x1 - r < -1e-6 || y1 - r < -1e-6 || x1 + r > table.widthMm + 1e-6 || y1 + r > table.depthMm + 1e-6
  return { lengthMm: len, lengthInches: roundTo(toInches(len), 3), from: [x0, y0], to: [x1, y1], crossings, blockedBy, offTable }
}

function touchingOnly(a: ReturnType<typeof placeBase>, b: ReturnType<typeof placeBase>): boolean {
  // Shrink a by the graze tolerance: if they no longer overlap, they were only touching.
  const shrunk = { ...a, halfLengthMm: Math.max(0, a.halfLengthMm - GRAZE_MM), halfWidthMm: Math.max(0, a.halfWidthMm - GRAZE_MM) }
  return !measureBaseGap2(shrunk, b).overlapping
}
