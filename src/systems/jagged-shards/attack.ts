// The attack chain of §4 and §9–§11: eligibility (LoS, Range, Sprint, engagement), the SR Threshold
// with every modifier (Cover, Evade, Warp, Position, abilities), the D100 with its critical bands,
// and DAM against the Wound Threshold. Probabilities are counted over the 100 faces (d100.ts).
import {
  type ActionStages, type AttackResult, type Fraction, type LosFigure, type MarginFigure, type Modifier, type QueryOf, type Sight, type StagePiece, type Table, type TableModel,
  SceneError, fraction, formatFraction, inches, isWithin, losFigure, marginOf, probabilityFigure, runStages, settleModifiers, SINGLE_ROLL_SCOPE, stageReasons, stageRules, withSight } from '../../engine/index.ts'
import { book } from './losClasses.ts'
import { ENGAGEMENT_INCHES, HOLD_THE_LINE_EV, LIGHT_COVER_SR, WARP_MODIFIER_SR } from './constants.ts'
import { readContext, type Context } from './context.ts'
import { classifyD100, countD100, probabilityWithReroll } from './d100.ts'
import { hasAbility, hasKeyword, isInfantry, readUnitStats, resolveWeapon, type ResolvedWeapon } from './modelStats.ts'
import type { UnitStats } from './catalogue.ts'
import { readOptions, type JaggedShardsOptions } from './options.ts'
import { type CoverCall, citedRules, decideCover, measureBetween, measureRule, sightOf } from './terrain.ts'
import { findAbilitySources } from './areas.ts'

/** Enemies within 1" of a model (§8.6, §10.1, §12.4). */
export function enemiesEngaging(table: Table, m: TableModel): Array<{ model: TableModel; inches: number }> {
  const o = readOptions(table.options)
  const within = measureRule(o).within
  return table.models
    .filter((e) => e.side !== m.side)
    .map((e) => ({ e, d: measureBetween(table, m, e) }))
    .filter(({ d }) => isWithin(d.rawMm, inches(ENGAGEMENT_INCHES.value), within))
    .map(({ e, d }) => ({ model: e, inches: d.inches }))
}

type Mod = Modifier & { biological?: boolean }

/** Does a normal (non-critical) hit wound, and does a critical success (§4.3, §9.5, §11.1)? */
export function woundsOn(weapon: ResolvedWeapon, woundThreshold: number): { normal: boolean; critical: boolean; critDam: number | null; note: string } {
  const normal = weapon.dam >= woundThreshold
  const e = weapon.critSuccess
  switch (e.kind) {
    case 'ignore-wound-threshold':
      return { normal, critical: true, critDam: null, note: `critical: "${weapon.critSuccessText}" (wounds whatever the W Threshold)` }
    case 'damage-bonus':
      return { normal, critical: weapon.dam + e.plus >= woundThreshold, critDam: weapon.dam + e.plus, note: `critical: DAM ${weapon.dam} + ${e.plus} = ${weapon.dam + e.plus} vs W Threshold ${woundThreshold}` }
    case 'damage-becomes':
      return { normal, critical: e.dam >= woundThreshold, critDam: e.dam, note: `critical: DAM becomes ${e.dam} vs W Threshold ${woundThreshold}` }
    default:
      return { normal, critical: normal, critDam: weapon.dam, note: `critical: DAM ${weapon.dam} vs W Threshold ${woundThreshold} (the critical effect does not change damage)` }
  }
}

/** The Combat Engineer's Specialist Aura: ignore the first +10 SR penalty (§16.1, option specialistAuraMatch). */
function applySpecialistAura(mods: Mod[], o: JaggedShardsOptions, source: string): Mod | null {
  if (o.specialistAuraMatch === 'plus-10-modifier') {
    const i = mods.findIndex((m) => m.value === WARP_MODIFIER_SR.value)
    if (i < 0) return null
    return { source: `Specialist Aura (${source}): ignores "${mods[i]!.source}"`, value: -WARP_MODIFIER_SR.value, rule: '§16.1' }
  }
  const first = mods.find((m) => m.value > 0)
  if (!first) return null
  return { source: `Specialist Aura (${source}): first penalty "${first.source}" reduced by up to 10`, value: -Math.min(WARP_MODIFIER_SR.value, first.value), rule: '§16.1' }
}

