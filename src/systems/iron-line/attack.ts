// The attack chain (§16 Shooting L1471–1479, Combat L1481–1488, Target Numbers L1490–1497, Placing Strain):
// who may shoot whom, range and LoS from the front-edge centre, cover, the Order matchup and its modifiers,
// dice, and the exact distribution of Strain placed, with the chance to break the target.
import {
  type ActionStages, type AttackResult, type QueryOf, type StagePiece, type Table, type TableModel, SceneError, chance, formatFraction, inches, isWithin,
  marginOf, measureModels, probabilityFigure, roundTo, runStages, settleModifiers, stageReasons, stageRules, toNumber, perRollAndAction, withSight } from '../../engine/index.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { type ArcCall, classifyUnitArc, isInShootingArc } from './arcs.ts'
import { IRON_LINE } from './constants.ts'
import { type IronLineContext, type SitrepFigure, contextOf, marginalDistanceCall } from './context.ts'
import { decideCover, decideDefilade, isHigherGround } from './cover.ts'
import { type Engagement, type IntegrityFigure, findEngagements, measureIntegrity, withinReading } from './engagement.ts'
import { arcFigure, ilLosFigure, marginalArcCall, marginalSightCall, sightFor } from './geometryQueries.ts'
import { type IronLineOptions, opt } from './options.ts'
import { type PoolResult, rollStrainDistribution, probabilityToBreak, describeDistribution } from './strainDistribution.ts'
import { type TerrainPenalty, type TnResult, computeTargetNumber } from './targetNumber.ts'
import { type IronLineUnit, hasKeyword, isImplacable, keywordValue, rangedInches, readUnit } from './unitState.ts'

/** What every stage of an attack reads: the query, options and context, the two units and their state, who each is engaged with. */
type AttackInput = {
  readonly table: Table
  readonly q: QueryOf<'attack'>
  readonly o: IronLineOptions
  readonly ctx: IronLineContext
  readonly attacker: TableModel
  readonly target: TableModel
  readonly attackerUnit: IronLineUnit
  readonly targetUnit: IronLineUnit
  readonly attackerEngagements: readonly Engagement[]
  readonly targetEngagements: readonly Engagement[]
  readonly engagedWithTarget: Engagement | undefined
  readonly kind: 'shooting' | 'combat'
}

type Sitreps = { readonly sitreps: readonly SitrepFigure[] }
type AttackPieces = {
  readonly eligibility: StagePiece
  /** Shooting: range from the front-edge centre; combat: the target's arc the attacker is on. */
  readonly measure: StagePiece & Sitreps & { readonly fields: Record<string, unknown>; readonly arc: ArcCall | null }
  /** Shooting only: the sight lines, the shooting arc, Defilade and cover. */
  readonly sight: StagePiece & Sitreps & { readonly fields: Record<string, unknown>; readonly terrain: TerrainPenalty }
  /** The dice rolled and the Target Number with its modifiers and clamps. */
  readonly modifiers: StagePiece & { readonly dice: number; readonly diceNotes: string[]; readonly tn: TnResult }
  readonly odds: StagePiece & { readonly pool: PoolResult; readonly room: number | null; readonly hardened: number; readonly hardenedApplies: boolean; readonly targetStrain: number; readonly integrity: IntegrityFigure }
}

function attackInput(table: Table, q: QueryOf<'attack'>): AttackInput {
  if (q.weapon !== undefined) throw new SceneError([{ path: 'weapon', message: 'Iron Line units carry no weapon profiles: Ranged (x) and the Attacks stat stand for them (§13 "Weapon & Armor Abstraction"); leave "weapon" out' }])
  const ctx = contextOf(q)
  const attacker = table.model(q.attacker)
  const target = table.model(q.target)
  const attackerEngagements = findEngagements(table, attacker)
  const engagedWithTarget = attackerEngagements.find((e) => e.enemy.id === target.id)
  const kind = ctx.punishment ? 'combat' : (ctx.kind ?? (engagedWithTarget ? 'combat' : 'shooting'))
  return { table, q, o: opt(table), ctx, attacker, target, attackerUnit: readUnit(attacker), targetUnit: readUnit(target), attackerEngagements, targetEngagements: findEngagements(table, target), engagedWithTarget, kind }
}

