// What a phone camera does to the light the renderer traced, in this order (a simplified ISP):
//   exposure offset → lighting gradient → shadows (soft, multiplicative) → specular glare (additive)
//   → optical defocus (Gaussian) → motion blur (a line kernel, or a per-pixel path: `motionField`)
//   → vignetting → sensor noise (shot
//   noise ∝ √signal + read noise, in linear light) → tone curve (sRGB OETF, then a contrast S-curve)
//   → 8-bit quantization → JPEG at a given quality (jpeg-js, the encoder real files go through here).
// Values in `rgb` are linear light on a 0–255 scale (the renderer's paper white is 232). With every
// optional field absent the result equals the old linear pipeline bit for bit.
import jpeg from 'jpeg-js'
import { createRandom } from './random.ts'

export type SoftEllipse = { cx: number; cy: number; rx: number; ry: number; angleDeg: number }

/**
 * Where the image content at each pixel was during the exposure: at `samples` instants evenly spread
 * over it, the offset (px) of the content from where the renderer drew it, on a grid of `cols` ×
 * `rows` points `step` px apart (bilinear between them). Entry (k, gy, gx) is at (k·rows + gy)·cols + gx.
 * The recorded pixel is the mean of the drawn image along that path (see cameraPath.ts).
 */
export type MotionField = { samples: number; step: number; cols: number; rows: number; dx: Float32Array; dy: Float32Array }

export type CameraModel = {
  /** Gaussian read noise, linear 8-bit units (1-sigma). */
  noiseSigma: number
  /** Optical blur (defocus), px (Gaussian sigma). */
  blurSigmaPx: number
  /** Brightness loss at the image corners (0 = none, 0.3 = corners at 70 %). */
  vignette: number
  /** Multiplicative lighting across the image: [left, right] and [top, bottom] factors. */
  gradient: { x: [number, number]; y: [number, number] }
  seed: number
  /** Exposure offset, stops (−1 = half the light). */
  exposureStops?: number
  /** Shot noise: electrons collected at full scale (255); fewer electrons, more noise. */
  fullWellElectrons?: number
  /** Motion blur during the exposure: streak length px and direction. */
  motionBlur?: { lengthPx: number; angleDeg: number }
  /** Motion blur that varies over the image and follows a curved path (a shaking hand, a rolling shutter). */
  motionField?: MotionField
  /** Tone curve: 'srgb' applies the sRGB transfer function (as every phone JPEG). */
  tone?: 'linear' | 'srgb'
  /** Contrast S-curve after the tone curve: 0 = none, 1 = a full smoothstep. */
  contrast?: number
  /** Soft shadows: light × (1 − depth) inside, smooth over `softPx`. */
  shadows?: (SoftEllipse & { depth: number; softPx: number })[]
  /** Specular glare: a Gaussian highlight added in linear light (strength in 8-bit units at its centre). */
  glare?: { cx: number; cy: number; radiusPx: number; strength: number }[]
  /** JPEG quality 1–100 (absent: lossless). */
  jpegQuality?: number
}

