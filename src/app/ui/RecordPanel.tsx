// The referee's record: "Rule on this", the saved history, exports, and re-opening an export.
import { useRef } from 'react'
import { useApp } from '../state/appStore.ts'
import { exportRulingJson, exportRulingPng, forgetRuling, reopenRulingFile, ruleOnThis, showRuling } from '../actions/rulings.ts'

function ReopenedView() {
  const reopened = useApp((s) => s.reopened)
  const setReopened = useApp((s) => s.setReopened)
  if (!reopened) return null
  const { record, hashOk, recomputed, differences, error } = reopened
  const same = recomputed !== null && differences.length === 0
  return (
    <div className={`reopened ${same && hashOk ? 'good-box' : 'bad-box'}`} data-testid="reopened" data-same={same ? 'yes' : 'no'} data-hash={hashOk ? 'ok' : 'mismatch'}>
      <p><strong>Opened ruling:</strong> {record.summary}</p>
      <p className="muted">{record.system} · ruled {new Date(record.createdAt).toLocaleString()} · engine {record.engineVersion}</p>
      <p data-testid="reopened-hash">{hashOk ? 'Content hash checks out: the file is as exported.' : 'Content hash does NOT match: the file was changed after it was exported.'}</p>
      {error && <p className="bad" data-testid="reopened-error">Could not evaluate it again: {error}</p>}
      {recomputed && (
        <p data-testid="reopened-verdict">
          {same
            ? `Evaluated again with engine ${recomputed.engine}: the same result.`
            : `Evaluated again with engine ${recomputed.engine}: the result differs at ${differences.join(', ')}.`}
        </p>
      )}
      <div className="button-row">
        <button type="button" onClick={() => showRuling(record)} data-testid="reopened-show">Show on table</button>
        <button type="button" onClick={() => setReopened(null)}>Close</button>
      </div>
    </div>
  )
}

export function RecordPanel() {
  const canRule = useApp((s) => s.evaluation.overlay?.attackQuery != null && s.evaluation.status !== 'error')
  const busy = useApp((s) => s.busy)
  const rulings = useApp((s) => s.rulings)
  const persistent = useApp((s) => s.historyPersistent)
  const fileInput = useRef<HTMLInputElement>(null)
  return (
    <section className="record" aria-label="Referee record">
      <div className="button-row">
        <button type="button" className="primary" disabled={!canRule || busy} onClick={() => void ruleOnThis()} data-testid="rule-on-this">Rule on this</button>
        <button type="button" onClick={() => fileInput.current?.click()} data-testid="open-ruling">Open ruling file…</button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="open-ruling-input"
          onChange={(e) => {
            const f = e.target.files?.[0]
            e.target.value = ''
            if (f) void reopenRulingFile(f)
          }}
        />
      </div>
      <ReopenedView />
      <h2>History{persistent ? '' : ' (this session only)'}</h2>
      {rulings.length === 0 && <p className="muted">No rulings yet.</p>}
      <ol className="history" data-testid="history">
        {rulings.map((r) => (
          <li key={r.id} data-testid="history-item" data-hash={r.contentHash}>
            <p><strong>{r.summary}</strong></p>
            <p className="muted">{r.system} · {new Date(r.createdAt).toLocaleTimeString()}</p>
            <div className="button-row">
              <button type="button" onClick={() => showRuling(r)}>Show</button>
              <button type="button" onClick={() => exportRulingJson(r)} data-testid="export-json">JSON</button>
              <button type="button" onClick={() => void exportRulingPng(r)} data-testid="export-png">PNG</button>
              <button type="button" onClick={() => void forgetRuling(r.id)} aria-label={`Delete ruling ${r.summary}`}>Delete</button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}
