// Keeps the overlay in step with the scene and the selection (a drag, the live camera): changes are
// debounced, and each goes to the worker as a live request at once. The worker cancels the one it
// is working on when a newer one comes (the latest scene wins) and keeps the sight lines it had
// finished; here only the newest request's reply is shown.
import type { EngineClient } from './engineClient.ts'
import type { AppStore } from '../state/store.ts'
import type { Selection } from './protocol.ts'

const DEBOUNCE_MS = 40

export function startEvaluationLoop(store: AppStore, engine: EngineClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  let latest = 0

  const selectionOf = (): Selection => {
    const s = store.getState()
    return { attackerId: s.attackerId, weaponId: s.weaponId, targetId: s.targetId, rays: s.showRays }
  }
  const keyOf = () => {
    const s = store.getState()
    return `${s.sceneRev}|${s.attackerId}|${s.weaponId}|${s.targetId}|${s.showRays}`
  }

  const run = async () => {
    const request = ++latest
    const { scene, sceneRev } = store.getState()
    store.getState().markPending()
    const r = await engine.evaluate(scene, selectionOf(), true)
    if (request !== latest || (!r.ok && r.superseded)) return
    store.getState().setEvaluation(
      r.ok ? { status: 'ok', overlay: r.value, issues: [], sceneRev } : { status: 'error', overlay: null, issues: r.issues, sceneRev },
    )
  }

  let lastKey = ''
  const unsubscribe = store.subscribe(() => {
    const key = keyOf()
    if (key === lastKey) return
    lastKey = key
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => void run(), DEBOUNCE_MS)
  })
  lastKey = keyOf()
  void run()
  return () => {
    unsubscribe()
    if (timer) clearTimeout(timer)
  }
}
