// The attack query: shooting (§13) or combat (§14), decided by the weapon and by base contact.
// Geometry decides range, line of sight, cover, front/behind, engagement, teams, support and
// outnumbering; the query's `context` gives what the camera cannot see.
import {
  type Fraction,
  type Modifier,
  type AttackResult,
  type QueryOf,
  type Table,
  type TableModel,
  ONE,
  ZERO,
  add,
  inches,
  marginOf,
  measureModels,
  mul,
  probabilityFigure,
  SceneError,
  sub,
  toInches,
  formatFraction, SINGLE_ROLL_SCOPE, settleModifiers, withSight } from '../../engine/index.ts'
import { type CombatWeapon, type RangedWeapon, type Weapon, findWeapon } from './catalogue.ts'
import { book } from './losClasses.ts'
import { combatChance, intoCombatChance, ONE_FACE, passChance } from './chance.ts'
import type { QueryContext } from './contextSchema.ts'
import { passingFaces } from './dice.ts'
import { describeCombat, findEngaged, findFormation, findFriendsInContact, isInBaseContact, isOpponent } from './findContacts.ts'
import { measureFrontBehind } from './measureFrontBehind.ts'
import { NUMBERS } from './numbers.ts'
import type { SkrapyardOptions } from './options.ts'
import { readCharacter, readOptions, requireStat } from './readCharacter.ts'
import { type SkrapyardLos, sampleSkrapyardLos } from './sampleSkrapyardLos.ts'
import { NO_SHOT_CONTEXT, type Reason, type ShotContext, resolveShot } from './shooting.ts'

/** The weapon a model uses: the catalogue entry merged with the model's own (inline) entry of that id. */
export function pickWeapon(m: TableModel, requested: string | undefined, inContact: boolean): Weapon {
  const carried = m.weapons.map((w) => ({ ...(findWeapon(w.id) ?? {}), ...w }) as unknown as Weapon)
  if (requested !== undefined) {
    const own = carried.find((w) => w.id === requested || w.id === findWeapon(requested)?.id)
    // Everyone has basic weapons for shooting and for combat (§13.1, §14.4); Aethyric arc is a magic feat (§19.5.7).
    const base = findWeapon(requested)
    const always = base && (base.id === 'basic-weapon' || base.id === 'basic-combat-weapon' || base.id === 'aethyric-arc')
    const w = own ?? (always ? base : undefined)
    if (!w) {
      throw new SceneError([{ path: 'weapon', message: `${m.id} does not carry "${requested}"; it carries ${['basic-weapon', 'basic-combat-weapon', ...carried.map((c) => c.id)].join(', ')}` }])
    }
    if (w.kind !== 'ranged' && w.kind !== 'combat') throw new SceneError([{ path: 'weapon', message: `weapon "${requested}" needs kind "ranged" or "combat"` }])
    return w
  }
  // §14.5: in combat the basic weapon unless declared; §13.6.2 (second): when shooting, the advanced weapon.
  if (inContact) return findWeapon('basic-combat-weapon')!
  return carried.find((w) => w.kind === 'ranged') ?? findWeapon('basic-weapon')!
}

function shotContext(ctx: QueryContext): ShotContext {
  const out: Record<string, boolean> = { ...NO_SHOT_CONTEXT }
  for (const k of Object.keys(NO_SHOT_CONTEXT)) {
    const v = (ctx as Record<string, unknown>)[k]
    if (typeof v === 'boolean') out[k] = v
  }
  return out as ShotContext
}

const fmt = formatFraction

/** The line of sight as a result gives it, with its sight block (the class as the book reads it, §13.2.3, §13.11). */
export function losResultFields(table: Table, los: SkrapyardLos) {
  return withSight(table.system, {
    visible: los.visible,
    fraction: Math.round(los.fraction * 1e4) / 1e4,
    baseHidden: Math.round(los.baseHidden * 1e4) / 1e4,
    blockers: los.obscuringTerrain,
    class: los.class,
    clearanceBlockers: los.clearanceBlockers,
    behindFraction: Math.round(los.behindFraction * 1e4) / 1e4,
    friendsIgnored: los.friendsIgnored,
    rays: los.rays,
    baseRays: los.baseRays,
    resolution: { fraction: Math.round((1 / los.rays) * 1e4) / 1e4, baseHidden: Math.round((1 / los.baseRays) * 1e4) / 1e4 },
    mode: '3d' as const,
    ...book.cite({ rule: los.rules.join(', ') }),
    ...(los.sampleRays ? { sampleRays: los.sampleRays } : {}),
  })
}


