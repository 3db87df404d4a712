// Whether two JSON values are the same, by a walk instead of writing both out: what a cache keyed on
// a scene's JSON needs when the next scene arrives as new objects (a model moved). Allocates nothing.

/**
 * Do two JSON values hold the same data (objects with the same keys and values, in any order; arrays
 * the same items in order)? Walked whole even when they are one object (it may have been changed in
 * place since). A number that is not finite, undefined, or anything else JSON does not hold counts
 * as different (a cache then makes its value again).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null) return a === b && (typeof a !== 'number' || Number.isFinite(a)) && typeof a !== 'undefined'
  if (typeof b !== 'object' || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const x = a as Record<string, unknown>, y = b as Record<string, unknown>
  let n = 0
  for (const k in x) {
    if (!Object.hasOwn(x, k)) continue
    if (!Object.hasOwn(y, k) || !sameJson(x[k], y[k])) return false
    n++
  }
  for (const k in y) if (Object.hasOwn(y, k)) n--
  return n === 0
}
