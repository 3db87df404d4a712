// Reach under the Cadence core and its games (core-rules/playing-a-game.html Move and Advance,
// advanced-rules.html terrain keywords, height levels and vehicles; Scraplands' cars, Squadrons' ships,
// Respawn's barriers) and under Iron Line's manoeuvres (§16), on hand-derived geometry.
import { describe, expect, it } from 'vitest'
import type { SceneModel } from '../../../src/engine/index.ts'
import { INCH, box, reach, ringRadii, scene, tautAroundLeft } from './planningKit.ts'

const at = (x: number, y: number): [number, number] => [x, y]
const S = at(300, 600)

function trooper(id: string, side: string, x: number, y: number, extra: Partial<SceneModel> = {}, rules: string[] = []): SceneModel {
  return { id, side, profile: { command: 4, movementInches: 6, skill: 3, defence: 4, toughness: 4, hitPoints: 1, specialRules: rules }, base: { shape: 'round', diameter: 32 }, height: 40, position: [x, y], facing: 0, ...extra }
}

describe('Cadence core: Move, Advance and both in one activation', () => {
  it('Move is a 6" disc; Move + Advance 12" (at most Move + Advance, playing-a-game.html#actions)', () => {
    const move = reach(scene('cadence', [trooper('a', 'A', 600, 600)]), 'a', [at(600 + 6 * INCH - 1, 600), at(600 + 6 * INCH + 1, 600)])
    expect(move.points.map((p) => p.reachable)).toEqual([true, false])
    const both = reach(scene('cadence', [trooper('a', 'A', 600, 600)]), 'a', [at(600 + 12 * INCH - 1, 600), at(600 + 12 * INCH + 1, 600)], 'move-advance')
    expect(both.allowance.inches).toBe(12)
    expect(both.points.map((p) => p.reachable)).toEqual([true, false])
    const rr = ringRadii(both, 600, 600)
    expect(rr.max).toBeLessThan(12 * INCH + 0.3)
  })
  it('an Impassable piece is skirted along tangents and arcs (radius 16 mm)', () => {
    const T = at(500, 600)
    const exact = tautAroundLeft(S, [[400, 500], [420, 500]], T, 16)
    const p = reach(scene('cadence', [trooper('a', 'A', ...S)], [box('w', 'building', 400, 500, 420, 900, 100, ['impassable'])]), 'a', [T]).points[0]!
    expect(p.cost!.mm).toBeGreaterThanOrEqual(exact - 0.02)
    expect(p.cost!.mm).toBeLessThanOrEqual(exact + 0.2)
  })
  it('a piece with no movement keyword counts as Impassable; a gap 1 mm under the base is closed', () => {
    const walls = (g: number) => [box('n', 'scatter', 400, 600 + g / 2, 420, 1100, 100), box('s', 'scatter', 400, 100, 420, 600 - g / 2, 100)]
    expect(reach(scene('cadence', [trooper('a', 'A', ...S)], walls(33)), 'a', [at(410, 600)]).points[0]!.cost!.mm).toBeCloseTo(110, 6)
    expect(reach(scene('cadence', [trooper('a', 'A', ...S)], walls(31)), 'a', [at(410, 600)]).points[0]!.reachable).toBe(false)
  })
  it('Rough costs 1" extra per piece crossed and may not be finished on (keyword-rough)', () => {
    const rough = box('rubble', 'ruins', 340, 0, 380, 1219, 10, ['rough', 'cover'])
    const r = reach(scene('cadence', [trooper('a', 'A', ...S)], [rough]), 'a', [at(420, 600), at(360, 600)])
    expect(r.points[0]!.cost!.mm).toBeCloseTo(120 + INCH, 6)
    expect(r.points[0]!.crossed).toEqual([expect.objectContaining({ id: 'rubble', cost: { mm: 25.4, inches: 1 } })])
    expect(r.points[1]!.reachable).toBe(false)
    expect(r.points[1]!.reasons.map((x) => x.code)).toContain('ends-in-zone')
  })
  it('climbing one height level up a Climbable piece costs 1" (keyword-climbable); a Clear piece with no climbable way up is out of reach', () => {
    const gantry = box('gantry', 'platform', 350, 550, 450, 650, 50.8, ['clear', 'climbable'])
    const p = reach(scene('cadence', [trooper('a', 'A', ...S)], [gantry]), 'a', [at(400, 600)]).points[0]!
    expect(p.cost!.mm).toBeCloseTo(100 + INCH, 6)
    const sheer = box('block', 'platform', 350, 550, 450, 650, 50.8, ['clear'])
    const q = reach(scene('cadence', [trooper('a', 'A', ...S)], [sheer]), 'a', [at(400, 600)]).points[0]!
    expect(q.reachable).toBe(false)
    expect(q.reasons.map((x) => x.code)).toContain('cannot-climb')
  })
  it('a base may never move over an enemy base; a friendly one is passed (action-move)', () => {
    const friend = reach(scene('cadence', [trooper('a', 'A', ...S), trooper('f', 'A', 360, 600)]), 'a', [at(430, 600)]).points[0]!
    expect(friend.cost!.mm).toBeCloseTo(130, 6)
    const enemy = reach(scene('cadence', [trooper('a', 'A', ...S), trooper('e', 'B', 360, 600)]), 'a', [at(430, 600)]).points[0]!
    expect(enemy.cost!.mm).toBeGreaterThan(140)
  })
  it('deploying: placed within Mov of the Entry Point (the closest point of the base closer than 6")', () => {
    const r = reach(scene('cadence', [trooper('a', 'A', 60, 60)]), 'a', [at(300 + 16 + 6 * INCH - 1, 300), at(300 + 16 + 6 * INCH + 1, 300)], 'deploy', { entryPoint: [300, 300] })
    expect(r.points.map((p) => p.reachable)).toEqual([true, false])
  })
  it('a vehicle drives straight forward or back, pivoting up to 45° (vehicle-movement-restrictions): ahead is its distance, 45° off is one pivot', () => {
    const car = trooper('v', 'A', 300, 600, { base: { shape: 'rect', length: 60, width: 30 } }, ['Vehicle'])
    const r = reach(scene('cadence', [car]), 'v', [at(300 + 100, 600), at(300 + 100, 700), at(300 + 6 * INCH + 1, 600)])
    expect(r.points[0]!.cost!.mm).toBeCloseTo(100, 3)
    // (100, 100) off: a pivot of 45° at the start and 141.4 mm along it
    expect(r.points[1]!.reachable).toBe(true)
    expect(r.points[1]!.cost!.mm).toBeCloseTo(100 * Math.SQRT2, 1)
    expect(r.points[2]!.reachable).toBe(false)
  })
})

