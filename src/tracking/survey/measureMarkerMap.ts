// The table markers' map from a survey's views: initial map (initializeMarkerMap.ts), bundle
// adjustment (refineMarkerMap.ts), then the checks that make a survey close or be refused with the
// reason: enough views, every marker seen (and seen with another), one connected map, no marker that
// moved (each marker's place seen from the other markers of each view must agree with the map), a
// small reprojection error and a small residual per marker.
import type { OpenCvHandle } from '../opencv/openCv.ts'
import type { PinholeCamera } from '../opencv/squareMarkerPoses.ts'
import { scaleIntrinsics } from '../calibration/intrinsicsSchema.ts'
import { fitHomography, type Point2 } from '../math/homography.ts'
import { intersectPlaneZ, cameraCentre, undistortPixel, type CameraPose } from '../math/camera.ts'
import { levenbergMarquardt, rodrigues, rotationToRodrigues } from '../math/linearAlgebra.ts'
import { estimateFocalFromHomography, poseFromHomography } from '../pipeline/fuseTablePose.ts'
import { fitRigid2d } from '../pipeline/estimateObjectPoses.ts'
import type { SurveyRegistry } from '../registry/registrySchema.ts'
import type { CameraIntrinsics, MarkerCorners, Matrix3 } from '../types.ts'
import { cornersOf, joinViews, reconstructView } from './initializeMarkerMap.ts'
import { refineMarkerMap, type BundleObservation, type BundleProblem, type BundleState, type BundleView } from './refineMarkerMap.ts'
import { DEFAULT_SURVEY_PARAMS, type MarkerMap, type PlanePose, type SurveyParams, type SurveyRefusal, type SurveyView } from './types.ts'

export type MarkerMapOptions = {
  /** A camera file (tabletop-camera/1), scaled to each view's size; without it the focal length is refined with the map. */
  calibration?: CameraIntrinsics | null
  params?: Partial<SurveyParams>
}

/** Typical phone camera: focal length ≈ 0.8 × the image's longer side (a 64° horizontal view). */
const INITIAL_FOCAL_REL = 0.8

type Prepared = {
  id: number
  label: string
  width: number
  height: number
  camera: PinholeCamera
  focalScale: number
  /** fy / fx of the camera file (1 without one). */
  focalAspect: number
  markers: { index: number; corners: MarkerCorners }[]
}

const list = (ids: readonly number[]) => (ids.length === 1 ? `${ids[0]}` : `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`)
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
const refuse = (code: SurveyRefusal['code'], reason: string, markerIds: number[] = []): SurveyRefusal => ({ ok: false, code, reason, markerIds })

/**
 * Bendings of the picture tried when a survey without a camera file does not close: each corner moved
 * radially about the image's centre by κ · (r / half-diagonal)² of its distance (κ > 0: a barrel lens
 * undone). A phone's barrel lens (k1 −0.12, k2 0.09 at a 64° view) is best unbent at κ ≈ +0.04.
 */
const LENS_BENDINGS = [0.02, 0.03, 0.05, 0.06, 0.08, 0.1]
/** The first bending tried each way; a moved marker's spread that no way of bending lowers by a fifth is not the lens. */
const LENS_PROBE = 0.04

/**
 * Measure the map of the registry's table markers from the views, or say why the survey does not close.
 * Without a camera file, a survey refused for moved markers or for not closing is tried again with the
 * picture unbent (radially about its centre, `unbend`): ±`LENS_PROBE` first, then `LENS_BENDINGS` the
 * way that helped. Where a bending closes it, or brings the moved markers' spread down to a quarter (one
 * bending of this form does not follow a lens's whole profile), the lens is the reason (no bending of
 * the picture moves back a marker that really moved between views), and the refusal says so.
 */
