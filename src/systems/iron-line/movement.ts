// Manoeuvres (§16 L1452–1461): Advance, Wheel, Shuffle, Retreat, Reform, paid in movement points
// (Speed, §13 L1288), with Rough doubling the cost (L1509), Impassable never (L1508), Perilous one
// attack per MP spent in it (L1510), and every unit impassable (L1454) unless Flying (§23 L2051).
import {
  type ActionStages, type MoveResult, type QueryOf, type StagePiece, type Table, type TableModel, type UniformReason, SceneError, inches, isWithin,
  type PlacedBase, runStages, stageReasons, stageRules, GRAZE_MM, baseContains, measureBaseGap2, measurePath, placeBase, polygonContains, roundTo,
  segmentInsideLengthMm, toInches, wrapDeg, formatFraction, fraction,
} from '../../engine/index.ts'
import { IRON_LINE } from './constants.ts'
import { type IronLineContext, contextOf } from './context.ts'
import { type Engagement, findEngagements, measureIntegrity, withinReading } from './engagement.ts'
import { type IronLineOptions, opt } from './options.ts'
import { type IronLineUnit, hasKeyword, placedCorners, readUnit } from './unitState.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'

export type Manoeuvre = 'advance' | 'wheel' | 'shuffle' | 'retreat' | 'reform'
const MANOEUVRES: readonly Manoeuvre[] = ['advance', 'wheel', 'shuffle', 'retreat', 'reform']

/** How far off the manoeuvre's line a destination may be and still count as that manoeuvre (mm). */
export const LINE_TOLERANCE_MM = 0.5

const MP_PER_INCH: Record<Exclude<Manoeuvre, 'reform'>, { value: number; rule: string }> = {
  advance: { value: IRON_LINE.advanceMpPerInch.value, rule: '§16 L1457' },
  wheel: { value: IRON_LINE.wheelMpPerInch.value, rule: '§16 L1458' },
  shuffle: { value: IRON_LINE.shuffleMpPerInch.value, rule: '§16 L1459' },
  retreat: { value: IRON_LINE.retreatMpPerInch.value, rule: '§16 L1460' },
}

function inferManoeuvre(m: TableModel, to: readonly [number, number], facing: number | undefined): Manoeuvre {
  const turned = facing !== undefined && Math.abs(wrapDeg(facing - m.facingDeg)) > 1e-6
  const moved = Math.hypot(to[0] - m.x, to[1] - m.y) > LINE_TOLERANCE_MM
  if (turned) return moved ? 'wheel' : 'reform'
  const dx = to[0] - m.x
  const dy = to[1] - m.y
  const f = dx * m.placed.ux + dy * m.placed.uy
  const l = -dx * m.placed.uy + dy * m.placed.ux
  if (Math.abs(l) > Math.abs(f)) return 'shuffle'
  return f >= 0 ? 'advance' : 'retreat'
}

/** A footprint overlaps a polygon's interior (touching is not overlapping). */
function overlapsPolygon(b: PlacedBase, poly: ReadonlyArray<readonly [number, number]>): boolean {
  const c = placedCorners(b)
  for (let i = 0; i < 4; i++) {
    const p = c[i]!
    const q = c[(i + 1) % 4]!
    if (segmentInsideLengthMm(poly, p[0], p[1], q[0], q[1]) > GRAZE_MM) return true
  }
  return poly.some(([x, y]) => baseContains({ ...b, halfLengthMm: b.halfLengthMm - GRAZE_MM, halfWidthMm: b.halfWidthMm - GRAZE_MM }, x, y, 0))
    || c.every(([x, y]) => polygonContains(poly, x, y, -GRAZE_MM))
}

function overlapsBase(a: PlacedBase, b: PlacedBase): boolean {
  const shrunk = { ...a, halfLengthMm: Math.max(0, a.halfLengthMm - GRAZE_MM), halfWidthMm: Math.max(0, a.halfWidthMm - GRAZE_MM) }
  return measureBaseGap2(shrunk, b).overlapping
}

/**
 * Sweep a rotation of the footprint about a pivot (Wheel: a front corner; Reform: the centre) in steps of
 * at most 2°, and report the units and Impassable pieces it passes through.
 */
