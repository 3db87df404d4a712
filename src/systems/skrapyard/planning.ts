// The planning queries of Skrapyard (issue 32): `reach` under §12 Movement (normal 3" + stature, hurry
// and fly in a straight line, charge into base contact with the nearest opponent in range, retreat, jump;
// every model an impassable object but for the stature and flyer exceptions; linear obstacles by
// stature; area obstacles cutting the move by D3/D6/D12), `threat` (shoot, move and shoot, charge,
// hurry into contact) and `exposure` under §13.2 sight (the ruleset's own sampler).
import {
  declareMoveModes, type Allowance, type AllowanceShare, type Distribution, type ExposureResult, type Fraction, type MovementModel, type PieceRole, type QueryOf, type ReachResult, type Table,
  type TableModel, type TableTerrain, type ThreatOption, type ThreatResult,
  ONE, SceneError, answerExposure, answerReach, answerThreat, basePolygon, constant, convolve, die, fraction, inches, measureBaseGap2, standingLevel,
} from '../../engine/index.ts'
import { findWeapon, type RangedWeapon } from './catalogue.ts'
import type { QueryContext } from './contextSchema.ts'
import { roundUp } from './dice.ts'
import { findEngaged, isOpponent } from './findContacts.ts'
import { NUMBERS } from './numbers.ts'
import type { SkrapyardOptions } from './options.ts'
import { readCharacter, readOptions } from './readCharacter.ts'
import { readObstacle } from './readTerrain.ts'
import { sampleSkrapyardLos } from './sampleSkrapyardLos.ts'
import { classifyLinearObstacle, hurryMoveInches, normalMoveInches, targetSizeModifiers } from './stature.ts'
import { LOS_CLASSES } from './losClasses.ts'
import { MOVE_MODES, type MoveMode } from './checkMove.ts'

/** The modes `reach` answers, the default first (RuleSystem.moveModes). */
export const moveModes = declareMoveModes(MOVE_MODES)

const radiusOf = (m: TableModel) => Math.max(m.placed.halfLengthMm, m.placed.halfWidthMm)
const disc = (x: number, y: number, r: number) => basePolygon({ shape: 'round', halfLengthMm: r, halfWidthMm: r, ux: 1, uy: 0 }, x, y)

/** What a terrain piece is to this move (§12.7, §12.8, §12.9). */
function pieceRole(t: TableTerrain, mode: MoveMode, stature: number): PieceRole {
  const info = readObstacle(t)
  const flying = mode === 'fly'
  if (info.kind === 'impassable') {
    // A flyer passes over impassable terrain, but may not end on it (§12.7, §12.9.7).
    return flying ? { role: 'region', kind: 'impassable (flown over)', rule: '§12.7', noEnd: { rule: '§12.9.7', reason: 'impassable terrain', by: 'centre' } } : { role: 'blocked', rule: '§12.9.7', reason: 'impassable terrain may not be moved through' }
  }
  if (flying) return { role: 'open' }
  if (info.kind === 'area') {
    if (mode === 'hurry') return { role: 'blocked', rule: '§12.9.3', reason: 'it is not possible to hurry into, through or out of area terrain' }
    return { role: 'region', kind: `area (${info.density.id}): −D${info.density.reductionDie}", minimum 1"`, rule: info.density.section, tag: `area:${info.density.reductionDie}` }
  }
  // A jump passes over walls (§12.9.8): they are not crossed as obstacles.
  if (mode === 'jump') return { role: 'open' }
  const effect = classifyLinearObstacle(stature, info.stature)
  if (!effect.crossable) return { role: 'blocked', rule: '§12.8.6', reason: `an obstacle of stature ${info.stature} (2 or more above the character's) cannot be crossed` }
  if (mode === 'charge') return { role: 'blocked', rule: '§12.8.7', reason: 'characters may not charge across any obstacle' }
  if (mode === 'hurry' && !effect.mayHurry) return { role: 'blocked', rule: '§12.8.7', reason: 'characters may not hurry across obstacles except those 2 or more below their stature' }
  if (effect.cost === 'none') return { role: 'open' }
  if (effect.cost === 'half' && !effect.mustStopAfter) return { role: 'region', kind: `obstacle of stature ${info.stature}: halves the move`, rule: effect.section, tag: 'half' }
  // Stature equal or one above: the move ends at the obstacle, or crossing it takes the whole move (§12.8.4, §12.8.5): the move query rules those spots.
  return { role: 'blocked', rule: effect.section, reason: effect.cost === 'entire' ? 'crossing it takes the entire move (the move query rules that move)' : 'after crossing it the character must stop on the far side in contact with it (the move query rules that move)' }
}

