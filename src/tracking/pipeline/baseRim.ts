// A marked model's base rim as a second measurement of where it stands (issue 31).
//
// A tab's marker places its model through the tab's mount: a tab glued a little turned or off its
// mark moves the model by its lever arm × that turn, the same in every frame, so the tracker carries
// a prior for it (`pose.markerTurnSigmaDeg`) that no number of frames averages away. The base's own
// rim is seen in the same frame: fitted from where the marker puts the base (fitBase, the fit the
// models without markers use, issue 34), it measures the base's centre with its own σ, independent of
// the tab's mount. Where the rim is read cleanly and agrees with the marker within their σ, the two
// are fused: a tab glued askew is corrected by its rim, and a tab glued true keeps a σ that says so.
// Where the rim is not read cleanly (a figure or a hand over it, a blurred edge, the base out of the
// frame) or disagrees (a base of another size than the table says), the marker's pose stands alone,
// as before, and the reading says why.
import type { BaseShape } from '../../engine/index.ts'
import { fitBase } from '../bases/fitBase.ts'
import type { TableProjector } from '../bases/tableProjector.ts'
import type { BaseRimReading, RgbaFrame } from '../types.ts'
import type { BaseTrackingSetup } from '../bases/baseTypes.ts'

/** A marked model's base as the tracker keeps it. */
export type RimBase = { shape: BaseShape; heightMm: number }

/** A marked model's base, as the table's scene gives it (height: the base's, default 4 mm). */
export type ModelBase = { id: string; base: BaseShape; heightMm?: number }

/** The marked models' bases of a base-tracking set-up (what the app and the CLI build from the table's scene), or null. */
export function markedBases(setup: Pick<BaseTrackingSetup, 'marked'> | null | undefined): ModelBase[] | null {
  return setup?.marked?.length ? setup.marked.map((m) => ({ id: m.id, base: m.base })) : null
}

export type BaseRimParams = {
  /** How far from the marker's place the rim is looked for, mm (a tab bent 5° on a 30 mm arm: 2.6 mm). */
  reachMm: number
  /** The rim's edges must scatter no more than this along their normals, px (1σ): a clean base's read 0.15–0.4. */
  maxEdgeSigmaPx: number
  /** Share of the rim's points in the frame that must show an edge where the fit puts it. */
  minSeenShare: number
  /** Share of the rim that must be in the frame. */
  minInFrameShare: number
  /**
   * The rim and the marker must agree within this Mahalanobis distance² (25: 5σ). The rim's own checks
   * above turn away most bad fits; this one turns away a rim that is not this base's (another size,
   * another base under a figure), while a tab glued a few degrees askew, beyond its mount's prior, is
   * still put back by its rim.
   */
  gateChi2: number
  /**
   * Added to the rim fit's own σ on each axis, px of the picture at the base (so mm: this over its
   * px per mm): what its edge scatter cannot show (the base's side band and height against the outline
   * the fit assumes, a glare on its top). On the synthetic variants the rim alone read |e|/σ 0.68 at
   * the median but 4.8 % beyond 3σ without it.
   */
  floorPx: number
}

export const DEFAULT_BASE_RIM_PARAMS: BaseRimParams = { reachMm: 3, maxEdgeSigmaPx: 0.45, minSeenShare: 0.6, minInFrameShare: 0.8, gateChi2: 25, floorPx: 0.08 }


/**
 * The covariances an object's marker pose is made of, mm² ([xx, xy, yy]): all of it; the part anything
 * read in the frame near it shares (the table lock's error, the frame's field error); the part frames repeat.
 */
export type MarkerPoseParts = { total: readonly number[]; common: readonly number[]; shared: readonly number[] }

/** What the rim check gives back: the fused position and covariances when the rim was used. */
export type RimOutcome = {
  reading: BaseRimReading
  /** When used: the fused position and its covariances (total, shared), mm / mm². */
  position?: [number, number]
  covariance?: [number, number, number]
  shared?: [number, number, number]
}

/**
 * Reads the base's rim from where the marker puts it (x, y, facing, z0; `proj`: the frame's table
 * lock, bases/tableProjector.ts) and, when it is read cleanly
 * and agrees, fuses it with the marker's position. The table lock's and the frame's field error are
 * common to both (the rim is read through the same lock, in the same place of the frame): they cancel
 * in the difference the gate weighs, are taken out of the marker's covariance before the fusion (no
 * second reading reduces them), and are added back after it.
 */
