// The issue-31 study on camera-order renders (bench:survey and the accuracy tests share it): a table
// made with My table and laid off its sheet's spots; a phone's walk around it (survey views) and
// held-out views; a camera file calibrated from rendered ChArUco views with OpenCV (never the
// renderer's own intrinsics); the survey with and without that file; the held-out views tracked with
// the surveyed registry. Scored against the laying: the survey's scale (a similarity fit of the
// surveyed table markers to where they lie), its RMS / max after a rigid fit, model positions
// (median, p95, share of the models in view placed) and the σ each position and range claims
// (per-axis |error|/σ: median and share beyond 3σ).
import type { OpenCvHandle } from '../../../src/tracking/opencv/openCv.ts'
import { calibrateCharuco } from '../../../src/tracking/opencv/charuco.ts'
import { CHARUCO_BOARD } from '../../../src/tracking/markers/markerSheets.ts'
import { SurveyCollector } from '../../../src/tracking/survey/surveyCollector.ts'
import { surveyTable } from '../../../src/tracking/survey/surveyTable.ts'
import { FrameTracker, type ModelBase } from '../../../src/tracking/frameTracker.ts'
import { sceneUncertaintyOf, surveyScaleSigmaRel, trackedCameraOf } from '../../../src/tracking/scene/mergeTrackedScene.ts'
import { frameScaleTerm } from '../../../src/engine/rules/measureModels.ts'
import { fitRigid2d } from '../../../src/tracking/pipeline/estimateObjectPoses.ts'
import { createGrayFrame, toGray } from '../../../src/tracking/pipeline/grayFrame.ts'
import type { Registry } from '../../../src/tracking/registry/registrySchema.ts'
import type { CameraIntrinsics, TrackFrameResult } from '../../../src/tracking/types.ts'
import { arucoCells, type OpenCvForPatterns } from './arucoPattern.ts'
import { cameraLookingAt, eyeAround, type CameraPlacement, type Lens } from './cameraProjection.ts'
import { buildPlayerTableScene, seededUniform, type PlayerTableScene } from './playerTableScene.ts'
import { markerInImage, renderCameraOrder, type CameraPipeline, type RenderedFrame } from './renderCameraOrder.ts'
import { INK, PAPER, clothBackground, planarSurface } from './sceneSurfaces.ts'
import { similarityScale } from '../similarityScale.ts'
import type { MyTable } from './myTables.ts'

/** A phone's main camera at 1920×1080 (66° across), principal point off centre as phones have it. */
export const PHONE_LENS: Lens = { width: 1920, height: 1080, fx: 1478.3, fy: 1478.3, cx: 966.2, cy: 535.9 }

/** The camera pipelines of the study (the issue's: linear optics, gamma 2.2, noise, JPEG 80; a phone's: sRGB + S-curve + sharpening). */
export const PIPELINES = {
  linear: { exposure: 0.95, vignette: 0.15, defocusSigmaPx: 0.8, noise: { fullWellElectrons: 4000, readElectrons: 3 }, tone: { kind: 'linear' }, jpegQuality: 90 },
  'gamma2.2': { exposure: 0.95, vignette: 0.15, defocusSigmaPx: 0.8, noise: { fullWellElectrons: 4000, readElectrons: 3 }, tone: { kind: 'gamma', gamma: 2.2 }, jpegQuality: 80 },
  'gamma1.8': { exposure: 0.95, vignette: 0.15, defocusSigmaPx: 0.8, noise: { fullWellElectrons: 4000, readElectrons: 3 }, tone: { kind: 'gamma', gamma: 1.8 }, jpegQuality: 85 },
  'gamma2.4': { exposure: 0.95, vignette: 0.15, defocusSigmaPx: 0.8, noise: { fullWellElectrons: 4000, readElectrons: 3 }, tone: { kind: 'gamma', gamma: 2.4 }, jpegQuality: 85 },
  phone: { exposure: 0.95, vignette: 0.25, defocusSigmaPx: 0.7, noise: { fullWellElectrons: 3000, readElectrons: 3 }, tone: { kind: 'srgb' }, contrast: 0.3, sharpen: { amount: 0.7, sigmaPx: 1.0 }, jpegQuality: 80 },
} as const satisfies Record<string, Omit<CameraPipeline, 'seed'>>
export type PipelineName = keyof typeof PIPELINES

