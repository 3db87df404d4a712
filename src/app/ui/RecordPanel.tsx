// The referee's record: "Rule on this", the saved history, exports, and re-opening an export.
// Every summary shown is rebuilt from the ruling's (hashed) result and scene, never read from the
// file's own summary line; an edited file says "edited" and names the fields that changed.
import { useRef } from 'react'
import { useApp } from '../state/appStore.ts'
import { doubtedAmong } from '../camera/doubtedPoses.ts'
import { useSync } from '../sync/syncStore.ts'
import { summarize } from '../record/rulingText.ts'
import type { RulingRecord } from '../record/rulingRecord.ts'

/** The file's own summary when its hashes cover it and check out; otherwise rebuilt from the result. */
const summaryOf = (r: RulingRecord, trusted: boolean) =>
  trusted || !r.result.results[0] ? r.summary : summarize(r.query as { attacker?: unknown }, r.result.results[0], r.scene)
import { exportRulingJson, exportRulingPng, forgetRuling, reopenRulingFile, ruleOnThis, showRuling } from '../actions/rulings.ts'

function ReopenedView() {
  const reopened = useApp((s) => s.reopened)
  const setReopened = useApp((s) => s.setReopened)
  if (!reopened) return null
  const { record, hashOk, edited, legacy, recomputed, differences, error, gameLogError } = reopened
  const same = recomputed !== null && differences.length === 0
  return (
    <div className={`reopened ${same && hashOk ? 'good-box' : 'bad-box'}`} data-testid="reopened" data-same={same ? 'yes' : 'no'} data-hash={hashOk ? 'ok' : 'mismatch'}>
      <p><strong>Opened ruling:</strong> {summaryOf(record, hashOk && !legacy)}</p>
      <p className="muted">{record.system} · ruled {new Date(record.createdAt).toLocaleString()} · engine {record.engineVersion}</p>
      <p data-testid="reopened-hash" data-edited={edited.join(',')}>
        {hashOk
          ? legacy
            ? 'Content hash checks out for the ruling itself (an older export: its summary, time and freeze were not hashed; the summary above is rebuilt from the result).'
            : 'Content hash checks out: every field is as exported.'
          : <><strong>Edited</strong> after export: {edited.join(', ')} changed. The summary above is rebuilt from the result.</>}
      </p>
      {error && <p className="bad" data-testid="reopened-error">Could not evaluate it again: {error}</p>}
      {gameLogError && <p className="bad" data-testid="reopened-game-log">Its game log cannot be used: {gameLogError}. Show on table uses the ruling's own saved table.</p>}
      {record.game && record.gameLog && <p className="muted" data-testid="reopened-game-log">Made at event {record.game.seq} of a game; the record carries its log ({record.gameLog.events.length} events), so the table can be rebuilt as it stood.</p>}
      {recomputed && (
        <p data-testid="reopened-verdict">
          {same
            ? `Evaluated again with engine ${recomputed.engine}: the same result.`
            : `Evaluated again with engine ${recomputed.engine}: the result differs at ${differences.join(', ')}.`}
        </p>
      )}
      <div className="button-row">
        <button type="button" onClick={() => void showRuling(record)} data-testid="reopened-show">Show on table</button>
        <button type="button" onClick={() => setReopened(null)}>Close</button>
      </div>
    </div>
  )
}

export function RecordPanel() {
  const doubtedPick = useApp((s) => doubtedAmong(s.tracking.doubted, [s.attackerId, s.targetId]).length > 0)
  const canRule = useApp((s) => s.evaluation.overlay?.attackQuery != null && s.evaluation.status !== 'error') && !doubtedPick
  const busy = useApp((s) => s.busy)
  const rulings = useApp((s) => s.rulings)
  const persistent = useApp((s) => s.historyPersistent)
  const fileInput = useRef<HTMLInputElement>(null)
  // A view link watches: rulings are made on the edit links (they land in this history too).
  const viewOnly = useSync((s) => s.role === 'view')
  return (
    <section className="record" aria-label="Referee record">
      <div className="button-row">
        {!viewOnly && <button type="button" className="primary" disabled={!canRule || busy} onClick={() => void ruleOnThis()} data-testid="rule-on-this" aria-describedby={canRule ? undefined : 'rule-on-this-why'}>Rule on this</button>}
        {!viewOnly && !canRule && <span className="muted small" id="rule-on-this-why">{doubtedPick ? 'The place of a picked model is doubted: the ruling waits for a sure view (see the card).' : 'Pick an attacker and a target first.'}</span>}
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
            <p><strong>{summaryOf(r, r.fieldHashes !== undefined)}</strong></p>
            <p className="muted">{r.system} · {new Date(r.createdAt).toLocaleTimeString()}</p>
            <div className="button-row">
              <button type="button" onClick={() => void showRuling(r)}>Show</button>
              <button type="button" onClick={() => exportRulingJson(r)} data-testid="export-json">JSON</button>
              <button type="button" onClick={() => void exportRulingPng(r)} data-testid="export-png">PNG</button>
              <button type="button" onClick={() => void forgetRuling(r.id)} aria-label={`Delete ruling ${summaryOf(r, r.fieldHashes !== undefined)}`}>Delete</button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}
