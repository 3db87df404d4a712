// Areas: the 3" and 6" ability radii of the codex (§16) and objective control (§13).
import {
  type AreaResult, type QueryOf, type Table, type TableModel,
  SceneError, areaFigure, areaMember, inches, isWithin, marginOf, measureBaseGap2, placeBase, roundTo, toInches, own,
} from '../../engine/index.ts'
import { findAbility } from './catalogue.ts'
import { OBJECTIVE_CONTROL_INCHES } from './constants.ts'
import { readContext } from './context.ts'
import { hasAbility, isInfantry } from './modelStats.ts'
import { readOptions } from './options.ts'
import { measureBetween, measureRule } from './terrain.ts'
import { book } from './losClasses.ts'

/** Who an ability reaches, as printed in §16. */
type AbilityScope = {
  who: 'friendly' | 'enemy'
  infantryOnly: boolean
  /** Extra condition printed with the ability. */
  condition?: string
  section: string
}

const SCOPES: Readonly<Record<string, AbilityScope>> = {
  'specialist-aura': { who: 'friendly', infantryOnly: false, section: '§16.1', condition: 'ignore the first +10 SR penalty they would suffer' },
  'hold-the-line': { who: 'friendly', infantryOnly: true, section: '§16.1', condition: '+5 EV while engaged' },
  'coordinated-push': { who: 'friendly', infantryOnly: true, section: '§16.1', condition: 'one of them may move +1" during Movement' },
  'counter-charge': { who: 'enemy', infantryOnly: false, section: '§16.1', condition: 'if this enemy\'s Rush succeeds, the source may immediately Rush it' },
  'warp-pulse': { who: 'enemy', infantryOnly: false, section: '§16.2', condition: 'once per game, one of them suffers +10 SR on its next attack' },
  'root-snare-counter-charge': { who: 'enemy', infantryOnly: false, section: '§16.2', condition: 'if this enemy\'s Rush succeeds, the source may Rush it' },
  'spore-shroud': { who: 'friendly', infantryOnly: true, section: '§16.2', condition: 'Light Cover at all times unless fully in the open' },
}

export const RADIUS_ABILITIES = Object.keys(SCOPES)

function radiusOf(abilityId: string): number {
  const r = findAbility(abilityId)?.ability.radiusInches
  if (r === undefined) throw new SceneError([{ path: 'ability', message: `"${abilityId}" is not an ability with a radius; expected one of ${RADIUS_ABILITIES.join(', ')}` }])
  return r
}

/** Is `m` within an ability's radius of `source` and of the kind the ability reaches? */
function reaches(table: Table, source: TableModel, m: TableModel, abilityId: string) {
  const scope = own(SCOPES, abilityId)!
  const o = readOptions(table.options)
  if (m.id === source.id && !(o.auraIncludesSource && scope.who === 'friendly')) return null
  if (scope.who === 'friendly' ? m.side !== source.side : m.side === source.side) return null
  if (scope.infantryOnly && !isInfantry(m)) return null
  const d = measureBetween(table, source, m)
  const radiusMm = inches(radiusOf(abilityId))
  const within = measureRule(o).within
  return { d, radiusMm, within, inside: isWithin(d.rawMm, radiusMm, within) }
}

/** Models with `abilityId` whose radius reaches model m (e.g. a friendly Combat Engineer within 3"). */
export function findAbilitySources(table: Table, m: TableModel, abilityId: string, who: 'friendly' | 'enemy'): TableModel[] {
  return table.models.filter((s) => {
    if (!hasAbility(s, abilityId)) return false
    if (who === 'friendly' ? s.side !== m.side : s.side === m.side) return false
    return reaches(table, s, m, abilityId)?.inside ?? false
  })
}

