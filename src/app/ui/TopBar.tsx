// System picker (every registered rule system), mode, units, undo. On a phone (and on any screen
// laid out view-first) the bar is one row (≤ 64 px): the game picker and a menu button that folds
// out the modes, units and undo. The menu closes on a choice, a game switch, Escape or a tap outside.
import { useEffect, useRef, useState } from 'react'
import { useCompactBar } from './useViewFirst.ts'
import { isKiosk } from './kiosk.ts'
import { useSync } from '../sync/syncStore.ts'
import { useApp } from '../state/appStore.ts'
import { isKnownSystem, systemList, systemTitle } from '../state/systemLoader.ts'
import { loadDemo, shortTitle } from '../actions/loadDemo.ts'
import type { Mode } from '../state/settingsSlice.ts'
import { MyTableButton } from '../setup/MyTableButton.tsx'

const MODES: ReadonlyArray<{ id: Mode; label: string }> = [
  { id: 'planner', label: 'Planner' },
  { id: 'photo', label: 'Photo' },
  { id: 'camera', label: 'Camera' },
  { id: 'xr', label: 'AR' },
]

export function TopBar() {
  const systemId = useApp((s) => s.scene.system)
  const mode = useApp((s) => s.mode)
  const units = useApp((s) => s.units)
  const canUndo = useApp((s) => s.undoStack.length > 0)
  const setMode = useApp((s) => s.setMode)
  const setUnits = useApp((s) => s.setUnits)
  const undo = useApp((s) => s.undo)
  const known = isKnownSystem(systemId)
  const [menuOpen, setMenuOpen] = useState(false)
  const compact = useCompactBar()
  // A kiosk has no photo mode: a photo comes through a file picker, which a kiosk never opens.
  const kiosk = isKiosk()
  // A view link cannot change the table: no other game's demo for it.
  const viewOnly = useSync((s) => s.role === 'view')
  const bar = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!menuOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenuOpen(false)
    }
    const onDown = (e: PointerEvent) => {
      if (bar.current && !bar.current.contains(e.target as Node)) setMenuOpen(false)
    }
    window.addEventListener('keydown', onKey)
    window.addEventListener('pointerdown', onDown, true)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('pointerdown', onDown, true)
    }
  }, [menuOpen])
  return (
    <header className="topbar" ref={bar} data-compact={compact ? 'yes' : 'no'}>
      <h1>Tabletop AR</h1>
      <label className="field game-field">
        <span>Game</span>
        <select data-testid="system-picker" disabled={viewOnly} value={known ? systemId : ''} onChange={(e) => { setMenuOpen(false); void loadDemo(e.target.value) }} title={systemTitle(systemId)}>
          {!known && <option value="">{systemId} (not installed)</option>}
          {systemList.map((s) => (
            <option key={s.id} value={s.id}>{shortTitle(s.id)}</option>
          ))}
        </select>
      </label>
      <MyTableButton />
      <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="topbar-tools" data-testid="menu-toggle" onClick={() => setMenuOpen(!menuOpen)}>
        <span aria-hidden="true">☰</span> {MODES.find((m) => m.id === mode)?.label}<span className="visually-hidden"> (menu: modes, units, undo)</span>
      </button>
      <div id="topbar-tools" className={`topbar-tools ${menuOpen ? 'open' : ''}`}>
      <nav className="button-row" aria-label="Mode">
        {MODES.filter((m) => !(kiosk && m.id === 'photo')).map((m) => (
          <button key={m.id} type="button" aria-pressed={mode === m.id} data-testid={`mode-${m.id}`} onClick={() => { setMode(m.id); setMenuOpen(false) }}>{m.label}</button>
        ))}
      </nav>
      <div className="button-row" role="group" aria-label="Units">
        <button type="button" aria-pressed={units === 'in'} data-testid="units-in" onClick={() => setUnits('in')}>inches</button>
        <button type="button" aria-pressed={units === 'mm'} data-testid="units-mm" onClick={() => setUnits('mm')}>mm</button>
      </div>
      <button type="button" disabled={!canUndo} onClick={undo} data-testid="undo">Undo</button>
      </div>
    </header>
  )
}
