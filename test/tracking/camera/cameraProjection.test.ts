// The tracker's camera model (src/tracking/math/camera.ts) and the camera-order renderer's own
// projection, each against OpenCV itself: `projectPoints` for the forward model, and for the inverse
// the maps of `initUndistortRectifyMap` (OpenCV.js 4.12 does not export `undistortPoints`; the maps
// give, for every undistorted pixel, where OpenCV's model puts it in the distorted image) plus a round
// trip through `projectPoints`. Distortion sets: none, a phone's barrel, a pincushion with decentring,
// and the ChArUco calibration of OpenCV's tutorial photos (a copy ships here; when ../shared/testdata
// is present its YAML is read and must be the same numbers).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { projectPoint, undistortPixel, type CameraPose } from '../../../src/tracking/math/camera.ts'
import type { CameraIntrinsics } from '../../../src/tracking/types.ts'
import { openCv } from '../helpers.ts'
import { cameraLookingAt, projectToImage, undistortPoint, type Lens } from './cameraProjection.ts'
import { seededUniform } from './playerTableScene.ts'

/** OpenCV's tutorial ChArUco calibration (opencv_contrib aruco tutorial, Apache-2.0): tutorial_camera_charuco.yml. */
const TUTORIAL_CHARUCO = {
  width: 640, height: 480,
  camera: [452.51072219637672, 0, 317.70297317353277, 0, 456.76707935146891, 277.75155919135995, 0, 0, 1],
  distortion: [0.12136925618707872, -1.0854664722560681, 1.1786843796668460e-4, -4.6240686046485508e-4, 2.9542589406810080] as const,
}
const SHARED_YAML = join(import.meta.dirname, '../../../../shared/testdata/markers-real/opencv-aruco-tutorial/tutorial_camera_charuco.yml')

type Case = { name: string; lens: Lens }
const CASES: Case[] = [
  { name: 'pinhole', lens: { width: 1920, height: 1080, fx: 1478.3, fy: 1478.3, cx: 962.1, cy: 533.4 } },
  { name: 'phone barrel', lens: { width: 1920, height: 1080, fx: 1480, fy: 1482, cx: 951.5, cy: 545.2, distortion: [-0.12, 0.09, 0.0008, -0.0006, -0.02] } },
  { name: 'pincushion + decentring', lens: { width: 1280, height: 720, fx: 1000, fy: 1010, cx: 650, cy: 355, distortion: [0.08, -0.03, -0.002, 0.0015, 0.01] } },
  {
    name: 'OpenCV tutorial ChArUco calibration',
    lens: { width: 640, height: 480, fx: TUTORIAL_CHARUCO.camera[0]!, fy: TUTORIAL_CHARUCO.camera[4]!, cx: TUTORIAL_CHARUCO.camera[2]!, cy: TUTORIAL_CHARUCO.camera[5]!, distortion: TUTORIAL_CHARUCO.distortion },
  },
]

type OpenCvMat = { data64F: Float64Array; data32F: Float32Array; delete(): void }
type OpenCv = {
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): OpenCvMat
  Mat: { new (): OpenCvMat; eye(r: number, c: number, t: number): OpenCvMat }
  Size: new (w: number, h: number) => unknown
  projectPoints(obj: OpenCvMat, rvec: OpenCvMat, tvec: OpenCvMat, k: OpenCvMat, d: OpenCvMat, out: OpenCvMat): void
  initUndistortRectifyMap(k: OpenCvMat, d: OpenCvMat, r: OpenCvMat, newK: OpenCvMat, size: unknown, type: number, m1: OpenCvMat, m2: OpenCvMat): void
  Rodrigues(src: OpenCvMat, dst: OpenCvMat): void
  CV_64F: number; CV_64FC3: number; CV_32FC1: number
}
let cv: OpenCv

beforeAll(async () => {
  cv = (await openCv()).cv as unknown as OpenCv
})

/** OpenCV's projectPoints of `points` (world mm) for a camera pose (R row-major, t). */
function openCvProject(lens: Lens, rotation: readonly number[], translation: readonly number[], points: readonly (readonly number[])[]): number[] {
  const rMat = cv.matFromArray(3, 3, cv.CV_64F, rotation)
  const rvec = new cv.Mat()
  cv.Rodrigues(rMat, rvec)
  const tvec = cv.matFromArray(3, 1, cv.CV_64F, translation)
  const k = cv.matFromArray(3, 3, cv.CV_64F, [lens.fx, 0, lens.cx, 0, lens.fy, lens.cy, 0, 0, 1])
  const d = cv.matFromArray(1, 5, cv.CV_64F, lens.distortion ?? [0, 0, 0, 0, 0])
  const obj = cv.matFromArray(points.length, 1, cv.CV_64FC3, points.flat())
  const out = new cv.Mat()
  try {
    cv.projectPoints(obj, rvec, tvec, k, d, out)
    return Array.from(out.data64F)
  } finally {
    for (const m of [rMat, rvec, tvec, k, d, obj, out]) m.delete()
  }
}

/** Points a camera of this lens sees, and its pose: a table-like scene 0.5–1.5 m in front. */
function sceneFor(lens: Lens, seed: number) {
  const rnd = seededUniform(seed)
  const placement = cameraLookingAt([300 + 200 * rnd(), -700 - 300 * rnd(), 600 + 300 * rnd()], [600, 500, 0], -10 + 20 * rnd())
  const points: number[][] = []
  while (points.length < 200) {
    const p = [rnd() * 1200, rnd() * 1200, rnd() * 80]
    const xc = placement.rotation[0]! * p[0]! + placement.rotation[1]! * p[1]! + placement.rotation[2]! * p[2]! + placement.translation[0]
    const yc = placement.rotation[3]! * p[0]! + placement.rotation[4]! * p[1]! + placement.rotation[5]! * p[2]! + placement.translation[1]
    const zc = placement.rotation[6]! * p[0]! + placement.rotation[7]! * p[1]! + placement.rotation[8]! * p[2]! + placement.translation[2]
    const u = (lens.fx * xc) / zc + lens.cx, v = (lens.fy * yc) / zc + lens.cy
    // Inside the image (the ChArUco tutorial lens's polynomial folds back far outside it).
    if (zc > 0 && u > 0 && v > 0 && u < lens.width - 1 && v < lens.height - 1) points.push(p)
  }
  return { placement, points }
}

