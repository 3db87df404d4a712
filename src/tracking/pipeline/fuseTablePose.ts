// Stage: the table frame from the table reference markers (two or more).
//
// 1. A plane homography image ↔ table (z = 0) from every reference corner (DLT + Levenberg–Marquardt
//    on the image error). It needs no intrinsics, so points on the table plane are as good as the
//    corners allow. A reference marker that disagrees with the others (moved, misread) is dropped.
// 2. The camera: intrinsics from a calibration, or estimated from that homography (square pixels,
//    principal point at the image centre, focal length from the two orthonormality constraints
//    on K⁻¹H — Zhang 2000 with two unknowns fixed), then the pose (and, when estimated, the focal
//    length) refined by LM on the same corners. The camera model is only used to lift points off
//    the plane (markers on bases and terrain), so its errors scale with the marker height.
import { levenbergMarquardt, rodrigues, rotationToRodrigues, symmetricEigen, invert } from '../math/linearAlgebra.ts'
import { applyHomography, fitHomography, type Point2 } from '../math/homography.ts'
import { cameraCentre, projectPoint, undistortPixel, type CameraPose } from '../math/camera.ts'
import type { CameraIntrinsics, MarkerCorners, MarkerDetection, Matrix3, TableLock, Vector3 } from '../types.ts'
import type { TableMarker } from '../registry/registrySchema.ts'
import { DOUBT_LOCK_ERROR_PX } from '../lockQuality.ts'

export type TablePoseParams = {
  /** Minimum number of reference markers for a lock. */
  minMarkers: number
  /** A reference marker whose corners miss the fit by more than this (px, RMS) is dropped as an outlier. */
  outlierPx: number
  /**
   * A fit whose RMS reprojection error (px) stays above this after the outliers are dropped is not a
   * lock: the markers disagree (a moved marker, a wrong registry, an uncorrected lens) and every
   * position from it would be off by an unknown amount.
   */
  maxLockErrorPx: number
  /**
   * A lock whose RMS reprojection error (px) is above this is kept, but every position from it is
   * doubted: the table markers do not fit one plane's homography, and positions away from them can be
   * off by more than their stated uncertainty. Measured on the realistic variants (1920×1080): 0.01–0.09 px
   * on sharp frames, 0.29 px with σ 1.5 px blur, 1.1–1.6 px with 9 px motion blur or an uncalibrated lens.
   */
  doubtLockErrorPx: number
  /**
   * An object where the lock's own predicted 1σ error (its homography covariance propagated to the
   * object) is over this, mm, is doubted ('grazing-lock'): the lock is accepted per object by the error
   * it predicts there, not by its pixel fit alone. Sharp locks on 3–4 table markers predict 0.03–0.15 mm
   * at the models, two near markers up to ~1.3 mm at the far side; one view of two far markers at a
   * grazing angle (fit 0.9 px) predicted 12–17 mm (test/regressions/grazingLock.test.ts).
   */
  maxLockSigmaMm: number
  /**
   * Without a camera file, a frame's focal length is its own only when the fit pins it down to this
   * relative 1σ (its covariance from the fit's residuals, ≥ 0.05 px per coordinate). A camera nearly
   * square above the table cannot tell its focal length from its height: from two degrees off straight
   * down the estimate was 7–32 % off, from 0.1° up to 12 times. Such a frame takes the focal length of
   * the last frame that pinned it (FrameTracker), else the usual 0.8 · width, said as assumed. Oblique
   * views: 0.04–0.15 % at 45°, 0.3–1.5 % at 80° (0.05–0.2 px corner noise; focalEstimate.test.ts).
   */
  maxFocalSigmaRel: number
}

export const DEFAULT_TABLE_POSE_PARAMS: TablePoseParams = { minMarkers: 2, outlierPx: 2, maxLockErrorPx: 3, doubtLockErrorPx: DOUBT_LOCK_ERROR_PX, maxLockSigmaMm: 2, maxFocalSigmaRel: 0.03 }

/** Corners of a marker's black square in its plane (OpenCV order TL, TR, BR, BL), mm. */
export function markerCornersInPlane(sizeMm: number, centre: readonly [number, number], rotationDeg: number, face: 'up' | 'down' = 'up'): Point2[] {
  const s = sizeMm / 2
  const a = (rotationDeg * Math.PI) / 180
  const ca = Math.cos(a), sa = Math.sin(a)
  const mirror = face === 'down' ? -1 : 1
  return ([[-s, s], [s, s], [s, -s], [-s, -s]] as const).map(([lx, ly]) => [
    centre[0] + ca * lx - sa * ly * mirror,
    centre[1] + sa * lx + ca * ly * mirror,
  ] as const)
}

