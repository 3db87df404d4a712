// Hands over the table: pure gesture and occlusion logic (see README.md). No MediaPipe here.
export { HAND_POINTS, LANDMARK, createHandObservation, landmarksFromNormalized, handSizePx, type HandObservation } from './handLandmarks.ts'
export { classifyHandPose, DEFAULT_HAND_POSE_PARAMS, type HandPose, type HandPoseParams } from './classifyHandPose.ts'
export { mapPointToTable, mapHandToTable, mmPerPxAt, parallaxMm, type HandTableLock } from './mapHandToTable.ts'
export { convexHull, createHull, distanceToHull, type Hull } from './handHull.ts'
export {
  GestureTracker, DEFAULT_GESTURE_PARAMS,
  type GestureModel, type GestureParams, type GestureState, type GestureSwitches, type HandCursor, type Measure,
} from './gestureTracker.ts'
export {
  HandOcclusion, DEFAULT_OCCLUSION_PARAMS,
  type ModelOcclusion, type OccludableObject, type OcclusionParams, type OcclusionState,
} from './handOcclusion.ts'
export { markerReachMm } from './markerReach.ts'
export { handOutlineOnTable } from './handOutlineOnTable.ts'
export { HandTrackingGate } from './handTrackingGate.ts'
export { XR_JOINTS, XR_FOR_LANDMARK, OVERHEAD_LOCK, handFromXrJoints, handFromXrJointsInCamera } from './handFromXrJoints.ts'
export { HandSearch, DEFAULT_HAND_SEARCH, SEARCH_STEPS, createSearchWindow, distinctHands, moveNormalizedHand, sameHand, type HandSearchParams, type SearchWindow } from './handSearch.ts'
