// The attack query: Shoot (§02 Shooting, Shooting results, Armor), Fight (§02 Melee) and grenades
// (§02 Grenades), with every modifier the table geometry decides and the context the camera cannot see.
import {
  type ActionStages, type AttackResult, type Fraction, type LosFigure, type MarginFigure, type Measurement, type QueryOf, type StagePiece, type Table, type TableModel, type UniformReason, type Weapon,
  SceneError, ZERO, add, chance, complement, formatFraction, inches, mul, probabilityFigure, roundTo, runStages, settleModifiers, SINGLE_ROLL_SCOPE, stageReasons, stageRules, withSight } from '../../engine/index.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { SK } from './constants.ts'
import { type SkirmishContext, readContext } from './context.ts'
import { readOptions, type SkirmishOptions } from './options.ts'
import { distanceFigure, judge, measureSkirmish } from './measure.ts'
import { type CentreLine, type CoverCall, LOS_RULE_TEXT, arenaSightLimitInches, losClassOf, shootsFromHigherGround, skirmishLosFigure } from './sight.ts'
import { CONTACT_RULE_TEXT, measureContact, modelsInContact } from './contact.ts'
import { type ShootModifier, type ShootResolution, resolveShoot, signed } from './shootingMath.ts'
import { resolveMelee } from './meleeMath.ts'
import { abilitiesOf, armorOf, attributeThreshold, has, meleeWeaponOf, mobiInches } from './stats.ts'
import { woundPenalty } from './woundTrack.ts'
import { sitrepFigure, sitrepForMargin } from './sitrep.ts'
import { blast } from './blast.ts'

const UNARMED: Weapon = { id: 'unarmed', name: 'Unarmed', section: '§02 Melee L282', kind: 'melee', meleeBonus: 0 }

function pickWeapon(attacker: TableModel, id: string | undefined): Weapon {
  if (id === 'unarmed') return UNARMED
  if (id) {
    const w = attacker.weapons.find((x) => x.id === id)
    if (!w) throw new SceneError([{ path: 'weapon', message: `model "${attacker.id}" does not carry weapon "${id}" (it carries: ${attacker.weapons.map((x) => x.id).join(', ') || 'none'})` }])
    if (w.kind === 'gear') throw new SceneError([{ path: 'weapon', message: `"${w.id}" is gear, not a weapon` }])
    return w
  }
  return attacker.weapons.find((x) => x.kind === 'ranged') ?? meleeWeaponOf(attacker) ?? UNARMED
}

function woundsPenaltyMod(w: SkirmishContext['attackerWounds'], who: string): ShootModifier | null {
  const p = woundPenalty({ fleshWounds: w?.fleshWounds ?? 0, mortalWounds: w?.mortalWounds ?? 0 })
  return p ? { source: `${who} wounds (${w?.mortalWounds ?? 0} MW, ${w?.fleshWounds ?? 0} FW): ${p} all`, value: p, rule: '§02 Wounds L301–305', kind: 'wound' } : null
}

export function attack(table: Table, q: QueryOf<'attack'>): AttackResult {
  const attacker = table.model(q.attacker)
  const weapon = pickWeapon(attacker, q.weapon)
  if (weapon.kind === 'grenade' || weapon.kind === 'charge') {
    // A thrown grenade or a charge is the blast query's answer, without its area (the attack's own fields).
    const { area: _area, ...thrown } = blast(table, { id: q.id, type: 'blast', attacker: q.attacker, target: q.target, weapon: weapon.id, ...(q.context ? { context: q.context } : {}) })
    return { ...thrown, weapon: weapon.id, melee: false }
  }
  return weapon.kind === 'melee' ? fight(table, q, attacker, weapon) : shoot(table, q, attacker, weapon)
}

/** What every stage of a Shoot reads: the query, options and context, the two operators, the weapon and the tape. */
type ShootInput = {
  readonly table: Table
  readonly q: QueryOf<'attack'>
  readonly o: SkirmishOptions
  readonly ctx: SkirmishContext
  readonly attacker: TableModel
  readonly target: TableModel
  readonly weapon: Weapon
  /** Nearest point of base to nearest point of target (§02 Actions L247). */
  readonly measurement: Measurement
}