const cellsFor = (handle: OpenCvHandle, dictionary: string) => (id: number) => arucoCells(handle.cv as unknown as OpenCvForPatterns, dictionary, id)

/** The player's table: made with My table, laid off the sheet's spots (8–15 mm, up to 10°). */
export function layTable(handle: OpenCvHandle, t: MyTable, seed: number): PlayerTableScene {
  return buildPlayerTableScene({ seed, table: t.table, registry: t.registry, army: t.army, terrain: t.terrain, cellsOf: cellsFor(handle, t.registry.dictionary ?? 'DICT_4X4_100') })
}

/** A walk around the table: views from every side, 1.3–1.7 m from a point near the middle, 45–60° up; each sees 3+ table markers where it can. */
export function walkAround(scene: PlayerTableScene, lens: Lens, seed: number, count: number, phaseDeg = 0, distanceMm: [number, number] = [1300, 1700]): CameraPlacement[] {
  const rnd = seededUniform(seed)
  const { widthMm: W, depthMm: D } = scene.table
  const tableMarkers = scene.markers.filter((m) => m.owner === 'table')
  const out: CameraPlacement[] = []
  for (let k = 0; k < count; k++) {
    let best: { p: CameraPlacement; n: number } | null = null
    for (let attempt = 0; attempt < 30; attempt++) {
      const look: [number, number] = [W / 2 + (rnd() - 0.5) * 0.35 * W, D / 2 + (rnd() - 0.5) * 0.35 * D]
      const az = phaseDeg + (360 * k) / count + (rnd() - 0.5) * 20
      const p = cameraLookingAt(eyeAround(look, distanceMm[0] + (distanceMm[1] - distanceMm[0]) * rnd(), 45 + 15 * rnd(), az), [look[0], look[1], 0], (rnd() - 0.5) * 8)
      const n = tableMarkers.filter((m) => markerInImage({ surfaces: [], background: scene.background }, lens, p, m.id, m.cornersWorld, m.surface).inFrame).length
      if (!best || n > best.n) best = { p, n }
      if (n >= 3) break
    }
    out.push(best!.p)
  }
  return out
}

export function render(scene: PlayerTableScene, lens: Lens, placement: CameraPlacement, pipeline: PipelineName, seed: number): RenderedFrame {
  return renderCameraOrder(scene, lens, placement, { ...PIPELINES[pipeline], seed })
}

/**
 * The camera file a player makes: the printed ChArUco board (markers/charuco-board.pdf) photographed
 * `views` times through the same camera, calibrated with OpenCV (calibrateCharuco).
 */
