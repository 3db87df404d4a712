// The plain data of base tracking (issue 34) that crosses the worker boundary and reaches the CLI and
// the app: what a frame found of the models that carry no marker. Structured-cloneable, no classes.
// Units: table frame, mm and degrees CCW from +x.
import type { BaseShape } from '../../engine/index.ts'

/** Why a base is the model it is said to be (additive to ObjectPose as `identity`). */
export type BaseIdentityEvidence = {
  by: 'tap' | 'saved-position' | 'still' | 'moved' | 'elimination' | 'appearance'
  text: string
  distanceMm?: number
  allowanceMm?: number
  appearance?: number
  runnerUp?: { id: string; appearance: number }
  candidates?: string[]
}

/** A base found whose model is not known: asked ("Which model is this?"). */
export type UnidentifiedBase = {
  /** Its name until answered ("base 3"), stable while it stays in view. */
  label: string
  /** baseKey of the base's shape and size. */
  key: string
  shape: BaseShape
  position: [number, number]
  /** 1σ position uncertainty, mm. */
  uncertainty: number
  /** Share of its rim seen. */
  rimSeen: number
  /** The models it could be. */
  candidates: string[]
  reasons: string[]
}

/** What base tracking made of one frame (TrackFrameResult.bases). */
export type BaseFrameReport = {
  /** The whole table in view was searched this frame (not only the known bases re-fitted). */
  searched: boolean
  /** Bases found whose model is not known. */
  unidentified: UnidentifiedBase[]
  /** Models on bases never found since tracking started (the list of models not yet seen). */
  notSeen: string[]
  /** Base fits made, and the CPU time base tracking took in this frame, ms. */
  fits: number
  ms: number
}

/** A base's height when the table's scene gives none, mm (bases are 3–5 mm): base tracking's and the marked models' rims'. */
export const DEFAULT_TRACKED_BASE_HEIGHT_MM = 4

/** A model tracked by its base, as the tracker is told of it (TrackingRequest 'init' / FrameTracker options). */
export type BaseTrackedModel = {
  id: string
  base: BaseShape
  /** Height of the base, mm (default 4: bases are 3–5 mm). */
  baseHeightMm?: number
  /** The most it moves between two turns, mm (its game's move allowance, run or charge included). */
  allowanceMm: number
  /** Where the table's saved positions put it (its previous position), or null/absent. */
  previous?: { position: [number, number]; facing: number } | null
}

export type BaseTrackingSetup = {
  models: BaseTrackedModel[]
  /** The table's size, mm (bases are looked for on it). */
  table: { widthMm: number; depthMm: number }
  /**
   * The models that carry a marker, with their bases: no base is looked for inside theirs (what is
   * found there is its figure or its tab), and a base found on one is that model's. Absent: only
   * 12 mm round a marked model is kept clear.
   */
  marked?: Array<{
    id: string
    base: BaseShape
    /**
     * Where the table's saved positions put it: while its marker goes unread (turned away, too small,
     * under a hand) its base and its tabs are kept clear there, and its figure stands there, until the
     * marker is read (then where it was last read).
     */
    previous?: { position: [number, number]; facing: number } | null
    /** Its markers' squares (the registry's offset [forward, left] from its base's centre, and size), mm. */
    tabs?: Array<{ offset: [number, number]; sizeMm: number }>
  }>
  /** Where no base stands (the table markers' paper), circles on the table, mm. */
  keepOut?: Array<{ x: number; y: number; r: number }>
  /** Terrain pieces (footprint, top above the table, mm): a base stands on the table beside them or on their top. */
  terrain?: Array<{ footprint: Array<[number, number]>; top: number }>
  /** The frames are separate photos, not a video: a base counts in the photo it is found in (no confirmation over frames). */
  photos?: boolean
}
