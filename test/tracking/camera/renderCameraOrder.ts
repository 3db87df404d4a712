// The camera-order renderer: a frame made the way a camera makes a picture, in that order.
//   1. radiance in linear light: rays through every pixel (through the lens: each sample's ray goes
//      through the undistorted position of its image point, OpenCV's model [k1, k2, p1, p2, k3], so
//      the lens bends the picture before it reaches the sensor), integrated over the pixel's area
//      (one sample where the surface is smooth, a Fibonacci lattice of 55 where an edge crosses it);
//   2. optics: exposure, vignetting, defocus (Gaussian), motion blur (a straight streak);
//   3. the sensor: shot noise (∝ √electrons) and read noise, in linear light;
//   4. the tone curve: sRGB, a gamma of 1.8–2.4, a linear one, each with an optional contrast S-curve;
//   5. phone sharpening: an unsharp mask on the encoded picture;
//   6. 8 bits, then JPEG (jpeg-js, the encoder files go through here).
// It imports nothing from src/tracking (its projection is checked against OpenCV's projectPoints in
// cameraProjection.test.ts), so a convention error in the tracker cannot cancel out in its tests.
// Reusable for any scene: a list of surfaces (sceneSurfaces.ts) and a background.
import jpeg from 'jpeg-js'
import { centreOf, projectToImage, undistortPoint, type CameraPlacement, type Lens, type Vec3 } from './cameraProjection.ts'
import type { Background, Surface } from './sceneSurfaces.ts'
import { streakBlur } from '../synth/cameraModel.ts'

export type ToneCurve =
  | { kind: 'linear' }
  | { kind: 'srgb' }
  /** A pure power law: encoded = linear^(1/gamma). */
  | { kind: 'gamma'; gamma: number }

export type CameraPipeline = {
  /** Linear value (fraction of full scale) that a radiance of 1 records (paper white is 0.84 of that). */
  exposure: number
  /** Brightness lost at the image corners (0: none; 0.25: corners at 75 %). */
  vignette?: number
  /** Defocus, px (Gaussian σ). */
  defocusSigmaPx?: number
  /** Motion during the exposure: a straight streak, px, direction in the image (degrees from +x toward +y). */
  motion?: { lengthPx: number; angleDeg: number }
  /** Sensor noise: electrons at full scale (shot noise) and read noise in electrons. Absent: none. */
  noise?: { fullWellElectrons: number; readElectrons: number }
  tone: ToneCurve
  /** Contrast S-curve after the tone curve: 0 none, 1 a full smoothstep. */
  contrast?: number
  /** Unsharp mask on the encoded picture: out = in + amount·(in − G_σ(in)). */
  sharpen?: { amount: number; sigmaPx: number }
  /** JPEG quality 1–100; absent: lossless 8 bits. */
  jpegQuality?: number
  seed: number
}

export type CameraScene = { surfaces: readonly Surface[]; background: Background }

export type RenderedFrame = { width: number; height: number; data: Uint8ClampedArray }

const TILE = 16
/** Fibonacci lattice: N points, generator G (F(k), F(k−1)). */
const LATTICE_N = 55, LATTICE_G = 34

/** Render one frame of `scene` through `lens` at `placement` and the camera `pipeline`. Deterministic. */
export function renderCameraOrder(scene: CameraScene, lens: Lens, placement: CameraPlacement, pipeline: CameraPipeline): RenderedFrame {
  const rgb = traceRadiance(scene, lens, placement)
  return developFrame(rgb, lens.width, lens.height, pipeline)
}

