// One camera → per-frame poses: grey → detect (whole frame or ROIs) → refine corners → frame
// quality (blur on the markers' edges, motion of the table since the last lock) → table lock →
// object poses, whose σ grows with the frame's blur and motion. Holds the state that makes
// consecutive frames cheap (where the markers were, the last lock) and the OpenCV objects (call
// `dispose()`). Fusing frames over time is a separate layer (PoseFilter).
import { MarkerDetector } from './opencv/markerDetector.ts'
import type { OpenCvHandle } from './opencv/openCv.ts'
import { createGrayFrame, toGray } from './pipeline/grayFrame.ts'
import { detectMarkers } from './pipeline/detectMarkers.ts'
import { planRois } from './pipeline/planRois.ts'
import { fuseTablePose, surveyedPrincipalPoint, type PrincipalPoint } from './pipeline/fuseTablePose.ts'
import { estimateObjectPoses, type SurfaceHeight } from './pipeline/estimateObjectPoses.ts'
import { verifyMarkerIds } from './pipeline/verifyMarkerIds.ts'
import { measureSharpness, type FrameSharpness } from './pipeline/measureSharpness.ts'
import { applyHomography } from './math/homography.ts'
import { resolveTrackerParams, type TrackerParams, type TrackerParamsInput } from './params.ts'
import { indexRegistry, objectKey, type RegistryIndex } from './registry/indexRegistry.ts'
import type { Registry } from './registry/registrySchema.ts'
import type { ModelBase, RimBase } from './pipeline/baseRim.ts'
import { DEFAULT_TRACKED_BASE_HEIGHT_MM } from './bases/baseTypes.ts'
import type { CameraIntrinsics, Doubt, FrameQuality, GrayFrame, MarkerDetection, ObjectPose, RectPx, RejectedMarker, RgbaFrame, TableLock, TrackFrameResult } from './types.ts'

/** Where an object was last accepted, and a jump waiting for confirmation. */
type LastPose = { x: number; y: number; pending: { x: number; y: number; frames: number } | null }

export type FrameTrackerOptions = {
  params?: TrackerParamsInput
  /** Intrinsics from a ChArUco calibration; without them the focal length is estimated from the table. */
  calibration?: CameraIntrinsics | null
  /** Heights of surfaces models may stand on (from the scene's terrain). */
  surfaceHeightAt?: SurfaceHeight
  /** The marked models' bases (from the table's scene): each placed model's rim is read and fused with its markers (params.rim). */
  modelBases?: readonly ModelBase[] | null
}

export type { ModelBase }

export class FrameTracker {
  readonly params: TrackerParams
  private readonly detector: MarkerDetector
  private registry: RegistryIndex
  private calibration: CameraIntrinsics | null
  private readonly surfaceHeightAt: SurfaceHeight | undefined
  private readonly modelBases = new Map<string, RimBase>()
  private gray: GrayFrame | null = null
  private previous: MarkerDetection[] = []
  private framesSinceFull = Number.POSITIVE_INFINITY
  private lostSomething = false
  private registeredIds: number[] = []
  private readonly lastPoses = new Map<string, LastPose>()
  private readonly sharpness: FrameSharpness = { blurPx: Number.NaN, spreadPx: Number.NaN, markers: 0 }
  /**
   * Without a camera file: the focal length the last frame that pinned it estimated (px), for the frames
   * that cannot (a camera nearly square above the table: TablePoseParams.maxFocalSigmaRel).
   */
  private focalHintPx: number | null = null
  /** That focal length's whole relative 1σ (the principal point's doubt in it). */
  private focalHintSigmaRel: number | null = null
  /** The camera the registry's survey measured (without a camera file, its principal point is the lock's: `surveyedPrincipalPoint`). */
  private surveyCamera: NonNullable<Registry['survey']>['camera'] | undefined
  /** `surveyedPrincipalPoint` of that camera at the last frame size (worked out once per registry and size, not per frame). */
  private surveyedCentre: { width: number; height: number; centre: PrincipalPoint | null } | null = null
  /** The last locked frame's image-from-table homography and time, for the motion between locks. */
  private readonly lastLock = { imageFromTable: new Float64Array(9), timeMs: Number.NaN, valid: false }

