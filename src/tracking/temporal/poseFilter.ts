// Poses over time: smoothing without lag (one-euro), outlier hold (a jump is held until confirmed),
// stale flags (objects not seen recently are kept, flagged, never silently dropped), "moved"
// detection against the last settled pose, and a freeze that averages the last N frames and returns
// each position with its uncertainty in mm. Time comes in as a number (ms), never from a clock.
import type { ObjectKind, ObjectPose, TrackFrameResult } from '../types.ts'
import { OneEuroFilter, type OneEuroParams } from './oneEuroFilter.ts'

export type PoseFilterParams = {
  /** Position smoothing (mm): strong when still, light when moving. */
  position: OneEuroParams
  /** Facing smoothing (degrees). */
  facing: OneEuroParams
  /** A measurement further than this from the current pose is an outlier until confirmed, mm. */
  jumpMm: number
  /** Consecutive agreeing measurements that confirm a jump (the model really was moved). */
  confirmFrames: number
  /** Not seen for this long → 'stale' (still reported, with its last pose). */
  staleMs: number
  /** Further than this from its settled pose → `moved`, mm. */
  movedMm: number
  /** Facing change that also counts as moved, degrees. */
  movedDeg: number
  /** Measurements kept per object for `freeze`. */
  historyFrames: number
  /** Systematic error that averaging cannot remove (print scale, registry offsets), mm, 1-sigma. */
  systematicMm: number
}

export const DEFAULT_POSE_FILTER_PARAMS: PoseFilterParams = {
  position: { minCutoffHz: 0.5, beta: 0.05, derivativeCutoffHz: 1 },
  facing: { minCutoffHz: 0.5, beta: 0.05, derivativeCutoffHz: 1 },
  jumpMm: 12,
  confirmFrames: 3,
  staleMs: 1500,
  movedMm: 3,
  movedDeg: 5,
  historyFrames: 30,
  systematicMm: 0.1,
}

export type TrackedState = 'tracking' | 'held' | 'stale'

export type TrackedObject = {
  id: string
  kind: ObjectKind
  /** Smoothed base centre (models) or piece origin (terrain), table frame, mm. */
  position: [number, number]
  z: number
  facing: number
  /** 'held': the latest measurement jumped and awaits confirmation; 'stale': not seen for `staleMs`. */
  state: TrackedState
  lastSeenMs: number
  /** Further than `movedMm` (or `movedDeg`) from the pose at the last settle/freeze. */
  moved: boolean
  movedByMm: number
  /** Per-frame 1-sigma uncertainty of the latest accepted measurement, mm. */
  uncertainty: number
  markers: number[]
}

export type FrozenPose = {
  id: string
  kind: ObjectKind
  position: [number, number]
  z: number
  facing: number
  /** 1-sigma uncertainty of the averaged position, mm. */
  uncertainty: number
  /** Frames averaged. */
  frames: number
  /** Sample spread of the averaged positions (RMS distance from the mean), mm. */
  spreadMm: number
  stale: boolean
}

type Sample = { x: number; y: number; z: number; facing: number; uncertainty: number; timeMs: number }

type Track = {
  id: string
  kind: ObjectKind
  fx: OneEuroFilter
  fy: OneEuroFilter
  ff: OneEuroFilter
  z: number
  lastSeenMs: number
  uncertainty: number
  markers: number[]
  pending: Sample[]
  history: Sample[]
  settled: { x: number; y: number; facing: number }
}

const DEG = Math.PI / 180

function unwrapNear(angle: number, reference: number): number {
  let a = angle
  while (a - reference > 180) a -= 360
  while (a - reference < -180) a += 360
  return a
}

function wrap(angle: number): number {
  const a = ((angle % 360) + 540) % 360 - 180
  return a === -180 ? 180 : a
}

export class PoseFilter {
  readonly params: PoseFilterParams
  private readonly tracks = new Map<string, Track>()
  private lastTimeMs = 0

  constructor(params: Partial<PoseFilterParams> = {}) {
    this.params = { ...DEFAULT_POSE_FILTER_PARAMS, ...params }
  }

  /**
   * Feed one frame's result taken at `timeMs`. Only table-frame poses update the tracks (camera-frame
   * fallbacks do not mix in). Returns every object ever seen, including stale ones.
   */
  update(result: Pick<TrackFrameResult, 'objects'>, timeMs: number): TrackedObject[] {
    this.lastTimeMs = timeMs
    for (const o of result.objects) {
      if (o.frame !== 'table') continue
      this.ingest(o, timeMs)
    }
    return this.snapshot(timeMs)
  }