/** Apply the camera model to linear `rgb` (modified in place) and return the 8-bit RGBA frame. */
export function applyCameraModel(rgb: Float32Array, width: number, height: number, e: CameraModel): Uint8ClampedArray {
  const [gx0, gx1] = e.gradient.x
  const [gy0, gy1] = e.gradient.y
  const exposure = 2 ** (e.exposureStops ?? 0)
  const shadows = e.shadows ?? [], glare = e.glare ?? [] // once, not an empty array per pixel
  for (let v = 0; v < height; v++) {
    const fy = gy0 + ((gy1 - gy0) * v) / (height - 1)
    for (let u = 0; u < width; u++) {
      let f = fy * (gx0 + ((gx1 - gx0) * u) / (width - 1)) * exposure
      for (const s of shadows) f *= 1 - s.depth * ellipseCover(s, u, v, s.softPx)
      const i = (v * width + u) * 3
      let add = 0
      for (const g of glare) {
        const d2 = (u - g.cx) ** 2 + (v - g.cy) ** 2
        if (d2 < 16 * g.radiusPx * g.radiusPx) add += g.strength * Math.exp(-d2 / (2 * g.radiusPx * g.radiusPx))
      }
      rgb[i] = rgb[i]! * f + add; rgb[i + 1] = rgb[i + 1]! * f + add; rgb[i + 2] = rgb[i + 2]! * f + add
    }
  }
  if (e.blurSigmaPx > 0) gaussianBlur(rgb, width, height, e.blurSigmaPx)
  if (e.motionBlur && e.motionBlur.lengthPx > 0) streakBlur(rgb, width, height, e.motionBlur.lengthPx, e.motionBlur.angleDeg)
  if (e.motionField) motionFieldBlur(rgb, width, height, e.motionField)
  if (e.vignette > 0) {
    const cx = (width - 1) / 2, cy = (height - 1) / 2
    const rMax2 = cx * cx + cy * cy
    for (let v = 0; v < height; v++) {
      for (let u = 0; u < width; u++) {
        const f = 1 - (e.vignette * ((u - cx) ** 2 + (v - cy) ** 2)) / rMax2
        const i = (v * width + u) * 3
        rgb[i] = rgb[i]! * f; rgb[i + 1] = rgb[i + 1]! * f; rgb[i + 2] = rgb[i + 2]! * f
      }
    }
  }
  // Normal deviates from a fixed table of 2^16, picked by a seeded xorshift: i.i.d. enough for
  // sensor noise and ~10× cheaper than Box–Muller per sample.
  const table = normalTable()
  let x = (e.seed * 2654435761) >>> 0 || 1
  if (e.fullWellElectrons && e.fullWellElectrons > 0) {
    // Shot noise: N electrons have σ = √N; in 8-bit units σ = √(v/255 · FW) · 255/FW.
    const k = 255 / e.fullWellElectrons
    for (let i = 0; i < rgb.length; i++) {
      x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0
      const v = Math.max(0, rgb[i]!)
      rgb[i] = v + Math.sqrt(v * k) * table[x & 0xffff]!
    }
  }
  if (e.noiseSigma > 0) {
    for (let i = 0; i < rgb.length; i++) {
      x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0
      rgb[i] = rgb[i]! + e.noiseSigma * table[x & 0xffff]!
    }
  }
  const data = new Uint8ClampedArray(width * height * 4)
  const curve = e.tone === 'srgb' || (e.contrast ?? 0) > 0 ? toneLut(e.tone ?? 'linear', e.contrast ?? 0) : null
  for (let p = 0, q = 0; p < width * height; p++, q += 3) {
    if (curve) {
      data[p * 4] = curve[lutIndex(rgb[q]!)]!
      data[p * 4 + 1] = curve[lutIndex(rgb[q + 1]!)]!
      data[p * 4 + 2] = curve[lutIndex(rgb[q + 2]!)]!
    } else {
      data[p * 4] = rgb[q]!
      data[p * 4 + 1] = rgb[q + 1]!
      data[p * 4 + 2] = rgb[q + 2]!
    }
    data[p * 4 + 3] = 255
  }
  if (e.jpegQuality === undefined) return data
  const encoded = jpeg.encode({ data, width, height }, e.jpegQuality)
  const decoded = jpeg.decode(encoded.data, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 })
  return new Uint8ClampedArray(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength)
}

const LUT_STEPS = 16 // per 8-bit level
function lutIndex(v: number): number {
  const i = Math.round(v * LUT_STEPS)
  return i < 0 ? 0 : i > 255 * LUT_STEPS ? 255 * LUT_STEPS : i
}

/** Linear 0–255 (in 1/16 steps) → encoded 8-bit. */
export function toneLut(tone: 'linear' | 'srgb', contrast: number): Uint8ClampedArray {
  const lut = new Uint8ClampedArray(255 * LUT_STEPS + 1)
  for (let i = 0; i < lut.length; i++) lut[i] = 255 * toneCurve(i / (255 * LUT_STEPS), tone, contrast)
  return lut
}

/** The encoded value (0–1) of linear light `l` (0–1). */
export function toneCurve(l: number, tone: 'linear' | 'srgb', contrast: number): number {
  let y = tone === 'srgb' ? (l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055) : l
  if (contrast > 0) y = (1 - contrast) * y + contrast * y * y * (3 - 2 * y)
  return y
}

/** 1 inside the ellipse, 0 beyond `softPx` outside it, smooth between (approximate distance). */
function ellipseCover(s: SoftEllipse, u: number, v: number, softPx: number): number {
  const a = (s.angleDeg * Math.PI) / 180
  const x = u - s.cx, y = v - s.cy
  const lx = (Math.cos(a) * x + Math.sin(a) * y) / s.rx
  const ly = (-Math.sin(a) * x + Math.cos(a) * y) / s.ry
  const r = Math.sqrt(lx * lx + ly * ly)
  if (r <= 1) return 1
  const outside = (r - 1) * Math.min(s.rx, s.ry)
  if (outside >= softPx) return 0
  const t = 1 - outside / softPx
  return t * t * (3 - 2 * t)
}

