// Distances between models as rulesets measure them, with the evidence (the two points) and,
// against a threshold, the signed margin and whether the call is inside the measurement uncertainty.
import { measureBaseGap2, measureBaseGap3 } from '../geometry/measureBaseGap.ts'
import { frontEdgeCentre, placeBase } from '../geometry/baseShape.ts'
import type { Table, TableModel } from '../table/prepareTable.ts'
import { BASE_THICKNESS_MM } from '../table/prepareTable.ts'
import type { DistanceFigure, MarginFigure, Vec3Tuple } from '../results.ts'
import type { MeasureRule, Within } from '../ruleSystem.ts'
import { roundTo, toInches } from '../units.ts'

export type Measurement = DistanceFigure & { reference: MeasureRule['reference']; mode: '2d' | '3d'; rawMm: number; uncertaintyMm: number }

export type MeasureSpec = Pick<MeasureRule, 'reference' | 'mode'> & {
  /** Vertical extent used in 3D: the base slab only (default) or the whole model. */
  vertical?: 'base' | 'model'
}

function extent(m: TableModel, vertical: 'base' | 'model'): [number, number] {
  return [m.z, m.z + (vertical === 'model' ? m.heightMm : BASE_THICKNESS_MM)]
}

/** Measure from model a to model b. Figures are rounded to 0.01 mm / 0.001 in; rawMm keeps full precision for decisions. */
export function measureModels(a: TableModel, b: TableModel, spec: MeasureSpec): Measurement {
  const vertical = spec.vertical ?? 'base'
  let mm: number
  let pa: Vec3Tuple
  let pb: Vec3Tuple
  const [a0, a1] = extent(a, vertical)
  const [b0, b1] = extent(b, vertical)
  if (spec.reference === 'centre') {
    const za = (a0 + a1) / 2
    const zb = (b0 + b1) / 2
    pa = [a.x, a.y, za]
    pb = [b.x, b.y, zb]
    mm = spec.mode === '3d' ? Math.hypot(b.x - a.x, b.y - a.y, zb - za) : Math.hypot(b.x - a.x, b.y - a.y)
  } else if (spec.reference === 'front-edge-centre') {
    // A zero-size "base" at a's front edge centre, measured to b's closest point.
    const [fx, fy] = frontEdgeCentre(a.placed)
    const point = placeBase({ shape: 'round', diameter: 1e-9 }, fx, fy, 0)
    if (spec.mode === '3d') {
      const g = measureBaseGap3(point, a0, a1, b.placed, b0, b1)
      mm = g.gapMm
      pa = g.a
      pb = g.b
    } else {
      const g = measureBaseGap2(point, b.placed)
      mm = g.gapMm
      pa = [g.a[0], g.a[1], a.z]
      pb = [g.b[0], g.b[1], b.z]
    }
  } else if (spec.mode === '3d') {
    const g = measureBaseGap3(a.placed, a0, a1, b.placed, b0, b1)
    mm = g.gapMm
    pa = g.a
    pb = g.b
  } else {
    const g = measureBaseGap2(a.placed, b.placed)
    mm = g.gapMm
    pa = [g.a[0], g.a[1], a.z]
    pb = [g.b[0], g.b[1], b.z]
  }
  const uncertaintyMm = Math.hypot(a.uncertaintyMm, b.uncertaintyMm, frameScaleMm(a, b))
  return {
    mm: roundTo(mm, 2),
    inches: roundTo(toInches(mm), 3),
    points: [roundPoint(pa), roundPoint(pb)],
    reference: spec.reference,
    mode: spec.mode,
    rawMm: mm,
    uncertaintyMm,
  }
}

/**
 * The part of a distance's 1σ that the table frame's scale adds (mm): when both models were placed by the
 * camera (an uncertainty of their own) in a frame whose scale is known only to a share σ (the scene's
 * table.scaleUncertainty, from the survey), the gap between them is off by that share of their centres'
 * distance, together (their bases' sizes are their own, not the frame's). A model placed by hand stands
 * where the scene says, so no frame scale is between it and another.
 */
export function frameScaleMm(a: TableModel, b: TableModel): number {
  return frameScaleTerm(a.uncertaintyMm, b.uncertaintyMm, Math.max(a.frameScaleSigma, b.frameScaleSigma), Math.hypot(b.x - a.x, b.y - a.y))
}

/** The frame's scale σ (relative) over a length between two places of 1σ `sigmaA` and `sigmaB` (mm): only when both were tracked. */
export function frameScaleTerm(sigmaA: number, sigmaB: number, scaleSigma: number, lengthMm: number): number {
  return sigmaA > 0 && sigmaB > 0 ? scaleSigma * lengthMm : 0
}

function roundPoint(p: Vec3Tuple): Vec3Tuple {
  return [roundTo(p[0], 2), roundTo(p[1], 2), roundTo(p[2], 2)]
}

/** Is a distance within a threshold under a reading of "within" (strict < or inclusive ≤)? */
export function isWithin(distanceMm: number, thresholdMm: number, within: Within): boolean {
  // Distances are computed in floating point; a gap equal to the threshold to within 1e-6 mm
  // is treated as exactly equal, so "exactly 3 inches" is decided by the reading, not by rounding.
  const d = Math.abs(distanceMm - thresholdMm) <= 1e-6 ? thresholdMm : distanceMm
  return within === 'lt' ? d < thresholdMm : d <= thresholdMm
}

/** Signed margin of a measured distance against a threshold, with the uncertainty verdict. */
export function marginOf(m: { rawMm: number; uncertaintyMm: number }, thresholdMm: number, within: Within): MarginFigure {
  const marginMm = thresholdMm - m.rawMm
  return {
    thresholdMm: roundTo(thresholdMm, 2),
    thresholdInches: roundTo(toInches(thresholdMm), 3),
    marginMm: roundTo(marginMm, 2),
    marginInches: roundTo(toInches(marginMm), 3),
    within,
    uncertaintyMm: roundTo(m.uncertaintyMm, 2),
    marginal: m.uncertaintyMm > 0 && Math.abs(marginMm) <= 2 * m.uncertaintyMm,
  }
}

/** Models of other sides whose distance to m is within rangeMm under the reading `within`. */
export function findModelsWithin(table: Table, m: TableModel, rangeMm: number, within: Within, spec: MeasureSpec, filter: (o: TableModel) => boolean): Array<{ model: TableModel; measurement: Measurement }> {
  const out: Array<{ model: TableModel; measurement: Measurement }> = []
  for (const o of table.models) {
    if (o.id === m.id || !filter(o)) continue
    const measurement = measureModels(m, o, spec)
    if (isWithin(measurement.rawMm, rangeMm, within)) out.push({ model: o, measurement })
  }
  return out
}
