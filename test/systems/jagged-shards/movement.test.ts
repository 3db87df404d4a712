// Movement rules beyond the worked examples: drops, automatic Disengage, Coordinated Push, Sprint → no Rush,
// and ending a Normal Move within 1" of an enemy (§7.5 vs §8.6).
import { describe, expect, it } from 'vitest'
import { IN, BASE_MM, box, model, run, scene } from './tableBuilder.ts'

const Y = 600

describe('drops (§8.1)', () => {
  const platform = [box('tower', 'light', 100, 550, 200, 650, 4 * IN, { keywords: ['platform', 'climbable'] })]
  it('stepping off a 4" platform is a drop of more than 3": must be agreed; if hazardous, roll SR 60 or take a Wound (rolls 1–59 → 59/100)', () => {
    const r = run(scene([model('r', 'alex', 'colonist-rifleman', 150, Y, { z: 4 * IN })], [{ id: 'q', type: 'move', model: 'r', to: [150 + 4 * IN, Y] }], platform)).q!
    expect(r).toMatchObject({ allowed: true, drops: [{ terrain: 'tower', downInches: 4, hazardous: true }], endZ: 0, distance: { climbInches: 0 } })
    expect((r['warnings'] as string[])[0]).toContain('P = 59/100')
  })
  it('the same drop agreed safe (context safeDrop) is not hazardous', () => {
    const r = run(scene([model('r', 'alex', 'colonist-rifleman', 150, Y, { z: 4 * IN })], [{ id: 'q', type: 'move', model: 'r', to: [150 + 4 * IN, Y], context: { safeDrop: true } }], platform)).q!
    expect(r).toMatchObject({ drops: [{ hazardous: false }] })
  })
})

describe('Disengage (§8.5, §10.5, §16)', () => {
  const engaged = (profile: string, ctx: Record<string, unknown>, mode = 'normal') => run(scene(
    [model('a', 'alex', profile, 200, Y), model('e', 'jordan', 'rootblade-initiate', 200 + BASE_MM + 10, Y)],
    [{ id: 'q', type: 'move', model: 'a', to: [200 - 3 * IN, Y], mode, context: ctx }])).q!
  it('the Combat Engineer\'s Tactical Break disengages automatically', () => {
    expect(engaged('combat-engineer', { autoDisengage: true })).toMatchObject({ allowed: true, disengage: { automatic: true, probability: { exact: '1' } } })
  })
  it('a Rifleman has no automatic Disengage; its roll needs SR 60 → 41/100', () => {
    const r = engaged('colonist-rifleman', { autoDisengage: true })
    expect(r).toMatchObject({ allowed: false, reasons: [{ code: 'no-auto-disengage' }], disengage: { probability: { exact: '41/100' } } })
  })
  it('a model that starts engaged may not Sprint away', () => {
    expect(engaged('colonist-rifleman', {}, 'sprint')).toMatchObject({ allowed: false, reasons: [{ code: 'disengage-no-sprint-or-rush' }] })
  })
})

describe('other movement rules', () => {
  it('Coordinated Push: an Infantry model within 6" of a friendly Command Officer may move M + 1"', () => {
    const r = run(scene([model('o', 'alex', 'command-officer', 200, Y + 100), model('r', 'alex', 'colonist-rifleman', 200, Y)], [
      { id: 'push', type: 'move', model: 'r', to: [200 + 6 * IN, Y], context: { coordinatedPush: true } },
      { id: 'plain', type: 'move', model: 'r', to: [200 + 6 * IN, Y] },
    ]))
    expect(r['push']).toMatchObject({ allowed: true, allowance: { inches: 6 } })
    expect(r['plain']).toMatchObject({ allowed: false, reasons: [{ code: 'too-far' }] })
  })
  it('a model that Sprinted cannot Rush', () => {
    const r = run(scene([model('r', 'alex', 'colonist-rifleman', 200, Y), model('e', 'jordan', 'rootblade-initiate', 200 + BASE_MM + 5 * IN, Y)], [
      { id: 'q', type: 'move', model: 'r', to: [200 + 4 * IN, Y], mode: 'rush', context: { sprinted: true } }]))
    expect(r['q']).toMatchObject({ allowed: false, reasons: [{ code: 'sprinted' }] })
  })
  it('a Normal Move ending within 1" of an enemy engages it (§8.6); option normalMoveMayEngage false forbids it (§7.5)', () => {
    const s = (opts: Record<string, unknown>) => scene([model('r', 'alex', 'colonist-rifleman', 200, Y), model('e', 'jordan', 'rootblade-initiate', 200 + BASE_MM + 5 * IN, Y)],
      [{ id: 'q', type: 'move', model: 'r', to: [200 + 4.5 * IN, Y] }], [], opts)
    expect(run(s({})).q).toMatchObject({ allowed: true, engagesWith: ['e'] })
    expect(run(s({ normalMoveMayEngage: false })).q).toMatchObject({ allowed: false, reasons: [{ code: 'engages-without-rush' }] })
  })
  it('an Obscuring piece designated permeable may be moved through, but never by a Rush', () => {
    const wall = [box('hedge', 'obscuring', 260, 500, 280, 700, 100, { keywords: ['permeable'] })]
    const r = run(scene([model('r', 'alex', 'colonist-rifleman', 200, Y), model('e', 'jordan', 'rootblade-initiate', 200 + BASE_MM + 6 * IN, Y)], [
      { id: 'walk', type: 'move', model: 'r', to: [200 + 5 * IN, Y] },
      { id: 'rush', type: 'move', model: 'r', to: [200 + 5 * IN, Y], mode: 'rush' },
    ], wall))
    expect(r['walk']).toMatchObject({ allowed: true })
    expect(r['rush']!['reasons']).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'rush-through-obscuring' })]))
  })
})
