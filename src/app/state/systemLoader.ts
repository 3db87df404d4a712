// The game systems as the main thread knows them: the one game list (src/systems/games.ts: ids,
// titles, loaders) for the picker, and each system's code (catalogue, options, terrain types, demo
// table) loaded only when that game is chosen. The engine worker does the ruling with the full
// registry (src/systems/index.ts); the main thread never ships all thirteen games in its initial
// JavaScript (issue #14: initial JS ≤ 400 kB gzip).
import { useSyncExternalStore } from 'react'
import type { RuleSystem, Scene } from '../../engine/index.ts'
import { GAMES, type GameEntry } from '../../systems/games.ts'

/** The picker's list: every game, in the list's order. */
export const systemList: readonly GameEntry[] = GAMES

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

/** A system's code if it has loaded already (else undefined: nothing starts loading). */
export function loadedRuleSystem(id: string): RuleSystem | undefined {
  return loaded.get(id)
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
