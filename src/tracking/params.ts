// Tracker parameters, one slice per stage (house style D.12), and the one place where options that
// interact are resolved.
import { DEFAULT_DETECTOR_PARAMS, type DetectorParams } from './opencv/markerDetector.ts'
import { DEFAULT_EDGE_REFINE_PARAMS, type EdgeRefineParams } from './pipeline/refineCorners.ts'
import { DEFAULT_TABLE_POSE_PARAMS, type TablePoseParams } from './pipeline/fuseTablePose.ts'
import { DEFAULT_ROI_PARAMS, type RoiParams } from './pipeline/planRois.ts'
import { DEFAULT_CANDIDATE_DECODE_PARAMS, type CandidateDecodeParams } from './pipeline/decodeCandidates.ts'
import { DEFAULT_ID_CHECK_PARAMS, type IdCheckParams } from './pipeline/verifyMarkerIds.ts'
import { DEFAULT_GEOMETRY_CHECK_PARAMS, type GeometryCheckParams } from './pipeline/estimateObjectPoses.ts'
import { DEFAULT_SHARPNESS_PARAMS, type SharpnessParams } from './pipeline/measureSharpness.ts'
import { DEFAULT_BASE_RIM_PARAMS, type BaseRimParams } from './pipeline/baseRim.ts'

/**
 * How a frame's blur and motion count (FrameQuality). Blur: the equivalent Gaussian σ of the worst
 * direction beyond a sharp edge (measureSharpness). Motion: how far the table moved in the image
 * since the previous locked frame.
 */
export type QualityParams = {
  sharpness: SharpnessParams
  /** At or below this blur (px) a frame may place new objects. */
  sharpBlurPx: number
  /** Above this blur (px) a frame updates no pose (its objects are still reported, with their σ). */
  blurredBlurPx: number
  /**
   * Corner noise per px of blur (1σ per coordinate, added in quadrature to `pose.cornerSigmaPx`) of
   * markers whose edges could not be measured (the others carry their own sides' σ, MarkerDetection.edges):
   * a blurred edge is located less well, and a tone curve or a curved motion path moves it. On the
   * camera-order renders (sharp frames) this σ is 2–3× too wide (median |error|/σ 0.24–0.35,
   * MEASURED.md); 0.2 with a blur² term brought sharp frames into 0.5–0.9 but left 2–4 % of the
   * motion variants' objects beyond 3σ (motionVariants.test.ts), so it stays until σ is split by cause.
   */
  cornerSigmaPerBlurPx: number
  /**
   * Field error per px of image motion in 1/30 s (1σ per coordinate, shared by all of an object's
   * corners): the rolling shutter draws the rows of one frame at different moments, so a moving
   * camera bends what the table homography assumes flat.
   */
  fieldSigmaPerMotionPx: number
  /** Field error per px of the table fit's RMS error: what the table markers' own misfit says about the rest of the frame. */
  fieldSigmaPerLockErrorPx: number
  /** Image motion (fraction of the frame's larger side per second) above which the camera is moving: "hold still". */
  movingSidesPerS: number
  /**
   * Two locks further apart than this (ms) say little about the later frame's own motion (a slow
   * device between a sweep and a held frame): no speed then, the blur and the table fit judge it.
   */
  motionWindowMs: number
}

export const DEFAULT_QUALITY_PARAMS: QualityParams = {
  sharpness: DEFAULT_SHARPNESS_PARAMS,
  sharpBlurPx: 1.3,
  blurredBlurPx: 2.2,
  cornerSigmaPerBlurPx: 0.5,
  fieldSigmaPerMotionPx: 0.1,
  fieldSigmaPerLockErrorPx: 0.5,
  movingSidesPerS: 0.12,
  motionWindowMs: 200,
}

