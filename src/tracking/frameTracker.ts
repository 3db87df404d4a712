// One camera → per-frame poses: grey → detect (whole frame or ROIs) → refine corners → table lock →
// object poses. Holds the state that makes consecutive frames cheap (where the markers were) and
// the OpenCV objects (call `dispose()`). Temporal smoothing is a separate layer (PoseFilter).
import { MarkerDetector } from './opencv/markerDetector.ts'
import type { OpenCvHandle } from './opencv/openCv.ts'
import { createGrayFrame, toGray } from './pipeline/grayFrame.ts'
import { detectMarkers } from './pipeline/detectMarkers.ts'
import { planRois } from './pipeline/planRois.ts'
import { fuseTablePose } from './pipeline/fuseTablePose.ts'
import { estimateObjectPoses, type SurfaceHeight } from './pipeline/estimateObjectPoses.ts'
import { verifyMarkerIds } from './pipeline/verifyMarkerIds.ts'
import { resolveTrackerParams, type TrackerParams, type TrackerParamsInput } from './params.ts'
import { indexRegistry, objectKey, type RegistryIndex } from './registry/indexRegistry.ts'
import type { Registry } from './registry/registrySchema.ts'
import type { CameraIntrinsics, GrayFrame, MarkerDetection, ObjectPose, RectPx, RejectedMarker, RgbaFrame, TrackFrameResult } from './types.ts'

/** Where an object was last accepted, and a jump waiting for confirmation. */
type LastPose = { x: number; y: number; pending: { x: number; y: number; frames: number } | null }

export type FrameTrackerOptions = {
  params?: TrackerParamsInput
  /** Intrinsics from a ChArUco calibration; without them the focal length is estimated from the table. */
  calibration?: CameraIntrinsics | null
  /** Heights of surfaces models may stand on (from the scene's terrain). */
  surfaceHeightAt?: SurfaceHeight
}

export class FrameTracker {
  readonly params: TrackerParams
  private readonly detector: MarkerDetector
  private registry: RegistryIndex
  private calibration: CameraIntrinsics | null
  private readonly surfaceHeightAt: SurfaceHeight | undefined
  private gray: GrayFrame | null = null
  private previous: MarkerDetection[] = []
  private framesSinceFull = Number.POSITIVE_INFINITY
  private lostSomething = false
  private registeredIds: number[] = []
  private readonly lastPoses = new Map<string, LastPose>()

  constructor(handle: OpenCvHandle, registry: Registry, options: FrameTrackerOptions = {}) {
    this.registry = indexRegistry(registry)
    this.registeredIds = [...this.registry.table.keys(), ...this.registry.objectMarkers.keys()]
    const params = resolveTrackerParams(options.params)
    if (!options.params?.detect?.dictionary) params.detect = { ...params.detect, dictionary: this.registry.dictionary }
    this.params = params
    this.detector = new MarkerDetector(handle, params.detect)
    this.calibration = options.calibration ?? null
    this.surfaceHeightAt = options.surfaceHeightAt
  }

  /** Swap the registry (e.g. the user added a model); keeps the detector. */
  setRegistry(registry: Registry): void {
    this.registry = indexRegistry(registry)
    this.registeredIds = [...this.registry.table.keys(), ...this.registry.objectMarkers.keys()]
  }

  setCalibration(calibration: CameraIntrinsics | null): void {
    this.calibration = calibration
  }

  /** Forget where markers were: the next frame is searched in full. */
  reset(): void {
    this.previous = []
    this.framesSinceFull = Number.POSITIVE_INFINITY
    this.lastPoses.clear()
  }

  /** Track one frame. `forceFull` searches the whole frame regardless of the ROI schedule. */
  track(frame: RgbaFrame | GrayFrame, forceFull = false): TrackFrameResult {
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
    const table = fuseTablePose(usable, this.registry.table, { width, height }, this.calibration, this.params.table)
    warnings.push(...table.warnings)
    if (!table.lock.locked) warnings.push(`${table.lock.reason}; objects are reported in the camera frame`)
    const idChecks = verifyMarkerIds(this.gray, usable, this.detector.cellsPerSide, (id) => this.detector.pattern(id), this.registeredIds, this.params.ids)
    const idDoubts = new Map<MarkerDetection, string>()
    usable.forEach((d, i) => { const doubt = idChecks[i]!.doubt; if (doubt) idDoubts.set(d, doubt) })
    const rejected: RejectedMarker[] = []
    const objects = estimateObjectPoses(usable, this.registry, table, this.calibration, { width, height }, {
      surfaceHeightAt: this.surfaceHeightAt,
      cornerSigmaPx: this.params.pose.cornerSigmaPx,
      idDoubts,
      rejected,
      checks: this.params.checks,
    })
    for (const r of rejected) warnings.push(`marker ${r.markerId} (${r.object.kind} ${r.object.id}) rejected: ${r.reason}`)
    this.holdJumps(objects)
    if (table.lock.locked && table.lock.reprojectionErrorPx > this.params.table.doubtLockErrorPx) {
      const reason = `the table fit leaves ${table.lock.reprojectionErrorPx.toFixed(2)} px RMS (over ${this.params.table.doubtLockErrorPx} px: an uncalibrated lens, motion blur or a moved table marker?); positions may be off by more than their uncertainty`
      warnings.push(reason)
      for (const o of objects) {
        if (o.frame !== 'table') continue
        if (o.status === 'ok' || o.status === undefined) o.status = 'doubted'
        o.reasons = [...(o.reasons ?? []), reason]
      }
    }
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
      timing: { detectMs: done - started - (done - poseStarted), poseMs: done - poseStarted, totalMs: done - started },
    }
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
      o.reasons = [...(o.reasons ?? []), `jumped ${Math.hypot(x - last.x, y - last.y).toFixed(0)} mm since its last pose (more than a model moves between two frames); held until ${confirmFrames} frames in a row confirm (${last.pending.frames}/${confirmFrames})`]
    }
  }

  dispose(): void {
    this.detector.dispose()
  }
}
