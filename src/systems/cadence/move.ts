// Movement (core-rules/playing-a-game.html#action-move, #action-advance, #deploying-from-reserve,
// advanced-rules.html terrain keywords and vehicles): a straight-line section of a Move/Advance, a
// deployment from an Entry Point, or a disembarkation from a Transport.
import { z } from 'zod'
import { book } from './book.ts'
import {
  SceneError, type QueryOf, type ResultBody, type UniformReason, type Table, type TableModel, type TableTerrain,
  inches, isWithin, measureBaseGap2, measurePath, placeBase, polygonContains, roundTo, toInches, wrapDeg, degrees, type MoveResult } from '../../engine/index.ts'
import type { CadenceCore, CadenceModelView } from './spec.ts'
import { hasRule } from './specialRules.ts'
import { withinReading } from './measure.ts'
import { baseHeightLevel } from './modelView.ts'
import { measureFormation } from './formation.ts'

export const MV = {
  move: 'core-rules/playing-a-game.html#action-move',
  advance: 'core-rules/playing-a-game.html#action-advance',
  deploy: 'core-rules/playing-a-game.html#deploying-from-reserve',
  disembark: 'core-rules/advanced-rules.html#embarking-and-disembarking',
  terrain: 'core-rules/advanced-rules.html#terrain',
  clear: 'core-rules/advanced-rules.html#keyword-clear',
  climbable: 'core-rules/advanced-rules.html#keyword-climbable',
  impassable: 'core-rules/advanced-rules.html#keyword-impassable',
  rough: 'core-rules/advanced-rules.html#keyword-rough',
  heights: 'core-rules/advanced-rules.html#height-levels',
  vehicleMove: 'core-rules/advanced-rules.html#vehicle-movement-restrictions',
  vehicleTerrain: 'core-rules/advanced-rules.html#vehicles-and-terrain',
  unitRules: 'core-rules/special-rules-appendix.html#unit-special-rules',
  formation: 'core-rules/basic-rules.html#unit-formation',
} as const

export const moveContextShape = {
  /** Entry Point marker position [x, y] mm (mode "deploy"). */
  entryPoint: z.tuple([z.number(), z.number()]).optional(),
  /** Transport model id (mode "disembark"). */
  transport: z.string().optional(),
  /** The model's height level at the destination (default: the top of a Clear piece under it, else 0). */
  toLevel: z.number().int().min(0).optional(),
  /** The Move action this Advance follows was taken (default true). */
  afterMove: z.boolean().optional(),
}

const MOVE_MODES = ['move', 'advance', 'deploy', 'disembark'] as const

/** The height level at a point: the highest Clear piece whose footprint holds the point. */
export function levelAt(table: Table, x: number, y: number): { level: number; piece: TableTerrain | null } {
  const step = inches(Number(table.options.heightLevelStepInches ?? 1.5))
  let best: { level: number; piece: TableTerrain | null } = { level: 0, piece: null }
  for (const t of table.terrain) {
    if (!t.has('clear')) continue
    if (!polygonContains(t.solid.footprint, x, y, 1e-9)) continue
    const top = (('z' in t.scene ? t.scene.z : 0) ?? 0) + ('height' in t.scene ? t.scene.height : 0)
    const level = Math.round(top / step)
    if (level >= best.level) best = { level, piece: t }
  }
  return best
}

function keywordsOf(t: TableTerrain): string[] {
  return ['clear', 'climbable', 'impassable', 'rough', 'cover'].filter((k) => t.has(k))
}