let normals: Float32Array | null = null
function normalTable(): Float32Array {
  if (!normals) {
    const rnd = createRandom(20260101)
    normals = new Float32Array(1 << 16)
    for (let i = 0; i < normals.length; i++) normals[i] = rnd.normal()
  }
  return normals
}

function gaussianBlur(rgb: Float32Array, width: number, height: number, sigma: number): void {
  const radius = Math.max(1, Math.ceil(3 * sigma))
  const kernel = new Float32Array(2 * radius + 1)
  let sum = 0
  for (let i = -radius; i <= radius; i++) { kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma)); sum += kernel[i + radius]! }
  for (let i = 0; i < kernel.length; i++) kernel[i] = kernel[i]! / sum
  const tmp = new Float32Array(rgb.length)
  // Horizontal pass (clamped at the borders), then vertical; interleaved RGB, stride 3.
  for (let v = 0; v < height; v++) {
    const row = v * width * 3
    for (let u = 0; u < width; u++) {
      let r = 0, g = 0, b = 0
      for (let k = -radius; k <= radius; k++) {
        const uu = u + k < 0 ? 0 : u + k >= width ? width - 1 : u + k
        const w = kernel[k + radius]!
        const i = row + uu * 3
        r += w * rgb[i]!; g += w * rgb[i + 1]!; b += w * rgb[i + 2]!
      }
      const o = row + u * 3
      tmp[o] = r; tmp[o + 1] = g; tmp[o + 2] = b
    }
  }
  const stride = width * 3
  for (let v = 0; v < height; v++) {
    for (let k = -radius; k <= radius; k++) {
      const vv = v + k < 0 ? 0 : v + k >= height ? height - 1 : v + k
      const w = kernel[k + radius]!
      const src = vv * stride, dst = v * stride
      if (k === -radius) for (let i = 0; i < stride; i++) rgb[dst + i] = w * tmp[src + i]!
      else for (let i = 0; i < stride; i++) rgb[dst + i] = rgb[dst + i]! + w * tmp[src + i]!
    }
  }
}

/**
 * A straight streak of `lengthPx`, centred on each pixel: ⌈lengthPx · tapsPerPx⌉ + 1 equal bilinear
 * taps along the direction, both ends included (so its ends weigh as a box one tap longer would;
 * this model takes 2 taps a px, the camera-order renderer 4). The kernel is the
 * same at every pixel whose taps all fall inside the image: its taps' bilinear weights are summed per
 * source pixel once (motionFieldBlur's block kernel, for a whole image), ~2.5× faster and the same
 * frames; the pixels near the edges take the taps one by one, clamped (motionFieldBlur.test.ts).
 */
