// Objective markers (core-rules/basic-rules.html#objective-markers, playing-a-game.html#action-secure):
// Secure needs the unit within 1" of the marker and no enemy unit within 3" of the marker or of the
// securing unit, then a Secure Roll of 3+. A Control objective stays secured while at least 1 unit of
// the securing army stays within 3" of it. The marker is a disc (default 40 mm, option).
import { z } from 'zod'
import { chanceE } from './probability/exactFraction.ts'
import { book } from './book.ts'
import { type AreaFigure, type AreaResult, type MarginFigure, type Point2, type QueryOf, type UniformReason, type Table, type TableModel, areaFigure, areaMember, inches, isWithin, marginOf, measureBaseGap2, placeBase, roundTo, toInches } from '../../engine/index.ts'
import type { CadenceCore } from './spec.ts'
import { measureUnitGap, withinReading } from './measure.ts'
import { hasRule } from './specialRules.ts'
import { exact, formatE, toNumberE } from './probability/exactFraction.ts'
import { successProbability } from './probability/rollCheck.ts'

export const OBJ = {
  markers: 'core-rules/basic-rules.html#objective-markers',
  secure: 'core-rules/playing-a-game.html#action-secure',
} as const

export const objectiveContextShape = {
  /** Side that secured this objective earlier (Control: is it still held?). */
  securedBy: z.string().optional(),
  /** Objective type: control (default), access or recover. */
  objectiveType: z.enum(['control', 'access', 'recover']).optional(),
  /** Current round (Access objectives cannot be secured in round 1). */
  round: z.number().int().min(1).optional(),
  /** Units whose attempt is asked about (default: every unit). */
  units: z.array(z.string()).optional(),
}

export function markerGap(table: Table, at: readonly [number, number], m: TableModel) {
  const d = Number(table.options.objectiveMarkerDiameterMm ?? 40)
  const marker = placeBase({ shape: 'round', diameter: Math.max(d, 1e-9) }, at[0], at[1], 0)
  return measureBaseGap2(marker, m.placed)
}

/** Closest distance from the marker to any model of the group, mm. */
export function markerToGroupMm(table: Table, at: readonly [number, number], ms: readonly TableModel[]): { mm: number; model: TableModel } {
  let best = { mm: Infinity, model: ms[0]! }
  for (const m of ms) {
    const g = markerGap(table, at, m).gapMm
    if (g < best.mm) best = { mm: g, model: m }
  }
  return best
}

/** A unit as an objective result lists it: may it secure (or search), and its model closest to the marker. */
export type ObjectiveUnit = { unit: string; canSecure?: boolean; canSearch?: boolean; closest?: { model: string; mm?: number; inches?: number; margin?: MarginFigure } }

/**
 * The objective's area: the units that may secure (or search) it, each by its model closest to the
 * marker; the radius is the 1" a securing unit must be within, as the first unit's margin measured it.
 */
export function objectiveArea(at: Point2, units: readonly ObjectiveUnit[]): AreaFigure {
  const margin = units[0]?.closest?.margin
  const radiusInches = margin ? margin.thresholdInches : null
  const radiusMm = margin ? margin.thresholdMm : null
  const inside = units.filter((u) => u.canSecure === true || u.canSearch === true).map((u) => (u.closest ? areaMember(u.closest.model, u.closest) : areaMember(u.unit)))
  return areaFigure('objective', { source: null, centre: [at[0], at[1]], radiusMm, radiusInches, inside })
}

