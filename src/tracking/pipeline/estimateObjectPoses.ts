// Stage: each model's base centre and facing, each terrain piece's pose, from its markers.
//
// Every corner of every marker an object carries is lifted to the table frame on the plane where that
// marker lies (base bottom + registered height): points on z = 0 go through the table homography
// exactly; points above it get the camera model's parallax correction (intersection at z = h minus
// intersection at z = 0), so camera-model errors only scale with the height. A 2-D rigid fit
// (Procrustes) of the registered layout to those points gives the pose; all markers seen count.
// A model standing on a terrain piece is lifted to the piece's top (iterated twice).
import { polygonContains } from '../../engine/index.ts'
import { applyHomography } from '../math/homography.ts'
import { intersectPlaneZ } from '../math/camera.ts'
import { markerCornersInPlane, poseFromHomography, undistortCorners, type TableLockDetail } from './fuseTablePose.ts'
import type { CameraIntrinsics, Doubt, MarkerCorners, MarkerDetection, ObjectPose, RejectedMarker, RgbaFrame, TableLock } from '../types.ts'
import { checkBaseRim, DEFAULT_BASE_RIM_PARAMS, type BaseRimParams, type RimBase } from './baseRim.ts'
import { tableProjector, type TableProjector } from '../bases/tableProjector.ts'
import type { ModelMarker, TerrainMarker } from '../registry/registrySchema.ts'
import type { ObjectEntry, RegistryIndex } from '../registry/indexRegistry.ts'
import { fitHomography, type Point2 } from '../math/homography.ts'

/** Top of whatever a base at (x, y) stands on, mm above the table (0 = the table itself). */
export type SurfaceHeight = (xMm: number, yMm: number) => number

export type ObjectPoseOptions = {
  /** Surfaces from the scene (e.g. its prism terrain); tracked terrain pieces with footprints are added. */
  surfaceHeightAt?: SurfaceHeight
  /** Corner noise of markers whose edges could not be measured (OpenCV's corners kept), px, 1σ per coordinate. */
  cornerSigmaPx?: number
  /** Added in quadrature to every side's measured offset σ (what the edge points' scatter cannot show), px. */
  edgeFloorPx?: number
  /** The fit's residual counts (as corner noise) only where its trace is over this many times the edges' (default 9: 3σ). */
  residualInflation?: number
  /**
   * An image-position error shared by all of an object's corners, px (1σ per coordinate): the part
   * of the frame's geometry the table homography cannot follow (a rolling shutter under motion bends
   * the frame), which averaging over the corners does not reduce.
   */
  fieldSigmaPx?: number
  /**
   * How far a marker may be turned from where the registry puts it (a bent tab, a token glued
   * askew), degrees, 1σ. A marker off the object's origin (a tab behind its base) moves the origin
   * by its lever arm × that turn — the same in every frame, so fusing frames does not reduce it.
   */
  markerTurnSigmaDeg?: number
  /** Doubts about decoded ids (verifyMarkerIds), per detection. */
  idDoubts?: ReadonlyMap<MarkerDetection, string>
  /** Markers the geometry contradicts are appended here (and not used). */
  rejected?: RejectedMarker[]
  checks?: Partial<GeometryCheckParams>
  /**
   * The marked models' bases, with the frame's pixels: each placed model's rim is read from where its
   * markers put it and, when clean and in agreement, fused with them (baseRim.ts). Absent: markers only.
   */
  rims?: { frame: RgbaFrame; bases: ReadonlyMap<string, RimBase>; params?: BaseRimParams }
}

/**
 * Geometry checks of each decoded object marker against its registration (table locked only):
 * its size on the table, its squareness on its registered plane, its agreement with the object's
 * other markers. A misread id, a marker on the wrong plane or a registry error shows up in them.
 */
export type GeometryCheckParams = {
  /** |measured side / registered side − 1| above this: doubted; above `rejectSize`: rejected. */
  doubtSize: number
  rejectSize: number
  /** RMS corner distance from the best-fitting registered square, as a fraction of the side: doubted / rejected. */
  doubtShape: number
  rejectShape: number
  /** Markers of one object that disagree by more than this (RMS mm) after the others agree: the odd one is rejected. */
  disagreeMm: number
}

export const DEFAULT_GEOMETRY_CHECK_PARAMS: GeometryCheckParams = { doubtSize: 0.06, rejectSize: 0.15, doubtShape: 0.04, rejectShape: 0.1, disagreeMm: 2 }

