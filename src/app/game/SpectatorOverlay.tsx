// The spectator overlay for streams (issue 33, convention play): the view link with `&overlay` is a
// transparent page — add it as an OBS-style browser source over the table camera — showing the turn,
// the scores, the chess clock and the latest verdict (the referee's last ruling, as the record keeps
// it, and what was applied). It only watches: no controls, nothing to tap.
import { useMemo } from 'react'
import { readClock } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { useSync } from '../sync/syncStore.ts'
import { clockText, effectsText, turnLine } from './gameText.ts'
import { useGameNames } from './useGameNames.ts'
import { useClockNow } from './ChessClock.tsx'
import { gameNowMs } from './gameActions.ts'
import { sideColour } from '../scene/palette.ts'
import './spectator.css'

export function SpectatorOverlay() {
  const view = useApp((s) => s.gameView)
  const game = useApp((s) => s.game)
  const rulings = useApp((s) => s.rulings)
  const status = useSync((s) => s.status)
  const names = useGameNames()
  const clock = view?.state.clock ?? null
  const now = useClockNow(clock !== null)
  const latest = useMemo(() => [...rulings].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null, [rulings])
  const applied = useMemo(() => {
    if (!view) return null
    for (let i = view.events.length - 1; i >= 0; i--) {
      const e = view.events[i]!
      if (e.type === 'effect' && view.outcomes[i]?.undoneBy === undefined) return effectsText(e.effects, names, view.decl)
    }
    return null
  }, [view, names])
  const sides = view?.sides ?? []
  return (
    <div className="spectator" data-testid="spectator" data-status={status}>
      {view && (
        <div className="spectator-bar" data-testid="spectator-bar">
          <span className="spectator-turn" data-testid="spectator-turn">{turnLine(view.state, names)}</span>
          <span className="spectator-scores" data-testid="spectator-scores">
            {sides.map((s) => (
              <span key={s} className="spectator-score" style={{ borderColor: sideColour(s, sides) }}>{s} <strong>{view.state.scores[s] ?? 0}</strong></span>
            ))}
          </span>
          {clock && game && (
            <span className="spectator-clock" data-testid="spectator-clock">
              {readClock(clock, gameNowMs(game, view.events, now)).map((r) => (
                <span key={r.side} className={r.running ? 'running' : ''}>{r.side} {clockText(r.remainingMs ?? r.usedMs)}</span>
              ))}
            </span>
          )}
        </div>
      )}
      {latest && (
        <div className="spectator-verdict" data-testid="spectator-verdict">
          <p className="spectator-summary">{latest.summary}</p>
          {applied && <p className="spectator-applied">Applied: {applied}</p>}
        </div>
      )}
      {!view && !latest && <p className="spectator-wait">{status === 'connected' ? 'Waiting for the game…' : 'Connecting to the table…'}</p>}
    </div>
  )
}
