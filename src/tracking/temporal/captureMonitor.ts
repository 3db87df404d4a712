// How the capture goes, frame after frame, for the player and for the camera's settings: frames
// used and rejected, how fast the table moves in the image, how steady the recent frames were (the
// "hold still" bar) and the hand's shake while held (what the exposure time has to freeze).
// Time comes in as a number (ms). Hot path: update() allocates nothing.
import type { FrameQuality, TableLock } from '../types.ts'

export type CaptureStats = {
  /** Locked frames whose poses were used (sharp or usable). */
  framesUsed: number
  /** Frames too blurred to move a model. */
  framesRejected: number
  /** Frames with markers but no table lock. */
  framesUnlocked: number
  /** The latest frame's blur (FrameQuality.blurPx), px; NaN when not measured. */
  blurPx: number
  /** The table's image speed, smoothed over ~0.3 s, px/s; NaN before two locks. */
  motionPxPerS: number
  /** RMS image speed over the recent still frames (the hand's shake while held), px/s; NaN until measured. */
  shakePxPerS: number
  /** 0–1: how many of the last ~0.25 s of frames were locked, usable and still (the bar). */
  steadiness: number
  /** The camera moves or its frames are blurred: the player should hold still (rulings wait). */
  holdStill: boolean
}

export type CaptureMonitorParams = {
  /** Time constants of the steadiness, ms, as it falls (frames go bad) and as it recovers. */
  steadinessFallMs: number
  steadinessRiseMs: number
  /** Time constant of the smoothed speed, ms. */
  motionMs: number
  /** Time constant of the shake estimate, ms. */
  shakeMs: number
  /** The most one frame may move the steadiness (0–1). */
  maxFrameWeight: number
  /** "Hold still" comes on below this steadiness and goes off above `releaseSteadiness`. */
  holdSteadiness: number
  releaseSteadiness: number
}

export const DEFAULT_CAPTURE_MONITOR_PARAMS: CaptureMonitorParams = { steadinessFallMs: 250, steadinessRiseMs: 250, maxFrameWeight: 0.4, motionMs: 300, shakeMs: 2000, holdSteadiness: 0.4, releaseSteadiness: 0.8 }

export class CaptureMonitor {
  readonly params: CaptureMonitorParams
  readonly stats: CaptureStats = newStats()
  private lastMs = Number.NaN
  private shake2 = Number.NaN

  constructor(params: Partial<CaptureMonitorParams> = {}) {
    this.params = { ...DEFAULT_CAPTURE_MONITOR_PARAMS, ...params }
  }

  /** One tracking result taken at `timeMs`. */
  update(result: { table: TableLock; quality: FrameQuality; detections: readonly unknown[] }, timeMs: number): CaptureStats {
    const s = this.stats
    const q = result.quality
    const p = this.params
    const dt = Number.isNaN(this.lastMs) ? 0 : Math.max(0, timeMs - this.lastMs)
    this.lastMs = timeMs
    s.blurPx = q.blurPx
    const locked = result.table.locked
    if (result.detections.length === 0) return s // looking elsewhere: nothing to judge
    if (!locked) s.framesUnlocked++
    else if (q.verdict === 'blurred') s.framesRejected++
    else s.framesUsed++
    if (!Number.isNaN(q.motionPxPerS)) {
      s.motionPxPerS = Number.isNaN(s.motionPxPerS) ? q.motionPxPerS : s.motionPxPerS + (q.motionPxPerS - s.motionPxPerS) * (1 - Math.exp(-dt / p.motionMs))
      if (!q.moving) {
        const v2 = q.motionPxPerS * q.motionPxPerS
        this.shake2 = Number.isNaN(this.shake2) ? v2 : this.shake2 + (v2 - this.shake2) * (1 - Math.exp(-dt / p.shakeMs))
        s.shakePxPerS = Math.sqrt(this.shake2)
      }
    }
    const good = locked && q.verdict !== 'blurred' && !q.moving ? 1 : 0
    // One frame moves the bar by at most `maxFrameWeight`, however long since the last one (a slow
    // device): "hold still" needs two bad frames in a row, never one.
    const tau = good < s.steadiness ? p.steadinessFallMs : p.steadinessRiseMs
    s.steadiness += (good - s.steadiness) * Math.min(p.maxFrameWeight, dt > 0 ? 1 - Math.exp(-dt / tau) : p.maxFrameWeight)
    if (s.holdStill && s.steadiness > p.releaseSteadiness) s.holdStill = false
    else if (!s.holdStill && s.steadiness < p.holdSteadiness) s.holdStill = true
    return s
  }

  reset(): void {
    Object.assign(this.stats, newStats())
    this.lastMs = Number.NaN
    this.shake2 = Number.NaN
  }
}

function newStats(): CaptureStats {
  return { framesUsed: 0, framesRejected: 0, framesUnlocked: 0, blurPx: Number.NaN, motionPxPerS: Number.NaN, shakePxPerS: Number.NaN, steadiness: 1, holdStill: false }
}
