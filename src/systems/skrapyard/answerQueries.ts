// Query handlers besides attack: los, arc (front/behind), engagement, visibility, move, aura,
// objective, and Skrapyard's own `test` (a characteristic test) and `formation` queries.
import { z } from 'zod'
import {
  type AreaResult,
  type ArcResult,
  type EngagementResult,
  type Fraction,
  type LosResult,
  type MoveResult,
  type QueryOf,
  type ResultBody,
  type Table,
  type TableModel,
  type VisibilityPair,
  type VisibilityResult,
  SceneError,
  ZERO,
  chance as chanceOf,
  settleModifiers,
  sightOf,
  areaFigure,
  areaMember,
  valueOfExact,
  fraction,
  inches,
  isWithin,
  marginOf,
  measureBaseGap2,
  measureModels,
  roundTo,
  toInches,
  formatFraction,
} from '../../engine/index.ts'
import { passChance } from './chance.ts'
import { book } from './losClasses.ts'
import { MOVE_MODES, type MoveMode, checkMove, disengageValue } from './checkMove.ts'
import type { QueryContext } from './contextSchema.ts'
import { describeCombat, findEngaged, findFormation, findFriendsInContact, isInBaseContact, isOpponent } from './findContacts.ts'
import { measureFrontBehind } from './measureFrontBehind.ts'
import { NUMBERS } from './numbers.ts'
import type { SkrapyardOptions } from './options.ts'
import { readCharacter, readOptions, requireStat } from './readCharacter.ts'
import { losReasons, losResultFields } from './resolveAttack.ts'
import type { Reason } from './shooting.ts'
import { sampleSkrapyardLos } from './sampleSkrapyardLos.ts'
import { unitSize } from './stature.ts'

const fmt = formatFraction
const valueOf = (exact: string): number => valueOfExact(exact) ?? 0
const withinOf = (o: SkrapyardOptions) => (o.withinComparator === 'strict' ? 'lt' : 'le') as 'lt' | 'le'

export function answerLos(table: Table, q: QueryOf<'los'>): LosResult {
  const options = readOptions(table)
  const from = table.model(q.from)
  const to = table.model(q.to)
  const los = sampleSkrapyardLos(table, from, to, options, q.rays ?? false)
  return {
    ...losResultFields(table, los),
    coverObstacles: los.coverObstacles,
    ignoredTerrain: los.ignoredTerrain,
    reasons: losReasons(los, to.id),
    ...book.sources(los.rules),
  }
}

/** arc: where `from` stands relative to `of` — "in front" (wholly on the front side) or "behind" (§2.4). */
export function answerArc(table: Table, q: QueryOf<'arc'>): ArcResult {
  const options = readOptions(table)
  const of = table.model(q.of)
  const from = table.model(q.from)
  const fb = measureFrontBehind(of.placed, from.placed, options.lateralLine)
  const p = of.placed
  return {
    arc: fb.relation,
    // The uniform arc fields: the test is the observer's lateral line (§2.4.1); membership says which
    // side of it the other base reaches (in front: wholly past the line, by the lateralLine option).
    test: 'lateral-line',
    membership: [
      { arc: 'in-front', in: fb.relation === 'in-front', reaches: fb.foremostMm > 0 },
      { arc: 'behind', in: fb.relation === 'behind', reaches: fb.rearmostMm < 0 },
    ],
    rearmostMm: roundTo(fb.rearmostMm, 3),
    foremostMm: roundTo(fb.foremostMm, 3),
    lines: [{ arc: 'lateral line', origin: [roundTo(p.cx, 2), roundTo(p.cy, 2)], direction: [roundTo(-p.uy, 6), roundTo(p.ux, 6)] }],
    ...book.sources([fb.rule, '§2.4']),
  }
}

