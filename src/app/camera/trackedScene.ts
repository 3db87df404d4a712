// Tracked poses → the table on screen: merged into the current scene by the tracking layer's
// mergeTrackedScene (models keep their profiles; what was seen before and not now stays where it was
// last seen, and is listed). On a real table (realTable.ts) the models and pieces not on the table
// yet are offered to the merge too: a seen one is placed, the others keep waiting.
import type { Scene } from '../../engine/index.ts'
import { type MergeReport, type PoseToMerge, type Registry, type TrackedCamera, mergeTrackedScene } from '../../tracking/index.ts'
import { keepWaiting, withWaiting } from './realTable.ts'
import type { DoubtedPose } from './doubtedPoses.ts'

export type MergeOutcome = { ok: true; scene: Scene; report: MergeReport; notOnTable: string[] } | { ok: false; message: string }

/** `camera`: the camera the poses came through (trackedCameraOf), which tells whether it is the survey's (mergeTrackedScene). */
export function mergePoses(scene: Scene, registry: Registry, poses: readonly PoseToMerge[], source: string, camera?: TrackedCamera): MergeOutcome {
  try {
    const { scene: merged, report } = mergeTrackedScene(withWaiting(scene), registry, poses, { source }, camera)
    const kept = keepWaiting(scene, merged, [...report.placedModels, ...report.placedTerrain])
    const waiting = new Set(kept.waiting)
    return { ok: true, scene: kept.scene, report: { ...report, notSeen: report.notSeen.filter((id) => !waiting.has(id)) }, notOnTable: kept.waiting }
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) }
  }
}

/**
 * One line for the status: what was placed, which marked models or pieces were not seen (kept where
 * they were last seen), which were seen but doubted (not placed: ghosts, with why), which are not on
 * the table yet, and markers of things this table does not have.
 * Names, never ids (`name`).
 */
export function describeMerge(report: MergeReport, registry: Registry, notOnTable: readonly string[] = [], name: (id: string) => string = (id) => id, doubted: readonly DoubtedPose[] = []): string {
  const marked = new Set(registry.markers.flatMap((m) => (m.role === 'model' ? [m.model] : m.role === 'terrain' ? [m.terrain] : [])))
  const missed = report.notSeen.filter((id) => marked.has(id))
  const parts = [`${report.placedModels.length} model${report.placedModels.length === 1 ? '' : 's'} placed`]
  if (report.placedTerrain.length) parts.push(`${report.placedTerrain.length} terrain`)
  if (missed.length) parts.push(`not seen (kept where they were last seen): ${missed.map(name).join(', ')}`)
  if (doubted.length) parts.push(`doubted, so not placed (drawn as ghosts): ${doubted.map((d) => name(d.id)).join(', ')}: ${[...new Set(doubted.map((d) => d.reason))].join('; ')}`)
  if (notOnTable.length) parts.push(`not on the table yet: ${notOnTable.map(name).join(', ')}`)
  if (report.notInScene.length) parts.push(`markers of models this table does not have: ${report.notInScene.join(', ')}`)
  return parts.join('; ')
}
