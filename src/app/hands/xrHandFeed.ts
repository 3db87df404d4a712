// What the XR camera shares with the hands while it runs (camera access), set by XrCameraFeed:
//  - its tracking feed: XrHands feeds the headset's WebXR hand joints, projected into that camera's
//    image, to the feed's occlusion gate (models under a hand are held, as in Camera mode);
//  - its frames: where there is no hand input (a phone in AR), MediaPipe reads the hands from the
//    same camera image (HandsPanel in the AR overlay → handsRuntime), and its gestures' cursors are
//    drawn on the table by XrHands.
import type { TrackingFeed } from '../camera/liveTracking.ts'
import type { GestureState } from '../../tracking/index.ts'
import { PixelFrameSource } from './handFrameSource.ts'

export type XrHandFeed = Pick<TrackingFeed, 'setHands' | 'holder'>

let current: XrHandFeed | null = null
let cameraGestures: GestureState | null = null

export function setXrHandFeed(feed: XrHandFeed | null): void {
  current = feed
}

export function xrHandFeed(): XrHandFeed | null {
  return current
}

/** The XR camera's frames (XrCameraFeed publishes each image it reads back). */
export const xrCameraFrames = new PixelFrameSource()

/** The gestures of MediaPipe hands on the XR camera's image while they run (null otherwise). */
export function setXrCameraGestures(state: GestureState | null): void {
  cameraGestures = state
}

export function xrCameraGestures(): GestureState | null {
  return cameraGestures
}
