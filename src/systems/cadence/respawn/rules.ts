// Respawn on the Cadence core: characters, perks and equipment with table geometry
// (respawn/creating-your-team.html), special terrain and rules (respawn/module-rules.html) and the
// Season 1 Big Guns (respawn/season-1-big-guns.html).
import { z } from 'zod'
import { E0, chanceE } from '../index.ts'
import { book, unitSightBlock } from '../index.ts'
import {
  type QueryOf, type ResultBody, type UniformReason, type Table, type TableModel, type TableTerrain, type Weapon, closestPointOnPolygon, inches, isWithin, losFigure, measureBaseGap2, placeBase, roundTo, segmentInsideLengthMm, toInches, withSight, sightOf, type VisibilityPair, type LosResult, type MoveResult, type AreaResult, type VisibilityResult, type AttackResult } from '../../../engine/index.ts'
import {
  type AttackChainResult, type AttackHooks, type AttackSituation, type CadenceCore, type SightHook, pickWeapon, resolveAttack, type ChainAdjustment, type LosAdjustment, E1, addE, classifyCadenceArc, complementE, evaluateAttackChain,
  exact, formatE, hasRule, judgeUnitSight, sightOfModel, markerGap, measureGap, powE, subE, toNumberE, withinReading, findRule, heightAdvantage, CORE, counterTarget, successProbability, resolveMove, resolveObjective,
} from '../index.ts'
import { RESPAWN_RULES } from './catalogue.ts'
import { targetOnlyHook } from '../index.ts'
import { deriveTable } from '../index.ts'
import { anySightlineCrosses, measureBaseFootprintGap } from '../index.ts'
import { beamLine, findBeamVictims, gapFigure, BEAM_RULE } from './beam.ts'
import { measurePush } from './pushBack.ts'
import { CHARACTER_RULE, buildCharacter } from './characters.ts'

const TEAM = 'respawn/creating-your-team.html'
export const RESPAWN_SECTIONS = {
  module: 'respawn/module-rules.html',
  special: 'respawn/module-rules.html#special-rules',
  revive: 'respawn/module-rules.html#action-revive-1-command-point',
  barrier: 'respawn/season-1-big-guns.html#special-terrain-energy-barriers',
  smoke: `${TEAM}#equipment_1`,
  assaultPerks: `${TEAM}#perks`,
  scoutPerks: `${TEAM}#perks_1`,
  scoutEquipment: `${TEAM}#equipment_1`,
  supportEquipment: `${TEAM}#equipment_2`,
  heavyPerks: `${TEAM}#perks_3`,
  beam: BEAM_RULE,
  proximity: RESPAWN_RULES.proximityInches.section,
} as const

export const respawnContextShape = {
  /** The attacker has Marked this target (Mark Target): Shred and Rending (1) against it. */
  marked: z.boolean().optional(),
  /** Characters whose Phase Inducer is active this round. */
  phaseInducers: z.array(z.string()).optional(),
  /** Current Hit Points of the attacker / target (Last Stand at 1). */
  attackerHitPoints: z.number().int().min(0).optional(),
  targetHitPoints: z.number().int().min(0).optional(),
  /** The downed character's remaining Command Points (Revive). */
  downedCommandPoints: z.number().int().min(0).max(6).optional(),
}

const id = z.string().min(1)
const point = z.tuple([z.number(), z.number()])
const ctx = z.record(z.string(), z.unknown()).optional()
export const respawnQuerySchemas = {
  beam: z.strictObject({ id, type: z.literal('beam'), attacker: id, toward: point, context: ctx }),
  'covering-fire': z.strictObject({ id, type: z.literal('covering-fire'), model: id, context: ctx }),
  push: z.strictObject({ id, type: z.literal('push'), attacker: id, target: id, inches: z.number().positive(), towards: z.boolean().optional() }),
  revive: z.strictObject({ id, type: z.literal('revive'), model: id, downed: id, context: ctx }),
  'explosive-charge': z.strictObject({ id, type: z.literal('explosive-charge'), at: point }),
  proximity: z.strictObject({ id, type: z.literal('proximity'), at: point }),
  'launch-pad': z.strictObject({ id, type: z.literal('launch-pad'), pad: id, destination: point }),
  teleport: z.strictObject({ id, type: z.literal('teleport'), model: id, pad: id, exit: id, to: point, mode: z.enum(['move', 'advance']).optional() }),
  character: z.strictObject({ id, type: z.literal('character'), profile: z.string(), class: z.string(), loadout: z.string(), perks: z.array(z.string()), equipment: z.string() }),
}