function sweepRotation(table: Table, m: TableModel, pivot: [number, number], thetaRad: number): { units: string[]; impassable: string[]; rough: string[] } {
  const steps = Math.max(8, Math.ceil(Math.abs(thetaRad) / (Math.PI / 90)))
  const units = new Set<string>()
  const impassable = new Set<string>()
  const rough = new Set<string>()
  for (let k = 1; k <= steps; k++) {
    const a = (thetaRad * k) / steps
    const cx = pivot[0] + Math.cos(a) * (m.x - pivot[0]) - Math.sin(a) * (m.y - pivot[1])
    const cy = pivot[1] + Math.sin(a) * (m.x - pivot[0]) + Math.cos(a) * (m.y - pivot[1])
    const b = placeBase(m.base, cx, cy, m.facingDeg + (a * 180) / Math.PI)
    for (const o of table.models) if (o.id !== m.id && overlapsBase(b, o.placed)) units.add(o.id)
    for (const t of table.terrain) {
      if (t.has('impassable') && overlapsPolygon(b, t.solid.footprint)) impassable.add(t.id)
      if (t.has('rough') && overlapsPolygon(b, t.solid.footprint)) rough.add(t.id)
    }
  }
  return { units: [...units], impassable: [...impassable], rough: [...rough] }
}

/** What every stage of a manoeuvre reads: the query, options and context, the unit, where and how it ends. */
type MoveInput = {
  readonly table: Table
  readonly q: QueryOf<'move'>
  readonly o: IronLineOptions
  readonly ctx: IronLineContext
  readonly m: TableModel
  readonly u: IronLineUnit
  readonly mode: Manoeuvre
  readonly finalFacing: number
  /** The footprint where the manoeuvre ends. */
  readonly end: PlacedBase
  readonly flying: boolean
}

type Reasons = UniformReason[]
type MovePieces = {
  readonly eligibility: StagePiece
  /** The manoeuvre's own geometry: on its line, its distance and MP before terrain, the footprint's sweep when it turns. */
  readonly measure: StagePiece & { readonly distanceMm: number; readonly mpCost: number; readonly sweep: Sweep | null; readonly gainsDistracted: string[]; readonly notes: string[] }
  /** A manoeuvre draws no sight line. */
  readonly sight: StagePiece
  /** What the ground does to it: Impassable, units in the way, Rough doubling the cost, Perilous MP; then the MP it has. */
  readonly modifiers: StagePiece & { readonly mpCost: number; readonly mpAvailable: number; readonly speed: number; readonly perilousMp: number; readonly crossed: Array<{ terrain: string; keywords: readonly string[]; insideInches: number }>; readonly gainsDistracted: string[]; readonly notes: string[] }
  /** Where it ends: Distracted or retreating into contact, Cowardly, Despised, and the Punishment dice of disengaging. */
  readonly odds: StagePiece & { readonly leftBehind: readonly Engagement[]; readonly punishment: Array<{ enemy: string; dice: number }> }
}

type Sweep = ReturnType<typeof sweepRotation>

/** The order refusals are listed in: can it move, is it the manoeuvre named, the ground, its MP, where it ends. */
const REFUSAL_ORDER = ['immobile', 'reform-moves', 'reform-after-manoeuvre', 'wheel-without-turn', 'not-a-wheel', 'facing-changes', 'off-line', 'impassable', 'unit-in-the-way', 'ends-on-unit', 'off-table', 'not-enough-mp', 'distracted-ends-engaged', 'retreat-into-contact', 'cowardly', 'despised']

/** §23 L2056: an Immobile unit does not manoeuvre. */
function moveEligibility(i: MoveInput): MovePieces['eligibility'] {
  const reasons: Reasons = []
  if (hasKeyword(i.u, 'immobile') || i.u.speed === null) reasons.push(book.reason({ code: 'immobile', message: `${i.m.id} is Immobile: it may not be activated in the Movement Phase`, rule: '§23 L2056' }))
  return { reasons, rules: ['§16 L1452–1461'] }
}