type ShootPieces = {
  readonly eligibility: StagePiece
  readonly measure: StagePiece & { readonly range: { inside: boolean; margin: MarginFigure } | null }
  readonly sight: StagePiece & { readonly losFigure: LosFigure; readonly line: CentreLine; readonly cover: CoverCall; readonly concealed: boolean }
  readonly modifiers: StagePiece & { readonly mods: ShootModifier[]; readonly intoFight: boolean; readonly canReact: boolean; readonly reactionRange: { inside: boolean; margin: MarginFigure }; readonly notes: string[] }
  readonly odds: StagePiece & { readonly res: ShootResolution; readonly twoShots: Record<string, unknown> | null }
}

/** §02 Actions L247, Shooting results L277: may it Shoot this target at all (sides, a jammed weapon)? */
function shootEligibility(i: ShootInput): ShootPieces['eligibility'] {
  const { attacker, target } = i
  const reasons = []
  if (attacker.side === target.side) reasons.push(book.reason({ code: 'same-side', message: `${target.id} is on ${attacker.id}'s side`, rule: '§02 Actions L247' }))
  if (has(attacker, 'jammed')) reasons.push(book.reason({ code: 'weapon-jammed', message: `${attacker.id}'s weapon is jammed: one action to clear`, rule: '§02 Shooting results L277' }))
  return { reasons, rules: ['§02 Shooting L261–270', '§02 Shooting results L272–277'] }
}

/** §02 Actions L247: "within weapon range", nearest point of base to nearest point of target. */
function shootRange(i: ShootInput): ShootPieces['measure'] {
  const { measurement, weapon, target } = i
  const rangeInches = typeof weapon.rangeInches === 'number' ? weapon.rangeInches : null
  const range = rangeInches === null ? null : judge(measurement, rangeInches, i.o.rangeInclusive ? 'le' : 'lt')
  const reasons = []
  if (range && !range.inside) {
    reasons.push(book.reason({ code: 'out-of-range', message: `${target.id} is ${measurement.inches}" away, beyond ${weapon.name}'s ${rangeInches}"`, rule: '§02 Actions L247 (Shoot: within weapon range)',
      template: `${target.id} is {distance} away, beyond ${weapon.name}'s {range}`, values: { distance: { value: measurement.mm, unit: 'mm' }, range: { value: rangeInches!, unit: 'in' } } }))
  }
  return { reasons, range }
}

/** §06 Line of sight: one line, base centre to base centre; arena and darkness limits; Stealth; §06A Concealment in Heavy Cover. */
function shootSight(i: ShootInput): ShootPieces['sight'] {
  const { table, attacker, target, measurement, o, ctx } = i
  const reasons = []
  const rules: string[] = []
  const { figure: losFigure, line, cover } = skirmishLosFigure(table, attacker, target, i.q.rays ?? false)
  if (!line.clear) reasons.push(book.reason({ code: 'no-line-of-sight', message: `the centre-to-centre line is broken by ${line.blockers.join(', ')} (Full Cover: cannot be targeted)`, rule: LOS_RULE_TEXT }))
  const sightLimitInches = arenaSightLimitInches(table)
  if (sightLimitInches !== null && measurement.rawMm > inches(sightLimitInches) + 1e-6) {
    reasons.push(book.reason({ code: 'beyond-arena-sight', message: `Desert Canyon: LoS limited to ${sightLimitInches}" (${measurement.inches}")`, rule: '§26 Terrain protocol L2416' }))
  }
  if (ctx.lightsOut && !abilitiesOf(attacker).includes('low-light-optics') && measurement.rawMm > inches(SK.conventionDarknessInches.value) + 1e-6) {
    reasons.push(book.reason({ code: 'dark', message: `the lights are out: enemies cannot see over 6" (${measurement.inches}")`, rule: '§25 Act 1 L2252' }))
    rules.push('§25 Act 1 L2252')
  }
  if (has(target, 'stealth')) reasons.push(book.reason({ code: 'target-in-stealth', message: `${target.id} is in Stealth: cannot be targeted by Shoot`, rule: '§02 Stealth L337' }))
  let concealed = false
  if (o.concealment) {
    rules.push('§06A Concealment L814–824')
    const inHeavy = cover.levelBeforeHighGround === 'heavy' && cover.pieces.some((p) => p.qualifies && p.level === 'heavy')
    const quiet = ctx.targetShotLastActivation !== true && !has(target, 'shot-last-activation')
    const far = measurement.rawMm > inches(o.concealmentInches) + 1e-6
    const fromAbove = target.z < attacker.z - 1e-6 && shootsFromHigherGround(table, attacker, target)
    concealed = inHeavy && quiet
    if (concealed && far && !fromAbove) {
      reasons.push(book.reason({ code: 'concealed', message: `${target.id} is Concealed in Heavy Cover and ${measurement.inches}" away: only Shoot from within ${o.concealmentInches}" can target it`, rule: '§06A Concealment L816' }))
    }
  }
  return { reasons, losFigure, line, cover, concealed, rules }
}

