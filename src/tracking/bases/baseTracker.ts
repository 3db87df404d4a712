// Base tracking for one camera (issue 34): after the marker tracker has locked the table in a frame,
// the models that carry no marker are found by their bases (findBases), each base's look is read
// (describeAppearance), and each base is given its model (identifyBases). Every frame re-fits the
// bases already known where they stood (cheap); the whole table in view is searched on the first
// locked frame, then every `searchEveryMs`, and sooner while a model is missing or not seen yet.
// Identified bases come out as ObjectPoses (`source: 'base'`, their identity's evidence), so the
// worker fuses them over frames as it fuses marker-tracked models; unknown ones as questions.
import type { OpenCvHandle } from '../opencv/openCv.ts'
import { type BaseShape, polygonContains } from '../../engine/index.ts'
import type { MarkerCorners, ObjectPose, RgbaFrame, TrackFrameResult } from '../types.ts'
import { applyHomography } from '../math/homography.ts'
import { undistortPixel } from '../math/camera.ts'
import { baseKey, halfSizes } from './baseOutline.ts'
import { DEFAULT_TRACKED_BASE_HEIGHT_MM, type BaseFrameReport, type BaseTrackingSetup, type UnidentifiedBase } from './baseTypes.ts'
import { APPEARANCE_LENGTH, describeAppearance } from './describeAppearance.ts'
import { type BaseClass, type FindBasesParams, type TrackedStart, BaseFinder } from './findBases.ts'
import { paletteBin } from './fitBase.ts'
import { type IdentifiedBase, type IdentityParams, type SeenBase, BaseIdentities } from './identifyBases.ts'
import { sampleColour } from './measureEdge.ts'
import { type LockedTable, type TableProjector, projectTablePoint, tableProjector } from './tableProjector.ts'

export type BaseTrackerParams = {
  find: Partial<FindBasesParams>
  identity: Partial<IdentityParams>
  /** The whole view is searched at least this often, ms … */
  searchEveryMs: number
  /** … and this often while a model is missing or not seen yet. */
  searchMissingEveryMs: number
  /** A base seen in the last frame is re-fitted within this, mm; one known only from the saved positions within this. */
  trackedReachMm: number
  savedReachMm: number
  /** The height of a base when the army does not say, mm. */
  defaultBaseHeightMm: number
  /**
   * A base where no model was known must be found again in this many frames in a row, over at least
   * `confirmMs`, before it counts (a hand's fingertip or a passing sleeve looks like a rim for a frame;
   * a base stays). 1: at once (single photos).
   */
  confirmFrames: number
  confirmMs: number
}

export const DEFAULT_BASE_TRACKER_PARAMS: BaseTrackerParams = {
  find: {},
  identity: {},
  searchEveryMs: 1500,
  searchMissingEveryMs: 500,
  trackedReachMm: 2,
  savedReachMm: 6,
  defaultBaseHeightMm: DEFAULT_TRACKED_BASE_HEIGHT_MM,
  confirmFrames: 3,
  confirmMs: 500,
}

export type BaseTrackResult = { report: BaseFrameReport; objects: ObjectPose[]; bases: IdentifiedBase[] }

export class BaseTracker {
  readonly params: BaseTrackerParams
  private readonly finder: BaseFinder
  private identities: BaseIdentities
  private classes: BaseClass[]
  private setup: BaseTrackingSetup
  private lastSearchMs = Number.NEGATIVE_INFINITY
  /** Where each marker-tracked model last stood: read this session, or from the saved positions (markedOnTable keeps it clear while its marker goes unread). */
  private markedAt = new Map<string, { id: string; position: [number, number]; facing: number }>()
  /** Bases found where no model was known, not yet confirmed (confirmFrames). */
  private pending: Array<{ key: string; x: number; y: number; facingDeg: number; hits: number; firstMs: number; nearEdge: 'bottom' | 'top' }> = []
  /** Per model, the edge its base showed on the camera's side when last seen well (re-fitted so). */
  private readonly nearEdges = new Map<string, 'bottom' | 'top'>()
  private readonly look = new Float64Array(APPEARANCE_LENGTH)

