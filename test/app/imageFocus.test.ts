// Where the camera image is aimed (issue 31: a tap target that stays put; the two picked models never
// under the card or the controls). keepInView on hand-computed geometry: a 1280×720 frame filling a
// phone held upright (390×788 box under the top bar: cover scale 788/720, 1400.9 px wide, so 1010.9 px
// are cropped sideways and nothing up or down), the floating card over the top 300 px and the status
// line and controls bar over the bottom 58 px.
import { describe, expect, it } from 'vitest'
import { PICK_MARGIN_PX, focusOn, keepInView, keepPicksAndCandidates } from '../../src/app/camera/imageFocus.ts'
import { fitImage } from '../../src/app/camera/registeredCamera.ts'

const image = { width: 1280, height: 720 }
const box = { width: 390, height: 788 }
const free = { left: 0, top: 300, right: 390, bottom: 730 }

/** Where image point (u, v) lands in the box (px) for an aim and fit. */
function onScreen(u: number, v: number, aim: { posX: number; posY: number; fit: 'cover' | 'contain' }): [number, number] {
  const p = fitImage(image.width, image.height, box.width, box.height, aim.fit, { scale: 1, left: 0, top: 0 }, aim.posX, aim.posY)
  return [p.left + (u + 0.5) * p.scale, p.top + (v + 0.5) * p.scale]
}
const inside = ([x, y]: [number, number], m = PICK_MARGIN_PX) => x >= free.left + m - 1e-6 && x <= free.right - m + 1e-6 && y >= free.top + m - 1e-6 && y <= free.bottom - m + 1e-6

describe('the picture keeps the picked models in the free part of the screen', () => {
  it('a pick already free: nothing moves (the next tap lands where the player sees the target)', () => {
    // Centred, (640, 600) lands at x = −505.4 + 640.5 × 1.0944 = 195.5, y = 600.5 × 1.0944 = 657.2: free.
    const aim = keepInView([[640, 600]], image, box, free, ['cover', 'contain'], { posX: 0.5, posY: 0.5, fit: 'cover' })
    expect(aim).toEqual({ posX: 0.5, posY: 0.5, fit: 'cover' })
    // Free but within the margin of the status line (v = 660 lands at y = 722.9 of a free band ending at
    // 730): the player sees and just tapped it: nothing moves either.
    expect(keepInView([[640, 660]], image, box, free, ['cover', 'contain'], { posX: 0.5, posY: 0.5, fit: 'cover' })).toEqual({ posX: 0.5, posY: 0.5, fit: 'cover' })
  })

  it('a pick cropped off to the side: the least sideways move that brings it in, still filling the screen', () => {
    // (100, 600) centred lands at x = −505.4 + 100.5 × 1.0944 = −395.4: off the screen. The nearest
    // crop puts it at the free rect's left margin: left edge = 28 − 110.0 = −82.0, posX = −82.0 / −1010.9.
    const aim = keepInView([[100, 600]], image, box, free, ['cover', 'contain'], { posX: 0.5, posY: 0.5, fit: 'cover' })!
    expect(aim.fit).toBe('cover')
    expect(aim.posX).toBeCloseTo((PICK_MARGIN_PX - 100.5 * (788 / 720)) / (390 - 1280 * (788 / 720)), 9)
    expect(onScreen(100, 600, aim)[0]).toBeCloseTo(PICK_MARGIN_PX, 6)
  })

  it('a pick under the card, which no crop of the filled screen can move: the whole picture, placed in the free part', () => {
    // Filled, v = 100 lands at y = 110: under the card, and nothing is cropped up or down. The whole
    // picture (scale 390/1280, 219.4 px tall, 568.6 px to spare) with its top at 328 − 100.5 × 0.3047.
    const aim = keepInView([[640, 100], [900, 650]], image, box, free, ['cover', 'contain'], { posX: 0.5, posY: 0.5, fit: 'cover' })!
    expect(aim.fit).toBe('contain')
    expect(aim.posY).toBeCloseTo((free.top + PICK_MARGIN_PX - 100.5 * (390 / 1280)) / (788 - 720 * (390 / 1280)), 9)
    expect(inside(onScreen(640, 100, aim))).toBe(true)
    expect(inside(onScreen(900, 650, aim))).toBe(true)
  })

  it('picks further apart than the filled screen shows: the whole picture; with only the filled screen allowed, none', () => {
    const aim = keepInView([[60, 400], [1220, 400]], image, box, free, ['cover', 'contain'], { posX: 0.5, posY: 0.5, fit: 'cover' })!
    expect(aim.fit).toBe('contain')
    // Near the picture's edges (18 px in at this scale): on screen, in the free band, without the margin.
    expect(inside(onScreen(60, 400, aim), 0) && inside(onScreen(1220, 400, aim), 0)).toBe(true)
    expect(keepInView([[60, 400], [1220, 400]], image, box, free, ['cover'], { posX: 0.5, posY: 0.5, fit: 'cover' })).toBeNull()
  })

  it('a phone on its side, the picture beside the card column (504×334 box): both picks free by a sideways crop', () => {
    const side = { width: 504, height: 334 }
    const all = { left: 0, top: 0, right: 504, bottom: 334 }
    // cover: scale max(504/1280, 334/720) = 0.4639, 593.8 px wide, 89.8 px cropped.
    const aim = keepInView([[1200, 300], [700, 500]], image, side, all, ['cover', 'contain'], { posX: 0.5, posY: 0.5, fit: 'cover' })!
    expect(aim.fit).toBe('cover')
    const p = fitImage(image.width, image.height, side.width, side.height, 'cover', { scale: 1, left: 0, top: 0 }, aim.posX, aim.posY)
    expect(p.left + 1200.5 * p.scale).toBeLessThanOrEqual(504 - PICK_MARGIN_PX + 1e-6)
  })
})

