// The planning queries of Iron Line (issue 32): `reach` of one manoeuvre (§16 L1452–1461) paid in
// movement points (Speed): Advance straight forward, Retreat straight back and Shuffle straight left or
// right (Rough doubling the cost, Loose Order ignoring it, Impassable never, every unit impassable
// unless Flying), Wheel about a front corner (the swinging corner's arc or chord, option wheelMeasure),
// Reform in place; `threat` (shoot from where the unit stands or after an Advance, or wheel to face and
// advance into contact to fight) and `exposure` under §16 line of sight.
import {
  declareMoveModes, type Allowance, type ExposureResult, type MovementModel, type PieceRole, type PlanPolygon, type QueryOf, type ReachPoint, type ReachResult, type Table, type TableModel, type TableTerrain,
  type ThreatOption, type ThreatResult,
  GRAZE_MM, ONE, SceneError, answerExposure, answerReach, answerThreat, inches, measureBaseGap2, placeBase, polygonContains, roundTo, segmentInsideLengthMm, sightOfClass, toInches, wrapDeg,
} from '../../engine/index.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { classifySight, sightFor } from './geometryQueries.ts'
import { IRON_LINE } from './constants.ts'
import { contextOf } from './context.ts'
import { opt } from './options.ts'
import { hasKeyword, placedCorners, rangedInches, readUnit, type IronLineUnit } from './unitState.ts'

type Manoeuvre = 'advance' | 'wheel' | 'shuffle' | 'retreat' | 'reform'
const MANOEUVRES: readonly Manoeuvre[] = ['advance', 'wheel', 'shuffle', 'retreat', 'reform']

/** The modes `reach` answers, the default first (RuleSystem.moveModes). */
export const moveModes = declareMoveModes(MANOEUVRES)

const MP_PER_INCH = {
  advance: { value: IRON_LINE.advanceMpPerInch.value, rule: '§16 L1457' },
  retreat: { value: IRON_LINE.retreatMpPerInch.value, rule: '§16 L1460' },
  shuffle: { value: IRON_LINE.shuffleMpPerInch.value, rule: '§16 L1459' },
  wheel: { value: IRON_LINE.wheelMpPerInch.value, rule: '§16 L1458' },
} as const

/** What a terrain piece is to a manoeuvre (§16 L1508–1510, §23 L2051). */
function pieceRole(t: TableTerrain, u: IronLineUnit, flying: boolean): PieceRole {
  if (t.has('impassable')) return { role: 'blocked', rule: '§16 L1508', reason: 'units may never move onto Impassable terrain' }
  if (flying) return { role: 'open' }
  if (t.has('rough') && u.order !== 'loose') return { role: 'region', kind: `rough (${u.order} order: doubled cost, gains Distracted)`, rule: '§16 L1509', weight: IRON_LINE.roughCostMultiplier.value }
  if (t.has('perilous')) return { role: 'region', kind: 'perilous (one attack at TN 4+ per MP spent in it)', rule: '§16 L1510' }
  return { role: 'open' }
}

/** MP the unit has left this activation (Speed less what it spent, §13 L1288, §16 L1454). */
function mpLeft(u: IronLineUnit, mpSpent: number | undefined): number {
  return Math.max(0, (u.speed ?? 0) - (mpSpent ?? 0))
}

