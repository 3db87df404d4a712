// The attack action resolved for one attacking model against a target unit (core-rules/playing-a-game.html
// #action-attack and steps 1-4), with every modifier the table geometry decides and the context the
// camera cannot see; exact probabilities from probability/attackChain.ts.
import { SceneError, type ActionStages, type AttackResult, type Modifier, type QueryOf, type StagePiece, type UniformReason, type Table, type TableModel, type Weapon, inches, isWithin, roundTo, runStages, settleModifiers, stageReasons, stageRules } from '../../engine/index.ts'
import { book } from './book.ts'
import { z } from 'zod'
import type { AttackSituation, CadenceCore, CadenceModelView, ChainAdjustment, ChainNumbers } from './spec.ts'
import { type ParsedRule, findRule, hasRule } from './specialRules.ts'
import { buildModelView, weaponNumber, weaponRules } from './modelView.ts'
import { distanceFigure, measureUnitGap, nearestOf, withinReading } from './measure.ts'
import { COVER_RULE, LOS_RULE, type LosClass, type SightHook, type UnitSight, judgeUnitSight, unitSightBlock } from './lineOfSight.ts'
import { ARC_RULE, classifyCadenceArc, isInForwardPath } from './arcs.ts'
import type { AttackChainResult, AttackChainSpec } from './probability/attackChain.ts'
import type { RollCheck } from './probability/rollCheck.ts'
import { chanceE, formatE, toNumberE } from './probability/exactFraction.ts'
import { blastVictims } from './blast.ts'