  constructor(handle: OpenCvHandle, setup: BaseTrackingSetup, params: Partial<BaseTrackerParams> = {}) {
    this.params = { ...DEFAULT_BASE_TRACKER_PARAMS, ...params }
    this.finder = new BaseFinder(handle, this.params.find)
    this.setup = setup
    this.classes = classesOf(setup, this.params.defaultBaseHeightMm)
    this.identities = identitiesOf(setup, this.params.identity)
    this.markedAt = markedAtOf(setup)
  }

  /** Another army or table (the player added a model): identities start again from the saved positions. */
  setSetup(setup: BaseTrackingSetup): void {
    this.setup = setup
    this.classes = classesOf(setup, this.params.defaultBaseHeightMm)
    this.identities = identitiesOf(setup, this.params.identity)
    this.markedAt = markedAtOf(setup)
    this.lastSearchMs = Number.NEGATIVE_INFINITY
    this.pending = []
  }

  /** The player's answer to "Which model is this?" for the base `label`. */
  teach(modelId: string, label: string): boolean {
    return this.identities.teach(modelId, { label })
  }

  /** Forget where things were seen (identities restart from the saved positions). */
  reset(): void {
    this.identities = identitiesOf(this.setup, this.params.identity)
    this.markedAt = markedAtOf(this.setup)
    this.lastSearchMs = Number.NEGATIVE_INFINITY
    this.pending = []
  }

