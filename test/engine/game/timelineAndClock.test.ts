// The timeline (where every model stood after an event; when the real models are back within tolerance,
// from tracked places and their 1-sigmas) and the chess clock, on hand-placed numbers.
import { describe, expect, it } from 'vitest'
import { type ModelPlace, checkRestored, handOver, loadGame, pauseClock, placesOf, readClock, resumeClock, rewindTo, startClock } from '../../../src/engine/index.ts'
import { env, model, scriptLog } from './scriptedGame.ts'

const place = (id: string, x: number, y: number, onTable = true, facing = 0): ModelPlace => ({ id, side: 'A', position: [x, y], z: 0, facing, onTable })

describe('checkRestored: back only beyond doubt, off beyond doubt, marginal in between (2 sigma)', () => {
  const targets = [place('a', 100, 100), place('b', 200, 100), place('c', 300, 100), place('d', 400, 100), place('e', 500, 100, false)]
  it('calls each model from its distance to its place, its sigma and a 3 mm tolerance', () => {
    const r = checkRestored(targets, [
      { id: 'a', position: [101, 100], sigmaMm: 0.5 }, // 1 mm + 2×0.5 = 2 ≤ 3: back
      { id: 'b', position: [200, 104], sigmaMm: 0.4 }, // 4 − 0.8 = 3.2 > 3: off
      { id: 'c', position: [302.5, 100], sigmaMm: 0.5 }, // 2.5 + 1 = 3.5 > 3 but 2.5 − 1 = 1.5 ≤ 3: marginal
      { id: 'e', position: [500, 100], sigmaMm: 0.1 }, // removed at that event, yet on the table
    ], { mm: 3 })
    expect(r.calls.map((c) => [c.id, c.status, c.distanceMm])).toEqual([['a', 'back', 1], ['b', 'off', 4], ['c', 'marginal', 2.5], ['d', 'missing', undefined], ['e', 'remove', undefined]])
    expect(r.allBack).toBe(false)
  })
  it('is all back when every model on the table is within tolerance and the removed ones are off it', () => {
    const r = checkRestored(targets, [
      { id: 'a', position: [100, 100], sigmaMm: 0.2 },
      { id: 'b', position: [200.5, 100], sigmaMm: 0.2 },
      { id: 'c', position: [300, 101], sigmaMm: 0.2 },
      { id: 'd', position: [400, 99], sigmaMm: 0.2 },
    ], { mm: 3 })
    expect(r.allBack).toBe(true)
  })
  it('checks the facing too when a turn tolerance is given (wrapped: 359° is 2° from 1°)', () => {
    const r = checkRestored([place('a', 0, 0, true, 1)], [{ id: 'a', position: [0, 0], facing: 359, sigmaMm: 0 }], { mm: 3, deg: 5 })
    expect(r.calls[0]).toMatchObject({ status: 'back', turnDeg: 2 })
    expect(checkRestored([place('a', 0, 0, true, 1)], [{ id: 'a', position: [0, 0], facing: 20, sigmaMm: 0 }], { mm: 3, deg: 5 }).calls[0]!.status).toBe('off')
  })
})

describe('rewindTo: the places after an event, to put the real models back to', () => {
  it('gives every model\'s place after each event of a logged game, and the start before the first', () => {
    const scene = { format: 'tabletop-scene/1', system: 'narrative-skirmish', table: { width: 914.4, depth: 914.4 }, models: [model('a1', 'A', 100, 100, { profile: 'small-model' }), model('b1', 'B', 100, 700, { profile: 'small-model' })] }
    const s = loadGame(scriptLog(scene, [
      { type: 'move', model: 'a1', to: [150, 120], source: 'dragged' },
      { type: 'move', model: 'b1', to: [120, 650], source: 'dragged' },
      { type: 'effect', effects: [{ kind: 'remove', model: 'b1' }], decision: { kind: 'confirm', by: 'B' } },
    ]), env)
    const start = placesOf(s.start())
    const at = (seq: number) => rewindTo(s.outcomes(), seq, s.start()).map((p) => [p.id, p.position, p.onTable])
    expect(start.map((p) => [p.id, p.position])).toEqual([['a1', [100, 100]], ['b1', [100, 700]]])
    expect(at(0)).toEqual([['a1', [100, 100], true], ['b1', [100, 700], true]])
    expect(at(1)).toEqual([['a1', [150, 120], true], ['b1', [100, 700], true]])
    expect(at(3)).toEqual([['a1', [150, 120], true], ['b1', [120, 650], false]])
  })
})

describe('chess clock: one side\'s time runs at a time', () => {
  it('counts each side\'s time across hand-overs and a pause, against a budget', () => {
    let c = startClock(['A', 'B'], 'A', 0, 600_000)
    c = handOver(c, 'B', 90_000) // A used 90 s
    c = pauseClock(c, 150_000) // B used 60 s
    c = resumeClock(c, 400_000) // the pause does not count
    c = handOver(c, 'A', 430_000) // B: 60 + 30 = 90 s
    expect(readClock(c, 500_000)).toEqual([
      { side: 'A', usedMs: 160_000, remainingMs: 440_000, running: true, flagFallen: false }, // 90 + 70 s
      { side: 'B', usedMs: 90_000, remainingMs: 510_000, running: false, flagFallen: false },
    ])
    expect(readClock(c, 930_000)[0]).toMatchObject({ usedMs: 590_000, flagFallen: false })
    expect(readClock(c, 940_000)[0]).toMatchObject({ usedMs: 600_000, remainingMs: 0, flagFallen: true })
  })
  it('is kept in the game state from the log\'s clock events', () => {
    const scene = { format: 'tabletop-scene/1', system: 'narrative-skirmish', table: { width: 914.4, depth: 914.4 }, models: [model('a1', 'A', 100, 100, { profile: 'small-model' }), model('b1', 'B', 100, 700, { profile: 'small-model' })] }
    const s = loadGame(scriptLog(scene, [
      { type: 'clock', action: 'start', side: 'A', atMs: 0, budgetMs: 1_800_000 },
      { type: 'clock', action: 'hand-over', side: 'B', atMs: 45_000 },
      { type: 'clock', action: 'pause', atMs: 60_000 },
    ]), env)
    expect(readClock(s.state().clock!, 120_000).map((r) => [r.side, r.usedMs])).toEqual([['A', 45_000], ['B', 15_000]])
  })
})
