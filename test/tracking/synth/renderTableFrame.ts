// Synthetic tabletop frames with exact ground truth.
//
// A small ray tracer: every pixel near an object is supersampled (s×s rays through the pixel
// footprint, OpenCV pixel-centre convention), each ray finds the nearest of: marker papers (flat, at
// their registered height), bases (elliptic cylinders with a top cap), figures standing on them
// (cylinders), terrain prisms, hands (image-space blobs in front of everything); otherwise the table
// (a procedural texture) or the floor. Pixels far from objects take one ray. Then, in this order:
// camera model of cameraModel.ts (exposure, lighting gradient, shadows, glare, defocus and motion
// blur, vignetting, shot + read noise, tone curve, 8-bit quantization, JPEG).
// Lens distortion (Brown–Conrady, the intrinsics' [k1, k2, p1, p2, k3]) is rendered exactly: every
// ray goes through the undistorted position of its (distorted) image sample.
// Rolling shutter (`rowPose`): every image row is traced from the camera pose at that row's own
// mid-exposure time (a moving phone's rows see the table at different moments); the exposure-time
// blur along the image motion is the camera model's `motionField` (see cameraPath.ts).
// Ground truth: each marker's exact image corners (distorted, as a real lens puts them), the fraction
// of it that is visible, and every object's pose.
import { intersectPlaneZ, cameraCentre, projectPoint, undistortPixel, type CameraPose } from './projection.ts'
import type { CameraIntrinsics, MarkerCorners, RgbaFrame, Vector3 } from '../../../src/tracking/types.ts'
import { applyCameraModel, type CameraModel } from './cameraModel.ts'
import { valueNoise } from '../camera/valueNoise.ts'

export type Rgb = [number, number, number]

export type SynthMarker = {
  id: number
  /** Side of the black square, mm. */
  sizeMm: number
  /** White margin around the black square, mm. */
  quietZoneMm: number
  /** Centre of the black square in the table frame [x, y], mm, and its height z. */
  centre: [number, number]
  z: number
  /** Marker x axis, degrees CCW from table +x. */
  rotationDeg: number
  face: 'up' | 'down'
  /** Cells incl. the black border (side × side, 1 = white), from OpenCV's generateImageMarker. */
  cells: Uint8Array
  cellsSide: number
  /** Paper not lying flat: tilt about the marker's own x axis, then its y axis, degrees (a bent tab). */
  tiltDeg?: [number, number]
}

export type SynthBase =
  | { shape: 'round'; diameter: number }
  | { shape: 'oval'; length: number; width: number }

export type SynthModel = {
  id: string
  position: [number, number]
  facingDeg: number
  z: number
  base: SynthBase
  baseHeightMm: number
  /** A figure standing on the base (occludes the middle of the base). */
  figure?: { radiusMm: number; heightMm: number; color: Rgb }
  baseColor: Rgb
}

export type SynthTerrain = {
  id: string
  position: [number, number]
  rotationDeg: number
  /** Polygon in the piece frame, mm (convex or not). */
  footprint: [number, number][]
  heightMm: number
  color: Rgb
}

/**
 * An image-space occluder in front of everything: an ellipse (a sleeve), or with `fingers` a hand
 * (the ellipse is the palm; four fingers and a thumb reach out along the local +y axis).
 */
export type SynthHand = { cx: number; cy: number; rx: number; ry: number; angleDeg: number; color: Rgb; fingers?: boolean }

export type SynthEffects = CameraModel & {
  /** Rays per pixel side near objects (4 → 16 rays per pixel). */
  supersample: number
}

export const CLEAN_EFFECTS: SynthEffects = { supersample: 4, noiseSigma: 0, blurSigmaPx: 0, vignette: 0, gradient: { x: [1, 1], y: [1, 1] }, seed: 1 }
export const REALISTIC_EFFECTS: SynthEffects = { supersample: 4, noiseSigma: 3, blurSigmaPx: 0.6, vignette: 0.25, gradient: { x: [0.8, 1.05], y: [1.0, 0.85] }, seed: 1 }