/** §02 Shooting L263–270 and the modifiers the table and the context decide: cover, range bands, a fight, statuses, reactions, actions. */
function shootModifiers(i: ShootInput, done: Pick<ShootPieces, 'sight'>): ShootPieces['modifiers'] {
  const { table, attacker, target, weapon, measurement, o, ctx } = i
  const { cover, line } = done.sight
  const rules: string[] = []
  const mods: ShootModifier[] = []
  if (ctx.steadyAim) {
    mods.push({ source: 'Steady Aim: ignores cover, +1', value: SK.steadyAimModifier.value, rule: '§03 Marksman L432', kind: 'class' })
  } else if (cover.modifier !== 0) {
    mods.push({ source: `${cover.level === 'heavy' ? 'Heavy' : 'Light'} Cover (${[...cover.by, ...(cover.objectiveCover ? ['objective'] : [])].join(', ')})${cover.downgraded ? ` — downgraded by High Ground from ${cover.levelBeforeHighGround}` : ''}`, value: cover.modifier, rule: cover.rules.join('; '), kind: 'cover' })
  }
  const closeQuarters = judge(measurement, SK.closeQuartersMaxInches.value, 'le')
  const longRange = !judge(measurement, SK.longRangeBeyondInches.value, 'le').inside
  const closeBonus = weapon.closeBonus as { bonus: number; withinInches: number } | undefined
  const shotgunClose = closeBonus ? judge(measurement, closeBonus.withinInches, 'le').inside : false
  if (closeQuarters.inside && (o.shotgunStacksCloseQuarters || !shotgunClose)) mods.push({ source: `Close Quarters (${measurement.inches}" ≤ 6")`, value: SK.closeQuartersModifier.value, rule: '§02 Shooting L268', kind: 'range' })
  if (closeBonus && shotgunClose) mods.push({ source: `${weapon.name} +${closeBonus.bonus} within ${closeBonus.withinInches}"`, value: closeBonus.bonus, rule: `${weapon.section}`, kind: 'weapon' })
  if (longRange) mods.push({ source: `Long Range (${measurement.inches}" > 24")`, value: SK.longRangeModifier.value, rule: '§02 Shooting L270', kind: 'range' })
  // Shooting into a fight: the target is in contact with one of the shooter's friends.
  const fightAllies = modelsInContact(table, target, (m) => m.side === attacker.side && m.id !== attacker.id)
  const intoFight = fightAllies.length > 0
  if (intoFight) {
    mods.push({ source: `Shooting into a fight (${target.id} in contact with ${fightAllies.map((m) => m.id).join(', ')})`, value: SK.intoFightModifier.value, rule: '§02 Shooting L269', kind: 'condition' })
    rules.push(CONTACT_RULE_TEXT)
  }
  // Reactions are "Triggered when an operator is targeted by a Shoot within 12" and LoS".
  const reactionRange = judge(measurement, SK.reactionTriggerInches.value, 'le')
  const canReact = reactionRange.inside && line.clear
  const notes: string[] = []
  if (ctx.reaction && ctx.reaction !== 'none' && !canReact) notes.push(`the ${ctx.reaction} reaction is not available: the shooter is not within 12" with LoS (§02 Reactions L318)`)
  const duckDown = ctx.reaction === 'duck-down' && canReact
  if (duckDown) {
    mods.push({ source: 'Duck Down reaction: incoming attack at −2', value: SK.duckDownModifier.value, rule: '§02 Reactions L322', kind: 'status' })
    if (!o.duckDownReplacesProne) mods.push({ source: 'Prone (from Duck Down): incoming Shoot −1', value: SK.proneModifier.value, rule: '§02 Status effects L313', kind: 'status' })
  } else if (has(target, 'prone')) {
    mods.push({ source: 'target Prone: incoming Shoot −1', value: SK.proneModifier.value, rule: '§02 Status effects L313', kind: 'status' })
  }
  if (has(attacker, 'pinned')) mods.push({ source: 'shooter Pinned: Shoot −1', value: SK.pinnedShootModifier.value, rule: '§02 Status effects L314', kind: 'status' })
  const wounds = woundsPenaltyMod(ctx.attackerWounds, 'shooter')
  if (wounds) mods.push(wounds)
  if (ctx.desperationSecondShot) mods.push({ source: 'Desperation Fire, second shot', value: SK.desperationSecondShotModifier.value, rule: '§02 Desperation Fire L378', kind: 'action' })
  if (ctx.fromStealth || has(attacker, 'stealth')) mods.push({ source: 'Surprise attack from Stealth (breaks Stealth)', value: SK.surpriseAttackModifier.value, rule: '§02 Stealth L341', kind: abilitiesOf(attacker).includes('ghost') ? 'class' : 'condition' })
  if (ctx.calledTarget) {
    mods.push({ source: 'Call the Target', value: SK.callTheTargetModifier.value, rule: o.crackerjack ? '§26 Competition combat modifiers L2397' : '§02 Call the Target L382', kind: 'action' })
    if (typeof weapon.calledShotBonus === 'number') mods.push({ source: `${weapon.name}: +${weapon.calledShotBonus} to called shots`, value: weapon.calledShotBonus, rule: weapon.section, kind: 'weapon' })
  }
  if (ctx.shakyHands) mods.push({ source: 'Contract Scar: Shaky Hands', value: -1, rule: '§05 League play (Contract Scars)', kind: 'status' })
  if (ctx.terminalBonus) mods.push({ source: 'Active terminal (Industrial Complex)', value: 1, rule: '§26 Terrain protocol L2415', kind: 'condition' })
  if (ctx.classBonus) mods.push({ source: 'other class-ability bonus (context)', value: ctx.classBonus, rule: '§02 Shooting L263', kind: 'class' })
  if (ctx.edgePlusOne) mods.push({ source: 'Edge token: +1 after rolling', value: 1, rule: '§02 Edge tokens L347', kind: 'edge' })
  return { mods, intoFight, canReact, reactionRange, notes, rules }
}