/** §16 L1473, §12 L1268, §23: may this unit shoot (Ranged, not Unruly, neither unit engaged) or fight (engaged with the target)? */
function attackEligibility(i: AttackInput): AttackPieces['eligibility'] {
  const { attacker, target, attackerUnit: a } = i
  const reasons = []
  if (attacker.side === target.side) reasons.push(book.reason({ code: 'same-side', message: `${target.id} is a friendly unit`, rule: '§16 L1473' }))
  if (i.kind === 'combat') {
    if (!i.engagedWithTarget && !i.ctx.punishment) reasons.push(book.reason({ code: 'not-engaged', message: `${attacker.id} is not engaged with ${target.id}: combat needs contact within 1"`, rule: '§12 L1268; §16 L1483' }))
    return { reasons, rules: ['§16 L1481–1488'] }
  }
  if (rangedInches(a) === null) reasons.push(book.reason({ code: 'no-ranged-keyword', message: `${attacker.id} has no Ranged keyword and cannot make shooting attacks`, rule: '§16 L1473; §23 L2066' }))
  if (hasKeyword(a, 'unruly')) reasons.push(book.reason({ code: 'unruly', message: `${attacker.id} is Unruly: it may not be activated in the Shooting Phase`, rule: '§23 L2079' }))
  if (i.attackerEngagements.length) reasons.push(book.reason({ code: 'attacker-engaged', message: `${attacker.id} is engaged with ${i.attackerEngagements.map((e) => e.enemy.id).join(', ')}: engaged units may not make shooting attacks`, rule: '§12 L1268' }))
  if (i.targetEngagements.length && !hasKeyword(a, 'shoot-into-combat')) reasons.push(book.reason({ code: 'target-engaged', message: `${target.id} is engaged with ${i.targetEngagements.map((e) => e.enemy.id).join(', ')}: it may not be targeted by shooting (no Shoot Into Combat)`, rule: '§12 L1268; §23 L2069' }))
  return { reasons, rules: ['§16 L1473', '§16 L1475', '§16 L1477'] }
}

/** The front-edge centre to the closest point of the target (§16 L1477), Ranged and Signal Interference; in combat, the target's arc (§16 L1469). */
function attackMeasure(i: AttackInput): AttackPieces['measure'] {
  const { table, attacker, target, o } = i
  const sitreps: SitrepFigure[] = []
  if (i.kind === 'combat') {
    const arc = classifyUnitArc(target, attacker, o.arcMethod, o.cornerTie)
    const marginalArc = marginalArcCall(table, arc)
    if (marginalArc) sitreps.push(marginalArc)
    return { arc, fields: { arc: arcFigure(arc) }, sitreps }
  }
  const reasons = []
  const rangeInches = rangedInches(i.attackerUnit)
  const d = measureModels(attacker, target, { reference: 'front-edge-centre', mode: o.measure3d })
  const fields: Record<string, unknown> = { distance: { mm: d.mm, inches: d.inches, points: d.points, reference: 'front-edge-centre', mode: d.mode } }
  if (rangeInches !== null) {
    const rangeMm = inches(rangeInches)
    const inRange = attacker.id === target.id || isWithin(d.rawMm, rangeMm, withinReading(table))
    const margin = marginOf(d, rangeMm, withinReading(table))
    fields.range = { inches: rangeInches, ...(hasKeyword(i.attackerUnit, 'short-ranged') ? { shortRanged: 'halved, rounded down (§23 L2070)' } : {}) }
    fields.inRange = inRange
    fields.margin = margin
    const marginalRange = marginalDistanceCall(table, margin, 'range')
    if (marginalRange) sitreps.push(marginalRange)
    if (!inRange) {
      reasons.push(book.reason({ code: 'out-of-range', message: `${target.id} is ${d.inches}" from ${attacker.id}'s front-edge centre, beyond Ranged (${rangeInches})`, rule: '§16 L1477; §23 L2066',
        template: `${target.id} is {distance} from ${attacker.id}'s front-edge centre, beyond Ranged ({range})`, values: { distance: { value: d.mm, unit: 'mm' }, range: { value: rangeInches, unit: 'in' } } }))
    }
  }
  if (o.twistSignalInterference && !isWithin(d.rawMm, inches(IRON_LINE.signalInterferenceLosInches.value), withinReading(table))) {
    reasons.push(book.reason({ code: 'signal-interference', message: `Signal Interference: LoS limited to 12"; ${target.id} is ${d.inches}" away`, rule: '§18 L1696' }))
  }
  return { reasons, arc: null, fields, sitreps }
}