type Locked = Extract<TableLock, { locked: true }>

const DEG = 180 / Math.PI
/**
 * 1σ position error per mm of marker height from the camera model's lift, any direction: used only
 * where the lock carries no camera-centre covariance (`TableLockDetail.cameraCentreCovariance`).
 */
const LIFT_SIGMA_PER_MM = 0.004

/** Local layout of a marker's corners in its object's frame (model: x forward; terrain: the piece frame). */
function layoutCorners(m: ModelMarker | TerrainMarker): Point2[] {
  return markerCornersInPlane(m.size, m.offset ?? [0, 0], m.rotation ?? 0, m.face ?? 'up')
}

/** Image point → table point on the plane z = heightMm (see the file header). */
function liftToTable(lock: Locked, u: number, v: number, heightMm: number, target: [number, number]): [number, number] | null {
  applyHomography(lock.tableFromImage, u, v, target)
  if (heightMm === 0) return target
  const at = intersectPlaneZ(lock.intrinsics, lock.cameraFromTable, lock.cameraPositionMm, u, v, heightMm, _a)
  const at0 = intersectPlaneZ(lock.intrinsics, lock.cameraFromTable, lock.cameraPositionMm, u, v, 0, _b)
  if (!at || !at0) return null
  target[0] += at[0] - at0[0]
  target[1] += at[1] - at0[1]
  return target
}
const _a: [number, number] = [0, 0]
const _b: [number, number] = [0, 0]

export type RigidFit = { x: number; y: number; angleRad: number; rmsMm: number }

/** Least-squares rotation + translation taking `local` onto `measured` (2-D Procrustes / Kabsch). */
export function fitRigid2d(local: readonly Point2[], measured: readonly Point2[]): RigidFit {
  const n = local.length
  let lx = 0, ly = 0, mx = 0, my = 0
  for (let i = 0; i < n; i++) { lx += local[i]![0]; ly += local[i]![1]; mx += measured[i]![0]; my += measured[i]![1] }
  lx /= n; ly /= n; mx /= n; my /= n
  let sdot = 0, scross = 0
  for (let i = 0; i < n; i++) {
    const ax = local[i]![0] - lx, ay = local[i]![1] - ly
    const bx = measured[i]![0] - mx, by = measured[i]![1] - my
    sdot += ax * bx + ay * by
    scross += ax * by - ay * bx
  }
  const angle = Math.atan2(scross, sdot)
  const c = Math.cos(angle), s = Math.sin(angle)
  const x = mx - (c * lx - s * ly)
  const y = my - (s * lx + c * ly)
  let ss = 0
  for (let i = 0; i < n; i++) {
    const px = c * local[i]![0] - s * local[i]![1] + x
    const py = s * local[i]![0] + c * local[i]![1] + y
    ss += (px - measured[i]![0]) ** 2 + (py - measured[i]![1]) ** 2
  }
  return { x, y, angleRad: angle, rmsMm: Math.sqrt(ss / n) }
}

/** Footprint polygon of a tracked piece in the table frame. */
function placeFootprint(footprint: readonly (readonly [number, number])[], pose: ObjectPose): [number, number][] {
  const a = pose.facing / DEG
  const c = Math.cos(a), s = Math.sin(a)
  return footprint.map(([x, y]) => [pose.position[0] + c * x - s * y, pose.position[1] + s * x + c * y])
}

/**
 * Poses of every registered object with at least one (non-conflicting) marker in view.
 * With the table locked: table frame. Without: camera frame (per-marker homography and the given or
 * assumed intrinsics), flagged `frame: 'camera'`.
 */
