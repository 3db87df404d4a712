// The whole game at the table (issue 33), in the panel (and the phone's sheet): start a game on the
// table as it stands (with its objectives) or open a log; then the sequence (rounds, phases, turns,
// activations, as the ruleset plays them), the result of a ruling to confirm or override, the score,
// the chess clock, changes by hand, the rewind's state and the timeline. Loaded when first shown.
import { useMemo, useRef, useState } from 'react'
import type { Effect, GameLogObjective } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { useSync } from '../sync/syncStore.ts'
import { formatLength } from '../format/formatFigures.ts'
import { activate, activationEnd, applyByHand, closeGame, exportGame, importGameFile, logMove, phaseStart, roundEnd, roundStart, startGame, turnEnd, turnStart } from './gameActions.ts'
import { type NextStep, nextSteps, sideToActivate } from './gameTurn.ts'
import { statusLabel, turnLine } from './gameText.ts'
import type { GameRole } from './gameRecord.ts'
import { ProposalCard } from './ProposalCard.tsx'
import { ScoreCard } from './ScoreCard.tsx'
import { ChessClock } from './ChessClock.tsx'
import { RestoreStatus } from './RestoreStatus.tsx'
import { Timeline } from './Timeline.tsx'
import { EffectEditor } from './EffectEditor.tsx'
import { useGameNames } from './useGameNames.ts'
import './game.css'

const MM_PER_IN = 25.4

function ImportButton({ label }: { label: string }) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" onClick={() => input.current?.click()} data-testid="game-import">{label}</button>
      <input ref={input} type="file" accept=".json,application/json" hidden data-testid="game-import-input" onChange={(e) => {
        const f = e.target.files?.[0]
        e.target.value = ''
        if (f) void importGameFile(f)
      }} />
    </>
  )
}

