// The planning layers' toggles (issue 32), floating over the table in every mode with their legend:
// the picked model's reach, who can hit it at a spot, and the exposure map. Each is one large button
// (aria-pressed), so a player switches a layer with a thumb at arm's length; the threat bands and the
// figures behind each layer are in the panel (PlanPanel).
import { useApp } from '../state/appStore.ts'
import type { PlanLayer } from '../state/planSlice.ts'
import { PlanLegend } from './PlanLegend.tsx'
import './plan.css'

const LAYERS: ReadonlyArray<{ layer: PlanLayer; word: string; title: string }> = [
  { layer: 'reach', word: 'Reach', title: 'Where the picked model can get to this turn, and the path to a spot' },
  { layer: 'threat', word: 'Threat', title: 'Who can attack the picked model at a spot, and how' },
  { layer: 'exposure', word: 'Exposure', title: 'How many enemies see a model like the picked one, cell by cell' },
]

/**
 * `over`: where the bar floats. `stage`: over the planner's table (other modes draw their own); `image`:
 * over a camera or photo image, inside its box (beside the mode's controls on a desktop, never over
 * them); `xr`: in the AR session's DOM overlay, with the session's controls.
 */
export function LayerToggles({ over }: { over: 'stage' | 'image' | 'xr' }) {
  const layers = useApp((s) => s.planLayers)
  const toggle = useApp((s) => s.togglePlanLayer)
  const mode = useApp((s) => s.mode)
  const keyShown = useApp((s) => s.planKeyShown)
  const setKeyShown = useApp((s) => s.setPlanKeyShown)
  const anyOn = layers.reach || layers.threat || layers.exposure
  if (over === 'stage' && mode !== 'planner') return null
  return (
    <div className={`plan-bar over-${over}`} data-testid="plan-bar">
      <div className="plan-toggles" role="group" aria-label="Planning layers">
        {LAYERS.map((l) => (
          <button key={l.layer} type="button" aria-pressed={layers[l.layer]} title={l.title} data-testid={`layer-${l.layer}`} onClick={() => toggle(l.layer)}>
            {l.word}
          </button>
        ))}
        {anyOn && !keyShown && <button type="button" className="plan-key-show" onClick={() => setKeyShown(true)} data-testid="plan-key-show" title="Show what the colours and lines mean">Key</button>}
      </div>
      <PlanLegend />
    </div>
  )
}
