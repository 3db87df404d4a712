// Poses over time: each object's measurements fused over a window of recent frames, a move test
// that re-places a model that really moved (never averaged with its old spot), stale flags (objects
// not seen recently are kept, flagged, never silently dropped), "moved" against the last settled
// pose, and a freeze for rulings. Time comes in as a number (ms), never from a clock.
//
// Which frames count (FrameQuality from the tracker): a 'blurred' frame moves nothing; a 'usable'
// one updates objects already placed; only a 'sharp' one places a new object, and once an object's
// window holds `sharpFirst` sharp measurements, only those are fused (a sweep's soft frames repeat
// the same rolling-shutter bend frame after frame: their errors do not average out). Results
// without a quality count as sharp.
//
// The window: the last `historyFrames` measurements of the object within `windowMs` of its newest
// one. Fusion: the mean weighted by 1/σ² (σ: each measurement's own uncertainty, which the tracker
// raises with the frame's blur and motion), with
//   σ² = max(1, χ²/(n − 1), c²·n) / Σ(1/σᵢ²) + s̄² + systematic²,   χ² = Σ |xᵢ − x̄|² / σᵢ²
// so measurements that scatter more than their σ say widen the result, and the share c
// (`correlatedShare`, 0.5) of a frame's σ that the frames of one held camera repeat (the lens, the
// tone curve, a dark base beside a tab, the print) is never averaged away: on three synthetic
// handheld sequences each object's mean error over the held frames was up to 0.6 of its per-frame σ
// (median 0.2), so σ stops shrinking after ~4 frames while the position keeps improving; s̄² is the
// weighted mean of the measurements' own shared part (ObjectPose.sharedUncertainty: a bent tab's
// turn × its lever arm), which no number of frames reduces. A model missed in some frames keeps the fusion of the frames
// that saw it.
// The move test: a measurement further from the fused pose than `moveSigmas` × √(σ² + σ_fused²) (and
// than `moveMinMm`), or turned by more than `moveDeg`, is not fused but held; `confirmFrames` such
// measurements in a row that agree with each other mean the model was moved: the window restarts from
// them alone. A lone outlier (a misread frame) is dropped when the next measurement agrees with the
// fusion again.
import type { FrameQuality, ObjectKind, ObjectPose, TrackFrameResult } from '../types.ts'

export type PoseFilterParams = {
  /** Measurements fused per object at most (and what `freeze` averages by default). */
  historyFrames: number
  /** Measurements older than this before the object's newest one leave the window, ms. */
  windowMs: number
  /** Move test: further than this many combined σ from the fused pose is not the same spot. */
  moveSigmas: number
  /** Move test: never closer than this, mm (below it the spot is the same whatever σ says). */
  moveMinMm: number
  /** Move test: a turn larger than this is a move too, degrees. */
  moveDeg: number
  /** Consecutive agreeing measurements away from the fused pose that confirm a move. */
  confirmFrames: number
  /** Not seen for this long → 'stale' (still reported, with its last pose). */
  staleMs: number
  /** Further than this from its settled pose → `moved`, mm. */
  movedMm: number
  /** Facing change that also counts as moved, degrees. */
  movedDeg: number
  /** Systematic error that averaging cannot remove (print scale, registry offsets), mm, 1-sigma. */
  systematicMm: number
  /** A measurement's σ is taken as at least this in the weights, mm (σ 0 would outweigh everything). */
  minSigmaMm: number
  /** Share of a frame's σ that frames of one held camera have in common: not reduced by fusing them. */
  correlatedShare: number
  /** With this many sharp measurements in the window, the usable (softer) ones are left out of the fusion. */
  sharpFirst: number
}

export const DEFAULT_POSE_FILTER_PARAMS: PoseFilterParams = {
  historyFrames: 30,
  windowMs: 2000,
  moveSigmas: 3,
  moveMinMm: 1.5,
  moveDeg: 8,
  confirmFrames: 2,
  staleMs: 1500,
  movedMm: 3,
  movedDeg: 5,
  systematicMm: 0.1,
  minSigmaMm: 0.05,
  correlatedShare: 0.5,
  sharpFirst: 3,
}

export type TrackedState = 'tracking' | 'held' | 'stale'

