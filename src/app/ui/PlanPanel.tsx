// The plan's figures in the panel (issue 32), for the picked model: each move mode's allowance as the
// book writes it with its section; at the spot, the cheapest path's cost, what it paid for piece by
// piece and why a spot cannot be reached, each with its section; every enemy that can attack the model
// there (how, weapon, range against the weapon's, sight, cover, the exact chances, its section); who
// sees it; the exposure map's hidden cells. The threat bands toggle is here too. Every figure is a
// field of the engine's answer (planText.ts formats).
import { useMemo } from 'react'
import { useApp } from '../state/appStore.ts'
import { answerFor, planSubject } from '../state/planSlice.ts'
import { modelNames, weaponName } from '../format/names.ts'
import { formatLength } from '../format/formatFigures.ts'
import { citeText, reasonText, withTerrainNames } from '../format/planText.ts'
import { viaWords } from '../scene/planPalette.ts'

function SpotDetails() {
  const spot = useApp((s) => answerFor(s, 'spot'))
  const threat = useApp((s) => answerFor(s, 'threat'))
  const layers = useApp((s) => s.planLayers)
  const units = useApp((s) => s.units)
  const overlay = useApp((s) => s.evaluation.overlay)
  const modelNamesNow = useApp((s) => modelNames(s.evaluation.overlay, s.scene.models))
  const terrain = useApp((s) => s.scene.terrain)
  const names = useMemo(() => withTerrainNames(modelNamesNow, terrain ?? []), [modelNamesNow, terrain])
  const pinned = useApp((s) => s.pinnedSpot)
  const pinSpot = useApp((s) => s.pinSpot)
  const where = spot ?? threat
  if (!where) return <p className="muted small">Point at the table (or tap a spot) to see the path there and who can hit the model there.</p>
  const p = spot?.reach ?? null
  const at = (xy: [number, number]) => `${formatLength(xy[0], units)}, ${formatLength(xy[1], units)}`
  return (
    <div className="plan-spot" data-testid="plan-spot" data-at={where.at.join(',')}>
      <h3>At the spot ({at(where.at)})</h3>
      {layers.reach && spot?.reachIssue && <p className="bad" data-testid="plan-reach-issue">{spot.reachIssue}</p>}
      {layers.reach && p && spot && (
        <div data-testid="plan-path" data-reachable={p.reachable ? 'yes' : 'no'} data-cost-mm={p.cost?.mm ?? ''}>
          <p>
            <strong className={p.reachable ? 'good' : 'bad'}>{p.reachable ? '✓ Can end its move here' : '✗ Cannot end its move here'}</strong>
            {spot.mode && <> ({spot.mode})</>}
            {p.marginal && <span className="marginal">marginal</span>}
          </p>
          {p.cost && spot.allowance && (
            <p data-testid="plan-cost">Path {formatLength(p.cost.mm, units)} of {formatLength(spot.allowance.mm, units)} <span className="muted">({spot.allowance.formula})</span> <cite>{citeText(spot.allowance.citation, spot.allowance.rule)}</cite></p>
          )}
          {p.chance && <p data-testid="plan-chance">Chance the dice give enough: <strong>{p.chance.exact}</strong></p>}
          {p.crossed.length > 0 && (
            <ul className="plan-list" data-testid="plan-crossed">
              {p.crossed.map((c) => <li key={`${c.id}|${c.kind}`}>{names[c.id] ?? c.id}: {c.kind} +{formatLength(c.cost.mm, units)} <cite>{citeText(c.citation, c.rule)}</cite></li>)}
            </ul>
          )}
          {p.reasons.length > 0 && (
            <ul className="plan-list reasons" data-testid="plan-reasons">
              {p.reasons.map((r, i) => <li key={i} className={r.code === 'note' ? 'muted' : undefined}>{reasonText(r, units, names)} <cite>{citeText(r.citation, r.rule)}</cite></li>)}
            </ul>
          )}
        </div>
      )}
      {layers.threat && threat?.issue && <p className="bad">{threat.issue}</p>}
      {layers.threat && threat?.threat && (
        <div data-testid="plan-attackers" data-count={threat.threat.attackers.length} data-at={threat.at.join(',')}>
          <h3>{threat.threat.attackers.length ? `Who can attack it at ${at(threat.at)}` : `No enemy can attack it at ${at(threat.at)} this turn`}</h3>
          <ul className="plan-list">
            {threat.threat.attackers.map((a, i) => (
              <li key={i} data-testid={`plan-attacker-${a.model}`} data-via={a.via} data-weapon={a.weapon ?? ''} data-chance={a.chance?.exact ?? ''}>
                <strong>{names[a.model] ?? a.model}</strong> {viaWords(a.via)}{a.weapon && <>, {weaponName(a.model, a.weapon, overlay)}</>}
                {': '}
                {formatLength(a.range.mm, units)}{a.range.limit && <> of {formatLength(a.range.limit.mm, units)}</>}
                {a.sight && <> · sight {a.sight.class}</>}
                {a.cover && <> · cover {a.cover}</>}
                {a.chance && <> · <strong>{a.chance.exact}</strong> to hit</>}
                {a.effect && <> · {a.effect.exact} effect</>}
                {a.moveChance && <> · move {a.moveChance.exact}</>}
                {a.marginal && <span className="marginal">marginal</span>} <cite>{citeText(a.citation, a.rule)}</cite>
              </li>
            ))}
          </ul>
        </div>
      )}
      {layers.exposure && spot?.exposure && (
        <p data-testid="plan-seen" data-seen={spot.exposure.seenBy.join(',')}>
          {spot.exposure.hidden ? 'Hidden from every enemy here' : `Seen here by ${spot.exposure.by.map((b) => `${names[b.model] ?? b.model} (${b.class})`).join(', ')}`}
        </p>
      )}
      {pinned && <button type="button" onClick={() => pinSpot(null)} data-testid="plan-unpin">Clear the spot</button>}
    </div>
  )
}

