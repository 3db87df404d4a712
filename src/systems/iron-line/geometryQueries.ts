// The geometric queries as Iron Line answers them: LoS from the front-edge centre (§16 L1475), arcs
// (option), engagement within 1" with the arc each enemy is on, footprint legality, Integrity.
import { type ArcResult, type EngagementResult, type LosFigure, type LosResult, type QueryOf, type ResultBody, type Table, type TableModel, type VisibilityPair, type VisibilityResult, inches, marginOf, roundTo, sightOf, withSight } from '../../engine/index.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { type ArcCall, classifyUnitArc } from './arcs.ts'
import { FOOTPRINT_CLASSES } from './catalogue.ts'
import { contextOf, sitrepFigure, type SitrepFigure, marginalDistanceCall } from './context.ts'
import { decideCover } from './cover.ts'
import { ENGAGED_RULE, findEngagements, measureIntegrity, measureWithin, withinReading } from './engagement.ts'
import { IRON_LINE } from './constants.ts'
import { type SightFigure, traceSight } from './lineOfSight.ts'
import { opt } from './options.ts'
import { readUnit } from './unitState.ts'

export const LOS_RULE = '§16 L1475 (from the centre of the attacker\'s front edge to any point on the target; other units and Blocking terrain block; Large §23 L2061)'

export function sightFor(table: Table, viewer: TableModel, target: TableModel): SightFigure {
  return traceSight(table, viewer, target, { largeSeenOver: opt(table).largeSeenOver })
}

/** Iron Line's LoS class: blocked (no line), fortified (inside Fortified, +2), obscured (behind Obscuring: Cover, +1), clear. */
export function classifySight(table: Table, viewer: TableModel, target: TableModel, sight: SightFigure): 'blocked' | 'fortified' | 'obscured' | 'clear' {
  if (!sight.visible) return 'blocked'
  const level = decideCover(table, viewer, target, sight, {}).terrainLevel
  return level === 'none' ? 'clear' : level === 'cover' ? 'obscured' : 'fortified'
}

/** The result's `los` field, in the engine's shape, with Iron Line's class. */
export function ilLosFigure(table: Table, viewer: TableModel, target: TableModel, sight: SightFigure, rays: boolean): LosFigure & { class: string; seenOver: string[]; origin: [number, number] } {
  const cls = classifySight(table, viewer, target, sight)
  const n = sight.rays.length
  return {
    visible: sight.visible,
    fraction: roundTo(sight.fraction, 4),
    baseHidden: roundTo(1 - sight.fraction, 4),
    blockers: sight.blockers,
    obscuring: Object.keys(sight.obscuredBy),
    baseHiddenBy: {},
    class: cls,
    rays: n,
    baseRays: n,
    resolution: { fraction: roundTo(1 / Math.max(1, n), 4), baseHidden: roundTo(1 / Math.max(1, n), 4) },
    mode: '2d',
    ...book.cite({ rule: LOS_RULE }),
    seenOver: sight.seenOver,
    origin: [roundTo(sight.origin[0], 2), roundTo(sight.origin[1], 2)],
    ...(rays
      ? { sampleRays: sight.rays.map((r) => ({ from: [roundTo(r.from[0], 2), roundTo(r.from[1], 2), 0], to: [roundTo(r.to[0], 2), roundTo(r.to[1], 2), 0], blocked: r.blocked, by: r.by, hides: r.obscuredBy, base: true })) }
      : {}),
  }
}

/** A LoS call is marginal when the best clear line passes a blocker's corner within the tolerance, or the best blocked line cuts a blocker by a chord under twice the tolerance. */
export function marginalSightCall(table: Table, sight: SightFigure): SitrepFigure | null {
  const o = opt(table)
  if (!o.marginalCallSitrep) return null
  const tol = o.marginalToleranceMm
  if (sight.visible && sight.bestClearanceMm < tol) return sitrepFigure('even', `the only clear sight lines pass within ${sight.bestClearanceMm.toFixed(2)} mm of a blocker's corner (disputed LoS: even odds, as §02 L778 runs it)`)
  if (!sight.visible && sight.bestBlockedChordMm < 2 * tol) return sitrepFigure('even', `the best sight line cuts a blocker by only ${sight.bestBlockedChordMm.toFixed(2)} mm (disputed LoS: even odds, as §02 L778 runs it)`)
  return null
}

export function marginalArcCall(table: Table, arc: ArcCall): SitrepFigure | null {
  const o = opt(table)
  if (!o.marginalCallSitrep || arc.tie) return null
  if (arc.boundaryMarginMm >= o.marginalToleranceMm) return null
  return sitrepFigure('even', `the attacker is ${arc.boundaryMarginMm.toFixed(2)} mm from the ${arc.method} arc boundary`)
}

export function losQuery(table: Table, q: QueryOf<'los'>): LosResult {
  const a = table.model(q.from)
  const b = table.model(q.to)
  const sight = sightFor(table, a, b)
  const fig = ilLosFigure(table, a, b, sight, q.rays ?? false)
  const sitrep = marginalSightCall(table, sight)
  return { ...withSight(table.system, fig), ...(sitrep ? { sitrep } : {}), ...book.sources(['§16 L1475', ...(fig.seenOver.length ? ['§23 L2061'] : []), ...(fig.class === 'obscured' ? ['§16 L1512'] : fig.class === 'fortified' ? ['§16 L1517'] : [])]) }
}

