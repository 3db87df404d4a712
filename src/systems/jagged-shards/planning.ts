// The planning queries of Jagged Shards (issue 32): `reach` under §8 Movement and §12 Rush (Normal Move
// M, Sprint M + D6, Rush M + D6 straight at the closest visible enemy, Heavy Terrain halving its M;
// climbing 1" per inch up to 3", drops free; Obscuring and Impassable terrain; enemy bases; Disengage),
// `threat` (shoot, move and shoot, Rush and strike) and `exposure` under §9 sight.
import {
  declareMoveModes, type Allowance, type DisplayClass, type ExposureResult, type LosDensity, type MovementModel, type SightCall, type PieceRole, type QueryOf, type ReachResult, type Table, type TableModel, type TableTerrain, type ThreatOption, type ThreatResult,
  ONE, SceneError, ZERO, answerExposure, answerReach, answerThreat, basePolygon, fraction, inches, measureBaseGap2, sampleLineOfSight, standingLevel, toInches,
} from '../../engine/index.ts'
import { CLIMB_COST_PER_INCH, CLIMB_MAX_INCHES, COORDINATED_PUSH_INCHES, D100_SIDES, ENGAGEMENT_INCHES, FREE_DROP_INCHES, HEAVY_RUSH_M_FACTOR, RUSH_SUCCESS_INCHES } from './constants.ts'
import { readContext } from './context.ts'
import { enemiesEngaging } from './attack.ts'
import { findAbilitySources } from './areas.ts'
import { hasAbility, hasKeyword, isInfantry, readUnitStats, resolveWeapon } from './modelStats.ts'
import { readOptions, type JaggedShardsOptions } from './options.ts'
import { LOS_RULE_TEXT, decideCover, losRuleFor, measureBetween, sightOf, standsIn } from './terrain.ts'
import { LOS_CLASSES } from './losClasses.ts'

const MODES = ['normal', 'sprint', 'rush'] as const

/** The modes `reach` answers, the default first (RuleSystem.moveModes). */
export const moveModes = declareMoveModes(MODES)
type Mode = (typeof MODES)[number]

const d6Rolls = (d6: number | undefined) => (d6 === undefined ? [1, 2, 3, 4, 5, 6].map((roll) => ({ roll, chance: fraction(1, 6) })) : [{ roll: d6, chance: ONE }])

function halveM(m: number, o: JaggedShardsOptions): number {
  const half = m * HEAVY_RUSH_M_FACTOR.value
  return o.heavyHalfRounding === 'up' ? Math.ceil(half) : o.heavyHalfRounding === 'down' ? Math.floor(half) : half
}

/** A piece a model can stand on top of: agreed climbable, or a platform (§8.1, §8.4, §15.4). */
const isSurface = (t: TableTerrain) => t.has('platform') || t.has('climbable')

/** The closest visible enemies of m (§12.1 step 2), nearest first. */
export function closestVisibleEnemies(table: Table, m: TableModel): TableModel[] {
  const seen = table.models.filter((e) => e.side !== m.side && sightOf(table, m, e).visible).map((e) => ({ e, mm: measureBetween(table, m, e).rawMm }))
  seen.sort((a, b) => a.mm - b.mm)
  const best = seen[0]
  return best ? seen.filter((s) => s.mm - best.mm <= 1e-6).map((s) => s.e) : []
}

/** What each terrain piece is to this mode (§8.2, §8.4, §12.2, §15.4). */
function pieceRole(t: TableTerrain, mode: Mode, o: JaggedShardsOptions): PieceRole {
  if (t.type === 'impassable') return { role: 'blocked', rule: '§8.2, §15.4', reason: 'models cannot enter Impassable Terrain' }
  const overlap = { rule: '§8.2', reason: 'a model may not end its movement overlapping terrain' }
  if (isSurface(t)) return { role: 'surface', kind: t.has('platform') ? 'platform' : 'climbable', rule: '§8.1, §15.4', topZ: t.solid.topZ, noEnd: overlap }
  if (t.type === 'obscuring') {
    if (mode === 'rush') return { role: 'blocked', rule: '§12.2, §15.5', reason: 'a Rush may not cross Obscuring Terrain' }
    const permeable = t.has('permeable') && o.obscuringPassable !== 'never'
    if (!permeable) return { role: 'blocked', rule: '§8.2, §8.4', reason: 'Obscuring Terrain cannot be moved through unless designated permeable or climbable' }
    return { role: 'region', kind: 'obscuring (permeable)', rule: '§8.2', noEnd: overlap }
  }
  if (t.type === 'heavy' && mode === 'rush' && o.heavyRushTrigger !== 'starts-inside') return { role: 'region', kind: 'heavy', rule: '§8.4, §12.2, §15.5', tag: 'heavy' }
  return { role: 'open' }
}