export type TableLockDetail = {
  lock: TableLock
  /** Covariance of the 8 homography parameters (image-from-table, h[8] = 1), for uncertainty propagation. */
  homographyCovariance: Float64Array | null
  /** Reference markers dropped as outliers. */
  droppedIds: number[]
  warnings: string[]
  /** Without a camera file: this frame's own focal length estimate, when it pinned it (relative 1σ ≤ `maxFocalSigmaRel`), else null. */
  focalPinnedPx?: number | null
  /**
   * The focal length's whole relative 1σ: the fit's, and without a camera file the principal point's
   * doubt carried through (`PRINCIPAL_POINT_SIGMA_REL`), or an assumed one's (`ASSUMED_FOCAL_SIGMA_REL`).
   */
  focalSigmaRel?: number
  /**
   * Covariance of the camera's centre in the table frame (mm², 3 × 3 row-major) from the intrinsics'
   * doubt (focal length and principal point) with the table's homography held: what moves a marker
   * above the table (`estimateObjectPoses`' lift) and heights. Null where it could not be worked out.
   * Worked out on the first call (ten pose re-fits; a table with nothing above it never asks).
   */
  cameraCentreCovariance?: () => Float64Array | null
}

/**
 * Without a camera file, how far the principal point may lie from the image's centre: 1σ per axis as
 * a share of the image's diagonal. The estimate assumes the centre; the OpenCV tutorial's real
 * webcam has it 38 px off on 640 × 480 (4.8 % of the diagonal, 1.6σ), which moves the focal length
 * read from one view by 8 % (`liftDoubt.test.ts`).
 */
export const PRINCIPAL_POINT_SIGMA_REL = 0.03
/**
 * Without a camera file, the focal length's doubt from a lens the estimate takes as straight (relative
 * 1σ): that webcam's barrel lens moves the focal length read at its true principal point by 5 %.
 */
export const LENS_FOCAL_SIGMA_REL = 0.03
/**
 * The same with a surveyed principal point: the survey closed without a camera file at an RMS of at most
 * 2 px over corners across the picture, so what the lens bends is at most a few px at the picture's edge
 * (about 0.2–0.5 % of its half-width; one that bends as that webcam's does is refused, `lens`). The focal
 * length itself is still read per frame (a phone's focus moves it).
 */
export const SURVEYED_LENS_FOCAL_SIGMA_REL = 0.005
/** A principal point (px, OpenCV's convention) and its 1σ per axis (px). */
export type PrincipalPoint = { cx: number; cy: number; sigmaPx: number }

/**
 * A survey's principal point, 1σ per axis: the survey's own (`centreSigmaPx`, from its normal equations),
 * floored at `SURVEYED_PRINCIPAL_FLOOR_REL` of the image's diagonal (the survey held it within 5 px on
 * exact corners, test/tracking/surveyMath.test.ts); a survey that kept none, 0.5 % of the diagonal. The
 * tracking camera is taken to be the survey's where the picture's shape matches: another camera needs
 * its camera file.
 */
export const SURVEYED_PRINCIPAL_FLOOR_REL = 0.001
const SURVEYED_PRINCIPAL_UNKNOWN_REL = 0.005

/**
 * The principal point a registry's survey measured without a camera file, scaled to a `width` × `height`
 * image of the same shape (within 1 %), or null (no survey, a camera file's survey, a survey before it was
 * kept, another shape).
 */
export function surveyedPrincipalPoint(camera: { source: string; cx?: number; cy?: number; centreSigmaPx?: number; width?: number; height?: number } | undefined, width: number, height: number): PrincipalPoint | null {
  if (!camera || camera.source !== 'estimated' || camera.cx === undefined || camera.cy === undefined || !camera.width || !camera.height) return null
  if (Math.abs((camera.width / camera.height) / (width / height) - 1) > 0.01) return null
  const s = width / camera.width
  const diagonal = Math.hypot(width, height)
  const sigmaPx = camera.centreSigmaPx !== undefined ? Math.max(camera.centreSigmaPx * s, SURVEYED_PRINCIPAL_FLOOR_REL * diagonal) : SURVEYED_PRINCIPAL_UNKNOWN_REL * diagonal
  return { cx: (camera.cx + 0.5) * s - 0.5, cy: (camera.cy + 0.5) * s - 0.5, sigmaPx }
}

