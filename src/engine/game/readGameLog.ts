// Reading and writing a game log (tabletop-game/1, issue 33). Reading validates it like a scene
// (shape and limits first, then zod, then the scene against its ruleset, then every event against the
// game) and replays it; any problem is one SceneError naming each place by its JSON path, and nothing
// is changed or kept. Writing gives JSON with two-space indents: a log exported, imported and exported
// again is the same text, byte for byte (the document is kept as it was read, not rebuilt by zod).
import { SceneError, type SceneIssue, showValue } from '../scene/sceneError.ts'
import { type InputLimits, DEFAULT_LIMITS, checkCount, checkJsonShape } from '../scene/inputLimits.ts'
import { zodIssues } from '../scene/parseScene.ts'
import { loadScene } from '../evaluate.ts'
import type { Table } from '../ruleSystem.ts'
import { GAME_FORMAT, type GameEvent, gameLogSchema } from './gameLogSchema.ts'
import type { GameEnv } from './gameContext.ts'
import { type GameLog, type GameSession, startGameSession } from './gameSession.ts'

/** What another format's document is, to say so when it is given instead of a game log. */
const FOREIGN: Readonly<Record<string, string>> = {
  'tabletop-scene/1': 'a scene',
  'tabletop-result/1': 'a result document',
  'tabletop-ruling/1': 'a saved ruling',
  'tabletop-table/1': 'a saved table',
  'tabletop-markers/1': 'a marker registry',
  'tabletop-camera/1': 'a camera calibration',
}

/** Validate a parsed game log and its scene; throws a SceneError listing every problem with its path. */
export function parseGameLog(raw: unknown, env: GameEnv): { log: GameLog; table: Table } {
  const limits: InputLimits = env.limits ?? DEFAULT_LIMITS
  checkJsonShape(raw, limits)
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new SceneError([{ path: '', message: `expected a game log (a JSON object with "format": "${GAME_FORMAT}"), got ${showValue(raw)}` }])
  }
  const format = (raw as { format?: unknown }).format
  if (format !== GAME_FORMAT) {
    const what = typeof format === 'string' ? FOREIGN[format] : undefined
    const newer = typeof format === 'string' && /^tabletop-game\/\d+$/.test(format)
    const message = what
      ? `this is ${what} (${format}), not a game log (${GAME_FORMAT})`
      : newer
        ? `${format} is a game log version this build does not read (it reads ${GAME_FORMAT})`
        : format === undefined ? `missing: a game log says "format": "${GAME_FORMAT}"` : `expected "${GAME_FORMAT}", got ${showValue(format)}`
    throw new SceneError([{ path: 'format', message }])
  }
  checkCount(raw, 'events', 'events', limits)
  const parsed = gameLogSchema.safeParse(raw)
  if (!parsed.success) throw new SceneError(zodIssues(parsed.error))
  let table: Table
  try {
    table = loadScene((raw as { scene: unknown }).scene, env.findSystem, env.known, { meshes: env.meshes, limits })
  } catch (e) {
    if (e instanceof SceneError) throw new SceneError(e.issues.map((i) => ({ path: i.path ? `scene.${i.path}` : 'scene', message: i.message })), undefined, e.moreIssues)
    throw e
  }
  const issues: SceneIssue[] = []
  const names = new Set<string>()
  parsed.data.objectives?.forEach((o, i) => {
    if (names.has(o.name)) issues.push({ path: `objectives[${i}].name`, message: `duplicate objective "${o.name}"` })
    names.add(o.name)
    const { width, depth } = table.scene.table
    if (o.at[0] < 0 || o.at[1] < 0 || o.at[0] > width || o.at[1] > depth) issues.push({ path: `objectives[${i}].at`, message: `[${o.at[0]}, ${o.at[1]}] is off the ${width} × ${depth} mm table` })
  })
  if (issues.length) throw new SceneError(issues)
  // The document as it was read (zod's output would reorder keys): a copy, so the caller's object is never shared.
  return { log: JSON.parse(JSON.stringify(raw)) as GameLog, table }
}

/** Read and replay a game log: the session after its last event. Throws a SceneError for a bad log. */
export function loadGame(raw: unknown, env: GameEnv): GameSession {
  const { log, table } = parseGameLog(raw, env)
  const { events, ...head } = log
  return startGameSession({ log: head, table }, env, events as GameEvent[])
}

/** A game log as text: JSON, two-space indents, a final newline. Export → import → export gives the same bytes. */
export function exportGameLog(log: GameLog): string {
  return `${JSON.stringify(log, null, 2)}\n`
}

/** A game log's text read back (JSON, then parseGameLog): the log and its table, or a SceneError. */
export function importGameLog(text: string, env: GameEnv): { log: GameLog; table: Table } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw new SceneError([{ path: '', message: `not valid JSON (${e instanceof Error ? e.message : String(e)}): not a game log, or a damaged one` }])
  }
  return parseGameLog(raw, env)
}