/** §02 Shooting results and Armor: the threshold, the exact odds of each result, and the two-shot actions (Rapid Fire, Desperation Fire). */
function shootOdds(i: ShootInput, done: Pick<ShootPieces, 'eligibility' | 'measure' | 'sight' | 'modifiers'>): ShootPieces['odds'] {
  const { attacker, target, o, ctx } = i
  const { mods, intoFight } = done.modifiers
  const armor = armorOf(target)
  const targetAR = Math.max(0, armor.AR + (has(target, 'pinned') ? SK.pinnedArModifier.value : 0))
  const shootT = attributeThreshold(attacker, 'SHOOT')
  const res = resolveShoot({ shootThreshold: shootT, targetAR, targetHeavyPlate: armor.heavyPlate, modifiers: mods, intoFight, escalate: ctx.escalate === true, edgeReroll: ctx.edgeReroll === true, breachForcedReroll: ctx.breachReroll === true }, o)
  const allowed = stageReasons({ ...done, odds: {} }).length === 0
  // Two-shot actions: Rapid Fire (independent) and Desperation Fire (second at −2, stops on a natural 1).
  let twoShots: Record<string, unknown> | null = null
  if (allowed && ctx.rapidFire) {
    const atLeastOne = complement(mul(complement(res.hit), complement(res.hit)))
    twoShots = { action: 'Rapid Fire', ...book.cite({ rule: '§03 Commando L418' }), atLeastOneHit: chance(atLeastOne) }
  } else if (allowed && ctx.desperationFire && !ctx.desperationSecondShot) {
    const second = resolveShoot({ shootThreshold: shootT, targetAR, targetHeavyPlate: armor.heavyPlate, modifiers: [...mods, { source: 'Desperation Fire, second shot', value: SK.desperationSecondShotModifier.value, rule: '§02 Desperation Fire L378', kind: 'action' }], intoFight, escalate: false, edgeReroll: false, breachForcedReroll: false }, o)
    const missNotJam = complement(add(res.hit, res.dryFire))
    const atLeastOne = add(res.hit, mul(missNotJam, second.hit))
    twoShots = { action: 'Desperation Fire', ...book.cite({ rule: '§02 Desperation Fire L378' }), secondShotHit: chance(second.hit), secondShotHappens: formatFraction(complement(res.dryFire)), atLeastOneHit: chance(atLeastOne) }
  }
  return { res, twoShots }
}

