// The ruling history in IndexedDB: survives reloads and going offline. When IndexedDB is not
// available (private windows, old browsers) the caller keeps the history in memory and says so.
import { type IDBPDatabase, openDB } from 'idb'
import type { RulingRecord } from './rulingRecord.ts'

const DB_NAME = 'tabletop-ar'
const STORE = 'rulings'

let dbPromise: Promise<IDBPDatabase> | null = null

function db(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(DB_NAME, 1, {
    upgrade(d) {
      const store = d.createObjectStore(STORE, { keyPath: 'id' })
      store.createIndex('createdAt', 'createdAt')
    },
  })
  return dbPromise
}

export async function saveRuling(record: RulingRecord): Promise<void> {
  await (await db()).put(STORE, record)
}

/** Newest first. */
export async function listRulings(): Promise<RulingRecord[]> {
  const all = (await (await db()).getAllFromIndex(STORE, 'createdAt')) as RulingRecord[]
  return all.reverse()
}

export async function deleteRuling(id: string): Promise<void> {
  await (await db()).delete(STORE, id)
}
