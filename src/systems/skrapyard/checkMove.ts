// Movement (§12): a straight move of the base centre from where the model stands to `to`, checked
// against the allowance for the mode (§12.1 normal, §12.4 hurry, §12.5 charge, §12.7 fly, §16.4.1
// retreat, §12.9.8 jump), linear obstacles by stature difference (§12.8), area obstacles by density
// (§12.9), impassable objects and other characters' bases (§12.3), the approach lock (§12.1.2), the
// flyer's landing distance (§12.7.1) and disengaging (§14.3). Dice that cut a move (D3/D6/D12 in area
// terrain, the jump's D12, Ensnare's D12) give an exact chance of getting there.
import {
  type ActionStages,
  type Distribution,
  type Fraction,
  type PlacedBase,
  type StagePiece,
  runStages,
  stageReasons,
  type Table,
  type TableModel,
  ONE,
  ZERO,
  add,
  closestPointOnPolygon,
  measurePath,
  constant,
  convolve,
  die,
  fraction,
  inches,
  measureBaseGap2,
  mul,
  placeBase,
  polygonContains,
  probabilityOf,
  roundTo,
  sub,
  toInches,
  formatFraction,
} from '../../engine/index.ts'
import { passChance } from './chance.ts'
import { roundUp } from './dice.ts'
import { describeCombat, findEngaged, findFormation, isInBaseContact, isOpponent } from './findContacts.ts'
import { NUMBERS } from './numbers.ts'
import type { SkrapyardOptions } from './options.ts'
import { type Character, readCharacter } from './readCharacter.ts'
import { readObstacle } from './readTerrain.ts'
import { sampleSkrapyardLos, measureSegmentToBase2 } from './sampleSkrapyardLos.ts'
import type { Reason } from './shooting.ts'
import { book } from './losClasses.ts'
import { classifyLinearObstacle, hurryMoveInches, normalMoveInches } from './stature.ts'

export const MOVE_MODES = ['normal', 'hurry', 'charge', 'fly', 'retreat', 'jump'] as const
export type MoveMode = (typeof MOVE_MODES)[number]

/** What the camera cannot see about a move. */
export type MoveContext = {
  /** Inches already moved this turn before this leg (§12.8.8). */
  readonly movedInches: number
  /** Opponents this character already moved to within their stature earlier this turn (§12.1.2). */
  readonly approached: readonly string[]
  /** Under Ensnare: the move is cut by D12", minimum 0 (§19.5.6). */
  readonly ensnared: boolean
  /** Jump made as a hurry move rather than a normal move (§12.9.8). */
  readonly jumpAsHurry: boolean
}

export const NO_MOVE_CONTEXT: MoveContext = { movedInches: 0, approached: [], ensnared: false, jumpAsHurry: false }

export type Crossing = { terrain: string; kind: string; effect: string; rule: string }

/** A move checked on the table: the move query's result before its sources are listed (answerQueries.ts). */
export type MoveCheck = {
  allowed: boolean
  mode: MoveMode
  distance: { mm: number; inches: number }
  allowance: { inches: number; rule: string }
  reasons: Reason[]
  crossings: Crossing[]
  /** Exact chance that the dice leave enough move (1 when no dice are involved). */
  chance: { value: number; exact: string; rule: string[] }
  disengage?: { needed: boolean; automatic: boolean; value?: number; chance?: string; rule: string }
  fall?: { fullInches: number; tests: number; down?: string; removed?: string; rule: string }
  notes: string[]
}

const fmt = formatFraction

function terrainTopAt(table: Table, x: number, y: number): number {
  let z = 0
  for (const t of table.terrain) if (polygonContains(t.solid.footprint, x, y)) z = Math.max(z, t.solid.topZ)
  return z
}

