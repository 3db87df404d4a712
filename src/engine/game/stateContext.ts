// The state feeds the rules (issue 33): what a ruleset reads from the scene's game state (counters,
// statuses, what a model did this activation, the round) becomes the query's `context` before its
// handler runs, in place of a hand-given one. A key given by hand wins — it is the referee's word for
// this one query — and a hand-given value that disagrees with the state is reported as a scene warning
// (`context-overrides-state`), never silently.
import type { Query } from '../scene/sceneSchema.ts'
import type { SceneWarning } from '../results.ts'
import type { Table, TableModel } from '../ruleSystem.ts'
import { canonicalJson } from '../contentHash.ts'

/** A model's counters as the scene carries them (none: all 0). */
export function countersOf(m: TableModel): Readonly<Record<string, number>> {
  return m.scene.state?.counters ?? {}
}

/** The context the state gives a query (empty when the ruleset reads none or the scene has none). */
export function stateContextOf(table: Table, q: Query): Record<string, unknown> {
  const derive = table.system.game?.stateContext
  return derive ? derive(table, q) : {}
}

/** The query as its handler sees it: the state's context under the hand-given one. */
export function withStateContext(table: Table, q: Query): Query {
  const derived = stateContextOf(table, q)
  const keys = Object.keys(derived)
  if (!keys.length) return q
  const given = (q as { context?: Record<string, unknown> }).context
  return { ...q, context: { ...derived, ...(given ?? {}) } } as Query
}

/** Hand-given context keys whose value differs from what the state says: one warning each. */
export function contextOverridesState(table: Table, queries: ReadonlyArray<Record<string, unknown>>): SceneWarning[] {
  if (!table.system.game?.stateContext) return []
  const out: SceneWarning[] = []
  queries.forEach((q, i) => {
    const given = q.context
    if (!given || typeof given !== 'object') return
    let derived: Record<string, unknown>
    try {
      derived = stateContextOf(table, q as Query)
    } catch {
      return // the query itself is wrong: its evaluation says so
    }
    for (const [key, value] of Object.entries(given as Record<string, unknown>)) {
      if (!(key in derived) || canonicalJson(derived[key]) === canonicalJson(value)) continue
      out.push({
        code: 'context-overrides-state',
        path: `queries[${i}].context.${key}`,
        message: `the context gives ${key} = ${short(value)} but the game state says ${short(derived[key])}: the context's value is used for this query`,
      })
    }
  })
  return out
}

function short(v: unknown): string {
  const s = canonicalJson(v) ?? String(v)
  return s.length > 60 ? `${s.slice(0, 59)}…` : s
}
