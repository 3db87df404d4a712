// The table's root object (table frame: mm, z up), shared with pieces that turn pointer rays into
// table coordinates. In the planner it is the world; in WebXR it is scaled and placed by hit-test.
import { createContext, useContext, type RefObject } from 'react'
import type { Group } from 'three'

export const TableFrameContext = createContext<RefObject<Group | null> | null>(null)

export function useTableFrame(): RefObject<Group | null> {
  const ref = useContext(TableFrameContext)
  if (!ref) throw new Error('useTableFrame: outside <TableContent>')
  return ref
}

/** How the table is drawn: solid in the planner and AR; "ghost" over a photo or video, where the real
 * models and terrain are already in the picture and only outlines, labels and the overlay help. */
export const TableLookContext = createContext<{ ghost: boolean }>({ ghost: false })

export function useTableLook(): { ghost: boolean } {
  return useContext(TableLookContext)
}
