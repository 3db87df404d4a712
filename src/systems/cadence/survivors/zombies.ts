// Survivors' zombie rules (survivors/module-rules.html): disturbance rolls, zombie activity events,
// the zombie's scripted move and attack, search objectives and retreat.
import { z } from 'zod'
import { chanceE, objectiveArea } from '../index.ts'
import { book } from '../index.ts'
import {
  SceneError, type QueryOf, type ResultBody, type UniformReason, type Table, type TableModel,
  inches, isWithin, measureBaseGap2, placeBase, roundTo, toInches, type AreaResult } from '../../../engine/index.ts'
import {
  type CadenceCore, exact, formatE, judgeUnitSight, markerToGroupMm, measureGap, mulE, powE, toNumberE, withinReading,
} from '../index.ts'
import { SURVIVORS as SV } from './constants.ts'

export const SURVIVORS_SECTIONS = {
  disturbance: 'survivors/module-rules.html#disturbance-rolls',
  activity: 'survivors/module-rules.html#zombie-activity-events',
  zombies: 'survivors/module-rules.html#zombie-models',
  resources: 'survivors/module-rules.html#resources',
  retreat: 'survivors/module-rules.html#retreat',
  special: 'survivors/module-rules.html#special-rules',
  upgrades: 'survivors/gather-your-survivors.html#upgrades',
} as const

/** Zombies: side "zombies", the zombie profile, or the keyword "zombie". They have no owner. */
export function isZombie(m: TableModel): boolean {
  return m.side === 'zombies' || m.profileId === 'zombie' || m.keywords.includes('zombie')
}

const point = z.tuple([z.number(), z.number()])

export const disturbanceQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('disturbance'),
  model: z.string().min(1),
  round: z.number().int().min(1).max(6),
  advanced: z.boolean().optional(),
  attacked: z.boolean().optional(),
  /** Weapon used for the attack (Loud, Silent, Bad Idea). */
  weapon: z.string().optional(),
  /** Where the model started its activation (the straight path from here is checked for proximity). */
  from: point.optional(),
  /** Inches moved this activation (Runner: more than 12" costs a roll). */
  movedInches: z.number().min(0).optional(),
  zombieEntryPoints: z.array(point).optional(),
})

export const zombieQuerySchema = z.strictObject({ id: z.string().min(1), type: z.literal('zombie'), zombie: z.string().min(1), causedBy: z.string().optional() })
export const retreatQuerySchema = z.strictObject({ id: z.string().min(1), type: z.literal('retreat'), model: z.string().min(1), entryPoints: z.array(point).min(1) })

function pointGapMm(p: readonly [number, number], m: { placed: TableModel['placed'] }): number {
  return measureBaseGap2(placeBase({ shape: 'round', diameter: 1e-9 }, p[0], p[1], 0), m.placed).gapMm
}

/** Closest approach of the model's base, moving straight from `from` to where it stands, to a point or a model. */
function closestOnPath(m: TableModel, from: readonly [number, number] | undefined, gapAt: (placed: TableModel['placed']) => number): number {
  if (!from) return gapAt(m.placed)
  let best = Infinity
  const steps = 64
  for (let i = 0; i <= steps; i++) {
    const f = i / steps
    const placed = placeBase(m.base, from[0] + (m.x - from[0]) * f, from[1] + (m.y - from[1]) * f, m.facingDeg)
    best = Math.min(best, gapAt(placed))
  }
  return best
}

