// After a ruling in a game (issue 33): what its result proposes, for the players (or the referee) to
// confirm or override — nothing applies silently. A result that needs dice takes them rolled by the
// app (a fresh seed, recorded in the log with the dice it gives) or entered by the players; the
// proposal lists every die with what it was for, the reasons with their sections, and the changes.
// An override applies other changes and needs a reason. Shared in a room: any edit device decides.
import { useEffect, useRef, useState } from 'react'
import type { Effect } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { useSync } from '../sync/syncStore.ts'
import { withNames } from '../format/names.ts'
import type { Proposed } from './gameProtocol.ts'
import { decideProposal, dismissProposal, proposalOf, rollWithApp, setProposalRoll } from './gameActions.ts'
import { effectsText, eventText } from './gameText.ts'
import { EffectEditor } from './EffectEditor.tsx'
import { roleName } from './gameRecord.ts'
import { useGameNames } from './useGameNames.ts'

function parseDice(text: string): number[] | null {
  const parts = text.trim().split(/[\s,;]+/).filter(Boolean)
  if (!parts.length) return null
  const dice = parts.map((p) => Number(p))
  return dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 1000) ? dice : null
}

export function ProposalCard() {
  const game = useApp((s) => s.game)
  const view = useApp((s) => s.gameView)
  const role = useApp((s) => s.gameRole)
  const viewOnly = useSync((s) => s.role === 'view')
  const names = useGameNames()
  const pending = game?.pending.proposal ?? null
  const rulingSeq = pending && view ? view.uids.indexOf(pending.ruling) + 1 : 0
  const [proposed, setProposed] = useState<Proposed | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [diceText, setDiceText] = useState('')
  const [overriding, setOverriding] = useState(false)
  const [effects, setEffects] = useState<Effect[]>([])
  const [reason, setReason] = useState('')
  const rollKey = JSON.stringify(pending?.roll ?? null)
  const box = useRef<HTMLDivElement>(null)
  // A new result to apply comes into view (the panel may be scrolled down to "Rule on this").
  useEffect(() => {
    if (pending?.ruling) box.current?.scrollIntoView({ block: 'nearest' })
  }, [pending?.ruling])

  useEffect(() => {
    setProposed(null)
    setError(null)
    if (!game || !pending || rulingSeq === 0) return
    let live = true
    void proposalOf(game, rulingSeq).then((r) => {
      if (!live) return
      if (r.ok) {
        setProposed(r.value)
        if (r.value.kind === 'proposal') setEffects(r.value.proposal.effects)
      } else setError(r.message)
    })
    return () => { live = false }
  }, [pending?.ruling, rulingSeq, rollKey]) // the proposal depends on the ruling and the dice only

  if (!pending || !view || !game) return null
  const ruling = rulingSeq > 0 ? view.events[rulingSeq - 1] : undefined
  const outcome = rulingSeq > 0 ? view.outcomes[rulingSeq - 1] : undefined
  const needsRoll = pending.roll === null && proposed?.kind === 'shortfall'
  const entered = pending.roll?.source === 'entered' ? pending.roll.dice : []
  const enter = () => {
    const dice = parseDice(diceText)
    if (!dice) {
      setError('Type the dice as numbers, e.g. "7 4".')
      return
    }
    setDiceText('')
    setProposalRoll({ source: 'entered', dice: [...entered, ...dice] })
  }
  const decide = async (d: { kind: 'confirm' } | { kind: 'override'; reason: string; effects: Effect[] }) => {
    if (!proposed) return
    if (await decideProposal(rulingSeq, proposed, d)) {
      setOverriding(false)
      setReason('')
    }
  }
  const diceInput = (
    <div className="button-row">
      <input className="dice-input" inputMode="numeric" value={diceText} onChange={(e) => setDiceText(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') enter() }} placeholder="dice, e.g. 7 4" aria-label="Dice rolled" data-testid="proposal-dice-input" disabled={viewOnly} />
      <button type="button" onClick={enter} disabled={viewOnly} data-testid="proposal-enter-dice">Enter dice</button>
    </div>
  )
  return (
    <div ref={box} className="proposal" data-testid="proposal" data-kind={proposed?.kind ?? 'waiting'} aria-live="polite">
      <h3>Apply the result?</h3>
      <p className="proposal-ruling">{ruling ? eventText(ruling, outcome, names, view.decl) : 'The ruling is being logged…'}</p>
      {error && <p className="bad" data-testid="proposal-error">{error}</p>}
      {needsRoll && (
        <>
          <p data-testid="proposal-needs-dice">The result needs dice (first a d{proposed.sides} for {proposed.purpose}): roll them here, or enter yours in the order asked.</p>
          <div className="button-row">
            <button type="button" className="primary" onClick={rollWithApp} disabled={viewOnly} data-testid="proposal-roll">Roll with the app</button>
          </div>
          {diceInput}
        </>
      )}
      {pending.roll !== null && proposed?.kind === 'shortfall' && (
        <>
          <p data-testid="proposal-shortfall">{entered.length ? `Entered ${entered.join(' ')}; ` : ''}still needed: a d{proposed.sides} for {proposed.purpose} (die {proposed.index + 1}).</p>
          {diceInput}
        </>
      )}
      {proposed?.kind === 'none' && <p data-testid="proposal-none">The ruleset proposes no change for this ruling: apply any by hand (an override, with its reason), or nothing.</p>}
      {proposed?.kind === 'proposal' && (
        <>
          {proposed.proposal.dice.length > 0 && (
            <p className="dice-line" data-testid="proposal-dice">
              {pending.roll?.source === 'seeded' ? 'Rolled by the app: ' : 'Dice entered: '}
              {proposed.proposal.dice.map((d, i) => <span key={i} className="die" title={d.purpose}>{d.value}<small> d{d.sides} {d.purpose}</small></span>)}
            </p>
          )}
          <ul className="because">
            {proposed.proposal.because.map((b, i) => <li key={i}>{withNames(b, names)}</li>)}
          </ul>
          {proposed.proposal.rules.length > 0 && <p className="rules">{proposed.proposal.rules.map((r) => <cite key={r}>{r}</cite>)}</p>}
          <p className="proposal-effects" data-testid="proposal-effects"><strong>Proposed:</strong> {effectsText(proposed.proposal.effects, names, view.decl)}</p>
        </>
      )}
      {proposed && proposed.kind !== 'shortfall' && !viewOnly && (
        <>
          {!overriding && (
            <div className="button-row">
              {proposed.kind === 'proposal' && <button type="button" className="primary" onClick={() => void decide({ kind: 'confirm' })} data-testid="proposal-confirm">Confirm (as {roleName(role)})</button>}
              <button type="button" onClick={() => setOverriding(true)} data-testid="proposal-override">Override…</button>
              {proposed.kind === 'none' && <button type="button" onClick={dismissProposal} data-testid="proposal-nothing">Nothing to apply</button>}
            </div>
          )}
          {overriding && (
            <div className="override" data-testid="override">
              <p className="small">Apply instead:</p>
              <EffectEditor effects={effects} onChange={setEffects} decl={view.decl} names={names} sides={view.sides} testId="override-effects" />
              <label className="field reason"><span>Why</span><input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="the reason (required)" data-testid="override-reason" /></label>
              <div className="button-row">
                <button type="button" className="primary" disabled={!reason.trim()} onClick={() => void decide({ kind: 'override', reason: reason.trim(), effects })} data-testid="override-apply">Apply override (as {roleName(role)})</button>
                <button type="button" onClick={() => setOverriding(false)}>Cancel</button>
              </div>
            </div>
          )}
        </>
      )}
    </div>
  )
}