export function measureMarkerMap(handle: OpenCvHandle, views: readonly SurveyView[], registry: SurveyRegistry, options: MarkerMapOptions = {}): MarkerMap | SurveyRefusal {
  const first = measureOnce(handle, views, registry, options)
  if (options.calibration || !('ok' in first) || (first.code !== 'moved' && first.code !== 'does-not-close')) return first
  const before = first.code === 'moved' && first.spreadMm !== undefined ? first.spreadMm : Number.POSITIVE_INFINITY
  let best = { kappa: 0, spreadMm: before }
  /** The moved markers' spread with the picture unbent by κ: 0 when the views then close, ∞ when refused otherwise. */
  const spreadWith = (kappa: number): number => {
    const unbent = measureOnce(handle, views.map((v) => unbend(v, kappa)), registry, options, true)
    const spread = !('ok' in unbent) ? 0 : unbent.code === 'moved' && unbent.spreadMm !== undefined ? unbent.spreadMm : Number.POSITIVE_INFINITY
    if (spread < best.spreadMm) best = { kappa, spreadMm: spread }
    return spread
  }
  const ways = [1, -1].filter((sign) => spreadWith(sign * LENS_PROBE) < 0.8 * before || !Number.isFinite(before))
  for (const sign of ways) for (const k of LENS_BENDINGS) if (best.spreadMm === 0 || spreadWith(sign * k) === 0) break
  if (best.spreadMm === 0) return lensRefusal(best.kappa, null)
  if (best.kappa !== 0 && Number.isFinite(before) && best.spreadMm <= before / 4) return lensRefusal(best.kappa, { before, after: best.spreadMm })
  return first
}

function lensRefusal(kappa: number, spread: { before: number; after: number } | null): SurveyRefusal {
  const agree = spread ? `nearly agree (${spread.before.toFixed(0)} → ${spread.after.toFixed(0)} mm)` : 'agree'
  return refuse('lens', `the views do not agree as taken, but ${agree} once the picture is unbent by about ${(Math.abs(kappa) * 100).toFixed(0)} % at its corners: this camera's lens bends the picture (${kappa > 0 ? 'barrel' : 'pincushion'}), which a survey without its camera file cannot measure. Calibrate the camera (Camera › Calibrate camera) and survey again`)
}

/** A view's corners moved radially about its centre by κ · (r / half-diagonal)² of their distance. */
function unbend(v: SurveyView, kappa: number): SurveyView {
  const cx = (v.width - 1) / 2, cy = (v.height - 1) / 2
  const r2 = (v.width * v.width + v.height * v.height) / 4
  const move = ([u, w]: readonly [number, number]): [number, number] => {
    const g = 1 + (kappa * ((u - cx) ** 2 + (w - cy) ** 2)) / r2
    return [cx + (u - cx) * g, cy + (w - cy) * g]
  }
  return { ...v, markers: v.markers.map((m) => ({ ...m, corners: m.corners.map(move) as unknown as MarkerCorners })) }
}

