// Exact probabilities as fractions: dice distributions by convolution over integer counts.
// Nothing here is simulated. Counts stay exact up to 2^53; every distribution used by the
// rulesets (a few dice) is far below that.
import type { AttackProbability, ProbabilityScopes } from '../results.ts'

export type Fraction = { num: number; den: number }

function gcd(a: number, b: number): number {
  a = Math.abs(a)
  b = Math.abs(b)
  while (b) [a, b] = [b, a % b]
  return a || 1
}

export function fraction(num: number, den: number): Fraction {
  if (den === 0) throw new Error('fraction with zero denominator')
  const g = gcd(num, den)
  const s = den < 0 ? -1 : 1
  return { num: (s * num) / g, den: (s * den) / g }
}

export const ZERO: Fraction = { num: 0, den: 1 }
export const ONE: Fraction = { num: 1, den: 1 }

export function add(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den + b.num * a.den, a.den * b.den)
}
export function sub(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den - b.num * a.den, a.den * b.den)
}
export function mul(a: Fraction, b: Fraction): Fraction {
  const g1 = gcd(a.num, b.den)
  const g2 = gcd(b.num, a.den)
  return fraction((a.num / g1) * (b.num / g2), (a.den / g2) * (b.den / g1))
}
export function complement(a: Fraction): Fraction {
  return sub(ONE, a)
}
export function toNumber(f: Fraction): number {
  return f.num / f.den
}
export function formatFraction(f: Fraction): string {
  return f.den === 1 ? String(f.num) : `${f.num}/${f.den}`
}

/** A discrete distribution: outcome → count, over a total number of equally likely cases. */
export type Distribution = { counts: Map<number, number>; total: number }

/** One die numbered 1..sides. */
export function die(sides: number): Distribution {
  const counts = new Map<number, number>()
  for (let i = 1; i <= sides; i++) counts.set(i, 1)
  return { counts, total: sides }
}

/** A constant. */
export function constant(value: number): Distribution {
  return { counts: new Map([[value, 1]]), total: 1 }
}

/** Distribution of x + y for independent x, y. */
export function convolve(x: Distribution, y: Distribution): Distribution {
  const counts = new Map<number, number>()
  for (const [a, ca] of x.counts) for (const [b, cb] of y.counts) counts.set(a + b, (counts.get(a + b) ?? 0) + ca * cb)
  return { counts, total: x.total * y.total }
}

/** Sum of n dice of `sides` sides plus a constant modifier. */
export function dice(n: number, sides: number, modifier = 0): Distribution {
  let d = constant(modifier)
  for (let i = 0; i < n; i++) d = convolve(d, die(sides))
  return d
}

/** Map outcomes through f (e.g. keep the highest, clamp). */
export function mapOutcomes(x: Distribution, f: (v: number) => number): Distribution {
  const counts = new Map<number, number>()
  for (const [a, c] of x.counts) counts.set(f(a), (counts.get(f(a)) ?? 0) + c)
  return { counts, total: x.total }
}

/** P(predicate(outcome)). */
export function probabilityOf(x: Distribution, predicate: (v: number) => boolean): Fraction {
  let n = 0
  for (const [a, c] of x.counts) if (predicate(a)) n += c
  return fraction(n, x.total)
}

/** P(predicate(a, b)) for independent a ~ x, b ~ y (e.g. opposed rolls). */
export function probabilityOfPair(x: Distribution, y: Distribution, predicate: (a: number, b: number) => boolean): Fraction {
  let n = 0
  for (const [a, ca] of x.counts) for (const [b, cb] of y.counts) if (predicate(a, b)) n += ca * cb
  return fraction(n, x.total * y.total)
}

/** Chance that at least one of two tries succeeds (a re-roll of a failure). */
export function withReroll(p: Fraction): Fraction {
  return add(p, mul(complement(p), p))
}

/** Expected value. */
export function expectation(x: Distribution): Fraction {
  let s = 0
  for (const [a, c] of x.counts) s += a * c
  return fraction(s, x.total)
}

/** Probability as the result document carries it. */
export function probabilityFigure(hit: Fraction, effect: Fraction, notes: string[] | undefined, scope: ProbabilityScopes): AttackProbability {
  // Full precision: `hit`/`effect` equal their exact fractions (tabletop-result/1); rounding is for display only.
  return {
    hit: toNumber(hit),
    effect: toNumber(effect),
    exact: { hit: formatFraction(hit), effect: formatFraction(effect) },
    scope,
    ...(notes && notes.length ? { notes } : {}),
  }
}

/** One roll of one die for `hit`, the whole action (of `rolls` rolls) for `effect`: the common case. */
export function perRollAndAction(rolls: number): ProbabilityScopes {
  return { hit: { of: 'one-roll', rolls: 1 }, effect: { of: 'action', rolls } }
}

/** Both per roll (each shot of several is its own roll; the action's total is given separately). */
export const PER_ROLL_SCOPE: ProbabilityScopes = { hit: { of: 'one-roll', rolls: 1 }, effect: { of: 'one-roll', rolls: 1 } }

/** One roll decides both (a single shot or opposed roll). */
export const SINGLE_ROLL_SCOPE: ProbabilityScopes = { hit: { of: 'action', rolls: 1 }, effect: { of: 'action', rolls: 1 } }
