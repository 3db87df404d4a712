// The main thread's handle on the engine worker: request/reply by id, one promise per request.
import type { Query, ResultDocument, Scene, SceneIssue } from '../../engine/index.ts'
import type { EngineReply, EngineRequest, Overlay, Selection } from './protocol.ts'
import { userMeshUrls } from './meshFiles.ts'

export type EngineOutcome<T> = { ok: true; value: T } | { ok: false; issues: SceneIssue[]; superseded?: true }

export type EngineClient = {
  /** live: a newer live evaluate cancels this one (it then resolves with superseded). */
  evaluate: (scene: Scene, selection: Selection, live?: boolean) => Promise<EngineOutcome<Overlay>>
  rule: (scene: Scene, query: Query) => Promise<EngineOutcome<ResultDocument>>
  dispose: () => void
}

type Pending = (reply: EngineReply) => void

export function createEngineClient(): EngineClient {
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' })
  const pending = new Map<number, Pending>()
  let nextId = 1
  worker.onmessage = (event: MessageEvent<EngineReply>) => {
    const done = pending.get(event.data.requestId)
    pending.delete(event.data.requestId)
    done?.(event.data)
  }
  worker.onerror = (event) => {
    // A crashed worker must not leave the UI waiting forever: fail every open request.
    const issues = [{ path: '', message: `the engine worker failed: ${event.message || 'unknown error'}` }]
    for (const [id, done] of pending) done({ kind: 'evaluated', requestId: id, ok: false, issues })
    pending.clear()
  }
  const send = (make: (requestId: number) => EngineRequest): Promise<EngineReply> =>
    new Promise((resolve) => {
      const requestId = nextId++
      pending.set(requestId, resolve)
      // terrain files the player added go along, so the worker can read the ones the scene names
      worker.postMessage({ ...make(requestId), meshFiles: userMeshUrls() })
    })
  return {
    evaluate: async (scene, selection, live = false) => {
      const r = await send((requestId) => ({ kind: 'evaluate', requestId, scene, selection, ...(live ? { live } : {}) }))
      if (!r.ok) return { ok: false, issues: r.issues, ...(r.superseded ? { superseded: r.superseded } : {}) }
      return r.kind === 'evaluated' ? { ok: true, value: r.overlay } : { ok: false, issues: [{ path: '', message: 'unexpected reply' }] }
    },
    rule: async (scene, query) => {
      const r = await send((requestId) => ({ kind: 'rule', requestId, scene, query }))
      if (!r.ok) return { ok: false, issues: r.issues }
      return r.kind === 'ruled' ? { ok: true, value: r.document } : { ok: false, issues: [{ path: '', message: 'unexpected reply' }] }
    },
    dispose: () => worker.terminate(),
  }
}
