// The survey's scale σ (refineMarkerMap's `scaleSe`, issue 31: a survey without a camera file reads
// the table's scale less surely, and the player is told how surely) against the spread it claims to
// describe. Monte Carlo on a bundle made here from its documented conventions (markers flat on z = 0,
// corners TL, TR, BR, BL at (∓h, ±h) turned by the marker's angle, X_cam = R·X_map + t, a pinhole with
// the view's focal length and centre): the true map and cameras, corners projected and given Gaussian
// noise, the map refined from the truth; the scale a similarity fit of the refined markers to the true
// ones reads. The RMS of that scale error over the trials must match the σ the refinement reports, to
// within what 40 trials can tell (±25 %): neither too wide nor too narrow, with and without a camera file;
// and it must follow the corners' noise, not stand at a constant.
import { describe, expect, it } from 'vitest'
import { createRandom } from './synth/random.ts'
import { similarityScale } from './similarityScale.ts'
import { type BundleObservation, type BundleProblem, type BundleState, refineMarkerMap } from '../../src/tracking/survey/refineMarkerMap.ts'

type V3 = [number, number, number]
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
const unit = (a: V3): V3 => {
  const n = Math.hypot(...a)
  return [a[0] / n, a[1] / n, a[2] / n]
}

/** A camera at `eye` looking at `at` (OpenCV axes: x right, y down, z forward; world z up): its Rodrigues vector and translation. */
function lookAt(eye: V3, at: V3): { rvec: V3; t: V3; r: number[] } {
  const z = unit(sub(at, eye))
  const x = unit(cross(z, [0, 0, 1]))
  const y = cross(z, x)
  const r = [...x, ...y, ...z]
  const t: V3 = [-(r[0]! * eye[0] + r[1]! * eye[1] + r[2]! * eye[2]), -(r[3]! * eye[0] + r[4]! * eye[1] + r[5]! * eye[2]), -(r[6]! * eye[0] + r[7]! * eye[1] + r[8]! * eye[2])]
  const angle = Math.acos(Math.max(-1, Math.min(1, (r[0]! + r[4]! + r[8]! - 1) / 2)))
  const s = 2 * Math.sin(angle)
  const rvec: V3 = [((r[7]! - r[5]!) / s) * angle, ((r[2]! - r[6]!) / s) * angle, ((r[3]! - r[1]!) / s) * angle]
  return { rvec, t, r }
}

/** A seeded normal deviate. */
const gaussian = (seed: number): (() => number) => {
  const r = createRandom(seed)
  return () => r.normal()
}

const FOCAL = 1478 // px, 1920×1080
const CX = 960
const CY = 540
const SIZE = 50 // mm, each table marker
const SIGNS = [-1, 1, 1, 1, 1, -1, -1, -1]

/** Four corner markers of a 4'×4' table (the map's origin on the first), eight views round it at 1.2 m, 50° down. */
function scene(): { markers: Array<{ x: number; y: number; angleRad: number }>; views: Array<{ rvec: V3; t: V3; r: number[] }> } {
  const w = 1219.2 - 100
  const markers = [{ x: 0, y: 0, angleRad: 0 }, { x: w, y: 0, angleRad: 0.05 }, { x: w, y: w, angleRad: -0.04 }, { x: 0, y: w, angleRad: 0.1 }]
  const centre: V3 = [w / 2, w / 2, 0]
  const views = Array.from({ length: 8 }, (_, k) => {
    const a = (k / 8) * 2 * Math.PI + 0.3
    const d = 1200 * (0.85 + 0.1 * (k % 3))
    const eye: V3 = [centre[0] + d * Math.cos(a) * Math.cos(0.87), centre[1] + d * Math.sin(a) * Math.cos(0.87), d * Math.sin(0.87)]
    return lookAt(eye, [centre[0] + 60 * Math.sin(k), centre[1] + 60 * Math.cos(k), 0])
  })
  return { markers, views }
}