/** The dice that cut the move for the area pieces a path entered (§12.9.4–§12.9.6; option areaTerrainRolls). */
function areaCut(tags: readonly string[], o: SkrapyardOptions): Distribution {
  const dice = tags.filter((t) => t.startsWith('area:')).map((t) => Number(t.slice(5)))
  if (!dice.length) return constant(0)
  if (o.areaTerrainRolls === 'per-move') return die(Math.max(...dice))
  return dice.reduce((d, n) => convolve(d, die(n)), constant(0))
}

function shares(dist: Distribution, f: (cut: number) => number): AllowanceShare[] {
  return [...dist.counts].map(([cut, count]) => ({ mm: inches(Math.max(0, f(cut))), chance: fraction(count, dist.total) as Fraction }))
}

/** The move of one character in one mode (§12, §16.4.1). */
export function movementModel(table: Table, m: TableModel, rawMode: string | undefined, context: Record<string, unknown> | undefined): MovementModel {
  const o = readOptions(table)
  const ctx = (context ?? {}) as QueryContext
  const mode = (rawMode ?? 'normal') as MoveMode
  if (!MOVE_MODES.includes(mode)) throw new SceneError([{ path: 'mode', message: `unknown move mode "${rawMode}"; expected one of ${MOVE_MODES.join(', ')}` }])
  const me = readCharacter(m)
  const moved = ctx.movedInches ?? 0
  const hurried = mode === 'hurry' || mode === 'fly' || (mode === 'jump' && ctx.jumpAsHurry === true)
  const base = hurried ? hurryMoveInches(me.stature) : normalMoveInches(me.stature)
  const rule = mode === 'fly' ? '§12.7' : mode === 'hurry' ? '§12.4' : mode === 'charge' ? '§12.5' : mode === 'retreat' ? '§16.4.1' : mode === 'jump' ? '§12.9.8' : '§12.1'
  const halve = (v: number) => (o.halvedMoveRounding === 'up' ? roundUp(v / 2) : v / 2)
  const afterTags = (tags: readonly string[]) => {
    let a = base
    for (const t of tags) if (t === 'half') a = halve(a)
    return a
  }
  // The move's own roll: the jump's D12 (§12.9.8); Ensnare's D12 joins the area dice (§19.5.6).
  const rolls = mode === 'jump' ? Array.from({ length: 12 }, (_, i) => ({ roll: i + 1, chance: fraction(1, 12) })) : [{ roll: 0, chance: ONE }]
  const allowance: Allowance = {
    formula: `${hurried ? 'hurry' : 'normal'} move ${base}" (3" + stature${hurried ? ' × 2' : ''})${mode === 'jump' ? ' − D12' : ''}${moved ? `, ${moved}" already moved` : ''}${ctx.ensnared ? ' − D12 (Ensnare)' : ''}`,
    rule,
    rolls,
    mm: (roll, tags) => {
      const a = afterTags(tags)
      let cut = areaCut(tags, o)
      const anyArea = tags.some((t) => t.startsWith('area:'))
      if (ctx.ensnared) cut = convolve(cut, die(12))
      // Area dice leave at least 1" (§12.9.4); under Ensnare the minimum is 0 (§19.5.6); a jump of 0 or less does not happen (§12.9.8.1).
      const floor = ctx.ensnared ? 0 : anyArea ? 1 : 0
      return shares(cut, (c) => {
        const left = Math.max(floor, a - c) - roll
        return mode === 'jump' && left < 1 ? 0 : left - moved
      })
    },
    maxMm: inches(base - moved),
  }
  let refusal: MovementModel['refusal']
  if (mode === 'fly' && !me.canFly) refusal = { code: 'cannot-fly', rule: '§12.7', reason: 'only characters that can fly may make a fly move' }
  if (me.wounded) refusal = { code: 'wounded', rule: '§15.1.1', reason: 'a wounded character may not move' }

  const opponents = table.models.filter((x) => isOpponent(m, x))
  const zones: NonNullable<MovementModel['noEndZones']>[number][] = []
  if (mode === 'fly') {
    // A flyer may not finish within an opponent's stature unless in base contact (§12.7.1): the area leaves out contact too.
    for (const x of opponents) zones.push({ id: x.id, polygon: disc(x.x, x.y, radiusOf(x) + radiusOf(m) + inches(readCharacter(x).stature)), rule: '§12.7.1', reason: `a flyer may not end within ${readCharacter(x).stature}" of an opponent unless in base contact` })
  }
  if (mode === 'retreat' && opponents.length) {
    // Away from the nearest enemy (§16.4.1) and at least 3" from every enemy (§16.4.5).
    const nearest = opponents.reduce((a, b) => (measureBaseGap2(m.placed, b.placed).gapMm < measureBaseGap2(m.placed, a.placed).gapMm ? b : a))
    zones.push({ id: nearest.id, polygon: disc(nearest.x, nearest.y, Math.hypot(m.x - nearest.x, m.y - nearest.y)), rule: '§16.4.1', reason: 'a retreat moves away from the nearest enemy character' })
    for (const x of opponents) zones.push({ id: x.id, polygon: disc(x.x, x.y, radiusOf(x) + radiusOf(m) + inches(NUMBERS.retreatClearanceInches.value)), rule: '§16.4.5', reason: 'a retreat must end at least 3" from every enemy character' })
  }
  let endsNear: MovementModel['endsNear']
  if (mode === 'charge') {
    // The nearest opposing character in charge range that it can see, unengaged ones first (§12.5.2, §12.5.3).
    const seen = opponents.filter((x) => !readCharacter(x).wounded && sampleSkrapyardLos(table, m, x, o).visible)
    const unengaged = seen.filter((x) => findEngaged(table, x, o).length === 0)
    const targets = (unengaged.length ? unengaged : seen).map((x) => ({ id: x.id, x: x.x, y: x.y, innerMm: radiusOf(x) + radiusOf(m), outerMm: radiusOf(x) + radiusOf(m) + o.baseContactToleranceMm }))
    endsNear = { targets, choose: 'nearest', rule: '§12.5.3', reason: 'a charge ends in base contact with the nearest opposing character in charge range' }
    if (!targets.length) refusal ??= { code: 'no-charge-target', rule: '§12.5.2', reason: 'no opposing character it can see to charge' }
  }
  return {
    mode,
    model: m,
    allowance,
    piece: (t) => pieceRole(t, mode, me.stature),
    other: (x) => {
      if (mode === 'fly' || (me.stature === 1 && readCharacter(x).stature === 1 && !isOpponent(m, x))) return { role: 'no-end', rule: mode === 'fly' ? '§12.7' : '§12.3.1', reason: 'the base may not end on another character' }
      return { role: 'blocked', rule: '§12.3', reason: 'characters are impassable objects' }
    },
    noEndZones: zones,
    tableRule: '§1.2.1',
    rules: ['§12.1.1', rule],
    straightOnly: mode === 'hurry' || mode === 'fly',
    notes: [
      ...(mode === 'hurry' || mode === 'fly' ? [{ rule: '§12.4.1', reason: 'a character that hurries cannot shoot' }] : []),
      ...(opponents.length && mode !== 'retreat' ? [{ rule: '§12.1.2', reason: 'having moved to within an unengaged opponent\'s stature, it may not voluntarily move further away this turn (not applied to the paths here)' }] : []),
    ],
    ...(endsNear ? { endsNear } : {}),
    ...(refusal ? { refusal } : {}),
  }
}

