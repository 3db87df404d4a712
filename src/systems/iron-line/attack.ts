// The attack chain (§16 Shooting L1471–1479, Combat L1481–1488, Target Numbers L1490–1497, Placing Strain):
// who may shoot whom, range and LoS from the front-edge centre, cover, the Order matchup and its modifiers,
// dice, and the exact distribution of Strain placed, with the chance to break the target.
import {
  type Modifier, type QueryOf, type QueryResultBody, type Reason, type Table, SceneError, formatFraction, inches, isWithin,
  marginOf, measureModels, probabilityFigure, roundTo, toNumber, perRollAndAction } from '../../engine/index.ts'
import { classifyUnitArc, isInShootingArc } from './arcs.ts'
import { IRON_LINE } from './constants.ts'
import { type SitrepFigure, contextOf, marginalDistanceCall } from './context.ts'
import { decideCover, decideDefilade, isHigherGround } from './cover.ts'
import { findEngagements, measureIntegrity, withinReading } from './engagement.ts'
import { arcFigure, ilLosFigure, marginalArcCall, marginalSightCall, sightFor } from './geometryQueries.ts'
import { opt } from './options.ts'
import { rollStrainDistribution, probabilityToBreak, describeDistribution } from './strainDistribution.ts'
import { computeTargetNumber } from './targetNumber.ts'
import { hasKeyword, isImplacable, keywordValue, rangedInches, readUnit } from './unitState.ts'