/** §16 L1457–1461: Advance, Shuffle and Retreat keep the facing on their line; a Wheel pivots on a front corner; a Reform turns in place. */
function measureManoeuvre(i: MoveInput): MovePieces['measure'] {
  const { table, m, u, o, ctx, q, mode, finalFacing } = i
  const reasons: Reasons = []
  const rules: string[] = []
  const notes: string[] = []
  const gainsDistracted: string[] = []
  const dx = q.to[0] - m.x
  const dy = q.to[1] - m.y
  const forwardMm = dx * m.placed.ux + dy * m.placed.uy
  const lateralMm = -dx * m.placed.uy + dy * m.placed.ux
  const turned = Math.abs(wrapDeg(finalFacing - m.facingDeg)) > 1e-6
  let mpCost = 0
  let distanceMm = Math.hypot(dx, dy)
  let sweep: Sweep | null = null
  if (mode === 'reform') {
    rules.push('§16 L1461')
    if (distanceMm > LINE_TOLERANCE_MM) reasons.push(book.reason({ code: 'reform-moves', message: `a Reform rotates in place; the destination is ${roundTo(distanceMm, 2)} mm from the centre`, rule: '§16 L1461' }))
    if ((ctx.mpSpent ?? 0) > 0) reasons.push(book.reason({ code: 'reform-after-manoeuvre', message: 'a Reform allows no other manoeuvres this activation', rule: '§16 L1461' }))
    const cheap = u.order === 'loose' || hasKeyword(u, 'nimble')
    mpCost = cheap ? IRON_LINE.reformMpLooseOrNimble.value : IRON_LINE.reformMp.value
    if (cheap) rules.push(u.order === 'loose' ? '§23 L2083' : '§23 L2064')
    gainsDistracted.push('Reform (§16 L1461)')
    distanceMm = 0
    sweep = sweepRotation(table, m, [m.x, m.y], (wrapDeg(finalFacing - m.facingDeg) * Math.PI) / 180)
  } else if (mode === 'wheel') {
    rules.push('§16 L1458')
    if (!turned) reasons.push(book.reason({ code: 'wheel-without-turn', message: 'a Wheel needs a new facing', rule: '§16 L1458' }))
    const thetaRad = (wrapDeg(finalFacing - m.facingDeg) * Math.PI) / 180
    const widthMm = 2 * m.placed.halfWidthMm
    // Pivot on a front corner: the centre turns about it; the opposite front corner swings.
    const pivots = (['left', 'right'] as const).map((side) => {
      const v = side === 'left' ? m.placed.halfWidthMm : -m.placed.halfWidthMm
      const px = m.x + m.placed.halfLengthMm * m.placed.ux - v * m.placed.uy
      const py = m.y + m.placed.halfLengthMm * m.placed.uy + v * m.placed.ux
      const cx = px + Math.cos(thetaRad) * (m.x - px) - Math.sin(thetaRad) * (m.y - py)
      const cy = py + Math.sin(thetaRad) * (m.x - px) + Math.cos(thetaRad) * (m.y - py)
      return { side, missMm: Math.hypot(cx - q.to[0], cy - q.to[1]), centre: [cx, cy] as [number, number] }
    })
    const pivot = ctx.pivot ? pivots.find((p) => p.side === ctx.pivot)! : pivots.reduce((x, y) => (y.missMm < x.missMm ? y : x))
    if (pivot.missMm > 1) reasons.push(book.reason({ code: 'not-a-wheel', message: `pivoting on the front-${pivot.side} corner puts the centre at (${roundTo(pivot.centre[0], 1)}, ${roundTo(pivot.centre[1], 1)}), ${roundTo(pivot.missMm, 1)} mm from the destination`, rule: '§16 L1458' }))
    distanceMm = o.wheelMeasure === 'arc' ? widthMm * Math.abs(thetaRad) : 2 * widthMm * Math.sin(Math.abs(thetaRad) / 2)
    // The swinging corner moves forward when turning towards the pivot side.
    const backwards = pivot.side === 'left' ? thetaRad < 0 : thetaRad > 0
    if (backwards) gainsDistracted.push('wheeling backwards (§16 L1458)')
    notes.push(`pivot: front-${pivot.side} corner; the opposite corner swings ${roundTo(toInches(distanceMm), 3)}" (${o.wheelMeasure})`)
    mpCost = toInches(distanceMm) * MP_PER_INCH.wheel.value
    const v = pivot.side === 'left' ? m.placed.halfWidthMm : -m.placed.halfWidthMm
    sweep = sweepRotation(table, m, [m.x + m.placed.halfLengthMm * m.placed.ux - v * m.placed.uy, m.y + m.placed.halfLengthMm * m.placed.uy + v * m.placed.ux], thetaRad)
  } else {
    const per = MP_PER_INCH[mode]
    rules.push(per.rule)
    if (turned) reasons.push(book.reason({ code: 'facing-changes', message: `${mode === 'advance' ? 'an' : 'a'} ${mode} keeps the facing; use wheel or reform to turn`, rule: per.rule }))
    const offMm = mode === 'shuffle' ? Math.abs(forwardMm) : Math.abs(lateralMm)
    const wrongWay = (mode === 'advance' && forwardMm < -LINE_TOLERANCE_MM) || (mode === 'retreat' && forwardMm > LINE_TOLERANCE_MM)
    if (offMm > LINE_TOLERANCE_MM || wrongWay) {
      const line = mode === 'advance' ? 'straight forward along the facing' : mode === 'retreat' ? 'straight backwards' : 'directly left or right'
      reasons.push(book.reason({ code: 'off-line', message: `${mode === 'advance' ? 'an' : 'a'} ${mode} moves ${line}; the destination is ${roundTo(offMm, 2)} mm off that line${wrongWay ? ' and the wrong way' : ''}`, rule: per.rule }))
    }
    if (mode === 'retreat') gainsDistracted.push('Retreat (§16 L1460)')
    mpCost = toInches(distanceMm) * per.value
  }
  return { reasons, rules, distanceMm, mpCost, sweep, gainsDistracted, notes }
}

