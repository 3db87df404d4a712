// The hand search's windows, hand-computed for a 1280 × 800 frame with the default tiles (0.6 of the
// frame: 768 × 480 px, one per corner, overlapping by 256 × 160 px in the middle).
import { describe, expect, it } from 'vitest'
import { HandSearch, SEARCH_STEPS, createHandObservation, createSearchWindow, distinctHands, moveNormalizedHand, type HandObservation, type SearchWindow } from '../../../src/tracking/index.ts'

const W = 1280
const H = 800

/** A hand whose 21 landmarks span the box [x0, x1] × [y0, y1] (edge px; stored as pixel centres). */
function handInBox(x0: number, y0: number, x1: number, y1: number): HandObservation {
  const h = createHandObservation()
  for (let i = 0; i < 21; i++) {
    const t = i / 20
    h.pointsPx[i * 2] = x0 + (x1 - x0) * t - 0.5
    h.pointsPx[i * 2 + 1] = y0 + (y1 - y0) * (i % 2 === 0 ? t : 1 - t) - 0.5
  }
  return h
}

const next = (s: HandSearch) => ({ ...s.next(W, H, createSearchWindow()) })

/** A search that has looked at the whole frame and then found `hands` in the top-left tile. */
function foundInTopLeftTile(hands: HandObservation[]): { s: HandSearch; tile: SearchWindow } {
  const s = new HandSearch()
  next(s)
  const tile = next(s)
  s.report(tile, W, H, hands, hands.length)
  return { s, tile }
}

describe('HandSearch', () => {
  it('searches the whole frame, then the four corner tiles, then again', () => {
    const s = new HandSearch()
    const seen: SearchWindow[] = []
    for (let k = 0; k < SEARCH_STEPS + 1; k++) seen.push(next(s))
    expect(seen).toEqual([
      { x: 0, y: 0, width: 1280, height: 800 },
      { x: 0, y: 0, width: 768, height: 480 },
      { x: 512, y: 0, width: 768, height: 480 },
      { x: 0, y: 320, width: 768, height: 480 },
      { x: 512, y: 320, width: 768, height: 480 },
      { x: 0, y: 0, width: 1280, height: 800 },
    ])
    expect(s.tracking).toBe(false)
  })

  it('keeps the tile a hand was found in while the hand stays well inside it', () => {
    const { s } = foundInTopLeftTile([handInBox(300, 200, 440, 400)])
    expect(s.tracking).toBe(true)
    for (let k = 0; k < 3; k++) expect(next(s)).toEqual({ x: 0, y: 0, width: 768, height: 480 })
  })

  it('keeps the whole frame when the hand was found in it', () => {
    const s = new HandSearch()
    const full = next(s)
    s.report(full, W, H, [handInBox(1100, 600, 1270, 790)], 1)
    expect(next(s)).toEqual({ x: 0, y: 0, width: 1280, height: 800 })
  })

  it('moves the window onto a hand near its edge, centred on it, a tile in size', () => {
    // The tile (0, 0, 768, 480): its inner margin ends at x = 691.2, y = 432.
    const { s } = foundInTopLeftTile([handInBox(600, 380, 740, 460)])
    // Box centre (670, 420) → fractions (0.5234375, 0.525); a 0.6 window centred there starts at
    // (0.2234375, 0.225) of the frame = (286, 180) px.
    expect(next(s)).toEqual({ x: 286, y: 180, width: 768, height: 480 })
  })

  it('grows the window to twice the hands when they are big and reach its edge, clamped to the frame', () => {
    // A big hand well inside the tile keeps the tile.
    const { s, tile } = foundInTopLeftTile([handInBox(150, 150, 650, 350)])
    expect(next(s)).toEqual({ x: 0, y: 0, width: 768, height: 480 })
    // Reaching past the margin (x 720 > 691.2): 570 px wide = 0.4453125 of the frame → window
    // 0.890625 of it (1140 × 712.5 → 713 px), centred at x 0.33984375 and y 0.3125, both clamped at 0.
    s.report(tile, W, H, [handInBox(150, 150, 720, 350)], 1)
    expect(next(s)).toEqual({ x: 0, y: 0, width: 1140, height: 713 })
  })

  it('puts two hands in one window around both', () => {
    const { s } = foundInTopLeftTile([handInBox(100, 100, 200, 200), handInBox(700, 300, 760, 470)])
    // Box [100, 760] × [100, 470]: centre (430, 285) px; size max(0.6, 2·660/1280 = 1.03125) → 1 (the whole frame).
    expect(next(s)).toEqual({ x: 0, y: 0, width: 1280, height: 800 })
  })

  it('goes back to searching from the whole frame after three frames of the kept window without a hand', () => {
    const { s } = foundInTopLeftTile([handInBox(300, 200, 440, 400)])
    const kept = next(s)
    s.report(kept, W, H, [], 0)
    s.report(kept, W, H, [], 0)
    expect(s.tracking).toBe(true)
    expect(next(s)).toEqual(kept)
    s.report(kept, W, H, [], 0)
    expect(s.tracking).toBe(false)
    expect(next(s)).toEqual({ x: 0, y: 0, width: 1280, height: 800 })
    expect(next(s)).toEqual({ x: 0, y: 0, width: 768, height: 480 })
  })

  it('a miss between hits does not lose the hand', () => {
    const { s } = foundInTopLeftTile([handInBox(300, 200, 440, 400)])
    for (let k = 0; k < 10; k++) {
      const w = next(s)
      s.report(w, W, H, k % 2 === 0 ? [] : [handInBox(300, 200, 440, 400)], k % 2 === 0 ? 0 : 1)
    }
    expect(s.tracking).toBe(true)
  })
})

