// Scraplands rules that are not in the scenario files: race order (the book's "i.e."), control-check
// odds per car and upgrade, and the vehicle pivot limits on car moves.
import { describe, expect, it } from 'vitest'
import { evaluateScene } from '../../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../../src/systems/index.ts'
import { controlCheckOdds } from '../../../../src/systems/cadence/scraplands/controlCheck.ts'
import { formatE } from '../../../../src/systems/cadence/index.ts'

const run = (models: unknown[], queries: unknown[], options: Record<string, unknown> = {}) => evaluateScene({ format: 'tabletop-scene/1', system: 'cadence/scraplands', table: { width: 914.4, depth: 914.4 }, options, models, queries }, findRuleSystem, ruleSystems.map((s) => s.id)).results
const car = (id: string, profile: string, pos: [number, number], facing = 0, extra: Record<string, unknown> = {}) => ({ id, side: id.startsWith('r') ? 'raiders' : 'scavs', profile, base: { shape: 'rect', length: 60, width: 30 }, height: 30, position: pos, facing, ...extra })

describe('scraplands/module-rules.html#racing', () => {
  it('activation order: most Command Points first, then "the shortest distance to travel to complete the race", then the inside of the corner', () => {
    const [r] = run([car('r1', 'runner', [100, 100]), car('s1', 'hotrod', [300, 100]), car('r2', 'truck', [500, 100]), car('s2', 'buggy', [700, 100])], [{
      id: 'order', type: 'race-order', cars: [
        { model: 'r1', commandPoints: 4, distanceToFinishInches: 60 },
        { model: 's1', commandPoints: 4, distanceToFinishInches: 48 },
        { model: 'r2', commandPoints: 6, distanceToFinishInches: 90 },
        { model: 's2', commandPoints: 4, distanceToFinishInches: 48, insideOfCorner: true },
      ],
    }])
    expect((r as unknown as { order: Array<{ model: string }> }).order.map((o) => o.model)).toEqual(['r2', 's2', 's1', 'r1'])
  })
})

describe('scraplands/module-rules.html#control-checks', () => {
  // Skill roll fails, then the Damage 4 hit is not countered: P = P(skill fails) × P(counter fails).
  it('Runner (Skl 5+, Tgh 4): 2/3 × 1/2 = 1/3', () => expect(formatE(controlCheckOdds(5, 4, false, false).pLosesHitPoint)).toBe('1/3'))
  it('Truck (Tgh 5, Sturdy re-rolls the counter): Dmg 4 < Tgh 5 → 3+ (2/3), re-rolled fails 1/9: 2/3 × 1/9 = 2/27', () => expect(formatE(controlCheckOdds(5, 5, true, false).pLosesHitPoint)).toBe('2/27'))
  it('Wreck (Tgh 3, Ramshackle re-rolls 1s): 5+ = 1/3, plus 1/6 × 1/3 → 7/18, fails 11/18: 2/3 × 11/18 = 11/27', () => expect(formatE(controlCheckOdds(5, 3, false, true).pLosesHitPoint)).toBe('11/27'))
  it('Elite Driver (Skill 4+) and Armour Plates (+1 Toughness) on a Runner: 1/2 × 1/3 = 1/6 (control-check query)', () => {
    const [r] = run([car('r1', 'runner', [100, 100], 0, { keywords: ['elite-driver', 'armour-plates'] }), car('s1', 'buggy', [600, 600])], [{ id: 'c', type: 'control-check', model: 'r1' }])
    expect(r).toMatchObject({ skillNeed: 4, counter: { need: 3 }, perCheck: { exact: '1/6' } })
  })
})

