// Reasons as data → text in the user's unit. A reason with a `template` ("{distance} is beyond {range}")
// and `values` (quantities with units) is printed here, so inches, centimetres and millimetres come out
// alike and no number carries more digits than it means (0.01", 0.01 cm or 0.1 mm, degrees to 0.1°).
// One renderer for the CLI (`eval --format text`, resultText.ts) and the app's card (src/app/format).
import type { Citation, ProbabilityScope, Quantity, Reason, Sight } from './results.ts'

export type LengthUnit = 'in' | 'cm' | 'mm'
export const LENGTH_UNITS = ['in', 'cm', 'mm'] as const satisfies readonly LengthUnit[]

const trim = (n: number, digits: number): string => String(Number(n.toFixed(digits)))

/** A length in millimetres in the user's unit: 609.6 mm → 24" / 60.96 cm / 609.6 mm. */
export function formatLengthMm(mm: number, unit: LengthUnit): string {
  if (unit === 'mm') return `${trim(mm, 1)} mm`
  if (unit === 'cm') return `${trim(mm / 10, 2)} cm`
  return `${trim(mm / 25.4, 2)}"`
}

/** One quantity in the user's unit: 24" / 60.96 cm / 609.6 mm, 45°, 3, 50%. */
export function formatQuantity(q: Quantity, unit: LengthUnit): string {
  switch (q.unit) {
    case 'mm':
      return formatLengthMm(q.value, unit)
    case 'in':
      // A length given in inches stays as printed in inches (24" is 24", not 24.00").
      return unit === 'in' ? `${trim(q.value, 2)}"` : formatLengthMm(q.value * 25.4, unit)
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

/** "Advanced Rules › Keyword: Cover (core-rules/advanced-rules.html#keyword-cover)", or the section alone when it has no title. */
export function formatCitation(c: Citation): string {
  return c.title && c.title !== c.section ? `${c.title} (${c.section})` : c.section
}

/** What a chance covers: "each roll" / "whole attack, 4 rolls". */
export function formatScope(s: ProbabilityScope): string {
  return s.of === 'one-roll' ? 'each roll' : s.rolls > 1 ? `whole attack, ${s.rolls} rolls` : 'whole attack'
}

/** The sight block as a label: the display class, the game's own class when it differs, and why (in the user's unit) when it overrides the geometry. */
export function formatSightLabel(s: Sight, unit: LengthUnit = 'in'): string {
  const cls = s.class === s.display ? s.display : `${s.display} (${s.class})`
  if (!s.because.overridesGeometry) return cls
  const b = s.because
  return `${cls}: ${formatReason({ code: b.code, message: b.reason, rule: '', template: b.template, values: b.values }, unit)}`
}
