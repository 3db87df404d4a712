// The game systems as the main thread knows them: a list of ids and titles (for the picker), and each
// system's code (catalogue, options, terrain types, demo table) loaded only when that game is chosen.
// The engine worker does the ruling with the full registry (src/systems/index.ts); the main thread
// never ships all thirteen games in its initial JavaScript (issue #14: initial JS ≤ 400 kB gzip).
// test/app/systemLoader.test.ts checks this list against the registry.
import { useSyncExternalStore } from 'react'
import type { RuleSystem, Scene } from '../../engine/index.ts'

type SystemEntry = { id: string; title: string; load: () => Promise<RuleSystem> }

export const systemList: readonly SystemEntry[] = [
  { id: 'narrative-skirmish', title: 'Skirmish Rules (generic narrative skirmish)', load: () => import('../../systems/narrative-skirmish/index.ts').then((m) => m.narrativeSkirmish) },
  { id: 'jagged-shards', title: 'Jagged Shards: Skirmish Protocol (v1.07)', load: () => import('../../systems/jagged-shards/index.ts').then((m) => m.jaggedShards) },
  { id: 'skrapyard', title: 'Skrapyard: Raw Rules', load: () => import('../../systems/skrapyard/index.ts').then((m) => m.skrapyard) },
  { id: 'cadence', title: 'Cadence Wargame System — core rules', load: () => import('../../systems/cadence/index.ts').then((m) => m.cadence) },
  { id: 'cadence/devils-bluff', title: "Devil's Bluff (Cadence): Wild West skirmish with playing cards", load: () => import('../../systems/cadence/devils-bluff/index.ts').then((m) => m.devilsBluff) },
  { id: 'cadence/fracture', title: 'Fracture (Cadence): sci-fi army battles', load: () => import('../../systems/cadence/fracture/index.ts').then((m) => m.fracture) },
  { id: 'cadence/survivors', title: 'Survivors (Cadence): zombie-apocalypse skirmish', load: () => import('../../systems/cadence/survivors/index.ts').then((m) => m.survivors) },
  { id: 'cadence/halo-breakpoint', title: 'Halo: Breakpoint (Cadence, fan game)', load: () => import('../../systems/cadence/halo-breakpoint/index.ts').then((m) => m.haloBreakpoint) },
  { id: 'cadence/respawn', title: 'Respawn (Cadence): team skirmish with respawns', load: () => import('../../systems/cadence/respawn/index.ts').then((m) => m.respawn) },
  { id: 'cadence/scraplands', title: 'Scraplands (Cadence): post-apocalyptic car racing and combat', load: () => import('../../systems/cadence/scraplands/index.ts').then((m) => m.scraplands) },
  { id: 'cadence/squadrons', title: 'Squadrons (Cadence): space fighter combat', load: () => import('../../systems/cadence/squadrons/index.ts').then((m) => m.squadrons) },
  { id: 'operator-tactics', title: 'Operator Tactics: Skirmish (with Vertical Pressure, Convention and Crackerjack modules)', load: () => import('../../systems/operator-tactics/index.ts').then((m) => m.operatorTactics) },
  { id: 'iron-line', title: 'Operator Tactics: Iron Line (mass battle)', load: () => import('../../systems/iron-line/index.ts').then((m) => m.ironLine) },
]

/** Whether the id names a registered system. */
export function isKnownSystem(id: string): boolean {
  return systemList.some((s) => s.id === id)
}

/** A system's title, or undefined for an unknown id. */
export function systemTitle(id: string): string | undefined {
  return systemList.find((s) => s.id === id)?.title
}

const loaded = new Map<string, RuleSystem>()
const loading = new Map<string, Promise<RuleSystem | undefined>>()
const listeners = new Set<() => void>()

/** Load a system's code (once); undefined for an unknown id. */
export function loadRuleSystem(id: string): Promise<RuleSystem | undefined> {
  const have = loaded.get(id)
  if (have) return Promise.resolve(have)
  let p = loading.get(id)
  if (!p) {
    const entry = systemList.find((s) => s.id === id)
    p = entry
      ? entry.load().then((system) => {
          loaded.set(id, system)
          for (const l of listeners) l()
          return system
        })
      : Promise.resolve(undefined)
    p.catch(() => loading.delete(id))
    loading.set(id, p)
  }
  return p
}

/** The demo scene of a system, as the planner opens it (a copy), or null for an unknown id. */
export async function loadDemoScene(id: string): Promise<Scene | null> {
  const system = await loadRuleSystem(id)
  return system ? (structuredClone(system.demoScene) as Scene) : null
}

function subscribe(l: () => void): () => void {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** The chosen system's code for a component: undefined until it has loaded (the load starts here). */
export function useRuleSystem(id: string): RuleSystem | undefined {
  const system = useSyncExternalStore(subscribe, () => loaded.get(id))
  if (!system) void loadRuleSystem(id).catch(() => undefined)
  return system
}
