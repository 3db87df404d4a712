// Exact d12 chances checked against enumeration of every die face (independent of the closed forms).
import { describe, expect, it } from 'vitest'
import { fraction as frac, toNumber } from '../../../src/engine/index.ts'
import { combatChance, intoCombatChance, passChance, shootingChance } from '../../../src/systems/skrapyard/chance.ts'
import { isPass, passingFaces } from '../../../src/systems/skrapyard/dice.ts'

const faces = Array.from({ length: 12 }, (_, i) => i + 1)

describe('roll-under d12 tests (§1.5, §7.1)', () => {
  it('a 1 always passes and a 12 always fails, whatever the modified value (§1.5)', () => {
    expect(isPass(1, -4)).toBe(true)
    expect(isPass(12, 15)).toBe(false)
    expect(passingFaces(-3)).toBe(1)
    expect(passingFaces(14)).toBe(11)
  })

  it('equal to the characteristic passes, one more fails (§7.1)', () => {
    expect(isPass(6, 6)).toBe(true)
    expect(isPass(7, 6)).toBe(false)
  })

  it('P(pass) counts passing faces for every value from -2 to 14', () => {
    for (let v = -2; v <= 14; v++) {
      const count = faces.filter((r) => isPass(r, v)).length
      expect(passChance(v)).toEqual(frac(count, 12))
    }
  })

  it('a re-roll of a failed test (§18.3.3): S5 → 1 − (7/12)² = 95/144', () => {
    expect(passChance(5, true)).toEqual(frac(95, 144))
  })
})

describe('shooting chance (§13.3, §15.1, §21.3)', () => {
  it('S6 against A6: hit 1/2; down = natural 1 (1/12) + rolls 2–6 then a failed A test (5/12 × 6/12) = 42/144', () => {
    const c = shootingChance({ shootValue: 6, armourValue: 6, armourReroll: false, noArmourTest: false, autoHit: false })
    expect(c.hit).toEqual(frac(1, 2))
    expect(c.effect).toEqual(frac(42, 144))
  })

  it('matches enumeration over both dice for S and A from 0 to 12', () => {
    for (let s = 0; s <= 12; s++) {
      for (let a = 0; a <= 12; a++) {
        let down = 0
        for (const r of faces) {
          if (!isPass(r, s)) continue
          if (r === 1) down += 12
          else down += faces.filter((ra) => !isPass(ra, a)).length
        }
        expect(shootingChance({ shootValue: s, armourValue: a, armourReroll: false, noArmourTest: false, autoHit: false }).effect).toEqual(frac(down, 144))
      }
    }
  })

  it('an effective S of 0 still hits on a natural 1 (§13.3.4): 1/12, and that target is down', () => {
    const c = shootingChance({ shootValue: 0, armourValue: 10, armourReroll: false, noArmourTest: false, autoHit: false })
    expect(c.hit).toEqual(frac(1, 12))
    expect(c.effect).toEqual(frac(1, 12))
  })
})

describe('combat chance with the natural-1 chain (§14.2, §21.1)', () => {
  it('equals the series summed roll by roll', () => {
    for (const [f, a] of [[6, 6], [3, 9], [10, 3], [1, 1], [11, 11]] as const) {
      // Sum over chains: k natural 1s, each followed by a passed A test, then a final roll.
      const p = passingFaces(f) / 12
      const pass = passingFaces(a) / 12
      let unharmed = 0
      let chain = 1
      for (let k = 0; k < 200; k++) {
        unharmed += chain * ((1 - p) + (p - 1 / 12) * pass)
        chain *= (1 / 12) * pass
      }
      const c = combatChance({ fightValue: f, armourValue: a, armourReroll: false, noArmourTest: false, autoHit: false })
      expect(toNumber(c.effect)).toBeCloseTo(1 - unharmed, 12)
      expect(c.hit).toEqual(frac(passingFaces(f), 12))
    }
  })

  it('a wounded target is hit automatically (§15.1.3): effect = P(fail A)', () => {
    const c = combatChance({ fightValue: 5, armourValue: 8, armourReroll: false, noArmourTest: false, autoHit: true })
    expect(c.hit).toEqual(frac(1, 1))
    expect(c.effect).toEqual(frac(4, 12))
  })
})

describe('shooting into combat (§13.7.2)', () => {
  it('S7: odd passing rolls 1,3,5,7 hit an enemy (4/12), even 2,4,6 a friend (3/12)', () => {
    expect(intoCombatChance(7)).toEqual({ enemy: frac(4, 12), friend: frac(3, 12) })
  })
})
