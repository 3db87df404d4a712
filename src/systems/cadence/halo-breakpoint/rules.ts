// Halo: Breakpoint on the Cadence core: the module's rules (halo-breakpoint/module-rules.html) and the
// army-list abilities with geometry (Point Defence Gauntlet, Hunter Charge, Dodge, Vehicle Ram).
import { z } from 'zod'
import { book } from '../index.ts'
import {
  type QueryOf, type ResultBody, type UniformReason, type Table, type TableModel, GRAZE_MM, frameScaleMm, inches, isWithin, measureBaseGap2, placeBase,
  roundTo, toInches, type MoveResult, type AttackResult } from '../../../engine/index.ts'
import { type AttackHooks, type AttackSituation, type CadenceCore, type CadenceModelView, type ChainAdjustment, classifyCadenceArc, hasRule, resolveAttack, resolveMove, withinReading } from '../index.ts'
import { COVENANT_WEAPONS, GAUNTLET_CARRIERS, HALO_ARMY, HALO_MODELS, HALO_RULES, HALO_UNITS, POINT_DEFENCE_GAUNTLET, UNSC_WEAPONS } from './catalogue.ts'
import { targetOnlyHook } from '../index.ts'
import { deriveTable } from '../index.ts'
import { measureDistanceToContact, sweepBase } from '../index.ts'

export const HALO_SECTIONS = {
  module: 'halo-breakpoint/module-rules.html',
  special: 'halo-breakpoint/module-rules.html#special-rules',
  ram: 'halo-breakpoint/module-rules.html#vehicle-ram',
  hunter: 'halo-breakpoint/army-lists/covenant-army-list.html#hunter',
  elite: 'halo-breakpoint/army-lists/covenant-army-list.html#elite-infantry',
  upgrades: POINT_DEFENCE_GAUNTLET.section,
  covWeapons: 'halo-breakpoint/army-lists/covenant-army-list.html#weapons',
} as const

export const haloContextShape = {
  /** The target (an Elite) takes the Dodge reaction (1 CP): re-roll Defence, never worse than 6+. */
  dodge: z.boolean().optional(),
  /** The target has lost Active Camo this round (hit, attacked or spent more than 3 CP). */
  camoLost: z.boolean().optional(),
  /** The attacking unit made a Move action this round (Deployable weapons cannot be used). */
  moved: z.boolean().optional(),
}

export const hunterChargeQuerySchema = z.strictObject({ id: z.string().min(1), type: z.literal('hunter-charge'), model: z.string().min(1), to: z.tuple([z.number(), z.number()]), context: z.record(z.string(), z.unknown()).optional() })
export const vehicleRamQuerySchema = z.strictObject({ id: z.string().min(1), type: z.literal('vehicle-ram'), attacker: z.string().min(1), target: z.string().min(1), context: z.record(z.string(), z.unknown()).optional() })

/** Base contact: the gap is no more than this (mm), to absorb placement noise. */
export const CONTACT_TOLERANCE_MM = 1

export function hasGauntlet(v: CadenceModelView): boolean {
  return v.upgrades.includes(POINT_DEFENCE_GAUNTLET.id) || (v.model.profileId !== null && GAUNTLET_CARRIERS.includes(v.model.profileId))
}

export function haloChain(s: AttackSituation): ChainAdjustment[] {
  const out: ChainAdjustment[] = []
  const ctx = s.context
  // Point Defence Gauntlet: "+3 modifier to Defence Rolls when the attack originates in the models front arc"
  if (s.targetUnit.every(hasGauntlet)) {
    const arc = classifyCadenceArc(s.target.model, s.attacker.model).arc
    if (arc === 'front') out.push({ stage: 'defence', modifier: POINT_DEFENCE_GAUNTLET.defenceModifier, source: `Point Defence Gauntlet (attack from ${s.target.model.id}'s front arc)`, rule: HALO_SECTIONS.upgrades })
  }
  // Active Camo: "-1 to their Attack Roll and an additional -1 for every full 12 inches of distance"
  if (s.targetUnit.every((v) => hasRule(v.rules, 'active-camo')) && ctx.camoLost !== true) {
    const bands = Math.floor(toInches(s.distanceMm) / HALO_RULES.activeCamoBandInches.value + 1e-9)
    out.push({ stage: 'attack', modifier: -(1 + bands), source: `Active Camo (-1, and -1 for each of ${bands} full 12" of ${roundTo(toInches(s.distanceMm), 3)}")`, rule: HALO_SECTIONS.special })
  }
  // Dodge: targeted "from more than 6 inches away": re-roll Defence Rolls, "not be modified to worse than a 6+".
  if (ctx.dodge === true && !isWithin(s.distanceMm, inches(HALO_RULES.dodgeMinDistanceInches.value), 'le')) {
    out.push({ stage: 'defence', reroll: true, cap: 6, source: 'Dodge (targeted from more than 6")', rule: HALO_SECTIONS.elite })
  }
  return out
}

