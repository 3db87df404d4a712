// Units at the boundary: the engine works in millimetres in the table frame.
// Rulebooks speak inches; convert where a rule is declared, never inside geometry.

/** Millimetres per inch, exact by definition (international inch, 1959). */
export const MM_PER_INCH = 25.4

/** A distance given in inches, as millimetres. */
export function inches(valueInches: number): number {
  return valueInches * MM_PER_INCH
}

/** A distance in millimetres, as inches. */
export function toInches(valueMm: number): number {
  return valueMm / MM_PER_INCH
}

export const DEG_PER_RAD = 180 / Math.PI

/** Degrees to radians. */
export function radians(deg: number): number {
  return deg / DEG_PER_RAD
}

/** Radians to degrees. */
export function degrees(rad: number): number {
  return rad * DEG_PER_RAD
}

/** Wrap an angle in degrees into (-180, 180]. */
export function wrapDeg(deg: number): number {
  let a = deg % 360
  if (a <= -180) a += 360
  else if (a > 180) a -= 360
  return a
}

/** Round to a fixed number of decimals for display-stable JSON (not for decisions). */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals
  return Math.round(value * f) / f
}
