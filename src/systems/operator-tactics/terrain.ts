// §06 Terrain types as the scene vocabulary, and what each piece does to sight, cover and movement,
// including the §26 arena overrides (Desert Canyon, Urban Sprawl, Jungle Canopy, Flooded District).
import type { Table, TableModel, TableTerrain, TerrainTypeDecl } from '../../engine/index.ts'
import { inches, polygonContains, closestPointOnPolygon, sampleBaseBoundary } from '../../engine/index.ts'
import { SK } from './constants.ts'
import { readOptions } from './options.ts'

export const TERRAIN_TYPES: readonly TerrainTypeDecl[] = [
  { id: 'open', description: 'Open Ground: no cover, no cost (a marked area)', section: '§06 Terrain types L769' },
  { id: 'light-cover', description: 'Light Cover: low walls, foliage. Shoot −1', section: '§06 Terrain types L770' },
  { id: 'heavy-cover', description: 'Heavy Cover: reinforced barriers. Shoot −2. Difficult terrain', section: '§06 Terrain types L771' },
  { id: 'full-cover', description: 'Full Cover: blocks LoS; cannot be targeted', section: '§06 Terrain types L772' },
  { id: 'impassable', description: 'Impassable: cannot enter; Breach creates an opening', section: '§06 Terrain types L773' },
  { id: 'elevation', description: 'Elevation: see over low obstacles (climb onto it; add keyword full-cover if it also blocks sight)', section: '§06 Terrain types L774' },
  { id: 'difficult', description: 'Difficult terrain: 2" spent per 1" (e.g. Iron Line wreckage carried over, §24)', section: '§02 Movement details L256' },
  { id: 'smoke', description: 'Smoke: blocks LoS until the End Phase (size never printed; place its footprint)', section: '§02 The round L238' },
  { id: 'objective', description: 'An objective marker (scenario objective, Intel marker, terminal)', section: '§05 Scenarios' },
]

export const TERRAIN_KEYWORDS = [
  'light-cover', 'heavy-cover', 'full-cover', 'impassable', 'elevation', 'difficult',
  'ladder', 'stairs', 'no-handhold', 'building', 'vegetation', 'door', 'barricade', 'hardpoint', 'terminal',
] as const

export type CoverLevel = 'none' | 'light' | 'heavy'

export const COVER_MODIFIER: Readonly<Record<CoverLevel, number>> = {
  none: 0,
  light: SK.lightCoverModifier.value,
  heavy: SK.heavyCoverModifier.value,
}

/** "If solid terrain breaks the line, no LoS" — Full Cover (and smoke; Impassable by option). */
export function blocksSight(table: Table, p: TableTerrain): boolean {
  const o = readOptions(table.options)
  return p.has('full-cover') || p.has('smoke') || (o.losBlockers === 'full-and-impassable' && p.has('impassable'))
}

/** The cover a piece gives as printed (§06), then the §26 arena overrides. */
export function coverLevelOf(table: Table, p: TableTerrain, shooter: TableModel | null): { level: CoverLevel; rule: string } {
  const o = readOptions(table.options)
  let level: CoverLevel = p.has('heavy-cover') ? 'heavy' : p.has('light-cover') ? 'light' : 'none'
  let rule = level === 'heavy' ? '§06 Terrain types L771' : level === 'light' ? '§06 Terrain types L770' : '§06 Terrain types'
  if (o.crackerjack) {
    if (o.crackerjackArena === 'desert-canyon' && level === 'light') {
      level = 'heavy'
      rule = '§26 Terrain protocol L2416 Desert Canyon: "No light cover exists. All cover is heavy."'
    }
    if (o.crackerjackArena === 'urban-sprawl' && p.has('building') && level !== 'heavy') {
      level = 'heavy'
      rule = '§26 Terrain protocol L2413 Urban Sprawl: "Buildings provide heavy cover."'
    }
    if (o.crackerjackArena === 'jungle-canopy' && shooter && !p.has('objective') && pieceDistanceMm(p, shooter.x, shooter.y) > inches(SK.crackerjackJungleHeavyBeyondInches.value)) {
      level = 'heavy'
      rule = '§26 Terrain protocol L2417 Jungle Canopy: "Terrain beyond 12" counts as heavy cover."'
    }
  }
  return { level, rule }
}

/** Difficult ground: Heavy Cover and difficult pieces (§02 L256, §06 L771); Flooded District's open ground (§26). */
export function isDifficult(p: TableTerrain): boolean {
  return p.has('heavy-cover') || p.has('difficult')
}

/** Pieces a model stands on: its centre is over the footprint and its base bottom sits on the top. */
export function supportOf(table: Table, m: TableModel): TableTerrain | null {
  let best: TableTerrain | null = null
  for (const p of table.terrain) {
    if (Math.abs(p.solid.topZ - m.z) > 2) continue
    if (!polygonContains(p.solid.footprint, m.x, m.y, 1e-6)) continue
    if (!best || p.solid.topZ > best.solid.topZ) best = p
  }
  return best
}

/** 2D distance from a point to a piece's footprint (0 inside). */
export function pieceDistanceMm(p: TableTerrain, x: number, y: number): number {
  if (polygonContains(p.solid.footprint, x, y, 1e-9)) return 0
  return closestPointOnPolygon(p.solid.footprint, x, y).distanceMm
}

/** 2D gap between a model's base and a piece's footprint (0 when touching or overlapping). */
export function baseToPieceMm(m: TableModel, p: TableTerrain): number {
  if (polygonContains(p.solid.footprint, m.x, m.y, 1e-9)) return 0
  if (m.base.shape === 'round') {
    // Exact for a disc: centre-to-footprint distance less the radius.
    return Math.max(0, closestPointOnPolygon(p.solid.footprint, m.x, m.y).distanceMm - m.base.diameter / 2)
  }
  let best = Infinity
  for (const [x, y] of sampleBaseBoundary(m.placed, 96)) {
    if (polygonContains(p.solid.footprint, x, y, 1e-9)) return 0
    best = Math.min(best, closestPointOnPolygon(p.solid.footprint, x, y).distanceMm)
  }
  // Polygon vertices can poke between the samples: check them against the base too.
  for (const [vx, vy] of p.solid.footprint) {
    const d = Math.hypot(vx - m.x, vy - m.y)
    const r = Math.min(m.placed.halfLengthMm, m.placed.halfWidthMm)
    if (d <= r) return 0
  }
  return best
}
