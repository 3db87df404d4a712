// The attack action resolved for one attacking model against a target unit (core-rules/playing-a-game.html
// #action-attack and steps 1-4), with every modifier the table geometry decides and the context the
// camera cannot see; exact probabilities from probability/attackChain.ts.
import { SceneError, type AttackResult, type Modifier, type QueryOf, type UniformReason, type Table, type TableModel, type Weapon, inches, isWithin, roundTo, settleModifiers } from '../../engine/index.ts'
import { book } from './book.ts'
import { z } from 'zod'
import type { AttackSituation, CadenceCore, CadenceModelView, ChainAdjustment, ChainNumbers } from './spec.ts'
import { type ParsedRule, findRule, hasRule } from './specialRules.ts'
import { buildModelView, weaponNumber, weaponRules } from './modelView.ts'
import { distanceFigure, measureUnitGap, nearestOf, withinReading } from './measure.ts'
import { COVER_RULE, LOS_RULE, type LosClass, type SightHook, type UnitSight, judgeUnitSight, unitSightBlock } from './lineOfSight.ts'
import { ARC_RULE, classifyCadenceArc, isInForwardPath } from './arcs.ts'
import type { AttackChainSpec } from './probability/attackChain.ts'
import type { RollCheck } from './probability/rollCheck.ts'
import { chanceE, formatE, toNumberE } from './probability/exactFraction.ts'
import { blastVictims } from './blast.ts'

export const S = {
  attack: 'core-rules/playing-a-game.html#action-attack',
  step1: LOS_RULE,
  step2: 'core-rules/playing-a-game.html#step-2-attack-rolls',
  step3: 'core-rules/playing-a-game.html#step-3-defence-rolls',
  step4: 'core-rules/playing-a-game.html#step-4-counter-rolls',
  unitRules: 'core-rules/special-rules-appendix.html#unit-special-rules',
  weaponRules: 'core-rules/special-rules-appendix.html#weapon-special-rules',
  vehicles: 'core-rules/advanced-rules.html#vehicles-and-attacks',
  vehicleTerrain: 'core-rules/advanced-rules.html#vehicles-and-terrain',
  dice: 'core-rules/basic-rules.html#dice',
  cover: COVER_RULE,
  arcs: ARC_RULE,
} as const

/** Attack `context`: what the camera cannot see. Games add keys through spec.contextShape. */
export const coreContextShape = {
  /** Actions the attacking unit performs this activation (3 or more: Rush Penalty). */
  actions: z.number().int().min(1).max(4).optional(),
  /** Model of the attacking unit whose eyes judge LoS (default: the attacker). */
  viewer: z.string().optional(),
  /** Models of the attacking unit firing this weapon at this unit, rolled together (default 1). */
  models: z.number().int().min(1).optional(),
  /** Take the Rapid Fire (X) extra attacks (default true). */
  rapidFire: z.boolean().optional(),
  /** The target unit's models are at full Hit Points (Shields). Default true. */
  fullHitPoints: z.boolean().optional(),
  /** The attacker has already used this One Use weapon. */
  used: z.boolean().optional(),
  /** Another model of the unit already used a Grenade in this Attack action. */
  grenadeUsed: z.boolean().optional(),
  /** Overrides the height levels read from the table. */
  attackerLevel: z.number().int().min(0).optional(),
  targetLevel: z.number().int().min(0).optional(),
  /** Free-form notes (ignored). */
  note: z.string().optional(),
}

/** Which game rule a hook stands for: printed in the result (`gameHooks`) and cited. */
export type HookSource = { readonly source: string; readonly rule: string }

/**
 * Hooks a game passes to one core attack, so the core resolves the attack on the table as it is (no
 * edited copy): each is called at its step and each says which game rule acted (the result's
 * `gameHooks`, cited in `rules`).
 */