/** The character query: a starting profile with its class choices applied (creating-your-team.html). */
export function character(q: z.infer<typeof respawnQuerySchemas.character>): ResultBody {
  const c = buildCharacter(q)
  return { valid: c.problems.length === 0, problems: c.problems, stats: c.stats, weapons: c.weapons, keywords: c.keywords, applied: c.applied, ...book.sources([CHARACTER_RULE]) }
}

const has = (v: { upgrades: readonly string[] }, perk: string) => v.upgrades.includes(perk)

export function respawnChain(s: AttackSituation): ChainAdjustment[] {
  const out: ChainAdjustment[] = []
  const d = toInches(s.distanceMm)
  // Sniper: "+1 to Attack Rolls against targets 12" or more away."
  if (has(s.attacker, 'sniper') && d >= RESPAWN_RULES.sniperMinInches.value - 1e-9) out.push({ stage: 'attack', modifier: 1, source: `Sniper (target ${roundTo(d, 3)}" away, 12" or more)`, rule: RESPAWN_SECTIONS.scoutPerks })
  // Heavy Hitter: "can re-roll failed Attack rolls against targets within 3 inches."
  if (has(s.attacker, 'heavy-hitter') && isWithin(s.distanceMm, inches(RESPAWN_RULES.heavyHitterInches.value), withinReading(s.table))) out.push({ stage: 'attack', reroll: true, source: 'Heavy Hitter (target within 3")', rule: RESPAWN_SECTIONS.assaultPerks })
  // Intimidation: "Enemy charactes within 6 inches of this character suffer -2 to their attack rolls."
  const intimidators = s.table.models.filter((m) => m.side !== s.attacker.model.side && s.table.findModel(m.id) && hasUpgrade(s, m, 'intimidation') && isWithin(measureGap(s.table, m, s.attacker.model).rawMm, inches(RESPAWN_RULES.intimidationInches.value), withinReading(s.table)))
  if (intimidators.length) out.push({ stage: 'attack', modifier: RESPAWN_RULES.intimidationInches.modifier, source: `Intimidation (${intimidators.map((m) => m.id).join(', ')} within 6")`, rule: RESPAWN_SECTIONS.heavyPerks })
  // Last Stand: "When this character has 1 hit point remaining, it gains +1 to all its Attack and Defence rolls."
  if (has(s.attacker, 'last-stand') && s.context.attackerHitPoints === 1) out.push({ stage: 'attack', modifier: 1, source: 'Last Stand (1 Hit Point)', rule: RESPAWN_SECTIONS.heavyPerks })
  if (has(s.target, 'last-stand') && s.context.targetHitPoints === 1) out.push({ stage: 'defence', modifier: 1, source: 'Last Stand (1 Hit Point)', rule: RESPAWN_SECTIONS.heavyPerks })
  // Mark Target: "All attacks against that character for the rest of the round gain the Shred and Rending (1) special rules."
  if (s.context.marked === true && !hasRule(s.weaponRules, 'shred')) out.push({ stage: 'counter', modifier: -1, source: 'Mark Target: Shred', rule: RESPAWN_SECTIONS.scoutPerks })
  return out
}

function hasUpgrade(s: AttackSituation, m: TableModel, perk: string): boolean {
  const kws = [...m.keywords, ...(Array.isArray(m.stats.upgrades) ? (m.stats.upgrades as string[]) : [])]
  return kws.includes(perk) || (m.id === s.attacker.model.id && has(s.attacker, perk))
}

export function respawnLosAdjust(s: AttackSituation): LosAdjustment[] {
  // Targetting Drone: "may count obscured line of sight as clear against targets within 12 inches"
  if (has(s.attacker, 'targetting-drone') && isWithin(s.distanceMm, inches(RESPAWN_RULES.targettingDroneInches.value), withinReading(s.table))) {
    return [{ from: 'obscured', to: 'clear', source: 'Targetting Drone (within 12")', rule: RESPAWN_SECTIONS.scoutEquipment }]
  }
  return []
}

