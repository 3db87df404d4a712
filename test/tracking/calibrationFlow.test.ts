// In-app camera calibration through the tracking worker's protocol, in Node with the real OpenCV:
// the printed ChArUco board rendered from known camera poses (pinhole, known focal length and
// principal point), captured view by view through workerCore, then solved. The solve must recover
// the camera the frames were rendered with; too few views or a view without the board say so.
import { beforeAll, describe, expect, it } from 'vitest'
import { createTrackingWorkerCore } from '../../src/tracking/worker/workerCore.ts'
import type { TrackingReply } from '../../src/tracking/worker/protocol.ts'
import { loadOpenCv } from '../../src/tracking/opencv/openCv.ts'
import type { CameraIntrinsics, RgbaFrame } from '../../src/tracking/types.ts'
import { CALIBRATION_MIN_CORNERS, CALIBRATION_MIN_VIEWS } from '../../src/tracking/worker/calibrationSession.ts'
import { renderTableFrame } from './synth/renderTableFrame.ts'
import { charucoBoardFrame, charucoBoardMarkers, type BoardView } from './synth/charucoBoard.ts'
import { openCv } from './helpers.ts'

// A 1280×720 camera, 62° horizontal field of view, principal point 9 px right and 6 px below centre.
const WIDTH = 1280, HEIGHT = 720
const FX = (WIDTH / 2) / Math.tan((62 / 2) * (Math.PI / 180))
const TRUTH: CameraIntrinsics = { width: WIDTH, height: HEIGHT, fx: FX, fy: FX, cx: WIDTH / 2 - 0.5 + 9, cy: HEIGHT / 2 - 0.5 + 6, source: 'calibration' }

// Varied tilts and directions, as a user would hold the board (or the phone) for calibration.
const VIEWS: BoardView[] = [
  { distanceMm: 380, elevationDeg: 62, azimuthDeg: -25, rollDeg: 5 },
  { distanceMm: 400, elevationDeg: 55, azimuthDeg: 30, rollDeg: -8, aimOffsetMm: [10, -5] },
  { distanceMm: 360, elevationDeg: 70, azimuthDeg: 150, rollDeg: 10 },
  { distanceMm: 420, elevationDeg: 50, azimuthDeg: -120, rollDeg: -4, aimOffsetMm: [-8, 6] },
  { distanceMm: 390, elevationDeg: 58, azimuthDeg: 80, rollDeg: 3 },
  { distanceMm: 370, elevationDeg: 65, azimuthDeg: -70, rollDeg: -12, aimOffsetMm: [6, 10] },
]

let frames: RgbaFrame[]
let blank: RgbaFrame

beforeAll(async () => {
  const cv = await openCv()
  const markers = charucoBoardMarkers(cv)
  frames = VIEWS.map((v, i) => renderTableFrame(charucoBoardFrame(markers, TRUTH, v, { noiseSigma: 2, blurSigmaPx: 0.5, seed: 11 + i })).frame)
  // The camera looking at bare table far from the board.
  blank = renderTableFrame(charucoBoardFrame(markers, TRUTH, { distanceMm: 300, elevationDeg: 60, azimuthDeg: 0, aimOffsetMm: [500, 400] })).frame
}, 240_000)

/** The worker core with replies collected (OpenCV's exception handler rethrows: assert afterwards). */
function core() {
  const replies: TrackingReply[] = []
  const c = createTrackingWorkerCore((m) => replies.push(m), () => loadOpenCv())
  const settle = async (count: number) => {
    for (let i = 0; i < 600 && replies.length < count; i++) await new Promise((r) => setTimeout(r, 20))
  }
  const copy = (f: RgbaFrame) => new Uint8Array(f.data).buffer
  return { c, replies, settle, copy }
}

