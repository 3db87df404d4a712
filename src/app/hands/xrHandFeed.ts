// The XR camera's tracking feed as the headset's hands see it: XrCameraFeed sets it while it runs
// (camera access), XrHands reads it per frame and feeds the WebXR hand joints, projected into that
// camera's image, to the feed's occlusion gate (models under a hand are held, as in Camera mode).
import type { TrackingFeed } from '../camera/liveTracking.ts'

export type XrHandFeed = Pick<TrackingFeed, 'setHands' | 'holder'>

let current: XrHandFeed | null = null

export function setXrHandFeed(feed: XrHandFeed | null): void {
  current = feed
}

export function xrHandFeed(): XrHandFeed | null {
  return current
}
