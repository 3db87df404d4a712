// The planning queries of Operator Tactics: Skirmish (issue 32): `reach` under §02 Actions and Movement
// details (Move up to MOBI, Sprint MOBI × 2, crawl at half MOBI while Prone, Take Cover 2", break free
// 3", the Fight's move into contact; difficult terrain and Heavy Cover 2" per 1"; climbing 2" per 1"
// vertical, ladders and stairs 1:1; Impassable; through friendlies but not enemies), `threat` (shoot,
// move and shoot, fight) and `exposure` under §06 line of sight (the centre-to-centre line and cover).
import {
  declareMoveModes, type Allowance, type ExposureResult, type MovementModel, type PieceRole, type QueryOf, type ReachResult, type Table, type TableModel, type TableTerrain, type ThreatOption, type ThreatResult,
  ONE, SceneError, answerExposure, answerReach, answerThreat, inches, sightOfClass, standingLevel,
} from '../../engine/index.ts'
import { SK } from './constants.ts'
import { readContext } from './context.ts'
import { contactDistanceMm } from './contact.ts'
import { MOVE_MODES, type MoveMode, climbRate, moveAllowance } from './movement.ts'
import { readOptions } from './options.ts'
import { has } from './stats.ts'
import { isDifficult } from './terrain.ts'
import { decideCover, losClassOf, traceCentreLine } from './sight.ts'

/** The modes `reach` answers, the default first (RuleSystem.moveModes). */
export const moveModes = declareMoveModes(MOVE_MODES)

/** What a terrain piece is to a move (§02 Movement details, §06 Terrain types, §26 Terrain protocol). */
function pieceRole(table: Table, t: TableTerrain): PieceRole {
  if (t.has('impassable')) return { role: 'blocked', rule: '§06 Terrain types L773', reason: 'Impassable terrain cannot be entered' }
  if (t.has('objective') || t.has('smoke')) return { role: 'open' }
  // Elevation and Full Cover pieces are climbed onto (their top is where a model stands on them).
  if (t.has('elevation') || t.has('full-cover')) return { role: 'surface', kind: t.has('elevation') ? 'elevation' : 'full cover', rule: '§06 Terrain types L774', topZ: t.solid.topZ }
  const o = readOptions(table.options)
  const jungle = o.crackerjack && o.crackerjackArena === 'jungle-canopy' && t.has('vegetation')
  if (isDifficult(t)) return { role: 'region', kind: 'difficult', rule: t.has('heavy-cover') ? '§06 Terrain types L771 (Heavy Cover is difficult terrain)' : '§02 Movement details L256', weight: SK.difficultCostPerInch.value + (jungle ? 1 / 3 : 0) }
  if (jungle) return { role: 'region', kind: 'vegetation', rule: '§26 Terrain protocol L2417 (+1" per 3")', weight: 1 + 1 / 3 }
  return { role: 'open' }
}