  constructor(handle: OpenCvHandle, registry: Registry, options: FrameTrackerOptions = {}) {
    this.registry = indexRegistry(registry)
    this.surveyCamera = registry.survey?.camera
    this.registeredIds = [...this.registry.table.keys(), ...this.registry.objectMarkers.keys()]
    const params = resolveTrackerParams(options.params)
    if (!options.params?.detect?.dictionary) params.detect = { ...params.detect, dictionary: this.registry.dictionary }
    this.params = params
    this.detector = new MarkerDetector(handle, params.detect)
    this.calibration = options.calibration ?? null
    this.surfaceHeightAt = options.surfaceHeightAt
    this.setModelBases(options.modelBases ?? null)
  }

  /** The marked models' bases whose rims are read with their markers (null: none; markers only). */
  setModelBases(bases: readonly ModelBase[] | null): void {
    this.modelBases.clear()
    for (const b of bases ?? []) this.modelBases.set(b.id, { shape: b.base, heightMm: b.heightMm ?? DEFAULT_TRACKED_BASE_HEIGHT_MM })
  }

  /** Swap the registry (e.g. the user added a model); keeps the detector. */
  setRegistry(registry: Registry): void {
    this.registry = indexRegistry(registry)
    this.surveyCamera = registry.survey?.camera
    this.surveyedCentre = null
    this.registeredIds = [...this.registry.table.keys(), ...this.registry.objectMarkers.keys()]
  }

  setCalibration(calibration: CameraIntrinsics | null): void {
    this.calibration = calibration
  }

  /** The survey's principal point for a `width` × `height` frame (cached: a camera's frames keep their size). */
  private surveyedCentreAt(width: number, height: number): PrincipalPoint | null {
    const c = this.surveyedCentre
    if (c && c.width === width && c.height === height) return c.centre
    const centre = surveyedPrincipalPoint(this.surveyCamera, width, height)
    this.surveyedCentre = { width, height, centre }
    return centre
  }

  /** Forget where markers were: the next frame is searched in full. */
  reset(): void {
    this.previous = []
    this.framesSinceFull = Number.POSITIVE_INFINITY
    this.lastPoses.clear()
    this.lastLock.valid = false
    this.focalHintPx = null
    this.focalHintSigmaRel = null
  }

  /**
   * Track one frame. `forceFull` searches the whole frame regardless of the ROI schedule; `timeMs`
   * (the frame's capture time) turns the motion between locks into a speed. `rotationDegPerS`: how
   * fast the device turned when the frame was taken (its gyroscope, °/s, any axis), where the browser
   * offers one: it tells a moving camera on a frame the motion between locks cannot (the first lock
   * after a gap, a slow device whose locks are further apart than `quality.motionWindowMs`).
   */
  track(frame: RgbaFrame | GrayFrame, forceFull = false, timeMs?: number, rotationDegPerS?: number): TrackFrameResult {
    const started = performance.now()
    const { width, height } = frame
    if (!this.gray || this.gray.width !== width || this.gray.height !== height) {
      this.gray = createGrayFrame(width, height)
      this.reset()
    }
    const roi = this.params.roi
    const full = forceFull || !roi.enabled || this.previous.length === 0 || this.lostSomething || this.framesSinceFull + 1 >= roi.fullFrameEvery
    let rois: RectPx[] | undefined
    if (!full) rois = planRois(this.previous, width, height, roi)
    toGray(frame, this.gray, rois)
    const detection = detectMarkers(this.detector, this.gray, rois, this.params.refine || null, this.params.decode || null)
    this.framesSinceFull = full ? 0 : this.framesSinceFull + 1
    this.lostSomething = !full && this.previous.some((p) => !detection.detections.some((d) => d.id === p.id))
    const warnings: string[] = []
    if (this.lostSomething) warnings.push('a tracked marker was not found near its last position; the next frame is searched in full')
    this.previous = detection.detections
    const poseStarted = performance.now()
    const conflicts = new Set(detection.conflicts)
    for (const id of conflicts) warnings.push(`marker ${id} is seen ${detection.detections.filter((d) => d.id === id).length} times at once; not used (conflict)`)
    const usable = detection.detections.filter((d) => !conflicts.has(d.id))
    const table = fuseTablePose(usable, this.registry.table, { width, height }, this.calibration, this.params.table, this.focalHintPx, this.focalHintSigmaRel, this.calibration ? null : this.surveyedCentreAt(width, height))
    if (table.focalPinnedPx) {
      this.focalHintPx = table.focalPinnedPx
      this.focalHintSigmaRel = table.focalSigmaRel ?? null
    }
    warnings.push(...table.warnings)
    const quality = this.judgeFrame(usable, table.lock, width, height, timeMs, rotationDegPerS)
    // A full search of a soft frame misses the small markers: the next frame is searched in full
    // too, until a sharp one sets the regions (else they would cover only the big markers).
    if (full && quality.verdict !== 'sharp') this.framesSinceFull = Number.POSITIVE_INFINITY
    if (!table.lock.locked) warnings.push(`${table.lock.reason}; objects are reported in the camera frame`)
    const idChecks = verifyMarkerIds(this.gray, usable, this.detector.cellsPerSide, (id) => this.detector.pattern(id), this.registeredIds, this.params.ids)
    const idDoubts = new Map<MarkerDetection, string>()
    usable.forEach((d, i) => { const doubt = idChecks[i]!.doubt; if (doubt) idDoubts.set(d, doubt) })
    const rejected: RejectedMarker[] = []
    const objects = estimateObjectPoses(usable, this.registry, table, this.calibration, { width, height }, {
      surfaceHeightAt: this.surfaceHeightAt,
      cornerSigmaPx: quality.cornerSigmaPx,
      fieldSigmaPx: quality.fieldSigmaPx,
      markerTurnSigmaDeg: this.params.pose.markerTurnSigmaDeg,
      edgeFloorPx: this.params.pose.edgeFloorPx,
      idDoubts,
      rejected,
      checks: this.params.checks,
      // The rims are read in colour (a grey frame has one byte per pixel: markers only).
      ...(this.params.rim && this.modelBases.size && frame.data.length === width * height * 4 ? { rims: { frame, bases: this.modelBases, params: this.params.rim } } : {}),
    })
    for (const r of rejected) warnings.push(`marker ${r.markerId} (${r.object.kind} ${r.object.id}) rejected: ${r.reason}`)
    this.holdJumps(objects)
    if (table.lock.locked) this.doubtFromLock(objects, table.lock, warnings)
    const seen = new Set(objects.map((o) => objectKey(o.kind, o.id)))
    const notSeen = [...this.registry.objects.values()].filter((e) => !seen.has(objectKey(e.kind, e.id))).map((e) => ({ id: e.id, kind: e.kind }))
    const unknownIds = [...new Set(detection.detections.map((d) => d.id).filter((id) => !this.registry.table.has(id) && !this.registry.objectMarkers.has(id)))].sort((a, b) => a - b)
    if (detection.detections.length === 0) warnings.push('no markers found in this frame')
    const done = performance.now()
    return {
      width,
      height,
      detections: detection.detections,
      conflicts: detection.conflicts,
      unknownIds,
      table: table.lock,
      objects,
      rejected,
      notSeen,
      warnings,
      search: { mode: detection.mode, regions: detection.rois },
      quality,
      timing: { detectMs: done - started - (done - poseStarted), poseMs: done - poseStarted, totalMs: done - started },
    }
  }