/** `quick`: only whether the views close (the lens's trials): a refusal's moved markers are not named with care. */
function measureOnce(handle: OpenCvHandle, views: readonly SurveyView[], registry: SurveyRegistry, options: MarkerMapOptions, quick = false): MarkerMap | SurveyRefusal {
  let params: SurveyParams = { ...DEFAULT_SURVEY_PARAMS, ...options.params }
  const table = registry.markers.filter((m) => m.role === 'table')
  if (table.length < 2) return refuse('too-few-views', `the registry has ${plural(table.length, 'table marker')}; a survey maps at least 2 (4 or more, spread over the table, are better)`)
  const ids = table.map((m) => m.id)
  const indexOf = new Map(ids.map((id, i) => [id, i]))
  const sizes = table.map((m) => m.size)
  const faceDown = table.every((m) => m.face === 'down')
  const calibration = options.calibration ?? null
  const warnings: string[] = []

  // Views with two or more table markers (a lone marker says nothing about where it is on the table).
  const prepared: Prepared[] = []
  for (const v of views) {
    const seen = v.markers.filter((m) => indexOf.has(m.id))
    if (new Set(seen.map((m) => m.id)).size !== seen.length) continue
    if (seen.length < 2) continue
    let k: CameraIntrinsics | null = null
    if (calibration) k = scaleIntrinsics(calibration, v.width, v.height)
    // With a camera file the focal length is refined around the file's (focalRel 1, a tight prior):
    // a ChArUco calibration's focal length is off by 0.1–0.3 %, and a phone's changes with the focus
    // distance; held fixed, that error bent the map (camera-order renders: 0.84 mm RMS, scale −0.11 %
    // with a file 0.15 % short, against 0.17 mm without a file).
    const focalScale = k ? k.fx : Math.max(v.width, v.height)
    const camera: PinholeCamera = k ? { fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy } : { fx: INITIAL_FOCAL_REL * focalScale, fy: INITIAL_FOCAL_REL * focalScale, cx: (v.width - 1) / 2, cy: (v.height - 1) / 2 }
    const undistort = (c: MarkerCorners): MarkerCorners => (k?.distortion ? (c.map(([u, w]) => undistortPixel(k!, u, w)) as MarkerCorners) : c)
    prepared.push({ id: v.id, label: v.label ?? `view ${v.id}`, width: v.width, height: v.height, camera, focalScale, focalAspect: k ? k.fy / k.fx : 1, markers: seen.map((m) => ({ index: indexOf.get(m.id)!, corners: undistort(m.corners) })) })
  }
  const seenAnywhere = new Set(views.flatMap((v) => v.markers.map((m) => m.id)))
  const neverSeen = ids.filter((id) => !seenAnywhere.has(id))
  if (prepared.length < params.minViews) {
    return refuse('too-few-views', `too few views: ${prepared.length} show two or more table markers, at least ${params.minViews} are needed (take them from different places around the table, each showing several markers)`)
  }
  if (neverSeen.length) {
    return refuse('never-seen', `table marker${neverSeen.length === 1 ? '' : 's'} ${list(neverSeen)} ${neverSeen.length === 1 ? 'was' : 'were'} never seen: sweep the camera over ${neverSeen.length === 1 ? 'it' : 'them'} (or take ${neverSeen.length === 1 ? 'it' : 'them'} out of the registry)`, neverSeen)
  }
  const viewsOf = (i: number, from: readonly Prepared[]) => from.filter((p) => p.markers.some((m) => m.index === i)).length
  const fewViews = ids.filter((_, i) => viewsOf(i, prepared) < params.minViewsPerMarker)
  if (fewViews.length) {
    return refuse('too-few-views-of-marker', `table marker${fewViews.length === 1 ? '' : 's'} ${list(fewViews)} ${fewViews.length === 1 ? 'is' : 'are'} seen together with another table marker in fewer than ${params.minViewsPerMarker} views: take more views that show ${fewViews.length === 1 ? 'it' : 'them'} with ${fewViews.length === 1 ? 'its' : 'their'} neighbours`, fewViews)
  }

  // Initial map, views' cameras, and (without a camera file) the focal length from the map's homographies.
  let focalRel = INITIAL_FOCAL_REL
  let init = initialMap(handle, prepared, sizes)
  if (init.disconnected.length) {
    const apart = init.disconnected.map((i) => ids[i]!)
    return refuse('disconnected', `the map falls apart: table marker${apart.length === 1 ? '' : 's'} ${list(apart)} ${apart.length === 1 ? 'is' : 'are'} never seen in one view with the others; take views that show both groups together`, apart)
  }
  if (!calibration) {
    const estimates = prepared.flatMap((p, v) => {
      const h = homographyOf(p, init.poses, sizes)
      const f = h ? estimateFocalFromHomography(h, p.camera.cx, p.camera.cy) : null
      return f && f > 0.3 * p.focalScale && f < 5 * p.focalScale && init.cameras[v] ? [f / p.focalScale] : []
    })
    if (estimates.length) {
      focalRel = median(estimates)
      for (const p of prepared) p.camera = { ...p.camera, fx: focalRel * p.focalScale, fy: focalRel * p.focalScale }
      init = initialMap(handle, prepared, sizes)
    }
  }
  const usable = prepared.map((_, v) => init.cameras[v] !== null)
  let active = prepared.filter((_, v) => usable[v])
  const cameras = init.cameras.flatMap((c) => (c ? [c] : []))
  const unseen = ids.filter((_, i) => viewsOf(i, active) === 0)
  if (active.length < params.minViews || unseen.length) {
    return refuse(unseen.length ? 'too-few-views-of-marker' : 'too-few-views', unseen.length
      ? `no camera pose could be found for the views of table marker${unseen.length === 1 ? '' : 's'} ${list(unseen)}: take sharper views of ${unseen.length === 1 ? 'it' : 'them'} with their neighbours`
      : `too few views: a camera pose was found for ${active.length}, at least ${params.minViews} are needed`, unseen)
  }
  let state: BundleState = { markers: ids.map((_, i) => init.poses.get(i)!), views: cameras, focalRel: calibration ? 1 : focalRel, centrePx: [0, 0], cornerBiasPx: 0 }
  // Left out of the bundle: single stray views of a marker ("view:marker"), and every view of a moved marker.
  const strays = new Set<string>()
  let excluded: number[] = []
  const isDropped = (v: number, i: number) => strays.has(`${v}:${i}`) || excluded.includes(i)
  const solve = () => {
    // The gauge: the marker seen most (among those still observed).
    const counts = ids.map((_, i) => active.filter((p, v) => p.markers.some((m) => m.index === i && !isDropped(v, i))).length)
    const problem = bundleProblem(active, sizes, argmax(counts), !!calibration, params, isDropped)
    const result = refineMarkerMap(problem, state)
    state = result.state
    return { problem, result }
  }
  let { problem, result } = solve()
  // When asked for (SurveyParams.estimateCornerBias), the shared corner offset stays only where the views tell it from the map's scale (|offset| over
  // 2 standard errors): refined from views that cannot separate the two, it only adds its noise to the
  // scale (exact corners + 0.05 px noise: 0.04 mm without it, 0.22 mm with an offset of −0.013 ± 0.018 px;
  // the phone-like sweeps read −0.02 … −0.04 ± 0.009 px and gain 0.15–0.3 mm RMS from it).
  if (params.estimateCornerBias && !(Math.abs(state.cornerBiasPx) > 2 * result.cornerBiasSePx)) {
    params = { ...params, estimateCornerBias: false }
    state = { ...state, cornerBiasPx: 0 }
    ;({ problem, result } = solve())
  }

  // A view whose corners all fit far worse than the others' (motion blur, rolling shutter) is left out.
  const viewRms = viewErrors(problem, result.cornerErrorsPx, active.length)
  const typical = median(viewRms)
  const badViews = active.filter((_, v) => viewRms[v]! > Math.max(1, 4 * typical))
  // Views that fit badly because of the same marker each time are not blurred: that marker moved
  // between them and the others (the moved-marker rule below names it). Before, a marker moved halfway
  // through a walk had the views after the move left out as "blurred or shaken" and the survey closed.
  const worstMarkerIn = badViews.map((b) => worstMarkerOf(problem, result.cornerErrorsPx, active.indexOf(b)))
  const oneMarker = badViews.length >= 2 && worstMarkerIn.every((w) => w !== null && w.marker === worstMarkerIn[0]!.marker && w.restRmsPx <= Math.max(1, 4 * typical))
  if (badViews.length && !oneMarker && active.length - badViews.length >= params.minViews) {
    warnings.push(`${plural(badViews.length, 'view')} (${badViews.map((b) => b.label).join(', ')}) fit much worse than the others (blurred or shaken?) and ${badViews.length === 1 ? 'was' : 'were'} left out`)
    const keep = active.map((p) => !badViews.includes(p))
    active = active.filter((_, v) => keep[v])
    state = { ...state, views: state.views.filter((_, v) => keep[v]) }
    ;({ problem, result } = solve())
  }

  // Moved markers: each marker's place seen from the other markers of each view must agree with the map.
  const moved: { index: number; spreadMm: number }[] = []
  for (let round = 0; round < 4; round++) {
    const consistency = checkConsistency(active, state, sizes, problem, isDropped)
    const worst = argmax(consistency.map((c) => c.maxMm))
    const w = consistency[worst]
    if (!w || w.maxMm <= params.movedMarkerMm) break
    // One stray view of a marker (a misread corner) is left out; a marker whose views disagree among themselves has moved.
    const outlier = singleOutlier(w.implied, params.movedMarkerMm)
    if (outlier !== null && w.implied.length - 1 >= params.minViewsPerMarker) {
      const v = w.implied[outlier]!.view
      strays.add(`${v}:${worst}`)
      warnings.push(`table marker ${ids[worst]} in ${active[v]!.label} was ${w.implied[outlier]!.offMm.toFixed(1)} mm off the map (a misread corner?); that view of it is not used`)
    } else {
      moved.push({ index: worst, spreadMm: spreadOf(w.implied) })
      // Its views leave the map, so they cannot pull the cameras of the next round.
      excluded = moved.map((m) => m.index)
  if (moved.length) {
    // How far apart each moved marker's places are, seen through cameras the moved markers no longer pull.
    ;({ problem, result } = solve())
    const seen = checkConsistency(active, state, sizes, problem, isDropped, excluded)
    for (const m of moved) m.spreadMm = spreadOf(seen[m.index]!.implied)
  }
    }
    ;({ problem, result } = solve())
  }
  // A marker flagged only because a moved one pulled its views' cameras is cleared: with the other
  // suspects left out, its own views agree.
  for (const suspect of [...moved]) {
    if (moved.length < 2) break
    excluded = moved.filter((m) => m !== suspect).map((m) => m.index)
    ;({ problem, result } = solve())
    const c = checkConsistency(active, state, sizes, problem, isDropped)[suspect.index]!
    if (c.maxMm <= params.movedMarkerMm) moved.splice(moved.indexOf(suspect), 1)
    else suspect.spreadMm = spreadOf(c.implied)
  }
  // One marker that moved pulls the cameras of every view it is in, and the markers beside it can look
  // moved in its place (the rounds above flag the worst-fitting one, which need not be the one that
  // moved). Where leaving out one marker alone puts every other back in agreement, that one moved.
  if (moved.length >= 2 && !quick) {
    let single: { index: number; spreadMm: number } | null = null
    for (let i = 0; i < ids.length; i++) {
      excluded = [i]
      ;({ problem, result } = solve())
      const c = checkConsistency(active, state, sizes, problem, isDropped, [i])
      if (c.every((x, j) => j === i || x.maxMm <= params.movedMarkerMm)) {
        const spreadMm = spreadOf(c[i]!.implied)
        if (spreadMm > params.movedMarkerMm && (!single || spreadMm > single.spreadMm)) single = { index: i, spreadMm }
      }
    }
    if (single) moved.splice(0, moved.length, single)
  }
  excluded = moved.map((m) => m.index)
  if (moved.length) {
    const names = moved.map((m) => ids[m.index]!)
    const spread = Math.max(...moved.map((m) => m.spreadMm))
    return { ...refuse('moved', `table marker${names.length === 1 ? '' : 's'} ${list(names)} moved during the survey (or ${names.length === 1 ? 'was' : 'were'} misread): seen from the other markers, ${names.length === 1 ? 'its' : 'their'} place differs by up to ${spread.toFixed(0)} mm between views. Keep the table markers still and survey again`, names), spreadMm: spread }
  }
  if (result.rmsPx > params.maxRmsPx) {
    return refuse('does-not-close', `the survey does not close: the views fit the map with ${result.rmsPx.toFixed(2)} px RMS (more than ${params.maxRmsPx} px): a lens that needs its camera file, blurred views, or markers not lying flat`)
  }

  const consistency = checkConsistency(active, state, sizes, problem, isDropped)
  const residuals = markerResiduals(active, state, sizes, problem)
  const off = ids.filter((_, i) => residuals[i]!.rmsMm > params.maxMarkerResidualMm)
  if (off.length) {
    const worst = Math.max(...off.map((id) => residuals[indexOf.get(id)!]!.rmsMm))
    return refuse('does-not-close', `table marker${off.length === 1 ? '' : 's'} ${list(off)} ${off.length === 1 ? 'does' : 'do'} not fit ${off.length === 1 ? 'its' : 'their'} views (up to ${worst.toFixed(1)} mm on the table): not lying flat, bent, or a misprinted size?`, off)
  }
  const intrinsicsOf = (p: Prepared): CameraIntrinsics => ({
    width: p.width, height: p.height,
    fx: state.focalRel * p.focalScale,
    fy: state.focalRel * p.focalScale * p.focalAspect,
    cx: p.camera.cx + state.centrePx[0], cy: p.camera.cy + state.centrePx[1],
    // Image px as seen: a tap on the picture is undistorted with this before it is cast onto the table.
    ...(calibration?.distortion ? { distortion: calibration.distortion } : {}),
    source: calibration ? 'calibration' : 'estimated',
  })
  const viewRmsFinal = viewErrors(problem, result.cornerErrorsPx, active.length)
  // The scale's σ, once, at the final map (not in every solve above), with the shared corner offset free
  // even where the map was refined without it (an offset under 2 standard errors is set to 0, not known to
  // be 0): the offset reads as a scale, so leaving it out of the σ would claim the scale as sure as if the
  // corners had no offset at all. Zero iterations: the map stays as solved.
  const spread = refineMarkerMap({ ...problem, estimateCornerBias: true }, state, { iterations: 0, scaleSe: true })
  const scaleSigmaRel = spread.scaleSe
  // And with the offset held at the map's: what is left of the scale's doubt for models tracked through
  // this same camera, whose frames read every marker with the same offset (mergeTrackedScene).
  const scaleSigmaRelSameCamera = refineMarkerMap({ ...problem, estimateCornerBias: false }, state, { iterations: 0, scaleSe: true }).scaleSe
  return {
    markers: ids.map((id, i) => ({ id, pose: state.markers[i]!, residualMm: residuals[i]!.rmsMm, views: residuals[i]!.views, sizeMm: sizes[i]! })),
    views: active.map((p, v) => ({ id: p.id, label: p.label, pose: poseOfParams(state.views[v]!), intrinsics: intrinsicsOf(p), rmsErrorPx: viewRmsFinal[v]! })),
    rmsErrorPx: result.rmsPx,
    focalEstimated: !calibration,
    cornerBiasPx: state.cornerBiasPx,
    scaleSigmaRel,
    scaleSigmaRelSameCamera,
    ...(calibration || Number.isNaN(spread.centreSePx) ? {} : { centreSigmaPx: spread.centreSePx }),
    faceDown,
    consistencyMm: Object.fromEntries(ids.map((id, i) => [id, consistency[i]?.maxMm ?? 0])),
    warnings,
  }
}

