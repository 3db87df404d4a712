// CaptureMonitor's "hold still" rule (temporal/captureMonitor.ts): it comes on after a run of bad
// frames (~0.25 s; two at least), never after one — not even after a long gap between frames (a slow device), where the
// time constant alone would let one frame swing the bar — and goes off once the frames are good
// again. Frames are plain results: a locked table, a verdict and the motion flag.
import { describe, expect, it } from 'vitest'
import { CaptureMonitor } from '../../src/tracking/temporal/captureMonitor.ts'
import type { FrameQuality, TableLock } from '../../src/tracking/types.ts'

const LOCK = { locked: true } as TableLock
const quality = (bad: 'blurred' | 'moving' | null): FrameQuality => ({
  verdict: bad === 'blurred' ? 'blurred' : 'sharp', blurPx: bad === 'blurred' ? 3 : 0.5, motionPx: 1, motionPxPerS: bad === 'moving' ? 900 : 20,
  sensorPxPerS: Number.NaN, moving: bad === 'moving', cornerSigmaPx: 0.1, fieldSigmaPx: 0, reasons: [],
})
const frame = (bad: 'blurred' | 'moving' | null) => ({ table: LOCK, quality: quality(bad), detections: [1] })

/** Feed frames `dtMs` apart; the holdStill flag after each. */
function run(monitor: CaptureMonitor, frames: ('blurred' | 'moving' | null)[], dtMs: number, startMs = 0): boolean[] {
  return frames.map((f, i) => monitor.update(frame(f), startMs + (i + 1) * dtMs).holdStill)
}

describe('CaptureMonitor: "hold still" needs two bad frames in a row', () => {
  it('one blurred or moving frame among good ones never says "hold still" (30 fps)', () => {
    for (const bad of ['blurred', 'moving'] as const) {
      const m = new CaptureMonitor()
      const flags = run(m, [null, null, null, bad, null, null, bad, null], 33)
      expect(flags, bad).toEqual(flags.map(() => false))
    }
  })

  it('a moving view turns it on after ~0.25 s of bad frames (at 30 fps: 2 to 10 frames), good frames release it', () => {
    const m = new CaptureMonitor()
    const flags = run(m, [null, null, ...Array<'moving'>(12).fill('moving'), ...Array<null>(14).fill(null)], 33)
    const on = flags.indexOf(true)
    expect(on - 2 + 1).toBeGreaterThanOrEqual(2)
    expect(on - 2 + 1).toBeLessThanOrEqual(10)
    expect(flags[flags.length - 1]).toBe(false)
    expect(m.stats.steadiness).toBeGreaterThan(m.params.releaseSteadiness)
  })

  it('on a slow device (1 s between frames) one bad frame still cannot, two can', () => {
    const one = new CaptureMonitor()
    expect(run(one, [null, 'blurred', null], 1000)).toEqual([false, false, false])
    const two = new CaptureMonitor()
    expect(run(two, [null, 'blurred', 'blurred'], 1000)).toEqual([false, false, true])
  })

  it('counts frames used, rejected (blurred) and unlocked; a frame without markers is not judged', () => {
    const m = new CaptureMonitor()
    m.update(frame(null), 0)
    m.update(frame('blurred'), 33)
    m.update({ table: { locked: false, reason: 'x', referenceIds: [] }, quality: quality(null), detections: [1] }, 66)
    const before = m.stats.steadiness
    m.update({ table: LOCK, quality: quality('blurred'), detections: [] }, 99)
    expect([m.stats.framesUsed, m.stats.framesRejected, m.stats.framesUnlocked]).toEqual([1, 1, 1])
    expect(m.stats.steadiness).toBe(before)
  })
})
