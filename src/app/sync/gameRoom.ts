// The game shared in a room (issue 33): the room's document (gameDoc.ts) and the app's store kept in
// step both ways, as roomSession.ts does for the table — a game logged here goes into the room (not
// from a view link: the server would refuse it), a game changed elsewhere comes into the store, and
// the store always holds the room's order of the entries (the order every device folds). The room
// keeps the game (the server, and y-indexeddb offline), so this device's own store of games is not used.
// Points every side has confirmed, on two phones at the same moment, are logged by whichever sees it
// first (their entries have one uid each, so the second write is the same entry and counts once).
import type * as Y from 'yjs'
import { useApp } from '../state/appStore.ts'
import { useSync } from './syncStore.ts'
import { readGame, writeGame } from './gameDoc.ts'
import { setGameInRoom } from '../game/gameLoop.ts'
import { logScores } from '../game/gameActions.ts'
import type { GameRecord } from '../game/gameRecord.ts'

const LOCAL = 'tabletop-local-game'

const sameGame = (a: GameRecord | null, b: GameRecord | null) => JSON.stringify(a) === JSON.stringify(b)

export type GameRoomBinding = {
  /** The room's first state is in: a room with a game shows it; an empty room gets this device's game. */
  join: () => void
  leave: () => void
}

export function bindGameToRoom(doc: Y.Doc): GameRoomBinding {
  setGameInRoom(true)
  const canWrite = () => useSync.getState().role !== 'view'
  let joined = false
  let applying = false

  const fromRoom = () => {
    const shared = readGame(doc)
    const store = useApp.getState()
    if (!sameGame(shared, store.game)) {
      applying = true
      store.setGame(shared)
      applying = false
    }
    logConfirmedScores()
  }

  const logConfirmedScores = () => {
    const s = useApp.getState()
    const sc = s.game?.pending.score
    const sides = s.gameView?.sides ?? []
    if (sc && canWrite() && sides.length && sides.every((x) => sc.confirmedBy.includes(x))) void logScores(sc, sc.confirmedBy)
  }

  const onTransaction = (tr: Y.Transaction) => {
    if (tr.origin !== LOCAL && joined) fromRoom()
  }
  doc.on('afterTransaction', onTransaction)

  const unsubscribe = useApp.subscribe((s, prev) => {
    if (s.game === prev.game || applying || !joined || !canWrite()) return
    writeGame(doc, s.game, LOCAL)
    // The room's order wins (entries another device appended at the same time come first for everyone).
    const back = readGame(doc)
    if (!sameGame(back, useApp.getState().game)) {
      applying = true
      useApp.getState().setGame(back)
      applying = false
    }
  })

  return {
    join: () => {
      if (joined) return
      joined = true
      if (readGame(doc)) fromRoom()
      else if (canWrite() && useApp.getState().game) writeGame(doc, useApp.getState().game, LOCAL)
    },
    leave: () => {
      unsubscribe()
      doc.off('afterTransaction', onTransaction)
      setGameInRoom(false)
    },
  }
}