describe('Cadence games', () => {
  it('Respawn: an Energy Barrier is clear terrain for movement (module-rules energy barriers)', () => {
    const barrier = box('barrier', 'energy-barrier', 350, 0, 360, 1219, 60)
    const p = reach(scene('cadence/respawn', [trooper('a', 'A', ...S)], [barrier]), 'a', [at(400, 600)]).points[0]!
    expect(p.cost!.mm).toBeCloseTo(100, 6)
  })
  it('Scraplands: a car\'s straight Move is Mov + d6 (car-movement): 3.5" past Mov needs a 4 or more', () => {
    const r = reach(scene('cadence/scraplands', [{ id: 'c', side: 'A', profile: 'runner', base: { shape: 'rect', length: 60, width: 30 }, height: 30, position: [300, 600], facing: 0 }]), 'c', [at(300 + (5 + 3.5) * INCH, 600), at(300 + 11 * INCH + 1, 600)])
    expect(r.points.map((p) => p.chance?.exact)).toEqual(['1/2', '0'])
  })
  it('Squadrons: a ship moves the full distance with one pivot (ship-movement): exactly Mov ahead, not short of it', () => {
    const ship = { id: 's', side: 'A', profile: 'tie-fighter', base: { shape: 'round' as const, diameter: 40 }, height: 40, position: [300, 600] as [number, number], facing: 0 }
    const first = reach(scene('cadence/squadrons', [ship]), 's', [])
    const mov = first.allowance.mm
    // Its Agility pivot already used this activation: one pivot, so no zigzag can end short on the line ahead.
    const r = reach(scene('cadence/squadrons', [ship]), 's', [at(300 + mov, 600), at(300 + mov - 20, 600)], 'move', { agilePivotUsed: true })
    expect(r.points.map((p) => p.reachable)).toEqual([true, false])
  })
})

