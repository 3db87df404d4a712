// How far from an object's pose its printed markers reach (centre offset plus half the marker's
// diagonal), mm: a hand within this (plus a margin) of the pose may hide one of them.
import type { Registry } from '../registry/registrySchema.ts'

export function markerReachMm(registry: Registry, kind: 'model' | 'terrain', id: string): number {
  let reach = 0
  for (const m of registry.markers) {
    if (m.role === 'table') continue
    if (m.role === 'model' ? kind !== 'model' || m.model !== id : kind !== 'terrain' || m.terrain !== id) continue
    reach = Math.max(reach, Math.hypot(m.offset?.[0] ?? 0, m.offset?.[1] ?? 0) + (m.size * Math.SQRT2) / 2)
  }
  return reach
}
