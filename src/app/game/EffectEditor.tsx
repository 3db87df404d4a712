// Effects chosen by hand (issue 33): the proposal's own, each kept or struck, and others added — a
// status set or cleared, a counter up or down, a model out of the game, a resource — from what the
// ruleset declares. Used by an override (with its reason) and by "Change by hand".
import { useMemo, useState } from 'react'
import type { Effect } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import type { DeclView } from './gameView.ts'
import { counterLabel, effectText, resourceLabel, statusLabel } from './gameText.ts'

type Kind = 'status-set' | 'status-clear' | 'counter-up' | 'counter-down' | 'remove' | 'resource-up' | 'resource-down'

export function EffectEditor({ effects, onChange, decl, names, sides, testId }: {
  effects: Effect[]
  onChange: (effects: Effect[]) => void
  decl: DeclView | null
  names: Readonly<Record<string, string>>
  sides: readonly string[]
  testId: string
}) {
  const state = useApp((s) => s.gameView?.state)
  const models = useMemo(() => state?.models.filter((m) => !m.removed) ?? [], [state])
  const focus = useApp((s) => s.focusId)
  const [model, setModel] = useState<string>(focus ?? models[0]?.id ?? '')
  const [kind, setKind] = useState<Kind>('status-set')
  const [what, setWhat] = useState<string>('')
  const statuses = decl?.statuses ?? []
  const counters = decl?.counters ?? []
  const resources = decl?.resources ?? []
  const needs = kind.startsWith('status') ? statuses.map((s) => ({ id: s.id, label: statusLabel(s.id) })) : kind.startsWith('counter') ? counters.map((c) => ({ id: c.id, label: counterLabel(decl, c.id) })) : kind.startsWith('resource') ? resources.map((r) => ({ id: r.id, label: resourceLabel(decl, r.id) })) : []
  const chosen = needs.find((n) => n.id === what)?.id ?? needs[0]?.id ?? ''
  const owner = kind.startsWith('resource') ? (resources.find((r) => r.id === chosen)?.owner === 'side' ? (models.find((m) => m.id === model)?.side ?? sides[0] ?? '') : model) : model
  const make = (): Effect | null => {
    if (!model) return null
    switch (kind) {
      case 'status-set': return chosen ? { kind: 'status', model, status: chosen, set: true } : null
      case 'status-clear': return chosen ? { kind: 'status', model, status: chosen, set: false } : null
      case 'counter-up': return chosen ? { kind: 'counter', model, counter: chosen, delta: 1 } : null
      case 'counter-down': return chosen ? { kind: 'counter', model, counter: chosen, delta: -1 } : null
      case 'remove': return { kind: 'remove', model }
      case 'resource-up': return chosen ? { kind: 'resource', owner, resource: chosen, delta: 1 } : null
      case 'resource-down': return chosen ? { kind: 'resource', owner, resource: chosen, delta: -1 } : null
    }
  }
  return (
    <div className="effect-editor" data-testid={testId}>
      <ul className="effect-list">
        {effects.map((e, i) => (
          <li key={i}>
            <span>{effectText(e, names, decl)}</span>{' '}
            <button type="button" className="small-button" onClick={() => onChange(effects.filter((_, k) => k !== i))} aria-label={`Strike ${effectText(e, names, decl)}`}>✕</button>
          </li>
        ))}
        {effects.length === 0 && <li className="muted">No change</li>}
      </ul>
      <div className="button-row">
        <select value={model} onChange={(e) => setModel(e.target.value)} aria-label="Model" data-testid={`${testId}-model`}>
          {models.map((m) => <option key={m.id} value={m.id}>{names[m.id] ?? m.id}</option>)}
        </select>
        <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} aria-label="Change" data-testid={`${testId}-kind`}>
          {statuses.length > 0 && <option value="status-set">gets a status</option>}
          {statuses.length > 0 && <option value="status-clear">loses a status</option>}
          {counters.length > 0 && <option value="counter-up">counter +1</option>}
          {counters.length > 0 && <option value="counter-down">counter −1</option>}
          <option value="remove">out of the game</option>
          {resources.length > 0 && <option value="resource-up">resource +1</option>}
          {resources.length > 0 && <option value="resource-down">resource −1</option>}
        </select>
        {needs.length > 0 && (
          <select value={chosen} onChange={(e) => setWhat(e.target.value)} aria-label="Which" data-testid={`${testId}-what`}>
            {needs.map((n) => <option key={n.id} value={n.id}>{n.label}</option>)}
          </select>
        )}
        <button type="button" onClick={() => { const e = make(); if (e) onChange([...effects, e]) }} data-testid={`${testId}-add`}>Add</button>
      </div>
    </div>
  )
}
