// Stage 1: RGBA → grey, into a buffer owned by the caller (reused across frames of one size).
// Hot path: called per frame. No allocation when `target` already has the right size.
import type { GrayFrame, RectPx, RgbaFrame } from '../types.ts'

/** A reusable grey buffer for frames of one size. */
export function createGrayFrame(width: number, height: number): GrayFrame {
  return { width, height, data: new Uint8Array(width * height) }
}

/**
 * Write the grey version of `frame` (or only of `rects`) into `target`, with OpenCV's RGBA2GRAY
 * fixed-point weights (0.299 R + 0.587 G + 0.114 B), so results match cv.cvtColor bit for bit.
 */
export function toGray(frame: RgbaFrame | GrayFrame, target: GrayFrame, rects?: readonly RectPx[]): GrayFrame {
  if (target.width !== frame.width || target.height !== frame.height) throw new Error('toGray: target size differs from the frame')
  const src = frame.data
  const dst = target.data
  const { width, height } = frame
  if (src.length === width * height) {
    if (!rects) dst.set(src)
    else for (const r of rects) for (let y = r.y; y < r.y + r.height; y++) dst.set(src.subarray(y * width + r.x, y * width + r.x + r.width), y * width + r.x)
    return target
  }
  const all = [{ x: 0, y: 0, width, height }]
  for (const r of rects ?? all) {
    for (let y = r.y; y < r.y + r.height; y++) {
      let o = y * width + r.x
      let i = o * 4
      const end = o + r.width
      for (; o < end; o++, i += 4) dst[o] = (src[i]! * 4899 + src[i + 1]! * 9617 + src[i + 2]! * 1868 + 8192) >> 14
    }
  }
  return target
}
