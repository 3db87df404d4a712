// Terrain in Skrapyard's own vocabulary. "An entity on the gaming surface with no statline is an
// obstacle" (§2.1.1). Linear obstacles "must have a stature" (§12.8.1); area obstacles "must be
// classified with a density" (§12.9.1); "a building consists of a combination of linear obstacles" (§12.8).
import type { Table, TableTerrain, TerrainTypeDecl } from '../../engine/index.ts'
import { AREA_DENSITIES, type AreaDensity } from './catalogue.ts'

export const TERRAIN_TYPES: readonly TerrainTypeDecl[] = [
  { id: 'linear', description: 'Linear obstacle: fence, wall, hedge, barricade, narrow stream. Needs keyword stature-N.', section: '§12.8' },
  { id: 'building', description: 'A building: its walls are linear obstacles climbed up and down, its flat roof walkable. Needs keyword stature-N (its walls).', section: '§12.8' },
  { id: 'area', description: 'Area obstacle: woods, rivers, ponds, undergrowth. Needs a density keyword: difficult, severe, extreme or impassable.', section: '§12.9' },
  { id: 'impassable', description: 'An impassable object: may not be moved through.', section: '§12.9.7' },
]

export const TERRAIN_KEYWORDS: readonly string[] = [
  ...AREA_DENSITIES.map((d) => d.id),
  ...Array.from({ length: 9 }, (_, i) => `stature-${i}`),
]

export type ObstacleInfo =
  | { readonly kind: 'linear' | 'building'; readonly stature: number }
  | { readonly kind: 'area'; readonly density: AreaDensity }
  | { readonly kind: 'impassable' }

export function readObstacle(piece: TableTerrain): ObstacleInfo {
  if (piece.type === 'impassable') return { kind: 'impassable' }
  if (piece.type === 'area') {
    const density = AREA_DENSITIES.find((d) => piece.keywords.includes(d.id)) ?? AREA_DENSITIES[0]!
    return density.id === 'impassable' ? { kind: 'impassable' } : { kind: 'area', density }
  }
  const kw = piece.keywords.find((k) => /^stature-\d+$/.test(k))
  return { kind: piece.type === 'building' ? 'building' : 'linear', stature: kw ? Number(kw.slice('stature-'.length)) : 0 }
}

/** Scene checks: linear obstacles and buildings carry a stature, area obstacles one density. */
export function checkTerrain(table: Table): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = []
  for (const t of table.terrain) {
    const path = `terrain[${t.index}].keywords`
    const statures = t.keywords.filter((k) => k.startsWith('stature-'))
    const densities = t.keywords.filter((k) => AREA_DENSITIES.some((d) => d.id === k))
    if ((t.type === 'linear' || t.type === 'building') && statures.length !== 1) {
      issues.push({ path, message: `a ${t.type} obstacle needs exactly one stature keyword (stature-0 … stature-8): "Linear obstacles must have a stature" (§12.8.1)` })
    }
    if (t.type === 'area' && densities.length !== 1) {
      issues.push({ path, message: 'an area obstacle needs exactly one density: difficult, severe, extreme or impassable (§12.9.1)' })
    }
  }
  return issues
}
