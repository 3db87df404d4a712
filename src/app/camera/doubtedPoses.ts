// Doubted poses (issue 31): a pose the tracker doubts (ObjectPose.status 'doubted': a loose table fit
// on two far table markers seen at a slant, a misread marker, markers that disagree…) is never a
// fact. It is never merged into the scene (so no sight line, range or ruling uses it, and nothing
// saves it as placed: a model seen only doubted stays "not on the table yet", one placed before from
// a sure view stays where it was surely seen); it is drawn as a ghost where the tracker thinks it is,
// with its reason in a player's words (scene/DoubtedGhosts.tsx), and the card says which picked
// model is doubted and why the ruling waits. Pure: no store, no React.
import type { ObjectKind, ObjectPose } from '../../tracking/index.ts'

/** Why a pose is doubted, as the app words it. */
export type DoubtCode = 'grazing-lock' | 'loose-lock' | 'single-view' | 'misread' | 'size' | 'shape' | 'disagree' | 'not-locked' | 'other'

export type DoubtedPose = {
  id: string
  kind: ObjectKind
  /** Where the doubted measurement puts it, table frame mm (drawn as a ghost, never ruled on). */
  position: [number, number]
  z: number
  facing: number
  /** The tracker's own 1σ, mm, when it gave one. */
  uncertaintyMm: number | null
  code: DoubtCode
  /** The reason in a player's words ("the table is locked on only 2 far table markers…"). */
  reason: string
  /** The tracker's reasons as it gave them (for the record and the curious). */
  trackerReasons: string[]
}

/**
 * A pose as the tracker reports it: its `status`, `reasons` and machine-readable `doubts` (read first;
 * a pose without them, from a tracker before them, is classed by its reasons' words).
 */
export type ReportedPose = Pick<ObjectPose, 'id' | 'kind' | 'frame' | 'position' | 'z' | 'facing' | 'uncertainty' | 'status' | 'reasons'> & Partial<Pick<ObjectPose, 'doubts'>>

/** The tracker's machine-readable doubt codes (ObjectPose.doubts[].code) in the app's terms. */
const TRACKER_CODES: Readonly<Record<string, DoubtCode>> = {
  'grazing-lock': 'grazing-lock', 'loose-fit': 'loose-lock', 'single-view': 'single-view', 'marker-size': 'size', 'marker-shape': 'shape',
  'marker-id': 'misread', 'markers-disagree': 'disagree', 'no-table-lock': 'not-locked', jump: 'other',
}

/** What the lock looked like when the pose was measured (for the words of a lock doubt). */
export type LockFacts = { twoMarkers: boolean; fitPx: number | null }

function classify(reasons: readonly string[]): DoubtCode {
  const all = reasons.join(' | ')
  if (/table fit leaves/i.test(all)) return 'loose-lock'
  if (/not locked/i.test(all)) return 'not-locked'
  if (/disagree/i.test(all)) return 'disagree'
  if (/read again|distance ratio|misread|blurred/i.test(all)) return 'misread'
  if (/measures [\d.]+ mm on its registered plane/i.test(all)) return 'size'
  if (/not flat on its registered plane/i.test(all)) return 'shape'
  if (/one view|single view/i.test(all)) return 'single-view'
  return 'other'
}

const px = (v: number | null) => (v === null ? '' : ` (${v.toFixed(2)} px)`)

/** A doubt in the words of a player at the table, saying what to do about it. */
export function doubtWords(code: DoubtCode, lock: LockFacts, trackerReasons: readonly string[]): string {
  switch (code) {
    case 'grazing-lock':
      return 'the table is locked on far table markers seen at a slant: its place may be centimetres off. Show a third table marker, or look from higher up'
    case 'loose-lock':
      return lock.twoMarkers
        ? `the table is locked on only 2 table markers, and they fit loosely${px(lock.fitPx)}: a place far from them may be centimetres off. Show a third table marker, or look from higher up`
        : `the table markers fit loosely${px(lock.fitPx)}: hold the camera still, calibrate the lens, or check that no table marker has moved`
    case 'single-view':
      return 'it was seen from one view only, at a slant: show it from another side'
    case 'misread':
      return 'its marker may be misread (blurred or half hidden): hold still, or come closer'
    case 'size':
      return 'its marker does not measure its printed size: misread, or stuck on another model or at another height?'
    case 'shape':
      return 'its marker is not flat where the registry says: a bent tab?'
    case 'disagree':
      return 'its markers disagree about where it is: a bent tab, or a marker on the wrong model?'
    case 'not-locked':
      return 'the table is not locked, so it cannot be put on the table'
    case 'other':
      return trackerReasons[0] ?? 'the tracker doubts its place'
  }
}

