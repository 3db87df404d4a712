// Scraplands on the Cadence core: hooks and handlers for the module's rules (scraplands/module-rules.html,
// building-a-team.html): cars are Vehicles, upgrades that change the car, Turret, Disrupt, car moves,
// collisions, ramps and control checks.
import { z } from 'zod'
import { chanceE } from '../index.ts'
import { book } from '../index.ts'
import { type QueryOf, type ResultBody, type Table, type TableModel, inches, placeBase, roundTo, toInches, type MoveResult, type AttackResult } from '../../../engine/index.ts'
import {
  type AttackChainResult, type AttackHooks, type AttackSituation, type CadenceCore, E0, pickWeapon, resolveAttack, E1, addE, complementE, exact, formatE, hasRule, mulE, powE, subE, toNumberE,
} from '../index.ts'
import { controlCheckOdds, oddsFigure, CONTROL_RULE } from './controlCheck.ts'
import { CARS, CAR_UPGRADES, CAR_WEAPONS, TEAM_BUILDING } from './catalogue.ts'
import { type CarView, CAR_MOVE_MODES, type CarMoveContext, measureCarMove } from './carMovement.ts'
import { baseOverlapsFootprint, overlapsModel } from '../index.ts'
import { segmentInsideLengthMm } from '../../../engine/index.ts'

export const SCRAPLANDS_SECTIONS = {
  module: 'scraplands/module-rules.html',
  cars: 'scraplands/module-rules.html#playing-scraplands',
  upgrades: 'scraplands/building-a-team.html#upgrades',
  special: 'scraplands/module-rules.html#special-rules',
  ramps: 'scraplands/module-rules.html#ramps',
  control: CONTROL_RULE,
} as const

export const scraplandsContextShape = {
  via: z.array(z.tuple([z.number(), z.number()])).optional(),
  /** Use the one-use Boost upgrade on this Move. */
  boost: z.boolean().optional(),
}

export const rampQuerySchema = z.strictObject({ id: z.string().min(1), type: z.literal('ramp'), model: z.string().min(1), ramp: z.string().min(1) })
export const controlCheckQuerySchema = z.strictObject({ id: z.string().min(1), type: z.literal('control-check'), model: z.string().min(1), checks: z.number().int().min(1).max(12).optional() })

/** Upgrade ids a car carries (stats.upgrades or keywords), as the core reads them. */
function upgradesOf(core: CadenceCore, table: Table, m: TableModel): readonly string[] {
  return core.view(table, m).upgrades
}

/** The car's attributes after Armour Plates (+1 Toughness) and Elite Driver (Skill 4+). */
export function carView(core: CadenceCore, table: Table, m: TableModel): CarView {
  const v = core.view(table, m)
  const armour = v.upgrades.includes('armour-plates') ? 1 : 0
  const elite = v.upgrades.includes('elite-driver')
  return { model: m, movementInches: v.movementInches, skill: elite ? Math.min(v.skill, 4) : v.skill, toughness: v.toughness + armour, rules: v.rules, upgrades: v.upgrades }
}

/** Hooks so the core sees Scraplands cars: Vehicles (extra keyword), upgraded attributes, the Turret weapon. */
function carHooks(core: CadenceCore, table: Table, q: QueryOf<'attack'>): AttackHooks {
  const attacker = table.model(q.attacker)
  const turret = typeof attacker.stats.turretWeapon === 'string' && carView(core, table, attacker).upgrades.includes('turret') ? attacker.stats.turretWeapon : null
  return {
    // "all cars count as having the vehicle special rule"
    keywords: { source: 'every car counts as having the Vehicle special rule', rule: SCRAPLANDS_SECTIONS.cars, of: () => ({ add: ['Vehicle'] }) },
    stats: {
      source: 'car upgrades: Armour Plates (+1 Toughness), Elite Driver (Skill 4+)', rule: SCRAPLANDS_SECTIONS.upgrades,
      of: (m) => {
        const c = carView(core, table, m)
        return { skill: c.skill, toughness: c.toughness }
      },
    },
    ...(turret ? {
      // Turret: "Remove the Arc (Front) special rule from one weapon on this car."
      weapon: {
        source: `Turret: Arc (Front) removed from ${turret}`, rule: SCRAPLANDS_SECTIONS.upgrades,
        of: (m: TableModel) => {
          const w = pickWeapon(m, q.weapon)
          return w.id === turret ? { ...w, specialRules: (Array.isArray(w.specialRules) ? (w.specialRules as string[]) : []).filter((r) => r !== 'Arc (Front)') } : w
        },
      },
    } : {}),
  }
}

