// Moves the camera sees (issue 33): when a tracked model leaves the place the game has it at and
// comes to rest elsewhere, that is a move to measure. A hand over the table marks it: the model held
// by a hand (the hands tracker's HandTrackingGate) has started a move, and the move ends once the hand
// has left and the model is still again. Without the hands tracker, the model's own change of place
// starts it and its rest ends it. A model counts as moved only when its rest is off the game's place
// by more than the measurement can explain: the two positions' σ combined (each along a line, as the
// scene carries it) times 3.44, the radius a 2-D error passes as rarely as one axis passes 3σ (0.27 %;
// never under `minMoveMm`) — a model nudged by a millimetre, or a pose's jitter, is not a move. A change of the
// game's place with the model standing still (an undo) is no move either: the rewind's ghosts say
// where to put it. Pure and clocked by the caller (ms), at human pace (the tracked scene's updates).

/** √(−2 ln 0.0027): a 2-D Gaussian error of per-axis σ is beyond this many σ from its centre 0.27 % of the time. */
const RADIUS_3SIGMA = Math.sqrt(-2 * Math.log(0.0027))

export type WatchedModel = { id: string; position: readonly [number, number]; facing: number; sigmaMm: number }

/** Where the game has a model, and how sure that place is (1-sigma, mm). */
export type GamePlace = { position: readonly [number, number]; sigmaMm: number }

export type MoveSeen = {
  model: string
  from: [number, number]
  to: [number, number]
  facing: number
  /** 1-sigma of the end position (the tracker's), mm. */
  sigmaMm: number
  distanceMm: number
  /** What marked the start: a hand over the model, or its change of place. */
  markedBy: 'hand' | 'position'
}

export type MoveWatcherParams = {
  /** A model still this long (after any hand has left it) has come to rest, ms. */
  settleMs: number
  /** Changes smaller than this are the pose's jitter, not motion, mm. */
  jitterMm: number
  /** The least move counted, mm, whatever the sigmas. */
  minMoveMm: number
}

export const DEFAULT_MOVE_WATCH: MoveWatcherParams = { settleMs: 1000, jitterMm: 1, minMoveMm: 3 }

type Watch = { phase: 'still' | 'held' | 'moving'; last: [number, number]; lastChangeMs: number; markedBy: 'hand' | 'position' }

export class MoveWatcher {
  private readonly params: MoveWatcherParams
  private readonly watches = new Map<string, Watch>()

  constructor(params: Partial<MoveWatcherParams> = {}) {
    this.params = { ...DEFAULT_MOVE_WATCH, ...params }
  }

  /** Models in the middle of a move (a hand on them, or not yet at rest). */
  moving(): string[] {
    return [...this.watches.entries()].filter(([, w]) => w.phase !== 'still').map(([id]) => id)
  }

  /**
   * One look at the table: the tracked models (placed, not stale), the models a hand holds, and the
   * game's places. Returns the moves that ended now.
   */
  update(nowMs: number, models: readonly WatchedModel[], held: ReadonlySet<string>, places: ReadonlyMap<string, GamePlace>): MoveSeen[] {
    const out: MoveSeen[] = []
    for (const m of models) {
      const place = places.get(m.id)
      if (!place) continue
      let w = this.watches.get(m.id)
      if (!w) {
        w = { phase: 'still', last: [m.position[0], m.position[1]], lastChangeMs: nowMs, markedBy: 'position' }
        this.watches.set(m.id, w)
      }
      if (held.has(m.id)) {
        w.phase = 'held'
        w.markedBy = 'hand'
        w.lastChangeMs = nowMs
        continue
      }
      if (w.phase === 'held') {
        // The hand has left: the move ends once the model is at rest.
        w.phase = 'moving'
        w.lastChangeMs = nowMs
      }
      if (Math.hypot(m.position[0] - w.last[0], m.position[1] - w.last[1]) > this.params.jitterMm) {
        w.last = [m.position[0], m.position[1]]
        w.lastChangeMs = nowMs
        if (w.phase === 'still') {
          w.phase = 'moving'
          w.markedBy = 'position'
        }
      }
      if (w.phase === 'moving' && nowMs - w.lastChangeMs >= this.params.settleMs) {
        w.phase = 'still'
        const seen = this.measure(m, place, w.markedBy)
        if (seen) out.push(seen)
      }
    }
    return out
  }

  /** End every move in progress now (before a ruling): the models are where they are. Held ones stay held. */
  flush(models: readonly WatchedModel[], places: ReadonlyMap<string, GamePlace>): MoveSeen[] {
    const out: MoveSeen[] = []
    for (const m of models) {
      const w = this.watches.get(m.id)
      const place = places.get(m.id)
      if (!w || w.phase !== 'moving' || !place) continue
      w.phase = 'still'
      const seen = this.measure(m, place, w.markedBy)
      if (seen) out.push(seen)
    }
    return out
  }

  private measure(m: WatchedModel, place: GamePlace, markedBy: 'hand' | 'position'): MoveSeen | null {
    const d = Math.hypot(m.position[0] - place.position[0], m.position[1] - place.position[1])
    const threshold = Math.max(this.params.minMoveMm, RADIUS_3SIGMA * Math.hypot(m.sigmaMm, place.sigmaMm))
    if (d <= threshold) return null
    return { model: m.id, from: [place.position[0], place.position[1]], to: [m.position[0], m.position[1]], facing: m.facing, sigmaMm: m.sigmaMm, distanceMm: d, markedBy }
  }
}
