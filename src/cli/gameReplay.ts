// `cli game replay LOG [--at N] [--format text]` (issue 33): replay a game log (tabletop-game/1) and print
// the state after each event (or after event N) with the rules' findings along the way, as JSON
// (tabletop-game-replay/1, documented in src/engine/game/README.md) or as text. A bad log is one line on
// stderr and exit 2, like every other input.
import { ENGINE_VERSION, type EventOutcome, GAME_FORMAT, type MeshLibrary, describeEffects, type Finding, type GameSession, type GameState, type InputLimits, SceneError, type RuleSystem, inFile, limitError, loadGame } from '../engine/index.ts'
import { readJson } from './readInput.ts'
import { loadSceneMeshes } from './loadMeshes.ts'
import { repairNotes } from './terrainReport.ts'

export const GAME_USAGE = 'game replay <log.json | -> [--at N] [--format json|text]'

export type GameCommandEnv = { modelsDir: string; findRuleSystem: (id: string) => RuleSystem | undefined; known: readonly string[]; limits: InputLimits }

export async function runGameCommand(args: readonly string[], env: GameCommandEnv): Promise<number> {
  const [sub, ...rest] = args
  if (sub !== 'replay') throw new SceneError([{ path: '', message: `game: ${sub === undefined ? 'missing' : `unknown`} subcommand${sub === undefined ? '' : ` "${sub.slice(0, 40)}"`} (use: ${GAME_USAGE})` }])
  const { file, at, format } = parseReplayArgs(rest)
  const name = file === '-' ? 'standard input' : file
  let session: GameSession
  try {
    const raw = readJson(file, env.limits)
    // Meshes only for a log's scene (a foreign document is refused by loadGame, saying what it is).
    const scene = typeof raw === 'object' && raw !== null && (raw as { format?: unknown }).format === GAME_FORMAT ? (raw as { scene?: unknown }).scene : undefined
    let meshes: MeshLibrary | undefined
    if (typeof scene === 'object' && scene !== null) {
      const loaded = await loadSceneMeshes(env.modelsDir, scene)
      for (const line of repairNotes(loaded.files)) process.stderr.write(line + '\n')
      meshes = loaded.meshes
    }
    session = loadGame(raw, { findSystem: env.findRuleSystem, known: env.known, meshes, limits: env.limits })
  } catch (e) {
    throw e instanceof SceneError ? inFile(e, name) : e
  }
  const outcomes = session.outcomes()
  if (at !== undefined && at > outcomes.length) throw inFile(new SceneError([{ path: '--at', message: `event ${at}: the log has ${outcomes.length} event${outcomes.length === 1 ? '' : 's'}` }]), name)
  const shown = at === undefined ? outcomes : outcomes.slice(0, at)
  const text = format === 'text' ? replayText(session, shown, at) : replayJson(session, shown, at)
  if (text.length > env.limits.outputBytes) throw limitError('', 'outputBytes', `the replay has ${text.length.toLocaleString('en-US')} bytes`, env.limits.outputBytes)
  process.stdout.write(text + '\n')
  return 0
}

function parseReplayArgs(rest: readonly string[]): { file: string; at?: number; format: 'json' | 'text' } {
  let file: string | undefined
  let at: number | undefined
  let format: 'json' | 'text' = 'json'
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!
    const m = /^--(at|format)(?:=(.*))?$/.exec(a)
    if (!m) {
      if (a.startsWith('--') || file !== undefined) throw new SceneError([{ path: '', message: `game replay: unexpected argument "${a.slice(0, 40)}" (use: ${GAME_USAGE})` }])
      file = a
      continue
    }
    const v = m[2] ?? rest[++i] ?? ''
    if (m[1] === 'at') {
      if (!/^\d+$/.test(v) || Number(v) < 1) throw new SceneError([{ path: '--at', message: `takes an event number (1, 2, 3…); got "${v.slice(0, 40)}"` }])
      at = Number(v)
    } else {
      if (v !== 'json' && v !== 'text') throw new SceneError([{ path: '', message: `--format takes json or text; got "${v.slice(0, 40)}"` }])
      format = v
    }
  }
  if (file === undefined) throw new SceneError([{ path: '', message: `missing argument: a game log file or - (use: ${GAME_USAGE})` }])
  return { file, ...(at !== undefined ? { at } : {}), format }
}

/** The state as the replay prints it: each model by id (its place, statuses, counters), then the game's counts. */
export function printedState(s: GameState) {
  return {
    round: s.round,
    phase: s.phase,
    turn: s.turn,
    activating: s.activating?.id ?? null,
    models: Object.fromEntries(s.models.map((m) => [m.id, {
      side: m.side,
      position: m.position,
      z: m.z,
      facing: m.facing,
      statuses: m.statuses,
      counters: m.counters,
      activated: m.activated,
      removed: m.removed,
    }])),
    resources: s.resources,
    scores: s.scores,
    objectives: s.held,
    clock: s.clock,
    undone: s.undone,
  }
}

function printedOutcome(o: EventOutcome) {
  return {
    seq: o.seq,
    type: o.type,
    findings: o.findings,
    ...(o.move ? { move: o.move } : {}),
    ...(o.ruling ? { ruling: o.ruling } : {}),
    ...(o.proposal !== undefined ? { proposal: o.proposal } : {}),
    ...(o.applied ? { applied: o.applied } : {}),
    ...(o.control ? { control: o.control } : {}),
    ...(o.affects ? { affects: o.affects } : {}),
    ...(o.undoneBy !== undefined ? { undoneBy: o.undoneBy } : {}),
    state: printedState(o.state),
  }
}

