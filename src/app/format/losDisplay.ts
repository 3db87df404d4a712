// The three classes every line of sight is shown as, whatever a system calls it: clear, partial,
// blocked. A system's own class name stays beside it (the card says "partial (cover)"). Prefers a
// uniform display class on the result when the engine gives one; otherwise reads the engine's
// `visible` verdict and the system's class name (no figure is computed here).

export type LosDisplayClass = 'clear' | 'partial' | 'blocked'

/** System class names that mean an unobstructed view (each system's own word for it). */
const CLEAR_NAMES = new Set(['clear', 'open-ground', 'open', 'visible', 'in-the-open'])
const BLOCKED_NAMES = new Set(['blocked', 'hidden', 'none', 'no-los', 'not-visible', 'out-of-sight'])

export function isLosDisplayClass(v: unknown): v is LosDisplayClass {
  return v === 'clear' || v === 'partial' || v === 'blocked'
}

/**
 * The display class from what the engine said: not visible → blocked; visible with the system's
 * "clear" word (or no class at all) → clear; any other class (cover, obscured…) → partial.
 */
export function losDisplayClass(visible: boolean, systemClass: string | undefined, uniform?: unknown): LosDisplayClass {
  if (isLosDisplayClass(uniform)) return uniform
  if (!visible) return 'blocked'
  if (systemClass === undefined) return 'clear'
  if (CLEAR_NAMES.has(systemClass)) return 'clear'
  if (BLOCKED_NAMES.has(systemClass)) return 'blocked'
  return 'partial'
}

/** Icon and word per class: shape as well as colour (colour-blind readers). */
export const LOS_DISPLAY: Record<LosDisplayClass, { icon: string; word: string }> = {
  clear: { icon: '●', word: 'Clear' },
  partial: { icon: '◐', word: 'Partial' },
  blocked: { icon: '⊘', word: 'Blocked' },
}

/** "Partial (cover)": the display word, and the system's own class name when it says more. */
export function losClassText(display: LosDisplayClass, systemClass: string | undefined): string {
  const word = LOS_DISPLAY[display].word
  return systemClass && systemClass.toLowerCase() !== word.toLowerCase() ? `${word} (${systemClass.replace(/-/g, ' ')})` : word
}