export type AttackHooks = {
  /** Step 1: how sight lines are drawn (Squadrons: on the flat bases; Respawn: smoke columns, Quantum Tunneling). */
  readonly sight?: SightHook
  /** Extra keywords: special rules a model gains or loses for this attack (cars and ships are Vehicles; the Hunter's Weak Spot arc). */
  readonly keywords?: HookSource & { readonly of: (m: TableModel) => { readonly add?: readonly string[]; readonly remove?: readonly string[] } | null }
  /** Step 4: the target unit's Shields do not apply against this weapon (Plasma, Disruptor). */
  readonly shieldsOff?: HookSource
  /** Attribute values for this attack (Scraplands upgrades: Skill, Toughness). */
  readonly stats?: HookSource & { readonly of: (m: TableModel) => Partial<Record<'skill' | 'toughness' | 'defence', number>> | null }
  /** The weapon as used (Mark Target: Rending (1); Turret; Vehicle Ram attacks; the Raycaster). */
  readonly weapon?: HookSource & { readonly of: (attacker: TableModel) => Weapon }
  /** Who counts as an enemy: for the forced target, the screen and the target check (free attacks; a friendly model charged or beamed). */
  readonly isEnemy?: HookSource & { readonly test: (a: TableModel, b: TableModel) => boolean }
}

export type GameHookNote = { hook: 'sight' | 'keywords' | 'shields' | 'stats' | 'weapon' | 'targets'; source: string; rule: string }

const SHIELDS = /^shields?$/i

/** A model as this attack sees it: the hooks' keywords and attributes applied to a copy (the table is untouched). */
function hookedModel(m: TableModel, ah: AttackHooks, shieldsOffUnit: string | null): TableModel {
  const kw = ah.keywords?.of(m) ?? null
  const st = ah.stats?.of(m) ?? null
  const dropShields = shieldsOffUnit !== null && m.unit === shieldsOffUnit
  if (!kw && !st && !dropShields) return m
  const drop = new Set((kw?.remove ?? []).map((r) => r.trim().toLowerCase()))
  const keep = (r: string) => !drop.has(r.trim().toLowerCase()) && !(dropShields && SHIELDS.test(r.trim()))
  const printed = Array.isArray(m.stats.specialRules) ? (m.stats.specialRules as unknown[]).filter((x): x is string => typeof x === 'string') : []
  return {
    ...m,
    keywords: [...m.keywords.filter(keep), ...(kw?.add ?? []).filter((k) => !m.keywords.includes(k))],
    stats: { ...m.stats, ...(st ?? {}), ...(kw || dropShields ? { specialRules: printed.filter(keep) } : {}) },
  }
}

export function pickWeapon(attacker: TableModel, id: string | undefined): Weapon {
  if (id) {
    const w = attacker.weapons.find((x) => x.id === id)
    if (!w) throw new SceneError([{ path: 'weapon', message: `model "${attacker.id}" does not carry weapon "${id}" (it carries: ${attacker.weapons.map((x) => x.id).join(', ') || 'none'})` }])
    return w
  }
  const w = attacker.weapons[0]
  if (!w) throw new SceneError([{ path: 'weapon', message: `model "${attacker.id}" carries no weapon` }])
  return w
}

export function counterTarget(core: CadenceCore, damage: number, toughness: number, table?: Table): { need: number; row: string; rule: string } {
  const t = (table ? core.numbersAt(table) : core.numbers).counterTable
  if (damage * 2 <= toughness) return { need: t[0].value, row: 'Damage is half, or lower, than Toughness', rule: t[0].rule }
  if (damage >= toughness * 2) return { need: t[4].value, row: 'Damage is double, or higher, than Toughness', rule: t[4].rule }
  if (damage < toughness) return { need: t[1].value, row: 'Damage is lower than Toughness', rule: t[1].rule }
  if (damage === toughness) return { need: t[2].value, row: 'Damage is equal to Toughness', rule: t[2].rule }
  return { need: t[3].value, row: 'Damage is higher than Toughness', rule: t[3].rule }
}

type Stage = { need: number; modifiers: Modifier[]; reroll: boolean; rerollSource?: string; cap: number | null; alwaysSucceed: number[]; onlyFaces?: number[]; needOverride?: { need: number; source: string; rule: string }; faceValue?: (face: number) => number }

function newStage(need: number): Stage {
  return { need, modifiers: [], reroll: false, cap: null, alwaysSucceed: [] }
}

function applyAdjustment(st: Stage, a: ChainAdjustment): void {
  if (a.modifier) st.modifiers.push({ source: a.source, value: a.modifier, rule: a.rule })
  if (a.need !== undefined) st.needOverride = { need: a.need, source: a.source, rule: a.rule }
  if (a.cap !== undefined) st.cap = st.cap === null ? a.cap : Math.min(st.cap, a.cap)
  if (a.reroll) {
    st.reroll = true
    st.rerollSource = a.source
  }
  if (a.alwaysSucceed) st.alwaysSucceed.push(...a.alwaysSucceed)
  if (a.faceValue) st.faceValue = a.faceValue
}

