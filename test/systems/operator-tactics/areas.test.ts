// Vertical Pressure, Crackerjack movement, move modes, reactions and Hardpoint control, each checked
// against hand-worked geometry.
import { describe, expect, it } from 'vitest'
import { box, evalScene, result } from './sceneKit.ts'

const at = (id: string, side: string, profile: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({ id, side, profile, position: [x, y] as [number, number], ...extra })
type Move = { allowed: boolean; cost: { mm: number }; allowance: { inches: number }; reasons: Array<{ code: string }> }

describe('§06A Hardpoints: Taking Ground', () => {
  it('both sides touching the piece: contested; the operator beaten in a Fight there no longer contests → A holds it', () => {
    const spec = {
      options: { hardpoints: true },
      terrain: [box('barricade', 'heavy-cover', 280, 280, 330, 330, 35)],
      models: [at('a1', 'A', 'commando', 267, 305), at('b1', 'B', 'commando', 342.5, 305)],
      queries: [
        { id: 'both', type: 'objective', at: [305, 305] },
        { id: 'taken', type: 'objective', at: [305, 305], context: { beaten: ['b1'] } },
      ],
    }
    const doc = evalScene(spec)
    expect(result(doc, 'both')).toMatchObject({ controlledBy: null, contested: true })
    expect(result(doc, 'taken')).toMatchObject({ controlledBy: 'A', contested: false })
  })
})

describe('§06A Concealment: high ground beats it', () => {
  it('a Marksman on a 3" gantry 15" away can target a quiet Medic in Heavy Cover (shooting down, LoS): −2 on 3+ → 1/3', () => {
    const doc = evalScene({
      options: { concealment: true },
      terrain: [box('gantry', 'elevation', 60, 260, 140, 340, 76.2), box('barricade', 'heavy-cover', 475, 250, 485, 350, 35)],
      models: [at('s', 'A', 'marksman', 100, 300, { z: 76.2 }), at('t', 'B', 'medic', 500, 300)],
      queries: [{ id: 'a', type: 'attack', attacker: 's', target: 't', weapon: 'marksman-rifle' }],
    })
    const a = result(doc, 'a') as { allowed: boolean; concealed: boolean; probability: { exact: { hit: string } } }
    expect(a.concealed).toBe(true)
    expect(a.allowed).toBe(true)
    expect(a.probability.exact.hit).toBe('1/3')
  })
})

describe('move modes and allowances', () => {
  const mv = (spec: Parameters<typeof evalScene>[0], id = 'm') => result(evalScene(spec), id) as unknown as Move
  it('Sprint doubles MOBI (Commando 12"): 11.9" allowed; an Infiltrator cannot Sprint; Prone crawls at half MOBI (3")', () => {
    expect(mv({ models: [at('c', 'A', 'commando', 100, 100)], queries: [{ id: 'm', type: 'move', model: 'c', to: [100, 100 + 11.9 * 25.4], mode: 'sprint' }] }).allowed).toBe(true)
    expect(mv({ models: [at('i', 'A', 'infiltrator', 100, 100)], queries: [{ id: 'm', type: 'move', model: 'i', to: [100, 200], mode: 'sprint' }] }).reasons.map((r) => r.code)).toContain('cannot-sprint')
    const crawl = mv({ models: [at('c', 'A', 'commando', 100, 100, { status: ['prone'] })], queries: [{ id: 'm', type: 'move', model: 'c', to: [100, 100 + 3.1 * 25.4] }] })
    expect(crawl.allowance.inches).toBe(3)
    expect(crawl.allowed).toBe(false)
  })

  it('Heavy Plate MOBI: the Breacher\'s printed 5" is final by default, 4" with heavyPlateMobi=subtract; a Commando given Heavy Plate inline moves 5"', () => {
    const q = [{ id: 'm', type: 'move', model: 'x', to: [100, 150] }]
    expect(mv({ models: [at('x', 'A', 'breacher', 100, 100)], queries: q }).allowance.inches).toBe(5)
    expect(mv({ options: { heavyPlateMobi: 'subtract' }, models: [at('x', 'A', 'breacher', 100, 100)], queries: q }).allowance.inches).toBe(4)
    expect(mv({ models: [at('x', 'A', 'commando', 100, 100, { stats: { armor: 'heavy-plate' } })], queries: q }).allowance.inches).toBe(5)
  })

  it('Urban Sprawl halves climbing: onto a 2" gantry 80 mm away costs 80 + 50.8 = 130.8 mm (allowed) instead of 181.6 mm', () => {
    const spec = (arena: string) => ({
      options: { crackerjack: true, crackerjackArena: arena },
      terrain: [box('gantry', 'elevation', 50, 170, 150, 260, 50.8)],
      models: [at('m1', 'A', 'commando', 100, 100)],
      queries: [{ id: 'm', type: 'move', model: 'm1', to: [100, 180] }],
    })
    const urban = mv(spec('urban-sprawl'))
    expect(urban.cost.mm).toBeCloseTo(130.8, 2)
    expect(urban.allowed).toBe(true)
    expect(mv(spec('none')).cost.mm).toBeCloseTo(181.6, 2)
  })

  it('Crackerjack Advance Under Fire: a Breacher moves 2 × MOBI (10"); a Commando may not use it', () => {
    const q = (model: string) => [{ id: 'm', type: 'move', model, to: [100, 100 + 9.9 * 25.4], mode: 'advance-under-fire' }]
    expect(mv({ options: { crackerjack: true }, models: [at('b', 'A', 'breacher', 100, 100)], queries: q('b') }).allowed).toBe(true)
    expect(mv({ options: { crackerjack: true }, models: [at('c', 'A', 'commando', 100, 100)], queries: q('c') }).reasons.map((r) => r.code)).toContain('not-breacher')
  })
})

describe('§02 Reactions', () => {
  it('Duck Down only applies when the shooter is within 12" with LoS: at 15" the −2 is not applied and a note says why', () => {
    const doc = evalScene({
      models: [at('s', 'A', 'commando', 100, 300), at('t', 'B', 'medic', 100 + 25 + 15 * 25.4, 300)],
      queries: [{ id: 'a', type: 'attack', attacker: 's', target: 't', weapon: 'assault-rifle', context: { reaction: 'duck-down' } }],
    })
    const a = result(doc, 'a') as { modifiers: unknown[]; notes: string[]; probability: { exact: { hit: string } } }
    expect(a.modifiers).toEqual([])
    expect(a.notes[0]).toMatch(/not available/)
    expect(a.probability.exact.hit).toBe('2/3')
  })

  it('the reaction aura lists the enemies within 12" with a clear line', () => {
    const doc = evalScene({
      terrain: [box('block', 'full-cover', 200, 380, 260, 420, 100)],
      models: [at('t', 'B', 'medic', 300, 300), at('near', 'A', 'commando', 300 + 25 + 200, 300), at('hidden', 'A', 'commando', 150, 500), at('far', 'A', 'commando', 30, 30)],
      queries: [{ id: 'r', type: 'aura', source: 't', ability: 'reaction' }],
    })
    expect((result(doc, 'r') as { affected: string[] }).affected).toEqual(['near'])
  })
})

describe('§02 Stealth: Hide needs cover and no enemy line of sight', () => {
  it('an Infiltrator touching a Full Cover block, seen only by an enemy whose line the block cuts, can Hide; one seen in the open cannot', () => {
    const doc = evalScene({
      terrain: [box('block', 'full-cover', 280, 320, 340, 360, 80)],
      models: [at('inf', 'B', 'infiltrator', 310, 372.6), at('e', 'A', 'commando', 310, 100), at('inf2', 'B', 'infiltrator', 500, 500)],
      queries: [{ id: 'hide', type: 'aura', source: 'inf', ability: 'hide' }, { id: 'exposed', type: 'aura', source: 'inf2', ability: 'hide' }],
    })
    expect(result(doc, 'hide')).toMatchObject({ canHide: true, inCover: ['block'], affected: [] })
    expect(result(doc, 'exposed')).toMatchObject({ canHide: false, affected: ['e'] })
  })
})
