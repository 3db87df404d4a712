// A survey that does not close is refused, naming the marker: a table marker moved in the middle of
// the sweep (rendered: the marker really is elsewhere in the later views), found among 8 and named,
// with and without a camera file; a small move of a corner marker too. The same sweep with nothing
// moved closes (so the check is not simply refusing).
import { beforeAll, describe, expect, it } from 'vitest'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import { surveyTable } from '../../src/tracking/survey/surveyTable.ts'
import type { SurveyView } from '../../src/tracking/survey/types.ts'
import { openCv } from './helpers.ts'
import { renderTableFrame, type SynthFrame } from './synth/renderTableFrame.ts'
import { buildSurveySweep, withMovedMarker, type SurveySweep } from './synth/surveySweep.ts'
import { collectViews, renderAll } from './surveyScore.ts'

let cv: OpenCvHandle
let sweep: SurveySweep
let frames: SynthFrame[]
const MOVED_FROM = 5

/** The sweep's views with `id` moved from view MOVED_FROM on (only those views are rendered again). */
function viewsWithMoved(id: number, shiftMm: [number, number], turnDeg: number): SurveyView[] {
  const specs = withMovedMarker(sweep, id, MOVED_FROM, shiftMm, turnDeg)
  return collectViews(cv, sweep, specs.map((s, k) => (k < MOVED_FROM ? frames[k]! : renderTableFrame(s))))
}

beforeAll(async () => {
  cv = await openCv()
  sweep = buildSurveySweep(cv, { seed: 12 })
  frames = renderAll(sweep.views)
}, 300_000)

describe('a table marker moved during the survey', () => {
  it('the sweep with nothing moved closes', () => {
    expect(surveyTable(cv, collectViews(cv, sweep, frames), sweep.input, { calibration: sweep.calibration }).ok).toBe(true)
  })

  it('a marker pushed 18 mm and turned 5° halfway through is found and named, with and without the camera file', () => {
    const free = [...sweep.truthTable].filter(([, t]) => !t.corner).map(([id]) => id)
    const id = free[1]!
    const views = viewsWithMoved(id, [15, -10], 5)
    for (const calibration of [sweep.calibration, null]) {
      const r = surveyTable(cv, views, sweep.input, { calibration })
      expect(r).toMatchObject({ ok: false, code: 'moved', markerIds: [id] })
      if (!r.ok) expect(r.reason).toMatch(new RegExp(`^table marker ${id} moved during the survey .* differs by up to 1[5-9] mm`))
    }
  }, 180_000) // two surveys of the sweep: ~20 s on a quiet machine, 54 s seen under load

  it('a corner marker nudged 8 mm is found and named', () => {
    const corner = [...sweep.truthTable].find(([, t]) => t.corner)![0]
    const r = surveyTable(cv, viewsWithMoved(corner, [0, 8], 0), sweep.input, { calibration: sweep.calibration })
    expect(r).toMatchObject({ ok: false, code: 'moved', markerIds: [corner] })
  }, 180_000)
})