export function streakBlur(rgb: Float32Array, width: number, height: number, lengthPx: number, angleDeg: number, tapsPerPx = 2): void {
  const src = rgb.slice()
  const taps = Math.max(2, Math.ceil(lengthPx * tapsPerPx) + 1)
  const dx = Math.cos((angleDeg * Math.PI) / 180), dy = Math.sin((angleDeg * Math.PI) / 180)
  const offX = new Float64Array(taps), offY = new Float64Array(taps)
  for (let t = 0; t < taps; t++) {
    const s = -lengthPx / 2 + (lengthPx * t) / (taps - 1)
    offX[t] = s * dx; offY[t] = s * dy
  }
  const exact = (u: number, v: number) => {
    let r = 0, g = 0, b = 0
    for (let t = 0; t < taps; t++) {
      const x = Math.min(width - 1.001, Math.max(0, u + offX[t]!)), y = Math.min(height - 1.001, Math.max(0, v + offY[t]!))
      const x0 = Math.floor(x), y0 = Math.floor(y), fx = x - x0, fy = y - y0
      const i00 = (y0 * width + x0) * 3, i10 = i00 + 3, i01 = i00 + width * 3, i11 = i01 + 3
      const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy
      r += w00 * src[i00]! + w10 * src[i10]! + w01 * src[i01]! + w11 * src[i11]!
      g += w00 * src[i00 + 1]! + w10 * src[i10 + 1]! + w01 * src[i01 + 1]! + w11 * src[i11 + 1]!
      b += w00 * src[i00 + 2]! + w10 * src[i10 + 2]! + w01 * src[i01 + 2]! + w11 * src[i11 + 2]!
    }
    const o = (v * width + u) * 3
    rgb[o] = r / taps; rgb[o + 1] = g / taps; rgb[o + 2] = b / taps
  }
  // The shared kernel: tap t lands at (u + offX, v + offY); its integer part and fraction do not
  // depend on the pixel.
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity
  for (let t = 0; t < taps; t++) {
    minX = Math.min(minX, Math.floor(offX[t]!)); maxX = Math.max(maxX, Math.floor(offX[t]!))
    minY = Math.min(minY, Math.floor(offY[t]!)); maxY = Math.max(maxY, Math.floor(offY[t]!))
  }
  const ww = maxX - minX + 2, wh = maxY - minY + 2
  const win = new Float64Array(ww * wh)
  for (let t = 0; t < taps; t++) {
    const xi = Math.floor(offX[t]!), yi = Math.floor(offY[t]!), fx = offX[t]! - xi, fy = offY[t]! - yi
    const j = (yi - minY) * ww + (xi - minX)
    win[j] = win[j]! + ((1 - fx) * (1 - fy)) / taps; win[j + 1] = win[j + 1]! + (fx * (1 - fy)) / taps
    win[j + ww] = win[j + ww]! + ((1 - fx) * fy) / taps; win[j + ww + 1] = win[j + ww + 1]! + (fx * fy) / taps
  }
  const listOff: number[] = [], listW: number[] = []
  for (let yy = 0; yy < wh; yy++) for (let xx = 0; xx < ww; xx++) {
    const w = win[yy * ww + xx]!
    if (w !== 0) { listOff.push(((minY + yy) * width + (minX + xx)) * 3); listW.push(w) }
  }
  const n = listOff.length
  // A pixel whose taps stay a pixel clear of the clamps (width − 1.001) takes the shared kernel.
  const u0 = -minX, u1 = width - 2 - (maxX + 1), v0 = -minY, v1 = height - 2 - (maxY + 1)
  for (let v = 0; v < height; v++) {
    const inner = v >= v0 && v <= v1
    for (let u = 0; u < width; u++) {
      if (!inner || u < u0 || u > u1) { exact(u, v); continue }
      const o = (v * width + u) * 3
      let r = 0, g = 0, b = 0
      for (let q = 0; q < n; q++) {
        const i = o + listOff[q]!, w = listW[q]!
        r += w * src[i]!; g += w * src[i + 1]!; b += w * src[i + 2]!
      }
      rgb[o] = r; rgb[o + 1] = g; rgb[o + 2] = b
    }
  }
}

/**
 * Per-pixel path blur: each pixel averages the drawn image along the polyline of its content's
 * offsets (MotionField), with taps every 0.5 px on each segment and equal time per segment.
 * The path is taken at the centre of each BLOCK × BLOCK block and its taps' bilinear weights are
 * summed per source pixel into one kernel for the block: ~5× faster than a path per pixel (half of a
 * handheld frame's time was this blur). A phone's path changes by hundredths of a pixel over 4 px
 * (a roll of 8 °/s turns 4 px by 0.02 px in 1/30 s), so on a hard-edged card the result is within
 * 0.05–0.1 levels (mean) and 3 (max, where a segment's tap count steps, as it steps between pixels
 * of the exact path) of the path per pixel, against sensor noise of σ ≈ 1–4 levels; checked against
 * an exact path integral in motionFieldBlur.test.ts. Blocks whose kernel would reach past the image
 * take the path per pixel, clamped to the image.
 */