/** Gap (mm) between a base at (x, y) and a terrain footprint. */
function gapToFootprint(m: TableModel, x: number, y: number, footprint: ReadonlyArray<readonly [number, number]>): number {
  const b = placeBase(m.base, x, y, m.facingDeg)
  if (b.shape === 'round') return Math.max(0, closestPointOnPolygon(footprint, x, y).distanceMm - b.halfLengthMm)
  let best = Infinity
  for (let i = 0; i < footprint.length; i++) {
    const p = footprint[i]!
    const q = footprint[(i + 1) % footprint.length]!
    best = Math.min(best, measureSegmentToBase2(b, p[0], p[1], q[0], q[1]))
  }
  return polygonContains(footprint, x, y) ? 0 : best
}

/** What every stage of a move reads: the query, the character, the straight path of the base centre. */
type MoveInput = {
  readonly table: Table
  readonly model: TableModel
  readonly me: Character
  readonly to: readonly [number, number]
  readonly mode: MoveMode
  readonly context: MoveContext
  readonly options: SkrapyardOptions
  readonly toleranceMm: number
  readonly distanceMm: number
  readonly distanceInches: number
  readonly flying: boolean
  readonly path: ReturnType<typeof measurePath>
  /** The base where the move ends. */
  readonly dest: PlacedBase
}

type MovePieces = {
  readonly eligibility: StagePiece
  /** What the ground asks: the terrain crossed and its effects, the dice areas roll, other bases, the zones around opponents. */
  readonly measure: StagePiece & { readonly crossings: Crossing[]; readonly halvedBy: ReadonlyArray<{ label: string; section: string }>; readonly areaDice: Distribution[]; readonly densest: Distribution | null; readonly chanceRules: string[] }
  /** A charge's target: in base contact at the end, seen, the nearest in range (§12.5). */
  readonly sight: StagePiece
  /** The allowance for the mode, halved by the obstacles crossed (§12.8). */
  readonly modifiers: StagePiece & { readonly allowanceInches: number; readonly allowanceRule: string; readonly notes: string[] }
  /** The dice that shorten the move, the jump's fall, the distance against the allowance, the disengage test. */
  readonly odds: StagePiece & { readonly chance: Fraction; readonly chanceRules: string[]; readonly fall?: MoveCheck['fall']; readonly disengage?: MoveCheck['disengage']; readonly notes: string[] }
}

/** §12.7, §15.1.1, §1.2.1: may it make this move at all (fly, wounded, off the table)? */
function moveEligibility(i: MoveInput): MovePieces['eligibility'] {
  const reasons: Reason[] = []
  if (i.flying && !i.me.canFly) reasons.push(book.reason({ code: 'cannot-fly', message: 'only characters that can fly may make a fly move', rule: '§12.7' }))
  if (i.me.wounded) reasons.push(book.reason({ code: 'wounded', message: 'a wounded character may not move', rule: '§15.1.1' }))
  if (i.path.offTable) reasons.push(book.reason({ code: 'off-table', message: 'the base would end off the table', rule: '§1.2.1' }))
  return { reasons }
}

/**
 * §12.8, §12.9: the terrain along the path (impassable objects, area terrain and its dice, linear
 * obstacles by stature, the obstacles that take the entire move or end it), then the other models
 * (checkOtherModels).
 */
