// Squadrons on the Cadence core: the hooks and handlers that add the module's rules
// (squadrons/module-rules.html) to the core's resolution.
import { z } from 'zod'
import { E0, chanceE, objectiveArea } from '../index.ts'
import { book } from '../index.ts'
import {
  type QueryOf, type ResultBody, type UniformReason, type Table, inches, isWithin, losFigure, polygonContains, roundTo,
  segmentInsideLengthMm, GRAZE_MM, sampleBaseArea, withSight, type AreaResult, type MoveResult, type LosResult, type VisibilityResult, type AttackResult } from '../../../engine/index.ts'
import {
  type AttackHooks, type AttackSituation, type CadenceCore, type ChainAdjustment, type SightHook, LOS_RULE, resolveAttack, findRule, hasRule, judgeUnitSight, sightOfModel,
  weaponNumber, exact, formatE, mulE, toNumberE, resolveObjective,
} from '../index.ts'
import { PREMADE_SHIPS, SHIP_BUILDING, SQUADRONS_RULES } from './catalogue.ts'
import { anySightlineCrosses } from '../index.ts'
import { targetOnlyHook, visibilityWith } from '../index.ts'
import { measureShipMove, SHIP_MOVE_MODES, type ShipMoveContext } from './shipMovement.ts'
import { computeShipCost } from './shipBuilding.ts'

export const SQUADRONS_SECTIONS = {
  module: 'squadrons/module-rules.html',
  intro: 'squadrons/introduction.html',
  attacks: 'squadrons/module-rules.html#ship-attacks',
  obscuring: 'squadrons/module-rules.html#obscuring',
  dangerous: 'squadrons/module-rules.html#dangerous',
  evasion: 'squadrons/module-rules.html#evasion',
  unitRules: 'squadrons/module-rules.html#unit-special-rules',
  weaponRules: 'squadrons/module-rules.html#weapon-special-rules',
  objectives: 'squadrons/module-rules.html#objectives',
} as const

/** Attack and move `context` keys Squadrons adds. */
export const squadronsContextShape = {
  /** The target ship evades this attack (1 CP, or free once per game with Countermeasures). */
  evade: z.boolean().optional(),
  /** Boost: the ship makes a Move and an Advance this activation without pivoting. */
  boost: z.boolean().optional(),
  /** Agile: the extra 45° pivot was already used in the other movement action this activation. */
  agilePivotUsed: z.boolean().optional(),
  /** Pivot points the ship's base centre passes, in order. */
  via: z.array(z.tuple([z.number(), z.number()])).optional(),
  /** The objective is a Scan (or Recover) objective: it is secured after moving over its base. */
  squadronsObjective: z.enum(['scan', 'recover', 'destroy']).optional(),
  /** The ship moved over the objective's base during this activation. */
  movedOverMarker: z.boolean().optional(),
  /** The ship made an Advance action this activation (a Recover objective then cannot be secured). */
  advanced: z.boolean().optional(),
}

/** Scan / Recover objectives (squadrons/module-rules.html#objectives) on top of the core's Secure. */
export function squadronsObjective(core: CadenceCore, table: Table, q: QueryOf<'objective'>): AreaResult {
  const r = resolveObjective(core, table, q)
  const ctx = (q.context ?? {}) as Record<string, unknown>
  const kind = ctx.squadronsObjective
  if (kind !== 'scan' && kind !== 'recover') return r
  const extra: UniformReason[] = []
  // "A ship must move over the base of a Scan objective during it's activation before taking a secure action"
  if (ctx.movedOverMarker !== true) extra.push(book.reason({ code: 'not-moved-over', message: 'the ship must move over the objective\'s base during its activation before securing it', rule: SQUADRONS_SECTIONS.objectives }))
  // Recover: "except that the ship cannot have performed an Advance action during it's activation"
  if (kind === 'recover' && ctx.advanced === true) extra.push(book.reason({ code: 'advanced', message: 'a Recover objective cannot be secured by a ship that made an Advance action this activation', rule: SQUADRONS_SECTIONS.objectives }))
  const units = r.units.map((u) => {
    const reasons = [...((u as { reasons?: UniformReason[] }).reasons ?? []), ...extra]
    const roll = (u as { secureRoll?: Record<string, unknown> }).secureRoll
    return { ...u, canSecure: reasons.length === 0, reasons, ...(extra.length && roll ? { secureRoll: { ...roll, probability: 0, ...chanceE(E0) } } : {}) }
  })
  return { ...r, units, squadronsObjective: kind, ...book.sources([...r.rules, SQUADRONS_SECTIONS.objectives]), area: objectiveArea(q.at, units) }
}

