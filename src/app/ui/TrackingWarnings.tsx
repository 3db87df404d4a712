// Beside the verdict, whenever a camera mode is on: why the positions ruled on may not be what the
// camera sees now (format/trackingWarnings.ts), and which ruled models are not from this photo/frame.
// Persistent while it holds (not a message that steps aside).
import { useApp } from '../state/appStore.ts'
import { trackingWarnings } from '../format/trackingWarnings.ts'
import { modelName } from '../format/names.ts'

export function TrackingWarnings({ ruled }: { ruled: readonly string[] }) {
  const mode = useApp((s) => s.mode)
  const tracking = useApp((s) => s.tracking)
  const registry = useApp((s) => s.registry)
  const sceneModels = useApp((s) => s.scene.models)
  const overlay = useApp((s) => s.evaluation.overlay)
  const registryModels = registry ? registry.registry.markers.flatMap((m) => (m.role === 'model' ? [m.model] : [])) : null
  const { warnings, notFromThisView, view } = trackingWarnings({
    mode,
    tracking,
    registryModels,
    sceneModels: sceneModels.map((m) => m.id),
    ruled,
    name: (id) => modelName(id, overlay, sceneModels),
  })
  if (warnings.length === 0 && notFromThisView.length === 0) return null
  return (
    <div className="tracking-warnings" role="status" data-testid="tracking-warnings" data-codes={warnings.map((w) => w.code).join(',')}>
      {warnings.map((w) => <p key={w.code} data-code={w.code}><span aria-hidden="true">⚠ </span>{w.text}</p>)}
      {notFromThisView.length > 0 && (
        <p className="not-from-view" data-testid="not-from-view">
          Positions not from this {view}: {notFromThisView.map((id) => modelName(id, overlay, sceneModels)).join(', ')}
        </p>
      )}
    </div>
  )
}