function median(v: readonly number[]): number {
  const s = [...v].sort((a, b) => a - b)
  const n = s.length
  if (n === 0) return Number.NaN
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2
}

function argmax(v: readonly number[]): number {
  let best = 0
  for (let i = 1; i < v.length; i++) if (v[i]! > v[best]!) best = i
  return best
}

export function poseOfParams(p: ArrayLike<number>): CameraPose {
  return { rotation: Array.from(rodrigues(p[0]!, p[1]!, p[2]!)) as Matrix3, translation: [p[3]!, p[4]!, p[5]!] }
}

function homographyOf(p: Prepared, poses: ReadonlyMap<number, PlanePose>, sizes: readonly number[]): Float64Array | null {
  const src: Point2[] = [], dst: Point2[] = []
  for (const m of p.markers) {
    const pose = poses.get(m.index)
    if (!pose) continue
    src.push(...cornersOf(pose, sizes[m.index]!))
    dst.push(...m.corners)
  }
  return fitHomography(src, dst)?.h ?? null
}

/** Initial map and each view's camera parameters (Rodrigues + t), or null where a view has none. */
function initialMap(handle: OpenCvHandle, prepared: readonly Prepared[], sizes: readonly number[]) {
  const local = prepared.map((p) => reconstructView(handle, { camera: p.camera, markers: p.markers.map((m) => ({ index: m.index, sizeMm: sizes[m.index]!, corners: m.corners })) }))
  const { poses, joined } = joinViews(local, sizes)
  const inMap = new Set(poses.keys())
  const disconnected = [...new Set(prepared.flatMap((p) => p.markers.map((m) => m.index)))].filter((i) => !inMap.has(i)).sort((a, b) => a - b)
  const cameras = prepared.map((p, v) => {
    if (!joined[v]) return null
    const h = homographyOf(p, poses, sizes)
    if (!h) return null
    const pose = poseFromHomography(h, { width: p.width, height: p.height, ...p.camera, source: 'estimated' })
    return Float64Array.from([...rotationToRodrigues(pose.rotation), ...pose.translation])
  })
  return { poses, cameras, disconnected }
}

