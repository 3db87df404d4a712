// Reasons as data → text in the user's unit. A reason with a `template` ("{distance} is beyond {range}")
// and `values` (quantities with units) is printed here, so inches and millimetres come out alike and no
// number carries more digits than it means (0.01" or 0.1 mm, whole degrees to 0.1°).
import type { Quantity, Reason } from './results.ts'

export type LengthUnit = 'in' | 'mm'

const trim = (n: number, digits: number): string => String(Number(n.toFixed(digits)))

/** One quantity in the user's unit: 24" / 609.6 mm, 45°, 3, 50%. */
export function formatQuantity(q: Quantity, unit: LengthUnit): string {
  switch (q.unit) {
    case 'mm':
      return unit === 'mm' ? `${trim(q.value, 1)} mm` : `${trim(q.value / 25.4, 2)}"`
    case 'in':
      return unit === 'mm' ? `${trim(q.value * 25.4, 1)} mm` : `${trim(q.value, 2)}"`
    case 'deg':
      return `${trim(q.value, 1)}°`
    case 'fraction':
      return `${trim(q.value * 100, 1)}%`
    case 'count':
      return trim(q.value, 0)
  }
}

/** A reason's text in the user's unit: its template filled from its values, else its message. */
export function formatReason(r: Reason & { template?: string }, unit: LengthUnit): string {
  const values = r.values
  if (!r.template || !values) return r.message
  return r.template.replace(/\{(\w+)\}/g, (m, k: string) => {
    const q = values[k]
    return q ? formatQuantity(q, unit) : m
  })
}
