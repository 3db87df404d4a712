// WebXR hand input (25 joints, in the WebXR Hand Input order) → the same 21-point hand the camera
// model gives, seen from straight above the table: each joint's table-frame (x, y) mm becomes its
// "pixel", and OVERHEAD_LOCK maps those points 1:1 onto the table (no homography, no parallax: the
// joints are 3-D already). So headset hands drive the same GestureTracker and occlusion logic.
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
