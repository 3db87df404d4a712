// A phone in the hand, frame by frame (issue 26): on the motion and defocus variants (σ 1.5 px
// defocus, a 9 px streak, frames of a hand's path at 3 and 8 °/s at 1/30 s and at 3 °/s at 1/120 s,
// an autofocus hunt) and on bent tabs (±5°: their turn × lever arm is a shared σ), every object a
// single frame places is within 3σ of the truth (at most 1 % beyond), none is misplaced without a
// flag, no id is wrong; and the frame's quality says what its blur is. 1920×1080, 40 models,
// 2 frames per variant (seeds 900–901, as the benchmark's recall study).
import { beforeAll, describe, expect, it } from 'vitest'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import type { TrackFrameResult } from '../../src/tracking/types.ts'
import { MOTION_VARIANT_NAMES, renderVariant, type VariantFrame } from './synth/variants.ts'
import { newScore, scoreDetections, scoreObjects, type VariantScore } from './variantScore.ts'
import { openCv } from './helpers.ts'

let cv: OpenCvHandle
const runs: { key: string; frame: VariantFrame; result: TrackFrameResult }[] = []
const scores = new Map<string, VariantScore>()

beforeAll(async () => {
  cv = await openCv()
  for (const variant of [...MOTION_VARIANT_NAMES, 'tilt'] as const) {
    const score = newScore()
    for (const seed of [900, 901]) {
      const frame = renderVariant(cv, variant, seed, { models: 40 })
      const tracker = new FrameTracker(cv, frame.scene.registry)
      try {
        const result = tracker.track(frame.render.frame, true)
        runs.push({ key: `${variant}#${seed}`, frame, result })
        scoreDetections(score, frame, result.detections)
        scoreObjects(score, frame, result.objects, result.table.locked)
      } finally {
        tracker.dispose()
      }
    }
    scores.set(variant, score)
  }
  if (process.env.TRACKING_FIGURES) {
    for (const [k, s] of scores) process.stdout.write(`${k}: found ${s.found}/${s.expected}, objects ${s.objects} (flagged ${s.flagged}), beyond 3σ ${s.beyond3Sigma}, unflagged ${s.unflaggedMisplaced}, wrong ${s.wrongIds}\n`)
  }
}, 900_000) // ~12 renders of 1920×1080 (3–5 s of CPU each)

describe('per-frame honesty under motion and defocus', () => {
  it('at most 1 % of the objects placed from single frames lie beyond 3σ of the truth (over 60 in motion, over 30 on bent tabs)', () => {
    const motion = [...scores].filter(([k]) => k !== 'tilt').map(([, s]) => s)
    const objects = motion.reduce((a, s) => a + s.objects, 0)
    const beyond = motion.reduce((a, s) => a + s.beyond3Sigma, 0)
    expect(objects).toBeGreaterThan(60) // measured: 92 (σ 1.5 px defocus 11, handheld 27, 1/120 s 54; the 9 px streak, 8 °/s and the focus hunt place none)
    expect(beyond / objects).toBeLessThanOrEqual(0.01)
    const tilt = scores.get('tilt')!
    expect(tilt.objects).toBeGreaterThan(30) // measured: 38, 0 beyond (before the lever-arm term: 1.4 % over 138 objects in the benchmark)
    expect(tilt.beyond3Sigma / tilt.objects).toBeLessThanOrEqual(0.01)
  })

  it('no unflagged misplacement and no wrong id on any of them', () => {
    for (const [variant, s] of scores) {
      expect(s.unflaggedMisplaced, variant).toBe(0)
      expect(s.wrongIds, variant).toBe(0)
    }
  })

  it('the frame says how blurred it is: a steady hold at 1/120 s is sharp, σ 1.5 px defocus and a 9 px streak are not', () => {
    const blur = (key: string) => runs.find((r) => r.key === key)!.result.quality
    for (const seed of [900, 901]) {
      expect(blur(`handheld-short-exposure#${seed}`).verdict).toBe('sharp')
      expect(blur(`handheld-short-exposure#${seed}`).blurPx).toBeLessThan(0.5)
      // A 9 px box streak spreads an edge across it by 9/√12 = 2.6 px; the markers' sides lie at
      // various angles to it, so the worse of their two directions reads 1.6–2.5 px.
      expect(blur(`motion#${seed}`).blurPx).toBeGreaterThan(1.4)
      expect(blur(`motion#${seed}`).verdict).not.toBe('sharp')
      expect(blur(`blur#${seed}`).blurPx).toBeGreaterThan(blur(`handheld-short-exposure#${seed}`).blurPx + 0.5)
    }
  })

  it('a shorter exposure finds more: 1/120 s against 1/30 s on the same steady hold (recall of markers ≥ 16 px)', () => {
    const recall = (v: string) => scores.get(v)!.found / scores.get(v)!.expected
    expect(recall('handheld-short-exposure')).toBeGreaterThan(0.9) // measured 69/72
    expect(recall('handheld-short-exposure')).toBeGreaterThan(recall('handheld') + 0.2) // 1/30 s: 40/72
  })
})
