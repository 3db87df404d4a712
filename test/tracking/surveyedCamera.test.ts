// Without a camera file, the survey measures the camera's principal point from its views; the table
// lock of the same camera then takes it (fuseTablePose's `principal`, FrameTracker from the registry's
// survey report) instead of the image's centre with a wide prior (liftDoubt.test.ts). So a marker above
// the table gets a σ near its error, not one 4 × wider.
// Truth: a phone-like lens whose principal point is 18, −12 px off the centre, corners projected by
// the test's own lens model (camera/cameraProjection.ts) with 0.1 px noise; the survey run on them
// for real (surveyTable); the raised marker's place as laid.
import { beforeAll, describe, expect, it } from 'vitest'
import { fuseTablePose, surveyedPrincipalPoint } from '../../src/tracking/pipeline/fuseTablePose.ts'
import { estimateObjectPoses } from '../../src/tracking/pipeline/estimateObjectPoses.ts'
import { indexRegistry } from '../../src/tracking/registry/indexRegistry.ts'
import type { Registry, SurveyRegistry, TableCorner, TableMarker } from '../../src/tracking/registry/registrySchema.ts'
import { surveyTable } from '../../src/tracking/survey/surveyTable.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import type { MarkerCorners, MarkerDetection } from '../../src/tracking/types.ts'
import type { SurveyView } from '../../src/tracking/survey/types.ts'
import { cameraLookingAt, eyeAround, imagePointOf, type CameraPlacement, type Lens } from './camera/cameraProjection.ts'
import { normalOf, uniformSource } from './camera/baseSurfaces.ts'
import { markerCornersWorld } from './camera/sceneSurfaces.ts'
import { openCv } from './helpers.ts'

let cv: OpenCvHandle
beforeAll(async () => { cv = await openCv() })

const W = 1219.2
const lens: Lens = { width: 1920, height: 1080, fx: 1480, fy: 1480, cx: 959.5 + 18, cy: 539.5 - 12 }
/** Table markers as laid: two in corners (their black square 70/6 mm from both edges), six elsewhere. */
const LAID: { id: number; x: number; y: number; deg: number; corner?: TableCorner }[] = [
  { id: 0, x: 70 / 6 + 35, y: 70 / 6 + 35, deg: 90, corner: 'x0y0' },
  { id: 1, x: W - 70 / 6 - 35, y: 70 / 6 + 35, deg: 180, corner: 'x1y0' },
  { id: 2, x: 400, y: 650, deg: 23 },
  { id: 3, x: 880, y: 420, deg: -131 },
  { id: 4, x: 620, y: 1010, deg: 77 },
  { id: 5, x: 210, y: 1080, deg: 164 },
  { id: 6, x: 1100, y: 1100, deg: 10 },
  { id: 7, x: 150, y: 500, deg: -40 },
]
/** A square's corners (registry reading order) at (x, y, z) turned by deg. */
const square = (x: number, y: number, z: number, deg: number, size: number): number[][] => markerCornersWorld({ sizeMm: size, centre: [x, y, z], rotationDeg: deg })
function seen(cam: CameraPlacement, pts: number[][], rnd: () => number): MarkerCorners | null {
  const out: number[][] = []
  for (const p of pts) {
    const q = imagePointOf(lens, cam, p)
    if (!q || q[0] < 4 || q[1] < 4 || q[0] > lens.width - 5 || q[1] > lens.height - 5) return null
    out.push([q[0] + 0.1 * normalOf(rnd), q[1] + 0.1 * normalOf(rnd)])
  }
  return out as unknown as MarkerCorners
}
const view = (rnd: () => number, distance: number) => {
  const target: [number, number] = [350 + 500 * rnd(), 350 + 500 * rnd()]
  return cameraLookingAt(eyeAround(target, distance, 40 + 20 * rnd(), 360 * rnd()), [target[0], target[1], 0], 6 * (rnd() - 0.5))
}