function bundleProblem(active: readonly Prepared[], sizes: readonly number[], gauge: number, calibrated: boolean, params: SurveyParams, isDropped: (view: number, marker: number) => boolean): BundleProblem {
  const views: BundleView[] = active.map((p) => ({ cx: p.camera.cx, cy: p.camera.cy, fx: p.camera.fx, fy: p.camera.fy, focalScale: p.focalScale, focalAspect: p.focalAspect }))
  const observations: BundleObservation[] = []
  active.forEach((p, v) => {
    for (const m of p.markers) {
      if (isDropped(v, m.index)) continue
      observations.push({ view: v, marker: m.index, corners: Float64Array.from(m.corners.flat()) })
    }
  })
  return {
    markerSizes: sizes, fixedMarker: gauge, views, observations, estimateFocal: true, huberPx: params.huberPx,
    ...(calibrated ? { focalPriorRel: params.calibratedFocalPriorRel } : {}),
    estimateCentre: params.estimateCentre, centrePriorPx: calibrated ? params.calibratedCentrePriorPx : params.centrePriorPx, estimateCornerBias: params.estimateCornerBias,
  }
}

/**
 * The marker whose corners fit worst in a view (RMS), and how the view's other corners fit (RMS px), or
 * null when the view has none.
 */
function worstMarkerOf(problem: BundleProblem, errors: readonly Float64Array[], view: number): { marker: number; restRmsPx: number } | null {
  let worst = -1, worstRms = -1, worstSum = 0, worstCount = 0, sum = 0, count = 0
  problem.observations.forEach((o, i) => {
    if (o.view !== view) return
    let s = 0
    for (const e of errors[i]!) s += e * e
    sum += s
    count += errors[i]!.length
    const rms = Math.sqrt(s / Math.max(1, errors[i]!.length))
    if (rms > worstRms) { worstRms = rms; worst = o.marker; worstSum = s; worstCount = errors[i]!.length }
  })
  return worst < 0 ? null : { marker: worst, restRmsPx: Math.sqrt((sum - worstSum) / Math.max(1, count - worstCount)) }
}