function finalNeed(st: Stage): number {
  if (st.needOverride) return st.needOverride.need
  let need = st.need - st.modifiers.reduce((s, m) => s + m.value, 0)
  if (st.cap !== null) need = Math.min(need, st.cap)
  return need
}

function toCheck(n: ChainNumbers, st: Stage): RollCheck {
  const faceValue = st.faceValue
  return {
    faces: n.faces,
    need: finalNeed(st),
    alwaysFail: [n.alwaysFail.value],
    alwaysSucceed: st.alwaysSucceed,
    ...(st.onlyFaces ? { onlyFaces: st.onlyFaces } : {}),
    reroll: st.reroll,
    ...(faceValue ? { faceValue } : {}),
  }
}

function lowest(views: readonly CadenceModelView[], key: 'defence' | 'toughness', worst: boolean): number {
  const vals = views.map((v) => v[key])
  return worst ? Math.max(...vals) : Math.min(...vals)
}

/** Height advantage: the attacker's level is above the target unit's (per the heightAdvantageTest option). */
export function heightAdvantage(table: Table, attacker: CadenceModelView, unit: readonly CadenceModelView[], nearest: TableModel, ctx: Record<string, unknown>): { yes: boolean; attackerLevel: number; targetLevels: number[] } {
  const a = typeof ctx.attackerLevel === 'number' ? ctx.attackerLevel : attacker.heightLevel
  const levels = typeof ctx.targetLevel === 'number' ? unit.map(() => ctx.targetLevel as number) : unit.map((v) => v.heightLevel)
  const test = table.options.heightAdvantageTest
  const nearestLevel = typeof ctx.targetLevel === 'number' ? (ctx.targetLevel as number) : (unit.find((v) => v.model.id === nearest.id)?.heightLevel ?? 0)
  const yes = test === 'nearest-target-model-lower' ? nearestLevel < a : test === 'any-target-model-lower' ? levels.some((l) => l < a) : levels.every((l) => l < a)
  return { yes, attackerLevel: a, targetLevels: levels }
}

/** How many weapons the model may fire in one Attack action: Platform (X) (vehicles default to Platform (2)). */
export function platformWeapons(table: Table, v: CadenceModelView): number {
  const x = findRule(v.rules, 'platform')?.value
  if (x === undefined || x === null) return 1
  return table.options.platform === 'additive' ? 1 + x : x
}


