// The planning queries of the Cadence core (issue 32), shared by its games: `reach` under the Move and
// Advance actions (and both in one activation: Move + Advance, 2 × Mov), Deploying from Reserve and
// disembarking (placed within Mov); terrain keywords (Clear, Climbable, Impassable, Rough, no keyword =
// impassable), height levels (1" per level up, 1" per 2 levels down, only by Climbable terrain), Flying,
// Rugged, enemy bases, vehicles (straight legs forward or backward with up to 2 pivots of 45°, Agile one
// more, at least 1" apart; no moving over any base; Climbable counts as Impassable); `threat` (an attack
// from where it stands, after a Move, or after Move + Advance with the Rush Penalty) and `exposure` under the
// core's unit line of sight.
import {
  declareMoveModes, type Allowance, type ExposureResult, type MovementModel, type PieceRole, type QueryOf, type ReachResult, type Table, type TableModel, type TableTerrain, type ThreatOption, type ThreatResult, type VehicleRules,
  ONE, SceneError, answerExposure, answerReach, answerThreat, inches, modelAt, polygonContains, sightOfClass, standingLevel,
} from '../../engine/index.ts'
import type { AttackSituation, CadenceCore, CadenceModelView } from './spec.ts'
import { weaponRules } from './modelView.ts'
import { hasRule } from './specialRules.ts'
import { MV } from './move.ts'
import { LOS_RULE, judgeUnitSight } from './lineOfSight.ts'

/** What a game changes in the core's planning. */
export type CadencePlanning = {
  /** Pieces that are clear terrain for movement in this game (Respawn's Energy Barriers and smoke). */
  clearForMovement?: (t: TableTerrain) => boolean
  /** A mode the game forbids this model (Respawn's Bulwark: no Advance). */
  refuse?: (table: Table, m: TableModel, mode: string) => { code: string; rule: string; reason: string } | null
}

const MODES = ['move', 'advance', 'move-advance', 'deploy', 'disembark'] as const

/** The modes `reach` answers, the default first (RuleSystem.moveModes); a placement needs its Entry Point or Transport. */
export const moveModes = declareMoveModes(MODES, { deploy: ['entryPoint'], disembark: ['transport'] })
type Mode = (typeof MODES)[number]

const keywordsOf = (t: TableTerrain) => ['clear', 'climbable', 'impassable', 'rough', 'cover'].filter((k) => t.has(k))

/** A model's height level on a surface of this top (option heightLevelStepInches). */
function levelOf(table: Table, z: number): number {
  return Math.round(z / inches(Number(table.options.heightLevelStepInches ?? 1.5)))
}

/** Is this Clear piece reached by climbing: Climbable itself, or a Climbable piece against it (a ladder)? */
function climbableSurface(table: Table, t: TableTerrain): boolean {
  if (t.has('climbable')) return true
  return table.terrain.some((o) => o !== t && o.has('climbable') && (o.solid.footprint.some(([x, y]) => polygonContains(t.solid.footprint, x, y, 0.5)) || t.solid.footprint.some(([x, y]) => polygonContains(o.solid.footprint, x, y, 0.5))))
}

