// Cadence line of sight (core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range):
// judged from one model of the attacking unit, "through it's eyes", to the target UNIT, ignoring
// models of the attacking and target units. Classes: clear (at least half the target models seen
// with no part covered), obscured (some seen, more than half at least partly covered), blocked
// (none seen, or a target model partly hidden by another unit; or the friendly screen).
import { type DecidingReason, type LineOfSight, type LosRule, type UniformReason, type Sight, type Table, type TableModel, sampleLineOfSight, sightOf } from '../../engine/index.ts'
import { book } from './book.ts'
import { measureUnitGap, withinReading } from './measure.ts'
import { isWithin, inches } from '../../engine/index.ts'

export const LOS_RULE = 'core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range'
export const COVER_RULE = 'core-rules/advanced-rules.html#keyword-cover'

export type LosClass = 'clear' | 'obscured' | 'blocked'

export type ModelSight = {
  model: string
  /** Fraction of the model's sampled points seen from the viewer's eye. */
  fraction: number
  visible: boolean
  fullyVisible: boolean
  /** Ids hiding part of it, split by kind. */
  terrain: string[]
  otherUnits: string[]
  /** Terrain pieces with the Cover keyword among the hiders. */
  coverTerrain: string[]
}

export type UnitSight = {
  viewer: string
  targetUnit: string
  /** Class from the sight lines alone (before the 1" and 3" rules). */
  sightClass: LosClass
  class: LosClass
  models: ModelSight[]
  fullyVisible: number
  visible: number
  reasons: UniformReason[]
  /** Terrain with the Cover keyword that obscures the target (when the final class is obscured). */
  coverTerrain: string[]
  /** Closest distance between the attacking unit and the target unit, mm. */
  unitGapMm: number
}

/**
 * The sight block of a unit's line of sight (an attack's \`los\`): seen when any target model is, its
 * fraction the best model's, its blockers every piece and unit hiding a model; the unit's reasons (the
 * last deciding) say why the class is what it is.
 */
export function unitSightBlock(table: Table, cls: string, models: ReadonlyArray<Pick<ModelSight, 'visible' | 'fraction' | 'terrain' | 'otherUnits'>>, reasons: readonly DecidingReason[]): Sight {
  const blockers = new Set<string>()
  for (const m of models) for (const b of [...m.terrain, ...m.otherUnits]) blockers.add(b)
  const facts = { visible: models.some((m) => m.visible), fraction: Math.max(0, ...models.map((m) => m.fraction)), baseHidden: 0, blockers: [...blockers] }
  return sightOf(table.system, facts, cls, reasons)
}

export function cadenceLosRule(viewerUnit: string, targetUnit: string): LosRule {
  return {
    mode: '3d',
    from: 'eye',
    to: 'volume',
    terrainBlocks: () => true,
    // "You ignore models in the attacking unit and target unit that may block this line of sight."
    modelBlocks: (blocker) => blocker.unit !== viewerUnit && blocker.unit !== targetUnit,
    rule: LOS_RULE,
  }
}

/**
 * A game's change to how sight lines are drawn for one attack or sight query, instead of an edited
 * copy of the table (Squadrons: on the flat bases; Respawn: smoke as a column from more than 3",
 * Quantum Tunneling). `override` is laid over the core's LoS rule; `source` and `rule` say which game
 * rule acted.
 */
export type SightHook = { readonly override: Partial<LosRule>; readonly source: string; readonly rule: string }

export function sightOfModel(table: Table, viewer: TableModel, target: TableModel, rays = false, sight?: SightHook): LineOfSight {
  return sampleLineOfSight(table, viewer, target, cadenceLosRule(viewer.unit, target.unit), sight ? { rays, override: sight.override } : { rays })
}

/**
 * Judge LoS from `viewer` to the unit of `target`. `isFriendly(a, b)` says whether two models are on
 * the same army (the friendly-screen rule looks for units friendly to the attacker).
 */