export function calibrateFromRenderedBoard(handle: OpenCvHandle, lens: Lens, pipeline: PipelineName, views = 15, seed = 1): CameraIntrinsics {
  const b = CHARUCO_BOARD
  const cells = cellsFor(handle, b.dictionary)
  const w = b.squaresX * b.squareMm, h = b.squaresY * b.squareMm
  // The board in its own frame: x right, y up, centre at the origin; square (0, 0) top-left black, markers in the white squares (OpenCV 4.6+).
  const markerAt = new Map<number, { id: number; cells: Uint8Array; side: number }>()
  let id = 0
  for (let j = 0; j < b.squaresY; j++) for (let i = 0; i < b.squaresX; i++) if ((i + j) % 2 === 1) { const c = cells(id); markerAt.set(j * b.squaresX + i, { id, ...c }); id++ }
  const board = planarSurface({
    c: [0, 0, 0.1], ex: [1, 0, 0], ey: [0, 1, 0], hx: w / 2 + 12, hy: h / 2 + 12, lift: 0,
    texture(lx, ly, out) {
      const x = lx + w / 2, y = h / 2 - ly
      let white = true
      if (x >= 0 && y >= 0 && x < w && y < h) {
        const i = Math.floor(x / b.squareMm), j = Math.floor(y / b.squareMm)
        if ((i + j) % 2 === 0) white = false
        else {
          const m = markerAt.get(j * b.squaresX + i)!
          const mx = x - i * b.squareMm - (b.squareMm - b.markerMm) / 2, my = y - j * b.squareMm - (b.squareMm - b.markerMm) / 2
          if (mx >= 0 && my >= 0 && mx < b.markerMm && my < b.markerMm) {
            const cell = b.markerMm / m.side
            white = m.cells[Math.min(m.side - 1, Math.floor(my / cell)) * m.side + Math.min(m.side - 1, Math.floor(mx / cell))] === 1
          }
        }
      }
      const r = white ? PAPER : INK
      out[0] = r[0]; out[1] = r[1]; out[2] = r[2]
      return white ? 0 : 1
    },
  })
  const scene = { surfaces: [board], background: clothBackground({ widthMm: 2000, depthMm: 2000 }) }
  // Shift the board onto a table-like background (the cloth's rectangle starts at the origin).
  const rnd = seededUniform(seed * 31 + 5)
  const frames = []
  for (let k = 0; k < views; k++) {
    // As a calibration guide asks: the board tilted every way and seen in every part of the picture,
    // corners included (distortion terms fitted where the board never was are guesses).
    const az = (360 * k) / views + (rnd() - 0.5) * 30
    const dist = 330 + 120 * rnd()
    const eye = eyeAround([(rnd() - 0.5) * 40, (rnd() - 0.5) * 40], dist, 50 + 25 * rnd(), az)
    const spot = k % 5 === 0 ? [0, 0] : [((k % 5) & 1 ? 1 : -1) * (0.55 + 0.25 * rnd()), ((k % 5) & 2 ? 1 : -1) * (0.5 + 0.3 * rnd())]
    // Aim away from the board so that it lands near image point `spot` (fractions of the half frame).
    const ahead = cameraLookingAt(eye, [0, 0, 0])
    const r = ahead.rotation
    const sx = spot[0]! * (lens.width / 2) / lens.fx * dist, sy = spot[1]! * (lens.height / 2) / lens.fy * dist
    const target: [number, number, number] = [-(r[0]! * sx + r[3]! * sy), -(r[1]! * sx + r[4]! * sy), -(r[2]! * sx + r[5]! * sy)]
    const placement = cameraLookingAt(eye, target, (rnd() - 0.5) * 40)
    const f = renderCameraOrder(scene, lens, placement, { ...PIPELINES[pipeline], seed: seed * 1000 + k })
    frames.push(toGray(f, createGrayFrame(f.width, f.height)))
  }
  const r = calibrateCharuco(handle, { squaresX: b.squaresX, squaresY: b.squaresY, squareLength: b.squareMm, markerLength: b.markerMm, dictionary: b.dictionary as 'DICT_5X5_100' }, frames)
  return r.intrinsics
}

export type SurveyScore = {
  ok: true
  /** Similarity fit of the surveyed table markers to where they lie: scale − 1, %. */
  scalePct: number
  /** The survey's own 1σ of its scale, % (MarkerMap.scaleSigmaRel). */
  scaleSigmaPct: number
  /** After a rigid fit (no scale), mm. */
  rmsMm: number
  maxMm: number
  reprojectionRmsPx: number
  /** The survey's own residuals (what it can see of its error), mm (max). */
  ownResidualMaxMm: number
  /** Its shared radial corner offset (0 when not significant), px, and its focal length, px. */
  cornerBiasPx: number
  focalPx: number
  registry: Registry
  /** The rigid map from the surveyed table frame to the truth (for the held-out views). */
  toTruth: { x: number; y: number; angleRad: number }
} | { ok: false; reason: string }

