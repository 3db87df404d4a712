// Rule pieces checked against the book's numbers and hand-computed geometry.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { evaluateScene, placeBase } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { findWeapon, type RangedWeapon } from '../../../src/systems/skrapyard/catalogue.ts'
import { measureFrontBehind } from '../../../src/systems/skrapyard/measureFrontBehind.ts'
import { DEFAULT_OPTIONS, OPTION_SPECS } from '../../../src/systems/skrapyard/options.ts'
import { measureRangeBand } from '../../../src/systems/skrapyard/rangeBands.ts'
import { NO_SHOT_CONTEXT, resolveShot } from '../../../src/systems/skrapyard/shooting.ts'
import { hurryMoveInches, normalMoveInches, targetSizeModifiers } from '../../../src/systems/skrapyard/stature.ts'

function ranged(id: string): RangedWeapon {
  const w = findWeapon(id)
  if (w?.kind !== 'ranged') throw new Error(id)
  return w
}

describe('stature sets the moves (§12.1, §12.4)', () => {
  it('normal move 3" + stature and hurry 3" + 2 × stature for statures 0–6', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(normalMoveInches)).toEqual([3, 4, 5, 6, 7, 8, 9])
    expect([0, 1, 2, 3, 4, 5, 6].map(hurryMoveInches)).toEqual([3, 5, 7, 9, 11, 13, 15])
  })

  it('large and small targets differ by at least 1 stature (§13.3.2.2–3)', () => {
    expect(targetSizeModifiers(2, 3, undefined, 'both').map((m) => m.value)).toEqual([1])
    expect(targetSizeModifiers(2, 2, undefined, 'both')).toEqual([])
    expect(targetSizeModifiers(2, 1, undefined, 'both').map((m) => m.value)).toEqual([-1])
    expect(targetSizeModifiers(0, 6, undefined, 'both').map((m) => m.rule)).toEqual(['§13.3.2.2'])
  })
})

describe('range bands from S (§13.2, §13.6)', () => {
  // S_r 7 row: basic clean ≤7 / max 14; m ≤14 / 21; l ≤21 / 28; s 7–28 / 35.
  const rows: Array<[string, number, number]> = [['basic-weapon', 7, 14], ['medium-ranged', 14, 21], ['long-ranged', 21, 28], ['sniper', 28, 35]]
  for (const [id, clean, max] of rows) {
    it(`${id} with S 7: no penalty to ${clean}", range ${max}"`, () => {
      const w = ranged(id)
      expect(measureRangeBand(w, 7, clean, DEFAULT_OPTIONS)).toMatchObject({ penalty: 0, inRange: true, maxRangeInches: max })
      expect(measureRangeBand(w, 7, clean + 0.01, DEFAULT_OPTIONS).penalty).toBe(-1)
      expect(measureRangeBand(w, 7, max, DEFAULT_OPTIONS).penalty).toBe(-7)
      expect(measureRangeBand(w, 7, max + 0.01, DEFAULT_OPTIONS).inRange).toBe(false)
    })
  }

  it('only the sniper has a short-range penalty: S 7 at 4.2" → −ceil(2.8) = −3 (§13.6.3)', () => {
    expect(measureRangeBand(ranged('sniper'), 7, 4.2, DEFAULT_OPTIONS)).toMatchObject({ band: 'short', penalty: -3 })
    expect(measureRangeBand(ranged('long-ranged'), 7, 4.2, DEFAULT_OPTIONS).penalty).toBe(0)
  })
})

