// The device's turn sensor in the tracker (issue 31, motion): each frame may come with the gyroscope's
// turn rate (°/s). A slow device (a frame every 300 ms) cannot see the camera move from the image (two
// locks further apart than 200 ms give no speed), so only the sensor can say it turns. Through the real
// worker core (real OpenCV) behind a loopback, as the app sends frames. Truth: the renderer's camera
// (66° across 1280 px: f = 640 / tan 33° = 985.5 px) and the "moving" speed the tracker's parameters
// set (0.12 of the longer side per second: 153.6 px/s, a turn of 8.9°/s at that focal length).
import { beforeAll, describe, expect, it } from 'vitest'
import { createTrackingClient, type TrackingResultMessage } from '../../src/tracking/worker/trackingClient.ts'
import type { RgbaFrame } from '../../src/tracking/types.ts'
import { renderTableFrame } from './synth/renderTableFrame.ts'
import { buildTabletopScene, type TabletopScene } from './synth/tabletopScene.ts'
import { openCv } from './helpers.ts'
import { workerLoopback } from './workerLoopback.ts'

const F = 640 / Math.tan((33 * Math.PI) / 180)

let scene: TabletopScene
let frame: RgbaFrame

beforeAll(async () => {
  const cv = await openCv()
  scene = buildTabletopScene(cv, { seed: 43, models: 6, hands: 0, width: 1280, height: 720, distanceMm: 900 })
  frame = renderTableFrame(scene.spec).frame
})

/** Frames of the still table every 300 ms, each with its turn rate (undefined: no sensor reading), one at a time. */
async function run(rates: ReadonlyArray<number | undefined>): Promise<TrackingResultMessage[]> {
  const results: TrackingResultMessage[] = []
  let next: () => void = () => {}
  const client = createTrackingClient(workerLoopback(), { registry: scene.registry, onResult: (m) => { results.push(m); next() } })
  await client.ready
  for (let i = 0; i < rates.length; i++) {
    const answered = new Promise<void>((resolve) => { next = resolve })
    client.submit(frame, i * 300, rates[i])
    await answered
  }
  client.dispose()
  return results
}

describe('the turn sensor with each frame (a slow device: a frame every 300 ms)', () => {
  it('without a reading the still table is sharp; turning at 40°/s the frame is "moving" at f·ω px/s, new models wait and "hold still" comes on; at a held hand\'s 2°/s nothing changes', async () => {
    const still = await run([undefined, undefined, undefined, undefined])
    for (const r of still) {
      expect(r.result.table.locked).toBe(true)
      expect(Number.isNaN(r.result.quality.motionPxPerS), 'no speed from locks 300 ms apart').toBe(true)
      expect(Number.isNaN(r.result.quality.sensorPxPerS)).toBe(true)
      expect(r.result.quality.moving).toBe(false)
      expect(r.result.quality.verdict).toBe('sharp')
    }
    expect(still.at(-1)!.capture.holdStill).toBe(false)

    const turning = await run([0.5, 40, 40, 40, 40, 1, 1, 1, 1, 1, 1, 1])
    const fast = turning.slice(1, 5)
    for (const r of fast) {
      const q = r.result.quality
      expect(q.sensorPxPerS / (F * (40 * Math.PI) / 180), 'f·ω with the lock\'s focal length').toBeCloseTo(1, 2)
      expect(q.moving).toBe(true)
      expect(q.verdict).toBe('usable')
      expect(q.reasons.join(' ')).toMatch(/the camera turns \(40°\/s by its motion sensor, about 6[89]\d px\/s/)
    }
    // Two frames turning put "hold still" on (never one: CaptureMonitor's rule), as the image's motion does.
    expect(turning[1]!.capture.holdStill).toBe(false)
    expect(turning[4]!.capture.holdStill).toBe(true)
    // Held again (1°/s: 17 px/s, under the 153.6 px/s of "moving"): the frames are sharp and the bar fills.
    for (const r of turning.slice(5)) {
      expect(r.result.quality.moving).toBe(false)
      expect(r.result.quality.verdict).toBe('sharp')
    }
    expect(turning.at(-1)!.capture.holdStill).toBe(false)
    const slow = await run([2, 2, 2])
    for (const r of slow) expect(r.result.quality.moving, `2°/s: ${r.result.quality.sensorPxPerS.toFixed(0)} px/s`).toBe(false)
  }, 120_000)
})