export function estimateObjectPoses(
  detections: readonly MarkerDetection[],
  registry: RegistryIndex,
  table: TableLockDetail,
  calibration: CameraIntrinsics | null,
  image: { width: number; height: number },
  opts: ObjectPoseOptions = {},
): ObjectPose[] {
  const byObject = new Map<ObjectEntry, MarkerDetection[]>()
  for (const d of detections) {
    const m = registry.objectMarkers.get(d.id)
    if (!m) continue
    const key = `${m.role}:${m.role === 'model' ? m.model : m.terrain}`
    const entry = registry.objects.get(key)!
    const list = byObject.get(entry) ?? []
    list.push(d)
    byObject.set(entry, list)
  }
  const lock = table.lock
  if (!lock.locked) return cameraFramePoses(byObject, registry, calibration, image)
  const checks = { ...DEFAULT_GEOMETRY_CHECK_PARAMS, ...(opts.checks ?? {}) }

  const out: ObjectPose[] = []
  // Terrain first: models may stand on it.
  const terrainTops: { poly: [number, number][]; top: number }[] = []
  for (const [entry, ds] of byObject) {
    if (entry.kind !== 'terrain') continue
    const pose = checkedFit(entry, ds, registry, lock, table, 0, opts, checks)
    if (!pose) continue
    out.push(stripParts(pose))
    const piece = registry.pieces?.[entry.id]
    if (piece?.height) terrainTops.push({ poly: placeFootprint(piece.footprint, pose), top: piece.height })
  }
  const surface = (x: number, y: number) => {
    let z = opts.surfaceHeightAt?.(x, y) ?? 0
    for (const t of terrainTops) if (t.top > z && polygonContains(t.poly, x, y)) z = t.top
    return z
  }
  let proj: TableProjector | null = null
  for (const [entry, ds] of byObject) {
    if (entry.kind !== 'model') continue
    let pose = fitObject(entry, ds, registry, lock, table, 0, opts)
    let z = 0
    for (let i = 0; pose && i < 2; i++) {
      z = surface(pose.position[0], pose.position[1])
      if (Math.abs(z - pose.z) < 0.01) break
      pose = fitObject(entry, ds, registry, lock, table, z, opts)
    }
    if (!pose) continue
    const checked = checkedFit(entry, ds, registry, lock, table, z, opts, checks)
    if (!checked) continue
    const base = opts.rims?.bases.get(entry.id)
    if (base && checked.status === 'ok' && ds.every((d) => (registry.objectMarkers.get(d.id)!.face ?? 'up') === 'up')) readRim(checked, base, (proj ??= tableProjector(lock)), opts.rims!)
    out.push(stripParts(checked))
  }
  return out
}

/** The rim check (baseRim.ts) on a placed model: its reading, and its fused position and σ when used. */
function readRim(pose: CheckedPose, base: RimBase, proj: TableProjector, rims: NonNullable<ObjectPoseOptions['rims']>): void {
  const r = checkBaseRim(rims.frame, proj, base, pose.position[0], pose.position[1], pose.facing, pose.z, { total: pose.covarianceMm!, common: pose.commonCov, shared: pose.sharedCov }, rims.params ?? DEFAULT_BASE_RIM_PARAMS)
  pose.baseRim = r.reading
  if (!r.position || !r.covariance || !r.shared) return
  pose.position = r.position
  pose.covarianceMm = r.covariance
  pose.uncertainty = Math.sqrt(r.covariance[0] + r.covariance[2])
  pose.sharedUncertainty = Math.sqrt(Math.max(0, r.shared[0] + r.shared[2]))
}

function stripParts(pose: CheckedPose): ObjectPose {
  const { commonCov: _c, sharedCov: _s, ...out } = pose
  return out
}

/**
 * The object's pose from the markers that pass the geometry checks, with its status and reasons;
 * null when every marker is rejected (they are listed in `opts.rejected`).
 */