export const shipCostQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('ship-cost'),
  upgrades: z.array(z.string()),
  weapons: z.array(z.string()),
})

/** "Ships may only target enemy ships that are over an inch away"; Obscuring terrain forbids targeting. */
export function squadronsRestrictions(s: AttackSituation): Array<{ code: string; message: string; rule: string }> {
  const out: Array<{ code: string; message: string; rule: string }> = []
  const { table } = s
  if (isWithin(s.distanceMm, inches(SQUADRONS_RULES.minTargetDistanceInches.value), 'le')) {
    out.push(book.reason({ code: 'too-close', message: `${s.target.model.id} is ${roundTo(s.distanceMm / 25.4, 3)}" away: ships may only target enemy ships that are over an inch away`, rule: SQUADRONS_SECTIONS.attacks }))
  }
  for (const t of table.terrain.filter((p) => p.has('obscuring'))) {
    const crosses = table.options.obscuringTest === 'all-sightlines'
      ? everyLineCrosses(s, t.solid.footprint)
      : anySightlineCrosses(s.attacker.model.placed, s.target.model.placed, t.solid.footprint)
    if (crosses) out.push(book.reason({ code: 'obscuring-terrain', message: `a line of sight between ${s.attacker.model.id} and ${s.target.model.id} can be drawn through Obscuring terrain ${t.id}`, rule: SQUADRONS_SECTIONS.obscuring }))
  }
  return out
}

function everyLineCrosses(s: AttackSituation, footprint: ReadonlyArray<readonly [number, number]>): boolean {
  const a = s.attacker.model
  for (const [x, y] of sampleBaseArea(s.target.model.placed, 64)) {
    if (polygonContains(footprint, x, y, 0)) continue
    if (segmentInsideLengthMm(footprint, a.x, a.y, x, y) <= GRAZE_MM) return false
  }
  return true
}

function shieldsActive(s: AttackSituation): boolean {
  const all = s.targetUnit.every((v) => hasRule(v.rules, 'shields') || hasRule(v.rules, 'shield'))
  return all && (s.table.options.shieldActiveAtFullHp === false || s.context.fullHitPoints !== false)
}

/** Kinetic against active Shields, and Evasion's re-rolls. */
export function squadronsChain(s: AttackSituation): ChainAdjustment[] {
  const out: ChainAdjustment[] = []
  if (hasRule(s.weaponRules, 'kinetic') && shieldsActive(s)) {
    const heavyArmour = Math.min(...s.targetUnit.map((v) => findRule(v.rules, 'heavy-armour')?.value ?? 0))
    const effPrc = Math.max(0, weaponNumber(s.weapon, 'piercing') - heavyArmour)
    // "counts their Piercing attribute as -1 against a ship with Shields, while the effect of the shield is active"
    const literal = s.table.options.kineticPiercing !== 'minus-one'
    const modifier = literal ? effPrc + 1 : Math.min(effPrc, 1)
    if (modifier) out.push({ stage: 'defence', modifier, source: literal ? `Kinetic: Piercing counts as -1 against active Shields (was ${effPrc})` : 'Kinetic: Piercing -1 against active Shields', rule: SQUADRONS_SECTIONS.weaponRules })
  }
  if (s.context.evade === true) {
    // "This ship may re-roll any failed Defence and Counter rolls from the attack that targetted it."
    out.push({ stage: 'defence', reroll: true, source: 'Evasion', rule: SQUADRONS_SECTIONS.evasion })
    out.push({ stage: 'counter', reroll: true, source: 'Evasion', rule: SQUADRONS_SECTIONS.evasion })
  }
  return out
}

/** "Line of sight in Squadrons is always worked out on the flat surface of the battlefield using only the ships bases". */
export const FLAT_SIGHT: SightHook = { override: { mode: '2d' }, source: 'line of sight on the flat surface, using only the ships\' bases', rule: SQUADRONS_SECTIONS.attacks }