/** What every stage of an attack reads: the query, its options and context, the two models and the weapon. */
type AttackInput = {
  readonly table: Table
  readonly q: QueryOf<'attack'>
  readonly o: JaggedShardsOptions
  readonly ctx: Context
  readonly attacker: TableModel
  readonly target: TableModel
  readonly attackerStats: UnitStats
  readonly targetStats: UnitStats
  readonly distance: ReturnType<typeof measureBetween>
  readonly weapon: ResolvedWeapon
  readonly melee: boolean
}

type AttackPieces = {
  readonly eligibility: StagePiece & { readonly engagedWith: ReadonlyArray<{ model: TableModel; inches: number }> }
  readonly measure: StagePiece & { readonly inRange: boolean; readonly margin: MarginFigure }
  readonly sight: StagePiece & { readonly los: LosFigure & { sight?: Sight }; readonly viaBase: boolean; readonly cover: CoverCall | null; readonly coverModifier: Mod | null }
  readonly modifiers: StagePiece & { readonly modifiers: Modifier[]; readonly notes: string[]; readonly finalThreshold: number }
  readonly odds: StagePiece & { readonly woundThreshold: number; readonly hit: Fraction; readonly effect: Fraction; readonly woundsLeft: number; readonly notes: string[]; readonly outcome: Record<string, unknown> | null }
}

/** The order refusals are listed in: can the attacker attack at all (§9.2, §17), then the melee checks (§10.2), then the ranged ones (§9). */
const REFUSAL_ORDER = ['same-side', 'jammed', 'not-engaged', 'disengaged', 'sprinted', 'engaged', 'no-line-of-sight', 'out-of-range', 'not-infantry']

function attackInput(table: Table, q: QueryOf<'attack'>): AttackInput {
  const o = readOptions(table.options)
  const attacker = table.model(q.attacker)
  const target = table.model(q.target)
  const distance = measureBetween(table, attacker, target)
  // Without a named weapon: melee when the target is within 1", else the first ranged weapon.
  const inReach = isWithin(distance.rawMm, inches(ENGAGEMENT_INCHES.value), measureRule(o).within)
  const weapon = resolveWeapon(attacker, q.weapon, q.weapon === undefined ? inReach : false, o)
  if ('error' in weapon) throw new SceneError([{ path: 'weapon', message: weapon.error }])
  return { table, q, o, ctx: readContext(q.context), attacker, target, attackerStats: readUnitStats(attacker), targetStats: readUnitStats(target), distance, weapon, melee: weapon.type === 'melee' }
}

/** §9.2, §10.2, §17: may this model make this attack at all (sides, Jammed, Disengaged, Sprint, engagement, grenades)? */
function attackEligibility(i: AttackInput): AttackPieces['eligibility'] {
  const { attacker, target, ctx, weapon: w } = i
  const reasons = []
  if (attacker.side === target.side) reasons.push(book.reason({ code: 'same-side', message: `${target.id} is on ${attacker.id}'s own side`, rule: '§9.2' }))
  if (ctx.jammed) reasons.push(book.reason({ code: 'jammed', message: `${attacker.id} may not attack this round (critical-failure after-effect)`, rule: '§17' }))
  const engagedWith = enemiesEngaging(i.table, attacker)
  if (i.melee) {
    if (ctx.disengaged) reasons.push(book.reason({ code: 'disengaged', message: `${attacker.id} Disengaged this turn and may not make a melee attack`, rule: '§10.2' }))
  } else {
    if (ctx.sprinted) reasons.push(book.reason({ code: 'sprinted', message: `${attacker.id} Sprinted this round and cannot shoot`, rule: '§7.4, §8.1' }))
    if (engagedWith.length) reasons.push(book.reason({ code: 'engaged', message: `${attacker.id} is engaged (within 1" of ${engagedWith.map((e) => e.model.id).join(', ')}) and cannot make ranged attacks`, rule: '§8.6, §10.1, §12.4' }))
    if (w.grenade && !isInfantry(attacker)) reasons.push(book.reason({ code: 'not-infantry', message: `${attacker.id} is not Infantry: grenades are infantry only`, rule: '§1.6, §17.3' }))
  }
  return { reasons, engagedWith, rules: [i.melee ? '§10' : '§9', w.section] }
}