function vehiclePivots(v: CadenceModelView, from: TableModel, to: readonly [number, number], finalFacing: number | undefined, lengthMm: number, reasons: UniformReason[]) {
  const allowed = 2 + (hasRule(v.rules, 'agile') ? 1 : 0)
  if (lengthMm < 1e-6) {
    const turn = finalFacing === undefined ? 0 : Math.abs(wrapDeg(finalFacing - from.facingDeg))
    const pivots = turn === 0 ? 0 : turn <= 45 + 1e-9 ? 1 : 2
    if (turn > 45 + 1e-9) reasons.push(book.reason({ code: 'pivot-too-large', message: `a turn of ${roundTo(turn, 1)}° on the spot needs two pivots, which must be separated by at least 1" of movement`, rule: MV.vehicleMove }))
    return { direction: 'none', pivots, allowed, startTurnDeg: 0, endTurnDeg: roundTo(turn, 2) }
  }
  const heading = degrees(Math.atan2(to[1] - from.y, to[0] - from.x))
  const fwd = wrapDeg(heading - from.facingDeg)
  const back = wrapDeg(heading - from.facingDeg - 180)
  const forward = Math.abs(fwd) <= Math.abs(back)
  const startTurn = Math.abs(forward ? fwd : back)
  const travelFacing = forward ? heading : heading + 180
  const endTurn = finalFacing === undefined ? 0 : Math.abs(wrapDeg(finalFacing - travelFacing))
  let pivots = 0
  if (startTurn > 1e-6) pivots++
  if (endTurn > 1e-6) pivots++
  if (startTurn > 45 + 1e-9) reasons.push(book.reason({ code: 'not-forward-or-backward', message: `a vehicle moves directly forward or backward: this line is ${roundTo(startTurn, 1)}° off its facing (a pivot is at most 45°)`, rule: MV.vehicleMove }))
  if (endTurn > 45 + 1e-9) reasons.push(book.reason({ code: 'pivot-too-large', message: `the final facing needs a ${roundTo(endTurn, 1)}° pivot (at most 45°)`, rule: MV.vehicleMove }))
  if (startTurn > 1e-6 && endTurn > 1e-6 && lengthMm < inches(1) - 1e-6) reasons.push(book.reason({ code: 'pivots-too-close', message: `two pivots must be separated by moving at least 1" (this section is ${roundTo(toInches(lengthMm), 3)}")`, rule: MV.vehicleMove }))
  if (pivots > allowed) reasons.push(book.reason({ code: 'too-many-pivots', message: `${pivots} pivots, at most ${allowed}`, rule: MV.vehicleMove }))
  return { direction: forward ? 'forward' : 'backward', pivots, allowed, startTurnDeg: roundTo(startTurn, 2), endTurnDeg: roundTo(endTurn, 2) }
}

