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
