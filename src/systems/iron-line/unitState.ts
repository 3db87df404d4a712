// A unit on the table read as Iron Line sees it: stats (catalogue, overridden inline), keywords with
// their values ("ranged(24)", "hero(+2)"), and the state the camera cannot see (Strain, Broken).
import type { PlacedBase, Table, TableModel } from '../../engine/index.ts'
import { measureBaseGap2, placeBase, pointSegmentDistance, polygonContains } from '../../engine/index.ts'
import type { AttacksStat, DefenceStat, FootprintClass, Order } from './catalogue.ts'
import { findKeyword } from './catalogue.ts'
import { IRON_LINE } from './constants.ts'

export type IronLineUnit = {
  model: TableModel
  order: Order
  attacks: AttacksStat
  defence: DefenceStat
  /** Strikes after Hero (+x) (§23 L2053). */
  strikes: number
  speed: number | null
  footprintClass: FootprintClass
  points: number
  /** Keyword id → summed value (1 for keywords without a value). */
  keywords: ReadonlyMap<string, number>
  /** Strain tokens on the unit (scene `stats.strain`, else its state counter `strain`, default 0). */
  strain: number
  /** Broken as marked on the table (status "broken"); see integrity.ts for Broken by Strain. */
  markedBroken: boolean
}

const KEYWORD_RE = /^([a-z][a-z-]*)(?:\s*\(\s*([+-]?\d+)\s*\))?$/

/** "ranged(24)" → { id: 'ranged', value: 24 }; "hero(+2)" → { id: 'hero', value: 2 }; "large" → { id: 'large' }. */
export function parseKeyword(text: string): { id: string; value?: number } | null {
  const m = KEYWORD_RE.exec(text.trim().toLowerCase())
  if (!m) return null
  return m[2] === undefined ? { id: m[1]! } : { id: m[1]!, value: Number(m[2]) }
}

export function isKnownKeyword(text: string): boolean {
  const k = parseKeyword(text)
  return k !== null && (findKeyword(k.id) !== undefined || ['close-order', 'loose-order', 'free-order'].includes(k.id))
}

function asOrder(v: unknown): Order {
  return v === 'loose' || v === 'free' ? v : 'close'
}
function asAttacks(v: unknown): AttacksStat {
  return v === 'weak' || v === 'strong' || v === 'monstrous' ? v : 'none'
}
function asDefence(v: unknown): DefenceStat {
  return v === 'weak' || v === 'strong' ? v : 'none'
}
function asNumber(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback
}

export function readUnit(m: TableModel): IronLineUnit {
  const keywords = new Map<string, number>()
  const addKw = (id: string, value: number): void => {
    keywords.set(id, (keywords.get(id) ?? 0) + value)
  }
  for (const text of m.keywords) {
    const k = parseKeyword(text)
    if (!k) continue
    const def = findKeyword(k.id)
    // Incrementing keywords add up ("increment the existing value", §12 L1244); others are present or not.
    if (def?.step !== undefined || k.id === 'command' || k.id === 'ranged') addKw(k.id, k.value ?? def?.step ?? 1)
    else keywords.set(k.id, k.value ?? 1)
  }
  // "The Commander gains Command (+1) and Hero (+2)." (§21 L1868); "The Relay Beacon gains Command (+1) and Hero (+1)." (§21 L1874)
  if (keywords.has('commander')) {
    addKw('command', 1)
    addKw('hero', 2)
  }
  if (keywords.has('relay-beacon')) {
    addKw('command', 1)
    addKw('hero', 1)
  }
  const s = m.stats
  const speedRaw = s['speed']
  const footprint = keywords.has('horde') ? 'horde' : keywords.has('narrow-footprint') ? 'narrow' : keywords.has('wide-footprint') ? 'wide' : ((s['footprint'] as FootprintClass | undefined) ?? 'wide')
  return {
    model: m,
    order: asOrder(s['order']),
    attacks: asAttacks(s['attacks']),
    defence: asDefence(s['defence']),
    strikes: asNumber(s['strikes'], IRON_LINE.defaultStrikes.value) + (keywords.get('hero') ?? 0),
    speed: typeof speedRaw === 'number' ? speedRaw + (keywords.get('swift') ?? 0) - (keywords.get('slow') ?? 0) : null,
    footprintClass: footprint,
    points: asNumber(s['points'], 0),
    keywords,
    // Strain given by hand in the scene's stats wins; else the game state's counter (issue 33).
    strain: asNumber(s['strain'], m.scene.state?.counters?.strain ?? 0),
    markedBroken: m.status.includes('broken'),
  }
}

export function hasKeyword(u: IronLineUnit, id: string): boolean {
  return (u.keywords.get(id) ?? 0) !== 0
}