/** engagement: opposing characters in base contact (§14.1), supporters (§14.2.4), and what it forbids. */
export function answerEngagement(table: Table, q: QueryOf<'engagement'>): EngagementResult {
  const options = readOptions(table)
  const m = table.model(q.model)
  const foes = findEngaged(table, m, options)
  const friends = findFriendsInContact(table, m, options)
  const supporting = friends.filter((f) => findEngaged(table, f, options).length > 0).map((f) => f.id)
  const distances = foes.map((o) => {
    const d = measureModels(m, o, { reference: 'edge', mode: '3d' })
    return { model: o.id, mm: d.mm, inches: d.inches, points: d.points, margin: marginOf(d, options.baseContactToleranceMm, 'le'), wounded: readCharacter(o).wounded }
  })
  const staturesInContact = foes.filter((o) => !readCharacter(o).wounded).reduce((s, o) => s + readCharacter(o).stature, 0)
  const D = readCharacter(m).stats.D
  return {
    engaged: foes.length > 0,
    with: foes.map((o) => o.id),
    distances,
    supports: supporting,
    rangeMm: options.baseContactToleranceMm,
    forbids: foes.length ? ['shooting (§13.2)', 'moving away without a disengage test (§14.3)'] : [],
    forces: foes.length ? ['an active engaged character must fight (§14.1)'] : [],
    moraleTest: book.cite(D !== undefined && staturesInContact > D ? { needed: true, staturesInContact, D, rule: '§16.1.1' } : { needed: false, staturesInContact, rule: '§16.1.1' }),
    ...book.sources(['§14.1', '§15.2']),
  }
}

export function answerVisibility(table: Table, q: QueryOf<'visibility'>): VisibilityResult {
  const options = readOptions(table)
  const pairs: VisibilityPair[] = []
  for (const v of table.models) {
    if (q.side && v.side !== q.side) continue
    for (const t of table.models) {
      if (t.side === v.side) continue
      const los = sampleSkrapyardLos(table, v, t, options)
      const fraction = roundTo(los.fraction, 4)
      pairs.push({ from: v.id, to: t.id, visible: los.visible, fraction, class: los.class, sight: sightOf(table.system, { visible: los.visible, fraction, baseHidden: 0, blockers: [] }, los.class) })
    }
  }
  return { pairs, ...book.sources(['§13.2.1', '§13.2.3', '§13.2.4']) }
}

export function answerMove(table: Table, q: QueryOf<'move'>): MoveResult {
  const options = readOptions(table)
  const m = table.model(q.model)
  const mode = (q.mode ?? 'normal') as MoveMode
  if (!MOVE_MODES.includes(mode)) throw new SceneError([{ path: 'mode', message: `unknown move mode "${q.mode}"; expected one of ${MOVE_MODES.join(', ')}` }])
  const ctx = (q.context ?? {}) as QueryContext
  const r = checkMove(table, m, q.to, mode, { movedInches: ctx.movedInches ?? 0, approached: ctx.approached ?? [], ensnared: ctx.ensnared ?? false, jumpAsHurry: ctx.jumpAsHurry ?? false }, options)
  const rules = new Set<string>([r.allowance.rule, '§12.1.1', ...r.reasons.map((x) => x.rule), ...r.crossings.map((c) => c.rule), ...r.chance.rule])
  if (r.disengage) rules.add(r.disengage.rule)
  if (r.fall) rules.add(r.fall.rule)
  const chance = valueOf(r.chance.exact)
  return {
    ...r,
    allowance: book.cite({ ...r.allowance, mm: roundTo(inches(r.allowance.inches), 2) }),
    crossings: r.crossings.map((c) => book.cite(c)),
    chance: { ...r.chance, value: chance, citations: r.chance.rule.map(book.citation) },
    ...(r.disengage ? { disengage: book.cite(r.disengage) } : {}),
    ...(r.fall ? { fall: book.cite(r.fall) } : {}),
    ...book.sources(rules),
  }
}

/** The abilities the aura query knows, each with its radius rule. */
export const AURA_ABILITIES = [
  'formation',
  'hero-formation',
  'fight-feat',
  'shoot-feat',
  'armour-feat',
  'discipline-feat',
  'movement-feat',
  'magic',
  'approach-lock',
  'flyer-exclusion',
  'retreat-clearance',
  'los-clearance',
] as const