/** Reasons why there is no line of sight, in the book's terms. */
export function losReasons(los: SkrapyardLos, targetId: string): Reason[] {
  if (los.visible) return []
  if (los.behindFraction >= 1) return [book.reason({ code: 'not-in-front', message: `${targetId} is wholly behind the shooter: a line of sight is drawn only in the character's front`, rule: '§13.2.1' })]
  const parts: string[] = []
  if (los.obscuringTerrain.length) parts.push(`terrain ${los.obscuringTerrain.join(', ')}`)
  if (los.clearanceBlockers.length) parts.push(`lines passing within 1" of ${los.clearanceBlockers.join(', ')}`)
  if (los.clearanceBlockers.length && !los.obscuringTerrain.length) {
    return [book.reason({ code: 'within-1-inch', message: `every line to ${targetId} passes within 1" of another character in the shooter's front (${los.clearanceBlockers.join(', ')})`, rule: '§13.2.4' })]
  }
  return [book.reason({ code: 'no-line-of-sight', message: `no line from the eye reaches any part of ${targetId}'s target zone (${parts.join('; ') || 'outside the front'})`, rule: '§13.2.3' })]
}

export function resolveAttack(table: Table, q: QueryOf<'attack'>): AttackResult {
  const options = readOptions(table)
  const attacker = table.model(q.attacker)
  const target = table.model(q.target)
  const ctx = (q.context ?? {}) as QueryContext
  const inContact = isInBaseContact(attacker, target, options.baseContactToleranceMm)
  const weapon = pickWeapon(attacker, q.weapon, inContact)
  return weapon.kind === 'combat'
    ? resolveCombatAttack(table, attacker, target, weapon, ctx, options)
    : resolveShootingAttack(table, attacker, target, weapon, ctx, options, q.rays ?? false)
}