/** What a piece is to this model's move (advanced-rules.html terrain keywords, vehicles and terrain). */
function pieceRole(core: CadenceCore, table: Table, v: CadenceModelView, t: TableTerrain, plan: CadencePlanning): PieceRole {
  if (plan.clearForMovement?.(t)) return { role: 'open' }
  const flying = hasRule(v.rules, 'flying')
  if (flying) return { role: 'open' }
  const climbImpassable = core.hooks.climbableIsImpassable(table, v)
  const kw = keywordsOf(t)
  if (t.has('climbable') && climbImpassable.yes) return { role: 'blocked', rule: climbImpassable.rule ?? MV.vehicleTerrain, reason: `Climbable terrain counts as Impassable for ${v.model.id}` }
  if (t.has('impassable') || kw.length === 0 || (kw.length === 1 && kw[0] === 'cover')) return { role: 'blocked', rule: MV.impassable, reason: kw.length ? 'Impassable terrain' : 'a piece with no movement keyword is treated as Impassable' }
  if (t.has('rough')) {
    const rugged = hasRule(v.rules, 'rugged')
    const noEnd = { rule: MV.rough, reason: 'models may not finish their movement on rough terrain', by: 'centre' as const }
    if (rugged) return { role: 'region', kind: 'rough (Rugged: no extra cost)', rule: MV.rough, noEnd }
    return table.options.roughCost === 'per-inch'
      ? { role: 'region', kind: 'rough (+1" per inch inside)', rule: MV.rough, weight: 2, noEnd }
      : { role: 'region', kind: 'rough (+1")', rule: MV.rough, entryMm: inches(1), noEnd }
  }
  // A Clear piece with height is a level to stand on; its sides are climbed only where the rules allow (levelChange).
  if (t.has('clear') && levelOf(table, t.solid.topZ) > 0) return { role: 'surface', kind: `level ${levelOf(table, t.solid.topZ)}`, rule: MV.heights, topZ: t.solid.topZ }
  return { role: 'open' }
}

/** The vehicle rules (vehicle-movement-restrictions): straight legs, up to 2 pivots of 45° (Agile one more), 1" apart. */
function vehicleRules(v: CadenceModelView): VehicleRules {
  return { pivots: 2 + (hasRule(v.rules, 'agile') ? 1 : 0), maxPivotDeg: 45, minBetweenPivotsMm: inches(1), backward: true, rule: MV.vehicleMove }
}

