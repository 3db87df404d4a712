// Keeps the overlay in step with the scene and the selection, at human pace: changes are debounced,
// at most one evaluation is in flight, and only the newest state is evaluated when it returns.
import type { EngineClient } from './engineClient.ts'
import type { AppStore } from '../state/store.ts'
import type { Selection } from './protocol.ts'

const DEBOUNCE_MS = 40

export function startEvaluationLoop(store: AppStore, engine: EngineClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  let inFlight = false
  let dirty = false

  const selectionOf = (): Selection => {
    const s = store.getState()
    return { attackerId: s.attackerId, weaponId: s.weaponId, targetId: s.targetId, rays: s.showRays }
  }
  const keyOf = () => {
    const s = store.getState()
    return `${s.sceneRev}|${s.attackerId}|${s.weaponId}|${s.targetId}|${s.showRays}`
  }

  const run = async () => {
    if (inFlight) {
      dirty = true
      return
    }
    inFlight = true
    dirty = false
    const { scene, sceneRev } = store.getState()
    store.getState().markPending()
    const r = await engine.evaluate(scene, selectionOf())
    store.getState().setEvaluation(
      r.ok ? { status: 'ok', overlay: r.value, issues: [], sceneRev } : { status: 'error', overlay: null, issues: r.issues, sceneRev },
    )
    inFlight = false
    if (dirty) void run()
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