function measureMoveGround(i: MoveInput): MovePieces['measure'] {
  const { table, model, me, mode, flying, context, toleranceMm: tol } = i
  const reasons: Reason[] = []
  const block = (code: string, message: string, rule: string) => reasons.push(book.reason({ code, message, rule }))
  const crossings: Crossing[] = []
  const halvedBy: Array<{ label: string; section: string }> = []
  const chanceRules: string[] = []
  const [ax, ay] = [model.x, model.y]
  const [bx, by] = i.to
  let mustStopAt: string | null = null
  let entireMoveObstacle: string | null = null
  const areaDice: Distribution[] = []
  let densest: Distribution | null = null
  for (const { terrain: piece, startsInside: startIn, endsInside: endIn } of i.path.crossings) {
    const info = readObstacle(piece)
    if (info.kind === 'impassable') {
      if (!flying || endIn) block('impassable', `${piece.id} is impassable`, '§12.9.7')
      else crossings.push({ terrain: piece.id, kind: info.kind, effect: 'flown over', rule: '§12.7' })
      continue
    }
    if (flying) {
      crossings.push({ terrain: piece.id, kind: info.kind, effect: 'flown over', rule: '§12.7' })
      continue
    }
    if (info.kind === 'area') {
      crossings.push({ terrain: piece.id, kind: `area (${info.density.id})`, effect: `−D${info.density.reductionDie}", minimum 1"`, rule: info.density.section })
      if (mode === 'hurry') block('hurry-area', `it is not possible to hurry into, through or out of area terrain (${piece.id})`, '§12.9.3')
      const d = die(info.density.reductionDie)
      areaDice.push(d)
      if (!densest || d.total > densest.total) densest = d
      chanceRules.push(info.density.section)
      continue
    }
    // A jump replaces climbing: walls left behind by jumping are not crossed as obstacles (§12.9.8).
    if (mode === 'jump') continue
    // Linear obstacles and building walls: how many walls the straight path crosses.
    const walls = info.kind === 'linear' ? 1 : startIn !== endIn ? 1 : startIn ? 0 : 2
    if (walls === 0) continue
    const effect = classifyLinearObstacle(me.stature, info.stature)
    const label = `${piece.id} (stature ${info.stature}, ${effect.difference >= 0 ? '+' : ''}${effect.difference})`
    for (let w = 0; w < walls; w++) {
      crossings.push({ terrain: piece.id, kind: info.kind, effect: effect.cost, rule: effect.section })
      if (!effect.crossable) {
        block('obstacle-too-high', `${label}: an obstacle of stature 2 or more above the character's cannot be crossed`, '§12.8.6')
        continue
      }
      if (mode === 'charge') block('charge-obstacle', `characters may not charge across any obstacle (${label})`, '§12.8.7')
      if (mode === 'hurry' && !effect.mayHurry) {
        block('hurry-obstacle', `characters may not hurry across obstacles except those 2 or more below their stature (${label})`, '§12.8.7')
      }
      if (effect.cost === 'half') halvedBy.push({ label, section: effect.section })
      else if (effect.cost === 'entire') entireMoveObstacle = piece.id
      if (effect.mustStopAfter) mustStopAt = piece.id
    }
  }

  if (entireMoveObstacle) {
    const piece = table.terrainPiece(entireMoveObstacle)
    const startGap = gapToFootprint(model, ax, ay, piece.solid.footprint)
    const endGap = gapToFootprint(model, bx, by, piece.solid.footprint)
    if (context.movedInches > 0 || startGap > tol) {
      block('entire-move', `crossing ${entireMoveObstacle} needs the character's entire move: it must start its move at the obstacle and do nothing else`, '§12.8.5')
    } else if (endGap > tol) {
      block('entire-move', `crossing ${entireMoveObstacle} takes the entire move: the character ends on the far side, in contact with it`, '§12.8.5')
    }
  }
  if (mustStopAt) {
    const piece = table.terrainPiece(mustStopAt)
    if (gapToFootprint(model, bx, by, piece.solid.footprint) > tol) {
      block('must-stop', `after crossing ${mustStopAt} the character must immediately end its turn on the far side in base contact with it`, '§12.8.4')
    }
  }

  reasons.push(...checkOtherModels(i))
  return { reasons, crossings, halvedBy, areaDice, densest, chanceRules }
}

