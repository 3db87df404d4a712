// The pinch measure as the verdict strip shows it (issue 15 item 3): a tiny external store the hands
// runtime writes at human pace (when the shown figure changes, never per frame), read with
// useSyncExternalStore. Kept apart from the lazy hands runtime so the strip does not pull it in.
import { useSyncExternalStore } from 'react'

export type PinchView = {
  distanceMm: number
  /** 1-sigma, mm. */
  uncertaintyMm: number
  fromId: string | null
  toId: string | null
  /** The pinch still holds (else: the last pinch's measure). */
  live: boolean
}

let current: PinchView | null = null
const listeners = new Set<() => void>()

/**
 * Offer the gesture tracker's measure (per hand frame; `active: false` or null clears it). A new view
 * is made, and listeners told, only when the shown figure changes (0.1 mm steps): no per-frame allocation.
 */
export function setPinchView(m: (PinchView & { active: boolean }) | null): void {
  const v = m?.active ? m : null
  const same = v === null ? current === null
    : current !== null && Math.round(v.distanceMm * 10) === Math.round(current.distanceMm * 10) && Math.round(v.uncertaintyMm * 10) === Math.round(current.uncertaintyMm * 10)
      && v.fromId === current.fromId && v.toId === current.toId && v.live === current.live
  if (same) return
  current = v && { distanceMm: v.distanceMm, uncertaintyMm: v.uncertaintyMm, fromId: v.fromId, toId: v.toId, live: v.live }
  for (const l of listeners) l()
}

export function pinchView(): PinchView | null {
  return current
}

export function usePinchView(): PinchView | null {
  return useSyncExternalStore((l) => { listeners.add(l); return () => { listeners.delete(l) } }, pinchView, pinchView)
}