function checkedFit(entry: ObjectEntry, all: readonly MarkerDetection[], registry: RegistryIndex, lock: Locked, table: TableLockDetail, baseZ: number, opts: ObjectPoseOptions, p: GeometryCheckParams): CheckedPose | null {
  const doubts: Doubt[] = []
  const reject = (d: MarkerDetection, reason: string) => opts.rejected?.push({ markerId: d.id, object: { id: entry.id, kind: entry.kind }, reason })
  let ds: MarkerDetection[] = []
  for (const d of all) {
    const single = fitObject(entry, [d], registry, lock, table, baseZ, opts)
    if (!single) { reject(d, `marker ${d.id} does not project onto the table`); continue }
    const m = registry.objectMarkers.get(d.id)!
    const sizeRatio = single.sideMm / m.size
    const shape = single.residualMm / m.size
    const sizeText = `marker ${d.id} measures ${single.sideMm.toFixed(1)} mm on its registered plane, registered ${m.size} mm`
    const shapeText = `marker ${d.id} is not flat on its registered plane (its corners miss a ${m.size} mm square by ${single.residualMm.toFixed(1)} mm RMS)`
    if (Math.abs(sizeRatio - 1) > p.rejectSize) { reject(d, `${sizeText} (another marker misread as ${d.id}, or a wrong size or height in the registry)`); continue }
    if (shape > p.rejectShape) { reject(d, `${shapeText}; misread or not where the registry says`); continue }
    if (Math.abs(sizeRatio - 1) > p.doubtSize) doubts.push({ code: 'marker-size', message: sizeText })
    if (shape > p.doubtShape) doubts.push({ code: 'marker-shape', message: shapeText })
    ds.push(d)
  }
  if (ds.length === 0) return null
  let pose = fitObject(entry, ds, registry, lock, table, baseZ, opts)
  // Markers of one object that disagree: drop the one whose removal lets the others agree.
  while (pose && ds.length >= 2 && pose.residualMm > p.disagreeMm) {
    let best: { i: number; pose: FittedPose } | null = null
    for (let i = 0; i < ds.length; i++) {
      const rest = fitObject(entry, ds.filter((_, j) => j !== i), registry, lock, table, baseZ, opts)
      if (rest && (!best || rest.residualMm < best.pose.residualMm)) best = { i, pose: rest }
    }
    if (!best || (ds.length > 2 && best.pose.residualMm > p.disagreeMm)) break
    const odd = ds[best.i]!
    if (ds.length === 2) {
      // Two markers that disagree: no majority. Keep both, doubted.
      doubts.push({ code: 'markers-disagree', message: `its markers ${ds.map((d) => d.id).join(' and ')} disagree by ${pose.residualMm.toFixed(1)} mm RMS` })
      break
    }
    reject(odd, `marker ${odd.id} disagrees with the other markers of ${entry.id} (fit ${pose.residualMm.toFixed(1)} mm RMS with it)`)
    ds = ds.filter((_, j) => j !== best.i)
    pose = best.pose
  }
  if (!pose) return null
  for (const d of ds) {
    const doubt = opts.idDoubts?.get(d)
    if (doubt) doubts.push({ code: 'marker-id', message: `marker ${d.id}: ${doubt}` })
  }
  const { sideMm: _side, ...out } = pose
  return { ...out, status: doubts.length ? 'doubted' : 'ok', reasons: doubts.map((d) => d.message), doubts }
}

/** A fitted pose with its covariance's parts (mm², [xx, xy, yy]): what the frame shares near it (lock, field), and the part frames repeat. */
type CheckedPose = ObjectPose & { commonCov: [number, number, number]; sharedCov: [number, number, number] }
type FittedPose = CheckedPose & { sideMm: number }

function fitObject(entry: ObjectEntry, ds: readonly MarkerDetection[], registry: RegistryIndex, lock: Locked, table: TableLockDetail, baseZ: number, opts: ObjectPoseOptions): FittedPose | null {
  const local: Point2[] = []
  const measured: Point2[] = []
  const images: MarkerCorners[] = []
  const q: [number, number] = [0, 0]
  let sumU = 0, sumV = 0, maxPlaneZ = 0
  for (const d of ds) {
    const m = registry.objectMarkers.get(d.id)!
    const planeZ = m.role === 'model' ? baseZ + (m.height ?? 0) : (m.height ?? 0)
    maxPlaneZ = Math.max(maxPlaneZ, planeZ)
    const layout = layoutCorners(m)
    const img = undistortCorners(lock.intrinsics, d.corners)
    images.push(img)
    for (let c = 0; c < 4; c++) {
      const p = liftToTable(lock, img[c]![0], img[c]![1], planeZ, q)
      if (!p) return null
      local.push(layout[c]!)
      measured.push([p[0], p[1]])
      sumU += img[c]![0]
      sumV += img[c]![1]
    }
  }
  const fit = fitRigid2d(local, measured)
  const n = local.length
  let side = 0
  for (let i = 0; i < n; i++) {
    const j = i % 4 === 3 ? i - 3 : i + 1
    side += Math.hypot(measured[j]![0] - measured[i]![0], measured[j]![1] - measured[i]![1])
  }
  const u = sumU / n, v = sumV / n
  const shared = sharedCovariance(local, fit, ds.length, maxPlaneZ, opts.markerTurnSigmaDeg ?? 0, lock, table)
  const lockCov = homographyCovarianceAt(lock, table, u, v)
  const cov = objectCovariance(lock, ds, images, local, measured, fit, opts, u, v)
  for (let k = 0; k < 3; k++) cov[k] = cov[k]! + lockCov[k]! + shared[k]!
  return {
    sideMm: side / n,
    id: entry.id,
    kind: entry.kind,
    frame: 'table',
    position: [fit.x, fit.y],
    z: entry.kind === 'model' ? baseZ : 0,
    facing: wrapDeg(fit.angleRad * DEG),
    uncertainty: Math.sqrt(cov[0]! + cov[2]!),
    covarianceMm: [cov[0]!, cov[1]!, cov[2]!],
    lockSigmaMm: Math.sqrt(lockCov[0]! + lockCov[2]!),
    sharedUncertainty: Math.sqrt(shared[0]! + shared[2]!),
    // What the object's markers share with anything else read in the frame near it (its base's rim):
    // the table lock's error and the frame's field error (the rolling shutter's bend).
    commonCov: [lockCov[0]! + _fieldCov[0]!, lockCov[1]! + _fieldCov[1]!, lockCov[2]! + _fieldCov[2]!],
    sharedCov: [shared[0]!, shared[1]!, shared[2]!],
    markers: ds.map((d) => d.id),
    residualMm: fit.rmsMm,
  }
}