export function resolveMove(core: CadenceCore, table: Table, q: QueryOf<'move'>): MoveResult {
  const m = table.model(q.model)
  const v = core.view(table, m)
  const ctx = (q.context ?? {}) as Record<string, unknown>
  const mode = (q.mode ?? 'move') as (typeof MOVE_MODES)[number]
  if (!MOVE_MODES.includes(mode)) throw new SceneError([{ path: 'mode', message: `unknown move mode "${q.mode}"; expected one of ${MOVE_MODES.join(', ')}` }])
  const reasons: UniformReason[] = []
  const rules = new Set<string>([MV[mode]])
  const allowance = core.hooks.movementInches(table, v, mode, v.movementInches)
  for (const r of allowance.rules) rules.add(r)
  const allowanceMm = inches(allowance.inches)
  const flying = hasRule(v.rules, 'flying')
  const finalFacing = q.facing ?? m.facingDeg
  const endBase = placeBase(m.base, q.to[0], q.to[1], finalFacing)

  // End position: on the table, not overlapping another base, not inside impassable terrain.
  const r = Math.max(m.placed.halfLengthMm, m.placed.halfWidthMm)
  if (q.to[0] - r < -1e-6 || q.to[1] - r < -1e-6 || q.to[0] + r > table.widthMm + 1e-6 || q.to[1] + r > table.depthMm + 1e-6) {
    reasons.push(book.reason({ code: 'off-table', message: 'no part of a base may leave the battlefield', rule: MV.move }))
  }
  for (const o of table.models) {
    if (o.id === m.id) continue
    const g = measureBaseGap2(endBase, o.placed)
    if (g.overlapping && g.gapMm === 0 && !touching(endBase, o.placed)) reasons.push(book.reason({ code: 'ends-on-base', message: `the base would end overlapping ${o.id}`, rule: MV.move }))
  }
  const climbImpassable = core.hooks.climbableIsImpassable(table, v)

  if (mode === 'deploy' || mode === 'disembark') {
    let gapMm: number
    let from: string
    if (mode === 'deploy') {
      const ep = ctx.entryPoint as [number, number] | undefined
      if (!ep) throw new SceneError([{ path: 'context.entryPoint', message: 'mode "deploy" needs context.entryPoint [x, y] (the Entry Point marker)' }])
      const d = Number(table.options.entryPointMarkerDiameterMm ?? 0)
      gapMm = measureBaseGap2(placeBase({ shape: 'round', diameter: Math.max(d, 1e-9) }, ep[0], ep[1], 0), endBase).gapMm
      from = `Entry Point at [${ep.join(', ')}]`
    } else {
      const tid = ctx.transport
      if (typeof tid !== 'string') throw new SceneError([{ path: 'context.transport', message: 'mode "disembark" needs context.transport (the Transport model id)' }])
      const t = table.model(tid)
      gapMm = measureBaseGap2(t.placed, endBase).gapMm
      from = `Transport ${t.id}`
    }
    const ok = isWithin(gapMm, allowanceMm, withinReading(table))
    if (!ok) reasons.push(book.reason({ code: 'beyond-movement', message: `${roundTo(toInches(gapMm), 3)}" from the ${from}: each model is placed within its Movement (${allowance.inches}")`, rule: MV[mode] }))
    for (const t of table.terrain) {
      if (polygonContains(t.solid.footprint, q.to[0], q.to[1], 1e-9) && !t.has('clear') && (t.has('impassable') || keywordsOf(t).length === 0)) reasons.push(book.reason({ code: 'on-impassable', message: `${t.id} is not a place a model can be set up`, rule: MV.clear }))
    }
    return {
      allowed: reasons.length === 0,
      reasons,
      mode,
      placement: { from, mm: roundTo(gapMm, 2), inches: roundTo(toInches(gapMm), 3), limitInches: allowance.inches, within: withinReading(table) },
      allowance: { inches: allowance.inches, mm: roundTo(allowanceMm, 2) },
      note: mode === 'deploy' ? 'Deploying does not count as a Move action.' : 'A unit that disembarks may not Move or Advance in the same activation.',
      ...book.sources(rules),
    }
  }

  if (mode === 'advance' && ctx.afterMove === false) reasons.push(book.reason({ code: 'advance-needs-move', message: 'an Advance may only be taken immediately after a Move action', rule: MV.advance }))
  const path = measurePath(table, m, q.to, finalFacing)
  let extraMm = 0
  const crossed: Array<{ terrain: string; keywords: string[]; insideMm: number }> = []
  // Terrain levels (a rider "counts as" level 1 for attacks, but climbs from where its base stands).
  const fromLevel = baseHeightLevel(table, m)
  const dest = levelAt(table, q.to[0], q.to[1])
  const toLevel = typeof ctx.toLevel === 'number' ? ctx.toLevel : dest.level
  let climbPiece = false
  let roughPieces = 0
  for (const c of path.crossings) {
    const t = c.terrain
    const kw = keywordsOf(t)
    crossed.push({ terrain: t.id, keywords: kw, insideMm: roundTo(c.insideMm, 2) })
    if (t.has('clear') && !t.has('rough')) continue
    if (t.has('climbable') && !climbImpassable.yes) climbPiece = true
    const impassable = t.has('impassable') || (t.has('climbable') && climbImpassable.yes) || kw.length === 0 || (kw.length === 1 && kw[0] === 'cover')
    if (impassable && !flying && !(t.has('climbable') && !climbImpassable.yes)) {
      reasons.push(book.reason({
        code: 'impassable',
        message: t.has('climbable') ? `${t.id} is Climbable, which counts as Impassable for ${m.id}${climbImpassable.rule ? '' : ''}` : `the path crosses ${t.id} (${kw.length ? kw.join(', ') : 'no keyword: treated as Impassable'})`,
        rule: t.has('climbable') ? (climbImpassable.rule ?? MV.vehicleTerrain) : MV.impassable,
      }))
    }
    if (t.has('rough') && !flying) {
      if (c.endsInside) reasons.push(book.reason({ code: 'ends-on-rough', message: `models may not finish their movement on rough terrain (${t.id})`, rule: MV.rough }))
      if (!hasRule(v.rules, 'rugged')) {
        roughPieces++
        extraMm += table.options.roughCost === 'per-inch' ? inches(Math.ceil(toInches(c.insideMm) - 1e-9)) : inches(1)
        rules.add(MV.rough)
      }
    }
  }
  let climbMm = 0
  if (toLevel !== fromLevel && !flying) {
    rules.add(MV.climbable)
    rules.add(MV.heights)
    if (!climbPiece && !(dest.piece && dest.piece.has('climbable'))) {
      reasons.push(book.reason({ code: 'no-climbable-route', message: `level ${fromLevel} → ${toLevel} with no Climbable terrain connecting them`, rule: MV.heights }))
    }
    if (climbImpassable.yes) reasons.push(book.reason({ code: 'cannot-climb', message: `${m.id} treats Climbable terrain as Impassable`, rule: climbImpassable.rule ?? MV.vehicleTerrain }))
    const up = Math.max(0, toLevel - fromLevel)
    const down = Math.max(0, fromLevel - toLevel)
    climbMm = inches(up * 1 + Math.floor(down / 2))
    if (roughPieces > 0 && path.crossings.some((c) => c.terrain.has('rough') && c.terrain.has('climbable'))) climbMm += inches(up + down)
  }
  const costMm = path.lengthMm + extraMm + climbMm
  if (!isWithin(costMm, allowanceMm, 'le')) {
    reasons.push(book.reason({ code: 'too-far', message: `the move costs ${roundTo(toInches(costMm), 3)}" (${path.lengthInches}" travelled${extraMm ? ` + ${roundTo(toInches(extraMm), 3)}" rough` : ''}${climbMm ? ` + ${roundTo(toInches(climbMm), 3)}" climbing` : ''}), more than ${allowance.inches}"`, rule: MV[mode] }))
  }
  for (const b of path.blockedBy) {
    if (flying) continue
    const bv = core.view(table, b)
    if (core.isEnemy(m, b)) reasons.push(book.reason({ code: 'enemy-base-in-the-way', message: `a base may never move over an enemy model's base (${b.id})`, rule: MV.move }))
    else if (v.isVehicle) reasons.push(book.reason({ code: 'vehicle-over-base', message: `vehicles may not move over the base of any other model (${b.id})`, rule: MV.vehicleMove }))
    else if (bv.isVehicle) reasons.push(book.reason({ code: 'over-vehicle-base', message: `friendly models may not move over a vehicle's base (${b.id})`, rule: MV.vehicleMove }))
  }
  const vehicle = v.isVehicle ? vehiclePivots(v, m, q.to, q.facing, path.lengthMm, reasons) : null
  if (vehicle) rules.add(MV.vehicleMove)

  // Formation after this model's move (the others where they stand).
  const unit = table.unitOf(m)
  const moved = unit.map((o) => (o.id === m.id ? { ...o, x: q.to[0], y: q.to[1], facingDeg: finalFacing, placed: endBase } : o))
  const formation = unit.length > 1 ? measureFormation(table, m.unit, moved) : null

  return {
    allowed: reasons.length === 0,
    reasons,
    mode,
    distance: { mm: roundTo(path.lengthMm, 2), inches: path.lengthInches },
    cost: { mm: roundTo(costMm, 2), inches: roundTo(toInches(costMm), 3), roughInches: roundTo(toInches(extraMm), 3), climbInches: roundTo(toInches(climbMm), 3) },
    allowance: { inches: allowance.inches, mm: roundTo(allowanceMm, 2) },
    levels: { from: fromLevel, to: toLevel },
    crossed,
    ...(vehicle ? { vehicle } : {}),
    ...(flying ? { flying: 'Flying: intervening terrain and models ignored, no height-level penalties' } : {}),
    ...(formation ? { formationAfter: { inFormation: formation.inFormation, groups: formation.groups, widestLinkInches: formation.widestLinkInches, note: 'other models where they stand; every unit must finish each action in formation', ...book.cite({ rule: MV.formation }) } } : {}),
    ...book.sources(rules),
  }
}

function touching(a: ReturnType<typeof placeBase>, b: ReturnType<typeof placeBase>): boolean {
  const shrunk = { ...a, halfLengthMm: Math.max(0, a.halfLengthMm - 0.05), halfWidthMm: Math.max(0, a.halfWidthMm - 0.05) }
  return !measureBaseGap2(shrunk, b).overlapping
}