  /**
   * Find and identify the bases in `frame`, whose markers gave `result` (its table lock, its
   * marker-tracked models). Without a lock: nothing (bases are found on the locked table only).
   */
  track(frame: RgbaFrame, result: Pick<TrackFrameResult, 'table' | 'objects'> & Partial<Pick<TrackFrameResult, 'detections'>>, timeMs: number): BaseTrackResult {
    const started = performance.now()
    const lock = result.table
    const empty = { report: { searched: false, unidentified: [], notSeen: this.identities.notSeen(), fits: 0, ms: 0 }, objects: [], bases: [] }
    if (!lock.locked || this.classes.length === 0) return empty
    const p = this.params
    const proj = tableProjector(lock)
    const known = this.identities.known()
    const missing = known.some((k) => k.lifted) || this.identities.notSeen().length > 0
    const search = timeMs - this.lastSearchMs >= (missing ? p.searchMissingEveryMs : p.searchEveryMs)
    if (search) this.lastSearchMs = timeMs
    const knownStarts: TrackedStart[] = [
      ...known.filter((k) => !k.lifted).map((k) => ({ key: k.key, x: k.x, y: k.y, facingDeg: k.facingDeg, reachMm: k.seen ? p.trackedReachMm : p.savedReachMm, nearEdge: this.nearEdges.get(k.id) })),
      ...this.identities.unidentified().map((a) => ({ key: a.key, x: a.x, y: a.y, facingDeg: 0, reachMm: p.trackedReachMm })),
    ]
    const tracked: TrackedStart[] = [...knownStarts, ...this.pending.map((c) => ({ key: c.key, x: c.x, y: c.y, facingDeg: c.facingDeg, reachMm: p.trackedReachMm, nearEdge: c.nearEdge, pending: true }))]
    const markerModels = result.objects.filter((o) => o.kind === 'model' && o.frame === 'table' && o.source !== 'base')
    for (const o of markerModels) this.markedAt.set(o.id, { id: o.id, position: [o.position[0], o.position[1]], facing: o.facing })
    // No base where a marker lies (its black square and white margin make a fine outline) or on a
    // marker-tracked model (markedOnTable), whose figure rises as a found base's does. One whose marker
    // goes unread stands where it was last read, or where the saved positions put it.
    const unread = [...this.markedAt.values()].filter((m) => !markerModels.some((o) => o.id === m.id))
    const onMarked = markedOnTable([...markerModels, ...unread], this.setup.marked, p.defaultBaseHeightMm)
    const exclude = [
      ...onMarked.clear,
      ...(this.setup.keepOut ?? []),
      ...(result.detections ?? []).flatMap((d) => markerOnTable(lock, d.corners)),
    ]
    const standing = onMarked.standing
    const terrain = this.setup.terrain ?? []
    const found = this.finder.find(frame, lock, {
      classes: this.classes, table: { x0: 0, y0: 0, x1: this.setup.table.widthMm, y1: this.setup.table.depthMm }, tracked, search, exclude, standing,
      obstacles: terrain.map((t) => t.footprint),
      surfaceHeightAt: (x, y) => terrain.reduce((z, t) => (t.top > z && polygonContains(t.footprint, x, y) ? t.top : z), 0),
    })
    // New bases (found by the search, or still pending) count once confirmed; known places at once.
    const nearKnown = (x: number, y: number) => known.some((k) => Math.hypot(k.x - x, k.y - y) < 3) || this.identities.unidentified().some((a) => Math.hypot(a.x - x, a.y - y) < 3)
    const next: typeof this.pending = []
    const confirmed = found.observations.filter((o) => {
      if ((o.from === 'tracked' && o.trackedIndex < knownStarts.length) || nearKnown(o.x, o.y) || p.confirmFrames <= 1 || this.setup.photos === true) return true
      const was = this.pending.find((c) => c.key === o.key && Math.hypot(c.x - o.x, c.y - o.y) < 3)
      const entry = was ? { ...was, x: o.x, y: o.y, facingDeg: o.facingDeg, hits: was.hits + 1, nearEdge: o.nearEdge } : { key: o.key, x: o.x, y: o.y, facingDeg: o.facingDeg, hits: 1, firstMs: timeMs, nearEdge: o.nearEdge }
      if (entry.hits >= p.confirmFrames && timeMs - entry.firstMs >= p.confirmMs) return true
      if (!next.some((c) => Math.hypot(c.x - entry.x, c.y - entry.y) < 3)) next.push(entry)
      return false
    })
    this.pending = next
    const seen: SeenBase[] = confirmed.map((o) => {
      const share = describeAppearance(frame, proj, o.shape, o.x, o.y, o.z, o.heightMm, this.look)
      return { ...o, appearance: Float64Array.from(this.look), appearanceSeen: share }
    })
    const palette = this.finder.palette
    const bases = this.identities.update({
      bases: seen,
      spot: (x, y, key) => spotState(frame, proj, lock, palette, this.classes.find((c) => c.key === key), x, y),
      markerModels: markerModels.map((o, i) => ({ id: o.id, x: o.position[0], y: o.position[1], reachMm: Math.max(15, onMarked.clear[i]!.r) })),
    })
    const objects: ObjectPose[] = []
    const unidentified: UnidentifiedBase[] = []
    for (const b of bases) {
      if (b.modelId === null) {
        unidentified.push({ label: b.label, key: b.key, shape: b.shape, position: [b.x, b.y], uncertainty: b.sigmaMm, rimSeen: b.rimSeen, candidates: b.candidates, reasons: b.reasons })
        continue
      }
      if (b.status === 'ok') this.nearEdges.set(b.modelId, b.nearEdge)
      objects.push({
        id: b.modelId, kind: 'model', frame: 'table', position: [b.x, b.y], z: b.z, facing: b.reportedFacingDeg,
        uncertainty: b.sigmaMm, sharedUncertainty: Math.min(b.sigmaMm, this.finder.params.edgeBiasPx / Math.max(0.05, b.pxPerMm)),
        markers: [], residualMm: b.edgeSigmaPx / Math.max(0.05, b.pxPerMm),
        status: b.identityStatus === 'ok' ? 'ok' : 'doubted', reasons: b.reasons, source: 'base', ...(b.evidence ? { identity: b.evidence } : {}),
      })
    }
    return {
      report: { searched: found.searched, unidentified, notSeen: this.identities.notSeen(), fits: found.fits, ms: performance.now() - started },
      objects,
      bases,
    }
  }

  dispose(): void {
    this.finder.dispose()
  }
}

/**
 * The marker-tracked models as the base search sees them, in their order: round each, the circle where
 * no other base's centre can lie (its base's inscribed circle, 12 mm when the set-up gives no base);
 * its tabs' paper where the set-up gives them (no base's centre within half its side of the paper's centre:
 * a base beside the tab stays), and
 * each whose base is given as a base with a figure standing on it (BaseSearchRequest.standing).
 */
