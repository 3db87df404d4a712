// What the survey says about the table's size (issue 31: a red warning with no remedy, although a
// few mm do not matter). The corner markers give the table's edges; a player lays them by hand, a
// little off the corners (10–15 mm is common), and a mat is seldom its nominal size to the mm. So the
// measured size is compared with the table's set size allowing for that: within the allowance the
// survey says nothing (rulings between models never use the table's size; edge rules tolerate it);
// beyond it, a note that says what differs and the two ways to put it right. Pure.

/** Allowed difference along one side, mm: two markers each up to 12.5 mm off their corner, plus 1 % of the side (a mat's own error). */
export function sizeAllowanceMm(sideMm: number): number {
  return 25 + 0.01 * sideMm
}

const mm = (v: number) => `${Math.round(v)} mm`

/** The note on the measured table size, or null when it agrees with the set size within the allowance. */
export function tableSizeNote(measured: { widthMm?: number; depthMm?: number }, set: { width: number; depth: number }): string | null {
  const off: string[] = []
  if (measured.widthMm !== undefined && Math.abs(measured.widthMm - set.width) > sizeAllowanceMm(set.width)) off.push(`${mm(measured.widthMm)} wide (set: ${mm(set.width)})`)
  if (measured.depthMm !== undefined && Math.abs(measured.depthMm - set.depth) > sizeAllowanceMm(set.depth)) off.push(`${mm(measured.depthMm)} deep (set: ${mm(set.depth)})`)
  if (off.length === 0) return null
  return `The corner markers make the table ${off.join(' and ')}. Distances between models are not affected; the table's edges are. If a corner marker is away from its corner, push its white square into the corner and survey again; if your table really is this size, set it in My table › 1 Table (Custom) and save.`
}