export type SynthFrameSpec = {
  width: number
  height: number
  intrinsics: CameraIntrinsics
  pose: CameraPose
  table: { widthMm: number; depthMm: number }
  markers: SynthMarker[]
  models: SynthModel[]
  terrain: SynthTerrain[]
  hands: SynthHand[]
  effects: SynthEffects
  /**
   * Rolling shutter: the camera pose at which image row `row` (0 = top) is exposed. Absent: every row
   * sees `pose` (a global shutter, or a still camera).
   */
  rowPose?: (row: number) => CameraPose
}

export type MarkerTruth = {
  id: number
  corners: MarkerCorners
  sidePx: number
  /** Fraction of the black square's samples where the marker is the nearest surface (0..1). */
  visibleFraction: number
  /** All four corners inside the image with a 2 px margin. */
  inFrame: boolean
}

export type SynthFrame = { frame: RgbaFrame; markers: MarkerTruth[] }

type Primitive = {
  /** Image bbox, inclusive px. */
  x0: number; y0: number; x1: number; y1: number
  /** Ray parameter (mm along the unit ray) of the nearest hit, or Infinity. */
  hit(o: Vector3, d: Vector3): number
  /** Colour at the last hit (the ray is passed again). */
  shade(o: Vector3, d: Vector3, t: number): Rgb
  /** Index into `markers` for papers (coverage stats), else -1. */
  markerIndex: number
  /** Inside the marker's black square at this ray (only for papers). */
  inSquare?(o: Vector3, d: Vector3): boolean
}

const WHITE: Rgb = [232, 232, 226]
const INK: Rgb = [28, 28, 30]
const PAPER_PRIORITY_MM = 0.05

