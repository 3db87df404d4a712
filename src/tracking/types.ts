// Plain data shared by every tracking stage, the worker protocol and the CLI. All of it is
// structured-cloneable (no class instances), so it crosses the worker boundary as is.
// Units: pixels in the image (OpenCV convention: (0,0) is the centre of the top-left pixel, x right,
// y down); millimetres and degrees (CCW from +x) in the table frame (origin at a table corner, z up).
import type { BaseFrameReport, BaseIdentityEvidence } from './bases/baseTypes.ts'

/** An RGBA frame (ImageData-compatible: 4 bytes per pixel, row-major, no padding). */
export type RgbaFrame = { width: number; height: number; data: Uint8ClampedArray | Uint8Array }

/** A grey frame, 1 byte per pixel. */
export type GrayFrame = { width: number; height: number; data: Uint8Array }

export type PointPx = [number, number]

/** Corners in OpenCV ArucoDetector order: the marker's own top-left, top-right, bottom-right, bottom-left. */
export type MarkerCorners = [PointPx, PointPx, PointPx, PointPx]

export type MarkerDetection = {
  id: number
  corners: MarkerCorners
  /** Mean side length in px (for recall-by-size figures and ROI sizing). */
  sidePx: number
  /** How well each side was located, from its own edge fit (absent where the edges could not be measured: OpenCV's corners kept). */
  edges?: EdgeNoise
}

/**
 * A marker's sides as its edge fit measured them (side s runs from corner s to corner s + 1), px, 1σ:
 * from the edge points' scatter about each fitted line (so the frame's noise, JPEG and blur are in it).
 */
export type EdgeNoise = {
  /** The line's position along its normal, at the middle of its points. */
  offsetPx: [number, number, number, number]
  /** What the line's turn moves each of its ends (turn σ × half the side), along its normal. */
  turnPx: [number, number, number, number]
  /** The edge's blur: RMS width of its gradient across it, px. */
  widthPx: [number, number, number, number]
}

/** A rectangle in image pixels (x, y = top-left pixel, inclusive; width/height in px). */
export type RectPx = { x: number; y: number; width: number; height: number }

export type DetectionResult = {
  detections: MarkerDetection[]
  /** Ids seen more than once in this frame: never averaged, reported as conflicts (both copies kept in `detections`). */
  conflicts: number[]
  /** How the frame was searched: the whole frame or regions around known markers. */
  mode: 'full' | 'roi'
  /** Regions searched in ROI mode (image px). */
  rois: RectPx[]
  detectMs: number
  /** Quads OpenCV found but could not decode (its rejected candidates), image px; read again by decodeCandidates. */
  candidates?: MarkerCorners[]
  /** Outlines OpenCV could not close into a quad (a figure touching a tab), image px; read by decodeCandidates with each corner in turn completed from the other three. */
  outlines?: MarkerCorners[]
}

/**
 * Pinhole camera with OpenCV's distortion model [k1, k2, p1, p2, k3].
 * `source`: 'calibration' (ChArUco, stored per device), 'estimated' (focal length from the table
 * homography, principal point at the image centre) or 'assumed' (a default guess, camera-frame output only).
 */
export type CameraIntrinsics = {
  width: number
  height: number
  fx: number
  fy: number
  cx: number
  cy: number
  distortion?: [number, number, number, number, number]
  source: 'calibration' | 'estimated' | 'assumed'
  /** RMS reprojection error of the calibration or estimate, px. */
  rmsErrorPx?: number
  /**
   * A calibration's own 1σ of fx, fy, cx and cy, px (OpenCV's stdDeviationsIntrinsics): what the lock's
   * camera centre, and so every height above the table, is doubted by. Absent: the lock's priors
   * (CALIBRATED_FOCAL_SIGMA_REL, CALIBRATED_PRINCIPAL_SIGMA_REL).
   */
  sigmaPx?: { fx: number; fy: number; cx: number; cy: number }
}

/** Row-major 3×3 matrix. */
export type Matrix3 = [number, number, number, number, number, number, number, number, number]
export type Vector3 = [number, number, number]

