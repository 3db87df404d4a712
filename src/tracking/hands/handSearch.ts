// Where in the camera frame the hand model looks. MediaPipe's palm detector sees the whole image it
// is given squeezed into 192 × 192 px, so a hand much under a third of the image's height is too small
// for it: a hand 200 px tall in a 1280 × 800 frame (a phone held over the table at arm's length) is
// not found at any input size, and the same hand in a 960 × 600 or 640 × 400 crop is (score 0.94–0.97;
// test/e2e/xr.test.ts, src/app/hands/README.md).
// So, while no hand is tracked, successive frames go to the model as the whole frame and then as four
// overlapping tiles (each `tileFraction` of the frame's width and height, one per corner). Once a
// window shows hands, it is kept (the model tracks them from frame to frame inside it: VIDEO mode),
// and moved only when they come within `edgeMarginFraction` of its edge, centred on them then, and
// grown if they grow. After `lostAfterFrames` frames of that window without a hand the search starts
// again from the whole frame.
// Limits: while a hand is held in a tile, a second hand outside that tile is not looked for.
// Units: px of the full camera frame; landmarks in OpenCV's pixel-centre convention (handLandmarks.ts).
// Hot path (next/report per hand frame): no allocation.
import { HAND_POINTS, type HandObservation } from './handLandmarks.ts'

export type SearchWindow = { x: number; y: number; width: number; height: number }

export type HandSearchParams = {
  /** Tile size as a fraction of the frame's width and height. */
  tileFraction: number
  /** Hands this close to a kept window's edge (fraction of its size) move the window onto them. */
  edgeMarginFraction: number
  /** A kept window's frames in a row without a hand before the search starts again. */
  lostAfterFrames: number
}

export const DEFAULT_HAND_SEARCH: HandSearchParams = { tileFraction: 0.6, edgeMarginFraction: 0.1, lostAfterFrames: 3 }

/** The search's cycle: the whole frame, then the four corner tiles. */
export const SEARCH_STEPS = 5

export function createSearchWindow(): SearchWindow {
  return { x: 0, y: 0, width: 0, height: 0 }
}

export class HandSearch {
  private step = 0
  private holding = false
  private missed = 0
  /** The kept window, as fractions of the frame (so a frame size change keeps it meaningful). */
  private hx = 0
  private hy = 0
  private hw = 1
  private hh = 1

  readonly params: HandSearchParams

  constructor(params: HandSearchParams = DEFAULT_HAND_SEARCH) {
    this.params = params
  }

  /** Whether a window with hands is kept (false: searching). */
  get tracking(): boolean {
    return this.holding
  }

  /** The window (integer px, inside the frame) the next frame goes to the model as. */
  next(frameWidth: number, frameHeight: number, out: SearchWindow): SearchWindow {
    let fx: number, fy: number, fw: number, fh: number
    if (this.holding) {
      fx = this.hx; fy = this.hy; fw = this.hw; fh = this.hh
    } else {
      const s = this.step
      this.step = (this.step + 1) % SEARCH_STEPS
      if (s === 0) {
        fx = 0; fy = 0; fw = 1; fh = 1
      } else {
        const t = this.params.tileFraction
        fw = t; fh = t
        fx = (s - 1) % 2 === 0 ? 0 : 1 - t
        fy = s <= 2 ? 0 : 1 - t
      }
    }
    out.x = Math.round(fx * frameWidth)
    out.y = Math.round(fy * frameHeight)
    out.width = Math.min(frameWidth - out.x, Math.round(fw * frameWidth))
    out.height = Math.min(frameHeight - out.y, Math.round(fh * frameHeight))
    return out
  }

