// The app's store instance, opened on the default system's demo table (the embedded default).
import type { Scene } from '../../engine/index.ts'
import { ruleSystems } from '../../systems/index.ts'
import { createAppStore } from './store.ts'

/** The demo scene of a system, as the planner opens it. */
export function demoSceneOf(systemId: string): Scene | null {
  const system = ruleSystems.find((s) => s.id === systemId)
  return system ? (structuredClone(system.demoScene) as Scene) : null
}

export const DEFAULT_SYSTEM_ID = ruleSystems[0]!.id

export const useApp = createAppStore(demoSceneOf(DEFAULT_SYSTEM_ID)!)