/** §9.2, §10.2: the target within the weapon's range (melee: within 1"). */
function attackRange(i: AttackInput): AttackPieces['measure'] {
  const { distance, target, weapon: w } = i
  const within = measureRule(i.o).within
  const rangeMm = i.melee ? inches(ENGAGEMENT_INCHES.value) : inches(w.rangeInches)
  const inRange = isWithin(distance.rawMm, rangeMm, within)
  const reasons = []
  if (!inRange && i.melee) reasons.push(book.reason({ code: 'not-engaged', message: `${target.id} is ${distance.inches}" away: a melee target must be within 1"`, rule: '§10.2' }))
  if (!inRange && !i.melee) {
    reasons.push(book.reason({ code: 'out-of-range', message: `${target.id} is ${distance.inches}" away, beyond ${w.name}'s ${w.rangeInches}" range`, rule: '§9.2, §17',
      template: `${target.id} is {distance} away, beyond ${w.name}'s {range} range`, values: { distance: { value: distance.mm, unit: 'mm' }, range: { value: w.rangeInches, unit: 'in' } } }))
  }
  return { reasons, inRange, margin: marginOf(distance, rangeMm, within) }
}

/** §9.1, §9.3, §15.2: any part of the base or body seen from the eye, and the cover the target has (Spore Shroud included). */
function attackSight(i: AttackInput): AttackPieces['sight'] {
  const { table, attacker, target, o } = i
  const seen = sightOf(table, attacker, target, i.q.rays ?? false)
  const los = withSight(table.system, { ...losFigure(table, attacker, target, seen.los), visible: seen.visible })
  const reasons = []
  if (!i.melee && !seen.visible) reasons.push(book.reason({ code: 'no-line-of-sight', message: `no part of ${target.id}'s base or body can be seen from ${attacker.id}'s eye (blocked by ${los.blockers.join(', ') || 'Obscuring terrain'})`, rule: '§9.1, §15.2' }))
  if (i.melee) return { reasons, los, viaBase: seen.viaBase, cover: null, coverModifier: null, rules: ['§10.3'] }
  const rules: string[] = []
  let cover = decideCover(table, attacker, target, seen.los)
  if (isInfantry(target) && cover.level !== 'heavy') {
    const shroud = findAbilitySources(table, target, 'spore-shroud', 'friendly')
    const open = o.sporeShroudOpen === 'no-terrain-hiding' && cover.baseHidden === 0
    if (shroud.length && !open) {
      cover = { ...cover, level: 'light', value: LIGHT_COVER_SR.value, test: `Spore Shroud (${shroud.map((s) => s.id).join(', ')} within 3"): Light Cover unless fully in the open` }
      rules.push('§16.2')
    }
  }
  rules.push('§9.3')
  const coverModifier = cover.level !== 'none' ? { source: `${cover.level === 'light' ? 'Light' : 'Heavy'} Cover (${Object.keys(cover.by).join(', ') || cover.test})`, value: cover.value, rule: cover.rule } : null
  return { reasons, los, viaBase: seen.viaBase, cover, coverModifier, rules }
}

