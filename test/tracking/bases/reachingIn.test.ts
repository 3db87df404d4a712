// Is a fit's top part of something reaching in over the table (reachingIn: an arm and its hand)? On
// pictures drawn by hand (drawnTable.ts: a camera 300 mm above a flat mat looking straight down, every
// pixel painted from the table point it sees), so the answer is known without the tracker. A fingertip
// or a thumb at the end of an arm that comes in from beyond the picture is one piece of skin with it,
// and so is a fit on a finger among its neighbours (the hand all round it, the mat beyond); a base with its own painted top and a figure on it is not; neither is a skin-coloured token lying
// wholly inside the picture and no bigger than a base, nor a base flocked exactly like the mat (its
// top would grow into the mat, so its colour against the mat round it is looked at first).
import { describe, expect, it } from 'vitest'
import { DEFAULT_REACHING_IN_PARAMS, reachingIn } from '../../../src/tracking/bases/reachingIn.ts'
import { type Rgb, draw, projector as drawnProjector } from './drawnTable.ts'

const MAT: Rgb = [60, 110, 50]
const LINE: Rgb = [25, 30, 25]
const SKIN: Rgb = [190, 150, 128]
const SAND: Rgb = [175, 150, 100]
const FIGURE: Rgb = [170, 60, 40]

/** Within `r` of the segment from a to b (a capsule: an arm, a finger). */
function inCapsule(x: number, y: number, a: readonly [number, number], b: readonly [number, number], r: number): boolean {
  const dx = b[0] - a[0], dy = b[1] - a[1]
  const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy) < r
}

/** An arm from beyond the picture's near edge to a palm, four fingers held together and a thumb; its shading falls off across it. */
function arm(x: number, y: number): Rgb | null {
  const palm: [number, number] = [300, 220]
  const parts: Array<[[number, number], [number, number], number]> = [
    [[360, -250], palm, 34],
    [palm, [300, 232], 42],
    // four fingers held together (touching), ends at y = 308.5
    ...[-25.5, -8.5, 8.5, 25.5].map((dx): [[number, number], [number, number], number] => [[300 + dx, 240], [300 + dx, 300], 8.5]),
    [[262, 215], [225, 250], 10],
  ]
  for (const [a, b, r] of parts) if (inCapsule(x, y, a, b, r)) {
    const shade = 0.9 + 0.1 * Math.cos((x - 300) / 40)
    return [SKIN[0] * shade, SKIN[1] * shade, SKIN[2] * shade]
  }
  return null
}

const projector = drawnProjector()
const ROUND_25 = { shape: 'round', diameter: 25 } as const
const ROUND_32 = { shape: 'round', diameter: 32 } as const

describe('a fit\'s top as part of something reaching in over the table', () => {
  it('a fingertip or a thumb at the end of an arm from beyond the picture: one piece with it, no base', () => {
    const frame = draw((x, y) => arm(x, y) ?? MAT)
    // a 25 mm round fitted over the middle finger's tip, and over the thumb's
    expect(reachingIn(frame, projector, ROUND_25, 308.5, 298, 0, 0, 4)).toBe(true)
    expect(reachingIn(frame, projector, ROUND_25, 229, 247, 0, 0, 4)).toBe(true)
  })

  it('a fit among the fingers, the hand all round it: one piece with the arm too, for the mat lies beyond the hand', () => {
    const frame = draw((x, y) => arm(x, y) ?? MAT)
    // a 25 mm round on the second finger, 18 mm from its end: its neighbours and the palm all round it
    expect(reachingIn(frame, projector, ROUND_25, 291.5, 290, 0, 0, 4)).toBe(true)
    // (the case: the ring just outside it is all hand, read as a top of the mat's colour unless the far ring is looked at)
    expect(reachingIn(frame, projector, ROUND_25, 291.5, 290, 0, 0, 4, { ...DEFAULT_REACHING_IN_PARAMS, farShare: 0 })).toBe(false)
  })

  it('a base with its own painted top and a figure on it, beside the hand: no', () => {
    const frame = draw((x, y) => {
      const a = arm(x, y)
      if (a) return a
      if (Math.hypot(x - 200, y - 320) < 3) return FIGURE
      return Math.hypot(x - 200, y - 320) < 16 ? SAND : MAT
    })
    expect(reachingIn(frame, projector, ROUND_32, 200, 320, 0, 0, 4)).toBe(false)
  })

  it('a skin-coloured token wholly inside the picture, no bigger than a base: no', () => {
    const frame = draw((x, y) => (Math.hypot(x - 200, y - 150) < 12.5 ? SKIN : MAT))
    expect(reachingIn(frame, projector, ROUND_25, 200, 150, 0, 0, 4)).toBe(false)
  })

  it('a base flocked exactly like the mat, its figure slight: no; grown without looking at the mat round it, it would be', () => {
    const frame = draw((x, y) => {
      const d = Math.hypot(x - 200, y - 150)
      if (d < 3) return FIGURE
      if (Math.abs(d - 16) < 0.6) return LINE // its black rim, seen from above
      return MAT
    })
    expect(reachingIn(frame, projector, ROUND_32, 200, 150, 0, 0, 4)).toBe(false)
    // (the case: its top, the mat's colour, grows over the mat to the picture's edge)
    expect(reachingIn(frame, projector, ROUND_32, 200, 150, 0, 0, 4, { ...DEFAULT_REACHING_IN_PARAMS, outsideShare: Number.POSITIVE_INFINITY })).toBe(true)
  })
})