/** The move of one operator in one mode (§02 Actions, Movement details, Status effects, Reactions, Melee; §26). */
export function movementModel(table: Table, m: TableModel, rawMode: string | undefined, context: Record<string, unknown> | undefined): MovementModel {
  const o = readOptions(table.options)
  const ctx = readContext(context)
  const mode = (rawMode ?? 'move') as MoveMode
  if (!MOVE_MODES.includes(mode)) throw new SceneError([{ path: 'mode', message: `unknown mode "${rawMode}"; expected one of ${MOVE_MODES.join(', ')}` }])
  const a = moveAllowance(m, mode, ctx, o)
  const inchesAllowed = a.inches
  const rule = a.rule
  const first = a.refusals[0]
  const refusal: MovementModel['refusal'] = first ? { code: first.code, rule: first.rule, reason: first.message } : undefined
  const allowance: Allowance = { formula: `${inchesAllowed}" (${mode})`, rule, rolls: [{ roll: 0, chance: ONE }], mm: () => [{ mm: inches(inchesAllowed), chance: ONE }], maxMm: inches(inchesAllowed) }
  // A Fight's move ends in contact with an enemy: base to base, or within the contact distance (§02 Actions L248).
  const radius = (x: TableModel) => Math.max(x.placed.halfLengthMm, x.placed.halfWidthMm)
  const endsNear: MovementModel['endsNear'] = mode === 'fight'
    ? { targets: table.models.filter((e) => e.side !== m.side).map((e) => ({ id: e.id, x: e.x, y: e.y, innerMm: radius(e) + radius(m), outerMm: radius(e) + radius(m) + contactDistanceMm(table, m, e) })), choose: 'any', rule: '§02 Actions L248', reason: 'a Fight moves into contact with an enemy' }
    : undefined
  return {
    ...(endsNear ? { endsNear } : {}),
    mode,
    model: m,
    allowance,
    piece: (t) => pieceRole(table, t),
    other: (x) => (x.side !== m.side
      ? { role: 'blocked', rule: '§02 Movement details L259', reason: 'you cannot move through enemies' }
      : { role: 'no-end', rule: '§02 Movement details L259', reason: 'you cannot end on friendlies' }),
    levelChange: (from, to, piece) => {
      const rate = piece ? climbRate(table, m, piece, ctx.ladder === true) : { perInch: SK.climbCostPerInch.value, rule: '§02 Movement details L257' }
      const notes = piece?.has('no-handhold') && !ctx.ladder ? ' (no handhold: TACT 4+ or no progress)' : ''
      return { costMm: Math.abs(to - from) * rate.perInch, kind: (to > from ? 'climb-up' : 'climb-down') + notes, rule: rate.rule }
    },
    tableRule: '§01 Setup at a glance',
    rules: ['§02 Actions L244–252', '§02 Movement details L254–259', rule],
    notes: [
      ...a.notes.map((reason) => ({ rule: a.rules[0] ?? rule, reason })),
      ...(has(m, 'stealth') ? [{ rule: '§02 Stealth L338', reason: 'moving through open ground within 6" of an enemy breaks Stealth' }] : []),
    ],
    ...(refusal ? { refusal } : {}),
  }
}

export function reach(table: Table, q: QueryOf<'reach'>): ReachResult {
  return answerReach(table, q, movementModel(table, table.model(q.model), q.mode, q.context))
}

/**
 * Who can attack a spot this turn: a ranged weapon from where the operator stands, or after a Move (two
 * actions: Move then Shoot, §02 Actions); a melee weapon (or unarmed) by a Fight, which moves into
 * contact (§02 Actions L248, §02 Melee). Grenades and charges are blasts (ask `blast`).
 */
export function threat(table: Table, q: QueryOf<'threat'>): ThreatResult {
  return answerThreat(table, q, {
    options: (t, enemy, target) => {
      const out: ThreatOption[] = []
      const move = movementModel(t, enemy, 'move', {})
      for (const w of enemy.weapons) {
        if (w['kind'] === 'ranged' && typeof w['rangeInches'] === 'number') {
          const rangeMm = inches(w['rangeInches'])
          out.push({ via: 'shoot', weapon: w.id, move: null, contactMm: null, rangeMm, reference: 'edge', rule: '§02 Shooting' })
          out.push({ via: 'move-shoot', weapon: w.id, move, contactMm: null, rangeMm, reference: 'edge', rule: '§02 Actions L245' })
        }
      }
      const melee = enemy.weapons.find((w) => w['kind'] === 'melee')
      const { endsNear: _contact, ...fightMove } = movementModel(t, enemy, 'fight', {})
      out.push({ via: 'fight', weapon: melee?.id ?? 'unarmed', move: fightMove, contactMm: contactDistanceMm(table, enemy, target), rangeMm: null, reference: 'edge', rule: '§02 Actions L248' })
      return out
    },
    standingZ: (t, _m, x, y) => standingLevel(t, (p) => pieceRole(t, p), x, y) ?? 0,
  })
}

/** Exposure under §06 Line of sight (the centre-to-centre line; cover from the pieces near the target). */
export function exposure(table: Table, q: QueryOf<'exposure'>): ExposureResult {
  return answerExposure(table, q, {
    rule: '§06 Line of sight L776–778',
    // The centre-to-centre line and the cover near the target, as classifyLos judges them (no sampled lines needed).
    sight: (t, viewer, target) => {
      const line = traceCentreLine(t, viewer, target)
      return sightOfClass(t, losClassOf(line, line.clear ? decideCover(t, viewer, target) : null))
    },
    standingZ: (t, _m, x, y) => standingLevel(t, (p) => pieceRole(t, p), x, y),
  })
}
