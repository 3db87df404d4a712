// The main thread's handle on the engine worker: request/reply by id, one promise per request.
// Every request is answered: a worker that crashes, or does not answer within ENGINE_ANSWER_MS (a
// terrain file that would take longer than any real one; the readers' budgets stop long before), is
// ended, every open request fails with a line saying so, and the next request starts a fresh worker.
import type { Query, ResultDocument, Scene, SceneIssue } from '../../engine/index.ts'
import type { EngineReply, EngineRequest, Overlay, PreparedMeshReply, Selection } from './protocol.ts'
import type { PlanAnswer, PlanAsk } from './planProtocol.ts'
import { userMeshUrls } from './meshFiles.ts'
import { createWorkerRequests } from './workerRequests.ts'

export type EngineOutcome<T> = { ok: true; value: T } | { ok: false; issues: SceneIssue[]; superseded?: true }

export type EngineClient = {
  /** live: a newer live evaluate cancels this one (it then resolves with superseded). */
  evaluate: (scene: Scene, selection: Selection, live?: boolean) => Promise<EngineOutcome<Overlay>>
  rule: (scene: Scene, query: Query) => Promise<EngineOutcome<ResultDocument>>
  /** A terrain file (bundled or added) read, repaired and simplified at a scale, as the rules use it. */
  prepareMesh: (name: string, scale: number) => Promise<EngineOutcome<PreparedMeshReply>>
  /** A planning ask (reach, a spot, threat bands, exposure); a newer ask of the same kind supersedes it while it waits. */
  plan: (scene: Scene, ask: PlanAsk) => Promise<EngineOutcome<PlanAnswer>>
  dispose: () => void
}

/** How long a request may go unanswered before the worker is taken to be stuck (ms). */
export const ENGINE_ANSWER_MS = 90_000

export function createEngineClient(answerMs = ENGINE_ANSWER_MS): EngineClient {
  const calls = createWorkerRequests<EngineReply>(() => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' }), {
    answerMs,
    crashed: (m) => `the engine worker failed: ${m}`,
    stuck: `the engine did not answer within ${Math.round(answerMs / 1000)} s and was restarted (a terrain file too complex to read?); nothing changed`,
  })
  const send = (kind: EngineReply['kind'], make: (requestId: number) => EngineRequest): Promise<EngineReply> =>
    // terrain files the player added go along, so the worker can read the ones the scene names
    calls.send((requestId) => ({ ...make(requestId), meshFiles: userMeshUrls() }), (requestId, message) => ({ kind, requestId, ok: false, issues: [{ path: '', message }] }))
  return {
    evaluate: async (scene, selection, live = false) => {
      const r = await send('evaluated', (requestId) => ({ kind: 'evaluate', requestId, scene, selection, ...(live ? { live } : {}) }))
      if (!r.ok) return { ok: false, issues: r.issues, ...(r.superseded ? { superseded: r.superseded } : {}) }
      return r.kind === 'evaluated' ? { ok: true, value: r.overlay } : { ok: false, issues: [{ path: '', message: 'unexpected reply' }] }
    },
    rule: async (scene, query) => {
      const r = await send('ruled', (requestId) => ({ kind: 'rule', requestId, scene, query }))
      if (!r.ok) return { ok: false, issues: r.issues }
      return r.kind === 'ruled' ? { ok: true, value: r.document } : { ok: false, issues: [{ path: '', message: 'unexpected reply' }] }
    },
    prepareMesh: async (name, scale) => {
      const r = await send('preparedMesh', (requestId) => ({ kind: 'prepareMesh', requestId, name, scale }))
      if (!r.ok) return { ok: false, issues: r.issues }
      return r.kind === 'preparedMesh' ? { ok: true, value: r.mesh } : { ok: false, issues: [{ path: '', message: 'unexpected reply' }] }
    },
    plan: async (scene, ask) => {
      const r = await send('planned', (requestId) => ({ kind: 'plan', requestId, scene, ask }))
      if (!r.ok) return { ok: false, issues: r.issues, ...(r.superseded ? { superseded: r.superseded } : {}) }
      return r.kind === 'planned' ? { ok: true, value: r.answer } : { ok: false, issues: [{ path: '', message: 'unexpected reply' }] }
    },
    dispose: () => calls.dispose('the engine was closed'),
  }
}
