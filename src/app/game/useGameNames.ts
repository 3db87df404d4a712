// The models' shown names in a game (issue 33): the table's names (format/names.ts), and those of
// models the game has taken off the live table (removed), from its start scene.
import { useMemo } from 'react'
import { useApp } from '../state/appStore.ts'
import { modelNames } from '../format/names.ts'

export function useGameNames(): Readonly<Record<string, string>> {
  const overlay = useApp((s) => s.evaluation.overlay)
  const models = useApp((s) => s.scene.models)
  const start = useApp((s) => s.game?.head.scene.models)
  return useMemo(() => {
    // The table's own (memoised) names, then the start scene's for models no longer on the table.
    const names: Record<string, string> = { ...modelNames(overlay, models) }
    for (const m of start ?? []) names[m.id] ??= m.name ?? m.id
    return names
  }, [overlay, models, start])
}