/** Render one frame and its ground truth. Deterministic for a given spec. */
export function renderTableFrame(spec: SynthFrameSpec): SynthFrame {
  const { width, height, intrinsics: k, pose } = spec
  const distorted = !!k.distortion && k.distortion.some((c) => c !== 0)
  const undist: [number, number] = [0, 0]
  // Per row (one entry without a rolling shutter): the eye and the unit-free ray direction
  // d(u, v) = d0 + u·du + v·dv (table frame), normalised per sample.
  const rolling = !!spec.rowPose
  const rows = rolling ? height : 1
  const rowPoses: CameraPose[] = rolling ? Array.from({ length: height }, (_, v) => spec.rowPose!(v)) : [pose]
  const rowRays = new Float64Array(rows * 12) // eye xyz, d0 xyz, du xyz, dv xyz
  for (let row = 0; row < rows; row++) {
    const rp = rowPoses[row]!
    const c = cameraCentre(rp)
    const r = rp.rotation
    const o = row * 12
    const dux = r[0] / k.fx, duy = r[1] / k.fx, duz = r[2] / k.fx
    const dvx = r[3] / k.fy, dvy = r[4] / k.fy, dvz = r[5] / k.fy
    rowRays[o] = c[0]; rowRays[o + 1] = c[1]; rowRays[o + 2] = c[2]
    rowRays[o + 3] = r[6] - k.cx * dux - k.cy * dvx
    rowRays[o + 4] = r[7] - k.cx * duy - k.cy * dvy
    rowRays[o + 5] = r[8] - k.cx * duz - k.cy * dvz
    rowRays[o + 6] = dux; rowRays[o + 7] = duy; rowRays[o + 8] = duz
    rowRays[o + 9] = dvx; rowRays[o + 10] = dvy; rowRays[o + 11] = dvz
  }
  const rowOf = (sv: number) => (rolling ? Math.min(height - 1, Math.max(0, Math.round(sv))) * 12 : 0)
  // The eye of the row last traced (rayAt sets it).
  const eye: Vector3 = [rowRays[0]!, rowRays[1]!, rowRays[2]!]
  const rgb = new Float32Array(width * height * 3)
  const dir: Vector3 = [0, 0, 0]
  const rayAt = (su: number, sv: number) => {
    const o = rowOf(sv)
    eye[0] = rowRays[o]!; eye[1] = rowRays[o + 1]!; eye[2] = rowRays[o + 2]!
    let u = su, v = sv
    if (distorted) { undistortPixel(k, su, sv, undist); u = undist[0]; v = undist[1] }
    const x = rowRays[o + 3]! + u * rowRays[o + 6]! + v * rowRays[o + 9]!
    const y = rowRays[o + 4]! + u * rowRays[o + 7]! + v * rowRays[o + 10]!
    const z = rowRays[o + 5]! + u * rowRays[o + 8]! + v * rowRays[o + 11]!
    const n = Math.sqrt(x * x + y * y + z * z)
    dir[0] = x / n; dir[1] = y / n; dir[2] = z / n
    return dir
  }
  const background = (o: Vector3, d: Vector3): Rgb => {
    if (Math.abs(d[2]) < 1e-12) return FLOOR
    const t = -o[2] / d[2]
    if (t <= 0) return FLOOR
    const x = o[0] + t * d[0], y = o[1] + t * d[1]
    return x >= 0 && y >= 0 && x <= spec.table.widthMm && y <= spec.table.depthMm ? tableTexture(x, y) : floorTexture(x, y)
  }

  for (let v = 0; v < height; v++) {
    const o = rowOf(v)
    eye[0] = rowRays[o]!; eye[1] = rowRays[o + 1]!; eye[2] = rowRays[o + 2]!
    for (let u = 0; u < width; u++) {
      if (distorted) {
        const c = background(eye, rayAt(u, v))
        const i = (v * width + u) * 3
        rgb[i] = c[0]; rgb[i + 1] = c[1]; rgb[i + 2] = c[2]
        continue
      }
      // The unnormalised ray is enough to find where it meets z = 0.
      dir[0] = rowRays[o + 3]! + u * rowRays[o + 6]! + v * rowRays[o + 9]!
      dir[1] = rowRays[o + 4]! + u * rowRays[o + 7]! + v * rowRays[o + 10]!
      dir[2] = rowRays[o + 5]! + u * rowRays[o + 8]! + v * rowRays[o + 11]!
      const c = background(eye, dir)
      const i = (v * width + u) * 3
      rgb[i] = c[0]; rgb[i + 1] = c[1]; rgb[i + 2] = c[2]
    }
  }

  const prims: Primitive[] = []
  spec.terrain.forEach((t) => prims.push(terrainPrimitive(t)))
  spec.models.forEach((m) => {
    prims.push(basePrimitive(m))
    if (m.figure) prims.push(figurePrimitive(m))
  })
  spec.markers.forEach((m, i) => prims.push(paperPrimitive(m, i)))
  // Curved (distorted) edges may bulge past the projected corners' box.
  if (distorted) for (const p of prims) { p.x0 -= 3; p.y0 -= 3; p.x1 += 3; p.y1 += 3 }
  for (const p of prims) clampBox(p, width, height)

  const samples = Math.max(1, spec.effects.supersample)
  const hitCounts = new Float64Array(spec.markers.length)
  const visibleCounts = new Float64Array(spec.markers.length)
  const candidates: Primitive[] = []
  const candidateIndex: number[] = []
  const hands = spec.hands
  const pixelMark = new Uint8Array(width * height)
  const mark = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = Math.max(0, y0); y <= Math.min(height - 1, y1); y++) pixelMark.fill(1, y * width + Math.max(0, x0), y * width + Math.min(width - 1, x1) + 1)
  }
  for (const p of prims) mark(p.x0, p.y0, p.x1, p.y1)
  for (const h of hands) {
    const ext = Math.max(h.rx, h.ry) * (h.fingers ? 2.3 : 1) + 2
    mark(Math.floor(h.cx - ext), Math.floor(h.cy - ext), Math.ceil(h.cx + ext), Math.ceil(h.cy + ext))
  }

  // One traced ray: the colour and an id of what it hit (primitive index, hand, or background).
  const sampleRgb: Rgb = [0, 0, 0]
  const trace = (su: number, sv: number, weight: number): number => {
    const d = rayAt(su, sv)
    let best: Primitive | null = null
    let bestIndex = -1
    let bestT = Infinity
    for (let c = 0; c < candidates.length; c++) {
      const t = candidates[c]!.hit(eye, d)
      if (t < bestT) { bestT = t; best = candidates[c]!; bestIndex = c }
    }
    let hand = -1
    for (let h = 0; h < hands.length; h++) if (insideHand(hands[h]!, su, sv)) hand = h
    if (weight > 0) {
      for (const p of candidates) {
        if (p.markerIndex < 0 || !p.inSquare!(eye, d)) continue
        hitCounts[p.markerIndex] = hitCounts[p.markerIndex]! + weight
        if (p === best && hand < 0) visibleCounts[p.markerIndex] = visibleCounts[p.markerIndex]! + weight
      }
    }
    const c = hand >= 0 ? hands[hand]!.color : best ? best.shade(eye, d, bestT) : background(eye, d)
    sampleRgb[0] = c[0]; sampleRgb[1] = c[1]; sampleRgb[2] = c[2]
    return hand >= 0 ? -2 - hand : best ? candidateIndex[bestIndex]! : -1
  }

  // Adaptive supersampling: trace a half-pixel grid (9 points per pixel); where they all agree (same
  // surface, colours within 2 levels) one ray at the centre is exact enough, else s×s rays.
  const gw = 2 * width + 1
  const cornerId = new Int32Array(gw * (2 * height + 1)).fill(-1000)
  const cornerRgb = new Float32Array(gw * (2 * height + 1) * 3)
  const gridPoint = (gu: number, gv: number): number => {
    const g = gv * gw + gu
    if (cornerId[g] === -1000) {
      cornerId[g] = trace(gu / 2 - 0.5, gv / 2 - 0.5, 0)
      cornerRgb[g * 3] = sampleRgb[0]; cornerRgb[g * 3 + 1] = sampleRgb[1]; cornerRgb[g * 3 + 2] = sampleRgb[2]
    }
    return g
  }
  const n = samples * samples
  // The primitives whose box holds a row, then those whose box holds the pixel (in the order of
  // `prims`; each with its index there, the surface id of `trace`).
  const rowPrims: number[] = []
  for (let v = 0; v < height; v++) {
    rowPrims.length = 0
    for (let j = 0; j < prims.length; j++) if (v >= prims[j]!.y0 && v <= prims[j]!.y1) rowPrims.push(j)
    for (let u = 0; u < width; u++) {
      if (!pixelMark[v * width + u]) continue
      candidates.length = 0
      candidateIndex.length = 0
      for (const j of rowPrims) {
        const p = prims[j]!
        if (u >= p.x0 && u <= p.x1) { candidates.push(p); candidateIndex.push(j) }
      }
      const first = gridPoint(2 * u, 2 * v)
      const id = cornerId[first]!
      let uniform = true
      for (let gy = 0; uniform && gy <= 2; gy++) {
        for (let gx = 0; uniform && gx <= 2; gx++) {
          const g = gridPoint(2 * u + gx, 2 * v + gy)
          uniform = cornerId[g] === id &&
            Math.abs(cornerRgb[g * 3]! - cornerRgb[first * 3]!) < 2 &&
            Math.abs(cornerRgb[g * 3 + 1]! - cornerRgb[first * 3 + 1]!) < 2 &&
            Math.abs(cornerRgb[g * 3 + 2]! - cornerRgb[first * 3 + 2]!) < 2
        }
      }
      const i = (v * width + u) * 3
      if (uniform) {
        trace(u, v, n)
        rgb[i] = sampleRgb[0]; rgb[i + 1] = sampleRgb[1]; rgb[i + 2] = sampleRgb[2]
        continue
      }
      let sr = 0, sg = 0, sb = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          trace(u - 0.5 + (sx + 0.5) / samples, v - 0.5 + (sy + 0.5) / samples, 1)
          sr += sampleRgb[0]; sg += sampleRgb[1]; sb += sampleRgb[2]
        }
      }
      rgb[i] = sr / n; rgb[i + 1] = sg / n; rgb[i + 2] = sb / n
    }
  }

  const data = applyCameraModel(rgb, width, height, spec.effects)

  const markers: MarkerTruth[] = spec.markers.map((m, i) => {
    const corners = markerCornersTable(m).map((p) => project(p) ?? [NaN, NaN]) as MarkerCorners
    const inFrame = corners.every(([x, y]) => x >= 2 && y >= 2 && x <= width - 3 && y <= height - 3)
    let side = 0
    for (let c = 0; c < 4; c++) side += Math.hypot(corners[(c + 1) % 4]![0] - corners[c]![0], corners[(c + 1) % 4]![1] - corners[c]![1])
    const hits = hitCounts[i]!
    return { id: m.id, corners, sidePx: side / 4, visibleFraction: hits > 0 ? visibleCounts[i]! / hits : 0, inFrame }
  })
  return { frame: { width, height, data }, markers }

  // ---- primitives (closures over the camera) ----

  function boxFromPoints(points: Vector3[]): { x0: number; y0: number; x1: number; y1: number } {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
    for (const p of points) {
      const q = project(p)
      if (!q) return { x0: 0, y0: 0, x1: width - 1, y1: height - 1 }
      x0 = Math.min(x0, q[0]); y0 = Math.min(y0, q[1]); x1 = Math.max(x1, q[0]); y1 = Math.max(y1, q[1])
    }
    // A rolling shutter bends straight edges between the rows' poses: a little slack.
    const m = rolling ? 3 : 1
    return { x0: Math.floor(x0) - m, y0: Math.floor(y0) - m, x1: Math.ceil(x1) + m, y1: Math.ceil(y1) + m }
  }

  /** Where a table point lands in the image: with a rolling shutter, in the row whose pose sees it there. */
  function project(p: Vector3): [number, number] | null {
    let q = projectPoint(k, pose, p)
    if (!rolling || !q) return q
    for (let it = 0; it < 3 && q; it++) q = projectPoint(k, rowPoses[Math.min(height - 1, Math.max(0, Math.round(q[1])))]!, p)
    return q
  }

  function paperPrimitive(m: SynthMarker, index: number): Primitive {
    const half = m.sizeMm / 2 + m.quietZoneMm
    const { ex, ey, n } = markerBasis(m)
    const c: Vector3 = [m.centre[0], m.centre[1], m.z]
    const corners: Vector3[] = [[-half, -half], [half, -half], [half, half], [-half, half]].map(([lx, ly]) => [
      c[0] + ex[0] * lx! + ey[0] * ly!, c[1] + ex[1] * lx! + ey[1] * ly!, c[2] + ex[2] * lx! + ey[2] * ly!,
    ])
    const local = (o: Vector3, d: Vector3, t: number): [number, number] => {
      const x = o[0] + t * d[0] - c[0], y = o[1] + t * d[1] - c[1], z = o[2] + t * d[2] - c[2]
      return [ex[0] * x + ex[1] * y + ex[2] * z, ey[0] * x + ey[1] * y + ey[2] * z]
    }
    const planeT = (o: Vector3, d: Vector3) => {
      const den = d[0] * n[0] + d[1] * n[1] + d[2] * n[2]
      return Math.abs(den) < 1e-12 ? Infinity : ((c[0] - o[0]) * n[0] + (c[1] - o[1]) * n[1] + (c[2] - o[2]) * n[2]) / den
    }
    const cell = m.sizeMm / m.cellsSide
    return {
      ...boxFromPoints(corners),
      markerIndex: index,
      hit(o, d) {
        const t = planeT(o, d)
        if (!(t > 0)) return Infinity
        const [lx, ly] = local(o, d, t)
        return Math.abs(lx) <= half && Math.abs(ly) <= half ? t - PAPER_PRIORITY_MM : Infinity
      },
      inSquare(o, d) {
        const t = planeT(o, d)
        if (!(t > 0)) return false
        const [lx, ly] = local(o, d, t)
        return Math.abs(lx) < m.sizeMm / 2 && Math.abs(ly) < m.sizeMm / 2
      },
      shade(o, d, t) {
        const [lx, ly] = local(o, d, t + PAPER_PRIORITY_MM)
        const s = m.sizeMm / 2
        if (Math.abs(lx) >= s || Math.abs(ly) >= s) return WHITE
        // Cell row 0 is the pattern's top (local +y).
        const col = Math.min(m.cellsSide - 1, Math.floor((lx + s) / cell))
        const row = Math.min(m.cellsSide - 1, Math.floor((s - ly) / cell))
        return m.cells[row * m.cellsSide + col] ? WHITE : INK
      },
    }
  }

  function basePrimitive(m: SynthModel): Primitive {
    const [a, b] = m.base.shape === 'round' ? [m.base.diameter / 2, m.base.diameter / 2] : [m.base.length / 2, m.base.width / 2]
    const top = m.z + m.baseHeightMm
    return ellipticCylinder(m.position, m.facingDeg, a, b, m.z, top, m.baseColor, -1)
  }

  function figurePrimitive(m: SynthModel): Primitive {
    const f = m.figure!
    const z0 = m.z + m.baseHeightMm
    return ellipticCylinder(m.position, m.facingDeg, f.radiusMm, f.radiusMm, z0, z0 + f.heightMm, f.color, -1)
  }

  function ellipticCylinder(c: [number, number], angleDeg: number, a: number, b: number, z0: number, z1: number, color: Rgb, markerIndex: number): Primitive {
    const ang = (angleDeg * Math.PI) / 180
    const ca = Math.cos(ang), sa = Math.sin(ang)
    const pts: Vector3[] = []
    for (let i = 0; i < 16; i++) {
      const th = (i / 16) * 2 * Math.PI
      const lx = a * Math.cos(th) / Math.cos(Math.PI / 16), ly = b * Math.sin(th) / Math.cos(Math.PI / 16)
      const x = c[0] + ca * lx - sa * ly, y = c[1] + sa * lx + ca * ly
      pts.push([x, y, z0], [x, y, z1])
    }
    let lastNormal: Vector3 = [0, 0, 1]
    return {
      ...boxFromPoints(pts),
      markerIndex,
      hit(o, d) {
        // Into the unit-circle frame of the ellipse.
        const ox = o[0] - c[0], oy = o[1] - c[1]
        const lox = (ca * ox + sa * oy) / a, loy = (-sa * ox + ca * oy) / b
        const ldx = (ca * d[0] + sa * d[1]) / a, ldy = (-sa * d[0] + ca * d[1]) / b
        let best = Infinity
        if (Math.abs(d[2]) > 1e-12) {
          const t = (z1 - o[2]) / d[2]
          if (t > 0) {
            const px = lox + t * ldx, py = loy + t * ldy
            if (px * px + py * py <= 1) { best = t; lastNormal = [0, 0, 1] }
          }
        }
        const qa = ldx * ldx + ldy * ldy
        const qb = 2 * (lox * ldx + loy * ldy)
        const qc = lox * lox + loy * loy - 1
        const disc = qb * qb - 4 * qa * qc
        if (qa > 1e-18 && disc >= 0) {
          const t = (-qb - Math.sqrt(disc)) / (2 * qa)
          const z = o[2] + t * d[2]
          if (t > 0 && t < best && z >= z0 && z <= z1) {
            best = t
            const px = lox + t * ldx, py = loy + t * ldy
            const nx = px / a, ny = py / b
            const nn = Math.sqrt(nx * nx + ny * ny) || 1
            lastNormal = [(ca * nx - sa * ny) / nn, (sa * nx + ca * ny) / nn, 0]
          }
        }
        return best
      },
      shade() {
        const light = Math.max(0, 0.35 * lastNormal[0] - 0.45 * lastNormal[1] + 0.82 * lastNormal[2])
        const f = 0.45 + 0.6 * light
        return [color[0] * f, color[1] * f, color[2] * f]
      },
    }
  }

  function terrainPrimitive(t: SynthTerrain): Primitive {
    const ang = (t.rotationDeg * Math.PI) / 180
    const ca = Math.cos(ang), sa = Math.sin(ang)
    const poly = t.footprint.map(([x, y]) => [t.position[0] + ca * x - sa * y, t.position[1] + sa * x + ca * y] as [number, number])
    const pts: Vector3[] = poly.flatMap(([x, y]) => [[x, y, 0], [x, y, t.heightMm]] as Vector3[])
    let lastShade = 1
    return {
      ...boxFromPoints(pts),
      markerIndex: -1,
      hit(o, d) {
        let best = Infinity
        if (Math.abs(d[2]) > 1e-12) {
          const tt = (t.heightMm - o[2]) / d[2]
          if (tt > 0 && pointInPolygon(poly, o[0] + tt * d[0], o[1] + tt * d[1])) { best = tt; lastShade = 1 }
        }
        for (let i = 0; i < poly.length; i++) {
          const [ax, ay] = poly[i]!
          const [bx, by] = poly[(i + 1) % poly.length]!
          const ex = bx - ax, ey = by - ay
          const den = d[0] * ey - d[1] * ex
          if (Math.abs(den) < 1e-12) continue
          const tt = ((ax - o[0]) * ey - (ay - o[1]) * ex) / den
          const s = ((ax - o[0]) * d[1] - (ay - o[1]) * d[0]) / den
          const z = o[2] + tt * d[2]
          if (tt > 0 && tt < best && s >= 0 && s <= 1 && z >= 0 && z <= t.heightMm) {
            best = tt
            const len = Math.hypot(ex, ey)
            lastShade = 0.6 + 0.3 * Math.abs(ey / len)
          }
        }
        return best
      },
      shade() {
        return [t.color[0] * lastShade, t.color[1] * lastShade, t.color[2] * lastShade]
      },
    }
  }
}