/** §16 L1475: any line from the front-edge centre; the shooting arc (house rule); §16A Defilade beyond 12"; §16 L1512–1517 cover. */
function attackSight(i: AttackInput): AttackPieces['sight'] {
  const { table, attacker, target, o, ctx } = i
  if (i.kind === 'combat') return { fields: {}, terrain: 'none', sitreps: [] }
  const reasons = []
  const rules: string[] = []
  const sitreps: SitrepFigure[] = []
  const sight = sightFor(table, attacker, target)
  const los = ilLosFigure(table, attacker, target, sight, i.q.rays ?? false)
  const fields: Record<string, unknown> = { los: withSight(table.system, los) }
  const marginalSight = marginalSightCall(table, sight)
  if (marginalSight) sitreps.push(marginalSight)
  if (!los.visible) reasons.push(book.reason({ code: 'no-line-of-sight', message: `no line from ${attacker.id}'s front-edge centre reaches ${target.id} (blocked by ${los.blockers.join(', ')})`, rule: '§16 L1475' }))
  if (los.seenOver.length) rules.push('§23 L2061')
  if (o.shootingArc !== 'none') {
    const inArc = sight.rays.some((r) => !r.blocked && isInShootingArc(attacker, r.to[0], r.to[1], o.shootingArc))
    if (!inArc) reasons.push(book.reason({ code: 'outside-shooting-arc', message: `${target.id} is outside the ${o.shootingArc} shooting arc (house rule)`, rule: '§16 L1475 (shootingArc option; the book gives none)' }))
  }
  if (o.defilade) {
    const d = measureModels(attacker, target, { reference: 'front-edge-centre', mode: o.measure3d })
    const defilade = decideDefilade(table, attacker, target, ctx)
    fields.defilade = defilade
    rules.push('§16A L1552')
    if (defilade.applies && !isWithin(d.rawMm, inches(IRON_LINE.defiladeInches.value), withinReading(table))) {
      reasons.push(book.reason({ code: 'defilade', message: `${target.id} is in Defilade (${defilade.why}) and ${d.inches}" away: it cannot be targeted from beyond 12"`, rule: '§16A L1552' }))
    }
    if (defilade.applies) {
      const marginalDefilade = marginalDistanceCall(table, marginOf(d, inches(IRON_LINE.defiladeInches.value), withinReading(table)), 'Defilade 12"')
      if (marginalDefilade) sitreps.push(marginalDefilade)
    }
  }
  const cover = decideCover(table, attacker, target, sight, ctx)
  fields.cover = book.cite({ level: cover.level, terrainLevel: cover.terrainLevel, by: cover.by, steps: cover.steps, elevatedFire: cover.elevatedFire, rule: cover.rules.join('; ') || '§16 L1512–1517 (no Obscuring or Fortified terrain applies)' })
  rules.push(...cover.rules)
  if (o.elevatedFire) fields.higherGround = isHigherGround(table, attacker, target)
  return { reasons, rules, fields, terrain: cover.level, sitreps }
}

