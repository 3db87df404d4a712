// Unit formation (core-rules/basic-rules.html#unit-formation): "A unit is in formation when you can
// connect all models in the unit with a distance between each no greater than 2 inches" — a chain
// (connected graph of gaps ≤ 2"), not every pair.
import { type Table, type TableModel, inches, roundTo, toInches } from '../../engine/index.ts'
import { measureGap } from './measure.ts'

export const FORMATION_RULE = 'core-rules/basic-rules.html#unit-formation'
export const FORMATION_GAP_INCHES = 2

export type FormationFigure = {
  unit: string
  models: string[]
  inFormation: boolean
  /** Connected groups under gaps ≤ 2". */
  groups: string[][]
  /** The links of a shortest spanning chain (gap of each), whether or not it is ≤ 2". */
  links: Array<{ a: string; b: string; mm: number; inches: number; ok: boolean }>
  /** The largest link of the shortest spanning chain: the unit is in formation iff it is ≤ 2". */
  widestLinkInches: number
  rule: string
}

/** Formation of a set of models (positions as on the table, or overridden by `moved`). */
export function measureFormation(table: Table, unit: string, listed: readonly TableModel[]): FormationFigure {
  // By id, not as listed: the spanning chain (and each link's ends) must not depend on the scene's order (issue 12).
  const models = [...listed].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const limitMm = inches(FORMATION_GAP_INCHES)
  const n = models.length
  const gap = (i: number, j: number): number => measureGap(table, models[i]!, models[j]!).rawMm
  // Prim's minimum spanning tree: the chain with the smallest widest link.
  const inTree = new Array<boolean>(n).fill(false)
  const best = new Array<number>(n).fill(Infinity)
  const parent = new Array<number>(n).fill(-1)
  const links: FormationFigure['links'] = []
  if (n > 0) best[0] = 0
  for (let k = 0; k < n; k++) {
    let u = -1
    for (let i = 0; i < n; i++) if (!inTree[i] && (u === -1 || best[i]! < best[u]!)) u = i
    inTree[u] = true
    if (parent[u]! >= 0) {
      const mm = best[u]!
      links.push({ a: models[parent[u]!]!.id, b: models[u]!.id, mm: roundTo(mm, 2), inches: roundTo(toInches(mm), 3), ok: mm <= limitMm + 1e-6 })
    }
    for (let v = 0; v < n; v++) {
      if (inTree[v]) continue
      const g = gap(u, v)
      if (g < best[v]!) {
        best[v] = g
        parent[v] = u
      }
    }
  }
  // Groups: components of the "gap ≤ 2 inches" graph (the spanning tree's ok links).
  const root = models.map((_, i) => i)
  const top = (i: number): number => (root[i] === i ? i : (root[i] = top(root[i]!)))
  for (const l of links) if (l.ok) root[top(models.findIndex((m) => m.id === l.a))] = top(models.findIndex((m) => m.id === l.b))
  const groupsMap = new Map<number, string[]>()
  models.forEach((m, i) => {
    const g = top(i)
    groupsMap.set(g, [...(groupsMap.get(g) ?? []), m.id])
  })
  const widest = links.reduce((w, l) => Math.max(w, l.mm), 0)
  return {
    unit,
    models: models.map((m) => m.id),
    inFormation: groupsMap.size <= 1,
    groups: [...groupsMap.values()],
    links,
    widestLinkInches: roundTo(toInches(widest), 3),
    rule: FORMATION_RULE,
  }
}
