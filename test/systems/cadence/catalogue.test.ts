// Core catalogue: the universal special rules as printed, and the printed-rule parser.
import { describe, expect, it } from 'vitest'
import { coreSpecialRules, parseSpecialRule } from '../../../src/systems/cadence/index.ts'

describe('cadence core special rules', () => {
  it('core-rules/special-rules-appendix.html: 16 unit rules and 17 weapon rules', () => {
    expect(coreSpecialRules.filter((r) => r.applies === 'unit').map((r) => r.name)).toEqual([
      'Agile', 'Flying', 'Heavy Armour (X)', 'Large', 'Non-Scoring', 'Platform (X)', 'Resilient', 'Rugged', 'Shields', 'Skilled', 'Steady', 'Stealth (X)', 'Support', 'Transport (X)', 'Weak Spot (X)', 'Vehicle',
    ])
    expect(coreSpecialRules.filter((r) => r.applies === 'weapon').length).toBe(17)
    expect(coreSpecialRules.find((r) => r.id === 'blast-x')?.text).toBe('If this weapon has at least one successful hit then it also counts as doing X hits to every other model, enemy or friendly, within 2 inches of the center of the original targets base.')
  })

  it('parses a printed rule into key, number and parameter', () => {
    expect(parseSpecialRule('Heavy Armour (1)')).toMatchObject({ key: 'heavy-armour', value: 1, param: '1' })
    expect(parseSpecialRule('Weak Spot (Rear)')).toMatchObject({ key: 'weak-spot', value: null, param: 'Rear' })
    expect(parseSpecialRule('Stealth (12")')).toMatchObject({ key: 'stealth', value: 12 })
    expect(parseSpecialRule('Reanimation (1 Cmd)')).toMatchObject({ key: 'reanimation', value: 1 })
    expect(parseSpecialRule('Assault')).toMatchObject({ key: 'assault', value: null, param: null })
  })
})