export function answerAura(table: Table, q: QueryOf<'aura'>): AreaResult {
  const options = readOptions(table)
  const src = table.model(q.source)
  const me = readCharacter(src)
  const ability = q.ability as (typeof AURA_ABILITIES)[number]
  if (!AURA_ABILITIES.includes(ability)) throw new SceneError([{ path: 'ability', message: `unknown ability "${q.ability}"; expected one of ${AURA_ABILITIES.join(', ')}` }])
  const gap = (o: TableModel) => measureBaseGap2(src.placed, o.placed).gapMm
  const within = (o: TableModel, r: number, w: 'lt' | 'le') => (r <= 0 ? isInBaseContact(src, o, options.baseContactToleranceMm) : isWithin(gap(o), inches(r), w))
  const others = table.models.filter((o) => o.id !== src.id)
  const list = (radiusInches: number, w: 'lt' | 'le', pick: (o: TableModel) => boolean) =>
    others.filter((o) => pick(o) && within(o, radiusInches, w)).map((o) => ({ model: o.id, inches: roundTo(toInches(gap(o)), 3) }))
  const friendly = (o: TableModel) => !isOpponent(src, o)
  const out = (radiusInches: number | null, affected: Array<{ model: string; inches?: number }>, rule: string, extra: Record<string, unknown> = {}) => ({
    ability,
    radius: radiusInches === null ? null : { inches: radiusInches, mm: roundTo(inches(radiusInches), 2) },
    affected: affected.map((a) => a.model),
    details: affected,
    ...extra,
    ...book.sources([rule]),
    area: areaFigure('aura', { source: null, centre: null, radiusMm: radiusInches === null ? null : roundTo(inches(radiusInches), 2), radiusInches, inside: affected.map((a) => areaMember(a.model, a)) }),
  })
  const needHero = () => {
    if (!me.hero) throw new SceneError([{ path: 'source', message: `${src.id} is not a hero (keyword "hero"): only heroes perform feats (§18.1)` }])
    if (me.wounded || me.retreating) return false
    return true
  }
  switch (ability) {
    case 'formation': {
      const f = findFormation(table, src, options)
      const unit = table.unitOf(src)
      const size = unitSize(unit.map((m) => readCharacter(m).stature))
      return out(me.stature, f.inFormationWith.map((id) => ({ model: id })), '§3.2', { inTeam: f.inTeam, team: f.team, teamStature: f.teamStature, unitSize: size.size, unitSizeValid: size.valid, withHero: f.withHero })
    }
    case 'hero-formation':
    case 'fight-feat':
    case 'shoot-feat':
    case 'armour-feat': {
      const ok = needHero()
      const rule = { 'hero-formation': '§3.3.1', 'fight-feat': '§18.3.1', 'shoot-feat': '§18.3.2', 'armour-feat': '§18.3.3' }[ability]
      const aff = ok ? others.filter((o) => friendly(o) && findFormation(table, o, options).withHero === src.id).map((o) => ({ model: o.id, inches: roundTo(toInches(gap(o)), 3) })) : []
      return out(me.stature, aff, rule, ok ? {} : { note: 'a wounded or retreating hero is never in formation and performs no feats (§3.3.4, §18.1.2)' })
    }
    case 'discipline-feat':
    case 'movement-feat': {
      const ok = needHero()
      const D = requireStat(me, 'D', `the ${ability} radius (hero's D in inches)`)
      const pick = (o: TableModel) => friendly(o) && (ability === 'discipline-feat' || (!readCharacter(o).wounded && !readCharacter(o).retreating))
      return out(D, ok ? list(D, withinOf(options), pick) : [], ability === 'discipline-feat' ? '§18.3.4' : '§18.3.6')
    }
    case 'magic': {
      const aff = others
        .filter((o) => isOpponent(src, o) && !(options.woundedIgnored && readCharacter(o).wounded))
        .filter((o) => sampleSkrapyardLos(table, src, o, options).visible)
        .map((o) => ({ model: o.id, inches: roundTo(toInches(gap(o)), 3) }))
      return out(null, aff, '§19.5', { note: 'magic feats reach enemies in line of sight; the book gives no range' })
    }
    case 'approach-lock': {
      // §12.1.2: an opponent that moves to within this character's stature may not move away this turn (if this one is unengaged).
      const engaged = findEngaged(table, src, options).length > 0
      return out(me.stature, engaged ? [] : list(me.stature, 'le', (o) => isOpponent(src, o)), '§12.1.2', engaged ? { note: `${src.id} is engaged: it locks nobody` } : {})
    }
    case 'flyer-exclusion':
      return out(me.stature, list(me.stature, 'lt', (o) => isOpponent(src, o) && readCharacter(o).canFly && !isInBaseContact(src, o, options.baseContactToleranceMm)), '§12.7.1')
    case 'retreat-clearance':
      return out(NUMBERS.retreatClearanceInches.value, list(NUMBERS.retreatClearanceInches.value, 'lt', (o) => isOpponent(src, o)), '§16.4.1', { note: 'a retreat must end at least 3" from every enemy character: these are too close' })
    case 'los-clearance':
      return out(NUMBERS.losClearanceInches.value, [], '§13.2.4', { note: 'no line of sight drawn by another character may pass within this distance of this one (unless it is the target)' })
  }
}

