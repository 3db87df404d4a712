// The three classes every line of sight is shown as, whatever a system calls it: clear, partial,
// blocked. A system's own class name stays beside it (the card says "partial (cover)"). The display
// class is the result's own (tabletop-result/1 `sight.display`, which each ruleset declares for its
// classes); no ruleset's class names are known here. Without one (a result from before the uniform
// fields) only the engine's `visible` verdict and the three display words themselves are read.

export type LosDisplayClass = 'clear' | 'partial' | 'blocked'

export function isLosDisplayClass(v: unknown): v is LosDisplayClass {
  return v === 'clear' || v === 'partial' || v === 'blocked'
}

/**
 * The display class: the result's uniform one when it gives it; else not visible → blocked, no class
 * → clear, a class that is itself a display word → that, any other class (cover, obscured…) → partial.
 */
export function losDisplayClass(visible: boolean, systemClass: string | undefined, uniform?: unknown): LosDisplayClass {
  if (isLosDisplayClass(uniform)) return uniform
  if (!visible) return 'blocked'
  if (systemClass === undefined) return 'clear'
  return isLosDisplayClass(systemClass) ? systemClass : 'partial'
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

type LineLike = { to: string; visible: boolean; fraction: number; class?: string | undefined; display?: LosDisplayClass | undefined }
type CardLike = { attackQuery: { attacker: string; target: string } | null; attack: Record<string, unknown> | null }

/**
 * How one line of the attacker's row shows (the target buttons' chips, the table's LoS labels): the
 * picked target's line as the card rules it (the attack's own sight: a weapon may count an obscured
 * line as clear), every other line as the engine's los query answers it. So the chip, the label and
 * the card never disagree about the pick.
 */
export function shownLos(line: LineLike, overlay: CardLike | null, attackerId: string | null): { display: LosDisplayClass; fraction: number; systemClass: string | undefined } {
  const card = overlay?.attackQuery && overlay.attack && overlay.attackQuery.target === line.to && overlay.attackQuery.attacker === attackerId ? overlay.attack : null
  const los = card && typeof card.los === 'object' && card.los !== null ? (card.los as Record<string, unknown>) : null
  const sight = (los && typeof los.sight === 'object' && los.sight !== null ? los.sight : card && typeof card.sight === 'object' && card.sight !== null ? card.sight : null) as { visible?: unknown; fraction?: unknown; class?: unknown; display?: unknown } | null
  if (sight) {
    const cls = typeof sight.class === 'string' ? sight.class : undefined
    return { display: losDisplayClass(sight.visible === true, cls, sight.display), fraction: typeof sight.fraction === 'number' ? sight.fraction : line.fraction, systemClass: cls }
  }
  return { display: losDisplayClass(line.visible, line.class, line.display), fraction: line.fraction, systemClass: line.class }
}
