// The game's state on the app's table (issue 33): the live table (models where the camera or the
// player put them) carries what the game knows and the camera cannot — each model's statuses and
// counters, what it did this activation, the round, turn and resources — so every ruling the card
// shows reads the state as the rules' context, as the game's own rulings do. Positions stay the live
// ones (a move is logged when the model moves, never pulled back to the log's place); a model the
// game removed leaves the table, and comes back where the game has it when that removal is undone.
// The fields are the core's own `sceneAt` (the same document a logged ruling is made on). Pure.
import { type GameState, type Scene, type SceneModel, sceneAt } from '../../engine/index.ts'

const GAME_FIELDS = ['status', 'state'] as const

/** The live scene with the game's state on it; the same object when nothing changes. */
export function projectGameState(live: Scene, start: Scene, state: GameState): Scene {
  const staged = sceneAt(start, state)
  const stagedById = new Map(staged.models.map((m) => [m.id, m]))
  const inGame = new Map(state.models.map((m) => [m.id, m]))
  const models: SceneModel[] = []
  for (const m of live.models) {
    const g = inGame.get(m.id)
    if (!g) {
      models.push(m) // not in the game (added since it started): left as it is
      continue
    }
    if (g.removed) continue
    models.push(withFieldsOf(m, stagedById.get(m.id)))
  }
  const onTable = new Set(live.models.map((m) => m.id))
  for (const s of staged.models) if (!onTable.has(s.id)) models.push(s)
  const { game: _game, ...rest } = live
  const next: Scene = { ...rest, models, ...(staged.game ? { game: staged.game } : {}) }
  return JSON.stringify(next) === JSON.stringify(live) ? live : next
}

/** A live model with the staged one's statuses and state (or none). */
function withFieldsOf(m: SceneModel, staged: SceneModel | undefined): SceneModel {
  const out: Record<string, unknown> = { ...m }
  for (const f of GAME_FIELDS) {
    const v = staged?.[f]
    if (v === undefined) delete out[f]
    else out[f] = v
  }
  return out as SceneModel
}

/** The live scene without any game state (a game closed): positions and everything else kept. */
export function withoutGameState(live: Scene): Scene {
  if (!live.game && !live.models.some((m) => m.state !== undefined)) return live
  const { game: _game, ...rest } = live
  return { ...rest, models: live.models.map(({ state: _state, ...m }) => m) }
}