export type TableLock =
  | {
      locked: true
      /** Reference marker ids used. */
      referenceIds: number[]
      /** RMS / max distance between detected and reprojected reference corners (plane homography), px. */
      reprojectionErrorPx: number
      maxReprojectionErrorPx: number
      /** RMS reprojection error of the full camera model (intrinsics + pose) on the same corners, px. */
      cameraReprojectionErrorPx: number
      /** Maps undistorted image px → table mm on the plane z = 0. */
      tableFromImage: Matrix3
      /** Maps table mm (z = 0) → undistorted image px. */
      imageFromTable: Matrix3
      /** X_camera = R · X_table + t (mm). */
      cameraFromTable: { rotation: Matrix3; translation: Vector3 }
      /** Camera centre in the table frame, mm. */
      cameraPositionMm: Vector3
      intrinsics: CameraIntrinsics
      /**
       * The lock rests on only 2 table markers: the table frame is well known near them and less so
       * far away (the per-object uncertainty carries it); say so to the user.
       */
      twoMarkers: boolean
    }
  | { locked: false; reason: string; referenceIds: number[] }

export type ObjectKind = 'model' | 'terrain'

export type ObjectPose = {
  /** Scene id of the model or terrain piece. */
  id: string
  kind: ObjectKind
  /** 'table': mm in the table frame. 'camera': mm in the camera frame (x right, y down, z forward) when the table is not locked. */
  frame: 'table' | 'camera'
  /** Base centre (models) or piece origin (terrain), [x, y] mm. */
  position: [number, number]
  /**
   * Height above the table of the base bottom (models: the surface the model stands on, 0 on the bare
   * table, a terrain piece's top when it stands on one) or of the piece origin (terrain: 0), mm.
   * Not the marker's height: that is the registry's `height` above this.
   */
  z: number
  /** Heading (models) or rotation (terrain), degrees CCW from +x. */
  facing: number
  /**
   * 1-sigma position uncertainty, mm, radial: √(σx² + σy²) of `covarianceMm` (from the corners' edge
   * noise, the table fit, the frame's motion, the markers' lever arms). The σ along one direction (what
   * a range along it uses) is at most √λmax of the covariance, uncertainty/√2 where it is round.
   */
  uncertainty?: number
  /** The position's covariance in the table frame, mm² ([σx², σxy, σy²]): wider along a motion blur. */
  covarianceMm?: [number, number, number]
  /**
   * The part of `uncertainty` that repeats from frame to frame (a bent tab's turn × its lever arm, the
   * camera model's lift of raised markers), mm: fusing frames does not reduce it.
   */
  sharedUncertainty?: number
  /** Marker ids that contributed. */
  markers: number[]
  /** RMS distance between the measured marker corners and the fitted object layout, mm. */
  residualMm: number
  /**
   * 'ok': every check passed. 'doubted': placed, but a check failed (`reasons` says which); do not
   * rule on it unchecked. 'held': the pose jumped further than a model moves between two frames; the
   * new pose is reported but awaits confirmation by consecutive frames.
   */
  status?: ObjectStatus
  /** Why the object is doubted or held (empty when ok). */
  reasons?: string[]
  /** The same, machine-readable (additive): one entry per reason, with its code. */
  doubts?: Doubt[]
  /** The table lock's own predicted 1σ error at this object, mm (the homography's covariance propagated to it; part of `uncertainty`). */
  lockSigmaMm?: number
  /** How it was placed: its markers (absent: 'marker'), or its base found in the picture (issue 34). */
  source?: 'marker' | 'base'
  /** A base-tracked model: why the base is this model. */
  identity?: BaseIdentityEvidence
  /**
   * A marked model whose base the table's scene gives: its rim read from where the marker puts it
   * (pipeline/baseRim.ts), and whether it was fused into `position` and its σ (additive).
   */
  baseRim?: BaseRimReading
}

/** A marked model's base rim, read from where its marker puts it (issue 31). */
export type BaseRimReading = {
  /** Fused with the marker's pose (the rim read cleanly and agreed with it). */
  used: boolean
  /** Where the rim's centre lies from where the marker put the base, table frame, mm. */
  offsetMm: [number, number]
  /** The rim fit's own 1σ along a line, mm. */
  sigmaMm: number
  /** Why it was not used. */
  why?: string
}