function ExposureSummary() {
  const on = useApp((s) => s.planLayers.exposure)
  const answer = useApp((s) => answerFor(s, 'exposure'))
  const units = useApp((s) => s.units)
  const r = answer?.result
  if (!on || !r) return null
  const judged = r.grid.seen.filter((x) => x !== null).length
  return (
    <p data-testid="plan-exposure" data-hidden={r.hidden.length} data-judged={judged}>
      Exposure: {r.hidden.length} of {judged} cells of {formatLength(r.grid.cellMm, units)} hidden from {r.enemies.length} enemies <cite>{r.citations.map((c, i) => citeText(c, r.rules[i] ?? '')).join('; ')}</cite>
    </p>
  )
}

export function PlanPanel() {
  const subject = useApp((s) => planSubject(s))
  const anyOn = useApp((s) => s.planLayers.reach || s.planLayers.threat || s.planLayers.exposure || s.planLayers.bands)
  const bandsOn = useApp((s) => s.planLayers.bands)
  const toggle = useApp((s) => s.togglePlanLayer)
  const reach = useApp((s) => answerFor(s, 'reach'))
  const bands = useApp((s) => answerFor(s, 'bands'))
  const timings = useApp((s) => s.plan)
  const units = useApp((s) => s.units)
  return (
    <section className="plan-panel" aria-label="Plan" data-testid="plan-panel">
      <h2>Plan</h2>
      {!subject && <p className="muted small">Pick a model, then switch on Reach, Threat or Exposure over the table.</p>}
      {subject && anyOn && (
        <>
          {reach && reach.modes.length > 0 && (
            <ul className="plan-list" data-testid="plan-modes">
              {reach.modes.map((m) => (
                <li key={m.mode}>{m.mode}: {m.result ? <>{formatLength(m.result.allowance.mm, units)} ({m.result.allowance.formula}) <cite>{citeText(m.result.allowance.citation, m.result.allowance.rule)}</cite></> : null}{m.refused && <span className="bad"> {m.refused}</span>}</li>
              ))}
            </ul>
          )}
          <SpotDetails />
          <ExposureSummary />
          {bands?.issue && bandsOn && <p className="bad">{bands.issue}</p>}
        </>
      )}
      <div className="button-row">
        <button type="button" aria-pressed={bandsOn} onClick={() => toggle('bands')} data-testid="layer-bands" title="Per enemy and weapon, the area from which it reaches that weapon's range this turn">Threat bands</button>
      </div>
      <p className="muted small" data-testid="plan-timings">
        {timings.reach && <>reach {Math.round(timings.reach.ms)} ms </>}
        {timings.spot && <>· spot {Math.round(timings.spot.reachMs + timings.spot.exposureMs)} ms </>}
        {timings.threat && <>· threat {Math.round(timings.threat.ms)} ms </>}
        {timings.exposure && <>· exposure {Math.round(timings.exposure.ms)} ms</>}
      </p>
    </section>
  )
}
