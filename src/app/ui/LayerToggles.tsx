// The planning layers' toggles (issue 32), floating over the table in every mode with their legend:
// the picked model's reach, who can hit it at a spot, and the exposure map. Each is one large button
// (aria-pressed), so a player switches a layer with a thumb at arm's length; the threat bands and the
// figures behind each layer are in the panel (PlanPanel). Over a camera image on a phone or tablet the
// legend goes under the floating card, in its box (ui/ViewOverlay's `.view-top`): the picture is aimed at
// the picked models below that box (camera/imageFocus.ts), so the legend never sits on them. On a phone
// held upright the toggles stand in a row above the status line (`.view-toggles`), not in a column at the
// picture's right edge, where they covered a third of its width and the picked target's label.
import { type RefObject, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useApp } from '../state/appStore.ts'
import { useUprightPhone, useViewFirst } from './useViewFirst.ts'
import type { PlanLayer } from '../state/planSlice.ts'
import { PlanLegend } from './PlanLegend.tsx'
import './plan.css'

const LAYERS: ReadonlyArray<{ layer: PlanLayer; word: string; title: string }> = [
  { layer: 'reach', word: 'Reach', title: 'Where the picked model can get to this turn, and the path to a spot' },
  { layer: 'threat', word: 'Threat', title: 'Who can attack the picked model at a spot, and how' },
  { layer: 'exposure', word: 'Exposure', title: 'How many enemies see a model like the picked one, cell by cell' },
]

type Hosts = { underCard: HTMLElement | null; aboveStatus: HTMLElement | null }
const NO_HOSTS: Hosts = { underCard: null, aboveStatus: null }

/**
 * The boxes of the view-first overlay (ui/ViewOverlay.tsx) in the bar's own camera stage that the bar
 * portals into, each looked for only when asked: the floating card's box (the legend goes under the
 * card) and the row above the status line (an upright phone's toggles); null where there is none. One
 * observer for both: the overlay's boxes come and go with the image (at human pace).
 */
function useOverlayHosts(bar: RefObject<HTMLDivElement | null>, underCardOn: boolean, aboveStatusOn: boolean): Hosts {
  const [hosts, setHosts] = useState<Hosts>(NO_HOSTS)
  useEffect(() => {
    if (!underCardOn && !aboveStatusOn) {
      setHosts(NO_HOSTS)
      return
    }
    const stage = bar.current?.closest<HTMLElement>('.camera-stage') ?? document.body
    const find = () => {
      const underCard = underCardOn ? stage.querySelector<HTMLElement>('.view-overlay.view-first .view-top') : null
      const aboveStatus = aboveStatusOn ? stage.querySelector<HTMLElement>('.view-overlay.view-first .view-toggles') : null
      setHosts((h) => (h.underCard === underCard && h.aboveStatus === aboveStatus ? h : { underCard, aboveStatus }))
    }
    find()
    const watch = new MutationObserver(find)
    watch.observe(stage, { childList: true, subtree: true })
    return () => watch.disconnect()
  }, [bar, underCardOn, aboveStatusOn])
  return hosts
}

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
  const bar = useRef<HTMLDivElement>(null)
  const viewFirst = useViewFirst()
  const upright = useUprightPhone()
  const { underCard, aboveStatus } = useOverlayHosts(bar, over === 'image' && viewFirst, over === 'image' && upright)
  if (over === 'stage' && mode !== 'planner') return null
  const toggles = (
    <div className="plan-toggles" role="group" aria-label="Planning layers">
      {LAYERS.map((l) => (
        <button key={l.layer} type="button" aria-pressed={layers[l.layer]} title={l.title} data-testid={`layer-${l.layer}`} onClick={() => toggle(l.layer)}>
          {l.word}
        </button>
      ))}
      {anyOn && !keyShown && <button type="button" className="plan-key-show" onClick={() => setKeyShown(true)} data-testid="plan-key-show" title="Show what the colours and lines mean">Key</button>}
    </div>
  )
  return (
    <div ref={bar} className={`plan-bar over-${over}`} data-testid="plan-bar">
      {aboveStatus ? createPortal(toggles, aboveStatus) : toggles}
      {underCard ? createPortal(<div className="plan-under-card"><PlanLegend /></div>, underCard) : <PlanLegend />}
    </div>
  )
}