function viewErrors(problem: BundleProblem, errors: readonly Float64Array[], viewCount: number): number[] {
  const sum = new Float64Array(viewCount), count = new Float64Array(viewCount)
  problem.observations.forEach((o, i) => {
    for (const e of errors[i]!) { sum[o.view] = sum[o.view]! + e * e; count[o.view] = count[o.view]! + 1 }
  })
  return Array.from(sum, (s, v) => Math.sqrt(s / Math.max(1, count[v]!)))
}

function intrinsicsFor(p: Prepared, problem: BundleProblem, state: BundleState): CameraIntrinsics {
  const f = problem.estimateFocal ? state.focalRel * p.focalScale : undefined
  const [dx, dy] = problem.estimateFocal && problem.estimateCentre ? state.centrePx : [0, 0]
  return { width: p.width, height: p.height, fx: f ?? p.camera.fx, fy: f !== undefined ? f * p.focalAspect : p.camera.fy, cx: p.camera.cx + dx, cy: p.camera.cy + dy, source: 'estimated' }
}

/** Seen corners with the refined radial corner offset taken out (see BundleProblem.estimateCornerBias). */
function unbiased(corners: MarkerCorners | Float64Array, biasPx: number): MarkerCorners {
  const c: MarkerCorners = corners instanceof Float64Array
    ? [[corners[0]!, corners[1]!], [corners[2]!, corners[3]!], [corners[4]!, corners[5]!], [corners[6]!, corners[7]!]]
    : corners
  if (biasPx === 0) return c
  const mu = (c[0][0] + c[1][0] + c[2][0] + c[3][0]) / 4, mv = (c[0][1] + c[1][1] + c[2][1] + c[3][1]) / 4
  return c.map(([u, v]) => {
    const d = Math.hypot(u - mu, v - mv)
    return [u - (biasPx * (u - mu)) / d, v - (biasPx * (v - mv)) / d]
  }) as MarkerCorners
}