function NoGame() {
  const table = useApp((s) => s.scene.table)
  const units = useApp((s) => s.units)
  const viewOnly = useSync((s) => s.role === 'view')
  const [objectives, setObjectives] = useState<GameLogObjective[]>([])
  const toUnits = (mm: number) => (units === 'in' ? Math.round((mm / MM_PER_IN) * 100) / 100 : Math.round(mm))
  const fromUnits = (v: number) => (units === 'in' ? v * MM_PER_IN : v)
  if (viewOnly) return <p className="muted">No game is being played on this table yet.</p>
  return (
    <div className="no-game">
      <p>Play a whole game here: rounds, turns and activations, wounds and statuses that feed the rules, results applied with a confirm, moves checked, a timeline to rewind.</p>
      <details className="objectives-editor">
        <summary>Objectives ({objectives.length})</summary>
        <ul>
          {objectives.map((o, i) => (
            <li key={i} className="button-row">
              <input value={o.name} onChange={(e) => setObjectives(objectives.map((x, k) => (k === i ? { ...x, name: e.target.value } : x)))} aria-label="Objective name" />
              <label className="field"><span>x</span><input className="points-input" type="number" value={toUnits(o.at[0])} onChange={(e) => setObjectives(objectives.map((x, k) => (k === i ? { ...x, at: [fromUnits(Number(e.target.value) || 0), x.at[1]] } : x)))} aria-label="x" /></label>
              <label className="field"><span>y</span><input className="points-input" type="number" value={toUnits(o.at[1])} onChange={(e) => setObjectives(objectives.map((x, k) => (k === i ? { ...x, at: [x.at[0], fromUnits(Number(e.target.value) || 0)] } : x)))} aria-label="y" /></label>
              <span className="muted small">{units === 'in' ? 'in' : 'mm'}</span>
              <button type="button" className="small-button" onClick={() => setObjectives(objectives.filter((_, k) => k !== i))} aria-label={`Remove ${o.name}`}>✕</button>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => setObjectives([...objectives, { name: `objective ${objectives.length + 1}`, at: [Math.round(table.width / 2 * 10) / 10, Math.round(table.depth / 2 * 10) / 10] }])} data-testid="add-objective">Add an objective (at the centre: {formatLength(table.width / 2, units)}, {formatLength(table.depth / 2, units)})</button>
      </details>
      <div className="button-row">
        <button type="button" className="primary" onClick={() => void startGame(objectives)} data-testid="game-start">Start a game on this table</button>
        <ImportButton label="Open a game log…" />
      </div>
    </div>
  )
}

function RoleChooser() {
  const role = useApp((s) => s.gameRole)
  const setRole = useApp((s) => s.setGameRole)
  const sides = useApp((s) => s.gameView?.sides)
  const value = role.kind === 'side' ? `side:${role.side}` : role.kind
  const toRole = (v: string): GameRole => (v.startsWith('side:') ? { kind: 'side', side: v.slice(5) } : v === 'referee' ? { kind: 'referee' } : { kind: 'table' })
  return (
    <label className="field"><span>Deciding as</span>
      <select value={value} onChange={(e) => setRole(toRole(e.target.value))} data-testid="game-role">
        <option value="table">the players here</option>
        {(sides ?? []).map((s) => <option key={s} value={`side:${s}`}>{s}</option>)}
        <option value="referee">the referee</option>
      </select>
    </label>
  )
}

function stepLabel(step: NextStep, names: Readonly<Record<string, string>>, activating: string | null): string {
  switch (step.kind) {
    case 'round-start': return `Start round ${step.round}`
    case 'phase-start': return `Start the ${statusLabel(step.phase)} phase`
    case 'turn-start': return `Start ${step.side}'s turn`
    case 'turn-end': return `End ${step.side}'s turn`
    case 'activation-end': return `End ${activating ? names[activating] ?? activating : 'the'} activation`
    case 'round-end': return `End round ${step.round}`
  }
}

function Sequence() {
  const view = useApp((s) => s.gameView)
  const focus = useApp((s) => s.attackerId ?? s.focusId)
  const units = useApp((s) => s.units)
  const names = useGameNames()
  const [first, setFirst] = useState('')
  const [chosen, setChosen] = useState('')
  const [entered, setEntered] = useState({ x: '', y: '' })
  const steps = useMemo(() => (view ? nextSteps(view.state, view.decl, view.sides) : []), [view])
  if (!view) return null
  const state = view.state
  const toAct = sideToActivate(state, view.decl, view.sides)
  const candidates = state.models.filter((m) => !m.removed && (toAct === null || m.side === toAct))
  const model = candidates.find((m) => m.id === (chosen || focus)) ?? candidates.find((m) => !m.activated) ?? candidates[0]
  const order = (f: string) => [f, ...view.sides.filter((s) => s !== f)]
  const run = (step: NextStep) => {
    switch (step.kind) {
      case 'round-start': return roundStart(step.round, order(first || view.sides[0]!))
      case 'phase-start': return phaseStart(step.phase)
      case 'turn-start': return turnStart(step.side)
      case 'turn-end': return turnEnd(step.side)
      case 'activation-end': return activationEnd()
      case 'round-end': return roundEnd(step.round)
    }
  }
  const acting = state.activating
  const enterMove = () => {
    const x = Number(entered.x)
    const y = Number(entered.y)
    if (!acting || !Number.isFinite(x) || !Number.isFinite(y) || entered.x === '' || entered.y === '') return
    const k = units === 'in' ? MM_PER_IN : 1
    void logMove(acting.models[0]!, [x * k, y * k], 'entered')
    setEntered({ x: '', y: '' })
  }
  return (
    <div className="sequence" data-testid="sequence">
      {steps[0]?.kind === 'round-start' && view.sides.length > 1 && (
        <p className="small">
          <label className="field"><span>First this round</span>
            <select value={first || view.sides[0]} onChange={(e) => setFirst(e.target.value)} data-testid="initiative-first">{view.sides.map((s) => <option key={s}>{s}</option>)}</select>
          </label>
          {view.decl && <span className="muted"> {view.decl.activation.initiative.how} <cite>{view.decl.activation.initiative.section}</cite></span>}
        </p>
      )}
      <div className="button-row">
        {steps.map((step, i) => (
          <button key={`${step.kind}-${i}`} type="button" className={i === 0 ? 'primary' : undefined} onClick={() => void run(step)} data-testid={`step-${step.kind}`}>{stepLabel(step, names, acting?.id ?? null)}</button>
        ))}
      </div>
      {state.roundOpen && candidates.length > 0 && (
        <div className="button-row">
          <select value={model?.id ?? ''} onChange={(e) => setChosen(e.target.value)} aria-label="Model to activate" data-testid="activate-model">
            {candidates.map((m) => <option key={m.id} value={m.id}>{names[m.id] ?? m.id}{m.activated ? ' (done)' : ''}</option>)}
          </select>
          <button type="button" className={acting ? undefined : 'primary'} disabled={!model} onClick={() => model && void activate(model.id)} data-testid="activate">Activate {model ? names[model.id] ?? model.id : ''}</button>
        </div>
      )}
      {acting && (
        <details className="entered-move">
          <summary>Enter {names[acting.models[0]!] ?? acting.id}'s move by hand</summary>
          <div className="button-row">
            <label className="field"><span>x</span><input className="points-input" type="number" value={entered.x} onChange={(e) => setEntered({ ...entered, x: e.target.value })} aria-label="to x" /></label>
            <label className="field"><span>y</span><input className="points-input" type="number" value={entered.y} onChange={(e) => setEntered({ ...entered, y: e.target.value })} aria-label="to y" /></label>
            <span className="muted small">{units === 'in' ? 'in' : 'mm'}</span>
            <button type="button" onClick={enterMove}>Log the move</button>
          </div>
        </details>
      )}
    </div>
  )
}

function Resources() {
  const view = useApp((s) => s.gameView)
  if (!view?.decl || view.decl.resources.length === 0) return null
  const rows = Object.entries(view.state.resources).flatMap(([owner, pool]) => Object.entries(pool).map(([r, v]) => ({ owner, r, v })))
  if (!rows.length) return null
  return (
    <p className="resources small" data-testid="resources">
      {rows.map(({ owner, r, v }) => {
        const d = view.decl!.resources.find((x) => x.id === r)
        const bump = (delta: number) => void applyByHand([{ kind: 'resource', owner, resource: r, delta }])
        return (
          <span key={`${owner}-${r}`} className="resource">
            {owner} {d?.label ?? r}: <strong>{v}</strong>
            <button type="button" className="small-button" onClick={() => bump(-1)} aria-label={`${owner} ${d?.label ?? r} minus one`}>−</button>
            <button type="button" className="small-button" onClick={() => bump(1)} aria-label={`${owner} ${d?.label ?? r} plus one`}>+</button>
          </span>
        )
      })}
    </p>
  )
}

function ByHand() {
  const view = useApp((s) => s.gameView)
  const names = useGameNames()
  const [effects, setEffects] = useState<Effect[]>([])
  const [why, setWhy] = useState('')
  if (!view) return null
  return (
    <details className="by-hand" data-testid="by-hand">
      <summary>Change by hand</summary>
      <EffectEditor effects={effects} onChange={setEffects} decl={view.decl} names={names} sides={view.sides} testId="hand-effects" />
      <label className="field reason"><span>Why</span><input value={why} onChange={(e) => setWhy(e.target.value)} placeholder="the book's action, a roll… (optional)" /></label>
      <button type="button" disabled={effects.length === 0} onClick={() => void applyByHand(effects, why.trim() || undefined).then((o) => { if (o) { setEffects([]); setWhy('') } })} data-testid="hand-apply">Apply</button>
    </details>
  )
}

function Refused() {
  const refused = useApp((s) => s.gameView?.refused)
  const shown = (refused ?? []).filter((r) => !r.duplicate)
  if (!shown.length) return null
  return (
    <div className="refused bad-box" data-testid="refused">
      <p><strong>Not in the log</strong> (logged on two devices at once, and the game could not take it):</p>
      <ul>{shown.map((r) => <li key={r.uid}>{r.type}{r.author ? ` from ${r.author}` : ''}: {r.message}</li>)}</ul>
    </div>
  )
}

export default function GamePanel() {
  const game = useApp((s) => s.game)
  const view = useApp((s) => s.gameView)
  const error = useApp((s) => s.gameError)
  const viewOnly = useSync((s) => s.role === 'view')
  const names = useGameNames()
  return (
    <section className="game" aria-label="Game" data-testid="game-panel" data-game={game ? 'yes' : 'no'}>
      <h2>Game</h2>
      {!game && <NoGame />}
      {game && (
        <>
          <p className="turn-line" data-testid="turn-line">{view ? turnLine(view.state, names) : 'Reading the game…'}</p>
          {error && <p className="bad" data-testid="game-error">{error}</p>}
          {!viewOnly && <Sequence />}
          <ProposalCard />
          <RestoreStatus />
          <Resources />
          <ScoreCard />
          <ChessClock />
          {!viewOnly && <ByHand />}
          <Refused />
          <Timeline />
          {view?.decl && view.decl.open.length > 0 && (
            <details className="open-points">
              <summary>What the book leaves open</summary>
              <ul className="small">{view.decl.open.map((o) => <li key={o}>{o}</li>)}</ul>
            </details>
          )}
          <div className="button-row game-file">
            <RoleChooser />
            <button type="button" onClick={exportGame} disabled={!view} data-testid="game-export">Export the log</button>
            {!viewOnly && <ImportButton label="Open a log…" />}
            {!viewOnly && <button type="button" className="danger" onClick={closeGame} data-testid="game-close">Close the game</button>}
          </div>
        </>
      )}
    </section>
  )
}
