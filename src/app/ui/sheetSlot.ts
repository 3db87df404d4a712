// Where a camera mode puts its controls (registry, calibration, hands, start/stop) when the screen is
// view-first: the bottom sheet's first section, through a portal. Null elsewhere (the mode keeps them
// beside its image).
import { createContext, useContext } from 'react'

export const SheetSlotContext = createContext<HTMLElement | null>(null)

export function useSheetSlot(): HTMLElement | null {
  return useContext(SheetSlotContext)
}
