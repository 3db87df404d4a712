// A camera mode's controls, shown beside its image (side by side) or in the bottom sheet's slot
// (view-first). They are rendered once into a host element of their own that is moved between the
// two places, never re-rendered in a new one: turning a tablet or resizing a window must not stop
// hand tracking or lose a calibration in progress (a portal into another container remounts).
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useSheetSlot } from './sheetSlot.ts'

export function ModeControls({ children }: { children: ReactNode }) {
  const [host] = useState(() => {
    const el = document.createElement('div')
    el.className = 'mode-controls'
    return el
  })
  const home = useRef<HTMLDivElement>(null)
  const slot = useSheetSlot()
  useLayoutEffect(() => {
    const place = slot ?? home.current
    if (place && host.parentElement !== place) place.appendChild(host)
  }, [slot, host])
  useLayoutEffect(() => () => host.remove(), [host])
  return (
    <>
      <div ref={home} className="mode-controls-home" />
      {createPortal(children, host)}
    </>
  )
}
