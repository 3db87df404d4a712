// The state of a game after an event: where every model stands, its statuses and counters, who has
// activated, the round, phase and turn, the resources, the scores and the chess clock. Plain data
// (a snapshot per event is kept for the timeline); `sceneAt` writes it back as a tabletop-scene/1
// document, so every ruling is made on the table as it stood.
import type { Scene, SceneModel } from '../scene/sceneSchema.ts'
import type { ModelState, SceneGame } from '../scene/gameStateSchema.ts'
import type { Table } from '../ruleSystem.ts'
import type { ClockState } from './chessClock.ts'

export type ActionKind = 'move' | 'attack'

export type ModelGameState = {
  id: string
  side: string
  unit: string
  position: [number, number]
  z: number
  facing: number
  /** Statuses in the order they were set. */
  statuses: string[]
  /** The event that set each status (a status ending at the model's next activation reads it). */
  statusSince: Record<string, number>
  /** The ruleset's counters; a counter at 0 is left out. */
  counters: Record<string, number>
  activated: boolean
  removed: boolean
  /** The event that removed it. */
  removedAt: number | null
  /** 1-sigma of its position (mm): the last tracked move's, 0 after a drag or a typed move. */
  uncertaintyMm: number
  /** This activation: moves made, their length, their modes, attacks applied, and the actions in order. */
  moves: number
  movedMm: number
  /** What this activation's moves cost, in the ruleset's unit (inches or MP). */
  moveCost: number
  moveModes: string[]
  attacks: number
  actions: ActionKind[]
}

export type Activation = {
  /** The model or unit activating. */
  id: string
  side: string
  /** The models that act in it. */
  models: string[]
  /** The event that started it. */
  since: number
}

export type GameState = {
  round: number
  /** The event that started the round (0 before the first). */
  roundStartedAt: number
  /** The round has started and not ended (a round start ends an open one first). */
  roundOpen: boolean
  phase: string | null
  turn: string | null
  /** This round's order of sides (the first holds the initiative), when logged. */
  initiative: string[]
  activating: Activation | null
  /** The side of the last activation in this round (or phase): alternate activations read it. */
  lastActivationSide: string | null
  /** The side of the last turn in this round (or phase). */
  lastTurnSide: string | null
  models: ModelGameState[]
  /** By owner (side or unit), then by resource. */
  resources: Record<string, Record<string, number>>
  scores: Record<string, number>
  /** Who holds each objective into the next control check (Sticky Control, a secured objective), by objective name. */
  held: Record<string, string | null>
  clock: ClockState | null
  /** Events taken back by an undo (and not redone). */
  undone: number[]
}

/** The state before the first event: the scene as given (its state block, if any, included). */
export function initialState(table: Table): GameState {
  const game = table.scene.game
  const models = table.models.map((m): ModelGameState => {
    const s: ModelState = m.scene.state ?? {}
    return {
      id: m.id,
      side: m.side,
      unit: m.unit,
      position: [m.x, m.y],
      z: m.z,
      facing: m.facingDeg,
      statuses: [...m.status],
      statusSince: Object.fromEntries(m.status.map((x) => [x, 0])),
      counters: Object.fromEntries(Object.entries(s.counters ?? {}).filter(([, v]) => v !== 0)),
      activated: s.activated ?? false,
      removed: false,
      removedAt: null,
      uncertaintyMm: m.uncertaintyMm,
      moves: s.moves ?? 0,
      movedMm: s.movedMm ?? 0,
      moveCost: s.moveCost ?? 0,
      moveModes: [...(s.moveModes ?? [])],
      attacks: s.attacks ?? 0,
      actions: [],
    }
  })
  const sides = sidesOf(table)
  return {
    round: game?.round ?? 0,
    roundStartedAt: 0,
    roundOpen: (game?.round ?? 0) > 0,
    phase: game?.phase ?? null,
    turn: game?.turn ?? null,
    initiative: [],
    activating: null,
    lastActivationSide: null,
    lastTurnSide: null,
    models,
    resources: structuredCloneRecord(game?.resources ?? {}),
    scores: Object.fromEntries(sides.map((s) => [s, 0])),
    held: {},
    clock: null,
    undone: [],
  }
}

