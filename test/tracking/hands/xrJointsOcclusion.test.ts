// Headset hands drive the held-model logic (issue 15): WebXR joints (table mm, with height) are
// projected into the tracking camera's image (handFromXrJointsInCamera) and go through the same
// outline + HandOcclusion as a camera-seen hand. The camera here looks straight down from 1 m over
// (600, 400), fx = 1000 px, so every number is hand-computable: a joint h mm above the table at
// (x, y) lands at u = 640 + 1000 (x − 600) / (1000 − h), v = 360 − 1000 (y − 400) / (1000 − h), and
// its outline point on the table (the patch it hides) at 600 + (x − 600) · 1000 / (1000 − h).
import { describe, expect, it } from 'vitest'
import {
  HandOcclusion, XR_FOR_LANDMARK, createHandObservation, createHull, handFromXrJointsInCamera, handOutlineOnTable,
  type CameraIntrinsics, type Matrix3,
} from '../../../src/tracking/index.ts'
import { syntheticHand } from './syntheticHand.ts'

const intrinsics: CameraIntrinsics = { width: 1280, height: 720, fx: 1000, fy: 1000, cx: 640, cy: 360, source: 'calibration' }
const camera = {
  intrinsics,
  // X_cam = diag(1, −1, −1) · (X − C), C = (600, 400, 1000).
  cameraFromTable: { rotation: [1, 0, 0, 0, -1, 0, 0, 0, -1] as Matrix3, translation: [-600, 400, 1000] as [number, number, number] },
  tableFromImage: [1, 0, -40, 0, -1, 760, 0, 0, 1] as Matrix3,
  cameraPositionMm: [600, 400, 1000] as [number, number, number],
}
const HEIGHT_MM = 60

/** 25 XR joints: an open hand (landmark layout of the synthetic palm, 90 mm wrist → middle knuckle) lying flat HEIGHT_MM over the table at `at`. */
function xrHand(at: [number, number]): Float64Array {
  const flat = syntheticHand('palm', at, { sizePx: 90 })
  const joints = new Float64Array(75)
  for (let j = 0; j < 25; j++) { joints[j * 3] = flat.pointsPx[0]!; joints[j * 3 + 1] = flat.pointsPx[1]!; joints[j * 3 + 2] = HEIGHT_MM }
  XR_FOR_LANDMARK.forEach((j, i) => { joints[j * 3] = flat.pointsPx[i * 2]!; joints[j * 3 + 1] = flat.pointsPx[i * 2 + 1]! })
  return joints
}

describe('WebXR hand joints through the camera flow\'s occlusion logic', () => {
  it('projects each joint into the tracking camera\'s image, and its outline is the patch it hides', () => {
    const joints = xrHand([620, 420])
    const obs = createHandObservation()
    expect(handFromXrJointsInCamera(joints, camera, obs)).toBe(true)
    const k = 1000 / (1000 - HEIGHT_MM)
    XR_FOR_LANDMARK.forEach((j, i) => {
      expect(obs.pointsPx[i * 2]).toBeCloseTo(640 + k * (joints[j * 3]! - 600), 9)
      expect(obs.pointsPx[i * 2 + 1]).toBeCloseTo(360 - k * (joints[j * 3 + 1]! - 400), 9)
    })
    const hull = handOutlineOnTable(camera, obs, createHull())
    // The outline's vertices are joints pushed away from the camera's foot by k.
    for (let v = 0; v < hull.count; v++) {
      const x = hull.points[v * 2]!, y = hull.points[v * 2 + 1]!
      const match = XR_FOR_LANDMARK.some((j) => Math.hypot(600 + k * (joints[j * 3]! - 600) - x, 400 + k * (joints[j * 3 + 1]! - 400) - y) < 1e-6)
      expect(match).toBe(true)
    }
  })

  it('a model under the headset hand is held (then moving when it leaves its spot); one 300 mm away stays free', () => {
    const occlusion = new HandOcclusion()
    const hull = createHull()
    const obs = createHandObservation()
    const under = { id: 'under', position: [620, 440] as [number, number], facing: 0, seen: true, reachMm: 20 }
    const far = { id: 'far', position: [920, 440] as [number, number], facing: 0, seen: true, reachMm: 20 }
    occlusion.update([hull], 0, [under, far], 0)
    expect(handFromXrJointsInCamera(xrHand([620, 420]), camera, obs)).toBe(true)
    handOutlineOnTable(camera, obs, hull)
    occlusion.update([hull], 1, [under, far], 33)
    expect(occlusion.get('under')?.state).toBe('held')
    expect(occlusion.get('far')?.state).toBe('free')
    under.position = [640, 440]
    occlusion.update([hull], 1, [under, far], 66)
    expect(occlusion.get('under')?.state).toBe('moving')
  })

  it('a joint behind the camera gives no hand', () => {
    const joints = xrHand([620, 420])
    joints[2] = 1200
    expect(handFromXrJointsInCamera(joints, camera, createHandObservation())).toBe(false)
  })
})
