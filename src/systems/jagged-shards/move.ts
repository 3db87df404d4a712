// Movement (§8, §12, §15.4): Normal Move (M), Sprint (M + D6), Rush (M + D6 toward the closest
// visible enemy; Heavy Terrain halves M; never across Obscuring Terrain), climbing (≤ 3", 1" of
// movement per inch), drops, Disengage, and the bases and terrain in the way.
import {
  type Distribution, type MoveResult, type QueryOf, type Table, type TableModel, type TableTerrain, type UniformReason,
  GRAZE_MM, ONE, SceneError, ZERO, chance, dice, formatFraction, inches, isWithin, measureBaseGap2, measurePath, placeBase,
  polygonContains, probabilityOf, roundTo, sampleBaseArea, toInches, fraction,
} from '../../engine/index.ts'
import { CLIMB_COST_PER_INCH, CLIMB_MAX_INCHES, COORDINATED_PUSH_INCHES, D100_SIDES, ENGAGEMENT_INCHES, FREE_DROP_INCHES, HEAVY_RUSH_M_FACTOR, RUSH_SUCCESS_INCHES } from './constants.ts'
import { readContext } from './context.ts'
import { hasAbility, hasKeyword, isInfantry, readUnitStats } from './modelStats.ts'
import { readOptions, type JaggedShardsOptions } from './options.ts'
import { enemiesEngaging } from './attack.ts'
import { findAbilitySources } from './areas.ts'
import { book } from './losClasses.ts'
import { citedRules, measureBetween, measureRule, sightOf, standsIn } from './terrain.ts'

export const MOVE_MODES = ['normal', 'sprint', 'rush'] as const
type MoveMode = (typeof MOVE_MODES)[number]

/** A piece a model can stand on top of: agreed climbable, or a platform (§8.1, §8.4, §15.4). */
function isSurface(t: TableTerrain): boolean {
  return t.has('platform') || t.has('climbable')
}

/** Where along the straight path (fraction 0..1) the centre line first enters a piece, or null. */
function entryFraction(t: TableTerrain, x0: number, y0: number, x1: number, y1: number): number | null {
  const len = Math.hypot(x1 - x0, y1 - y0)
  const steps = Math.max(8, Math.ceil(len / 2))
  for (let i = 0; i <= steps; i++) {
    const f = i / steps
    if (polygonContains(t.solid.footprint, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)) return f
  }
  return null
}

type Vertical = { climbInches: number; steps: Array<{ terrain: string; upInches: number }>; drops: Array<{ terrain: string; downInches: number; hazardous: boolean }>; endZ: number }

/**
 * The vertical part of a straight move: up onto each surface the centre line crosses (1" of
 * movement per inch, §8.1), down again when it leaves it (free up to 3"), ending on the top of the
 * surface that contains the destination.
 */
function measureVertical(table: Table, m: TableModel, to: readonly [number, number], reasons: UniformReason[], o: JaggedShardsOptions, safeDrop: boolean): Vertical {
  const surfaces = table.terrain
    .filter(isSurface)
    .map((t) => ({ t, f: polygonContains(t.solid.footprint, m.x, m.y) ? 0 : entryFraction(t, m.x, m.y, to[0], to[1]) }))
    .filter((s): s is { t: TableTerrain; f: number } => s.f !== null)
    .sort((a, b) => a.f - b.f)
  let z = m.z
  let climbMm = 0
  const steps: Vertical['steps'] = []
  const drops: Vertical['drops'] = []
  const maxMm = inches(CLIMB_MAX_INCHES.value)
  const down = (toZ: number, fromId: string) => {
    if (toZ >= z - 1e-6) return
    const dropMm = z - toZ
    const hazardous = dropMm > inches(FREE_DROP_INCHES.value) + 1e-6 && !safeDrop
    drops.push({ terrain: fromId, downInches: roundTo(toInches(dropMm), 3), hazardous })
    z = toZ
  }
  for (const { t } of surfaces) {
    const top = t.solid.topZ
    const onTop = polygonContains(t.solid.footprint, to[0], to[1])
    const alreadyOn = Math.abs(m.z - top) < 1e-6 && polygonContains(t.solid.footprint, m.x, m.y)
    if (top > z + 1e-6 && !alreadyOn) {
      const up = top - z
      const tooTall = o.climbMaxInclusive ? up > maxMm + 1e-6 : up >= maxMm - 1e-6
      if (tooTall && !t.has('climbable')) {
        reasons.push(book.reason({ code: 'too-tall-to-climb', message: `${t.id} is ${roundTo(toInches(up), 2)}" above the model: only surfaces up to 3" may be climbed unless ladders, ramps or steps were agreed ("climbable")`, rule: '§8.1, §15.4' }))
      }
      climbMm += up
      steps.push({ terrain: t.id, upInches: roundTo(toInches(up), 3) })
      z = top
    }
    if (!onTop) down(0, t.id)
  }
  const endSurface = surfaces.filter(({ t }) => polygonContains(t.solid.footprint, to[0], to[1])).map(({ t }) => t)
  const endZ = endSurface.length ? Math.max(...endSurface.map((t) => t.solid.topZ)) : 0
  if (endZ < z - 1e-6) down(endZ, surfaces[surfaces.length - 1]?.t.id ?? 'its starting height')
  return { climbInches: toInches(climbMm) * CLIMB_COST_PER_INCH.value, steps, drops, endZ }
}