export function respawnRestrictions(s: AttackSituation): Array<{ code: string; message: string; rule: string }> {
  const out: Array<{ code: string; message: string; rule: string }> = []
  const t = s.table
  // Phase Inducer: "this character and any friendly characters within 4 inches of it, may not be targetted for attacks from more than 12 inches away."
  const inducers = Array.isArray(s.context.phaseInducers) ? (s.context.phaseInducers as string[]) : []
  for (const pid of inducers) {
    const p = t.findModel(pid)
    if (!p || p.side !== s.target.model.side) continue
    const covered = p.id === s.target.model.id || isWithin(measureGap(t, p, s.target.model).rawMm, inches(RESPAWN_RULES.phaseInducerRadiusInches.value), withinReading(t))
    if (covered && !isWithin(s.distanceMm, inches(RESPAWN_RULES.phaseInducerMaxTargetInches.value), 'le')) {
      out.push(book.reason({ code: 'phase-inducer', message: `${s.target.model.id} is covered by ${p.id}'s Phase Inducer and the attacker is more than 12" away`, rule: RESPAWN_SECTIONS.supportEquipment }))
    }
  }
  // Distraction: "Characters within 6 inches of this character, when able, must target this character when making an attack."
  for (const m of t.models) {
    if (m.side === s.attacker.model.side || m.id === s.target.model.id) continue
    const kws = [...m.keywords, ...(Array.isArray(m.stats.upgrades) ? (m.stats.upgrades as string[]) : [])]
    if (!kws.includes('distraction')) continue
    if (isWithin(measureGap(t, m, s.attacker.model).rawMm, inches(RESPAWN_RULES.distractionInches.value), withinReading(t))) {
      out.push(book.reason({ code: 'distraction', message: `${s.attacker.model.id} is within 6" of ${m.id} (Distraction) and must target it when able`, rule: RESPAWN_SECTIONS.heavyPerks }))
    }
  }
  // Quantum Tunneling sees through everything; smoke only counts "from more than 3 inches away from their target".
  if (t.options.barrierAndSmokeReading === 'any-sightline' && !hasRule(s.weaponRules, 'quantum-tunneling')) {
    const smokeCounts0 = smokeCounts(t, s.attacker.model, s.target.model)
    for (const p of t.terrain.filter((x) => x.has('energy-barrier') || (isSmoke(x) && smokeCounts0))) {
      if (anySightlineCrosses(s.attacker.model.placed, s.target.model.placed, p.solid.footprint)) {
        out.push(book.reason({ code: 'sight-through-barrier', message: `a sight line to ${s.target.model.id} can be drawn through ${p.id}: "counts as blocked"`, rule: isSmoke(p) ? RESPAWN_SECTIONS.smoke : RESPAWN_SECTIONS.barrier }))
      }
    }
  }
  return out
}

/** Impact (X): where each possible number of hits pushes the target. */
export function respawnExtras(s: AttackSituation, chain: AttackChainResult | null): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const impact = findRule(s.weaponRules, 'impact')
  if (impact?.value && chain) {
    const outcomes = [...chain.hits.entries()].filter(([h]) => h > 0).sort((a, b) => a[0] - b[0]).map(([h, p]) => {
      const push = measurePush(s.table, s.attacker.model, s.target.model, impact.value! * h)
      return { hits: h, probability: chanceE(p), ...push }
    })
    out.impact = { inchesPerHit: impact.value, outcomes, ...book.cite({ rule: RESPAWN_SECTIONS.special }) }
  }
  if (hasRule(s.weaponRules, 'stun')) out.stun = { effect: 'each failed Defence Roll also costs the target 1 Command Point', rule: RESPAWN_SECTIONS.special }
  if (hasRule(s.weaponRules, 'stasis')) out.stasis = { effect: 'losing any Hit Point: no Move or Advance for the rest of the round and -1 Command Point', rule: RESPAWN_SECTIONS.special }
  if (hasRule(s.weaponRules, 'leech')) out.leech = { effect: 'Hit Points lost restore lost Hit Points on the attacker', rule: RESPAWN_SECTIONS.special }
  return out
}

/** Is the attacker more than 3" from its target ("from more than 3 inches away": exactly 3" is not more)? */
function smokeCounts(table: Table, attacker: TableModel, target: TableModel): boolean {
  return !isWithin(measureGap(table, attacker, target).rawMm, inches(RESPAWN_RULES.smokeCloseInches.value), 'le')
}

/**
 * Respawn's sight hook: smoke markers stand as columns when the attacker is more than 3" from its target
 * and are seen through otherwise (or left to the any-sightline restriction); Quantum Tunneling sees
 * through all terrain and models.
 */