  /**
   * The frame's quality: its blur measured on the markers' edges, the table's image motion since the
   * last locked frame, the corner noise both imply, and the verdict (FrameQuality).
   */
  private judgeFrame(detections: readonly MarkerDetection[], lock: TableLock, width: number, height: number, timeMs: number | undefined, rotationDegPerS: number | undefined): FrameQuality {
    const q = this.params.quality
    const sharp = measureSharpness(this.gray!, detections, this.detector.cellsPerSide, q.sharpness, this.sharpness)
    let motionPx = Number.NaN, motionPxPerS = Number.NaN
    if (lock.locked) {
      if (this.lastLock.valid) {
        motionPx = this.tableMotionPx(lock)
        const dt = timeMs === undefined ? Number.NaN : timeMs - this.lastLock.timeMs
        if (dt > 0 && dt <= q.motionWindowMs) motionPxPerS = (motionPx * 1000) / dt
      }
      this.lastLock.imageFromTable.set(lock.imageFromTable)
      this.lastLock.timeMs = timeMs ?? Number.NaN
      this.lastLock.valid = true
    }
    const blurPx = sharp.blurPx
    // A turn of ω rad/s moves the image centre by f·ω px/s (f: the lock's focal length, else the
    // camera file's, else the usual 0.8 · the longer side).
    const focalPx = lock.locked ? lock.intrinsics.fx : (this.calibration?.fx ?? 0.8 * Math.max(width, height))
    const sensorPxPerS = rotationDegPerS !== undefined && Number.isFinite(rotationDegPerS) ? (focalPx * Math.abs(rotationDegPerS) * Math.PI) / 180 : Number.NaN
    const movingLimit = q.movingSidesPerS * Math.max(width, height)
    const seenMoving = motionPxPerS > movingLimit
    const turning = sensorPxPerS > movingLimit
    const moving = seenMoving || turning
    const cornerSigmaPx = Math.hypot(this.params.pose.cornerSigmaPx, q.cornerSigmaPerBlurPx * (Number.isNaN(blurPx) ? 0 : blurPx))
    const lockErrorPx = lock.locked ? lock.reprojectionErrorPx : 0
    // The bend follows the speed during the readout: motion per 1/30 s (or, without frame times, per frame).
    const motionPerFramePx = Number.isFinite(motionPxPerS) ? motionPxPerS / 30 : timeMs === undefined && Number.isFinite(motionPx) ? motionPx : Number.isFinite(sensorPxPerS) ? sensorPxPerS / 30 : 0
    const fieldSigmaPx = Math.hypot(q.fieldSigmaPerMotionPx * motionPerFramePx, q.fieldSigmaPerLockErrorPx * lockErrorPx)
    const reasons: string[] = []
    let verdict: FrameQuality['verdict'] = 'sharp'
    if (blurPx > q.blurredBlurPx) {
      verdict = 'blurred'
      reasons.push(`blurred: its edges are spread by ${blurPx.toFixed(1)} px (over ${q.blurredBlurPx} px): hold still`)
    } else if (blurPx > q.sharpBlurPx) {
      verdict = 'usable'
      reasons.push(`softened: edges spread by ${blurPx.toFixed(1)} px (over ${q.sharpBlurPx} px); new models wait for a sharper frame`)
    } else if (Number.isNaN(blurPx)) {
      // No marker big enough to measure: the table markers are the big ones, so there is no lock either.
      verdict = 'usable'
      reasons.push('sharpness not measured (no marker large enough)')
    }
    if (moving && verdict === 'sharp') {
      verdict = 'usable'
      reasons.push(seenMoving
        ? `the camera moves (${Math.round(motionPxPerS)} px/s); new models wait for a steadier frame`
        : `the camera turns (${Math.abs(rotationDegPerS!).toFixed(0)}°/s by its motion sensor, about ${Math.round(sensorPxPerS)} px/s in the image); new models wait for a steadier frame`)
    }
    if (lockErrorPx > this.params.table.doubtLockErrorPx && verdict === 'sharp') {
      verdict = 'usable'
      reasons.push(`the table fit leaves ${lockErrorPx.toFixed(2)} px; new models wait for a better fit`)
    }
    return { verdict, blurPx, motionPx, motionPxPerS, sensorPxPerS, moving, cornerSigmaPx, fieldSigmaPx, reasons }
  }

