// Issue 31 (σ honest both ways): a distance between two tracked models read a σ through the engine
// 1.6-2 × too wide on the camera-order phone renders (|e|/σ 0.26-0.61 at the median by row, where a
// calibrated σ gives 0.67), so calls near a range limit were marginal that need not be. A third to a half
// of that σ² was the survey's scale σ, which the engine adds over the distance. The survey gives it with
// the detector's shared corner offset free (a phone's tone curve and sharpening read every marker a
// fraction of a pixel large), rightly for the map itself; but models tracked through the same camera are
// read with the same offset, and in their distances it cancels (the tracked distances were off 0.011 % RMS
// over 24 surveys whose own scale was off +0.024 % on average). The survey now also gives the σ with the
// offset held (scaleSigmaRelSameCamera), and a scene tracked through the survey's camera carries that one.
// Seeds 1-4 were studied; this walk (seed 6) was looked at only to see that it places models.
// Truth: where the renderer laid the models; a distance between two is the same in any rigid frame.
import { beforeAll, describe, expect, it } from 'vitest'
import { openCv } from '../tracking/helpers.ts'
import { layTable, PHONE_LENS, render, surveyAndScore, walkAround } from '../tracking/camera/cameraOrderStudy.ts'
import { MY_TABLES, makeMyTable } from '../tracking/camera/myTables.ts'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import { mergeTrackedScene, trackedCameraOf } from '../../src/tracking/scene/mergeTrackedScene.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import { runQuery, type Scene } from '../../src/engine/index.ts'
import { load, model, scene as sceneOf } from '../engine/sceneBuilder.ts'

let cv: OpenCvHandle
beforeAll(async () => {
  cv = await openCv()
}, 60_000)

const median = (v: readonly number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!

/**
 * |e|/σ of every distance between two models placed in one held-out view (σ from the engine): the scene
 * as the tracker merges it now (told the camera, which is the survey's) and as it did before (not told).
 */
function distanceRatios(ti: number, seed: number) {
  const t = makeMyTable(MY_TABLES[ti]!)
  const scene = layTable(cv, t, seed + ti)
  const walk = walkAround(scene, PHONE_LENS, seed * 100 + ti, 8)
  const held = walkAround(scene, PHONE_LENS, seed * 100 + ti + 50, 4, 45)
  const survey = surveyAndScore(cv, scene, t.registry, walk.map((p, k) => render(scene, PHONE_LENS, p, 'phone', seed * 1000 + k)), null)
  if (!survey.ok) throw new Error(`survey refused: ${survey.reason}`)
  const base = sceneOf(t.army.map((a) => model(a.id, 'a', 0, 0)), [], { table: { width: t.table.widthMm, depth: t.table.depthMm } }) as Scene
  const truth = new Map(scene.models.map((m) => [m.id, m.position]))
  const now: number[] = [], before: number[] = []
  held.forEach((p, k) => {
    const frame = render(scene, PHONE_LENS, p, 'phone', seed * 1000 + 500 + k)
    const tracker = new FrameTracker(cv, survey.registry, { calibration: null, modelBases: t.army.map((a) => ({ id: a.id, base: a.base })) })
    let result
    try {
      result = tracker.track(frame, true)
    } finally {
      tracker.dispose()
    }
    if (!result.table.locked) return
    const placed = result.objects.filter((o) => o.kind === 'model' && o.frame === 'table' && (o.status ?? 'ok') === 'ok')
    const camera = trackedCameraOf(result)
    for (const [out, poses, cam] of [[now, placed, camera], [before, placed, undefined]] as const) {
      const table = load(mergeTrackedScene(base, survey.registry, poses, {}, cam).scene)
      for (let i = 0; i < poses.length; i++) for (let j = i + 1; j < poses.length; j++) {
        const a = poses[i]!.id, b = poses[j]!.id
        const d = runQuery(table, { id: 'd', type: 'distance', from: a, to: b, reference: 'centre' }) as unknown as { mm: number; uncertaintyMm: number }
        const ta = truth.get(a)!, tb = truth.get(b)!
        out.push(Math.abs(d.mm - Math.hypot(tb[0] - ta[0], tb[1] - ta[1])) / d.uncertaintyMm)
      }
    }
  })
  return { now, before, heldSigma: survey.registry.survey!.scaleSigmaRelSameCamera!, wholeSigma: survey.registry.survey!.scaleSigmaRel! }
}

describe('a distance between two tracked models: its σ through the engine on phone frames (camera-order renders, no camera file)', () => {
  it("the three tables: the survey's held σ under 0.4 of its whole, and the distances' σ narrower by a tenth or more, none beyond 3σ", () => {
    const rows = [0, 1, 2].map((ti) => distanceRatios(ti, 6))
    for (const r of rows) expect(r.heldSigma).toBeLessThan(r.wholeSigma / 2.5)
    const now = rows.flatMap((r) => r.now), before = rows.flatMap((r) => r.before)
    expect(now.length).toBeGreaterThan(120)
    expect(median(now)).toBeGreaterThan(1.1 * median(before))
    expect(median(now)).toBeLessThan(0.9)
    expect(now.filter((r) => r > 3).length / now.length).toBeLessThanOrEqual(0.01)
  }, 600_000)
})
