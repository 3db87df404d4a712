// Poses over time: one-euro smoothing, outlier hold, stale flag, moved detection, freeze with an
// uncertainty in mm — on scripted measurements with known noise, then on rendered frames.
import { describe, expect, it } from 'vitest'
import { OneEuroFilter } from '../../src/tracking/temporal/oneEuroFilter.ts'
import { PoseFilter, DEFAULT_POSE_FILTER_PARAMS } from '../../src/tracking/temporal/poseFilter.ts'
import type { ObjectPose } from '../../src/tracking/types.ts'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import { createRandom } from './synth/random.ts'
import { renderTableFrame } from './synth/renderTableFrame.ts'
import { buildTabletopScene } from './synth/tabletopScene.ts'
import { openCv } from './helpers.ts'

const pose = (x: number, y: number, facing = 0, uncertainty = 0.2): ObjectPose => ({
  id: 'a1', kind: 'model', frame: 'table', position: [x, y], z: 0, facing, uncertainty, markers: [10], residualMm: 0,
})
const frame = (...objects: ObjectPose[]) => ({ objects })

describe('one-euro filter', () => {
  it('smooths a still, noisy value to a fraction of its noise', () => {
    const rnd = createRandom(1)
    const f = new OneEuroFilter(DEFAULT_POSE_FILTER_PARAMS.position)
    const out: number[] = []
    for (let i = 0; i < 300; i++) out.push(f.filter(100 + 0.5 * rnd.normal(), i * 33))
    const tail = out.slice(100)
    const sd = Math.sqrt(tail.reduce((s, v) => s + (v - 100) ** 2, 0) / tail.length)
    expect(sd).toBeLessThan(0.5 / 3)
  })

  it('follows a model slid at 100 mm/s with little lag (under 5 mm behind after half a second)', () => {
    const f = new OneEuroFilter(DEFAULT_POSE_FILTER_PARAMS.position)
    let last = 0
    for (let i = 0; i <= 15; i++) last = f.filter(i * 3.3, i * 33)
    expect(15 * 3.3 - last).toBeLessThan(5)
  })
})

describe('pose filter', () => {
  it('holds a single-frame jump (outlier) and accepts it once it repeats (the model was moved)', () => {
    const filter = new PoseFilter()
    for (let i = 0; i < 10; i++) filter.update(frame(pose(100, 100)), i * 33)
    let [a] = filter.update(frame(pose(160, 100)), 330)
    expect(a!.state).toBe('held')
    expect(a!.position[0]).toBeCloseTo(100, 6)
    ;[a] = filter.update(frame(pose(100, 100)), 363)
    expect(a!.state).toBe('tracking')
    expect(a!.position[0]).toBeCloseTo(100, 6)
    for (let i = 0; i < DEFAULT_POSE_FILTER_PARAMS.confirmFrames; i++) [a] = filter.update(frame(pose(160, 100)), 400 + i * 33)
    expect(a!.state).toBe('tracking')
    expect(a!.position[0]).toBeCloseTo(160, 6)
    expect(a!.moved).toBe(true)
    expect(a!.movedByMm).toBeCloseTo(60, 6)
  })

  it('keeps an object that is no longer seen and flags it stale after staleMs', () => {
    const filter = new PoseFilter({ staleMs: 1000 })
    filter.update(frame(pose(100, 100)), 0)
    expect(filter.update(frame(), 900)[0]!.state).toBe('tracking')
    const [a] = filter.update(frame(), 1100)
    expect(a!.state).toBe('stale')
    expect(a!.position).toEqual([100, 100])
    expect(filter.freeze()[0]!.stale).toBe(true)
  })

  it('does not mix camera-frame poses (table not locked) into the table-frame track', () => {
    const filter = new PoseFilter()
    filter.update(frame(pose(100, 100)), 0)
    const [a] = filter.update(frame({ ...pose(5, 7), frame: 'camera' }), 33)
    expect(a!.position).toEqual([100, 100])
  })

  it('flags a slow creep as moved once it exceeds movedMm from the settled pose, and freeze re-settles', () => {
    const filter = new PoseFilter({ movedMm: 3 })
    let a = filter.update(frame(pose(100, 100)), 0)[0]!
    for (let i = 1; i <= 60; i++) a = filter.update(frame(pose(100 + i * 0.1, 100)), i * 33)[0]!
    expect(a.moved).toBe(true)
    filter.freeze(5)
    a = filter.update(frame(pose(106, 100)), 61 * 33)[0]!
    expect(a.moved).toBe(false)
  })

  it('freeze averages N frames: error shrinks like 1/√N and the uncertainty matches the noise', () => {
    const sigma = 0.3
    const n = 30
    const errors: number[] = []
    const uncertainties: number[] = []
    for (let trial = 0; trial < 200; trial++) {
      const rnd = createRandom(100 + trial)
      const filter = new PoseFilter({ historyFrames: n, systematicMm: 0 })
      for (let i = 0; i < n; i++) filter.update(frame(pose(500 + sigma * rnd.normal(), 300 + sigma * rnd.normal(), 0, 0.01)), i * 33)
      const [f] = filter.freeze()
      errors.push(Math.hypot(f!.position[0] - 500, f!.position[1] - 300))
      uncertainties.push(f!.uncertainty)
    }
    // Radial RMS error of the mean of N samples with σ per axis is σ·√(2/N).
    const rms = Math.sqrt(errors.reduce((s, e) => s + e * e, 0) / errors.length)
    const expected = sigma * Math.sqrt(2 / n)
    expect(rms).toBeGreaterThan(expected * 0.8)
    expect(rms).toBeLessThan(expected * 1.2)
    const meanU = uncertainties.reduce((s, u) => s + u, 0) / uncertainties.length
    expect(meanU / expected).toBeGreaterThan(0.85)
    expect(meanU / expected).toBeLessThan(1.15)
  })

  it('on rendered frames (fresh sensor noise each), the frozen pose is within 0.5 mm and 3σ of the truth', async () => {
    const cv = await openCv()
    const scene = buildTabletopScene(cv, { seed: 31, models: 8, hands: 0, width: 1280, height: 720, distanceMm: 900 })
    const tracker = new FrameTracker(cv, scene.registry)
    const filter = new PoseFilter()
    try {
      for (let i = 0; i < 6; i++) {
        const { frame: image } = renderTableFrame({ ...scene.spec, effects: { ...scene.spec.effects, seed: 1000 + i } })
        filter.update(tracker.track(image), i * 33)
      }
    } finally {
      tracker.dispose()
    }
    const frozen = filter.freeze()
    expect(frozen.length).toBeGreaterThan(5)
    for (const f of frozen) {
      const t = scene.truth.find((x) => x.id === f.id && x.kind === f.kind)!
      const err = Math.hypot(f.position[0] - t.position[0], f.position[1] - t.position[1])
      expect(f.frames).toBe(6)
      expect(err).toBeLessThan(0.5)
      expect(err).toBeLessThan(3 * f.uncertainty)
    }
  })
})
