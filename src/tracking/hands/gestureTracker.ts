// Hand gestures over the table, as plans: point with the index finger to highlight the nearest model
// (within a few cm of its base edge) and dwell to select it (attacker first, then target); pinch to
// measure from the fingertip's table point to a model or between two models, with an uncertainty;
// hold an open palm still to clear the selection. Each gesture can be switched off.
// Landmarks in (image px, one frame), a GestureState out (mutated in place; the caller applies it).
// Time comes in as a number (ms), never from a clock.
// Hot path: called per hand frame. Slots, cursors and scratch are allocated once; not reentrant.
import { LANDMARK, type HandObservation, landmarkX, landmarkY } from './handLandmarks.ts'
import { DEFAULT_HAND_POSE_PARAMS, type HandPose, type HandPoseParams, classifyHandPose } from './classifyHandPose.ts'
import { type HandTableLock, mapPointToTable, mmPerPxAt, parallaxMm } from './mapHandToTable.ts'

export type GestureModel = {
  id: string
  /** Base centre, table mm. */
  position: readonly [number, number]
  /** Base radius (half the longest side for ovals), mm: distances are to the base edge. */
  radiusMm: number
  /** 1-sigma position uncertainty of the model, mm. */
  uncertaintyMm: number
}

export type GestureSwitches = { point: boolean; pinch: boolean; palm: boolean }

export type GestureParams = {
  pose: HandPoseParams
  /** A pointed-at model is highlighted when the fingertip is within this of its base edge, mm. */
  highlightMm: number
  /** Dwell on the same highlighted model this long to select it, ms. */
  dwellMs: number
  /** A pinch within this of a model's base edge measures from that model, mm. */
  snapMm: number
  /** Open palm: palm centre within `palmStillMm` for `palmHoldMs` clears the selection. */
  palmStillMm: number
  palmHoldMs: number
  /** A hand (or a pose) missing for less than this is the same hand doing the same thing, ms. */
  graceMs: number
  /** Hands further apart than this (palm centres, table mm) between frames are different hands. */
  matchMm: number
  /** Landmark noise, px, 1-sigma (MediaPipe's landmarks on a still hand scatter by ~1–2 px). */
  landmarkSigmaPx: number
  /** How far a fingertip (its pad) sits above the table when it touches a base, mm (1-sigma parallax). */
  fingertipHeightMm: number
}

export const DEFAULT_GESTURE_PARAMS: GestureParams = {
  pose: DEFAULT_HAND_POSE_PARAMS,
  highlightMm: 30,
  dwellMs: 800,
  snapMm: 15,
  palmStillMm: 20,
  palmHoldMs: 600,
  graceMs: 200,
  matchMm: 150,
  landmarkSigmaPx: 1.5,
  fingertipHeightMm: 8,
}

export type HandCursor = {
  /** A hand is in this slot (seen within the grace time). */
  active: boolean
  /** The gesture in force (disabled gestures read as 'other'). */
  pose: HandPose
  /** The gesture's table point (index tip when pointing, between thumb and index tips when pinching, palm centre otherwise), mm. */
  pointMm: [number, number]
  /** The same point in the image, px (for a 2-D cursor). */
  pointPx: [number, number]
  /** 1-sigma uncertainty of pointMm (landmark noise, recent scatter, fingertip parallax), mm. */
  uncertaintyMm: number
  /** Model under the pointing finger, and how far the dwell on it has got (0..1). */
  highlightId: string | null
  dwell: number
  /** Model a pinch snapped to. */
  snapId: string | null
}

export type Measure = {
  /** A measure was taken (and not cleared); `live` while the pinch holds. */
  active: boolean
  live: boolean
  fromMm: [number, number]
  toMm: [number, number]
  fromId: string | null
  toId: string | null
  /** Gap: point↔point, point↔base edge, or base edge↔base edge (0 when touching/overlapping), mm. */
  distanceMm: number
  /** 1-sigma, mm: the ends' uncertainties in quadrature. */
  uncertaintyMm: number
}

export type GestureState = {
  cursors: HandCursor[]
  attackerId: string | null
  targetId: string | null
  /** Increments whenever attacker/target change through a gesture (the app applies them then). */
  selectionVersion: number
  /** What the last selection change was. */
  lastEvent: 'none' | 'attacker' | 'target' | 'cleared'
  measure: Measure
}

const HISTORY = 8

type Slot = {
  cursor: HandCursor
  lastSeenMs: number
  rawPose: HandPose
  poseSinceMs: number
  palmMm: [number, number]
  palmAnchorMm: [number, number]
  palmSinceMs: number
  palmFired: boolean
  dwellId: string | null
  dwellSinceMs: number
  dwellFired: boolean
  history: Float64Array
  historyCount: number
  historyIndex: number
  seenThisFrame: boolean
}