/** A straight manoeuvre (Advance, Retreat, Shuffle one way) as a move along a line from the centre. */
function straightManoeuvre(table: Table, m: TableModel, mode: 'advance' | 'retreat' | 'shuffle', dir: [number, number], context: Record<string, unknown> | undefined): MovementModel {
  const u = readUnit(m)
  const ctx = contextOf({ id: '', type: 'move', model: m.id, to: [0, 0], ...(context ? { context } : {}) } as QueryOf<'move'>)
  const flying = hasKeyword(u, 'flying')
  const per = MP_PER_INCH[mode]
  const mp = mpLeft(u, ctx.mpSpent)
  const reachInches = mp / per.value
  const allowance: Allowance = { formula: `${mp} MP at ${per.value} MP per inch (${mode})`, rule: `${per.rule}; §13 L1288`, rolls: [{ roll: 0, chance: ONE }], mm: () => [{ mm: inches(reachInches), chance: ONE }], maxMm: inches(reachInches) }
  const distracted = ctx.distracted ?? m.status.includes('distracted')
  const zones = (mode === 'retreat' || distracted)
    ? table.models.filter((e) => e.side !== m.side).map((e) => ({ id: e.id, polygon: contactZone(m, e, inches(IRON_LINE.engagementInches.value)), rule: mode === 'retreat' ? '§16 L1460' : '§23 L2048', reason: mode === 'retreat' ? 'a Retreat cannot end in contact with an enemy' : 'a Distracted unit may not end a manoeuvre engaged' }))
    : []
  return {
    mode,
    model: m,
    allowance,
    piece: (t) => pieceRole(t, u, flying),
    other: () => (flying ? { role: 'no-end', rule: '§23 L2051', reason: 'Flying may not end overlapping a unit' } : { role: 'blocked', rule: '§16 L1454', reason: 'all friendly and enemy units are impassable' }),
    noEndZones: zones,
    tableRule: '§16 L1452',
    rules: ['§16 L1452–1461', per.rule],
    straight: { toward: [m.x + dir[0] * 1e4, m.y + dir[1] * 1e4], stopMm: Infinity, rule: per.rule, reason: mode === 'advance' ? 'an Advance moves directly forward in a straight line' : mode === 'retreat' ? 'a Retreat moves directly backwards' : 'a Shuffle slides directly left or right' },
    notes: mode === 'retreat' ? [{ rule: '§16 L1460', reason: 'a Retreat gains Distracted' }] : [],
    ...(hasKeyword(u, 'immobile') || u.speed === null ? { refusal: { code: 'immobile', rule: '§23 L2056', reason: `${m.id} is Immobile: it may not be activated in the Movement Phase` } } : {}),
  }
}

/** Where this unit's centre may not be without its footprint coming within `gapMm` of the enemy's (a rectangle grown round the enemy's footprint, conservatively by this unit's half-diagonal). */
function contactZone(m: TableModel, e: TableModel, gapMm: number): Array<[number, number]> {
  const grow = Math.hypot(m.placed.halfLengthMm, m.placed.halfWidthMm) + gapMm
  const b = { ...e.placed, halfLengthMm: e.placed.halfLengthMm + grow, halfWidthMm: e.placed.halfWidthMm + grow }
  return placedCorners(b)
}

function unitDirections(m: TableModel): Record<'forward' | 'back' | 'left' | 'right', [number, number]> {
  const { ux, uy } = m.placed
  return { forward: [ux, uy], back: [-ux, -uy], left: [-uy, ux], right: [uy, -ux] }
}

export function reach(table: Table, q: QueryOf<'reach'>): ReachResult {
  const m = table.model(q.model)
  const mode = (q.mode ?? 'advance') as Manoeuvre
  if (!MANOEUVRES.includes(mode)) throw new SceneError([{ path: 'mode', message: `unknown manoeuvre "${q.mode}"; Iron Line has ${MANOEUVRES.join(', ')} (§16 L1456)` }])
  const dirs = unitDirections(m)
  if (mode === 'advance') return answerReach(table, q, straightManoeuvre(table, m, 'advance', dirs.forward, q.context))
  if (mode === 'retreat') return answerReach(table, q, straightManoeuvre(table, m, 'retreat', dirs.back, q.context))
  if (mode === 'shuffle') {
    // Either way: the two lines together; a probe takes the side it lies on.
    const left = answerReach(table, q, straightManoeuvre(table, m, 'shuffle', dirs.left, q.context))
    const right = answerReach(table, q, straightManoeuvre(table, m, 'shuffle', dirs.right, q.context))
    return {
      ...left,
      area: [...left.area, ...right.area],
      points: left.points.map((p, i) => (p.reachable || p.reasons[0]?.code !== 'off-the-line' ? p : right.points[i]!)),
      straight: { left: left.straight, right: right.straight },
    }
  }
  if (mode === 'wheel') return wheelReach(table, q, m)
  // A Reform turns in place (§16 L1461): the centre stays where it is.
  const why = book.reason({ code: 'reform-in-place', message: 'a Reform rotates in place: the unit does not move', rule: '§16 L1461' })
  return {
    model: m.id, mode, from: [roundTo(m.x, 2), roundTo(m.y, 2)],
    allowance: { mm: 0, inches: 0, formula: 'Reform: 5 MP (2 for Loose Order or Nimble), in place', rule: '§16 L1461', citation: book.citation('§16 L1461') },
    area: [], points: (q.points ?? []).map(([x, y]) => ({ at: [roundTo(x, 2), roundTo(y, 2)], reachable: false, marginal: false, cost: null, path: [], crossed: [], reasons: [why] })),
    reasons: [why], ...book.sources(['§16 L1461']),
  }
}

