// After a rewind (issue 33): which models are back where they stood, and when every one is — within
// RESTORE_TOLERANCE_MM beyond the measurement's doubt (2 sigma), "marginal" inside it, as the core's
// checkRestored says. In the planner (no real models) the app can put its models back itself.
import { useApp } from '../state/appStore.ts'
import { formatLength } from '../format/formatFigures.ts'
import { clearRewind, putModelsBack } from './gameActions.ts'
import { RESTORE_TOLERANCE_MM, useRestoreCheck } from './useRestoreCheck.ts'
import { useGameNames } from './useGameNames.ts'

export function useRestoreSummary(): { text: string; allBack: boolean; toDo: string[] } | null {
  const check = useRestoreCheck()
  const units = useApp((s) => s.units)
  const names = useGameNames()
  if (!check) return null
  const toDo = check.calls.filter((c) => c.status !== 'back').map((c) => {
    const n = names[c.id] ?? c.id
    if (c.status === 'missing') return `${n}: not seen`
    if (c.status === 'remove') return `${n}: take it off the table`
    const d = c.distanceMm !== undefined ? formatLength(c.distanceMm, units) : ''
    return c.status === 'marginal' ? `${n}: ${d} ± ${formatLength(2 * (c.sigmaMm ?? 0), units)}, marginal` : `${n}: ${d} off`
  })
  const tol = formatLength(RESTORE_TOLERANCE_MM, units)
  return {
    allBack: check.allBack,
    toDo,
    text: check.allBack ? `Every model is back within ${tol}.` : `${toDo.length} model${toDo.length === 1 ? '' : 's'} to put back (within ${tol}).`,
  }
}

export function RestoreStatus() {
  const rewind = useApp((s) => s.rewind)
  const planner = useApp((s) => s.mode === 'planner')
  const summary = useRestoreSummary()
  if (!rewind || !summary) return null
  return (
    <div className={`restore ${summary.allBack ? 'good-box' : 'bad-box'}`} data-testid="restore" data-all-back={summary.allBack ? 'yes' : 'no'}>
      <p><strong>{rewind.reason === 'ruling' ? `The table as the ruling at event ${rewind.seq + 1} was made on` : rewind.seq === 0 ? 'The table at the start' : `The table after event ${rewind.seq}`}</strong>: the ghosts show where each model stood.</p>
      <p className={summary.allBack ? 'good' : undefined} data-testid="restore-summary">{summary.text}</p>
      {summary.toDo.length > 0 && <ul className="small">{summary.toDo.map((t) => <li key={t}>{t}</li>)}</ul>}
      <div className="button-row">
        {planner && !summary.allBack && <button type="button" onClick={putModelsBack} data-testid="put-back">Put the models back</button>}
        <button type="button" onClick={clearRewind} data-testid="rewind-done">Done</button>
      </div>
    </div>
  )
}
