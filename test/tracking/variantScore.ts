// Scoring tracker output against a variant frame's ground truth (shared by the accuracy tests and
// the benchmark): recall of fully visible markers ≥ 16 px, wrong ids (an id decoded where that
// marker is not), object position errors, 3σ coverage and unflagged misplacements (error > 5 mm
// and > 3× the reported σ on an object the tracker did not flag as held or doubted).
import type { DetectionResult, GrayFrame, MarkerCorners, MarkerDetection, ObjectPose } from '../../src/tracking/types.ts'
import { sample } from '../../src/tracking/pipeline/refineCorners.ts'
import type { VariantFrame } from './synth/variants.ts'

export type VariantScore = {
  frames: number
  expected: number
  found: number
  wrongIds: number
  cornerErrorsPx: number[]
  /** Signed radial corner error (+ outward from the marker centre), px. */
  radialErrorsPx: number[]
  positionErrorsMm: number[]
  /** Per axis of each unflagged object, |error| / σ along that axis (covarianceMm where given, else uncertainty/√2). */
  axisRatios: number[]
  /**
   * Of each unflagged object with a covariance, |error| / σ along its covariance's narrow axis: a
   * long, thin ellipse (a tab's lever across, its edges along) can be far too narrow one way while the
   * table's x and y mix both.
   */
  narrowRatios: number[]
  objects: number
  beyond3Sigma: number
  unflaggedMisplaced: number
  flagged: number
  tableLocked: number
}

export const newScore = (): VariantScore => ({
  frames: 0, expected: 0, found: 0, wrongIds: 0, cornerErrorsPx: [], radialErrorsPx: [], positionErrorsMm: [], axisRatios: [], narrowRatios: [],
  objects: 0, beyond3Sigma: 0, unflaggedMisplaced: 0, flagged: 0, tableLocked: 0,
})

export function scoreDetections(score: VariantScore, v: VariantFrame, detections: readonly MarkerDetection[], minSidePx = 16): void {
  const truth = v.render.markers
  for (const d of detections) {
    const t = truth.find((m) => m.id === d.id)
    const cx = (d.corners[0][0] + d.corners[2][0]) / 2, cy = (d.corners[0][1] + d.corners[2][1]) / 2
    if (!t || Math.hypot((t.corners[0][0] + t.corners[2][0]) / 2 - cx, (t.corners[0][1] + t.corners[2][1]) / 2 - cy) > 10) score.wrongIds++
  }
  for (const m of truth) {
    if (!m.inFrame || m.visibleFraction < 0.999 || m.sidePx < minSidePx) continue
    score.expected++
    const d = detections.find((x) => x.id === m.id)
    if (!d) continue
    score.found++
    const mx = (m.corners[0][0] + m.corners[1][0] + m.corners[2][0] + m.corners[3][0]) / 4
    const my = (m.corners[0][1] + m.corners[1][1] + m.corners[2][1] + m.corners[3][1]) / 4
    for (let k = 0; k < 4; k++) {
      const ex = d.corners[k]![0] - m.corners[k]![0], ey = d.corners[k]![1] - m.corners[k]![1]
      score.cornerErrorsPx.push(Math.hypot(ex, ey))
      const rx = m.corners[k]![0] - mx, ry = m.corners[k]![1] - my
      const rn = Math.hypot(rx, ry)
      score.radialErrorsPx.push((ex * rx + ey * ry) / rn)
    }
  }
}

type Flaggable = ObjectPose & { status?: string }

export function scoreObjects(score: VariantScore, v: VariantFrame, objects: readonly Flaggable[], locked: boolean): void {
  score.frames++
  if (locked) score.tableLocked++
  for (const o of objects) {
    if (o.frame !== 'table') continue
    const t = v.scene.truth.find((x) => x.id === o.id && x.kind === o.kind)
    if (!t) continue
    const ex = o.position[0] - t.position[0], ey = o.position[1] - t.position[1]
    const err = Math.hypot(ex, ey)
    const sigma = o.uncertainty ?? 0
    const flagged = o.status !== undefined && o.status !== 'ok'
    score.objects++
    if (flagged) score.flagged++
    else {
      score.positionErrorsMm.push(err)
      const cov = o.covarianceMm
      score.axisRatios.push(Math.abs(ex) / (cov ? Math.sqrt(cov[0]) : sigma / Math.SQRT2), Math.abs(ey) / (cov ? Math.sqrt(cov[2]) : sigma / Math.SQRT2))
      if (cov) score.narrowRatios.push(narrowAxisRatio(ex, ey, cov))
    }
    if (err > 3 * sigma) score.beyond3Sigma++
    if (!flagged && err > 5 && err > 3 * sigma) score.unflaggedMisplaced++
  }
}

export function quantileOf(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!
}

const r3 = (x: number) => Math.round(x * 1000) / 1000