export function haloRestrictions(s: AttackSituation): Array<{ code: string; message: string; rule: string }> {
  const out: Array<{ code: string; message: string; rule: string }> = []
  if (hasRule(s.weaponRules, 'deployable') && s.context.moved === true) {
    out.push(book.reason({ code: 'deployable-after-move', message: `${s.weapon.name} is Deployable: it cannot be used after the unit made a Move action this round`, rule: HALO_SECTIONS.special }))
  }
  return out
}

/**
 * Hooks every Halo attack passes to the core: the Hunter's Weak Spot gets its arc (extra keywords);
 * Plasma switches the target unit's Shields off.
 */
function haloHooks(table: Table, q: { attacker: string; target: string; weapon?: string | undefined }, extra: AttackHooks = {}): AttackHooks {
  const attacker = table.model(q.attacker)
  const weapon = extra.weapon ? extra.weapon.of(attacker) : q.weapon ? attacker.weapons.find((w) => w.id === q.weapon) : attacker.weapons[0]
  const plasma = Array.isArray(weapon?.specialRules) && (weapon.specialRules as string[]).includes('Plasma')
  const arc = String(table.options.hunterWeakSpotArc ?? 'rear')
  const printsBareWeakSpot = (m: TableModel) => Array.isArray(m.stats.specialRules) && (m.stats.specialRules as unknown[]).includes('Weak Spot')
  return {
    ...extra,
    // The Hunter prints "Weak Spot" without an arc (option hunterWeakSpotArc).
    ...(table.models.some(printsBareWeakSpot) ? {
      keywords: {
        source: `the Hunter's Weak Spot is read as Weak Spot (${arc}) (option hunterWeakSpotArc)`, rule: HALO_SECTIONS.hunter,
        of: (m: TableModel) => (printsBareWeakSpot(m) ? { remove: ['Weak Spot'], add: arc === 'none' ? [] : [`Weak Spot (${arc[0]!.toUpperCase()}${arc.slice(1)})`] } : null),
      },
    } : {}),
    // Plasma: "The Shields special rule does not apply against attacks against weapons with this rule."
    ...(plasma ? { shieldsOff: { source: 'Plasma: Shields do not apply against this weapon', rule: HALO_SECTIONS.special } } : {}),
  }
}

export function haloAttack(core: CadenceCore, table: Table, q: QueryOf<'attack'>): AttackResult {
  const result = resolveAttack(core, table, q, haloHooks(table, q))
  const attacker = table.model(q.attacker)
  const weapon = q.weapon ? attacker.weapons.find((w) => w.id === q.weapon) : attacker.weapons[0]
  const plasma = Array.isArray(weapon?.specialRules) && (weapon.specialRules as string[]).includes('Plasma')
  return { ...result, ...(plasma ? { plasma: 'Shields do not apply against this weapon' } : {}), ...book.sources([...new Set([...(result.rules ?? []), ...(plasma ? [HALO_SECTIONS.special] : [])])]) }
}

/** A Vehicle's move, with the units its base ends in contact with (each may be rammed: query vehicle-ram). */
export function haloMove(core: CadenceCore, table: Table, q: QueryOf<'move'>): MoveResult {
  const r = resolveMove(core, table, q)
  const m = table.model(q.model)
  if (!core.view(table, m).isVehicle) return r
  const end = placeBase(m.base, q.to[0], q.to[1], q.facing ?? m.facingDeg)
  const units = new Map<string, string[]>()
  for (const o of table.models) {
    if (o.id === m.id || o.unit === m.unit) continue
    if (measureBaseGap2(end, o.placed).gapMm <= CONTACT_TOLERANCE_MM) units.set(o.unit, [...(units.get(o.unit) ?? []), o.id])
  }
  if (units.size === 0) return r
  const rams = [...units.entries()].map(([unit, models]) => ({ unit, models, enemy: models.some((id) => core.isEnemy(m, table.model(id))) }))
  return { ...r, rams, ramNote: 'each unit in base contact may take a free Vehicle Ram attack (query vehicle-ram)', ...book.sources([...new Set([...(r.rules ?? []), HALO_SECTIONS.ram])]) }
}

