// The planner's table survives a reload (localStorage): nothing placed by hand is lost.
import type { Scene } from '../../engine/index.ts'
import type { AppStore } from './store.ts'

const KEY = 'tabletop-ar/planner-scene'
const SAVE_DELAY_MS = 300

/** The saved table, if any and if it still looks like a scene (the engine validates it fully). */
export function savedScene(): Scene | null {
  try {
    const text = localStorage.getItem(KEY)
    if (!text) return null
    const raw = JSON.parse(text) as unknown
    return typeof raw === 'object' && raw !== null && (raw as { format?: unknown }).format === 'tabletop-scene/1' ? (raw as Scene) : null
  } catch {
    return null
  }
}

export function persistScene(store: AppStore): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  let last = store.getState().scene
  return store.subscribe((s) => {
    if (s.scene === last) return
    last = s.scene
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      try {
        localStorage.setItem(KEY, JSON.stringify(store.getState().scene))
      } catch {
        // Storage full or disabled: the table still works, it just will not survive a reload.
      }
    }, SAVE_DELAY_MS)
  })
}
