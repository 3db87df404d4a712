// Cadence layer, shared by the games (Respawn, Halo: Breakpoint, Scraplands, Squadrons): run the core's attack resolution on a derived table
// (see derivedTable.ts), with the scene edits a game needs, and the pieces every such edit uses.
import type { QueryOf, QueryResultBody, Scene, Table, TableModel } from '../../engine/index.ts'
import { type CadenceCore, judgeUnitSight, resolveAttack, sightOfModel } from './index.ts'
import { type SceneEdit, deriveTable } from './derivedTable.ts'

/**
 * Keyword for enemy models that a free attack (Hunter Charge, Vehicle Ram, a Big Gun) or a Squadrons
 * attack ("may choose any enemy ship as a target") does not have to target first: the core's forced
 * target rule looks for enemies within 3" with isEnemy(attacker, model), so these answer "no" there.
 */
export const EXCUSED_KEYWORD = 'excused-from-forced-target'

/** isEnemy for these games: a different side, unless excused as a forced target (asked from the attacker's side). */
export function isEnemyUnlessExcused(a: TableModel, b: TableModel): boolean {
  return a.side !== b.side && !b.keywords.includes(EXCUSED_KEYWORD)
}

/** Mark every enemy model outside the target's unit as excused. */
export function excuseOtherEnemies(scene: Scene, table: Table, attackerId: string, targetId: string): void {
  const attacker = table.model(attackerId)
  const target = table.model(targetId)
  for (const sm of scene.models) {
    const m = table.model(sm.id)
    if (m.side !== attacker.side && m.unit !== target.unit) sm.keywords = [...(sm.keywords ?? []), EXCUSED_KEYWORD]
  }
}

/** Add a keyword (e.g. "Vehicle") to every model of the scene. */
export function addKeywordToAll(scene: Scene, keyword: string): void {
  for (const sm of scene.models) if (!(sm.keywords ?? []).includes(keyword)) sm.keywords = [...(sm.keywords ?? []), keyword]
}

/** Resolve an attack with the core on a table derived by `edit` (the query's ids stay valid). */
export function resolveAttackOn(core: CadenceCore, table: Table, q: QueryOf<'attack'>, edit: SceneEdit): { derived: Table; result: QueryResultBody } {
  const derived = deriveTable(table, edit)
  return { derived, result: resolveAttack(core, derived, q) }
}

/** The visibility query on a derived table: every viewer against every enemy model, with the book's class. */
export function visibilityOn(core: CadenceCore, derived: Table, side: string | undefined, rule: string): QueryResultBody {
  const pairs: Array<{ from: string; to: string; visible: boolean; fraction: number; class: string }> = []
  for (const v of derived.models.filter((m) => !side || m.side === side)) {
    for (const t of derived.models) {
      if (!core.isEnemy(v, t)) continue
      const los = sightOfModel(derived, v, t)
      pairs.push({ from: v.id, to: t.id, visible: los.visible, fraction: Math.round(los.fraction * 1e4) / 1e4, class: judgeUnitSight(derived, v, t, core.isEnemy).class })
    }
  }
  return { pairs, rules: [rule] }
}
