// Whether the screen is laid out view-first: the camera or photo image fills the screen, the verdict
// floats over it and the controls are in a bottom sheet. On a phone or tablet (narrower than
// VIEW_FIRST_MAX_WIDTH_PX, portrait or landscape) in the camera modes; a desktop keeps image and panel
// side by side. Also whether the top bar is the compact one (a phone, or any view-first screen).
import { useSyncExternalStore } from 'react'
import { useApp } from '../state/appStore.ts'

/** Below this width (CSS px) the camera modes are view-first: phones and tablets, either way up. */
export const VIEW_FIRST_MAX_WIDTH_PX = 1279
/** Below this width the top bar is one row with a menu. */
export const COMPACT_BAR_MAX_WIDTH_PX = 820

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const q = window.matchMedia(query)
      q.addEventListener('change', changed)
      return () => q.removeEventListener('change', changed)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

const useMaxWidth = (px: number): boolean => useMedia(`(max-width: ${px}px)`)

/** Upright and narrower than this (CSS px), a view-first screen is a phone held upright. */
export const UPRIGHT_PHONE_MAX_WIDTH_PX = 560

export function useViewFirst(): boolean {
  const mode = useApp((s) => s.mode)
  const narrow = useMaxWidth(VIEW_FIRST_MAX_WIDTH_PX)
  return narrow && (mode === 'camera' || mode === 'photo')
}

/**
 * A phone held upright in a camera mode: the picture is narrow, so what floats at its sides covers the
 * picked models' labels; the planning toggles stand in a row above the status line instead.
 */
export function useUprightPhone(): boolean {
  const viewFirst = useViewFirst()
  const upright = useMedia(`(orientation: portrait) and (max-width: ${UPRIGHT_PHONE_MAX_WIDTH_PX}px)`)
  return viewFirst && upright
}

export function useCompactBar(): boolean {
  const phone = useMaxWidth(COMPACT_BAR_MAX_WIDTH_PX)
  const viewFirst = useViewFirst()
  return phone || viewFirst
}
