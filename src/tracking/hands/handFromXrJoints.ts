// WebXR hand input (25 joints, in the WebXR Hand Input order) → the same 21-point hand the camera
// model gives, seen from straight above the table: each joint's table-frame (x, y) mm becomes its
// "pixel", and OVERHEAD_LOCK maps those points 1:1 onto the table (no homography, no parallax: the
// joints are 3-D already). So headset hands drive the same GestureTracker and occlusion logic.
import type { CameraIntrinsics } from '../types.ts'
import { type CameraPose, projectPoint } from '../math/camera.ts'
import type { HandObservation } from './handLandmarks.ts'
import type { HandTableLock } from './mapHandToTable.ts'

/** WebXR XRHand joint order (https://www.w3.org/TR/webxr-hand-input-1/#skeleton-joints-section). */
export const XR_JOINTS = [
  'wrist',
  'thumb-metacarpal', 'thumb-phalanx-proximal', 'thumb-phalanx-distal', 'thumb-tip',
  'index-finger-metacarpal', 'index-finger-phalanx-proximal', 'index-finger-phalanx-intermediate', 'index-finger-phalanx-distal', 'index-finger-tip',
  'middle-finger-metacarpal', 'middle-finger-phalanx-proximal', 'middle-finger-phalanx-intermediate', 'middle-finger-phalanx-distal', 'middle-finger-tip',
  'ring-finger-metacarpal', 'ring-finger-phalanx-proximal', 'ring-finger-phalanx-intermediate', 'ring-finger-phalanx-distal', 'ring-finger-tip',
  'pinky-finger-metacarpal', 'pinky-finger-phalanx-proximal', 'pinky-finger-phalanx-intermediate', 'pinky-finger-phalanx-distal', 'pinky-finger-tip',
] as const

/**
 * MediaPipe landmark i ← XR joint XR_FOR_LANDMARK[i]: wrist; thumb CMC/MCP/IP/tip ← thumb metacarpal,
 * proximal, distal, tip; each finger's MCP/PIP/DIP/tip ← its proximal/intermediate/distal phalanx
 * bases and tip (the XR metacarpal joints sit inside the palm and have no MediaPipe counterpart).
 */
export const XR_FOR_LANDMARK = [0, 1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23, 24] as const


/** Identity mapping for hands given in table mm (and a camera so high that parallax vanishes). */
export const OVERHEAD_LOCK: HandTableLock = {
  tableFromImage: [1, 0, 0, 0, 1, 0, 0, 0, 1],
  intrinsics: { width: 1, height: 1, fx: 1, fy: 1, cx: 0, cy: 0, source: 'assumed' },
  cameraPositionMm: [0, 0, 1e12],
}

/** `jointsMm`: 25 × (x, y, z) in the table frame (mm). Writes the 21 landmarks' (x, y) into `target`. */
export function handFromXrJoints(jointsMm: ArrayLike<number>, target: HandObservation): HandObservation {
  for (let i = 0; i < XR_FOR_LANDMARK.length; i++) {
    const j = XR_FOR_LANDMARK[i]!
    target.pointsPx[i * 2] = jointsMm[j * 3]!
    target.pointsPx[i * 2 + 1] = jointsMm[j * 3 + 1]!
  }
  target.score = 1
  return target
}

const _p: [number, number, number] = [0, 0, 0]
const _px: [number, number] = [0, 0]

/**
 * The same joints as the tracking camera sees them: each of the 21 landmark joints (table mm, with its
 * height) projected into the image of the camera whose table lock is given, so that a headset's hands
 * go through the camera flow's occlusion logic unchanged (the hand's outline on the table is then the
 * patch it hides from that camera). False when a joint is behind the camera (nothing written to use).
 */
export function handFromXrJointsInCamera(jointsMm: ArrayLike<number>, camera: { cameraFromTable: CameraPose; intrinsics: CameraIntrinsics }, target: HandObservation): boolean {
  for (let i = 0; i < XR_FOR_LANDMARK.length; i++) {
    const j = XR_FOR_LANDMARK[i]!
    _p[0] = jointsMm[j * 3]!
    _p[1] = jointsMm[j * 3 + 1]!
    _p[2] = jointsMm[j * 3 + 2]!
    if (!projectPoint(camera.intrinsics, camera.cameraFromTable, _p, _px)) return false
    target.pointsPx[i * 2] = _px[0]
    target.pointsPx[i * 2 + 1] = _px[1]
  }
  target.score = 1
  return true
}