/** A marker's pose on the map plane from its corners seen through a camera, or null. */
function castMarker(k: CameraIntrinsics, pose: CameraPose, corners: MarkerCorners, sizeMm: number): { pose: PlanePose; corners: Point2[] } | null {
  const centre = cameraCentre(pose)
  const pts: Point2[] = []
  for (const [u, v] of corners) {
    const p = intersectPlaneZ(k, pose, centre, u, v, 0)
    if (!p) return null
    pts.push([p[0], p[1]])
  }
  const fit = fitRigid2d(cornersOf({ x: 0, y: 0, angleRad: 0 }, sizeMm), pts)
  return { pose: { x: fit.x, y: fit.y, angleRad: fit.angleRad }, corners: pts }
}

type Implied = { view: number; x: number; y: number; offMm: number }

/**
 * For every marker, its place seen in each view from that view's other markers only (the camera fitted
 * to them, the marker's corners cast onto the table through it), against its place on the map.
 */
function checkConsistency(active: readonly Prepared[], state: BundleState, sizes: readonly number[], problem: BundleProblem, isDropped: (view: number, marker: number) => boolean, also: readonly number[] = []): { maxMm: number; implied: Implied[] }[] {
  const out = sizes.map(() => ({ maxMm: 0, implied: [] as Implied[] }))
  active.forEach((p, v) => {
    const k = intrinsicsFor(p, problem, state)
    const present = p.markers.filter((m) => !isDropped(v, m.index))
    // Markers left out of the map (`also`: moved) are looked at through the cameras of the others.
    const looked = p.markers.filter((m) => !isDropped(v, m.index) || also.includes(m.index))
    for (const m of looked) {
      const others = present.filter((o) => o !== m)
      // The camera needs two other markers: from one alone its tilt rests on a few millimetres.
      if (others.length < 2) continue
      const pose = fitCamera(k, state.views[v]!, others.map((o) => ({ map: cornersOf(state.markers[o.index]!, sizes[o.index]!), image: unbiased(o.corners, state.cornerBiasPx) })))
      const cast = castMarker(k, pose, unbiased(m.corners, state.cornerBiasPx), sizes[m.index]!)
      if (!cast) continue
      const mapped = state.markers[m.index]!
      const offMm = Math.hypot(cast.pose.x - mapped.x, cast.pose.y - mapped.y)
      const entry = out[m.index]!
      entry.implied.push({ view: v, x: cast.pose.x, y: cast.pose.y, offMm })
      entry.maxMm = Math.max(entry.maxMm, offMm)
    }
  })
  return out
}