/** A camera file's focal length, relative 1σ (a ChArUco calibration's is off 0.1–0.3 %; a phone's moves with its focus). */
export const CALIBRATED_FOCAL_SIGMA_REL = 0.004
/**
 * A camera file's principal point, 1σ per axis, as a share of the image's diagonal, where the file does not
 * carry its own: ten calibrations from 10 rendered ChArUco views each (test/tracking/camera, phone
 * pipeline, 1920×1080) put it 1.3 px (x) and 5.0 px (y) RMS off the lens's: 3.65 px per axis, 0.17 % of the diagonal;
 * OpenCV's own σ for them was 0.7–0.9 px (x) and 3.4–6.3 px (y). Its move of the camera's centre is what
 * a model's marker above the table is lifted wrong by.
 */
export const CALIBRATED_PRINCIPAL_SIGMA_REL = 0.0017
/** An assumed focal length (0.8 · width, nothing in the frame pins it), relative 1σ: phones' and webcams' lie within 0.6–1.2 · width. */
export const ASSUMED_FOCAL_SIGMA_REL = 0.2

/** The undistorted image position of a detection's corners. */
export function undistortCorners(intr: CameraIntrinsics | null, c: MarkerCorners): MarkerCorners {
  if (!intr?.distortion) return c
  return c.map(([u, v]) => undistortPixel(intr, u, v)) as MarkerCorners
}

