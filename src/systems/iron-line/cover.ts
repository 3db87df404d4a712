// Cover for a shooting target (§16 L1512–1517): Obscuring terrain the target is wholly or partly behind
// gives the Cover keyword (+1 TN); inside Fortified terrain +2; Elevated Fire (§16A L1561–1567) downgrades
// one step; Crackerjack objective cover (§26 L2395) counts as Cover by the §16 cross-walk (L1517).
import { type Table, type TableModel, inches, measureBaseGap2, polygonContains, sampleBaseArea } from '../../engine/index.ts'
import { IRON_LINE } from './constants.ts'
import type { IronLineContext } from './context.ts'
import { type SightFigure, piecesContaining } from './lineOfSight.ts'
import { opt } from './options.ts'
import type { TerrainPenalty } from './targetNumber.ts'
import { baseCorners, footprintTouchesPolygon, isLarge, pointProbe, readUnit } from './unitState.ts'

export type CoverCall = {
  level: TerrainPenalty
  /** Before Elevated Fire. */
  terrainLevel: TerrainPenalty
  by: string[]
  steps: string[]
  elevatedFire: boolean
  rules: string[]
}

/** Which part of a footprint lies in a polygon, by the option's reading of "inside". */
export function isFootprintInside(m: TableModel, poly: ReadonlyArray<readonly [number, number]>, test: 'wholly' | 'centre' | 'any-part'): boolean {
  if (test === 'centre') return polygonContains(poly, m.x, m.y, 1e-9)
  const pts = [...baseCorners(m), ...sampleBaseArea(m.placed, 64)]
  const inside = pts.filter(([x, y]) => polygonContains(poly, x, y, 1e-6)).length
  return test === 'wholly' ? inside === pts.length : inside > 0
}

/** Is the shooter on higher ground than the target (§16A L1563; options.ts higherGround)? */
export function isHigherGround(table: Table, shooter: TableModel, target: TableModel): boolean {
  if (opt(table).higherGround === 'large-terrain') {
    return isLargeTerrainTouch(table, shooter) && !isLargeTerrainTouch(table, target)
  }
  return shooter.z > target.z + 1e-6
}

function isLargeTerrainTouch(table: Table, m: TableModel): boolean {
  return table.terrain.some((t) => t.has('large') && footprintTouchesPolygon(m, t.solid.footprint))
}

export function decideCover(table: Table, attacker: TableModel, target: TableModel, sight: SightFigure, ctx: IronLineContext): CoverCall {
  const o = opt(table)
  const by: string[] = []
  const steps: string[] = []
  const rules: string[] = []
  let fortified = false
  let cover = false
  for (const piece of table.terrain) {
    if (piece.has('fortified') && isFootprintInside(target, piece.solid.footprint, o.fortifiedInsideTest)) {
      fortified = true
      by.push(piece.id)
      steps.push(`inside Fortified ${piece.id} (${o.fortifiedInsideTest}): +2`)
      rules.push('§16 L1517')
    }
  }
  const ignore = new Set(o.obscuringIgnoreShooterPiece ? piecesContaining(table, sight.origin[0], sight.origin[1]) : [])
  const obscuring = table.terrain.filter((t) => t.has('obscuring') && !ignore.has(t.id))
  if (o.obscuringTest === 'touching-or-inside') {
    for (const p of obscuring) if (footprintTouchesPolygon(target, p.solid.footprint)) by.push(p.id)
  } else {
    const ids = new Set(obscuring.map((p) => p.id))
    const clear = sight.rays.filter((r) => !r.blocked)
    const behind = clear.filter((r) => r.obscuredBy.some((id) => ids.has(id)))
    const fraction = clear.length ? behind.length / clear.length : 0
    const qualifies = o.obscuringTest === 'partly-behind' ? fraction > 0 : fraction >= 0.5
    if (qualifies) for (const r of behind) for (const id of r.obscuredBy) if (ids.has(id) && !by.includes(id)) by.push(id)
    if (qualifies) steps.push(`${Math.round(fraction * 100)}% of the clear sight lines pass through Obscuring ${[...new Set(behind.flatMap((r) => r.obscuredBy))].filter((id) => ids.has(id)).join(', ')}`)
  }
  if (by.some((id) => obscuring.some((p) => p.id === id))) {
    cover = true
    rules.push('§16 L1512', '§23 L2040')
  }
  if (!cover && o.coverPersistence === 'until-moves' && ctx.hasCoverKeyword) {
    cover = true
    steps.push('keeps the Cover keyword from an earlier shot ("until it moves out")')
    rules.push('§16 L1517')
  }
  if (!cover && o.crackerjackObjectiveCover) {
    const markers = [...(ctx.objectives ?? []), ...table.terrain.filter((t) => t.type === 'objective-marker').map((t) => centroid(t.solid.footprint))]
    for (const [x, y] of markers) {
      const gap = measureBaseGap2(pointProbe(x, y), target.placed).gapMm
      if (gap <= inches(IRON_LINE.crackerjackObjectiveCoverInches.value) + 1e-6) {
        cover = true
        steps.push(`within 1" of the objective at (${x.toFixed(0)}, ${y.toFixed(0)}): light cover = Cover`)
        rules.push('§26 L2395', '§16 L1517')
        break
      }
    }
  }
  const terrainLevel: TerrainPenalty = fortified && cover && o.coverStacking === 'stack' ? 'fortified+cover' : fortified ? 'fortified' : cover ? 'cover' : 'none'
  let level = terrainLevel
  let elevatedFire = false
  if (o.elevatedFire && level !== 'none' && isHigherGround(table, attacker, target)) {
    elevatedFire = true
    // "Fortified (+2 Target Number) counts as Cover (+1). Cover (+1) counts as none." (§16A L1565)
    level = level === 'fortified+cover' ? 'fortified' : level === 'fortified' ? 'cover' : 'none'
    steps.push(`Elevated Fire from higher ground: ${terrainLevel} → ${level}`)
    rules.push('§16A L1563', '§16A L1565')
  }
  return { level, terrainLevel, by, steps, elevatedFire, rules }
}

function centroid(poly: ReadonlyArray<readonly [number, number]>): [number, number] {
  let x = 0
  let y = 0
  for (const p of poly) {
    x += p[0]
    y += p[1]
  }
  return [x / poly.length, y / poly.length]
}

export type DefiladeCall = { applies: boolean; piece: string | null; why: string }

/** Defilade (§16A L1552–1557): non-Large, non-Immobile, wholly inside Obscuring, did not shoot last round. */
export function decideDefilade(table: Table, attacker: TableModel, target: TableModel, ctx: IronLineContext): DefiladeCall {
  const t = readUnit(target)
  if (isLarge(table, t)) return { applies: false, piece: null, why: 'Large units never gain Defilade' }
  if ((t.keywords.get('immobile') ?? 0) > 0) return { applies: false, piece: null, why: 'Immobile units never gain Defilade' }
  const shot = ctx.targetShotLastRound ?? target.status.includes('shot-last-round')
  if (shot) return { applies: false, piece: null, why: 'the target shot during the previous round' }
  const piece = table.terrain.find((p) => p.has('obscuring') && isFootprintInside(target, p.solid.footprint, 'wholly'))
  if (!piece) return { applies: false, piece: null, why: 'not wholly inside an Obscuring feature' }
  if (isHigherGround(table, attacker, target)) return { applies: false, piece: piece.id, why: 'the attacker fires down from terrain above ("Higher ground beats it")' }
  return { applies: true, piece: piece.id, why: `wholly inside Obscuring ${piece.id} and did not shoot last round` }
}
