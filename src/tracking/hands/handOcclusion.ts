// Hands over tracked models. A model whose markers lie under or next to a hand is *held*: its pose
// is not updated, it is not dropped and not reported lost. If it leaves its spot while the hand is
// near, it is *moving*. When the hand has left, the model *settles*: it must be seen still for a
// moment before it counts as placed again (at its new spot) and before a ruling may use it.
// `cleanFrames` counts the frames since then, so a freeze can average only frames without a hand.
// Plain data in (hand outlines on the table, the tracker's poses), per-model states out; time is a
// number (ms), never a clock. Per hand frame: states are kept in a map created once per model.
import { type Hull, distanceToHull } from './handHull.ts'

export type OcclusionParams = {
  /** A marker within this of a hand's landmark outline counts as under/next to it, mm (covers half a finger's width and a margin). */
  nearMm: number
  /** The hand must have been away this long before a model settles, ms. */
  releaseMs: number
  /** Further than this from the pose at the hand's arrival → moving, mm. */
  movedMm: number
  /** Settled when seen within `stillMm` of one spot for `stillMs`. */
  stillMm: number
  stillMs: number
}

export const DEFAULT_OCCLUSION_PARAMS: OcclusionParams = { nearMm: 25, releaseMs: 300, movedMm: 5, stillMm: 3, stillMs: 500 }

export type OcclusionState = 'free' | 'held' | 'moving' | 'settling'

/** A tracked object as the occlusion logic needs it. */
export type OccludableObject = {
  id: string
  /** Current (filtered) pose, table mm / degrees. */
  position: readonly [number, number]
  facing: number
  /** Measured in this frame (its markers were detected). */
  seen: boolean
  /** Radius around `position` that holds its base and its markers, mm (markerReachMm). */
  reachMm: number
}

export type ModelOcclusion = {
  id: string
  state: OcclusionState
  /** The pose to show while not free: where it was when the hand arrived. */
  heldPosition: [number, number]
  heldFacing: number
  /** It left that spot under the hand (stays true while settling at the new spot). */
  moved: boolean
  /** Frames seen since it was last free of any hand (what a freeze may average). */
  cleanFrames: number
  lastHandMs: number
  /** Where it is being watched to come to rest (settling). */
  restPosition: [number, number]
  restSinceMs: number
}

export class HandOcclusion {
  readonly params: OcclusionParams
  private readonly models = new Map<string, ModelOcclusion>()

  constructor(params: Partial<OcclusionParams> = {}) {
    this.params = { ...DEFAULT_OCCLUSION_PARAMS, ...params }
  }

  /**
   * One frame: the hands' outlines on the table (`hulls`, first `hullCount`) and the tracked objects.
   * A frame without hands is `hullCount` 0. Returns the number of models not free.
   */
  update(hulls: readonly Hull[], hullCount: number, objects: readonly OccludableObject[], timeMs: number): number {
    const p = this.params
    let notFree = 0
    for (const o of objects) {
      let m = this.models.get(o.id)
      if (!m) {
        m = { id: o.id, state: 'free', heldPosition: [o.position[0], o.position[1]], heldFacing: o.facing, moved: false, cleanFrames: 0, lastHandMs: -Infinity, restPosition: [o.position[0], o.position[1]], restSinceMs: timeMs }
        this.models.set(o.id, m)
      }
      let near = false
      for (let h = 0; h < hullCount && !near; h++) near = distanceToHull(hulls[h]!, o.position[0], o.position[1]) <= o.reachMm + p.nearMm
      // While held, the shown pose stays where the hand found it; test the hand against that spot too.
      if (!near && m.state !== 'free') for (let h = 0; h < hullCount && !near; h++) near = distanceToHull(hulls[h]!, m.heldPosition[0], m.heldPosition[1]) <= o.reachMm + p.nearMm
      if (near) {
        if (m.state === 'free') {
          m.state = 'held'
          m.heldPosition[0] = o.position[0]
          m.heldPosition[1] = o.position[1]
          m.heldFacing = o.facing
          m.moved = false
        } else if (m.state === 'settling') {
          m.state = m.moved ? 'moving' : 'held'
        }
        m.lastHandMs = timeMs
        m.cleanFrames = 0
        if (o.seen && Math.hypot(o.position[0] - m.heldPosition[0], o.position[1] - m.heldPosition[1]) > p.movedMm) {
          m.state = 'moving'
          m.moved = true
        }
      } else if (m.state === 'held' || m.state === 'moving') {
        if (timeMs - m.lastHandMs >= p.releaseMs) {
          m.state = 'settling'
          m.restPosition[0] = o.position[0]
          m.restPosition[1] = o.position[1]
          m.restSinceMs = timeMs
          m.cleanFrames = 0
        }
      }
      if (m.state === 'settling' && o.seen) {
        m.cleanFrames++
        // Seen away from where the hand found it: it was carried (the hand may have hidden it all along).
        if (Math.hypot(o.position[0] - m.heldPosition[0], o.position[1] - m.heldPosition[1]) > p.movedMm) m.moved = true
        if (Math.hypot(o.position[0] - m.restPosition[0], o.position[1] - m.restPosition[1]) > p.stillMm) {
          m.restPosition[0] = o.position[0]
          m.restPosition[1] = o.position[1]
          m.restSinceMs = timeMs
        } else if (timeMs - m.restSinceMs >= p.stillMs) {
          m.state = 'free'
        }
      } else if (m.state === 'free' && o.seen) {
        m.cleanFrames++
      }
      if (m.state !== 'free') notFree++
    }
    return notFree
  }

  get(id: string): ModelOcclusion | undefined {
    return this.models.get(id)
  }

  /** Every model's occlusion state (one entry per model ever seen). */
  all(): IterableIterator<ModelOcclusion> {
    return this.models.values()
  }

  /** Moving: left its spot under a hand and not yet at rest again. */
  isMoving(id: string): boolean {
    const m = this.models.get(id)
    return m !== undefined && (m.state === 'moving' || (m.state === 'settling' && m.moved))
  }

  /** How many models are held, moving or settling. */
  holdingCount(): number {
    let n = 0
    for (const m of this.models.values()) if (m.state !== 'free') n++
    return n
  }

  /** A ruling may use these models now: every one is free of hands and at rest (unknown ids do not block). */
  canRule(ids: Iterable<string>): boolean {
    for (const id of ids) {
      const m = this.models.get(id)
      if (m && m.state !== 'free') return false
    }
    return true
  }

  /**
   * How many of the latest frames a freeze may average for these models without reaching back to a
   * frame with a hand near any of them (0 = not now). Capped at `max`.
   */
  cleanFramesFor(ids: Iterable<string>, max: number): number {
    let n = max
    for (const id of ids) {
      const m = this.models.get(id)
      if (!m) continue
      if (m.state !== 'free') return 0
      n = Math.min(n, m.cleanFrames)
    }
    return n
  }

  forget(id: string): void {
    this.models.delete(id)
  }
}
