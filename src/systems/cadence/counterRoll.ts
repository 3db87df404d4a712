// The core's counter table and a single d6 roll against a target number, shared by the Cadence games that
// roll counters outside an attack (Scraplands control checks, Squadrons ship collisions).
import { type Exact, exact } from './probability/exactFraction.ts'
import { CORE } from './constants.ts'

/** The core's counter table: Damage against the lowest Toughness → the roll needed (rows top to bottom). */
export function counterNeed(damage: number, toughness: number): { need: number; row: string } {
  if (damage * 2 <= toughness) return { need: CORE.counterHalfOrLower.value, row: 'Damage is half, or lower, than Toughness' }
  if (damage >= toughness * 2) return { need: CORE.counterDoubleOrHigher.value, row: 'Damage is double, or higher, than Toughness' }
  if (damage < toughness) return { need: CORE.counterLower.value, row: 'Damage is lower than Toughness' }
  if (damage === toughness) return { need: CORE.counterEqual.value, row: 'Damage is equal to Toughness' }
  return { need: CORE.counterHigher.value, row: 'Damage is higher than Toughness' }
}

/** One d6 against a target number: a 1 always fails; a need above 6 never succeeds. */
export function d6Success(need: number): Exact {
  if (need > 6) return exact(0)
  return exact(7 - Math.max(need, 2), 6)
}