/** A camera pose fitted to known map corners (starting from `initial`: Rodrigues + t). */
function fitCamera(k: CameraIntrinsics, initial: ArrayLike<number>, points: readonly { map: Point2[]; image: MarkerCorners }[]): CameraPose {
  const n = points.length * 4
  const { params } = levenbergMarquardt(initial, 2 * n, (p, target) => {
    const r = rodrigues(p[0]!, p[1]!, p[2]!)
    let i = 0
    for (const pt of points) {
      for (let c = 0; c < 4; c++) {
        const [x, y] = pt.map[c]!
        const xc = r[0]! * x + r[1]! * y + p[3]!
        const yc = r[3]! * x + r[4]! * y + p[4]!
        const zc = r[6]! * x + r[7]! * y + p[5]!
        target[2 * i] = zc > 1e-6 ? k.fx * (xc / zc) + k.cx - pt.image[c]![0] : 1e4
        target[2 * i + 1] = zc > 1e-6 ? k.fy * (yc / zc) + k.cy - pt.image[c]![1] : 1e4
        i++
      }
    }
  }, { iterations: 30 })
  return poseOfParams(params)
}

/** The index of the one implied place far from the others when the rest agree, else null. */
function singleOutlier(implied: readonly Implied[], toleranceMm: number): number | null {
  if (implied.length < 3) return null
  const mx = median(implied.map((p) => p.x)), my = median(implied.map((p) => p.y))
  const d = implied.map((p) => Math.hypot(p.x - mx, p.y - my))
  const worst = argmax(d)
  const rest = d.filter((_, i) => i !== worst)
  return Math.max(...rest) <= toleranceMm / 2 && d[worst]! > toleranceMm ? worst : null
}

function spreadOf(implied: readonly Implied[]): number {
  let s = 0
  for (const a of implied) for (const b of implied) s = Math.max(s, Math.hypot(a.x - b.x, a.y - b.y))
  return s
}

/** Per marker: RMS distance on the table between its seen corners (cast through each view's camera) and its mapped corners, mm. */
function markerResiduals(active: readonly Prepared[], state: BundleState, sizes: readonly number[], problem: BundleProblem): { rmsMm: number; views: number }[] {
  const sum = new Float64Array(sizes.length), count = new Float64Array(sizes.length), views = new Float64Array(sizes.length)
  for (const o of problem.observations) {
    const p = active[o.view]!
    const k = intrinsicsFor(p, problem, state)
    const pose = poseOfParams(state.views[o.view]!)
    const centre = cameraCentre(pose)
    const mapped = cornersOf(state.markers[o.marker]!, sizes[o.marker]!)
    const seen = unbiased(o.corners, state.cornerBiasPx)
    views[o.marker] = views[o.marker]! + 1
    for (let c = 0; c < 4; c++) {
      const q = intersectPlaneZ(k, pose, centre, seen[c]![0], seen[c]![1], 0)
      if (!q) continue
      sum[o.marker] = sum[o.marker]! + (q[0] - mapped[c]![0]) ** 2 + (q[1] - mapped[c]![1]) ** 2
      count[o.marker] = count[o.marker]! + 1
    }
  }
  return Array.from(sum, (s, i) => ({ rmsMm: Math.sqrt(s / Math.max(1, count[i]!)), views: views[i]! }))
}
