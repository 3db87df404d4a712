// The saved tables: use one on the table, edit it, export it, delete it (undoable); import a file;
// a damaged record is shown with its problem and can be downloaded as it is.
import { useRef, useState } from 'react'
import { systemTitle } from '../state/systemLoader.ts'
import { downloadDamaged, editSaved, exportTable, importTableFile, newTable, removeSaved, putOnTable, useSetup } from './setupStore.ts'
import { activeTableId } from './activeTable.ts'

/** A game's name without its subtitle. */
export const gameName = (systemId: string) => systemTitle(systemId)?.split(/ \(| — /)[0] ?? systemId

const size = (w: number, d: number) => {
  const inch = (v: number) => Math.round((v / 25.4) * 10) / 10
  return `${inch(w)}"×${inch(d)}" (${Math.round(w)}×${Math.round(d)} mm)`
}

export function TablesView() {
  const tables = useSetup((s) => s.tables)
  const damaged = useSetup((s) => s.damaged)
  const loaded = useSetup((s) => s.loaded)
  const dbProblem = useSetup((s) => s.dbProblem)
  const input = useRef<HTMLInputElement>(null)
  const [confirm, setConfirm] = useState<string | null>(null)
  const active = activeTableId()
  return (
    <div className="setup-tables">
      <div className="button-row">
        <button type="button" className="primary" onClick={newTable} data-testid="new-table">New table</button>
        <button type="button" onClick={() => input.current?.click()} data-testid="import-table">Import a table file…</button>
        <input ref={input} type="file" accept=".json,application/json" hidden data-testid="import-table-input" onChange={(e) => {
          const f = e.target.files?.[0]
          e.target.value = ''
          if (f) void importTableFile(f)
        }} />
      </div>
      {dbProblem && <p className="bad" role="alert">Saved tables are not available: {dbProblem}.</p>}
      {loaded && !dbProblem && tables.length === 0 && damaged.length === 0 && <p className="muted">No saved tables yet. A new table takes a few minutes: the game, the table's size, your models and terrain; the app prints your markers.</p>}
      <ul className="setup-list" data-testid="saved-tables">
        {tables.map((t) => (
          <li key={t.id} className="setup-card" data-testid="saved-table">
            <p><strong>{t.table.name}</strong>{t.id === active && <span className="setup-tag"> on the table</span>}</p>
            <p className="small muted" title={systemTitle(t.table.scene.system)}>{gameName(t.table.scene.system)} · {size(t.table.scene.table.width, t.table.scene.table.depth)} · {t.table.scene.models.length} models · {(t.table.scene.terrain ?? []).length} terrain · {t.table.registry.markers.length} markers{t.table.savedAt ? ` · saved ${new Date(t.table.savedAt).toLocaleString()}` : ''}</p>
            <div className="button-row">
              <button type="button" className="primary" onClick={() => putOnTable(t)} data-testid="use-table">Use on the table</button>
              <button type="button" onClick={() => editSaved(t)} data-testid="edit-table">Edit</button>
              <button type="button" onClick={() => exportTable(t.table)} data-testid="export-table">Export</button>
              {confirm === t.id
                ? <button type="button" className="danger" onClick={() => { setConfirm(null); void removeSaved(t) }} data-testid="confirm-delete">Delete "{t.table.name}"</button>
                : <button type="button" className="danger" onClick={() => setConfirm(t.id)} data-testid="delete-table">Delete…</button>}
            </div>
          </li>
        ))}
        {damaged.map((d) => (
          <li key={d.id} className="setup-card damaged" data-testid="damaged-table">
            <p><strong>{d.name ?? 'A saved table'}</strong> cannot be opened: {d.problem}.</p>
            <p className="small muted">It is kept as it was. Download it to keep what is in it, or delete it.</p>
            <div className="button-row">
              <button type="button" onClick={() => downloadDamaged(d)} data-testid="download-damaged">Download as it is</button>
              {confirm === d.id
                ? <button type="button" className="danger" onClick={() => { setConfirm(null); void removeSaved(d) }}>Delete it</button>
                : <button type="button" className="danger" onClick={() => setConfirm(d.id)}>Delete…</button>}
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
