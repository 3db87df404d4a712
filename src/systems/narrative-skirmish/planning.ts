// The planning queries of the narrative skirmish game (issue 32): `reach` under Models > Movement and
// the action rules (up to three moves an activation, bonus dice added to movement), `threat` and
// `exposure` under its attack and sight rules.
import { z } from 'zod'
import {
  declareMoveModes, type Allowance, type ExposureResult, type MovementModel, type QueryOf, type ReachResult, type Table, type TableModel, type ThreatOption, type ThreatResult, type ThreatRules,
  ONE, SceneError, answerExposure, answerReach, answerThreat, dice, fraction, inches,
} from '../../engine/index.ts'
import { FAST_BONUS_INCHES, MAX_BONUS_DICE, MOVE_INCHES, SECTION, type FiringProfile } from './catalogue.ts'
import { LOS_RULE_TEXT, isBig, opt } from './rules.ts'

/** What the camera cannot know about a planned move: which moves of the activation, and bonus dice added to it. */
export const planningContextShape = {
  /** How many moves of the activation (1st 1 AP, 2nd 3 AP, 3rd 5 AP): the reach covers all of them. */
  moves: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  /** Bonus dice (d6) spent on the move ("Bonus dice can be added to other rolls or to movement"). */
  moveBonusDice: z.number().int().min(0).max(MAX_BONUS_DICE).optional(),
}

type PlanningContext = { moves?: 1 | 2 | 3; moveBonusDice?: number }

const MODES = ['move'] as const

/** The modes `reach` answers, the default first (RuleSystem.moveModes). */
export const moveModes = declareMoveModes(MODES)

/** A model's movement: 6" small, 12" big, +3" Fast (Models > Movement, Models > Traits). */
export function movementInches(m: TableModel): number {
  const traits = (m.stats.traits as Record<string, unknown> | undefined) ?? {}
  return (isBig(m) ? MOVE_INCHES.big : MOVE_INCHES.small) + (traits.fast === true ? FAST_BONUS_INCHES : 0)
}

/**
 * The move of one model: `moves` moves of its movement in one go (the book lets a model move up to three
 * times an activation; a path may run on from one move to the next), plus any bonus d6 spent on it.
 * Solid terrain and every other model's base are impassable (the book never says terrain blocks movement:
 * the move query's reading), the base stays on the table.
 */
export function movementModel(table: Table, m: TableModel, mode: string | undefined, ctx: PlanningContext): MovementModel {
  if (mode !== undefined && !(MODES as readonly string[]).includes(mode)) throw new SceneError([{ path: 'mode', message: `unknown move mode "${mode}"; the narrative skirmish game has only "move"` }])
  const moves = ctx.moves ?? 1
  const bonus = ctx.moveBonusDice ?? 0
  const baseInches = movementInches(m) * moves
  const roll = dice(bonus, 6)
  const rolls = [...roll.counts].sort((a, b) => a[0] - b[0]).map(([v, c]) => ({ roll: v, chance: bonus ? fraction(c, roll.total) : ONE }))
  const allowance: Allowance = {
    formula: `${moves > 1 ? `${moves} × ` : ''}${movementInches(m)}"${bonus ? ` + ${bonus}d6 (bonus dice)` : ''}`,
    rule: bonus ? SECTION.bonusDice : SECTION.movement,
    rolls,
    mm: (r) => [{ mm: inches(baseInches + r), chance: ONE }],
    maxMm: inches(baseInches + 6 * bonus),
  }
  const solid = { rule: `${SECTION.movement} (the book is silent: solid pieces are treated as impassable)`, reason: 'solid terrain is impassable' }
  return {
    mode: 'move',
    model: m,
    allowance,
    piece: (t) => (t.type === 'solid' ? { role: 'blocked', ...solid } : { role: 'open' }),
    other: () => ({ role: 'blocked', rule: SECTION.movement, reason: 'a base in the way' }),
    tableRule: SECTION.movement,
    rules: [SECTION.movement, ...(moves > 1 ? [SECTION.actions] : [])],
    notes: moves > 1 ? [{ rule: SECTION.actions, reason: `${moves} moves cost ${[1, 3, 5].slice(0, moves).reduce((a, b) => a + b, 0)} AP, and a model cannot move, fight and move again` }] : [],
  }
}

export function reach(table: Table, q: QueryOf<'reach'>): ReachResult {
  return answerReach(table, q, movementModel(table, table.model(q.model), q.mode, (q.context ?? {}) as PlanningContext))
}

/**
 * Who can attack a spot this turn (Playing the Game > Activate models with Action Points, Combat): a
 * ranged weapon from where the enemy stands, or after one move (a model "cannot move, perform combat,
 * and move again", so the move comes first); a melee weapon after a move into contact (base contact,
 * the spear within 1"). One move: the action points of the turn are rolled (d20), so a second or third
 * move is the players' to know.
 */
export const threatRules: ThreatRules = {
  options: (table, enemy) => {
    const o = opt(table)
    const out: ThreatOption[] = []
    const move = movementModel(table, enemy, 'move', {})
    for (const w of enemy.weapons) {
      if (w.kind === 'melee') {
        const reachInches = w.reachInches as number | null | undefined
        out.push({ via: 'charge', weapon: w.id, move, contactMm: reachInches ? inches(reachInches) : o.meleeContactMm, rangeMm: null, reference: 'edge', rule: SECTION.combatMelee })
        continue
      }
      const profiles = (w.profiles as FiringProfile[] | undefined) ?? []
      const ranges = profiles.map((p) => p.rangeInches)
      const rangeMm = ranges.includes(null) || !ranges.length ? null : inches(Math.max(...(ranges as number[])))
      const reference = o.measureFrom === 'centre' ? 'centre' : 'edge'
      out.push({ via: 'shoot', weapon: w.id, move: null, contactMm: null, rangeMm, reference, rule: SECTION.combatRanged })
      out.push({ via: 'move-shoot', weapon: w.id, move, contactMm: null, rangeMm, reference, rule: SECTION.actions })
    }
    return out
  },
}

export function threat(table: Table, q: QueryOf<'threat'>): ThreatResult {
  return answerThreat(table, q, threatRules)
}

/** Exposure under the book's sight: true line of sight from the eye, terrain hides, tokens never do (option modelsBlockLos). */
export function exposure(table: Table, q: QueryOf<'exposure'>): ExposureResult {
  return answerExposure(table, q, { rule: LOS_RULE_TEXT })
}
