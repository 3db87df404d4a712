// createCadenceSystem: a CadenceSpec (the core's own, or a game's) → an engine RuleSystem whose
// handlers are the core's, with the game's numbers, hooks, auras and extra handlers folded in.
import { LOS_CLASSES, citationTitle } from './losClasses.ts'
import { chanceE } from './probability/exactFraction.ts'
import { book } from './book.ts'
import { z } from 'zod'
import {
  SceneError, type OptionDecl, type QueryOf, type ResultBody, type RuleSystem, type Table, type TableModel, type TerrainTypeDecl,
  inches, isWithin, losFigure, roundTo,
  classifyArc, withSight, type LosResult, type AreaResult, areaFigure, areaMember, type EngagementResult, type ArcResult } from '../../engine/index.ts'
import type { CadenceCore, CadenceHooks, CadenceSpec, ChainNumbers } from './spec.ts'
import { coreOptions } from './options.ts'
import { CORE } from './constants.ts'
import { toEngineCatalogue } from './catalogueAdapter.ts'
import { buildModelView, weaponNumber, weaponRules } from './modelView.ts'
import { MEASURE_RULE, distanceFigure, measureGap, measureUnitGap, withinReading } from './measure.ts'
import { LOS_RULE, cadenceLosRule, judgeUnitSight, sightOfModel, unitSightBlock } from './lineOfSight.ts'
import { ARC_PRIORITY, ARC_RULE, CADENCE_ARCS, classifyCadenceArc } from './arcs.ts'
import { coreContextShape, counterTarget, resolveAttack, ATTACK_SECTIONS } from './attack.ts'
import { BLAST_RULE, blastVictimsAt } from './blast.ts'
import { objectiveContextShape, resolveObjective } from './objective.ts'
import { resolveAura } from './aura.ts'
import { moveContextShape, resolveMove } from './move.ts'
import { cadenceExposure, cadenceReach, cadenceThreat, moveModes as coreMoveModes } from './planning.ts'
import { FORMATION_RULE, measureFormation } from './formation.ts'
import { embarkQuerySchema, resolveEmbark } from './transport.ts'
import { evaluateAttackChain } from './probability/attackChain.ts'
import { E0, E1, complementE, formatE, mulE, powE, subE, toNumberE } from './probability/exactFraction.ts'
import { successProbability } from './probability/rollCheck.ts'
import { findRule } from './specialRules.ts'
import { cadenceGame } from './gameState.ts'

const cite = (c: { value: number; section: string }) => ({ value: c.value, rule: c.section })

/** The core's chain numbers (d6). */
export const CORE_NUMBERS: ChainNumbers = {
  faces: 6,
  topFace: { value: 6, rule: CORE.rendingTriggerRoll.section },
  alwaysFail: cite(CORE.naturalFailRoll),
  closeRangeHitOn: cite(CORE.closeRangeHitOn),
  rushPenalty: cite(CORE.rushPenalty),
  heightAdvantage: cite(CORE.heightAdvantage),
  obscuredPenalty: cite(CORE.obscuredPenalty),
  accurate: cite(CORE.accurateModifier),
  inaccurateSkill: cite(CORE.inaccurateSkill),
  stealthPenalty: cite(CORE.stealthPenalty),
  coverBonus: cite(CORE.coverDefenceBonus),
  coverCap: cite(CORE.coverDefenceCap),
  shred: cite(CORE.shredModifier),
  weakSpot: cite(CORE.weakSpotModifier),
  piercingScale: { value: 1, rule: ATTACK_SECTIONS.step3 },
  counterTable: [cite(CORE.counterHalfOrLower), cite(CORE.counterLower), cite(CORE.counterEqual), cite(CORE.counterHigher), cite(CORE.counterDoubleOrHigher)],
  secureTarget: cite(CORE.secureRollTarget),
}

/** The core's decisions; a game's hooks replace them one by one (and may call these). */
export const coreHooks: CadenceHooks = {
  heightLevel: (_t, _m, base) => ({ level: base }),
  movementInches: (_t, v) => ({ inches: v.movementInches, rules: [] }),
  benefitsFromCover: (_t, v) => (v.isVehicle ? { yes: false, rule: 'core-rules/advanced-rules.html#vehicles-and-terrain' } : { yes: true }),
  climbableIsImpassable: (_t, v) => (v.isVehicle ? { yes: true, rule: 'core-rules/advanced-rules.html#vehicles-and-terrain' } : { yes: false }),
  chainAdjustments: () => [],
  losAdjustments: () => [],
  weaponAdjustments: () => [],
  attackRestrictions: () => [],
  evaluateChain: (_t, chain) => evaluateAttackChain(chain),
  attackExtras: () => ({}),
  isEnemy: (a, b) => a.side !== b.side,
}