export function fuseTablePose(
  detections: readonly MarkerDetection[],
  tableMarkers: ReadonlyMap<number, TableMarker>,
  image: { width: number; height: number },
  calibration: CameraIntrinsics | null,
  params: TablePoseParams = DEFAULT_TABLE_POSE_PARAMS,
  /** Without a camera file: the focal length an earlier frame pinned (px), for a frame that cannot. */
  focalHintPx: number | null = null,
  /** That focal length's whole relative 1σ (the pinning frame's `focalSigmaRel`); default `maxFocalSigmaRel`. */
  focalHintSigmaRel: number | null = null,
  /** Without a camera file: a principal point known otherwise (the survey's, `surveyedPrincipalPoint`), else the image's centre with `PRINCIPAL_POINT_SIGMA_REL`. */
  principal: PrincipalPoint | null = null,
): TableLockDetail {
  const warnings: string[] = []
  let used = detections.filter((d) => tableMarkers.has(d.id))
  const referenceIds = used.map((d) => d.id)
  const notLocked = (reason: string): TableLockDetail => ({ lock: { locked: false, reason, referenceIds }, homographyCovariance: null, droppedIds: [], warnings })
  if (used.length < params.minMarkers) {
    return notLocked(used.length === 0
      ? 'table not locked: no table reference marker seen'
      : `table not locked: ${used.length} table reference marker${used.length === 1 ? '' : 's'} seen (${referenceIds.join(', ')}), at least ${params.minMarkers} needed`)
  }
  const droppedIds: number[] = []
  let fit = fitReference(used, tableMarkers, calibration)
  // Leave-one-out: while the fit is poor, drop the marker whose removal fits the rest best (the
  // worst residual alone would often blame a good marker that the bad one pulled away).
  while (fit && fit.rms > params.outlierPx && used.length > params.minMarkers) {
    let best: { index: number; fit: NonNullable<typeof fit> } | null = null
    for (let i = 0; i < used.length; i++) {
      const rest = fitReference(used.filter((_, j) => j !== i), tableMarkers, calibration)
      if (rest && (!best || rest.rms < best.fit.rms)) best = { index: i, fit: rest }
    }
    if (!best) break
    const dropped = used[best.index]!
    const errorPx = residualOf(dropped, best.fit.h, tableMarkers, calibration)
    droppedIds.push(dropped.id)
    warnings.push(`table marker ${dropped.id} disagrees with the others by ${errorPx.toFixed(1)} px (moved or misread); ignored`)
    used = used.filter((_, i) => i !== best.index)
    fit = best.fit
  }
  if (fit && fit.rms > params.outlierPx && used.length === params.minMarkers) {
    warnings.push(`table markers ${used.map((d) => d.id).join(' and ')} disagree (${fit.rms.toFixed(1)} px RMS); one of them has moved`)
  }
  if (!fit) return notLocked('table not locked: the reference markers are degenerate (collinear or too small)')
  if (fit.rms > params.maxLockErrorPx) {
    return notLocked(`table not locked: table markers ${used.map((d) => d.id).join(', ')} fit with ${fit.rms.toFixed(1)} px RMS (more than ${params.maxLockErrorPx} px): a moved marker, a wrong registry or an uncorrected lens`)
  }

  const { src, dst } = correspondences(used, tableMarkers, calibration)
  const camera = fitCamera(fit.h, src, dst, image, calibration, focalHintPx, params.maxFocalSigmaRel, focalHintSigmaRel ?? params.maxFocalSigmaRel, principal)
  if (!camera) return notLocked('table not locked: no camera pose fits the reference markers')
  if (camera.intrinsics.source === 'assumed') warnings.push('focal length could not be estimated from the table (camera looks straight down?); assumed; heights above the table are approximate')
  const tableFromImage = invert(fit.h, 3)
  if (!tableFromImage) return notLocked('table not locked: singular table homography')
  const lock: TableLock = {
    locked: true,
    referenceIds: used.map((d) => d.id),
    reprojectionErrorPx: fit.rms,
    maxReprojectionErrorPx: fit.max,
    cameraReprojectionErrorPx: camera.rms,
    tableFromImage: Array.from(normalizeH(tableFromImage)) as Matrix3,
    imageFromTable: Array.from(fit.h) as Matrix3,
    cameraFromTable: camera.pose,
    cameraPositionMm: cameraCentre(camera.pose),
    intrinsics: camera.intrinsics,
    twoMarkers: used.length === 2,
  }
  if (used.length === 2) warnings.push(`the table lock rests on 2 table markers (${used.map((d) => d.id).join(', ')}); positions far from them are less certain`)
  // The moved poses are fitted to each reference marker's centre (its corners' mean, in the table and
  // in the image): a quarter of the points, the same spread (with fewer than four markers, their
  // corners); the unmoved centre is fitted alike.
  let centres: { src: Point2[]; dst: Point2[] } | null = null
  const centreFor = (k: CameraIntrinsics) => {
    centres ??= src.length < 16 ? { src, dst } : { src: quadCentres(src), dst: quadCentres(dst) }
    const moved = solveCamera(fit.h, centres.src, centres.dst, { ...k, distortion: undefined }, false, undefined, camera.pose, MOVED_POSE_ITERATIONS)
    return moved ? cameraCentre(moved.pose) : null
  }
  const doubt = camera.doubt
  let centreCovariance: Float64Array | null | undefined
  return {
    lock, homographyCovariance: fit.covariance, droppedIds, warnings, focalPinnedPx: camera.focalPinnedPx,
    focalSigmaRel: focalDoubt(fit.h, camera.intrinsics, doubt),
    cameraCentreCovariance: () => {
      if (centreCovariance === undefined) {
        const c0 = centreFor(camera.intrinsics)
        centreCovariance = c0 ? cameraCentreDoubt(fit.h, camera.intrinsics, doubt, c0, centreFor) : null
      }
      return centreCovariance
    },
  }
}

/** The centre (mean) of each run of four corners. */
function quadCentres(points: readonly Point2[]): Point2[] {
  const out: Point2[] = []
  for (let i = 0; i + 3 < points.length; i += 4) {
    let x = 0, y = 0
    for (let c = i; c < i + 4; c++) { x += points[c]![0]; y += points[c]![1] }
    out.push([x / 4, y / 4])
  }
  return out
}

/** A moved camera's pose re-fit starts from the frame's own: a few steps reach it (3, 5 and 8 gave the same σ to 4 digits). */
const MOVED_POSE_ITERATIONS = 4

/** Gauss–Hermite nodes and weights (3 a side) for a normal doubt: exact for the camera's moves up to 5th order. */
const HERMITE = [[-Math.sqrt(3), 1 / 6], [0, 2 / 3], [Math.sqrt(3), 1 / 6]] as const

