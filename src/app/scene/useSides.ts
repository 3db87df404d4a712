import { useShallow } from 'zustand/react/shallow'
import { useApp } from '../state/appStore.ts'

/** The scene's sides in order of first appearance (for stable colours). */
export function useSides(): string[] {
  return useApp(useShallow((s) => [...new Set(s.scene.models.map((m) => m.side))]))
}
