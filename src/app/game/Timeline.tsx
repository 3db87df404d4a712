// The game's timeline (issue 33): every event of the log, newest first, with what the rules found
// (each finding with its section; a marginal call says so). Each event can show where every model
// stood after it, rewind the table to it (ghosts to put the real models back), be taken back — the
// app first says which later events that changes — or put back; a ruling reopens as it was made.
import { useEffect, useState } from 'react'
import type { ModelPlace } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { useSync } from '../sync/syncStore.ts'
import { formatLength } from '../format/formatFigures.ts'
import { gameWorker } from './gameClient.ts'
import { inputOf, previewUndo, redoEvent, reopenGameRuling, rewindTo, undoEvent } from './gameActions.ts'
import { eventText, findingText } from './gameText.ts'
import { useGameNames } from './useGameNames.ts'

const SHOWN = 25

type UndoAsk = { seq: number; affects: Array<{ seq: number; type: string; why: string[] }> | null; error: string | null }

function Places({ seq }: { seq: number }) {
  const game = useApp((s) => s.game)
  const units = useApp((s) => s.units)
  const names = useGameNames()
  const [places, setPlaces] = useState<ModelPlace[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!game) return
    let live = true
    void gameWorker().ask('places', { game: inputOf(game), seq }).then((r) => {
      if (!live) return
      if (r.ok) setPlaces(r.value)
      else setError(r.message)
    })
    return () => { live = false }
  }, [game, seq])
  if (error) return <p className="bad">{error}</p>
  if (!places) return <p className="muted">…</p>
  return (
    <table className="places" data-testid={`places-${seq}`}>
      <tbody>
        {places.map((p) => (
          <tr key={p.id}>
            <th scope="row">{names[p.id] ?? p.id}</th>
            <td>{p.onTable ? `${formatLength(p.position[0], units)}, ${formatLength(p.position[1], units)}` : 'off the table'}</td>
            <td className="muted">{p.onTable ? `${Math.round(p.facing)}°` : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function Timeline() {
  const view = useApp((s) => s.gameView)
  const viewOnly = useSync((s) => s.role === 'view')
  const names = useGameNames()
  const [all, setAll] = useState(false)
  const [open, setOpen] = useState<number | null>(null)
  const [ask, setAsk] = useState<UndoAsk | null>(null)
  const [reason, setReason] = useState('')
  if (!view) return null
  const rows = view.events.map((e, i) => ({ e, o: view.outcomes[i]! })).reverse()
  const shown = all ? rows : rows.slice(0, SHOWN)
  const startUndo = async (seq: number) => {
    setAsk({ seq, affects: null, error: null })
    setReason('')
    const r = await previewUndo(seq)
    setAsk(r.ok ? { seq, affects: r.affects, error: null } : { seq, affects: null, error: r.message })
  }
  return (
    <div className="timeline" data-testid="timeline">
      <h3>Timeline <span className="muted small">({view.events.length} event{view.events.length === 1 ? '' : 's'})</span></h3>
      <div className="button-row">
        <button type="button" onClick={() => void rewindTo(0)} data-testid="rewind-start">Rewind to the start</button>
      </div>
      <ol className="events" reversed>
        {shown.map(({ e, o }) => {
          const undone = o.undoneBy !== undefined
          return (
            <li key={e.seq} value={e.seq} className={`event ${undone ? 'undone' : ''}`} data-testid="timeline-event" data-seq={e.seq} data-type={e.type} data-undone={undone ? 'yes' : 'no'}>
              <p className="event-line"><span className="seq">{e.seq}</span> {eventText(e, o, names, view.decl)}{undone && <span className="muted"> — taken back by event {o.undoneBy}</span>}</p>
              {o.findings.length > 0 && (
                <ul className="findings">
                  {o.findings.map((f, i) => (
                    <li key={i} className={`finding ${f.severity}`} data-code={f.code}>
                      {f.marginal && <span className="marginal">marginal</span>} {findingText(f, names)} {f.rule && <cite>{f.rule}</cite>}
                    </li>
                  ))}
                </ul>
              )}
              {o.affects && o.affects.length > 0 && <p className="muted small">Changed: {o.affects.map((a) => `event ${a.seq} (${a.why.join(', ')})`).join('; ')}</p>}
              <div className="button-row event-actions">
                <button type="button" className="small-button" onClick={() => void rewindTo(e.seq)} data-testid={`rewind-${e.seq}`}>Rewind here</button>
                <button type="button" className="small-button" onClick={() => setOpen(open === e.seq ? null : e.seq)} aria-expanded={open === e.seq}>Places</button>
                {e.type === 'ruling' && !undone && <button type="button" className="small-button" onClick={() => void reopenGameRuling(e.seq)} data-testid={`reopen-${e.seq}`}>Reopen</button>}
                {!viewOnly && e.type !== 'undo' && e.type !== 'redo' && !undone && <button type="button" className="small-button" onClick={() => void startUndo(e.seq)} data-testid={`undo-${e.seq}`}>Undo…</button>}
                {!viewOnly && undone && <button type="button" className="small-button" onClick={() => void redoEvent(e.seq)} data-testid={`redo-${e.seq}`}>Redo</button>}
              </div>
              {open === e.seq && <Places seq={e.seq} />}
              {ask?.seq === e.seq && (
                <div className="undo-ask" data-testid="undo-ask" role="alertdialog" aria-label={`Undo event ${e.seq}`}>
                  {ask.error && <p className="bad">{ask.error}</p>}
                  {!ask.error && ask.affects === null && <p className="muted">Checking what it changes…</p>}
                  {ask.affects && (ask.affects.length === 0
                    ? <p data-testid="undo-affects">No later event changes.</p>
                    : (
                      <div data-testid="undo-affects">
                        <p><strong>This changes {ask.affects.length} later event{ask.affects.length === 1 ? '' : 's'}:</strong></p>
                        <ul>{ask.affects.map((a) => <li key={a.seq}>event {a.seq} ({a.type}): {a.why.map((w) => w.replace(/^the state of (\S+)$/, (_, id: string) => `the state of ${names[id] ?? id}`)).join(', ')}</li>)}</ul>
                      </div>
                    ))}
                  <label className="field reason"><span>Why</span><input value={reason} onChange={(ev) => setReason(ev.target.value)} placeholder="the reason (optional)" data-testid="undo-reason" /></label>
                  <div className="button-row">
                    <button type="button" className="primary" disabled={ask.affects === null} onClick={() => { void undoEvent(e.seq, reason.trim() || undefined); setAsk(null) }} data-testid="undo-confirm">Take it back</button>
                    <button type="button" onClick={() => setAsk(null)}>Cancel</button>
                  </div>
                </div>
              )}
            </li>
          )
        })}
      </ol>
      {!all && rows.length > SHOWN && <button type="button" onClick={() => setAll(true)}>Show all {rows.length} events</button>}
    </div>
  )
}