/** Step (degrees) of the wheel's sweep check and of its arcs. */
const WHEEL_STEP_DEG = 0.5

/**
 * Wheel (§16 L1458): pivot on a front corner, the opposite corner swinging up to 1" per MP (its arc, or
 * its chord: option wheelMeasure). The centre moves on a circle round the pivot; each way round each
 * corner until the MP run out or the swept footprint meets a unit or Impassable terrain (checked every
 * 0.5°). The area is those arcs (1 mm wide); a probe is on one within 0.5 mm.
 */
function wheelReach(table: Table, q: QueryOf<'reach'>, m: TableModel): ReachResult {
  const u = readUnit(m)
  const o = opt(table)
  const ctx = contextOf({ id: '', type: 'move', model: m.id, to: [0, 0], ...(q.context ? { context: q.context } : {}) } as QueryOf<'move'>)
  const mp = mpLeft(u, ctx.mpSpent)
  const width = 2 * m.placed.halfWidthMm
  const flying = hasKeyword(u, 'flying')
  const costOf = (thetaRad: number) => (o.wheelMeasure === 'arc' ? width * Math.abs(thetaRad) : 2 * width * Math.sin(Math.abs(thetaRad) / 2))
  type Arc = { side: 'left' | 'right'; sign: 1 | -1; pivot: [number, number]; radius: number; start: number; maxRad: number }
  const arcs: Arc[] = []
  for (const side of ['left', 'right'] as const) {
    const v = side === 'left' ? m.placed.halfWidthMm : -m.placed.halfWidthMm
    const pivot: [number, number] = [m.x + m.placed.halfLengthMm * m.placed.ux - v * m.placed.uy, m.y + m.placed.halfLengthMm * m.placed.uy + v * m.placed.ux]
    for (const sign of [1, -1] as const) {
      let maxRad = 0
      for (let deg = WHEEL_STEP_DEG; deg <= 180; deg += WHEEL_STEP_DEG) {
        const th = (sign * deg * Math.PI) / 180
        if (toInches(costOf(th)) * MP_PER_INCH.wheel.value > mp + 1e-9) break
        if (!flying && sweptMeets(table, m, pivot, th)) break
        maxRad = (deg * Math.PI) / 180
      }
      arcs.push({ side, sign, pivot, radius: Math.hypot(m.x - pivot[0], m.y - pivot[1]), start: Math.atan2(m.y - pivot[1], m.x - pivot[0]), maxRad })
    }
  }
  const area: PlanPolygon[] = arcs.filter((a) => a.maxRad > 0).map((a) => arcBand(a.pivot, a.radius, a.start, a.sign * a.maxRad))
  const points: ReachPoint[] = (q.points ?? []).map(([x, y]) => {
    const at: [number, number] = [roundTo(x, 2), roundTo(y, 2)]
    for (const a of arcs) {
      const d = Math.hypot(x - a.pivot[0], y - a.pivot[1])
      if (Math.abs(d - a.radius) > 0.5) continue
      const th = wrapRad(Math.atan2(y - a.pivot[1], x - a.pivot[0]) - a.start) * a.sign
      if (th < -1e-9 || th > a.maxRad + 1e-9) continue
      const swing = costOf(th)
      const backwards = a.side === 'left' ? a.sign < 0 : a.sign > 0
      return {
        at, reachable: true, marginal: false, cost: { mm: roundTo(swing, 2), inches: roundTo(toInches(swing), 3) }, path: [[roundTo(m.x, 2), roundTo(m.y, 2)], at], crossed: [],
        reasons: backwards ? [book.reason({ code: 'note', message: 'wheeling backwards gains Distracted', rule: '§16 L1458' })] : [],
        pivot: a.side, turnDeg: roundTo((a.sign * th * 180) / Math.PI, 2), mpCost: roundTo(toInches(swing) * MP_PER_INCH.wheel.value, 3),
      }
    }
    return { at, reachable: false, marginal: false, cost: null, path: [], crossed: [], reasons: [book.reason({ code: 'not-on-a-wheel', message: 'no wheel about a front corner within the MP left (and clear of units and Impassable terrain) puts the centre there', rule: '§16 L1458' })] }
  })
  const maxSwing = Math.max(0, ...arcs.map((a) => costOf(a.maxRad)))
  return {
    model: m.id, mode: 'wheel', from: [roundTo(m.x, 2), roundTo(m.y, 2)],
    allowance: { mm: roundTo(inches(mp / MP_PER_INCH.wheel.value), 2), inches: roundTo(mp / MP_PER_INCH.wheel.value, 3), formula: `${mp} MP: the swinging corner up to 1" per MP (${o.wheelMeasure})`, rule: '§16 L1458; §13 L1288', citation: book.citation('§16 L1458; §13 L1288') },
    area, points,
    wheel: arcs.map((a) => ({ pivot: a.side, direction: a.sign > 0 ? 'counter-clockwise' : 'clockwise', maxTurnDeg: roundTo((a.maxRad * 180) / Math.PI, 2) })),
    longestSwing: { mm: roundTo(maxSwing, 2), inches: roundTo(toInches(maxSwing), 3) },
    ...book.sources(['§16 L1452–1461', '§16 L1458', '§13 L1288', '§16 L1454', '§16 L1508']),
  }
}