export function resolveDisturbance(core: CadenceCore, table: Table, q: z.infer<typeof disturbanceQuerySchema>): ResultBody {
  const m = table.model(q.model)
  if (isZombie(m)) throw new SceneError([{ path: 'model', message: 'zombies make no disturbance rolls' }])
  const v = core.view(table, m)
  const within = withinReading(table)
  const weapon = q.weapon ? m.weapons.find((w) => w.id === q.weapon) : undefined
  if (q.weapon && !weapon) throw new SceneError([{ path: 'weapon', message: `${m.id} does not carry "${q.weapon}"` }])
  const rules = (weapon?.specialRules as string[] | undefined) ?? []
  const badIdea = rules.some((r) => /^bad idea$/i.test(r))
  const rolls: UniformReason[] = []
  if (q.advanced) rolls.push(book.reason({ code: 'advance', message: 'made an Advance action', rule: SURVIVORS_SECTIONS.disturbance }))
  if (q.attacked && !rules.some((r) => /^silent$/i.test(r))) rolls.push(book.reason({ code: 'attack', message: 'made an Attack action', rule: SURVIVORS_SECTIONS.disturbance }))
  if (q.attacked && rules.some((r) => /^loud$/i.test(r))) rolls.push(book.reason({ code: 'loud', message: `${weapon!.name} is Loud: one more roll`, rule: SURVIVORS_SECTIONS.special }))
  const usePath = table.options.disturbanceProximityAt !== 'end-position'
  const from = usePath ? q.from : undefined
  const zombies = table.models.filter(isZombie)
  const r6 = inches(SV.disturbanceZombieInches.value)
  const nearZombies = zombies.filter((zm) => isWithin(closestOnPath(m, from, (p) => measureBaseGap2(p, zm.placed).gapMm), r6, within))
  const nearEntries = (q.zombieEntryPoints ?? []).filter((e) => isWithin(closestOnPath(m, from, (p) => pointGapMm(e, { placed: p })), r6, within))
  const cumulative = table.options.zombieProximityRolls !== 'exclusive'
  if (nearZombies.length + nearEntries.length > 0 && (cumulative || nearZombies.length <= 1)) rolls.push(book.reason({ code: 'near-zombie', message: `within 6" of ${[...nearZombies.map((z) => z.id), ...nearEntries.map((e) => `zombie entry point [${e.join(', ')}]`)].join(', ')}`, rule: SURVIVORS_SECTIONS.disturbance }))
  if (nearZombies.length > 1) rolls.push(book.reason({ code: 'near-zombies', message: `within 6" of more than one zombie (${nearZombies.length})`, rule: SURVIVORS_SECTIONS.disturbance }))
  if (v.upgrades.includes('runner') && (q.movedInches ?? 0) > SV.runnerExtraDisturbanceInches.value) rolls.push(book.reason({ code: 'runner', message: 'Runner moved more than 12"', rule: SURVIVORS_SECTIONS.upgrades }))
  const autoFails = badIdea ? SV.badIdeaFailures.value : 0
  // "a d6 that must roll higher than the current round number"
  const pPass = exact(Math.max(0, 6 - q.round), 6)
  const pNoFail = autoFails > 0 ? exact(0) : powE(pPass, rolls.length)
  const expectedFails = exact(BigInt(autoFails) * pPass.d + BigInt(rolls.length) * (pPass.d - pPass.n), pPass.d)
  const camo = v.upgrades.includes('zombie-camouflage')
  const radiusInches = camo ? SV.zombieCamouflageInches.value : badIdea ? SV.badIdeaActivityInches.value : SV.zombieActivityInches.value
  const activatable = zombies.filter((zm) => isWithin(measureGap(table, m, zm).rawMm, inches(radiusInches), within)).map((zm) => zm.id)
  return {
    model: m.id,
    round: q.round,
    rolls,
    automaticFailures: autoFails,
    ...(badIdea ? { badIdea: 'Bad Idea: counts as failing 3 disturbance rolls; zombies up to 18" away may be activated' } : {}),
    passEach: { ...chanceE(pPass), need: `higher than ${q.round}` },
    noFailure: chanceE(pNoFail),
    expectedFailures: chanceE(expectedFails),
    activation: { radiusInches, zombies: activatable, ...book.cite({ rule: camo ? SURVIVORS_SECTIONS.upgrades : badIdea ? SURVIVORS_SECTIONS.special : SURVIVORS_SECTIONS.activity }), note: 'each failure activates a different zombie within range; with too few, a new zombie is placed within 3" of a zombie entry point' },
    ...book.sources([SURVIVORS_SECTIONS.disturbance, SURVIVORS_SECTIONS.activity]),
  }
}