/** The closest visible enemies of m (§12.1 step 2), with their base-to-base gaps. */
function closestVisibleEnemies(table: Table, m: TableModel): Array<{ model: TableModel; rawMm: number }> {
  const visible = table.models
    .filter((e) => e.side !== m.side && sightOf(table, m, e).visible)
    .map((e) => ({ model: e, rawMm: measureBetween(table, m, e).rawMm }))
    .sort((a, b) => a.rawMm - b.rawMm)
  const best = visible[0]
  return best ? visible.filter((v) => v.rawMm - best.rawMm <= 1e-6) : []
}

function halveM(m: number, o: JaggedShardsOptions): number {
  const half = m * HEAVY_RUSH_M_FACTOR.value
  return o.heavyHalfRounding === 'up' ? Math.ceil(half) : o.heavyHalfRounding === 'down' ? Math.floor(half) : half
}

/** P(base + D6 ≥ need) exactly, or certainty with a rolled D6. */
function reachChance(baseInches: number, needInches: number, d6: number | undefined) {
  const dist: Distribution = d6 === undefined ? dice(1, 6, baseInches) : dice(0, 6, baseInches + d6)
  const p = probabilityOf(dist, (v) => v >= needInches - 1e-9)
  return chance(p)
}

export function move(table: Table, q: QueryOf<'move'>): MoveResult {
  const o = readOptions(table.options)
  const ctx = readContext(q.context)
  const m = table.model(q.model)
  const stats = readUnitStats(m)
  const raw = q.mode ?? 'normal'
  const mode: MoveMode | null = raw === 'move' || raw === 'normal' ? 'normal' : (MOVE_MODES as readonly string[]).includes(raw) ? (raw as MoveMode) : null
  if (!mode) throw new SceneError([{ path: 'mode', message: `unknown move mode "${raw}"; expected one of ${MOVE_MODES.join(', ')} (§8.1, §12)` }])
  const reasons: UniformReason[] = []
  const warnings: string[] = []
  const rules = new Set<string>(mode === 'rush' ? ['§12', '§12.2'] : ['§8.1', '§8.2'])

  // ---- the path on the table -----------------------------------------------------------------
  const path = measurePath(table, m, q.to, q.facing)
  for (const c of path.crossings) {
    const t = c.terrain
    const through = c.insideMm > GRAZE_MM || c.endsInside
    if (!through) continue
    if (t.type === 'impassable') reasons.push(book.reason({ code: 'impassable', message: `the path enters Impassable Terrain ${t.id}`, rule: '§8.2, §15.4' }))
    if (t.type === 'obscuring') {
      if (mode === 'rush') reasons.push(book.reason({ code: 'rush-through-obscuring', message: `a Rush may not cross Obscuring Terrain (${t.id})`, rule: '§12.2, §15.5' }))
      else {
        const permeable = t.has('permeable') && o.obscuringPassable !== 'never'
        const climbable = t.has('climbable') && o.obscuringPassable === 'permeable-or-climbable'
        if (!permeable && !climbable) reasons.push(book.reason({ code: 'through-obscuring', message: `the path goes through Obscuring Terrain ${t.id} (not designated permeable or climbable)`, rule: '§8.2, §8.4' }))
      }
    }
  }
  const vertical = measureVertical(table, m, q.to, reasons, o, ctx.safeDrop === true)
  if (vertical.steps.length) rules.add('§8.1').add('§15.4')
  for (const d of vertical.drops) {
    if (d.downInches > FREE_DROP_INCHES.value) {
      const hazardousPiece = table.terrain.find((t) => t.id === d.terrain)?.has('hazardous-drop') ?? false
      const sr = stats.srThreshold
      const pWound = fraction(Math.max(0, Math.min(D100_SIDES.value, sr - 1)), D100_SIDES.value)
      warnings.push(d.hazardous
        ? `a ${d.downInches}" drop from ${d.terrain}: more than 3" must be agreed safe or hazardous${hazardousPiece ? ' (this piece: hazardous)' : ''}; if hazardous, roll SR ${sr} or take 1 Wound (P = ${formatFraction(pWound)})`
        : `a ${d.downInches}" drop from ${d.terrain}, agreed safe`)
      rules.add('§8.1')
    }
  }
  const enemyBlockers = path.blockedBy.filter((b) => b.side !== m.side)
  for (const b of enemyBlockers) reasons.push(book.reason({ code: 'through-enemy-base', message: `the path passes through ${b.id}'s base`, rule: mode === 'rush' ? '§12.2' : '§8.2' }))
  const endBase = placeBase(m.base, q.to[0], q.to[1], q.facing ?? m.facingDeg)
  for (const other of table.models) {
    if (other.id === m.id || enemyBlockers.includes(other)) continue
    if (Math.abs(other.z - vertical.endZ) > 1e-6) continue
    const g = measureBaseGap2(endBase, other.placed)
    if (g.overlapping && g.gapMm === 0 && isOverlapDeep(endBase, other)) reasons.push(book.reason({ code: 'ends-on-base', message: `the model would end overlapping ${other.id}'s base`, rule: '§8.2' }))
  }
  for (const t of table.terrain) {
    if (t.type !== 'obscuring' && t.type !== 'impassable' && !(isSurface(t) && vertical.endZ < t.solid.topZ - 1e-6)) continue
    if (vertical.endZ >= t.solid.topZ - 1e-6) continue
    const pts = sampleBaseArea(endBase, 32)
    if (pts.some(([x, y]) => polygonContains(t.solid.footprint, x, y, -0.5)) && !reasons.some((r) => r.message.includes(t.id))) {
      reasons.push(book.reason({ code: 'ends-overlapping-terrain', message: `the model would end overlapping ${t.id}`, rule: '§8.2' }))
    }
  }
  if (path.offTable) reasons.push(book.reason({ code: 'off-table', message: 'the model would end (partly) off the table', rule: '§1.1 (4\'×4\' play area)' }))

  const horizontalInches = toInches(path.lengthMm)
  const totalInches = horizontalInches + vertical.climbInches

  // ---- engagement at the start: Disengage (§8.5, §10.5) ---------------------------------------
  const engagedAtStart = enemiesEngaging(table, m)
  let disengage: Record<string, unknown> | undefined
  if (engagedAtStart.length && totalInches > 0) {
    rules.add('§8.5').add('§10.5')
    const auto = ctx.autoDisengage === true && (hasAbility(m, 'tactical-break') || hasAbility(m, 'slip-step') || (o.specialistAutoDisengage === 'all-specialists' && hasKeyword(m, 'specialist')))
    if (ctx.autoDisengage && !auto) reasons.push(book.reason({ code: 'no-auto-disengage', message: `${m.id} has no automatic Disengage (Tactical Break / Slip-Step)`, rule: '§8.5, §16' }))
    // "Roll D100 ≥ SR Threshold → Success"; "Disengaging does not trigger Critical Results" (§10.5).
    const faces = Math.max(0, Math.min(D100_SIDES.value, D100_SIDES.value - stats.srThreshold + 1))
    const p = fraction(faces, D100_SIDES.value)
    disengage = {
      engagedWith: engagedAtStart.map((e) => e.model.id),
      automatic: auto,
      probability: chance(auto ? ONE : p),
      need: auto ? 'automatic (once per game)' : `D100 ≥ SR ${stats.srThreshold} (no critical results)`,
      ...book.cite({ rule: '§8.5, §10.5' }),
    }
    if (ctx.roll !== undefined && !auto) {
      const success = ctx.roll >= stats.srThreshold
      disengage['outcome'] = { roll: ctx.roll, success }
      if (!success) reasons.push(book.reason({ code: 'disengage-failed', message: `Disengage roll ${ctx.roll} < SR ${stats.srThreshold}: the model may not move at all this turn`, rule: '§8.5, §10.5' }))
    }
    if (mode !== 'normal') reasons.push(book.reason({ code: 'disengage-no-sprint-or-rush', message: `${m.id} starts engaged: after a Disengage it may not Sprint or Rush`, rule: '§8.5' }))
  }
  if (ctx.disengaged && mode !== 'normal') reasons.push(book.reason({ code: 'disengaged', message: `${m.id} Disengaged this turn: no Sprint or Rush`, rule: '§8.5' }))

  // ---- allowance by mode -----------------------------------------------------------------------
  let allowance: Record<string, unknown>
  let probability: Record<string, unknown>
  let rush: Record<string, unknown> | undefined
  const engagesWith = enemiesAt(table, m, endBase, vertical.endZ)
  if (mode === 'normal') {
    let allowanceInches = stats.movementInches
    if (ctx.coordinatedPush) {
      const officers = findAbilitySources(table, m, 'coordinated-push', 'friendly')
      if (!isInfantry(m) || !officers.length) reasons.push(book.reason({ code: 'no-coordinated-push', message: `Coordinated Push needs an Infantry model within 6" of a friendly Command Officer`, rule: '§16.1' }))
      else allowanceInches += COORDINATED_PUSH_INCHES.value
      rules.add('§16.1')
    }
    const ok = isWithin(inches(totalInches), inches(allowanceInches), 'le')
    if (!ok) reasons.push(book.reason({ code: 'too-far', message: `the move costs ${roundTo(totalInches, 3)}", more than M ${allowanceInches}"`, rule: '§8.1' }))
    allowance = { inches: allowanceInches, formula: `M ${stats.movementInches}"${ctx.coordinatedPush ? ' + 1" (Coordinated Push)' : ''}` }
    probability = { reach: ok ? 1 : 0, ...chance(ok ? ONE : ZERO) }
  } else {
    if (ctx.sprinted && mode === 'rush') reasons.push(book.reason({ code: 'sprinted', message: `${m.id} Sprinted this round and cannot Rush`, rule: '§8.1, §12' }))
    let base = stats.movementInches
    let formula = `M ${base}" + D6`
    if (mode === 'rush') {
      const startHeavy = table.terrain.filter((t) => t.type === 'heavy' && standsIn(m, t)).map((t) => t.id)
      const crossHeavy = path.crossings.filter((c) => c.terrain.type === 'heavy' && (c.insideMm > GRAZE_MM || c.endsInside)).map((c) => c.terrain.id)
      const trig = o.heavyRushTrigger
      const heavy = trig === 'starts-inside' ? startHeavy : trig === 'path-crosses' ? crossHeavy : [...new Set([...startHeavy, ...crossHeavy])]
      if (heavy.length) {
        base = halveM(stats.movementInches, o)
        formula = `M ${stats.movementInches}" halved to ${base}" in Heavy Terrain (${heavy.join(', ')}) + D6`
        rules.add('§8.4').add('§15.5')
      }
      rush = describeRush(table, m, endBase, base, ctx.target, ctx.d6, reasons, o)
    } else {
      rules.add('§8.1')
      warnings.push('a model that Sprinted cannot shoot or Rush this round (§8.1)')
    }
    const max = base + 6
    if (!isWithin(inches(totalInches), inches(ctx.d6 === undefined ? max : base + ctx.d6), 'le')) {
      reasons.push(book.reason({ code: 'too-far', message: ctx.d6 === undefined ? `the move costs ${roundTo(totalInches, 3)}", more than the ${max}" a ${formula} can reach` : `the move costs ${roundTo(totalInches, 3)}", more than ${base}" + ${ctx.d6} = ${base + ctx.d6}"`, rule: mode === 'rush' ? '§12.1' : '§8.1' }))
    }
    allowance = { inches: ctx.d6 === undefined ? null : base + ctx.d6, min: base + 1, max, formula, ...(ctx.d6 !== undefined ? { d6: ctx.d6 } : {}) }
    const reach = reachChance(base, totalInches, ctx.d6)
    probability = { reach: roundTo(reach.value, 6), ...reach }
  }
  if (mode !== 'rush' && engagesWith.length) {
    if (!o.normalMoveMayEngage) reasons.push(book.reason({ code: 'engages-without-rush', message: `the move ends within 1" of ${engagesWith.join(', ')}: Rush is the only standard way to enter engagement`, rule: '§7.5' }))
    else warnings.push(`ends within 1" of ${engagesWith.join(', ')}: the model becomes Engaged (no first strike, §8.6)`)
    rules.add('§8.6')
  }

  return {
    allowed: reasons.length === 0,
    reasons,
    mode,
    distance: {
      inches: roundTo(totalInches, 3),
      mm: roundTo(inches(totalInches), 2),
      horizontalInches: roundTo(horizontalInches, 3),
      climbInches: roundTo(vertical.climbInches, 3),
    },
    allowance,
    probability,
    ...(vertical.steps.length || vertical.drops.length ? { climb: vertical.steps, drops: vertical.drops, endZ: roundTo(vertical.endZ, 2) } : {}),
    crossed: path.crossings.map((c) => ({ terrain: c.terrain.id, type: c.terrain.type, insideMm: roundTo(c.insideMm, 2) })),
    ...(disengage ? { disengage } : {}),
    ...(rush ? { rush } : {}),
    engagesWith,
    ...(warnings.length ? { warnings } : {}),
    ...book.sources(citedRules(rules, reasons)),
  }
}

