// Whether the models are back where a rewind shows them (issue 33): the core's `checkRestored` on the
// live table's places — tracked ones with their 1-sigma over the camera, placed by hand (no sigma) in
// the planner — recomputed when the table or the rewind changes (human pace, never per frame).
import { useMemo } from 'react'
import { type RestoreCheck, type TrackedPlace, checkRestored } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'

/** How close a model must be to its place to be back, mm (a quarter inch, about what a hand places by eye). */
export const RESTORE_TOLERANCE_MM = 6

export function useRestoreCheck(): RestoreCheck | null {
  const rewind = useApp((s) => s.rewind)
  const models = useApp((s) => s.scene.models)
  const placed = useApp((s) => s.tracking.placedModels)
  const tracked = useApp((s) => s.mode !== 'planner' && s.tracking.state === 'running')
  return useMemo(() => {
    if (!rewind) return null
    // Over the camera only what it sees now counts (a model not seen is "missing", not "back").
    const seen = tracked ? new Set(placed ?? []) : null
    const places: TrackedPlace[] = models
      .filter((m) => !seen || seen.has(m.id))
      .map((m) => ({ id: m.id, position: [m.position[0], m.position[1]], facing: m.facing ?? 0, sigmaMm: m.uncertainty ?? 0 }))
    return checkRestored(rewind.places, places, { mm: RESTORE_TOLERANCE_MM })
  }, [rewind, models, placed, tracked])
}