/** The move of one model in one mode (§8, §12). */
export function movementModel(table: Table, m: TableModel, rawMode: string | undefined, context: Record<string, unknown> | undefined): MovementModel {
  const o = readOptions(table.options)
  const ctx = readContext(context)
  const raw = rawMode ?? 'normal'
  const mode: Mode | null = raw === 'move' || raw === 'normal' ? 'normal' : (MODES as readonly string[]).includes(raw) ? (raw as Mode) : null
  if (!mode) throw new SceneError([{ path: 'mode', message: `unknown move mode "${raw}"; expected one of ${MODES.join(', ')} (§8.1, §12)` }])
  const stats = readUnitStats(m)
  const M = stats.movementInches
  const rules = mode === 'rush' ? ['§12', '§12.1', '§12.2'] : ['§8.1', '§8.2']
  let refusal: MovementModel['refusal']
  // Disengage (§8.5, §10.5): an engaged model rolls D100 ≥ its SR to move at all, and then may not Sprint or Rush.
  const engaged = enemiesEngaging(table, m)
  const auto = ctx.autoDisengage === true && (hasAbility(m, 'tactical-break') || hasAbility(m, 'slip-step') || (o.specialistAutoDisengage === 'all-specialists' && hasKeyword(m, 'specialist')))
  let disengage: { chance: ReturnType<typeof fraction> } | null = null
  if (engaged.length && !auto) {
    if (mode !== 'normal') refusal = { code: 'disengage-no-sprint-or-rush', rule: '§8.5', reason: `${m.id} starts engaged: after a Disengage it may not Sprint or Rush` }
    const faces = Math.max(0, Math.min(D100_SIDES.value, D100_SIDES.value - stats.srThreshold + 1))
    disengage = { chance: ctx.roll !== undefined ? (ctx.roll >= stats.srThreshold ? ONE : ZERO) : fraction(faces, D100_SIDES.value) }
    rules.push('§8.5', '§10.5')
  }
  if (ctx.disengaged && mode !== 'normal') refusal = { code: 'disengaged', rule: '§8.5', reason: `${m.id} Disengaged this turn: no Sprint or Rush` }
  if (ctx.sprinted && mode === 'rush') refusal = { code: 'sprinted', rule: '§8.1, §12', reason: `${m.id} Sprinted this round and cannot Rush` }

  let allowance: Allowance
  let straight: MovementModel['straight']
  let startTags: string[] = []
  if (mode === 'normal') {
    const push = ctx.coordinatedPush === true && isInfantry(m) && findAbilitySources(table, m, 'coordinated-push', 'friendly').length > 0
    const inchesM = M + (push ? COORDINATED_PUSH_INCHES.value : 0)
    const rolls = disengage ? [{ roll: 1, chance: disengage.chance }, { roll: 0, chance: subtract(disengage.chance) }].filter((r) => r.chance.num > 0) : [{ roll: 0, chance: ONE }]
    allowance = {
      formula: `M ${M}"${push ? ' + 1" (Coordinated Push)' : ''}${disengage ? ' after a Disengage (D100 ≥ SR)' : ''}`,
      rule: disengage ? '§8.5' : '§8.1',
      rolls,
      mm: (roll) => [{ mm: disengage && roll === 0 ? 0 : inches(inchesM), chance: ONE }],
      maxMm: inches(inchesM),
    }
    if (push) rules.push('§16.1')
  } else {
    // Sprint: M + D6 (§8.1). Rush: M + D6, Heavy Terrain halving the M part (§8.4, §12.2).
    const startsHeavy = mode === 'rush' && o.heavyRushTrigger !== 'path-crosses' && table.terrain.some((t) => t.type === 'heavy' && standsIn(m, t))
    if (startsHeavy) startTags = ['heavy']
    const mFor = (tags: readonly string[]) => (tags.includes('heavy') ? halveM(M, o) : M)
    allowance = {
      formula: `M ${M}" + D6${mode === 'rush' ? ' (M halved in Heavy Terrain)' : ''}`,
      rule: mode === 'rush' ? '§12' : '§8.1',
      rolls: d6Rolls(ctx.d6),
      mm: (roll, tags) => [{ mm: inches(mFor(tags) + roll), chance: ONE }],
      maxMm: inches(M + 6),
    }
    if (mode === 'rush' && !refusal) {
      const targetId = ctx.target
      const closest = closestVisibleEnemies(table, m)
      const target = targetId ? table.model(targetId) : closest[0]
      if (!target) refusal = { code: 'no-visible-enemy', rule: '§12', reason: `${m.id} has no visible enemy to Rush` }
      else if (!closest.includes(target)) refusal = { code: 'not-closest-visible-enemy', rule: '§12.1', reason: `${target.id} is not the closest visible enemy` }
      else straight = { toward: [target.x, target.y], stopMm: measureBaseGap2(m.placed, target.placed).gapMm, rule: '§12.1', reason: 'a Rush moves the model directly toward its target' }
    }
  }
  return {
    mode,
    model: m,
    allowance,
    piece: (t) => pieceRole(t, mode, o),
    other: (x) => (x.side !== m.side
      ? { role: 'blocked', rule: mode === 'rush' ? '§12.2' : '§8.2', reason: 'a model may not move through enemy bases' }
      : { role: 'no-end', rule: '§8.2', reason: 'a model may not end its movement overlapping another base' }),
    levelChange: (from, to, piece) => {
      if (to > from) {
        const up = to - from
        const maxMm = inches(CLIMB_MAX_INCHES.value)
        const tooTall = o.climbMaxInclusive ? up > maxMm + 1e-6 : up >= maxMm - 1e-6
        if (tooTall && !piece?.has('climbable')) return { costMm: null, kind: 'climb', rule: '§8.1, §15.4', reason: `${piece?.id ?? 'the surface'} is ${Math.round(toInches(up) * 100) / 100}" up: only surfaces up to 3" may be climbed unless agreed climbable` }
        return { costMm: up * CLIMB_COST_PER_INCH.value, kind: 'climb', rule: '§8.1' }
      }
      // "A model may drop down any distance"; drops of 3" or less cost nothing, more are agreed safe or hazardous (§8.1).
      return { costMm: 0, kind: from - to > inches(FREE_DROP_INCHES.value) + 1e-6 ? 'drop (over 3": agreed safe or hazardous)' : 'drop', rule: '§8.1' }
    },
    startTags,
    noEndZones: enemyZones(table, m, mode, o),
    tableRule: "§1.1 (4'×4' play area)",
    rules,
    notes: mode === 'sprint' ? [{ rule: '§8.1', reason: 'a model that Sprinted cannot shoot or Rush this round' }] : [],
    ...(straight ? { straight } : {}),
    ...(refusal ? { refusal } : {}),
  }
}