export function aura(table: Table, q: QueryOf<'aura'>): AreaResult {
  const source = table.model(q.source)
  const scope = own(SCOPES, q.ability)
  if (!scope) throw new SceneError([{ path: 'ability', message: `unknown ability "${q.ability}"; the codex abilities with a radius are ${RADIUS_ABILITIES.join(', ')}` }])
  const radiusInches = radiusOf(q.ability)
  const warnings: string[] = []
  if (!hasAbility(source, q.ability)) warnings.push(`${source.id} does not have ${q.ability} in its codex entry`)
  const affected: Array<{ model: string; inches: number }> = []
  const outside: Array<{ model: string; inches: number }> = []
  for (const m of table.models) {
    const r = reaches(table, source, m, q.ability)
    if (!r) continue
    const row = { model: m.id, inches: r.d.inches, points: r.d.points, margin: marginOf(r.d, r.radiusMm, r.within) }
    ;(r.inside ? affected : outside).push(row)
  }
  return {
    source: source.id,
    ability: q.ability,
    name: findAbility(q.ability)?.ability.name,
    text: findAbility(q.ability)?.ability.text,
    radius: { inches: radiusInches, mm: roundTo(inches(radiusInches), 2) },
    reaches: `${scope.who}${scope.infantryOnly ? ' Infantry' : ' models'}`,
    condition: scope.condition,
    affected,
    outside,
    ...(warnings.length ? { warnings } : {}),
    ...book.sources([scope.section]),
    area: areaFigure('aura', { source: source.id, centre: null, radiusMm: roundTo(inches(radiusInches), 2), radiusInches, inside: affected.map((a) => areaMember(a.model, a)) }),
  }
}

/**
 * Objective control (§13.1): a side controls an objective when at least one of its models is within 1"
 * and no enemy model is. Both present → contested: no VP, Sticky Control unchanged (§13.5).
 */
export function objective(table: Table, q: QueryOf<'objective'>): AreaResult {
  const o = readOptions(table.options)
  const ctx = readContext(q.context)
  const markerMm = ctx.markerDiameterMm ?? o.objectiveMarkerMm
  const within = measureRule(o).within
  const radiusMm = inches(OBJECTIVE_CONTROL_INCHES.value)
  const marker = placeBase({ shape: 'round', diameter: Math.max(markerMm, 1e-6) }, q.at[0], q.at[1], 0)
  const near: Array<{ model: string; side: string; inches: number; margin: ReturnType<typeof marginOf> }> = []
  for (const m of table.models) {
    const rawMm = o.measureAnchor === 'centre' ? Math.max(0, Math.hypot(m.x - q.at[0], m.y - q.at[1]) - markerMm / 2) : measureBaseGap2(m.placed, marker).gapMm
    const d = { rawMm, uncertaintyMm: m.uncertaintyMm }
    if (isWithin(rawMm, radiusMm, within)) near.push({ model: m.id, side: m.side, inches: roundTo(toInches(rawMm), 3), margin: marginOf(d, radiusMm, within) })
  }
  const sides = [...new Set(near.map((n) => n.side))].sort()
  const sticky = ctx.stickyController ?? null
  let state: 'controlled' | 'contested' | 'uncontrolled'
  let controlledBy: string | null
  let reason: string
  if (sides.length === 1) {
    state = 'controlled'
    controlledBy = sides[0]!
    reason = `only ${controlledBy} has models within 1"; it gains control and Sticky Control (§13.1, §13.2)`
  } else if (sides.length > 1) {
    state = 'contested'
    controlledBy = sticky
    reason = `${sides.join(' and ')} both have models within 1": contested, no VP${sticky ? `; Sticky Control stays with ${sticky}` : ''} (§13.5)`
  } else {
    state = 'uncontrolled'
    controlledBy = sticky
    reason = sticky ? `no model within 1": ${sticky} keeps Sticky Control (§13.2)` : 'no model within 1" and no Sticky Control'
  }
  return {
    at: q.at,
    ...(q.name ? { name: q.name } : {}),
    state,
    controlledBy,
    scores: state === 'contested' ? null : controlledBy,
    stickyControl: state === 'controlled' ? controlledBy : sticky,
    reason,
    within: near,
    marker: { diameterMm: markerMm, measuredTo: o.measureAnchor === 'centre' ? 'model centre to marker edge' : 'base edge to marker edge' },
    radius: { inches: OBJECTIVE_CONTROL_INCHES.value, mm: roundTo(radiusMm, 2) },
    ...book.sources(['§13.1', '§13.2', '§13.5']),
    area: areaFigure('objective', { source: null, centre: [q.at[0], q.at[1]], radiusMm: roundTo(radiusMm, 2), radiusInches: OBJECTIVE_CONTROL_INCHES.value, inside: near.map((n) => areaMember(n.model, n)) }),
  }
}
