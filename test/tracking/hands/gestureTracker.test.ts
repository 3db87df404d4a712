// Gestures on synthetic landmark sequences (test/tracking/hands/syntheticHand.ts): point, dwell,
// pinch, palm, jitter, a hand leaving mid-gesture, two hands. The lock here is a camera looking
// straight down with 1 mm per px, so table points are hand-computable; the mapping itself is checked
// against a tilted camera in mapHandToTable.test.ts.
import { describe, expect, it } from 'vitest'
import {
  GestureTracker, classifyHandPose, type HandObservation,
} from '../../../src/tracking/hands/index.ts'
import { createRandom } from '../synth/random.ts'
import { canonicalHand, syntheticHand, type SynthPose } from './syntheticHand.ts'
import { lock, models } from './straightDownCamera.ts'

const FRAME_MS = 1000 / 30

/** Feed `seconds` of frames from `t0`; each frame's hands from `hands(t)`. Returns the end time. */
function run(g: GestureTracker, t0: number, seconds: number, hands: (t: number) => HandObservation[], each?: (t: number) => void): number {
  let t = t0
  for (; t < t0 + seconds * 1000 - 1e-6; t += FRAME_MS) {
    const hs = hands(t)
    g.update(hs, hs.length, lock, models, t)
    each?.(t)
  }
  return t
}

describe('hand pose from landmarks (scale- and rotation-free)', () => {
  const poses: [SynthPose, string][] = [['point', 'point'], ['pinch', 'pinch'], ['palm', 'palm'], ['fist', 'other']]
  for (const [pose, expected] of poses) {
    it(`a ${pose} reads as '${expected}' at any size and turn`, () => {
      for (const sizePx of [40, 80, 200]) for (const angleDeg of [-120, -30, 0, 45, 170]) {
        expect(classifyHandPose(syntheticHand(pose, [500, 400], { sizePx, angleDeg }))).toBe(expected)
      }
    })
  }
  it('a pinch opening slowly ends above the exit ratio, not at the entry ratio (hysteresis)', () => {
    // Thumb tip and index tip apart by 0.3 hand sizes: between entry (0.25) and exit (0.4).
    const h = syntheticHand('pinch', [500, 400], { sizePx: 100 })
    const { points } = canonicalHand('pinch')
    h.pointsPx[8] = 500 + (points[4]![0] - 0.3 - (points[4]![0] + points[8]![0]) / 2) * 100
    const gapRatio = Math.hypot(h.pointsPx[8]! - h.pointsPx[16]!, h.pointsPx[9]! - h.pointsPx[17]!) / 100
    expect(gapRatio).toBeGreaterThan(0.25)
    expect(gapRatio).toBeLessThan(0.4)
    expect(classifyHandPose(h, 'pinch')).toBe('pinch')
    expect(classifyHandPose(h, 'other')).not.toBe('pinch')
  })
})