export const CORE_TERRAIN_TYPES: readonly TerrainTypeDecl[] = [
  { id: 'building', description: 'A building or large solid piece (usually Impassable; Clear on walkable tops).', section: 'core-rules/advanced-rules.html#terrain' },
  { id: 'wall', description: 'A wall or barricade (often Cover and Climbable).', section: 'core-rules/advanced-rules.html#terrain' },
  { id: 'hill', description: 'A hill or raised area (Clear top at a higher height level).', section: 'core-rules/advanced-rules.html#height-levels' },
  { id: 'platform', description: 'A walkway or platform at a height level (Clear top, Climbable sides).', section: 'core-rules/advanced-rules.html#height-levels' },
  { id: 'woods', description: 'Trees or undergrowth (typically Rough and Cover).', section: 'core-rules/advanced-rules.html#keyword-rough' },
  { id: 'ruins', description: 'Ruins or rubble (typically Rough and Cover).', section: 'core-rules/advanced-rules.html#keyword-cover' },
  { id: 'scatter', description: 'Crates, barrels, rocks and other scatter (keywords as agreed).', section: 'core-rules/playing-a-game.html#set-up-terrain' },
]
export const CORE_TERRAIN_KEYWORDS = ['clear', 'climbable', 'impassable', 'rough', 'cover'] as const

export const formationQuerySchema = z.strictObject({ id: z.string().min(1), type: z.literal('formation'), unit: z.string().optional(), model: z.string().optional() })

export function mergeOptions(base: readonly OptionDecl[], extra: readonly OptionDecl[]): OptionDecl[] {
  const out = base.map((o) => extra.find((e) => e.name === o.name) ?? o)
  for (const e of extra) if (!base.some((o) => o.name === e.name)) out.push(e)
  return out
}

export function resolveCore(spec: CadenceSpec): CadenceCore {
  const numbers: ChainNumbers = { ...CORE_NUMBERS, ...(spec.numbers ?? {}) }
  const hooks: CadenceHooks = { ...coreHooks, ...(spec.hooks ?? {}) }
  const views = new WeakMap<Table, Map<string, ReturnType<typeof buildModelView>>>()
  const core: CadenceCore = {
    spec,
    numbers,
    numbersAt: (t) => (spec.numbersFor ? { ...numbers, ...spec.numbersFor(t) } : numbers),
    hooks,
    options: (t) => t.options,
    view: (t, m) => {
      let cache = views.get(t)
      if (!cache) views.set(t, (cache = new Map()))
      let v = cache.get(m.id)
      if (!v) cache.set(m.id, (v = buildModelView(spec, hooks, t, m)))
      return v
    },
    isEnemy: (a, b) => hooks.isEnemy(a, b),
  }
  return core
}