/** §12.3 other characters' bases, §12.7.1 a flyer's landing, §12.1.2 the approach lock, §16.4 a retreat's clearance. */
function checkOtherModels(i: MoveInput): Reason[] {
  const { table, model, me, mode, flying, context, toleranceMm: tol, dest } = i
  const reasons: Reason[] = []
  const block = (code: string, message: string, rule: string) => reasons.push(book.reason({ code, message, rule }))
  const [ax, ay] = [model.x, model.y]
  const [bx, by] = i.to
  // Other characters' bases (§12.3): impassable, except stature 1 through friendly stature 1 (§12.3.1) and flyers (§12.3.2).
  const myRadius = Math.min(model.placed.halfLengthMm, model.placed.halfWidthMm)
  for (const o of table.models) {
    if (o.id === model.id || Math.abs(o.z - model.z) > Math.max(o.heightMm, model.heightMm)) continue
    const oc = readCharacter(o)
    const passThrough = flying || (me.stature === 1 && oc.stature === 1 && !isOpponent(model, o))
    // Ending on another base is never allowed; touching it is (within the contact tolerance).
    if (measureBaseGap2(dest, o.placed).overlapping && measureOverlapDepth(dest, o) > tol) {
      block('base-overlap', `the base would end on ${o.id}'s base`, '§12.3')
      continue
    }
    if (passThrough) continue
    const pathGap = measureSegmentToBase2(o.placed, ax, ay, bx, by)
    if (pathGap < myRadius - tol && !isInBaseContact(model, o, tol)) {
      block('base-in-way', `${o.id}'s base is in the way (characters are impassable objects)`, '§12.3')
    }
  }

  // Flyers may not finish within less than an opponent's stature unless in base contact (§12.7.1).
  if (flying) {
    for (const o of table.models) {
      if (!isOpponent(model, o)) continue
      const gap = measureBaseGap2(dest, o.placed).gapMm
      const zoneMm = inches(readCharacter(o).stature)
      if (gap > tol && gap < zoneMm) block('fly-landing', `a flyer may not end within ${readCharacter(o).stature}" (${o.id}'s stature) unless in base contact`, '§12.7.1')
    }
  }

  // Approach lock (§12.1.2): after moving to within an unengaged opponent's stature, no voluntary move away from it.
  if (mode !== 'retreat') {
    for (const o of table.models) {
      if (!isOpponent(model, o) || readCharacter(o).wounded) continue
      if (findEngaged(table, o, i.options).length > 0) continue
      const zoneMm = inches(readCharacter(o).stature)
      const gapAtMm = (t: number) => measureBaseGap2(placeBase(model.base, ax + t * (bx - ax), ay + t * (by - ay), model.facingDeg), o.placed).gapMm
      const steps = 64
      let entered = context.approached.includes(o.id)
      let bestMm = entered ? gapAtMm(0) : Infinity
      let violated = false
      for (let k = 0; k <= steps; k++) {
        const gMm = gapAtMm(k / steps)
        if (!entered && gMm <= zoneMm) entered = true
        if (entered) {
          if (gMm > bestMm + 0.5) violated = true
          bestMm = Math.min(bestMm, gMm)
        }
      }
      if (violated) block('approach-lock', `having moved to within ${readCharacter(o).stature}" of unengaged ${o.id}, it may not voluntarily move further away this turn`, '§12.1.2')
    }
  }

  // Retreat (§16.4.1): must end at least 3" from every enemy, else the character is removed (§16.4.5).
  if (mode === 'retreat') {
    // "a full normal move (12.1) away from the nearest enemy character" (§16.4.1).
    const enemies = table.models.filter((o) => isOpponent(model, o))
    const nearest = enemies.reduce<{ o: TableModel; gapMm: number } | null>((best, o) => {
      const gapMm = measureBaseGap2(model.placed, o.placed).gapMm
      return !best || gapMm < best.gapMm ? { o, gapMm } : best
    }, null)
    if (nearest && measureBaseGap2(dest, nearest.o.placed).gapMm <= nearest.gapMm + tol) {
      block('retreat-not-away', `a retreat moves away from the nearest enemy character (${nearest.o.id})`, '§16.4.1')
    }
    const clearMm = inches(NUMBERS.retreatClearanceInches.value)
    for (const o of table.models) {
      if (!isOpponent(model, o)) continue
      if (measureBaseGap2(dest, o.placed).gapMm < clearMm) block('retreat-too-close', `the retreat must end at least 3" from all enemy characters (${o.id}); otherwise the character is removed`, '§16.4.5')
    }
  }
  return reasons
}