/** Each marker's corners in each view (all four in the image), with noise of `sigmaPx` per coordinate. */
function observe(s: ReturnType<typeof scene>, sigmaPx: number, noise: () => number): BundleObservation[] {
  const out: BundleObservation[] = []
  s.views.forEach((v, vi) => {
    s.markers.forEach((m, mi) => {
      const corners = new Float64Array(8)
      const c = Math.cos(m.angleRad), sn = Math.sin(m.angleRad)
      for (let k = 0; k < 4; k++) {
        const lx = (SIGNS[2 * k]! * SIZE) / 2, ly = (SIGNS[2 * k + 1]! * SIZE) / 2
        const px = m.x + c * lx - sn * ly, py = m.y + sn * lx + c * ly
        const xc = v.r[0]! * px + v.r[1]! * py + v.t[0]
        const yc = v.r[3]! * px + v.r[4]! * py + v.t[1]
        const zc = v.r[6]! * px + v.r[7]! * py + v.t[2]
        corners[2 * k] = FOCAL * (xc / zc) + CX + sigmaPx * noise()
        corners[2 * k + 1] = FOCAL * (yc / zc) + CY + sigmaPx * noise()
      }
      out.push({ view: vi, marker: mi, corners })
    })
  })
  return out
}

/** The scale a similarity fit of `got` onto `want` reads, − 1. */
const scaleError = (got: Array<{ x: number; y: number }>, want: Array<{ x: number; y: number }>): number =>
  similarityScale(got.map((g) => [g.x, g.y] as const), want.map((w) => [w.x, w.y] as const)) - 1

function trials(cameraFile: boolean, n: number, sigmaPx: number): { rms: number; sigma: number } {
  const s = scene()
  const problemOf = (observations: BundleObservation[]): BundleProblem => ({
    markerSizes: s.markers.map(() => SIZE),
    fixedMarker: 0,
    views: s.views.map(() => (cameraFile ? { cx: CX, cy: CY, fx: FOCAL, fy: FOCAL, focalScale: 1 } : { cx: CX, cy: CY, focalScale: 1000 })),
    observations,
    estimateFocal: !cameraFile,
    estimateCentre: !cameraFile,
    centrePriorPx: 15,
    estimateCornerBias: false,
    huberPx: 100,
  })
  const initial: BundleState = {
    markers: s.markers.map((m) => ({ ...m })),
    views: s.views.map((v) => Float64Array.from([...v.rvec, ...v.t])),
    focalRel: cameraFile ? 1 : FOCAL / 1000,
    centrePx: [0, 0],
    cornerBiasPx: 0,
  }
  const errors: number[] = []
  const sigmas: number[] = []
  for (let k = 0; k < n; k++) {
    const result = refineMarkerMap(problemOf(observe(s, sigmaPx, gaussian(1000 + k))), initial, { scaleSe: true })
    errors.push(scaleError(result.state.markers, s.markers))
    sigmas.push(result.scaleSe)
  }
  sigmas.sort((a, b) => a - b)
  return { rms: Math.sqrt(errors.reduce((a, e) => a + e * e, 0) / n), sigma: sigmas[Math.floor(n / 2)]! }
}

describe("the survey's scale σ", () => {
  it('matches the spread of the scale it reads without a camera file (focal length and centre refined with the map)', () => {
    const { rms, sigma } = trials(false, 40, 0.3)
    expect(sigma).toBeGreaterThan(0)
    expect(rms / sigma).toBeGreaterThan(0.75)
    expect(rms / sigma).toBeLessThan(1.33)
  })

  it('matches it with a camera file (the focal length and centre known)', () => {
    const { rms, sigma } = trials(true, 40, 0.3)
    expect(rms / sigma).toBeGreaterThan(0.75)
    expect(rms / sigma).toBeLessThan(1.33)
  })

  it('follows the corners\' noise: twice the noise, twice the σ and twice the spread', () => {
    const low = trials(false, 40, 0.2)
    const high = trials(false, 40, 0.4)
    expect(high.sigma / low.sigma).toBeGreaterThan(1.8)
    expect(high.sigma / low.sigma).toBeLessThan(2.2)
    expect(high.rms / low.rms).toBeGreaterThan(1.5)
    expect(high.rms / low.rms).toBeLessThan(2.6)
  })
})