/**
 * A frame's (or photo's) object poses split into the sure ones, which may be placed, and the
 * doubted ones, which are shown as ghosts only. Poses in the camera frame are neither (the table
 * is not locked: nothing can be placed or drawn on it).
 */
export function splitDoubted<P extends ReportedPose>(poses: readonly P[], lock: LockFacts): { sure: P[]; doubted: DoubtedPose[] } {
  const sure: P[] = []
  const doubted: DoubtedPose[] = []
  for (const p of poses) {
    if (p.frame === 'camera') continue
    if (p.status !== 'doubted') {
      sure.push(p)
      continue
    }
    const trackerReasons = [...(p.reasons ?? [])]
    const first = p.doubts?.[0]?.code
    const code: DoubtCode = first !== undefined && TRACKER_CODES[first] ? TRACKER_CODES[first] : classify(trackerReasons)
    doubted.push({
      id: p.id, kind: p.kind, position: [p.position[0], p.position[1]], z: p.z, facing: p.facing,
      uncertaintyMm: p.uncertainty ?? null, code, reason: doubtWords(code, lock, trackerReasons), trackerReasons,
    })
  }
  return { sure, doubted }
}

/** The doubted models among `ids`, with their pose (the card's picks). */
export function doubtedAmong(doubted: readonly DoubtedPose[] | undefined, ids: readonly (string | null)[]): DoubtedPose[] {
  if (!doubted || doubted.length === 0) return []
  return doubted.filter((d) => d.kind === 'model' && ids.includes(d.id))
}

/** "Ranger sergeant's place is doubted: <reason>. The ruling waits until the camera sees it surely." */
export function doubtedPickText(picks: readonly DoubtedPose[], name: (id: string) => string): string {
  if (picks.length === 0) return ''
  const who = picks.map((p) => name(p.id))
  const reasons = [...new Set(picks.map((p) => p.reason))]
  const subject = who.length === 1 ? `${who[0]}'s place is doubted` : `The places of ${who.join(' and ')} are doubted`
  const said = reasons.join('; ')
  // (a reason that ends with its own question mark takes no full stop after it)
  return `${subject}: ${said}${/[?.!]$/.test(said) ? '' : '.'} The ruling waits until the camera sees ${who.length === 1 ? 'it' : 'them'} surely.`
}

/**
 * The live camera's doubts over time (human pace, not per frame): an object's latest measurement
 * decides whether its pose may be placed (`isDoubted`: a doubted pose is never merged); one not in
 * the latest frame keeps its last verdict until it has not been seen for `forgetMs` (then it is
 * neither doubted nor sure here: the pose filter calls it stale).
 *
 * What the card and the ghosts show (`doubted(nowMs)`) waits `sureGraceMs` after the object's last
 * sure view: on a table locked on two markers whose fit hovers round the limit, frames alternate
 * between sure and doubted, and the verdict, made from where the model was last surely seen (the
 * doubted pose is never placed), would blink off every other frame. A doubt that lasts longer than
 * the grace, or an object never seen surely, is shown at once.
 */
export class DoubtLog {
  private readonly entries = new Map<string, { doubted: DoubtedPose | null; seenMs: number; sureMs: number | null }>()
  private readonly forgetMs: number
  private readonly sureGraceMs: number
  constructor(forgetMs: number, sureGraceMs = 0) {
    this.forgetMs = forgetMs
    this.sureGraceMs = sureGraceMs
  }

  /** One frame's poses (table frame), at `nowMs`. */
  update(poses: readonly ReportedPose[], lock: LockFacts, nowMs: number): void {
    const { sure, doubted } = splitDoubted(poses, lock)
    for (const p of sure) this.entries.set(`${p.kind}:${p.id}`, { doubted: null, seenMs: nowMs, sureMs: nowMs })
    for (const d of doubted) {
      const key = `${d.kind}:${d.id}`
      this.entries.set(key, { doubted: d, seenMs: nowMs, sureMs: this.entries.get(key)?.sureMs ?? null })
    }
    for (const [key, e] of this.entries) if (nowMs - e.seenMs > this.forgetMs) this.entries.delete(key)
  }

  /**
   * The objects doubted now, as the card and the ghosts show them: at `nowMs`, those whose last sure
   * view is older than the grace (or that were never seen surely). Without `nowMs`, every one the
   * latest measurement doubts.
   */
  doubted(nowMs?: number): DoubtedPose[] {
    const out: DoubtedPose[] = []
    for (const e of this.entries.values()) {
      if (!e.doubted) continue
      if (nowMs !== undefined && e.sureMs !== null && nowMs - e.sureMs <= this.sureGraceMs) continue
      out.push(e.doubted)
    }
    return out
  }

  isDoubted(kind: ObjectKind, id: string): boolean {
    return this.entries.get(`${kind}:${id}`)?.doubted != null
  }

  clear(): void {
    this.entries.clear()
  }
}