/** §16 L1508–1510, L1454, §23 L2051: Impassable never, Rough doubles the cost (Loose ignores it), Perilous, every unit impassable unless Flying; then the MP against Speed (§13 L1288). */
function groundModifiers(i: MoveInput, done: Pick<MovePieces, 'measure'>): MovePieces['modifiers'] {
  const { table, m, u, q, mode, ctx, flying } = i
  const { sweep } = done.measure
  const reasons: Reasons = []
  const rules: string[] = []
  const notes: string[] = []
  const gainsDistracted: string[] = []
  let mpCost = done.measure.mpCost
  const path = measurePath(table, m, q.to, i.finalFacing)
  const crossed: MovePieces['modifiers']['crossed'] = []
  let perilousMp = 0
  if (sweep) {
    for (const id of sweep.impassable) reasons.push(book.reason({ code: 'impassable', message: `the ${mode} swings the footprint through Impassable ${id}`, rule: '§16 L1508' }))
    if (!flying) for (const id of sweep.units) reasons.push(book.reason({ code: 'unit-in-the-way', message: `the ${mode} swings the footprint through ${id}: all units are impassable`, rule: '§16 L1454' }))
    if (mode === 'wheel' && sweep.rough.length && !flying) {
      rules.push('§16 L1509')
      // The book doubles the cost of movement in Rough; a wheel whose footprint passes through Rough pays double throughout.
      if (u.order === 'loose') notes.push(`Rough ${sweep.rough.join(', ')}: Loose Order ignores the penalty`)
      else {
        mpCost *= IRON_LINE.roughCostMultiplier.value
        gainsDistracted.push(`Rough terrain ${sweep.rough.join(', ')} (${u.order} order, §16 L1509)`)
      }
    }
  }
  for (const c of sweep ? [] : path.crossings) {
    const t = c.terrain
    crossed.push({ terrain: t.id, keywords: t.keywords, insideInches: roundTo(toInches(c.insideMm), 3) })
    if (t.has('impassable') && (c.insideMm > 0.05 || c.endsInside)) {
      reasons.push(book.reason({ code: 'impassable', message: `the move enters Impassable ${t.id}`, rule: '§16 L1508' }))
    }
    const mpPerInch = MP_PER_INCH[mode as Exclude<Manoeuvre, 'reform' | 'wheel'>].value
    if (t.has('rough') && !flying) {
      rules.push('§16 L1509')
      if (u.order === 'loose') notes.push(`Rough ${t.id}: Loose Order ignores the penalty`)
      else {
        mpCost += toInches(c.insideMm) * mpPerInch * (IRON_LINE.roughCostMultiplier.value - 1)
        gainsDistracted.push(`Rough terrain ${t.id} (${u.order} order, §16 L1509)`)
      }
    }
    if (t.has('perilous') && !flying) {
      const rough = t.has('rough') && u.order !== 'loose' ? IRON_LINE.roughCostMultiplier.value : 1
      perilousMp += toInches(c.insideMm) * mpPerInch * rough
      rules.push('§16 L1510')
    }
  }
  if (!flying && !sweep) for (const b of path.blockedBy) reasons.push(book.reason({ code: 'unit-in-the-way', message: `${b.id} is in the way: all friendly and enemy units are impassable`, rule: '§16 L1454' }))
  else {
    rules.push('§23 L2051')
    for (const b of table.models) if (b.id !== m.id && measureBaseGap2(i.end, b.placed).overlapping) reasons.push(book.reason({ code: 'ends-on-unit', message: `Flying may not end overlapping ${b.id}`, rule: '§23 L2051' }))
  }
  if (path.offTable) reasons.push(book.reason({ code: 'off-table', message: 'the unit would end off the table', rule: '§16 L1452' }))
  const speed = u.speed ?? 0
  const mpAvailable = speed - (ctx.mpSpent ?? 0)
  const mpRounded = roundTo(mpCost, 4)
  if (mpRounded > mpAvailable + 1e-9) reasons.push(book.reason({ code: 'not-enough-mp', message: `${mode} costs ${mpRounded} MP; ${m.id} has ${mpAvailable} (Speed ${speed}${ctx.mpSpent ? `, ${ctx.mpSpent} spent` : ''})`, rule: '§16 L1454; §13 L1288' }))
  return { reasons, rules, mpCost: mpRounded, mpAvailable, speed, perilousMp, crossed, gainsDistracted, notes }
}