export function checkBaseRim(frame: RgbaFrame, proj: TableProjector, base: RimBase, x: number, y: number, facingDeg: number, z0: number, parts: MarkerPoseParts, p: BaseRimParams = DEFAULT_BASE_RIM_PARAMS): RimOutcome {
  const fit = fitBase(frame, proj, { shape: base.shape, x, y, facingDeg, heightMm: base.heightMm, z0, reachMm: p.reachMm, fitFacing: false, nearEdge: 'bottom' })
  const dx = fit.x - x, dy = fit.y - y
  const floor2 = (p.floorPx / fit.pxPerMm) ** 2
  const r0 = fit.cov[0] + floor2, r1 = fit.cov[1], r2 = fit.cov[2] + floor2
  const rimSigma = Math.sqrt((r0 + r2) / 2)
  const reading = (used: boolean, why?: string): BaseRimReading => ({ used, offsetMm: [round3(dx), round3(dy)], sigmaMm: round3(rimSigma), ...(why ? { why } : {}) })
  if (!(fit.rimPoints > 0) || fit.rimInFrame < p.minInFrameShare * fit.rimPoints) return { reading: reading(false, 'the base is not wholly in the frame') }
  if (fit.rimSeen < p.minSeenShare * fit.rimInFrame) return { reading: reading(false, `the rim is seen on ${Math.round((100 * fit.rimSeen) / fit.rimInFrame)} % of its length`) }
  if (!(fit.edgeSigmaPx <= p.maxEdgeSigmaPx)) return { reading: reading(false, `the rim's edge is not clean (${fit.edgeSigmaPx.toFixed(2)} px)`) }
  if (!Number.isFinite(rimSigma) || Math.hypot(dx, dy) > p.reachMm) return { reading: reading(false, 'the rim was not found near the marker') }
  // The marker's own part (its edges, its mount's prior): A = total − common.
  const a0 = parts.total[0]! - parts.common[0]!, a1 = parts.total[1]! - parts.common[1]!, a2 = parts.total[2]! - parts.common[2]!
  // S = A + R, its inverse.
  const s0 = a0 + r0, s1 = a1 + r1, s2 = a2 + r2
  const det = s0 * s2 - s1 * s1
  if (!(det > 0)) return { reading: reading(false, 'the rim and the marker cannot be weighed') }
  const i0 = s2 / det, i1 = -s1 / det, i2 = s0 / det
  const d2 = dx * (i0 * dx + i1 * dy) + dy * (i1 * dx + i2 * dy)
  if (!(d2 <= p.gateChi2)) return { reading: reading(false, `the rim is ${Math.hypot(dx, dy).toFixed(2)} mm from where the marker puts the base (${Math.sqrt(d2).toFixed(1)}σ): is the base the size the table says?`) }
  // K = A S⁻¹ (2×2, not symmetric); the position moves by K d; the own part becomes (I − K) A; the
  // shared part (the mount's prior, a raised marker's lift) (I − K) S_sh (I − K)ᵀ.
  const k00 = a0 * i0 + a1 * i1, k01 = a0 * i1 + a1 * i2
  const k10 = a1 * i0 + a2 * i1, k11 = a1 * i1 + a2 * i2
  const m00 = 1 - k00, m01 = -k01, m10 = -k10, m11 = 1 - k11
  const f0 = m00 * a0 + m01 * a1, f1 = m00 * a1 + m01 * a2, f2 = m10 * a1 + m11 * a2
  const sh = parts.shared
  const t00 = m00 * sh[0]! + m01 * sh[1]!, t01 = m00 * sh[1]! + m01 * sh[2]!
  const t10 = m10 * sh[0]! + m11 * sh[1]!, t11 = m10 * sh[1]! + m11 * sh[2]!
  const shared: [number, number, number] = [t00 * m00 + t01 * m01, t00 * m10 + t01 * m11, t10 * m10 + t11 * m11]
  return {
    reading: reading(true),
    position: [x + k00 * dx + k01 * dy, y + k10 * dx + k11 * dy],
    covariance: [f0 + parts.common[0]!, f1 + parts.common[1]!, f2 + parts.common[2]!],
    shared,
  }
}

const round3 = (v: number) => Math.round(v * 1000) / 1000
