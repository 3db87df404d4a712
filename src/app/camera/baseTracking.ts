// Models without markers in the camera modes (issue 34): the tracking worker is told which of the
// table's models carry no marker (they are found by their bases: src/tracking/bases), with their
// saved positions and their game's move allowance (the ruleset's own `move` answer); the player's
// answer to "Which model is this?" for a base goes back to the worker; and what a frame says of the
// bases becomes the status the prompts, the ghosts and the ruling gate read (human pace).
import type { BaseTrackingSetup, Registry, TrackFrameResult, UnidentifiedBase } from '../../tracking/index.ts'
import type { BaseShape } from '../../engine/index.ts'
import { baseSetupOf } from '../../tracking/index.ts'
import { useApp } from '../state/appStore.ts'
import { loadRuleSystem } from '../state/systemLoader.ts'
import { notOnTable } from './realTable.ts'

/**
 * The base-tracking set-up for the table on screen (models not on the table yet included), or null
 * when the table has no models. Its marked models' bases go too: their rims are read with their
 * markers (issue 31, tracking/pipeline/baseRim.ts); models without markers are looked for by their bases.
 */
export async function baseSetupForTable(registry: Registry): Promise<BaseTrackingSetup | null> {
  const scene = useApp.getState().scene
  const waiting = notOnTable(scene)?.models ?? []
  const system = await loadRuleSystem(scene.system).catch(() => undefined)
  const { setup } = baseSetupOf(scene, registry, system, waiting)
  return setup.models.length || setup.marked?.length ? setup : null
}

let teacher: ((label: string, modelId: string) => void) | null = null

/** The camera's tracking feed registers where answers go (null when it stops). */
export function setBaseTeacher(fn: ((label: string, modelId: string) => void) | null): void {
  teacher = fn
}

/** The player's answer: the base `label` is `modelId`. False when no camera is tracking. */
export function teachBase(label: string, modelId: string): boolean {
  if (!teacher) return false
  teacher(label, modelId)
  return true
}

import type { BaseGhost } from './baseGhost.ts'
export type { BaseGhost }

/** What the status line, the prompts, the ghosts and the ruling gate need of a frame's bases. */
export type BaseStatus = {
  baseQuestions: UnidentifiedBase[]
  baseNotSeen: string[]
  /** Base-tracked models whose identity or place is not certain in this frame. */
  uncertainModels: string[]
  baseGhosts: BaseGhost[]
}

export function baseStatusOf(result: TrackFrameResult | null | undefined, baseOf: (id: string) => BaseShape | undefined): BaseStatus {
  const report = result?.bases
  if (!result || !report) return { baseQuestions: [], baseNotSeen: [], uncertainModels: [], baseGhosts: [] }
  const doubted = result.objects.filter((o) => o.source === 'base' && o.status !== 'ok')
  const ghosts: BaseGhost[] = []
  for (const o of doubted) {
    const base = baseOf(o.id)
    if (base) ghosts.push({ key: o.id, status: 'doubted', base, position: o.position, facing: o.facing, reasons: o.reasons ?? [] })
  }
  for (const u of report.unidentified) ghosts.push({ key: u.label, status: 'unidentified', base: u.shape, position: u.position, facing: 0, reasons: u.reasons })
  const candidates = report.unidentified.flatMap((u) => u.candidates)
  return {
    baseQuestions: report.unidentified,
    baseNotSeen: report.notSeen,
    uncertainModels: [...new Set([...doubted.map((o) => o.id), ...candidates])],
    baseGhosts: ghosts,
  }
}