/** §23 L2048, §16 L1460, §23 L2039, L2046, §16 L1467: the end position's rules, and the Punishment for leaving an engagement. */
function endOfManoeuvre(i: MoveInput, done: Pick<MovePieces, 'measure' | 'modifiers'>): MovePieces['odds'] {
  const { table, m, u, o, ctx, mode, end } = i
  const reasons: Reasons = []
  // Distracted units "may not end a manoeuvre engaged with a unit" (§23 L2048); Retreat "cannot end in contact with an enemy" (§16 L1460).
  const distracted = (ctx.distracted ?? m.status.includes('distracted')) || done.measure.gainsDistracted.length + done.modifiers.gainsDistracted.length > 0
  const enemiesNear = table.models.filter((e) => e.side !== m.side && isWithin(measureBaseGap2(end, e.placed).gapMm, inches(IRON_LINE.engagementInches.value), withinReading(table)))
  if (distracted && enemiesNear.length) reasons.push(book.reason({ code: 'distracted-ends-engaged', message: `a Distracted unit may not end a manoeuvre engaged (with ${enemiesNear.map((e) => e.id).join(', ')})`, rule: '§23 L2048' }))
  else if (mode === 'retreat' && enemiesNear.length) reasons.push(book.reason({ code: 'retreat-into-contact', message: `a Retreat cannot end in contact with an enemy (${enemiesNear.map((e) => e.id).join(', ')})`, rule: '§16 L1460' }))
  // Cowardly: "May not advance towards the nearest enemy" (§23 L2039).
  if (hasKeyword(u, 'cowardly') && mode === 'advance') {
    const enemies = table.models.filter((e) => e.side !== m.side)
    if (enemies.length) {
      const nearest = enemies.reduce((x, y) => (measureBaseGap2(m.placed, y.placed).gapMm < measureBaseGap2(m.placed, x.placed).gapMm ? y : x))
      if (measureBaseGap2(end, nearest.placed).gapMm < measureBaseGap2(m.placed, nearest.placed).gapMm - 1e-6) reasons.push(book.reason({ code: 'cowardly', message: `Cowardly: may not advance towards the nearest enemy ${nearest.id}`, rule: '§23 L2039' }))
    }
  }
  // Disengagement (§16 L1467): enemies it started engaged with and ends out of contact with.
  const oneInchMm = inches(IRON_LINE.engagementInches.value)
  const leftBehind = findEngagements(table, m).filter((e) => !isWithin(measureBaseGap2(end, e.enemy.placed).gapMm, oneInchMm, withinReading(table)))
  for (const e of leftBehind) {
    if (hasKeyword(readUnit(e.enemy), 'despised')) reasons.push(book.reason({ code: 'despised', message: `${e.enemy.id} is Despised: enemies engaged with it may not disengage`, rule: '§23 L2046' }))
  }
  const punishment = leftBehind
    .filter((e) => !measureIntegrity(table, e.enemy).broken && findEngagements(table, e.enemy).every((x) => x.enemy.id === m.id))
    .map((e) => {
      const strikes = readUnit(e.enemy).strikes
      return { enemy: e.enemy.id, dice: o.punishmentRounding === 'up' ? Math.ceil(strikes / 2) : Math.floor(strikes / 2) }
    })
  return { reasons, rules: leftBehind.length ? ['§16 L1467'] : [], leftBehind, punishment }
}