/** The move of one model in one mode under the core rules (and a game's hooks). */
export function cadenceMovement(core: CadenceCore, table: Table, m: TableModel, rawMode: string | undefined, context: Record<string, unknown> | undefined, plan: CadencePlanning = {}): MovementModel {
  const v = core.view(table, m)
  const mode = (rawMode ?? 'move') as Mode
  if (!MODES.includes(mode)) throw new SceneError([{ path: 'mode', message: `unknown move mode "${rawMode}"; expected one of ${MODES.join(', ')}` }])
  const ctx = (context ?? {}) as Record<string, unknown>
  const rules: string[] = [MV.move]
  const one = (mode2: string) => core.hooks.movementInches(table, v, mode2, v.movementInches)
  const move = one('move')
  const advance = one('advance')
  let inchesAllowed = move.inches
  let formula = `Mov ${move.inches}"`
  let rule: string = MV.move
  if (mode === 'advance') {
    inchesAllowed = advance.inches
    formula = `Mov ${advance.inches}" (Advance)`
    rule = MV.advance
  } else if (mode === 'move-advance') {
    inchesAllowed = move.inches + advance.inches
    formula = `Move ${move.inches}" + Advance ${advance.inches}"`
    rule = MV.advance
    rules.push(MV.advance, 'core-rules/playing-a-game.html#actions')
  }
  for (const r of [...move.rules, ...(mode !== 'move' ? advance.rules : [])]) rules.push(r)
  const allowance: Allowance = { formula, rule, rolls: [{ roll: 0, chance: ONE }], mm: () => [{ mm: inches(inchesAllowed), chance: ONE }], maxMm: inches(inchesAllowed) }
  let refusal = plan.refuse?.(table, m, mode) ?? undefined
  if (mode === 'advance' && ctx.afterMove === false) refusal = { code: 'advance-needs-move', rule: MV.advance, reason: 'an Advance may only be taken immediately after a Move action' }
  const flying = hasRule(v.rules, 'flying')
  const placement = mode === 'deploy' || mode === 'disembark'
  let endsNear: MovementModel['endsNear']
  if (placement) {
    // Placed, not moved: anywhere the base is within Mov of the Entry Point or the Transport (a ring round it, out to Mov).
    const r = Math.max(m.placed.halfLengthMm, m.placed.halfWidthMm)
    let at: { id: string; x: number; y: number; r: number } | null = null
    if (mode === 'deploy') {
      const ep = ctx.entryPoint as [number, number] | undefined
      if (!ep) throw new SceneError([{ path: 'context.entryPoint', message: 'mode "deploy" needs context.entryPoint [x, y] (the Entry Point marker)' }])
      at = { id: 'entry point', x: ep[0], y: ep[1], r: Number(table.options.entryPointMarkerDiameterMm ?? 0) / 2 }
    } else {
      const tid = ctx.transport
      if (typeof tid !== 'string') throw new SceneError([{ path: 'context.transport', message: 'mode "disembark" needs context.transport (the Transport model id)' }])
      const tr = table.model(tid)
      at = { id: tr.id, x: tr.x, y: tr.y, r: Math.max(tr.placed.halfLengthMm, tr.placed.halfWidthMm) }
    }
    endsNear = { targets: [{ id: at.id, x: at.x, y: at.y, innerMm: 0, outerMm: at.r + r + inches(move.inches) }], choose: 'any', rule: MV[mode], reason: `each model is placed within its Movement (${move.inches}") of the ${mode === 'deploy' ? 'Entry Point' : 'Transport'}` }
    // Placing is not moving: measured from the marker, through any terrain (it only may not be placed inside a piece models cannot stand in).
    const from = modelAt(m, at.x, at.y, 0)
    const outer = endsNear.targets[0]!.outerMm
    return {
      mode, model: from,
      allowance: { ...allowance, formula: `within Mov ${move.inches}" of the ${mode === 'deploy' ? 'Entry Point' : 'Transport'}`, rule: MV[mode], mm: () => [{ mm: outer, chance: ONE }], maxMm: outer },
      piece: (t) => (pieceRole(core, table, v, t, plan).role === 'blocked' && !t.has('clear') ? { role: 'region', kind: 'not a place to set up', rule: MV.clear, noEnd: { rule: MV.clear, reason: `${t.id} is not a place a model can be set up`, by: 'centre' } } : { role: 'open' }),
      other: (o) => (o.id === tidOf(ctx) ? { role: 'ignore' } : { role: 'no-end', rule: MV.move, reason: 'the base would end overlapping another base' }),
      tableRule: MV.move,
      rules: [MV[mode]],
      straightOnly: true,
      endsNear,
      notes: [{ rule: MV[mode], reason: mode === 'deploy' ? 'Deploying does not count as a Move action' : 'a unit that disembarks may not Move or Advance in the same activation' }],
    }
  }
  return {
    mode,
    model: m,
    allowance,
    piece: (t) => pieceRole(core, table, v, t, plan),
    other: (o) => {
      if (flying) return { role: 'no-end', rule: MV.move, reason: 'the base would end overlapping another base' }
      if (core.isEnemy(m, o)) return { role: 'blocked', rule: MV.move, reason: 'a base may never move over an enemy model\'s base' }
      if (v.isVehicle) return { role: 'blocked', rule: MV.vehicleMove, reason: 'vehicles may not move over the base of any other model' }
      if (core.view(table, o).isVehicle) return { role: 'blocked', rule: MV.vehicleMove, reason: 'models may not move over a vehicle\'s base' }
      return { role: 'no-end', rule: MV.move, reason: 'the base would end overlapping another base' }
    },
    levelChange: (from, to, piece) => {
      const up = levelOf(table, to) - levelOf(table, from)
      if (up === 0) return { costMm: 0, kind: 'same level', rule: '' }
      if (!piece || !climbableSurface(table, piece)) return { costMm: null, kind: 'climb', rule: MV.heights, reason: `level ${levelOf(table, from)} → ${levelOf(table, to)} with no Climbable terrain connecting them` }
      // "1 inch per height level ascended", "1 inch for every 2 height levels descended" (Climbable); a Rough and Climbable piece costs it again.
      const levels = up > 0 ? up : Math.floor(-up / 2)
      const rough = piece.has('rough') && !hasRule(v.rules, 'rugged')
      return { costMm: inches(levels) * (rough ? 2 : 1), kind: up > 0 ? `climb ${up} level(s)` : `down ${-up} level(s)`, rule: MV.climbable }
    },
    tableRule: MV.move,
    rules: [...new Set([...rules, MV.terrain])],
    notes: [
      { rule: 'core-rules/basic-rules.html#unit-formation', reason: 'every unit must finish each action in formation (the other models where they stand)' },
      ...(flying ? [{ rule: MV.unitRules, reason: 'Flying: intervening terrain and models ignored, no height-level penalties' }] : []),
    ],
    ...(v.isVehicle && !flying ? { vehicle: vehicleRules(v) } : {}),
    ...(endsNear ? { endsNear } : {}),
    ...(refusal ? { refusal } : {}),
  }
}