const intrinsicsOf = (lens: Lens): CameraIntrinsics => ({ width: lens.width, height: lens.height, fx: lens.fx, fy: lens.fy, cx: lens.cx, cy: lens.cy, source: 'calibration', ...(lens.distortion ? { distortion: [...lens.distortion] as [number, number, number, number, number] } : {}) })

describe('camera models against OpenCV', () => {
  it('the shipped ChArUco calibration is the one in ../shared/testdata (when present)', () => {
    if (!existsSync(SHARED_YAML)) return // ../shared is not part of every clone: the copy above stands alone
    const yaml = readFileSync(SHARED_YAML, 'utf8')
    const block = (name: string) => [...yaml.split(name)[1]!.split('data:')[1]!.split(']')[0]!.matchAll(/-?[\d.]+(?:e[-+]?\d+)?/g)].map((m) => Number(m[0]))
    expect(block('camera_matrix')).toEqual(TUTORIAL_CHARUCO.camera)
    expect(block('distortion_coefficients')).toEqual([...TUTORIAL_CHARUCO.distortion])
  })

  for (const { name, lens } of CASES) {
    it(`${name}: camera.ts projectPoint and the renderer's projection equal OpenCV's projectPoints (within 1e-6 px)`, () => {
      const { placement, points } = sceneFor(lens, 7)
      const want = openCvProject(lens, placement.rotation, placement.translation, points)
      const pose: CameraPose = { rotation: [...placement.rotation] as CameraPose['rotation'], translation: placement.translation }
      const q: [number, number] = [0, 0]
      let worstTracker = 0, worstRenderer = 0
      points.forEach((p, i) => {
        const t = projectPoint(intrinsicsOf(lens), pose, p as [number, number, number])!
        worstTracker = Math.max(worstTracker, Math.hypot(t[0] - want[2 * i]!, t[1] - want[2 * i + 1]!))
        expect(projectToImage(lens, placement, p, q)).toBe(true)
        worstRenderer = Math.max(worstRenderer, Math.hypot(q[0] - want[2 * i]!, q[1] - want[2 * i + 1]!))
      })
      expect(worstTracker).toBeLessThan(1e-6)
      expect(worstRenderer).toBeLessThan(1e-6)
    })

    it(`${name}: camera.ts undistortPixel inverts OpenCV's model (projectPoints round trip within 1e-5 px, its undistortion maps within 2e-3 px)`, () => {
      const { placement, points } = sceneFor(lens, 11)
      const distorted = openCvProject(lens, placement.rotation, placement.translation, points)
      const pinhole = openCvProject({ ...lens, distortion: undefined }, placement.rotation, placement.translation, points)
      const intr = intrinsicsOf(lens)
      const back: [number, number] = [0, 0]
      const n = new Float64Array(2)
      let worst = 0, worstRenderer = 0
      points.forEach((_, i) => {
        undistortPixel(intr, distorted[2 * i]!, distorted[2 * i + 1]!, back)
        worst = Math.max(worst, Math.hypot(back[0] - pinhole[2 * i]!, back[1] - pinhole[2 * i + 1]!))
        undistortPoint((distorted[2 * i]! - lens.cx) / lens.fx, (distorted[2 * i + 1]! - lens.cy) / lens.fy, lens.distortion, n)
        worstRenderer = Math.max(worstRenderer, Math.hypot(n[0]! * lens.fx + lens.cx - pinhole[2 * i]!, n[1]! * lens.fy + lens.cy - pinhole[2 * i + 1]!))
      })
      expect(worst).toBeLessThan(1e-5)
      expect(worstRenderer).toBeLessThan(1e-5)

      // OpenCV's own maps: undistorted pixel (u, v) comes from distorted (mapX, mapY) (float32, so ~1e-4 px).
      const k = cv.matFromArray(3, 3, cv.CV_64F, [lens.fx, 0, lens.cx, 0, lens.fy, lens.cy, 0, 0, 1])
      const d = cv.matFromArray(1, 5, cv.CV_64F, lens.distortion ?? [0, 0, 0, 0, 0])
      const eye = cv.Mat.eye(3, 3, cv.CV_64F)
      const mapX = new cv.Mat(), mapY = new cv.Mat()
      try {
        cv.initUndistortRectifyMap(k, d, eye, k, new cv.Size(lens.width, lens.height), cv.CV_32FC1, mapX, mapY)
        let worstMap = 0, checked = 0
        for (let v = 8; v < lens.height; v += 37) {
          for (let u = 8; u < lens.width; u += 41) {
            const x = mapX.data32F[v * lens.width + u]!, y = mapY.data32F[v * lens.width + u]!
            if (x < 0 || y < 0 || x > lens.width - 1 || y > lens.height - 1) continue
            undistortPixel(intr, x, y, back)
            worstMap = Math.max(worstMap, Math.hypot(back[0] - u, back[1] - v))
            checked++
          }
        }
        expect(checked).toBeGreaterThan(150)
        expect(worstMap).toBeLessThan(2e-3)
      } finally {
        for (const m of [k, d, eye, mapX, mapY]) m.delete()
      }
    })
  }
})
