// The sight block every line-of-sight result carries (tabletop-result/1 `sight`): the geometric
// facts, the game's own class, how that class shows (clear / partial / blocked) and why, with the
// section that says so. When the class shows otherwise than the bare geometry (a friendly screen
// blocking a target every line reaches), `because.overridesGeometry` says so.
import type { DisplayClass, LosBecause, Sight, SightFacts } from '../results.ts'
import type { RuleSystem } from '../ruleSystem.ts'
import { reasonDataOf } from '../reasonData.ts'
import { bookOfSystem } from './book.ts'

/** The display class the bare geometry gives: nothing seen → blocked; all seen and no base hidden → clear. */
export function geometricDisplay(f: Pick<SightFacts, 'visible' | 'fraction' | 'baseHidden'>): DisplayClass {
  if (!f.visible) return 'blocked'
  return f.fraction >= 1 && f.baseHidden <= 0 ? 'clear' : 'partial'
}

/** A reason that decided a class (the last of a unit's reasons, say), as a ruleset wrote it. */
export type DecidingReason = { code: string; message: string; rule: string; template?: string; values?: LosBecause['values'] }

/**
 * The sight block of a line of sight (or of a unit: any model seen, the best fraction) that the
 * ruleset classed `cls`. `deciding`: the ruleset's reasons for the class, the last one deciding;
 * without them the class's declaration (RuleSystem.losClasses) says why.
 */
export function sightOf(system: RuleSystem, facts: SightFacts, cls: string, deciding: readonly DecidingReason[] | null = null): Sight {
  const geometric = geometricDisplay(facts)
  const decl = system.losClasses?.[cls]
  const display = decl?.display ?? geometric
  const last = deciding && deciding.length ? deciding[deciding.length - 1]! : null
  const reason = last ? last.message : (decl?.reason ?? `the ruleset classes this line "${cls}"`)
  const rule = last ? last.rule : (decl?.rule ?? '')
  // The reason as data too, so it prints in the user's unit (a reason given as data keeps its own names).
  const data = last && typeof last.template === 'string' && last.values ? { template: last.template, values: last.values } : reasonDataOf(reason)
  const because: LosBecause = { code: last ? last.code : cls, reason, ...data, citation: bookOfSystem(system).citation(rule), overridesGeometry: display !== geometric }
  // (written out, not spread: the same keys in the same order, faster on a matrix of thousands)
  return { visible: facts.visible, fraction: facts.fraction, baseHidden: facts.baseHidden, blockers: facts.blockers, class: cls, display, because }
}

type Figure = { visible: boolean; fraction: number; baseHidden: number; blockers: string[]; class?: string }

/** A line-of-sight figure with its sight block (from the figure's own facts and class); a figure with no class stays as it is. */
export function withSight<F extends Figure & { class: string }>(system: RuleSystem, figure: F, deciding?: readonly DecidingReason[] | null): F & { sight: Sight }
export function withSight<F extends Figure>(system: RuleSystem, figure: F, deciding?: readonly DecidingReason[] | null): F & { sight?: Sight }
export function withSight<F extends Figure>(system: RuleSystem, figure: F, deciding: readonly DecidingReason[] | null = null): F & { sight?: Sight } {
  if (figure.class === undefined) return figure
  return { ...figure, sight: sightOf(system, figure, figure.class, deciding) }
}