describe('distinctHands (a photo searched as a whole and as tiles)', () => {
  const scored = (h: HandObservation, score: number) => { h.score = score; return h }

  it('counts a hand found in two windows once, keeping the higher score', () => {
    const a = scored(handInBox(300, 200, 440, 400), 0.9)
    const b = scored(handInBox(305, 204, 446, 398), 0.95) // the same hand, a few px apart
    expect(distinctHands([a, b])).toEqual([b])
  })

  it('keeps two hands side by side and two far apart', () => {
    const left = scored(handInBox(100, 100, 200, 300), 0.9)
    const right = scored(handInBox(190, 100, 290, 300), 0.8) // overlap 10 × 200 of 100 × 200: 0.1 ≤ 0.3
    const far = scored(handInBox(900, 500, 1000, 700), 0.7)
    expect(distinctHands([far, right, left])).toEqual([left, right, far])
  })

  it('drops a part of a hand cut at a tile edge inside the whole hand', () => {
    const whole = scored(handInBox(600, 300, 760, 500), 0.95)
    const part = scored(handInBox(600, 300, 700, 420), 0.6) // inside the whole hand's box
    expect(distinctHands([part, whole])).toEqual([whole])
  })
})

describe('moveNormalizedHand (a hand carried from one window to another)', () => {
  it('keeps the same frame point through the whole frame', () => {
    const h = createHandObservation()
    h.pointsPx[0] = 0.5
    h.pointsPx[1] = 0.5
    // Seen at the middle of the top-left tile (0, 0, 0.6, 0.6): frame point (0.3, 0.3).
    moveNormalizedHand(h, [0, 0, 1, 1], [0, 0, 0.6, 0.6])
    expect(h.pointsPx[0]).toBeCloseTo(0.3, 12)
    expect(h.pointsPx[1]).toBeCloseTo(0.3, 12)
    // In the bottom-right tile (0.4, 0.4, 0.6, 0.6): (0.3 − 0.4) / 0.6 = −1/6 (outside it, to the left and up).
    moveNormalizedHand(h, [0.4, 0.4, 0.6, 0.6], [0, 0, 1, 1])
    expect(h.pointsPx[0]).toBeCloseTo(-1 / 6, 12)
    expect(h.pointsPx[1]).toBeCloseTo(-1 / 6, 12)
  })
})
