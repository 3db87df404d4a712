// The table survey's geometry on exact projections (no renderer: corners projected through known
// cameras, with seeded noise), so every answer is known: IPPE_SQUARE poses, the bundle-adjusted map,
// the refusals, and the table's rectangle from corner markers and from tapped corners.
import { beforeAll, describe, expect, it } from 'vitest'
import { lookAt, projectPoint, type CameraPose } from '../../src/tracking/math/camera.ts'
import { markerCornersInPlane } from '../../src/tracking/pipeline/fuseTablePose.ts'
import { fitRigid2d } from '../../src/tracking/pipeline/estimateObjectPoses.ts'
import { solveSquareMarkerPoses } from '../../src/tracking/opencv/squareMarkerPoses.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import type { SurveyRegistry, TableCorner } from '../../src/tracking/registry/registrySchema.ts'
import { measureMarkerMap } from '../../src/tracking/survey/measureMarkerMap.ts'
import { surveyTable, completeSurvey } from '../../src/tracking/survey/surveyTable.ts'
import type { MarkerMap, SurveyView, TableTap } from '../../src/tracking/survey/types.ts'
import type { CameraIntrinsics, MarkerCorners, Vector3 } from '../../src/tracking/types.ts'
import { angleErrorDeg, openCv } from './helpers.ts'
import { createRandom } from './synth/random.ts'

let cv: OpenCvHandle
beforeAll(async () => { cv = await openCv() })

const W = 1219.2, D = 1219.2
const K: CameraIntrinsics = { width: 1920, height: 1080, fx: 1480, fy: 1480, cx: 965, cy: 535, source: 'calibration' }

type Laid = { id: number; size: number; x: number; y: number; deg: number; corner?: TableCorner; face?: 'up' | 'down' }

/** Six markers: two in corners (edges along the table's), four at odd spots and turns. */
const LAID: Laid[] = [
  { id: 0, size: 70, x: 70 / 6 + 35, y: 70 / 6 + 35, deg: 90, corner: 'x0y0' },
  { id: 1, size: 70, x: W - 70 / 6 - 35, y: 70 / 6 + 35, deg: 180, corner: 'x1y0' },
  { id: 2, size: 70, x: 400, y: 650, deg: 23 },
  { id: 3, size: 70, x: 880, y: 420, deg: -131 },
  { id: 4, size: 60, x: 620, y: 1010, deg: 77 },
  { id: 5, size: 70, x: 210, y: 1080, deg: 164 },
]

function registryOf(laid: readonly Laid[], opts: { corners?: boolean } = {}): SurveyRegistry {
  return {
    format: 'tabletop-markers/1',
    markers: [
      ...laid.map((m) => ({ id: m.id, role: 'table' as const, size: m.size, ...(opts.corners !== false && m.corner ? { corner: m.corner } : {}), ...(m.face ? { face: m.face } : {}) })),
      { id: 20, role: 'model' as const, model: 'a1', size: 20 },
    ],
  }
}

/** Cameras around the table, 1.5 m from points on it, 45–60° up. */
function cameras(n: number, seed: number, below = false): CameraPose[] {
  const rnd = createRandom(seed)
  return Array.from({ length: n }, (_, k) => {
    const look: [number, number] = [rnd.range(400, 800), rnd.range(400, 800)]
    const az = ((-90 + (180 * k) / Math.max(1, n - 1)) * Math.PI) / 180
    const el = (rnd.range(45, 60) * Math.PI) / 180
    const eye: Vector3 = [look[0] + 1500 * Math.cos(el) * Math.sin(az), look[1] - 1500 * Math.cos(el) * Math.cos(az), (below ? -1 : 1) * 1500 * Math.sin(el)]
    return lookAt(eye, [look[0], look[1], 0], rnd.range(-5, 5))
  })
}

/** Each camera's view of the laid markers (corners fully in the image), with Gaussian corner noise. */
function viewsOf(laid: readonly Laid[], poses: readonly CameraPose[], noisePx: number, seed: number, k: CameraIntrinsics = K): SurveyView[] {
  const rnd = createRandom(seed)
  return poses.map((pose, i) => ({
    id: i + 1,
    width: k.width,
    height: k.height,
    markers: laid.flatMap((m) => {
      const corners = markerCornersInPlane(m.size, [m.x, m.y], m.deg, m.face).map(([x, y]) => projectPoint(k, pose, [x, y, 0]))
      if (corners.some((c) => !c || c[0] < 5 || c[1] < 5 || c[0] > k.width - 5 || c[1] > k.height - 5)) return []
      return [{ id: m.id, corners: corners.map((c) => [c![0] + noisePx * rnd.normal(), c![1] + noisePx * rnd.normal()]) as MarkerCorners }]
    }),
  }))
}