export function respawnSight(table: Table, attacker: TableModel, target: TableModel, weapon: Weapon | undefined): SightHook | undefined {
  const quantum = Array.isArray(weapon?.specialRules) && (weapon.specialRules as string[]).includes('Quantum Tunneling')
  // Quantum Tunneling: "always count as having a clear line of sight regardless of line of sight or other intervening models or terrain."
  if (quantum) return { override: { terrainBlocks: () => false, modelBlocks: () => false }, source: 'Quantum Tunneling: clear line of sight through every model and piece of terrain', rule: RESPAWN_SECTIONS.special }
  if (!table.terrain.some(isSmoke)) return undefined
  // Smoke: "Any character making an attack that draws line of sight through this marker from more than 3 inches away from their target treats their line of sight as blocked."
  const column = smokeCounts(table, attacker, target) && table.options.barrierAndSmokeReading !== 'any-sightline'
  return column
    ? { override: { terrainColumn: isSmoke }, source: 'smoke marker: blocks every sight line drawn through it from more than 3" away', rule: RESPAWN_SECTIONS.smoke }
    : { override: { terrainBlocks: (p) => !isSmoke(p) }, source: table.options.barrierAndSmokeReading === 'any-sightline' ? 'smoke marker: judged by the any-sightline restriction, not as a solid' : 'smoke marker: the attacker is within 3" of the target, so the smoke does not block', rule: RESPAWN_SECTIONS.smoke }
}

const isSmoke = (p: TableTerrain): boolean => p.type === 'smoke' || p.has('smoke')

/** The hooks a Respawn attack passes to the core: smoke and Quantum Tunneling (sight), Mark Target (Rending (1)). */
function respawnHooks(table: Table, q: QueryOf<'attack'>, extra: AttackHooks = {}): AttackHooks {
  const attacker = table.model(q.attacker)
  const target = table.model(q.target)
  const weapon = extra.weapon ? extra.weapon.of(attacker) : pickWeapon(attacker, q.weapon)
  const sight = respawnSight(table, attacker, target, weapon)
  const c = (q.context ?? {}) as Record<string, unknown>
  const printed = Array.isArray(weapon.specialRules) ? (weapon.specialRules as string[]) : []
  // Mark Target: "All attacks against that character for the rest of the round gain the Shred and Rending (1) special rules."
  const mark = c.marked === true && !printed.some((r) => r.startsWith('Rending'))
  return {
    ...extra,
    ...(sight ? { sight } : {}),
    ...(mark ? { weapon: { source: `Mark Target: ${weapon.name} gains Rending (1)`, rule: RESPAWN_SECTIONS.scoutPerks, of: () => ({ ...weapon, specialRules: [...printed, 'Rending (1)'] }) } } : {}),
  }
}

export function respawnAttack(core: CadenceCore, table: Table, q: QueryOf<'attack'>): AttackResult {
  const result = resolveAttack(core, table, q, respawnHooks(table, q))
  const smoke = table.terrain.filter((t) => t.has('smoke')).map((t) => t.id)
  return { ...result, ...(smoke.length ? { smoke: { markers: smoke, note: 'smoke blocks sight lines only when the attacker is more than 3" from the target' } } : {}) }
}

/** Energy Barriers "count as clear terrain for the puroses of movement"; smoke markers are tokens: both left out of the move. */
export function respawnMove(core: CadenceCore, table: Table, q: QueryOf<'move'>): MoveResult {
  const see = (t: { type: string; keywords?: string[] | undefined }) => t.type === 'energy-barrier' || t.type === 'smoke' || (t.keywords ?? []).includes('energy-barrier')
  const crossed = table.terrain.filter((t) => see({ type: t.type, keywords: [...t.keywords] })).map((t) => t.id)
  const derived = deriveTable(table, (scene) => {
    scene.terrain = (scene.terrain ?? []).filter((t) => !see(t))
  })
  const r = resolveMove(core, derived, q)
  // Bulwark: "it can no longer make Advance actions."
  const m = table.model(q.model)
  if (q.mode === 'advance' && core.view(table, m).upgrades.includes('bulwark')) {
    const reasons = [...((r.reasons as UniformReason[] | undefined) ?? []), book.reason({ code: 'bulwark-no-advance', message: `${m.id} has Bulwark and can no longer make Advance actions`, rule: RESPAWN_SECTIONS.heavyPerks })]
    return { ...r, allowed: false, reasons, ...book.sources([...new Set([...(r.rules ?? []), RESPAWN_SECTIONS.heavyPerks])]) }
  }
  return { ...r, ...(crossed.length ? { clearForMovement: crossed } : {}), ...book.sources([...new Set([...(r.rules ?? []), ...(crossed.length ? [RESPAWN_SECTIONS.barrier] : [])])]) }
}