/** §12.5: a charge ends in base contact with an opposing character it can see, the nearest unengaged one in charge range. */
function checkChargeTarget(i: MoveInput): MovePieces['sight'] {
  const { table, model, me, options, toleranceMm: tol, dest } = i
  const reasons: Reason[] = []
  if (i.mode !== 'charge') return { reasons }
  const block = (code: string, message: string, rule: string) => reasons.push(book.reason({ code, message, rule }))
  const contactsAtEnd = table.models.filter((o) => isOpponent(model, o) && measureBaseGap2(dest, o.placed).gapMm <= tol)
  if (contactsAtEnd.length === 0) {
    block('charge-no-contact', 'a charge must end in base contact with an opposing character; one that fails counts as a hurry', '§12.5.1')
    return { reasons }
  }
  const target = contactsAtEnd[0]!
  // §12.5.2: only a character it can see may be charged; with chargeTurnFirst it may turn to face it first (§12.11).
  const canSee = (o: TableModel) => {
    const viewer = options.chargeTurnFirst ? facing(model, o) : model
    return sampleSkrapyardLos(table, viewer, o, options).visible
  }
  if (!canSee(target)) block('charge-no-los', `no line of sight to ${target.id}${options.chargeTurnFirst ? '' : ' from the current facing'}`, '§12.5.2')
  const rangeMm = inches(normalMoveInches(me.stature))
  const inRange = table.models.filter((o) => isOpponent(model, o) && !readCharacter(o).wounded && measureBaseGap2(model.placed, o.placed).gapMm <= rangeMm && canSee(o))
  const unengaged = inRange.filter((o) => findEngaged(table, o, options).length === 0)
  const pool = unengaged.length ? unengaged : inRange
  const nearestMm = Math.min(...pool.map((o) => measureBaseGap2(model.placed, o.placed).gapMm))
  const targetGapMm = measureBaseGap2(model.placed, target.placed).gapMm
  if (!pool.some((o) => o.id === target.id) && unengaged.length > 0 && findEngaged(table, target, options).length > 0) {
    block('charge-engaged-target', `an engaged character may be charged only when no unengaged one is in charge range (${unengaged.map((o) => o.id).join(', ')})`, '§12.5.3')
  } else if (pool.some((o) => o.id === target.id) && targetGapMm > nearestMm + tol) {
    block('charge-not-nearest', `a charge must go to the nearest unengaged opposing character in charge range, not ${target.id}`, '§12.5.3')
  }
  return { reasons }
}

/** §12.1, §12.4, §12.5, §12.7, §16.4.1, §12.9.8: the allowance for the mode, halved by each obstacle that halves it (§12.8). */
function moveAllowance(i: MoveInput, done: Pick<MovePieces, 'measure'>): MovePieces['modifiers'] {
  const { me, mode, context, options } = i
  let allowanceInches = normalMoveInches(me.stature)
  let allowanceRule = '§12.1'
  if (mode === 'hurry' || mode === 'fly' || (mode === 'jump' && context.jumpAsHurry)) {
    allowanceInches = hurryMoveInches(me.stature)
    allowanceRule = mode === 'fly' ? '§12.7' : '§12.4'
  } else if (mode === 'charge') allowanceRule = '§12.5'
  else if (mode === 'retreat') allowanceRule = '§16.4.1'
  if (mode === 'jump') allowanceRule = '§12.9.8'
  const notes: string[] = []
  for (const h of done.measure.halvedBy) {
    allowanceInches = options.halvedMoveRounding === 'up' ? roundUp(allowanceInches / 2) : allowanceInches / 2
    allowanceRule = h.section
    notes.push(`${h.label} halves the move (${h.section}${options.halvedMoveRounding === 'up' ? ', rounded up §1.6' : ''})`)
  }
  return { allowanceInches, allowanceRule, notes }
}

