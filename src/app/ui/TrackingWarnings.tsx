// Beside the verdict, whenever a camera mode is on: why the positions ruled on may not be what the
// camera sees now (format/trackingWarnings.ts), which ruled models are not from this photo/frame,
// and which of the table's models are not on the table yet (a real table, camera/realTable.ts).
// Persistent while it holds (not a message that steps aside).
import { useApp } from '../state/appStore.ts'
import { trackingWarnings } from '../format/trackingWarnings.ts'
import { modelName, modelNames } from '../format/names.ts'
import { notOnTable } from '../camera/realTable.ts'
import { useDemoOnScreen } from '../camera/DemoQuestion.tsx'

export function TrackingWarnings({ ruled }: { ruled: readonly string[] }) {
  const mode = useApp((s) => s.mode)
  const tracking = useApp((s) => s.tracking)
  const registry = useApp((s) => s.registry)
  const sceneModels = useApp((s) => s.scene.models)
  const overlay = useApp((s) => s.evaluation.overlay)
  const waiting = useApp((s) => notOnTable(s.scene)?.models)
  const demo = useDemoOnScreen((mode === 'camera' || mode === 'photo') && registry !== null)
  const registryModels = registry ? registry.registry.markers.flatMap((m) => (m.role === 'model' ? [m.model] : [])) : null
  const { warnings, notFromThisView, view } = trackingWarnings({
    mode,
    tracking,
    registryModels,
    sceneModels: [...sceneModels, ...(waiting ?? [])].map((m) => m.id),
    ruled,
    // Names of the models not on the table yet too (a doubted model is one of them).
    name: (id) => modelNames(overlay, [...sceneModels, ...(waiting ?? [])])[id] ?? modelName(id, overlay, sceneModels),
    demo,
  })
  // A doubted model is listed with its doubt (warnings), not again as not on the table.
  const doubtedIds = new Set(tracking.tableLocked ? (tracking.doubted ?? []).map((d) => d.id) : [])
  const offNames = waiting && waiting.length > 0 && mode !== 'planner' ? (() => {
    const names = modelNames(overlay, [...sceneModels, ...waiting])
    return waiting.filter((m) => !doubtedIds.has(m.id)).map((m) => names[m.id] ?? m.id)
  })() : []
  if (warnings.length === 0 && notFromThisView.length === 0 && offNames.length === 0) return null
  return (
    <div className="tracking-warnings" role="status" data-testid="tracking-warnings" data-codes={warnings.map((w) => w.code).join(',')}>
      {warnings.map((w) => <p key={w.code} data-code={w.code}><span aria-hidden="true">⚠ </span>{w.text}</p>)}
      {offNames.length > 0 && <p className="not-on-table" data-testid="not-on-table" title={offNames.join(', ')}>Not on the table yet: {offNames.join(', ')}</p>}
      {notFromThisView.length > 0 && (
        <p className="not-from-view" data-testid="not-from-view">
          Positions not from this {view}: {notFromThisView.map((id) => modelName(id, overlay, sceneModels)).join(', ')}
        </p>
      )}
    </div>
  )
}
