// The page's handle on the game worker: one promise per question, every one answered. A worker that
// crashes or does not answer within GAME_ANSWER_MS is ended, every open question fails with a line
// saying so, and the next question starts a fresh worker (which folds the game again from its entries:
// the page holds the game, the worker only derives from it).
import { userMeshUrls } from '../engine/meshFiles.ts'
import { createWorkerRequests } from '../engine/workerRequests.ts'
import type { GameQuestion, GameQuestions, GameReply, GameRequest } from './gameProtocol.ts'

export type GameAnswer<K extends GameQuestion> = { ok: true; value: GameQuestions[K]['answer'] } | { ok: false; message: string }

export type GameClient = {
  ask: <K extends GameQuestion>(kind: K, args: GameQuestions[K]['args']) => Promise<GameAnswer<K>>
  dispose: () => void
}

/** A whole replay with every ruling on the way is seconds at most; past this the worker is taken to be stuck (ms). */
export const GAME_ANSWER_MS = 60_000

export function createGameClient(answerMs = GAME_ANSWER_MS): GameClient {
  const calls = createWorkerRequests<GameReply>(() => new Worker(new URL('./game.worker.ts', import.meta.url), { type: 'module', name: 'game' }), {
    answerMs,
    crashed: (m) => `the game worker failed: ${m}`,
    stuck: `the game did not answer within ${Math.round(answerMs / 1000)} s and its worker was restarted; nothing was changed`,
  })
  return {
    ask: async (kind, args) => {
      const r = await calls.send((requestId) => ({ ...args, kind, requestId, meshFiles: userMeshUrls() }) as GameRequest, (requestId, message) => ({ requestId, ok: false, message }))
      return r.ok ? { ok: true, value: r.value as never } : { ok: false, message: r.message }
    },
    dispose: () => calls.dispose('the game was closed'),
  }
}

let client: GameClient | null = null

/** The page's one game worker, started on first use. */
export function gameWorker(): GameClient {
  client ??= createGameClient()
  return client
}
