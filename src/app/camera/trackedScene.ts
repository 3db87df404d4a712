// Tracked poses → the table on screen: merged into the current scene by the tracking layer's
// mergeTrackedScene (models keep their profiles; what was not seen stays where it was, and is listed).
import type { Scene } from '../../engine/index.ts'
import { type MergeReport, type PoseToMerge, type Registry, mergeTrackedScene } from '../../tracking/index.ts'

export type MergeOutcome = { ok: true; scene: Scene; report: MergeReport } | { ok: false; message: string }

export function mergePoses(scene: Scene, registry: Registry, poses: readonly PoseToMerge[], source: string): MergeOutcome {
  try {
    const { scene: merged, report } = mergeTrackedScene(scene, registry, poses, { source })
    return { ok: true, scene: merged, report }
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) }
  }
}

/** One line for the status: what was placed, and which marked models or pieces were not seen. */
export function describeMerge(report: MergeReport, registry: Registry): string {
  const marked = new Set(registry.markers.flatMap((m) => (m.role === 'model' ? [m.model] : m.role === 'terrain' ? [m.terrain] : [])))
  const missed = report.notSeen.filter((id) => marked.has(id))
  const parts = [`${report.placedModels.length} model${report.placedModels.length === 1 ? '' : 's'} placed`]
  if (report.placedTerrain.length) parts.push(`${report.placedTerrain.length} terrain`)
  if (missed.length) parts.push(`not seen (kept where they were): ${missed.join(', ')}`)
  if (report.notInScene.length) parts.push(`tracked but not in this scene: ${report.notInScene.join(', ')}`)
  return parts.join('; ')
}