const BLOCK = 4
function motionFieldBlur(rgb: Float32Array, width: number, height: number, f: MotionField): void {
  const k = f.samples
  if (k < 2) return
  const src = rgb.slice()
  const { dx, dy, cols, rows, step } = f
  const plane = rows * cols
  const xMax = width - 1.001, yMax = height - 1.001
  const ox = new Float64Array(k), oy = new Float64Array(k)
  const offsetsAt = (u: number, v: number) => {
    const gy = Math.min(rows - 1.000001, v / step), gx = Math.min(cols - 1.000001, u / step)
    const y0 = Math.floor(gy), fy = gy - y0, x0 = Math.floor(gx), fx = gx - x0
    const g = y0 * cols + x0
    const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy
    for (let s = 0, i = g; s < k; s++, i += plane) {
      ox[s] = w00 * dx[i]! + w10 * dx[i + 1]! + w01 * dx[i + cols]! + w11 * dx[i + cols + 1]!
      oy[s] = w00 * dy[i]! + w10 * dy[i + 1]! + w01 * dy[i + cols]! + w11 * dy[i + cols + 1]!
    }
  }
  /** Each tap of the path in ox/oy: its offset and weight (every 0.5 px or closer on each segment, equal time per segment). */
  const eachTap = (visit: (offX: number, offY: number, w: number) => void) => {
    for (let s = 0; s + 1 < k; s++) {
      const ddx = ox[s + 1]! - ox[s]!, ddy = oy[s + 1]! - oy[s]!
      const taps = Math.max(1, Math.ceil(Math.sqrt(ddx * ddx + ddy * ddy) * 2))
      const w = 1 / ((k - 1) * taps)
      for (let t = 0; t < taps; t++) {
        const a = (t + 0.5) / taps
        visit(ox[s]! + a * ddx, oy[s]! + a * ddy, w)
      }
    }
  }
  // The exact path of one pixel (offsets at the pixel, taps clamped to the image): near the borders.
  const sum = new Float64Array(3)
  const exact = (u: number, v: number) => {
    offsetsAt(u, v)
    sum.fill(0)
    eachTap((offX, offY, w) => {
      // The content drawn at p − offset is what passed over p at that instant.
      const xr = u - offX, yr = v - offY
      const x = xr < 0 ? 0 : xr > xMax ? xMax : xr, y = yr < 0 ? 0 : yr > yMax ? yMax : yr
      const xi = x | 0, yi = y | 0, ax = x - xi, ay = y - yi
      const i00 = (yi * width + xi) * 3, i01 = i00 + width * 3
      const c00 = (1 - ax) * (1 - ay) * w, c10 = ax * (1 - ay) * w, c01 = (1 - ax) * ay * w, c11 = ax * ay * w
      for (let c = 0; c < 3; c++) sum[c] = sum[c]! + c00 * src[i00 + c]! + c10 * src[i00 + 3 + c]! + c01 * src[i01 + c]! + c11 * src[i01 + 3 + c]!
    })
    const o = (v * width + u) * 3
    rgb[o] = sum[0]!; rgb[o + 1] = sum[1]!; rgb[o + 2] = sum[2]!
  }
  // A block's kernel: the taps of its centre's path, merged per source pixel (dense window, then a list).
  let win = new Float64Array(64)
  let listOff = new Int32Array(64), listW = new Float64Array(64)
  for (let by = 0; by < height; by += BLOCK) {
    for (let bx = 0; bx < width; bx += BLOCK) {
      const ex = Math.min(width, bx + BLOCK), ey = Math.min(height, by + BLOCK)
      offsetsAt((bx + ex - 1) / 2, (by + ey - 1) / 2)
      // Tap positions relative to the pixel: −offset. Integer part and fraction are the same for every pixel.
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity
      for (let s = 0; s < k; s++) {
        const x = -ox[s]!, y = -oy[s]!
        if (x < minX) minX = x; if (x > maxX) maxX = x; if (y < minY) minY = y; if (y > maxY) maxY = y
      }
      const x0 = Math.floor(minX), y0 = Math.floor(minY)
      const ww = Math.floor(maxX) - x0 + 2, wh = Math.floor(maxY) - y0 + 2
      if (bx + x0 < 0 || by + y0 < 0 || ex - 1 + x0 + ww - 1 > width - 1 || ey - 1 + y0 + wh - 1 > height - 1) {
        for (let v = by; v < ey; v++) for (let u = bx; u < ex; u++) exact(u, v)
        continue
      }
      if (win.length < ww * wh) win = new Float64Array(ww * wh * 2)
      win.fill(0, 0, ww * wh)
      eachTap((offX, offY, w) => {
        const x = -offX - x0, y = -offY - y0 // ≥ 0 in the window
        const xi = Math.floor(x), yi = Math.floor(y), ax = x - xi, ay = y - yi
        const j = yi * ww + xi
        win[j] = win[j]! + (1 - ax) * (1 - ay) * w; win[j + 1] = win[j + 1]! + ax * (1 - ay) * w
        win[j + ww] = win[j + ww]! + (1 - ax) * ay * w; win[j + ww + 1] = win[j + ww + 1]! + ax * ay * w
      })
      let n = 0
      if (listOff.length < ww * wh) { listOff = new Int32Array(ww * wh * 2); listW = new Float64Array(ww * wh * 2) }
      for (let yy = 0; yy < wh; yy++) for (let xx = 0; xx < ww; xx++) {
        const w = win[yy * ww + xx]!
        if (w !== 0) { listOff[n] = ((y0 + yy) * width + (x0 + xx)) * 3; listW[n] = w; n++ }
      }
      for (let v = by; v < ey; v++) {
        for (let u = bx; u < ex; u++) {
          const o = (v * width + u) * 3
          let r = 0, gr = 0, b = 0
          for (let e = 0; e < n; e++) {
            const i = o + listOff[e]!, w = listW[e]!
            r += w * src[i]!; gr += w * src[i + 1]!; b += w * src[i + 2]!
          }
          rgb[o] = r; rgb[o + 1] = gr; rgb[o + 2] = b
        }
      }
    }
  }
}
