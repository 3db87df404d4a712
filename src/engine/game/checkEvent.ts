// Checks of one event against the game it belongs to (issue 33): its number and time in order, the
// models, units, sides, statuses, counters, resources, phases and objectives it names, the events it
// refers to. Each problem is an issue with the event's JSON path; a log with any is refused whole.
import type { SceneIssue } from '../scene/sceneError.ts'
import { showValue } from '../scene/sceneError.ts'
import type { RuleSystem } from '../ruleSystem.ts'
import type { GameEvent, GameLogObjective } from './gameLogSchema.ts'
import type { GameContext } from './gameContext.ts'

export type CheckEventEnv = {
  ctx: GameContext
  system: RuleSystem
  /** The events before this one. */
  previous: readonly GameEvent[]
  objectives: readonly GameLogObjective[]
}

export function checkEvent(ev: GameEvent, index: number, env: CheckEventEnv): SceneIssue[] {
  const { ctx, previous } = env
  const issues: SceneIssue[] = []
  const at = `events[${index}]`
  const add = (path: string, message: string) => issues.push({ path: path ? `${at}.${path}` : at, message })
  if (ev.seq !== index + 1) add('seq', `event ${ev.seq} where ${index + 1} was expected (events are numbered 1, 2, 3… in the order they happened)`)
  const lastTime = [...previous].reverse().find((e) => e.atMs !== undefined)
  if (ev.atMs !== undefined && lastTime && ev.atMs < lastTime.atMs!) add('atMs', `${ev.atMs} ms is before event ${lastTime.seq}'s ${lastTime.atMs} ms (events are logged in the order they happened)`)

  const models = new Set(ctx.startTable.models.map((m) => m.id))
  const model = (path: string, id: string | undefined) => {
    if (id !== undefined && !models.has(id)) add(path, `no model "${cutId(id)}" in this game's scene${near(id, [...models])}`)
  }
  const side = (path: string, s: string) => {
    if (!ctx.sides.includes(s)) add(path, `"${cutId(s)}" is no side of this game (sides: ${ctx.sides.join(', ')})`)
  }
  const decl = ctx.decl
  switch (ev.type) {
    case 'round-start':
      ev.initiative?.forEach((s, k) => side(`initiative[${k}]`, s))
      break
    case 'phase-start': {
      const phases = decl?.activation.phases ?? []
      if (!phases.some((p) => p.id === ev.phase)) add('phase', phases.length ? `unknown phase ${showValue(ev.phase)} for ${ctx.system.id}; expected one of ${phases.map((p) => p.id).join(', ')}` : `${ctx.system.id} is not played in phases`)
      break
    }
    case 'turn-start':
    case 'turn-end':
      side('side', ev.side)
      break
    case 'activation':
      if ((ev.model === undefined) === (ev.unit === undefined)) add('', 'an activation names a model or a unit (one of them)')
      model('model', ev.model)
      if (ev.unit !== undefined && !ctx.units.has(ev.unit)) add('unit', `no unit "${cutId(ev.unit)}" in this game's scene${near(ev.unit, [...ctx.units.keys()])}`)
      break
    case 'move': {
      model('model', ev.model)
      const { width, depth } = ctx.start.table
      if (ev.to[0] < 0 || ev.to[1] < 0 || ev.to[0] > width || ev.to[1] > depth) add('to', `[${ev.to[0]}, ${ev.to[1]}] is off the ${width} × ${depth} mm table (a model taken off the table is removed by an effect)`)
      break
    }
    case 'ruling':
      break // the query is read by the ruleset when the ruling is replayed (its errors name this event)
    case 'effect': {
      if (ev.ruling !== undefined) {
        const r = previous.find((e) => e.seq === ev.ruling)
        if (!r || r.type !== 'ruling') add('ruling', `event ${ev.ruling} is ${r ? `a ${r.type}, not a ruling` : 'not an earlier event'}`)
      }
      const statuses = new Set([...(decl?.statuses.map((s) => s.id) ?? []), ...(env.system.modelStatuses ?? [])])
      ev.effects.forEach((e, k) => {
        const p = `effects[${k}]`
        if (e.kind === 'control') {
          if (!env.objectives.some((o) => o.name === e.objective)) add(`${p}.objective`, `no objective "${cutId(e.objective)}" in this log's objectives${env.objectives.length ? ` (${env.objectives.map((o) => o.name).join(', ')})` : ' (it lists none)'}`)
          if (e.side !== null) side(`${p}.side`, e.side)
          return
        }
        if (e.kind === 'resource') {
          const r = decl?.resources.find((x) => x.id === e.resource)
          if (!r) add(`${p}.resource`, `unknown resource ${showValue(e.resource)} for ${ctx.system.id}${decl?.resources.length ? `; expected one of ${decl.resources.map((x) => x.id).join(', ')}` : ' (its book counts none)'}`)
          else if (r.owner === 'side' && !ctx.sides.includes(e.owner)) add(`${p}.owner`, `${r.label} belong to a side; "${cutId(e.owner)}" is none (sides: ${ctx.sides.join(', ')})`)
          else if (r.owner === 'unit' && !ctx.units.has(e.owner)) add(`${p}.owner`, `${r.label} belong to a unit; no unit "${cutId(e.owner)}" in this game's scene`)
          else if (r.owner === 'model' && !models.has(e.owner)) add(`${p}.owner`, `${r.label} belong to a model; no model "${cutId(e.owner)}" in this game's scene`)
          return
        }
        model(`${p}.model`, e.model)
        if (e.kind === 'counter' && !decl?.counters.some((c) => c.id === e.counter)) {
          add(`${p}.counter`, `unknown counter ${showValue(e.counter)} for ${ctx.system.id}${decl?.counters.length ? `; expected one of ${decl.counters.map((c) => c.id).join(', ')}` : ' (its book keeps none)'}`)
        }
        if (e.kind === 'status' && statuses.size && !statuses.has(e.status)) {
          add(`${p}.status`, `unknown status ${showValue(e.status)} for ${ctx.system.id}; expected one of ${[...statuses].join(', ')}`)
        }
      })
      break
    }
    case 'score':
      side('side', ev.side)
      ev.confirmedBy.forEach((s, k) => side(`confirmedBy[${k}]`, s))
      if (ev.objective !== undefined && !env.objectives.some((o) => o.name === ev.objective)) {
        add('objective', `no objective "${cutId(ev.objective)}" in this log's objectives${env.objectives.length ? ` (${env.objectives.map((o) => o.name).join(', ')})` : ' (it lists none)'}`)
      }
      break
    case 'undo':
    case 'redo':
      if (ev.target >= ev.seq) add('target', `event ${ev.target} is not before event ${ev.seq}`)
      break
    case 'clock':
      if (ev.atMs === undefined) add('atMs', 'a clock event needs the time it happened (ms since the game started)')
      if (ev.side !== undefined) side('side', ev.side)
      if (ev.action === 'hand-over' && ev.side === undefined) add('side', 'a hand-over names the side whose time starts')
      break
  }
  return issues
}

function cutId(s: string): string {
  return s.length > 40 ? `${s.slice(0, 39)}…` : s
}

/** " (did you mean "b1"?)" for a near id. */
function near(id: string, known: readonly string[]): string {
  const hit = known.find((k) => k.toLowerCase() === id.toLowerCase() || (Math.abs(k.length - id.length) <= 1 && differsByOne(k, id)))
  return hit ? ` (did you mean "${hit}"?)` : ''
}

function differsByOne(a: string, b: string): boolean {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return a.slice(i + (a.length >= b.length ? 1 : 0)) === b.slice(i + (b.length >= a.length ? 1 : 0))
}