describe('the shooting chain (§13.3)', () => {
  const base = {
    weapon: ranged('basic-weapon'),
    S: 8,
    targetA: 6,
    shooterStature: 2,
    targetStature: 2,
    targetTeamStatureSum: undefined,
    shooterInTeam: false,
    distanceInches: 10.2,
    hasLos: true,
    losReasons: [],
    coverObstacles: ['wall'],
    shooterEngaged: false,
    context: NO_SHOT_CONTEXT,
    options: DEFAULT_OPTIONS,
  }

  it('S8 standing, 10.2", one wall, A6: S 9 sets 18" range; −2 range, −1 cover → S6; hit 1/2, down 42/144', () => {
    const r = resolveShot(base)
    expect(r.band).toMatchObject({ rangeS: 9, maxRangeInches: 18, penalty: -2 })
    expect(r.finalS).toBe(6)
    expect(r.probability.hit).toEqual({ num: 1, den: 2 })
    expect(r.probability.effect).toEqual({ num: 7, den: 24 })
  })

  it('range is set before cover: cover never shortens range (§13.3.1)', () => {
    const r = resolveShot({ ...base, distanceInches: 18, coverObstacles: ['a', 'b', 'c'] })
    expect(r.inRange).toBe(true)
    expect(r.finalS).toBe(9 - 9 - 3)
    expect(r.probability.hit).toEqual({ num: 1, den: 12 })
  })

  it('a long-ranged weapon gets no standing modifier (§13.6.2.2)', () => {
    const r = resolveShot({ ...base, weapon: ranged('long-ranged') })
    expect(r.preRange.find((m) => m.source === 'standing')).toBeUndefined()
  })

  it('a shot that is not allowed has chance 0', () => {
    const r = resolveShot({ ...base, shooterEngaged: true })
    expect(r.allowed).toBe(false)
    expect(r.probability.hit).toEqual({ num: 0, den: 1 })
  })
})

describe('front and behind (§2.4), exact for every base shape', () => {
  const observer = placeBase({ shape: 'round', diameter: 25 }, 0, 0, 0)
  it('a 60 × 35 rect turned 90° reaches 17.5 mm behind its centre along the observer facing', () => {
    // Rect length 60 along its facing (90° = +y), width 35 across (along x): x-extent ±17.5.
    const r = measureFrontBehind(observer, placeBase({ shape: 'rect', length: 60, width: 35 }, 17.5, 100, 90), 'front')
    expect(r.rearmostMm).toBeCloseTo(0, 9)
    expect(r.relation).toBe('in-front')
    const r2 = measureFrontBehind(observer, placeBase({ shape: 'rect', length: 60, width: 35 }, 17.4, 100, 90), 'front')
    expect(r2.relation).toBe('behind')
  })

  it('an oval 60 × 35 turned 45°: half extent along x is √((30² + 17.5²)/2)', () => {
    const half = Math.sqrt((30 * 30 + 17.5 * 17.5) / 2)
    const r = measureFrontBehind(observer, placeBase({ shape: 'oval', length: 60, width: 35 }, 50, 0, 45), 'front')
    expect(r.rearmostMm).toBeCloseTo(50 - half, 9)
    expect(r.foremostMm).toBeCloseTo(50 + half, 9)
  })
})

describe('options', () => {
  it('every option has its default in DEFAULT_OPTIONS and a row in the README', () => {
    const readme = readFileSync('src/systems/skrapyard/README.md', 'utf8')
    for (const o of OPTION_SPECS) {
      expect(DEFAULT_OPTIONS[o.name as keyof typeof DEFAULT_OPTIONS]).toBe(o.default)
      expect(readme).toContain(`| ${o.name} |`)
      expect(o.section).toMatch(/^§\d/)
    }
  })
})

describe('formation distance is the character\'s own stature (§3.2)', () => {
  const scene = (gapMm: number, stature: number) => ({
    format: 'tabletop-scene/1',
    system: 'skrapyard',
    table: { width: 1219.2, depth: 1219.2 },
    models: [0, 1].map((i) => ({ id: `m${i}`, side: 'A', unit: 'u', stats: { stature }, base: { shape: 'round', diameter: 20 }, height: 30, position: [300 + i * (20 + gapMm), 300] })),
    queries: [{ id: 'f', type: 'formation', unit: 'u' }],
  })
  const inTeam = (gapMm: number, stature: number) => {
    const doc = evaluateScene(scene(gapMm, stature), findRuleSystem, ruleSystems.map((s) => s.id))
    return (doc.results[0] as unknown as { members: Array<{ inTeam: boolean }> }).members.map((m) => m.inTeam)
  }
  it('stature 0: only bases touching (within the contact tolerance) are in formation', () => {
    expect(inTeam(0, 0)).toEqual([true, true])
    expect(inTeam(3, 0)).toEqual([false, false])
  })
  it('stature 1: 1" = 25.4 mm inclusive', () => {
    expect(inTeam(25.4, 1)).toEqual([true, true])
    expect(inTeam(25.9, 1)).toEqual([false, false])
  })
})
