// The game state a scene may carry (additive optional fields of tabletop-scene/1, issue 33): per model
// its counters (wounds, damage, strain… by the names its ruleset's game state declares) and what it did
// in the current activation; per scene the round, phase, turn and the sides' and units' resources.
// Statuses stay in the model's `status` list. The rules read this state in place of a hand-given
// `context` (src/engine/game/stateContext.ts); a game log (tabletop-game/1) writes it for each event.
// Kept apart from sceneSchema.ts so the block is read (and merged) on its own.
import { z } from 'zod'

/** The largest counter or resource value a scene may hold (a wound track, a pool of points). */
export const MAX_STATE_VALUE = 10_000

const name = z.string().min(1).max(120)
const count = z.number().int('expected a whole number').min(0, 'must not be negative').max(MAX_STATE_VALUE, `must be at most ${MAX_STATE_VALUE}`)

export const modelStateSchema = z.strictObject({
  /** The ruleset's counters by their declared names, e.g. {"fleshWounds": 1} (names: `cli systems`). */
  counters: z.record(name, count).optional(),
  /** The model (or its unit) has activated in the current round, turn or phase (as its game says). */
  activated: z.boolean().optional(),
  /** Moves made in the current activation, and their length in mm (straight sections). */
  moves: count.optional(),
  movedMm: z.number().min(0).max(1e6).optional(),
  /** What those moves cost as the ruleset counts (inches, or Iron Line's Movement Points): difficult ground included. */
  moveCost: z.number().min(0).max(1e6).optional(),
  /** Moves of the current activation by mode ("sprint", "rush"…), as the ruleset names them. */
  moveModes: z.array(name).max(100).optional(),
  /** Attacks made in the current activation. */
  attacks: count.optional(),
})

export const sceneGameSchema = z.strictObject({
  /** The round being played (1-based; 0 before the first). */
  round: count.optional(),
  /** The phase of the round, for games played in phases (the ruleset's phase ids). */
  phase: name.optional(),
  /** The side whose turn it is, for games played in turns. */
  turn: name.optional(),
  /** The model or unit activating now. */
  activating: name.optional(),
  /** Resources by owner (a side, or a unit for resources kept per unit), then by the ruleset's names. */
  resources: z.record(name, z.record(name, z.number().int().min(-MAX_STATE_VALUE).max(MAX_STATE_VALUE))).optional(),
})

export type ModelState = z.infer<typeof modelStateSchema>
export type SceneGame = z.infer<typeof sceneGameSchema>