function resolveShootingAttack(table: Table, attacker: TableModel, target: TableModel, weapon: RangedWeapon, ctx: QueryContext, options: SkrapyardOptions, rays: boolean): AttackResult {
  const shooter = readCharacter(attacker)
  const victim = readCharacter(target)
  const S = requireStat(shooter, 'S', 'shooting (§13.3)')
  const A = requireStat(victim, 'A', "the target's A test (§15.1)")
  const measurement = measureModels(attacker, target, { reference: options.rangeReference === 'base-centre' ? 'centre' : 'edge', mode: options.distanceMode })
  const distanceInches = toInches(measurement.rawMm)
  const los = sampleSkrapyardLos(table, attacker, target, options, rays)
  const formation = findFormation(table, attacker, options)
  const targetFormation = findFormation(table, target, options)
  const context = shotContext(ctx)
  const extra: Reason[] = []
  if (!isOpponent(attacker, target)) extra.push(book.reason({ code: 'same-side', message: `${target.id} is on the shooter's own side`, rule: '§13.5' }))
  if (victim.wounded && options.woundedIgnored) extra.push(book.reason({ code: 'target-wounded', message: `${target.id} is wounded: ignored for all purposes except combat, formation, movement and morale`, rule: '§15.1.2' }))
  if (weapon.id === 'aethyric-arc' && !attacker.keywords.includes('magic')) extra.push(book.reason({ code: 'not-magic-user', message: 'only characters that can perform the Magic feat may use Aethyric arc', rule: '§19.2' }))
  const shooterEngaged = findEngaged(table, attacker, options).length > 0
  // Shooting into combat (§13.7.1): the target is the group in base contact; a line of sight "as described at
  // 13.2.1" to any one character of it is enough, even if 13.2.3 fails for the target itself.
  const intoCombat = findEngaged(table, target, options).some((o) => !isOpponent(o, attacker))
  const seenInCombat = intoCombat && !los.visible ? findCombatGroup(table, target, options).find((o) => o.id !== attacker.id && sampleSkrapyardLos(table, attacker, o, options, false, false).visible) : undefined
  const shot = resolveShot({
    weapon,
    S,
    targetA: A,
    shooterStature: shooter.stature,
    targetStature: victim.stature,
    targetTeamStatureSum: targetFormation.inTeam ? targetFormation.teamStature : undefined,
    shooterInTeam: ctx.inTeam ?? formation.inTeam,
    distanceInches,
    hasLos: los.visible || seenInCombat !== undefined,
    losReasons: [...(seenInCombat ? [] : losReasons(los, target.id)), ...extra],
    coverObstacles: los.coverObstacles,
    shooterEngaged,
    context,
    options,
  })

  let hit = shot.probability.hit
  let effect = shot.probability.effect
  const notes: string[] = []
  const armourFail = sub(ONE, passChance(shot.finalA, context.targetArmourReroll))
  if (shot.allowed && intoCombat && !context.shootFeat) {
    const split = intoCombatChance(shot.finalS)
    hit = split.enemy
    effect = add(ONE_FACE, mul(sub(split.enemy, ONE_FACE), armourFail))
    if (seenInCombat) notes.push(`no line of sight to ${target.id} itself; the shot is at the combat group, seen through ${seenInCombat.id} (§13.7.1)`)
    notes.push(`shooting into combat (§13.7.2): a passed test hits an enemy on an odd roll (${fmt(split.enemy)}) and a friend on an even roll (${fmt(split.friend)}); the owning player picks which`)
  }
  if (shot.allowed) {
    const firerA = shooter.stats.A
    if (firerA !== undefined) notes.push(`natural 12 misfires and injures the firer (§21.4): ${fmt(mul(ONE_FACE, sub(ONE, passChance(firerA))))} chance the firer fails its A test`)
    notes.push(`natural 1 (§21.3): the target is down without an A test; other hits: A test at ${shot.finalA}, failed ${fmt(armourFail)}`)
  }
  // §13.5: the nearest target in range and LoS unless a D test is passed (engaged targets may be ignored, §13.7).
  const nearer = shot.allowed ? findNearerTargets(table, attacker, target, measurement.rawMm, options) : []
  if (nearer.length) {
    const D = shooter.stats.D
    notes.push(`${nearer.join(', ')} ${nearer.length > 1 ? 'are' : 'is'} nearer and in sight: shooting past needs a D test (§13.5.1)${D !== undefined ? ` passed ${fmt(passChance(D))}` : ''}`)
  }
  const fb = measureFrontBehind(attacker.placed, target.placed, options.lateralLine)
  const maxRangeMm = inches(shot.band.maxRangeInches)
  const rules = new Set<string>(['§13.2', '§13.3', ...los.rules, weapon.section, '§1.5', '§15.1', ...(intoCombat ? ['§13.7.1', '§13.7.2'] : [])])
  for (const m of [...shot.preRange, ...shot.postRange]) rules.add(m.rule)
  for (const r of shot.reasons) rules.add(r.rule)
  return {
    allowed: shot.allowed,
    kind: 'shooting',
    reasons: shot.reasons,
    weapon: weapon.id,
    distance: { mm: measurement.mm, inches: measurement.inches, points: measurement.points, reference: measurement.reference, mode: measurement.mode },
    inRange: shot.inRange,
    margin: marginOf(measurement, maxRangeMm, 'le'),
    range: {
      S: S,
      rangeS: shot.band.rangeS,
      maxInches: shot.band.maxRangeInches,
      cleanToInches: shot.band.cleanToInches,
      band: shot.band.band,
      penalty: shot.band.penalty,
      reading: options.rangeBandReading,
      ...book.cite({ rule: shot.band.section }),
    },
    los: losResultFields(table, los),
    cover: book.cite({
      level: los.coverObstacles.length ? `cover −${los.coverObstacles.length}` : los.class === 'in-cover' ? 'in cover (no obstacle counts)' : 'none',
      obstacles: los.coverObstacles,
      ignored: los.ignoredTerrain,
      value: -los.coverObstacles.length,
      rule: los.ignoredTerrain ? '§13.11.1.1' : '§13.11.1',
    }),
    arc: fb.relation,
    team: { shooter: ctx.inTeam ?? formation.inTeam, target: targetFormation.inTeam ? targetFormation.team : null },
    intoCombat,
    modifiers: settleModifiers([
      ...shot.preRange.map((m) => book.cite({ ...m, source: `${m.source} (before range)` })),
      ...shot.postRange.map((m) => book.cite({ ...m, source: `${m.source} (after range)` })),
    ], shot.allowed),
    finalS: shot.finalS,
    targetA: shot.finalA,
    need: shot.need,
    probability: probabilityFigure(hit, effect, notes, SINGLE_ROLL_SCOPE),
    ...book.sources(rules),
  }
}

