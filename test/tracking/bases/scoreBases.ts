// Bases reported against the truth of a camera-order scene (issue 34): each report paired with the
// nearest true base (one to one, nearest first, within 40 % of the base's smaller half-size or 5 mm);
// a true base counts when it is in view with at least 60 % of its rim seen (baseRimInImage); a report
// paired with no base is a false one. Position errors are of reports of the right size.
import { baseRimInImage, baseLabel, type BaseModel, type BaseTableScene } from '../camera/baseTableScene.ts'
import type { CameraPlacement, Lens } from '../camera/cameraProjection.ts'

export type ReportedBase = { key: string; x: number; y: number; sigmaMm: number; status: string }

export type BaseScore = {
  /** True bases in view with ≥ 60 % of their rim seen, and of them found (right size). */
  visible: number
  found: number
  /** Found at the right place with another size. */
  wrongSize: number
  /** Reports with no base there. */
  falseReports: number
  /** Per found base: its size's label, error and σ (mm), its report's status. */
  errors: Array<{ label: string; errorMm: number; sigmaMm: number; status: string; rimVisible: number }>
  missed: Array<{ id: string; label: string; rimVisible: number }>
  falses: Array<{ key: string; x: number; y: number; status: string }>
}

/** The key the tracker gives a base (its baseKey), from the renderer's plain base. */
export function truthKey(b: BaseModel['base']): string {
  return b.shape === 'round' ? `round:${b.diameter}` : `${b.shape}:${b.length}x${b.width}`
}

/** How far a report may lie from a true base and still be that base: 40 % of its smaller half-size, at least 5 mm. */
export function matchRadiusMm(base: BaseModel['base']): number {
  const minor = base.shape === 'round' ? base.diameter / 2 : Math.min(base.length, base.width) / 2
  return Math.max(5, 0.4 * minor)
}

export function scoreBases(scene: BaseTableScene, lens: Lens, placement: CameraPlacement, models: readonly BaseModel[], reports: readonly ReportedBase[]): BaseScore {
  const score: BaseScore = { visible: 0, found: 0, wrongSize: 0, falseReports: 0, errors: [], missed: [], falses: [] }
  const rims = new Map(models.map((m) => [m.id, baseRimInImage(scene, lens, placement, m)]))
  const pairs: Array<{ m: BaseModel; r: ReportedBase; d: number }> = []
  for (const m of models) {
    const reach = matchRadiusMm(m.base)
    for (const r of reports) {
      const d = Math.hypot(r.x - m.position[0], r.y - m.position[1])
      if (d < reach) pairs.push({ m, r, d })
    }
  }
  pairs.sort((a, b) => a.d - b.d)
  const usedM = new Set<BaseModel>(), usedR = new Set<ReportedBase>(), right = new Set<BaseModel>()
  for (const { m, r, d } of pairs) {
    if (usedM.has(m) || usedR.has(r)) continue
    usedM.add(m)
    usedR.add(r)
    const rim = rims.get(m.id)!
    if (r.key !== truthKey(m.base)) { score.wrongSize++; continue }
    right.add(m)
    score.errors.push({ label: baseLabel(m.base), errorMm: d, sigmaMm: r.sigmaMm, status: r.status, rimVisible: rim.rimVisible })
  }
  for (const m of models) {
    const rim = rims.get(m.id)!
    if (!rim.inView || rim.rimVisible < 0.6) continue
    score.visible++
    if (right.has(m)) score.found++
    else score.missed.push({ id: m.id, label: baseLabel(m.base), rimVisible: rim.rimVisible })
  }
  for (const r of reports) {
    if (usedR.has(r)) continue
    score.falseReports++
    score.falses.push({ key: r.key, x: r.x, y: r.y, status: r.status })
  }
  return score
}
