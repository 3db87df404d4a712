// What the verdict strip shows, read from an attack result (and the overlay's names): allowed or
// not, distance against the weapon's range with the margin and its uncertainty, the line of sight
// as one of three display classes with the visible share, cover, and the chance. Reads fields;
// computes nothing the engine did not say.
import type { MarginFigure, QueryResult } from '../../engine/index.ts'
import { readAttack } from './readAttack.ts'
import { type LosDisplayClass, losDisplayClass } from './losDisplay.ts'

export type VerdictView = {
  allowed: boolean | null
  /** The first reason the attack is not allowed (the rest are in the details). */
  firstReason: string | null
  range: { distanceMm: number; rangeMm: number | null; margin: MarginFigure | null } | null
  los: {
    display: LosDisplayClass
    systemClass: string | undefined
    /** Share of the target seen (0–1), when the system gives one. */
    fraction: number | null
    /** For a whole unit: models seen of models in it. */
    modelsSeen: { seen: number; of: number } | null
  } | null
  cover: string | null
  chance: { hit: number; hitExact: string; effect: number; effectExact: string } | null
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export function readVerdict(result: QueryResult): VerdictView {
  const v = readAttack(result)
  let los: VerdictView['los'] = null
  // The uniform `sight` block (tabletop-result/1): the game's class, its display class and the facts.
  const l = isObj(result.los) ? result.los : null
  const sight = l && isObj(l.sight) ? l.sight : isObj(result.sight) ? result.sight : null
  if (sight) {
    const models = l && Array.isArray(l.models) ? l.models.filter(isObj) : null
    const systemClass = typeof sight.class === 'string' ? sight.class : undefined
    los = {
      display: losDisplayClass(sight.visible === true, systemClass, sight.display),
      systemClass,
      fraction: v.los?.fraction ?? null,
      modelsSeen: models && models.length > 0 ? { seen: models.filter((m) => m.visible === true).length, of: models.length } : null,
    }
  }
  const coverLevel = v.cover ? v.cover.level : null
  return {
    allowed: v.allowed,
    firstReason: v.reasons[0]?.message ?? null,
    range: v.distanceMm === null ? null : { distanceMm: v.distanceMm, rangeMm: v.margin?.thresholdMm ?? null, margin: v.margin },
    los,
    cover: coverLevel === null || coverLevel === '' || coverLevel === 'none' ? null : coverLevel,
    chance: v.probability ? { hit: v.probability.hit, hitExact: v.probability.hitExact, effect: v.probability.effect, effectExact: v.probability.effectExact } : null,
  }
}
