// Scoring a table survey against the synthetic sweep's ground truth (shared by the survey tests and
// `npm run bench:survey`): marker positions and turns after a rigid fit to the truth (no scale: the
// map's own accuracy), the same without the fit (the table frame from corner markers or taps), and
// held-out views of the same table tracked with the surveyed registry (model positions against the
// truth in the table frame, and the share of visible models placed).
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import { fitRigid2d } from '../../src/tracking/pipeline/estimateObjectPoses.ts'
import type { Registry } from '../../src/tracking/registry/registrySchema.ts'
import { SurveyCollector } from '../../src/tracking/survey/surveyCollector.ts'
import type { SurveySuccess, SurveyView } from '../../src/tracking/survey/types.ts'
import type { CameraIntrinsics } from '../../src/tracking/types.ts'
import { angleErrorDeg, quantile } from './helpers.ts'
import { renderTableFrame, type SynthFrame, type SynthFrameSpec } from './synth/renderTableFrame.ts'
import type { SurveySweep } from './synth/surveySweep.ts'

/** Render specs once (about 3 s each at 1920×1080). */
export function renderAll(specs: readonly SynthFrameSpec[]): SynthFrame[] {
  return specs.map((s) => renderTableFrame(s))
}

/** The views a player's photos give: every rendered frame through the survey's collector. */
export function collectViews(cv: OpenCvHandle, sweep: SurveySweep, frames: readonly SynthFrame[]): SurveyView[] {
  const collector = new SurveyCollector(cv, sweep.input)
  try {
    frames.forEach((f, i) => collector.observe(f.frame, 'photo', `view ${i + 1}`))
    return collector.views()
  } finally {
    collector.dispose()
  }
}

export type MapScore = {
  /** After a rigid fit of the surveyed centres to the truth (no scale), mm. */
  rmsMm: number
  maxMm: number
  /** Turn error after the fit's rotation, degrees (max over markers). */
  maxTurnDeg: number
  /** Without any fit: the surveyed table frame against the true one, mm (max over markers). */
  maxAbsoluteMm: number
}

/** Each point's distance (mm) from its truth after a rigid fit (turn and shift, no scale) of `got` to `want`, and the fit's turn. */
export function afterRigidFit(got: ReadonlyArray<[number, number]>, want: ReadonlyArray<[number, number]>): { errorsMm: number[]; angleRad: number } {
  const fit = fitRigid2d(got, want)
  const c = Math.cos(fit.angleRad), s = Math.sin(fit.angleRad)
  return { errorsMm: got.map(([x, y], i) => Math.hypot(c * x - s * y + fit.x - want[i]![0], s * x + c * y + fit.y - want[i]![1])), angleRad: fit.angleRad }
}

export function scoreMap(result: SurveySuccess, sweep: SurveySweep): MapScore {
  const ids = result.markers.map((m) => m.id)
  const got = ids.map((id) => result.markers.find((m) => m.id === id)!.position)
  const want = ids.map((id) => sweep.truthTable.get(id)!.position)
  const { errorsMm: errs, angleRad } = afterRigidFit(got, want)
  const fitDeg = (angleRad * 180) / Math.PI
  const turns = ids.map((id) => angleErrorDeg(result.markers.find((m) => m.id === id)!.rotation + fitDeg, sweep.truthTable.get(id)!.rotation))
  const absolute = got.map(([x, y], i) => Math.hypot(x - want[i]![0], y - want[i]![1]))
  return {
    rmsMm: Math.sqrt(errs.reduce((a, e) => a + e * e, 0) / errs.length),
    maxMm: Math.max(...errs),
    maxTurnDeg: Math.max(...turns),
    maxAbsoluteMm: Math.max(...absolute),
  }
}

export type HeldOutScore = { errorsMm: number[]; p95Mm: number; placed: number; visible: number; placedShare: number; locked: number; frames: number }

/**
 * Track held-out frames with a registry: each visible model (a marker of it fully in view, ≥ 16 px)
 * counts; placed = in the table frame and not held; errors against the true position (no fit).
 */
export function trackHeldOut(cv: OpenCvHandle, registry: Registry, frames: readonly SynthFrame[], sweep: SurveySweep, calibration: CameraIntrinsics | null): HeldOutScore {
  const owners = new Map<number, string>()
  for (const m of registry.markers) if (m.role === 'model') owners.set(m.id, m.model)
  const errorsMm: number[] = []
  let placed = 0, visible = 0, locked = 0
  for (const f of frames) {
    const tracker = new FrameTracker(cv, registry, { calibration })
    try {
      const result = tracker.track(f.frame, true)
      if (result.table.locked) locked++
      const seen = new Set(f.markers.filter((m) => owners.has(m.id) && m.inFrame && m.visibleFraction >= 0.999 && m.sidePx >= 16).map((m) => owners.get(m.id)!))
      visible += seen.size
      for (const id of seen) {
        const o = result.objects.find((x) => x.kind === 'model' && x.id === id)
        if (!o || o.frame !== 'table' || o.status === 'held') continue
        placed++
        const t = sweep.truth.find((x) => x.kind === 'model' && x.id === id)!
        errorsMm.push(Math.hypot(o.position[0] - t.position[0], o.position[1] - t.position[1]))
      }
    } finally {
      tracker.dispose()
    }
  }
  return { errorsMm, p95Mm: quantile(errorsMm, 0.95), placed, visible, placedShare: visible ? placed / visible : Number.NaN, locked, frames: frames.length }
}
