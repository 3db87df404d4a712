// Exact odds of Iron Line's non-attack rolls and of the SITREP check used for unclear calls.
import { type Fraction, fraction } from '../../engine/index.ts'

/** §12 L1260: "The first is the tens, the second is the units." */
export function readD66(first: number, second: number): number {
  return first * 10 + second
}

/** Ways to roll each total on `count` D6 (index = total). */
function diceTotals(count: number): number[] {
  let ways = [1]
  for (let d = 0; d < count; d++) {
    const next = Array<number>(ways.length + 6).fill(0)
    ways.forEach((w, t) => {
      for (let f = 1; f <= 6; f++) next[t + f]! += w
    })
    ways = next
  }
  return ways
}

/** P(total of `count` D6 > threshold) or ≥ when `orEqual`. */
export function probabilityDiceTotal(count: number, threshold: number, orEqual: boolean): Fraction {
  const ways = diceTotals(count)
  let hit = 0
  ways.forEach((w, t) => {
    if (orEqual ? t >= threshold : t > threshold) hit += w
  })
  return fraction(hit, 6 ** count)
}

/** Killzone Designation (§17 L1616): "must roll over their current Strain + 2 on 2D6 or receive 1 Strain". */
export function probabilityPassKillzone(strain: number): Fraction {
  return probabilityDiceTotal(2, strain + 2, false)
}

/** The pre-v1.1 Killzone rule quoted in the changelog (L2543): "previously straight over Strain". */
export function probabilityPassKillzoneOldRule(strain: number): Fraction {
  return probabilityDiceTotal(2, strain, false)
}

/** Terrifying (§23 L2077): 2D6 "roll over current Strain". */
export function probabilityPassTerrifying(strain: number): Fraction {
  return probabilityDiceTotal(2, strain, false)
}

/** Seize the initiative (§15 L1423): from round 2, D6 "exceeding the current round number". */
export function probabilitySeize(round: number): Fraction {
  if (round < 2) return fraction(0, 1)
  return fraction(Math.max(0, 6 - round), 6)
}

/** Frozen Firmware twist (§18 L1700): 3D6 "equal/over Speed". */
export function probabilityFrozenFirmware(speed: number): Fraction {
  return probabilityDiceTotal(3, speed, true)
}

export type SitrepOdds = 'even' | 'likely' | 'unlikely'

/** SITREP (§02 L384–394): a "Yes" is 4+ on 1D6 (even), the higher of 2D6 (likely), the lower of 2D6 (unlikely). */
export function probabilitySitrepYes(odds: SitrepOdds): Fraction {
  switch (odds) {
    case 'even':
      return fraction(3, 6)
    case 'likely':
      return fraction(36 - 9, 36)
    case 'unlikely':
      return fraction(9, 36)
  }
}

/**
 * Signal Dominance (§18 L1643): "Both players roll 2D6 per marker; higher roll moves it toward their zone by that
 * many inches." The chance that one given player moves a marker by each distance (the other player's chances are the
 * same), with ties re-rolled or leaving the marker where it is (options.ts markerTie).
 */
export function signalDominanceShift(tie: 'reroll' | 'no-move'): { byInches: Array<{ inches: number; p: Fraction }>; noMove: Fraction; atLeast: (inches: number) => Fraction } {
  const ways = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
  const below = (k: number): number => ways.slice(0, k).reduce((a, b) => a + b, 0)
  const tieWays = ways.reduce((a, w) => a + w * w, 0)
  const den = tie === 'reroll' ? 1296 - tieWays : 1296
  const win = (k: number): number => ways[k]! * below(k)
  const byInches = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((k) => ({ inches: k, p: fraction(win(k), den) }))
  return {
    byInches,
    noMove: fraction(tie === 'reroll' ? 0 : tieWays, 1296),
    atLeast: (inches: number) => fraction([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((k) => k >= inches).reduce((a, k) => a + win(k), 0), den),
  }
}
