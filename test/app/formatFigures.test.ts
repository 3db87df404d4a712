// What the card and the measurement line say: inches by default, mm on the toggle, the signed margin,
// and "too close to call" when the margin is within the measuring uncertainty.
import { describe, expect, it } from 'vitest'
import { inches } from '../../src/engine/index.ts'
import { formatDistanceWithMargin, formatLength, formatMargin, formatPercent } from '../../src/app/format/formatFigures.ts'
import { readAttack } from '../../src/app/format/readAttack.ts'

const margin = (marginMm: number, uncertaintyMm = 0, marginal = false) => ({
  thresholdMm: inches(18), thresholdInches: 18, marginMm, marginInches: marginMm / 25.4, within: 'le' as const, uncertaintyMm, marginal,
})

describe('formatting figures', () => {
  it('writes lengths in inches (two decimals under an inch) or mm', () => {
    expect(formatLength(inches(18.34), 'in')).toBe('18.3″')
    expect(formatLength(inches(0.45), 'in')).toBe('0.45″')
    expect(formatLength(465.4, 'mm')).toBe('465 mm')
    expect(formatLength(4.24, 'mm')).toBe('4.2 mm')
  })

  it('says by how much a call is in or out, as the issue asks ("18.3″ — in range by 1.7″")', () => {
    expect(formatDistanceWithMargin(inches(16.3), margin(inches(1.7)), 'in')).toBe('16.3″ — in range by 1.7″')
    expect(formatMargin(margin(-inches(0.4)), 'in')).toBe('out of range by 0.40″')
    expect(formatMargin(margin(2, 1.5, true), 'mm')).toBe('in range by 2.0 mm: too close to call (±3.0 mm measuring uncertainty)')
  })

  it('formats fractions as percentages without noise', () => {
    expect(formatPercent(0.45)).toBe('45%')
    expect(formatPercent(0.5333)).toBe('53.3%')
  })
})

describe('readAttack', () => {
  it('reads a margin nested in distance and a need given per stage (as some systems shape them)', () => {
    const v = readAttack({ id: 'q', type: 'attack', allowed: true, distance: { mm: 468.1, inches: 18.429, points: [[0, 0, 0], [1, 1, 0]], margin: margin(39.9) }, need: { attack: '3+', defence: '5+' }, los: { class: 'clear' } })
    expect(v.margin?.marginMm).toBe(39.9)
    expect(v.need).toEqual(['3+', '5+'])
    expect(v.los).toEqual({ label: 'clear', fraction: null, blockers: [] })
    expect(v.probability).toBeNull()
  })
})
