// Moves logged as they happen (issue 33). With the camera (or a photo, or AR) tracking the table on
// this device, the tracked models go through the MoveWatcher a few times a second; a move that ends
// for a model acting now is logged as `tracked` with the tracker's 1-sigma and measured by the game
// (a prompt over the camera view says "moved 6.5″ of 6″"); a model moved outside its activation is
// not logged on its own: the player says whether it was a move or a knock (then the ghost shows where
// it stood). In the planner, a model dragged and let go is logged as `dragged`. Only the device that
// moves or tracks the models logs their moves (the others see them through the room).
import type { Scene } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import type { AppStore } from '../state/store.ts'
import { useSync } from '../sync/syncStore.ts'
import { modelNames } from '../format/names.ts'
import { formatLength } from '../format/formatFigures.ts'
import { type GamePlace, type MoveSeen, type WatchedModel, MoveWatcher } from './moveWatcher.ts'
import { actsNow } from './gameTurn.ts'
import { logMove, placedByApp, rewindTo, setMoveFlush } from './gameActions.ts'
import type { GameView } from './gameView.ts'

const LOOK_EVERY_MS = 250
/** A drag shorter than this is a tap (a pick), not a move, mm. */
const DRAG_MIN_MM = 0.5

function placesOf(view: GameView): Map<string, GamePlace> {
  const out = new Map<string, GamePlace>()
  for (const m of view.state.models) if (!m.removed) out.set(m.id, { position: m.position, sigmaMm: m.uncertaintyMm })
  return out
}

function tracking(store: AppStore): boolean {
  const s = store.getState()
  return s.mode !== 'planner' && s.tracking.state === 'running' && s.tracking.tableLocked
}

function watched(scene: Scene, placed: ReadonlySet<string>, held: ReadonlySet<string>): WatchedModel[] {
  return scene.models
    .filter((m) => placed.has(m.id) || held.has(m.id))
    .map((m) => ({ id: m.id, position: m.position, facing: m.facing ?? 0, sigmaMm: m.uncertainty ?? 0 }))
}

export function startMoveLogging(store: AppStore = useApp): () => void {
  const watcher = new MoveWatcher()
  let timer: ReturnType<typeof setInterval> | null = null

  const ready = () => {
    const s = store.getState()
    return s.game && s.gameView && s.gameView.id === s.game.id && useSync.getState().role !== 'view' ? s.gameView : null
  }

  const onMove = async (mv: MoveSeen, view: GameView) => {
    const s = store.getState()
    if (actsNow(view.state, view.decl, mv.model)) {
      await logMove(mv.model, mv.to, 'tracked', { uncertaintyMm: mv.sigmaMm, facing: mv.facing })
      return
    }
    const name = modelNames(s.evaluation.overlay, s.scene.models)[mv.model] ?? mv.model
    const lastSeq = view.events.length
    s.notify({
      level: 'warning',
      text: `${name} moved ${formatLength(mv.distanceMm, s.units)} outside its activation.`,
      about: `move-outside-${mv.model}`,
      actions: [
        { label: 'Log the move', run: () => void logMove(mv.model, mv.to, 'tracked', { uncertaintyMm: mv.sigmaMm, facing: mv.facing }) },
        { label: 'It was knocked: show where it stood', run: () => void rewindTo(lastSeq) },
      ],
    })
  }

  const look = () => {
    const view = ready()
    if (!view || !tracking(store)) return
    const s = store.getState()
    const held = new Set(s.tracking.heldModels ?? [])
    const models = watched(s.scene, new Set(s.tracking.placedModels ?? []), held)
    for (const mv of watcher.update(performance.now(), models, held, placesOf(view))) void onMove(mv, view)
  }

  setMoveFlush(async () => {
    const view = ready()
    if (!view || !tracking(store)) return
    const s = store.getState()
    const held = new Set(s.tracking.heldModels ?? [])
    for (const mv of watcher.flush(watched(s.scene, new Set(s.tracking.placedModels ?? []), held), placesOf(view))) await onMove(mv, view)
  })

  const unsubscribe = store.subscribe((s, prev) => {
    const on = s.game !== null && tracking(store)
    if (on && !timer) timer = setInterval(look, LOOK_EVERY_MS)
    if (!on && timer) {
      clearInterval(timer)
      timer = null
    }
    if (on && (s.scene !== prev.scene || s.tracking.heldModels !== prev.tracking.heldModels)) look()
  })

  // The planner: a model dragged and let go.
  let before: Map<string, [number, number]> | null = null
  let downAt = 0
  const positions = () => new Map(store.getState().scene.models.map((m) => [m.id, [m.position[0], m.position[1]] as [number, number]]))
  const down = () => {
    before = store.getState().mode === 'planner' && ready() ? positions() : null
    downAt = performance.now()
  }
  const up = () => {
    const was = before
    const since = downAt
    before = null
    if (!was) return
    // After the drag's last scene edit has landed (and the click this press makes, which may be the app's own "put back").
    setTimeout(() => {
      const view = ready()
      if (!view || placedByApp() >= since) return
      const places = placesOf(view)
      for (const m of store.getState().scene.models) {
        const b = was.get(m.id)
        const p = places.get(m.id)
        if (!b || !p) continue
        const moved = Math.hypot(m.position[0] - b[0], m.position[1] - b[1]) > DRAG_MIN_MM
        const off = Math.hypot(m.position[0] - p.position[0], m.position[1] - p.position[1]) > DRAG_MIN_MM
        if (moved && off) void logMove(m.id, [m.position[0], m.position[1]], 'dragged', { facing: m.facing ?? 0 })
      }
    }, 0)
  }
  window.addEventListener('pointerdown', down, true)
  window.addEventListener('pointerup', up, true)
  window.addEventListener('pointercancel', up, true)

  return () => {
    unsubscribe()
    if (timer) clearInterval(timer)
    window.removeEventListener('pointerdown', down, true)
    window.removeEventListener('pointerup', up, true)
    window.removeEventListener('pointercancel', up, true)
    setMoveFlush(async () => undefined)
  }
}