export function resolveObjective(core: CadenceCore, table: Table, q: QueryOf<'objective'>): AreaResult & { units: ObjectiveUnit[] } {
  const ctx = (q.context ?? {}) as Record<string, unknown>
  const within = withinReading(table)
  const type = (ctx.objectiveType as string | undefined) ?? 'control'
  const round = typeof ctx.round === 'number' ? ctx.round : null
  const fig = (mm: number, thresholdInches: number) => ({ mm: roundTo(mm, 2), inches: roundTo(toInches(mm), 3), margin: marginOf({ rawMm: mm, uncertaintyMm: 0 }, inches(thresholdInches), within) })
  const asked = Array.isArray(ctx.units) ? (ctx.units as string[]) : [...table.units.keys()]
  const units = asked.map((unitId) => {
    const ms = table.units.get(unitId) ?? []
    const first = ms[0]
    if (!first) return { unit: unitId, canSecure: false, reasons: [book.reason({ code: 'unknown-unit', message: `no unit "${unitId}"`, rule: OBJ.secure })] }
    const reasons: UniformReason[] = []
    const near = markerToGroupMm(table, q.at, ms)
    const withinOne = isWithin(near.mm, inches(1), within)
    if (!withinOne) reasons.push(book.reason({ code: 'not-within-1', message: `closest model ${near.model.id} is ${roundTo(toInches(near.mm), 3)}" from the marker: a securing unit must be within 1"`, rule: OBJ.secure }))
    const enemies = [...table.units.entries()].filter(([, os]) => os.some((o) => core.isEnemy(first, o)))
    const nearMarker = enemies.filter(([, os]) => isWithin(markerToGroupMm(table, q.at, os).mm, inches(3), within)).map(([id]) => id)
    const nearUnit = enemies.filter(([, os]) => isWithin(measureUnitGap(table, ms, os).measurement.rawMm, inches(3), within)).map(([id]) => id)
    if (nearMarker.length) reasons.push(book.reason({ code: 'enemy-near-marker', message: `enemy unit(s) ${nearMarker.join(', ')} within 3" of the marker`, rule: OBJ.secure }))
    if (nearUnit.length) reasons.push(book.reason({ code: 'enemy-near-unit', message: `enemy unit(s) ${nearUnit.join(', ')} within 3" of ${unitId}`, rule: OBJ.secure }))
    const views = ms.map((m) => core.view(table, m))
    if (views.every((v) => hasRule(v.rules, 'non-scoring'))) reasons.push(book.reason({ code: 'non-scoring', message: `${unitId} is Non-Scoring`, rule: 'core-rules/special-rules-appendix.html#unit-special-rules' }))
    if (type === 'access' && round === 1) reasons.push(book.reason({ code: 'access-round-1', message: 'Access objectives cannot be secured on the first round', rule: OBJ.markers }))
    const nums = core.numbersAt(table)
    const st = nums.secureTarget
    const skill = Math.min(...views.map((v) => v.skill))
    const need = st ? st.value : skill
    const p = successProbability({ faces: nums.faces, need, alwaysFail: [nums.alwaysFail.value], alwaysSucceed: [], reroll: false })
    const canSecure = reasons.length === 0
    const pSecure = canSecure ? p : exact(0)
    return {
      unit: unitId,
      side: first.side,
      closest: { model: near.model.id, ...fig(near.mm, 1) },
      canSecure,
      reasons,
      secureRoll: { need: `${need}+`, ...book.cite({ rule: st ? st.rule : core.spec.moduleSection }), probability: chanceE(pSecure).value, ...chanceE(pSecure) },
    }
  })
  let control: Record<string, unknown> | undefined
  if (typeof ctx.securedBy === 'string') {
    const side = ctx.securedBy
    const holders = [...table.units.entries()]
      .filter(([, ms]) => ms.some((m) => m.side === side))
      .map(([id, ms]) => ({ unit: id, ...fig(markerToGroupMm(table, q.at, ms).mm, 3) }))
      .filter((h) => isWithin(h.mm, inches(3), within))
    control = { securedBy: side, type, held: type === 'control' ? holders.length > 0 : null, holders, ...book.cite({ rule: OBJ.markers }) }
  }
  return {
    marker: { at: q.at, diameterMm: Number(table.options.objectiveMarkerDiameterMm ?? 40), type },
    units,
    ...(control ? { control } : {}),
    ...book.sources([OBJ.markers, OBJ.secure]),
    area: objectiveArea(q.at, units),
  }
}
