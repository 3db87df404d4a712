// Teach by showing, in the camera view: a marker in view that the table's registry does not know asks
// "Which model is this?"; the player picks the model (its layout from its base, changeable) and the
// marker is registered (the model's earlier marker replaced), tracked from the next frame and saved
// with the table in use. `WhichModel` is the question, among the prompts over the camera image;
// `NeverSeenList` lists the models whose marker has not been seen since the camera started, with their
// marker ids, in the camera controls. A real table keeps its unseen models off the table
// (camera/realTable.ts): they are candidates too. Both read the tracking status (human pace).
import { useEffect, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useApp } from '../state/appStore.ts'
import { putRegistryInForce } from '../camera/registryFile.ts'
import { MARKER_LAYOUTS, type MarkerLayout, defaultLayout, registerMarker } from '../../tracking/registry/registryFromArmy.ts'
import { activeTableId, updateActiveTable } from './activeTable.ts'
import { notOnTable } from '../camera/realTable.ts'
import type { SceneModel } from '../../engine/index.ts'
import type { AppState } from '../state/store.ts'
import './whichModel.css'

const LAYOUT_NAMES: Record<MarkerLayout, string> = { tab: 'rear tab', token: 'token on top', under: 'under the base' }

export function WhichModel() {
  const running = useApp((s) => s.tracking.state === 'running')
  const unknownNow = useApp(useShallow((s) => s.tracking.unknownIds ?? []))
  const seen = useApp(useShallow((s) => s.tracking.seenModels ?? []))
  const registry = useApp((s) => s.registry)
  const models = useApp(useShallow(tableModels))
  // An unknown marker seen once stays asked about until answered (detections come and go between frames).
  const [asked, setAsked] = useState<number[]>([])
  const [ignored, setIgnored] = useState<number[]>([])
  const [layout, setLayoutChoice] = useState<MarkerLayout | 'auto'>('auto')
  const [problem, setProblem] = useState<string | null>(null)
  const known = new Set(registry?.registry.markers.map((m) => m.id) ?? [])
  useEffect(() => {
    const fresh = unknownNow.filter((id) => !asked.includes(id) && !ignored.includes(id))
    if (fresh.length) setAsked((a) => [...a, ...fresh])
  }, [unknownNow, asked, ignored])
  if (!running || !registry) return null
  const pending = asked.filter((id) => !known.has(id) && !ignored.includes(id))
  const id = pending[0]
  const modelIds = new Set(registry.registry.markers.flatMap((m) => (m.role === 'model' ? [m.model] : [])))
  const neverSeen = models.filter((m) => modelIds.has(m.id) && !seen.includes(m.id))
  const unmarked = models.filter((m) => !modelIds.has(m.id))
  // Models not seen yet first: the marker in view is most likely one of theirs.
  const candidates = [...unmarked, ...neverSeen.filter((m) => !unmarked.includes(m)), ...models.filter((m) => seen.includes(m.id) && modelIds.has(m.id))]

  const register = (modelId: string) => {
    const model = models.find((m) => m.id === modelId)
    if (id === undefined || !model) return
    const face = registry.registry.markers.some((m) => m.role === 'table' && m.face === 'down') ? 'down' : 'up'
    const chosen = layout === 'auto' ? defaultLayout(model.base, face) : layout
    try {
      const next = registerMarker(registry.registry, id, { id: model.id, base: model.base, layout: chosen })
      putRegistryInForce(registry.name, next)
      setProblem(null)
      setLayoutChoice('auto')
      const name = model.name || model.id
      void (activeTableId() ? updateActiveTable({ registry: next }) : Promise.resolve(false)).then((savedIt) => {
        useApp.getState().notify({ level: 'info', text: `Marker ${id} is now ${name}'s (${LAYOUT_NAMES[chosen]})${savedIt ? ', saved with the table' : ''}.` })
      })
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e))
    }
  }

  if (id === undefined) return null
  return (
    <section role="dialog" aria-labelledby="which-model-title" className="which-model-ask" data-testid="which-model-ask">
      <h3 id="which-model-title">Which model is this?</h3>
      <p>Marker <strong data-testid="which-model-id">{id}</strong> is in view and is on nothing of this table.{pending.length > 1 ? ` (${pending.length - 1} more after it)` : ''}</p>
      <label className="field">
        <span>It is a</span>
        <select value={layout} onChange={(e) => setLayoutChoice(e.target.value as MarkerLayout | 'auto')} data-testid="which-model-layout">
          <option value="auto">marker as the base suggests</option>
          {MARKER_LAYOUTS.map((l) => <option key={l} value={l}>{LAYOUT_NAMES[l]}</option>)}
        </select>
      </label>
      <div className="button-row which-model-list">
        {candidates.map((m) => (
          <button key={m.id} type="button" onClick={() => register(m.id)} data-testid={`which-model-${m.id}`}>
            {m.name || m.id} <span className="small muted">side {m.side}{!modelIds.has(m.id) ? ' · no marker yet' : !seen.includes(m.id) ? ' · not seen' : ''}</span>
          </button>
        ))}
        <button type="button" className="link-button" onClick={() => setIgnored((x) => [...x, id])} data-testid="which-model-ignore">Not a model: ignore it</button>
      </div>
      {problem && <p className="bad" role="alert">{problem}</p>}
    </section>
  )
}

/** The table's models as the camera mode knows them: on the table, and (a real table) not on it yet. */
function tableModels(s: AppState): SceneModel[] {
  const waiting = notOnTable(s.scene)?.models ?? []
  return waiting.length ? [...s.scene.models, ...waiting] : s.scene.models
}

export function NeverSeenList() {
  const running = useApp((s) => s.tracking.state === 'running')
  const seen = useApp(useShallow((s) => s.tracking.seenModels ?? []))
  const registry = useApp((s) => s.registry)
  const models = useApp(useShallow(tableModels))
  if (!running || !registry) return null
  const modelIds = new Set(registry.registry.markers.flatMap((m) => (m.role === 'model' ? [m.model] : [])))
  const neverSeen = models.filter((m) => modelIds.has(m.id) && !seen.includes(m.id))
  if (neverSeen.length === 0) return null
  return (
    <div className="which-model" data-testid="which-model">
      <details className="which-model-unseen" data-testid="never-seen">
          <summary>Not seen yet: {neverSeen.length} model{neverSeen.length === 1 ? '' : 's'}</summary>
          <ul>
            {neverSeen.map((m) => {
              const markers = registry.registry.markers.filter((x) => x.role === 'model' && x.model === m.id).map((x) => x.id)
              return <li key={m.id}>{m.name || m.id} (side {m.side}): marker {markers.join(', ')}. Is its tab in view, the right way up, not covered?</li>
            })}
          </ul>
        </details>
    </div>
  )
}