/** The characters in a combat: everyone linked to the target through base contact (§13.7.1). */
function findCombatGroup(table: Table, target: TableModel, options: SkrapyardOptions): TableModel[] {
  const group = new Map<string, TableModel>([[target.id, target]])
  const queue = [target]
  while (queue.length) {
    const a = queue.pop()!
    for (const o of table.models) {
      if (group.has(o.id) || !isInBaseContact(a, o, options.baseContactToleranceMm)) continue
      group.set(o.id, o)
      queue.push(o)
    }
  }
  return [...group.values()]
}

/** Enemies nearer than the target, in range and line of sight, not engaged (§13.5, §13.7). */
function findNearerTargets(table: Table, attacker: TableModel, target: TableModel, targetMm: number, options: SkrapyardOptions): string[] {
  const out: string[] = []
  for (const o of table.models) {
    if (o.id === target.id || !isOpponent(attacker, o) || readCharacter(o).wounded) continue
    if (findEngaged(table, o, options).length > 0) continue
    const d = measureModels(attacker, o, { reference: options.rangeReference === 'base-centre' ? 'centre' : 'edge', mode: options.distanceMode })
    if (d.rawMm >= targetMm - 1e-6) continue
    if (sampleSkrapyardLos(table, attacker, o, options).visible) out.push(o.id)
  }
  return out
}