describe('the survey\'s principal point, kept for the table lock without a camera file', () => {
  it('the survey measures it within 5 px; a marker 40–150 mm above the table then has per-axis |e|/σ median ≥ 0.3 and ≤ 1 % beyond 3σ (with the image\'s centre and the wide prior: a median under two thirds of that)', () => {
    const rnd = uniformSource(21)
    const views: SurveyView[] = Array.from({ length: 12 }, (_, k) => {
      const cam = view(rnd, 1500 + 300 * rnd())
      return { id: k + 1, width: lens.width, height: lens.height, markers: LAID.flatMap((m) => { const c = seen(cam, square(m.x, m.y, 0, m.deg, 70), rnd); return c ? [{ id: m.id, corners: c }] : [] }) }
    })
    const toSurvey: SurveyRegistry = { format: 'tabletop-markers/1', markers: LAID.map((m) => ({ id: m.id, role: 'table' as const, size: 70, ...(m.corner ? { corner: m.corner } : {}) })) }
    const surveyed = surveyTable(cv, views, toSurvey, { tableSize: { widthMm: W, depthMm: W } })
    if (!surveyed.ok) throw new Error(surveyed.reason)
    const camera = surveyed.registry.survey!.camera
    expect(camera.source).toBe('estimated')
    expect(Math.hypot(camera.cx! - lens.cx, camera.cy! - lens.cy), `surveyed (${camera.cx}, ${camera.cy}), truth (${lens.cx}, ${lens.cy})`).toBeLessThan(5)
    const principal = surveyedPrincipalPoint(camera, lens.width, lens.height)!
    if (process.env.LIFT_DEBUG) console.log('survey camera', JSON.stringify(camera), 'truth', lens.cx, lens.cy)
    expect(camera.centreSigmaPx, 'the survey\'s principal point σ').toBeGreaterThan(0)

    const table: TableMarker[] = LAID.map((m) => ({ id: m.id, role: 'table', size: 70, position: [m.x, m.y], rotation: m.deg }))
    const ratios = { surveyed: [] as number[], centre: [] as number[] }
    let beyond = 0
    for (let i = 0; i < 200; i++) {
      const cam = view(rnd, 1000 + 600 * rnd())
      const top = { x: 350 + 500 * rnd(), y: 350 + 500 * rnd(), z: 40 + 110 * rnd() }
      const detections: MarkerDetection[] = LAID.flatMap((m) => { const c = seen(cam, square(m.x, m.y, 0, m.deg, 70), rnd); return c ? [{ id: m.id, corners: c, sidePx: 40 }] : [] })
      const topCorners = seen(cam, square(top.x, top.y, top.z, 0, 60), rnd)
      if (!topCorners || detections.length < 4) continue
      detections.push({ id: 99, corners: topCorners, sidePx: 40 })
      const registry = indexRegistry({ format: 'tabletop-markers/1', markers: [...table, { id: 99, role: 'terrain', terrain: 'tower', size: 60, height: top.z }] } as Registry)
      for (const [which, p] of [['surveyed', principal], ['centre', null]] as const) {
        const lock = fuseTablePose(detections, new Map(table.map((m) => [m.id, m])), lens, null, undefined, null, null, p)
        if (!lock.lock.locked) continue
        const tower = estimateObjectPoses(detections, registry, lock, null, lens, { markerTurnSigmaDeg: 0.8 }).find((o) => o.id === 'tower')
        if (!tower) continue
        for (const q of [Math.abs(tower.position[0] - top.x) / Math.sqrt(tower.covarianceMm![0]), Math.abs(tower.position[1] - top.y) / Math.sqrt(tower.covarianceMm![2])]) {
          ratios[which].push(q)
          if (which === 'surveyed' && q > 3) beyond++
        }
      }
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!
    if (process.env.LIFT_DEBUG) console.log('surveyed', median(ratios.surveyed), 'centre', median(ratios.centre), 'beyond', beyond / ratios.surveyed.length, 'n', ratios.surveyed.length)
    expect(ratios.surveyed.length).toBeGreaterThan(200)
    expect(median(ratios.centre), 'with the image\'s centre').toBeLessThan((2 / 3) * median(ratios.surveyed))
    expect(median(ratios.surveyed), 'with the survey\'s principal point').toBeGreaterThanOrEqual(0.3)
    expect(beyond / ratios.surveyed.length, 'beyond 3σ with the survey\'s principal point').toBeLessThanOrEqual(0.01)
  })

  it('only for a picture of the survey\'s shape, scaled to its size; a camera file\'s survey gives none', () => {
    const camera = { source: 'estimated', fx: 1480, fy: 1480, cx: 977.5, cy: 527.5, width: 1920, height: 1080 }
    const half = surveyedPrincipalPoint(camera, 960, 540)!
    expect(half.cx).toBeCloseTo((977.5 + 0.5) / 2 - 0.5, 9)
    expect(half.cy).toBeCloseTo((527.5 + 0.5) / 2 - 0.5, 9)
    expect(surveyedPrincipalPoint(camera, 1440, 1080)).toBeNull()
    expect(surveyedPrincipalPoint({ ...camera, source: 'calibration' }, 1920, 1080)).toBeNull()
    expect(surveyedPrincipalPoint({ source: 'estimated' }, 1920, 1080)).toBeNull()
  })
})