describe('square marker poses (OpenCV solvePnP, IPPE_SQUARE)', () => {
  it('recovers a 70 mm marker 1.6 m away to a tenth of a millimetre and a tenth of a degree', () => {
    const pose = lookAt([300, -900, 1200], [500, 400, 0], 3)
    const corners = markerCornersInPlane(70, [500, 400], 0).map(([x, y]) => projectPoint(K, pose, [x, y, 0])!) as MarkerCorners
    const [got] = solveSquareMarkerPoses(cv, K, [{ sizeMm: 70, corners }])
    // The marker's centre in the camera frame is R·(500, 400, 0) + t.
    const r = pose.rotation, t = pose.translation
    const want = [r[0] * 500 + r[1] * 400 + t[0], r[3] * 500 + r[4] * 400 + t[1], r[6] * 500 + r[7] * 400 + t[2]]
    expect(Math.hypot(got!.translation[0] - want[0]!, got!.translation[1] - want[1]!, got!.translation[2] - want[2]!)).toBeLessThan(0.1)
    // Its z axis (out of the face) is the table's +z seen from the camera: R's third column.
    const cos = got!.rotation[2] * r[2] + got!.rotation[5] * r[5] + got!.rotation[8] * r[8]
    expect((Math.acos(Math.min(1, cos)) * 180) / Math.PI).toBeLessThan(0.1)
  })
})

describe('the marker map (bundle adjustment over exact projections + 0.05 px noise)', () => {
  const rigidError = (got: Map<number, [number, number]>, laid: readonly Laid[]) => {
    const ids = laid.map((m) => m.id)
    const fit = fitRigid2d(ids.map((id) => got.get(id)!), laid.map((m) => [m.x, m.y] as const))
    const c = Math.cos(fit.angleRad), s = Math.sin(fit.angleRad)
    return Math.max(...ids.map((id, i) => { const [x, y] = got.get(id)!; return Math.hypot(c * x - s * y + fit.x - laid[i]!.x, s * x + c * y + fit.y - laid[i]!.y) }))
  }

  it('with the camera known: every marker within 0.1 mm of the truth after a rigid fit, residuals at the corner noise (0.05 px ≈ 0.1 mm)', () => {
    const map = measureMarkerMap(cv, viewsOf(LAID, cameras(8, 1), 0.05, 2), registryOf(LAID), { calibration: K }) as MarkerMap
    expect('ok' in map).toBe(false)
    expect(rigidError(new Map(map.markers.map((m) => [m.id, [m.pose.x, m.pose.y]])), LAID)).toBeLessThan(0.1)
    for (const m of map.markers) expect(m.residualMm).toBeLessThan(0.15)
    // No detector bias in these corners: the offset is not significant and is left out.
    expect(map.cornerBiasPx).toBe(0)
    expect(map.rmsErrorPx).toBeLessThan(0.1)
  })

  it('without a camera file: the focal length within 0.5 % and the principal point within 5 px, the map within 0.2 mm', () => {
    const k = { ...K, cx: 972, cy: 531 }
    const map = measureMarkerMap(cv, viewsOf(LAID, cameras(10, 3), 0.05, 4, k), registryOf(LAID)) as MarkerMap
    expect('ok' in map).toBe(false)
    expect(map.focalEstimated).toBe(true)
    const got = map.views[0]!.intrinsics
    expect(Math.abs(got.fx / k.fx - 1)).toBeLessThan(0.005)
    expect(Math.hypot(got.cx - k.cx, got.cy - k.cy)).toBeLessThan(5)
    expect(rigidError(new Map(map.markers.map((m) => [m.id, [m.pose.x, m.pose.y]])), LAID)).toBeLessThan(0.2)
  })

  it('a detector that reads every corner 0.05 px inward: the shared corner offset, when asked for, is found and the scale stays right', () => {
    const views = viewsOf(LAID, cameras(10, 5), 0.03, 6).map((v) => ({
      ...v,
      markers: v.markers.map((m) => {
        const cx = m.corners.reduce((a, p) => a + p[0], 0) / 4, cy = m.corners.reduce((a, p) => a + p[1], 0) / 4
        return { ...m, corners: m.corners.map(([u, w]) => { const d = Math.hypot(u - cx, w - cy); return [u - (0.05 * (u - cx)) / d, w - (0.05 * (w - cy)) / d] }) as MarkerCorners }
      }),
    }))
    const withOffset = measureMarkerMap(cv, views, registryOf(LAID), { calibration: K, params: { estimateCornerBias: true } }) as MarkerMap
    const without = measureMarkerMap(cv, views, registryOf(LAID), { calibration: K, params: { estimateCornerBias: false } }) as MarkerMap
    const err = (map: MarkerMap) => rigidError(new Map(map.markers.map((m) => [m.id, [m.pose.x, m.pose.y]])), LAID)
    expect(err(withOffset)).toBeLessThan(0.15)
    // Without it the map comes out too big (markers read small look far): measurably worse.
    expect(err(without)).toBeGreaterThan(2 * err(withOffset))
  })

  it('refuses too few views, a marker never seen, a marker seen once, and a map in two parts, naming the markers', () => {
    const poses = cameras(8, 7)
    const all = viewsOf(LAID, poses, 0.05, 8)
    const refusal = (views: SurveyView[], registry = registryOf(LAID)) => {
      const r = surveyTable(cv, views, registry, { calibration: K })
      if (r.ok) throw new Error('expected a refusal')
      return r
    }
    expect(refusal(all.slice(0, 2))).toMatchObject({ code: 'too-few-views' })
    expect(refusal(all.slice(0, 2)).reason).toMatch(/too few views: 2 show two or more table markers, at least 3/)
    const extra = { ...registryOf(LAID), markers: [...registryOf(LAID).markers, { id: 9, role: 'table' as const, size: 70 }] }
    expect(refusal(all, extra)).toMatchObject({ code: 'never-seen', markerIds: [9] })
    expect(refusal(all, extra).reason).toMatch(/^table marker 9 was never seen/)
    // Marker 4 kept in one view only.
    const once = all.map((v, i) => ({ ...v, markers: v.markers.filter((m) => m.id !== 4 || i === 0) }))
    expect(once[0]!.markers.some((m) => m.id === 4)).toBe(true)
    expect(refusal(once)).toMatchObject({ code: 'too-few-views-of-marker', markerIds: [4] })
    // Two groups never seen together: {0, 1, 2} and {3, 4, 5} (14 views, each showing one group).
    const split = viewsOf(LAID, cameras(14, 9), 0.05, 10).map((v, i) => ({ ...v, markers: v.markers.filter((m) => (i % 2 === 0 ? m.id <= 2 : m.id >= 3)) }))
    expect(refusal(split)).toMatchObject({ code: 'disconnected' })
    const named = refusal(split).markerIds
    expect(named.length === 3 && (named.join() === '0,1,2' || named.join() === '3,4,5')).toBe(true)
  })
})