export function visibilityQuery(table: Table, q: QueryOf<'visibility'>): VisibilityResult {
  const pairs: VisibilityPair[] = []
  for (const v of table.models.filter((m) => !q.side || m.side === q.side)) {
    for (const t of table.models) {
      if (t.side === v.side) continue
      const fig = ilLosFigure(table, v, t, sightFor(table, v, t), false)
      pairs.push({ from: v.id, to: t.id, visible: fig.visible, fraction: fig.fraction, class: fig.class, sight: sightOf(table.system, { visible: fig.visible, fraction: fig.fraction, baseHidden: 0, blockers: [] }, fig.class) })
    }
  }
  return { pairs, ...book.sources([LOS_RULE]) }
}

export function arcFigure(arc: ArcCall) {
  const r = (p: [number, number]): [number, number] => [roundTo(p[0], 2), roundTo(p[1], 2)]
  return {
    arc: arc.arc,
    tie: arc.tie,
    method: arc.method,
    evidence: arc.evidence,
    boundaryMarginMm: roundTo(arc.boundaryMarginMm, 2),
    lines: arc.lines.map((l) => ({ arc: l.arc, edge: l.edge, origin: r(l.origin), direction: [roundTo(l.direction[0], 6), roundTo(l.direction[1], 6)] as [number, number] })),
  }
}

export function arcQuery(table: Table, q: QueryOf<'arc'>): ArcResult {
  const o = opt(table)
  const of = table.model(q.of)
  const from = table.model(q.from)
  const arc = classifyUnitArc(of, from, o.arcMethod, o.cornerTie)
  const sitrep = marginalArcCall(table, arc)
  const cap = arc.arc === 'flank' ? 5 : arc.arc === 'rear' ? 3 : null
  return {
    ...arcFigure(arc),
    // The uniform arc fields: the test is the arcMethod option; membership marks the arc called and any tie.
    test: o.arcMethod,
    membership: (['front', 'flank', 'rear'] as const).map((a) => ({ arc: a, in: a === arc.arc, tied: arc.tie?.includes(a) ?? false })),
    diceCap: cap,
    ...(arc.tie ? { tieRule: o.cornerTie === 'rule-of-scrap' ? 'Rule of Scrap (§12 L1224): the arc worse for the defender' : 'defender-favoured' } : {}),
    ...(sitrep ? { sitrep } : {}),
    ...book.sources(['§16 L1469 (flank and rear are used but not defined: arcMethod option)', ...(cap ? ['§16 L1487'] : []), ...(arc.tie ? ['§12 L1224'] : [])]),
  }
}

export function engagementQuery(table: Table, q: QueryOf<'engagement'>): EngagementResult {
  const m = table.model(q.model)
  const list = findEngagements(table, m)
  // Marginal calls either side of 1": the engaged enemies and any enemy just outside.
  const oneInch = inches(IRON_LINE.engagementInches.value)
  const sitreps = table.models
    .filter((e) => e.side !== m.side)
    .map((e) => marginalDistanceCall(table, marginOf(measureWithin(table, m, e), oneInch, withinReading(table)), `engagement with ${e.id}`))
    .filter((s): s is SitrepFigure => s !== null)
  const integ = measureIntegrity(table, m)
  return {
    engaged: list.length > 0,
    with: list.map((e) => e.enemy.id),
    distances: list.map((e) => ({ model: e.enemy.id, mm: e.gapMm, inches: e.gapInches, margin: e.margin, arc: e.arc.arc, ...(e.arc.tie ? { tie: e.arc.tie } : {}) })),
    outmanoeuvred: integ.outmanoeuvred,
    mayShoot: list.length === 0,
    mayBeShot: list.length === 0 ? true : 'only by units with Shoot Into Combat',
    ...(sitreps.length ? { sitrep: sitreps[0] } : {}),
    ...book.sources([ENGAGED_RULE, ...(integ.outmanoeuvred.length ? ['§16 L1469'] : [])]),
  }
}

/** Does the footprint fit its class (§13 L1299–1304)? width = frontage (the front edge), depth = along the facing. */
export function footprintQuery(table: Table, q: { model: string }): ResultBody {
  const m = table.model(q.model)
  const u = readUnit(m)
  const cls = FOOTPRINT_CLASSES[u.footprintClass]
  const widthMm = 2 * m.placed.halfWidthMm
  const depthMm = 2 * m.placed.halfLengthMm
  const problems: string[] = []
  if (m.base.shape !== 'rect') problems.push(`footprints are rectangular or square (§13 L1280); base is ${m.base.shape}`)
  if (widthMm < cls.widthMinMm - 1e-9 || widthMm > cls.widthMaxMm + 1e-9) problems.push(`frontage ${roundTo(widthMm, 1)} mm is outside ${cls.name} ${cls.widthMinMm}–${cls.widthMaxMm} mm`)
  if (depthMm < cls.depthMinMm - 1e-9 || depthMm > cls.depthMaxMm + 1e-9) problems.push(`depth ${roundTo(depthMm, 1)} mm is outside ${cls.name} ${cls.depthMinMm}–${cls.depthMaxMm} mm`)
  const fits = Object.values(FOOTPRINT_CLASSES).filter((c) => widthMm >= c.widthMinMm - 1e-9 && widthMm <= c.widthMaxMm + 1e-9 && depthMm >= c.depthMinMm - 1e-9 && depthMm <= c.depthMaxMm + 1e-9).map((c) => c.id)
  return {
    footprint: u.footprintClass,
    widthMm: roundTo(widthMm, 2),
    depthMm: roundTo(depthMm, 2),
    legal: problems.length === 0,
    problems,
    fitsClasses: fits,
    ...book.sources([`${cls.section} ${cls.line}`]),
  }
}

export function integrityQuery(table: Table, q: { model: string; context?: Record<string, unknown> }): ResultBody {
  const m = table.model(q.model)
  const ctx = contextOf(q)
  const f = measureIntegrity(table, m, ctx.breakpoint, ctx.targetStrain)
  return { ...f, ...book.sources(f.rules) }
}
