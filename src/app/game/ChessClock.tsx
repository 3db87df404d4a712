// A chess clock per side (issue 33, convention play): each side's time used (and left, with a
// budget), the running side lit; a player presses their own clock when done and the next side's runs.
// Every press is a `clock` event in the log (the core keeps the clock in the state), so every device
// in a room shows the same times. The display ticks once a second.
import { useEffect, useState } from 'react'
import { readClock } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { useSync } from '../sync/syncStore.ts'
import { clockHandOver, clockPause, clockResume, clockStart, gameNowMs } from './gameActions.ts'
import { clockText } from './gameText.ts'
import { sidesInPlay } from './gameTurn.ts'

export function useClockNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!on) return
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [on])
  return now
}

export function ChessClock() {
  const view = useApp((s) => s.gameView)
  const game = useApp((s) => s.game)
  const viewOnly = useSync((s) => s.role === 'view')
  const [minutes, setMinutes] = useState('')
  const clock = view?.state.clock ?? null
  const now = useClockNow(clock !== null && !clock.paused)
  if (!view || !game) return null
  if (!clock) {
    if (viewOnly) return null
    return (
      <details className="clock-start" data-testid="clock-start">
        <summary>Chess clock</summary>
        <div className="button-row">
          <label className="field"><span>Minutes each</span><input className="points-input" type="number" min={1} value={minutes} onChange={(e) => setMinutes(e.target.value)} placeholder="none" aria-label="Minutes each side" /></label>
          {view.sides.map((s) => (
            <button key={s} type="button" onClick={() => void clockStart(s, Number(minutes) > 0 ? Number(minutes) * 60_000 : null)} data-testid={`clock-start-${s}`}>Start: {s} first</button>
          ))}
        </div>
      </details>
    )
  }
  const at = gameNowMs(game, view.events, now)
  const readings = readClock(clock, at)
  const sides = sidesInPlay(view.state, clock.sides)
  const next = (side: string) => {
    const i = sides.indexOf(side)
    return sides[(i + 1) % sides.length] ?? side
  }
  return (
    <div className="chess-clock" data-testid="chess-clock" data-running={clock.paused ? 'paused' : clock.running ?? ''}>
      {readings.map((r) => (
        <button
          key={r.side}
          type="button"
          className={`clock-face ${r.running ? 'running' : ''} ${r.flagFallen ? 'fallen' : ''}`}
          disabled={viewOnly || !r.running}
          onClick={() => void clockHandOver(next(r.side))}
          aria-label={`${r.side}: ${r.remainingMs !== null ? `${clockText(r.remainingMs)} left` : `${clockText(r.usedMs)} used`}${r.running ? ' (running: press when done)' : ''}`}
          data-testid={`clock-${r.side}`}
        >
          <span className="clock-side">{r.side}</span>
          <span className="clock-time">{clockText(r.remainingMs ?? r.usedMs)}</span>
          <span className="clock-note">{r.flagFallen ? 'flag fallen' : r.remainingMs !== null ? 'left' : 'used'}</span>
        </button>
      ))}
      {!viewOnly && (
        <button type="button" className="small-button" onClick={() => void (clock.paused ? clockResume() : clockPause())} data-testid="clock-pause">{clock.paused ? 'Resume' : 'Pause'}</button>
      )}
    </div>
  )
}
