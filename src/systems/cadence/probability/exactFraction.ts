// Exact rational numbers on bigint: attack chains multiply many dice (6^40, 13^20...), far past the
// 2^53 that number-based fractions keep exact. Nothing here is simulated.

import { valueOfExact } from '../../../engine/index.ts'

export type Exact = { readonly n: bigint; readonly d: bigint }

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a
  if (b < 0n) b = -b
  while (b !== 0n) [a, b] = [b, a % b]
  return a === 0n ? 1n : a
}

export function exact(n: bigint | number, d: bigint | number = 1n): Exact {
  let nn = BigInt(n)
  let dd = BigInt(d)
  if (dd === 0n) throw new Error('exact fraction with zero denominator')
  if (dd < 0n) {
    nn = -nn
    dd = -dd
  }
  const g = gcd(nn, dd)
  return { n: nn / g, d: dd / g }
}

export const E0: Exact = { n: 0n, d: 1n }
export const E1: Exact = { n: 1n, d: 1n }

export const addE = (a: Exact, b: Exact): Exact => exact(a.n * b.d + b.n * a.d, a.d * b.d)
export const subE = (a: Exact, b: Exact): Exact => exact(a.n * b.d - b.n * a.d, a.d * b.d)
export const mulE = (a: Exact, b: Exact): Exact => exact(a.n * b.n, a.d * b.d)
export const complementE = (a: Exact): Exact => subE(E1, a)
export const isZeroE = (a: Exact): boolean => a.n === 0n

export function powE(a: Exact, k: number): Exact {
  let r = E1
  for (let i = 0; i < k; i++) r = mulE(r, a)
  return r
}

/** Float value (for display and comparisons with tolerance). */
export function toNumberE(a: Exact): number {
  // Scale down huge operands before converting so the quotient keeps its precision.
  const shift = BigInt(Math.max(0, a.d.toString(2).length - 900))
  return Number(a.n >> shift) / Number(a.d >> shift)
}

export function formatE(a: Exact): string {
  return a.d === 1n ? a.n.toString() : `${a.n}/${a.d}`
}

/** A discrete distribution over integer outcomes with exact probabilities. */
export type ExactDist = ReadonlyMap<number, Exact>

export function pointDist(value: number): ExactDist {
  return new Map([[value, E1]])
}

/** Distribution of X + Y for independent X, Y. */
export function convolveE(x: ExactDist, y: ExactDist): ExactDist {
  const out = new Map<number, Exact>()
  for (const [a, pa] of x) for (const [b, pb] of y) out.set(a + b, addE(out.get(a + b) ?? E0, mulE(pa, pb)))
  return out
}

/** Sum of k independent copies of x. */
export function sumOfE(x: ExactDist, k: number): ExactDist {
  let acc: ExactDist = pointDist(0)
  for (let i = 0; i < k; i++) acc = convolveE(acc, x)
  return acc
}

/** Mixture: with probability p take x, else y. */
export function mixE(p: Exact, x: ExactDist, y: ExactDist): ExactDist {
  const out = new Map<number, Exact>()
  const q = complementE(p)
  for (const [a, pa] of x) out.set(a, addE(out.get(a) ?? E0, mulE(p, pa)))
  for (const [b, pb] of y) out.set(b, addE(out.get(b) ?? E0, mulE(q, pb)))
  return out
}

/** Compound: N ~ n, then the sum of N independent copies of each. */
export function compoundE(n: ExactDist, each: ExactDist): ExactDist {
  const out = new Map<number, Exact>()
  let power: ExactDist = pointDist(0)
  const maxN = Math.max(...n.keys())
  for (let k = 0; k <= maxN; k++) {
    const pk = n.get(k)
    if (pk && !isZeroE(pk)) for (const [v, pv] of power) out.set(v, addE(out.get(v) ?? E0, mulE(pk, pv)))
    power = convolveE(power, each)
  }
  return out
}

export function probOfE(x: ExactDist, pred: (v: number) => boolean): Exact {
  let s = E0
  for (const [v, p] of x) if (pred(v)) s = addE(s, p)
  return s
}

export function meanE(x: ExactDist): Exact {
  let s = E0
  for (const [v, p] of x) s = addE(s, mulE(exact(v), p))
  return s
}

/** A chance as results give it: `value` is the `exact` fraction as printed (full precision; round for display only). */
export function chanceE(a: Exact): { value: number; exact: string } {
  const exact = formatE(a)
  return { value: valueOfExact(exact) ?? toNumberE(a), exact }
}
