// Mutation sites for the built-in-name property test: every place where a name from a scene file selects
// something (profile, weapon, mesh, query type, side, option, ability, mode, context key...).
// Each site takes a demo scene and a name and returns a scene with that one field replaced.

/** Names that a plain-object lookup finds on Object.prototype (or on arrays, functions, promises, maps). */
export const BUILTIN_NAMES: readonly string[] = [
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype', 'length', 'name', 'call', 'apply', 'bind', 'then', 'size', 'get', 'has', 'map', 'push', 'default', '0',
]

type Json = Record<string, unknown>
export type Site = { label: string; apply: (scene: Json, name: string) => Json }

const clone = <T>(v: T): T => structuredClone(v)

/** Every mutation site of one scene (queries are cut to the one mutated, to keep runs cheap). */
export function mutationSites(scene: Json, optionNames: readonly string[]): Site[] {
  const sites: Site[] = []
  const models = (scene.models as Json[]) ?? []
  const terrain = (scene.terrain as Json[]) ?? []
  const queries = (scene.queries as Json[]) ?? []
  const firstQueries = (s: Json) => { s.queries = ((s.queries as Json[]) ?? []).slice(0, 3); return s }
  const site = (label: string, apply: (s: Json, name: string) => void, trimQueries = true) =>
    sites.push({ label, apply: (sc, name) => { const s = clone(sc); if (trimQueries) firstQueries(s); apply(s, name); return s } })

  site('system', (s, n) => { s.system = n })
  site('options key', (s, n) => { s.options = { [n]: true } })
  for (const o of optionNames) site(`options.${o} value`, (s, n) => { s.options = { ...(s.options as Json), [o]: n } })
  const sides = [...new Set(models.map((m) => m.side as string))]
  sides.forEach((side) => site(`side ${side}`, (s, n) => { for (const m of s.models as Json[]) if (m.side === side) m.side = n }))
  models.slice(0, 4).forEach((_, i) => {
    site(`models[${i}].profile`, (s, n) => { (s.models as Json[])[i]!.profile = n })
    site(`models[${i}].weapons`, (s, n) => { (s.models as Json[])[i]!.weapons = [n] })
    site(`models[${i}].unit`, (s, n) => { (s.models as Json[])[i]!.unit = n })
    site(`models[${i}].keywords`, (s, n) => { (s.models as Json[])[i]!.keywords = [n] })
    site(`models[${i}].status`, (s, n) => { (s.models as Json[])[i]!.status = [n] })
    site(`models[${i}].stats key`, (s, n) => { const m = (s.models as Json[])[i]!; m.stats = { ...(m.stats as Json), [n]: 1 } })
    site(`models[${i}].id`, (s, n) => { const m = (s.models as Json[])[i]!; const old = m.id; m.id = n; renameRefs(s, old as string, n) })
  })
  terrain.slice(0, 2).forEach((_, i) => {
    site(`terrain[${i}].type`, (s, n) => { (s.terrain as Json[])[i]!.type = n })
    site(`terrain[${i}].keywords`, (s, n) => { (s.terrain as Json[])[i]!.keywords = [n] })
    site(`terrain[${i}].id`, (s, n) => { (s.terrain as Json[])[i]!.id = n })
  })
  site('terrain mesh', (s, n) => { s.terrain = [...((s.terrain as Json[]) ?? []), { id: 'hostile-mesh', type: (terrain[0]?.type as string) ?? 'ruin', mesh: n, position: [100, 100, 0] }] })
  queries.forEach((q, qi) => {
    const only = (s: Json) => { s.queries = [(s.queries as Json[])[qi]] }
    sites.push({ label: `queries[${qi}] (${q.type as string}).type`, apply: (sc, n) => { const s = clone(sc); only(s); (s.queries as Json[])[0]!.type = n; return s } })
    for (const [k, v] of Object.entries(q)) {
      if (k === 'id' || k === 'type') continue
      if (typeof v === 'string') sites.push({ label: `queries[${qi}] (${q.type as string}).${k}`, apply: (sc, n) => { const s = clone(sc); only(s); (s.queries as Json[])[0]![k] = n; return s } })
      if (k === 'context' && v && typeof v === 'object') {
        sites.push({ label: `queries[${qi}] (${q.type as string}).context key`, apply: (sc, n) => { const s = clone(sc); only(s); const c = (s.queries as Json[])[0]!.context as Json; (s.queries as Json[])[0]!.context = { ...c, [n]: true }; return s } })
        for (const [ck, cv] of Object.entries(v as Json)) {
          if (typeof cv === 'string') sites.push({ label: `queries[${qi}] (${q.type as string}).context.${ck}`, apply: (sc, n) => { const s = clone(sc); only(s); ((s.queries as Json[])[0]!.context as Json)[ck] = n; return s } })
        }
      }
    }
    if (!('weapon' in q) && (q.type === 'attack' || q.type === 'blast')) {
      sites.push({ label: `queries[${qi}] (${q.type as string}).weapon`, apply: (sc, n) => { const s = clone(sc); only(s); (s.queries as Json[])[0]!.weapon = n; return s } })
    }
  })
  return sites
}

function renameRefs(s: Json, from: string, to: string) {
  for (const q of (s.queries as Json[]) ?? []) for (const [k, v] of Object.entries(q)) if (k !== 'id' && v === from) q[k] = to
}
