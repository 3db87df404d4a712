// Teach by showing, extended to models without markers (issue 34): a base found in view whose model
// the camera cannot tell ("unidentified": a first sight with several models of that base, or two
// models that could have swapped) asks "Which model is this?", its candidates first; the answer goes
// to the tracking worker (teachBase) and the model is certain there from the next frame.
// `BasesNotSeen` lists the models found by their bases that the camera has not found yet. Both read
// the tracking status (human pace); the base in question is drawn as a ghost over the image
// (BaseGhosts.tsx). Styled as "Which model is this?" (setup/whichModel.css, which CameraMode loads with it).
import { useShallow } from 'zustand/react/shallow'
import { useApp } from '../state/appStore.ts'
import type { SceneModel } from '../../engine/index.ts'
import type { AppState } from '../state/store.ts'
import { baseKey } from '../../tracking/index.ts'
import { notOnTable } from './realTable.ts'
import { teachBase } from './baseTracking.ts'

function tableModels(s: AppState): SceneModel[] {
  const waiting = notOnTable(s.scene)?.models ?? []
  return waiting.length ? [...s.scene.models, ...waiting] : s.scene.models
}

const baseText = (b: SceneModel['base']) => (b.shape === 'round' ? `${b.diameter} mm round` : `${b.length}×${b.width} mm ${b.shape === 'oval' ? 'oval' : 'rectangular'}`)

export function WhichBase() {
  const running = useApp((s) => s.tracking.state === 'running')
  const questions = useApp(useShallow((s) => s.tracking.baseQuestions ?? []))
  const models = useApp(useShallow(tableModels))
  if (!running || questions.length === 0) return null
  const q = questions[0]!
  // Its candidates first, then every other model of that base (the camera may be wrong about who could have moved).
  const sameBase = models.filter((m) => baseKey(m.base) === q.key)
  const ordered = [...q.candidates.map((id) => sameBase.find((m) => m.id === id)).filter((m): m is SceneModel => !!m), ...sameBase.filter((m) => !q.candidates.includes(m.id))]
  return (
    <section role="dialog" aria-labelledby="which-base-title" className="which-model-ask" data-testid="which-base-ask" data-label={q.label} data-x={q.position[0].toFixed(1)} data-y={q.position[1].toFixed(1)}>
      <h3 id="which-base-title">Which model is this?</h3>
      <p>A {baseText(q.shape)} base is in view (outlined) and the camera cannot tell whose it is: {q.reasons.at(-1) ?? ''}{questions.length > 1 ? ` (${questions.length - 1} more after it)` : ''}</p>
      <div className="button-row which-model-list">
        {ordered.map((m) => (
          <button key={m.id} type="button" onClick={() => { if (!teachBase(q.label, m.id)) useApp.getState().notify({ level: 'warning', text: 'The camera is not tracking: start it first.' }) }} data-testid={`which-base-${m.id}`}>
            {m.name || m.id} <span className="small muted">side {m.side}{q.candidates.includes(m.id) ? '' : ' · moved further than it may?'}</span>
          </button>
        ))}
      </div>
    </section>
  )
}

export function BasesNotSeen() {
  const running = useApp((s) => s.tracking.state === 'running')
  const notSeen = useApp(useShallow((s) => s.tracking.baseNotSeen ?? []))
  const models = useApp(useShallow(tableModels))
  if (!running || notSeen.length === 0) return null
  const list = notSeen.map((id) => models.find((m) => m.id === id)).filter((m): m is SceneModel => !!m)
  return (
    <div className="which-model" data-testid="bases-not-seen">
      <details className="which-model-unseen">
        <summary>Not seen yet (no marker): {list.length} model{list.length === 1 ? '' : 's'}</summary>
        <ul>
          {list.map((m) => <li key={m.id}>{m.name || m.id} (side {m.side}): a {baseText(m.base)} base. Is it in view, its rim not hidden?</li>)}
        </ul>
      </details>
    </div>
  )
}