/** A touching contact (within the graze tolerance) is allowed; a real overlap is not. */
function isOverlapDeep(a: ReturnType<typeof placeBase>, other: TableModel): boolean {
  const shrunk = { ...a, halfLengthMm: Math.max(0, a.halfLengthMm - GRAZE_MM), halfWidthMm: Math.max(0, a.halfWidthMm - GRAZE_MM) }
  return measureBaseGap2(shrunk, other.placed).overlapping
}

/** Enemies within 1" of a base placed at the end of a move (same level). */
function enemiesAt(table: Table, m: TableModel, endBase: ReturnType<typeof placeBase>, endZ: number): string[] {
  const within = measureRule(readOptions(table.options)).within
  return table.models
    .filter((e) => e.side !== m.side && Math.abs(e.z - endZ) < inches(ENGAGEMENT_INCHES.value) + 1e-6)
    .filter((e) => isWithin(measureBaseGap2(endBase, e.placed).gapMm, inches(ENGAGEMENT_INCHES.value), within))
    .map((e) => e.id)
}

/**
 * A Rush (§12.1): toward the closest visible enemy; it succeeds if the model ends within 1" of it.
 * Moving straight at the target closes the base-to-base gap inch for inch, so the Rush needs
 * (gap − 1") of Rush Distance (option rushSuccess "reach-target": the whole gap, as §12.6 B reads).
 */