/** The zombie's scripted activation: a Move, then an Attack. */
export function resolveZombie(core: CadenceCore, table: Table, q: z.infer<typeof zombieQuerySchema>): ResultBody {
  const zm = table.model(q.zombie)
  if (!isZombie(zm)) throw new SceneError([{ path: 'zombie', message: `${zm.id} is not a zombie` }])
  const v = core.view(table, zm)
  const within = withinReading(table)
  const movMm = inches(v.movementInches)
  const reachMm = inches(SV.zombieReachInches.value)
  const living = table.models.filter((m) => !isZombie(m)).map((m) => ({ m, gap: measureGap(table, zm, m).rawMm })).sort((a, b) => a.gap - b.gap)
  if (living.length === 0) return { zombie: zm.id, action: 'none', reasons: [book.reason({ code: 'no-survivors', message: 'no non-zombie models', rule: SURVIVORS_SECTIONS.activity })], ...book.sources([SURVIVORS_SECTIONS.activity]) }
  // "If the zombie is able to move within 1 inch of a non-zombie model it must do so towards the nearest valid model."
  const reachable = living.filter(({ gap }) => isWithin(Math.max(0, gap - movMm), reachMm, within))
  let action: Record<string, unknown>
  if (reachable.length) {
    const t = reachable[0]!
    const canAttack = reachable.filter((r) => isWithin(Math.max(0, r.gap - movMm), reachMm, within)).map((r) => r.m.id)
    const priority = q.causedBy && canAttack.includes(q.causedBy) ? q.causedBy : null
    action = {
      moveTowards: t.m.id,
      distanceInches: roundTo(toInches(t.gap), 3),
      endsWithin1: true,
      attack: { targets: canAttack, priority: priority ?? 'controlling player chooses', weapon: 'zombie-attack' },
      ...book.cite({ rule: SURVIVORS_SECTIONS.activity }),
    }
  } else {
    // Otherwise it moves its full Movement and must end closer to the nearest model it can see.
    const seen = living.filter(({ m }) => judgeUnitSight(table, zm, m, core.isEnemy).class !== 'blocked')
    const t = seen[0] ?? null
    action = { moveFull: v.movementInches, closerTo: t ? t.m.id : null, attack: null, note: t ? 'it need not move directly towards it' : 'no non-zombie model in sight: the book does not say where it goes', ...book.cite({ rule: SURVIVORS_SECTIONS.activity }) }
  }
  return { zombie: zm.id, nearest: living.slice(0, 3).map(({ m, gap }) => ({ model: m.id, inches: roundTo(toInches(gap), 3) })), ...action, cannotClimb: 'Zombies cannot climb', ...book.sources([SURVIVORS_SECTIONS.activity, SURVIVORS_SECTIONS.zombies]) }
}

