// The survey through the tracking worker's protocol (its one 'survey' message type), without a
// browser: the real worker core behind an asynchronous loopback. Photos are kept as views; a live
// camera's frame only when steady and new; the result is the completed registry.
import { beforeAll, describe, expect, it } from 'vitest'
import { createSurveyClient } from '../../src/tracking/survey/surveyClient.ts'
import { openCv } from './helpers.ts'
import type { SynthFrame } from './synth/renderTableFrame.ts'
import { buildSurveySweep, type SurveySweep } from './synth/surveySweep.ts'
import { renderAll } from './surveyScore.ts'
import { workerLoopback } from './workerLoopback.ts'

let sweep: SurveySweep
let frames: SynthFrame[]

beforeAll(async () => {
  const cv = await openCv()
  sweep = buildSurveySweep(cv, { seed: 31, views: 5, models: 6, heldOut: 0 })
  frames = renderAll(sweep.views)
}, 180_000)

describe('the survey in the tracking worker', () => {
  it('photos → progress per marker → the completed registry; a live frame is kept only when steady and new', async () => {
    const client = createSurveyClient(workerLoopback(), sweep.input, sweep.calibration)
    await client.ready
    let last
    for (const [i, f] of frames.entries()) {
      last = await client.observe(f.frame, 'photo', `photo ${i + 1}`)
      expect(last.observation.viewId).toBe(i + 1)
    }
    expect(last!.progress.views).toBe(5)
    expect(last!.progress.markers.map((m) => m.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    for (const m of last!.progress.markers) expect(m.views).toBeGreaterThanOrEqual(2)
    const result = await client.solve()
    if (!result.ok) throw new Error(result.reason)
    for (const m of result.registry.markers) {
      if (m.role !== 'table') continue
      const t = sweep.truthTable.get(m.id)!
      expect(Math.hypot(m.position[0] - t.position[0], m.position[1] - t.position[1])).toBeLessThan(2)
    }
    // Live: the first frame has nothing to compare with (moving?), the same picture again is steady and
    // new (kept), a third time it adds nothing.
    client.reset()
    const f = frames[0]!.frame
    expect((await client.observe(f, 'live')).observation).toMatchObject({ viewId: null, reason: 'camera moving' })
    expect((await client.observe(f, 'live')).observation.viewId).not.toBeNull()
    expect((await client.observe(f, 'live')).observation).toMatchObject({ viewId: null, reason: 'nothing new' })
    expect(await client.solve()).toMatchObject({ ok: false, code: 'too-few-views' })
    client.stop()
  })
})