describe('pointing and dwell', () => {
  it('highlights the nearest model within 30 mm of its base edge, and none beyond', () => {
    const g = new GestureTracker()
    g.update([syntheticHand('point', [300 + 16 + 25, 300])], 1, lock, models, 0)
    expect(g.state.cursors[0]!.pose).toBe('point')
    expect(g.state.cursors[0]!.pointMm[0]).toBeCloseTo(341, 6)
    expect(g.state.cursors[0]!.highlightId).toBe('a')
    const g2 = new GestureTracker()
    g2.update([syntheticHand('point', [300 + 16 + 35, 300])], 1, lock, models, 0)
    expect(g2.state.cursors[0]!.highlightId).toBeNull()
  })

  it('a 0.8 s dwell selects the attacker (not at 0.7 s), a second dwell on another model the target', () => {
    const g = new GestureTracker()
    let t = run(g, 0, 0.7, () => [syntheticHand('point', [300, 320])])
    expect(g.state.attackerId).toBeNull()
    expect(g.state.cursors[0]!.dwell).toBeGreaterThan(0.8)
    t = run(g, t, 0.15, () => [syntheticHand('point', [300, 320])])
    expect(g.state.attackerId).toBe('a')
    expect(g.state.lastEvent).toBe('attacker')
    // Dwelling on on the attacker again does nothing; then b becomes the target.
    t = run(g, t, 1, () => [syntheticHand('point', [300, 320])])
    expect(g.state.selectionVersion).toBe(1)
    run(g, t, 0.9, () => [syntheticHand('point', [600, 330])])
    expect(g.state).toMatchObject({ attackerId: 'a', targetId: 'b', lastEvent: 'target', selectionVersion: 2 })
  })

  it('jitter: 2 px landmark noise at 30 fps neither flickers the gesture nor delays the dwell past 0.85 s', () => {
    const rnd = createRandom(7)
    const g = new GestureTracker()
    let poseChanges = 0
    let selectedAt = -1
    let last = 'other'
    run(g, 0, 1.5, () => [syntheticHand('point', [900, 480], { noisePx: 2, rnd, angleDeg: 20 })], (t) => {
      const p = g.state.cursors[0]!.pose
      if (p !== last) { poseChanges++; last = p }
      if (selectedAt < 0 && g.state.attackerId === 'c') selectedAt = t
    })
    expect(poseChanges).toBe(1)
    expect(selectedAt).toBeGreaterThanOrEqual(800)
    expect(selectedAt).toBeLessThan(850)
    // The cursor's uncertainty includes the scatter it saw: more than the noise-free figure.
    expect(g.state.cursors[0]!.uncertaintyMm).toBeGreaterThan(1.5)
  })

  it('a hand that leaves mid-dwell selects nothing; back again, the dwell starts over', () => {
    const g = new GestureTracker()
    let t = run(g, 0, 0.5, () => [syntheticHand('point', [300, 300])])
    t = run(g, t, 0.4, () => [])
    expect(g.state.cursors[0]!.active).toBe(false)
    expect(g.state.attackerId).toBeNull()
    t = run(g, t, 0.5, () => [syntheticHand('point', [300, 300])])
    expect(g.state.attackerId).toBeNull()
    run(g, t, 0.35, () => [syntheticHand('point', [300, 300])])
    expect(g.state.attackerId).toBe('a')
  })

  it('a dropout shorter than the grace time (100 ms) keeps the dwell going', () => {
    const g = new GestureTracker()
    let t = run(g, 0, 0.5, () => [syntheticHand('point', [300, 300])])
    t = run(g, t, 0.1, () => [])
    run(g, t, 0.25, () => [syntheticHand('point', [300, 300])])
    expect(g.state.attackerId).toBe('a')
  })

  it('with pointing switched off there is no cursor, no highlight, no selection', () => {
    const g = new GestureTracker()
    g.setSwitches({ point: false })
    run(g, 0, 1.2, () => [syntheticHand('point', [300, 300])])
    expect(g.state.cursors[0]!.pose).toBe('other')
    expect(g.state.cursors[0]!.highlightId).toBeNull()
    expect(g.state.attackerId).toBeNull()
  })
})

describe('pinch to measure', () => {
  it('from the fingertip point to the nearest model: gap to the base edge, σ from landmark noise, fingertip parallax and the model', () => {
    const g = new GestureTracker()
    // 140 mm from a's centre along x, on the camera's row (camera foot at 640, 360).
    g.update([syntheticHand('pinch', [160, 300])], 1, lock, models, 0)
    const m = g.state.measure
    expect(m).toMatchObject({ active: true, live: true, fromId: null, toId: 'a' })
    expect(m.distanceMm).toBeCloseTo(140 - 16, 6)
    expect(m.toMm[0]).toBeCloseTo(300 - 16, 6)
    // Parallax of an 8 mm fingertip at 482.6 mm from the camera's foot, camera 1000 mm up: 8 · 482.6 / 992.
    const parallax = (8 * Math.hypot(160 - 640, 300 - 360)) / 992
    expect(m.uncertaintyMm).toBeCloseTo(Math.sqrt(1.5 ** 2 + parallax ** 2 + 0.5 ** 2), 6)
  })

  it('a pinch on a model with an attacker selected measures base edge to base edge', () => {
    const g = new GestureTracker()
    g.syncSelection('b', null)
    g.update([syntheticHand('pinch', [305, 300])], 1, lock, models, 0)
    const m = g.state.measure
    expect(m).toMatchObject({ fromId: 'a', toId: 'b' })
    expect(m.distanceMm).toBeCloseTo(300 - 16 - 20, 6)
    expect(m.uncertaintyMm).toBeCloseTo(Math.hypot(0.5, 0.3), 6)
  })

  it('two hands pinching on two models measure between them; the measure stays (not live) after the hands leave', () => {
    const g = new GestureTracker()
    g.update([syntheticHand('pinch', [600, 310]), syntheticHand('pinch', [895, 500])], 2, lock, models, 0)
    expect(g.state.measure).toMatchObject({ fromId: 'b', toId: 'c', live: true })
    expect(g.state.measure.distanceMm).toBeCloseTo(Math.hypot(300, 200) - 20 - 12.5, 6)
    run(g, FRAME_MS, 0.5, () => [])
    expect(g.state.measure).toMatchObject({ active: true, live: false, fromId: 'b', toId: 'c' })
  })

  it('with pinch switched off nothing is measured', () => {
    const g = new GestureTracker()
    g.setSwitches({ pinch: false })
    g.update([syntheticHand('pinch', [160, 300])], 1, lock, models, 0)
    expect(g.state.measure.active).toBe(false)
  })
})

