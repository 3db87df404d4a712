// The camera model's path blur (synth/cameraModel.ts, `motionField`): a moving phone's exposure, each
// pixel the mean of the drawn image along its content's path. And its straight streak (`motionBlur`,
// the `motion` variant), whose kernel is shared by every pixel away from the edges. Checked against the path integral
// written out here (2,000 bilinear samples along the exact path per pixel, no kernel shared between
// pixels) on a hard-edged card (single-pixel dots and 8 px squares, 10 and 230 in linear light),
// for a straight streak and for a fast roll of the phone (every pixel's path its own: an arc about the
// image centre, whose grid field is exact since the motion is linear in the pixel's place).
import { describe, expect, it } from 'vitest'
import { applyCameraModel, type MotionField } from './synth/cameraModel.ts'

const W = 192, H = 128, K = 7, STEP = 32

function card(): Float32Array {
  const rgb = new Float32Array(W * H * 3)
  for (let v = 0; v < H; v++) for (let u = 0; u < W; u++) rgb.fill(((u >> 3) + (v >> 3)) & 1 || (u * 7 + v * 13) % 97 < 3 ? 230 : 10, (v * W + u) * 3, (v * W + u) * 3 + 3)
  return rgb
}

/** The field of a motion given as the content's offset at pixel (u, v) at exposure fraction s ∈ [0, 1]. */
function fieldOf(offset: (u: number, v: number, s: number) => [number, number]): MotionField {
  const cols = Math.ceil((W - 1) / STEP) + 1, rows = Math.ceil((H - 1) / STEP) + 1
  const dx = new Float32Array(K * rows * cols), dy = new Float32Array(K * rows * cols)
  for (let k = 0; k < K; k++) for (let gy = 0; gy < rows; gy++) for (let gx = 0; gx < cols; gx++) {
    const [ox, oy] = offset(gx * STEP, gy * STEP, k / (K - 1))
    dx[(k * rows + gy) * cols + gx] = ox; dy[(k * rows + gy) * cols + gx] = oy
  }
  return { samples: K, step: STEP, cols, rows, dx, dy }
}

/** Bilinear sample of channel 0 at (x, y) (clamped). */
function sample(img: Float32Array, x: number, y: number): number {
  const cx = Math.min(W - 1.001, Math.max(0, x)), cy = Math.min(H - 1.001, Math.max(0, y))
  const x0 = Math.floor(cx), y0 = Math.floor(cy), fx = cx - x0, fy = cy - y0
  const at = (xx: number, yy: number) => img[(yy * W + xx) * 3]!
  return (1 - fx) * (1 - fy) * at(x0, y0) + fx * (1 - fy) * at(x0 + 1, y0) + (1 - fx) * fy * at(x0, y0 + 1) + fx * fy * at(x0 + 1, y0 + 1)
}

/** The recorded value at (u, v): the drawn image at p − offset, averaged over the exposure (exact path, fine steps). */
function pathIntegral(img: Float32Array, u: number, v: number, offset: (u: number, v: number, s: number) => [number, number]): number {
  const n = 2000
  let sum = 0
  for (let i = 0; i < n; i++) {
    const [ox, oy] = offset(u, v, (i + 0.5) / n)
    sum += sample(img, u - ox, v - oy)
  }
  return sum / n
}

const STILL = { noiseSigma: 0, blurSigmaPx: 0, vignette: 0, gradient: { x: [1, 1] as [number, number], y: [1, 1] as [number, number] }, seed: 1 }

function compare(offset: (u: number, v: number, s: number) => [number, number]) {
  const drawn = card()
  const out = applyCameraModel(drawn.slice(), W, H, { ...STILL, motionField: fieldOf(offset) })
  const unblurred = applyCameraModel(drawn.slice(), W, H, STILL)
  let max = 0, sum = 0, n = 0, moved = 0
  // Away from the borders (there the path leaves the drawn image and both clamp it).
  for (let v = 12; v < H - 12; v++) for (let u = 12; u < W - 12; u++) {
    const d = Math.abs(out[(v * W + u) * 4]! - pathIntegral(drawn, u, v, offset))
    max = Math.max(max, d); sum += d; n++
    moved = Math.max(moved, Math.abs(out[(v * W + u) * 4]! - unblurred[(v * W + u) * 4]!))
  }
  return { max, mean: sum / n, moved }
}

describe('the path blur of a moving phone', () => {
  it('a straight streak of 7 px: the mean along the streak, every pixel', () => {
    const r = compare((_u, _v, s) => [7 * s * Math.cos(0.4), 7 * s * Math.sin(0.4)])
    expect(r.moved).toBeGreaterThan(100) // the card is blurred at all
    expect(r.mean).toBeLessThan(0.5) // 8-bit output against the exact integral: rounding, and taps 0.5 px apart
    expect(r.max).toBeLessThanOrEqual(4)
  })

  it('the straight streak (9 px at 25°, the motion variant\'s): its 19 taps, 0.5 px apart with both ends whole, at every pixel, the edges included', () => {
    // The streak is defined by its taps (cameraModel.ts), not as a continuous box: 19 equal taps over
    // 9 px weigh the ends as a 9.5 px box would. What is checked is that the kernel shared by the
    // pixels away from the edges gives each pixel exactly its own taps (clamped at the edges).
    const drawn = card()
    const out = applyCameraModel(drawn.slice(), W, H, { ...STILL, motionBlur: { lengthPx: 9, angleDeg: 25 } })
    const a = (25 * Math.PI) / 180, taps = 19
    let max = 0, moved = 0
    for (let v = 0; v < H; v++) for (let u = 0; u < W; u++) {
      let sum = 0
      for (let t = 0; t < taps; t++) {
        const along = -4.5 + (9 * t) / (taps - 1)
        sum += sample(drawn, u + along * Math.fround(Math.cos(a)), v + along * Math.fround(Math.sin(a)))
      }
      max = Math.max(max, Math.abs(out[(v * W + u) * 4]! - sum / taps))
      moved = Math.max(moved, Math.abs(out[(v * W + u) * 4]! - drawn[(v * W + u) * 3]!))
    }
    expect(moved).toBeGreaterThan(100)
    expect(max).toBeLessThan(0.51) // 8-bit rounding
  })

  it('a roll of 1° about the image centre plus a 5 px drift (a fast turn, 30 °/s): each pixel along its own arc', () => {
    const cx = W / 2, cy = H / 2
    const offset = (u: number, v: number, s: number): [number, number] => {
      const a = (Math.PI / 180) * s, c = Math.cos(a), n = Math.sin(a)
      const x = u - cx, y = v - cy
      return [c * x - n * y - x + 5 * s, n * x + c * y - y + 1.5 * s]
    }
    const r = compare(offset)
    expect(r.moved).toBeGreaterThan(100)
    // A path per pixel gives mean 0.33, max 2.9 here; the kernel shared over 4 px blocks 0.53 and 4.0
    // (over 8 px blocks: more, and this fails); at a phone's usual roll (≤ 0.3° an exposure) the two agree within 0.03.
    expect(r.mean).toBeLessThan(0.6)
    expect(r.max).toBeLessThanOrEqual(4.5)
  })
})
