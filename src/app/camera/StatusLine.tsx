// The tracking status line: markers seen, table locked (its reprojection error, and whether the lock
// rests on only 2 table markers), tracking rate
// and latency. Updated at human pace by the camera modes, never per frame.
import { useApp } from '../state/appStore.ts'

export function StatusLine() {
  const t = useApp((s) => s.tracking)
  if (t.state === 'off') return null
  return (
    <p className={`status-line ${t.tableLocked && !t.lockOnTwoMarkers ? 'good' : 'bad'}`} role="status" data-testid="tracking-status" data-state={t.state} data-locked={t.tableLocked ? 'yes' : 'no'}>
      {t.message && <span>{t.message} · </span>}
      <span>{t.markersSeen} markers</span>
      <span data-testid="lock-quality"> · {t.tableLocked
        ? `table locked${t.lockOnTwoMarkers ? ' on only 2 markers' : ''} (${t.reprojectionErrorPx?.toFixed(2) ?? '?'} px)${t.lockOnTwoMarkers ? ': less certain far from them, show a third' : ''}`
        : 'table not locked'}</span>
      {t.fps !== null && <span> · {t.fps.toFixed(1)} fps</span>}
      {t.latencyMs !== null && <span> · {Math.round(t.latencyMs)} ms</span>}
    </p>
  )
}