function pAnyFailedDefence(chain: AttackChainResult): { n: bigint; d: bigint } {
  let p = E0
  for (const [h, ph] of chain.hits) p = addE(p, mulE(ph, subE(E1, powE(complementE(chain.pDefenceFails), h))))
  return p
}

export function scraplandsAttack(core: CadenceCore, table: Table, q: QueryOf<'attack'>): AttackResult {
  const result = resolveAttack(core, table, q, carHooks(core, table, q))
  const out: AttackResult = { ...result }
  const turret = typeof table.model(q.attacker).stats.turretWeapon === 'string' && upgradesOf(core, table, table.model(q.attacker)).includes('turret')
  if (turret) out.turret = { weapon: table.model(q.attacker).stats.turretWeapon, ...book.cite({ rule: SCRAPLANDS_SECTIONS.upgrades }), note: 'Arc (Front) removed from this weapon' }
  return { ...out, ...book.sources([...new Set([...(result.rules ?? []), SCRAPLANDS_SECTIONS.cars, ...(turret ? [SCRAPLANDS_SECTIONS.upgrades] : [])])]) }
}

/** Disrupt: "Any car that fails a Defence roll against attacks from this weapon makes a control check". */
// The attack's views (carHooks' stats hook) already include the target's upgraded Skill and Toughness.
export function scraplandsExtras(s: AttackSituation, chain: AttackChainResult | null): Record<string, unknown> {
    if (!hasRule(s.weaponRules, 'disrupt') || !chain) return {}
    const pCheck = pAnyFailedDefence(chain)
    const c = s.target
    const odds = controlCheckOdds(c.skill, c.toughness, hasRule(c.rules, 'sturdy'), hasRule(c.rules, 'ramshackle'))
    const both = mulE(pCheck, odds.pLosesHitPoint)
    return {
      disrupt: {
        pControlCheck: chanceE(pCheck),
        controlCheck: oddsFigure(odds, 1),
        pHitPointFromCheck: chanceE(both),
        note: 'one control check when at least one Defence roll fails, even if no Hit Point is lost',
        ...book.cite({ rule: SCRAPLANDS_SECTIONS.special }),
      },
    }
}

export function scraplandsMove(core: CadenceCore, table: Table, q: QueryOf<'move'>): MoveResult {
  const mode = q.mode ?? 'move'
  if (!(CAR_MOVE_MODES as readonly string[]).includes(mode)) {
    return { allowed: false, mode, reasons: [book.reason({ code: 'unknown-mode', message: `Scraplands car moves: ${CAR_MOVE_MODES.join(', ')}`, rule: SCRAPLANDS_SECTIONS.module })], ...book.sources([SCRAPLANDS_SECTIONS.module]) }
  }
  const m = table.model(q.model)
  return measureCarMove(table, carView(core, table, m), q, (q.context ?? {}) as CarMoveContext, (o) => carView(core, table, o))
}

export function controlCheck(core: CadenceCore, table: Table, q: z.infer<typeof controlCheckQuerySchema>): ResultBody {
  const c = carView(core, table, table.model(q.model))
  const odds = controlCheckOdds(c.skill, c.toughness, hasRule(c.rules, 'sturdy'), hasRule(c.rules, 'ramshackle'))
  return { model: q.model, ...oddsFigure(odds, q.checks ?? 1), note: 'if a control check costs Hit Points the activation ends immediately' }
}