/** objective: the Raw Rules print no scenarios or objective control (§5.1–§5.2); report who is nearest, front/behind. */
export function answerObjective(table: Table, q: QueryOf<'objective'>): AreaResult {
  const options = readOptions(table)
  const [x, y] = q.at
  const rows = table.models
    .filter((m) => !readCharacter(m).wounded)
    .map((m) => {
      const d = Math.max(0, Math.hypot(m.x - x, m.y - y) - Math.max(m.placed.halfLengthMm, m.placed.halfWidthMm))
      const frontOffset = (x - m.x) * m.placed.ux + (y - m.y) * m.placed.uy
      return { model: m.id, side: m.side, inches: roundTo(toInches(d), 3), marker: frontOffset > 0 || (frontOffset === 0 && options.lateralLine === 'front') ? 'in-front' : 'behind' }
    })
    .sort((a, b) => a.inches - b.inches)
  return {
    controlledBy: null,
    reasons: [book.reason({ code: 'no-objective-rules', message: 'the Raw Rules print no scenarios or objective rules: players agree them (§5.1–§5.2)', rule: '§5.1' })],
    nearest: rows,
    ...book.sources(['§5.1', '§2.4.1']),
    // No objective rules: nobody is inside an area the book never defines.
    area: areaFigure('objective', { source: null, centre: null, radiusMm: null, radiusInches: null, inside: [] }),
  }
}

export const TEST_PURPOSES = ['plain', 'activation', 'morale', 'rally', 'recovery', 'disengage', 'target-choice'] as const

export const testQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('test'),
  model: z.string().min(1),
  characteristic: z.enum(['F', 'S', 'A', 'D']),
  purpose: z.enum(TEST_PURPOSES).optional(),
  context: z.record(z.string(), z.unknown()).optional(),
})

export const formationQuerySchema = z.strictObject({ id: z.string().min(1), type: z.literal('formation'), unit: z.string().min(1) })

