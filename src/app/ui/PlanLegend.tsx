// The planning layers' legend (issue 32), beside their toggles over the table: what each colour and
// line on the table means, in the same colours (planPalette.ts), with the figures the engine gave
// (each mode's allowance as the book writes it). One short line per layer that is on, only the keys
// that are on the table now, in bold type on a dark box: read at arm's length on a phone without
// hiding the table.
import type { ReactNode } from 'react'
import { useApp } from '../state/appStore.ts'
import { answerFor, planSubject, shownModeOf } from '../state/planSlice.ts'
import { EXPOSURE_COLOURS, PATH_COLOURS, exposureColour, modeTint, viaColour, viaShort } from '../scene/planPalette.ts'

export function Swatch({ colour, striped = false, line = false, dashed = false }: { colour: string; striped?: boolean; line?: boolean; dashed?: boolean }) {
  const style = striped
    ? { background: `repeating-linear-gradient(135deg, ${colour} 0 5px, ${EXPOSURE_COLOURS.hiddenStripe} 5px 10px)` }
    : dashed
      ? { background: `repeating-linear-gradient(90deg, ${colour} 0 7px, transparent 7px 11px)`, height: '5px', border: 0 }
      : line
        ? { background: colour, height: '5px', border: 0 }
        : { background: colour }
  return <span className="plan-swatch" aria-hidden="true" style={style} />
}

function Key({ children, ...data }: { children: ReactNode; [data: `data-${string}`]: string }) {
  return <span {...data}>{children}</span>
}

function ReachLegend() {
  const reach = useApp((s) => answerFor(s, 'reach'))
  const planMode = useApp((s) => s.planMode)
  const setPlanMode = useApp((s) => s.setPlanMode)
  const spot = useApp((s) => answerFor(s, 'spot'))
  if (!reach) return null
  if (reach.issue) return <p className="plan-note" data-testid="legend-reach-issue">Reach: {reach.issue}</p>
  const shown = shownModeOf(reach, planMode)
  const shownIndex = Math.max(0, reach.modes.findIndex((m) => m.mode === shown))
  const dice = (reach.modes[shownIndex]?.result?.contours?.length ?? 0) > 0
  const path = spot?.reach && spot.reach.path.length > 1 ? spot.reach : null
  return (
    <div className="plan-legend-part" data-testid="legend-reach">
      {reach.modes.length > 1 ? (
        <div className="plan-modes" role="group" aria-label="Move mode">
          {reach.modes.map((m, i) => (
            <button key={m.mode} type="button" className="plan-mode" aria-pressed={m.mode === shown} data-testid={`plan-mode-${m.mode}`} disabled={m.refused !== null} title={m.refused ?? undefined} onClick={() => setPlanMode(m.mode)}>
              <Swatch colour={modeTint(i)} /> {m.mode} <span className="plan-figure">{m.result?.allowance.formula}</span>
            </button>
          ))}
        </div>
      ) : null}
      <p className="plan-key">
        {reach.modes.length === 1 && <Key data-legend="mode"><Swatch colour={modeTint(0)} /> {reach.modes[0]!.mode} {reach.modes[0]!.result?.allowance.formula}</Key>}
        {dice && <Key data-legend="contour"><Swatch colour={modeTint(shownIndex)} dashed /> a roll's reach: chance</Key>}
        {path && <Key data-legend="path"><Swatch colour={path.reachable ? PATH_COLOURS.reachable : PATH_COLOURS.unreachable} line /> {path.reachable ? 'path: can end there' : 'path: cannot end there'}</Key>}
      </p>
      {reach.modes.filter((m) => m.refused).map((m) => <p key={m.mode} className="plan-note">{m.mode}: {m.refused}</p>)}
    </div>
  )
}

function ThreatLegend() {
  const answer = useApp((s) => answerFor(s, 'threat'))
  const vias = [...new Set(answer?.threat?.attackers.map((a) => a.via) ?? [])]
  if (answer?.issue) return <p className="plan-note" data-testid="legend-threat">Threat: {answer.issue}</p>
  if (!vias.length) return null
  return (
    <p className="plan-key" data-testid="legend-threat">
      {vias.map((v) => <Key key={v} data-legend={`via-${v}`}><Swatch colour={viaColour(v)} line /> {viaShort(v)}</Key>)}
    </p>
  )
}

function ExposureLegend() {
  const answer = useApp((s) => answerFor(s, 'exposure'))
  if (!answer) return null
  if (answer.issue) return <p className="plan-note" data-testid="legend-exposure-issue">Exposure: {answer.issue}</p>
  return (
    <p className="plan-key" data-testid="legend-exposure">
      <Key data-legend="hidden" data-colour={EXPOSURE_COLOURS.hidden}><Swatch colour={EXPOSURE_COLOURS.hidden} striped /> hidden</Key>
      {[1, 2, 3].map((n) => <Key key={n} data-legend={`seen-${n}`} data-colour={exposureColour(n)}><Swatch colour={exposureColour(n)} /> {n === 3 ? '3+' : n}</Key>)}
      <Key data-legend="seen">see it</Key>
      {answer.zones.length > 0 && <Key data-legend="zone"><Swatch colour={EXPOSURE_COLOURS.zone} dashed /> deploy zone</Key>}
    </p>
  )
}

export function PlanLegend() {
  const layers = useApp((s) => s.planLayers)
  const subject = useApp((s) => planSubject(s))
  const pending = useApp((s) => s.planPending.reach || s.planPending.spot || s.planPending.threat || s.planPending.exposure || s.planPending.bands)
  const error = useApp((s) => s.planError)
  const spotless = useApp((s) => s.pinnedSpot === null && answerFor(s, 'spot') === null && answerFor(s, 'threat') === null)
  const shown = useApp((s) => s.planKeyShown)
  const setShown = useApp((s) => s.setPlanKeyShown)
  if (!layers.reach && !layers.threat && !layers.exposure) return null
  if (!shown) return null
  return (
    <div className="plan-legend" data-testid="plan-legend" data-pending={pending ? 'yes' : 'no'}>
      <button type="button" className="plan-key-hide" aria-label="Hide the key" title="Hide the key (to see the table)" onClick={() => setShown(false)} data-testid="plan-key-hide">×</button>
      {!subject ? (
        <p className="plan-hint" data-testid="plan-pick-first">Tap a model to plan for it.</p>
      ) : (
        <>
          {layers.reach && <ReachLegend />}
          {layers.threat && <ThreatLegend />}
          {layers.exposure && <ExposureLegend />}
          {(layers.reach || layers.threat) && spotless && <p className="plan-hint">Point at the table or tap a spot.</p>}
        </>
      )}
      {pending && <span className="plan-busy" aria-hidden="true" data-testid="plan-busy">…</span>}
      {error && <p className="plan-note" role="alert">{error}</p>}
    </div>
  )
}
