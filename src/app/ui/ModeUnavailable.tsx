// A mode that cannot run here (missing module, unsupported device): say why, offer the planner.
import { useApp } from '../state/appStore.ts'

export function ModeUnavailable({ title, testId, why }: { title: string; testId: string; why: string }) {
  const setMode = useApp((s) => s.setMode)
  return (
    <div className="stage-note" data-testid={testId} role="status">
      <h2>{title}</h2>
      <p>{why}</p>
      <button type="button" onClick={() => setMode('planner')}>Back to the planner</button>
    </div>
  )
}
