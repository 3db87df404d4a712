// A hand's outline on the table: its landmarks mapped through the table lock, then their convex hull.
// That is the patch of table the hand hides from the camera (each pixel's ray meets the table there).
// Hot path: scratch below is not reentrant.
import { HAND_POINTS, type HandObservation } from './handLandmarks.ts'
import { type Hull, convexHull } from './handHull.ts'
import { type HandTableLock, mapHandToTable } from './mapHandToTable.ts'

const _table = new Float64Array(HAND_POINTS * 2)

export function handOutlineOnTable(lock: HandTableLock, hand: HandObservation, target: Hull): Hull {
  mapHandToTable(lock, hand, _table)
  return convexHull(_table, HAND_POINTS, target)
}