/** §4.2, §9.8: the SR Threshold and its modifiers in the book's order (Cover, Evade, Warp, Position, abilities), then what may ignore them. */
function attackModifiers(i: AttackInput, done: Pick<AttackPieces, 'sight'>): AttackPieces['modifiers'] {
  const { table, target, attacker, ctx, o, melee, weapon: w } = i
  const rules: string[] = []
  const mods: Mod[] = done.sight.coverModifier ? [done.sight.coverModifier] : []
  let evade = i.targetStats.evade + (ctx.targetEvade ?? 0)
  if (ctx.targetEvade) rules.push('§17')
  const holdTheLine = isInfantry(target) && (o.holdTheLineAttacks === 'all' || melee) && enemiesEngaging(table, target).length > 0
    ? findAbilitySources(table, target, 'hold-the-line', 'friendly') : []
  if (holdTheLine.length) {
    evade += HOLD_THE_LINE_EV.value
    rules.push('§16.1')
  }
  evade = Math.max(0, evade)
  const evadeApplies = !(w.grenade && !o.grenadesApplyEvade)
  if (evade > 0 && evadeApplies) {
    mods.push({ source: `Evade ${evade}${holdTheLine.length ? ` (incl. Hold the Line +5 from ${holdTheLine.map((s) => s.id).join(', ')})` : ''}`, value: evade, rule: '§4.5, §9.4' })
  }
  if (ctx.warp) mods.push({ source: 'Warp modifier', value: ctx.warp, rule: '§4.2, §10.3' })
  if (ctx.position) mods.push({ source: 'Position penalty', value: ctx.position, rule: '§18' })
  if (ctx.warpPulse) mods.push({ source: 'Warp Pulse', value: WARP_MODIFIER_SR.value, rule: '§16.2' })
  if (ctx.seersInsight) mods.push({ source: "Seer's Insight (after the roll)", value: WARP_MODIFIER_SR.value, rule: '§16.2' })
  for (const m of ctx.modifiers ?? []) mods.push({ source: m.source, value: m.value, rule: m.section ?? 'context', ...(m.biological ? { biological: true } : {}) })
  if (ctx.warpStabilize) mods.push({ source: 'Warp Stabilize', value: -WARP_MODIFIER_SR.value, rule: '§16.1' })

  const notes: string[] = []
  // Mechanical: "Cannot be affected by biological modifiers" (§16.1).
  let kept: Mod[] = mods
  if (hasKeyword(attacker, 'mechanical')) {
    const dropped = mods.filter((m) => m.biological)
    if (dropped.length) notes.push(`Mechanical (§16.1): ignores ${dropped.map((m) => m.source).join(', ')}`)
    kept = mods.filter((m) => !m.biological)
  }
  if (!o.allowNegativeModifiers) {
    const dropped = kept.filter((m) => m.value < 0)
    if (dropped.length) notes.push(`"SR Threshold is always modified upward only" (§4.2, option allowNegativeModifiers): ignores ${dropped.map((m) => m.source).join(', ')}`)
    kept = kept.filter((m) => m.value >= 0)
  }
  if (ctx.psionicStabilize) {
    const worst = kept.filter((m) => m.value > 0).sort((a, b) => b.value - a.value)[0]
    if (worst) {
      kept = [...kept, { source: `Psionic Stabilize removes "${worst.source}"`, value: -worst.value, rule: '§16.2' }]
      rules.push('§16.2')
    }
  }
  const auraSources = findAbilitySources(table, attacker, 'specialist-aura', 'friendly')
  if (auraSources.length) {
    const aura = applySpecialistAura(kept, o, auraSources.map((s) => s.id).join(', '))
    if (aura) {
      kept = [...kept, aura]
      rules.push('§16.1')
    }
  }
  const modifiers: Modifier[] = kept.map(({ source, value, rule }) => ({ source, value, rule }))
  return { modifiers, notes, finalThreshold: i.attackerStats.srThreshold + modifiers.reduce((sum, m) => sum + m.value, 0), rules }
}

/** §4.3, §4.8, §11: the D100 against the final threshold with its critical bands, and DAM against the Wound Threshold. */
function attackOdds(i: AttackInput, done: Pick<AttackPieces, 'eligibility' | 'measure' | 'sight' | 'modifiers'>): AttackPieces['odds'] {
  const { ctx, o, attacker, weapon: w } = i
  const finalThreshold = done.modifiers.finalThreshold
  const allowed = stageReasons({ ...done, odds: {} }).length === 0
  const woundThreshold = Math.max(1, i.targetStats.woundThreshold + (ctx.woundThreshold ?? 0))
  const wounds = woundsOn(w, woundThreshold)
  const counts = countD100(finalThreshold, o.critSuccessMin)
  const reroll = ctx.stationary === true && hasAbility(attacker, 'stationary-anchor')
  const rerollFaces = counts.normalFailure + (o.rerollAfterCritFail ? counts.criticalFailure : 0)
  const hitFaces = counts.normalSuccess + counts.criticalSuccess
  const woundFaces = (wounds.normal ? counts.normalSuccess : 0) + (wounds.critical ? counts.criticalSuccess : 0)
  const zero: Fraction = fraction(0, 1)
  const woundsLeft = ctx.targetWounds ?? i.targetStats.wounds
  const notes = [
    `D100: 01–05 critical failure (auto-miss), ${o.critSuccessMin}–100 critical success (auto-hit, modifiers ignored); otherwise roll ≥ ${finalThreshold} hits`,
    `hit faces: ${counts.normalSuccess} normal + ${counts.criticalSuccess} critical of 100`,
    `normal hit: DAM ${w.dam} vs W Threshold ${woundThreshold} → ${wounds.normal ? '1 Wound' : 'no wound'}; ${wounds.note}`,
  ]
  if (reroll) notes.push(`Stationary Anchor (§16.1): one failed hit rerolled (${rerollFaces} rerollable faces${o.rerollAfterCritFail ? '' : '; a critical failure is not rerolled, §11.2'})`)
  if (w.onHit) notes.push(`on a hit: ${w.onHit}`)
  let outcome: Record<string, unknown> | null = null
  if (ctx.roll !== undefined) {
    const r = classifyD100(ctx.roll, finalThreshold, o.critSuccessMin)
    const wound = r.success && (r.band === 'critical-success' ? wounds.critical : wounds.normal)
    outcome = {
      roll: ctx.roll,
      band: r.band,
      hit: allowed && r.success,
      wound: allowed && wound,
      destroyed: allowed && wound && woundsLeft <= 1,
      woundsLeft: allowed && wound ? woundsLeft - 1 : woundsLeft,
      ...(r.band === 'critical-success' ? { critical: w.critSuccessText } : {}),
      ...(r.band === 'critical-failure' ? { critical: w.critFailureText } : {}),
      ...book.cite({ rule: r.band === 'normal' ? '§4.1' : r.band === 'critical-success' ? '§11.1' : '§11.2' }),
    }
  }
  return {
    woundThreshold,
    hit: allowed ? probabilityWithReroll(hitFaces, rerollFaces, reroll) : zero,
    effect: allowed ? probabilityWithReroll(woundFaces, rerollFaces, reroll) : zero,
    woundsLeft,
    notes,
    outcome,
    rules: ['§4.3', '§4.8'],
  }
}

