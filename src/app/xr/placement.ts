// Where the table stands in the XR world. The table frame is mm with z up; the XR world is metres
// with y up. Placing by one point puts the table's centre there; aligning two corners puts corner
// (0, 0) at the first point and turns the table so its +x edge runs toward the second.
import { Matrix4, Quaternion, Vector3 } from 'three'

export type TablePlacement = {
  /** World position of the table frame's origin (metres). */
  origin: [number, number, number]
  /** Yaw about world +y (radians). */
  yaw: number
  /** Distance between the two aligned corners (metres), when placed that way. */
  measuredEdgeM: number | null
}

const MM_TO_M = 0.001

/** Table frame (mm, z up) → world (m, y up), for a placement. */
export function tableToWorld(p: TablePlacement, target: Matrix4): Matrix4 {
  const toYUp = new Matrix4().makeRotationX(-Math.PI / 2)
  const scale = new Matrix4().makeScale(MM_TO_M, MM_TO_M, MM_TO_M)
  const yaw = new Matrix4().makeRotationY(p.yaw)
  const move = new Matrix4().makeTranslation(p.origin[0], p.origin[1], p.origin[2])
  return target.copy(move).multiply(yaw).multiply(toYUp).multiply(scale)
}

/** Centre the table (width × depth mm) on a world point, with its +x edge along the viewer's right. */
export function placeCentredAt(point: Vector3, widthMm: number, depthMm: number, yaw = 0): TablePlacement {
  // The origin corner sits half the table away from the centre, in the yawed table axes.
  const offset = new Vector3(-widthMm / 2, 0, depthMm / 2).multiplyScalar(MM_TO_M).applyQuaternion(new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), yaw))
  return { origin: [point.x + offset.x, point.y, point.z + offset.z], yaw, measuredEdgeM: null }
}

/** Corner (0, 0) at `a`, the table's +x edge toward `b`. */
export function placeByCorners(a: Vector3, b: Vector3): TablePlacement {
  const dx = b.x - a.x
  const dz = b.z - a.z
  return { origin: [a.x, a.y, a.z], yaw: Math.atan2(-dz, dx), measuredEdgeM: Math.hypot(dx, dz) }
}
