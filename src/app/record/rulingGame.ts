// A ruling's game, carried in its record (issue 33): the game log (tabletop-game/1) up to and including
// the ruling's event, so a device without the game rebuilds the table as it stood from the record
// alone. Checking the embedded log on re-open uses the engine's game log schema (shape, events); the
// replay uses the engine's game code as the game worker does (the scene against its ruleset, every
// event applied in order), and its errors name their place inside the record ("gameLog.events[3].to").
import { type GameEnv, type GameLog, type ModelPlace, type Query, type ResultDocument, type Scene, GAME_FORMAT, SceneError, gameLogSchema, parseGameLog, rewindTo, startGameSession, zodIssues } from '../../engine/index.ts'

/** The log to embed in a ruling's record: the head and the events up to and including event `seq`. */
export function embeddedLog(log: GameLog, seq: number): GameLog {
  return { ...log, events: log.events.slice(0, seq) }
}

const located = (path: string) => (path ? `gameLog.${path}` : 'gameLog')

/** An embedded log's shape checked (the engine's schema) and its ruling's event found; a located message when not. */
export function checkEmbeddedLog(raw: unknown, seq: number | undefined): { ok: true; log: GameLog } | { ok: false; message: string } {
  const format = typeof raw === 'object' && raw !== null ? (raw as { format?: unknown }).format : undefined
  if (format !== GAME_FORMAT) return { ok: false, message: `${located('format')}: expected "${GAME_FORMAT}", the record's game log is not one` }
  const parsed = gameLogSchema.safeParse(raw)
  if (!parsed.success) {
    const issues = zodIssues(parsed.error).slice(0, 4).map((i) => `${located(i.path)}: ${i.message}`)
    return { ok: false, message: `the record's game log is damaged: ${issues.join('; ')}` }
  }
  const log = raw as GameLog
  if (seq !== undefined) {
    const at = log.events.findIndex((e) => e.seq === seq)
    if (at < 0) return { ok: false, message: `${located('events')}: the record's game log has no event ${seq}, the ruling's` }
    if (log.events[at]!.type !== 'ruling') return { ok: false, message: `${located(`events[${at}].type`)}: event ${seq} is a ${log.events[at]!.type}, not the ruling's` }
  }
  return { ok: true, log }
}

/** The table as it stood at a ruling, rebuilt from the record's log. */
export type ReplayedRuling = { scene: Scene; query: Query; result: ResultDocument; places: ModelPlace[] }

/**
 * Replay an embedded log with the engine's game code up to event `seq` (the ruling's): the table it
 * was made on, its query and result, and every model's place then. Throws a SceneError whose paths
 * start at the record ("gameLog.events[2]: …") for a log that does not replay.
 */
export function replayRuling(log: unknown, seq: number, env: GameEnv): ReplayedRuling {
  try {
    const { log: read, table } = parseGameLog(log, env)
    const { events, ...head } = read
    const session = startGameSession({ log: head, table }, env, events.filter((e) => e.seq <= seq))
    const ruling = session.ruling(seq)
    if (!ruling) throw new SceneError([{ path: 'events', message: `no ruling at event ${seq} applies in this log (taken back, or not a ruling)` }])
    return { ...ruling, places: rewindTo(session.outcomes(), seq, session.start()) }
  } catch (e) {
    if (e instanceof SceneError) throw new SceneError(e.issues.map((i) => ({ path: located(i.path), message: i.message })), undefined, e.moreIssues)
    throw e
  }
}