  /**
   * How far the table moved in the image since the last lock, px: the median displacement of this
   * lock's reference markers between the two locks' homographies (measured where both are pinned down:
   * far from its markers a homography extrapolates, and a 2-marker lock swings).
   */
  private tableMotionPx(lock: Extract<TableLock, { locked: true }>): number {
    let n = 0
    for (const id of lock.referenceIds) {
      const m = this.registry.table.get(id)
      if (!m || n >= _motions.length) continue
      applyHomography(this.lastLock.imageFromTable, m.position[0], m.position[1], _was)
      applyHomography(lock.imageFromTable, m.position[0], m.position[1], _now)
      _motions[n++] = Math.hypot(_now[0] - _was[0], _now[1] - _was[1])
    }
    if (n === 0) return Number.NaN
    for (let i = 1; i < n; i++) {
      const v = _motions[i]!
      let j = i - 1
      while (j >= 0 && _motions[j]! > v) { _motions[j + 1] = _motions[j]!; j-- }
      _motions[j + 1] = v
    }
    return n % 2 ? _motions[(n - 1) / 2]! : (_motions[n / 2 - 1]! + _motions[n / 2]!) / 2
  }

  /**
   * Doubts the table lock puts on the poses it gives (DoubtCode): a lock is accepted for an object by
   * the error it predicts there in mm, not by its pixel fit alone. A fit looser than the corner noise
   * (over `doubtLockErrorPx`) scales the lock's σ at every object by the ratio (the covariance scaled
   * by the fit's own residual, as least squares does), and 'loose-fit' doubts the objects where that
   * σ is over `maxLockSigmaMm` (the app never places a doubted pose: a loose fit near its markers still
   * places what it places well); 'grazing-lock': the lock's own 1σ at the object (its covariance
   * propagated there) is over `maxLockSigmaMm` — far or grazing table markers extrapolate; 'single-view':
   * two table markers only, the object further out than they are apart (nothing in the view checks
   * the table frame there) and the lock's σ there (scaled by a loose fit) over half the limit.
   */
  private doubtFromLock(objects: ObjectPose[], lock: Extract<TableLock, { locked: true }>, warnings: string[]): void {
    const t = this.params.table
    const doubt = (o: ObjectPose, d: Doubt) => {
      if (o.status === 'ok' || o.status === undefined) o.status = 'doubted'
      o.reasons = [...(o.reasons ?? []), d.message]
      o.doubts = [...(o.doubts ?? []), d]
    }
    const loose = lock.reprojectionErrorPx > t.doubtLockErrorPx
    if (loose) warnings.push(`the table fit leaves ${lock.reprojectionErrorPx.toFixed(2)} px RMS (over ${t.doubtLockErrorPx} px: an uncalibrated lens, motion blur or a moved table marker?); positions may be off by more than their uncertainty`)
    const refs = lock.twoMarkers ? lock.referenceIds.map((id) => this.registry.table.get(id)!.position) : []
    const baseline = refs.length === 2 ? Math.hypot(refs[0]![0] - refs[1]![0], refs[0]![1] - refs[1]![1]) : 0
    let grazing = 0
    const inflate = loose ? lock.reprojectionErrorPx / t.doubtLockErrorPx : 1
    for (const o of objects) {
      if (o.frame !== 'table') continue
      const sigma = o.lockSigmaMm ?? 0
      const scaled = sigma * inflate
      if (sigma > t.maxLockSigmaMm) {
        grazing++
        doubt(o, { code: 'grazing-lock', lockSigmaMm: sigma, message: `the table markers in view (${lock.referenceIds.join(', ')}) place it only to ±${sigma.toFixed(1)} mm (1σ, over ${t.maxLockSigmaMm} mm): they are far or seen at a grazing angle; show table markers nearer to it` })
      }
      // (after its own σ: an object the lock doubts on both counts is named first for the lock's own)
      if (loose && scaled > t.maxLockSigmaMm) doubt(o, { code: 'loose-fit', lockSigmaMm: scaled, message: `the table fit leaves ${lock.reprojectionErrorPx.toFixed(2)} px RMS (over ${t.doubtLockErrorPx} px: an uncalibrated lens, motion blur or a moved table marker?), which puts it only to ±${scaled.toFixed(1)} mm (1σ, over ${t.maxLockSigmaMm} mm)` })
      if (baseline > 0) {
        const near = Math.min(...refs.map((r) => Math.hypot(o.position[0] - r[0], o.position[1] - r[1])))
        if (near > baseline && scaled > t.maxLockSigmaMm / 2) doubt(o, { code: 'single-view', lockSigmaMm: scaled, message: `the lock rests on one view of two table markers (${lock.referenceIds.join(', ')}), ${baseline.toFixed(0)} mm apart, and it lies ${near.toFixed(0)} mm from the nearer: nothing in this view checks the table there; show a third table marker` })
      }
    }
    if (grazing) warnings.push(`${grazing} object${grazing === 1 ? '' : 's'} doubted: the table markers in view place ${grazing === 1 ? 'it' : 'them'} to more than ±${t.maxLockSigmaMm} mm`)
  }

