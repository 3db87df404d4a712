// The game on this device survives a reload (issue 33): the game in play is kept in IndexedDB (a
// database of its own beside the ruling history's), saved a moment after each change; the one in play
// is named in localStorage. A game replaced by an import stays stored under its id, so "undo the
// import" finds it. A room's game lives in the room (y-indexeddb keeps it offline), not here.
import { type IDBPDatabase, openDB } from 'idb'
import type { GameRecord } from './gameRecord.ts'

const DB_NAME = 'tabletop-ar-games'
const STORE = 'games'
const CURRENT_KEY = 'tabletop-ar/current-game'

let dbPromise: Promise<IDBPDatabase> | null = null

function db(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore(STORE, { keyPath: 'id' })
    },
  })
  return dbPromise
}

export async function saveGame(game: GameRecord): Promise<void> {
  await (await db()).put(STORE, game)
}

export async function loadGame(id: string): Promise<GameRecord | null> {
  return ((await (await db()).get(STORE, id)) as GameRecord | undefined) ?? null
}

/** The game in play on this device (null: none), by its id. */
export function currentGameId(): string | null {
  try {
    return localStorage.getItem(CURRENT_KEY)
  } catch {
    return null
  }
}

export function setCurrentGameId(id: string | null): void {
  try {
    if (id) localStorage.setItem(CURRENT_KEY, id)
    else localStorage.removeItem(CURRENT_KEY)
  } catch {
    // storage disabled: the game works, it only does not survive a reload (said when it is saved)
  }
}