function assembleShoot(i: ShootInput, done: ShootPieces): AttackResult {
  const { o, ctx, weapon, measurement } = i
  const reasons = stageReasons(done)
  const allowed = reasons.length === 0
  const { res, twoShots } = done.odds
  const { range } = done.measure
  const { losFigure, line, cover, concealed } = done.sight
  const z = (f: Fraction) => (allowed ? f : ZERO)
  const reaction = book.cite({ available: allowed && done.modifiers.canReact, within12: done.modifiers.reactionRange.inside, margin: done.modifiers.reactionRange.margin, options: ['return-fire', 'take-cover', 'duck-down', 'body-shield'], rule: '§02 Reactions L318' })
  const sitrep = line.marginal
    ? sitrepFigure('even', `the centre line passes within ${roundTo(line.offsetMm, 2)} mm of a blocker's edge: "When the call is disputed, run a SITREP at even odds."`, '§06 Line of sight L778')
    : range ? sitrepForMargin(range.margin, 'range') : null
  const faces = res.faces.map((f, k) => book.cite({ face: f.face, modified: f.modified, result: f.result, probability: formatFraction(res.faceProbability[k]!), rule: f.rule }))
  const notes = done.modifiers.notes
  return {
    allowed,
    reasons,
    weapon: weapon.id,
    melee: false,
    distance: distanceFigure(measurement),
    inRange: range ? range.inside : true,
    ...(range ? { margin: range.margin } : {}),
    los: withSight(i.table.system, losFigure),
    losClass: losClassOf(line, cover),
    cover: book.cite({ level: cover.level, modifier: cover.modifier, by: cover.by, pieces: cover.pieces.map((p) => book.cite(p)), test: cover.test, ignoredBySteadyAim: ctx.steadyAim === true, downgradedByHighGround: cover.downgraded, objectiveCover: cover.objectiveCover, notes: cover.notes, rule: cover.rules.join('; ') }),
    ...(o.concealment ? { concealed } : {}),
    arc: null,
    modifiers: settleModifiers(res.modifiers.map(({ source, value, rule }) => book.cite({ source, value, rule })), allowed),
    threshold: res.threshold,
    thresholdRule: res.thresholdRule,
    need: res.onlyNatural6 ? `natural 6 only (${res.threshold}+ with ${signed(res.modifierTotal)} needs ${res.effectiveThreshold}+)` : `D6 ${signed(res.modifierTotal)} meets ${res.threshold}+ (natural 6 always hits, natural 1 always misses)`,
    faces,
    probability: probabilityFigure(z(res.hit), z(res.anyWound), ['hit = any wound (every hit wounds: FW, 2 FW vs Heavy Plate, or MW)', ...res.notes], SINGLE_ROLL_SCOPE),
    outcomes: {
      mortalWound: chance(z(res.mortal)),
      fleshWoundsOnly: chance(z(add(res.anyWound, { num: -res.mortal.num, den: res.mortal.den }))),
      allyHit: chance(z(res.allyHit)),
      dryFire: chance(z(res.dryFire)),
    },
    ...(twoShots ? { twoShots } : {}),
    reaction,
    ...(notes.length ? { notes } : {}),
    ...(sitrep ? { sitrep } : {}),
    ...book.sources(new Set([...stageRules(done), ...cover.rules, ...res.modifiers.map((m) => m.rule)])),
  }
}