function createCursor(): HandCursor {
  return { active: false, pose: 'other', pointMm: [0, 0], pointPx: [0, 0], uncertaintyMm: 0, highlightId: null, dwell: 0, snapId: null }
}

function createSlot(): Slot {
  return {
    cursor: createCursor(), lastSeenMs: -Infinity, rawPose: 'other', poseSinceMs: 0,
    palmMm: [0, 0], palmAnchorMm: [0, 0], palmSinceMs: 0, palmFired: false,
    dwellId: null, dwellSinceMs: 0, dwellFired: false,
    history: new Float64Array(HISTORY * 2), historyCount: 0, historyIndex: 0, seenThisFrame: false,
  }
}

const _p: [number, number] = [0, 0]

/** Base-edge distance from a point to a model (0 inside the base). */
function gapToModel(m: GestureModel, x: number, y: number): number {
  return Math.max(0, Math.hypot(x - m.position[0], y - m.position[1]) - m.radiusMm)
}

function nearestModel(models: readonly GestureModel[], x: number, y: number, withinMm: number, exclude: string | null): GestureModel | null {
  let best: GestureModel | null = null
  let bestGap = withinMm
  for (const m of models) {
    if (m.id === exclude) continue
    const g = gapToModel(m, x, y)
    if (g <= bestGap) { best = m; bestGap = g }
  }
  return best
}

function findModel(models: readonly GestureModel[], id: string | null): GestureModel | null {
  if (id === null) return null
  for (const m of models) if (m.id === id) return m
  return null
}

export class GestureTracker {
  readonly params: GestureParams
  readonly switches: GestureSwitches = { point: true, pinch: true, palm: true }
  readonly state: GestureState
  private readonly slots: Slot[]
  private readonly matched: Int32Array

  constructor(params: Partial<GestureParams> = {}, maxHands = 2) {
    this.params = { ...DEFAULT_GESTURE_PARAMS, ...params }
    this.slots = Array.from({ length: maxHands }, createSlot)
    this.matched = new Int32Array(maxHands)
    this.state = {
      cursors: this.slots.map((s) => s.cursor), attackerId: null, targetId: null, selectionVersion: 0, lastEvent: 'none',
      measure: { active: false, live: false, fromMm: [0, 0], toMm: [0, 0], fromId: null, toId: null, distanceMm: 0, uncertaintyMm: 0 },
    }
  }

  setSwitches(s: Partial<GestureSwitches>): void {
    Object.assign(this.switches, s)
  }

  /** Take the app's selection as the current one (a tap in the UI changed it). */
  syncSelection(attackerId: string | null, targetId: string | null): void {
    this.state.attackerId = attackerId
    this.state.targetId = targetId
  }

  /**
   * One frame of hands (the first `count` of `hands`), mapped through `lock` onto the table, against
   * the models on it. Without a lock nothing maps to the table: cursors go inactive.
   */
  update(hands: readonly HandObservation[], count: number, lock: HandTableLock | null, models: readonly GestureModel[], timeMs: number): GestureState {
    const p = this.params
    const slots = this.slots
    for (const s of slots) s.seenThisFrame = false
    if (lock) {
      this.matched.fill(-1)
      for (let h = 0; h < Math.min(count, slots.length); h++) {
        const hand = hands[h]!
        this.palmCentreMm(lock, hand, _p)
        // The nearest live slot not yet taken; else a free slot (the longest unseen one).
        let best = -1, bestD = p.matchMm
        for (let i = 0; i < slots.length; i++) {
          const s = slots[i]!
          if (s.seenThisFrame || timeMs - s.lastSeenMs > p.graceMs) continue
          const d = Math.hypot(_p[0] - s.palmMm[0], _p[1] - s.palmMm[1])
          if (d < bestD) { best = i; bestD = d }
        }
        if (best < 0) {
          let oldest = Infinity
          for (let i = 0; i < slots.length; i++) {
            const s = slots[i]!
            if (s.seenThisFrame || timeMs - s.lastSeenMs <= p.graceMs) continue
            if (s.lastSeenMs < oldest) { oldest = s.lastSeenMs; best = i }
          }
          if (best < 0) continue
          this.resetSlot(slots[best]!)
        }
        const s = slots[best]!
        s.seenThisFrame = true
        s.palmMm[0] = _p[0]
        s.palmMm[1] = _p[1]
        this.observe(s, hand, lock, models, timeMs)
      }
    }
    for (const s of slots) {
      if (s.seenThisFrame) continue
      if (s.cursor.active && timeMs - s.lastSeenMs > p.graceMs) this.resetSlot(s)
    }
    this.updateMeasure(models)
    return this.state
  }