/** Survey the rendered walk, with or without a camera file, and score it against the laying. */
export function surveyAndScore(handle: OpenCvHandle, scene: PlayerTableScene, registry: Registry, frames: readonly RenderedFrame[], calibration: CameraIntrinsics | null): SurveyScore {
  const collector = new SurveyCollector(handle, registry)
  let views
  try {
    frames.forEach((f, i) => collector.observe(f, 'photo', `view ${i + 1}`))
    views = collector.views()
  } finally {
    collector.dispose()
  }
  const result = surveyTable(handle, views, registry, { calibration })
  if (!result.ok) return { ok: false, reason: result.reason }
  const ids = result.markers.map((m) => m.id)
  const got = ids.map((id) => result.markers.find((m) => m.id === id)!.position)
  const want = ids.map((id) => scene.laid.get(id)!.position)
  const rigid = fitRigid2d(got, want)
  const c = Math.cos(rigid.angleRad), s = Math.sin(rigid.angleRad)
  const errs = got.map(([x, y], i) => Math.hypot(c * x - s * y + rigid.x - want[i]![0], s * x + c * y + rigid.y - want[i]![1]))
  return {
    ok: true,
    // Scale: the similarity fit of the survey onto the truth (its turn is the rigid fit's, in the plane).
    scalePct: (similarityScale(got, want) - 1) * 100,
    scaleSigmaPct: result.map.scaleSigmaRel * 100,
    rmsMm: Math.sqrt(errs.reduce((a, e) => a + e * e, 0) / errs.length),
    maxMm: Math.max(...errs),
    reprojectionRmsPx: result.map.rmsErrorPx,
    ownResidualMaxMm: Math.max(...result.markers.map((m) => m.residualMm)),
    cornerBiasPx: result.map.cornerBiasPx,
    focalPx: result.map.views[0]!.intrinsics.fx,
    registry: result.registry,
    toTruth: { x: rigid.x, y: rigid.y, angleRad: rigid.angleRad },
  }
}


export type TrackScore = {
  /** Models with a marker fully in view, ≥ 16 px, per frame (summed). */
  inView: number
  /** Of those, placed (table frame, status ok) and placed at all (table frame, any status but held). */
  placedOk: number
  placedAny: number
  /** Position errors of ok-placed models, mm (in the truth's frame). */
  errorsMm: number[]
  /** Per-axis error / per-axis σ (σ/√2 of the reported radial σ) of every ok-placed model, both axes. */
  axisRatios: number[]
  /**
   * Centre-to-centre distance error / the σ the engine gives that distance, for every pair of ok-placed
   * models in one frame: each position's σ as a tracked scene carries it (along a line,
   * `sceneUncertaintyOf`) and the survey's scale over their distance (`frameScaleTerm`), in quadrature.
   */
  rangeRatios: number[]
  /** The same against the σ the engine gave them at stop 59: the survey's whole scale σ whatever the camera. */
  rangeRatiosStop59: number[]
  /** The same distances against the σ the engine gave them before bb55d76 (each position's radial σ as if along the line). */
  rangeRatiosRadial: number[]
  /**
   * The same distances against a σ whose lock part is taken as shared by the two (each position's σ without its
   * lockSigmaMm, in quadrature): the bound a distance's σ reaches if the frame's table-pose error moved both alike.
   */
  rangeRatiosLockShared: number[]
  /**
   * What a frame's models share: per frame of two or more ok-placed models, their mean error (mm, the
   * vector's length); per model, its error about that mean (mm); and per model its error along the
   * camera's line of sight on the table (mm, + away from the camera's foot).
   */
  frameMeanMm: number[]
  aboutMeanMm: number[]
  /** Per ok-placed model, its σ without the lock's part (radial, mm): what its error about the frame's mean is to be held by. */
  ownSigmaMm: number[]
  awayFromCameraMm: number[]
  /** Per ok-placed of its σ² that is the table lock's (lockSigmaMm², shared by the frame's models) and the part that repeats frame to frame (sharedUncertainty²: a tab's turn × its lever arm). */
  lockShares: number[]
  repeatShares: number[]
  /** Why models in view were not placed (a reason per miss). */
  misses: string[]
  frames: number
  locked: number
  /** Doubted models whose error exceeded 3σ (what a doubt caught). */
  doubtedFar: number
}

export const newTrackScore = (): TrackScore => ({ inView: 0, placedOk: 0, placedAny: 0, errorsMm: [], axisRatios: [], rangeRatios: [], rangeRatiosStop59: [], rangeRatiosRadial: [], rangeRatiosLockShared: [], frameMeanMm: [], aboutMeanMm: [], ownSigmaMm: [], awayFromCameraMm: [], lockShares: [], repeatShares: [], misses: [], frames: 0, locked: 0, doubtedFar: 0 })

