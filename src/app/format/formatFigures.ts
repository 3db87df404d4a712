// How figures read on screen: inches by default (the rulebooks speak inches), mm on a toggle.
// Formatting only: every number shown comes from an engine result.
import type { MarginFigure } from '../../engine/index.ts'
import type { Units } from '../state/settingsSlice.ts'

const MM_PER_INCH = 25.4

/** 18.3″ / 0.45″ (two decimals under an inch, where a referee needs them) or 465 mm / 4.2 mm. */
export function formatLength(mm: number, units: Units): string {
  if (units === 'mm') return `${Math.abs(mm) < 10 ? mm.toFixed(1) : Math.round(mm).toString()} mm`
  const inches = mm / MM_PER_INCH
  return `${inches.toFixed(Math.abs(inches) < 1 ? 2 : 1)}″`
}

/** "in range by 1.7″" / "out of range by 0.4″", and "too close to call" when the margin is marginal. */
export function formatMargin(m: MarginFigure, units: Units): string {
  const by = formatLength(Math.abs(m.marginMm), units)
  const text = m.marginMm >= 0 ? `in range by ${by}` : `out of range by ${by}`
  return m.marginal ? `${text}: too close to call (±${formatLength(2 * m.uncertaintyMm, units)} measuring uncertainty)` : text
}

/** "18.3″ — in range by 1.7″" (the measurement line's label). */
export function formatDistanceWithMargin(distanceMm: number, margin: MarginFigure | null, units: Units): string {
  const d = formatLength(distanceMm, units)
  return margin ? `${d} — ${formatMargin(margin, units)}` : d
}

export function formatPercent(p: number): string {
  const v = p * 100
  return `${v === Math.round(v) ? v.toFixed(0) : v.toFixed(1)}%`
}

export function formatSigned(v: number): string {
  return v > 0 ? `+${v}` : `${v}`
}
