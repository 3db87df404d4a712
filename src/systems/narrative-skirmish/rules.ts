// Rule module of the narrative skirmish game: measuring, sight, cover, armour arcs, the opposed
// d10 roll with bonus dice, movement and the big-model explosion.
import { z } from 'zod'
import {
  type ArcDecl, type AreaResult, type AttackResult, type LosRule, type Modifier, type MoveResult, type QueryOf, type Table, type TableModel, type UniformReason, type Weapon,
  areaFigure, areaMember, settleModifiers, withSight,
  SceneError, classifyArc, complement, convolve, dice, die, fraction, inches, isWithin, lineOfSight, losFigure,
  marginOf, measureModels, measurePath, mul, probabilityFigure, probabilityOfPair, segmentInsideLengthMm, sub, add,
  type Fraction, ONE, toNumber, formatFraction, roundTo, toInches, own, PER_ROLL_SCOPE, modelsNeverBlock,
} from '../../engine/index.ts'
import { book } from './losClasses.ts'
import { COVER_DEFENCE_BONUS, EQUIPMENT, EXPLOSION_RADIUS_INCHES, FAST_BONUS_INCHES, MAX_BONUS_DICE, MOVE_COST_AP, MOVE_INCHES, SECTION, type FiringProfile } from './catalogue.ts'

type Opt = {
  measureFrom: 'edge' | 'centre'
  within: 'le' | 'lt'
  measureMode: '2d' | '3d'
  meleeContactMm: number
  modelsBlockLos: boolean
  coverTest: 'partly-hidden' | 'half-hidden' | 'centre-line'
  tieReading: 'defender' | 'reroll'
  armourArcs: 'quarters' | 'halves-with-sides'
  apReading: 'any-ap' | 'ap-at-least-armour'
  lowArmourReading: 'melee-or-ap' | 'melee-only'
}
export const opt = (t: Table): Opt => t.options as unknown as Opt

export const contextSchema = z.strictObject({
  attackerBonusDice: z.number().int().min(0).max(MAX_BONUS_DICE).optional(),
  defenderBonusDice: z.number().int().min(0).max(MAX_BONUS_DICE).optional(),
  /** Index of the firing profile to use (Sub-Machine Gun: 0 = 18" 1 shot, 1 = 6" 2 shots). */
  profile: z.number().int().min(0).optional(),
  /** Which move of the activation this is (1st, 2nd or 3rd), for move queries. */
  moveNumber: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
})
type Context = z.infer<typeof contextSchema>

export const LOS_RULE_TEXT = 'Combat > Cover (sight is implied: true line of sight from the eye; terrain hides, tokens never do)'

export function losRule(table: Table): LosRule {
  const o = opt(table)
  return {
    mode: '3d',
    from: 'eye',
    to: 'volume',
    terrainBlocks: (p) => p.type === 'solid',
    terrainObscures: (p) => p.type === 'area',
    // (tokens never block unless the option says so: then the engine skips models on every line)
    modelBlocks: o.modelsBlockLos ? () => true : modelsNeverBlock,
    rule: LOS_RULE_TEXT,
  }
}

export function armourArcs(table: Table): readonly ArcDecl[] {
  return opt(table).armourArcs === 'quarters'
    ? [
        { name: 'front', fromDeg: -45, toDeg: 45 },
        { name: 'side', side: 'left', fromDeg: 45, toDeg: 135 },
        { name: 'rear', fromDeg: 135, toDeg: 225 },
        { name: 'side', side: 'right', fromDeg: -135, toDeg: -45 },
      ]
    : [
        { name: 'front', fromDeg: -60, toDeg: 60 },
        { name: 'side', side: 'left', fromDeg: 60, toDeg: 120 },
        { name: 'rear', fromDeg: 120, toDeg: 240 },
        { name: 'side', side: 'right', fromDeg: -120, toDeg: -60 },
      ]
}

// ---- model stats -------------------------------------------------------------------------