function replayJson(session: GameSession, shown: readonly EventOutcome[], at: number | undefined): string {
  const last = shown[shown.length - 1]
  return JSON.stringify({
    format: 'tabletop-game-replay/1',
    system: session.system.id,
    engine: ENGINE_VERSION,
    ...(at !== undefined ? { at } : {}),
    events: at === undefined ? shown.map(printedOutcome) : last ? [printedOutcome(last)] : [],
    findings: shown.flatMap((o) => o.findings),
    state: printedState(last ? last.state : session.state()),
  }, null, 2)
}

const SEVERITY_MARK: Readonly<Record<Finding['severity'], string>> = { rule: 'rule', log: 'log', note: 'note' }

function replayText(session: GameSession, shown: readonly EventOutcome[], at: number | undefined): string {
  const events = session.events()
  const lines: string[] = [`${session.system.title} — ${shown.length} event${shown.length === 1 ? '' : 's'}${at !== undefined ? ` (to event ${at})` : ''}`]
  for (const o of shown) {
    const ev = events[o.seq - 1]!
    lines.push(`#${o.seq} ${eventLine(ev, o)}${o.undoneBy !== undefined ? ` [taken back by #${o.undoneBy}]` : ''}`)
    for (const f of o.findings) lines.push(`   ${SEVERITY_MARK[f.severity]}: ${f.message}${f.citation ? ` (${f.citation.title}, ${f.citation.section})` : ''}`)
  }
  const last = shown[shown.length - 1]
  lines.push('', ...stateLines(last ? last.state : session.state()))
  return lines.join('\n')
}

function eventLine(ev: ReturnType<GameSession['events']>[number], o: EventOutcome): string {
  switch (ev.type) {
    case 'round-start': return `round ${ev.round} starts${ev.initiative?.length ? ` (order: ${ev.initiative.join(', ')})` : ''}`
    case 'round-end': return `round ${ev.round} ends${o.control ? `; control: ${o.control.map((c) => `${c.objective} ${c.controlledBy ?? (c.contested ? 'contested' : 'nobody')}${c.marginal ? ' (marginal)' : ''}`).join(', ')}` : ''}`
    case 'phase-start': return `${ev.phase} phase`
    case 'turn-start': return `${ev.side}'s turn`
    case 'turn-end': return `${ev.side}'s turn ends`
    case 'activation': return `${ev.model ?? ev.unit} activates`
    case 'activation-end': return 'activation ends'
    case 'move': return `${ev.model} moves (${ev.source}${ev.mode ? `, ${ev.mode}` : ''}): ${o.move?.text ?? ''}`
    case 'ruling': return `ruling ${ev.query.type} "${ev.query.id}": ${o.ruling ? (o.ruling.matches ? 'the result hashes as logged' : 'the result differs from the logged one') : 'not made'}${o.ruling?.allowed === false ? ', refused' : ''}`
    case 'effect': {
      const what = describeEffects(o.applied ?? [])
      const dice = o.proposal?.dice.length ? `; dice ${o.proposal.dice.map((d) => d.value).join(' ')}` : ''
      return `${ev.decision.kind === 'confirm' ? 'confirmed' : 'overridden'} by ${ev.decision.by}: ${what}${dice}`
    }
    case 'score': return `${ev.side} scores ${ev.points}${ev.objective ? ` (${ev.objective})` : ''}, confirmed by ${ev.confirmedBy.join(', ') || 'nobody'}`
    case 'undo': return `undo #${ev.target}${o.affects?.length ? `; it changes ${o.affects.map((a) => `#${a.seq} (${a.why.join(', ')})`).join('; ')}` : ''}`
    case 'redo': return `redo #${ev.target}${o.affects?.length ? `; it changes ${o.affects.map((a) => `#${a.seq}`).join(', ')}` : ''}`
    case 'clock': return `clock ${ev.action}${ev.side ? ` ${ev.side}` : ''} at ${ev.atMs} ms`
  }
}

function stateLines(s: GameState): string[] {
  const head = [`round ${s.round}`, s.phase ? `${s.phase} phase` : null, s.turn ? `${s.turn}'s turn` : null, s.activating ? `${s.activating.id} activating` : null].filter(Boolean).join(' · ')
  const scores = Object.entries(s.scores).map(([k, v]) => `${k} ${v}`).join(', ')
  const out = [`state: ${head}; scores ${scores}`]
  for (const [owner, pool] of Object.entries(s.resources)) out.push(`  ${owner}: ${Object.entries(pool).map(([k, v]) => `${k} ${v}`).join(', ')}`)
  for (const m of s.models) {
    const bits = [m.removed ? `removed at #${m.removedAt}` : `at (${round(m.position[0])}, ${round(m.position[1])}) mm`, ...m.statuses, ...Object.entries(m.counters).map(([k, v]) => `${k} ${v}`), m.activated && !m.removed ? 'activated' : null].filter(Boolean)
    out.push(`  ${m.id} (${m.side}): ${bits.join(', ')}`)
  }
  return out
}

function round(x: number): number {
  return Math.round(x * 10) / 10
}