export function keywordValue(u: IronLineUnit, id: string): number {
  return u.keywords.get(id) ?? 0
}

/** Ranged (x), halved rounding down with Short-Ranged (§23 L2066, L2070); null if the unit cannot shoot. */
export function rangedInches(u: IronLineUnit): number | null {
  const x = u.keywords.get('ranged')
  if (x === undefined || x <= 0) return null
  return hasKeyword(u, 'short-ranged') ? Math.floor(x / 2) : x
}

/** Close and Free Order are Implacable by default (§16 L1479). */
export function isImplacable(u: IronLineUnit): boolean {
  return u.order === 'close' || u.order === 'free' || hasKeyword(u, 'implacable')
}

/** "Units touching Large terrain also gain Large." (§16 L1513) The id of the piece touched, or null. */
export function touchesLargeTerrain(table: Table, m: TableModel): string | null {
  return table.terrain.find((t) => t.has('large') && footprintTouchesPolygon(m, t.solid.footprint))?.id ?? null
}

export function isLarge(table: Table, u: IronLineUnit): boolean {
  return hasKeyword(u, 'large') || touchesLargeTerrain(table, u.model) !== null
}

/** The four corners of a unit's rectangular footprint: front-left, front-right, rear-right, rear-left. */
export function baseCorners(m: TableModel): Array<[number, number]> {
  return placedCorners(m.placed)
}

/** The four corners of a placed rectangle (front-left, front-right, rear-right, rear-left). */
export function placedCorners(b: PlacedBase): Array<[number, number]> {
  const a = b.halfLengthMm
  const c = b.halfWidthMm
  const at = (u: number, v: number): [number, number] => [b.cx + u * b.ux - v * b.uy, b.cy + u * b.uy + v * b.ux]
  return [at(a, c), at(a, -c), at(-a, -c), at(-a, c)]
}

function footprintContains(m: TableModel, x: number, y: number): boolean {
  const b = m.placed
  const dx = x - b.cx
  const dy = y - b.cy
  const u = dx * b.ux + dy * b.uy
  const v = -dx * b.uy + dy * b.ux
  return Math.abs(u) <= b.halfLengthMm + 1e-6 && Math.abs(v) <= b.halfWidthMm + 1e-6
}

/** Does the footprint touch or overlap the polygon (to 1e-6 mm)? */
export function footprintTouchesPolygon(m: TableModel, poly: ReadonlyArray<readonly [number, number]>): boolean {
  return measureFootprintToPolygonMm(m, poly) <= 1e-6
}

/** Closest distance between a unit's footprint and a polygon (0 when they touch or overlap), mm. */
export function measureFootprintToPolygonMm(m: TableModel, poly: ReadonlyArray<readonly [number, number]>): number {
  const corners = baseCorners(m)
  if (poly.some(([x, y]) => footprintContains(m, x, y))) return 0
  if (corners.some(([x, y]) => polygonContains(poly, x, y, 1e-9))) return 0
  let best = Infinity
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i]!
    const b = corners[(i + 1) % corners.length]!
    for (let j = 0; j < poly.length; j++) {
      const c = poly[j]!
      const d = poly[(j + 1) % poly.length]!
      best = Math.min(best, segmentSegmentDistance(a, b, c, d))
    }
  }
  return best
}

export function segmentSegmentDistance(a: readonly [number, number], b: readonly [number, number], c: readonly [number, number], d: readonly [number, number]): number {
  const cross = (o: readonly [number, number], p: readonly [number, number], q: readonly [number, number]): number => (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])
  const d1 = cross(c, d, a)
  const d2 = cross(c, d, b)
  const d3 = cross(a, b, c)
  const d4 = cross(a, b, d)
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return 0
  return Math.min(
    pointSegmentDistance(a[0], a[1], c[0], c[1], d[0], d[1]),
    pointSegmentDistance(b[0], b[1], c[0], c[1], d[0], d[1]),
    pointSegmentDistance(c[0], c[1], a[0], a[1], b[0], b[1]),
    pointSegmentDistance(d[0], d[1], a[0], a[1], b[0], b[1]),
  )
}

/** Gap between two units' footprints (closest point to closest point, §12 L1266), 2D, mm. */
export function measureUnitGapMm(a: TableModel, b: TableModel): number {
  return measureBaseGap2(a.placed, b.placed).gapMm
}

/** A unit's footprint as a zero-size probe at a point (for measuring from a point to a footprint). */
export function pointProbe(x: number, y: number): ReturnType<typeof placeBase> {
  return placeBase({ shape: 'round', diameter: 1e-9 }, x, y, 0)
}
