// The tracking status line: markers seen, table locked (its reprojection error, and whether the lock
// rests on only 2 table markers, or fits too loosely to trust), tracking rate and latency. Updated at
// human pace by the camera modes, never per frame. `compact` (over the image, view-first): one line
// that never clips; each part has a short form, and the container (.status-wrap, app.css) drops the
// message, then the long lock text, then the latency as the screen narrows; should the line still
// not fit (a wider font), it is measured and squeezed a step further until it does.
import { type Ref, useLayoutEffect, useRef, useState } from 'react'
import { useApp } from '../state/appStore.ts'
import type { TrackingStatus } from '../state/trackingSlice.ts'
import { DOUBT_LOCK_ERROR_PX } from '../../tracking/lockQuality.ts'

/** Steps of squeezing a compact line that still does not fit: no message, the short lock text, no latency, no rate. */
const MAX_SQUEEZE = 4

export function StatusLine({ compact = false }: { compact?: boolean }) {
  const t = useApp((s) => s.tracking)
  const line = useRef<HTMLParagraphElement>(null)
  const [squeeze, setSqueeze] = useState(0)
  useLayoutEffect(() => {
    const el = line.current
    if (compact && el && el.scrollWidth > el.clientWidth + 0.5 && squeeze < MAX_SQUEEZE) setSqueeze(squeeze + 1)
  })
  useLayoutEffect(() => {
    const box = line.current?.parentElement
    if (!compact || !box) return
    // A wider place (a turned phone): start again from the full line.
    let width = box.clientWidth
    const observer = new ResizeObserver(() => {
      if (box.clientWidth > width + 1) setSqueeze(0)
      width = box.clientWidth
    })
    observer.observe(box)
    return () => observer.disconnect()
  }, [compact])
  return <StatusLineView t={t} compact={compact} squeeze={compact ? squeeze : 0} ref={line} />
}

/** The line for a given status (a plain component, so a test can render it without the store). */
export function StatusLineView({ t, compact = false, squeeze = 0, ref }: { t: TrackingStatus; compact?: boolean; squeeze?: number; ref?: Ref<HTMLParagraphElement> }) {
  if (t.state === 'off') return null
  // A loose fit (an uncalibrated lens, motion blur): the tracker doubts every position from it.
  const loose = t.tableLocked && (t.reprojectionErrorPx ?? 0) > DOUBT_LOCK_ERROR_PX
  const px = `${t.reprojectionErrorPx?.toFixed(2) ?? '?'} px`
  const short = !t.tableLocked ? 'not locked' : loose ? `loose fit ${px}` : t.lockOnTwoMarkers ? `locked on 2 (${px})` : `locked ${px}`
  return (
    <p ref={ref} data-squeeze={squeeze} className={`status-line ${t.tableLocked && !t.lockOnTwoMarkers && !loose ? 'good' : 'bad'}${compact ? ' compact' : ''}`} role="status" data-testid="tracking-status" data-state={t.state} data-locked={t.tableLocked ? 'yes' : 'no'}>
      {compact && <span aria-hidden="true" className="status-dot">{t.tableLocked ? '● ' : '○ '}</span>}
      {t.message && <span className="status-message">{t.message} · </span>}
      <span>{t.markersSeen} markers</span>
      <span data-testid="lock-quality"> · <span className="lock-long">{t.tableLocked
        ? `table locked${t.lockOnTwoMarkers ? ' on only 2 markers' : ''} (${px})${t.lockOnTwoMarkers ? ': less certain far from them, show a third' : ''}${loose ? ': fit too loose, positions doubted (hold still, or calibrate the lens)' : ''}`
        : 'table not locked'}</span>{compact && <span className="lock-short">{short}</span>}</span>
      {t.fps !== null && <span className="status-fps"> · {t.fps.toFixed(1)} fps</span>}
      {t.latencyMs !== null && <span className="status-latency"> · {Math.round(t.latencyMs)} ms</span>}
    </p>
  )
}
