// The demo table opens and every query on it evaluates through the CLI, with hand-checked values.
import { describe, expect, it } from 'vitest'
import { findRuleSystem } from '../../../src/systems/index.ts'
import { resultOf, runCliEval } from './runCli.ts'

describe('skrapyard demo scene', () => {
  it('is registered and is the system demo', () => {
    const sys = findRuleSystem('skrapyard')
    expect(sys?.demoScene).toMatchObject({ system: 'skrapyard' })
  })

  it('evaluates through the CLI with the book\'s numbers', async () => {
    const doc = await runCliEval('src/systems/skrapyard/demo.json')
    expect(doc.system).toBe('skrapyard')
    // Rifleman S9 with an l weapon: no standing modifier (§13.6.2.2); the Grinders' team of three
    // stature-2 characters sums to 6 ≥ 2 + 1, so it is a large target (+1, §13.8.1): S 10 sets range 40".
    const shot = resultOf(doc, 'rifle-at-b2')
    expect(shot).toMatchObject({ allowed: true, weapon: 'long-ranged', range: { rangeS: 10, maxInches: 40, cleanToInches: 30 } })
    // a2 moves 130 mm = 5.12" in a hurry: allowance 3 + 2 + 2 = 7" (§12.4).
    expect(resultOf(doc, 'a2-advance')).toMatchObject({ allowed: true, allowance: { inches: 7 } })
    // The Rustlers' gang: 3 × stature 2 = unit size 6 (§3.1.2).
    expect(resultOf(doc, 'a-gang')).toMatchObject({ size: 6, valid: true })
    // b1 is in a team: morale D 5 + 1 = 6 → 6/12 (§16.2.1).
    expect(resultOf(doc, 'b1-morale')).toMatchObject({ value: 6, probability: { exact: '1/2' } })
    // Discipline feat reaches friends within the hero's D 7" (§18.3.4).
    expect(resultOf(doc, 'b-boss-discipline')).toMatchObject({ radius: { inches: 7 }, affected: ['b1', 'b2', 'b3'] })
  })
})