/** Track one frame and score it (positions mapped into the truth's frame by `toTruth`). */
export function scoreTrackedFrame(score: TrackScore, scene: PlayerTableScene, lens: Lens, placement: CameraPlacement, result: TrackFrameResult, toTruth: { x: number; y: number; angleRad: number }, registry: Registry | null = null): void {
  // The survey's scale σ as a tracked scene carries it (mergeTrackedScene): the held-offset one for frames of the survey's camera.
  const wholeScale = registry?.survey?.scaleSigmaRel ?? 0
  const scaleSigmaRel = registry ? (surveyScaleSigmaRel(registry, trackedCameraOf(result)) ?? 0) : wholeScale
  score.frames++
  if (result.table.locked) score.locked++
  const c = Math.cos(toTruth.angleRad), s = Math.sin(toTruth.angleRad)
  const inView = new Set<string>()
  for (const m of scene.markers) {
    if (m.owner === 'table' || !scene.models.some((x) => x.id === m.owner)) continue
    const seen = markerInImage(scene, lens, placement, m.id, m.cornersWorld, m.surface)
    if (seen.inFrame && seen.visibleFraction >= 0.999 && seen.sidePx >= 16) inView.add(m.owner)
  }
  const placed: { id: string; x: number; y: number; sigma: number; lock: number; tx: number; ty: number }[] = []
  for (const id of inView) {
    score.inView++
    const o = result.objects.find((x) => x.kind === 'model' && x.id === id)
    const truth = scene.models.find((x) => x.id === id)!
    if (!o || o.frame !== 'table' || o.status === 'held') { score.misses.push(`${id}: ${!o ? 'not reported' : o.frame !== 'table' ? 'camera frame' : 'held'}`); continue }
    score.placedAny++
    const x = c * o.position[0] - s * o.position[1] + toTruth.x, y = s * o.position[0] + c * o.position[1] + toTruth.y
    const err = Math.hypot(x - truth.position[0], y - truth.position[1])
    const sigma = o.uncertainty ?? 0
    if (o.status !== 'ok') {
      score.misses.push(`${id}: doubted (${(o.reasons ?? []).join('; ').slice(0, 160)})`)
      if (err > 3 * sigma) score.doubtedFar++
      continue
    }
    score.placedOk++
    score.errorsMm.push(err)
    const axisSigma = sigma / Math.SQRT2
    score.axisRatios.push(Math.abs(x - truth.position[0]) / axisSigma, Math.abs(y - truth.position[1]) / axisSigma)
    placed.push({ id, x, y, sigma, lock: Math.min(sigma, o.lockSigmaMm ?? 0), tx: truth.position[0], ty: truth.position[1] })
    score.ownSigmaMm.push(Math.sqrt(Math.max(0, sigma ** 2 - (o.lockSigmaMm ?? 0) ** 2)))
    if (sigma > 0) {
      score.lockShares.push(Math.min(1, (o.lockSigmaMm ?? 0) ** 2 / sigma ** 2))
      score.repeatShares.push(Math.min(1, (o.sharedUncertainty ?? 0) ** 2 / sigma ** 2))
    }
  }
  if (placed.length >= 2) {
    let mx = 0, my = 0
    for (const p of placed) { mx += p.x - p.tx; my += p.y - p.ty }
    mx /= placed.length; my /= placed.length
    score.frameMeanMm.push(Math.hypot(mx, my))
    // The camera's centre, −Rᵀt (world → camera placement).
    const r = placement.rotation, t = placement.translation
    const cx = -(r[0]! * t[0] + r[3]! * t[1] + r[6]! * t[2]), cy = -(r[1]! * t[0] + r[4]! * t[1] + r[7]! * t[2])
    for (const p of placed) {
      score.aboutMeanMm.push(Math.hypot(p.x - p.tx - mx, p.y - p.ty - my))
      const d = Math.hypot(p.tx - cx, p.ty - cy)
      score.awayFromCameraMm.push(((p.x - p.tx) * (p.tx - cx) + (p.y - p.ty) * (p.ty - cy)) / d)
    }
  }
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i]!, b = placed[j]!
      const measured = Math.hypot(a.x - b.x, a.y - b.y), truth = Math.hypot(a.tx - b.tx, a.ty - b.ty)
      // As the engine combines them (measureModels): independent positions (an approximation: one frame's
      // table pose is shared) and the frame's scale, the survey's held-offset σ for its own camera.
      const scale = frameScaleTerm(a.sigma, b.sigma, scaleSigmaRel, measured)
      const err = Math.abs(measured - truth)
      score.rangeRatios.push(err / Math.hypot(sceneUncertaintyOf({ uncertainty: a.sigma }), sceneUncertaintyOf({ uncertainty: b.sigma }), scale))
      score.rangeRatiosStop59.push(err / Math.hypot(sceneUncertaintyOf({ uncertainty: a.sigma }), sceneUncertaintyOf({ uncertainty: b.sigma }), frameScaleTerm(a.sigma, b.sigma, wholeScale, measured)))
      score.rangeRatiosRadial.push(err / Math.hypot(a.sigma, b.sigma, scale))
      const own = (p: { sigma: number; lock: number }) => Math.sqrt(Math.max(0, p.sigma ** 2 - p.lock ** 2)) * Math.SQRT1_2
      score.rangeRatiosLockShared.push(err / Math.hypot(own(a), own(b), scale))
    }
  }
}

