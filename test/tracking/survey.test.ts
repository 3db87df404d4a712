// The table survey on a sweep as a player makes one (test/tracking/synth/surveySweep.ts): 8 table
// markers at random spots and turns (4 pushed into the table's corners), 20 models, 10 views 1.45–1.7 m
// away at 1920×1080 through the phone camera model (sRGB, contrast, noise, JPEG 75, blur). Against the
// truth: the map after a rigid fit, the table frame without one, held-out views tracked with the
// surveyed registry, the table's edges and Iron Line's deployment zones through the engine.
import { beforeAll, describe, expect, it } from 'vitest'
import { evaluateTable, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import { surveyTable } from '../../src/tracking/survey/surveyTable.ts'
import type { SurveySuccess, SurveyView } from '../../src/tracking/survey/types.ts'
import { openCv, quantile } from './helpers.ts'
import type { SynthFrame } from './synth/renderTableFrame.ts'
import { buildSurveySweep, type SurveySweep } from './synth/surveySweep.ts'
import { TABLE_4X4_MM } from './synth/tabletopScene.ts'
import { collectViews, renderAll, scoreMap, trackHeldOut } from './surveyScore.ts'

let cv: OpenCvHandle
let sweep: SurveySweep
let views: SurveyView[]
let heldOut: SynthFrame[]
let calibrated: SurveySuccess

const survey = (opts: Parameters<typeof surveyTable>[3]): SurveySuccess => {
  const r = surveyTable(cv, views, sweep.input, opts)
  if (!r.ok) throw new Error(`survey refused: ${r.reason}`)
  return r
}

beforeAll(async () => {
  cv = await openCv()
  sweep = buildSurveySweep(cv, { seed: 11, heldOut: 8 })
  views = collectViews(cv, sweep, renderAll(sweep.views))
  heldOut = renderAll(sweep.heldOut)
  calibrated = survey({ calibration: sweep.calibration })
}, 300_000)

describe('table survey of a synthetic sweep (8 table markers, 20 models, 10 views at 1.45–1.7 m, 1920×1080, phone camera model)', () => {
  it('the sweep is what the issue asks: 10 views, every table marker in several, 20 models on the table', () => {
    expect(views).toHaveLength(10)
    for (const id of sweep.truthTable.keys()) expect(views.filter((v) => v.markers.some((m) => m.id === id)).length).toBeGreaterThanOrEqual(3)
    expect(sweep.truth.filter((t) => t.kind === 'model')).toHaveLength(20)
  })

  it('with the camera file: marker positions RMS ≤ 0.5 mm and max ≤ 1.0 mm, turns ≤ 0.2° after a rigid fit; every residual small', () => {
    const score = scoreMap(calibrated, sweep)
    expect(score.rmsMm).toBeLessThanOrEqual(0.5)
    expect(score.maxMm).toBeLessThanOrEqual(1.0)
    expect(score.maxTurnDeg).toBeLessThanOrEqual(0.2)
    for (const m of calibrated.markers) expect(m.residualMm).toBeLessThan(0.5)
    expect(calibrated.report.camera.source).toBe('calibration')
    // The scale's 1σ goes into the registry the survey writes (tracking adds it to each position's σ).
    expect(calibrated.report.scaleSigmaRel).toBe(Number(calibrated.map.scaleSigmaRel.toPrecision(3)))
    expect(calibrated.registry.survey!.scaleSigmaRel).toBeGreaterThan(0)
  })

  it('the table frame from the 4 corner markers, without any fit: every marker within 1.5 mm, the table 1219.2 mm square within 1.5 mm', () => {
    expect(calibrated.table.from).toBe('corner-markers')
    expect(scoreMap(calibrated, sweep).maxAbsoluteMm).toBeLessThan(1.5)
    expect(Math.abs(calibrated.table.widthMm! - TABLE_4X4_MM)).toBeLessThan(1.5)
    expect(Math.abs(calibrated.table.depthMm! - TABLE_4X4_MM)).toBeLessThan(1.5)
  })

  it('held-out views tracked with the surveyed registry: model positions p95 ≤ 1.5 mm against the truth, ≥ 97 % of the visible models placed', () => {
    const score = trackHeldOut(cv, calibrated.registry, heldOut, sweep, sweep.calibration)
    expect(score.locked).toBe(heldOut.length)
    expect(score.p95Mm).toBeLessThanOrEqual(1.5)
    expect(score.placedShare).toBeGreaterThanOrEqual(0.97)
  })

  it('table edges and Iron Line deployment zones come out right: each tracked model\'s distance to every table edge within 1.5 mm, the same zone verdicts', () => {
    const models = sweep.views[0]!.models
    const side = (y: number) => (y < TABLE_4X4_MM / 2 ? 'a' : 'b')
    const deployment = (positions: Map<string, [number, number]>) => {
      const ids = [...positions.keys()]
      const scene = {
        format: 'tabletop-scene/1', system: 'iron-line', table: { width: TABLE_4X4_MM, depth: TABLE_4X4_MM },
        models: ids.map((id) => {
          const m = models.find((x) => x.id === id)!
          const t = sweep.truth.find((x) => x.id === id)!
          return { id, side: side(t.position[1]), profile: 'drone-infantry', base: m.base, height: 30, position: positions.get(id)!, facing: t.facing }
        }),
        queries: ids.map((id) => ({ id, type: 'deployment', model: id, context: { southSide: 'a' } })),
      }
      const doc = evaluateTable(loadScene(scene, findRuleSystem, ruleSystems.map((s) => s.id)))
      return new Map(doc.results.map((r) => [r.id, r as unknown as { legal: boolean; check: { overZoneEdgeMm: number } }]))
    }
    let compared = 0
    for (const f of heldOut) {
      const tracker = new FrameTracker(cv, calibrated.registry, { calibration: sweep.calibration })
      const result = tracker.track(f.frame, true)
      tracker.dispose()
      const placed = new Map(result.objects.filter((o) => o.kind === 'model' && o.frame === 'table' && o.status !== 'held').map((o) => [o.id, o.position]))
      for (const [id, [x, y]] of placed) {
        const [tx, ty] = sweep.truth.find((t) => t.id === id)!.position
        // Distances to the four table edges (x = 0, x = width, y = 0, y = depth).
        expect(Math.abs(x - tx)).toBeLessThan(1.5)
        expect(Math.abs(TABLE_4X4_MM - x - (TABLE_4X4_MM - tx))).toBeLessThan(1.5)
        expect(Math.abs(y - ty)).toBeLessThan(1.5)
        expect(Math.abs(TABLE_4X4_MM - y - (TABLE_4X4_MM - ty))).toBeLessThan(1.5)
      }
      const truth = deployment(new Map([...placed.keys()].map((id) => [id, sweep.truth.find((t) => t.id === id)!.position])))
      const tracked = deployment(placed)
      for (const [id, t] of truth) {
        const got = tracked.get(id)!
        expect(Math.abs(got.check.overZoneEdgeMm - t.check.overZoneEdgeMm)).toBeLessThan(1.5)
        // A verdict can only flip for a model within the measurement of a zone's edge.
        if (t.check.overZoneEdgeMm > 1.5 || t.legal) expect(got.legal).toBe(t.legal)
        compared++
      }
    }
    expect(compared).toBeGreaterThan(40)
  })

  it('without a camera file: the focal length refined with the map, positions RMS ≤ 1.0 mm after a rigid fit', () => {
    const r = survey({})
    expect(r.report.camera.source).toBe('estimated')
    expect(Math.abs(r.report.camera.fx / sweep.calibration.fx - 1)).toBeLessThan(0.01)
    const score = scoreMap(r, sweep)
    expect(score.rmsMm).toBeLessThanOrEqual(1.0)
    expect(score.maxTurnDeg).toBeLessThanOrEqual(0.2)
  })

  it('too few views: two are refused, saying how many are needed', () => {
    const r = surveyTable(cv, views.slice(0, 2), sweep.input, { calibration: sweep.calibration })
    expect(r).toMatchObject({ ok: false, code: 'too-few-views' })
  })

  it('a table marker in the registry that no view shows is named', () => {
    const input = { ...sweep.input, markers: [...sweep.input.markers, { id: 8, role: 'table' as const, size: 70 }] }
    const r = surveyTable(cv, views, input, { calibration: sweep.calibration })
    expect(r).toMatchObject({ ok: false, code: 'never-seen', markerIds: [8] })
    if (!r.ok) expect(r.reason).toMatch(/table marker 8 was never seen/)
  })
})

describe('held-out tracking depends on the survey (the test can fail)', () => {
  it('a registry with one table marker 5 mm off its surveyed place tracks measurably worse', () => {
    const off = { ...calibrated.registry, markers: calibrated.registry.markers.map((m) => (m.role === 'table' && m.id === 4 ? { ...m, position: [m.position[0] + 5, m.position[1]] as [number, number] } : m)) }
    const good = trackHeldOut(cv, calibrated.registry, heldOut, sweep, sweep.calibration)
    const bad = trackHeldOut(cv, off, heldOut, sweep, sweep.calibration)
    expect(quantile(bad.errorsMm, 0.95)).toBeGreaterThan(quantile(good.errorsMm, 0.95) + 0.5)
  })
})