/**
 * The marker's axes in the table frame: x, y (mirrored for face-down markers) and the paper normal,
 * after its tilt (about its own x axis, then its y axis).
 */
export function markerBasis(m: Pick<SynthMarker, 'rotationDeg' | 'face' | 'tiltDeg'>): { ex: Vector3; ey: Vector3; n: Vector3 } {
  const a = (m.rotationDeg * Math.PI) / 180
  const ca = Math.cos(a), sa = Math.sin(a)
  const mirror = m.face === 'down' ? -1 : 1
  let ex: Vector3 = [ca, sa, 0]
  let ey: Vector3 = [-sa * mirror, ca * mirror, 0]
  let n: Vector3 = [0, 0, 1]
  const [tx = 0, ty = 0] = m.tiltDeg ?? [0, 0]
  if (tx) {
    const c = Math.cos((tx * Math.PI) / 180), s = Math.sin((tx * Math.PI) / 180)
    const ey2: Vector3 = [ey[0] * c + n[0] * s, ey[1] * c + n[1] * s, ey[2] * c + n[2] * s]
    n = [n[0] * c - ey[0] * s, n[1] * c - ey[1] * s, n[2] * c - ey[2] * s]
    ey = ey2
  }
  if (ty) {
    const c = Math.cos((ty * Math.PI) / 180), s = Math.sin((ty * Math.PI) / 180)
    const ex2: Vector3 = [ex[0] * c + n[0] * s, ex[1] * c + n[1] * s, ex[2] * c + n[2] * s]
    n = [n[0] * c - ex[0] * s, n[1] * c - ex[1] * s, n[2] * c - ex[2] * s]
    ex = ex2
  }
  return { ex, ey, n }
}

