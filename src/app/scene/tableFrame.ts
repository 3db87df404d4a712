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