describe('Iron Line: one manoeuvre in movement points (§16)', () => {
  const unit = (id: string, profile: string, x: number, y: number): SceneModel => ({ id, side: 'A', profile, base: { shape: 'rect', length: 60, width: 120 }, height: 30, position: [x, y], facing: 0 })
  it('Advance: straight forward, 1 MP per inch of Speed 8 (L1457): 8" ahead, nothing to the side', () => {
    const r = reach(scene('iron-line', [unit('u', 'drone-infantry', 300, 600)]), 'u', [at(300 + 8 * INCH - 1, 600), at(300 + 8 * INCH + 1, 600), at(400, 650)])
    expect(r.points.map((p) => p.reachable)).toEqual([true, false, false])
    expect(r.points[2]!.reasons[0]!.code).toBe('off-the-line')
  })
  it('Rough doubles the cost for Close Order (L1509) and not for Loose Order', () => {
    const rough = box('rough', 'obscuring', 400, 0, 500, 1219, 5, ['rough'])
    const close = reach(scene('iron-line', [unit('u', 'drone-infantry', 300, 600)], [rough]), 'u', [at(550, 600)]).points[0]!
    // 250 mm travelled, the footprint's lines 100 mm in the rough: 350 mm of Speed.
    expect(close.cost!.mm).toBeCloseTo(350, 6)
    const loose = reach(scene('iron-line', [unit('u', 'drone-skirmishers', 300, 600)], [rough]), 'u', [at(550, 600)]).points[0]!
    expect(loose.cost!.mm).toBeCloseTo(250, 6)
  })
  it('Shuffle: directly left or right at 2 MP per inch (L1459): 4" either side', () => {
    const r = reach(scene('iron-line', [unit('u', 'drone-infantry', 600, 600)]), 'u', [at(600, 600 + 4 * INCH - 1), at(600, 600 - 4 * INCH + 1), at(600, 600 + 4 * INCH + 1)], 'shuffle')
    expect(r.points.map((p) => p.reachable)).toEqual([true, true, false])
  })
  it('Wheel: pivot on a front corner, the opposite corner swinging 1" per MP along its arc (L1458)', () => {
    // Facing +x, 120 mm wide: pivot on the front-left corner (x + 30, y + 60); the centre is 67.08 mm from it.
    const [cx, cy] = [600, 600]
    const pivot = [cx + 30, cy + 60]
    const radius = Math.hypot(30, 60)
    const start = Math.atan2(cy - pivot[1]!, cx - pivot[0]!)
    const th = 0.5 // radians: the swinging corner moves 120 × 0.5 = 60 mm (2.36", within 8 MP)
    const p = at(pivot[0]! + radius * Math.cos(start + th), pivot[1]! + radius * Math.sin(start + th))
    const r = reach(scene('iron-line', [unit('u', 'drone-infantry', cx, cy)]), 'u', [p, at(cx + 40, cy)], 'wheel')
    expect(r.points[0]!.reachable).toBe(true)
    expect(r.points[0]!.cost!.mm).toBeCloseTo(60, 1)
    expect(r.points[1]!.reachable).toBe(false)
  })
})