  private ingest(o: ObjectPose, timeMs: number): void {
    const key = `${o.kind}:${o.id}`
    const p = this.params
    const sample: Sample = { x: o.position[0], y: o.position[1], z: o.z, facing: o.facing, uncertainty: o.uncertainty ?? 0, timeMs }
    let t = this.tracks.get(key)
    if (!t) {
      t = {
        id: o.id, kind: o.kind,
        fx: new OneEuroFilter(p.position), fy: new OneEuroFilter(p.position), ff: new OneEuroFilter(p.facing),
        z: o.z, lastSeenMs: timeMs, uncertainty: sample.uncertainty, markers: o.markers, pending: [], history: [],
        settled: { x: sample.x, y: sample.y, facing: sample.facing },
      }
      this.tracks.set(key, t)
      this.accept(t, sample, true)
      return
    }
    t.lastSeenMs = timeMs
    t.markers = o.markers
    const jump = Math.hypot(sample.x - t.fx.current, sample.y - t.fy.current)
    if (jump <= p.jumpMm) {
      t.pending = []
      this.accept(t, sample, false)
      return
    }
    // An outlier unless it repeats: hold the old pose until `confirmFrames` samples agree.
    const last = t.pending[t.pending.length - 1]
    if (last && Math.hypot(sample.x - last.x, sample.y - last.y) > p.jumpMm / 2) t.pending = []
    t.pending.push(sample)
    if (t.pending.length >= p.confirmFrames) {
      const confirmed = t.pending
      t.pending = []
      t.history = []
      for (let i = 0; i < confirmed.length; i++) this.accept(t, confirmed[i]!, i === 0)
    }
  }

  private accept(t: Track, s: Sample, reset: boolean): void {
    const facing = unwrapNear(s.facing, Number.isNaN(t.ff.current) ? s.facing : t.ff.current)
    if (reset) {
      t.fx.reset(s.x, s.timeMs)
      t.fy.reset(s.y, s.timeMs)
      t.ff.reset(facing, s.timeMs)
    } else {
      t.fx.filter(s.x, s.timeMs)
      t.fy.filter(s.y, s.timeMs)
      t.ff.filter(facing, s.timeMs)
    }
    t.z = s.z
    t.uncertainty = s.uncertainty
    t.history.push({ ...s, facing })
    if (t.history.length > this.params.historyFrames) t.history.shift()
  }

  /** Current state of every object ever seen. */
  snapshot(timeMs = this.lastTimeMs): TrackedObject[] {
    const out: TrackedObject[] = []
    for (const t of this.tracks.values()) {
      const x = t.fx.current, y = t.fy.current, facing = wrap(t.ff.current)
      const movedByMm = Math.hypot(x - t.settled.x, y - t.settled.y)
      const turned = Math.abs(wrap(facing - t.settled.facing))
      const state: TrackedState = timeMs - t.lastSeenMs > this.params.staleMs ? 'stale' : t.pending.length > 0 ? 'held' : 'tracking'
      out.push({
        id: t.id, kind: t.kind, position: [x, y], z: t.z, facing, state, lastSeenMs: t.lastSeenMs,
        moved: movedByMm > this.params.movedMm || turned > this.params.movedDeg,
        movedByMm, uncertainty: t.uncertainty, markers: t.markers,
      })
    }
    return out
  }

  /**
   * Average the last `frames` accepted measurements of each object (default: all kept) and return
   * the positions with their 1-sigma uncertainty in mm:
   *   σ² = max(s², ū²) / N + systematic²
   * with s² the sample variance per axis summed over x and y (what the frames actually scattered),
   * ū² the mean per-frame uncertainty² (what the corner noise model predicts), N the frames averaged.
   * Freezing also settles the objects: `moved` is measured from these poses afterwards.
   */
  freeze(frames = this.params.historyFrames): FrozenPose[] {
    const out: FrozenPose[] = []
    for (const t of this.tracks.values()) {
      const h = t.history.slice(-frames)
      if (h.length === 0) continue
      const n = h.length
      let x = 0, y = 0, z = 0, sin = 0, cos = 0, u2 = 0
      for (const s of h) {
        x += s.x; y += s.y; z += s.z
        sin += Math.sin(s.facing * DEG); cos += Math.cos(s.facing * DEG)
        u2 += s.uncertainty * s.uncertainty
      }
      x /= n; y /= n; z /= n; u2 /= n
      let ss = 0
      for (const s of h) ss += (s.x - x) ** 2 + (s.y - y) ** 2
      const sampleVar = n > 1 ? ss / (n - 1) : 0
      const uncertainty = Math.sqrt(Math.max(sampleVar, u2) / n + this.params.systematicMm ** 2)
      const facing = Math.atan2(sin, cos) / DEG
      out.push({
        id: t.id, kind: t.kind, position: [x, y], z, facing, uncertainty, frames: n,
        spreadMm: Math.sqrt(ss / n), stale: this.lastTimeMs - t.lastSeenMs > this.params.staleMs,
      })
      t.settled = { x, y, facing }
    }
    return out
  }

  /** Take the current poses as the new reference for `moved` without averaging. */
  settle(): void {
    for (const t of this.tracks.values()) t.settled = { x: t.fx.current, y: t.fy.current, facing: wrap(t.ff.current) }
  }

  /** Forget an object (e.g. removed from the game). */
  forget(kind: ObjectKind, id: string): void {
    this.tracks.delete(`${kind}:${id}`)
  }
}