export function respawnLos(core: CadenceCore, table: Table, q: QueryOf<'los'>): LosResult {
  const a = table.model(q.from)
  const b = table.model(q.to)
  // Drawn as the viewer's first weapon would be (Quantum Tunneling), with smoke judged for this pair.
  const sight = respawnSight(table, a, b, a.weapons[0])
  const fig = losFigure(table, a, b, sightOfModel(table, a, b, q.rays ?? false, sight))
  const unit = judgeUnitSight(table, a, b, core.isEnemy, sight)
  return { ...withSight(table.system, { ...fig, class: unit.class }, unit.reasons), unit: { sightClass: unit.sightClass, models: unit.models, reasons: unit.reasons, coverTerrain: unit.coverTerrain, sight: unitSightBlock(table, unit.sightClass, unit.models, unit.reasons) }, ...(sight ? { gameHooks: [book.cite({ hook: 'sight', source: sight.source, rule: sight.rule })] } : {}), ...book.sources([RESPAWN_SECTIONS.barrier, RESPAWN_SECTIONS.smoke, 'core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range']) }
}

/** Visibility with smoke as a column from more than 3" (judged per pair) and barriers blocking. */
export function respawnVisibility(core: CadenceCore, table: Table, q: QueryOf<'visibility'>): VisibilityResult {
  const pairs: VisibilityPair[] = []
  for (const v of table.models.filter((m) => !q.side || m.side === q.side)) {
    for (const t of table.models) {
      if (!core.isEnemy(v, t)) continue
      const r = respawnLos(core, table, { id: q.id, type: 'los', from: v.id, to: t.id })
      pairs.push({ from: v.id, to: t.id, visible: r.visible, fraction: r.fraction, class: r.class, sight: sightOf(table.system, { visible: r.visible, fraction: r.fraction, baseHidden: 0, blockers: [] }, r.class) })
    }
  }
  return { pairs, ...book.sources([RESPAWN_SECTIONS.barrier, RESPAWN_SECTIONS.smoke, 'core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range']) }
}

/** Annihilation Raycaster: an attack against every model within 2" of the 24" line. */
export function beamAttack(core: CadenceCore, table: Table, q: z.infer<typeof respawnQuerySchemas.beam>): ResultBody {
  const firer = table.model(q.attacker)
  const anchor = table.options.beamAnchor === 'base-edge' ? 'base-edge' : 'base-centre'
  const line = beamLine(firer, q.toward, anchor)
  const { hit, missed } = findBeamVictims(table, firer, line, withinReading(table), table.options.beamIncludesAttacker === true)
  const attacks = hit.map(({ model, gapMm }) => {
    const aq: QueryOf<'attack'> = { id: `${q.id}:${model.id}`, type: 'attack', attacker: firer.id, target: model.id, weapon: 'annihilation-raycaster', ...(q.context ? { context: q.context } : {}) }
    // "friendly or enemy": a friendly victim is attacked like an enemy; the line, not the range, decides who.
    const raycaster = { ...(table.system.catalogue.weapons['annihilation-raycaster'] ?? {}), id: 'annihilation-raycaster', rangeInches: 1000 } as Weapon
    const result = resolveAttack(core, table, aq, respawnHooks(table, aq, {
      isEnemy: targetOnlyHook(core, table, firer.id, model.id, 'Annihilation Raycaster: every model within 2" of the line is attacked, friendly or enemy', RESPAWN_SECTIONS.beam, model.side === firer.side ? model.id : undefined),
      weapon: { source: 'Annihilation Raycaster: the line, not the range, decides who is attacked', rule: RESPAWN_SECTIONS.beam, of: () => raycaster },
    }))
    return { target: model.id, friendly: model.side === firer.side, gap: gapFigure(gapMm), allowed: result.allowed, reasons: result.reasons, los: (result.los as { class: string }).class, need: result.need, probability: result.probability }
  })
  return {
    line: { from: [roundTo(line.from[0], 2), roundTo(line.from[1], 2)], to: [roundTo(line.to[0], 2), roundTo(line.to[1], 2)], lengthInches: line.lengthInches, halfWidthInches: RESPAWN_RULES.beamHalfWidthInches.value, anchor },
    victims: attacks,
    missed: missed.map((m) => ({ model: m.model.id, gap: gapFigure(m.gapMm) })),
    note: 'each victim is attacked with the Raycaster; the line decides who (range is not re-measured), line of sight and the rest of the attack procedure still apply',
    ...book.sources([RESPAWN_SECTIONS.beam, 'core-rules/playing-a-game.html#action-attack']),
  }
}

