// Step 4: the markers the app assigned (how many of each, which goes on which model), saving the table
// (it goes on the app's table, its registry in force), the personal sheet (PDF, or SVG per page) and
// the table file; then what the player does next.
import { useMemo, useState } from 'react'
import { useApp } from '../state/appStore.ts'
import { closeSetup } from './setupOpen.ts'
import { askForSurvey } from '../survey/surveyOffer.ts'
import { downloadSheet, editDraft, exportTable, saveDraft, sheetPageCount, useSetup } from './setupStore.ts'
import type { Draft } from './tableDraft.ts'

const sheetPages = (d: Draft, registry: Registry) => sheetPageCount(tableFileOf(d, sceneOfDraft(d), registry, ''))
import { buildTable, sceneOfDraft, setModelMarkers, tableFileOf } from './tableDraft.ts'
import type { Registry } from '../../tracking/index.ts'
import { getTable, isDamaged } from './tableDb.ts'
import { StepNav } from './StepNav.tsx'
import { LAYOUT_NAMES } from './ArmyStep.tsx'
import { layoutOfMarker } from '../../tracking/registry/registryFromArmy.ts'
import { useRuleSystem } from '../state/systemLoader.ts'
import { bookSides, sideLabel } from './armyChoices.ts'

/** "1 token", "2 tokens". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function MarkersStep() {
  const draft = useSetup((s) => s.draft)!
  const dirty = useSetup((s) => s.dirty)
  const busy = useSetup((s) => s.busy)
  const fresh = useSetup((s) => s.fresh)
  const [onlyNew, setOnlyNew] = useState(false)
  const [svgPage, setSvgPage] = useState(1)
  const { built, problem, pages } = useMemo(() => {
    try {
      const b = buildTable(draft)
      return { built: b, problem: null, pages: sheetPages(draft, b.registry) }
    } catch (e) {
      return { built: null, problem: e instanceof Error ? e.message : String(e), pages: 1 }
    }
  }, [draft])
  const markers = built?.registry.markers ?? []
  const count = (f: (m: (typeof markers)[number]) => boolean) => markers.filter(f).length
  const table = count((m) => m.role === 'table'), terrain = count((m) => m.role === 'terrain')
  const tabs = count((m) => m.role === 'model' && layoutOfMarker(m) === 'tab'), tokens = count((m) => m.role === 'model' && layoutOfMarker(m) !== 'tab')
  const saved = draft.id !== null && !dirty
  const noModelMarkers = draft.modelMarkers === 'none'
  const partial = saved && fresh.length > 0 && fresh.length < markers.length
  const exportSaved = async () => {
    const s = saved ? await getTable(draft.id!).catch(() => null) : null
    const got = s && !isDamaged(s) ? s : await saveDraft()
    if (got) exportTable(got.table)
  }
  // Measured by a survey already (saved with the table), or not yet: then the camera mode opens on the survey.
  const surveyed = built?.registry.survey !== undefined
  const goCamera = () => {
    closeSetup()
    if (!surveyed) askForSurvey()
    useApp.getState().setMode('camera')
  }
  const nameOf = (id: string) => draft.models.find((m) => m.id === id)?.name || draft.terrain.find((t) => t.id === id)?.name || id
  const system = useRuleSystem(draft.system)
  const sideOf = (id: string) => { const side = draft.models.find((x) => x.id === id)?.side; return side === undefined ? '?' : system ? sideLabel(side, bookSides(system)) : side }
  return (
    <div className="setup-step" data-testid="markers-step">
      {problem && <p className="bad" role="alert">{problem}</p>}
      {built && (
        <p data-testid="markers-summary">
          <strong>{plural(markers.length, 'marker')}</strong> ({built.registry.dictionary}): {plural(table, 'table marker')} (70 mm) for the corners{tabs ? `, ${plural(tabs, 'rear tab')} (20 mm)` : ''}{tokens ? `, ${plural(tokens, 'token')}` : ''}{terrain ? `, ${plural(terrain, 'terrain marker')} (30 mm)` : ''}.{' '}
          {noModelMarkers ? 'Your models carry no marker: the camera finds them by their bases.' : 'Every sheet label says which model, side and base it goes on.'}
        </p>
      )}
      <label className="setup-check">
        <input type="checkbox" checked={noModelMarkers} onChange={(e) => editDraft((d) => setModelMarkers(d, e.target.checked ? 'none' : 'printed'))} data-testid="no-model-markers" />
        No markers on my models: the camera finds them by their bases (round, oval or square, 25–60 mm); print only the table markers
      </label>
      {noModelMarkers && <p className="small muted" data-testid="no-model-markers-note">The first time the camera sees a model it asks which it is, unless it stands where this table last had it. A model whose facing matters for a rule (arcs, a round base) still needs a marker, or your word.</p>}
      {draft.models.length === 0 && <p className="bad">The army is empty: add models first.</p>}
      <div className="button-row">
        <button type="button" className={saved ? '' : 'primary'} disabled={busy || saved || draft.models.length === 0} onClick={() => void saveDraft()} data-testid="save-table">{saved ? 'Saved ✓' : draft.id ? 'Save changes' : 'Save table'}</button>
        <button type="button" className="primary" disabled={busy || draft.models.length === 0} onClick={() => void downloadSheet('pdf', { onlyFresh: partial && onlyNew })} data-testid="sheet-pdf">Marker sheet (PDF)</button>
        <span className="button-row">
          <button type="button" disabled={busy || draft.models.length === 0} onClick={() => void downloadSheet('svg', { onlyFresh: partial && onlyNew, page: svgPage })} data-testid="sheet-svg">SVG page</button>
          <select value={svgPage} aria-label="SVG page" onChange={(e) => setSvgPage(Number(e.target.value))} data-testid="sheet-svg-page">
            {Array.from({ length: pages }, (_, i) => <option key={i} value={i + 1}>{i + 1} of {pages}</option>)}
          </select>
        </span>
        <button type="button" disabled={busy || draft.models.length === 0} onClick={() => void exportSaved()} data-testid="export-draft">Export table file</button>
      </div>
      {partial && (
        <label className="setup-check">
          <input type="checkbox" checked={onlyNew} onChange={(e) => setOnlyNew(e.target.checked)} data-testid="only-new" />
          Print only the {fresh.length} markers that are new or changed since the last save
        </label>
      )}
      <p className="small muted">Saving puts this table on the app's table: its models in the planner, its markers in force for Camera and Photo. A sheet saves the table first, so its ids are the table's.</p>
      {built && (
        <details className="setup-more">
          <summary>Which marker goes where ({markers.length})</summary>
          <ul className="setup-list small" data-testid="marker-list">
            {markers.map((m) => (
              <li key={m.id}>
                id {m.id}: {m.role === 'table' ? 'table marker' : m.role === 'model' ? `${nameOf(m.model)} (${sideOf(m.model)}), ${LAYOUT_NAMES[layoutOfMarker(m)]}` : `${nameOf(m.terrain)}, terrain`} · {m.size} mm
              </li>
            ))}
          </ul>
        </details>
      )}
      <section className="setup-next" aria-label="What next">
        <h3>Then</h3>
        <ol>
          <li>Print the sheet at 100 % ("actual size") and measure its 100 mm bar.</li>
          {noModelMarkers ? <li>Cut out the table markers.</li> : <li>Cut on the grey lines. Glue each tab under the rear of its model's base (the label says which); stick tokens on top, the chevron forward.</li>}
          <li>Lay the table markers as the sheet's plan shows: each white square against the table's edge (the corner ones pushed right into their corners), its strip pointing into the table.</li>
          <li>{surveyed ? 'Open the camera and pick an attacker and a target: tap them in the picture.' : 'Survey the table: walk slowly around it with the camera, so the app measures where the table markers lie. Then tap an attacker and a target in the picture.'}</li>
        </ol>
        <div className="button-row">
          <button type="button" className={saved ? 'primary' : undefined} disabled={!saved} onClick={goCamera} data-testid="go-camera" aria-describedby={saved ? undefined : 'go-camera-why'}>{surveyed ? 'Go to the camera' : 'Survey the table'}</button>
          <button type="button" onClick={closeSetup} data-testid="go-planner">Back to the table</button>
        </div>
        {!saved && (
          <p className="small" id="go-camera-why" data-testid="go-camera-why">
            {draft.models.length === 0 ? 'Add your models first (step 2), then save the table: ' : dirty && draft.id ? 'Save your changes first ("Save changes" above): ' : 'Save the table first ("Save table" above): '}
            the camera {surveyed ? 'tracks' : 'surveys'} with the markers the saved table puts in force.
          </p>
        )}
      </section>
      <StepNav back="terrain" />
    </div>
  )
}
