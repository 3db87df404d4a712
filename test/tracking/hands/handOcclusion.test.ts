// Occlusion logic on hand outlines given directly (table mm): held, not dropped; moving; settling;
// rulings wait; the freeze's clean frames. The camera-level version is occlusionSequence.test.ts.
import { describe, expect, it } from 'vitest'
import { HandOcclusion, convexHull, createHull, type Hull, type OccludableObject } from '../../../src/tracking/hands/index.ts'

function square(cx: number, cy: number, half: number): Hull {
  const pts = Float64Array.from([cx - half, cy - half, cx + half, cy - half, cx + half, cy + half, cx - half, cy + half])
  return convexHull(pts, 4, createHull())
}

const FRAME = 50
function obj(id: string, x: number, y: number, seen = true): OccludableObject {
  return { id, position: [x, y], facing: 0, seen, reachMm: 30 }
}

describe('hand occlusion', () => {
  it('a hand next to a model holds it: not updated, not dropped though unseen for 3 s; other models stay free', () => {
    const occ = new HandOcclusion()
    let t = 0
    for (; t < 500; t += FRAME) occ.update([], 0, [obj('a', 100, 100), obj('b', 400, 100)], t)
    expect(occ.holdingCount()).toBe(0)
    // Hand outline 40 mm from a's centre: within reach 30 + margin 25.
    const hand = square(100, 160, 20)
    for (; t < 3500; t += FRAME) occ.update([hand], 1, [obj('a', 100, 100, false), obj('b', 400, 100)], t)
    expect(occ.get('a')).toMatchObject({ state: 'held', heldPosition: [100, 100], moved: false })
    expect(occ.get('b')!.state).toBe('free')
    expect(occ.canRule(['a', 'b'])).toBe(false)
    expect(occ.canRule(['b'])).toBe(true)
    expect(occ.cleanFramesFor(['a', 'b'], 30)).toBe(0)
  })

  it('a hand 80 mm from the marker reach does not hold', () => {
    const occ = new HandOcclusion()
    occ.update([square(100, 100 + 30 + 25 + 20 + 1, 20)], 1, [obj('a', 100, 100)], 0)
    expect(occ.get('a')!.state).toBe('free')
  })

  it('carried 50 mm: moving while the hand is near, settles at the new spot once still; the freeze counts only frames after', () => {
    const occ = new HandOcclusion()
    let t = 0
    for (; t < 300; t += FRAME) occ.update([], 0, [obj('a', 100, 100)], t)
    expect(occ.cleanFramesFor(['a'], 30)).toBe(6)
    for (let x = 100; x <= 150; x += 10, t += FRAME) occ.update([square(x, 130, 25)], 1, [obj('a', x, 100, x === 100 || x >= 130)], t)
    expect(occ.get('a')).toMatchObject({ state: 'moving', heldPosition: [100, 100], moved: true })
    expect(occ.isMoving('a')).toBe(true)
    // The hand lifts away; 300 ms later the model settles, and after 500 ms still it is free again.
    const frees: number[] = []
    for (; t < 2000; t += FRAME) {
      occ.update([], 0, [obj('a', 150, 100)], t)
      if (occ.canRule(['a'])) frees.push(t)
    }
    expect(occ.get('a')).toMatchObject({ state: 'free', moved: true })
    const handLeftAt = 300 + 6 * FRAME - FRAME
    expect(frees[0]! - handLeftAt).toBeGreaterThanOrEqual(300 + 500)
    expect(occ.cleanFramesFor(['a'], 100)).toBe((2000 - (handLeftAt + 300)) / FRAME)
  })

  it('a model carried with its markers hidden all the way is found moved when the hand leaves', () => {
    const occ = new HandOcclusion()
    occ.update([], 0, [obj('a', 100, 100)], 0)
    for (let t = FRAME; t < 1000; t += FRAME) occ.update([square(100, 100, 30)], 1, [obj('a', 100, 100, false)], t)
    expect(occ.get('a')!.state).toBe('held')
    occ.update([], 0, [obj('a', 150, 100)], 1400)
    expect(occ.get('a')!.state).toBe('settling')
    expect(occ.isMoving('a')).toBe(true)
  })

  it('a hand coming back while settling holds it again', () => {
    const occ = new HandOcclusion()
    occ.update([], 0, [obj('a', 100, 100)], 0)
    occ.update([square(100, 100, 30)], 1, [obj('a', 100, 100)], 50)
    occ.update([], 0, [obj('a', 100, 100)], 400)
    expect(occ.get('a')!.state).toBe('settling')
    occ.update([square(100, 100, 30)], 1, [obj('a', 100, 100)], 450)
    expect(occ.get('a')!.state).toBe('held')
  })
})