/** Where the car lands for each 2D6 total, off the far end of the ramp along the car's facing. */
export function rampJump(core: CadenceCore, table: Table, q: z.infer<typeof rampQuerySchema>): ResultBody {
  const car = table.model(q.model)
  const ramp = table.terrainPiece(q.ramp)
  const ux = Math.cos((car.facingDeg * Math.PI) / 180)
  const uy = Math.sin((car.facingDeg * Math.PI) / 180)
  // The end of the ramp: where the car's centre line leaves the ramp's footprint.
  const far = inches(100)
  const inside = segmentInsideLengthMm(ramp.solid.footprint, car.x, car.y, car.x + ux * far, car.y + uy * far)
  if (inside <= 0) {
    return { ramp: ramp.id, allowed: false, reasons: [book.reason({ code: 'not-driving-onto-ramp', message: `${car.id}'s line of travel does not cross ${ramp.id}`, rule: SCRAPLANDS_SECTIONS.ramps })], ...book.sources([SCRAPLANDS_SECTIONS.ramps]) }
  }
  const entryOffset = distanceToFootprint(ramp.solid.footprint, car.x, car.y, ux, uy)
  const endDist = entryOffset + inside
  const exit: [number, number] = [car.x + ux * endDist, car.y + uy * endDist]
  const half = car.placed.halfLengthMm
  const outcomes: Array<{ total: number; probability: string; landsAt: [number, number]; wrecked: boolean; reason?: string; landsOn?: string[] }> = []
  let pWreck = E0
  for (let total = 2; total <= 12; total++) {
    const ways = 6 - Math.abs(total - 7)
    // The car leaves the ramp's end and moves 2D6 inches "directly forward from the end of the ramp".
    const d = half + inches(total)
    const at: [number, number] = [exit[0] + ux * d, exit[1] + uy * d]
    const b = placeBase(car.base, at[0], at[1], car.facingDeg)
    const solid = table.terrain.filter((t) => t.id !== ramp.id && (t.has('solid') || t.has('impassable')) && baseOverlapsFootprint(b, t.solid.footprint)).map((t) => t.id)
    const r = Math.max(b.halfLengthMm, b.halfWidthMm)
    const off = at[0] - r < 0 || at[1] - r < 0 || at[0] + r > table.widthMm || at[1] + r > table.depthMm
    const cars = table.models.filter((o) => o.id !== car.id && overlapsModel(b, o.placed)).map((o) => o.id)
    const wrecked = solid.length > 0 || off
    if (wrecked) pWreck = addE(pWreck, exact(ways, 36))
    outcomes.push({
      total, probability: `${ways}/36`, landsAt: [roundTo(at[0], 2), roundTo(at[1], 2)], wrecked,
      ...(wrecked ? { reason: off ? 'off the battlefield' : `cannot be placed: solid terrain ${solid.join(', ')}` } : {}),
      ...(cars.length ? { landsOn: cars } : {}),
    })
  }
  const c = carView(core, table, car)
  const odds = controlCheckOdds(c.skill, c.toughness, hasRule(c.rules, 'sturdy'), hasRule(c.rules, 'ramshackle'))
  return {
    ramp: ramp.id,
    rampEnd: [roundTo(exit[0], 2), roundTo(exit[1], 2)],
    distanceToEndInches: roundTo(toInches(endDist), 3),
    outcomes,
    wrecked: { probability: chanceE(pWreck).value, ...chanceE(pWreck) },
    controlCheck: oddsFigure(odds, 1),
    note: 'the car is placed with its rear edge at the ramp end, then moves 2D6" straight on, ignoring terrain and cars on the way; landing on another car is not covered by the rules (reported as landsOn)',
    ...book.sources([SCRAPLANDS_SECTIONS.ramps, CONTROL_RULE]),
  }
}

function distanceToFootprint(fp: ReadonlyArray<readonly [number, number]>, x: number, y: number, ux: number, uy: number): number {
  // Smallest t ≥ 0 where the ray enters the footprint (0 when it starts inside or touching).
  let best = Infinity
  for (let i = 0; i < fp.length; i++) {
    const p = fp[i]!
    const q = fp[(i + 1) % fp.length]!
    const ex = q[0] - p[0]
    const ey = q[1] - p[1]
    const den = ux * ey - uy * ex
    if (Math.abs(den) < 1e-12) continue
    const t = ((p[0] - x) * ey - (p[1] - y) * ex) / den
    const s = ((p[0] - x) * uy - (p[1] - y) * ux) / den
    if (t >= 0 && s >= 0 && s <= 1) best = Math.min(best, t)
  }
  return Number.isFinite(best) ? best : 0
}


