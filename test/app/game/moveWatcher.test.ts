// Moves the camera sees (src/app/game/moveWatcher.ts), on tracked positions as the tracker reports
// them a few times a second: a pose's jitter (±0.8 mm, 1-sigma 1 mm) is never a move; a hand over the
// model starts the move and it ends once the hand has left and the model is still for a second; a
// model slid without the hands tracker starts by its change of place; a 7 mm nudge with 1.5 mm sigmas
// is inside the two positions' doubt (a 2-D error's 0.27 % radius, 3.44 × 2.12 = 7.3 mm) and is not a move; an undo moving the game's place
// under a model standing still is not a move; a flush before a ruling ends a move in progress.
import { describe, expect, it } from 'vitest'
import { type GamePlace, type MoveSeen, type WatchedModel, MoveWatcher } from '../../../src/app/game/moveWatcher.ts'

const place = (x: number, y: number, sigmaMm = 1): GamePlace => ({ position: [x, y], sigmaMm })
const at = (id: string, x: number, y: number, sigmaMm = 1): WatchedModel => ({ id, position: [x, y], facing: 90, sigmaMm })
const NONE = new Set<string>()

/** A deterministic ±0.8 mm wobble (the tracker's filtered pose at rest). */
const wobble = (i: number) => 0.8 * Math.sin(i * 1.7)

describe('the move watcher', () => {
  it('a pose jittering in place for 10 s is no move', () => {
    const w = new MoveWatcher()
    const places = new Map([['b1', place(420, 760)]])
    const seen: MoveSeen[] = []
    for (let i = 0; i < 40; i++) seen.push(...w.update(i * 250, [at('b1', 420 + wobble(i), 760 - wobble(i + 3))], NONE, places))
    expect(seen).toEqual([])
  })

  it('a hand over the model starts the move; it ends a second after the hand left and the model is still: one move, measured from the game\'s place', () => {
    const w = new MoveWatcher()
    const places = new Map([['b1', place(420, 760)]])
    const held = new Set(['b1'])
    const seen: MoveSeen[] = []
    let t = 0
    const step = (m: WatchedModel, h: ReadonlySet<string>) => { seen.push(...w.update(t, [m], h, places)); t += 250 }
    for (let i = 0; i < 4; i++) step(at('b1', 420, 760), NONE)
    // The hand comes: the tracker keeps the model where the hand found it, then sees it at its new spot.
    for (let i = 0; i < 6; i++) step(at('b1', 420, 760), held)
    expect(w.moving()).toEqual(['b1'])
    for (let i = 0; i < 3; i++) step(at('b1', 380, 600), held)
    // The hand leaves; the model rests at (380, 600).
    step(at('b1', 380, 600), NONE)
    expect(seen).toEqual([])
    for (let i = 0; i < 3; i++) step(at('b1', 380 + wobble(i), 600), NONE)
    expect(seen).toEqual([])
    step(at('b1', 380, 600), NONE)
    // (420,760) → (380,600): √(40² + 160²) = 164.92 mm.
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ model: 'b1', from: [420, 760], to: [380, 600], markedBy: 'hand', sigmaMm: 1 })
    expect(seen[0]!.distanceMm).toBeCloseTo(164.924, 3)
    expect(w.moving()).toEqual([])
  })

  it('a model slid with no hands tracker is a move once it rests', () => {
    const w = new MoveWatcher()
    const places = new Map([['a1', place(320, 300)]])
    const path = [[320, 300], [330, 320], [345, 350], [350, 360], [350, 360], [350, 360], [350, 360], [350, 360], [350, 360]] as const
    const seen = path.flatMap(([x, y], i) => w.update(i * 250, [at('a1', x, y)], NONE, places))
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ model: 'a1', to: [350, 360], markedBy: 'position' })
    expect(seen[0]!.distanceMm).toBeCloseTo(Math.hypot(30, 60), 6)
  })

  it('a 3 or 7 mm nudge with 1.5 mm sigmas on both places is inside the doubt (3.44 × √(1.5² + 1.5²) = 7.3 mm): not a move; 8 mm is', () => {
    const run = (dx: number) => {
      const w = new MoveWatcher()
      const places = new Map([['a1', place(100, 100, 1.5)]])
      return [0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => w.update(i * 250, [at('a1', i === 0 ? 100 : 100 + dx, 100, 1.5)], NONE, places))
    }
    expect(run(3)).toEqual([])
    expect(run(7)).toEqual([])
    expect(run(8)).toHaveLength(1)
  })

  it('the game\'s place moving under a model that stands still (an undo) is no move', () => {
    const w = new MoveWatcher()
    const seen: MoveSeen[] = []
    for (let i = 0; i < 4; i++) seen.push(...w.update(i * 250, [at('b1', 380, 600)], NONE, new Map([['b1', place(380, 600)]])))
    for (let i = 4; i < 12; i++) seen.push(...w.update(i * 250, [at('b1', 380, 600)], NONE, new Map([['b1', place(420, 760)]])))
    expect(seen).toEqual([])
  })

  it('a flush before a ruling ends a move still settling; a model a hand still holds stays held', () => {
    const w = new MoveWatcher()
    const places = new Map([['a1', place(100, 100)], ['b1', place(400, 400)]])
    w.update(0, [at('a1', 100, 100), at('b1', 400, 400)], NONE, places)
    w.update(250, [at('a1', 160, 100), at('b1', 400, 400)], new Set(['b1']), places)
    const flushed = w.flush([at('a1', 160, 100), at('b1', 450, 400)], places)
    expect(flushed.map((m) => m.model)).toEqual(['a1'])
    expect(w.moving()).toEqual(['b1'])
  })
})