/** Vehicle Ram: a free attack against a unit in base contact; Attacks = its models on the attacker's height level. */
export function vehicleRam(core: CadenceCore, table: Table, q: z.infer<typeof vehicleRamQuerySchema>): ResultBody {
  const attacker = table.model(q.attacker)
  const target = table.model(q.target)
  const reasons: UniformReason[] = []
  const v = core.view(table, attacker)
  if (!v.isVehicle) reasons.push(book.reason({ code: 'not-a-vehicle', message: `${attacker.id} is not a Vehicle`, rule: HALO_SECTIONS.ram }))
  const unit = table.unitOf(target)
  const contact = unit.some((m) => measureBaseGap2(attacker.placed, m.placed).gapMm <= CONTACT_TOLERANCE_MM + 2 * Math.hypot(attacker.uncertaintyMm, m.uncertaintyMm, frameScaleMm(attacker, m)))
  if (!contact) reasons.push(book.reason({ code: 'no-base-contact', message: `${attacker.id} is not in base contact with unit ${target.unit}`, rule: HALO_SECTIONS.ram }))
  // "* The number of attacks for a Vehicle Ram is equal to the number of models in the target unit on the same height level as the attacker."
  const sameLevel = unit.filter((m) => core.view(table, m).heightLevel === v.heightLevel)
  const attacks = sameLevel.length
  const ram = attacker.weapons.find((w) => w.id === 'vehicle-ram')
  if (!ram) reasons.push(book.reason({ code: 'no-ram-weapon', message: `${attacker.id} has no Vehicle Ram weapon`, rule: HALO_SECTIONS.covWeapons }))
  if (attacks === 0) reasons.push(book.reason({ code: 'no-models-on-level', message: `no model of unit ${target.unit} is on ${attacker.id}'s height level ${v.heightLevel}`, rule: HALO_SECTIONS.covWeapons }))
  if (reasons.length || !ram) return { allowed: false, reasons, attacks, ...book.sources([HALO_SECTIONS.ram, HALO_SECTIONS.covWeapons]) }
  const aq: QueryOf<'attack'> = { id: q.id, type: 'attack', attacker: q.attacker, target: q.target, weapon: 'vehicle-ram', ...(q.context ? { context: q.context } : {}) }
  const result = resolveAttack(core, table, aq, haloHooks(table, aq, {
    isEnemy: targetOnlyHook(core, table, q.attacker, q.target, 'Vehicle Ram: a free attack against the unit in base contact', HALO_SECTIONS.ram),
    weapon: { source: `Vehicle Ram: Attacks = ${attacks} model(s) of the target unit on the attacker's height level`, rule: HALO_SECTIONS.covWeapons, of: () => ({ ...ram, attacks }) },
  }))
  return { ...result, attacks, sameLevelModels: sameLevel.map((m) => m.id), free: 'a free attack action (no Command Point)', ...book.sources([...new Set([...(result.rules ?? []), HALO_SECTIONS.ram, HALO_SECTIONS.covWeapons])]) }
}

/**
 * Hunter Charge (2 CP): "move up to 10 inches in a straight line if doing so would move it into contact
 * with, or over, an enemy models base. The model stops if it comes into contact with any terrain objects.
 * It may move through any friendly or enemy models but cannot finish its move with its base overlapping
 * another model. After moving make a free Attack Action against every model that this model moved over
 * with the Hunter Combat Shield as though it was within 1 inch of each target."
 */
