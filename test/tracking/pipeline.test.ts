// The tracking pipeline against synthetic ground truth: 1920×1080 frames of a 4'×4' table seen from
// ~1.1 m at 45° (the goal setting), 20 mm markers, with noise, blur, vignetting, a lighting
// gradient, hands and figures. Truth comes from the renderer's exact projection, not from the code
// under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import { MarkerDetector } from '../../src/tracking/opencv/markerDetector.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import { createGrayFrame, toGray } from '../../src/tracking/pipeline/grayFrame.ts'
import { detectMarkers } from '../../src/tracking/pipeline/detectMarkers.ts'
import { DEFAULT_EDGE_REFINE_PARAMS } from '../../src/tracking/pipeline/refineCorners.ts'
import type { Registry } from '../../src/tracking/registry/registrySchema.ts'
import { renderTableFrame, type SynthFrame } from './synth/renderTableFrame.ts'
import { buildTabletopScene, type TabletopScene } from './synth/tabletopScene.ts'
import { angleErrorDeg, cornerErrors, openCv, quantile } from './helpers.ts'

let cv: OpenCvHandle
const scenes: { scene: TabletopScene; render: SynthFrame }[] = []

beforeAll(async () => {
  cv = await openCv()
  for (const seed of [11, 12, 13]) {
    const scene = buildTabletopScene(cv, { seed, models: 14, hands: 1, principalOffsetPx: [10, -6] })
    scenes.push({ scene, render: renderTableFrame(scene.spec) })
  }
})

describe('detection on RGBA frames in Node', () => {
  it('finds every fully visible marker of 16 px or more, with no wrong ids and sub-pixel corners', () => {
    const detector = new MarkerDetector(cv, { dictionary: 'DICT_4X4_100' })
    const errors: number[] = []
    let expected = 0, found = 0, wrong = 0
    try {
      for (const { render } of scenes) {
        const gray = toGray(render.frame, createGrayFrame(render.frame.width, render.frame.height))
        const result = detectMarkers(detector, gray, undefined, DEFAULT_EDGE_REFINE_PARAMS)
        const truthIds = new Set(render.markers.map((m) => m.id))
        wrong += result.detections.filter((d) => !truthIds.has(d.id)).length
        for (const m of render.markers) {
          if (!m.inFrame || m.visibleFraction < 0.999 || m.sidePx < 16) continue
          expected++
          const d = result.detections.find((x) => x.id === m.id)
          if (!d) continue
          found++
          errors.push(...cornerErrors(d.corners, m.corners))
        }
      }
    } finally {
      detector.dispose()
    }
    expect(expected).toBeGreaterThan(40)
    expect(found).toBe(expected)
    expect(wrong).toBe(0)
    expect(quantile(errors, 0.5)).toBeLessThan(0.12)
    expect(quantile(errors, 0.95)).toBeLessThan(0.6)
  })
})

describe('table lock and object poses (no calibration: focal length from the table)', () => {
  const poseErrors: number[] = []
  const facingErrors: number[] = []
  beforeAll(() => {
    for (const { scene, render } of scenes) {
      const tracker = new FrameTracker(cv, scene.registry)
      const result = tracker.track(render.frame)
      tracker.dispose()
      expect(result.table.locked).toBe(true)
      for (const o of result.objects) {
        const t = scene.truth.find((x) => x.id === o.id && x.kind === o.kind)!
        poseErrors.push(Math.hypot(o.position[0] - t.position[0], o.position[1] - t.position[1]))
        facingErrors.push(angleErrorDeg(o.facing, t.facing))
      }
    }
  })

  it('meets the goals: position median ≤ 0.5 mm and p95 ≤ 1.5 mm, facing median ≤ 0.5°', () => {
    expect(poseErrors.length).toBeGreaterThan(30)
    expect(quantile(poseErrors, 0.5)).toBeLessThanOrEqual(0.5)
    expect(quantile(poseErrors, 0.95)).toBeLessThanOrEqual(1.5)
    expect(quantile(facingErrors, 0.5)).toBeLessThanOrEqual(0.5)
  })

  it('estimates the focal length within 2 % and locates the camera within 2 cm', () => {
    const { scene, render } = scenes[0]!
    const tracker = new FrameTracker(cv, scene.registry)
    const { table } = tracker.track(render.frame)
    tracker.dispose()
    if (!table.locked) throw new Error('not locked')
    expect(table.intrinsics.source).toBe('estimated')
    expect(Math.abs(table.intrinsics.fx / scene.spec.intrinsics.fx - 1)).toBeLessThan(0.02)
    expect(table.reprojectionErrorPx).toBeLessThan(0.2)
    const eye = cameraEye(scene)
    expect(Math.hypot(table.cameraPositionMm[0] - eye[0], table.cameraPositionMm[1] - eye[1], table.cameraPositionMm[2] - eye[2])).toBeLessThan(20)
  })

  it('with calibrated intrinsics, the reprojection error of the full camera model is sub-pixel', () => {
    const { scene, render } = scenes[1]!
    const tracker = new FrameTracker(cv, scene.registry, { calibration: scene.spec.intrinsics })
    const { table, objects } = tracker.track(render.frame)
    tracker.dispose()
    if (!table.locked) throw new Error('not locked')
    expect(table.intrinsics.source).toBe('calibration')
    expect(table.cameraReprojectionErrorPx).toBeLessThan(0.2)
    expect(objects.length).toBeGreaterThan(8)
  })

  it('reports a per-object uncertainty that covers the actual error (error < 4σ for 95 % of objects)', () => {
    const ratios: number[] = []
    for (const { scene, render } of scenes) {
      const tracker = new FrameTracker(cv, scene.registry)
      const result = tracker.track(render.frame)
      tracker.dispose()
      for (const o of result.objects) {
        const t = scene.truth.find((x) => x.id === o.id && x.kind === o.kind)!
        ratios.push(Math.hypot(o.position[0] - t.position[0], o.position[1] - t.position[1]) / o.uncertainty!)
      }
    }
    expect(quantile(ratios, 0.95)).toBeLessThan(4)
  })
})