/** Step 1: linear radiance per pixel (RGB, float), integrated over each pixel's area. */
export function traceRadiance(scene: CameraScene, lens: Lens, placement: CameraPlacement): Float32Array {
  const { width, height } = lens
  const surfaces = scene.surfaces
  const eye = centreOf(placement)
  const r = placement.rotation
  const distorted = !!lens.distortion && lens.distortion.some((c) => c !== 0)
  // Candidate surfaces per tile, from each surface's image box.
  const tilesX = Math.ceil(width / TILE), tilesY = Math.ceil(height / TILE)
  const tiles: number[][] = Array.from({ length: tilesX * tilesY }, () => [])
  const q = new Float64Array(2)
  surfaces.forEach((s, index) => {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
    let whole = false
    for (const p of s.bounds) {
      if (!projectToImage(lens, placement, p, q)) { whole = true; break }
      x0 = Math.min(x0, q[0]!); y0 = Math.min(y0, q[1]!); x1 = Math.max(x1, q[0]!); y1 = Math.max(y1, q[1]!)
    }
    const slack = distorted ? 4 : 2
    if (whole) { x0 = 0; y0 = 0; x1 = width - 1; y1 = height - 1 }
    const tx0 = Math.max(0, Math.floor((x0 - slack + 0.5) / TILE)), tx1 = Math.min(tilesX - 1, Math.floor((x1 + slack + 0.5) / TILE))
    const ty0 = Math.max(0, Math.floor((y0 - slack + 0.5) / TILE)), ty1 = Math.min(tilesY - 1, Math.floor((y1 + slack + 0.5) / TILE))
    for (let ty = ty0; ty <= ty1; ty++) for (let tx = tx0; tx <= tx1; tx++) tiles[ty * tilesX + tx]!.push(index)
  })

  const und = new Float64Array(2)
  const col = new Float64Array(3)
  let candidates: number[] = []
  // One ray through image point (su, sv): colour into col, returns an id of what it hit.
  const trace = (su: number, sv: number): number => {
    let x = (su - lens.cx) / lens.fx, y = (sv - lens.cy) / lens.fy
    if (distorted) { undistortPoint(x, y, lens.distortion, und); x = und[0]!; y = und[1]! }
    // Camera ray (x, y, 1) into the world: Rᵀ·d.
    const dx = r[0]! * x + r[3]! * y + r[6]!
    const dy = r[1]! * x + r[4]! * y + r[7]!
    const dz = r[2]! * x + r[5]! * y + r[8]!
    let best = -1, bestT = Infinity
    for (let i = 0; i < candidates.length; i++) {
      const t = surfaces[candidates[i]!]!.hit(eye[0], eye[1], eye[2], dx, dy, dz)
      if (t < bestT) { bestT = t; best = candidates[i]! }
    }
    if (best < 0) return -1 - scene.background(eye[0], eye[1], eye[2], dx, dy, dz, col)
    return best * 4096 + surfaces[best]!.shade(eye[0], eye[1], eye[2], dx, dy, dz, bestT, col)
  }

  const out = new Float32Array(width * height * 3)
  // Half-pixel grid, three rows kept: grid row g at y = g/2 − 0.5, column k at x = k/2 − 0.5.
  const gw = 2 * width + 1
  const ids = [new Int32Array(gw), new Int32Array(gw), new Int32Array(gw)]
  const cols = [new Float32Array(gw * 3), new Float32Array(gw * 3), new Float32Array(gw * 3)]
  const fillRow = (g: number, slot: number) => {
    const y = g / 2 - 0.5
    const tyRow = Math.min(tilesY - 1, Math.max(0, Math.floor((Math.min(height - 1, Math.max(0, Math.round(y))) + 0) / TILE)))
    const idRow = ids[slot]!, colRow = cols[slot]!
    for (let k = 0; k < gw; k++) {
      const x = k / 2 - 0.5
      const px = Math.min(width - 1, Math.max(0, Math.round(x)))
      candidates = tiles[tyRow * tilesX + Math.floor(px / TILE)]!
      idRow[k] = trace(x, y)
      colRow[3 * k] = col[0]!; colRow[3 * k + 1] = col[1]!; colRow[3 * k + 2] = col[2]!
    }
  }
  fillRow(0, 0)
  const W = [1 / 16, 1 / 8, 1 / 16, 1 / 8, 1 / 4, 1 / 8, 1 / 16, 1 / 8, 1 / 16]
  for (let v = 0; v < height; v++) {
    const s0 = (2 * v) % 3, s1 = (2 * v + 1) % 3, s2 = (2 * v + 2) % 3
    fillRow(2 * v + 1, s1)
    fillRow(2 * v + 2, s2)
    const rowsId = [ids[s0]!, ids[s1]!, ids[s2]!]
    const rowsCol = [cols[s0]!, cols[s1]!, cols[s2]!]
    const ty = Math.floor(v / TILE)
    for (let u = 0; u < width; u++) {
      const k0 = 2 * u
      const id = rowsId[0]![k0]!
      let uniform = true
      for (let gy = 0; gy < 3 && uniform; gy++) for (let gx = 0; gx < 3; gx++) if (rowsId[gy]![k0 + gx] !== id) { uniform = false; break }
      const o = (v * width + u) * 3
      if (uniform) {
        let a = 0, b = 0, c = 0
        for (let gy = 0; gy < 3; gy++) for (let gx = 0; gx < 3; gx++) {
          const w = W[gy * 3 + gx]!, i = 3 * (k0 + gx), row = rowsCol[gy]!
          a += w * row[i]!; b += w * row[i + 1]!; c += w * row[i + 2]!
        }
        out[o] = a; out[o + 1] = b; out[o + 2] = c
        continue
      }
      candidates = tiles[ty * tilesX + Math.floor(u / TILE)]!
      let a = 0, b = 0, c = 0
      for (let i = 0; i < LATTICE_N; i++) {
        trace(u - 0.5 + (i + 0.5) / LATTICE_N, v - 0.5 + ((i * LATTICE_G) % LATTICE_N + 0.5) / LATTICE_N)
        a += col[0]!; b += col[1]!; c += col[2]!
      }
      out[o] = a / LATTICE_N; out[o + 1] = b / LATTICE_N; out[o + 2] = c / LATTICE_N
    }
  }
  return out
}

