// The pinch measure in the verdict strip: "2.1″ ± 0.08″" (1σ) with its ends, while hands are on and
// a pinch has measured. Same markup as the strip's own cells.
import { formatLength } from '../format/formatFigures.ts'
import type { Units } from '../state/settingsSlice.ts'
import { usePinchView } from './pinchMeasure.ts'
import { useApp } from '../state/appStore.ts'
import { modelNames } from '../format/names.ts'

export function PinchCell({ units }: { units: Units }) {
  const p = usePinchView()
  const names = useApp((s) => modelNames(s.evaluation.overlay, s.scene.models))
  if (!p) return null
  return (
    <div className="strip-cell" data-testid="strip-pinch">
      <span className="strip-label">Pinch</span>
      <span className="strip-value">
        <strong>{formatLength(p.distanceMm, units)} ± {formatLength(p.uncertaintyMm, units)}</strong>
        <span className="strip-sub">{p.fromId ? names[p.fromId] ?? p.fromId : 'fingertip'} ↔ {p.toId ? names[p.toId] ?? p.toId : 'fingertip'}{p.live ? '' : ' · last pinch'}</span>
      </span>
    </div>
  )
}