export type ObjectStatus = 'ok' | 'doubted' | 'held'

/**
 * Why a pose is doubted or held, for programs (the app's ghost, the CLI's JSON); `message` says it in
 * words (the same text as in `reasons`).
 * - 'grazing-lock': the table lock's own uncertainty at this object is over `table.maxLockSigmaMm`
 *   (table markers far away or seen at a grazing angle: their homography extrapolates);
 * - 'loose-fit': the table markers do not fit one plane's homography (over `table.doubtLockErrorPx`);
 * - 'single-view': the lock rests on one view of two table markers, the object lies beyond them
 *   (nothing in the frame checks the table there) and the lock's σ there is over half the limit;
 * - 'marker-size', 'marker-shape', 'marker-id', 'markers-disagree': the geometry or id checks;
 * - 'jump': held, the pose jumped since the last frame;
 * - 'no-table-lock': camera-frame fallback.
 */
export type DoubtCode = 'grazing-lock' | 'loose-fit' | 'single-view' | 'marker-size' | 'marker-shape' | 'marker-id' | 'markers-disagree' | 'jump' | 'no-table-lock'
export type Doubt = { code: DoubtCode; message: string; /** The lock's predicted 1σ error at the object, mm (grazing-lock, loose-fit, single-view). */ lockSigmaMm?: number }

/** A decoded marker the geometry contradicts: not used for any pose. */
export type RejectedMarker = {
  markerId: number
  /** The object the registry gives that id to. */
  object: { id: string; kind: ObjectKind }
  reason: string
}

export type FrameTiming = { detectMs: number; poseMs: number; totalMs: number }

/**
 * How sharp and how still a frame is (params.quality): a handheld phone's frames differ, and only
 * the good ones should move a model. 'sharp': may place new objects and update placed ones;
 * 'usable': updates placed objects (weighted by their σ, which this frame's blur and motion raise);
 * 'blurred': updates no pose (its objects are still reported, with their σ).
 */
export type FrameQuality = {
  verdict: 'sharp' | 'usable' | 'blurred'
  /** Equivalent Gaussian blur of the frame's worst direction beyond a sharp edge, px; NaN when no marker was big enough to measure it. */
  blurPx: number
  /** How far the table moved in the image since the previous locked frame, px (median over the reference markers); NaN without two locks. */
  motionPx: number
  /** The same per second; NaN without frame times or when the last lock is older than `quality.motionWindowMs`. */
  motionPxPerS: number
  /**
   * The image speed the device's turn sensor gives (its rotation rate × the focal length, px/s: the
   * speed of the image centre under a pure turn); NaN when no sensor reading came with the frame.
   */
  sensorPxPerS: number
  /** The camera moves faster than `quality.movingSidesPerS`, by the table's motion between locks or by the turn sensor. */
  moving: boolean
  /** Corner noise this frame's uncertainties use, px (1σ per coordinate). */
  cornerSigmaPx: number
  /** Image-position error shared by an object's corners (a bent frame), px (1σ per coordinate). */
  fieldSigmaPx: number
  /** Why the verdict is not 'sharp', in words (empty when sharp). */
  reasons: string[]
}

export type TrackFrameResult = {
  width: number
  height: number
  detections: MarkerDetection[]
  conflicts: number[]
  /** Detected ids that the registry does not know. */
  unknownIds: number[]
  table: TableLock
  objects: ObjectPose[]
  /** Decoded markers rejected by the geometry checks (wrong size, off their plane, against their object's other markers). */
  rejected: RejectedMarker[]
  /** Registry objects with no usable marker in this frame. */
  notSeen: { id: string; kind: ObjectKind }[]
  warnings: string[]
  /** How this frame was searched: 'full' frame or 'roi' (regions around the markers of the last frame). */
  search: { mode: 'full' | 'roi'; regions: RectPx[] }
  /** Blur and motion of this frame, and whether it may move a model (FrameQuality). */
  quality: FrameQuality
  timing: FrameTiming
  /** Models tracked by their bases (when the tracker was given some): the bases not identified, the models not seen yet. */
  bases?: BaseFrameReport
}