/** Steps 2–6: the optics, the sensor, the tone curve, sharpening, 8 bits and JPEG, on linear radiance `rgb` (consumed). */
export function developFrame(rgb: Float32Array, width: number, height: number, p: CameraPipeline): RenderedFrame {
  // Optics: exposure and vignetting (a cos⁴-like fall-off, as a quadratic in the radius).
  const vig = p.vignette ?? 0
  const cx = (width - 1) / 2, cy = (height - 1) / 2, rMax2 = cx * cx + cy * cy
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const f = p.exposure * (1 - (vig * ((u - cx) ** 2 + (v - cy) ** 2)) / rMax2)
      const i = (v * width + u) * 3
      rgb[i] = rgb[i]! * f; rgb[i + 1] = rgb[i + 1]! * f; rgb[i + 2] = rgb[i + 2]! * f
    }
  }
  if (p.defocusSigmaPx && p.defocusSigmaPx > 0) gaussianBlur(rgb, width, height, p.defocusSigmaPx)
  if (p.motion && p.motion.lengthPx > 0) streakBlur(rgb, width, height, p.motion.lengthPx, p.motion.angleDeg, 4) // taps every 0.25 px
  // The sensor: electrons = value × full well; shot noise √electrons, read noise; back to full-scale units.
  if (p.noise) {
    const fw = p.noise.fullWellElectrons, read = p.noise.readElectrons
    const rnd = gaussianSource(p.seed)
    for (let i = 0; i < rgb.length; i++) {
      const e = Math.max(0, rgb[i]!) * fw
      rgb[i] = (e + Math.sqrt(e + read * read) * rnd()) / fw
    }
  }
  // The tone curve (with its S-curve), then sharpening on the encoded picture.
  const lut = toneTable(p.tone, p.contrast ?? 0)
  for (let i = 0; i < rgb.length; i++) {
    const x = rgb[i]!
    const idx = x <= 0 ? 0 : x >= 1 ? LUT_SIZE - 1 : x * (LUT_SIZE - 1)
    const i0 = Math.floor(idx), f = idx - i0
    rgb[i] = i0 >= LUT_SIZE - 1 ? lut[LUT_SIZE - 1]! : lut[i0]! + (lut[i0 + 1]! - lut[i0]!) * f
  }
  if (p.sharpen && p.sharpen.amount > 0) {
    const blurred = rgb.slice()
    gaussianBlur(blurred, width, height, p.sharpen.sigmaPx)
    for (let i = 0; i < rgb.length; i++) rgb[i] = rgb[i]! + p.sharpen.amount * (rgb[i]! - blurred[i]!)
  }
  const data = new Uint8ClampedArray(width * height * 4)
  for (let px = 0, i = 0; px < width * height; px++, i += 3) {
    data[px * 4] = Math.round(255 * rgb[i]!)
    data[px * 4 + 1] = Math.round(255 * rgb[i + 1]!)
    data[px * 4 + 2] = Math.round(255 * rgb[i + 2]!)
    data[px * 4 + 3] = 255
  }
  if (p.jpegQuality === undefined) return { width, height, data }
  const encoded = jpeg.encode({ data, width, height }, p.jpegQuality)
  const decoded = jpeg.decode(encoded.data, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 })
  return { width, height, data: new Uint8ClampedArray(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength) }
}

const LUT_SIZE = 1 << 14

/** Encoded value (0–1) of linear `l` (0–1) under a tone curve and an S-curve of strength `contrast`. */
export function encodeTone(l: number, tone: ToneCurve, contrast: number): number {
  const x = Math.min(1, Math.max(0, l))
  let y = tone.kind === 'linear' ? x
    : tone.kind === 'srgb' ? (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055)
    : x ** (1 / tone.gamma)
  if (contrast > 0) y = (1 - contrast) * y + contrast * y * y * (3 - 2 * y)
  return y
}

function toneTable(tone: ToneCurve, contrast: number): Float64Array {
  const lut = new Float64Array(LUT_SIZE)
  for (let i = 0; i < LUT_SIZE; i++) lut[i] = encodeTone(i / (LUT_SIZE - 1), tone, contrast)
  return lut
}