describe('open palm clears', () => {
  it('a palm held still 0.6 s clears the selection and the measure; a palm sweeping across does not', () => {
    const g = new GestureTracker()
    g.syncSelection('a', 'b')
    g.update([syntheticHand('pinch', [160, 300])], 1, lock, models, 0)
    expect(g.state.measure.active).toBe(true)
    let t = run(g, FRAME_MS, 1, (t) => [syntheticHand('palm', [200 + t * 0.4, 600])])
    expect(g.state.attackerId).toBe('a')
    t = run(g, t, 0.5, () => [syntheticHand('palm', [700, 600])])
    expect(g.state.attackerId).toBe('a')
    run(g, t, 0.35, () => [syntheticHand('palm', [702, 601])])
    expect(g.state).toMatchObject({ attackerId: null, targetId: null, lastEvent: 'cleared' })
    expect(g.state.measure.active).toBe(false)
  })
})

describe('two hands', () => {
  it('one hand dwells on a model while the other sweeps an open palm: both have cursors, the dwell selects, nothing clears', () => {
    const g = new GestureTracker()
    run(g, 0, 1, (t) => [syntheticHand('palm', [1000 - t * 0.3, 200]), syntheticHand('point', [600, 280])])
    const poses = g.state.cursors.map((c) => c.pose).sort()
    expect(poses).toEqual(['palm', 'point'])
    expect(g.state.attackerId).toBe('b')
    expect(g.state.lastEvent).toBe('attacker')
  })
  it('hands swapping their order in the detector output keep their own dwell (matched by palm position)', () => {
    const g = new GestureTracker()
    run(g, 0, 0.9, (t) => {
      const hs = [syntheticHand('point', [300, 300]), syntheticHand('fist', [1000, 650])]
      return Math.round(t / FRAME_MS) % 2 ? hs.reverse() : hs
    })
    expect(g.state.attackerId).toBe('a')
  })
})

describe('WebXR hand joints feed the same logic', () => {
  it('a pointing hand given as 25 XR joints (table mm) dwells onto a model like a camera hand', async () => {
    const { OVERHEAD_LOCK, XR_FOR_LANDMARK, createHandObservation, handFromXrJoints } = await import('../../../src/tracking/hands/index.ts')
    // Joints from the synthetic camera hand (1 mm per px here), lifted to 3-D: 25 joints, the XR
    // metacarpals halfway between wrist and knuckle, every joint 60 mm above the table.
    const cam = syntheticHand('point', [300 + 16 + 20, 300])
    const joints = new Float64Array(25 * 3)
    XR_FOR_LANDMARK.forEach((j, i) => { joints[j * 3] = cam.pointsPx[i * 2]!; joints[j * 3 + 1] = cam.pointsPx[i * 2 + 1]!; joints[j * 3 + 2] = 60 })
    for (const [meta, knuckle] of [[5, 6], [10, 11], [15, 16], [20, 21]] as const) for (let k = 0; k < 3; k++) joints[meta * 3 + k] = (joints[k]! + joints[knuckle * 3 + k]!) / 2
    const hand = handFromXrJoints(joints, createHandObservation())
    expect(classifyHandPose(hand)).toBe('point')
    const g = new GestureTracker()
    let t = 0
    for (; t < 900; t += FRAME_MS) g.update([hand], 1, OVERHEAD_LOCK, models, t)
    expect(g.state.cursors[0]!.pointMm[0]).toBeCloseTo(336, 6)
    expect(g.state.attackerId).toBe('a')
  })
})
