// The view-first screen's controls: a bar at the foot of the image (open the sheet, "Rule on this")
// and, when the player opens it, a sheet over the lower part of the image with the camera mode's
// controls (its slot, filled by the mode through a portal), then the picks, the ruling's details, the
// record, sharing and rule options. Escape closes it.
import { type ReactNode, useEffect } from 'react'
import { useApp } from '../state/appStore.ts'
import { doubtedAmong } from '../camera/doubtedPoses.ts'
import { ruleOnThis } from '../actions/rulings.ts'
import { useSync } from '../sync/syncStore.ts'

export function BottomSheet({ slot, children }: { slot: (el: HTMLDivElement | null) => void; children: ReactNode }) {
  const open = useApp((s) => s.sheetOpen)
  const setOpen = useApp((s) => s.setSheetOpen)
  const canRule = useApp((s) => s.evaluation.overlay?.attackQuery != null && s.evaluation.status !== 'error' && doubtedAmong(s.tracking.doubted, [s.attackerId, s.targetId]).length === 0)
  const busy = useApp((s) => s.busy)
  const viewOnly = useSync((s) => s.role === 'view')
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, setOpen])
  return (
    <div className={`sheet ${open ? 'open' : ''}`} data-testid="bottom-sheet" data-open={open ? 'yes' : 'no'}>
      <div className="sheet-bar">
        <button type="button" className="sheet-toggle" aria-expanded={open} aria-controls="sheet-body" onClick={() => setOpen(!open)} data-testid="sheet-toggle">
          <span aria-hidden="true">{open ? '▾' : '▴'}</span> {open ? 'Back to the table' : 'Controls'}
        </button>
        {!viewOnly && (
          <button type="button" className="primary" disabled={!canRule || busy} onClick={() => void ruleOnThis()} data-testid="sheet-rule-on-this">Rule on this</button>
        )}
      </div>
      <div id="sheet-body" className="sheet-body" hidden={!open}>
        <div ref={slot} className="sheet-mode" data-testid="sheet-mode-controls" />
        {children}
      </div>
    </div>
  )
}