/** The hooks that make the core see a Squadrons table: flat sight, ships as Vehicles, any enemy ship a target, Disruptor. */
function squadronsHooks(core: CadenceCore, table: Table, q: QueryOf<'attack'>, disruptor: boolean): AttackHooks {
  const noRearWeakSpot = table.options.weakSpotRear === false
  return {
    sight: FLAT_SIGHT,
    // "all ships count as having the Vehicle special rule" (a Destroy objective is not a ship)
    keywords: {
      source: `every ship counts as having the Vehicle special rule${noRearWeakSpot ? ' (Weak Spot (Rear) off: option weakSpotRear)' : ''}`, rule: SQUADRONS_SECTIONS.intro,
      of: (m) => (m.profileId === 'destroy-objective' ? null : { add: ['Vehicle', ...(noRearWeakSpot ? ['Weak Spot (None)'] : [])] }),
    },
    // "otherwise may choose any enemy ship as a target"
    isEnemy: targetOnlyHook(core, table, q.attacker, q.target, 'a ship may choose any enemy ship as a target', SQUADRONS_SECTIONS.attacks),
    // Disruptor: "Rolls to Counter Damage against this weapon do not gain the benefit of the Shields special rule."
    ...(disruptor ? { shieldsOff: { source: 'Disruptor: no Shields re-roll against this weapon', rule: SQUADRONS_SECTIONS.weaponRules } } : {}),
  }
}

export function squadronsAttack(core: CadenceCore, table: Table, q: QueryOf<'attack'>): AttackResult {
  const attacker = table.model(q.attacker)
  const weapon = q.weapon ? attacker.weapons.find((w) => w.id === q.weapon) : attacker.weapons[0]
  const wr = weapon ? (Array.isArray(weapon.specialRules) ? (weapon.specialRules as string[]) : []) : []
  const disruptor = wr.some((r) => /^disruptor$/i.test(r))
  const result = resolveAttack(core, table, q, squadronsHooks(core, table, q, disruptor))
  const rules = new Set<string>([...(result.rules ?? []), SQUADRONS_SECTIONS.attacks, SQUADRONS_SECTIONS.intro])
  const out: AttackResult = { ...result }
  if (wr.some((r) => /^target lock$/i.test(r))) {
    // "Roll a d6 before making any attack rolls with this weapon, on a 3+ this weapon can be used"; Signal Jam: 5+.
    const target = core.view(table, table.model(q.target))
    const jam = hasRule(target.rules, 'signal-jam')
    const need = jam ? SQUADRONS_RULES.signalJamTargetLock.value : SQUADRONS_RULES.targetLockNeed.value
    const pLock = exact(7 - need, 6)
    const prob = result.probability!
    const [n, d] = prob.exact.effect.includes('/') ? prob.exact.effect.split('/') : [prob.exact.effect, '1']
    const effect = mulE(pLock, exact(BigInt(n!), BigInt(d!)))
    out.probability = {
      ...prob,
      effect: chanceE(effect).value,
      exact: { ...prob.exact, effect: formatE(effect) },
      notes: [...(prob.notes ?? []), `Target Lock: the weapon can be used on ${need}+ (${formatE(pLock)})${jam ? ' (Signal Jam)' : ''}; effect includes it, hit is per attack roll once locked`],
    }
    out.targetLock = { need, probability: chanceE(pLock).value, ...chanceE(pLock), signalJam: jam, ...book.cite({ rule: jam ? SQUADRONS_SECTIONS.unitRules : SQUADRONS_SECTIONS.weaponRules }) }
    rules.add(SQUADRONS_SECTIONS.weaponRules)
  }
  if (disruptor) {
    out.disruptor = 'no Shields re-roll against it; a ship that loses a Hit Point to it also loses 1 Command Point'
    rules.add(SQUADRONS_SECTIONS.weaponRules)
  }
  if ((q.context as Record<string, unknown> | undefined)?.evade === true) out.evasion = 'the target spends 1 CP (Countermeasures: once per game free) and may move up to 2" left or right (move query, mode "evade")'
  Object.assign(out, book.sources(rules))
  return out
}