const traitsOf = (m: TableModel): Record<string, number | boolean> => (m.stats.traits as Record<string, number | boolean> | undefined) ?? {}
const equipmentOf = (m: TableModel): string[] => (m.stats.equipment as string[] | undefined) ?? []
const trait = (m: TableModel, id: string): number => {
  const v = own(traitsOf(m), id)
  return typeof v === 'number' ? v : v ? 1 : 0
}
export const isBig = (m: TableModel): boolean => m.stats.size === 'big' || m.keywords.includes('big')

/** Armour values {front, side, rear} when the model has any (big models, powered armour). */
export function armourOf(m: TableModel): { front: number; side: number; rear: number } | null {
  const a = m.stats.armour as { front: number; side: number; rear: number } | undefined
  if (a) return a
  if (equipmentOf(m).includes('powered-armor')) return EQUIPMENT['powered-armor'].armour
  return null
}

/** Checks of the model stats this ruleset reads (called when the table is prepared). */
export function checkScene(table: Table): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = []
  table.models.forEach((m, i) => {
    equipmentOf(m).forEach((e, k) => {
      if (!(e in EQUIPMENT)) issues.push({ path: `models[${i}].stats.equipment[${k}]`, message: `unknown equipment "${e}"; expected one of ${Object.keys(EQUIPMENT).join(', ')}` })
    })
    for (const [t, v] of Object.entries(traitsOf(m))) {
      if (!['fast', 'tough', 'ranged-trained', 'martial-training'].includes(t)) issues.push({ path: `models[${i}].stats.traits.${t}`, message: 'unknown trait; expected fast, tough, ranged-trained or martial-training' })
      else if (t === 'fast' ? typeof v !== 'boolean' : typeof v !== 'number' || !Number.isInteger(v) || v < 0) issues.push({ path: `models[${i}].stats.traits.${t}`, message: t === 'fast' ? 'expected true or false' : 'expected a whole number ≥ 0' })
    }
    const a = m.stats.armour as Record<string, unknown> | undefined
    if (a !== undefined && !['front', 'side', 'rear'].every((k) => typeof a[k] === 'number' && (a[k] as number) >= 0)) {
      issues.push({ path: `models[${i}].stats.armour`, message: 'expected {front, side, rear} armour values ≥ 0' })
    }
    if (m.stats.size !== 'small' && m.stats.size !== 'big') issues.push({ path: `models[${i}].profile`, message: 'expected profile "small-model" or "big-model" (or stats.size "small"/"big")' })
  })
  return issues
}

// ---- cover -------------------------------------------------------------------------------

export type CoverCall = { inCover: boolean; by: string[]; level: 'none' | 'cover'; rule: string; test: Opt['coverTest'] }

export function decideCover(table: Table, attacker: TableModel, target: TableModel, density: 'full' | 'coarse' = 'full'): CoverCall {
  const test = opt(table).coverTest
  const rule = SECTION.cover
  let by: string[] = []
  if (test === 'centre-line') {
    by = table.terrain.filter((t) => segmentInsideLengthMm(t.solid.footprint, attacker.x, attacker.y, target.x, target.y) > 0.05).map((t) => t.id)
  } else {
    // Terrain of any type between the eye and the target (figure or base), from the same sampling as LoS.
    const los = lineOfSight(table, attacker, target, false, density)
    const c = los.terrainCrossing
    const qualifies = test === 'partly-hidden' ? c.figure > 0 || c.base > 0 : c.figure >= 0.5
    by = qualifies ? c.pieces : []
  }
  return { inCover: by.length > 0, by, level: by.length > 0 ? 'cover' : 'none', rule, test }
}

// ---- the opposed roll --------------------------------------------------------------------

export type RollSide = { modifier: number; bonusDice: number }

type Odds = { readonly win: Fraction; readonly tie: Fraction; readonly lose: Fraction }
/** Odds already worked out, by the roll's numbers (a pure function of them; a table's attacks repeat a few). */
const oddsMemo = new Map<string, Odds>()
const ODDS_MEMO_SIZE = 4096