function subtract(f: ReturnType<typeof fraction>): ReturnType<typeof fraction> {
  return fraction(f.den - f.num, f.den)
}

/** With option normalMoveMayEngage off, a Normal Move or Sprint may not end within 1" of an enemy (§7.5). */
function enemyZones(table: Table, m: TableModel, mode: Mode, o: JaggedShardsOptions): MovementModel['noEndZones'] {
  if (mode === 'rush' || o.normalMoveMayEngage) return []
  const oneInch = inches(ENGAGEMENT_INCHES.value)
  return table.models.filter((e) => e.side !== m.side).map((e) => {
    const r = Math.max(e.placed.halfLengthMm, e.placed.halfWidthMm) + Math.max(m.placed.halfLengthMm, m.placed.halfWidthMm) + oneInch
    return { id: e.id, polygon: basePolygon({ shape: 'round', halfLengthMm: r, halfWidthMm: r, ux: 1, uy: 0 }, e.x, e.y), rule: '§7.5', reason: 'Rush is the only standard way to enter engagement (option normalMoveMayEngage)' }
  })
}

export function reach(table: Table, q: QueryOf<'reach'>): ReachResult {
  return answerReach(table, q, movementModel(table, table.model(q.model), q.mode, q.context))
}

/**
 * Who can attack a spot this turn: each ranged weapon from where the enemy stands or after a Normal
 * Move (§8, §9: shooting follows movement, not after a Sprint), and a melee weapon after a Rush — M + D6
 * straight at the model, which must be its closest visible enemy, succeeding within 1" (§12.1) — with the
 * exact chance of the Rush distance.
 */