/** Track held-out frames with a registry (and a camera file or none), each frame alone. */
export function trackAndScore(handle: OpenCvHandle, scene: PlayerTableScene, registry: Registry, lens: Lens, placements: readonly CameraPlacement[], frames: readonly RenderedFrame[], calibration: CameraIntrinsics | null, toTruth: { x: number; y: number; angleRad: number }, score = newTrackScore(), modelBases: readonly ModelBase[] | null = null): TrackScore {
  frames.forEach((f, i) => {
    // modelBases: the army's bases as My table knows them (their rims are read with the markers).
    const tracker = new FrameTracker(handle, registry, { calibration, modelBases })
    try {
      scoreTrackedFrame(score, scene, lens, placements[i]!, tracker.track(f, true), toTruth, registry)
    } finally {
      tracker.dispose()
    }
  })
  return score
}

export function quantile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!
}

const r3 = (v: number) => Math.round(v * 1000) / 1000
const rms = (v: readonly number[]) => Math.sqrt(v.reduce((a, b) => a + b * b, 0) / Math.max(1, v.length))

export function summarizeTrack(s: TrackScore) {
  return {
    placed: `${s.placedOk}/${s.inView}`, placedShare: r3(s.inView ? s.placedOk / s.inView : Number.NaN), placedAnyShare: r3(s.inView ? s.placedAny / s.inView : Number.NaN),
    medianMm: r3(quantile(s.errorsMm, 0.5)), p95Mm: r3(quantile(s.errorsMm, 0.95)), maxMm: r3(Math.max(0, ...s.errorsMm)),
    sigma: {
      axisMedian: r3(quantile(s.axisRatios, 0.5)), axisBeyond3: r3(s.axisRatios.filter((r) => r > 3).length / Math.max(1, s.axisRatios.length)), axisN: s.axisRatios.length,
      rangeMedian: r3(quantile(s.rangeRatios, 0.5)), rangeBeyond3: r3(s.rangeRatios.filter((r) => r > 3).length / Math.max(1, s.rangeRatios.length)), rangeN: s.rangeRatios.length,
      rangeStop59Median: r3(quantile(s.rangeRatiosStop59, 0.5)), rangeStop59Beyond3: r3(s.rangeRatiosStop59.filter((r) => r > 3).length / Math.max(1, s.rangeRatiosStop59.length)),
      lockShareMedian: r3(quantile(s.lockShares, 0.5)), repeatShareMedian: r3(quantile(s.repeatShares, 0.5)),
      rangeLockSharedMedian: r3(quantile(s.rangeRatiosLockShared, 0.5)), rangeLockSharedBeyond3: r3(s.rangeRatiosLockShared.filter((r) => r > 3).length / Math.max(1, s.rangeRatiosLockShared.length)),
      frameMeanRmsMm: r3(rms(s.frameMeanMm)), aboutMeanRmsMm: r3(rms(s.aboutMeanMm)), ownSigmaRmsMm: r3(rms(s.ownSigmaMm)), awayFromCameraMeanMm: r3(s.awayFromCameraMm.reduce((a, b) => a + b, 0) / Math.max(1, s.awayFromCameraMm.length)),
      rangeRadialMedian: r3(quantile(s.rangeRatiosRadial, 0.5)), rangeRadialBeyond3: r3(s.rangeRatiosRadial.filter((r) => r > 3).length / Math.max(1, s.rangeRatiosRadial.length)),
    },
    locked: `${s.locked}/${s.frames}`,
    doubtedFar: s.doubtedFar,
    misses: s.misses.slice(0, 12),
  }
}
