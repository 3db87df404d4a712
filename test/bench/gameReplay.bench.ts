// Game log replay (issue 33), CPU ms: `SIZE=30x25 ROUNDS=3 npx tsx test/bench/gameReplay.bench.ts`.
// A seeded narrative-skirmish game on the bench's generated table (SIZE = models × terrain pieces): each game
// round, every model activates in its side's turn, makes a tracked move (checked by the move query), asks one
// attack ruling and applies its seeded proposal. Measured, min over ROUNDS runs: the live session (apply event by
// event), a replay of the whole log (loadGame: validation + the same folds), an undo of the middle move (two
// folds and the events it affects), and the baseline in the same process — the same move and attack queries
// evaluated bare on the same tables (evaluateScene of sceneAt), i.e. what the rules cost without the game core.
// Budget: replay ≤ 1.5 × the baseline (the core adds validation, state copies and hashing, not rulings), and
// an undo ≤ 2.5 × a replay. JSON on stdout; stored runs in test/bench/results/.
import { type GameEvent, type GameEventDraft, type GameSession, contentHashOf, evaluateScene, loadGame, loadScene, sceneAt, startGameSession } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { generateTable, rng } from './benchTable.ts'

const known = ruleSystems.map((s) => s.id)
const env = { findSystem: findRuleSystem, known }
const [N, T] = (process.env.SIZE ?? '30x25').split('x').map(Number) as [number, number]
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const GAME_ROUNDS = Number(process.env.GAME_ROUNDS ?? 2)
const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const scene = generateTable(42, N, T)

/** Play the seeded game live; returns the session and the bare queries it asked (with the state they were asked on). */
function playLive(): { session: GameSession; asked: Array<{ event: GameEvent; index: number }> } {
  const table = loadScene(scene, findRuleSystem, known)
  const session = startGameSession({ log: { format: 'tabletop-game/1', scene: table.scene }, table }, env)
  const r = rng(7)
  const asked: Array<{ event: GameEvent; index: number }> = []
  const apply = (e: GameEventDraft) => session.apply({ ...e, seq: session.events().length + 1 } as GameEvent)
  for (let round = 1; round <= GAME_ROUNDS; round++) {
    apply({ type: 'round-start', round, initiative: ['A', 'B'] })
    for (const side of ['A', 'B']) {
      apply({ type: 'turn-start', side })
      for (const m of session.state().models.filter((x) => x.side === side && !x.removed)) {
        apply({ type: 'activation', model: m.id })
        const dir = side === 'A' ? 1 : -1
        const to: [number, number] = [Math.min(1180, Math.max(40, m.position[0] + (r() - 0.5) * 60)), Math.min(1180, Math.max(40, m.position[1] + dir * 40 * r()))]
        asked.push({ event: apply({ type: 'move', model: m.id, to, source: 'tracked', uncertainty: 1 }) && session.events().at(-1)!, index: session.events().length - 1 })
        const enemies = session.state().models.filter((x) => x.side !== side && !x.removed)
        const target = enemies.sort((a, b) => Math.hypot(a.position[0] - to[0], a.position[1] - to[1]) - Math.hypot(b.position[0] - to[0], b.position[1] - to[1]))[0]
        if (!target) continue
        const query = { id: `q${session.events().length + 1}`, type: 'attack', attacker: m.id, target: target.id, weapon: 'rifle' }
        const doc = evaluateScene({ ...sceneAt(session.startTable.scene, session.state()), queries: [query] }, findRuleSystem, known)
        apply({ type: 'ruling', query, resultHash: contentHashOf(doc) })
        const seq = session.events().length
        asked.push({ event: session.events().at(-1)!, index: seq - 1 })
        const seed = Math.floor(r() * 2 ** 32)
        const made = session.propose(seq, { source: 'seeded', seed })!.proposal
        apply({ type: 'effect', ruling: seq, roll: { source: 'seeded', seed, dice: made ? made.dice.map((d) => d.value) : [] }, effects: made ? made.effects : [], decision: { kind: 'confirm', by: side === 'A' ? 'B' : 'A' } })
      }
      apply({ type: 'turn-end', side })
    }
    apply({ type: 'round-end', round })
  }
  return { session, asked }
}

let live = Infinity
let replay = Infinity
let undo = Infinity
let baseline = Infinity
let events = 0
let affected = 0
for (let k = 0; k < ROUNDS; k++) {
  let c = cpuMs()
  const { session, asked } = playLive()
  live = Math.min(live, cpuMs() - c)
  const log = JSON.parse(JSON.stringify(session.log()))
  events = session.events().length
  c = cpuMs()
  const replayed = loadGame(log, env)
  replay = Math.min(replay, cpuMs() - c)
  // Baseline: the same queries, bare, on the same tables (the state before each asking event).
  const outcomes = replayed.outcomes()
  c = cpuMs()
  for (const { event, index } of asked) {
    const before = index === 0 ? replayed.context.startTable.scene : sceneAt(replayed.startTable.scene, outcomes[index - 1]!.state)
    const q = event.type === 'move' ? { id: 'm', type: 'move', model: event.model, to: event.to, mode: 'move' } : event.type === 'ruling' ? event.query : null
    if (q) evaluateScene({ ...before, queries: [q] }, findRuleSystem, known)
  }
  baseline = Math.min(baseline, cpuMs() - c)
  const middle = log.events.filter((e: GameEvent) => e.type === 'move')[Math.floor(asked.length / 4)] as GameEvent
  c = cpuMs()
  const u = replayed.apply({ seq: events + 1, type: 'undo', target: middle.seq })
  undo = Math.min(undo, cpuMs() - c)
  affected = u.affects?.length ?? 0
}
const round = (x: number) => Math.round(x * 10) / 10
process.stdout.write(JSON.stringify({
  bench: 'game-replay', models: N, terrain: T, gameRounds: GAME_ROUNDS, events, runs: ROUNDS,
  cpuMs: { live: round(live), replay: round(replay), undoMiddleMove: round(undo), baselineQueries: round(baseline) },
  perEventMs: { live: round(live / events), replay: round(replay / events) },
  ratios: { replayOverBaseline: Math.round((replay / baseline) * 100) / 100, undoOverReplay: Math.round((undo / replay) * 100) / 100 },
  undoAffects: affected,
}, null, 2) + '\n')