/** Covering Fire: two Attack Rolls against each enemy within 12" in the front arc with clear or obscured sight. */
export function coveringFire(core: CadenceCore, table: Table, q: z.infer<typeof respawnQuerySchemas['covering-fire']>): ResultBody {
  const m = table.model(q.model)
  const v = core.view(table, m)
  const c = (q.context ?? {}) as Record<string, unknown>
  const within = withinReading(table)
  const results = table.models.filter((o) => core.isEnemy(m, o)).map((o) => {
    const g = measureGap(table, m, o)
    const inRange = isWithin(g.rawMm, inches(RESPAWN_RULES.coveringFireRangeInches.value), within)
    const arc = classifyCadenceArc(m, o)
    // Sight as Respawn draws it (smoke from more than 3", barriers).
    const sight = { class: respawnLos(core, table, { id: q.id, type: 'los', from: m.id, to: o.id }).class as 'clear' | 'obscured' | 'blocked' }
    const affected = inRange && arc.arc === 'front' && sight.class !== 'blocked'
    let need = v.skill
    const mods: Array<{ source: string; value: number; rule: string }> = []
    let onlySix = false
    if (table.options.coveringFireModifiers !== 'skill-only') {
      if (sight.class === 'obscured') mods.push({ source: 'Obscured Penalty', value: -1, rule: CORE.obscuredPenalty.section })
      const h = heightAdvantage(table, v, [core.view(table, o)], o, c)
      if (h.yes) mods.push({ source: 'Height Advantage', value: 1, rule: CORE.heightAdvantage.section })
      if (isWithin(g.rawMm, inches(3), within)) onlySix = true
      if (typeof c.actions === 'number' && c.actions >= 3) mods.push({ source: 'Rush Penalty', value: -2, rule: CORE.rushPenalty.section })
    }
    need -= mods.reduce((s, x) => s + x.value, 0)
    const p = successProbability({ faces: 6, need, alwaysFail: [1], alwaysSucceed: [], ...(onlySix ? { onlyFaces: [6] } : {}), reroll: false })
    const q0 = powE(complementE(p), 2)
    const q2 = powE(p, 2)
    const q1 = subE(E1, addE(q0, q2))
    const f = (e: { n: bigint; d: bigint }) => (chanceE(e))
    return {
      model: o.id, affected, distance: { inches: g.inches, inRange }, arc: arc.arc, los: sight.class,
      ...(affected ? { need: onlySix ? 'a natural 6 (Close Range Penalty)' : `${Math.max(2, need)}+`, modifiers: mods, perRoll: f(p), commandPointsLost: { 0: f(q0), 2: f(q1), 4: f(q2) } } : {}),
    }
  })
  return { affected: results.filter((r) => r.affected).map((r) => r.model), enemies: results, cost: 1, ...book.sources([RESPAWN_SECTIONS.assaultPerks, 'core-rules/advanced-rules.html#facing-and-arcs']) }
}

export function push(table: Table, q: z.infer<typeof respawnQuerySchemas.push>): ResultBody {
  const r = measurePush(table, table.model(q.attacker), table.model(q.target), q.inches, q.towards === true)
  return { ...r, ...book.sources([RESPAWN_SECTIONS.special]) }
}