function wrapDeg(d: number): number {
  let a = d % 360
  if (a <= -180) a += 360
  if (a > 180) a -= 360
  return a
}

/** ∂(table mm)/∂(image px) of the table homography at (u, v), row-major 2×2 into `target` from `at`. */
function tableJacobian(lock: Locked, u: number, v: number, target: Float64Array, at = 0): Float64Array {
  applyHomography(lock.tableFromImage, u, v, _j0)
  applyHomography(lock.tableFromImage, u + 1, v, _j1)
  applyHomography(lock.tableFromImage, u, v + 1, _j2)
  target[at] = _j1[0] - _j0[0]; target[at + 1] = _j2[0] - _j0[0]
  target[at + 2] = _j1[1] - _j0[1]; target[at + 3] = _j2[1] - _j0[1]
  return target
}
const _j0: [number, number] = [0, 0], _j1: [number, number] = [0, 0], _j2: [number, number] = [0, 0]

/**
 * The covariance of an object's position from its markers' corners and the frame's field error, mm²
 * ([xx, xy, yy]). Each side of each marker is a line the edge fit located (EdgeNoise: its offset and
 * turn σ, from its own points' scatter); moving a line moves its two corners along the neighbouring
 * sides, each corner's move is lifted to the table (the homography's Jacobian there) and goes through
 * the rigid fit (its centroid and its turn × the lever arm to the object's origin). So a blurred side
 * (a motion streak across it) widens the σ along its normal only. Markers without edge figures take
 * `cornerSigmaPx` per corner coordinate. The fit's own residual widens it when the corners scatter
 * far more than that (a bent or misregistered marker). The field error (`fieldSigmaPx`, shared by all
 * of the object's corners) adds its image shift lifted at the object.
 */