export function attack(table: Table, q: QueryOf<'attack'>): QueryResultBody {
  const o = opt(table)
  const ctx = contextOf(q)
  const attacker = table.model(q.attacker)
  const target = table.model(q.target)
  if (q.weapon !== undefined) throw new SceneError([{ path: 'weapon', message: 'Iron Line units carry no weapon profiles: Ranged (x) and the Attacks stat stand for them (§13 "Weapon & Armor Abstraction"); leave "weapon" out' }])
  const a = readUnit(attacker)
  const t = readUnit(target)
  const reasons: Reason[] = []
  const rules = new Set<string>()
  const sitreps: SitrepFigure[] = []
  const attackerEngagements = findEngagements(table, attacker)
  const targetEngagements = findEngagements(table, target)
  const engagedWithTarget = attackerEngagements.find((e) => e.enemy.id === target.id)
  const kind = ctx.punishment ? 'combat' : (ctx.kind ?? (engagedWithTarget ? 'combat' : 'shooting'))
  if (attacker.side === target.side) reasons.push({ code: 'same-side', message: `${target.id} is a friendly unit`, rule: '§16 L1473' })

  const targetStrain = ctx.targetStrain ?? t.strain
  const targetBroken = ctx.targetBroken ?? t.markedBroken
  const out: QueryResultBody = {}
  let dice: number
  let terrain: 'none' | 'cover' | 'fortified' | 'fortified+cover' = 'none'
  const diceNotes: string[] = []

  if (kind === 'shooting') {
    rules.add('§16 L1473').add('§16 L1475').add('§16 L1477')
    const rangeInches = rangedInches(a)
    if (rangeInches === null) reasons.push({ code: 'no-ranged-keyword', message: `${attacker.id} has no Ranged keyword and cannot make shooting attacks`, rule: '§16 L1473; §23 L2066' })
    if (hasKeyword(a, 'unruly')) reasons.push({ code: 'unruly', message: `${attacker.id} is Unruly: it may not be activated in the Shooting Phase`, rule: '§23 L2079' })
    if (attackerEngagements.length) reasons.push({ code: 'attacker-engaged', message: `${attacker.id} is engaged with ${attackerEngagements.map((e) => e.enemy.id).join(', ')}: engaged units may not make shooting attacks`, rule: '§12 L1268' })
    if (targetEngagements.length && !hasKeyword(a, 'shoot-into-combat')) reasons.push({ code: 'target-engaged', message: `${target.id} is engaged with ${targetEngagements.map((e) => e.enemy.id).join(', ')}: it may not be targeted by shooting (no Shoot Into Combat)`, rule: '§12 L1268; §23 L2069' })
    // Range: "Measured from the center of the attacker's front edge to the closest point on the target." (§16 L1477)
    const d = measureModels(attacker, target, { reference: 'front-edge-centre', mode: o.measure3d })
    const self = attacker.id === target.id
    out.distance = { mm: d.mm, inches: d.inches, points: d.points, reference: 'front-edge-centre', mode: d.mode }
    if (rangeInches !== null) {
      const rangeMm = inches(rangeInches)
      const inRange = self || isWithin(d.rawMm, rangeMm, withinReading(table))
      const margin = marginOf(d, rangeMm, withinReading(table))
      out.range = { inches: rangeInches, ...(hasKeyword(a, 'short-ranged') ? { shortRanged: 'halved, rounded down (§23 L2070)' } : {}) }
      out.inRange = inRange
      out.margin = margin
      const s = marginalDistanceCall(table, margin, 'range')
      if (s) sitreps.push(s)
      if (!inRange) reasons.push({ code: 'out-of-range', message: `${target.id} is ${d.inches}" from ${attacker.id}'s front-edge centre, beyond Ranged (${rangeInches})`, rule: '§16 L1477; §23 L2066',
        template: `${target.id} is {distance} from ${attacker.id}'s front-edge centre, beyond Ranged ({range})`, values: { distance: { value: d.mm, unit: 'mm' }, range: { value: rangeInches, unit: 'in' } } })
    }
    if (o.twistSignalInterference && !isWithin(d.rawMm, inches(IRON_LINE.signalInterferenceLosInches.value), withinReading(table))) {
      reasons.push({ code: 'signal-interference', message: `Signal Interference: LoS limited to 12"; ${target.id} is ${d.inches}" away`, rule: '§18 L1696' })
    }
    const sight = sightFor(table, attacker, target)
    const los = ilLosFigure(table, attacker, target, sight, q.rays ?? false)
    out.los = los
    const ls = marginalSightCall(table, sight)
    if (ls) sitreps.push(ls)
    if (!los.visible) reasons.push({ code: 'no-line-of-sight', message: `no line from ${attacker.id}'s front-edge centre reaches ${target.id} (blocked by ${los.blockers.join(', ')})`, rule: '§16 L1475' })
    if (los.seenOver.length) rules.add('§23 L2061')
    if (o.shootingArc !== 'none') {
      const inArc = sight.rays.some((r) => !r.blocked && isInShootingArc(attacker, r.to[0], r.to[1], o.shootingArc))
      if (!inArc) reasons.push({ code: 'outside-shooting-arc', message: `${target.id} is outside the ${o.shootingArc} shooting arc (house rule)`, rule: '§16 L1475 (shootingArc option; the book gives none)' })
    }
    if (o.defilade) {
      const def = decideDefilade(table, attacker, target, ctx)
      out.defilade = def
      rules.add('§16A L1552')
      if (def.applies && !isWithin(d.rawMm, inches(IRON_LINE.defiladeInches.value), withinReading(table))) {
        reasons.push({ code: 'defilade', message: `${target.id} is in Defilade (${def.why}) and ${d.inches}" away: it cannot be targeted from beyond 12"`, rule: '§16A L1552' })
      }
      const dm = marginOf(d, inches(IRON_LINE.defiladeInches.value), withinReading(table))
      if (def.applies) {
        const s = marginalDistanceCall(table, dm, 'Defilade 12"')
        if (s) sitreps.push(s)
      }
    }
    const cover = decideCover(table, attacker, target, sight, ctx)
    terrain = cover.level
    out.cover = { level: cover.level, terrainLevel: cover.terrainLevel, by: cover.by, steps: cover.steps, elevatedFire: cover.elevatedFire, rule: cover.rules.join('; ') || '§16 L1512–1517 (no Obscuring or Fortified terrain applies)' }
    cover.rules.forEach((r) => rules.add(r))
    if (o.elevatedFire) out.higherGround = isHigherGround(table, attacker, target)
    // "It rolls Attack Dice equal to half its Strikes (rounding down)." (§16 L1473)
    dice = ctx.dice ?? Math.floor(a.strikes / 2)
    diceNotes.push(`half of Strikes ${a.strikes}, rounded down`)
  } else {
    rules.add('§16 L1481–1488')
    if (!engagedWithTarget && !ctx.punishment) reasons.push({ code: 'not-engaged', message: `${attacker.id} is not engaged with ${target.id}: combat needs contact within 1"`, rule: '§12 L1268; §16 L1483' })
    // The arc of the TARGET the attacker is on decides the dice cap (§16 L1469, L1487).
    const arc = classifyUnitArc(target, attacker, o.arcMethod, o.cornerTie)
    out.arc = arcFigure(arc)
    const as = marginalArcCall(table, arc)
    if (as) sitreps.push(as)
    const enemies = attackerEngagements.length
    let available = a.strikes
    if (ctx.punishment) {
      // "Punishment rolls dice equal to half the punisher's Strikes" (§16 L1467); rounding is an option.
      available = o.punishmentRounding === 'up' ? Math.ceil(a.strikes / 2) : Math.floor(a.strikes / 2)
      diceNotes.push(`Punishment: half of Strikes ${a.strikes}, rounded ${o.punishmentRounding}`)
      rules.add('§16 L1467')
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
    const cap = arc.arc === 'flank' ? IRON_LINE.flankDiceCap.value : arc.arc === 'rear' ? IRON_LINE.rearDiceCap.value : null
    if (cap !== null && available > cap) {
      diceNotes.push(`capped at ${cap} on the ${arc.arc} (§16 L1487)`)
      available = cap
      rules.add('§16 L1487')
    }
    dice = available
  }

  const devastating = kind === 'combat' && hasKeyword(a, 'devastating-charge') && (ctx.advancedInches ?? 0) >= IRON_LINE.devastatingChargeAdvanceInches.value
  const tn = computeTargetNumber({
    kind,
    attackerOrder: a.order,
    targetOrder: t.order,
    attacks: a.attacks,
    defence: t.defence,
    terrain,
    clumsy: kind === 'shooting' ? keywordValue(a, 'clumsy') + (ctx.clumsy ?? 0) : 0,
    devastatingCharge: devastating,
    merciless: hasKeyword(a, 'merciless') && targetBroken,
    clampOrder: o.tnClampOrder,
    crackerjackCap: o.crackerjackModifierCap,
  })
  rules.add('§16 L1490–1495').add('§16 L1497')
  if (tn.clamps.length) rules.add('§16 L1497 (tnClampOrder)')
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
    dice,
    tn: tn.tn,
    elite: hasKeyword(a, 'elite'),
    brutal: hasKeyword(a, 'brutal'),
    deadlyShots: hasKeyword(a, 'deadly-shots'),
    criticalHits: hasKeyword(a, 'critical-hits'),
    hardened: hardenedApplies ? hardened : 0,
    implacableRoom: room,
  })
  const integrity = measureIntegrity(table, target, ctx.breakpoint, targetStrain)
  const allowed = reasons.length === 0
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
  const modifiers: Modifier[] = tn.modifiers.map((m) => ({ source: m.source, value: m.value, rule: m.rule }))
  return {
    allowed,
    reasons,
    kind,
    ...out,
    attackerOrder: a.order,
    targetOrder: t.order,
    baseTn: tn.base,
    modifiers,
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
      pBreak: { value: roundTo(toNumber(pBreak), 6), exact: formatFraction(pBreak) },
    },
    ...(sitreps.length ? { sitrep: sitreps[0], sitreps } : {}),
    rules: [...rules, ...integrity.rules],
  }
}
