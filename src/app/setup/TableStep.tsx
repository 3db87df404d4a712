// Step 1: the table's name, the game, and its size (the sizes the game's book names, common mats,
// or custom in inches or cm), and where the camera looks from.
import { useState } from 'react'
import { systemList } from '../state/systemLoader.ts'
import { editDraft, useSetup } from './setupStore.ts'
import { tablePresets } from './bookDefaults.ts'
import { emptyDraft, setFace, setTable } from './tableDraft.ts'
import { StepNav } from './StepNav.tsx'
import { gameName } from './TablesView.tsx'

const near = (a: number, b: number) => Math.abs(a - b) < 0.5

export function TableStep() {
  const draft = useSetup((s) => s.draft)!
  const presets = tablePresets(draft.system)
  const chosen = presets.find((p) => near(p.widthMm, draft.table.widthMm) && near(p.depthMm, draft.table.depthMm))
  const [unit, setUnit] = useState<'in' | 'cm'>('in')
  const [custom, setCustom] = useState(!chosen)
  const toUnit = (mm: number) => Math.round((unit === 'in' ? mm / 25.4 : mm / 10) * 10) / 10
  const fromUnit = (v: number) => (unit === 'in' ? v * 25.4 : v * 10)
  const setSize = (widthMm: number, depthMm: number) => {
    if (!(widthMm >= 300 && depthMm >= 300 && widthMm <= 10_000 && depthMm <= 10_000)) return
    editDraft((d) => setTable(d, { widthMm, depthMm }))
  }
  return (
    <div className="setup-step" data-testid="table-step">
      <label className="field setup-field">
        <span>Name of this table</span>
        <input value={draft.name} maxLength={120} onChange={(e) => editDraft((d) => ({ ...d, name: e.target.value }))} data-testid="table-name" />
      </label>
      <label className="field setup-field">
        <span>Game</span>
        <select value={draft.system} disabled={draft.models.length > 0} data-testid="table-game" onChange={(e) => {
          const system = e.target.value
          const first = tablePresets(system)[0]!
          editDraft((d) => ({ ...emptyDraft(system, { widthMm: first.widthMm, depthMm: first.depthMm }, d.name), id: d.id, registry: d.registry }))
          setCustom(false)
        }}>
          {systemList.map((s) => <option key={s.id} value={s.id}>{gameName(s.id)}</option>)}
        </select>
      </label>
      {draft.models.length > 0 && <p className="small muted">The army's profiles belong to this game: remove the models to choose another.</p>}
      <fieldset className="setup-fieldset">
        <legend>Table size</legend>
        <div className="setup-presets" role="radiogroup" aria-label="Table size">
          {presets.map((p) => (
            <button key={p.id} type="button" role="radio" aria-checked={!custom && chosen?.id === p.id} className="setup-preset" data-testid={`size-${p.id}`} onClick={() => { setCustom(false); setSize(p.widthMm, p.depthMm) }}>
              <strong>{p.label}</strong>
              <span className="small">{p.source ? `the book: ${p.source}` : 'a common mat'}</span>
            </button>
          ))}
          <button type="button" role="radio" aria-checked={custom} className="setup-preset" data-testid="size-custom" onClick={() => setCustom(true)}>
            <strong>Custom</strong><span className="small">your own size</span>
          </button>
        </div>
        {custom && (
          <div className="button-row">
            <label className="field"><span>Width</span>
              <input type="number" min={12} step={0.5} defaultValue={toUnit(draft.table.widthMm)} key={`w${unit}`} data-testid="size-width" onChange={(e) => setSize(fromUnit(Number(e.target.value)), draft.table.depthMm)} />
            </label>
            <label className="field"><span>Depth</span>
              <input type="number" min={12} step={0.5} defaultValue={toUnit(draft.table.depthMm)} key={`d${unit}`} data-testid="size-depth" onChange={(e) => setSize(draft.table.widthMm, fromUnit(Number(e.target.value)))} />
            </label>
            <select value={unit} onChange={(e) => setUnit(e.target.value as 'in' | 'cm')} aria-label="Unit" data-testid="size-unit">
              <option value="in">inches</option>
              <option value="cm">cm</option>
            </select>
          </div>
        )}
        <p className="small muted" data-testid="size-now">{toUnit(draft.table.widthMm)} × {toUnit(draft.table.depthMm)} {unit === 'in' ? 'in' : 'cm'}: width along your side of the table, depth away from you.</p>
      </fieldset>
      <fieldset className="setup-fieldset">
        <legend>The camera looks</legend>
        <div className="button-row" role="radiogroup" aria-label="Camera">
          <button type="button" role="radio" aria-checked={draft.face === 'up'} onClick={() => editDraft((d) => setFace(d, 'up'))} data-testid="camera-above">from above (phone, tablet, headset)</button>
          <button type="button" role="radio" aria-checked={draft.face === 'down'} onClick={() => editDraft((d) => setFace(d, 'down'))} data-testid="camera-below">from below a glass table</button>
        </div>
      </fieldset>
      <StepNav next="army" nextLabel="Next: the army" />
    </div>
  )
}