/** Revive: within 3" of the Downed character, no enemy within 3" of either; d6 + its Command Points ≥ 4. */
export function revive(core: CadenceCore, table: Table, q: z.infer<typeof respawnQuerySchemas.revive>): ResultBody {
  const m = table.model(q.model)
  const d = table.model(q.downed)
  const within = withinReading(table)
  const reasons: UniformReason[] = []
  const gap = measureGap(table, m, d)
  if (!isWithin(gap.rawMm, inches(RESPAWN_RULES.reviveRangeInches.value), within)) reasons.push(book.reason({ code: 'too-far', message: `${d.id} is ${gap.inches}" away: Revive needs it within 3"`, rule: RESPAWN_SECTIONS.revive }))
  const near = table.models.filter((o) => core.isEnemy(m, o) && o.id !== d.id && (isWithin(measureGap(table, o, m).rawMm, inches(3), within) || isWithin(measureGap(table, o, d).rawMm, inches(3), within)))
  if (near.length) reasons.push(book.reason({ code: 'enemy-near', message: `enemy ${near.map((o) => o.id).join(', ')} within 3" of either character`, rule: RESPAWN_SECTIONS.revive }))
  const cp = typeof (q.context ?? {}).downedCommandPoints === 'number' ? ((q.context ?? {}).downedCommandPoints as number) : 0
  // "Roll a d6 and add the Downed characters remaining command points to the roll, on a roll of 4 or more"
  // A natural 1 still fails (core-rules/basic-rules.html#dice: "a roll of 1 always counts as a failure regardless of any positive modifiers").
  const p = exact(7 - Math.max(2, RESPAWN_RULES.reviveNeed.value - cp), 6)
  const allowed = reasons.length === 0
  return { allowed, reasons, distance: { inches: gap.inches }, need: `${Math.max(2, RESPAWN_RULES.reviveNeed.value - cp)}+ on a d6 (4 or more with ${cp} Command Points added; a 1 always fails)`, probability: chanceE(allowed ? p : E0), cost: 1, ...book.sources([RESPAWN_SECTIONS.revive, 'core-rules/basic-rules.html#dice']) }
}

/** Explosive Charge: trigger within 1", then 6 automatic hits (Dmg 3, Prc 2) on every character within 3". */
export function explosiveCharge(core: CadenceCore, table: Table, q: z.infer<typeof respawnQuerySchemas['explosive-charge']>): ResultBody {
  const within = withinReading(table)
  const point = placeBase({ shape: 'round', diameter: 1e-9 }, q.at[0], q.at[1], 0)
  const e = RESPAWN_RULES.explosiveChargeHits
  const rows = table.models.map((m) => {
    const gap = measureBaseGap2(point, m.placed).gapMm
    const v = core.view(table, m)
    const chain = evaluateAttackChain({
      rolls: e.value,
      attack: { faces: 6, need: 1, alwaysFail: [], alwaysSucceed: [1, 2, 3, 4, 5, 6], reroll: false },
      rendingExtra: 0, volley: false, topFace: 6,
      defence: { faces: 6, need: v.defence + Math.max(0, e.piercing - (findRule(v.rules, 'heavy-armour')?.value ?? 0)), alwaysFail: [1], alwaysSucceed: [], reroll: hasRule(v.rules, 'resilient') },
      damagePerFailedDefence: 1,
      counter: { faces: 6, need: counterTarget(core, e.damage, v.toughness).need, alwaysFail: [1], alwaysSucceed: [], reroll: hasRule(v.rules, 'shields') },
    })
    return {
      model: m.id,
      gapInches: roundTo(toInches(gap), 3),
      triggers: isWithin(gap, inches(RESPAWN_RULES.explosiveChargeTriggerInches.value), within),
      caught: isWithin(gap, inches(RESPAWN_RULES.explosiveChargeRadiusInches.value), within),
      pHpLost: chanceE(chain.pAnyHpLost),
      expectedHpLost: chanceE(chain.expectedHpLost),
    }
  })
  return { triggeredBy: rows.filter((r) => r.triggers).map((r) => r.model), caught: rows.filter((r) => r.caught), ...book.sources([RESPAWN_SECTIONS.scoutEquipment]) }
}

/** Control objectives "stay secured even if there are no friendly characters within 3 inches of them". */
export function respawnObjective(core: CadenceCore, table: Table, q: QueryOf<'objective'>): AreaResult {
  const r = resolveObjective(core, table, q)
  const control = r.control as { held: boolean | null; type: string } | undefined
  if (!control || control.type !== 'control') return r
  return { ...r, control: { ...control, held: true, note: 'Respawn: a secured Control objective stays secured without friendly characters nearby', ...book.cite({ rule: 'respawn/module-rules.html#control-objectives' }) }, ...book.sources([...(r.rules ?? []), 'respawn/module-rules.html#control-objectives']) }
}

/**
 * Launch pads (respawn/module-rules.html#launch-pads): "The destination should be no more than 12 inches away
 * and not be blocked by any large terrain"; using one costs 2 inches of the remaining movement. "Large" is not
 * defined: the terrain the flight line crosses is listed with its height, not judged.
 */
