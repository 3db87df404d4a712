// The tracking layer's public surface (see README.md). Other layers import from here only.
export type * from './types.ts'
export { loadOpenCv, type OpenCvHandle } from './opencv/openCv.ts'
export {
  MarkerDetector, DEFAULT_DETECTOR_PARAMS, OPENCV_DEFAULT_DETECTOR_PARAMS, markerCells,
  type DetectorParams, type DictionarySpec, type CornerRefinement,
} from './opencv/markerDetector.ts'
export { FrameTracker, type FrameTrackerOptions } from './frameTracker.ts'
export { markedBases, DEFAULT_BASE_RIM_PARAMS, type BaseRimParams, type ModelBase } from './pipeline/baseRim.ts'
export { DEFAULT_TRACKER_PARAMS, DEFAULT_QUALITY_PARAMS, resolveTrackerParams, type TrackerParams, type TrackerParamsInput, type QualityParams } from './params.ts'
export { createGrayFrame, toGray } from './pipeline/grayFrame.ts'
export { detectMarkers } from './pipeline/detectMarkers.ts'
export { refineCornersFromEdges, DEFAULT_EDGE_REFINE_PARAMS, type EdgeRefineParams } from './pipeline/refineCorners.ts'
export { fuseTablePose, markerCornersInPlane, estimateFocalFromHomography, type TableLockDetail } from './pipeline/fuseTablePose.ts'
export { estimateObjectPoses, fitRigid2d, type SurfaceHeight } from './pipeline/estimateObjectPoses.ts'
export { planRois, DEFAULT_ROI_PARAMS, type RoiParams } from './pipeline/planRois.ts'
export {
  parseRegistry, parseSurveyRegistry, isSurveyed, REGISTRY_FORMAT, DEFAULT_DICTIONARY, DICTIONARY_NAMES, TABLE_CORNERS, registrySchema,
  type Registry, type RegistryMarker, type TableMarker, type ModelMarker, type TerrainMarker, type DictionaryName,
  type SurveyRegistry, type SurveyTableMarker, type SurveyReport, type TableCorner,
} from './registry/registrySchema.ts'
export { indexRegistry, type RegistryIndex } from './registry/indexRegistry.ts'
export {
  PoseFilter, DEFAULT_POSE_FILTER_PARAMS,
  type PoseFilterParams, type TrackedObject, type TrackedState, type FrozenPose,
} from './temporal/poseFilter.ts'
export { CaptureMonitor, DEFAULT_CAPTURE_MONITOR_PARAMS, type CaptureStats, type CaptureMonitorParams } from './temporal/captureMonitor.ts'
export { measureSharpness, DEFAULT_SHARPNESS_PARAMS, type SharpnessParams, type FrameSharpness } from './pipeline/measureSharpness.ts'
export { projectPoint, undistortPixel, lookAt, cameraCentre, type CameraPose } from './math/camera.ts'
export type { TrackingRequest, TrackingReply, WorkerLike } from './worker/protocol.ts'
export { createTrackingClient, type TrackingClient, type TrackingClientOptions, type TrackingResultMessage } from './worker/trackingClient.ts'
export { createTrackingWorkerCore, type TrackingWorkerCore } from './worker/workerCore.ts'
export { parseIntrinsics, intrinsicsFile, scaleIntrinsics, INTRINSICS_FORMAT, type IntrinsicsFile } from './calibration/intrinsicsSchema.ts'
export { detectCharuco, calibrateCharuco, type CharucoBoardSpec, type CharucoDetection, type CalibrationResult } from './opencv/charuco.ts'
export { mergeTrackedScene, sceneSurfaceHeight, sceneUncertaintyOf, surveyScaleSigmaRel, trackedCameraOf, type PoseToMerge, type MergeReport, type TrackedCamera } from './scene/mergeTrackedScene.ts'
export * from './hands/index.ts'
export * from './survey/index.ts'
export { BaseTracker, DEFAULT_BASE_TRACKER_PARAMS, type BaseTrackerParams, type BaseTrackResult } from './bases/baseTracker.ts'
export { DEFAULT_ALLOWANCE_MM, allowanceFromMoveResult, baseSetupOf, markedModelsOf, moveAllowances } from './bases/moveAllowance.ts'
export { baseKey } from './bases/baseOutline.ts'
export type { BaseFrameReport, BaseIdentityEvidence, BaseTrackedModel, BaseTrackingSetup, UnidentifiedBase } from './bases/baseTypes.ts'