/** §16 L1473, L1467, L1486–1487: the dice rolled; §16 L1490–1497: the Target Number, the Order matchup and its modifiers. */
function attackModifiers(i: AttackInput, done: Pick<AttackPieces, 'measure' | 'sight'>): AttackPieces['modifiers'] {
  const { o, ctx, attackerUnit: a, targetUnit: t } = i
  const rules: string[] = []
  const diceNotes: string[] = []
  let dice: number
  if (i.kind === 'shooting') {
    // "It rolls Attack Dice equal to half its Strikes (rounding down)." (§16 L1473)
    dice = ctx.dice ?? Math.floor(a.strikes / 2)
    diceNotes.push(`half of Strikes ${a.strikes}, rounded down`)
  } else {
    const enemies = i.attackerEngagements.length
    let available = a.strikes
    if (ctx.punishment) {
      // "Punishment rolls dice equal to half the punisher's Strikes" (§16 L1467); rounding is an option.
      available = o.punishmentRounding === 'up' ? Math.ceil(a.strikes / 2) : Math.floor(a.strikes / 2)
      diceNotes.push(`Punishment: half of Strikes ${a.strikes}, rounded ${o.punishmentRounding}`)
      rules.push('§16 L1467')
    } else if (ctx.dice !== undefined) {
      available = ctx.dice
      diceNotes.push('dice assigned as given in context')
    } else if (enemies > 1) {
      // "A unit must assign at least 3 dice to each engaged enemy." (§16 L1486): the most this target can get.
      available = Math.max(Math.ceil(a.strikes / enemies), a.strikes - IRON_LINE.minDicePerEngagedEnemy.value * (enemies - 1))
      diceNotes.push(`the most of ${a.strikes} Strikes this target can get with ${enemies} engaged enemies (at least 3 to each other enemy)`)
    } else {
      diceNotes.push(`full Strikes ${a.strikes}`)
    }
    // The arc of the TARGET the attacker is on decides the dice cap (§16 L1469, L1487).
    const arc = done.measure.arc!
    const cap = arc.arc === 'flank' ? IRON_LINE.flankDiceCap.value : arc.arc === 'rear' ? IRON_LINE.rearDiceCap.value : null
    if (cap !== null && available > cap) {
      diceNotes.push(`capped at ${cap} on the ${arc.arc} (§16 L1487)`)
      available = cap
      rules.push('§16 L1487')
    }
    dice = available
  }
  const targetBroken = ctx.targetBroken ?? t.markedBroken
  const devastating = i.kind === 'combat' && hasKeyword(a, 'devastating-charge') && (ctx.advancedInches ?? 0) >= IRON_LINE.devastatingChargeAdvanceInches.value
  const tn = computeTargetNumber({
    kind: i.kind,
    attackerOrder: a.order,
    targetOrder: t.order,
    attacks: a.attacks,
    defence: t.defence,
    terrain: done.sight.terrain,
    clumsy: i.kind === 'shooting' ? keywordValue(a, 'clumsy') + (ctx.clumsy ?? 0) : 0,
    devastatingCharge: devastating,
    merciless: hasKeyword(a, 'merciless') && targetBroken,
    clampOrder: o.tnClampOrder,
    crackerjackCap: o.crackerjackModifierCap,
  })
  rules.push('§16 L1490–1495', '§16 L1497')
  if (tn.clamps.length) rules.push('§16 L1497 (tnClampOrder)')
  return { dice, diceNotes, tn, rules }
}

/** The exact distribution of Strain placed (Elite, Brutal, Deadly Shots, Critical Hits, Hardened, Implacable) and the target's Integrity. */
function attackOdds(i: AttackInput, done: Pick<AttackPieces, 'modifiers'>): AttackPieces['odds'] {
  const { o, ctx, attackerUnit: a, targetUnit: t, kind } = i
  const targetStrain = ctx.targetStrain ?? t.strain
  const hardened = keywordValue(t, 'hardened') + keywordValue(t, 'armored')
  const hardenedApplies = kind === 'combat' || o.hardenedScope === 'all-attacks'
  const implacable = kind === 'shooting' && isImplacable(t)
  const room = !implacable
    ? null
    : o.implacableReading === 'gained-per-activation'
      ? IRON_LINE.implacableCapStrain.value - (ctx.strainFromThisActivation ?? 0)
      : IRON_LINE.implacableCapStrain.value - targetStrain
  const pool = rollStrainDistribution({
    kind,
    dice: done.modifiers.dice,
    tn: done.modifiers.tn.tn,
    elite: hasKeyword(a, 'elite'),
    brutal: hasKeyword(a, 'brutal'),
    deadlyShots: hasKeyword(a, 'deadly-shots'),
    criticalHits: hasKeyword(a, 'critical-hits'),
    hardened: hardenedApplies ? hardened : 0,
    implacableRoom: room,
  })
  return { pool, room, hardened, hardenedApplies, targetStrain, integrity: measureIntegrity(i.table, i.target, ctx.breakpoint, targetStrain) }
}