export const raceOrderQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('race-order'),
  cars: z.array(z.strictObject({
    model: z.string().min(1),
    commandPoints: z.number().int().min(0),
    /** Distance still to travel to complete the race, inches (laps included): the race position. */
    distanceToFinishInches: z.number().min(0),
    /** On the inside of the corner (tie-break). */
    insideOfCorner: z.boolean().optional(),
  })).min(1),
})

/**
 * Activation order in race missions (scraplands/module-rules.html#racing): most Command Points first;
 * ties by race position, "the car that is furthest ahead on the track and furthest ahead in laps (i.e.
 * the shortest distance to travel to complete the race)"; then the car on the inside of a corner.
 */
export function raceOrder(table: Table, q: z.infer<typeof raceOrderQuerySchema>): ResultBody {
  for (const c of q.cars) table.model(c.model)
  const sorted = [...q.cars].sort((a, b) =>
    b.commandPoints - a.commandPoints || a.distanceToFinishInches - b.distanceToFinishInches || Number(b.insideOfCorner ?? false) - Number(a.insideOfCorner ?? false))
  const order = sorted.map((c, i) => {
    const prev = sorted[i - 1]
    const why = !prev ? 'first' : prev.commandPoints !== c.commandPoints ? 'fewer Command Points' : prev.distanceToFinishInches !== c.distanceToFinishInches ? 'further to travel' : prev.insideOfCorner !== c.insideOfCorner ? 'outside of the corner' : 'tied (players decide)'
    return { model: c.model, commandPoints: c.commandPoints, distanceToFinishInches: c.distanceToFinishInches, after: why }
  })
  return { order, ...book.sources(['scraplands/module-rules.html#racing']) }
}

export const teamCostQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('team-cost'),
  cars: z.array(z.strictObject({ car: z.string().min(1), weapons: z.array(z.string()).optional(), upgrades: z.array(z.string()).optional() })).min(1),
})

/**
 * Team building (scraplands/building-a-team.html): "Each player may spend up to 250 credits on each car ...
 * In addition each player has a further 100 credits to spend for each car in their team but this may be used
 * to buy weapons and upgrades for any of their vehicles." Turret: "One per car only."
 */
export function teamCost(q: z.infer<typeof teamCostQuerySchema>): ResultBody {
  const problems: string[] = []
  const cars = q.cars.map((c, i) => {
    const chassis = CARS.find((x) => x.id === c.car)
    if (!chassis) problems.push(`cars[${i}]: unknown car "${c.car}"`)
    const items = [
      ...(c.weapons ?? []).map((id) => ({ id, cost: CAR_WEAPONS.find((w) => w.id === id)?.points })),
      ...(c.upgrades ?? []).map((id) => ({ id, cost: CAR_UPGRADES.find((u) => u.id === id)?.points })),
    ]
    for (const it of items) if (it.cost === undefined || it.cost === null) problems.push(`cars[${i}]: unknown weapon or upgrade "${it.id}"`)
    if ((c.upgrades ?? []).filter((u) => u === 'turret').length > 1) problems.push(`cars[${i}]: Turret is "One per car only"`)
    const total = (chassis?.points ?? 0) + items.reduce((s, it) => s + (it.cost ?? 0), 0)
    return { car: c.car, credits: total, fromPool: Math.max(0, total - TEAM_BUILDING.creditsPerCar) }
  })
  const pool = TEAM_BUILDING.sharedCreditsPerCar * q.cars.length
  const fromPool = cars.reduce((s, c) => s + c.fromPool, 0)
  if (fromPool > pool) problems.push(`${fromPool} credits over the 250 per car, but the shared pool is ${pool} (100 per car)`)
  return { valid: problems.length === 0, problems, cars, pool, fromPool, total: cars.reduce((s, c) => s + c.credits, 0), ...book.sources(['scraplands/building-a-team.html', 'scraplands/building-a-team.html#upgrades']) }
}