export function hunterCharge(core: CadenceCore, table: Table, q: z.infer<typeof hunterChargeQuerySchema>): ResultBody {
  const hunter = table.model(q.model)
  const reasons: UniformReason[] = []
  const dx = q.to[0] - hunter.x
  const dy = q.to[1] - hunter.y
  const lengthMm = Math.hypot(dx, dy)
  const dirDeg = (Math.atan2(dy, dx) * 180) / Math.PI
  const limit = inches(HALO_RULES.hunterChargeInches.value)
  if (lengthMm > limit + 1e-6) reasons.push(book.reason({ code: 'too-far', message: `${roundTo(toInches(lengthMm), 3)}" is more than the 10" of a Hunter Charge`, rule: HALO_SECTIONS.hunter }))
  const sweep = sweepBase(table, hunter, {
    from: [hunter.x, hunter.y], directionDeg: dirDeg, facingDeg: hunter.facingDeg, distanceMm: Math.min(lengthMm, limit),
    stopAtModel: () => false, stopAtTerrain: (t) => !t.has('clear') && !t.has('rough'),
  })
  const end = sweep.end
  const endBase = { ...hunter.placed, cx: end[0], cy: end[1] }
  const overlapping = table.models.filter((o) => o.id !== hunter.id && measureBaseGap2(endBase, o.placed).overlapping && measureBaseGap2({ ...endBase, halfLengthMm: endBase.halfLengthMm - GRAZE_MM, halfWidthMm: endBase.halfWidthMm - GRAZE_MM }, o.placed).overlapping)
  if (overlapping.length) reasons.push(book.reason({ code: 'ends-overlapping', message: `the charge may not finish with the base overlapping ${overlapping.map((o) => o.id).join(', ')}`, rule: HALO_SECTIONS.hunter }))
  const movedOver = sweep.passedOver.filter((o) => !overlapping.includes(o))
  const contacted = table.models.filter((o) => o.id !== hunter.id && !movedOver.includes(o) && measureBaseGap2(endBase, o.placed).gapMm <= CONTACT_TOLERANCE_MM)
  const enemies = (ms: readonly TableModel[]) => ms.filter((o) => core.isEnemy(hunter, o))
  if (enemies(movedOver).length === 0 && enemies(contacted).length === 0) {
    reasons.push(book.reason({ code: 'no-enemy-reached', message: 'a Hunter Charge must move into contact with, or over, an enemy model\'s base', rule: HALO_SECTIONS.hunter }))
  }
  const reached = table.options.hunterChargeTargets === 'moved-over-or-contacted' ? [...movedOver, ...contacted] : movedOver
  const targets = table.options.hunterChargeFriends === 'spared' ? reached.filter((t) => core.isEnemy(hunter, t)) : reached
  const allowed = reasons.length === 0
  const attacks = allowed ? targets.map((t) => {
    // "as though it was within 1 inch of each target": resolve with the Hunter placed where its base first touched that model.
    const s = measureDistanceToContact(hunter.base, [hunter.x, hunter.y], dirDeg, hunter.facingDeg, t.placed, lengthMm) ?? 0
    const at: [number, number] = [hunter.x + Math.cos((dirDeg * Math.PI) / 180) * s, hunter.y + Math.sin((dirDeg * Math.PI) / 180) * s]
    const aq: QueryOf<'attack'> = { id: `${q.id}:${t.id}`, type: 'attack', attacker: hunter.id, target: t.id, weapon: 'hunter-combat-shield', ...(q.context ? { context: q.context } : {}) }
    // The Hunter stands where its base first touched the target: the one attack resolved on a table with the model moved.
    const moved = deriveTable(table, (scene) => {
      scene.models.find((m) => m.id === hunter.id)!.position = at
    })
    // "every model that this model moved over": a friendly model is attacked like an enemy.
    const result = resolveAttack(core, moved, aq, haloHooks(moved, aq, {
      isEnemy: targetOnlyHook(core, moved, hunter.id, t.id, 'Hunter Charge: a free attack against every model moved over', HALO_SECTIONS.hunter, core.isEnemy(hunter, t) ? undefined : t.id),
    }))
    return { target: t.id, side: t.side, friendly: !core.isEnemy(hunter, t), attackFrom: [roundTo(at[0], 2), roundTo(at[1], 2)], allowed: result.allowed, need: result.need, probability: result.probability, reasons: result.reasons }
  }) : []
  return {
    allowed,
    reasons,
    distance: { mm: roundTo(sweep.travelledMm, 2), inches: roundTo(toInches(sweep.travelledMm), 3), requestedInches: roundTo(toInches(lengthMm), 3) },
    end: [roundTo(end[0], 2), roundTo(end[1], 2)],
    ...(sweep.stoppedBy ? { stoppedBy: { terrain: sweep.stoppedBy.id, note: '"The model stops if it comes into contact with any terrain objects"' } } : {}),
    movedOver: movedOver.map((o) => o.id),
    contacted: contacted.map((o) => o.id),
    attacks,
    commandPoints: HALO_RULES.hunterChargeCost.value,
    within: withinReading(table),
    ...book.sources([HALO_SECTIONS.hunter, HALO_SECTIONS.covWeapons]),
  }
}

