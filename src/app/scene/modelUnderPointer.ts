// Which model a tap or a grab means when the pointer's ray crosses several models' hit volumes. Each
// volume is at least 30 mm wide (a small base stays tappable), so in a tight group a model in front
// covers the lower part of the one behind it, and the nearest hit alone took the neighbour (a drag on
// one moved the other). The model meant is the one whose vertical axis the ray passes closest to.
import type { Object3D, Ray } from 'three'
import { Matrix4 } from 'three'

const MODEL_PREFIX = 'model:'
const toTable = new Matrix4()

/** The model id of a hit object (its `model:<id>` group), or null. */
export function modelIdOf(object: Object3D | null): string | null {
  for (let o = object; o; o = o.parent) if (o.name.startsWith(MODEL_PREFIX)) return o.name.slice(MODEL_PREFIX.length)
  return null
}

export type ModelAxis = { position: readonly [number, number]; z?: number; height: number }

/**
 * Among the models hit (`hits`, nearest first), the one whose vertical axis (base to top) the ray
 * (world frame) passes closest to, measured in the table's frame (`frame`: the table's root
 * object). Null when fewer than two models are hit (the nearest hit is then the answer).
 */
export function modelUnderPointer(ray: Ray, hits: readonly { object: Object3D }[], frame: Object3D, modelOf: (id: string) => ModelAxis | null): string | null {
  const ids: string[] = []
  for (const h of hits) {
    const id = modelIdOf(h.object)
    if (id !== null && !ids.includes(id)) ids.push(id)
  }
  if (ids.length < 2) return null
  const local = ray.clone().applyMatrix4(toTable.copy(frame.matrixWorld).invert())
  const { x: ox, y: oy, z: oz } = local.origin
  const { x: dx, y: dy, z: dz } = local.direction
  const across2 = dx * dx + dy * dy
  let best: string | null = null
  let bestDistance = Infinity
  for (const id of ids) {
    const m = modelOf(id)
    if (!m) continue
    const base = m.z ?? 0
    const top = base + Math.max(m.height, 10)
    // Where the ray passes the axis closest seen from above; how far off it is there, across and in height.
    const t = across2 < 1e-12 ? 0 : ((m.position[0] - ox) * dx + (m.position[1] - oy) * dy) / across2
    const across = Math.hypot(ox + t * dx - m.position[0], oy + t * dy - m.position[1])
    const z = oz + t * dz
    const off = z > top ? z - top : z < base ? base - z : 0
    const distance = across2 < 1e-12 ? across : Math.hypot(across, off)
    if (distance < bestDistance) {
      bestDistance = distance
      best = id
    }
  }
  return best
}
