// Tracking honesty: what the card must say when the positions it rules on are not what the camera
// sees now. From the tracking status (human pace), the registry and the ruled models:
//  - the registry's models are not on this table (the registry is for another table?); a registry of
//    table markers only is not that (the models carry none: they are found by their bases);
//  - markers seen but the table not locked, with the tracker's reason in a player's words (one table
//    marker in view: show another; none of the registry's table markers: a wrong registry?), or no
//    markers at all;
//  - poses the tracker doubts: not placed, drawn as ghosts (camera/doubtedPoses.ts), and why;
//  - ruled models not seen in this photo / frame (kept where they were);
//  - ruled models held by a hand (kept where the hand found them);
//  - ruled models stale (not seen for a while).
// `notFromThisView` lists the ruled models whose positions did not come from this photo / frame.
import type { TrackingStatus } from '../state/trackingSlice.ts'

export type TrackingWarningCode = 'demo' | 'registry-not-on-table' | 'not-locked' | 'no-markers' | 'doubted' | 'not-seen' | 'held' | 'stale'
export type TrackingWarning = { code: TrackingWarningCode; text: string }

export type TrackingHonesty = { warnings: TrackingWarning[]; notFromThisView: string[]; view: 'photo' | 'frame' }

export function trackingWarnings(args: {
  mode: 'planner' | 'photo' | 'camera' | 'xr'
  tracking: TrackingStatus
  /** Model ids the loaded marker registry tracks (null: no registry loaded). */
  registryModels: readonly string[] | null
  /** The table's models: on it, or not on it yet (a real table's, realTable.ts). */
  sceneModels: readonly string[]
  /** The attacker and target on the card. */
  ruled: readonly string[]
  name: (id: string) => string
  /** The demo table is on screen (the player has not said whether to clear it). */
  demo?: boolean
}): TrackingHonesty {
  const view = args.mode === 'photo' ? 'photo' : 'frame'
  const none: TrackingHonesty = { warnings: [], notFromThisView: [], view }
  const t = args.tracking
  if (args.mode === 'planner' || t.state !== 'running') return none
  const names = (ids: readonly string[]) => ids.map(args.name).join(', ')
  const warnings: TrackingWarning[] = []
  if (args.demo) warnings.push({ code: 'demo', text: `The demo table is on screen: models the ${view} does not show stay at the demo's places.` })
  // (a registry of table markers alone is a table whose models carry no marker: found by their bases)
  if (args.registryModels && args.registryModels.length > 0 && !args.registryModels.some((id) => args.sceneModels.includes(id))) {
    warnings.push({ code: 'registry-not-on-table', text: `None of the registry's models is on this table: is the registry for another table?` })
  }
  if (t.markersSeen === 0) warnings.push({ code: 'no-markers', text: `No markers seen in this ${view}.` })
  else if (!t.tableLocked) warnings.push({ code: 'not-locked', text: notLockedWarning(t.markersSeen, t.tableMarkersSeen, t.lockReason ?? null, view) })
  const doubted = t.tableLocked ? (t.doubted ?? []).filter((d) => d.kind === 'model') : []
  if (doubted.length > 0) {
    const reasons = [...new Set(doubted.map((d) => d.reason))]
    warnings.push({ code: 'doubted', text: `Doubted, so not placed (drawn as ghosts): ${names(doubted.map((d) => d.id))}. Why: ${reasons.join('; ')}.` })
  }
  const doubtedIds = doubted.map((d) => d.id)
  const placed = t.tableLocked ? (t.placedModels ?? []) : []
  const held = args.ruled.filter((id) => (t.heldModels ?? []).includes(id))
  const stale = args.ruled.filter((id) => (t.staleModels ?? []).includes(id) && !held.includes(id))
  const notSeen = args.ruled.filter((id) => !placed.includes(id) && !held.includes(id) && !stale.includes(id) && !doubtedIds.includes(id))
  if (t.tableLocked && notSeen.length > 0) warnings.push({ code: 'not-seen', text: `Not seen in this ${view}: ${names(notSeen)} (kept where ${notSeen.length === 1 ? 'it was' : 'they were'} last seen).` })
  if (held.length > 0) warnings.push({ code: 'held', text: `A hand is over ${names(held)}: kept where the hand found ${held.length === 1 ? 'it' : 'them'}.` })
  if (stale.length > 0) warnings.push({ code: 'stale', text: `Stale: ${names(stale)} not seen for a while (last position kept).` })
  return { warnings, notFromThisView: args.ruled.filter((id) => !placed.includes(id)), view }
}

/**
 * Why the table is not locked, for the card: how many markers are seen and the tracker's own reason,
 * and what to do. "Wrong registry?" only when none of the markers seen is one of the registry's table
 * markers (with one table marker in view the registry is right: another must show).
 */
export function notLockedWarning(markersSeen: number, tableMarkersSeen: number | undefined, reason: string | null, view: 'photo' | 'frame'): string {
  const seen = `${markersSeen} marker${markersSeen === 1 ? '' : 's'} seen`
  const why = reason ? reason.replace(/^table not locked:\s*/i, '') : null
  if (tableMarkersSeen === 0 || (tableMarkersSeen === undefined && why === null)) {
    return `${seen}, none of them a table marker of this registry: the table is not locked. Show two table markers, or load this table's registry (a wrong registry?).`
  }
  if (tableMarkersSeen === 1) return `${seen}, but only 1 table marker: the table is not locked (it needs 2). Show another table marker in the ${view}.`
  return `${seen}, but the table is not locked: ${why ?? 'the table markers do not fit'}.`
}

/**
 * "The table is not locked in this photo: only 1 table reference marker seen (0), at least 2
 * needed. …": the tracker's reason without its own "table not locked:" prefix, so "not locked" is
 * said once, and what to do.
 */
export function notLockedText(reason: string, view: 'photo' | 'frame'): string {
  const why = reason.replace(/^table not locked:\s*/i, '')
  return `The table is not locked in this ${view}: ${why}. ${view === 'photo' ? 'Take it so that at least two table markers show. Nothing changed on the table.' : 'Show at least two table markers.'}`
}
