// Every numeric worked example printed in Skrapyard: Raw Rules, one test each, named after its paragraph.
import { describe, expect, it } from 'vitest'
import { findWeapon, type RangedWeapon } from '../../../src/systems/skrapyard/catalogue.ts'
import { derivedDie } from '../../../src/systems/skrapyard/dice.ts'
import { DEFAULT_OPTIONS } from '../../../src/systems/skrapyard/options.ts'
import { measureRangeBand } from '../../../src/systems/skrapyard/rangeBands.ts'
import { classifyLinearObstacle, normalMoveInches, unitSize } from '../../../src/systems/skrapyard/stature.ts'

function ranged(id: string): RangedWeapon {
  const w = findWeapon(id)
  if (w?.kind !== 'ranged') throw new Error(`no ranged weapon ${id}`)
  return w
}

const faces = Array.from({ length: 12 }, (_, i) => i + 1)

describe('Skrapyard worked examples', () => {
  it('§1.7.1 D3: "1-4 means 1; 5-8 means 2, and 9-12 means 3"', () => {
    expect(faces.map((r) => derivedDie(r, 3))).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3])
  })

  it('§1.7.2 D4: "1-3 means 1; 4-6 means 2; 7-9 means 3, and 10-12 means 4"', () => {
    expect(faces.map((r) => derivedDie(r, 4))).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
  })

  it('§1.7.3 D6: "1-2 means 1; 3-4 means 2; 5-6 means 3; 7-8 means 4; 9-10 means 5, and 11-12 means 6"', () => {
    expect(faces.map((r) => derivedDie(r, 6))).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6])
  })

  it('§3.1.2 a unit of adult humans (stature 2) is typically 3 characters strong (max unit size 6)', () => {
    expect(unitSize([2, 2, 2])).toMatchObject({ size: 6, valid: true })
    expect(unitSize([2, 2, 2, 2])).toMatchObject({ size: 8, valid: false })
  })

  it('§8.2.1 two stature 2 and two stature 1 characters, or one stature 2 and one stature 4, form valid units', () => {
    expect(unitSize([2, 2, 1, 1])).toMatchObject({ size: 6, valid: true })
    expect(unitSize([2, 4])).toMatchObject({ size: 6, valid: true })
  })

  it('§12.8.1 a character with stature 2 may move over any obstacle up to stature 3', () => {
    expect(classifyLinearObstacle(2, 3).crossable).toBe(true)
    expect(classifyLinearObstacle(2, 4).crossable).toBe(false)
  })

  it('§12.8.8 a stature 2 character that moved 3" up to a stature 1 obstacle cannot cross it this turn', () => {
    // Normal move 3 + 2 = 5" (§12.1); a stature-1 obstacle is 1 less than the character: halves the move (§12.8.3).
    const move = normalMoveInches(2)
    expect(move).toBe(5)
    const effect = classifyLinearObstacle(2, 1)
    expect(effect.cost).toBe('half')
    // Half of 5" is 2.5" (exact) or 3" (§1.6, rounded up); either way 3" already used leaves nothing to cross with.
    for (const half of [move / 2, Math.ceil(move / 2)]) expect(half - 3).toBeLessThanOrEqual(0)
  })

  it('§13.6.2 a rifleman with S9 may shoot up to 27" without modifier, and up to 36" with an increasing modifier', () => {
    const l = ranged('long-ranged')
    const at = (d: number) => measureRangeBand(l, 9, d, DEFAULT_OPTIONS)
    expect(at(27)).toMatchObject({ inRange: true, band: 'clean', penalty: 0, maxRangeInches: 36 })
    expect(at(28).penalty).toBe(-1)
    expect(at(30).penalty).toBe(-3)
    expect(at(36)).toMatchObject({ inRange: true, penalty: -9 })
    expect(at(36.02).inRange).toBe(false)
  })
})