const SHOOT_STAGES: ActionStages<ShootInput, ShootPieces, AttackResult> = {
  eligibility: shootEligibility,
  measure: shootRange,
  sight: shootSight,
  modifiers: shootModifiers,
  odds: shootOdds,
  assemble: assembleShoot,
}

function shoot(table: Table, q: QueryOf<'attack'>, attacker: TableModel, weapon: Weapon): AttackResult {
  const target = table.model(q.target)
  return runStages(SHOOT_STAGES, { table, q, o: readOptions(table.options), ctx: readContext(q.context), attacker, target, weapon, measurement: measureSkirmish(table, attacker, target) })
}

function fight(table: Table, q: QueryOf<'attack'>, attacker: TableModel, weapon: Weapon): AttackResult {
  const o = readOptions(table.options)
  const ctx = readContext(q.context)
  const target = table.model(q.target)
  const reasons: UniformReason[] = []
  if (attacker.side === target.side) reasons.push(book.reason({ code: 'same-side', message: `${target.id} is on ${attacker.id}'s side`, rule: '§02 Actions L248' }))
  if (has(attacker, 'prone')) reasons.push(book.reason({ code: 'prone', message: `${attacker.id} is Prone: cannot Fight`, rule: '§02 Status effects L313' }))
  if (has(attacker, 'shaken')) reasons.push(book.reason({ code: 'shaken', message: `${attacker.id} failed its Contact Ceiling check: cannot Fight`, rule: '§02 Contact Ceiling L366' }))
  if (has(target, 'stealth')) reasons.push(book.reason({ code: 'target-in-stealth', message: `${target.id} is in Stealth: enemies ignore it`, rule: '§02 Stealth L337' }))

  // Contact: "Move until your model touches the enemy … One action."
  const contact = measureContact(table, attacker, target)
  const mobi = mobiInches(attacker, o)
  const moveNeededMm = Math.max(0, contact.gapMm - contact.thresholdMm)
  const reachable = moveNeededMm <= inches(mobi.inches) + 1e-6
  if (!contact.inContact && !reachable) {
    reasons.push(book.reason({ code: 'cannot-reach-contact', message: `${target.id} is ${contact.measurement.inches}" away: contact needs a ${roundTo(moveNeededMm / 25.4, 3)}" move, more than MOBI ${mobi.inches}"`, rule: '§02 Melee L281 (Contact: move until your model touches the enemy)' }))
  }

  const aMods: ShootModifier[] = []
  const dMods: ShootModifier[] = []
  const aw = meleeWeaponOf(attacker)
  const aWeapon = weapon.id === 'unarmed' ? null : weapon.kind === 'melee' ? weapon : aw
  if (aWeapon && Number(aWeapon.meleeBonus ?? 0) > 0) aMods.push({ source: `armed with a melee weapon (${aWeapon.name})`, value: SK.meleeWeaponBonus.value, rule: '§02 Melee L282', kind: 'weapon' })
  const dWeapon = meleeWeaponOf(target)
  if (dWeapon && Number(dWeapon.meleeBonus ?? 0) > 0) dMods.push({ source: `armed with a melee weapon (${dWeapon.name})`, value: SK.meleeWeaponBonus.value, rule: '§02 Melee L282', kind: 'weapon' })
  // "Multiple attackers. +1 per friendly already in contact with the defender. Maximum +2."
  const friends = modelsInContact(table, target, (m) => m.side === attacker.side && m.id !== attacker.id)
  if (friends.length) aMods.push({ source: `multiple attackers (${friends.map((m) => m.id).join(', ')} in contact with ${target.id})`, value: Math.min(SK.multipleAttackerBonusMax.value, friends.length * SK.multipleAttackerBonusEach.value), rule: '§02 Melee L287', kind: 'condition' })
  if (ctx.fromStealth || has(attacker, 'stealth')) aMods.push({ source: 'Surprise attack from Stealth', value: SK.surpriseAttackModifier.value, rule: '§02 Stealth L341', kind: 'condition' })
  const aw1 = woundsPenaltyMod(ctx.attackerWounds, 'attacker')
  if (aw1) aMods.push(aw1)
  const dw1 = woundsPenaltyMod(ctx.targetWounds, 'defender')
  if (dw1) dMods.push(dw1)

  const aArmor = armorOf(attacker)
  const dArmor = armorOf(target)
  const arFor = (armor: ReturnType<typeof armorOf>, pinned: boolean, winnerAntiArmor: boolean): number => {
    const ar = armor.heavyPlate && winnerAntiArmor ? SK.antiArmorHeavyPlateAR.value : armor.AR
    return Math.max(0, ar + (pinned ? SK.pinnedArModifier.value : 0))
  }
  const attackerAntiArmor = ctx.antiArmor === true || aWeapon?.antiArmor === true
  const defenderAntiArmor = dWeapon?.antiArmor === true
  const res = resolveMelee(
    { modifiers: aMods, armorAR: arFor(aArmor, has(attacker, 'pinned'), defenderAntiArmor), heavyPlate: aArmor.heavyPlate },
    { modifiers: dMods, armorAR: arFor(dArmor, has(target, 'pinned'), attackerAntiArmor), heavyPlate: dArmor.heavyPlate },
    o,
  )
  const allowed = reasons.length === 0
  const z = (f: Fraction) => (allowed ? f : ZERO)
  const fig = (f: Fraction) => chance(z(f))
  return {
    allowed,
    reasons,
    weapon: weapon.id,
    melee: true,
    distance: distanceFigure(contact.measurement),
    inContact: contact.inContact,
    margin: contact.margin,
    contactMoveInches: roundTo(moveNeededMm / 25.4, 3),
    mobiInches: mobi.inches,
    inRange: contact.inContact,
    los: null,
    cover: { level: 'none', rule: 'cover does not apply to a Fight', citation: book.citation('§02 Melee L279–289') },
    arc: null,
    modifiers: settleModifiers([...aMods.map((m) => book.cite({ source: `attacker: ${m.source}`, value: m.value, rule: m.rule })), ...dMods.map((m) => book.cite({ source: `defender: ${m.source}`, value: -m.value, rule: m.rule }))], allowed),
    need: `D6 ${signed(res.attackerTotal)} vs D6 ${signed(res.defenderTotal)}: high wins, attacker wins ties; winner's armor check beats the loser's AR (${arFor(dArmor, has(target, 'pinned'), attackerAntiArmor)}${attackerAntiArmor && dArmor.heavyPlate ? ', Anti-Armor vs Heavy Plate' : ''})`,
    probability: probabilityFigure(z(res.attackerWins), z(res.defenderWounded), ['hit = attacker wins the opposed roll; effect = the armor check then wounds the defender', ...res.notes], SINGLE_ROLL_SCOPE),
    outcomes: {
      defenderMortalWound: fig(res.defenderMortal),
      attackerWins: fig(res.attackerWins),
      defenderWins: fig(res.defenderWins),
      attackerWounded: fig(res.attackerWounded),
      attackerMortalWound: fig(res.attackerMortal),
      absorbed: fig(complement(add(res.defenderWounded, res.attackerWounded))),
    },
    locked: 'the loser stays in contact, Locked: TACT 4+ next activation to break free (3" clear); fail: 1 FW, still locked (§02 Melee L285)',
    ...book.sources(['§02 Melee L279–289', CONTACT_RULE_TEXT, ...new Set([...aMods, ...dMods].map((m) => m.rule))]),
  }
}

export type { SkirmishOptions }