export const armyQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('army'),
  units: z.array(z.strictObject({ unit: z.string().min(1), models: z.array(z.string().min(1)).min(1), weapons: z.array(z.string()).optional() })).min(1),
  pointsLimit: z.number().int().positive().optional(),
  vehiclesAgreed: z.boolean().optional(),
})

/**
 * Army building (halo-breakpoint/building-an-army.html#unit-selection): points of models and chosen weapons,
 * "at least 50% Standard units by points, and no more than 50% Specialist units", vehicles count as
 * Specialist and are used only at 400+ points unless agreed; the unit entries' own limits.
 */
export function checkArmy(table: Table, q: z.infer<typeof armyQuerySchema>): ResultBody {
  const problems: string[] = []
  const gauntletIncluded = table.options.gauntletPointsIncluded !== false
  const weapons = [...UNSC_WEAPONS, ...COVENANT_WEAPONS]
  const rows = q.units.map((u, i) => {
    const entry = HALO_UNITS.find((e) => e.id === u.unit)
    if (!entry) {
      problems.push(`units[${i}]: unknown unit entry "${u.unit}"`)
      return { unit: u.unit, category: 'standard' as const, points: 0, vehicle: false }
    }
    if (u.models.length < entry.models[0] || u.models.length > entry.models[1]) problems.push(`units[${i}]: ${entry.name} has ${entry.models[0]}-${entry.models[1]} models, not ${u.models.length}`)
    let points = 0
    let vehicle = false
    for (const id of u.models) {
      const m = HALO_MODELS.find((x) => x.id === id && x.unit === entry.name)
      if (!m) { problems.push(`units[${i}]: "${id}" is not a model of ${entry.name}`); continue }
      points += m.points
      // Option gauntletPointsIncluded = false: the Jackals' Point Defence Gauntlet is paid on top (4 points).
      if (!gauntletIncluded && GAUNTLET_CARRIERS.includes(m.id)) points += POINT_DEFENCE_GAUNTLET.points ?? 0
      if (m.specialRules.includes('Vehicle')) vehicle = true
    }
    for (const w of u.weapons ?? []) {
      const wp = weapons.find((x) => x.id === w)
      if (!wp) problems.push(`units[${i}]: unknown weapon "${w}"`)
      else points += wp.points ?? 0
    }
    return { unit: entry.id, category: vehicle ? ('specialist' as const) : entry.category, points, vehicle }
  })
  const total = rows.reduce((s, r) => s + r.points, 0)
  const standard = rows.filter((r) => r.category === 'standard').reduce((s, r) => s + r.points, 0)
  const specialist = total - standard
  if (standard * 2 < total) problems.push(`Standard units are ${standard} of ${total} points: at least 50% needed`)
  if (specialist * 2 > total) problems.push(`Specialist units are ${specialist} of ${total} points: no more than 50%`)
  if (q.pointsLimit !== undefined && total > q.pointsLimit) problems.push(`${total} points is over the ${q.pointsLimit}-point limit`)
  if (rows.some((r) => r.vehicle) && (q.pointsLimit ?? total) < HALO_ARMY.vehiclesFromPoints && q.vehiclesAgreed !== true) problems.push('vehicles are only used in games of 400 or more points (unless players agree)')
  const count = (id: string) => rows.filter((r) => r.unit === id).length
  if (count('warthog') > 1) problems.push('You may only include 1 Warthog in your army')
  if (count('grunt-infantry-commander') > count('grunt-infantry')) problems.push('1 Grunt Infantry Commander for each Grunt Infantry unit')
  if (count('grunt-heavy') > count('grunt-infantry')) problems.push('1 Grunt Heavy for each Grunt Infantry unit')
  if (count('elite-infantry-commander') > count('elite-infantry')) problems.push('1 Elite Infantry Commander for each Elite Infantry unit')
  if (count('hunter') % 2 === 1) problems.push('When taking a Hunter unit you must always take two')
  return { valid: problems.length === 0, problems, total, standard, specialist, units: rows, ...book.sources([HALO_ARMY.section, 'halo-breakpoint/building-an-army.html#game-size']) }
}
