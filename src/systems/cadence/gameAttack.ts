// Cadence layer, shared by the games (Respawn, Halo: Breakpoint, Scraplands, Squadrons): the attack hooks
// several games pass to the core attack (attack.ts AttackHooks) instead of editing a copy of the table,
// and the visibility query with a game's sight hook.
import { type ResultBody, type Table, type VisibilityPair, sightOf, type VisibilityResult } from '../../engine/index.ts'
import { book } from './book.ts'
import type { AttackHooks } from './attack.ts'
import type { CadenceCore } from './spec.ts'
import { type SightHook, judgeUnitSight, sightOfModel } from './lineOfSight.ts'

/**
 * The `isEnemy` hook of an attack that need not target the nearest enemy (a free attack: Hunter Charge,
 * Vehicle Ram, a Big Gun; Squadrons: "may choose any enemy ship as a target"): enemy models outside the
 * target's unit do not count for the forced-target rule or the screen. With `victim`, that model is
 * attacked like an enemy even when it is friendly ("friendly or enemy", "every model that this model moved over").
 */
export function targetOnlyHook(core: CadenceCore, table: Table, attackerId: string, targetId: string, source: string, rule: string, victim?: string): NonNullable<AttackHooks['isEnemy']> {
  const attacker = table.model(attackerId)
  const target = table.model(targetId)
  return {
    source, rule,
    test: (a, b) => {
      if (victim !== undefined && a.id !== b.id && (a.id === victim || b.id === victim)) return true
      if (b.side !== attacker.side && b.unit !== target.unit) return false
      return core.isEnemy(a, b)
    },
  }
}

/** The visibility query with a game's sight hook: every viewer against every enemy model, with the book's class. */
export function visibilityWith(core: CadenceCore, table: Table, side: string | undefined, rule: string, sight?: SightHook): VisibilityResult {
  const pairs: VisibilityPair[] = []
  for (const v of table.models.filter((m) => !side || m.side === side)) {
    for (const t of table.models) {
      if (!core.isEnemy(v, t)) continue
      const los = sightOfModel(table, v, t, false, sight)
      const fraction = Math.round(los.fraction * 1e4) / 1e4
      const cls = judgeUnitSight(table, v, t, core.isEnemy, sight).class
      pairs.push({ from: v.id, to: t.id, visible: los.visible, fraction, class: cls, sight: sightOf(table.system, { visible: los.visible, fraction, baseHidden: 0, blockers: [] }, cls) })
    }
  }
  return { pairs, ...book.sources([...new Set([rule, ...(sight ? [sight.rule] : [])])]) }
}