export type TrackedObject = {
  id: string
  kind: ObjectKind
  /** Fused base centre (models) or piece origin (terrain), table frame, mm. */
  position: [number, number]
  z: number
  facing: number
  /** 'held': the latest measurements are away from the fused pose, awaiting confirmation of a move; 'stale': not seen for `staleMs`. */
  state: TrackedState
  lastSeenMs: number
  /** Further than `movedMm` (or `movedDeg`) from the pose at the last settle/freeze. */
  moved: boolean
  movedByMm: number
  /** 1-sigma uncertainty of the fused position, mm. */
  uncertainty: number
  /** Measurements fused into the position (absent where no filter ran, e.g. a single photo). */
  frames?: number
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

type Fused = { x: number; y: number; facing: number; uncertainty: number; frames: number; spreadMm: number }

/** One object's window (a ring of measurements, allocated once per object) and its pending move. */
type Track = {
  id: string
  kind: ObjectKind
  z: number
  lastSeenMs: number
  markers: number[]
  /** Ring: x, y, facing (unwrapped near the first of the window), σ, its shared part, time, from a sharp frame (1) or not. */
  xs: Float64Array; ys: Float64Array; fs: Float64Array; us: Float64Array; ss: Float64Array; ts: Float64Array; sharp: Uint8Array
  head: number
  count: number
  /** Measurements away from the fused pose, newest last. */
  px: Float64Array; py: Float64Array; pf: Float64Array; pu: Float64Array; pss: Float64Array; pt: Float64Array; ps: Uint8Array
  pending: number
  fused: Fused
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
    if (this.params.confirmFrames < 1) this.params.confirmFrames = 1
  }

  /**
   * Feed one frame's result taken at `timeMs`. Only table-frame poses count (camera-frame fallbacks
   * do not mix in), and only as the frame's quality allows (file header). Returns every object ever
   * seen, including stale ones.
   */
  update(result: Pick<TrackFrameResult, 'objects'> & { quality?: Pick<FrameQuality, 'verdict'> }, timeMs: number): TrackedObject[] {
    this.lastTimeMs = timeMs
    const verdict = result.quality?.verdict ?? 'sharp'
    if (verdict !== 'blurred') {
      for (const o of result.objects) {
        // A doubted pose is never a fact: it is reported (the app shows it as a ghost with its
        // reasons) but never fused into a placed model.
        if (o.frame !== 'table' || o.status === 'doubted') continue
        this.ingest(o, timeMs, verdict === 'sharp')
      }
    }
    return this.snapshot(timeMs)
  }

  private ingest(o: ObjectPose, timeMs: number, sharp: boolean): void {
    const key = `${o.kind}:${o.id}`
    const p = this.params
    const u = o.uncertainty ?? 0
    const shared = Math.min(u, o.sharedUncertainty ?? 0)
    let t = this.tracks.get(key)
    if (!t) {
      if (!sharp) return
      const n = p.historyFrames, m = p.confirmFrames
      t = {
        id: o.id, kind: o.kind, z: o.z, lastSeenMs: timeMs, markers: o.markers,
        xs: new Float64Array(n), ys: new Float64Array(n), fs: new Float64Array(n), us: new Float64Array(n), ss: new Float64Array(n), ts: new Float64Array(n), sharp: new Uint8Array(n), head: 0, count: 0,
        px: new Float64Array(m), py: new Float64Array(m), pf: new Float64Array(m), pu: new Float64Array(m), pss: new Float64Array(m), pt: new Float64Array(m), ps: new Uint8Array(m), pending: 0,
        fused: { x: o.position[0], y: o.position[1], facing: o.facing, uncertainty: u, frames: 0, spreadMm: 0 },
        settled: { x: o.position[0], y: o.position[1], facing: o.facing },
      }
      this.tracks.set(key, t)
      this.push(t, o.position[0], o.position[1], o.facing, u, shared, timeMs, sharp)
      return
    }
    t.lastSeenMs = timeMs
    t.markers = o.markers
    t.z = o.z
    const f = t.fused
    const [x, y] = o.position
    if (this.sameSpot(x, y, o.facing, u, f.x, f.y, f.facing, f.uncertainty)) {
      t.pending = 0
      this.push(t, x, y, o.facing, u, shared, timeMs, sharp)
      return
    }
    // Away from the fused pose: held; a run of agreeing ones is a move.
    const last = t.pending - 1
    if (last >= 0 && !this.sameSpot(x, y, o.facing, u, t.px[last]!, t.py[last]!, t.pf[last]!, t.pu[last]!)) t.pending = 0
    const k = t.pending++
    t.px[k] = x; t.py[k] = y; t.pf[k] = o.facing; t.pu[k] = u; t.pss[k] = shared; t.pt[k] = timeMs; t.ps[k] = sharp ? 1 : 0
    if (t.pending < p.confirmFrames) return
    // Moved: the window restarts from the confirming measurements alone.
    t.count = 0
    t.head = 0
    const n = t.pending
    t.pending = 0
    for (let i = 0; i < n; i++) this.push(t, t.px[i]!, t.py[i]!, t.pf[i]!, t.pu[i]!, t.pss[i]!, t.pt[i]!, t.ps[i] === 1)
  }

  /** Two poses (radial 1σ each) are the same spot by the move test. */
  private sameSpot(x: number, y: number, facing: number, u: number, fx: number, fy: number, ff: number, fu: number): boolean {
    const p = this.params
    const limit = Math.max(p.moveMinMm, p.moveSigmas * Math.sqrt(u * u + fu * fu))
    return Math.hypot(x - fx, y - fy) <= limit && Math.abs(wrap(facing - ff)) <= p.moveDeg
  }

  private push(t: Track, x: number, y: number, facing: number, u: number, shared: number, timeMs: number, sharp: boolean): void {
    const n = t.xs.length
    const ref = t.count > 0 ? t.fused.facing : facing
    t.xs[t.head] = x; t.ys[t.head] = y; t.fs[t.head] = unwrapNear(facing, ref); t.us[t.head] = u; t.ss[t.head] = shared; t.ts[t.head] = timeMs; t.sharp[t.head] = sharp ? 1 : 0
    t.head = (t.head + 1) % n
    if (t.count < n) t.count++
    this.fuse(t, n, t.fused)
  }

  /** Fuse the newest `limit` measurements of the window into `target` (file header). */
  private fuse(t: Track, limit: number, target: Fused): Fused {
    const p = this.params
    const n = t.xs.length
    const newest = (t.head - 1 + n) % n
    const since = t.ts[newest]! - p.windowMs
    const last = Math.min(limit, t.count)
    let window = 0, sharp = 0
    for (; window < last; window++) {
      const j = (newest - window + n) % n
      if (t.ts[j]! < since) break
      sharp += t.sharp[j]!
    }
    const sharpOnly = sharp >= p.sharpFirst
    let sw = 0, sx = 0, sy = 0, ssin = 0, scos = 0, sshared = 0, m = 0
    for (let i = 0; i < window; i++) {
      const j = (newest - i + n) % n
      if (sharpOnly && !t.sharp[j]) continue
      const s = Math.max(p.minSigmaMm, t.us[j]!)
      const w = 1 / (s * s)
      sw += w; sx += w * t.xs[j]!; sy += w * t.ys[j]!; sshared += w * t.ss[j]! * t.ss[j]!
      ssin += w * Math.sin(t.fs[j]! * DEG); scos += w * Math.cos(t.fs[j]! * DEG)
      m++
    }
    const x = sx / sw, y = sy / sw
    let chi2 = 0, ss = 0
    for (let i = 0; i < window; i++) {
      const j = (newest - i + n) % n
      if (sharpOnly && !t.sharp[j]) continue
      const s = Math.max(p.minSigmaMm, t.us[j]!)
      const d2 = (t.xs[j]! - x) ** 2 + (t.ys[j]! - y) ** 2
      chi2 += d2 / (s * s)
      ss += d2
    }
    const c = p.correlatedShare
    const scale = Math.max(1, m > 1 ? chi2 / (m - 1) : 1, c * c * m)
    target.x = x
    target.y = y
    target.facing = Math.atan2(ssin, scos) / DEG
    target.uncertainty = Math.sqrt(scale / sw + sshared / sw + p.systematicMm * p.systematicMm)
    target.frames = m
    target.spreadMm = Math.sqrt(ss / m)
    return target
  }

  /** Current state of every object ever seen. */
  snapshot(timeMs = this.lastTimeMs): TrackedObject[] {
    const out: TrackedObject[] = []
    for (const t of this.tracks.values()) {
      const f = t.fused
      const facing = wrap(f.facing)
      const movedByMm = Math.hypot(f.x - t.settled.x, f.y - t.settled.y)
      const turned = Math.abs(wrap(facing - t.settled.facing))
      const state: TrackedState = timeMs - t.lastSeenMs > this.params.staleMs ? 'stale' : t.pending > 0 ? 'held' : 'tracking'
      out.push({
        id: t.id, kind: t.kind, position: [f.x, f.y], z: t.z, facing, state, lastSeenMs: t.lastSeenMs,
        moved: movedByMm > this.params.movedMm || turned > this.params.movedDeg,
        movedByMm, uncertainty: f.uncertainty, frames: f.frames, markers: t.markers,
      })
    }
    return out
  }

  /**
   * The fusion of each object's last `frames` measurements (default: the whole window) with its
   * 1-sigma uncertainty in mm (file header). Freezing also settles the objects: `moved` is measured
   * from these poses afterwards.
   */
  freeze(frames = this.params.historyFrames): FrozenPose[] {
    const out: FrozenPose[] = []
    const f: Fused = { x: 0, y: 0, facing: 0, uncertainty: 0, frames: 0, spreadMm: 0 }
    for (const t of this.tracks.values()) {
      if (t.count === 0) continue
      this.fuse(t, Math.max(1, frames), f)
      const facing = wrap(f.facing)
      out.push({
        id: t.id, kind: t.kind, position: [f.x, f.y], z: t.z, facing, uncertainty: f.uncertainty, frames: f.frames,
        spreadMm: f.spreadMm, stale: this.lastTimeMs - t.lastSeenMs > this.params.staleMs,
      })
      t.settled = { x: f.x, y: f.y, facing }
    }
    return out
  }

  /** Take the current poses as the new reference for `moved` without averaging. */
  settle(): void {
    for (const t of this.tracks.values()) t.settled = { x: t.fused.x, y: t.fused.y, facing: wrap(t.fused.facing) }
  }

  /** Forget an object (e.g. removed from the game). */
  forget(kind: ObjectKind, id: string): void {
    this.tracks.delete(`${kind}:${id}`)
  }
}
