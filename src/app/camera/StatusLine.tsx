// The tracking status line: markers seen, table locked (its reprojection error, and whether the lock
// rests on only 2 table markers, or fits too loosely to trust), tracking rate
// and latency. Updated at human pace by the camera modes, never per frame.
import { useApp } from '../state/appStore.ts'
import type { TrackingStatus } from '../state/trackingSlice.ts'
import { DOUBT_LOCK_ERROR_PX } from '../../tracking/lockQuality.ts'

export function StatusLine() {
  return <StatusLineView t={useApp((s) => s.tracking)} />
}

/** The line for a given status (a plain component, so a test can render it without the store). */
export function StatusLineView({ t }: { t: TrackingStatus }) {
  if (t.state === 'off') return null
  // A loose fit (an uncalibrated lens, motion blur): the tracker doubts every position from it.
  const loose = t.tableLocked && (t.reprojectionErrorPx ?? 0) > DOUBT_LOCK_ERROR_PX
  return (
    <p className={`status-line ${t.tableLocked && !t.lockOnTwoMarkers && !loose ? 'good' : 'bad'}`} role="status" data-testid="tracking-status" data-state={t.state} data-locked={t.tableLocked ? 'yes' : 'no'}>
      {t.message && <span>{t.message} · </span>}
      <span>{t.markersSeen} markers</span>
      <span data-testid="lock-quality"> · {t.tableLocked
        ? `table locked${t.lockOnTwoMarkers ? ' on only 2 markers' : ''} (${t.reprojectionErrorPx?.toFixed(2) ?? '?'} px)${t.lockOnTwoMarkers ? ': less certain far from them, show a third' : ''}${loose ? ': fit too loose, positions doubted (hold still, or calibrate the lens)' : ''}`
        : 'table not locked'}</span>
      {t.fps !== null && <span> · {t.fps.toFixed(1)} fps</span>}
      {t.latencyMs !== null && <span> · {Math.round(t.latencyMs)} ms</span>}
    </p>
  )
}
