// What the verdict strip shows, read from an attack result (and the overlay's names): allowed or
// not, distance against the weapon's range with the margin and its uncertainty, the line of sight
// as one of three display classes with the game's class, the share seen and, when the class
// overrides the geometry, the reason (`sight.because`), cover, and the chance. Reads fields;
// computes nothing the engine did not say. The cells never contradict the sight: with no line of
// sight and no attack allowed, cover and chance say so ("—") instead of a cover level or a 0 %.
import type { MarginFigure, QueryResult, Sight } from '../../engine/index.ts'
import { formatCitation, formatReason } from '../../engine/index.ts'
import { readAttack } from './readAttack.ts'
import type { Units } from '../state/settingsSlice.ts'
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
    /** Why the game's class differs from what the geometry alone shows (`sight.because`), in the user's unit; null when it does not. */
    because: { text: string; rule: string } | null
  } | null
  /** The cover level in force; null for none. */
  cover: string | null
  /** Cover does not apply: no line of sight and no attack (the engine's level, if any, is in the details). */
  coverMoot: boolean
  chance: { hit: number; hitExact: string; effect: number; effectExact: string } | null
  /** No attack is allowed, so no chance is quoted (the engine's figures are in the details). */
  chanceMoot: boolean
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The sight block of an attack result (pair-level `los.sight`, or a unit-level `sight`). */
export function sightOf(result: QueryResult): Sight | null {
  const l = isObj(result.los) ? result.los : null
  const sight = l && isObj(l.sight) ? l.sight : isObj(result.sight) ? result.sight : null
  return sight as Sight | null
}

/** "a model is in the way (§ 4.2)": the `because` of a sight block that overrides the geometry, in the user's unit. */
export function becauseText(sight: Pick<Sight, 'because'>, units: Units): { text: string; rule: string } | null {
  const b = sight.because
  if (!isObj(b) || b.overridesGeometry !== true) return null
  const text = formatReason({ code: b.code, message: b.reason, rule: '', template: b.template, values: b.values }, units)
  return { text, rule: isObj(b.citation) ? formatCitation(b.citation) : '' }
}

export function readVerdict(result: QueryResult, units: Units = 'in'): VerdictView {
  const v = readAttack(result, units)
  let los: VerdictView['los'] = null
  // The uniform `sight` block (tabletop-result/1): the game's class, its display class and the facts.
  const l = isObj(result.los) ? result.los : null
  const sight = sightOf(result)
  if (sight) {
    const models = l && Array.isArray(l.models) ? l.models.filter(isObj) : null
    const systemClass = typeof sight.class === 'string' ? sight.class : undefined
    los = {
      display: losDisplayClass(sight.visible === true, systemClass, sight.display),
      systemClass,
      fraction: v.los?.fraction ?? null,
      modelsSeen: models && models.length > 0 ? { seen: models.filter((m) => m.visible === true).length, of: models.length } : null,
      because: becauseText(sight, units),
    }
  }
  const coverLevel = v.cover ? v.cover.level : null
  const noShot = los?.display === 'blocked' && v.allowed !== true
  return {
    allowed: v.allowed,
    firstReason: v.reasons[0]?.message ?? null,
    range: v.distanceMm === null ? null : { distanceMm: v.distanceMm, rangeMm: v.margin?.thresholdMm ?? null, margin: v.margin },
    los,
    cover: noShot || coverLevel === null || coverLevel === '' || coverLevel === 'none' ? null : coverLevel,
    coverMoot: noShot,
    chance: v.probability && v.allowed !== false ? { hit: v.probability.hit, hitExact: v.probability.hitExact, effect: v.probability.effect, effectExact: v.probability.effectExact } : null,
    chanceMoot: v.probability !== null && v.allowed === false,
  }
}
