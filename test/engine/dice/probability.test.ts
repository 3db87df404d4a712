import { describe, expect, it } from 'vitest'
import { dice, die, formatFraction, probabilityOf, probabilityOfPair, withReroll, fraction, convolve } from '../../../src/engine/index.ts'

describe('exact dice probabilities', () => {
  it('2d6 totals 7 in 6 of 36 ways', () => {
    expect(formatFraction(probabilityOf(dice(2, 6), (v) => v === 7))).toBe('1/6')
  })
  it('d10 vs d10: the attacker strictly beats the defender in 45 of 100 cases, ties in 10', () => {
    expect(formatFraction(probabilityOfPair(die(10), die(10), (a, b) => a > b))).toBe('9/20')
    expect(formatFraction(probabilityOfPair(die(10), die(10), (a, b) => a === b))).toBe('1/10')
  })
  it('d10+1 vs d10: 55/100 (counting by hand: for each defender roll d, attacker wins on a ≥ d)', () => {
    expect(formatFraction(probabilityOfPair(dice(1, 10, 1), die(10), (a, b) => a > b))).toBe('11/20')
  })
  it('re-rolling a 1/2 chance gives 3/4', () => {
    expect(formatFraction(withReroll(fraction(1, 2)))).toBe('3/4')
  })
  it('d10 + d6 has 60 equally likely outcomes and a mean of 9', () => {
    const d = convolve(die(10), die(6))
    expect(d.total).toBe(60)
    expect(formatFraction(probabilityOf(d, (v) => v >= 2))).toBe('1')
  })
})
