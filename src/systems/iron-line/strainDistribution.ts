// From a pool of attack dice to the Strain placed on the target, exactly (§16 Placing Strain L1499–1501,
// Implacable L1479, keywords §23). Every die: natural 1 misses, natural 6 hits, else hits on ≥ TN (§12 L1218).
import { type Fraction, fraction, formatFraction, toNumber } from '../../engine/index.ts'
import { IRON_LINE } from './constants.ts'

export type PoolInput = {
  kind: 'shooting' | 'combat'
  dice: number
  tn: number
  /** Elite: re-roll one attack die per attack (§23 L2049); here the re-roll goes to a missed die. */
  elite: boolean
  /** Brutal: a natural 6 counts as 2 hits (§23 L2036). */
  brutal: boolean
  /** Deadly Shots: natural-6 shooting hits inflict 2 Strain, the 2nd bypassing Implacable (§23 L2045). */
  deadlyShots: boolean
  /** Critical Hits: a natural 6 in combat ignores Hardened (§23 L2043). */
  criticalHits: boolean
  /** Hardened/Armored (x) on the target, 0 if it does not apply to this attack. */
  hardened: number
  /** Implacable applies (shooting only): the most Strain this activation may still add, before Deadly Shots' bonus. */
  implacableRoom: number | null
}

export type StrainOutcome = { strain: number; p: Fraction }

export type PoolResult = {
  hitPerDie: Fraction
  /** Probability of each total Strain placed by the attack. */
  distribution: StrainOutcome[]
  atLeastOneStrain: Fraction
  expectedStrain: Fraction
  /** The same distribution as integer counts over one denominator. */
  countsOverDen: { counts: Array<[number, number]>; den: number }
}

function factorial(n: number): number {
  let f = 1
  for (let i = 2; i <= n; i++) f *= i
  return f
}

/** Strain placed by `normal` non-six hits and `sixes` natural-6 dice after the keywords. */
export function strainFromRoll(input: PoolInput, normal: number, sixes: number): number {
  const sixHits = sixes * (input.brutal ? 2 : 1)
  const bonus = input.kind === 'shooting' && input.deadlyShots ? sixHits : 0
  let base = normal + sixHits
  let extra = bonus
  if (input.hardened > 0) {
    // Critical Hits: the natural-6 hits ignore Hardened, so it can only soak non-six Strain.
    const soakable = input.kind === 'combat' && input.criticalHits ? normal : base + extra
    let soak = Math.min(input.hardened, soakable)
    // Hardened soaks the capped (first) Strain before Deadly Shots' uncapped second Strain: the Rule of
    // Scrap (§12 L1224) reading, since it leaves the most Strain on the table.
    const fromBase = Math.min(soak, base)
    base -= fromBase
    soak -= fromBase
    extra -= Math.min(soak, extra)
  }
  if (input.implacableRoom !== null) base = Math.min(base, Math.max(0, input.implacableRoom))
  return base + extra
}

export function rollStrainDistribution(input: PoolInput): PoolResult {
  const tn = Math.min(IRON_LINE.tnMax.value, Math.max(IRON_LINE.tnMin.value, input.tn))
  const missFaces = tn - 1
  const normalFaces = 6 - tn
  // Integer counts over 6^dice (×6 with the Elite re-roll) keep every sum exact.
  const counts = new Map<number, number>()
  const put = (strain: number, ways: number): void => {
    counts.set(strain, (counts.get(strain) ?? 0) + ways)
  }
  const n = input.dice
  const reroll = input.elite ? 6 : 1
  const den = 6 ** n * reroll
  for (let m = 0; m <= n; m++) {
    for (let h = 0; h + m <= n; h++) {
      const s = n - m - h
      const ways = (factorial(n) / (factorial(m) * factorial(h) * factorial(s))) * missFaces ** m * normalFaces ** h
      if (ways === 0) continue
      if (input.elite && m > 0) {
        // One missed die is rolled again.
        put(strainFromRoll(input, h, s), ways * missFaces)
        put(strainFromRoll(input, h + 1, s), ways * normalFaces)
        put(strainFromRoll(input, h, s + 1), ways)
      } else {
        put(strainFromRoll(input, h, s), ways * reroll)
      }
    }
  }
  const sorted = [...counts.entries()].filter(([, w]) => w > 0).sort((a, b) => a[0] - b[0])
  const distribution = sorted.map(([strain, w]) => ({ strain, p: fraction(w, den) }))
  const atLeast = sorted.filter(([strain]) => strain > 0).reduce((t, [, w]) => t + w, 0)
  const expected = sorted.reduce((t, [strain, w]) => t + strain * w, 0)
  return { hitPerDie: fraction(7 - tn, 6), distribution, atLeastOneStrain: fraction(atLeast, den), expectedStrain: fraction(expected, den), countsOverDen: { counts: sorted, den } }
}

/** P(the attack leaves the target at or above `breakAt` Strain), given its current Strain. */
export function probabilityToBreak(result: PoolResult, currentStrain: number, breakAt: number): Fraction {
  const { counts, den } = result.countsOverDen
  return fraction(counts.filter(([strain]) => currentStrain + strain >= breakAt).reduce((t, [, w]) => t + w, 0), den)
}

export function describeDistribution(result: PoolResult): Array<{ strain: number; p: string; value: number }> {
  return result.distribution.map((o) => ({ strain: o.strain, p: formatFraction(o.p), value: toNumber(o.p) }))
}
