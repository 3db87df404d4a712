// The survey's views from photos or a live camera: the table markers in each frame (OpenCV's
// ArucoDetector, edge-refined corners, the second reading of quads OpenCV could not decode, and every
// id read again; a table marker whose id is doubted or seen twice is left out: one misread id would
// put a marker where it is not). From a live camera a frame becomes a view only when the camera is
// steady (its markers moved little since the last frame: no motion blur) and it adds something (a
// marker not seen yet, or the markers well away from where every kept view saw them).
import { MarkerDetector } from '../opencv/markerDetector.ts'
import type { OpenCvHandle } from '../opencv/openCv.ts'
import { createGrayFrame, toGray } from '../pipeline/grayFrame.ts'
import { detectMarkers } from '../pipeline/detectMarkers.ts'
import { verifyMarkerIds } from '../pipeline/verifyMarkerIds.ts'
import { resolveTrackerParams, type TrackerParams, type TrackerParamsInput } from '../params.ts'
import { DEFAULT_DICTIONARY, type SurveyRegistry } from '../registry/registrySchema.ts'
import type { GrayFrame, MarkerCorners, RgbaFrame } from '../types.ts'
import type { SurveyView } from './types.ts'

export type SurveyCollectorParams = {
  /** Views kept at most (a live sweep offers hundreds of frames). */
  maxViews: number
  /** Live: the camera is steady when the markers moved at most this fraction of the image's longer side since the last frame (median corner). */
  steadyFraction: number
  /** Live: a frame adds a view when its markers are this fraction of the longer side away from every kept view's (median corner). */
  novelFraction: number
}

export const DEFAULT_SURVEY_COLLECTOR_PARAMS: SurveyCollectorParams = { maxViews: 60, steadyFraction: 0.006, novelFraction: 0.05 }

export type SurveyObservation = {
  /** The view id given to this frame when it was kept, else null. */
  viewId: number | null
  /** Table markers found in this frame. */
  seen: number[]
  /** Why the frame was not kept (no reason when it was). */
  reason?: 'fewer than two table markers' | 'camera moving' | 'nothing new' | 'enough views'
}

export type SurveyProgress = {
  views: number
  /** Every table marker of the registry and the views it was seen in (with another table marker). */
  markers: { id: number; views: number }[]
}

type Found = { id: number; corners: MarkerCorners }

export class SurveyCollector {
  readonly params: SurveyCollectorParams
  private readonly tracker: TrackerParams
  private readonly detector: MarkerDetector
  private readonly tableIds: Set<number>
  private readonly registeredIds: number[]
  private gray: GrayFrame | null = null
  private previous: Found[] = []
  private kept: SurveyView[] = []
  private nextId = 1

  constructor(handle: OpenCvHandle, registry: SurveyRegistry, options: { params?: Partial<SurveyCollectorParams>; tracker?: TrackerParamsInput } = {}) {
    this.params = { ...DEFAULT_SURVEY_COLLECTOR_PARAMS, ...options.params }
    const tracker = resolveTrackerParams(options.tracker)
    if (!options.tracker?.detect?.dictionary) tracker.detect = { ...tracker.detect, dictionary: registry.dictionary ?? DEFAULT_DICTIONARY }
    this.tracker = tracker
    this.detector = new MarkerDetector(handle, tracker.detect)
    this.tableIds = new Set(registry.markers.filter((m) => m.role === 'table').map((m) => m.id))
    this.registeredIds = registry.markers.map((m) => m.id)
  }

  /**
   * Look for the table markers in a frame. 'photo': kept as a view whenever it shows two or more;
   * 'live': kept only when steady and new (see the file's header).
   */
  observe(frame: RgbaFrame | GrayFrame, mode: 'photo' | 'live', label?: string): SurveyObservation {
    const found = this.find(frame)
    const seen = found.map((f) => f.id).sort((a, b) => a - b)
    const previous = this.previous
    this.previous = found
    const scale = Math.max(frame.width, frame.height)
    if (found.length < 2) return { viewId: null, seen, reason: 'fewer than two table markers' }
    if (this.kept.length >= this.params.maxViews) return { viewId: null, seen, reason: 'enough views' }
    if (mode === 'live') {
      const motion = medianShift(found, previous)
      if (motion === null || motion > this.params.steadyFraction * scale) return { viewId: null, seen, reason: 'camera moving' }
      const novel = this.kept.every((v) => {
        if (v.width !== frame.width || v.height !== frame.height) return true
        if (found.some((f) => !v.markers.some((m) => m.id === f.id))) return true
        const shift = medianShift(found, v.markers)
        return shift === null || shift > this.params.novelFraction * scale
      })
      if (!novel) return { viewId: null, seen, reason: 'nothing new' }
    }
    const viewId = this.nextId++
    this.kept.push({ id: viewId, label: label ?? `view ${viewId}`, width: frame.width, height: frame.height, markers: found })
    return { viewId, seen }
  }

  /** The views kept so far (plain data, for surveyTable). */
  views(): SurveyView[] {
    return this.kept.map((v) => ({ ...v, markers: v.markers.map((m) => ({ id: m.id, corners: m.corners })) }))
  }

  progress(): SurveyProgress {
    const markers = [...this.tableIds].sort((a, b) => a - b).map((id) => ({ id, views: this.kept.filter((v) => v.markers.some((m) => m.id === id)).length }))
    return { views: this.kept.length, markers }
  }

  /** Forget every view (start the sweep again). */
  reset(): void {
    this.kept = []
    this.previous = []
  }

  dispose(): void {
    this.detector.dispose()
  }

  private find(frame: RgbaFrame | GrayFrame): Found[] {
    const { width, height } = frame
    if (!this.gray || this.gray.width !== width || this.gray.height !== height) this.gray = createGrayFrame(width, height)
    toGray(frame, this.gray)
    const t = this.tracker
    const detection = detectMarkers(this.detector, this.gray, undefined, t.refine || null, t.decode || null)
    const conflicts = new Set(detection.conflicts)
    const table = detection.detections.filter((d) => this.tableIds.has(d.id) && !conflicts.has(d.id))
    const checks = verifyMarkerIds(this.gray, table, this.detector.cellsPerSide, (id) => this.detector.pattern(id), this.registeredIds, t.ids)
    return table.filter((_, i) => !checks[i]!.doubt).map((d) => ({ id: d.id, corners: d.corners.map(([x, y]) => [x, y]) as MarkerCorners }))
  }
}

/** Median distance between the corners of the markers two frames share (null: none shared). */
function medianShift(a: readonly Found[], b: readonly Found[]): number | null {
  const d: number[] = []
  for (const m of a) {
    const o = b.find((x) => x.id === m.id)
    if (!o) continue
    for (let k = 0; k < 4; k++) d.push(Math.hypot(m.corners[k]![0] - o.corners[k]![0], m.corners[k]![1] - o.corners[k]![1]))
  }
  if (d.length === 0) return null
  d.sort((x, y) => x - y)
  return d[Math.floor(d.length / 2)]!
}
