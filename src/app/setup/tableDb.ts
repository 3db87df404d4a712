// The player's saved tables in IndexedDB (their own database, so the ruling history's is never
// upgraded under it): one record per table, the table file's document as it was saved. Reading never
// trusts a record: each is validated as a table file, and one that is not is reported with its problem
// and kept untouched (the player can download it as it is, or delete it), never fatal to the others.
import { type IDBPDatabase, openDB } from 'idb'
import { type TableFile, parseTableFile } from './tableFile.ts'

const DB_NAME = 'tabletop-ar-tables'
const STORE = 'tables'

type StoredTable = { id: string; savedAt: string; doc: unknown }
export type SavedTable = { id: string; table: TableFile }
export type DamagedTable = { id: string; name: string | null; problem: string; raw: unknown }

let dbPromise: Promise<IDBPDatabase> | null = null

function db(): Promise<IDBPDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('this browser keeps no local database here (IndexedDB is off, e.g. in a private window): export your table as a file to keep it'))
  dbPromise ??= openDB(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore(STORE, { keyPath: 'id' })
    },
  }).catch((e: unknown) => {
    dbPromise = null
    throw new Error(`the local database could not open (${e instanceof Error ? e.message : String(e)})`)
  })
  return dbPromise
}

export function newTableId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `t-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

function readRecord(rec: unknown): SavedTable | DamagedTable {
  const r = rec as Partial<StoredTable> | null
  const id = typeof r?.id === 'string' ? r.id : String(r?.id)
  const nameOf = (raw: unknown) => (typeof (raw as { name?: unknown } | null)?.name === 'string' ? (raw as { name: string }).name : null)
  try {
    return { id, table: parseTableFile(r?.doc) }
  } catch (e) {
    return { id, name: nameOf(r?.doc), problem: e instanceof Error ? e.message : String(e), raw: r?.doc ?? rec }
  }
}

export const isDamaged = (t: SavedTable | DamagedTable): t is DamagedTable => 'problem' in t

/** Every saved table, newest first; records that are not valid tables come back apart, with their problem. */
export async function listTables(): Promise<{ tables: SavedTable[]; damaged: DamagedTable[] }> {
  const all = (await (await db()).getAll(STORE)) as unknown[]
  const read = all.map(readRecord)
  const tables = read.filter((t): t is SavedTable => !isDamaged(t)).sort((a, b) => (b.table.savedAt ?? '').localeCompare(a.table.savedAt ?? ''))
  return { tables, damaged: read.filter(isDamaged) }
}

export async function getTable(id: string): Promise<SavedTable | DamagedTable | null> {
  const rec = (await (await db()).get(STORE, id)) as unknown
  return rec === undefined ? null : readRecord(rec)
}

export async function putTable(id: string, table: TableFile): Promise<void> {
  const rec: StoredTable = { id, savedAt: table.savedAt ?? new Date().toISOString(), doc: JSON.parse(JSON.stringify(table)) as unknown }
  await (await db()).put(STORE, rec)
}

export async function deleteTable(id: string): Promise<void> {
  await (await db()).delete(STORE, id)
}