export function createCadenceSystem(spec: CadenceSpec): RuleSystem {
  const core = resolveCore(spec)
  const options = mergeOptions(coreOptions as unknown as OptionDecl[], spec.options)
  const contextSchema = z.strictObject({ ...coreContextShape, ...moveContextShape, ...objectiveContextShape, ...(spec.contextShape ?? {}) })
  const handlers = {
    los: (table: Table, q: QueryOf<'los'>): LosResult => {
      const a = table.model(q.from)
      const b = table.model(q.to)
      const fig = losFigure(table, a, b, sightOfModel(table, a, b, q.rays ?? false))
      const unit = judgeUnitSight(table, a, b, core.isEnemy)
      const unitModels = unit.models.map((m) => ({ ...m, fraction: roundTo(m.fraction, 4) }))
      return {
        ...withSight(table.system, { ...fig, class: unit.class }, unit.reasons),
        unit: { targetUnit: unit.targetUnit, sightClass: unit.sightClass, fullyVisible: unit.fullyVisible, visible: unit.visible, models: unitModels, reasons: unit.reasons, coverTerrain: unit.coverTerrain, sight: unitSightBlock(table, unit.sightClass, unitModels, unit.reasons) },
        ...book.sources([LOS_RULE]),
      }
    },
    arc: (table: Table, q: QueryOf<'arc'>): ArcResult => {
      const of = table.model(q.of)
      const from = table.model(q.from)
      const c = classifyCadenceArc(of, from)
      // The uniform arc fields: the test ("partially in more than one arc": any part), each arc's share of
      // the other base and the arc edges to draw (the call itself stays Cadence's exact angular extent).
      const g = classifyArc(of.placed, from.placed, CADENCE_ARCS, 'partly', ARC_PRIORITY)
      return {
        arc: c.arc, reaches: c.reaches, priority: ARC_PRIORITY, bearingDeg: roundTo(c.centreDeg, 3), halfWidthDeg: roundTo(c.halfWidthDeg, 3), facingRules: table.options.facingRules,
        test: 'partly',
        membership: g.membership.map((m) => ({ ...m, fraction: roundTo(m.fraction, 4) })),
        lines: g.lines.map((l) => ({ ...l, origin: [roundTo(l.origin[0], 2), roundTo(l.origin[1], 2)], direction: [roundTo(l.direction[0], 6), roundTo(l.direction[1], 6)] })),
        ...book.sources([ARC_RULE]),
      }
    },
    engagement: (table: Table, q: QueryOf<'engagement'>): EngagementResult => {
      const m = table.model(q.model)
      const unit = table.unitOf(m)
      const close = [...table.units.entries()]
        .filter(([, ms]) => ms.some((o) => core.isEnemy(m, o)))
        .map(([id, ms]) => ({ id, g: measureUnitGap(table, unit, ms) }))
        .filter(({ g }) => isWithin(g.measurement.rawMm, inches(3), withinReading(table)))
      return {
        engaged: close.length > 0,
        with: close.map((c) => c.id),
        distances: close.map(({ id, g }) => ({ unit: id, from: g.from.id, to: g.to.id, ...distanceFigure(table, g.measurement, 3) })),
        meaning: 'enemy units within 3" of this unit: they must be chosen as targets, non-Assault attacks against them hit only on a natural 6, and obscured sight to them counts as clear',
        ...book.sources([ATTACK_SECTIONS.attack, ATTACK_SECTIONS.step1, ATTACK_SECTIONS.step2]),
      }
    },
    attack: (table: Table, q: QueryOf<'attack'>) => resolveAttack(core, table, q),
    blast: (table: Table, q: QueryOf<'blast'>): AreaResult => resolveBlast(core, table, q),
    objective: (table: Table, q: QueryOf<'objective'>) => resolveObjective(core, table, q),
    aura: (table: Table, q: QueryOf<'aura'>) => resolveAura(core, table, q),
    move: (table: Table, q: QueryOf<'move'>) => resolveMove(core, table, q),
    reach: (table: Table, q: QueryOf<'reach'>) => cadenceReach(core, table, q),
    threat: (table: Table, q: QueryOf<'threat'>) => cadenceThreat(core, table, q),
    exposure: (table: Table, q: QueryOf<'exposure'>) => cadenceExposure(core, table, q),
    formation: ((table: Table, q: z.infer<typeof formationQuerySchema>): ResultBody => {
      const unitId = q.unit ?? (q.model ? table.model(q.model).unit : undefined)
      if (!unitId) throw new SceneError([{ path: 'unit', message: 'give "unit" or "model"' }])
      const ms = table.units.get(unitId)
      if (!ms) throw new SceneError([{ path: 'unit', message: `no unit "${unitId}"` }])
      const f = measureFormation(table, unitId, ms)
      return { ...book.cite(f), ...book.sources([FORMATION_RULE]) }
    }) as (table: Table, q: never) => ResultBody,
    embark: ((table: Table, q: z.infer<typeof embarkQuerySchema>) => resolveEmbark(core, table, q)) as (table: Table, q: never) => ResultBody,
    ...(spec.handlers ? spec.handlers(core) : {}),
  }
  return {
    id: spec.id,
    title: spec.title,
    book: { file: '../shared/seeds/002_813aaf8215c2729d.txt', title: 'Cadence Wargame System (site search index)' },
    citation: 'page#anchor of the Cadence site, e.g. core-rules/basic-rules.html#distance-and-measuring',
    dice: spec.dice,
    options,
    terrainTypes: [...CORE_TERRAIN_TYPES, ...(spec.terrainTypes ?? [])],
    catalogue: toEngineCatalogue(spec.catalogue),
    rules: (table) => ({
      measure: { reference: 'edge', mode: table.options.distanceMode === '3d' ? '3d' : '2d', within: withinReading(table), rule: MEASURE_RULE },
      los: { ...cadenceLosRule('', ''), modelBlocks: (blocker, viewer, target) => blocker.unit !== viewer.unit && blocker.unit !== target.unit },
      engagement: { rangeMm: inches(3), within: withinReading(table), rule: ATTACK_SECTIONS.attack, reference: 'edge' },
      arcs: { arcs: CADENCE_ARCS, test: 'partly', priority: ARC_PRIORITY, rule: ARC_RULE },
    }),
    classifyLos: (table, viewer, target) => judgeUnitSight(table, viewer, target, core.isEnemy).class,
    losClasses: LOS_CLASSES,
    citationTitle,
    contextSchema,
    queryTypes: { formation: formationQuerySchema, embark: embarkQuerySchema, ...(spec.queryTypes ?? {}) },
    handlers,
    moveModes: spec.moveModes ?? coreMoveModes,
    demoScene: spec.demoScene,
    game: cadenceGame(core, spec.game),
  }
}