function assembleAttack(i: AttackInput, done: AttackPieces): AttackResult {
  const { o, kind, attackerUnit: a, targetUnit: t } = i
  const reasons = stageReasons(done)
  const allowed = reasons.length === 0
  const { dice, diceNotes, tn } = done.modifiers
  const { pool, room, hardened, hardenedApplies, targetStrain, integrity } = done.odds
  const zero = { num: 0, den: 1 }
  const pHit = allowed ? pool.hitPerDie : zero
  const pEffect = allowed ? pool.atLeastOneStrain : zero
  const pBreak = allowed ? probabilityToBreak(pool, targetStrain, integrity.breaksAt) : zero
  const keywordNotes: string[] = []
  if (hasKeyword(a, 'elite')) keywordNotes.push('Elite: one missed die re-rolled (§23 L2049)')
  if (hasKeyword(a, 'brutal')) keywordNotes.push('Brutal: a natural 6 is 2 hits (§23 L2036)')
  if (kind === 'shooting' && hasKeyword(a, 'deadly-shots')) keywordNotes.push('Deadly Shots: natural-6 hits inflict 2 Strain, the 2nd past Implacable (§23 L2045)')
  if (kind === 'combat' && hasKeyword(a, 'critical-hits')) keywordNotes.push('Critical Hits: natural 6s ignore Hardened (§23 L2043)')
  if (hardened && hardenedApplies) keywordNotes.push(`Hardened (${hardened}): the first ${hardened} Strain of the attack ignored (§23 L2031)`)
  if (room !== null) keywordNotes.push(`Implacable: at most ${Math.max(0, room)} more Strain from this activation (${o.implacableReading}, §16 L1479)`)
  const sitreps = [...done.measure.sitreps, ...done.sight.sitreps]
  return {
    allowed,
    reasons,
    kind,
    ...done.measure.fields,
    ...done.sight.fields,
    attackerOrder: a.order,
    targetOrder: t.order,
    baseTn: tn.base,
    modifiers: settleModifiers(tn.modifiers.map((m) => book.cite({ source: m.source, value: m.value, rule: m.rule })), allowed),
    ...(tn.clamps.length ? { clamps: tn.clamps, clampOrder: o.tnClampOrder } : {}),
    need: `${tn.tn}+`,
    dice,
    diceNotes,
    probability: probabilityFigure(pHit, pEffect, [
      `per die: natural 1 misses, natural 6 hits, else ${tn.tn}+ → ${formatFraction(pool.hitPerDie)} (§12 L1218)`,
      `effect: P(at least 1 Strain placed) over ${dice} dice`,
      ...keywordNotes,
    ], perRollAndAction(dice)),
    strain: {
      expected: roundTo(toNumber(pool.expectedStrain), 6),
      expectedExact: formatFraction(pool.expectedStrain),
      distribution: describeDistribution(pool).map((x) => ({ ...x, value: roundTo(x.value, 6) })),
      targetStrain,
      integrity: integrity.integrity,
      breaksAt: integrity.breaksAt,
      pBreak: chance(pBreak),
    },
    ...(sitreps.length ? { sitrep: sitreps[0], sitreps } : {}),
    ...book.sources(new Set([...stageRules(done), ...integrity.rules])),
  }
}

const ATTACK_STAGES: ActionStages<AttackInput, AttackPieces, AttackResult> = {
  eligibility: attackEligibility,
  measure: attackMeasure,
  sight: attackSight,
  modifiers: attackModifiers,
  odds: attackOdds,
  assemble: assembleAttack,
}

export function attack(table: Table, q: QueryOf<'attack'>): AttackResult {
  return runStages(ATTACK_STAGES, attackInput(table, q))
}
