// Starting a real table in a camera mode (realTable.ts says what that means): automatically for a
// player's own table, by the player's answer for the demo (DemoQuestion.tsx).
import type { Registry } from '../../tracking/index.ts'
import { useApp } from '../state/appStore.ts'
import { isDemoTable, isRealTable, startRealTable } from './realTable.ts'

/** Make the scene on screen a real table, and drop picks of models that are not on it. */
export function makeRealTable(registry: Registry, clearDemo: boolean): void {
  const s = useApp.getState()
  const next = startRealTable(s.scene, registry, { clearDemo })
  if (next === s.scene) return
  s.replaceScene(next)
  const on = new Set(next.models.map((m) => m.id))
  if ((s.attackerId && !on.has(s.attackerId)) || (s.targetId && !on.has(s.targetId))) s.clearSelection()
}

/**
 * Before a camera mode tracks: a player's table becomes a real table (models appear as they are
 * seen); the demo is left for the player's answer. Returns what the table is now.
 */
export async function beginRealTable(registry: Registry): Promise<'real' | 'demo'> {
  const scene = useApp.getState().scene
  if (isRealTable(scene)) return 'real'
  if (await isDemoTable(scene)) return 'demo'
  makeRealTable(registry, false)
  return 'real'
}