describe('table lock edge cases', () => {
  const only = (registry: Registry, keepTable: (id: number) => boolean): Registry => ({
    ...registry,
    markers: registry.markers.filter((m) => m.role !== 'table' || keepTable(m.id)),
  })

  it('locks from exactly two reference markers', () => {
    const { scene, render } = scenes[0]!
    const seen = render.markers.filter((m) => m.id < 8 && m.inFrame && m.visibleFraction > 0.99).map((m) => m.id)
    const pair = new Set([seen[0]!, seen[seen.length - 1]!])
    const tracker = new FrameTracker(cv, only(scene.registry, (id) => pair.has(id)))
    const result = tracker.track(render.frame)
    tracker.dispose()
    expect(result.table.locked).toBe(true)
    expect(result.table.referenceIds.sort()).toEqual([...pair].sort())
    const errs = result.objects.map((o) => {
      const t = scene.truth.find((x) => x.id === o.id)!
      return Math.hypot(o.position[0] - t.position[0], o.position[1] - t.position[1])
    })
    expect(quantile(errs, 0.5)).toBeLessThan(1.5)
  })

  it('with one reference marker the table is not locked and objects come in the camera frame with a warning', () => {
    const { scene, render } = scenes[0]!
    const one = render.markers.find((m) => m.id < 8 && m.inFrame)!.id
    const tracker = new FrameTracker(cv, only(scene.registry, (id) => id === one))
    const result = tracker.track(render.frame)
    tracker.dispose()
    expect(result.table.locked).toBe(false)
    if (result.table.locked) return
    expect(result.table.reason).toMatch(/table not locked: 1 table reference marker seen/)
    expect(result.warnings.join('\n')).toMatch(/camera frame/)
    expect(result.objects.length).toBeGreaterThan(0)
    expect(result.objects.every((o) => o.frame === 'camera')).toBe(true)
    // Depth along the optical axis: the table is 0.8–1.6 m away (a single small marker can be ambiguous).
    const plausible = result.objects.filter((o) => o.z > 700 && o.z < 1800).length
    expect(plausible / result.objects.length).toBeGreaterThan(0.7)
  })

  it('drops a reference marker whose registered position is wrong (moved by 30 mm) and says so', () => {
    const { scene, render } = scenes[2]!
    const seen = render.markers.filter((m) => m.id < 8 && m.inFrame && m.visibleFraction > 0.99).map((m) => m.id)
    const moved = seen[1]!
    const registry: Registry = {
      ...scene.registry,
      markers: scene.registry.markers.map((m) => (m.role === 'table' && m.id === moved ? { ...m, position: [m.position[0] + 30, m.position[1]] } : m)),
    }
    const tracker = new FrameTracker(cv, registry)
    const result = tracker.track(render.frame)
    tracker.dispose()
    expect(result.table.locked).toBe(true)
    expect(result.table.referenceIds).not.toContain(moved)
    expect(result.warnings.join('\n')).toContain(`table marker ${moved} disagrees`)
    if (result.table.locked) expect(result.table.reprojectionErrorPx).toBeLessThan(0.3)
  })

  it('a frame without markers: not locked, no objects, a warning', () => {
    const { scene, render } = scenes[0]!
    const blank = { ...render.frame, data: new Uint8ClampedArray(render.frame.data.length).fill(128) }
    const tracker = new FrameTracker(cv, scene.registry)
    const result = tracker.track(blank)
    tracker.dispose()
    expect(result.table.locked).toBe(false)
    expect(result.objects).toEqual([])
    expect(result.warnings).toContain('no markers found in this frame')
  })
})

function cameraEye(scene: TabletopScene): [number, number, number] {
  const { rotation: r, translation: t } = scene.spec.pose
  return [-(r[0] * t[0] + r[3] * t[1] + r[6] * t[2]), -(r[1] * t[0] + r[4] * t[1] + r[7] * t[2]), -(r[2] * t[0] + r[5] * t[1] + r[8] * t[2])]
}

afterAll(() => {
  scenes.length = 0
})
