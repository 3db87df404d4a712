// Names instead of ids in the engine's reason texts (issue 14 item 4): whole ids only, longest first.
import { describe, expect, it } from 'vitest'
import { modelNames, uniqueNames, withNames } from '../../../src/app/format/names.ts'

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

  it('modelNames: the overlay name first, then the scene name, then the inline profile name, then the id', () => {
    const overlay = { models: [{ id: 'a1', name: 'From overlay', weapons: [] }] } as never
    expect(modelNames(overlay, [{ id: 'a1', name: 'From scene' }, { id: 'b1', name: 'Scene b1' }, { id: 'c1' }, { id: 'd1', profile: { name: 'Grunt' } }])).toEqual({ a1: 'From overlay', b1: 'Scene b1', c1: 'c1', d1: 'Grunt' })
  })

  it('never replaces an id that is also a short English word ("a model is in the way")', () => {
    expect(withNames('a is hidden: a model is in the way of b1', { a: 'Ace', b1: 'Raider' })).toBe('a is hidden: a model is in the way of Raider')
  })
})

describe('uniqueNames: two models with the same name are told apart', () => {
  it('by side when each is on a different side, else by a number in table order', () => {
    expect(uniqueNames([{ id: 'a-commando', name: 'Commando', side: 'A' }, { id: 'b-commando', name: 'Commando', side: 'B' }, { id: 'm', name: 'Medic', side: 'B' }]))
      .toEqual({ 'a-commando': 'Commando (A)', 'b-commando': 'Commando (B)', m: 'Medic' })
    expect(uniqueNames([{ id: 'g1', name: 'Grunt', side: 'B' }, { id: 'v1', name: 'Vanguard', side: 'A' }, { id: 'g2', name: 'Grunt', side: 'B' }, { id: 'g3', name: 'Grunt', side: 'A' }]))
      .toEqual({ g1: 'Grunt 1', v1: 'Vanguard', g2: 'Grunt 2', g3: 'Grunt 3' })
  })

  it('keeps every shown name unique even when a suffixed name is another model\'s own name', () => {
    const names = uniqueNames([{ id: 'x', name: 'Grunt', side: 'A' }, { id: 'y', name: 'Grunt', side: 'A' }, { id: 'z', name: 'Grunt 2', side: 'A' }])
    expect(new Set(Object.values(names)).size).toBe(3)
    expect(names.z).toBe('Grunt 2')
  })
})