export function judgeUnitSight(table: Table, viewer: TableModel, target: TableModel, isEnemy: (a: TableModel, b: TableModel) => boolean, sight?: SightHook): UnitSight {
  const targetUnit = table.unitOf(target)
  const attackingUnit = table.unitOf(viewer)
  const fullFraction = Number(table.options.fullyVisibleFraction ?? 1)
  const terrainIds = new Set(table.terrain.map((t) => t.id))
  const models: ModelSight[] = targetUnit.map((t) => {
    const los = sightOfModel(table, viewer, t, false, sight)
    const hiders = Object.keys(los.blockedBy)
    const terrain = hiders.filter((id) => terrainIds.has(id))
    const otherUnits = hiders.filter((id) => !terrainIds.has(id))
    return {
      model: t.id,
      fraction: los.fraction,
      visible: los.fraction > 0,
      fullyVisible: los.fraction >= fullFraction - 1e-12,
      terrain,
      otherUnits,
      coverTerrain: terrain.filter((id) => table.terrainPiece(id).has('cover')),
    }
  })
  const n = models.length
  const fullyVisible = models.filter((m) => m.fullyVisible).length
  const visible = models.filter((m) => m.visible).length
  const reasons: UniformReason[] = []
  let sightClass: LosClass
  const hiddenByUnit = models.filter((m) => m.otherUnits.length > 0 && m.fraction < fullFraction)
  if (visible === 0) {
    sightClass = 'blocked'
    reasons.push(book.reason({ code: 'nothing-visible', message: `no model of unit ${target.unit} can be seen from ${viewer.id}'s eye`, rule: LOS_RULE }))
  } else if (table.options.otherUnitBlocks !== 'off' && hiddenByUnit.length > 0) {
    sightClass = 'blocked'
    for (const m of hiddenByUnit) reasons.push(book.reason({ code: 'hidden-by-other-unit', message: `${m.model} is partly hidden by ${m.otherUnits.join(', ')} (another unit): "If any model is partially obscured by another unit ... blocked"`, rule: LOS_RULE }))
  } else if (fullyVisible * 2 >= n) {
    sightClass = 'clear'
    reasons.push(book.reason({ code: 'clear', message: `${fullyVisible} of ${n} target models fully visible (at least half)`, rule: LOS_RULE }))
  } else {
    sightClass = 'obscured'
    reasons.push(book.reason({ code: 'obscured', message: `${visible} of ${n} target models visible but only ${fullyVisible} fully: more than half are at least partly covered`, rule: LOS_RULE }))
  }

  const gap = measureUnitGap(table, attackingUnit, targetUnit)
  const within = withinReading(table)
  let cls = sightClass
  // Friendly screen: "If the unit is within 1 inch of a friendly unit, and you are more than 3 inches away".
  const screen = table.options.friendlyScreen ?? 'friendly-to-attacker'
  if (screen !== 'off' && cls !== 'blocked' && !isWithin(gap.measurement.rawMm, inches(3), 'le')) {
    const friendOf = screen === 'friendly-to-target' ? target : viewer
    const screens = [...table.units.entries()].filter(([id, ms]) => id !== target.unit && id !== viewer.unit && ms.some((m) => !isEnemy(m, friendOf)) && ms.every((m) => !isEnemy(m, friendOf)))
    const screening = screens.find(([, ms]) => isWithin(measureUnitGap(table, ms, targetUnit).measurement.rawMm, inches(1), within))
    if (screening) {
      cls = 'blocked'
      reasons.push(book.reason({ code: 'friendly-screen', message: `unit ${target.unit} is within 1" of friendly unit ${screening[0]} and the attackers are more than 3" away (${gap.measurement.inches}")`, rule: LOS_RULE }))
    }
  }
  // "If you are attacking a unit within 3 inches an obscured line of sight is counted as clear."
  if (cls === 'obscured' && isWithin(gap.measurement.rawMm, inches(3), within)) {
    cls = 'clear'
    reasons.push(book.reason({ code: 'close-obscured-counts-clear', message: `target unit within 3" (${gap.measurement.inches}"): obscured counts as clear`, rule: LOS_RULE }))
  }
  const coverTerrain = [...new Set(models.flatMap((m) => (m.fullyVisible ? [] : m.coverTerrain)))].sort()
  return { viewer: viewer.id, targetUnit: target.unit, sightClass, class: cls, models, fullyVisible, visible, reasons, coverTerrain, unitGapMm: gap.measurement.rawMm }
}