export const ATTACK_SECTIONS = {
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

type RollStage = { need: number; modifiers: Modifier[]; reroll: boolean; rerollSource?: string; cap: number | null; alwaysSucceed: number[]; onlyFaces?: number[]; needOverride?: { need: number; source: string; rule: string }; faceValue?: (face: number) => number }

function newRollStage(need: number): RollStage {
  return { need, modifiers: [], reroll: false, cap: null, alwaysSucceed: [] }
}

function applyAdjustment(st: RollStage, a: ChainAdjustment): void {
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

function finalNeed(st: RollStage): number {
  if (st.needOverride) return st.needOverride.need
  let need = st.need - st.modifiers.reduce((s, m) => s + m.value, 0)
  if (st.cap !== null) need = Math.min(need, st.cap)
  return need
}

function toCheck(n: ChainNumbers, st: RollStage): RollCheck {
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


/** What every stage of a Cadence attack reads: the query, the game's hooks, the two units as this attack sees them. */
type AttackInput = {
  readonly core: CadenceCore
  readonly table: Table
  readonly q: QueryOf<'attack'>
  readonly ah: AttackHooks
  readonly ctx: Record<string, unknown>
  readonly attackerModel: TableModel
  readonly targetModel: TableModel
  readonly weapon: Weapon
  readonly weaponRules: readonly ParsedRule[]
  readonly isEnemy: (a: TableModel, b: TableModel) => boolean
  readonly attacker: CadenceModelView
  readonly targetUnitModels: readonly TableModel[]
  readonly targetUnit: readonly CadenceModelView[]
  readonly target: CadenceModelView
  readonly attackingUnit: readonly TableModel[]
  readonly facingOn: boolean
  readonly within: 'lt' | 'le'
  /** The game rules that change this attack (AttackHooks), each cited in the result's `gameHooks`. */
  readonly hookNotes: readonly GameHookNote[]
}

type AttackPieces = {
  readonly eligibility: StagePiece
  /** The table's geometry: distances to the target unit, the weapon as used, arcs, and who sees what (step 1). */
  readonly measure: StagePiece & {
    readonly nearest: ReturnType<typeof nearestOf>
    readonly closeRange: boolean
    readonly viewer: TableModel
    readonly unitSight: UnitSight
    readonly situation: AttackSituation
    readonly rangeInches: number
    readonly attacks: number
    readonly onesHitSelf: boolean
    readonly weaponNotes: Modifier[]
    readonly inRange: boolean
    readonly arcInfo: { arc: string; reaches: string[] } | null
  }
  /** The line-of-sight class after the attack-time rules (vehicles, smoke, Indirect) and cover. */
  readonly sight: StagePiece & {
    readonly losClass: LosClass
    readonly losNotes: UniformReason[]
    readonly situation: AttackSituation
    readonly coverFrom: readonly string[]
    readonly coverApplies: boolean
    readonly coverNote: { by: readonly string[]; denied: string } | null
  }
  /** Steps 2-4: each roll's target, modifiers and re-rolls, the game's chain adjustments. */
  readonly modifiers: StagePiece & {
    readonly atk: RollStage
    readonly def: RollStage
    readonly ctr: RollStage
    readonly height: ReturnType<typeof heightAdvantage>
    readonly weakArc: string | null
    readonly row: ReturnType<typeof counterTarget>
    readonly damage: number
    readonly toughness: number
    readonly inaccurate: boolean
    readonly shieldsHook: GameHookNote | null
  }
  /** The attack chain evaluated exactly, and what a game adds from it. */
  readonly odds: StagePiece & {
    readonly chain: AttackChainSpec
    readonly result: AttackChainResult
    readonly extras: Record<string, unknown>
    readonly rolls: number
    readonly rendingExtra: number
    readonly destructive: number
  }
}

function attackInput(core: CadenceCore, table: Table, q: QueryOf<'attack'>, ah: AttackHooks): AttackInput {
  const attackerModel = table.model(q.attacker)
  const targetModel = table.model(q.target)
  const weapon = ah.weapon ? ah.weapon.of(attackerModel) : pickWeapon(attackerModel, q.weapon)
  // With keyword, Shields or attribute hooks, the views are built for this attack only (not the core's cached ones).
  const shieldsOffUnit = ah.shieldsOff ? targetModel.unit : null
  const viewOf = ah.keywords || ah.stats || ah.shieldsOff ? (m: TableModel) => buildModelView(core.spec, core.hooks, table, hookedModel(m, ah, shieldsOffUnit)) : (m: TableModel) => core.view(table, m)
  const targetUnitModels = table.unitOf(targetModel)
  const targetUnit = targetUnitModels.map(viewOf)
  const hookNotes: GameHookNote[] = []
  for (const [hook, h] of [['sight', ah.sight], ['keywords', ah.keywords], ['stats', ah.stats], ['weapon', ah.weapon], ['targets', ah.isEnemy]] as const) {
    if (h) hookNotes.push({ hook, source: h.source, rule: h.rule })
  }
  return {
    core, table, q, ah, ctx: (q.context ?? {}) as Record<string, unknown>, attackerModel, targetModel, weapon, weaponRules: weaponRules(weapon),
    isEnemy: ah.isEnemy ? ah.isEnemy.test : core.isEnemy,
    attacker: viewOf(attackerModel),
    targetUnitModels, targetUnit, target: targetUnit.find((v) => v.model.id === targetModel.id)!,
    attackingUnit: table.unitOf(attackerModel),
    facingOn: table.options.facingRules !== 'off',
    within: withinReading(table),
    hookNotes,
  }
}

/** core-rules/playing-a-game.html#action-attack: an enemy, and one of the units within 3" first when there are any. */
function attackEligibility(i: AttackInput): AttackPieces['eligibility'] {
  const { table, attackerModel, targetModel, isEnemy } = i
  const reasons: UniformReason[] = []
  if (!isEnemy(attackerModel, targetModel)) reasons.push(book.reason({ code: 'not-an-enemy', message: `${targetModel.id} is not an enemy of ${attackerModel.id}`, rule: ATTACK_SECTIONS.attack }))
  // Forced target: "if there are any enemy units within 3 inches of your unit you must choose a target from one of those units."
  const closeUnits = [...table.units.entries()]
    .filter(([, ms]) => ms.some((m) => isEnemy(attackerModel, m)))
    .filter(([, ms]) => isWithin(measureUnitGap(table, i.attackingUnit, ms).measurement.rawMm, inches(3), i.within))
    .map(([id]) => id)
  if (closeUnits.length > 0 && !closeUnits.includes(targetModel.unit)) {
    reasons.push(book.reason({ code: 'must-target-close-unit', message: `enemy unit(s) ${closeUnits.join(', ')} within 3" of the attacking unit must be targeted first`, rule: ATTACK_SECTIONS.attack }))
  }
  return { reasons, rules: [ATTACK_SECTIONS.attack, ATTACK_SECTIONS.step1, ATTACK_SECTIONS.step2, ATTACK_SECTIONS.step3, ATTACK_SECTIONS.step4, ...i.hookNotes.map((h) => h.rule)] }
}

/**
 * Step 1 on the table: the nearest target model (range is measured to it, strictly less than Rng),
 * the unit gap (Close Range within 3"), who of the attacking unit sees the target unit, the weapon as
 * this attack uses it (a game's adjustments), One Use and Grenade limits, and the weapon's arc.
 */
function attackMeasure(i: AttackInput): AttackPieces['measure'] {
  const { core, table, ctx, attackerModel, targetModel, weapon, weaponRules: wr, isEnemy, ah, within } = i
  const reasons: UniformReason[] = []
  const rules: string[] = []
  const nearest = nearestOf(table, attackerModel, i.targetUnitModels)
  const closeRange = isWithin(measureUnitGap(table, i.attackingUnit, i.targetUnitModels).measurement.rawMm, inches(3), within)

  // LoS from the chosen model's eyes.
  const viewerId = typeof ctx.viewer === 'string' ? ctx.viewer : attackerModel.id
  let viewer = table.model(viewerId)
  if (viewer.unit !== attackerModel.unit) throw new SceneError([{ path: 'context.viewer', message: `viewer "${viewerId}" is not in the attacking unit ${attackerModel.unit}` }])
  let unitSight = judgeUnitSight(table, viewer, targetModel, isEnemy, ah.sight)
  if (table.options.losViewer === 'best-in-unit' && typeof ctx.viewer !== 'string') {
    const rank = { clear: 2, obscured: 1, blocked: 0 } as const
    for (const m of i.attackingUnit) {
      const s = judgeUnitSight(table, m, targetModel, isEnemy, ah.sight)
      if (rank[s.class] > rank[unitSight.class]) {
        unitSight = s
        viewer = m
      }
    }
  }

  const baseRangeInches = weaponNumber(weapon, 'rangeInches')
  const rangeOk0 = isWithin(nearest.measurement.rawMm, inches(baseRangeInches), within)
  const situation: AttackSituation = { table, attacker: i.attacker, target: i.target, targetUnit: i.targetUnit, weapon, weaponRules: wr, distanceMm: nearest.measurement.rawMm, losClass: unitSight.class, context: ctx }
  let rangeInches = baseRangeInches
  let attacks = weaponNumber(weapon, 'attacks')
  let onesHitSelf = hasRule(wr, 'volatile')
  const weaponNotes: Modifier[] = []
  for (const a of core.hooks.weaponAdjustments(situation, rangeOk0)) {
    if (a.rangeInches !== undefined) {
      weaponNotes.push({ source: `${a.source}: range ${rangeInches}" → ${a.rangeInches}"`, value: a.rangeInches - rangeInches, rule: a.rule })
      rangeInches = a.rangeInches
    }
    if (a.attacks !== undefined) {
      weaponNotes.push({ source: `${a.source}: attacks ${attacks} → ${a.attacks}`, value: a.attacks - attacks, rule: a.rule })
      attacks = a.attacks
    }
    if (a.onesHitSelf) onesHitSelf = true
    rules.push(a.rule)
  }
  const inRange = isWithin(nearest.measurement.rawMm, inches(rangeInches), within)
  if (!inRange) reasons.push(book.reason({ code: 'out-of-range', message: `nearest model of unit ${targetModel.unit} (${nearest.to.id}) is ${nearest.measurement.inches}" away; ${weapon.name} needs less than ${rangeInches}"`, rule: ATTACK_SECTIONS.step1,
    template: `nearest model of unit ${targetModel.unit} (${nearest.to.id}) is {distance} away; ${weapon.name} needs less than {range}`,
    values: { distance: { value: nearest.measurement.mm, unit: 'mm' }, range: { value: rangeInches, unit: 'in' } } }))

  // Grenade: "This weapon may not target a model closer than 3 inches." Only one per unit per action.
  if (hasRule(wr, 'grenade')) {
    rules.push(ATTACK_SECTIONS.weaponRules)
    if (isWithin(nearest.measurement.rawMm, inches(3), within)) reasons.push(book.reason({ code: 'grenade-too-close', message: `${nearest.to.id} is ${nearest.measurement.inches}" away: a Grenade may not target a model closer than 3"`, rule: ATTACK_SECTIONS.weaponRules }))
    if (ctx.grenadeUsed === true) reasons.push(book.reason({ code: 'grenade-already-used', message: 'only 1 model in a unit may use a Grenade per Attack action', rule: ATTACK_SECTIONS.weaponRules }))
  }
  if (hasRule(wr, 'one-use') && ctx.used === true) reasons.push(book.reason({ code: 'one-use-spent', message: `${weapon.name} is One Use and has been used`, rule: ATTACK_SECTIONS.weaponRules }))

  // Arcs (optional facing rules).
  let arcInfo: { arc: string; reaches: string[] } | null = null
  const arcRule = findRule(wr, 'arc')
  if (i.facingOn && arcRule) {
    const c = classifyCadenceArc(attackerModel, targetModel)
    arcInfo = { arc: c.arc, reaches: c.reaches }
    rules.push(ATTACK_SECTIONS.arcs)
    const named = (arcRule.param ?? '').toLowerCase()
    const ok = named === 'side' ? c.arc === 'left' || c.arc === 'right' : c.arc === named
    if (!ok) reasons.push(book.reason({ code: 'outside-weapon-arc', message: `${targetModel.id} is in ${attackerModel.id}'s ${c.arc} arc; ${weapon.name} has Arc (${arcRule.param})`, rule: ATTACK_SECTIONS.weaponRules }))
  }
  if (i.facingOn && hasRule(wr, 'fixed')) {
    rules.push(ATTACK_SECTIONS.arcs)
    const corridor = table.options.fixedCorridor === 'centre-line' ? 'centre-line' : 'base-width'
    if (!isInForwardPath(attackerModel, targetModel, corridor)) reasons.push(book.reason({ code: 'not-in-forward-path', message: `${targetModel.id} is not directly in the path of ${attackerModel.id}'s forward facing (${corridor} corridor)`, rule: ATTACK_SECTIONS.weaponRules }))
  }
  return { reasons, rules, nearest, closeRange, viewer, unitSight, situation, rangeInches, attacks, onesHitSelf, weaponNotes, inRange, arcInfo }
}

/**
 * The class after the attack-time rules: vehicles (obscured counts as clear), a game's "counts as
 * obscured" (smoke), Indirect, a game's "counts as clear"; a game's restrictions; cover when obscured
 * through Cover terrain (vehicles, and Devil's Bluff riders, never benefit).
 */
function attackSight(i: AttackInput, done: Pick<AttackPieces, 'measure'>): AttackPieces['sight'] {
  const { core, table, attackerModel, targetModel, weaponRules: wr, isEnemy, ah } = i
  const { unitSight, viewer, closeRange } = done.measure
  const reasons: UniformReason[] = []
  const rules: string[] = []
  let losClass: LosClass = unitSight.class
  const losNotes: UniformReason[] = [...unitSight.reasons]
  if (losClass === 'obscured' && i.targetUnit.every((v) => v.isVehicle)) {
    losClass = 'clear'
    losNotes.push(book.reason({ code: 'vehicle-obscured-counts-clear', message: 'attacking a vehicle: an obscured line of sight counts as clear', rule: ATTACK_SECTIONS.vehicles }))
    rules.push(ATTACK_SECTIONS.vehicles)
  }
  const applyLos = (to: 'clear' | 'obscured'): void => {
    for (const adj of core.hooks.losAdjustments({ ...done.measure.situation, losClass }).filter((a) => a.to === to)) {
      if (losClass === adj.from) {
        losClass = adj.to
        losNotes.push(book.reason({ code: 'los-adjusted', message: `${adj.source}: ${adj.from} counts as ${adj.to}`, rule: adj.rule }))
        rules.push(adj.rule)
      }
    }
  }
  applyLos('obscured')
  if (losClass === 'obscured' && hasRule(wr, 'indirect')) {
    losClass = 'clear'
    losNotes.push(book.reason({ code: 'indirect', message: 'Indirect: an obscured line of sight counts as clear', rule: ATTACK_SECTIONS.weaponRules }))
  }
  applyLos('clear')
  if (losClass === 'blocked') reasons.push(book.reason({ code: 'no-line-of-sight', message: `line of sight from ${viewer.id} to unit ${targetModel.unit} is blocked`, rule: ATTACK_SECTIONS.step1 }))

  const situation: AttackSituation = { ...done.measure.situation, losClass }
  if (table.options.attackersWithoutLos === 'must-see' && viewer.id !== attackerModel.id && judgeUnitSight(table, attackerModel, targetModel, isEnemy, ah.sight).class === 'blocked') {
    reasons.push(book.reason({ code: 'attacker-cannot-see', message: `${attackerModel.id} itself cannot see unit ${targetModel.unit} (option attackersWithoutLos = must-see)`, rule: ATTACK_SECTIONS.step1 }))
  }
  for (const r of core.hooks.attackRestrictions(situation)) reasons.push(book.reason(r))

  let coverFrom = losClass === 'obscured' || (table.options.closeRangeCover === 'cover-still-applies' && unitSight.sightClass === 'obscured' && closeRange) ? unitSight.coverTerrain : []
  if (table.options.coverMixed === 'majority') {
    // Cover only when most of the partly covered target models are covered by Cover terrain.
    const partly = unitSight.models.filter((m) => !m.fullyVisible && m.visible)
    if (partly.filter((m) => m.coverTerrain.length > 0).length * 2 <= partly.length) coverFrom = []
  }
  const benefit = core.hooks.benefitsFromCover(table, i.target)
  return {
    reasons, rules, losClass, losNotes, situation, coverFrom,
    coverApplies: coverFrom.length > 0 && benefit.yes,
    coverNote: coverFrom.length > 0 && !benefit.yes ? { by: coverFrom, denied: benefit.rule ?? ATTACK_SECTIONS.vehicleTerrain } : null,
  }
}

/** Steps 2-4: attack rolls (Close Range, Rush, Height, Obscured, Accurate, Stealth, Skilled), defence rolls (Piercing, Cover, Resilient), counter rolls (the Toughness table, Shred, Weak Spot, Shields), then the game's adjustments. */
function attackModifiers(i: AttackInput, done: Pick<AttackPieces, 'measure' | 'sight'>): AttackPieces['modifiers'] {
  const { core, table, ctx, attackerModel, targetModel, weapon, weaponRules: wr, attacker, targetUnit, target, ah } = i
  const { nearest, closeRange } = done.measure
  const { losClass, coverApplies, coverFrom } = done.sight
  const rules: string[] = []
  const n = core.numbersAt(table)
  const inaccurate = hasRule(wr, 'inaccurate')
  const atk = newRollStage(inaccurate ? n.inaccurateSkill.value : attacker.skill)
  const assault = hasRule(wr, 'assault')
  const torrent = hasRule(wr, 'torrent')
  const closePenalty = closeRange && !assault && !(torrent && table.options.torrentAtCloseRange !== 'close-range-wins')
  if (closePenalty) {
    rules.push(ATTACK_SECTIONS.step2)
    if (table.options.closeRangeSix === 'modified-6') atk.need = n.closeRangeHitOn.value
    else atk.onlyFaces = [n.closeRangeHitOn.value]
  }
  if (torrent && !atk.onlyFaces) atk.needOverride = { need: 2, source: 'Torrent: hits on any roll that is not a 1', rule: ATTACK_SECTIONS.weaponRules }
  const actions = typeof ctx.actions === 'number' ? ctx.actions : 2
  const rushes = table.options.rushActions === 'exactly-3' ? actions === 3 : actions >= 3
  if (rushes && !assault) atk.modifiers.push({ source: `Rush Penalty (${actions} actions)`, value: n.rushPenalty.value, rule: n.rushPenalty.rule })
  const height = heightAdvantage(table, attacker, targetUnit, nearest.to, ctx)
  if (height.yes) atk.modifiers.push({ source: `Height Advantage (level ${height.attackerLevel} vs ${height.targetLevels.join('/')})`, value: n.heightAdvantage.value, rule: n.heightAdvantage.rule })
  if (losClass === 'obscured') atk.modifiers.push({ source: 'Obscured Penalty', value: n.obscuredPenalty.value, rule: n.obscuredPenalty.rule })
  if (hasRule(wr, 'accurate')) atk.modifiers.push({ source: 'Accurate', value: n.accurate.value, rule: n.accurate.rule })
  const stealthModels = table.options.stealthTest === 'nearest-target-model' ? [targetUnit.find((v) => v.model.id === nearest.to.id)!] : targetUnit
  const stealthInches = stealthModels.every((v) => hasRule(v.rules, 'stealth')) ? Math.min(...stealthModels.map((v) => findRule(v.rules, 'stealth')!.value ?? 0)) : null
  if (stealthInches !== null && !isWithin(nearest.measurement.rawMm, inches(stealthInches), 'le')) {
    if (hasRule(wr, 'indirect') && table.options.indirectVsStealth !== 'no-interaction') rules.push(ATTACK_SECTIONS.weaponRules)
    else atk.modifiers.push({ source: `Stealth (${stealthInches}): attacker more than ${stealthInches}" away`, value: n.stealthPenalty.value, rule: n.stealthPenalty.rule })
  }
  if (hasRule(attacker.rules, 'skilled')) {
    atk.reroll = true
    atk.rerollSource = 'Skilled'
  }

  const worst = table.options.lowestDefence === 'worst-save'
  const def = newRollStage(lowest(targetUnit, 'defence', worst))
  const piercing = weaponNumber(weapon, 'piercing') * n.piercingScale.value
  const heavyArmour = Math.min(...targetUnit.map((v) => findRule(v.rules, 'heavy-armour')?.value ?? 0))
  const effectivePiercing = Math.max(0, piercing - heavyArmour)
  if (effectivePiercing > 0) def.modifiers.push({ source: `Piercing ${piercing}${heavyArmour ? ` − Heavy Armour (${heavyArmour})` : ''}`, value: -effectivePiercing, rule: heavyArmour ? ATTACK_SECTIONS.unitRules : ATTACK_SECTIONS.step3 })
  if (coverApplies) {
    def.modifiers.push({ source: `Cover (${coverFrom.join(', ')})`, value: n.coverBonus.value, rule: n.coverBonus.rule })
    def.cap = n.coverCap.value
  }
  if (targetUnit.every((v) => hasRule(v.rules, 'resilient'))) {
    def.reroll = true
    def.rerollSource = 'Resilient'
  }

  const damage = weaponNumber(weapon, 'damage')
  const toughness = lowest(targetUnit, 'toughness', false)
  const row = counterTarget(core, damage, toughness, table)
  const ctr = newRollStage(row.need)
  if (hasRule(wr, 'shred')) ctr.modifiers.push({ source: 'Shred', value: n.shred.value, rule: n.shred.rule })
  const weak = findRule(target.rules, 'weak-spot')
  let weakArc: string | null = null
  if (i.facingOn && weak) {
    const c = classifyCadenceArc(targetModel, attackerModel)
    weakArc = c.arc
    const named = (weak.param ?? '').toLowerCase()
    if (named === c.arc || (named === 'side' && (c.arc === 'left' || c.arc === 'right'))) ctr.modifiers.push({ source: `Weak Spot (${weak.param}): attack from the ${c.arc} arc`, value: n.weakSpot.value, rule: n.weakSpot.rule })
    rules.push(ATTACK_SECTIONS.arcs)
  }
  if (targetUnit.every((v) => hasRule(v.rules, 'shields')) && ctx.fullHitPoints !== false) {
    ctr.reroll = true
    ctr.rerollSource = 'Shields (full Hit Points)'
  }
  // A game's weapon rule that switches Shields off (the views above were built without them).
  let shieldsHook: GameHookNote | null = null
  if (ah.shieldsOff && table.unitOf(targetModel).every((m) => (Array.isArray(m.stats.specialRules) && (m.stats.specialRules as unknown[]).some((r) => typeof r === 'string' && SHIELDS.test(r.trim()))) || m.keywords.some((k) => SHIELDS.test(k.trim())))) {
    shieldsHook = { hook: 'shields', source: ah.shieldsOff.source, rule: ah.shieldsOff.rule }
    rules.push(ah.shieldsOff.rule)
  }
  for (const a of core.hooks.chainAdjustments(done.sight.situation)) {
    applyAdjustment(a.stage === 'attack' ? atk : a.stage === 'defence' ? def : ctr, a)
    rules.push(a.rule)
  }
  return { rules, atk, def, ctr, height, weakArc, row, damage, toughness, inaccurate, shieldsHook }
}

/** The attack chain (probability/attackChain.ts): rolls × hits → defence → damage → counter, exact; Rapid Fire, Rending, Volley, Destructive. */
function attackOdds(i: AttackInput, done: Pick<AttackPieces, 'eligibility' | 'measure' | 'sight' | 'modifiers'>): AttackPieces['odds'] {
  const { core, table, ctx, weaponRules: wr } = i
  const n = core.numbersAt(table)
  const { atk, def, ctr } = done.modifiers
  const destructive = findRule(wr, 'destructive')?.value ?? 1
  const rending = findRule(wr, 'rending')
  const rendingExtra = rending ? (rending.value ?? Number(table.options.bareRending ?? 1)) : 0
  const rapid = findRule(wr, 'rapid-fire')?.value ?? 0
  const useRapid = rapid > 0 && ctx.rapidFire !== false
  const modelsFiring = typeof ctx.models === 'number' ? ctx.models : 1
  const attacks = done.measure.attacks
  const attacksPerModel = useRapid ? (table.options.rapidFire === 'extra-dice' ? attacks + rapid : attacks * (1 + rapid)) : attacks
  const rolls = attacksPerModel * modelsFiring
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
  const allowed = stageReasons({ ...done, odds: {} }).length === 0
  return { chain, result, extras: core.hooks.attackExtras(done.sight.situation, allowed ? result : null), rolls, rendingExtra, destructive }
}

function assembleAttack(i: AttackInput, done: AttackPieces): AttackResult {
  const { core, table, weapon, weaponRules: wr, attacker, attackerModel, targetModel } = i
  const n = core.numbersAt(table)
  const reasons = stageReasons(done)
  const allowed = reasons.length === 0
  const { nearest, closeRange, viewer, unitSight, rangeInches, attacks, onesHitSelf, weaponNotes, inRange, arcInfo } = done.measure
  const { losClass, losNotes, coverFrom, coverApplies, coverNote } = done.sight
  const { atk, def, ctr, height, weakArc, row, damage, toughness, inaccurate, shieldsHook } = done.modifiers
  const { chain, result, extras, rolls, rendingExtra, destructive } = done.odds
  const heavy = hasRule(wr, 'heavy') && !hasRule(attacker.rules, 'steady') && !attacker.isVehicle
  const blastInches = findRule(wr, 'blast')?.value ?? null
  const blast = blastInches !== null ? blastVictims(core, table, targetModel, attackerModel) : null
  const needText = (st: RollStage, check: RollCheck, what: string): string => {
    if (check.onlyFaces) return `${what}: only a natural ${check.onlyFaces.join('/')} (Close Range Penalty)`
    const nd = check.need
    if (nd > n.faces && check.alwaysSucceed.length === 0) return `${what}: impossible (needs ${nd}+)`
    return `${what}: ${Math.max(nd, 2)}+${st.reroll ? ` (re-roll failures: ${st.rerollSource})` : ''}${check.alwaysSucceed.length ? ` (always on ${check.alwaysSucceed.join('/')})` : ''}`
  }
  const none = { n: 0n, d: 1n }
  const pHit = allowed ? result.pHit : none
  const pEffect = allowed ? result.pAnyHpLost : none
  const modifiers: Modifier[] = [
    ...atk.modifiers.map((m) => ({ ...m, source: `attack: ${m.source}` })),
    ...def.modifiers.map((m) => ({ ...m, source: `defence: ${m.source}` })),
    ...ctr.modifiers.map((m) => ({ ...m, source: `counter: ${m.source}` })),
  ]
  const gameHooks = [...i.hookNotes, ...(shieldsHook ? [shieldsHook] : [])]
  const seenModels = unitSight.models.map((m) => ({ ...m, fraction: roundTo(m.fraction, 4) }))
  return {
    allowed,
    reasons,
    weapon: weapon.id,
    profile: { rangeInches, attacks, damage, piercing: weaponNumber(weapon, 'piercing'), specialRules: wr.map((r) => r.printed) },
    weaponAdjustments: weaponNotes.map((m) => book.cite(m)),
    rolls,
    distance: distanceFigure(table, nearest.measurement, rangeInches),
    nearestTargetModel: nearest.to.id,
    inRange,
    closeRange,
    los: {
      class: losClass,
      sightClass: unitSight.sightClass,
      viewer: viewer.id,
      fullyVisible: unitSight.fullyVisible,
      visible: unitSight.visible,
      models: seenModels,
      reasons: losNotes,
      ...book.cite({ rule: ATTACK_SECTIONS.step1 }),
      sight: unitSightBlock(table, losClass, seenModels, losNotes),
    },
    cover: book.cite(coverApplies ? { level: 'cover', by: coverFrom, rule: ATTACK_SECTIONS.cover } : { level: 'none', by: [], rule: ATTACK_SECTIONS.cover, ...(coverNote ? { denied: coverNote } : {}) }),
    heightAdvantage: height,
    ...(arcInfo ? { arc: arcInfo } : {}),
    ...(weakArc ? { weakSpotArc: weakArc } : {}),
    modifiers: settleModifiers(modifiers.map((m) => book.cite(m)), allowed),
    need: {
      attack: needText(atk, chain.attack, `attack (Skill ${inaccurate ? `${n.inaccurateSkill.value}+ (Inaccurate)` : `${attacker.skill}+`})`),
      defence: needText(def, chain.defence, `defence (Def ${def.need}+)`),
      counter: needText(ctr, chain.counter, `counter (Dmg ${damage} vs Tgh ${toughness}: ${row.row} → ${row.need}+)`),
    },
    platform: book.cite({ weapons: platformWeapons(table, attacker), rule: ATTACK_SECTIONS.unitRules }),
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
      stages: { attack: chanceE(result.pHit), defenceFails: chanceE(result.pDefenceFails), counterFails: chanceE(result.pCounterFails) },
      anyHit: chanceE(allowed ? result.pAnyHit : none),
      expectedHits: chanceE(allowed ? result.expectedHits : none),
      expectedHpLost: chanceE(allowed ? result.expectedHpLost : none),
      ...(onesHitSelf ? { selfHit: { ...chanceE(allowed ? result.pAnyNaturalOne : none), note: 'at least one natural 1: it hits the attacking model (Volatile / Overcharge)' } } : {}),
    },
    ...(blast ? { blast: { x: blastInches, trigger: chanceE(allowed ? result.pAnyHit : none), ...blast } } : {}),
    ...extras,
    ...(gameHooks.length ? { gameHooks: gameHooks.map((h) => book.cite(h)) } : {}),
    ...book.sources(orderedRules(done, modifiers)),
  }
}

/** The sections in the order the attack met them: every stage's, then each modifier's. */
function orderedRules(done: AttackPieces, modifiers: readonly Modifier[]): Set<string> {
  const rules = stageRules(done)
  for (const m of modifiers) rules.add(m.rule)
  return rules
}

const ATTACK_STAGES: ActionStages<AttackInput, AttackPieces, AttackResult> = {
  eligibility: attackEligibility,
  measure: attackMeasure,
  sight: attackSight,
  modifiers: attackModifiers,
  odds: attackOdds,
  assemble: assembleAttack,
}

/**
 * The core attack (core-rules/playing-a-game.html#action-attack, steps 1-4) in named stages. A game
 * changes it through `ah` (AttackHooks: sight, keywords, Shields, attributes, the weapon, who counts as
 * an enemy) and its spec's hooks, each at its stage; `gameHooks` in the result says which acted.
 */
export function resolveAttack(core: CadenceCore, table: Table, q: QueryOf<'attack'>, ah: AttackHooks = {}): AttackResult {
  return runStages(ATTACK_STAGES, attackInput(core, table, q, ah))
}