function objectCovariance(lock: Locked, ds: readonly MarkerDetection[], images: readonly MarkerCorners[], local: readonly Point2[], measured: readonly Point2[], fit: RigidFit, opts: ObjectPoseOptions, u: number, v: number): Float64Array {
  // Per object per frame: module scratch only (house style: the tracker's hot path allocates nothing);
  // the caller reads the result before the next call.
  const out = _cov
  out.fill(0)
  const n = local.length
  let lx = 0, ly = 0
  for (const p of local) { lx += p[0]; ly += p[1] }
  lx /= n; ly /= n
  const c = Math.cos(fit.angleRad), s = Math.sin(fit.angleRad)
  let spread = 0
  for (const p of local) spread += (p[0] - lx) ** 2 + (p[1] - ly) ** 2
  _fit.local = local; _fit.n = n; _fit.lx = lx; _fit.ly = ly; _fit.c = c; _fit.s = s; _fit.spread = spread
  _fit.rlx = c * lx - s * ly; _fit.rly = s * lx + c * ly
  const floor = opts.edgeFloorPx ?? 0
  for (let k = 0; k < ds.length; k++) {
    const img = images[k]!
    const edges = ds[k]!.edges
    for (let corner = 0; corner < 4; corner++) tableJacobian(lock, img[corner]![0], img[corner]![1], _jac, corner * 4)
    if (!edges) {
      const sigma = opts.cornerSigmaPx ?? 0.1
      for (let corner = 0; corner < 4; corner++) {
        // The corner's x, then its y, each moved by σ.
        for (let axis = 0; axis < 2; axis++) {
          const ex = axis === 0 ? 1 : 0, ey = 1 - ex
          const a = corner * 4
          _dt[0] = 0; _dt[1] = 0
          respond(k * 4 + corner, sigma * (_jac[a]! * ex + _jac[a + 1]! * ey), sigma * (_jac[a + 2]! * ex + _jac[a + 3]! * ey), _dt)
          addOuter(out, _dt)
        }
      }
      continue
    }
    for (let side = 0; side < 4; side++) {
      const a = img[side]!, b = img[(side + 1) % 4]!
      const len = Math.hypot(b[0] - a[0], b[1] - a[1])
      const nx = -(b[1] - a[1]) / len, ny = (b[0] - a[0]) / len
      // The other side through each end: the end moves along it.
      const p = img[(side + 3) % 4]!, q = img[(side + 2) % 4]!
      const plen = Math.hypot(a[0] - p[0], a[1] - p[1]), qlen = Math.hypot(q[0] - b[0], q[1] - b[1])
      const pdx = (a[0] - p[0]) / plen, pdy = (a[1] - p[1]) / plen
      const qdx = (q[0] - b[0]) / qlen, qdy = (q[1] - b[1]) / qlen
      const pk = 1 / (nx * pdx + ny * pdy), qk = 1 / (nx * qdx + ny * qdy)
      // Two independent moves of the line: along its normal (both ends alike), and its turn (ends opposite).
      const offset = Math.hypot(edges.offsetPx[side]!, floor), turn = edges.turnPx[side]!
      for (let move = 0; move < 2; move++) {
        const ea = move === 0 ? offset : -turn, eb = move === 0 ? offset : turn
        _dt[0] = 0; _dt[1] = 0
        const ja = side * 4, jb = ((side + 1) % 4) * 4
        const ax = ea * pk * pdx, ay = ea * pk * pdy
        const bx = eb * qk * qdx, by = eb * qk * qdy
        respond(k * 4 + side, _jac[ja]! * ax + _jac[ja + 1]! * ay, _jac[ja + 2]! * ax + _jac[ja + 3]! * ay, _dt)
        respond(k * 4 + (side + 1) % 4, _jac[jb]! * bx + _jac[jb + 1]! * by, _jac[jb + 2]! * bx + _jac[jb + 3]! * by, _dt)
        addOuter(out, _dt)
      }
    }
  }
  // A fit whose corners scatter about the registered layout far more than their noise says (a bent
  // tab, a marker off its registered plane): its residual, as isotropic corner noise, where larger.
  const dof = Math.max(1, 2 * n - 3)
  const residualSigma2 = (fit.rmsMm * fit.rmsMm * n) / dof
  const noiseTrace = (2 * residualSigma2) / n + ((lx * lx + ly * ly) * residualSigma2) / spread
  const trace = out[0]! + out[2]!
  if (noiseTrace > (opts.residualInflation ?? 9) * trace && trace > 0) {
    const k = noiseTrace / trace
    out[0] = out[0]! * k; out[1] = out[1]! * k; out[2] = out[2]! * k
  }
  // The field error: an image shift shared by the object's corners.
  const field = opts.fieldSigmaPx ?? 0
  _fieldCov.fill(0)
  if (field > 0) {
    tableJacobian(lock, u, v, _jac)
    _fieldCov[0] = field * field * (_jac[0]! ** 2 + _jac[1]! ** 2)
    _fieldCov[1] = field * field * (_jac[0]! * _jac[2]! + _jac[1]! * _jac[3]!)
    _fieldCov[2] = field * field * (_jac[2]! ** 2 + _jac[3]! ** 2)
    out[0] = out[0]! + _fieldCov[0]!; out[1] = out[1]! + _fieldCov[1]!; out[2] = out[2]! + _fieldCov[2]!
  }
  return out
}
/** objectCovariance's field part (mm², [xx, xy, yy]): set by each call, read by the caller before the next. */
const _fieldCov = new Float64Array(3)
const _jac = new Float64Array(16)
const _dt = new Float64Array(2)
const _cov = new Float64Array(3)
/** The rigid fit objectCovariance is spreading (set per object; read by `respond`). */
const _fit = { local: [] as readonly Point2[], n: 1, lx: 0, ly: 0, c: 1, s: 0, spread: 1, rlx: 0, rly: 0 }
/** The rigid fit's response to corner i's move δ = (dx, dy) (table mm), added to `target`: δt = δ/n − perp(R·l̄)·(cross(R·l'ᵢ, δ)/S). */
function respond(i: number, dx: number, dy: number, target: Float64Array): void {
  const { local, n, lx, ly, c, s, spread, rlx, rly } = _fit
  const ax = c * (local[i]![0] - lx) - s * (local[i]![1] - ly), ay = s * (local[i]![0] - lx) + c * (local[i]![1] - ly)
  const turn = (ax * dy - ay * dx) / spread
  target[0] = target[0]! + dx / n + rly * turn
  target[1] = target[1]! + dy / n - rlx * turn
}
const addOuter = (target: Float64Array, d: Float64Array) => {
  target[0] = target[0]! + d[0]! * d[0]!
  target[1] = target[1]! + d[0]! * d[1]!
  target[2] = target[2]! + d[1]! * d[1]!
}

