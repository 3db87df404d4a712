// The game log tabletop-game/1 (issue 33): the scene at the start, the objectives on the table, then
// the events in order. A public contract (README.md here): fields are only added under this version;
// anything else is a new version with a migration. JSON Schema: game.schema.json (npm run schema:game).
// Units as the scene's: millimetres in the table frame, angles in degrees counter-clockwise from +x.
import { z } from 'zod'
import { point2Schema } from '../scene/sceneSchema.ts'

export const GAME_FORMAT = 'tabletop-game/1'

const id = z.string().min(1, 'expected a non-empty id').max(120)
const text = (max: number) => z.string().max(max, `at most ${max} characters`)
const seq = z.number().int('expected a whole number').min(1, 'event numbers start at 1')

/** Fields every event has: its number (1, 2, 3… in order), when (ms since the game started), who logged it, a note. */
const common = {
  seq,
  /** Milliseconds since the game started (the chess clock reads them); never decreasing. */
  atMs: z.number().min(0).max(1e10).optional(),
  /** Who logged it: a side, a player's name, "referee". */
  by: text(120).min(1).optional(),
  note: text(500).optional(),
}

export const effectSchema = z.discriminatedUnion('kind', [
  /** A counter of a model changes (wounds taken, damage, strain…): by the ruleset's declared names. */
  z.strictObject({ kind: z.literal('counter'), model: id, counter: id, delta: z.number().int().min(-1000).max(1000) }),
  /** A status is set or cleared. */
  z.strictObject({ kind: z.literal('status'), model: id, status: id, set: z.boolean() }),
  /** The model leaves the game (a casualty, out of action, destroyed). */
  z.strictObject({ kind: z.literal('remove'), model: id }),
  /** A side's or a unit's resource changes (command points, Edge…). */
  z.strictObject({ kind: z.literal('resource'), owner: id, resource: id, delta: z.number().int().min(-1000).max(1000) }),
  /** Who holds an objective from now (a Secure action succeeded), or nobody (null). */
  z.strictObject({ kind: z.literal('control'), objective: id, side: id.nullable() }),
])

/** Who decided that effects apply: a confirm of what was proposed, or an override with its reason. */
export const decisionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('confirm'), by: text(120).min(1, 'who confirmed') }),
  z.strictObject({ kind: z.literal('override'), by: text(120).min(1, 'who overrode'), reason: text(500).min(1, 'an override needs a reason') }),
])

/** The dice behind a proposal: entered by the players, or rolled by the seeded roller (seed and dice recorded). */
export const rollSchema = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('entered'), dice: z.array(z.number().int().min(1).max(1000)).max(1000) }),
  z.strictObject({ source: z.literal('seeded'), seed: z.number().int().min(0).max(0xffffffff), dice: z.array(z.number().int().min(1).max(1000)).max(1000) }),
])

export const gameEventSchema = z.discriminatedUnion('type', [
  /** A round begins; `initiative` lists the sides in the order they act (the first holds the initiative). */
  z.strictObject({ ...common, type: z.literal('round-start'), round: z.number().int().min(1).max(1000), initiative: z.array(id).max(16).optional() }),
  z.strictObject({ ...common, type: z.literal('round-end'), round: z.number().int().min(1).max(1000) }),
  /** A phase of the round begins (games played in phases: the ruleset's phase ids). */
  z.strictObject({ ...common, type: z.literal('phase-start'), phase: id }),
  z.strictObject({ ...common, type: z.literal('turn-start'), side: id }),
  z.strictObject({ ...common, type: z.literal('turn-end'), side: id }),
  /** A model (or, in a game of units, a unit) activates; the previous activation ends. */
  z.strictObject({ ...common, type: z.literal('activation'), model: id.optional(), unit: id.optional() }),
  z.strictObject({ ...common, type: z.literal('activation-end') }),
  /**
   * A model's new place. `source`: seen by the camera (tracked), dragged in the app, or typed in
   * (entered). `uncertainty`: the 1-sigma of the tracked end position, mm. `mode`: the ruleset's move
   * mode (sprint, rush…); `context`: what the camera cannot know, as the move query takes it.
   */
  z.strictObject({
    ...common,
    type: z.literal('move'),
    model: id,
    to: point2Schema,
    z: z.number().min(0).max(5000).optional(),
    facing: z.number().min(-36000).max(36000).optional(),
    source: z.enum(['tracked', 'dragged', 'entered']),
    uncertainty: z.number().min(0).max(1000).optional(),
    mode: id.optional(),
    context: z.record(z.string(), z.unknown()).optional(),
  }),
  /** A ruling: the query and the content hash of its tabletop-result/1 document (sha256 of canonical JSON). */
  z.strictObject({
    ...common,
    type: z.literal('ruling'),
    query: z.looseObject({ id, type: id }),
    resultHash: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'expected "sha256:" and 64 hex digits'),
  }),
  /** Effects applied (wounds, statuses, removals, resources), after a ruling or on their own, with who decided. */
  z.strictObject({
    ...common,
    type: z.literal('effect'),
    /** The ruling whose result proposed them (its seq). */
    ruling: seq.optional(),
    effects: z.array(effectSchema).max(1000),
    decision: decisionSchema,
    roll: rollSchema.optional(),
  }),
  /** Points scored, for an objective or otherwise; both players confirm. */
  z.strictObject({
    ...common,
    type: z.literal('score'),
    side: id,
    points: z.number().int().min(-1000).max(1000),
    objective: id.optional(),
    reason: text(500).optional(),
    confirmedBy: z.array(text(120).min(1)).max(16),
  }),
  /** Take an earlier event back (its effects, moves, scores no longer apply); `redo` puts it back. */
  z.strictObject({ ...common, type: z.literal('undo'), target: seq, reason: text(500).optional() }),
  z.strictObject({ ...common, type: z.literal('redo'), target: seq }),
  /** The chess clock: start (with the side to run), pause, resume, hand over to a side. */
  z.strictObject({ ...common, type: z.literal('clock'), action: z.enum(['start', 'pause', 'resume', 'hand-over']), side: id.optional(), budgetMs: z.number().min(0).max(1e10).optional() }),
])

/** An objective marker: its name, its place (mm), and the context its ruleset's objective query takes (Iron Line's victory condition). */
export const objectiveSchema = z.strictObject({ name: id, at: point2Schema, context: z.record(z.string(), z.unknown()).optional() })

export const gameLogSchema = z.strictObject({
  format: z.literal(GAME_FORMAT),
  /** The table at the start: a tabletop-scene/1 document (its queries, if any, are not rulings). */
  scene: z.looseObject({ format: z.string(), system: z.string() }),
  /** Objective markers on the table (names and places, mm), for control snapshots and scores. */
  objectives: z.array(objectiveSchema).max(100).optional(),
  events: z.array(gameEventSchema),
  meta: z.record(z.string(), z.unknown()).optional(),
})

export type GameEvent = z.infer<typeof gameEventSchema>
export type GameEventType = GameEvent['type']
/** An event before the session numbers it (the app's draft: `apply({...draft, seq})`). */
export type GameEventDraft = GameEvent extends infer E ? (E extends GameEvent ? Omit<E, 'seq'> : never) : never
export type EventOf<K extends GameEventType> = Extract<GameEvent, { type: K }>
export type GameLogObjective = z.infer<typeof objectiveSchema>
export type GameRoll = z.infer<typeof rollSchema>
export type GameDecision = z.infer<typeof decisionSchema>