function assembleMove(i: MoveInput, done: MovePieces): MoveResult {
  const { distanceMm } = done.measure
  const { mpCost, mpAvailable, speed, perilousMp, crossed } = done.modifiers
  const { leftBehind, punishment } = done.odds
  const gainsDistracted = [...done.measure.gainsDistracted, ...done.modifiers.gainsDistracted]
  const perilousAttacks = Math.ceil(perilousMp - 1e-9)
  const reasons = stageReasons(done, REFUSAL_ORDER)
  return {
    allowed: reasons.length === 0,
    reasons,
    mode: i.mode,
    distance: { mm: roundTo(distanceMm, 2), inches: roundTo(toInches(distanceMm), 3) },
    mpCost,
    allowance: book.cite({ mp: mpAvailable, speed, rule: '§13 L1288 (Speed); §16 L1454' }),
    crossed,
    ...(perilousAttacks > 0
      ? {
          perilous: {
            mpSpent: roundTo(perilousMp, 3),
            attacks: perilousAttacks,
            tn: '4+',
            // Each attack is one die at 4+ ("as if struck by a Gun Platform (TN 4+)"): P(no hit) = (1/2)^attacks.
            pAtLeastOneStrain: formatFraction(fraction(2 ** perilousAttacks - 1, 2 ** perilousAttacks)),
            ...book.cite({ rule: '§16 L1510' }),
          },
        }
      : {}),
    ...(leftBehind.length ? { disengages: leftBehind.map((e) => e.enemy.id), punishment } : {}),
    gainsDistracted: gainsDistracted.length > 0,
    distractedBy: gainsDistracted,
    endsIn: i.table.terrain.filter((t) => polygonContains(t.solid.footprint, i.q.to[0], i.q.to[1])).map((t) => t.id),
    notes: [...done.measure.notes, ...done.modifiers.notes],
    ...book.sources(stageRules(done)),
  }
}

const MOVE_STAGES: ActionStages<MoveInput, MovePieces, MoveResult> = {
  eligibility: moveEligibility,
  measure: measureManoeuvre,
  sight: () => ({}),
  modifiers: groundModifiers,
  odds: endOfManoeuvre,
  assemble: assembleMove,
}

export function move(table: Table, q: QueryOf<'move'>): MoveResult {
  const m = table.model(q.model)
  if (q.mode !== undefined && !MANOEUVRES.includes(q.mode as Manoeuvre)) {
    throw new SceneError([{ path: 'mode', message: `unknown manoeuvre "${q.mode}"; Iron Line has ${MANOEUVRES.join(', ')} (§16 L1456)` }])
  }
  const u = readUnit(m)
  const finalFacing = q.facing ?? m.facingDeg
  return runStages(MOVE_STAGES, {
    table, q, o: opt(table), ctx: contextOf(q), m, u,
    mode: (q.mode as Manoeuvre | undefined) ?? inferManoeuvre(m, q.to, q.facing),
    finalFacing,
    end: placeBase(m.base, q.to[0], q.to[1], finalFacing),
    flying: hasKeyword(u, 'flying'),
  })
}