/** Dice that shorten the move (area terrain, Ensnare, the jump's D12 and its fall), the distance against the allowance, and §14.3 disengaging. */
function moveOdds(i: MoveInput, done: Pick<MovePieces, 'measure' | 'modifiers'>): MovePieces['odds'] {
  const { table, model, me, mode, context, options, toleranceMm: tol } = i
  const { allowanceInches, allowanceRule } = done.modifiers
  const reasons: Reason[] = []
  const block = (code: string, message: string, rule: string) => reasons.push(book.reason({ code, message, rule }))
  const chanceRules = [...done.measure.chanceRules]
  const notes: string[] = []
  const totalInches = context.movedInches + i.distanceInches
  let cut: Distribution = constant(0)
  const areaCut = options.areaTerrainRolls === 'per-move' ? (done.measure.densest ? [done.measure.densest] : []) : done.measure.areaDice
  for (const d of areaCut) cut = convolve(cut, d)
  let chance: Fraction = ONE
  if (areaCut.length) {
    chance = probabilityOf(cut, (c) => Math.max(1, allowanceInches - c) >= totalInches - 1e-9)
  }
  if (context.ensnared) {
    cut = convolve(cut, die(12))
    chance = probabilityOf(cut, (c) => Math.max(0, allowanceInches - c) >= totalInches - 1e-9)
    chanceRules.push('§19.5.6')
  }
  let fall: MoveCheck['fall']
  if (mode === 'jump') {
    const destZ = terrainTopAt(table, i.to[0], i.to[1])
    if (destZ > model.z + tol) block('jump-up', 'a jump may not land higher than its start point', '§12.9.8')
    // distance − D12; 0 or less: no move; otherwise exactly that far (§12.9.8.1–2).
    chance = probabilityOf(convolve(cut, die(12)), (c) => allowanceInches - c >= totalInches - 1e-9 && allowanceInches - c >= 1)
    chanceRules.push('§12.9.8')
    const fullInches = Math.floor(toInches(model.z - destZ) + 1e-9)
    fall = { fullInches, tests: Math.max(0, fullInches), rule: '§12.9.8.2.1' }
    const A = me.stats.A
    if (fullInches > 0 && A !== undefined) {
      const fail = sub(ONE, passChance(A))
      const pass = passChance(A)
      let pNone = ONE
      for (let k = 0; k < fullInches; k++) pNone = mul(pNone, pass)
      let passes = ONE
      for (let k = 0; k < fullInches - 1; k++) passes = mul(passes, pass)
      const pOne = mul(fraction(fullInches, 1), mul(fail, passes))
      fall = { ...fall, down: fmt(pOne), removed: fmt(sub(ONE, add(pNone, pOne))), rule: '§12.9.8.2.2' }
    }
  }
  // Dice only ever shorten a move: beyond the allowance it is too far whatever they roll.
  if (totalInches > allowanceInches + 1e-9) {
    const overInches = roundTo(totalInches - allowanceInches, 3)
    if (context.movedInches > 0 && done.measure.crossings.some((c) => c.effect === 'half')) {
      block('insufficient-move', `not enough move left to cross: it has used ${context.movedInches}" of a ${allowanceInches}" halved move; it must stop on the near side and cross next turn`, '§12.8.8')
    } else {
      block('too-far', `${roundTo(totalInches, 3)}" is ${overInches}" more than the ${allowanceInches}" ${mode} move`, allowanceRule)
    }
  }
  if (chance.num === 0 && !reasons.some((r) => r.code === 'too-far' || r.code === 'insufficient-move')) {
    block('dice-never-enough', 'no roll of the dice leaves enough move to get there', chanceRules[0] ?? allowanceRule)
  }

  // Disengaging (§14.3): an engaged character moving away must pass an F test.
  let disengage: MoveCheck['disengage']
  const engagedWith = findEngaged(table, model, options).filter((o) => !readCharacter(o).wounded)
  if (engagedWith.length > 0 && i.distanceMm > tol) {
    const stillEngagedElsewhere = engagedWith.every((e) => table.models.some((o) => o.id !== model.id && isOpponent(e, o) && isInBaseContact(e, o, tol)))
    if (stillEngagedElsewhere) disengage = { needed: true, automatic: true, rule: '§14.3.1' }
    else {
      const value = disengageValue(table, me, engagedWith[0]!, options)
      if (value === undefined) {
        disengage = { needed: true, automatic: false, rule: '§14.3' }
        notes.push('disengage chance needs F in the model stats')
      } else {
        disengage = { needed: true, automatic: false, value, chance: fmt(passChance(value)), rule: '§14.3.3' }
      }
    }
  }
  return { reasons, chance, chanceRules, ...(fall ? { fall } : {}), ...(disengage ? { disengage } : {}), notes }
}