/** The principal point's nodes: each moved point and its weight, with the focal length read again there where the frame estimated it. */
function principalNodes(h: Float64Array, k: CameraIntrinsics, doubt: IntrinsicsDoubt, visit: (moved: CameraIntrinsics, weight: number) => void): void {
  const s = doubt.principalSigmaPx, sy = doubt.principalSigmaYPx ?? s
  if (!(s > 0) && !(sy > 0)) return
  const f0 = doubt.followsCentre ? estimateFocalFromHomography(h, k.cx, k.cy) : null
  for (const [a, wa] of HERMITE) for (const [b, wb] of HERMITE) {
    if (a === 0 && b === 0) continue
    const m = { ...k, cx: k.cx + a * s, cy: k.cy + b * sy }
    const f = f0 ? estimateFocalFromHomography(h, m.cx, m.cy) : null
    visit(f ? { ...m, fx: k.fx * (f / f0!), fy: k.fy * (f / f0!) } : m, wa * wb)
  }
}

/**
 * The focal length's whole relative 1σ: its own doubt and, where the frame estimated it, how far it
 * moves with the principal point (over the principal point's Gauss–Hermite grid: the focal length read
 * at a point 2σ off can be 10 % off, far from linear).
 */
function focalDoubt(h: Float64Array, k: CameraIntrinsics, doubt: IntrinsicsDoubt): number {
  let v = doubt.focalSigmaRel ** 2
  principalNodes(h, k, doubt, (m, w) => { v += w * (m.fx / k.fx - 1) ** 2 })
  return Math.sqrt(v)
}

/**
 * What the intrinsics' doubt does to the camera's centre: its covariance (second moment about `c0`,
 * so a bias the doubt brings counts as error), the table's homography held (a wrong focal length or
 * principal point puts the camera elsewhere while the table's plane stays where the markers put it).
 * Each moved set of intrinsics re-fits the pose to the reference corners (`centreFor`): the focal
 * length at ±1σ, the principal point over its grid (`principalNodes`). A held focal length's σ is its
 * pinning frame's whole σ, which holds that frame's principal-point part already: counted a little twice.
 */
function cameraCentreDoubt(h: Float64Array, k: CameraIntrinsics, doubt: IntrinsicsDoubt, c0: Vector3, centreFor: (k: CameraIntrinsics) => Vector3 | null): Float64Array | null {
  let xx = 0, xy = 0, xz = 0, yy = 0, yz = 0, zz = 0
  let finite = true
  const add = (moved: CameraIntrinsics, weight: number) => {
    const c = centreFor(moved)
    if (!c) { finite = false; return }
    const d0 = c[0] - c0[0], d1 = c[1] - c0[1], d2 = c[2] - c0[2]
    xx += weight * d0 * d0; xy += weight * d0 * d1; xz += weight * d0 * d2
    yy += weight * d1 * d1; yz += weight * d1 * d2; zz += weight * d2 * d2
  }
  const scaled = (rel: number): CameraIntrinsics => ({ ...k, fx: k.fx * (1 + rel), fy: k.fy * (1 + rel) })
  if (doubt.focalSigmaRel > 0) { add(scaled(doubt.focalSigmaRel), 0.5); add(scaled(-doubt.focalSigmaRel), 0.5) }
  principalNodes(h, k, doubt, add)
  const cov = Float64Array.of(xx, xy, xz, xy, yy, yz, xz, yz, zz)
  return finite && cov.every(Number.isFinite) ? cov : null
}

function normalizeH(h: Float64Array): Float64Array {
  const s = h[8]!
  return h.map((v) => v / s)
}

function correspondences(used: readonly MarkerDetection[], tableMarkers: ReadonlyMap<number, TableMarker>, calibration: CameraIntrinsics | null) {
  const src: Point2[] = []
  const dst: Point2[] = []
  for (const d of used) {
    const m = tableMarkers.get(d.id)!
    const plane = markerCornersInPlane(m.size, m.position, m.rotation ?? 0, m.face ?? 'up')
    const img = undistortCorners(calibration, d.corners)
    for (let c = 0; c < 4; c++) {
      src.push(plane[c]!)
      dst.push(img[c]!)
    }
  }
  return { src, dst }
}

/** RMS image distance of one marker's corners from where a homography puts them, px. */
function residualOf(d: MarkerDetection, h: Float64Array, tableMarkers: ReadonlyMap<number, TableMarker>, calibration: CameraIntrinsics | null): number {
  const { src, dst } = correspondences([d], tableMarkers, calibration)
  const q: [number, number] = [0, 0]
  let s = 0
  for (let i = 0; i < src.length; i++) {
    applyHomography(h, src[i]![0], src[i]![1], q)
    s += (q[0] - dst[i]![0]) ** 2 + (q[1] - dst[i]![1]) ** 2
  }
  return Math.sqrt(s / src.length)
}