function assembleAttack(i: AttackInput, done: AttackPieces): AttackResult {
  const { weapon: w, distance, attackerStats, o, melee, ctx } = i
  const reasons = stageReasons(done, REFUSAL_ORDER)
  const allowed = reasons.length === 0
  const { modifiers, finalThreshold } = done.modifiers
  const cited = modifiers.map((m) => book.cite(m))
  return {
    allowed,
    reasons,
    weapon: { id: w.id, name: w.name, type: w.type, grenade: w.grenade, rangeInches: w.rangeInches, dam: w.dam, section: w.section, ...(w.notes.length ? { notes: w.notes } : {}) },
    melee,
    distance: { mm: distance.mm, inches: distance.inches, points: distance.points, reference: distance.reference, mode: distance.mode },
    inRange: done.measure.inRange,
    margin: done.measure.margin,
    los: { ...done.sight.los, ...(done.sight.viaBase ? { note: 'only the base is visible (§9.1 "any part of the target\'s base or body")' } : {}) },
    cover: done.sight.cover ? book.cite(done.sight.cover) : { level: 'none', value: 0, note: 'Cover does not apply in melee (§10.3)' },
    engaged: done.eligibility.engagedWith.map((e) => e.model.id),
    ...(melee && ctx.rushed ? { firstStrike: 'a successful Rush strikes first in the Melee Phase (§10.7, §12.5)' } : {}),
    modifiers: settleModifiers(cited, allowed),
    threshold: { base: attackerStats.srThreshold, final: finalThreshold },
    woundThreshold: done.odds.woundThreshold,
    need: `D100 ≥ ${finalThreshold} (SR ${attackerStats.srThreshold}${modifiers.map((m) => ` ${m.value >= 0 ? '+' : '−'} ${Math.abs(m.value)}`).join('')}), criticals ${o.critSuccessMin}–100 hit and 01–05 miss`,
    probability: {
      ...probabilityFigure(done.odds.hit, done.odds.effect, [...done.modifiers.notes, ...done.odds.notes], SINGLE_ROLL_SCOPE),
      destroy: done.odds.woundsLeft <= 1 ? formatFraction(done.odds.effect) : '0',
    },
    ...(done.odds.outcome ? { outcome: done.odds.outcome } : {}),
    ...book.sources(citedRules(stageRules(done, ['§4.1']), reasons, modifiers)),
  }
}

const ATTACK_STAGES: ActionStages<AttackInput, AttackPieces, AttackResult> = {
  eligibility: attackEligibility,
  measure: attackRange,
  sight: attackSight,
  modifiers: attackModifiers,
  odds: attackOdds,
  assemble: assembleAttack,
}

export function attack(table: Table, q: QueryOf<'attack'>): AttackResult {
  return runStages(ATTACK_STAGES, attackInput(table, q))
}