function describeRush(table: Table, m: TableModel, endBase: ReturnType<typeof placeBase>, baseInches: number, targetId: string | undefined, d6: number | undefined, reasons: UniformReason[], o: JaggedShardsOptions): Record<string, unknown> {
  const closest = closestVisibleEnemies(table, m)
  if (!closest.length) {
    reasons.push(book.reason({ code: 'no-visible-enemy', message: `${m.id} has no visible enemy to Rush`, rule: '§12' }))
    return { target: null }
  }
  const target = targetId ? table.model(targetId) : closest[0]!.model
  if (!closest.some((c) => c.model.id === target.id)) {
    reasons.push(book.reason({ code: 'not-closest-visible-enemy', message: `${target.id} is not the closest visible enemy (${closest.map((c) => c.model.id).join(', ')} is closer)`, rule: '§12.1' }))
  }
  const gapMm = measureBetween(table, m, target).rawMm
  const successMm = o.rushSuccess === 'within-1' ? inches(RUSH_SUCCESS_INCHES.value) : 0
  const needInches = Math.max(0, toInches(gapMm - successMm))
  const success = reachChance(baseInches, needInches, d6)
  const endGapMm = measureBaseGap2(endBase, target.placed).gapMm
  // Direction check: the move should head straight at the target (§12.1 step 4).
  const dx = target.x - m.x
  const dy = target.y - m.y
  const len = Math.hypot(dx, dy) || 1
  const offLineMm = Math.abs(((endBase.cx - m.x) * dy - (endBase.cy - m.y) * dx) / len)
  return {
    target: target.id,
    closestVisible: closest.map((c) => c.model.id),
    gapInches: roundTo(toInches(gapMm), 3),
    needInches: roundTo(needInches, 3),
    success: { probability: success.value, ...success, condition: o.rushSuccess === 'within-1' ? `Rush Distance ≥ gap − 1" = ${roundTo(needInches, 3)}"` : `Rush Distance ≥ gap = ${roundTo(needInches, 3)}" (option rushSuccess: reach-target)` },
    endsWithin1: isWithin(endGapMm, inches(RUSH_SUCCESS_INCHES.value), 'le'),
    offLineMm: roundTo(offLineMm, 2),
    onFailure: 'a failed Rush still moves its full Rush Distance and does not engage (§12.3)',
    onSuccess: 'engaged; strikes first in the Melee Phase (§12.5)',
  }
}
