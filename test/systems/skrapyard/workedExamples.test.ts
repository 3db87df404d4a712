// Every numeric worked example printed in Skrapyard: Raw Rules, one test each, named after its paragraph.
import { describe, expect, it } from 'vitest'
import { evaluateScene } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
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

  it('§10.3 a D7 character that delays until after D5 characters tests activation at D5 (§10.3.2)', () => {
    const r = evaluate([character('late', 'A', [100, 100], { D: 7 })], [{ id: 'q', type: 'test', model: 'late', characteristic: 'D', purpose: 'activation', context: { delayedToD: 5 } }])
    expect(r).toMatchObject({ base: 5, value: 5, probability: { exact: '5/12' } })
  })


  it('§12.8.8 a stature 2 character that moved 3" up to a stature 1 obstacle must cross it next turn', () => {
    // Normal move 3 + 2 = 5" (§12.1); one stature lower halves it (§12.8.3) to 3" (§1.6); 3" are used.
    expect(normalMoveInches(2)).toBe(5)
    expect(classifyLinearObstacle(2, 1).cost).toBe('half')
    const wall = { id: 'w', type: 'linear', keywords: ['stature-1'], footprint: [[300, 500], [305, 500], [305, 700], [300, 700]], height: 25 }
    const models = [character('m', 'A', [287.5, 600], {})]
    const thisTurn = evaluate(models, [{ id: 'q', type: 'move', model: 'm', to: [317.5, 600], context: { movedInches: 3 } }], [wall])
    expect(thisTurn).toMatchObject({ allowed: false, allowance: { inches: 3 }, reasons: [{ code: 'insufficient-move', rule: '§12.8.8' }] })
    const nextTurn = evaluate(models, [{ id: 'q', type: 'move', model: 'm', to: [317.5, 600] }], [wall])
    expect(nextTurn).toMatchObject({ allowed: true })
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

type Json = Record<string, unknown>
function character(id: string, side: string, position: [number, number], stats: Record<string, number>): Json {
  return { id, side, stats: { F: 5, S: 5, A: 5, D: 5, stature: 2, ...stats }, base: { shape: 'round', diameter: 25 }, height: 45, eye: 40, position, facing: 0 }
}
function evaluate(models: Json[], queries: Json[], terrain: Json[] = []): Json {
  const scene = { format: 'tabletop-scene/1', system: 'skrapyard', table: { width: 1219.2, depth: 1219.2 }, terrain, models, queries }
  const doc = evaluateScene(scene, findRuleSystem, ruleSystems.map((s) => s.id))
  return doc.results[0] as Json
}
