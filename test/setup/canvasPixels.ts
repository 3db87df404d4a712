// What a 3D view has drawn at given points of the screen: the pixels of its WebGL canvas (the app's
// canvases keep their drawing buffer), read back in the browser, and where its labels stand now, so a
// test can tell the overlay's own pixels from a label's. The test decides what each pixel should be
// from the engine's answer; nothing here knows the app's colours.
import type { Page } from 'playwright-core'

export type Rgba = [number, number, number, number]
export type ScreenPoint = { x: number; y: number }

/** The RGBA of the canvas under `selector` at each client point (CSS px), as drawn now. */
export async function canvasPixels(page: Page, selector: string, points: readonly ScreenPoint[]): Promise<Rgba[]> {
  return page.evaluate(({ selector, points }) => {
    const c = document.querySelector<HTMLCanvasElement>(selector)
    if (!c) throw new Error(`no canvas ${selector}`)
    const r = c.getBoundingClientRect()
    const copy = document.createElement('canvas')
    copy.width = c.width
    copy.height = c.height
    const ctx = copy.getContext('2d', { willReadFrequently: true })!
    ctx.drawImage(c, 0, 0)
    return points.map((p) => {
      const x = Math.min(c.width - 1, Math.max(0, Math.round(((p.x - r.left) * c.width) / r.width)))
      const y = Math.min(c.height - 1, Math.max(0, Math.round(((p.y - r.top) * c.height) / r.height)))
      return [...ctx.getImageData(x, y, 1, 1).data] as [number, number, number, number]
    })
  }, { selector, points: [...points] })
}

/** The boxes of the labels shown now, in client px (the layout gives each box's top-left corner, canvas-relative). */
export async function labelBoxes(page: Page, selector: string): Promise<Array<{ x0: number; y0: number; x1: number; y1: number }>> {
  return page.evaluate((selector) => {
    const c = document.querySelector<HTMLCanvasElement>(selector)!
    const r = c.getBoundingClientRect()
    return window.__tabletop!.labels().filter((l) => l.shown).map((l) => ({ x0: r.left + l.x, y0: r.top + l.y, x1: r.left + l.x + l.width, y1: r.top + l.y + l.height }))
  }, selector)
}

/**
 * The leader lines drawn now (a label pushed off its model is joined to it by a white line from its
 * anchor to the nearest point of its box), in client px: a pixel under one is the label's, not the overlay's.
 */
export async function leaderLines(page: Page, selector: string): Promise<Array<[ScreenPoint, ScreenPoint]>> {
  return page.evaluate((selector) => {
    const c = document.querySelector<HTMLCanvasElement>(selector)!
    const r = c.getBoundingClientRect()
    return window.__tabletop!.labels().filter((l) => l.shown && l.leader).map((l) => {
      const nx = Math.min(Math.max(l.anchorX, l.x), l.x + l.width), ny = Math.min(Math.max(l.anchorY, l.y), l.y + l.height)
      return [{ x: r.left + l.anchorX, y: r.top + l.anchorY }, { x: r.left + nx, y: r.top + ny }] as [{ x: number; y: number }, { x: number; y: number }]
    })
  }, selector)
}

/** An sRGB "#rrggbb" as [r, g, b]. */
export function rgbOf(hex: string): [number, number, number] {
  const v = parseInt(hex.replace('#', ''), 16)
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255]
}

/**
 * How far `on` moved from `off` toward `colour` (0: not at all, 1: all the way), and how far it strayed
 * from that line: a tint of `colour` at any opacity over `off` gives `on` on the segment off → colour.
 */
export function towards(off: readonly number[], on: readonly number[], colour: readonly number[]): { t: number; stray: number } {
  const d = [colour[0]! - off[0]!, colour[1]! - off[1]!, colour[2]! - off[2]!]
  const v = [on[0]! - off[0]!, on[1]! - off[1]!, on[2]! - off[2]!]
  const dd = d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2
  const t = dd > 0 ? (v[0]! * d[0]! + v[1]! * d[1]! + v[2]! * d[2]!) / dd : 0
  const stray = Math.hypot(v[0]! - t * d[0]!, v[1]! - t * d[1]!, v[2]! - t * d[2]!)
  return { t, stray }
}

export const near = (p: ScreenPoint, boxes: ReadonlyArray<{ x0: number; y0: number; x1: number; y1: number }>, marginPx: number): boolean =>
  boxes.some((b) => p.x > b.x0 - marginPx && p.x < b.x1 + marginPx && p.y > b.y0 - marginPx && p.y < b.y1 + marginPx)

/** Distance (px) from a point to a screen segment. */
export function toSegmentPx(p: ScreenPoint, a: ScreenPoint, b: ScreenPoint): number {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const len2 = dx * dx + dy * dy
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0
  return Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y)
}

