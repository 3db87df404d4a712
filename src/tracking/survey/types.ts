// Plain data of the table survey (structured-cloneable: it crosses the survey worker's boundary).
// Units: image px (OpenCV convention), mm and degrees CCW on the table plane.
import type { CameraIntrinsics, MarkerCorners, PointPx } from '../types.ts'
import type { CameraPose } from '../math/camera.ts'
import type { Registry, SurveyReport, TableCorner } from '../registry/registrySchema.ts'

/** One photo or camera view: the table markers seen in it (refined corners, image px as detected). */
export type SurveyView = {
  /** The caller's id for this view (a frame id, an index into the photos). */
  id: number
  /** A name for messages (a file name); default "view <id>". */
  label?: string
  width: number
  height: number
  markers: { id: number; corners: MarkerCorners }[]
}

/** The player tapped a table corner in a view: which corner, where (image px of that view). */
export type TableTap = { viewId: number; corner: TableCorner; pointPx: PointPx }

export type SurveyParams = {
  /** Views showing at least two table markers that a survey needs. */
  minViews: number
  /** Views each table marker must be seen in (with another table marker). */
  minViewsPerMarker: number
  /**
   * A marker whose place, seen in one view from the other markers of that view, is this far (mm) from
   * where the whole survey puts it has moved during the survey (or was misread).
   */
  movedMarkerMm: number
  /** The survey does not close when the corner reprojection error over all views is above this, px RMS. */
  maxRmsPx: number
  /** A marker whose seen corners miss its mapped corners by more than this on the table (mm RMS) does not fit. */
  maxMarkerResidualMm: number
  /** Corner residuals beyond this count linearly, not squared (Huber), px: one bad corner cannot pull the map. */
  huberPx: number
  /** A corner marker (or tapped corner) further than this from the rectangle the others make is refused, mm. */
  maxCornerOffMm: number
  /** Refine the principal point too, held near the image centre (no camera file: 1σ `centrePriorPx`) or the file's (`calibratedCentrePriorPx`). */
  estimateCentre: boolean
  centrePriorPx: number
  calibratedCentrePriorPx: number
  /** With a camera file: its focal length refined with this relative 1σ (a calibration's error, a phone's focus breathing). */
  calibratedFocalPriorRel: number
  /**
   * Refine a radial corner offset shared by every marker (a detector's size bias, px). Off by
   * default: the detector removes the tone curve's edge shift marker by marker (fitMarkerGrid.ts),
   * and what it leaves depends on the marker's size in px (phone frames: +0.03 px under 45 px,
   * 0.00 over 60 px), which a walk's views at 1.3–1.7 m turn into a shared offset of +0.03 … +0.08 px
   * and a scale 0.05–0.17 % large (camera-order walks, seeds 1–5: MEASURED.md).
   */
  estimateCornerBias: boolean
}

export const DEFAULT_SURVEY_PARAMS: SurveyParams = {
  minViews: 3,
  minViewsPerMarker: 2,
  movedMarkerMm: 4,
  maxRmsPx: 2,
  maxMarkerResidualMm: 2,
  huberPx: 1,
  maxCornerOffMm: 15,
  estimateCentre: true,
  centrePriorPx: 25,
  calibratedCentrePriorPx: 4,
  calibratedFocalPriorRel: 0.01,
  estimateCornerBias: false,
}

/** A pose on the map plane: centre (mm) and turn of the marker's x axis (radians CCW). */
export type PlanePose = { x: number; y: number; angleRad: number }

/** The markers' map, before the table's rectangle is known: one marker is at the origin. */
export type MarkerMap = {
  /** Marker poses in the map frame (its plane z = 0, the markers' faces toward +z). */
  markers: { id: number; pose: PlanePose; residualMm: number; views: number; sizeMm: number }[]
  /** Each view's camera in the map frame (undistorted pinhole), for views with two or more table markers. */
  views: { id: number; label: string; pose: CameraPose; intrinsics: CameraIntrinsics; rmsErrorPx: number }[]
  /** RMS corner reprojection error over every view, px. */
  rmsErrorPx: number
  /** The focal length was refined with the map (no camera file). */
  focalEstimated: boolean
  /** The detector's radial corner offset the map was refined with (px, + outward; 0 when the views could not tell it). */
  cornerBiasPx: number
  /** 1σ of the map's scale from the views (relative: 0.001 is 0.1 %; NaN when not known): refineMarkerMap's `scaleSe`. */
  scaleSigmaRel: number
  /** The same with the detector's shared corner offset held (the scale's doubt for models tracked through this camera); NaN when not known. */
  scaleSigmaRelSameCamera: number
  /** Without a camera file: the principal point's 1σ per axis (px, the larger), from the same normal equations. */
  centreSigmaPx?: number
  /** Every marker faces down (camera below a transparent table): the table frame is the map's mirror image. */
  faceDown: boolean
  /** The largest distance (mm) of a marker's place seen from the other markers of one view, per marker. */
  consistencyMm: Record<number, number>
  warnings: string[]
}

export type SurveyRefusalCode =
  | 'too-few-views' | 'never-seen' | 'too-few-views-of-marker' | 'disconnected' | 'moved' | 'does-not-close'
  /** Without a camera file: the views agree once the picture is unbent (measureMarkerMap's LENS_BENDINGS). */
  | 'lens'
  | 'no-table-frame' | 'corner-off' | 'bad-tap' | 'bad-layout'

export type SurveyRefusal = {
  ok: false
  code: SurveyRefusalCode
  /** One sentence a player can act on. */
  reason: string
  /** The markers the reason is about (never seen, moved, not connected, not in its corner). */
  markerIds: number[]
  /** 'moved': how far apart the moved markers' places are between views, mm. */
  spreadMm?: number
  /** The map, when the refusal is about the table's rectangle only (tap the corners and try again). */
  map?: MarkerMap
}

/** The table's frame on the map: table = Rᵀ (map − origin), R the turn by angleRad. */
export type TablePlacement = {
  ok: true
  from: 'corner-markers' | 'tapped-corners'
  /** The table's origin corner in the map frame (mirrored for face-down markers), mm. */
  originMm: [number, number]
  /** Turn of the table's +x in the map frame, radians CCW. */
  angleRad: number
  /** Table size where the corners show it, mm. */
  widthMm?: number
  depthMm?: number
  /** Each corner marker's or tap's distance from the fitted rectangle's corner, mm. */
  cornerOffMm: { corner: TableCorner; markerId?: number; offMm: number }[]
  warnings: string[]
}

export type SurveyedMarker = { id: number; position: [number, number]; rotation: number; residualMm: number; views: number }

export type SurveySuccess = {
  ok: true
  /** The input registry with every table marker's position and rotation filled in, and `survey`. */
  registry: Registry
  report: SurveyReport
  markers: SurveyedMarker[]
  map: MarkerMap
  table: TablePlacement
  warnings: string[]
}

export type SurveyResult = SurveySuccess | SurveyRefusal