/** Standard normal deviates from a seeded xorshift (Box–Muller). */
function gaussianSource(seed: number): () => number {
  let s = (seed * 2654435761) >>> 0 || 1
  let spare = NaN
  const uniform = () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0
    return (s + 0.5) / 4294967296
  }
  return () => {
    if (!Number.isNaN(spare)) { const v = spare; spare = NaN; return v }
    const r = Math.sqrt(-2 * Math.log(uniform())), a = 2 * Math.PI * uniform()
    spare = r * Math.sin(a)
    return r * Math.cos(a)
  }
}

/** Separable Gaussian blur of interleaved RGB in place (edges clamped). */
function gaussianBlur(rgb: Float32Array, width: number, height: number, sigma: number): void {
  const radius = Math.max(1, Math.ceil(3.5 * sigma))
  const k = new Float32Array(2 * radius + 1)
  let sum = 0
  for (let i = -radius; i <= radius; i++) { k[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma)); sum += k[i + radius]! }
  for (let i = 0; i < k.length; i++) k[i] = k[i]! / sum
  const tmp = new Float32Array(rgb.length)
  for (let v = 0; v < height; v++) {
    const row = v * width * 3
    for (let u = 0; u < width; u++) {
      let a = 0, b = 0, c = 0
      for (let j = -radius; j <= radius; j++) {
        const uu = u + j < 0 ? 0 : u + j >= width ? width - 1 : u + j
        const w = k[j + radius]!, i = row + uu * 3
        a += w * rgb[i]!; b += w * rgb[i + 1]!; c += w * rgb[i + 2]!
      }
      const o = row + u * 3
      tmp[o] = a; tmp[o + 1] = b; tmp[o + 2] = c
    }
  }
  const stride = width * 3
  rgb.fill(0)
  for (let v = 0; v < height; v++) {
    const dst = v * stride
    for (let j = -radius; j <= radius; j++) {
      const vv = v + j < 0 ? 0 : v + j >= height ? height - 1 : v + j
      const w = k[j + radius]!, src = vv * stride
      for (let i = 0; i < stride; i++) rgb[dst + i] = rgb[dst + i]! + w * tmp[src + i]!
    }
  }
}

export type MarkerInImage = {
  id: number
  /** The black square's corners in the image (distorted, as the lens puts them), OpenCV's order. */
  corners: [[number, number], [number, number], [number, number], [number, number]]
  sidePx: number
  /** All four corners at least 2 px inside the image. */
  inFrame: boolean
  /** Share of a 7×7 grid of points on the black square that the camera sees (in the image, nothing in front). */
  visibleFraction: number
}

/**
 * Where a marker's black square lands in the image and how much of it is seen. `own` is the marker's
 * surface (skipped when looking for what covers it); `cornersWorld` in OpenCV's order.
 */
export function markerInImage(scene: CameraScene, lens: Lens, placement: CameraPlacement, id: number, cornersWorld: readonly Vec3[], own: Surface): MarkerInImage {
  const q = new Float64Array(2)
  const corners = cornersWorld.map((p) => (projectToImage(lens, placement, p, q) ? [q[0]!, q[1]!] : [NaN, NaN])) as MarkerInImage['corners']
  let side = 0
  for (let i = 0; i < 4; i++) side += Math.hypot(corners[(i + 1) % 4]![0] - corners[i]![0], corners[(i + 1) % 4]![1] - corners[i]![1])
  const inFrame = corners.every(([x, y]) => x >= 2 && y >= 2 && x <= lens.width - 3 && y <= lens.height - 3)
  const eye = centreOf(placement)
  const [a, b, , d] = cornersWorld as [Vec3, Vec3, Vec3, Vec3]
  let seen = 0
  const n = 7
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const s = (i + 0.5) / n, t = (j + 0.5) / n
      const p: Vec3 = [a[0] + s * (b[0] - a[0]) + t * (d[0] - a[0]), a[1] + s * (b[1] - a[1]) + t * (d[1] - a[1]), a[2] + s * (b[2] - a[2]) + t * (d[2] - a[2])]
      if (!projectToImage(lens, placement, p, q) || q[0]! < 0 || q[1]! < 0 || q[0]! > lens.width - 1 || q[1]! > lens.height - 1) continue
      const dx = p[0] - eye[0], dy = p[1] - eye[1], dz = p[2] - eye[2]
      let covered = false
      for (const s2 of scene.surfaces) if (s2 !== own && s2.hit(eye[0], eye[1], eye[2], dx, dy, dz) < 0.9999) { covered = true; break }
      if (!covered) seen++
    }
  }
  return { id, corners, sidePx: side / 4, inFrame, visibleFraction: seen / (n * n) }
}