export function threat(table: Table, q: QueryOf<'threat'>): ThreatResult {
  const o = readOptions(table.options)
  return answerThreat(table, q, {
    options: (t, enemy) => {
      const out: ThreatOption[] = []
      const move = movementModel(t, enemy, 'normal', {})
      const reference = o.measureAnchor === 'centre' ? 'centre' : 'edge'
      for (const w of enemy.weapons) {
        const r = resolveWeapon(enemy, w.id, false, o)
        if ('error' in r) continue
        if (r.type === 'melee') {
          // The Rush's line and target are the spot's: only its allowance, terrain and the refusals of the model itself are kept.
          const { straight: _line, refusal, ...rush } = movementModel(t, enemy, 'rush', {})
          const ofTarget = refusal?.code === 'no-visible-enemy' || refusal?.code === 'not-closest-visible-enemy'
          out.push({
            via: 'rush', weapon: w.id, move: { ...rush, ...(refusal && !ofTarget ? { refusal } : {}) },
            contactMm: o.rushSuccess === 'within-1' ? inches(RUSH_SUCCESS_INCHES.value) : 0, rangeMm: null, reference: 'edge', straight: true,
            eligible: (spot, e, there) => closestVisibleEnemies(spot, e).some((c) => c.id === there.id),
            context: { rushed: true }, rule: '§12.1',
          })
          continue
        }
        // From where it stands it has not moved: Stationary Anchor's reroll applies where the model has it (§16.1).
        out.push({ via: 'shoot', weapon: w.id, move: null, contactMm: null, rangeMm: inches(r.rangeInches), reference, context: { stationary: true }, rule: '§9' })
        out.push({ via: 'move-shoot', weapon: w.id, move, contactMm: null, rangeMm: inches(r.rangeInches), reference, rule: '§7.4, §9' })
      }
      return out
    },
    standingZ: (t, m, x, y) => standingLevel(t, (p) => pieceRole(p, 'normal', o), x, y) ?? 0,
  })
}

/**
 * §9.1 sight at a density: any part of the body seen from the eye, else any part of the base; then the
 * §9.3 cover class from the same lines. At the full density it is the `los` query's call (sightOf and
 * classifySight take the same steps); the exposure grid samples it coarsely.
 */
function sightAt(table: Table, viewer: TableModel, target: TableModel, density: LosDensity): SightCall {
  const rule = losRuleFor(table, viewer)
  const los = sampleLineOfSight(table, viewer, target, rule, { density })
  const visible = los.visible || sampleLineOfSight(table, viewer, target, { ...rule, to: 'base', terrainObscures: () => false }, { density }).visible
  if (!visible) return { seen: false, class: 'blocked', display: 'blocked', cover: 'none' }
  const level = decideCover(table, viewer, target, los).level
  const cls = level === 'none' ? 'clear' : `${level}-cover`
  return { seen: true, class: cls, display: (LOS_CLASSES as Record<string, { display: DisplayClass }>)[cls]?.display ?? 'partial', cover: level }
}

/** Exposure under §9.1 (any part of base or body seen from the eye; only Obscuring terrain blocks), classed by §9.3 cover. */
export function exposure(table: Table, q: QueryOf<'exposure'>): ExposureResult {
  const o = readOptions(table.options)
  return answerExposure(table, q, { rule: LOS_RULE_TEXT, sight: sightAt, standingZ: (t, _m, x, y) => standingLevel(t, (p) => pieceRole(p, 'normal', o), x, y) })
}