export function markedOnTable(models: ReadonlyArray<Pick<ObjectPose, 'id' | 'position' | 'facing'>>, marked: BaseTrackingSetup['marked'], heightMm: number): {
  clear: Array<{ x: number; y: number; r: number }>
  standing: Array<{ x: number; y: number; shape: BaseShape; heightMm: number }>
} {
  const clear: Array<{ x: number; y: number; r: number }> = [], standing: Array<{ x: number; y: number; shape: BaseShape; heightMm: number }> = []
  for (const o of models) {
    const m = marked?.find((k) => k.id === o.id)
    const x = o.position[0], y = o.position[1]
    const a = (o.facing * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a)
    for (const t of m?.tabs ?? []) clear.push({ x: x + c * t.offset[0] - s * t.offset[1], y: y + s * t.offset[0] + c * t.offset[1], r: (t.sizeMm / 2) * (1 + 1 / 3) })
    if (!m) { clear.push({ x, y, r: 12 }); continue }
    const h = halfSizes(m.base)
    clear.push({ x, y, r: Math.max(12, Math.min(h.forward, h.side)) })
    standing.push({ x, y, shape: m.base, heightMm })
  }
  return { clear, standing }
}

/** Where each marker-tracked model stands before its marker is read: the saved positions. */
function markedAtOf(setup: BaseTrackingSetup): Map<string, { id: string; position: [number, number]; facing: number }> {
  return new Map((setup.marked ?? []).flatMap((m) => (m.previous ? [[m.id, { id: m.id, position: [m.previous.position[0], m.previous.position[1]] as [number, number], facing: m.previous.facing }] as const] : [])))
}

function classesOf(setup: BaseTrackingSetup, defaultHeightMm: number): BaseClass[] {
  const byKey = new Map<string, BaseClass>()
  for (const m of setup.models) {
    const key = baseKey(m.base)
    if (!byKey.has(key)) byKey.set(key, { key, shape: m.base, heightMm: m.baseHeightMm ?? defaultHeightMm })
  }
  return [...byKey.values()]
}

function identitiesOf(setup: BaseTrackingSetup, params: Partial<IdentityParams>): BaseIdentities {
  return new BaseIdentities(setup.models.map((m) => ({
    id: m.id, key: baseKey(m.base), shape: m.base, allowanceMm: m.allowanceMm,
    previous: m.previous ? { x: m.previous.position[0], y: m.previous.position[1], facingDeg: m.previous.facing } : null,
  })), params)
}

/** A detected marker as a circle on the table (its square's corners lifted by the lock, grown by its white margin). */
export function markerOnTable(lock: LockedTable, corners: MarkerCorners): Array<{ x: number; y: number; r: number }> {
  let cx = 0, cy = 0
  const pts: Array<[number, number]> = []
  for (const [u, v] of corners) {
    const q = undistortPixel(lock.intrinsics, u, v)
    const t = applyHomography(lock.tableFromImage, q[0], q[1])
    pts.push(t)
    cx += t[0] / 4
    cy += t[1] / 4
  }
  const half = Math.max(...pts.map(([x, y]) => Math.hypot(x - cx, y - cy)))
  return Number.isFinite(half) && half < 200 ? [{ x: cx, y: cy, r: half * (1 + 1 / 3) + 4 }] : []
}

const _pt = new Float64Array(2), _rgb = new Float64Array(3)

/**
 * What the frame shows where a base of class `cls` would stand at (x, y): 'out' when its centre is
 * outside the frame; 'empty' when at least 80 % of a dozen points over its footprint are the mat's
 * colours (the palette of the last search); 'covered' otherwise.
 */
function spotState(frame: RgbaFrame, proj: TableProjector, lock: LockedTable, palette: Uint8Array | null, cls: BaseClass | undefined, x: number, y: number): 'empty' | 'covered' | 'out' {
  void lock
  if (!projectTablePoint(proj, x, y, 0, _pt) || _pt[0]! < 0 || _pt[1]! < 0 || _pt[0]! > frame.width - 1 || _pt[1]! > frame.height - 1) return 'out'
  if (!palette || !cls) return 'covered'
  const h = halfSizes(cls.shape)
  const r = 0.6 * Math.min(h.forward, h.side)
  let n = 0, mat = 0
  for (let k = 0; k < 13; k++) {
    const a = (k / 12) * 2 * Math.PI
    const px = k === 12 ? x : x + r * Math.cos(a), py = k === 12 ? y : y + r * Math.sin(a)
    if (!projectTablePoint(proj, px, py, 0, _pt) || !sampleColour(frame, _pt[0]!, _pt[1]!, _rgb)) continue
    n++
    if (palette[paletteBin(_rgb[0]!, _rgb[1]!, _rgb[2]!)]) mat++
  }
  return n >= 8 && mat >= 0.8 * n ? 'empty' : 'covered'
}