function fitReference(used: readonly MarkerDetection[], tableMarkers: ReadonlyMap<number, TableMarker>, calibration: CameraIntrinsics | null) {
  const { src, dst } = correspondences(used, tableMarkers, calibration)
  const fit = fitHomography(src, dst)
  if (!fit) return null
  const perMarkerRms: number[] = []
  const q: [number, number] = [0, 0]
  for (let m = 0; m < used.length; m++) {
    let s = 0
    for (let c = 0; c < 4; c++) {
      const i = m * 4 + c
      applyHomography(fit.h, src[i]![0], src[i]![1], q)
      s += (q[0] - dst[i]![0]) ** 2 + (q[1] - dst[i]![1]) ** 2
    }
    perMarkerRms.push(Math.sqrt(s / 4))
  }
  return { h: fit.h, rms: fit.rmsError, max: fit.maxError, perMarkerRms, covariance: homographyCovariance(fit.h, src, fit.rmsError) }
}

/** σ² (JᵀJ)⁻¹ for the 8 free entries of H (image-from-table), with σ² from the residuals. */
function homographyCovariance(h: Float64Array, src: readonly Point2[], rms: number): Float64Array | null {
  const n = src.length
  const dof = 2 * n - 8
  if (dof <= 0) return null
  const jtj = new Float64Array(64)
  const row = new Float64Array(8)
  for (const [x, y] of src) {
    const w = h[6]! * x + h[7]! * y + h[8]!
    const u = (h[0]! * x + h[1]! * y + h[2]!) / w
    const v = (h[3]! * x + h[4]! * y + h[5]!) / w
    for (const axis of [0, 1]) {
      row.fill(0)
      const val = axis === 0 ? u : v
      const base = axis * 3
      row[base] = x / w; row[base + 1] = y / w; row[base + 2] = 1 / w
      row[6] = (-val * x) / w; row[7] = (-val * y) / w
      for (let a = 0; a < 8; a++) for (let b = 0; b < 8; b++) jtj[a * 8 + b] = jtj[a * 8 + b]! + row[a]! * row[b]!
    }
  }
  const inv = invert(jtj, 8)
  if (!inv) return null
  // Per-coordinate σ² from the residuals (rms is per point, over 2 coordinates), floored at 0.02 px.
  const sigma2 = Math.max((rms * rms * n) / dof, 0.0004)
  return inv.map((v) => v * sigma2)
}

/** Focal length from a plane homography (square pixels, principal point known), or null. */
export function estimateFocalFromHomography(h: ArrayLike<number>, cx: number, cy: number): number | null {
  const a = (c: number): Vector3 => [h[c]! - cx * h[6 + c]!, h[3 + c]! - cy * h[6 + c]!, h[6 + c]!]
  const a1 = a(0), a2 = a(1)
  // Scale so the numbers are O(1).
  const A1 = a1[0] * a2[0] + a1[1] * a2[1], B1 = a1[2] * a2[2]
  const A2 = a1[0] ** 2 + a1[1] ** 2 - a2[0] ** 2 - a2[1] ** 2, B2 = a1[2] ** 2 - a2[2] ** 2
  // Each constraint: A·w + B = 0 with w = 1/f², both in the same units (products of h's columns), so
  // they are solved together unweighted. A constraint that says nothing is near 0 = 0 and adds
  // nothing: the orthogonality one when a table axis lies across the view (the camera square to the
  // table's edge, as a player stands). Scaled each to unit size, as before, its rounding noise had
  // the same weight as the other's signal: one demo frame in six lost its focal length and fell back
  // to 0.8 · width (4 % off; the overlay 8 px off near the image's edge).
  const den = A1 * A1 + A2 * A2
  if (!(den > 0)) return null
  const w = -(A1 * B1 + A2 * B2) / den
  if (!(w > 0)) return null
  const f = 1 / Math.sqrt(w)
  return Number.isFinite(f) ? f : null
}