/** The four corners of a marker's black square in the table frame (OpenCV order TL, TR, BR, BL). */
export function markerCornersTable(m: Pick<SynthMarker, 'sizeMm' | 'centre' | 'z' | 'rotationDeg' | 'face' | 'tiltDeg'>): Vector3[] {
  const s = m.sizeMm / 2
  const { ex, ey } = markerBasis(m)
  return ([[-s, s], [s, s], [s, -s], [-s, -s]] as const).map(([lx, ly]) => [
    m.centre[0] + ex[0] * lx + ey[0] * ly,
    m.centre[1] + ex[1] * lx + ey[1] * ly,
    m.z + ex[2] * lx + ey[2] * ly,
  ] as Vector3)
}

function clampBox(p: Primitive, width: number, height: number): void {
  p.x0 = Math.max(0, p.x0); p.y0 = Math.max(0, p.y0)
  p.x1 = Math.min(width - 1, p.x1); p.y1 = Math.min(height - 1, p.y1)
}

function insideHand(h: SynthHand, u: number, v: number): boolean {
  const a = (h.angleDeg * Math.PI) / 180
  const x = u - h.cx, y = v - h.cy
  const px = Math.cos(a) * x + Math.sin(a) * y
  const py = -Math.sin(a) * x + Math.cos(a) * y
  const lx = px / h.rx, ly = py / h.ry
  if (lx * lx + ly * ly <= 1) return true
  if (!h.fingers) return false
  // Fingers: capsules from the palm's top edge (local +y), splayed; the thumb from its side.
  for (const f of FINGERS) {
    const ax = f.x * h.rx, ay = Math.sqrt(Math.max(0, 1 - f.x * f.x)) * h.ry * 0.8
    const len = f.length * h.ry
    const dx = Math.sin(f.angle), dy = Math.cos(f.angle)
    const t = Math.max(0, Math.min(len, (px - ax) * dx + (py - ay) * dy))
    const r = f.width * h.rx
    if ((px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2 <= r * r) return true
  }
  return false
}
const FINGERS = [
  { x: -0.6, angle: -0.18, length: 0.85, width: 0.2 },
  { x: -0.2, angle: -0.05, length: 1.0, width: 0.21 },
  { x: 0.2, angle: 0.05, length: 0.95, width: 0.21 },
  { x: 0.58, angle: 0.16, length: 0.75, width: 0.19 },
  { x: 0.95, angle: 1.0, length: 0.7, width: 0.24 },
]

function pointInPolygon(poly: readonly [number, number][], x: number, y: number): boolean {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!
    const [xj, yj] = poly[j]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

// Procedural textures (mm in, colour out): a mottled green mat with fine grain and faint hex lines,
// and a wooden floor. Smooth enough to need one ray per pixel, busy enough to trouble thresholding.
const FLOOR: Rgb = [70, 52, 38]
function tableShade(x: number, y: number): number {
  const n = 0.6 * valueNoise(x / 90, y / 90) + 0.3 * valueNoise(x / 17, y / 17) + 0.1 * valueNoise(x / 3, y / 3)
  return 0.75 + 0.4 * n
}
// The mat's shading sampled every TEXEL_MM once per process, then read bilinearly (10× faster than
// evaluating the noise per ray).
const TEXEL_MM = 1
const TEXTURE_SIDE = Math.ceil(1300 / TEXEL_MM)
let texture: Float32Array | null = null
const _tex: Rgb = [0, 0, 0]
function tableTexture(x: number, y: number): Rgb {
  if (!texture) {
    texture = new Float32Array(TEXTURE_SIDE * TEXTURE_SIDE)
    for (let j = 0; j < TEXTURE_SIDE; j++) for (let i = 0; i < TEXTURE_SIDE; i++) texture[j * TEXTURE_SIDE + i] = tableShade(i * TEXEL_MM, j * TEXEL_MM)
  }
  const fx = Math.min(TEXTURE_SIDE - 1.001, Math.max(0, x / TEXEL_MM)), fy = Math.min(TEXTURE_SIDE - 1.001, Math.max(0, y / TEXEL_MM))
  const i = Math.floor(fx), j = Math.floor(fy)
  const ax = fx - i, ay = fy - j
  const k = j * TEXTURE_SIDE + i
  const top = texture[k]! + (texture[k + 1]! - texture[k]!) * ax
  const bottom = texture[k + TEXTURE_SIDE]! + (texture[k + TEXTURE_SIDE + 1]! - texture[k + TEXTURE_SIDE]!) * ax
  const f = top + (bottom - top) * ay
  _tex[0] = 78 * f; _tex[1] = 112 * f; _tex[2] = 70 * f
  return _tex
}
const _floor: Rgb = [0, 0, 0]
function floorTexture(x: number, y: number): Rgb {
  // Stretched mat texture, wrapped: wood-like streaks at no extra cost.
  const m = tableTexture(((x / 4) % 1200 + 1200) % 1200, ((y / 0.5) % 1200 + 1200) % 1200)
  const f = m[1] / 112
  _floor[0] = FLOOR[0] * f; _floor[1] = FLOOR[1] * f; _floor[2] = FLOOR[2] * f
  return _floor
}

/** Where the image corners' rays meet the table plane (for placing things in view). */
export function visibleTablePolygon(spec: Pick<SynthFrameSpec, 'width' | 'height' | 'intrinsics' | 'pose'>, inset = 0): [number, number][] {
  const eye = cameraCentre(spec.pose)
  const pts: [number, number][] = []
  for (const [u, v] of [[inset, inset], [spec.width - 1 - inset, inset], [spec.width - 1 - inset, spec.height - 1 - inset], [inset, spec.height - 1 - inset]] as const) {
    const p = intersectPlaneZ(spec.intrinsics, spec.pose, eye, u, v, 0)
    if (p) pts.push([p[0], p[1]])
  }
  return pts
}

export { pointInPolygon }