/**
 * The part of an object's covariance that repeats from frame to frame, mm² ([xx, xy, yy]): markers
 * above the table are lifted by the camera model (`liftCovariance`), and markers off the object's
 * origin turn it by their own turn (`markerTurnSigmaDeg`, averaged over the object's markers) × their
 * lever arm, across that arm.
 */
function sharedCovariance(local: readonly Point2[], fit: RigidFit, markers: number, planeZ: number, turnSigmaDeg: number, lock: Locked, table: TableLockDetail): Float64Array {
  let lx = 0, ly = 0
  for (const p of local) { lx += p[0]; ly += p[1] }
  lx /= local.length; ly /= local.length
  const c = Math.cos(fit.angleRad), s = Math.sin(fit.angleRad)
  // The origin moves across the lever arm (R·l̄ rotated by 90°) by |l̄| × the turn.
  const ax = -(s * lx + c * ly), ay = c * lx - s * ly
  const turn = turnSigmaDeg / DEG / Math.sqrt(markers)
  liftCovariance(lock, table, fit.x, fit.y, planeZ, _shared)
  _shared[0] = _shared[0]! + (ax * turn) ** 2; _shared[1] = _shared[1]! + ax * ay * turn * turn; _shared[2] = _shared[2]! + (ay * turn) ** 2
  return _shared
}

/**
 * The lift's covariance (mm², [xx, xy, yy]) at table point (x, y) for a marker `z` mm above the table.
 * The table homography fixes where the pixel's ray meets the table (G); the camera model puts the
 * marker on that ray z up: P = G + (z / C_z)(C − G). Moving the camera's centre C by δC moves it by
 * (z / C_z)(δC_xy − (C_xy − G) δC_z / C_z), with the lock's camera-centre covariance (the focal
 * length's and principal point's doubt). Without that covariance, 0.4 % of z in any direction.
 */
function liftCovariance(lock: Locked, table: TableLockDetail, x: number, y: number, z: number, out: Float64Array): void {
  out.fill(0)
  if (z <= 0) return
  const centreCov = table.cameraCentreCovariance?.() ?? null
  const cp = lock.cameraPositionMm
  if (!centreCov || !(cp[2] > z)) {
    out[0] = out[2] = (LIFT_SIGMA_PER_MM * z) ** 2 / 2
    return
  }
  const t = z / cp[2]
  // G from P = G + t (C − G): G = (P − t C) / (1 − t).
  const gx = (x - t * cp[0]) / (1 - t), gy = (y - t * cp[1]) / (1 - t)
  // J = t · [[1, 0, −(Cx − Gx)/Cz], [0, 1, −(Cy − Gy)/Cz]]
  const j02 = -(cp[0] - gx) / cp[2], j12 = -(cp[1] - gy) / cp[2]
  const c = centreCov
  // rows of J·Σ
  const a0 = c[0]! + j02 * c[6]!, a1 = c[1]! + j02 * c[7]!, a2 = c[2]! + j02 * c[8]!
  const b1 = c[4]! + j12 * c[7]!, b2 = c[5]! + j12 * c[8]!
  out[0] = t * t * (a0 + a2 * j02)
  out[1] = t * t * (a1 + a2 * j12)
  out[2] = t * t * (b1 + b2 * j12)
}
const _shared = new Float64Array(3)