export function resolveAttack(core: CadenceCore, table: Table, q: QueryOf<'attack'>, ah: AttackHooks = {}): AttackResult {
  const attackerModel = table.model(q.attacker)
  const targetModel = table.model(q.target)
  const ctx = (q.context ?? {}) as Record<string, unknown>
  const weapon = ah.weapon ? ah.weapon.of(attackerModel) : pickWeapon(attackerModel, q.weapon)
  const wr = weaponRules(weapon)
  // With keyword, Shields or attribute hooks, the views are built for this attack only (not the core's cached ones).
  const shieldsOffUnit = ah.shieldsOff ? targetModel.unit : null
  const viewOf = ah.keywords || ah.stats || ah.shieldsOff ? (m: TableModel) => buildModelView(core.spec, core.hooks, table, hookedModel(m, ah, shieldsOffUnit)) : (m: TableModel) => core.view(table, m)
  const isEnemy = ah.isEnemy ? ah.isEnemy.test : core.isEnemy
  const attacker = viewOf(attackerModel)
  const targetUnitModels = table.unitOf(targetModel)
  const targetUnit = targetUnitModels.map(viewOf)
  const target = targetUnit.find((v) => v.model.id === targetModel.id)!
  const attackingUnit = table.unitOf(attackerModel)
  const reasons: UniformReason[] = []
  const rules = new Set<string>([S.attack, S.step1, S.step2, S.step3, S.step4])
  const facingOn = table.options.facingRules !== 'off'
  const within = withinReading(table)
  const gameHooks: GameHookNote[] = []
  const note = (hook: GameHookNote['hook'], h: HookSource | undefined): void => {
    if (!h) return
    gameHooks.push({ hook, source: h.source, rule: h.rule })
    rules.add(h.rule)
  }
  note('sight', ah.sight)
  note('keywords', ah.keywords)
  note('stats', ah.stats)
  note('weapon', ah.weapon)
  note('targets', ah.isEnemy)

  if (!isEnemy(attackerModel, targetModel)) reasons.push(book.reason({ code: 'not-an-enemy', message: `${targetModel.id} is not an enemy of ${attackerModel.id}`, rule: S.attack }))

  // Forced target: "if there are any enemy units within 3 inches of your unit you must choose a target from one of those units."
  const closeUnits = [...table.units.entries()]
    .filter(([, ms]) => ms.some((m) => isEnemy(attackerModel, m)))
    .filter(([, ms]) => isWithin(measureUnitGap(table, attackingUnit, ms).measurement.rawMm, inches(3), within))
    .map(([id]) => id)
  if (closeUnits.length > 0 && !closeUnits.includes(targetModel.unit)) {
    reasons.push(book.reason({ code: 'must-target-close-unit', message: `enemy unit(s) ${closeUnits.join(', ')} within 3" of the attacking unit must be targeted first`, rule: S.attack }))
  }

  // Range: from this model to the nearest model of the target unit, strictly less than Rng.
  const nearest = nearestOf(table, attackerModel, targetUnitModels)
  const unitGap = measureUnitGap(table, attackingUnit, targetUnitModels)
  const closeRange = isWithin(unitGap.measurement.rawMm, inches(3), within)

  // LoS from the chosen model's eyes.
  const viewerId = typeof ctx.viewer === 'string' ? ctx.viewer : attackerModel.id
  let viewer = table.model(viewerId)
  if (viewer.unit !== attackerModel.unit) throw new SceneError([{ path: 'context.viewer', message: `viewer "${viewerId}" is not in the attacking unit ${attackerModel.unit}` }])
  let sight = judgeUnitSight(table, viewer, targetModel, isEnemy, ah.sight)
  if (table.options.losViewer === 'best-in-unit' && typeof ctx.viewer !== 'string') {
    const rank = { clear: 2, obscured: 1, blocked: 0 } as const
    for (const m of attackingUnit) {
      const s = judgeUnitSight(table, m, targetModel, isEnemy, ah.sight)
      if (rank[s.class] > rank[sight.class]) {
        sight = s
        viewer = m
      }
    }
  }

  const baseRange = weaponNumber(weapon, 'rangeInches')
  const rangeOk0 = isWithin(nearest.measurement.rawMm, inches(baseRange), within)
  const situation0: AttackSituation = { table, attacker, target, targetUnit, weapon, weaponRules: wr, distanceMm: nearest.measurement.rawMm, losClass: sight.class, context: ctx }
  const weaponAdj = core.hooks.weaponAdjustments(situation0, rangeOk0)
  let rangeInches = baseRange
  let attacks = weaponNumber(weapon, 'attacks')
  let onesHitSelf = hasRule(wr, 'volatile')
  const weaponNotes: Modifier[] = []
  for (const a of weaponAdj) {
    if (a.rangeInches !== undefined) {
      weaponNotes.push({ source: `${a.source}: range ${rangeInches}" → ${a.rangeInches}"`, value: a.rangeInches - rangeInches, rule: a.rule })
      rangeInches = a.rangeInches
    }
    if (a.attacks !== undefined) {
      weaponNotes.push({ source: `${a.source}: attacks ${attacks} → ${a.attacks}`, value: a.attacks - attacks, rule: a.rule })
      attacks = a.attacks
    }
    if (a.onesHitSelf) onesHitSelf = true
    rules.add(a.rule)
  }
  const inRange = isWithin(nearest.measurement.rawMm, inches(rangeInches), within)
  if (!inRange) reasons.push(book.reason({ code: 'out-of-range', message: `nearest model of unit ${targetModel.unit} (${nearest.to.id}) is ${nearest.measurement.inches}" away; ${weapon.name} needs less than ${rangeInches}"`, rule: S.step1,
    template: `nearest model of unit ${targetModel.unit} (${nearest.to.id}) is {distance} away; ${weapon.name} needs less than {range}`,
    values: { distance: { value: nearest.measurement.mm, unit: 'mm' }, range: { value: rangeInches, unit: 'in' } } }))

  // Grenade: "This weapon may not target a model closer than 3 inches." Only one per unit per action.
  if (hasRule(wr, 'grenade')) {
    rules.add(S.weaponRules)
    if (isWithin(nearest.measurement.rawMm, inches(3), within)) reasons.push(book.reason({ code: 'grenade-too-close', message: `${nearest.to.id} is ${nearest.measurement.inches}" away: a Grenade may not target a model closer than 3"`, rule: S.weaponRules }))
    if (ctx.grenadeUsed === true) reasons.push(book.reason({ code: 'grenade-already-used', message: 'only 1 model in a unit may use a Grenade per Attack action', rule: S.weaponRules }))
  }
  if ((hasRule(wr, 'one-use') || hasRule(wr, 'one-use')) && ctx.used === true) reasons.push(book.reason({ code: 'one-use-spent', message: `${weapon.name} is One Use and has been used`, rule: S.weaponRules }))

  // Arcs (optional facing rules).
  let arcInfo: { arc: string; reaches: string[] } | null = null
  const arcRule = findRule(wr, 'arc')
  if (facingOn && arcRule) {
    const c = classifyCadenceArc(attackerModel, targetModel)
    arcInfo = { arc: c.arc, reaches: c.reaches }
    rules.add(S.arcs)
    const named = (arcRule.param ?? '').toLowerCase()
    const ok = named === 'side' ? c.arc === 'left' || c.arc === 'right' : c.arc === named
    if (!ok) reasons.push(book.reason({ code: 'outside-weapon-arc', message: `${targetModel.id} is in ${attackerModel.id}'s ${c.arc} arc; ${weapon.name} has Arc (${arcRule.param})`, rule: S.weaponRules }))
  }
  if (facingOn && hasRule(wr, 'fixed')) {
    rules.add(S.arcs)
    const corridor = table.options.fixedCorridor === 'centre-line' ? 'centre-line' : 'base-width'
    if (!isInForwardPath(attackerModel, targetModel, corridor)) reasons.push(book.reason({ code: 'not-in-forward-path', message: `${targetModel.id} is not directly in the path of ${attackerModel.id}'s forward facing (${corridor} corridor)`, rule: S.weaponRules }))
  }

  // LoS class after the attack-time rules: vehicles (obscured counts as clear), then a game's
  // "counts as obscured" (smoke), then Indirect, then a game's "counts as clear".
  let losClass: LosClass = sight.class
  const losNotes: UniformReason[] = [...sight.reasons]
  if (losClass === 'obscured' && targetUnit.every((v) => v.isVehicle)) {
    losClass = 'clear'
    losNotes.push(book.reason({ code: 'vehicle-obscured-counts-clear', message: 'attacking a vehicle: an obscured line of sight counts as clear', rule: S.vehicles }))
    rules.add(S.vehicles)
  }
  const applyLos = (to: 'clear' | 'obscured'): void => {
    for (const adj of core.hooks.losAdjustments({ ...situation0, losClass }).filter((a) => a.to === to)) {
      if (losClass === adj.from) {
        losClass = adj.to
        losNotes.push(book.reason({ code: 'los-adjusted', message: `${adj.source}: ${adj.from} counts as ${adj.to}`, rule: adj.rule }))
        rules.add(adj.rule)
      }
    }
  }
  applyLos('obscured')
  if (losClass === 'obscured' && hasRule(wr, 'indirect')) {
    losClass = 'clear'
    losNotes.push(book.reason({ code: 'indirect', message: 'Indirect: an obscured line of sight counts as clear', rule: S.weaponRules }))
  }
  applyLos('clear')
  if (losClass === 'blocked') reasons.push(book.reason({ code: 'no-line-of-sight', message: `line of sight from ${viewer.id} to unit ${targetModel.unit} is blocked`, rule: S.step1 }))

  const situation: AttackSituation = { ...situation0, losClass }
  if (table.options.attackersWithoutLos === 'must-see' && viewer.id !== attackerModel.id && judgeUnitSight(table, attackerModel, targetModel, isEnemy, ah.sight).class === 'blocked') {
    reasons.push(book.reason({ code: 'attacker-cannot-see', message: `${attackerModel.id} itself cannot see unit ${targetModel.unit} (option attackersWithoutLos = must-see)`, rule: S.step1 }))
  }
  for (const r of core.hooks.attackRestrictions(situation)) reasons.push(book.reason(r))

  // Cover: obscured through Cover terrain; vehicles (and Devil's Bluff riders) never benefit.
  let coverFrom = losClass === 'obscured' || (table.options.closeRangeCover === 'cover-still-applies' && sight.sightClass === 'obscured' && closeRange) ? sight.coverTerrain : []
  if (table.options.coverMixed === 'majority') {
    // Cover only when most of the partly covered target models are covered by Cover terrain.
    const partly = sight.models.filter((m) => !m.fullyVisible && m.visible)
    if (partly.filter((m) => m.coverTerrain.length > 0).length * 2 <= partly.length) coverFrom = []
  }
  const benefit = core.hooks.benefitsFromCover(table, target)
  const coverApplies = coverFrom.length > 0 && benefit.yes
  const coverNote = coverFrom.length > 0 && !benefit.yes ? { by: coverFrom, denied: benefit.rule ?? S.vehicleTerrain } : null

  // Step 2: attack rolls.
  const n = core.numbersAt(table)
  const inaccurate = hasRule(wr, 'inaccurate')
  const atk = newStage(inaccurate ? n.inaccurateSkill.value : attacker.skill)
  const assault = hasRule(wr, 'assault')
  const torrent = hasRule(wr, 'torrent')
  const closePenalty = closeRange && !assault && !(torrent && table.options.torrentAtCloseRange !== 'close-range-wins')
  if (closePenalty) {
    rules.add(S.step2)
    if (table.options.closeRangeSix === 'modified-6') atk.need = n.closeRangeHitOn.value
    else atk.onlyFaces = [n.closeRangeHitOn.value]
  }
  if (torrent && !atk.onlyFaces) atk.needOverride = { need: 2, source: 'Torrent: hits on any roll that is not a 1', rule: S.weaponRules }
  const actions = typeof ctx.actions === 'number' ? ctx.actions : 2
  const rushes = table.options.rushActions === 'exactly-3' ? actions === 3 : actions >= 3
  if (rushes && !assault) atk.modifiers.push({ source: `Rush Penalty (${actions} actions)`, value: n.rushPenalty.value, rule: n.rushPenalty.rule })
  const height = heightAdvantage(table, attacker, targetUnit, nearest.to, ctx)
  if (height.yes) atk.modifiers.push({ source: `Height Advantage (level ${height.attackerLevel} vs ${height.targetLevels.join('/')})`, value: n.heightAdvantage.value, rule: n.heightAdvantage.rule })
  if (losClass === 'obscured') atk.modifiers.push({ source: 'Obscured Penalty', value: n.obscuredPenalty.value, rule: n.obscuredPenalty.rule })
  if (hasRule(wr, 'accurate')) atk.modifiers.push({ source: 'Accurate', value: n.accurate.value, rule: n.accurate.rule })
  const stealthModels = table.options.stealthTest === 'nearest-target-model' ? [targetUnit.find((v) => v.model.id === nearest.to.id)!] : targetUnit
  const stealthX = stealthModels.every((v) => hasRule(v.rules, 'stealth')) ? Math.min(...stealthModels.map((v) => findRule(v.rules, 'stealth')!.value ?? 0)) : null
  if (stealthX !== null && !isWithin(nearest.measurement.rawMm, inches(stealthX), 'le')) {
    if (hasRule(wr, 'indirect') && table.options.indirectVsStealth !== 'no-interaction') rules.add(S.weaponRules)
    else atk.modifiers.push({ source: `Stealth (${stealthX}): attacker more than ${stealthX}" away`, value: n.stealthPenalty.value, rule: n.stealthPenalty.rule })
  }
  if (hasRule(attacker.rules, 'skilled')) {
    atk.reroll = true
    atk.rerollSource = 'Skilled'
  }

  // Step 3: defence rolls.
  const worst = table.options.lowestDefence === 'worst-save'
  const def = newStage(lowest(targetUnit, 'defence', worst))
  const prc = weaponNumber(weapon, 'piercing') * n.piercingScale.value
  const heavyArmour = Math.min(...targetUnit.map((v) => findRule(v.rules, 'heavy-armour')?.value ?? 0))
  const effPrc = Math.max(0, prc - heavyArmour)
  if (effPrc > 0) def.modifiers.push({ source: `Piercing ${prc}${heavyArmour ? ` − Heavy Armour (${heavyArmour})` : ''}`, value: -effPrc, rule: heavyArmour ? S.unitRules : S.step3 })
  if (coverApplies) {
    def.modifiers.push({ source: `Cover (${coverFrom.join(', ')})`, value: n.coverBonus.value, rule: n.coverBonus.rule })
    def.cap = n.coverCap.value
  }
  if (targetUnit.every((v) => hasRule(v.rules, 'resilient'))) {
    def.reroll = true
    def.rerollSource = 'Resilient'
  }

  // Step 4: counter rolls.
  const dmg = weaponNumber(weapon, 'damage')
  const tgh = lowest(targetUnit, 'toughness', false)
  const row = counterTarget(core, dmg, tgh, table)
  const ctr = newStage(row.need)
  if (hasRule(wr, 'shred')) ctr.modifiers.push({ source: 'Shred', value: n.shred.value, rule: n.shred.rule })
  const weak = findRule(target.rules, 'weak-spot')
  let weakArc: string | null = null
  if (facingOn && weak) {
    const c = classifyCadenceArc(targetModel, attackerModel)
    weakArc = c.arc
    const named = (weak.param ?? '').toLowerCase()
    if (named === c.arc || (named === 'side' && (c.arc === 'left' || c.arc === 'right'))) ctr.modifiers.push({ source: `Weak Spot (${weak.param}): attack from the ${c.arc} arc`, value: n.weakSpot.value, rule: n.weakSpot.rule })
    rules.add(S.arcs)
  }
  if (targetUnit.every((v) => hasRule(v.rules, 'shields')) && ctx.fullHitPoints !== false) {
    ctr.reroll = true
    ctr.rerollSource = 'Shields (full Hit Points)'
  }
  // A game's weapon rule that switches Shields off (the views above were built without them).
  if (ah.shieldsOff && table.unitOf(targetModel).every((m) => (Array.isArray(m.stats.specialRules) && (m.stats.specialRules as unknown[]).some((r) => typeof r === 'string' && SHIELDS.test(r.trim()))) || m.keywords.some((k) => SHIELDS.test(k.trim())))) note('shields', ah.shieldsOff)

  for (const a of core.hooks.chainAdjustments(situation)) {
    applyAdjustment(a.stage === 'attack' ? atk : a.stage === 'defence' ? def : ctr, a)
    rules.add(a.rule)
  }

  const destructive = findRule(wr, 'destructive')?.value ?? 1
  const rending = findRule(wr, 'rending')
  const rendingExtra = rending ? (rending.value ?? Number(table.options.bareRending ?? 1)) : 0
  const rapid = findRule(wr, 'rapid-fire')?.value ?? 0
  const useRapid = rapid > 0 && ctx.rapidFire !== false
  const modelsFiring = typeof ctx.models === 'number' ? ctx.models : 1
  const attacksPerModel = useRapid ? (table.options.rapidFire === 'extra-dice' ? attacks + rapid : attacks * (1 + rapid)) : attacks
  const rolls = attacksPerModel * modelsFiring

  const allowed = reasons.length === 0
  const chain: AttackChainSpec = {
    rolls,
    attack: toCheck(n, atk),
    rendingExtra,
    volley: hasRule(wr, 'volley'),
    topFace: n.topFace.value,
    defence: toCheck(n, def),
    damagePerFailedDefence: destructive,
    counter: toCheck(n, ctr),
  }
  const result = core.hooks.evaluateChain(table, chain, ctx)
  const extras = core.hooks.attackExtras(situation, allowed ? result : null)

  const heavy = hasRule(wr, 'heavy') && !hasRule(attacker.rules, 'steady') && !attacker.isVehicle
  const blastX = findRule(wr, 'blast')?.value ?? null
  const blast = blastX !== null ? blastVictims(core, table, targetModel, attackerModel) : null

  const needText = (st: Stage, check: RollCheck, what: string): string => {
    if (check.onlyFaces) return `${what}: only a natural ${check.onlyFaces.join('/')} (Close Range Penalty)`
    const nd = check.need
    if (nd > n.faces && check.alwaysSucceed.length === 0) return `${what}: impossible (needs ${nd}+)`
    return `${what}: ${Math.max(nd, 2)}+${st.reroll ? ` (re-roll failures: ${st.rerollSource})` : ''}${check.alwaysSucceed.length ? ` (always on ${check.alwaysSucceed.join('/')})` : ''}`
  }
  const fmt = chanceE
  const pHit = allowed ? result.pHit : { n: 0n, d: 1n }
  const pEffect = allowed ? result.pAnyHpLost : { n: 0n, d: 1n }
  const modifiers: Modifier[] = [
    ...atk.modifiers.map((m) => ({ ...m, source: `attack: ${m.source}` })),
    ...def.modifiers.map((m) => ({ ...m, source: `defence: ${m.source}` })),
    ...ctr.modifiers.map((m) => ({ ...m, source: `counter: ${m.source}` })),
  ]
  for (const m of modifiers) rules.add(m.rule)
  const seenModels = sight.models.map((m) => ({ ...m, fraction: roundTo(m.fraction, 4) }))
  return {
    allowed,
    reasons,
    weapon: weapon.id,
    profile: { rangeInches, attacks, damage: dmg, piercing: weaponNumber(weapon, 'piercing'), specialRules: wr.map((r) => r.printed) },
    weaponAdjustments: weaponNotes.map((m) => book.cite(m)),
    rolls,
    distance: distanceFigure(table, nearest.measurement, rangeInches),
    nearestTargetModel: nearest.to.id,
    inRange,
    closeRange,
    los: {
      class: losClass,
      sightClass: sight.sightClass,
      viewer: viewer.id,
      fullyVisible: sight.fullyVisible,
      visible: sight.visible,
      models: seenModels,
      reasons: losNotes,
      ...book.cite({ rule: S.step1 }),
      sight: unitSightBlock(table, losClass, seenModels, losNotes),
    },
    cover: book.cite(coverApplies ? { level: 'cover', by: coverFrom, rule: S.cover } : { level: 'none', by: [], rule: S.cover, ...(coverNote ? { denied: coverNote } : {}) }),
    heightAdvantage: height,
    ...(arcInfo ? { arc: arcInfo } : {}),
    ...(weakArc ? { weakSpotArc: weakArc } : {}),
    modifiers: settleModifiers(modifiers.map((m) => book.cite(m)), allowed),
    need: {
      attack: needText(atk, chain.attack, `attack (Skill ${inaccurate ? `${n.inaccurateSkill.value}+ (Inaccurate)` : `${attacker.skill}+`})`),
      defence: needText(def, chain.defence, `defence (Def ${def.need}+)`),
      counter: needText(ctr, chain.counter, `counter (Dmg ${dmg} vs Tgh ${tgh}: ${row.row} → ${row.need}+)`),
    },
    platform: book.cite({ weapons: platformWeapons(table, attacker), rule: S.unitRules }),
    commandPoints: { attack: 1 + (heavy ? 1 : 0), ...(hasRule(wr, 'heavy') ? { heavy: heavy ? 'Heavy: +1 Command Point' : 'Heavy ignored (Steady or Vehicle)' } : {}) },
    probability: {
      hit: toNumberE(pHit),
      effect: toNumberE(pEffect),
      exact: { hit: formatE(pHit), effect: formatE(pEffect) },
      scope: { hit: { of: 'one-roll', rolls: 1 }, effect: { of: 'action', rolls } },
      notes: [
        'hit: one attack roll hits (after re-rolls); effect: the attack takes at least 1 Hit Point from the target unit',
        `chain: ${rolls} attack roll(s) → hits${rendingExtra ? ` (Rending ${rendingExtra})` : ''}${chain.volley ? ' (Volley)' : ''} → defence → ${destructive} damage per failed defence → counter per damage`,
        ...(n.faces === 13 ? ['card draws read as values 1-13 (Ace 1, J 11, Q 12, K 13)'] : []),
      ],
      stages: { attack: fmt(result.pHit), defenceFails: fmt(result.pDefenceFails), counterFails: fmt(result.pCounterFails) },
      anyHit: fmt(allowed ? result.pAnyHit : { n: 0n, d: 1n }),
      expectedHits: fmt(allowed ? result.expectedHits : { n: 0n, d: 1n }),
      expectedHpLost: fmt(allowed ? result.expectedHpLost : { n: 0n, d: 1n }),
      ...(onesHitSelf ? { selfHit: { ...fmt(allowed ? result.pAnyNaturalOne : { n: 0n, d: 1n }), note: 'at least one natural 1: it hits the attacking model (Volatile / Overcharge)' } } : {}),
    },
    ...(blast ? { blast: { x: blastX, trigger: fmt(allowed ? result.pAnyHit : { n: 0n, d: 1n }), ...blast } } : {}),
    ...extras,
    ...(gameHooks.length ? { gameHooks: gameHooks.map((h) => book.cite(h)) } : {}),
    ...book.sources(rules),
  }
}
