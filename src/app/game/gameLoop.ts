// The game kept in step (issue 33): whenever the game changes (an event logged here, or entries
// merged in from the room) the worker folds it and the view lands in the store — only the view of the
// newest revision; the state goes onto the live table (projectState.ts) so the card's rulings read it;
// a game on this device (not a room's) is saved a moment later, and comes back after a reload.
import { useApp } from '../state/appStore.ts'
import type { AppStore } from '../state/store.ts'
import { gameWorker } from './gameClient.ts'
import { projectGameState } from './projectState.ts'
import { currentGameId, loadGame, saveGame, setCurrentGameId } from './gameDb.ts'
import type { GameRecord } from './gameRecord.ts'
import { loadRole, saveRole } from './gameRole.ts'

const SAVE_DELAY_MS = 300

declare global {
  interface Window {
    /** Read-only for browser tests: the game as kept, and the worker's view of it (copies). */
    __tabletopGame?: { game: () => GameRecord | null; view: () => import('./gameView.ts').GameView | null }
  }
}

/** Whether the game is shared through a room (the room keeps it; this device's store does not). */
let inRoom = false
export function setGameInRoom(on: boolean): void {
  inRoom = on
}

export function startGameLoop(store: AppStore = useApp): () => void {
  if (typeof window !== 'undefined') window.__tabletopGame = { game: () => structuredClone(store.getState().game), view: () => structuredClone(store.getState().gameView) }
  let asked = -1
  let saveTimer: ReturnType<typeof setTimeout> | null = null
  let savedFailed = false

  const fold = async () => {
    const s = store.getState()
    const game = s.game
    const rev = s.gameRev
    if (!game) return
    asked = rev
    const r = await gameWorker().ask('view', { game: { id: game.id, head: game.head, entries: game.entries } })
    if (store.getState().gameRev !== rev) return // a newer revision is on its way
    if (r.ok) store.getState().setGameView(r.value, rev)
    else store.getState().setGameView(store.getState().gameView, rev, r.message)
  }

  const save = (game: GameRecord) => {
    if (saveTimer) clearTimeout(saveTimer)
    saveTimer = setTimeout(() => {
      saveGame(game).then(() => setCurrentGameId(game.id)).catch((e: unknown) => {
        if (savedFailed) return
        savedFailed = true
        store.getState().notify({ level: 'warning', text: `The game cannot be saved in this browser (${e instanceof Error ? e.message : String(e)}): it lasts while the page is open. Export the log to keep it.` })
      })
    }, SAVE_DELAY_MS)
  }

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.game !== prev.game) {
      if (s.game && s.gameRev !== asked) void fold()
      if (s.game && !inRoom) save(s.game)
      if (!s.game && prev.game && !inRoom) setCurrentGameId(null)
      if (s.game && s.game.id !== prev.game?.id) s.setGameRole(loadRole(s.game.id))
    }
    if (s.gameRole !== prev.gameRole && s.game) saveRole(s.game.id, s.gameRole)
    // The state onto the live table, when the view or the table changed.
    if (s.game && s.gameView && s.gameView.id === s.game.id && (s.gameView !== prev.gameView || s.scene !== prev.scene)) {
      const next = projectGameState(s.scene, s.game.head.scene, s.gameView.state)
      if (next !== s.scene) s.editScene(() => next, { undoable: false })
    }
  })
  return unsubscribe
}

/** The game this device was playing before the reload (not in a room: the room brings its own). */
export async function restoreGame(store: AppStore = useApp): Promise<void> {
  if (inRoom) return
  const id = currentGameId()
  if (!id) return
  try {
    const game = await loadGame(id)
    if (game && !store.getState().game && !inRoom) {
      store.getState().setGame(game)
      store.getState().notify({ level: 'info', text: `Your game is back: ${game.entries.length} event${game.entries.length === 1 ? '' : 's'} logged.` })
    }
  } catch (e) {
    store.getState().notify({ level: 'warning', text: `The game in play could not be read back (${e instanceof Error ? e.message : String(e)}). Open an exported log to go on.` })
  }
}