/** The blast query: who a Blast weapon's extra hits reach, and each one's chance to lose a Hit Point. */
function resolveBlast(core: CadenceCore, table: Table, q: QueryOf<'blast'>): AreaResult {
  const attacker = table.model(q.attacker)
  const weapon = q.weapon ? attacker.weapons.find((w) => w.id === q.weapon) : attacker.weapons.find((w) => findRule(weaponRules(w), 'blast'))
  if (!weapon) throw new SceneError([{ path: 'weapon', message: `${attacker.id} has no ${q.weapon ? `weapon "${q.weapon}"` : 'Blast weapon'}` }])
  const wr = weaponRules(weapon)
  const x = findRule(wr, 'blast')?.value
  if (!x) throw new SceneError([{ path: 'weapon', message: `${weapon.id} has no Blast (X)` }])
  let target: TableModel | null = null
  let centre: readonly [number, number]
  if (q.target) {
    target = table.model(q.target)
    centre = [target.x, target.y]
  } else if (q.at) centre = q.at
  else throw new SceneError([{ path: 'target', message: 'give "target" (the original target model) or "at" [x, y]' }])
  const area = blastVictimsAt(core, table, centre, target ? [target.id] : [], attacker)
  let trigger = E1
  let triggerNote = 'assumed (no target given)'
  if (target) {
    const r = resolveAttack(core, table, { id: q.id, type: 'attack', attacker: attacker.id, target: target.id, weapon: weapon.id, ...(q.context ? { context: q.context } : {}) })
    const p = (r.probability!.anyHit as { exact: string }).exact
    const [num, den] = p.includes('/') ? p.split('/') : [p, '1']
    trigger = { n: BigInt(num!), d: BigInt(den!) }
    triggerNote = r.allowed ? 'at least one hit on the original target' : 'the attack on the original target is not allowed'
  }
  const n = core.numbersAt(table)
  const victims = area.victims.map((vct) => {
    const v = core.view(table, table.model(vct.model))
    const prc = Math.max(0, weaponNumber(weapon, 'piercing') * n.piercingScale.value - (findRule(v.rules, 'heavy-armour')?.value ?? 0))
    const pDef = successProbability({ faces: n.faces, need: v.defence + prc, alwaysFail: [n.alwaysFail.value], alwaysSucceed: [], reroll: false })
    const row = counterTarget(core, weaponNumber(weapon, 'damage'), v.toughness, table)
    const shred = findRule(wr, 'shred') ? n.shred.value : 0
    const pCtr = successProbability({ faces: n.faces, need: row.need - shred, alwaysFail: [n.alwaysFail.value], alwaysSucceed: [], reroll: false })
    const d = findRule(wr, 'destructive')?.value ?? 1
    const lossPerHit = mulE(complementE(pDef), subE(E1, powE(pCtr, d)))
    const given = subE(E1, powE(complementE(lossPerHit), x))
    const overall = mulE(trigger, given)
    return { ...vct, hits: x, defenceNeed: `${Math.max(2, v.defence + prc)}+`, counterNeed: `${Math.max(2, row.need - shred)}+`, pHpLostIfTriggered: chanceE(given), pHpLost: chanceE(overall) }
  })
  return {
    weapon: weapon.id,
    x,
    ...area,
    victims,
    trigger: { ...chanceE(trigger), note: triggerNote },
    note: 'the extra hits go through Defence and Counter rolls against each model\'s own values (no cover: the hits are not aimed)',
    ...book.sources([BLAST_RULE, ATTACK_SECTIONS.step3, ATTACK_SECTIONS.step4]),
    area: areaFigure('blast', { source: null, centre: area.centre, radiusMm: area.radiusInches * 25.4, radiusInches: area.radiusInches, inside: victims.map((v) => areaMember(v.model, v)) }),
  }
}

export { E0 }
export { measureGap }
