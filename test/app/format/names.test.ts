// Names instead of ids in the engine's reason texts (issue 14 item 4): whole ids only, longest first.
import { describe, expect, it } from 'vitest'
import { modelNames, withNames } from '../../../src/app/format/names.ts'

describe('withNames', () => {
  const names = { a1: 'Ranger sergeant', b1: 'Raider', a12: 'Ranger gunner', 'rifleman-1': 'Rifleman', x: 'x' }

  it('replaces each whole model id by its name, possessives included', () => {
    expect(withNames("b1 cannot be seen from a1's eye (blocked by house, wall-1)", names)).toBe("Raider cannot be seen from Ranger sergeant's eye (blocked by house, wall-1)")
  })

  it('never touches an id inside a longer id or word, and tries longer ids first', () => {
    expect(withNames('a12 and a1 and ba1 and a1-x and rifleman-1.', names)).toBe('Ranger gunner and Ranger sergeant and ba1 and a1-x and Rifleman.')
  })

  it('leaves text alone when no id has a different name, and does not re-replace inside a name', () => {
    expect(withNames('x is x', names)).toBe('x is x')
    expect(withNames('b1 → a1', { a1: 'b1', b1: 'a1' })).toBe('a1 → b1')
    expect(withNames('a.1 and a1', { 'a.1': 'Dot' })).toBe('Dot and a1')
  })

  it('modelNames: the overlay name first, then the scene name, then the id', () => {
    const overlay = { models: [{ id: 'a1', name: 'From overlay', weapons: [] }] } as never
    expect(modelNames(overlay, [{ id: 'a1', name: 'From scene' }, { id: 'b1', name: 'Scene b1' }, { id: 'c1' }])).toEqual({ a1: 'From overlay', b1: 'Scene b1', c1: 'c1' })
  })
})
