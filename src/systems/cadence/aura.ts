// Auras and ability radii a game declares (spec.auras): who is within the radius of the source,
// measured base to base, strict "within" (core-rules/basic-rules.html#distance-and-measuring).
import { SceneError, type AreaResult, type QueryOf, type Table, areaFigure, areaMember, isWithin, inches, roundTo, own } from '../../engine/index.ts'
import { book } from './book.ts'
import type { CadenceCore } from './spec.ts'
import { distanceFigure, measureGap, withinReading, MEASURE_RULE } from './measure.ts'
import { hasRule, kebab } from './specialRules.ts'

export function resolveAura(core: CadenceCore, table: Table, q: QueryOf<'aura'>): AreaResult {
  const auras = core.spec.auras ?? {}
  const key = kebab(q.ability)
  const aura = own(auras, key)
  if (!aura) throw new SceneError([{ path: 'ability', message: `${core.spec.id} has no aura "${q.ability}"; known: ${Object.keys(auras).join(', ') || 'none'}` }])
  const source = table.model(q.source)
  const v = core.view(table, source)
  const carries = aura.carriedBy.some((c) => hasRule(v.rules, c) || v.upgrades.includes(c))
  const within = withinReading(table)
  const affected = table.models
    .filter((m) => m.id !== source.id && (aura.includesOwnUnit || m.unit !== source.unit))
    .filter((m) => (aura.affects === 'enemy' ? core.isEnemy(source, m) : aura.affects === 'any' ? true : !core.isEnemy(source, m) && m.side === source.side))
    .map((m) => ({ m, d: measureGap(table, source, m) }))
  const inside = affected.filter(({ d }) => isWithin(d.rawMm, inches(aura.radiusInches), within))
  const units = [...new Set(inside.map(({ m }) => m.unit))]
  return {
    ability: aura.name,
    source: source.id,
    carries,
    ...(carries ? {} : { warning: `${source.id} does not carry ${aura.name} (${aura.carriedBy.join(' / ')})` }),
    radius: { inches: aura.radiusInches, mm: roundTo(inches(aura.radiusInches), 2) },
    effect: aura.effect,
    affected: inside.map(({ m, d }) => ({ model: m.id, unit: m.unit, side: m.side, ...distanceFigure(table, d, aura.radiusInches) })),
    affectedUnits: units,
    outside: affected.filter((x) => !inside.includes(x)).map(({ m, d }) => ({ model: m.id, ...distanceFigure(table, d, aura.radiusInches) })),
    ...book.sources([aura.rule, MEASURE_RULE]),
    area: areaFigure('aura', { source: source.id, centre: null, radiusMm: roundTo(inches(aura.radiusInches), 2), radiusInches: aura.radiusInches, inside: inside.map(({ m, d }) => areaMember(m.id, distanceFigure(table, d, aura.radiusInches))) }),
  }
}