describe('the attacker alone picked: its enemies, the next tap\'s targets, kept free with it where one aim can', () => {
  // The planning toggles stand in a column at the right edge: the free rect ends at x = 266.
  const besideToggles = { left: 0, top: 300, right: 266, bottom: 730 }
  const scale = 788 / 720
  const centred = { posX: 0.5, posY: 0.5, fit: 'cover' as const }
  const xAt = (u: number, leftEdge: number) => leftEdge + (u + 0.5) * scale

  it('an enemy under the toggles: the least sideways move that brings it out, the attacker still free', () => {
    // Centred (left edge −505.4): the attacker (560, 600) at x = 108.0, the enemy (730, 600) at 294.1, under
    // the toggles. Moved left by 294.1 − (266 − 28) = 56.1 px: the enemy at 238, the attacker at 51.9.
    const leftEdge0 = (390 - 1280 * scale) / 2
    const shift = xAt(730, leftEdge0) - (266 - PICK_MARGIN_PX)
    const aim = keepPicksAndCandidates([[560, 600]], [[730, 600]], image, box, besideToggles, ['cover', 'contain'], centred)!
    expect(aim.fit).toBe('cover')
    expect(aim.posX).toBeCloseTo((leftEdge0 - shift) / (390 - 1280 * scale), 9)
    expect(xAt(730, leftEdge0 - shift)).toBeCloseTo(238, 6)
    expect(xAt(560, leftEdge0 - shift)).toBeGreaterThan(PICK_MARGIN_PX)
    // The attacker alone would not have moved the picture.
    expect(keepInView([[560, 600]], image, box, besideToggles, ['cover', 'contain'], centred)).toEqual(centred)
  })

  it('enemies already free, or too far apart for one aim: the picture stays where the attacker alone keeps it', () => {
    // (600, 600) centred at x = 151.8: free; nothing moves.
    expect(keepPicksAndCandidates([[560, 600]], [[600, 600]], image, box, besideToggles, ['cover', 'contain'], centred)).toEqual(centred)
    // Enemies at u = 60 and 1220 span 1270 px on screen, more than the 210 px free: the attacker's aim.
    expect(keepPicksAndCandidates([[560, 600]], [[60, 600], [1220, 600]], image, box, besideToggles, ['cover', 'contain'], centred)).toEqual(centred)
  })

  it('never the whole picture for the candidates alone: only the fit the picks chose', () => {
    // The enemy at (700, 100) lies under the card on the filled screen (y = 110): no crop brings it out, and
    // the picks (the attacker, free) do not need the whole picture, so the filled screen stays as it is.
    expect(keepPicksAndCandidates([[560, 600]], [[700, 100]], image, box, besideToggles, ['cover', 'contain'], centred)).toEqual(centred)
  })
})

describe('focusOn (the aim with no pick to keep free)', () => {
  it('puts an image point at the middle of the free part as far as the crop allows', () => {
    // The image's centre (639.5, 359.5 in OpenCV's pixel-centre convention).
    const aim = focusOn(639.5, 359.5, 1280, 720, 390, 788, 'cover', 0.5, (300 + 730) / 2 / 788)
    // Sideways: exactly centred; up and down nothing is cropped.
    expect(aim).toEqual({ posX: 0.5, posY: 0.5 })
  })
})
