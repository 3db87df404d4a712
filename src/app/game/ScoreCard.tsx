// Objectives and scoring (issue 33): the control snapshot the game core took when the book takes it
// (the end of a round or a turn) — who controls each objective, contested or not, and the close calls
// with their margin ± uncertainty, "marginal" when inside it — then points proposed from it (one to
// each controller, changed by the players as their mission says) that every side confirms before they
// are logged. In a room each device confirms for its own side.
import { useState } from 'react'
import type { ControlFigure } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { useSync } from '../sync/syncStore.ts'
import { formatLength } from '../format/formatFigures.ts'
import { confirmScores, dismissScores, editScoreLine, proposeScores } from './gameActions.ts'
import { confirmableSides } from './gameRecord.ts'
import { useGameNames } from './useGameNames.ts'

function Control({ c }: { c: ControlFigure }) {
  const units = useApp((s) => s.units)
  const names = useGameNames()
  return (
    <li data-testid="control" data-objective={c.objective} data-marginal={c.marginal ? 'yes' : 'no'}>
      <strong>{c.objective}</strong>: {c.controlledBy ? `${c.controlledBy} controls it` : c.contested ? 'contested' : 'nobody controls it'}
      {c.held !== c.controlledBy && c.held ? ` (held by ${c.held})` : ''} {c.rules[0] && <cite>{c.rules[0]}</cite>}
      {c.marginal && <span className="marginal">marginal</span>}
      {c.close.length > 0 && (
        <ul className="close-calls">
          {c.close.map((x) => (
            <li key={x.model}>
              {names[x.model] ?? x.model} ({x.side}) {x.marginMm >= 0 ? 'inside' : 'outside'} by {formatLength(Math.abs(x.marginMm), units)}
              {x.uncertaintyMm > 0 ? ` ± ${formatLength(x.uncertaintyMm, units)}` : ''}{x.marginal ? ' — marginal' : ''}
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

export function ScoreCard() {
  const view = useApp((s) => s.gameView)
  const pending = useApp((s) => s.game?.pending.score ?? null)
  const role = useApp((s) => s.gameRole)
  const viewOnly = useSync((s) => s.role === 'view')
  const [bySide, setBySide] = useState('')
  const [points, setPoints] = useState('1')
  const [why, setWhy] = useState('')
  if (!view) return null
  let last: { seq: number; control: ControlFigure[] } | null = null
  for (let i = view.outcomes.length - 1; i >= 0 && !last; i--) {
    const o = view.outcomes[i]!
    if (o.control?.length && o.type !== 'score' && o.undoneBy === undefined) last = { seq: o.seq, control: o.control }
  }
  const scoredSince = last ? view.events.some((e) => e.seq > last!.seq && e.type === 'score') : false
  const mine = confirmableSides(role, view.sides)
  return (
    <div className="scores" data-testid="scores">
      <h3>Score</h3>
      <p className="score-line" data-testid="score-line">{view.sides.map((s) => `${s} ${view.state.scores[s] ?? 0}`).join(' — ')}</p>
      {last && (
        <>
          <p className="small muted">Control at event {last.seq}{view.decl?.scoring ? ` (${view.decl.scoring.when === 'round-end' ? 'end of the round' : 'end of the turn'})` : ''}:</p>
          <ul className="control">{last.control.map((c) => <Control key={c.objective} c={c} />)}</ul>
          {!pending && !scoredSince && !viewOnly && (
            <button type="button" onClick={() => proposeScores(last!.seq, last!.control.filter((c) => c.controlledBy).map((c) => ({ side: c.controlledBy!, points: 1, objective: c.objective, reason: `controls ${c.objective} (event ${last!.seq})` })))} data-testid="propose-scores">Propose the points</button>
          )}
        </>
      )}
      {pending && (
        <div className="pending-score" data-testid="pending-score">
          {pending.lines.length === 0 && <p>No objective is controlled: no points.</p>}
          <ul>
            {pending.lines.map((l, i) => (
              <li key={i}>
                {l.side} <input className="points-input" type="number" value={l.points} onChange={(e) => editScoreLine(i, Math.round(Number(e.target.value) || 0))} aria-label={`Points to ${l.side}`} disabled={viewOnly} /> {l.reason}
              </li>
            ))}
          </ul>
          <div className="button-row">
            {view.sides.map((s) => {
              const done = pending.confirmedBy.includes(s)
              return (
                <button key={s} type="button" aria-pressed={done} disabled={done || viewOnly || !mine.includes(s)} onClick={() => void confirmScores(s)} data-testid={`confirm-score-${s}`}>
                  {done ? `✓ ${s} confirmed` : `${s} confirms`}
                </button>
              )
            })}
            {!viewOnly && <button type="button" onClick={dismissScores}>Cancel</button>}
          </div>
          <p className="small muted">Logged when every side has confirmed.</p>
        </div>
      )}
      {!pending && !viewOnly && (
        <details className="score-by-hand">
          <summary>Points by hand</summary>
          <div className="button-row">
            <select value={bySide || view.sides[0]} onChange={(e) => setBySide(e.target.value)} aria-label="Side">{view.sides.map((s) => <option key={s}>{s}</option>)}</select>
            <input className="points-input" type="number" value={points} onChange={(e) => setPoints(e.target.value)} aria-label="Points" />
            <input value={why} onChange={(e) => setWhy(e.target.value)} placeholder="for what" aria-label="For what" />
            <button type="button" disabled={!why.trim()} onClick={() => proposeScores(0, [{ side: bySide || view.sides[0]!, points: Math.round(Number(points) || 0), reason: why.trim() }])}>Propose</button>
          </div>
        </details>
      )}
    </div>
  )
}