  /**
   * What the model found in the frame sent as `window` (of a `frameWidth` × `frameHeight` frame):
   * `count` hands, landmarks in full-frame px.
   */
  report(window: SearchWindow, frameWidth: number, frameHeight: number, hands: readonly HandObservation[], count: number): void {
    if (count === 0) {
      if (this.holding && ++this.missed >= this.params.lostAfterFrames) {
        this.holding = false
        this.step = 0
      }
      return
    }
    this.missed = 0
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity
    for (let h = 0; h < count; h++) {
      const p = hands[h]!.pointsPx
      for (let i = 0; i < HAND_POINTS; i++) {
        const x = p[i * 2]! + 0.5, y = p[i * 2 + 1]! + 0.5
        if (x < minX) minX = x
        if (x > maxX) maxX = x
        if (y < minY) minY = y
        if (y > maxY) maxY = y
      }
    }
    // The window the hands were seen in, as fractions of the frame.
    const wx = window.x / frameWidth, wy = window.y / frameHeight, ww = window.width / frameWidth, wh = window.height / frameHeight
    const bx0 = minX / frameWidth, bx1 = maxX / frameWidth, by0 = minY / frameHeight, by1 = maxY / frameHeight
    const m = this.params.edgeMarginFraction
    const inside = bx0 >= wx + m * ww && bx1 <= wx + ww - m * ww && by0 >= wy + m * wh && by1 <= wy + wh - m * wh
    // Found in the whole frame: keep the whole frame. Well inside the window: keep it as it is.
    if (ww >= 1 && wh >= 1) { this.keep(0, 0, 1, 1); return }
    if (inside) { this.keep(wx, wy, ww, wh); return }
    // Near an edge: a window at least a tile and twice the hands' size, centred on them, inside the frame.
    const size = Math.min(1, Math.max(this.params.tileFraction, 2 * (bx1 - bx0), 2 * (by1 - by0)))
    const cx = (bx0 + bx1) / 2, cy = (by0 + by1) / 2
    this.keep(Math.min(1 - size, Math.max(0, cx - size / 2)), Math.min(1 - size, Math.max(0, cy - size / 2)), size, size)
  }

  private keep(x: number, y: number, w: number, h: number): void {
    this.holding = true
    this.hx = x; this.hy = y; this.hw = w; this.hh = h
  }

  /** Back to searching from the whole frame. */
  reset(): void {
    this.holding = false
    this.step = 0
    this.missed = 0
  }
}

/** Box of a hand's landmarks (in whatever units they are in). */
function handBox(h: HandObservation): { x0: number; y0: number; x1: number; y1: number; area: number } {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
  for (let i = 0; i < HAND_POINTS; i++) {
    const x = h.pointsPx[i * 2]!, y = h.pointsPx[i * 2 + 1]!
    if (x < x0) x0 = x
    if (x > x1) x1 = x
    if (y < y0) y0 = y
    if (y > y1) y1 = y
  }
  return { x0, y0, x1, y1, area: Math.max(1e-9, (x1 - x0) * (y1 - y0)) }
}

/**
 * Are these the same hand seen twice? Their landmarks' boxes overlap by more than `maxOverlap` of the
 * smaller box. Landmarks in the same units for both (px, or fractions of one frame).
 */
export function sameHand(a: HandObservation, b: HandObservation, maxOverlap = 0.3): boolean {
  const p = handBox(a), q = handBox(b)
  const w = Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0), h = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0)
  return w > 0 && h > 0 && (w * h) / Math.min(p.area, q.area) > maxOverlap
}

/**
 * The distinct hands among hands found in overlapping windows of one image (a photo searched as the
 * whole image and its tiles): highest score first, a hand dropped when it is `sameHand` as one kept.
 */
export function distinctHands(hands: readonly HandObservation[], maxOverlap = 0.3): HandObservation[] {
  const kept: HandObservation[] = []
  for (const hand of [...hands].sort((a, b) => b.score - a.score)) {
    if (!kept.some((k) => sameHand(k, hand, maxOverlap))) kept.push(hand)
  }
  return kept
}

/**
 * The normalized landmarks (0..1 of a window) of `h`, seen in window `from`, rewritten in window `to`'s
 * coordinates: the same points of the frame. Windows as fractions of the whole frame: x, y, width, height.
 */
export function moveNormalizedHand(h: HandObservation, to: readonly number[], from: readonly number[]): void {
  for (let i = 0; i < HAND_POINTS; i++) {
    h.pointsPx[i * 2] = (from[0]! + h.pointsPx[i * 2]! * from[2]! - to[0]!) / to[2]!
    h.pointsPx[i * 2 + 1] = (from[1]! + h.pointsPx[i * 2 + 1]! * from[3]! - to[1]!) / to[3]!
  }
}
