// Measuring the Cadence way: "Always measure the distance to or from a model from the closest point on
// its base"; "within" when "any part of it's base is closer than the specified distance" (strict);
// "The distance between units is the distance between the two closest models."
// (core-rules/basic-rules.html#distance-and-measuring)
import { type Measurement, type Table, type TableModel, type Within, inches, isWithin, marginOf, measureModels } from '../../engine/index.ts'

export const MEASURE_RULE = 'core-rules/basic-rules.html#distance-and-measuring'

export function withinReading(table: Table): Within {
  return table.options.withinComparator === 'inclusive' ? 'le' : 'lt'
}

export function measureGap(table: Table, a: TableModel, b: TableModel): Measurement {
  return measureModels(a, b, { reference: 'edge', mode: table.options.distanceMode === '3d' ? '3d' : '2d' })
}

/** Is b within `distanceInches` of a ("closer than", strict unless the option says otherwise)? */
export function isModelWithin(table: Table, a: TableModel, b: TableModel, distanceInches: number): boolean {
  return isWithin(measureGap(table, a, b).rawMm, inches(distanceInches), withinReading(table))
}

export type UnitGap = { measurement: Measurement; from: TableModel; to: TableModel }

/** The distance between two groups of models: between their two closest models. */
export function measureUnitGap(table: Table, as: readonly TableModel[], bs: readonly TableModel[]): UnitGap {
  let best: UnitGap | null = null
  for (const a of as) for (const b of bs) {
    const m = measureGap(table, a, b)
    if (!best || m.rawMm < best.measurement.rawMm) best = { measurement: m, from: a, to: b }
  }
  if (!best) throw new Error('measureUnitGap needs two non-empty groups')
  return best
}

/** The nearest model of a group to one model (range is "measured from each model to the nearest model in the target unit"). */
export function nearestOf(table: Table, a: TableModel, bs: readonly TableModel[]): UnitGap {
  return measureUnitGap(table, [a], bs)
}

/** A distance figure for results: mm, inches, the two closest points, the margin against a threshold. */
export function distanceFigure(table: Table, g: Measurement, thresholdInches?: number) {
  return {
    mm: g.mm,
    inches: g.inches,
    points: g.points,
    mode: g.mode,
    ...(thresholdInches !== undefined ? { margin: marginOf(g, inches(thresholdInches), withinReading(table)) } : {}),
  }
}