/** The sides of a table, in the order their first models are listed. */
export function sidesOf(table: Table): string[] {
  return [...new Set(table.models.map((m) => m.side))]
}

/** A deep copy (the state is plain data). */
export function cloneState(s: GameState): GameState {
  return {
    ...s,
    initiative: [...s.initiative],
    activating: s.activating ? { ...s.activating, models: [...s.activating.models] } : null,
    models: s.models.map((m) => ({
      ...m,
      position: [m.position[0], m.position[1]],
      statuses: [...m.statuses],
      statusSince: { ...m.statusSince },
      counters: { ...m.counters },
      moveModes: [...m.moveModes],
      actions: [...m.actions],
    })),
    resources: structuredCloneRecord(s.resources),
    scores: { ...s.scores },
    held: { ...s.held },
    clock: s.clock ? { ...s.clock, usedMs: { ...s.clock.usedMs }, sides: [...s.clock.sides] } : null,
    undone: [...s.undone],
  }
}

function structuredCloneRecord(r: Readonly<Record<string, Readonly<Record<string, number>>>>): Record<string, Record<string, number>> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, { ...v }]))
}

export function modelState(s: GameState, id: string): ModelGameState | undefined {
  return s.models.find((m) => m.id === id)
}

/**
 * The table as it stands in this state, as a tabletop-scene/1 document: the start scene with every
 * model still in the game at its place, with its statuses and state, and the round, phase, turn and
 * resources. Queries of the start scene are dropped (rulings are events). Fields are written only when
 * set, in a fixed order, so the same state always gives the same document (and the same result hash).
 */
export function sceneAt(start: Scene, s: GameState): Scene {
  const byId = new Map(s.models.map((m) => [m.id, m]))
  const models: SceneModel[] = []
  for (const m of start.models) {
    const g = byId.get(m.id)
    if (!g || g.removed) continue
    const state: ModelState = {}
    const counters = Object.entries(g.counters).filter(([, v]) => v !== 0)
    if (counters.length) state.counters = Object.fromEntries(counters)
    if (g.activated) state.activated = true
    if (g.moves) state.moves = g.moves
    if (g.movedMm) state.movedMm = round2(g.movedMm)
    if (g.moveCost) state.moveCost = Math.round(g.moveCost * 1000) / 1000
    if (g.moveModes.length) state.moveModes = [...g.moveModes]
    if (g.attacks) state.attacks = g.attacks
    const { state: _old, status: _status, uncertainty: _u, ...rest } = m
    models.push({
      ...rest,
      position: [g.position[0], g.position[1]],
      ...(g.z !== 0 || m.z !== undefined ? { z: g.z } : {}),
      ...(g.facing !== 0 || m.facing !== undefined ? { facing: g.facing } : {}),
      ...(g.statuses.length || m.status ? { status: [...g.statuses] } : {}),
      ...(g.uncertaintyMm > 0 ? { uncertainty: g.uncertaintyMm } : {}),
      ...(Object.keys(state).length ? { state } : {}),
    })
  }
  const game: SceneGame = {}
  if (s.round) game.round = s.round
  if (s.phase) game.phase = s.phase
  if (s.turn) game.turn = s.turn
  if (s.activating) game.activating = s.activating.id
  const resources = Object.entries(s.resources).filter(([, pool]) => Object.keys(pool).length)
  if (resources.length) game.resources = Object.fromEntries(resources.map(([k, v]) => [k, { ...v }]))
  const { queries: _q, game: _g, ...scene } = start
  return { ...scene, models, ...(Object.keys(game).length ? { game } : {}) }
}

function round2(x: number): number {
  return Math.round(x * 100) / 100
}