function wrapRad(a: number): number {
  while (a <= -Math.PI) a += 2 * Math.PI
  while (a > Math.PI) a -= 2 * Math.PI
  return a
}

/** Does the footprint, turned by θ about the pivot, overlap a unit or Impassable terrain (more than grazing)? */
function sweptMeets(table: Table, m: TableModel, pivot: [number, number], th: number): boolean {
  const cx = pivot[0] + Math.cos(th) * (m.x - pivot[0]) - Math.sin(th) * (m.y - pivot[1])
  const cy = pivot[1] + Math.sin(th) * (m.x - pivot[0]) + Math.cos(th) * (m.y - pivot[1])
  const b = placeBase(m.base, cx, cy, m.facingDeg + (th * 180) / Math.PI)
  const shrunk = { ...b, halfLengthMm: Math.max(0, b.halfLengthMm - GRAZE_MM), halfWidthMm: Math.max(0, b.halfWidthMm - GRAZE_MM) }
  for (const o of table.models) if (o.id !== m.id && measureBaseGap2(shrunk, o.placed).overlapping) return true
  const corners = placedCorners(shrunk)
  for (const t of table.terrain) {
    if (!t.has('impassable')) continue
    for (let i = 0; i < 4; i++) {
      const p = corners[i]!
      const q = corners[(i + 1) % 4]!
      if (segmentInsideLengthMm(t.solid.footprint, p[0], p[1], q[0], q[1]) > GRAZE_MM) return true
    }
    if (corners.every(([x, y]) => polygonContains(t.solid.footprint, x, y))) return true
  }
  return false
}

/** An arc of the centre round a pivot as a band 1 mm wide. */
function arcBand(pivot: [number, number], radius: number, start: number, sweep: number): PlanPolygon {
  const n = Math.max(2, Math.ceil(Math.abs((sweep * 180) / Math.PI) / WHEEL_STEP_DEG) + 1)
  const outer: Array<[number, number]> = []
  const inner: Array<[number, number]> = []
  for (let i = 0; i < n; i++) {
    const a = start + (sweep * i) / (n - 1)
    outer.push([roundTo(pivot[0] + (radius + 0.5) * Math.cos(a), 2), roundTo(pivot[1] + (radius + 0.5) * Math.sin(a), 2)])
    inner.push([roundTo(pivot[0] + (radius - 0.5) * Math.cos(a), 2), roundTo(pivot[1] + (radius - 0.5) * Math.sin(a), 2)])
  }
  const ring = [...outer, ...inner.reverse()]
  // counter-clockwise for the contract (a clockwise sweep traces the band the other way round)
  return { outer: sweep < 0 ? ring.reverse() : ring, holes: [], resolutionMm: 0.5 }
}

