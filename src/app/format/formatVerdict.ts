// The verdict strip's phrases: distance against range, margin ± uncertainty, chance as a percentage.
import type { MarginFigure } from '../../engine/index.ts'
import type { Units } from '../state/settingsSlice.ts'
import { formatLength, formatPercent } from './formatFigures.ts'

/** "17.5″ of 18″" (distance against the weapon's range), or the distance alone. */
export function formatDistanceOfRange(distanceMm: number, rangeMm: number | null, units: Units): string {
  return rangeMm === null ? formatLength(distanceMm, units) : `${formatLength(distanceMm, units)} of ${formatLength(rangeMm, units)}`
}

/** "in by 0.45″ ± 0.1″" / "out by 2.0″": the signed margin, and its uncertainty when positions carry one. */
export function formatMarginShort(m: MarginFigure, units: Units): string {
  const by = `${m.marginMm >= 0 ? 'in' : 'out'} by ${formatLength(Math.abs(m.marginMm), units)}`
  return m.uncertaintyMm > 0 ? `${by} ± ${formatLength(m.uncertaintyMm, units)}` : by
}

/** "45%" for a chance; "under 0.1%" and "over 99.9%" rather than a 0% or 100% that is not. */
export function formatChance(p: number): string {
  if (p > 0 && p < 0.001) return 'under 0.1%'
  if (p < 1 && p > 0.999) return 'over 99.9%'
  return formatPercent(Math.round(p * 1000) / 1000)
}