/** Search objectives (survivors/module-rules.html#resources): within 1", no enemy or zombie within 6", then 2D6 (1D6 once looted). */
export function resolveSearch(core: CadenceCore, table: Table, q: QueryOf<'objective'>): AreaResult {
  const ctx = (q.context ?? {}) as Record<string, unknown>
  const within = withinReading(table)
  const looted = ctx.looted === true
  const asked = Array.isArray(ctx.units) ? (ctx.units as string[]) : [...table.units.keys()].filter((u) => !(table.units.get(u) ?? []).every(isZombie))
  const units = asked.map((unitId) => {
    const ms = table.units.get(unitId) ?? []
    const first = ms[0]
    if (!first) throw new SceneError([{ path: 'context.units', message: `no unit "${unitId}"` }])
    const reasons: UniformReason[] = []
    const near = markerToGroupMm(table, q.at, ms)
    if (!isWithin(near.mm, inches(SV.searchWithinInches.value), within)) reasons.push(book.reason({ code: 'not-within-1', message: `${roundTo(toInches(near.mm), 3)}" from the marker: the securing model must be within 1"`, rule: SURVIVORS_SECTIONS.resources }))
    const threats = table.models.filter((o) => o.unit !== unitId && (isZombie(o) || core.isEnemy(first, o)))
    const close = threats.filter((o) => isWithin(Math.min(...ms.map((m) => measureGap(table, m, o).rawMm)), inches(SV.searchClearInches.value), within))
    if (close.length) reasons.push(book.reason({ code: 'enemy-or-zombie-within-6', message: `${close.map((o) => o.id).join(', ')} within 6"`, rule: SURVIVORS_SECTIONS.resources }))
    return { unit: unitId, closestInches: roundTo(toInches(near.mm), 3), canSearch: reasons.length === 0, reasons }
  })
  const e = (n: number, d: number) => chanceE(exact(n, d))
  const table2d6 = looted
    ? { roll: '1D6 (looted)', 'nothing-left': e(1, 6), zombie: e(1, 6), 'nothing-found': e(3, 6), 'basic-supplies': e(1, 6), 'good-supplies': e(0, 1), cache: e(0, 1), expectedSupplies: e(1, 6) }
    : { roll: '2D6', 'nothing-left': e(0, 1), zombie: e(1, 36), 'nothing-found': e(9, 36), 'basic-supplies': e(16, 36), 'good-supplies': e(9, 36), cache: e(1, 36), expectedSupplies: e(36, 36) }
  return { marker: { at: q.at, type: 'search', looted }, units, outcomes: table2d6, ...book.sources([SURVIVORS_SECTIONS.resources]), area: objectiveArea(q.at, units) }
}

export function resolveRetreat(table: Table, q: z.infer<typeof retreatQuerySchema>): ResultBody {
  const m = table.model(q.model)
  const gaps = q.entryPoints.map((p) => pointGapMm(p, m))
  const best = Math.min(...gaps)
  const ok = isWithin(best, inches(SV.retreatInches.value), withinReading(table))
  return { model: m.id, canRetreat: ok, closestEntryPointInches: roundTo(toInches(best), 3), note: 'retreated models go to reserve, are not casualties and keep their supplies', ...book.sources([SURVIVORS_SECTIONS.retreat]) }
}

/** Odds the weapon becomes unusable after this attack (every die missed, then a 1 on a d6), unless Reliable. */
export function unreliableOdds(pAllMiss: { n: bigint; d: bigint }, reliable: boolean) {
  const p = reliable ? exact(0) : mulE(pAllMiss, exact(1, 6))
  return chanceE(p)
}


export const surgeQuerySchema = z.strictObject({ id: z.string().min(1), type: z.literal('surge') })

/** Zombie Surge (survivors/module-rules.html#zombie-surge): the d6 table, and which zombies a 4-5 may activate. */
export function resolveSurge(table: Table, q: z.infer<typeof surgeQuerySchema>): ResultBody {
  void q
  const within = withinReading(table)
  const living = table.models.filter((m) => !isZombie(m))
  const idle = table.models.filter(isZombie).filter((zm) => !living.some((m) => isWithin(measureGap(table, zm, m).rawMm, inches(SV.surgeIdleInches.value), within)))
  const e = (n: number) => chanceE(exact(n, 6))
  return {
    outcomes: {
      'place-one-each': { roll: '1-3', ...e(3), effect: 'each player places one new zombie within 3" of a zombie entry point' },
      'activate-idle': { roll: '4-5', ...e(2), effect: 'each player activates zombies not within 12" of any model, once each', zombies: idle.map((m) => m.id) },
      'place-two-each': { roll: '6', ...e(1), effect: 'each player places new zombies within 3" of a zombie entry point until they have placed 2 each' },
    },
    ...book.sources(['survivors/module-rules.html#zombie-surge']),
  }
}