/** Exact chance that attacker's d10 + bonus d6s + modifier beats the defender's, and of a tie. */
export function opposedRoll(att: RollSide, def: RollSide, tieReading: Opt['tieReading']): Odds {
  const key = `${att.modifier},${att.bonusDice},${def.modifier},${def.bonusDice},${tieReading}`
  let odds = oddsMemo.get(key)
  if (odds === undefined) {
    if (oddsMemo.size >= ODDS_MEMO_SIZE) oddsMemo.clear()
    oddsMemo.set(key, (odds = Object.freeze(workOutOdds(att, def, tieReading))))
  }
  return odds
}

function workOutOdds(att: RollSide, def: RollSide, tieReading: Opt['tieReading']): Odds {
  const a = convolve(die(10), dice(att.bonusDice, 6, att.modifier))
  const d = convolve(die(10), dice(def.bonusDice, 6, def.modifier))
  let win = probabilityOfPair(a, d, (x, y) => x > y)
  const tie = probabilityOfPair(a, d, (x, y) => x === y)
  let lose = probabilityOfPair(a, d, (x, y) => x < y)
  if (tieReading === 'reroll' && tie.num !== tie.den) {
    const rest = complement(tie)
    win = fraction(win.num * rest.den, win.den * rest.num)
    lose = fraction(lose.num * rest.den, lose.den * rest.num)
    return { win, tie: fraction(0, 1), lose }
  }
  return { win, tie, lose }
}

// ---- attack ------------------------------------------------------------------------------

function pickWeapon(attacker: TableModel, id: string | undefined): Weapon {
  if (id) {
    const w = attacker.weapons.find((x) => x.id === id)
    if (!w) throw new SceneError([{ path: 'weapon', message: `model "${attacker.id}" does not carry weapon "${id}" (it carries: ${attacker.weapons.map((x) => x.id).join(', ') || 'none'})` }])
    return w
  }
  const w = attacker.weapons.find((x) => x.kind === 'ranged') ?? attacker.weapons[0]
  if (!w) return { id: 'unarmed', name: 'Unarmed (no melee weapon)', section: SECTION.combatMelee, kind: 'melee', meleeBonus: 0, reachInches: null, ap: 0 }
  return w
}

