// Conventions used: "Measurements are in inches, from nearest point of a base to nearest point of a
// target." Nearest points in 3D by default (option `measure`); to a point (objective, blast centre) too.
import {
  type MarginFigure, type Measurement, type MeasureRule, type Table, type TableModel, type Within,
  BASE_THICKNESS_MM, inches, isWithin, marginOf, measureBaseGap2, measureBaseGap3, measureModels, placeBase, roundTo, toInches,
} from '../../engine/index.ts'
import { readOptions } from './options.ts'

export const MEASURE_RULE_TEXT = 'Conventions used L184: inches, from nearest point of a base to nearest point of a target'

export function measureRule(table: Table): MeasureRule {
  const o = readOptions(table.options)
  return { reference: 'edge', mode: o.measure, within: o.rangeInclusive ? 'le' : 'lt', rule: MEASURE_RULE_TEXT }
}

/** Model to model, or model to a table point [x, y] (at height z, default the table). */
export function measureSkirmish(table: Table, a: TableModel, b: TableModel | readonly [number, number], pointZ = 0, modeOverride?: '2d' | '3d'): Measurement {
  const mode = modeOverride ?? readOptions(table.options).measure
  if (!Array.isArray(b)) return measureModels(a, b as TableModel, { reference: 'edge', mode })
  const [x, y] = b as readonly [number, number]
  const point = placeBase({ shape: 'round', diameter: 1e-9 }, x, y, 0)
  let mm: number
  let pa: [number, number, number]
  if (mode === '3d') {
    const g = measureBaseGap3(a.placed, a.z, a.z + BASE_THICKNESS_MM, point, pointZ, pointZ)
    mm = g.gapMm
    pa = g.a
  } else {
    const g = measureBaseGap2(a.placed, point)
    mm = g.gapMm
    pa = [g.a[0], g.a[1], a.z]
  }
  return {
    mm: roundTo(mm, 2),
    inches: roundTo(toInches(mm), 3),
    points: [[roundTo(pa[0], 2), roundTo(pa[1], 2), roundTo(pa[2], 2)], [roundTo(x, 2), roundTo(y, 2), roundTo(pointZ, 2)]],
    reference: 'edge',
    mode,
    rawMm: mm,
    uncertaintyMm: a.uncertaintyMm,
  }
}

/** A distance against a threshold in inches: the call, the margin and whether it is marginal. */
export function judge(m: Measurement, thresholdInches: number, within: Within): { inside: boolean; margin: MarginFigure } {
  const t = inches(thresholdInches)
  return { inside: isWithin(m.rawMm, t, within), margin: marginOf(m, t, within) }
}

export function distanceFigure(m: Measurement) {
  return { mm: m.mm, inches: m.inches, points: m.points, reference: m.reference, mode: m.mode }
}