/**
 * Who can attack a spot this turn: a Ranged unit from where it stands or after an Advance (§16 L1473:
 * the Shooting Phase follows the Movement Phase), and any unit by wheeling to face the spot and advancing
 * into contact (Engagement, §16 L1463; then it fights in the Combat Phase), within its MP. The wheel and
 * the advance are not checked against units and terrain on the way (the move query rules each).
 */
export function threat(table: Table, q: QueryOf<'threat'>): ThreatResult {
  const o = opt(table)
  return answerThreat(table, q, {
    options: (t, enemy) => {
      const u = readUnit(enemy)
      const out: ThreatOption[] = []
      const range = rangedInches(u)
      if (range !== null) {
        out.push({ via: 'shoot', weapon: null, move: null, contactMm: null, rangeMm: inches(range), reference: 'edge', rule: '§16 L1473' })
        out.push({ via: 'move-shoot', weapon: null, move: straightManoeuvre(t, enemy, 'advance', unitDirections(enemy).forward, {}), contactMm: null, rangeMm: inches(range), reference: 'edge', rule: '§16 L1457, §16 L1473' })
      }
      out.push({
        via: 'charge', weapon: null, move: null, contactMm: 0, rangeMm: null, reference: 'edge', rule: '§16 L1458, §16 L1463',
        approach: (spot, e, there) => wheelAndAdvance(e, there, mpLeft(readUnit(e), undefined), o.wheelMeasure),
      })
      return out
    },
  })
}

/** Wheel about the front corner toward the spot until facing it, then advance into contact: where it ends, if the MP allow. */
function wheelAndAdvance(m: TableModel, there: TableModel, mp: number, measure: 'arc' | 'chord'): { at: [number, number]; facingDeg: number; path: Array<[number, number]>; chance: null } | null {
  const bearing = (Math.atan2(there.y - m.y, there.x - m.x) * 180) / Math.PI
  const turnDeg = wrapDeg(bearing - m.facingDeg)
  const th = (turnDeg * Math.PI) / 180
  const width = 2 * m.placed.halfWidthMm
  // Turning left pivots on the left front corner (its right corner swings forward), and the other way round.
  const v = th >= 0 ? m.placed.halfWidthMm : -m.placed.halfWidthMm
  const px = m.x + m.placed.halfLengthMm * m.placed.ux - v * m.placed.uy
  const py = m.y + m.placed.halfLengthMm * m.placed.uy + v * m.placed.ux
  const cx = px + Math.cos(th) * (m.x - px) - Math.sin(th) * (m.y - py)
  const cy = py + Math.sin(th) * (m.x - px) + Math.cos(th) * (m.y - py)
  const swing = measure === 'arc' ? width * Math.abs(th) : 2 * width * Math.sin(Math.abs(th) / 2)
  const facing = m.facingDeg + turnDeg
  const wheeled = placeBase(m.base, cx, cy, facing)
  const gap = measureBaseGap2(wheeled, there.placed).gapMm
  const mpCost = toInches(swing) * MP_PER_INCH.wheel.value + toInches(gap) * MP_PER_INCH.advance.value
  if (mpCost > mp + 1e-9) return null
  const f = (facing * Math.PI) / 180
  const at: [number, number] = [cx + Math.cos(f) * gap, cy + Math.sin(f) * gap]
  return { at, facingDeg: facing, path: [[m.x, m.y], [cx, cy], at], chance: null }
}

/** Exposure under §16 line of sight (the front-edge centre to any point of the target, through no unit or Blocking terrain). */
export function exposure(table: Table, q: QueryOf<'exposure'>): ExposureResult {
  // Its class samples its own lines from the front edge (classifyLos): the engine's sampling is spared.
  return answerExposure(table, q, { rule: '§16 L1475', sight: (t, viewer, target) => sightOfClass(t, classifySight(t, viewer, target, sightFor(t, viewer, target))) })
}