export function launchPad(table: Table, q: z.infer<typeof respawnQuerySchemas['launch-pad']>): ResultBody {
  const pad = table.terrainPiece(q.pad)
  const fp = pad.solid.footprint
  const cx = fp.reduce((s, p) => s + p[0], 0) / fp.length
  const cy = fp.reduce((s, p) => s + p[1], 0) / fp.length
  const d = closestPointOnPolygon(fp, q.destination[0], q.destination[1]).distanceMm
  const crosses = table.terrain
    .filter((t) => t.id !== pad.id && segmentInsideLengthMm(t.solid.footprint, cx, cy, q.destination[0], q.destination[1]) > 0)
    .map((t) => ({ terrain: t.id, heightMm: roundTo(t.solid.topZ - t.solid.bottomZ, 2) }))
  const ok = isWithin(d, inches(RESPAWN_RULES.launchPadMaxInches.value), 'le')
  return {
    valid: ok,
    distance: { mm: roundTo(d, 2), inches: roundTo(toInches(d), 3), limitInches: RESPAWN_RULES.launchPadMaxInches.value },
    crosses,
    movementCostInches: RESPAWN_RULES.launchPadCostInches.value,
    note: '"not be blocked by any large terrain": the crossed pieces are listed; the book does not say what is large',
    ...book.sources([RESPAWN_RULES.launchPadMaxInches.section]),
  }
}

/**
 * Teleports (respawn/module-rules.html#teleport): "When a character moves into contact it may immediately be
 * placed in contact with the target destination in an allowed space. It may continue it's movement from that
 * point." The character walks straight to the pad until its base touches it, is placed touching the exit on the
 * side facing `to`, and walks on; the two walks together must fit its Movement.
 */
export function teleport(core: CadenceCore, table: Table, q: z.infer<typeof respawnQuerySchemas.teleport>): ResultBody {
  const m = table.model(q.model)
  const pad = table.terrainPiece(q.pad)
  const exit = table.terrainPiece(q.exit)
  const v = core.view(table, m)
  const mode = q.mode ?? 'move'
  const allowance = core.hooks.movementInches(table, v, mode, v.movementInches).inches
  const toPad = measureBaseFootprintGap(m.placed, pad.solid.footprint)
  // Placed in contact with the exit: the base centre one base radius beyond the exit's point nearest to `to`.
  const near = closestPointOnPolygon(exit.solid.footprint, q.to[0], q.to[1])
  const r = Math.max(m.placed.halfLengthMm, m.placed.halfWidthMm)
  const dx = q.to[0] - near.point[0]
  const dy = q.to[1] - near.point[1]
  const dd = Math.hypot(dx, dy)
  const placed: [number, number] = dd > 0 ? [near.point[0] + (dx / dd) * r, near.point[1] + (dy / dd) * r] : [near.point[0], near.point[1]]
  const onward = dd > r ? Math.hypot(q.to[0] - placed[0], q.to[1] - placed[1]) : 0
  const total = toPad + onward
  const ok = isWithin(total, inches(allowance), 'le')
  return {
    allowed: ok,
    reasons: ok ? [] : [book.reason({ code: 'too-far', message: `${roundTo(toInches(total), 3)}" (${roundTo(toInches(toPad), 3)}" to the pad + ${roundTo(toInches(onward), 3)}" from the exit) is more than ${allowance}"`, rule: 'respawn/module-rules.html#teleport' })],
    toPadInches: roundTo(toInches(toPad), 3),
    placedAt: [roundTo(placed[0], 2), roundTo(placed[1], 2)],
    onwardInches: roundTo(toInches(onward), 3),
    allowanceInches: allowance,
    ...book.sources(['respawn/module-rules.html#teleport', 'core-rules/playing-a-game.html#action-move']),
  }
}

/** Proximity objective: "all models within 6 inches of the objective marker score the objective". */
export function proximity(table: Table, q: z.infer<typeof respawnQuerySchemas.proximity>): ResultBody {
  const within = withinReading(table)
  const rows = table.models.map((m) => ({ model: m.id, side: m.side, gapInches: roundTo(toInches(markerGap(table, q.at, m).gapMm), 3), scores: isWithin(markerGap(table, q.at, m).gapMm, inches(RESPAWN_RULES.proximityInches.value), within) }))
  return { scoring: rows.filter((r) => r.scores).map((r) => r.model), models: rows, ...book.sources([RESPAWN_SECTIONS.proximity]) }
}