/** Rotation + translation from a plane homography and K (Zhang's decomposition, orthonormalised). */
export function poseFromHomography(h: ArrayLike<number>, intr: CameraIntrinsics): CameraPose {
  const col = (c: number): Vector3 => {
    const x = (h[c]! - intr.cx * h[6 + c]!) / intr.fx
    const y = (h[3 + c]! - intr.cy * h[6 + c]!) / intr.fy
    return [x, y, h[6 + c]!]
  }
  const b1 = col(0), b2 = col(1), b3 = col(2)
  let lambda = 2 / (Math.hypot(...b1) + Math.hypot(...b2))
  if (b3[2] * lambda < 0) lambda = -lambda
  const r1 = b1.map((v) => v * lambda) as Vector3
  const r2 = b2.map((v) => v * lambda) as Vector3
  const r3: Vector3 = [r1[1] * r2[2] - r1[2] * r2[1], r1[2] * r2[0] - r1[0] * r2[2], r1[0] * r2[1] - r1[1] * r2[0]]
  const t = b3.map((v) => v * lambda) as Vector3
  // Columns r1 r2 r3 → nearest rotation (polar decomposition R (RᵀR)^-1/2).
  const m = Float64Array.from([r1[0], r2[0], r3[0], r1[1], r2[1], r3[1], r1[2], r2[2], r3[2]])
  const mtm = new Float64Array(9)
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
    let s = 0
    for (let k = 0; k < 3; k++) s += m[k * 3 + i]! * m[k * 3 + j]!
    mtm[i * 3 + j] = s
  }
  const { values, vectors } = symmetricEigen(mtm, 3)
  const invSqrt = new Float64Array(9)
  for (let e = 0; e < 3; e++) {
    const f = 1 / Math.sqrt(Math.max(values[e]!, 1e-12))
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) invSqrt[i * 3 + j] = invSqrt[i * 3 + j]! + f * vectors[e * 3 + i]! * vectors[e * 3 + j]!
  }
  const r = new Array<number>(9)
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
    let s = 0
    for (let k = 0; k < 3; k++) s += m[i * 3 + k]! * invSqrt[k * 3 + j]!
    r[i * 3 + j] = s
  }
  return { rotation: r as Matrix3, translation: t }
}

/** σ per coordinate the focal length's 1σ is taken with, at least (a sharp fit's residuals can be smaller than the corners' noise). */
const FOCAL_SIGMA_FLOOR_PX = 0.05

/** `focalSigmaRel`: the fitted focal length's relative 1σ (Infinity when it was held fixed). */
type CameraFit = { pose: CameraPose; intrinsics: CameraIntrinsics; rms: number; focalSigmaRel: number }
/**
 * The doubt a fit's intrinsics carry: the focal length's own relative 1σ, the principal point's 1σ
 * per axis (px), and whether the focal length was read at that point (so moves with it).
 */
type IntrinsicsDoubt = { focalSigmaRel: number; principalSigmaPx: number; principalSigmaYPx?: number; followsCentre: boolean }

/**
 * A camera file's doubt: its own σ where it carries one (a ChArUco calibration's fx and principal point,
 * OpenCV's stdDeviationsIntrinsics), never under CALIBRATED_FOCAL_SIGMA_REL for the focal length (a
 * phone's moves with its focus); a file without them, the priors.
 */
export function calibrationDoubt(k: CameraIntrinsics): IntrinsicsDoubt {
  const diagonal = Math.hypot(k.width, k.height)
  const s = k.sigmaPx
  return s
    ? { focalSigmaRel: Math.max(CALIBRATED_FOCAL_SIGMA_REL, s.fx / k.fx), principalSigmaPx: s.cx, principalSigmaYPx: s.cy, followsCentre: false }
    : { focalSigmaRel: CALIBRATED_FOCAL_SIGMA_REL, principalSigmaPx: CALIBRATED_PRINCIPAL_SIGMA_REL * diagonal, followsCentre: false }
}

/**
 * The camera's pose (and, without a camera file, its focal length) fitted to the reference corners.
 * Without a file the focal length is the frame's own only where the fit pins it (`maxFocalSigmaRel`);
 * else it is `focalHintPx` (an earlier frame's) or 0.8 · width, held fixed.
 */
