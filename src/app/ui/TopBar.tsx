// System picker (every registered rule system), mode, units, undo.
import { ruleSystems } from '../../systems/index.ts'
import { useApp, demoSceneOf } from '../state/appStore.ts'
import type { Mode } from '../state/settingsSlice.ts'

const MODES: ReadonlyArray<{ id: Mode; label: string }> = [
  { id: 'planner', label: 'Planner' },
  { id: 'photo', label: 'Photo' },
  { id: 'camera', label: 'Camera' },
  { id: 'xr', label: 'AR' },
]

export function loadDemo(systemId: string): void {
  const s = useApp.getState()
  const demo = demoSceneOf(systemId)
  if (!demo) return
  s.replaceScene(demo)
  s.clearSelection()
  s.notify({ level: 'info', text: `Opened the demo table of ${systemId}.`, actions: [{ label: 'Undo', run: () => useApp.getState().undo() }] })
}

export function TopBar() {
  const systemId = useApp((s) => s.scene.system)
  const mode = useApp((s) => s.mode)
  const units = useApp((s) => s.units)
  const canUndo = useApp((s) => s.undoStack.length > 0)
  const setMode = useApp((s) => s.setMode)
  const setUnits = useApp((s) => s.setUnits)
  const undo = useApp((s) => s.undo)
  const known = ruleSystems.some((s) => s.id === systemId)
  return (
    <header className="topbar">
      <h1>Tabletop AR</h1>
      <label className="field">
        <span>Game</span>
        <select data-testid="system-picker" value={known ? systemId : ''} onChange={(e) => loadDemo(e.target.value)}>
          {!known && <option value="">{systemId} (not installed)</option>}
          {ruleSystems.map((s) => (
            <option key={s.id} value={s.id}>{s.title} ({s.id})</option>
          ))}
        </select>
      </label>
      <nav className="button-row" aria-label="Mode">
        {MODES.map((m) => (
          <button key={m.id} type="button" aria-pressed={mode === m.id} data-testid={`mode-${m.id}`} onClick={() => setMode(m.id)}>{m.label}</button>
        ))}
      </nav>
      <div className="button-row" role="group" aria-label="Units">
        <button type="button" aria-pressed={units === 'in'} data-testid="units-in" onClick={() => setUnits('in')}>inches</button>
        <button type="button" aria-pressed={units === 'mm'} data-testid="units-mm" onClick={() => setUnits('mm')}>mm</button>
      </div>
      <button type="button" disabled={!canUndo} onClick={undo} data-testid="undo">Undo</button>
    </header>
  )
}