/** LoS on the flat bases, with the core's classes (and whether Obscuring terrain forbids targeting). */
export function squadronsLos(core: CadenceCore, table: Table, q: QueryOf<'los'>): LosResult {
  const a = table.model(q.from)
  const b = table.model(q.to)
  const fig = losFigure(table, a, b, sightOfModel(table, a, b, q.rays ?? false, FLAT_SIGHT))
  const unit = judgeUnitSight(table, a, b, core.isEnemy, FLAT_SIGHT)
  const obscuring = table.terrain.filter((t) => t.has('obscuring') && anySightlineCrosses(a.placed, b.placed, t.solid.footprint)).map((t) => t.id)
  const reasons: UniformReason[] = [...unit.reasons]
  if (obscuring.length) reasons.push(book.reason({ code: 'obscuring-terrain', message: `a sight line between the bases passes through Obscuring terrain ${obscuring.join(', ')}: no attack`, rule: SQUADRONS_SECTIONS.obscuring }))
  return {
    ...withSight(table.system, { ...fig, class: unit.class }, reasons),
    flat: true,
    canTarget: unit.class !== 'blocked' && obscuring.length === 0,
    obscuringTerrain: obscuring,
    unit: { targetUnit: unit.targetUnit, sightClass: unit.sightClass, fullyVisible: unit.fullyVisible, visible: unit.visible, reasons },
    ...book.sources([LOS_RULE, SQUADRONS_SECTIONS.attacks, ...(obscuring.length ? [SQUADRONS_SECTIONS.obscuring] : [])]),
  }
}

export function squadronsVisibility(core: CadenceCore, table: Table, q: QueryOf<'visibility'>): VisibilityResult {
  return visibilityWith(core, table, q.side, SQUADRONS_SECTIONS.attacks, FLAT_SIGHT)
}

export function squadronsMove(core: CadenceCore, table: Table, q: QueryOf<'move'>): MoveResult {
  const ship = table.model(q.model)
  const mode = q.mode ?? 'move'
  if (!(SHIP_MOVE_MODES as readonly string[]).includes(mode)) {
    return { allowed: false, mode, reasons: [book.reason({ code: 'unknown-mode', message: `Squadrons ship moves: ${SHIP_MOVE_MODES.join(', ')}`, rule: SQUADRONS_SECTIONS.module })], ...book.sources([SQUADRONS_SECTIONS.module]) }
  }
  const v = core.view(table, ship)
  return measureShipMove({ table, ship, movementInches: v.movementInches, toughness: v.toughness, rules: v.rules, query: q, context: (q.context ?? {}) as ShipMoveContext })
}

export function shipCost(table: Table, q: z.infer<typeof shipCostQuerySchema>): ResultBody {
  const c = computeShipCost(q.upgrades, q.weapons, { weaponsCountAsUpgrades: table.options.weaponsCountAsUpgrades !== false, surchargeStacks: table.options.surchargeStacks === true })
  return { points: c.total, items: c.itemCount, lines: c.lines, ...book.sources(['squadrons/building-a-squadron.html#custom-ships', 'squadrons/building-a-squadron.html#ship-upgrades']) }
}


export const squadronQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('squadron'),
  ships: z.array(z.union([z.string().min(1), z.strictObject({ upgrades: z.array(z.string()), weapons: z.array(z.string()) })])).min(1),
  pointsLimit: z.number().int().positive().optional(),
})

/** "players select up to 15 ships to a total of 300 points" (squadrons/building-a-squadron.html). */
export function checkSquadron(table: Table, q: z.infer<typeof squadronQuerySchema>): ResultBody {
  const limit = q.pointsLimit ?? SHIP_BUILDING.standardPoints
  const problems: string[] = []
  const opts = { weaponsCountAsUpgrades: table.options.weaponsCountAsUpgrades !== false, surchargeStacks: table.options.surchargeStacks === true }
  const ships = q.ships.map((s, i) => {
    if (typeof s === 'string') {
      const p = PREMADE_SHIPS.find((x) => x.id === s)
      if (!p) { problems.push(`ships[${i}]: unknown pre-built ship "${s}"`); return { ship: s, points: 0 } }
      return { ship: s, points: p.listedPoints, recomputed: computeShipCost(p.upgrades, p.weapons, opts).total }
    }
    return { ship: 'custom', points: computeShipCost(s.upgrades, s.weapons, opts).total }
  })
  const total = ships.reduce((a, s) => a + s.points, 0)
  if (ships.length > SHIP_BUILDING.maxShips) problems.push(`${ships.length} ships: up to 15`)
  if (total > limit) problems.push(`${total} points is over ${limit}`)
  return { valid: problems.length === 0, problems, total, ships, pointsLimit: limit, ...book.sources(['squadrons/building-a-squadron.html']) }
}