describe('the table\'s rectangle', () => {
  const poses = cameras(8, 11)
  const views = viewsOf(LAID, poses, 0.05, 12)
  const truthOf = (id: number) => LAID.find((m) => m.id === id)!
  const check = (r: ReturnType<typeof completeSurvey>, tolMm: number, tolDeg: number) => {
    if (!r.ok) throw new Error(r.reason)
    for (const m of r.markers) {
      const t = truthOf(m.id)
      expect(Math.hypot(m.position[0] - t.x, m.position[1] - t.y)).toBeLessThan(tolMm)
      expect(angleErrorDeg(m.rotation, t.deg)).toBeLessThan(tolDeg)
    }
    return r
  }
  const tapAt = (view: number, corner: TableCorner, noise: [number, number] = [0, 0]): TableTap => {
    const p = projectPoint(K, poses[view - 1]!, [corner.startsWith('x1') ? W : 0, corner.endsWith('y1') ? D : 0, 0])!
    return { viewId: view, corner, pointPx: [p[0] + noise[0], p[1] + noise[1]] }
  }

  it('from two corner markers along one edge: origin, axes and table width; every marker within 0.3 mm and 0.05°', () => {
    const r = check(surveyTable(cv, views, registryOf(LAID), { calibration: K }), 0.3, 0.05)
    expect(r.table.from).toBe('corner-markers')
    expect(r.table.widthMm).toBeCloseTo(W, 0)
    expect(r.table.depthMm).toBeUndefined()
    expect(r.registry.survey).toMatchObject({ frames: 8, table: { from: 'corner-markers' } })
    // The completed registry keeps the corner declarations and the model markers as they were.
    expect(r.registry.markers.find((m) => m.id === 0)).toMatchObject({ corner: 'x0y0', role: 'table' })
    expect(r.registry.markers.find((m) => m.id === 20)).toEqual({ id: 20, role: 'model', model: 'a1', size: 20 })
  })

  it('from one corner marker: its turn gives the axes (mod 90°) and the other markers, lying on the table, the quadrant', () => {
    const one = LAID.map((m) => (m.id === 1 ? { ...m, corner: undefined } : m))
    check(surveyTable(cv, views, registryOf(one), { calibration: K }), 0.5, 0.1)
  })

  it('a corner marker declared in the wrong corner is refused and named', () => {
    const wrong = LAID.map((m) => (m.id === 1 ? { ...m, corner: 'x1y1' as const } : m))
    const r = surveyTable(cv, views, registryOf(wrong), { calibration: K })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.code === 'corner-off' || r.code === 'no-table-frame').toBe(true)
  })

  it('a corner marker 40 mm out of its corner is refused and named (four corner markers, the table size known)', () => {
    const four: Laid[] = [...LAID, { id: 6, size: 70, x: W - 70 / 6 - 35, y: D - 70 / 6 - 35, deg: 0, corner: 'x1y1' }, { id: 7, size: 70, x: 70 / 6 + 35, y: D - 70 / 6 - 35, deg: 270, corner: 'x0y1' }]
    const off = four.map((m) => (m.id === 6 ? { ...m, x: m.x - 40 } : m))
    const r = surveyTable(cv, viewsOf(off, cameras(10, 15), 0.05, 16), registryOf(off), { calibration: K, tableSize: { widthMm: W, depthMm: D } })
    expect(r).toMatchObject({ ok: false, code: 'corner-off', markerIds: [6] })
    if (!r.ok) expect(r.reason).toMatch(/^table marker 6 \(declared in corner x1y1\) is \d+ mm from where/)
    // Laid right, the same four give the table's size.
    const good = surveyTable(cv, viewsOf(four, cameras(10, 15), 0.05, 16), registryOf(four), { calibration: K })
    expect(good.ok && Math.abs(good.table.widthMm! - W) < 0.5 && Math.abs(good.table.depthMm! - D) < 0.5).toBe(true)
  })

  it('no corner markers: refused with the map, then completed from taps (two adjacent corners; four with 2 px tap noise)', () => {
    const registry = registryOf(LAID, { corners: false })
    const first = surveyTable(cv, views, registry, { calibration: K })
    expect(first).toMatchObject({ ok: false, code: 'no-table-frame' })
    const map = (first as { map: MarkerMap }).map
    check(completeSurvey(map, registry, { taps: [tapAt(2, 'x0y0'), tapAt(2, 'x1y0')] }), 0.5, 0.05)
    const noisy = completeSurvey(map, registry, { taps: [tapAt(4, 'x0y0', [2, -1]), tapAt(4, 'x1y0', [-2, 2]), tapAt(4, 'x1y1', [1, 2]), tapAt(4, 'x0y1', [-1, -2])] })
    check(noisy, 4, 0.3)
    if (noisy.ok) expect(noisy.table.from).toBe('tapped-corners')
  })

  it('taps that do not fix the table: one corner; two diagonal ones without the size (fixed with it); a view not in the survey', () => {
    const registry = registryOf(LAID, { corners: false })
    const map = (surveyTable(cv, views, registry, { calibration: K }) as { map: MarkerMap }).map
    expect(completeSurvey(map, registry, { taps: [tapAt(3, 'x0y0')] })).toMatchObject({ ok: false, code: 'no-table-frame' })
    expect(completeSurvey(map, registry, { taps: [tapAt(3, 'x0y0'), tapAt(3, 'x1y1')] })).toMatchObject({ ok: false, code: 'no-table-frame' })
    check(completeSurvey(map, registry, { taps: [tapAt(3, 'x0y0'), tapAt(3, 'x1y1')], tableSize: { widthMm: W, depthMm: D } }), 0.6, 0.05)
    expect(completeSurvey(map, registry, { taps: [{ ...tapAt(3, 'x0y0'), viewId: 99 }, tapAt(3, 'x1y0')] })).toMatchObject({ ok: false, code: 'bad-tap' })
  })

  it('markers face down under a glass table, camera below: positions and turns as a person measures them from above', () => {
    const down = LAID.map((m) => ({ ...m, face: 'down' as const }))
    const below = cameras(8, 13, true)
    const r = surveyTable(cv, viewsOf(down, below, 0.05, 14), registryOf(down), { calibration: K })
    if (!r.ok) throw new Error(r.reason)
    for (const m of r.markers) {
      const t = truthOf(m.id)
      expect(Math.hypot(m.position[0] - t.x, m.position[1] - t.y)).toBeLessThan(0.3)
      expect(angleErrorDeg(m.rotation, t.deg)).toBeLessThan(0.05)
    }
  })
})