  private palmCentreMm(lock: HandTableLock, hand: HandObservation, target: [number, number]): void {
    const u = (landmarkX(hand, LANDMARK.wrist) + landmarkX(hand, LANDMARK.indexMcp) + landmarkX(hand, LANDMARK.pinkyMcp)) / 3
    const v = (landmarkY(hand, LANDMARK.wrist) + landmarkY(hand, LANDMARK.indexMcp) + landmarkY(hand, LANDMARK.pinkyMcp)) / 3
    mapPointToTable(lock, u, v, target)
  }

  private resetSlot(s: Slot): void {
    const c = s.cursor
    c.active = false
    c.pose = 'other'
    c.highlightId = null
    c.snapId = null
    c.dwell = 0
    s.rawPose = 'other'
    s.dwellId = null
    s.dwellFired = false
    s.palmFired = false
    s.historyCount = 0
    s.lastSeenMs = -Infinity
  }

  private observe(s: Slot, hand: HandObservation, lock: HandTableLock, models: readonly GestureModel[], timeMs: number): void {
    const p = this.params
    const c = s.cursor
    const wasActive = c.active
    c.active = true
    s.lastSeenMs = timeMs
    let pose = classifyHandPose(hand, s.rawPose, p.pose)
    if (pose !== s.rawPose) { s.rawPose = pose; s.poseSinceMs = timeMs }
    if ((pose === 'point' && !this.switches.point) || (pose === 'pinch' && !this.switches.pinch) || (pose === 'palm' && !this.switches.palm)) pose = 'other'
    // A blip of another pose shorter than the grace time keeps the gesture in force (jitter, motion blur).
    if (wasActive && pose !== c.pose && timeMs - s.poseSinceMs < p.graceMs && c.pose !== 'other') pose = c.pose
    if (pose !== c.pose) { s.historyCount = 0; s.palmFired = false }
    c.pose = pose

    let u: number, v: number
    if (pose === 'pinch') {
      u = (landmarkX(hand, LANDMARK.thumbTip) + landmarkX(hand, LANDMARK.indexTip)) / 2
      v = (landmarkY(hand, LANDMARK.thumbTip) + landmarkY(hand, LANDMARK.indexTip)) / 2
    } else if (pose === 'point') {
      u = landmarkX(hand, LANDMARK.indexTip)
      v = landmarkY(hand, LANDMARK.indexTip)
    } else {
      u = (landmarkX(hand, LANDMARK.wrist) + landmarkX(hand, LANDMARK.indexMcp) + landmarkX(hand, LANDMARK.pinkyMcp)) / 3
      v = (landmarkY(hand, LANDMARK.wrist) + landmarkY(hand, LANDMARK.indexMcp) + landmarkY(hand, LANDMARK.pinkyMcp)) / 3
    }
    c.pointPx[0] = u
    c.pointPx[1] = v
    mapPointToTable(lock, u, v, c.pointMm)
    c.uncertaintyMm = this.pointUncertainty(s, lock, u, v)

    c.highlightId = null
    c.snapId = null
    if (pose === 'point') {
      const m = nearestModel(models, c.pointMm[0], c.pointMm[1], p.highlightMm, null)
      c.highlightId = m ? m.id : null
      if (c.highlightId !== s.dwellId) {
        s.dwellId = c.highlightId
        s.dwellSinceMs = timeMs
        s.dwellFired = false
      }
      c.dwell = s.dwellId === null || s.dwellFired ? 0 : Math.min(1, (timeMs - s.dwellSinceMs) / p.dwellMs)
      if (s.dwellId !== null && !s.dwellFired && timeMs - s.dwellSinceMs >= p.dwellMs) {
        s.dwellFired = true
        c.dwell = 1
        this.select(s.dwellId)
      }
    } else {
      s.dwellId = null
      s.dwellFired = false
      c.dwell = 0
    }
    if (pose === 'pinch') {
      const m = nearestModel(models, c.pointMm[0], c.pointMm[1], p.snapMm, null)
      c.snapId = m ? m.id : null
    }
    if (pose === 'palm') {
      if (Math.hypot(s.palmMm[0] - s.palmAnchorMm[0], s.palmMm[1] - s.palmAnchorMm[1]) > p.palmStillMm || s.palmSinceMs > timeMs) {
        s.palmAnchorMm[0] = s.palmMm[0]
        s.palmAnchorMm[1] = s.palmMm[1]
        s.palmSinceMs = timeMs
      }
      if (!s.palmFired && timeMs - s.palmSinceMs >= p.palmHoldMs) {
        s.palmFired = true
        this.clear()
      }
    } else {
      s.palmAnchorMm[0] = s.palmMm[0]
      s.palmAnchorMm[1] = s.palmMm[1]
      s.palmSinceMs = timeMs
    }
  }

