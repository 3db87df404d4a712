// The card's tracking warnings, case by case (format/trackingWarnings.ts): each situation in which
// the positions ruled on are not what the camera sees now gives its own warning, and the ruled
// models not placed from this photo / frame are listed.
import { describe, expect, it } from 'vitest'
import { notLockedText, trackingWarnings } from '../../src/app/format/trackingWarnings.ts'
import { TRACKING_OFF, type TrackingStatus } from '../../src/app/state/trackingSlice.ts'

const running = (t: Partial<TrackingStatus>): TrackingStatus => ({ ...TRACKING_OFF, state: 'running', markersSeen: 8, tableLocked: true, placedModels: ['a1', 'b1'], ...t })
const base = { mode: 'camera' as const, registryModels: ['a1', 'b1'], sceneModels: ['a1', 'b1', 'b2'], ruled: ['a1', 'b1'], name: (id: string) => id.toUpperCase() }
const codes = (t: Partial<TrackingStatus>, over: Partial<typeof base> = {}) => trackingWarnings({ ...base, ...over, tracking: running(t) }).warnings.map((w) => w.code)

describe('tracking warnings beside the verdict', () => {
  it('none when both ruled models were placed from this frame, and none in the planner', () => {
    expect(trackingWarnings({ ...base, tracking: running({}) })).toEqual({ warnings: [], notFromThisView: [], view: 'frame' })
    expect(trackingWarnings({ ...base, mode: 'planner', tracking: running({ tableLocked: false }) }).warnings).toEqual([])
  })

  it("the registry's models are not on this table", () => {
    expect(codes({ placedModels: [] }, { registryModels: ['x1', 'x2'] })).toEqual(['registry-not-on-table', 'not-seen'])
    // a registry of table markers alone: the models carry no marker (found by their bases), no wrong registry
    expect(codes({ placedModels: [] }, { registryModels: [] })).toEqual(['not-seen'])
  })

  it('markers seen, none of them a table marker of the registry: not locked, a wrong registry?', () => {
    const r = trackingWarnings({ ...base, tracking: running({ tableLocked: false, markersSeen: 3, tableMarkersSeen: 0, lockReason: 'table not locked: no table reference marker seen' }) })
    expect(r.warnings.map((w) => w.code)).toEqual(['not-locked'])
    expect(r.warnings[0]!.text).toBe("3 markers seen, none of them a table marker of this registry: the table is not locked. Show two table markers, or load this table's registry (a wrong registry?).")
    expect(r.notFromThisView).toEqual(['a1', 'b1'])
  })

  it('one table marker in view: the real reason (it needs two), never "wrong registry?"', () => {
    const reason = 'table not locked: 1 table reference marker seen (2), at least 2 needed'
    const r = trackingWarnings({ ...base, tracking: running({ tableLocked: false, markersSeen: 4, tableMarkersSeen: 1, lockReason: reason }) })
    expect(r.warnings[0]!.text).toBe('4 markers seen, but only 1 table marker: the table is not locked (it needs 2). Show another table marker in the frame.')
    expect(r.warnings[0]!.text).not.toMatch(/registry/)
    // Two table markers that do not fit: the tracker's own reason.
    const fit = 'table not locked: table markers 0, 1 fit with 4.2 px RMS (more than 3 px): a moved marker, a wrong registry or an uncorrected lens'
    const r2 = trackingWarnings({ ...base, mode: 'photo', tracking: running({ tableLocked: false, markersSeen: 6, tableMarkersSeen: 2, lockReason: fit }) })
    expect(r2.warnings[0]!.text).toBe('6 markers seen, but the table is not locked: table markers 0, 1 fit with 4.2 px RMS (more than 3 px): a moved marker, a wrong registry or an uncorrected lens.')
  })

  it('doubted models: not placed, listed with the reason in words, not also "not seen"', () => {
    const doubted = [{ id: 'b1', kind: 'model' as const, position: [0, 0] as [number, number], z: 0, facing: 0, uncertaintyMm: 30, code: 'loose-lock' as const, reason: 'the table is locked on only 2 table markers', trackerReasons: [] }]
    const r = trackingWarnings({ ...base, tracking: running({ placedModels: ['a1'], doubted }) })
    expect(r.warnings).toEqual([{ code: 'doubted', text: 'Doubted, so not placed (drawn as ghosts): B1. Why: the table is locked on only 2 table markers.' }])
    expect(r.notFromThisView).toEqual(['b1'])
  })

  it('the demo table on screen, while the player has not said whether to clear it', () => {
    expect(codes({}, {})).toEqual([])
    const r = trackingWarnings({ ...base, demo: true, tracking: running({}) })
    expect(r.warnings).toEqual([{ code: 'demo', text: "The demo table is on screen: models the frame does not show stay at the demo's places." }])
  })

  it('no markers at all', () => {
    expect(codes({ tableLocked: false, markersSeen: 0 })).toEqual(['no-markers'])
  })

  it('a ruled model not seen in this photo', () => {
    const r = trackingWarnings({ ...base, mode: 'photo', tracking: running({ placedModels: ['a1'] }) })
    expect(r.warnings).toEqual([{ code: 'not-seen', text: 'Not seen in this photo: B1 (kept where it was last seen).' }])
    expect(r.notFromThisView).toEqual(['b1'])
  })

  it('held by a hand, and stale', () => {
    expect(codes({ placedModels: [], heldModels: ['a1'], staleModels: ['b1'] })).toEqual(['held', 'stale'])
    expect(trackingWarnings({ ...base, tracking: running({ placedModels: ['b1'], heldModels: ['a1'] }) }).warnings[0]!.text).toBe('A hand is over A1: kept where the hand found it.')
  })
})

describe('the not-locked message', () => {
  it('says "not locked" once, with the tracker\'s reason and what to do', () => {
    // The tracker's own reasons begin "table not locked: …" (tracking/pipeline/fuseTablePose.ts).
    const text = notLockedText('table not locked: 1 table reference marker seen (3), at least 2 needed', 'photo')
    expect(text).toBe('The table is not locked in this photo: 1 table reference marker seen (3), at least 2 needed. Take it so that at least two table markers show. Nothing changed on the table.')
    expect(text.match(/not locked/g)).toHaveLength(1)
    expect(notLockedText('no camera pose fits the reference markers', 'frame').match(/not locked/g)).toHaveLength(1)
  })
})
