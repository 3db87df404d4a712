// Which side is "first" when a ruleset must assign table edges or corners and the scene does not say:
// decided by where the sides' models stand, never by the order they are listed in (issue 12). The
// side whose models stand, on average, nearest the south edge (y = 0) or the south-west corner is first;
// ties go by side name. A scene that declares the edges decides instead.
import type { Table } from '../table/prepareTable.ts'

/** Sides ordered by `key` (the mean over each side's models), then by name. */
function sidesBy(table: Table, key: (x: number, y: number) => number): string[] {
  const sums = new Map<string, { k: number; n: number }>()
  for (const m of table.models) {
    const s = sums.get(m.side) ?? { k: 0, n: 0 }
    s.k += key(m.x, m.y)
    s.n++
    sums.set(m.side, s)
  }
  return [...sums].sort(([a, p], [b, q]) => p.k / p.n - q.k / q.n || (a < b ? -1 : a > b ? 1 : 0)).map(([side]) => side)
}

/** Sides, the one standing nearest the south edge (smallest mean y) first. */
export function sidesFromSouth(table: Table): string[] {
  return sidesBy(table, (_x, y) => y)
}

/** Sides, the one standing nearest the south-west corner (smallest mean x + y) first. */
export function sidesFromSouthWest(table: Table): string[] {
  return sidesBy(table, (x, y) => Math.hypot(x, y))
}