describe('calibration flow in the tracking worker (synthetic ChArUco views)', () => {
  it('captures views of the printed board and recovers the focal length and principal point', async () => {
    const { c, replies, settle, copy } = core()
    frames.forEach((f, i) => c.handle({ type: 'calibrationCapture', requestId: i + 1, width: f.width, height: f.height, data: copy(f) }))
    c.handle({ type: 'calibrationCapture', requestId: 50, width: blank.width, height: blank.height, data: copy(blank) })
    c.handle({ type: 'calibrationSolve', requestId: 99 })
    await settle(frames.length + 2)

    const captured = replies.filter((r) => r.type === 'calibrationCaptured')
    expect(captured.map((r) => r.requestId)).toEqual([1, 2, 3, 4, 5, 6, 50])
    for (const [i, r] of captured.slice(0, frames.length).entries()) {
      expect(r.accepted).toBe(true)
      expect(r.corners).toBeGreaterThanOrEqual(20) // the whole board in view: 24 inner corners
      expect(r.views).toBe(i + 1)
      expect(r.data.byteLength).toBe(WIDTH * HEIGHT * 4)
    }
    const refused = captured[frames.length]!
    expect(refused).toMatchObject({ accepted: false, corners: 0, views: frames.length })
    expect(refused.reason).toContain(`need ${CALIBRATION_MIN_CORNERS}`)

    const solved = replies.find((r) => r.type === 'calibrationSolved')
    expect(solved?.type).toBe('calibrationSolved')
    if (solved?.type !== 'calibrationSolved' || !solved.result.ok) throw new Error(`no solve: ${JSON.stringify(solved)}`)
    const k = solved.result.intrinsics
    console.info(`calibration: fx ${k.fx.toFixed(1)} fy ${k.fy.toFixed(1)} (truth ${FX.toFixed(1)}), cx ${k.cx.toFixed(1)} cy ${k.cy.toFixed(1)} (truth ${TRUTH.cx} ${TRUTH.cy}), RMS ${solved.result.rmsErrorPx.toFixed(3)} px, ${solved.result.viewsUsed} views`)
    expect(solved.result.viewsUsed).toBe(frames.length)
    expect(Math.abs(k.fx / FX - 1)).toBeLessThan(0.03)
    expect(Math.abs(k.fy / FX - 1)).toBeLessThan(0.03)
    expect(Math.abs(k.cx - TRUTH.cx)).toBeLessThan(25)
    expect(Math.abs(k.cy - TRUTH.cy)).toBeLessThan(25)
    expect(solved.result.rmsErrorPx).toBeLessThan(1)
    expect(k.width).toBe(WIDTH)
    expect(k.height).toBe(HEIGHT)
  }, 120_000)

  it('says what is missing with too few views, and reset forgets the views', async () => {
    const { c, replies, settle, copy } = core()
    const f = frames[0]!
    c.handle({ type: 'calibrationCapture', requestId: 1, width: f.width, height: f.height, data: copy(f) })
    c.handle({ type: 'calibrationSolve', requestId: 2 })
    c.handle({ type: 'calibrationReset' })
    c.handle({ type: 'calibrationSolve', requestId: 3 })
    // A frame of another size after the first: refused with the reason.
    c.handle({ type: 'calibrationCapture', requestId: 4, width: f.width, height: f.height, data: copy(f) })
    c.handle({ type: 'calibrationCapture', requestId: 5, width: 640, height: 360, data: new ArrayBuffer(640 * 360 * 4) })
    await settle(5)
    const solves = replies.filter((r) => r.type === 'calibrationSolved')
    expect(solves.map((s) => s.requestId)).toEqual([2, 3])
    for (const [i, s] of solves.entries()) {
      if (s.type !== 'calibrationSolved' || s.result.ok) throw new Error('expected a refusal')
      expect(s.result.message).toContain(`need at least ${CALIBRATION_MIN_VIEWS} views with ≥ ${CALIBRATION_MIN_CORNERS} corners`)
      expect(s.result.views).toBe(i === 0 ? 1 : 0)
    }
    const last = replies.filter((r) => r.type === 'calibrationCaptured').at(-1)
    expect(last).toMatchObject({ requestId: 5, accepted: false, views: 1 })
    if (last?.type === 'calibrationCaptured') expect(last.reason).toContain('640×360')
  }, 60_000)
})
