// Stage (tracking mode): the regions to search next, around markers seen in the previous frame.
import type { MarkerDetection, RectPx } from '../types.ts'

export type RoiParams = {
  /** Search around known markers instead of the whole frame. */
  enabled: boolean
  /** Run a full-frame search at least every N frames (finds markers that entered the view). */
  fullFrameEvery: number
  /** Margin around a marker's bounding box, in marker sides (covers motion between frames). */
  marginSides: number
  /** Margin bounds, px: motion between frames is in pixels whatever the marker's size, so a big
   * table marker needs no bigger margin than a small one beyond what its own detection needs. */
  minMarginPx: number
  maxMarginPx: number
}

export const DEFAULT_ROI_PARAMS: RoiParams = { enabled: true, fullFrameEvery: 8, marginSides: 0.5, minMarginPx: 16, maxMarginPx: 40 }

/** Expanded bounding boxes of the markers, merged where they overlap. */
export function planRois(markers: readonly MarkerDetection[], width: number, height: number, params: RoiParams): RectPx[] {
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = []
  for (const m of markers) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
    for (const [x, y] of m.corners) {
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y)
    }
    const margin = Math.min(params.maxMarginPx, Math.max(params.minMarginPx, params.marginSides * m.sidePx))
    boxes.push({ x0: Math.max(0, Math.floor(x0 - margin)), y0: Math.max(0, Math.floor(y0 - margin)), x1: Math.min(width, Math.ceil(x1 + margin)), y1: Math.min(height, Math.ceil(y1 + margin)) })
  }
  // Merge overlapping boxes until stable (few boxes: quadratic is fine).
  let merged = true
  while (merged) {
    merged = false
    for (let i = 0; i < boxes.length && !merged; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!, b = boxes[j]!
        if (a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1) {
          boxes[i] = { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) }
          boxes.splice(j, 1)
          merged = true
          break
        }
      }
    }
  }
  return boxes.map((b) => ({ x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0 }))
}
