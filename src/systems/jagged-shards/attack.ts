// The attack chain of §4 and §9–§11: eligibility (LoS, Range, Sprint, engagement), the SR Threshold
// with every modifier (Cover, Evade, Warp, Position, abilities), the D100 with its critical bands,
// and DAM against the Wound Threshold. Probabilities are counted over the 100 faces (d100.ts).
import {
  type Fraction, type Modifier, type QueryOf, type QueryResultBody, type Reason, type Table, type TableModel,
  SceneError, fraction, formatFraction, inches, isWithin, losFigure, marginOf, probabilityFigure, SINGLE_ROLL_SCOPE } from '../../engine/index.ts'
import { ENGAGEMENT_INCHES, HOLD_THE_LINE_EV, LIGHT_COVER_SR, WARP_MODIFIER_SR } from './constants.ts'
import { readContext, type Context } from './context.ts'
import { classifyD100, countD100, probabilityWithReroll } from './d100.ts'
import { hasAbility, hasKeyword, isInfantry, readUnitStats, resolveWeapon, type ResolvedWeapon } from './modelStats.ts'
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

export function attack(table: Table, q: QueryOf<'attack'>): QueryResultBody {
  const o = readOptions(table.options)
  const ctx: Context = readContext(q.context)
  const attacker = table.model(q.attacker)
  const target = table.model(q.target)
  const aStats = readUnitStats(attacker)
  const tStats = readUnitStats(target)
  const rules = new Set<string>(['§4.1'])
  const reasons: Reason[] = []

  const distance = measureBetween(table, attacker, target)
  const meleeReachMm = inches(ENGAGEMENT_INCHES.value)
  const within = measureRule(o).within
  // Without a named weapon: melee when the target is within 1", else the first ranged weapon.
  const inReach = isWithin(distance.rawMm, meleeReachMm, within)
  const w = resolveWeapon(attacker, q.weapon, q.weapon === undefined ? inReach : false, o)
  if ('error' in w) throw new SceneError([{ path: 'weapon', message: w.error }])
  const melee = w.type === 'melee'
  rules.add(melee ? '§10' : '§9')
  rules.add(w.section)

  if (attacker.side === target.side) reasons.push({ code: 'same-side', message: `${target.id} is on ${attacker.id}'s own side`, rule: '§9.2' })
  if (ctx.jammed) reasons.push({ code: 'jammed', message: `${attacker.id} may not attack this round (critical-failure after-effect)`, rule: '§17' })

  // ---- eligibility -------------------------------------------------------------------------
  const engagedWith = enemiesEngaging(table, attacker)
  const sight = sightOf(table, attacker, target, q.rays ?? false)
  const los = { ...losFigure(table, attacker, target, sight.los), visible: sight.visible }
  const rangeMm = melee ? meleeReachMm : inches(w.rangeInches)
  const inRange = isWithin(distance.rawMm, rangeMm, within)
  const margin = marginOf(distance, rangeMm, within)
  if (melee) {
    if (!inRange) reasons.push({ code: 'not-engaged', message: `${target.id} is ${distance.inches}" away: a melee target must be within 1"`, rule: '§10.2' })
    if (ctx.disengaged) reasons.push({ code: 'disengaged', message: `${attacker.id} Disengaged this turn and may not make a melee attack`, rule: '§10.2' })
  } else {
    if (ctx.sprinted) reasons.push({ code: 'sprinted', message: `${attacker.id} Sprinted this round and cannot shoot`, rule: '§7.4, §8.1' })
    if (engagedWith.length) {
      reasons.push({ code: 'engaged', message: `${attacker.id} is engaged (within 1" of ${engagedWith.map((e) => e.model.id).join(', ')}) and cannot make ranged attacks`, rule: '§8.6, §10.1, §12.4' })
    }
    if (!sight.visible) reasons.push({ code: 'no-line-of-sight', message: `no part of ${target.id}'s base or body can be seen from ${attacker.id}'s eye (blocked by ${los.blockers.join(', ') || 'Obscuring terrain'})`, rule: '§9.1, §15.2' })
    if (!inRange) reasons.push({ code: 'out-of-range', message: `${target.id} is ${distance.inches}" away, beyond ${w.name}'s ${w.rangeInches}" range`, rule: '§9.2, §17',
      template: `${target.id} is {distance} away, beyond ${w.name}'s {range} range`, values: { distance: { value: distance.mm, unit: 'mm' }, range: { value: w.rangeInches, unit: 'in' } } })
    if (w.grenade && !isInfantry(attacker)) reasons.push({ code: 'not-infantry', message: `${attacker.id} is not Infantry: grenades are infantry only`, rule: '§1.6, §17.3' })
  }

  // ---- SR Threshold (§4.2; order of §9.8: Cover, Evade, Warp, Position, abilities) ----------
  const mods: Mod[] = []
  let cover: CoverCall | null = null
  if (!melee) {
    cover = decideCover(table, attacker, target, sight.los)
    if (isInfantry(target) && cover.level !== 'heavy') {
      const shroud = findAbilitySources(table, target, 'spore-shroud', 'friendly')
      const open = o.sporeShroudOpen === 'no-terrain-hiding' && cover.baseHidden === 0
      if (shroud.length && !open) {
        cover = { ...cover, level: 'light', value: LIGHT_COVER_SR.value, test: `Spore Shroud (${shroud.map((s) => s.id).join(', ')} within 3"): Light Cover unless fully in the open` }
        rules.add('§16.2')
      }
    }
    if (cover.level !== 'none') mods.push({ source: `${cover.level === 'light' ? 'Light' : 'Heavy'} Cover (${Object.keys(cover.by).join(', ') || cover.test})`, value: cover.value, rule: cover.rule })
    rules.add('§9.3')
  } else {
    rules.add('§10.3')
  }
  let evade = tStats.evade + (ctx.targetEvade ?? 0)
  if (ctx.targetEvade) rules.add('§17')
  const holdTheLine = isInfantry(target) && (o.holdTheLineAttacks === 'all' || melee) && enemiesEngaging(table, target).length > 0
    ? findAbilitySources(table, target, 'hold-the-line', 'friendly') : []
  if (holdTheLine.length) {
    evade += HOLD_THE_LINE_EV.value
    rules.add('§16.1')
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
      rules.add('§16.2')
    }
  }
  const auraSources = findAbilitySources(table, attacker, 'specialist-aura', 'friendly')
  if (auraSources.length) {
    const aura = applySpecialistAura(kept, o, auraSources.map((s) => s.id).join(', '))
    if (aura) {
      kept = [...kept, aura]
      rules.add('§16.1')
    }
  }
  const modifiers: Modifier[] = kept.map(({ source, value, rule }) => ({ source, value, rule }))
  const finalThreshold = aStats.srThreshold + modifiers.reduce((s, m) => s + m.value, 0)

  // ---- D100 and damage ------------------------------------------------------------------------
  const woundThreshold = Math.max(1, tStats.woundThreshold + (ctx.woundThreshold ?? 0))
  const wounds = woundsOn(w, woundThreshold)
  const counts = countD100(finalThreshold, o.critSuccessMin)
  const reroll = ctx.stationary === true && hasAbility(attacker, 'stationary-anchor')
  const rerollFaces = counts.normalFailure + (o.rerollAfterCritFail ? counts.criticalFailure : 0)
  const allowed = reasons.length === 0
  const hitFaces = counts.normalSuccess + counts.criticalSuccess
  const woundFaces = (wounds.normal ? counts.normalSuccess : 0) + (wounds.critical ? counts.criticalSuccess : 0)
  const zero: Fraction = fraction(0, 1)
  const hit = allowed ? probabilityWithReroll(hitFaces, rerollFaces, reroll) : zero
  const effect = allowed ? probabilityWithReroll(woundFaces, rerollFaces, reroll) : zero
  const woundsLeft = ctx.targetWounds ?? tStats.wounds
  rules.add('§4.3').add('§4.8')

  notes.push(
    `D100: 01–05 critical failure (auto-miss), ${o.critSuccessMin}–100 critical success (auto-hit, modifiers ignored); otherwise roll ≥ ${finalThreshold} hits`,
    `hit faces: ${counts.normalSuccess} normal + ${counts.criticalSuccess} critical of 100`,
    `normal hit: DAM ${w.dam} vs W Threshold ${woundThreshold} → ${wounds.normal ? '1 Wound' : 'no wound'}; ${wounds.note}`,
  )
  if (reroll) notes.push(`Stationary Anchor (§16.1): one failed hit rerolled (${rerollFaces} rerollable faces${o.rerollAfterCritFail ? '' : '; a critical failure is not rerolled, §11.2'})`)
  if (w.onHit) notes.push(`on a hit: ${w.onHit}`)

  let outcome: Record<string, unknown> | undefined
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
      rule: r.band === 'normal' ? '§4.1' : r.band === 'critical-success' ? '§11.1' : '§11.2',
    }
  }

  return {
    allowed,
    reasons,
    weapon: { id: w.id, name: w.name, type: w.type, grenade: w.grenade, rangeInches: w.rangeInches, dam: w.dam, section: w.section, ...(w.notes.length ? { notes: w.notes } : {}) },
    melee,
    distance: { mm: distance.mm, inches: distance.inches, points: distance.points, reference: distance.reference, mode: distance.mode },
    inRange,
    margin,
    los: { ...los, ...(sight.viaBase ? { note: 'only the base is visible (§9.1 "any part of the target\'s base or body")' } : {}) },
    cover: cover ?? { level: 'none', value: 0, note: 'Cover does not apply in melee (§10.3)' },
    engaged: engagedWith.map((e) => e.model.id),
    ...(melee && ctx.rushed ? { firstStrike: 'a successful Rush strikes first in the Melee Phase (§10.7, §12.5)' } : {}),
    modifiers,
    threshold: { base: aStats.srThreshold, final: finalThreshold },
    woundThreshold,
    need: `D100 ≥ ${finalThreshold} (SR ${aStats.srThreshold}${modifiers.map((m) => ` ${m.value >= 0 ? '+' : '−'} ${Math.abs(m.value)}`).join('')}), criticals ${o.critSuccessMin}–100 hit and 01–05 miss`,
    probability: {
      ...probabilityFigure(hit, effect, notes, SINGLE_ROLL_SCOPE),
      destroy: woundsLeft <= 1 ? formatFraction(effect) : '0',
    },
    ...(outcome ? { outcome } : {}),
    rules: citedRules(rules, reasons, modifiers),
  }
}
