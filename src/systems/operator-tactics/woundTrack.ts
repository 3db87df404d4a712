// §02 Wounds: the FW/MW track, its penalties, falling damage, the Contact Ceiling count,
// and the squad-size arithmetic of §01/§04 (which the book's own formats contradict).
import { SK } from './constants.ts'
import { OPERATORS, MAX_PER_CLASS } from './catalogue.ts'
import type { SkirmishOptions } from './options.ts'

export type WoundState = { fleshWounds: number; mortalWounds: number; outOfAction: boolean }

export const UNHURT: WoundState = { fleshWounds: 0, mortalWounds: 0, outOfAction: false }

export type Wound = 'FW' | 'MW'

/**
 * Apply wounds in order. §02 Wounds: "4th FW = 1 MW"; "Taking an MW clears all FW" (Wound
 * Clarity); at 2 MW "Next hit = OoA". A 4th FW at 1 MW becomes the second MW.
 */
export function applyWounds(start: WoundState, wounds: readonly Wound[]): WoundState {
  let s = { ...start }
  for (const w of wounds) {
    if (s.outOfAction) break
    if (s.mortalWounds >= 2) {
      s = { ...s, outOfAction: true }
      continue
    }
    if (w === 'MW') s = { fleshWounds: 0, mortalWounds: s.mortalWounds + 1, outOfAction: false }
    else if (s.fleshWounds + 1 >= SK.fleshWoundsToMortal.value) s = { fleshWounds: 0, mortalWounds: s.mortalWounds + 1, outOfAction: false }
    else s = { ...s, fleshWounds: s.fleshWounds + 1 }
  }
  return s
}

/** "-1 all" at 3 FW or 1 MW, "-2 all" at 2 MW; "MW penalties replace FW penalties" (§02 Wounds). */
export function woundPenalty(s: Pick<WoundState, 'fleshWounds' | 'mortalWounds'>): number {
  if (s.mortalWounds >= 2) return SK.twoMortalPenalty.value
  if (s.mortalWounds === 1) return SK.oneMortalPenalty.value
  if (s.fleshWounds >= 3) return SK.threeFleshWoundPenalty.value
  return 0
}

/** Actions per activation: 1 with any MW (§02 Wounds), never below 1 (Action Floor). */
export function actionsAllowed(s: Pick<WoundState, 'mortalWounds'>): number {
  return s.mortalWounds >= 1 ? 1 : SK.actionsPerActivation.value
}

/** §02 Movement details: "Falling. One FW per 3". At 6" or more: MW instead." */
export function fallingDamage(heightInches: number, options: Pick<SkirmishOptions, 'fallingMortalWounds'>): { fleshWounds: number; mortalWounds: number } {
  const eps = 1e-9
  if (heightInches + eps >= SK.fallingMortalWoundInches.value) {
    const mw = options.fallingMortalWounds === 'per-6' ? Math.floor((heightInches + eps) / SK.fallingMortalWoundInches.value) : 1
    return { fleshWounds: 0, mortalWounds: mw }
  }
  return { fleshWounds: Math.floor((heightInches + eps) / SK.fallingInchesPerFleshWound.value), mortalWounds: 0 }
}

/** §02 Contact Ceiling: "half its operators Out of Action — round down". */
export function contactCeilingCount(operators: number): number {
  return Math.floor(operators / 2)
}

/**
 * Cheapest splice of n operators under the class limit (§04: "No more than two of any single class"),
 * from the §03 class costs.
 */
export function cheapestSplicePoints(n: number): number | null {
  const classCosts = Object.values(OPERATORS)
    .filter((o) => o.points !== undefined)
    .map((o) => o.points!)
  const slots = classCosts.flatMap((c) => Array.from({ length: MAX_PER_CLASS }, () => c)).sort((a, b) => a - b)
  if (n > slots.length) return null
  return slots.slice(0, n).reduce((s, c) => s + c, 0)
}

/** The most operators a budget can buy (same class limit). */
export function maxOperatorsFor(points: number): number {
  let n = 0
  for (;;) {
    const cost = cheapestSplicePoints(n + 1)
    if (cost === null || cost > points) return n
    n++
  }
}