export type TrackerParams = {
  detect: DetectorParams
  /** Edge-based corner refinement after OpenCV; `false` keeps OpenCV's corners. */
  refine: EdgeRefineParams | false
  /** Second reading of the quads OpenCV could not decode (needs `refine`); `false` keeps OpenCV's decoding only. */
  decode: CandidateDecodeParams | false
  table: TablePoseParams
  roi: RoiParams
  pose: {
    /** Corner noise floor for the uncertainty, px (1-sigma per coordinate). */
    cornerSigmaPx: number
    /** Further than this from its last accepted pose (mm) is more than a model moves between two frames: held. */
    maxJumpMm: number
    /** Consecutive frames at the new place that confirm a jump. */
    confirmFrames: number
    /** A marker's turn from its registered pose (a bent tab), degrees, 1σ (see ObjectPoseOptions). */
    markerTurnSigmaDeg: number
    /** Added in quadrature to each side's measured offset σ, px (ObjectPoseOptions.edgeFloorPx: what a side's edge scatter cannot show). */
    edgeFloorPx: number
  }
  ids: IdCheckParams
  checks: GeometryCheckParams
  quality: QualityParams
  /** A marked model's base rim read and fused with its markers (pipeline/baseRim.ts; needs its base: FrameTracker's `modelBases`); `false`: markers only. */
  rim: BaseRimParams | false
}

export type TrackerParamsInput = {
  detect?: Partial<DetectorParams>
  refine?: Partial<EdgeRefineParams> | false
  decode?: Partial<CandidateDecodeParams> | false
  table?: Partial<TablePoseParams>
  roi?: Partial<RoiParams>
  pose?: Partial<TrackerParams['pose']>
  ids?: Partial<IdCheckParams>
  checks?: Partial<GeometryCheckParams>
  quality?: Partial<Omit<QualityParams, 'sharpness'>> & { sharpness?: Partial<SharpnessParams> }
  rim?: Partial<BaseRimParams> | false
}

export const DEFAULT_TRACKER_PARAMS: TrackerParams = {
  detect: DEFAULT_DETECTOR_PARAMS,
  refine: DEFAULT_EDGE_REFINE_PARAMS,
  decode: DEFAULT_CANDIDATE_DECODE_PARAMS,
  table: DEFAULT_TABLE_POSE_PARAMS,
  roi: DEFAULT_ROI_PARAMS,
  pose: { cornerSigmaPx: 0.1, maxJumpMm: 40, confirmFrames: 3, markerTurnSigmaDeg: 0.8, edgeFloorPx: 0.05 },
  ids: DEFAULT_ID_CHECK_PARAMS,
  checks: DEFAULT_GEOMETRY_CHECK_PARAMS,
  quality: DEFAULT_QUALITY_PARAMS,
  rim: DEFAULT_BASE_RIM_PARAMS,
}

/** Merge overrides over the defaults, stage by stage. */
export function resolveTrackerParams(input: TrackerParamsInput = {}): TrackerParams {
  const refine = input.refine === false ? false : { ...DEFAULT_EDGE_REFINE_PARAMS, ...(input.refine ?? {}) }
  const params: TrackerParams = {
    detect: { ...DEFAULT_TRACKER_PARAMS.detect, ...(input.detect ?? {}) },
    refine,
    decode: input.decode === false ? false : { ...DEFAULT_CANDIDATE_DECODE_PARAMS, ...(input.decode ?? {}) },
    table: { ...DEFAULT_TRACKER_PARAMS.table, ...(input.table ?? {}) },
    roi: { ...DEFAULT_TRACKER_PARAMS.roi, ...(input.roi ?? {}) },
    pose: { ...DEFAULT_TRACKER_PARAMS.pose, ...(input.pose ?? {}) },
    ids: { ...DEFAULT_TRACKER_PARAMS.ids, ...(input.ids ?? {}) },
    checks: { ...DEFAULT_TRACKER_PARAMS.checks, ...(input.checks ?? {}) },
    quality: { ...DEFAULT_QUALITY_PARAMS, ...(input.quality ?? {}), sharpness: { ...DEFAULT_SHARPNESS_PARAMS, ...(input.quality?.sharpness ?? {}) } },
    rim: input.rim === false ? false : { ...DEFAULT_BASE_RIM_PARAMS, ...(input.rim ?? {}) },
  }
  if (params.roi.fullFrameEvery < 1) params.roi.fullFrameEvery = 1
  if (params.table.minMarkers < 2) throw new Error('table.minMarkers must be at least 2')
  if (params.quality.blurredBlurPx < params.quality.sharpBlurPx) throw new Error('quality.blurredBlurPx must be at least quality.sharpBlurPx')
  return params
}