/** J C Jᵀ: the table homography's uncertainty at image point (u, v), mm² ([xx, xy, yy]). */
function homographyCovarianceAt(lock: Locked, table: TableLockDetail, u: number, v: number): Float64Array {
  const out = _lockCov
  out.fill(0)
  const cov = table.homographyCovariance
  if (!cov) return out
  const h = lock.imageFromTable
  const base = _base
  const tableFromImage = lock.tableFromImage
  applyHomography(tableFromImage, u, v, base)
  // d(table point)/d(h_k): perturbing image-from-table moves the image of a fixed table point by
  // du = (∂u/∂h)·dh; the table point seen at a fixed pixel moves by −A·du, A = ∂X/∂u.
  const w = h[6] * base[0] + h[7] * base[1] + h[8]
  const iu = (h[0] * base[0] + h[1] * base[1] + h[2]) / w
  const iv = (h[3] * base[0] + h[4] * base[1] + h[5]) / w
  const dU = _dU, dV = _dV
  dU[0] = base[0] / w; dU[1] = base[1] / w; dU[2] = 1 / w; dU[3] = 0; dU[4] = 0; dU[5] = 0; dU[6] = (-iu * base[0]) / w; dU[7] = (-iu * base[1]) / w
  dV[0] = 0; dV[1] = 0; dV[2] = 0; dV[3] = base[0] / w; dV[4] = base[1] / w; dV[5] = 1 / w; dV[6] = (-iv * base[0]) / w; dV[7] = (-iv * base[1]) / w
  const a = tableJacobian(lock, u, v, _hj)
  const jx = _jx, jy = _jy
  for (let k = 0; k < 8; k++) {
    jx[k] = -(a[0]! * dU[k]! + a[1]! * dV[k]!)
    jy[k] = -(a[2]! * dU[k]! + a[3]! * dV[k]!)
  }
  let xx = 0, xy = 0, yy = 0
  for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) {
    const c = cov[i * 8 + j]!
    xx += jx[i]! * jx[j]! * c; xy += jx[i]! * jy[j]! * c; yy += jy[i]! * jy[j]! * c
  }
  out[0] = Math.max(0, xx); out[1] = xy; out[2] = Math.max(0, yy)
  return out
}
const _hj = new Float64Array(4)
const _lockCov = new Float64Array(3)
const _base: [number, number] = [0, 0]
const _dU = new Float64Array(8), _dV = new Float64Array(8), _jx = new Float64Array(8), _jy = new Float64Array(8)

/** Without a table lock: each object in the camera frame from its own markers' homography. */
function cameraFramePoses(byObject: Map<ObjectEntry, MarkerDetection[]>, registry: RegistryIndex, calibration: CameraIntrinsics | null, image: { width: number; height: number }): ObjectPose[] {
  const f = Math.max(image.width, image.height) * 0.8
  const intr: CameraIntrinsics = calibration ?? { width: image.width, height: image.height, fx: f, fy: f, cx: (image.width - 1) / 2, cy: (image.height - 1) / 2, source: 'assumed' }
  const out: ObjectPose[] = []
  for (const [entry, ds] of byObject) {
    const local: Point2[] = []
    const img: Point2[] = []
    for (const d of ds) {
      const layout = layoutCorners(registry.objectMarkers.get(d.id)!)
      const c = undistortCorners(intr, d.corners)
      for (let k = 0; k < 4; k++) { local.push(layout[k]!); img.push(c[k]!) }
    }
    // All markers of one object are taken as coplanar here (good enough for a fallback).
    const h = fitHomography(local, img)
    if (!h) continue
    const pose = poseFromHomography(h.h, intr)
    const r = pose.rotation
    out.push({
      id: entry.id,
      kind: entry.kind,
      frame: 'camera',
      position: [pose.translation[0], pose.translation[1]],
      z: pose.translation[2],
      facing: wrapDeg(Math.atan2(r[3], r[0]) * DEG),
      markers: ds.map((d) => d.id),
      residualMm: 0,
      status: 'doubted',
      reasons: ['the table is not locked: position in the camera frame, not on the table'],
      doubts: [{ code: 'no-table-lock', message: 'the table is not locked: position in the camera frame, not on the table' }],
    })
  }
  return out
}
