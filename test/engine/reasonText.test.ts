// Reasons as data: a prose reason's quantities become values with units (reasonData.ts) and print in the
// user's unit through the one renderer the CLI and the app share (reasonText.ts). Expected text by hand:
// 9.057" = 230.048 mm → 230 mm, 23 cm; 8" = 203.2 mm = 20.32 cm.
import { describe, expect, it } from 'vitest'
import { formatLengthMm, formatReason } from '../../src/engine/index.ts'
import { reasonDataOf } from '../../src/engine/reasonData.ts'

const reason = (message: string) => ({ code: 'x', message, rule: 'r', ...reasonDataOf(message) })

describe('reasons as data', () => {
  it('inches in the message become values with units, printed in in, cm and mm', () => {
    const r = reason('9.057" is more than the most the allowance can give (8")')
    expect(r.template).toBe('{length1} is more than the most the allowance can give ({length2})')
    expect(r.values).toEqual({ length1: { value: 9.057, unit: 'in' }, length2: { value: 8, unit: 'in' } })
    expect(formatReason(r, 'in')).toBe('9.06" is more than the most the allowance can give (8")')
    expect(formatReason(r, 'cm')).toBe('23 cm is more than the most the allowance can give (20.32 cm)')
    expect(formatReason(r, 'mm')).toBe('230 mm is more than the most the allowance can give (203.2 mm)')
  })

  it('degrees, millimetres and negative angles; ids, versions and bare counts stay text', () => {
    expect(formatReason(reason('Drift ends with a single 90 degree pivot'), 'mm')).toBe('Drift ends with a single 90° pivot')
    const turn = reason('the ship must end facing exactly 180° from its start facing (90° → -90°)')
    expect(Object.values(turn.values).map((q) => q.value)).toEqual([180, 90, -90])
    const off = reason('the destination is 10 mm off that line')
    expect(formatReason(off, 'in')).toBe('the destination is 0.39" off that line')
    const ids = reason("the move would end on x-2's base; level 2 → 0; rules v1.07; 3 pivots")
    expect(ids.values).toEqual({})
    expect(ids.template).toBe(ids.message)
  })

  it('lengths print with no more digits than they mean (0.01", 0.01 cm, 0.1 mm)', () => {
    expect(formatLengthMm(152.39999999999998, 'in')).toBe('6"')
    expect(formatLengthMm(508.5, 'in')).toBe('20.02"')
    expect(formatLengthMm(508.5, 'cm')).toBe('50.85 cm')
    expect(formatLengthMm(0.04, 'mm')).toBe('0 mm')
  })
})
