// The ruling card: the verdict strip (always in view, at the top of the panel) and, folded below
// the picks, the details: why, distance and signed margin, line of sight, cover, arc, every modifier
// with its rule section, the roll needed and the exact probability. Everything shown is a field of
// the engine's attack result (the same object the CLI's eval prints).
import { useEffect, useMemo, useRef, useState } from 'react'
import type { QueryResult } from '../../engine/index.ts'
import { VerdictStrip } from './VerdictStrip.tsx'
import { TrackingWarnings } from './TrackingWarnings.tsx'
import { TerrainWarnings } from './TerrainWarnings.tsx'
import { modelName, modelNames, weaponName, withNames } from '../format/names.ts'
import { useApp } from '../state/appStore.ts'
import { formatLength, formatMargin, formatPercent, formatSigned } from '../format/formatFigures.ts'
import { SHOWN_FIELDS, readAttack } from '../format/readAttack.ts'
import { readVerdict } from '../format/verdictView.ts'
import type { Units } from '../state/settingsSlice.ts'
import { doubtedAmong, doubtedPickText } from '../camera/doubtedPoses.ts'
import { withWaiting } from '../camera/realTable.ts'

function Row({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="card-row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function AttackDetails({ result, units, names }: { result: QueryResult; units: Units; names: Readonly<Record<string, string>> }) {
  const v = readAttack(result, units)
  const moot = readVerdict(result, units).coverMoot
  const rest = Object.entries(result).filter(([k]) => !SHOWN_FIELDS.has(k))
  return (
    <>
      {v.reasons.length > 0 && (
        <ul className="reasons" data-testid="card-reasons">
          {v.reasons.map((r, i) => (
            <li key={i} data-code={r.code}><span className="reason-text">{withNames(r.message, names)}</span> <cite>{r.rule}</cite></li>
          ))}
        </ul>
      )}
      <dl>
        {v.distanceMm !== null && (
          <Row label="Distance" testId="card-distance">
            <strong>{formatLength(v.distanceMm, units)}</strong>
            {v.margin && <span className={v.margin.marginMm >= 0 ? 'good' : 'bad'} data-testid="card-margin"> — {formatMargin(v.margin, units)}</span>}
            {v.margin?.marginal && <span className="marginal" data-testid="card-marginal"> Marginal call</span>}
          </Row>
        )}
        {v.los && (
          <Row label="Line of sight" testId="card-los">
            {withNames(v.los.label, names)}{v.los.fraction !== null && `, ${formatPercent(v.los.fraction)} visible`}
            {v.los.blockers.length > 0 && <span className="muted"> (in the way: {v.los.blockers.map((b) => names[b] ?? b).join(', ')})</span>}
          </Row>
        )}
        {v.cover !== undefined && (
          <Row label="Cover" testId="card-cover">
            {v.cover ? <>{v.cover.level} <cite>{v.cover.rule}</cite></> : 'none'}
            {v.cover && moot && <span className="muted" data-testid="card-cover-moot"> (does not apply: no line of sight, no attack)</span>}
          </Row>
        )}
        {v.arc && <Row label="Arc" testId="card-arc">{v.arc}</Row>}
        <Row label="Modifiers" testId="card-modifiers">
          {v.modifiers.length === 0 ? 'none' : (
            <ul>
              {v.modifiers.map((m, i) => (
                <li key={i}><strong>{typeof m.value === 'number' ? formatSigned(m.value) : m.value}</strong> {m.source} <cite>{m.rule}</cite></li>
              ))}
            </ul>
          )}
        </Row>
        {v.need.length > 0 && (
          <Row label="Needed" testId="card-need">
            {v.need.length === 1 ? v.need[0] : <ul>{v.need.map((n, i) => <li key={i}>{n}</li>)}</ul>}
          </Row>
        )}
        {v.probability && (
          <Row label="Chance" testId="card-probability">
            <span data-testid="card-hit"><strong>{v.probability.hitExact}</strong> ({formatPercent(v.probability.hit)}) to hit{v.probability.hitScope && ` (${v.probability.hitScope})`}</span>
            {', '}
            <span data-testid="card-effect"><strong>{v.probability.effectExact}</strong> ({formatPercent(v.probability.effect)}) to take effect{v.probability.effectScope && ` (${v.probability.effectScope})`}</span>
          </Row>
        )}
      </dl>
      {v.rules.length > 0 && <p className="rules" data-testid="card-rules">Rules: {v.rules.join(' · ')}</p>}
      {rest.length > 0 && (
        <details className="more">
          <summary>More from the engine ({rest.length})</summary>
          <pre>{JSON.stringify(Object.fromEntries(rest), null, 1)}</pre>
        </details>
      )}
    </>
  )
}

/** `floating`: over the camera image (view-first), not pinned in the panel. */
export function RulingCard({ floating = false }: { floating?: boolean }) {
  const evaluation = useApp((s) => s.evaluation)
  const sceneRev = useApp((s) => s.sceneRev)
  const attackerId = useApp((s) => s.attackerId)
  const targetId = useApp((s) => s.targetId)
  const units = useApp((s) => s.units)
  const scene = useApp((s) => s.scene)
  const sceneModels = scene.models
  const doubtedAll = useApp((s) => s.tracking.doubted)
  const overlay = evaluation.overlay
  const query = overlay?.attackQuery ?? null
  // A picked model whose place the camera doubts: no verdict, the card says which and why it waits.
  const doubted = useMemo(() => doubtedAmong(doubtedAll, [attackerId, targetId]), [doubtedAll, attackerId, targetId])
  const fresh = evaluation.sceneRev === sceneRev && evaluation.status !== 'pending'
  const state = evaluation.status === 'error' ? 'error' : doubted.length > 0 ? 'doubted' : !query ? 'empty' : overlay?.attack ? 'ruled' : overlay?.attackError ? 'rejected' : 'empty'
  // Names of every model, those not on the table yet included (a doubted pick is one of them).
  const allModels = useMemo(() => withWaiting(scene).models, [scene])
  const names = useMemo(() => modelNames(overlay, allModels), [overlay, allModels])
  const name = (id: string) => names[id] ?? modelName(id, overlay, sceneModels)
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    // The panel keeps what it scrolls into view (a focused button) clear of the pinned strip.
    const card = ref.current
    const panel = card?.parentElement
    if (!card || !panel || floating) return
    const observer = new ResizeObserver(() => panel.style.setProperty('scroll-padding-top', `${card.offsetHeight + 8}px`))
    observer.observe(card)
    return () => observer.disconnect()
  }, [floating])
  // Floating (view-first), the card gives way to what floats at the foot (app.css, .view-top), but never
  // below its title row: the view-top's least height is the row of the title and the verdict, measured
  // (a title on two lines, on a phone on its side, showed its second line half cut).
  const fitHead = useRef<() => void>(() => undefined)
  useEffect(() => {
    const card = ref.current
    const top = card?.parentElement
    if (!card || !top || !floating) return
    fitHead.current = () => {
      const title = card.querySelector<HTMLElement>('[data-testid="card-title"]')
      if (!title) return
      const verdict = card.querySelector<HTMLElement>('[data-testid="card-verdict"]')
      const box = card.getBoundingClientRect()
      const bottom = Math.max(title.getBoundingClientRect().bottom, verdict?.getBoundingClientRect().bottom ?? -Infinity)
      const head = Math.ceil(bottom - box.top + card.scrollTop + parseFloat(getComputedStyle(card).paddingBottom) + card.clientTop)
      if (head > 0 && top.style.getPropertyValue('--card-head') !== `${head}px`) top.style.setProperty('--card-head', `${head}px`)
    }
    const observer = new ResizeObserver(() => fitHead.current())
    observer.observe(card.querySelector('[data-testid="card-title"]')!)
    observer.observe(card)
    return () => {
      observer.disconnect()
      fitHead.current = () => undefined
      top.style.removeProperty('--card-head')
    }
  }, [floating])
  // and when the verdict comes or goes with the picks (its row may not change the card's size: the
  // floating card scrolls), not after every render: each measure forces a layout.
  const showsVerdict = !!overlay?.attack && doubted.length === 0
  useEffect(() => fitHead.current(), [state, showsVerdict])
  return (
    <section
      ref={ref}
      className={`card ${floating ? 'floating' : ''}`}
      aria-label="Ruling"
      aria-live="polite"
      data-testid="card"
      data-state={state}
      data-fresh={fresh ? 'yes' : 'no'}
      data-attacker={query?.attacker ?? ''}
      data-target={query?.target ?? ''}
      data-weapon={query?.weapon ?? ''}
    >
      <h2 data-testid="card-title">
        {doubted.length > 0 ? <>{attackerId ? name(attackerId) : '?'} → {targetId ? name(targetId) : '?'}</> : query ? <>{name(query.attacker)} → {name(query.target)}{query.weapon && <span className="muted"> · {weaponName(query.attacker, query.weapon, overlay)}</span>}</> : 'Ruling'}
      </h2>
      {doubted.length > 0 && <p className="bad card-doubted" data-testid="card-doubted" data-doubted={doubted.map((d) => d.id).join(',')}>{doubtedPickText(doubted, name)}</p>}
      {evaluation.status === 'error' && (
        <div className="bad" data-testid="card-error">
          <p>The table cannot be ruled on as it is:</p>
          <ul>{evaluation.issues.map((i, k) => <li key={k}><code>{i.path || '(scene)'}</code> {withNames(i.message, names)}</li>)}</ul>
        </div>
      )}
      {evaluation.status !== 'error' && !query && doubted.length === 0 && (
        <p className="muted strip-hint" data-testid="card-hint">{!attackerId ? 'Tap a model to choose the attacker.' : !targetId ? 'Now tap an enemy model to choose the target.' : 'Working…'}</p>
      )}
      {overlay?.attackError && doubted.length === 0 && <p className="bad" data-testid="card-rejected">{withNames(overlay.attackError, names)}</p>}
      <TrackingWarnings ruled={query ? [query.attacker, query.target] : []} />
      {query && overlay && <TerrainWarnings warnings={overlay.terrainWarnings} />}
      {overlay?.attack && doubted.length === 0 && <VerdictStrip result={overlay.attack} units={units} names={names} />}
      {overlay?.attack && doubted.length === 0 && <pre hidden data-testid="card-json">{JSON.stringify(overlay.attack)}</pre>}
    </section>
  )
}

/** The ruling's details, folded under the picks so that choosing a weapon never moves the verdict. */
export function RulingDetails() {
  const attack = useApp((s) => s.evaluation.overlay?.attack ?? null)
  const units = useApp((s) => s.units)
  const overlay = useApp((s) => s.evaluation.overlay)
  const sceneModels = useApp((s) => s.scene.models)
  const names = useMemo(() => modelNames(overlay, sceneModels), [overlay, sceneModels])
  const [open, setOpen] = useState(false)
  if (!attack) return null
  return (
    <details className="card-details" data-testid="card-details" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary data-testid="card-details-toggle">Why: rules, modifiers, roll needed</summary>
      <AttackDetails result={attack} units={units} names={names} />
    </details>
  )
}
