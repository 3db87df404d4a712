// Scene sanity warnings: things a valid scene may contain but a real table cannot (or rarely does),
// reported with the result (`warnings`), never refused: a model inside solid terrain, two bases
// overlapping, terrain floating in the air, a query aimed at its own model.
import type { Table, TableModel } from '../table/prepareTable.ts'
import type { PlacedBase } from '../geometry/baseShape.ts'
import { measureBaseGap2 } from '../geometry/measureBaseGap.ts'
import { polygonContains } from '../geometry/polygon.ts'
import type { SceneWarning } from '../results.ts'
import { contextOverridesState } from '../game/stateContext.ts'


/** Overlap or gap allowed before a warning, mm (tracked positions are this uncertain). */
export const WARNING_TOLERANCE_MM = 0.5
/** At most this many warnings of one kind are listed (the rest are counted in the last one). */
const MAX_PER_KIND = 20

/** Warnings for a prepared table and the queries it will answer, in scene order. */
export function sceneWarnings(table: Table, queries: ReadonlyArray<Record<string, unknown>> = table.scene.queries ?? []): SceneWarning[] {
  return [...modelsInsideTerrain(table), ...overlappingBases(table), ...floatingTerrain(table), ...selfTargeting(queries), ...contextOverridesState(table, queries)]
}

function capped(list: SceneWarning[], what: string): SceneWarning[] {
  if (list.length <= MAX_PER_KIND) return list
  const rest = list.length - MAX_PER_KIND + 1
  return [...list.slice(0, MAX_PER_KIND - 1), { ...list[MAX_PER_KIND - 1]!, message: `${list[MAX_PER_KIND - 1]!.message} (and ${rest - 1} more ${what})` }]
}

/** A model whose base centre is inside a piece that blocks sight, below the piece's top. */
function modelsInsideTerrain(table: Table): SceneWarning[] {
  const los = table.system.rules(table).los
  const solid = table.terrain.filter((p) => los.terrainBlocks(p) && !(los.terrainObscures?.(p) ?? false))
  const out: SceneWarning[] = []
  for (const m of table.models) {
    for (const p of solid) {
      const s = p.solid
      if (m.z >= s.topZ - WARNING_TOLERANCE_MM || m.z + m.heightMm <= s.bottomZ + WARNING_TOLERANCE_MM) continue
      if (!s.hullOnly && polygonContains(s.footprint, m.x, m.y)) {
        out.push({ code: 'model-inside-terrain', path: `models[${m.index}].position`, message: `model "${m.id}" stands inside terrain "${p.id}" (its base centre is within the footprint, below the top at ${round(s.topZ)} mm): give its z, or move it` })
        break
      }
    }
  }
  return capped(out, 'models inside terrain')
}

function shrunk(b: PlacedBase): PlacedBase {
  return { ...b, halfLengthMm: Math.max(0, b.halfLengthMm - WARNING_TOLERANCE_MM / 2), halfWidthMm: Math.max(0, b.halfWidthMm - WARNING_TOLERANCE_MM / 2) }
}

/** Two bases overlapping by more than the tolerance at heights that overlap (touching is fine: base contact). */
function overlappingBases(table: Table): SceneWarning[] {
  const out: SceneWarning[] = []
  const ms = [...table.models].sort((a, b) => a.x - a.placed.halfLengthMm - Math.max(a.placed.halfWidthMm, 0) - (b.x - b.placed.halfLengthMm - Math.max(b.placed.halfWidthMm, 0)))
  const reach = (m: TableModel) => Math.max(m.placed.halfLengthMm, m.placed.halfWidthMm)
  for (let i = 0; i < ms.length; i++) {
    const a = ms[i]!
    for (let j = i + 1; j < ms.length; j++) {
      const b = ms[j]!
      if (b.x - reach(b) > a.x + reach(a)) break // sorted by left edge: nothing further right can touch a
      if (Math.hypot(a.x - b.x, a.y - b.y) >= reach(a) + reach(b)) continue
      if (a.z >= b.z + b.heightMm || b.z >= a.z + a.heightMm) continue
      if (!measureBaseGap2(shrunk(a.placed), shrunk(b.placed)).overlapping) continue
      const [first, second] = a.index < b.index ? [a, b] : [b, a]
      out.push({ code: 'bases-overlap', path: `models[${second.index}].position`, message: `the bases of "${first.id}" and "${second.id}" overlap: two models cannot stand in the same place` })
    }
  }
  out.sort((p, q) => p.path.localeCompare(q.path, 'en', { numeric: true }))
  return capped(out, 'overlapping pairs')
}

/** A piece whose bottom is above the table and on no other piece's top under it. */
function floatingTerrain(table: Table): SceneWarning[] {
  const out: SceneWarning[] = []
  const bounds = table.world.pieceBounds
  const overlapXY = (i: number, k: number) =>
    bounds[i * 6]! < bounds[k * 6 + 3]! && bounds[k * 6]! < bounds[i * 6 + 3]! && bounds[i * 6 + 1]! < bounds[k * 6 + 4]! && bounds[k * 6 + 1]! < bounds[i * 6 + 4]!
  for (const p of table.terrain) {
    const bottom = p.solid.bottomZ
    if (bottom <= WARNING_TOLERANCE_MM) continue
    const restsOn = table.terrain.some((q) => q !== p && Math.abs(q.solid.topZ - bottom) <= WARNING_TOLERANCE_MM && overlapXY(p.index, q.index))
    if (!restsOn) out.push({ code: 'terrain-not-resting', path: `terrain[${p.index}]`, message: `terrain "${p.id}" floats ${round(bottom)} mm above the table and rests on no other piece` })
  }
  return capped(out, 'floating pieces')
}

/** Pairs of model references a query aims from one model at another. */
const PAIRS: ReadonlyArray<readonly [string, string]> = [['from', 'to'], ['attacker', 'target'], ['of', 'from']]

function selfTargeting(queries: ReadonlyArray<Record<string, unknown>>): SceneWarning[] {
  const out: SceneWarning[] = []
  queries.forEach((q, i) => {
    for (const [a, b] of PAIRS) {
      if (typeof q[a] === 'string' && q[a] === q[b]) {
        out.push({ code: 'query-targets-itself', path: `queries[${i}].${b}`, message: `query "${String(q.id)}" aims model "${q[a]}" at itself` })
        break
      }
    }
  })
  return capped(out, 'self-aimed queries')
}

const round = (v: number) => Math.round(v * 10) / 10