  /** √(landmark noise² + scatter of the recent points² + fingertip parallax²), mm. */
  private pointUncertainty(s: Slot, lock: HandTableLock, u: number, v: number): number {
    const c = s.cursor
    const i = s.historyIndex
    s.history[i * 2] = c.pointMm[0]
    s.history[i * 2 + 1] = c.pointMm[1]
    s.historyIndex = (i + 1) % HISTORY
    s.historyCount = Math.min(HISTORY, s.historyCount + 1)
    let mx = 0, my = 0
    for (let k = 0; k < s.historyCount; k++) { mx += s.history[k * 2]!; my += s.history[k * 2 + 1]! }
    mx /= s.historyCount
    my /= s.historyCount
    let ss = 0
    for (let k = 0; k < s.historyCount; k++) ss += (s.history[k * 2]! - mx) ** 2 + (s.history[k * 2 + 1]! - my) ** 2
    const scatter2 = s.historyCount > 1 ? ss / (s.historyCount - 1) : 0
    const noise = this.params.landmarkSigmaPx * mmPerPxAt(lock, u, v)
    const parallax = c.pose === 'palm' ? 0 : parallaxMm(lock, c.pointMm[0], c.pointMm[1], this.params.fingertipHeightMm)
    return Math.sqrt(noise * noise + scatter2 + parallax * parallax)
  }

  private select(id: string): void {
    const st = this.state
    if (id === st.attackerId || id === st.targetId) return
    if (st.attackerId === null || st.targetId !== null) {
      st.attackerId = id
      st.targetId = null
      st.lastEvent = 'attacker'
    } else {
      st.targetId = id
      st.lastEvent = 'target'
    }
    st.selectionVersion++
  }

  private clear(): void {
    const st = this.state
    st.attackerId = null
    st.targetId = null
    st.measure.active = false
    st.measure.live = false
    st.lastEvent = 'cleared'
    st.selectionVersion++
  }

  private updateMeasure(models: readonly GestureModel[]): void {
    const m = this.state.measure
    let first: Slot | null = null, second: Slot | null = null
    for (const s of this.slots) {
      if (!s.cursor.active || s.cursor.pose !== 'pinch') continue
      if (!first) first = s
      else if (!second) second = s
    }
    if (!first) { m.live = false; return }
    const a = first.cursor
    const fromModel = findModel(models, a.snapId)
    let toModel: GestureModel | null = null
    let toPoint: [number, number] | null = null
    let toSigma = 0
    if (second) {
      toModel = findModel(models, second.cursor.snapId)
      if (!toModel) { toPoint = second.cursor.pointMm; toSigma = second.cursor.uncertaintyMm }
    } else {
      // One pinch: to the selected attacker if there is one (and it is not the pinched model), else the nearest other model.
      const attacker = findModel(models, this.state.attackerId)
      toModel = attacker && attacker !== fromModel ? attacker : nearestModel(models, a.pointMm[0], a.pointMm[1], Infinity, fromModel ? fromModel.id : null)
    }
    if (!toModel && !toPoint) { m.live = false; return }
    const fx = fromModel ? fromModel.position[0] : a.pointMm[0]
    const fy = fromModel ? fromModel.position[1] : a.pointMm[1]
    const tx = toModel ? toModel.position[0] : toPoint![0]
    const ty = toModel ? toModel.position[1] : toPoint![1]
    const centres = Math.hypot(tx - fx, ty - fy)
    const fromSigma = fromModel ? fromModel.uncertaintyMm : a.uncertaintyMm
    if (toModel) toSigma = toModel.uncertaintyMm
    m.active = true
    m.live = true
    m.fromId = fromModel ? fromModel.id : null
    m.toId = toModel ? toModel.id : null
    m.fromMm[0] = fx
    m.fromMm[1] = fy
    // The ends on the base edges, along the line between them.
    const ux = centres > 0 ? (tx - fx) / centres : 1, uy = centres > 0 ? (ty - fy) / centres : 0
    const rFrom = fromModel ? fromModel.radiusMm : 0, rTo = toModel ? toModel.radiusMm : 0
    m.distanceMm = Math.max(0, centres - rFrom - rTo)
    m.fromMm[0] = fx + ux * Math.min(rFrom, centres)
    m.fromMm[1] = fy + uy * Math.min(rFrom, centres)
    m.toMm[0] = tx - ux * Math.min(rTo, centres)
    m.toMm[1] = ty - uy * Math.min(rTo, centres)
    m.uncertaintyMm = Math.sqrt(fromSigma * fromSigma + toSigma * toSigma)
  }
}