export function reach(table: Table, q: QueryOf<'reach'>): ReachResult {
  return answerReach(table, q, movementModel(table, table.model(q.model), q.mode, q.context))
}

/** The nearest opponent of `m` it can see (by the gap between the bases), for the charge rule (§12.5.3). */
function nearestSeenOpponent(table: Table, m: TableModel, o: SkrapyardOptions): TableModel | null {
  let best: TableModel | null = null
  let bestGap = Infinity
  for (const x of table.models) {
    if (!isOpponent(m, x) || readCharacter(x).wounded) continue
    const gap = measureBaseGap2(m.placed, x.placed).gapMm
    if (gap < bestGap && sampleSkrapyardLos(table, m, x, o).visible) {
      best = x
      bestGap = gap
    }
  }
  return best
}

/**
 * Who can attack a spot this turn: a shooting weapon from where the enemy stands or after a normal move
 * (§12.2; its range is the weapon's multiple of the shooter's S, §13.2), turned to face the spot first
 * (§12.11.1: turning is not movement), a combat weapon after a charge into
 * base contact with its nearest visible opponent (§12.5) or after a hurry straight into contact (§12.6.1).
 */
export function threat(table: Table, q: QueryOf<'threat'>): ThreatResult {
  const o = readOptions(table)
  return answerThreat(table, q, {
    options: (t, enemy, target) => {
      const out: ThreatOption[] = []
      const me = readCharacter(enemy)
      // The S that sets the range (§13.3.1): the target's size, and +1 standing when it does not move (§13.3.2.1).
      const size = targetSizeModifiers(me.stature, readCharacter(target).stature, undefined, o.teamLargeWithSmall).reduce((a, m) => a + m.value, 0)
      const normal = movementModel(t, enemy, 'normal', {})
      const reference = o.rangeReference === 'base-centre' ? 'centre' : 'edge'
      // Every character has a basic weapon for shooting and one for combat besides what it carries (§13.1, §14.4).
      const carried: Array<{ id: string; kind?: unknown }> = [...enemy.weapons]
      for (const basic of ['basic-weapon', 'basic-combat-weapon']) if (!carried.some((w) => w.id === basic)) carried.push({ id: basic })
      for (const w of carried) {
        const def = findWeapon(w.id)
        if (def?.kind === 'ranged' || w.kind === 'ranged') {
          const S = me.stats.S
          const ranged = def as RangedWeapon | undefined
          const rangeAt = (s: number) => inches((ranged?.rangeMultiplier ?? 2) * s)
          const standing = ranged?.standingModifier !== false ? NUMBERS.standingModifier.value : 0
          const rangeMm = S !== undefined ? rangeAt(S + size + standing) : null
          out.push({ via: 'shoot', weapon: w.id, move: null, contactMm: null, rangeMm, reference, turnsToFace: true, rule: '§13.2, §12.11.1' })
          // After a move: no standing modifier (§13.3.2.1), and no l or s weapon (§13.6.2.1, §13.6.3.1); the attack reads `moved`.
          out.push({ via: 'move-shoot', weapon: w.id, move: normal, contactMm: null, rangeMm: S !== undefined ? rangeAt(S + size) : null, reference, context: { moved: true }, rule: '§12.2' })
          continue
        }
        const { endsNear: _target, refusal, ...charge } = movementModel(t, enemy, 'charge', {})
        out.push({
          via: 'charge', weapon: w.id, move: { ...charge, ...(refusal && refusal.code !== 'no-charge-target' ? { refusal } : {}) }, contactMm: o.baseContactToleranceMm, rangeMm: null, reference: 'edge', rule: '§12.5',
          eligible: (spot, e, there) => nearestSeenOpponent(spot, e, o)?.id === there.id,
        })
        out.push({ via: 'hurry', weapon: w.id, move: movementModel(t, enemy, 'hurry', {}), contactMm: o.baseContactToleranceMm, rangeMm: null, reference: 'edge', straight: true, rule: '§12.6.1' })
      }
      return out
    },
  })
}

/**
 * Exposure under §13.2 (the front half-space, the target zone, the 1" rule), the ruleset's own sampler;
 * classes clear / in-cover / none. Each enemy looks turned to face the cell: a character may always turn
 * before shooting (§12.11.1), so its present facing does not hide the cell.
 */
export function exposure(table: Table, q: QueryOf<'exposure'>): ExposureResult {
  const o = readOptions(table)
  return answerExposure(table, q, {
    rule: '§13.2',
    turnsToFace: true,
    sight: (t, viewer, target) => {
      const los = sampleSkrapyardLos(t, viewer, target, o)
      const display = LOS_CLASSES[los.class].display
      return { seen: los.visible, class: los.class, display, cover: los.class === 'in-cover' ? 'in-cover' : 'none' }
    },
    standingZ: (t, m, x, y) => standingLevel(t, (p) => pieceRole(p, 'normal', readCharacter(m).stature), x, y),
  })
}
