// "My table": the guided setup over the app, from a box of miniatures to a table the camera knows.
// Steps: the saved tables · 1 game and table size · 2 army · 3 terrain · 4 markers (save, sheet, export).
// Full screen on a phone; what the setup says is shown in it (the app's message bar is under it).
import { useEffect, useRef } from 'react'
import { closeSetup, useSetupOpen, type SetupView } from './setupOpen.ts'
import { refreshTables, showView, syncDraftWithSaved, useSetup } from './setupStore.ts'
import { TablesView } from './TablesView.tsx'
import { TableStep } from './TableStep.tsx'
import { ArmyStep } from './ArmyStep.tsx'
import { TerrainStep } from './TerrainStep.tsx'
import { MarkersStep } from './MarkersStep.tsx'
import './setup.css'

const STEPS: ReadonlyArray<{ view: SetupView; label: string }> = [
  { view: 'table', label: '1 Table' },
  { view: 'army', label: '2 Army' },
  { view: 'terrain', label: '3 Terrain' },
  { view: 'markers', label: '4 Markers' },
]

function Notice() {
  const notice = useSetup((s) => s.notice)
  if (!notice) return null
  return (
    <div className={`setup-notice ${notice.level}`} role={notice.level === 'error' ? 'alert' : 'status'} data-testid="setup-notice">
      <p>{notice.text}</p>
      <div className="button-row">
        {notice.action && <button type="button" onClick={() => { notice.action!.run(); useSetup.setState({ notice: null }) }}>{notice.action.label}</button>}
        <button type="button" className="link-button" onClick={() => useSetup.setState({ notice: null })}>Dismiss</button>
      </div>
    </div>
  )
}

export default function SetupScreen() {
  const view = useSetupOpen((s) => s.view)
  const hasDraft = useSetup((s) => s.draft !== null)
  const draftName = useSetup((s) => s.draft?.name)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    void syncDraftWithSaved()
    void refreshTables().then(() => {
      // A first visit (nothing saved) goes straight to a new table.
      const s = useSetup.getState()
      if (useSetupOpen.getState().view === 'tables' && s.tables.length === 0 && s.damaged.length === 0 && !s.dbProblem) {
        void import('./setupStore.ts').then((m) => m.newTable())
      }
    })
  }, [])
  useEffect(() => heading.current?.focus(), [view])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeSetup()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  const current = hasDraft ? view : 'tables'
  return (
    <section className="setup" role="dialog" aria-modal="true" aria-labelledby="setup-title" data-testid="setup" data-view={current}>
      <header className="setup-head">
        <h2 id="setup-title" ref={heading} tabIndex={-1}>My table{hasDraft && current !== 'tables' && draftName ? `: ${draftName}` : ''}</h2>
        <button type="button" className="setup-close" onClick={closeSetup} data-testid="setup-close" aria-label="Close My table">✕</button>
      </header>
      <nav className="setup-steps" aria-label="Setup steps">
        <button type="button" aria-pressed={current === 'tables'} onClick={() => showView('tables')} data-testid="step-tables">Saved</button>
        {STEPS.map((s) => (
          <button key={s.view} type="button" aria-pressed={current === s.view} disabled={!hasDraft} onClick={() => showView(s.view)} data-testid={`step-${s.view}`}>{s.label}</button>
        ))}
      </nav>
      <Notice />
      <div className="setup-body">
        {current === 'tables' && <TablesView />}
        {current === 'table' && <TableStep />}
        {current === 'army' && <ArmyStep />}
        {current === 'terrain' && <TerrainStep />}
        {current === 'markers' && <MarkersStep />}
      </div>
    </section>
  )
}