export function attack(table: Table, q: QueryOf<'attack'>): AttackResult {
  const o = opt(table)
  const attacker = table.model(q.attacker)
  const target = table.model(q.target)
  const ctx = (q.context ?? {}) as Context
  const weapon = pickWeapon(attacker, q.weapon)
  const melee = weapon.kind === 'melee'
  const reasons: UniformReason[] = []
  const attMods: Modifier[] = []
  const defMods: Modifier[] = []
  const rules = new Set<string>([melee ? SECTION.combatMelee : SECTION.combatRanged])

  if (attacker.side === target.side) reasons.push(book.reason({ code: 'same-side', message: `${target.id} is on the attacker's own side`, rule: melee ? SECTION.combatMelee : SECTION.combatRanged }))

  const measurement = measureModels(attacker, target, { reference: o.measureFrom, mode: o.measureMode })
  let thresholdMm: number | null
  let within = o.within
  let shots = 1
  let profileIndex: number | null = null
  if (melee) {
    const reach = weapon.reachInches as number | null
    thresholdMm = reach === null ? o.meleeContactMm : inches(reach)
    within = 'le'
    rules.add(SECTION.melee)
  } else {
    const profiles = weapon.profiles as FiringProfile[]
    if (ctx.profile !== undefined) {
      if (!profiles[ctx.profile]) throw new SceneError([{ path: 'context.profile', message: `weapon "${weapon.id}" has ${profiles.length} firing profile(s); got index ${ctx.profile}` }])
      profileIndex = ctx.profile
    } else {
      // Default: the in-range profile with the most shots (Sub-Machine Gun within 6": 2 shots).
      const inRange = profiles.map((p, i) => ({ p, i })).filter(({ p }) => p.rangeInches === null || isWithin(measurement.rawMm, inches(p.rangeInches), o.within))
      const best = (inRange.length ? inRange : profiles.map((p, i) => ({ p, i }))).reduce((a, b) => (b.p.shots > a.p.shots || (b.p.shots === a.p.shots && (b.p.rangeInches ?? Infinity) > (a.p.rangeInches ?? Infinity)) ? b : a))
      profileIndex = best.i
    }
    const prof = profiles[profileIndex]!
    shots = prof.shots
    thresholdMm = prof.rangeInches === null ? null : inches(prof.rangeInches)
    rules.add(SECTION.ranged)
  }
  const inRange = thresholdMm === null || isWithin(measurement.rawMm, thresholdMm, within)
  const margin = thresholdMm === null ? null : marginOf(measurement, thresholdMm, within)
  if (!inRange && melee) {
    reasons.push(book.reason({ code: 'not-in-reach', message: `${target.id} is ${measurement.inches}" away: ${weapon.name} fights ${weapon.reachInches ? `within ${weapon.reachInches}"` : 'in base contact'}`, rule: SECTION.combatMelee }))
  } else if (!inRange) {
    // Reasons as data: the CLI and the app print these in the user's unit.
    reasons.push(book.reason({
      code: 'out-of-range',
      message: `${target.id} is ${measurement.inches}" away, beyond ${weapon.name}'s ${roundTo(toInches(thresholdMm!), 3)}" range`,
      rule: SECTION.ranged,
      template: `${target.id} is {distance} away, beyond ${weapon.name}'s {range} range`,
      values: { distance: { value: measurement.mm, unit: 'mm' }, range: { value: roundTo(thresholdMm!, 2), unit: 'mm' } },
    }))
  }

  const los = withSight(table.system, losFigure(table, attacker, target, lineOfSight(table, attacker, target, q.rays ?? false)))
  if (!melee && !los.visible) reasons.push(book.reason({ code: 'no-line-of-sight', message: `${target.id} cannot be seen from ${attacker.id}'s eye (blocked by ${los.blockers.join(', ')})`, rule: LOS_RULE_TEXT }))

  const cover = decideCover(table, attacker, target)
  if (cover.inCover) defMods.push({ source: `cover (${cover.by.join(', ')})`, value: COVER_DEFENCE_BONUS, rule: SECTION.cover })

  // Attacker's modifiers
  if (melee) {
    const bonus = Number(weapon.meleeBonus ?? 0)
    if (bonus) attMods.push({ source: weapon.name, value: bonus, rule: SECTION.melee })
    const mt = trait(attacker, 'martial-training')
    if (mt) attMods.push({ source: `Martial Training (${mt})`, value: mt, rule: SECTION.traits })
    const tough = trait(attacker, 'tough')
    if (tough) attMods.push({ source: `Tough (${tough})`, value: tough, rule: SECTION.traits })
  } else {
    const rt = trait(attacker, 'ranged-trained')
    if (rt) attMods.push({ source: `Ranged Trained (${rt})`, value: rt, rule: SECTION.traits })
  }
  // Defender's modifiers
  const tough = trait(target, 'tough')
  if (tough) defMods.push({ source: `Tough (${tough})`, value: tough, rule: SECTION.traits })
  for (const e of equipmentOf(target)) {
    const eq = EQUIPMENT[e as keyof typeof EQUIPMENT]
    if (eq && eq.defenceBonus) defMods.push({ source: eq.name, value: eq.defenceBonus, rule: SECTION.armour })
  }

  // Armour: which facing the attacker is on, and whether this attack can damage at all.
  let arc: string | null = null
  let canDamage = true
  const armour = armourOf(target)
  const ap = Number(weapon.ap ?? 0)
  if (armour) {
    const a = classifyArc(target.placed, attacker.placed, armourArcs(table), 'centre')
    // Both side arcs use the Side armour (each says which side it is in `side`).
    arc = a.arc
    const av = armour[(arc ?? 'front') as 'front' | 'side' | 'rear']
    rules.add(SECTION.bigModels)
    if (av >= 2) {
      const ok = o.apReading === 'any-ap' ? ap > 0 : ap >= av
      if (!ok) {
        canDamage = false
        reasons.push(book.reason({ code: 'armour-needs-ap', message: `${target.id}'s ${arc} armour is ${av}: only attacks with ${o.apReading === 'any-ap' ? 'an Armor Penetration value' : `AP ${av} or more`} can damage it (${weapon.name} has AP ${ap})`, rule: SECTION.bigModels }))
      }
    } else {
      const ok = melee || (o.lowArmourReading === 'melee-or-ap' && ap > 0)
      if (!ok) {
        canDamage = false
        reasons.push(book.reason({ code: 'armour-melee-only', message: `${target.id}'s ${arc} armour is ${av}: it may only be damaged at melee range${o.lowArmourReading === 'melee-or-ap' ? ' or by an AP weapon' : ''}`, rule: SECTION.bigModels }))
      }
    }
  }

  const attBonus = ctx.attackerBonusDice ?? 0
  const defBonus = ctx.defenderBonusDice ?? 0
  const attSum = attMods.reduce((s, m) => s + m.value, 0)
  const defSum = defMods.reduce((s, m) => s + m.value, 0)
  const roll = opposedRoll({ modifier: attSum, bonusDice: attBonus }, { modifier: defSum, bonusDice: defBonus }, o.tieReading)
  const allowed = reasons.filter((r) => r.code !== 'armour-needs-ap' && r.code !== 'armour-melee-only').length === 0
  const effect = allowed && canDamage ? roll.win : fraction(0, 1)
  const hit = allowed ? roll.win : fraction(0, 1)
  const atLeastOne = complement(powFraction(complement(effect), shots))
  const fmt = (n: number, k: number) => `d10${k ? ` + ${k}d6` : ''}${n ? ` ${n > 0 ? '+' : '−'} ${Math.abs(n)}` : ''}`
  const modifiers = settleModifiers([...attMods.map((m) => ({ ...m, source: `attacker: ${m.source}` })), ...defMods.map((m) => ({ ...m, value: -m.value, source: `defender: ${m.source}` }))].map((m) => book.cite(m)), allowed)
  return {
    allowed,
    reasons,
    weapon: weapon.id,
    melee,
    ...(profileIndex !== null ? { profile: profileIndex } : {}),
    shots,
    distance: { mm: measurement.mm, inches: measurement.inches, points: measurement.points, reference: measurement.reference, mode: measurement.mode },
    inRange,
    ...(margin ? { margin } : {}),
    los,
    cover: book.cite({ level: cover.level, by: cover.by, test: cover.test, rule: cover.rule }),
    arc,
    modifiers,
    need: `${fmt(attSum, attBonus)} must beat the defender's ${fmt(defSum, defBonus)}${o.tieReading === 'defender' ? ' (a tie is not a win)' : ' (ties re-rolled)'}`,
    probability: {
      ...probabilityFigure(hit, effect, [
        `opposed roll: P(attacker total > defender total) over all ${10 * 6 ** attBonus} × ${10 * 6 ** defBonus} outcomes`,
        ...(melee ? [`melee: P(attacker loses) = ${formatFraction(roll.lose)}, P(tie) = ${formatFraction(roll.tie)}`] : []),
      ], PER_ROLL_SCOPE),
      ...(shots > 1 ? { atLeastOneOf: { shots, value: toNumber(atLeastOne), exact: formatFraction(atLeastOne), scope: { of: 'action', rolls: shots } } } : {}),
    },
    ...book.sources(new Set([...rules, ...(cover.inCover ? [SECTION.cover] : [])])),
  }
}

function powFraction(f: Fraction, n: number): Fraction {
  let r = ONE
  for (let i = 0; i < n; i++) r = mul(r, f)
  return r
}
void add
void sub

// ---- movement ----------------------------------------------------------------------------

export function move(table: Table, q: QueryOf<'move'>): MoveResult {
  const m = table.model(q.model)
  const ctx = (q.context ?? {}) as Context
  const moveNumber = ctx.moveNumber ?? 1
  const allowanceInches = (isBig(m) ? MOVE_INCHES.big : MOVE_INCHES.small) + (traitsOf(m).fast ? FAST_BONUS_INCHES : 0)
  const path = measurePath(table, m, q.to, q.facing)
  const reasons: UniformReason[] = []
  if (q.mode !== undefined && q.mode !== 'move') throw new SceneError([{ path: 'mode', message: `unknown move mode "${q.mode}"; the narrative skirmish game has only "move"` }])
  if (!isWithin(path.lengthMm, inches(allowanceInches), 'le')) {
    reasons.push(book.reason({ code: 'too-far', message: `the move is ${path.lengthInches}", more than the ${allowanceInches}" allowance`, rule: SECTION.movement }))
  }
  for (const c of path.crossings) {
    if (c.terrain.type === 'solid' && (c.insideMm > 0.05 || c.endsInside)) {
      reasons.push(book.reason({ code: 'through-solid-terrain', message: `the path goes through solid terrain ${c.terrain.id}`, rule: `${SECTION.movement} (the book is silent: solid pieces are treated as impassable)` }))
    }
  }
  for (const b of path.blockedBy) reasons.push(book.reason({ code: 'base-in-the-way', message: `${b.id}'s base is in the way`, rule: SECTION.movement }))
  if (path.offTable) reasons.push(book.reason({ code: 'off-table', message: 'the model would end off the table', rule: SECTION.movement }))
  return {
    allowed: reasons.length === 0,
    reasons,
    distance: { mm: roundTo(path.lengthMm, 2), inches: path.lengthInches },
    allowance: { mm: roundTo(inches(allowanceInches), 2), inches: allowanceInches },
    mode: 'move',
    costAp: MOVE_COST_AP[moveNumber - 1],
    crossed: path.crossings.map((c) => ({ terrain: c.terrain.id, type: c.terrain.type, insideMm: roundTo(c.insideMm, 2) })),
    ...book.sources([SECTION.movement, SECTION.actions]),
  }
}

// ---- explosion of a big model ------------------------------------------------------------

export function blast(table: Table, q: QueryOf<'blast'>): AreaResult {
  const source = table.model(q.attacker)
  if (!isBig(source)) throw new SceneError([{ path: 'attacker', message: `${source.id} is not a big model: only big models explode (Recovery Phase)` }])
  const o = opt(table)
  const radiusMm = inches(EXPLOSION_RADIUS_INCHES)
  const hit = table.models
    .filter((m) => m.id !== source.id)
    .map((m) => ({ m, d: measureModels(source, m, { reference: o.measureFrom, mode: o.measureMode }) }))
    .filter(({ d }) => isWithin(d.rawMm, radiusMm, o.within))
  const radius = { mm: roundTo(radiusMm, 2), inches: EXPLOSION_RADIUS_INCHES }
  return {
    source: source.id,
    radius,
    hits: hit.map(({ m, d }) => ({ model: m.id, mm: d.mm, inches: d.inches, points: d.points, margin: marginOf(d, radiusMm, o.within) })),
    note: 'Everything within 3" takes a casualty test (d10, 6+ recovers), downed or not.',
    ...book.sources([SECTION.recovery]),
    area: areaFigure('blast', { source: source.id, centre: null, radiusMm: radius.mm, radiusInches: radius.inches, inside: hit.map(({ m, d }) => areaMember(m.id, d)) }),
  }
}