/** |error| / σ along the narrow axis of the covariance [xx, xy, yy] (its smaller eigenvalue's direction). */
export function narrowAxisRatio(ex: number, ey: number, cov: readonly number[]): number {
  const [xx, xy, yy] = cov as [number, number, number]
  const mid = (xx + yy) / 2, half = Math.hypot((xx - yy) / 2, xy)
  const small = mid - half
  // The eigenvector of the smaller eigenvalue: (xy, small − xx), or an axis when the ellipse is aligned.
  let vx = xy, vy = small - xx
  if (Math.hypot(vx, vy) < 1e-15) { vx = xx <= yy ? 1 : 0; vy = 1 - vx }
  const n = Math.hypot(vx, vy)
  return Math.abs((ex * vx + ey * vy) / n) / Math.sqrt(Math.max(small, 1e-18))
}

export function summarizeScore(s: VariantScore) {
  const mean = (a: readonly number[]) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : Number.NaN)
  return {
    recall: r3(s.expected ? s.found / s.expected : Number.NaN),
    found: `${s.found}/${s.expected}`,
    wrongIds: s.wrongIds,
    unflaggedMisplaced: s.unflaggedMisplaced,
    flagged: s.flagged,
    radialBiasPx: { mean: r3(mean(s.radialErrorsPx)), median: r3(quantileOf(s.radialErrorsPx, 0.5)) },
    cornerErrorPx: { median: r3(quantileOf(s.cornerErrorsPx, 0.5)), p95: r3(quantileOf(s.cornerErrorsPx, 0.95)) },
    positionMm: { median: r3(quantileOf(s.positionErrorsMm, 0.5)), p95: r3(quantileOf(s.positionErrorsMm, 0.95)), max: r3(Math.max(...s.positionErrorsMm, 0)) },
    beyond3Sigma: r3(s.objects ? s.beyond3Sigma / s.objects : Number.NaN),
    /** σ honest both ways: a Gaussian's median |e|/σ per axis is 0.67 (band 0.5–0.9), ≤ 1 % beyond 3σ. */
    axisErrorOverSigma: { median: r3(quantileOf(s.axisRatios, 0.5)), beyond3: r3(s.axisRatios.length ? s.axisRatios.filter((r) => r > 3).length / s.axisRatios.length : Number.NaN), n: s.axisRatios.length },
    /** The same along each covariance's narrow axis (where x and y would hide a σ too narrow one way). */
    narrowAxisErrorOverSigma: { median: r3(quantileOf(s.narrowRatios, 0.5)), beyond3: r3(s.narrowRatios.length ? s.narrowRatios.filter((r) => r > 3).length / s.narrowRatios.length : Number.NaN), n: s.narrowRatios.length },
    objects: s.objects,
    tableLocked: `${s.tableLocked}/${s.frames}`,
  }
}

export type MissedMarker = {
  id: number
  sidePx: number
  /** Shortest side, px (foreshortening). */
  shortestSidePx: number
  centrePx: [number, number]
  /** Grey level of the black border and of the white quiet zone (their difference is the contrast). */
  borderGrey: number
  quietZoneGrey: number
  /**
   * Where it was lost: 'no candidate' (OpenCV's contour/quad stage never proposed it), 'candidate not
   * decoded' (a quad was proposed and neither OpenCV nor the second reading accepted its bits).
   */
  stage: 'no candidate' | 'candidate not decoded'
}

/** Every fully visible marker ≥ minSidePx that the detection missed, with why (see MissedMarker). */
export function missedMarkers(v: VariantFrame, gray: GrayFrame, result: Pick<DetectionResult, 'detections' | 'candidates'>, minSidePx = 16): MissedMarker[] {
  const out: MissedMarker[] = []
  for (const m of v.render.markers) {
    if (!m.inFrame || m.visibleFraction < 0.999 || m.sidePx < minSidePx) continue
    if (result.detections.some((d) => d.id === m.id)) continue
    const [cx, cy] = centre(m.corners)
    const candidate = (result.candidates ?? []).some((q) => { const [qx, qy] = centre(q); return Math.hypot(qx - cx, qy - cy) < m.sidePx / 3 })
    const at = (u: number, w: number) => {
      const [a, b, c, d] = m.corners
      return sample(gray, a[0] * (1 - u) * (1 - w) + b[0] * u * (1 - w) + c[0] * u * w + d[0] * (1 - u) * w, a[1] * (1 - u) * (1 - w) + b[1] * u * (1 - w) + c[1] * u * w + d[1] * (1 - u) * w)
    }
    const sides = [0, 1, 2, 3].map((i) => Math.hypot(m.corners[(i + 1) % 4]![0] - m.corners[i]![0], m.corners[(i + 1) % 4]![1] - m.corners[i]![1]))
    out.push({
      id: m.id, sidePx: r3(m.sidePx), shortestSidePx: r3(Math.min(...sides)), centrePx: [Math.round(cx), Math.round(cy)],
      borderGrey: Math.round((at(0.5, 1 / 12) + at(0.5, 11 / 12) + at(1 / 12, 0.5) + at(11 / 12, 0.5)) / 4),
      quietZoneGrey: Math.round((at(0.5, -1 / 12) + at(0.5, 13 / 12) + at(-1 / 12, 0.5) + at(13 / 12, 0.5)) / 4),
      stage: candidate ? 'candidate not decoded' : 'no candidate',
    })
  }
  return out
}

const centre = (c: MarkerCorners): [number, number] => [(c[0][0] + c[1][0] + c[2][0] + c[3][0]) / 4, (c[0][1] + c[1][1] + c[2][1] + c[3][1]) / 4]