  /**
   * A pose further from the object's last accepted pose than a model moves between two frames is
   * 'held' (reported, flagged) until `confirmFrames` consecutive frames put it at the new place.
   */
  private holdJumps(objects: ObjectPose[]): void {
    const { maxJumpMm, confirmFrames } = this.params.pose
    for (const o of objects) {
      if (o.frame !== 'table') continue
      const key = objectKey(o.kind, o.id)
      const [x, y] = o.position
      const last = this.lastPoses.get(key)
      if (!last || Math.hypot(x - last.x, y - last.y) <= maxJumpMm) {
        this.lastPoses.set(key, { x, y, pending: null })
        continue
      }
      const p = last.pending
      last.pending = p && Math.hypot(x - p.x, y - p.y) <= maxJumpMm / 2 ? { x, y, frames: p.frames + 1 } : { x, y, frames: 1 }
      if (last.pending.frames >= confirmFrames) {
        this.lastPoses.set(key, { x, y, pending: null })
        continue
      }
      o.status = 'held'
      const message = `jumped ${Math.hypot(x - last.x, y - last.y).toFixed(0)} mm since its last pose (more than a model moves between two frames); held until ${confirmFrames} frames in a row confirm (${last.pending.frames}/${confirmFrames})`
      o.reasons = [...(o.reasons ?? []), message]
      o.doubts = [...(o.doubts ?? []), { code: 'jump', message }]
    }
  }

  dispose(): void {
    this.detector.dispose()
  }
}

const _was: [number, number] = [0, 0]
const _now: [number, number] = [0, 0]
const _motions = new Float64Array(64)
