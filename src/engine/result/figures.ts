// Builders of the uniform figures of tabletop-result/1 that need no citation: a chance as a number
// equal to its exact fraction, an area (aura, blast, objective) in one shape, a measured distance,
// and modifiers marked applied or not once the action's verdict is known.
import type { AreaFigure, AreaMember, DistanceFigure, Vec3Tuple } from '../results.ts'
import { type Fraction, formatFraction, toNumber } from '../dice/probability.ts'

/** The value of an exact fraction as printed ("386/729", "2", "-1/3"); null if it is not one. */
export function valueOfExact(exact: string): number | null {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(exact)
  if (!m) return null
  return m[2] === undefined ? Number(m[1]) : Number(m[1]) / Number(m[2])
}

/** A chance: `value` equals the `exact` fraction (full precision; rounding is for display only). */
export function chance(f: Fraction): { value: number; exact: string } {
  return { value: toNumber(f), exact: formatFraction(f) }
}

/** An aura's, blast's or objective's area: who is inside, around what, how far. */
export function areaFigure(kind: AreaFigure['kind'], area: Omit<AreaFigure, 'kind'>): AreaFigure {
  return { kind, source: area.source, centre: area.centre, radiusMm: area.radiusMm, radiusInches: area.radiusInches, inside: area.inside }
}

/** One model inside an area, with its distance where one was measured. */
export function areaMember(model: string, distance?: { mm?: number | null; inches?: number | null } | null): AreaMember {
  const mm = distance?.mm
  const inches = distance?.inches
  return { model, ...(typeof mm === 'number' ? { mm } : {}), ...(typeof inches === 'number' ? { inches } : {}) }
}

/** A measured distance and the two points it was measured between. */
export function distanceFigure(m: { mm: number; inches: number; points: [Vec3Tuple, Vec3Tuple] }): DistanceFigure {
  return { mm: m.mm, inches: m.inches, points: m.points }
}

/**
 * Modifiers once the action's verdict is known: each says whether it was `applied` (none is, on a
 * refused action; `allowed` undefined = a roll with no refusal, every modifier applies).
 */
export function settleModifiers<M extends object>(modifiers: readonly M[], allowed: boolean | undefined): Array<M & { applied: boolean }> {
  return modifiers.map((m) => ('applied' in m && typeof m.applied === 'boolean' ? (m as M & { applied: boolean }) : { ...m, applied: allowed !== false }))
}
