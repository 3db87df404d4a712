// Effects landing on the game state (issue 33): wounds on the book's track, statuses set and cleared,
// models removed, resources spent. A rule the change breaks (a status the book excludes, more of a
// counter than the model can hold, a resource spent below nothing) is a finding; the change is kept as
// logged (the log is the record of what the players did), except a pool capped at its maximum.
import type { CounterOutcome, CounterTarget, Effect } from './gameDecl.ts'
import type { TableModel } from '../ruleSystem.ts'
import type { GameState, ModelGameState } from './gameState.ts'
import type { Finding } from './gameFinding.ts'
import { type GameContext, tableModelOf } from './gameContext.ts'
import { canonicalJson } from '../contentHash.ts'

export function applyEffects(state: GameState, effects: readonly Effect[], ctx: GameContext, seq: number): Finding[] {
  const findings: Finding[] = []
  for (const e of effects) {
    if (e.kind === 'resource') {
      applyResource(state, e, ctx, seq, findings)
      continue
    }
    if (e.kind === 'control') {
      state.held[e.objective] = e.side
      continue
    }
    const m = state.models.find((x) => x.id === e.model)
    if (!m) continue // parseGameLog refuses unknown models
    if (m.removed) {
      findings.push(ctx.finding('removed-model', 'rule', seq, `${m.id} was removed from the game at event ${m.removedAt}: this effect does not apply to it`, { model: m.id }))
      continue
    }
    if (e.kind === 'remove') removeModel(m, seq)
    else if (e.kind === 'status') setStatus(m, e.status, e.set, ctx, seq, findings)
    else applyCounterEffect(m, e.counter, e.delta, ctx, seq, findings)
  }
  return findings
}

export function removeModel(m: ModelGameState, seq: number): void {
  m.removed = true
  m.removedAt = seq
}

export function setStatus(m: ModelGameState, status: string, set: boolean, ctx: GameContext, seq: number, findings: Finding[]): void {
  const held = m.statuses.includes(status)
  if (!set) {
    if (!held) findings.push(ctx.finding('status-not-held', 'note', seq, `${m.id} is not ${status}: nothing to clear`, { model: m.id }))
    m.statuses = m.statuses.filter((s) => s !== status)
    delete m.statusSince[status]
    return
  }
  if (held) return
  const decl = ctx.decl?.statuses.find((s) => s.id === status)
  for (const other of m.statuses) {
    const otherDecl = ctx.decl?.statuses.find((s) => s.id === other)
    const clash = decl?.excludes?.includes(other) ? decl : otherDecl?.excludes?.includes(status) ? otherDecl : undefined
    if (clash) findings.push(ctx.finding('status-excluded', 'rule', seq, `${m.id} cannot be ${status} while ${other}`, { model: m.id, rule: clash.section }))
  }
  m.statuses.push(status)
  m.statusSince[status] = seq
}

function applyCounterEffect(m: ModelGameState, counter: string, delta: number, ctx: GameContext, seq: number, findings: Finding[]): void {
  const tm = tableModelOf(ctx, m.id)
  const target: CounterTarget<TableModel> = { model: tm, counters: m.counters, statuses: m.statuses }
  const out = ctx.decl?.applyCounter ? ctx.decl.applyCounter(target, counter, delta) : defaultApplyCounter(ctx, target, counter, delta)
  m.counters = Object.fromEntries(Object.entries(out.counters).filter(([, v]) => v !== 0))
  for (const s of out.setStatuses ?? []) setStatus(m, s, true, ctx, seq, findings)
  for (const s of out.clearStatuses ?? []) if (m.statuses.includes(s)) setStatus(m, s, false, ctx, seq, findings)
  const decl = ctx.decl?.counters.find((c) => c.id === counter)
  const max = decl?.max?.(tm)
  const now = m.counters[counter] ?? 0
  if (max !== undefined && now > max) findings.push(ctx.finding('counter-over-max', 'rule', seq, `${m.id} has ${now} ${decl!.label}, more than the ${max} it can hold`, { model: m.id, rule: decl!.section }))
  if (out.removed) removeModel(m, seq)
}

/** Add, never below 0; removed when the counter reaches its `removesAt`. */
function defaultApplyCounter(ctx: GameContext, t: CounterTarget<TableModel>, counter: string, delta: number): CounterOutcome {
  const value = Math.max(0, (t.counters[counter] ?? 0) + delta)
  const decl = ctx.decl?.counters.find((c) => c.id === counter)
  const at = decl?.removesAt?.(t.model)
  const removed = at !== undefined && value >= at
  return {
    counters: { ...t.counters, [counter]: value },
    removed,
    ...(removed && decl ? { because: `${decl.label} reached ${at}`, rule: decl.section } : {}),
  }
}

function applyResource(state: GameState, e: Extract<Effect, { kind: 'resource' }>, ctx: GameContext, seq: number, findings: Finding[]): void {
  const pool = (state.resources[e.owner] ??= {})
  const decl = ctx.decl?.resources.find((r) => r.id === e.resource)
  let value = (pool[e.resource] ?? 0) + e.delta
  if (value < 0) findings.push(ctx.finding('resource-overspent', 'rule', seq, `${e.owner} spends ${-e.delta} ${decl?.label ?? e.resource} but has ${pool[e.resource] ?? 0}`, decl ? { rule: decl.section } : {}))
  if (decl?.max !== undefined && value > decl.max) {
    findings.push(ctx.finding('resource-capped', 'note', seq, `${e.owner}'s ${decl.label} capped at ${decl.max} (${value} would be over the book's maximum)`, { rule: decl.section }))
    value = decl.max
  }
  pool[e.resource] = value
}

/** Two lists of effects are the same changes, whatever their order. */
export function sameEffects(a: readonly Effect[], b: readonly Effect[]): boolean {
  const key = (l: readonly Effect[]) => l.map((e) => canonicalJson(e)).sort().join('\n')
  return key(a) === key(b)
}

/** Effects as a player reads them: "b1 fleshWounds +1, b1 pinned, b2 removed". */
export function describeEffects(effects: readonly Effect[]): string {
  if (!effects.length) return 'no effect'
  return effects
    .map((e) => {
      if (e.kind === 'counter') return `${e.model} ${e.counter} ${e.delta >= 0 ? '+' : ''}${e.delta}`
      if (e.kind === 'status') return `${e.model} ${e.set ? '' : 'no longer '}${e.status}`
      if (e.kind === 'remove') return `${e.model} removed`
      if (e.kind === 'control') return `${e.objective} held by ${e.side ?? 'nobody'}`
      return `${e.owner} ${e.resource} ${e.delta >= 0 ? '+' : ''}${e.delta}`
    })
    .join(', ')
}
