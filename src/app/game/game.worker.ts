// The game worker (issue 33): the game core (src/engine/game) with every ruleset, off the page's
// thread — a replay or an undo folds the whole log again and rules every ruling on the way, which
// must never stall the camera view. It keeps one fold per game and carries it on as entries are
// appended (a different head, or entries merged in before the end, fold again from the start).
// Requests are answered one at a time, in order.
import { type GameEnv, SceneError, contentHashOf, importGameLog, loadGame, rewindTo } from '../../engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../systems/index.ts'
import { meshLibraryForScene } from '../../terrain/index.ts'
import { bundledMeshes, loadBundledMesh, registerMeshUrls } from '../engine/bundledMeshes.ts'
import type { GameInput, GameQuestions, GameReply, GameRequest, Proposed } from './gameProtocol.ts'
import { type Fold, applyEntry, dryRun, foldEntries, issuesText, startFold } from './foldEntries.ts'
import { type DeclView, type ModelInfo, declView, modelInfos, outcomeView, viewOf } from './gameView.ts'
import { entriesOfLog } from './gameRecord.ts'
import { replayRuling } from '../record/rulingGame.ts'

const scope = self as unknown as DedicatedWorkerGlobalScope
const known = ruleSystems.map((s) => s.id)

type Kept = { fold: Fold; decl: DeclView | null; models: ModelInfo[] }
const kept = new Map<string, Kept>()
let queue: Promise<void> = Promise.resolve()

scope.onmessage = (event: MessageEvent<GameRequest>) => {
  const req = event.data
  queue = queue.then(async () => scope.postMessage(await answer(req)))
}

async function envFor(scene: unknown, meshFiles: Record<string, string> | undefined): Promise<GameEnv> {
  registerMeshUrls(meshFiles ?? {})
  // Only a scene-like object names meshes (a foreign document is refused by the reader, not here).
  await meshLibraryForScene(typeof scene === 'object' && scene !== null ? scene : {}, loadBundledMesh)
  return { findSystem: findRuleSystem, known, meshes: bundledMeshes() }
}

/** The fold of a game's entries (kept for the next request). */
async function foldOf(game: GameInput, meshFiles: Record<string, string> | undefined): Promise<Kept> {
  const env = await envFor(game.head.scene, meshFiles)
  const before = kept.get(game.id)
  const fold = foldEntries(before?.fold ?? null, game.head, game.entries, env)
  const k: Kept = before && before.fold === fold ? before : { fold, decl: declView(fold), models: modelInfos(fold) }
  kept.clear() // one game at a time: an old game's fold (its rulings' tables) is let go
  kept.set(game.id, k)
  return k
}

async function answer(req: GameRequest): Promise<GameReply> {
  try {
    return { requestId: req.requestId, ok: true, value: await run(req) }
  } catch (e) {
    if (e instanceof SceneError) return { requestId: req.requestId, ok: false, message: issuesText(e, req.kind === 'import'), issues: e.issues }
    return { requestId: req.requestId, ok: false, message: `internal error in the game worker: ${e instanceof Error ? e.message : String(e)}` }
  }
}

async function run(req: GameRequest): Promise<GameQuestions[GameRequest['kind']]['answer']> {
  switch (req.kind) {
    case 'view': {
      const k = await foldOf(req.game, req.meshFiles)
      return viewOf(req.game.id, k.fold, k)
    }
    case 'append': {
      const k = await foldOf(req.game, req.meshFiles)
      const outcomes = []
      for (const entry of req.add) {
        const r = applyEntry(k.fold, entry, false)
        if (!r.ok) {
          // Entries before it were applied to the kept fold: it no longer matches the page's entries, fold afresh next time.
          kept.delete(req.game.id)
          throw new SceneError([{ path: '', message: `${describeType(entry.event.type)} cannot be logged: ${r.refused.message}` }])
        }
        outcomes.push(outcomeView(r.outcome))
      }
      return { view: viewOf(req.game.id, k.fold, k), outcomes }
    }
    case 'dryRun': {
      const k = await foldOf(req.game, req.meshFiles)
      const env = await envFor(req.game.head.scene, req.meshFiles)
      return dryRun(k.fold, req.add, env)
    }
    case 'rule': {
      const k = await foldOf(req.game, req.meshFiles)
      const s = k.fold.session
      const { table, doc } = s.context.evaluate(s.state(), req.query, 'query')
      return { scene: table.scene, result: doc, resultHash: contentHashOf(doc) }
    }
    case 'propose': {
      const k = await foldOf(req.game, req.meshFiles)
      const made = k.fold.session.propose(req.rulingSeq, req.roll)
      if (!made) throw new SceneError([{ path: '', message: `the ruling at event ${req.rulingSeq} no longer applies (taken back?)` }])
      let out: Proposed
      if (made.shortfall) out = { kind: 'shortfall', message: made.shortfall.message, sides: made.shortfall.sides, purpose: made.shortfall.purpose, index: made.shortfall.index }
      else if (!made.proposal) out = { kind: 'none' }
      else out = { kind: 'proposal', proposal: made.proposal }
      return out
    }
    case 'places': {
      const k = await foldOf(req.game, req.meshFiles)
      return rewindTo(k.fold.session.outcomes(), req.seq, k.fold.session.start())
    }
    case 'ruling': {
      const k = await foldOf(req.game, req.meshFiles)
      const r = k.fold.session.ruling(req.seq)
      if (!r) throw new SceneError([{ path: '', message: `there is no ruling at event ${req.seq} that applies now` }])
      return r
    }
    case 'replayRuling': {
      const scene = typeof req.log === 'object' && req.log !== null ? (req.log as { scene?: unknown }).scene : undefined
      return replayRuling(req.log, req.seq, await envFor(scene, req.meshFiles))
    }
    case 'import': {
      // The core reads and replays the whole document first (one clear message for a foreign, damaged or
      // out-of-order log, nothing kept), with the meshes its scene names; then its events become entries.
      let scene: unknown
      try {
        scene = (JSON.parse(req.text) as { scene?: unknown } | null)?.scene
      } catch {
        scene = undefined // importGameLog says what is wrong with the text
      }
      const env = await envFor(scene, req.meshFiles)
      const { log } = importGameLog(req.text, env)
      loadGame(log, env)
      const { events, ...head } = log
      const entries = entriesOfLog(events)
      const fold = startFold(head, env)
      for (const entry of entries) {
        const r = applyEntry(fold, entry, false)
        if (!r.ok) throw new SceneError([{ path: `events[${fold.uids.length}]`, message: r.refused.message }])
      }
      const k: Kept = { fold, decl: declView(fold), models: modelInfos(fold) }
      kept.clear()
      kept.set(req.id, k)
      return { head, entries, view: viewOf(req.id, fold, k) }
    }
  }
}

function describeType(type: string): string {
  return `this ${type.replace('-', ' ')}`
}