describe('car moves: core vehicle pivots (core-rules/advanced-rules.html#vehicle-movement-restrictions)', () => {
  // Runner at (200,200) facing 0°: 40 mm east, 45° left, 40 mm, 45° left again, 40 mm: 120 mm, two pivots 40 mm (≥ 1") apart.
  const d = 40 / Math.SQRT2
  const p1: [number, number] = [240, 200]
  const p2: [number, number] = [240 + d, 200 + d]
  const end: [number, number] = [240 + d, 200 + d + 40]
  it('two 45° pivots at least 1" apart are allowed (no d6 bonus with pivots: 120 mm ≤ Mov 5" = 127 mm)', () => {
    const [r] = run([car('r1', 'runner', [200, 200]), car('s1', 'buggy', [800, 800])], [{ id: 'm', type: 'move', model: 'r1', to: end, context: { via: [p1, p2] } }])
    expect(r).toMatchObject({ allowed: true, allowance: { maxInches: 5 }, path: { pivots: [{ turnDeg: 45 }, { turnDeg: 45 }] } })
  })
  it('two pivots only 20 mm apart are not', () => {
    const q: [number, number] = [240 + 20 / Math.SQRT2, 200 + 20 / Math.SQRT2]
    const [r] = run([car('r1', 'runner', [200, 200]), car('s1', 'buggy', [800, 800])], [{ id: 'm', type: 'move', model: 'r1', to: [q[0], q[1] + 50], context: { via: [p1, q] } }])
    expect((r as unknown as { reasons: Array<{ code: string }> }).reasons.map((x) => x.code)).toContain('pivots-too-close')
  })
  it('a 60° pivot is more than 45°', () => {
    const [r] = run([car('r1', 'runner', [200, 200]), car('s1', 'buggy', [800, 800])], [{ id: 'm', type: 'move', model: 'r1', to: [240 + 25, 200 + 43.30127], context: { via: [p1] } }])
    expect((r as unknown as { reasons: Array<{ code: string }> }).reasons.map((x) => x.code)).toContain('pivot-too-large')
  })
  it('moving backward: Movement is 2"', () => {
    const [r] = run([car('r1', 'runner', [300, 300]), car('s1', 'buggy', [800, 800])], [{ id: 'm', type: 'move', model: 'r1', to: [300 - 60, 300] }])
    expect(r).toMatchObject({ allowed: false, allowance: { maxInches: 2 }, path: { legs: [{ direction: 'backward' }] } })
  })
})

describe('scraplands/building-a-team.html: 250 credits per car plus 100 per car shared', () => {
  it('Runner+HMG+Ram 220, Truck+Rocket Launcher 365 (115 from the pool), Buggy+Flamethrower+Turret 260 (10): 125 ≤ 300 → valid', () => {
    const [r] = run([car('r1', 'runner', [100, 100]), car('s1', 'buggy', [600, 600])], [{
      id: 't', type: 'team-cost', cars: [
        { car: 'runner', weapons: ['heavy-machine-gun'], upgrades: ['ram'] },
        { car: 'truck', weapons: ['rocket-launcher'] },
        { car: 'buggy', weapons: ['flamethrower'], upgrades: ['turret'] },
      ],
    }])
    expect(r).toMatchObject({ valid: true, pool: 300, fromPool: 125, total: 845, cars: [{ credits: 220 }, { credits: 365, fromPool: 115 }, { credits: 260, fromPool: 10 }] })
  })
  it('two Minigun + Rocket Launcher Trucks need 2 × 205 = 410 from a 200 pool → invalid', () => {
    const [r] = run([car('r1', 'runner', [100, 100]), car('s1', 'buggy', [600, 600])], [{
      id: 't', type: 'team-cost', cars: [{ car: 'truck', weapons: ['minigun', 'rocket-launcher'] }, { car: 'truck', weapons: ['minigun', 'rocket-launcher'] }],
    }])
    expect(r).toMatchObject({ valid: false, pool: 200, fromPool: 410 })
  })
})

describe('car moves take no hidden slack (scraplands/module-rules.html#car-movement)', () => {
  type Move = { allowed: boolean; reasons: Array<{ code: string }>; allowance: { reach: { probability: number; exact: string } } }
  const move = (toX: number, options: Record<string, unknown> = {}) =>
    run([car('r1', 'runner', [300, 300]), car('s1', 'buggy', [800, 800])], [{ id: 'm', type: 'move', model: 'r1', to: [toX, 300] }], options)[0] as unknown as Move
  it('"A car\'s Movement is reduced to 2 inches when moving backward": exactly 2" back is allowed', () => {
    expect(move(300 - 50.8).allowed).toBe(true)
  })
  it('2" + 0.5 mm backward is more than 2": refused (too-far)', () => {
    const r = move(300 - 50.8 - 0.5)
    expect(r.allowed).toBe(false)
    expect(r.reasons.map((x) => x.code)).toEqual(['too-far'])
  })
  it('with the option moveToleranceMm 1, 2" + 0.5 mm backward is accepted (a ruler\'s millimetre, by choice)', () => {
    expect(move(300 - 50.8 - 0.5, { moveToleranceMm: 1 }).allowed).toBe(true)
  })
  it('"it may add d6 inches to its Movement attribute if it makes no pivots": Runner Mov 5, 9" needs d6 ≥ 4 (1/2)', () => {
    expect(move(300 + 9 * 25.4).allowance.reach).toMatchObject({ probability: 0.5, value: 0.5, exact: '1/2' })
  })
  it('9" + 0.5 mm needs 5 + d6 ≥ 9.02, so a 5 or 6: 1/3 (not 1/2)', () => {
    const r = move(300 + 9 * 25.4 + 0.5)
    expect(r.allowance.reach.exact).toBe('1/3')
    expect(r.allowance.reach.probability).toBe(1 / 3)
  })
})