function assembleMove(i: MoveInput, done: MovePieces): MoveCheck {
  const reasons = stageReasons(done)
  const allowed = reasons.length === 0
  const { chance } = done.odds
  return {
    allowed,
    mode: i.mode,
    distance: { mm: roundTo(i.distanceMm, 2), inches: roundTo(i.distanceInches, 3) },
    allowance: { inches: done.modifiers.allowanceInches, rule: done.modifiers.allowanceRule },
    reasons,
    crossings: done.measure.crossings,
    chance: { value: roundTo(chance.num / chance.den, 6), exact: fmt(allowed ? chance : ZERO), rule: done.odds.chanceRules },
    ...(done.odds.disengage ? { disengage: done.odds.disengage } : {}),
    ...(done.odds.fall ? { fall: done.odds.fall } : {}),
    notes: [...done.modifiers.notes, ...done.odds.notes],
  }
}

const MOVE_STAGES: ActionStages<MoveInput, MovePieces, MoveCheck> = {
  eligibility: moveEligibility,
  measure: measureMoveGround,
  sight: checkChargeTarget,
  modifiers: moveAllowance,
  odds: moveOdds,
  assemble: assembleMove,
}

export function checkMove(table: Table, model: TableModel, to: readonly [number, number], mode: MoveMode, context: MoveContext, options: SkrapyardOptions): MoveCheck {
  const distanceMm = Math.hypot(to[0] - model.x, to[1] - model.y)
  return runStages(MOVE_STAGES, {
    table, model, me: readCharacter(model), to, mode, context, options,
    toleranceMm: options.baseContactToleranceMm,
    distanceMm,
    distanceInches: toInches(distanceMm),
    flying: mode === 'fly',
    path: measurePath(table, model, to),
    dest: placeBase(model.base, to[0], to[1], model.facingDeg),
  })
}

/** The same model turned to face another (turning is not movement, §12.11.1). */
function facing(m: TableModel, toward: TableModel): TableModel {
  const deg = (Math.atan2(toward.y - m.y, toward.x - m.x) * 180) / Math.PI
  return { ...m, facingDeg: deg, placed: placeBase(m.base, m.x, m.y, deg) }
}

function measureOverlapDepth(a: ReturnType<typeof placeBase>, o: TableModel): number {
  // For round bases: how far the two circles overlap (mm); for other shapes treat any overlap as deep.
  if (a.shape === 'round' && o.placed.shape === 'round') {
    return a.halfLengthMm + o.placed.halfLengthMm - Math.hypot(a.cx - o.x, a.cy - o.y)
  }
  return Infinity
}

/** F for a disengage test with surprise, support and team (§14.3.3), and outnumbering by option (§14.2.3). */
export function disengageValue(table: Table, me: Character, enemy: TableModel, options: SkrapyardOptions): number | undefined {
  const F = me.stats.F
  if (F === undefined) return undefined
  const situation = describeCombat(table, me.model, enemy, options)
  let value = F
  if (situation.surprise) value += NUMBERS.surpriseModifier.value
  if (situation.supportedBy.length) value += NUMBERS.supportModifier.value
  if (findFormation(table, me.model, options).inTeam) value += NUMBERS.fightTeamModifier.value
  if (situation.outnumbered && options.outnumberedOnDisengage) value += NUMBERS.outnumberedModifier.value
  return value
}
