// What a hand is doing, from its landmarks alone (image px; scale-free: every threshold is a ratio
// of the hand's own size, so near and far hands classify alike). Hysteresis comes in through
// `previous`: a pinch starts below `pinchEnterRatio` and ends above `pinchExitRatio`, so landmark
// jitter at the threshold does not flicker.
import { LANDMARK, type HandObservation, handSizePx, landmarkDistancePx } from './handLandmarks.ts'

export type HandPose = 'point' | 'pinch' | 'palm' | 'other'

export type HandPoseParams = {
  /** Thumb tip ↔ index tip, over the hand size, below which a pinch starts. */
  pinchEnterRatio: number
  /** … and above which it ends. */
  pinchExitRatio: number
  /** A finger is extended when wrist→tip exceeds wrist→middle joint by this factor. */
  extendedRatio: number
  /** … and curled when wrist→tip is below wrist→middle joint times this. */
  curledRatio: number
  /** Open palm: thumb tip at least this far (over hand size) from the index knuckle. */
  thumbOutRatio: number
  /** A pinch needs the index at least this open (wrist→tip over wrist→middle joint): in a fist the thumb also lies on a curled index. */
  pinchIndexReach: number
}

export const DEFAULT_HAND_POSE_PARAMS: HandPoseParams = {
  pinchEnterRatio: 0.25,
  pinchExitRatio: 0.4,
  extendedRatio: 1.12,
  curledRatio: 1.02,
  thumbOutRatio: 0.5,
  pinchIndexReach: 0.9,
}

const FINGERS = [
  [LANDMARK.indexPip, LANDMARK.indexTip],
  [LANDMARK.middlePip, LANDMARK.middleTip],
  [LANDMARK.ringPip, LANDMARK.ringTip],
  [LANDMARK.pinkyPip, LANDMARK.pinkyTip],
] as const

function fingerReach(h: HandObservation, finger: number): number {
  const [pip, tip] = FINGERS[finger]!
  const toPip = landmarkDistancePx(h, LANDMARK.wrist, pip)
  return toPip > 0 ? landmarkDistancePx(h, LANDMARK.wrist, tip) / toPip : 0
}

export function classifyHandPose(h: HandObservation, previous: HandPose = 'other', p: HandPoseParams = DEFAULT_HAND_POSE_PARAMS): HandPose {
  const size = handSizePx(h)
  if (!(size > 0)) return 'other'
  const index = fingerReach(h, 0)
  const pinchRatio = landmarkDistancePx(h, LANDMARK.thumbTip, LANDMARK.indexTip) / size
  if (index > p.pinchIndexReach && pinchRatio < (previous === 'pinch' ? p.pinchExitRatio : p.pinchEnterRatio)) return 'pinch'
  const middle = fingerReach(h, 1), ring = fingerReach(h, 2), pinky = fingerReach(h, 3)
  const ext = p.extendedRatio, curl = p.curledRatio
  if (index > ext && middle > ext && ring > ext && pinky > ext) {
    const thumbOut = landmarkDistancePx(h, LANDMARK.thumbTip, LANDMARK.indexMcp) / size
    if (thumbOut > p.thumbOutRatio) return 'palm'
  }
  // Pointing: the index straight, the middle finger folded and at most one of ring/little finger half open.
  if (index > ext && middle < curl && (ring < curl || pinky < curl)) return 'point'
  return 'other'
}