export function cadenceReach(core: CadenceCore, table: Table, q: QueryOf<'reach'>, plan: CadencePlanning = {}): ReachResult {
  return answerReach(table, q, cadenceMovement(core, table, table.model(q.model), q.mode, q.context, plan))
}

/**
 * Who can attack a spot this turn (playing-a-game.html#actions, #action-attack): each weapon from where
 * the model stands, after a Move (Move then Attack), or after Move + Advance (three actions: the Rush
 * Penalty applies). Melee is an Attack with a short weapon (Rng 1"), so it threatens the same ways.
 */
export function cadenceThreat(core: CadenceCore, table: Table, q: QueryOf<'threat'>, plan: CadencePlanning = {}): ThreatResult {
  return answerThreat(table, q, {
    options: (t, enemy, target) => {
      const out: ThreatOption[] = []
      const move = cadenceMovement(core, t, enemy, 'move', {}, plan)
      const both = cadenceMovement(core, t, enemy, 'move-advance', {}, plan)
      for (const w of enemy.weapons) {
        const longest = longestRangeInches(core, t, enemy, target, w)
        const range = longest === null ? null : inches(longest)
        out.push({ via: 'shoot', weapon: w.id, move: null, contactMm: null, rangeMm: range, reference: 'edge', context: { actions: 2 }, rule: 'core-rules/playing-a-game.html#action-attack' })
        out.push({ via: 'move-shoot', weapon: w.id, move, contactMm: null, rangeMm: range, reference: 'edge', context: { actions: 2 }, rule: 'core-rules/playing-a-game.html#action-move' })
        out.push({ via: 'move-advance-shoot', weapon: w.id, move: both, contactMm: null, rangeMm: range, reference: 'edge', context: { actions: 3 }, rule: 'core-rules/playing-a-game.html#action-advance' })
      }
      return out
    },
    standingZ: (t, m, x, y) => standingLevel(t, (p) => pieceRole(core, t, core.view(t, m), p, plan), x, y) ?? 0,
  })
}

/**
 * The longest range a weapon can have against a target beyond its printed range: the game's weapon
 * rules may stretch it (Devil's Bluff Longshot doubles it, Fracture Long Shot adds 8"), as the attack
 * itself applies them. Null: no printed range.
 */
function longestRangeInches(core: CadenceCore, table: Table, enemy: TableModel, target: TableModel, w: TableModel['weapons'][number]): number | null {
  const printed = w['rangeInches']
  if (typeof printed !== 'number') return null
  const attacker = core.view(table, enemy)
  const them = core.view(table, target)
  const beyond: AttackSituation = { table, attacker, target: them, targetUnit: [them], weapon: w, weaponRules: weaponRules(w), distanceMm: Infinity, losClass: 'clear', context: {} }
  let longest = printed
  for (const a of core.hooks.weaponAdjustments(beyond, false)) if (a.rangeInches !== undefined) longest = Math.max(longest, a.rangeInches)
  return longest
}

/** Exposure under the core's line of sight: the class the attacking unit would see (clear, obscured, blocked). */
export function cadenceExposure(core: CadenceCore, table: Table, q: QueryOf<'exposure'>, plan: CadencePlanning = {}): ExposureResult {
  return answerExposure(table, q, {
    rule: LOS_RULE,
    // The unit sight samples its own lines (judgeUnitSight, the core's classifyLos): the engine's need not.
    sight: (t, viewer, target) => sightOfClass(t, judgeUnitSight(t, viewer, target, core.isEnemy).class),
    standingZ: (t, m, x, y) => standingLevel(t, (p) => pieceRole(core, t, core.view(t, m), p, plan), x, y),
  })
}


const tidOf = (ctx: Record<string, unknown>) => (typeof ctx.transport === 'string' ? ctx.transport : undefined)