function fitCamera(h: Float64Array, src: readonly Point2[], dst: readonly Point2[], image: { width: number; height: number }, calibration: CameraIntrinsics | null, focalHintPx: number | null, maxFocalSigmaRel: number, focalHintSigmaRel: number, principal: PrincipalPoint | null): (CameraFit & { focalPinnedPx: number | null; doubt: IntrinsicsDoubt }) | null {
  const held = (fit: CameraFit | null, doubt: IntrinsicsDoubt) => fit && { ...fit, focalPinnedPx: null, doubt }
  if (calibration) return held(solveCamera(h, src, dst, { ...calibration, distortion: undefined }, false, calibration.distortion), calibrationDoubt(calibration))
  const cx = principal?.cx ?? (image.width - 1) / 2, cy = principal?.cy ?? (image.height - 1) / 2
  const principalSigmaPx = principal?.sigmaPx ?? PRINCIPAL_POINT_SIGMA_REL * Math.hypot(image.width, image.height)
  const inRange = (v: number | null): v is number => v !== null && v > 0.2 * image.width && v < 10 * image.width
  const f = estimateFocalFromHomography(h, cx, cy)
  if (inRange(f)) {
    const own = solveCamera(h, src, dst, { width: image.width, height: image.height, fx: f, fy: f, cx, cy, source: 'estimated' }, true, undefined)
    if (own && own.focalSigmaRel <= maxFocalSigmaRel && inRange(own.intrinsics.fx)) return { ...own, focalPinnedPx: own.intrinsics.fx, doubt: { focalSigmaRel: Math.hypot(own.focalSigmaRel, principal ? SURVEYED_LENS_FOCAL_SIGMA_REL : LENS_FOCAL_SIGMA_REL), principalSigmaPx, followsCentre: true } }
  }
  const hint = inRange(focalHintPx) ? focalHintPx : null
  const fx = hint ?? image.width * 0.8
  const doubt = { focalSigmaRel: hint !== null ? focalHintSigmaRel : ASSUMED_FOCAL_SIGMA_REL, principalSigmaPx, followsCentre: false }
  return held(solveCamera(h, src, dst, { width: image.width, height: image.height, fx, fy: fx, cx, cy, source: hint !== null ? 'estimated' : 'assumed' }, false, undefined), doubt)
}

/** One Levenberg–Marquardt fit of the pose (and the focal length when `fitFocal`) from `intr` (undistorted corners); `distortion` goes back on the result's intrinsics. */
function solveCamera(h: Float64Array, src: readonly Point2[], dst: readonly Point2[], intr: CameraIntrinsics, fitFocal: boolean, distortion: CameraIntrinsics['distortion'], start?: CameraPose, iterations = 100): CameraFit | null {
  const init = start ?? poseFromHomography(h, intr)
  const rv = rotationToRodrigues(init.rotation)
  const p0 = [...rv, ...init.translation, ...(fitFocal ? [intr.fx] : [])]
  const n = src.length
  const q: [number, number] = [0, 0]
  const poseOf = (p: ArrayLike<number>): CameraPose => ({ rotation: Array.from(rodrigues(p[0]!, p[1]!, p[2]!)) as Matrix3, translation: [p[3]!, p[4]!, p[5]!] })
  const intrOf = (p: ArrayLike<number>): CameraIntrinsics => (fitFocal ? { ...intr, fx: p[6]!, fy: p[6]! } : intr)
  const { params, sumSq, jtj } = levenbergMarquardt(p0, 2 * n, (p, target) => {
    const pose = poseOf(p)
    const k = intrOf(p)
    for (let i = 0; i < n; i++) {
      const r = projectPoint(k, pose, [src[i]![0], src[i]![1], 0], q)
      target[2 * i] = r ? q[0] - dst[i]![0] : 1e6
      target[2 * i + 1] = r ? q[1] - dst[i]![1] : 1e6
    }
  }, { iterations })
  const rms = Math.sqrt(sumSq / n)
  if (!Number.isFinite(rms)) return null
  const finalIntr = intrOf(params)
  let focalSigmaRel = Number.POSITIVE_INFINITY
  if (fitFocal) {
    // The focal length's 1σ: (JᵀJ)⁻¹ scaled by the residuals' variance per coordinate (floored).
    const dof = 2 * n - 7
    const inv = dof > 0 ? invert(jtj, 7) : null
    const varF = inv ? inv[6 * 7 + 6]! * Math.max(sumSq / dof, FOCAL_SIGMA_FLOOR_PX ** 2) : Number.NaN
    if (varF >= 0) focalSigmaRel = Math.sqrt(varF) / finalIntr.fx
  }
  return { pose: poseOf(params), intrinsics: { ...finalIntr, distortion, rmsErrorPx: fitFocal ? rms : finalIntr.rmsErrorPx }, rms, focalSigmaRel }
}