function resolveCombatAttack(table: Table, attacker: TableModel, target: TableModel, weapon: CombatWeapon, ctx: QueryContext, options: SkrapyardOptions): AttackResult {
  const me = readCharacter(attacker)
  const victim = readCharacter(target)
  const F = requireStat(me, 'F', 'an attack test (§14.2)')
  const A = requireStat(victim, 'A', "the target's A test (§15.1)")
  const tol = options.baseContactToleranceMm
  const reasons: Reason[] = []
  const rules = new Set<string>(['§14.1', '§14.2', '§15.1', '§1.5'])
  if (!isOpponent(attacker, target)) reasons.push(book.reason({ code: 'same-side', message: `${target.id} is on the attacker's own side`, rule: '§14.1' }))
  const inContact = isInBaseContact(attacker, target, tol)
  const situation = describeCombat(table, attacker, target, options)
  let spearReach = false
  if (!inContact) {
    // §14.4.2: a supporting spear may attack an opposing character in front of it that touches a character it also touches.
    const viaFriend = findFriendsInContact(table, attacker, options).find((f) => isInBaseContact(f, target, tol))
    const inFront = measureFrontBehind(attacker.placed, target.placed, options.lateralLine).relation === 'in-front'
    if (weapon.id === 'spear' && viaFriend && inFront && situation.engagedWith.length === 0) {
      spearReach = true
      rules.add('§14.4.2')
    } else {
      reasons.push(book.reason({ code: 'not-in-base-contact', message: `${target.id} is not in base contact: combat needs bases touching${weapon.id === 'spear' ? ' (a spear reaches only from support, to a character in front touching a character it also touches)' : ''}`, rule: weapon.id === 'spear' ? '§14.4.2' : '§14.1' }))
    }
  }
  const otherLiveFoes = situation.engagedWith.filter((id) => id !== target.id && !readCharacter(table.model(id)).wounded)
  if (victim.wounded && otherLiveFoes.length) {
    reasons.push(book.reason({ code: 'wounded-target', message: `a wounded character may be attacked only if the attacker is not also engaged with another that is not wounded (${otherLiveFoes.join(', ')})`, rule: '§15.1.3' }))
  }
  const mods: Modifier[] = []
  if (ctx.charged) mods.push({ source: 'charge', value: NUMBERS.chargeModifier.value, rule: '§14.2.1' })
  if (situation.surprise) mods.push({ source: `surprise (behind ${target.id})`, value: NUMBERS.surpriseModifier.value, rule: '§14.2.2' })
  if (situation.outnumbered) mods.push({ source: `outnumbered (${situation.engagedWith.join(', ')})`, value: NUMBERS.outnumberedModifier.value, rule: '§14.2.3' })
  if (situation.supportedBy.length && !spearReach) mods.push({ source: `support (${situation.supportedBy.join(', ')})`, value: NUMBERS.supportModifier.value, rule: '§14.2.4' })
  const inTeam = ctx.inTeam ?? findFormation(table, attacker, options).inTeam
  if (inTeam) mods.push({ source: 'team', value: NUMBERS.fightTeamModifier.value, rule: '§14.2.5' })
  if (weapon.fightModifier) mods.push({ source: weapon.name, value: weapon.fightModifier, rule: weapon.section })
  if (ctx.targetBladeBroken) mods.push({ source: 'blade-breaker hit on the target', value: NUMBERS.bladeBreakerFightModifier.value, rule: '§14.4.3' })
  if (ctx.distracted) mods.push({ source: 'Distract', value: NUMBERS.magicCharacteristicModifier.value, rule: '§19.5.1' })
  for (const m of mods) rules.add(m.rule)
  const clamp = (v: number) => (options.clampModified ? Math.min(10, Math.max(3, v)) : v)
  const finalF = clamp(F + mods.reduce((s, m) => s + m.value, 0))
  const armourMods = weapon.targetArmourModifier + (ctx.targetJinxed ? NUMBERS.magicCharacteristicModifier.value : 0)
  const finalA = clamp(A + armourMods)
  const autoHit = victim.wounded || ctx.fightFeat === true
  const allowed = reasons.length === 0
  const chance = combatChance({ fightValue: finalF, armourValue: finalA, armourReroll: ctx.targetArmourReroll === true, noArmourTest: weapon.noArmourTest, autoHit })
  const notes: string[] = []
  if (victim.wounded) notes.push('a wounded character that is attacked is hit automatically (§15.1.3); failing its A test it is removed (§15.1.4)')
  else if (ctx.fightFeat) notes.push('Fight feat: attack tests are passed (§18.3.1)')
  else {
    notes.push(`natural 1 (§21.1): another F test, again and again; effect counts every chained roll at ${target.id}`)
    notes.push(`natural 12 (§21.2): fumble, ${target.id} may riposte (chance 1/12)`)
  }
  if (weapon.noArmourTest) notes.push(`${weapon.name}: a hit causes no A test (${weapon.section}); effect = the hit itself`)
  const need = autoHit ? 'automatic hit' : `d12 ≤ ${finalF} to hit (${passingFaces(finalF)} in 12; 1 always hits and rolls again, 12 fumbles: §1.5, §21)`
  const fb = measureFrontBehind(target.placed, attacker.placed, options.lateralLine)
  return {
    allowed,
    kind: 'combat',
    reasons,
    weapon: weapon.id,
    distance: (() => {
      const d = measureModels(attacker, target, { reference: 'edge', mode: '3d' })
      return { mm: d.mm, inches: d.inches, points: d.points, reference: d.reference, mode: d.mode }
    })(),
    inRange: inContact || spearReach,
    engaged: book.cite({ with: situation.engagedWith, supportedBy: situation.supportedBy, outnumbered: situation.outnumbered, rule: '§14.1' }),
    arc: fb.relation === 'behind' ? 'behind' : 'in-front',
    modifiers: settleModifiers(mods.map((m) => book.cite(m)), allowed),
    finalF,
    targetA: finalA,
    need: `${need}, then target A ${finalA}`,
    probability: probabilityFigure(allowed ? chance.hit : ZERO, allowed ? chance.effect : ZERO, notes, SINGLE_ROLL_SCOPE),
    ...book.sources(rules),
  }
}