/** test: a characteristic test (§7.1) with the modifiers the table decides and the context's own. */
export function answerTest(table: Table, q: z.infer<typeof testQuerySchema>): ResultBody {
  const options = readOptions(table)
  const m = table.model(q.model)
  const me = readCharacter(m)
  const ctx = (q.context ?? {}) as QueryContext
  const purpose = q.purpose ?? 'plain'
  const mods: Array<{ source: string; value: number; rule: string }> = []
  const reasons: Reason[] = []
  const rules = new Set<string>(['§7.1', '§1.3', '§1.5'])
  let base = requireStat(me, q.characteristic, `a ${q.characteristic} test`)
  let automatic: string | null = null
  const f = findFormation(table, m, options)
  if (q.characteristic === 'D' && f.withHero) {
    // §3.3.1: in formation with a hero, it may use the hero's D for all D tests.
    const heroD = readCharacter(table.model(f.withHero)).stats.D
    if (heroD !== undefined && heroD > base) {
      mods.push({ source: `uses hero ${f.withHero}'s D ${heroD}`, value: heroD - base, rule: '§3.3.1' })
    }
  }
  if (purpose === 'activation') {
    if (me.hero) automatic = 'heroes automatically pass activation tests (§11.4.2)'
    else if (f.withHero) automatic = `in formation with hero ${f.withHero}: automatic pass (§11.4.1)`
    if (ctx.delayedToD !== undefined) {
      base = ctx.delayedToD
      mods.length = 0
      mods.push({ source: `delayed: counts as D ${ctx.delayedToD} of the last unit activated`, value: 0, rule: '§10.3.2' })
    }
    rules.add('§11.4')
  }
  if (purpose === 'morale' || purpose === 'rally') {
    const unit = table.unitOf(m)
    if (f.inTeam) mods.push({ source: 'team', value: NUMBERS.moraleTeamModifier.value, rule: '§16.2.1' })
    else if (unit.length > 1 && !me.hero) mods.push({ source: 'isolation (in a unit, not in a team)', value: NUMBERS.moraleIsolationModifier.value, rule: '§16.2.2' })
    if (me.retreating && purpose === 'morale') automatic = 'fail: a retreating character fails any further morale test (§16.9)'
    rules.add(purpose === 'morale' ? '§16.2' : '§17.3')
  }
  if (purpose === 'recovery') {
    if (findEngaged(table, m, options).length) mods.push({ source: 'enemy engaged with the wounded character', value: NUMBERS.recoveryEnemyModifier.value, rule: '§17.1.1' })
    if (f.inTeam && f.team.every((id) => findEngaged(table, table.model(id), options).length === 0)) {
      mods.push({ source: 'team, none engaged', value: NUMBERS.recoveryTeamModifier.value, rule: '§17.1.2' })
    }
    rules.add('§17.1')
  }
  if (purpose === 'disengage') {
    const foes = findEngaged(table, m, options)
    if (!foes.length) reasons.push(book.reason({ code: 'not-engaged', message: `${m.id} is not engaged`, rule: '§14.3' }))
    else {
      const stays = foes.every((e) => table.models.some((o) => o.id !== m.id && isOpponent(e, o) && isInBaseContact(e, o, options.baseContactToleranceMm)))
      if (stays) automatic = 'the enemy stays engaged after the move: passed automatically (§14.3.1)'
      const v = disengageValue(table, me, foes[0]!, options)
      if (v !== undefined) {
        const s = describeCombat(table, m, foes[0]!, options)
        if (s.surprise) mods.push({ source: 'surprise', value: 1, rule: '§14.2.2' })
        if (s.supportedBy.length) mods.push({ source: 'support', value: 1, rule: '§14.2.4' })
        if (f.inTeam) mods.push({ source: 'team', value: 1, rule: '§14.2.5' })
        if (s.outnumbered && options.outnumberedOnDisengage) mods.push({ source: 'outnumbered', value: -1, rule: '§14.2.3' })
      }
    }
    rules.add('§14.3.3')
  }
  if (ctx.tormented && q.characteristic === 'D') mods.push({ source: 'Torment', value: -2, rule: '§19.5.4' })
  if (ctx.distracted && q.characteristic === 'F') mods.push({ source: 'Distract', value: -2, rule: '§19.5.1' })
  for (const x of ctx.modifiers ?? []) mods.push({ source: x.source, value: x.value, rule: x.rule ?? 'context' })
  for (const x of mods) rules.add(x.rule)
  const value = base + mods.reduce((s, x) => s + x.value, 0)
  const effective = options.clampModified ? Math.min(10, Math.max(3, value)) : value
  const reroll = ctx.reroll === true
  const chance: Fraction = automatic ? (automatic.startsWith('fail') ? fraction(0, 1) : fraction(1, 1)) : passChance(effective, reroll)
  return {
    characteristic: q.characteristic,
    purpose,
    base,
    modifiers: settleModifiers(mods.map((m) => book.cite(m)), undefined),
    value: effective,
    automatic,
    reasons,
    need: automatic ?? `d12 ≤ ${effective} (1 always passes, 12 always fails)${reroll ? ', a failure re-rolled' : ''}`,
    probability: { pass: chanceOf(chance).value, ...chanceOf(chance) },
    ...book.sources(rules),
  }
}

/** formation: each character of a unit, in formation or not, and the teams (§3.2). */
export function answerFormation(table: Table, q: z.infer<typeof formationQuerySchema>): ResultBody {
  const options = readOptions(table)
  const unit = table.units.get(q.unit)
  if (!unit) throw new SceneError([{ path: 'unit', message: `no unit "${q.unit}" on the table; units: ${[...table.units.keys()].join(', ')}` }])
  const size = unitSize(unit.map((m) => readCharacter(m).stature))
  const members = unit.map((m) => {
    const f = findFormation(table, m, options)
    return { model: m.id, stature: readCharacter(m).stature, formationInches: readCharacter(m).stature, inFormationWith: f.inFormationWith, inTeam: f.inTeam, team: f.team, withHero: f.withHero }
  })
  const teams: string[][] = []
  for (const m of members) if (m.inTeam && !teams.some((t) => t.includes(m.model))) teams.push(m.team)
  return { unit: q.unit, size: size.size, valid: size.valid, maxSize: NUMBERS.maxUnitSize.value, members, teams, ...book.sources(['§3.1.1', '§3.1.2', '§3.2', '§3.2.1']) }
}
