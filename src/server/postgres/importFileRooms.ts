// `cli room import`: the rooms of a data folder (the embedded store: <data>/rooms/*.json and every
// instance's <data>/docs/*/<id>.ylog) into PostgreSQL, so an operator moving to DATABASE_URL keeps
// every table and every link. Each room keeps its id, its created time and its key digests (the
// links already handed out go on working); its document is every log merged, written as one update
// through the same path a host writes (numbered under the room's lock). Safe to run again, and
// while hosts serve the rooms: a room already in the database keeps its keys (a room whose keys
// differ is reported, not changed) and gets the files' document merged in (Yjs merges are idempotent).
import { existsSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import * as Y from 'yjs'
import { RoomRegistry, digestsOf } from '../roomRegistry.ts'
import { roomLogUpdates } from '../roomStore.ts'
import { migrate } from './migrations.ts'
import { RoomDatabase } from './roomDatabase.ts'
import { UpdateWriter } from './updateWriter.ts'

export type ImportReport = {
  /** Rooms added to the database. */
  imported: string[]
  /** Rooms that were there already (their document merged with the files'). */
  merged: string[]
  /** Rooms in the database whose key digests differ from the files': the database's keys were kept. */
  keysDiffer: string[]
  /** Room files that could not be read (not `tabletop-room/1`). */
  unreadable: string[]
  /** Log records that are not Yjs updates (skipped, as the file store skips them when loading). */
  damagedRecords: number
  documentBytes: number
}

export async function importFileRooms(dataDir: string, databaseUrl: string, log: (line: string) => void = () => undefined): Promise<ImportReport> {
  if (!existsSync(join(dataDir, 'rooms'))) throw new Error(`${dataDir} holds no rooms (no rooms/ folder): give the data folder of the files store with --data`)
  const registry = new RoomRegistry(dataDir)
  const db = new RoomDatabase({ url: databaseUrl, storeWaitMs: 10_000, log })
  const writer = new UpdateWriter(db, `import-${hostname()}`, log)
  const report: ImportReport = { imported: [], merged: [], keysDiffer: [], unreadable: [], damagedRecords: 0, documentBytes: 0 }
  try {
    await db.retry('the room database', () => migrate(db, log))
    for (const roomId of registry.list()) {
      const file = registry.read(roomId)
      if (!file) {
        report.unreadable.push(roomId)
        continue
      }
      const digests = digestsOf(file)
      const inserted = await db.retry(`importing room ${roomId}`, () =>
        db.transaction(async (c) => {
          const room = await c.query('INSERT INTO tabletop_rooms (room_id, created_at) VALUES ($1, $2) ON CONFLICT (room_id) DO NOTHING RETURNING room_id', [roomId, file.createdAt])
          await c.query("INSERT INTO tabletop_room_keys (room_id, role, key_sha256, created_at) VALUES ($1, 'edit', $2, $4), ($1, 'view', $3, $4) ON CONFLICT (room_id, role) DO NOTHING", [roomId, digests.edit, digests.view, file.createdAt])
          const keys = await c.query<{ role: string; key_sha256: Buffer }>('SELECT role, key_sha256 FROM tabletop_room_keys WHERE room_id = $1', [roomId])
          const same = keys.rows.length === 2 && keys.rows.every((k) => k.key_sha256.equals(k.role === 'edit' ? digests.edit : digests.view))
          return { fresh: room.rowCount === 1, same }
        }),
      )
      ;(inserted.fresh ? report.imported : report.merged).push(roomId)
      if (!inserted.same) report.keysDiffer.push(roomId)
      const doc = new Y.Doc()
      for (const u of roomLogUpdates(join(dataDir, 'docs'), roomId)) {
        try {
          Y.applyUpdate(doc, u)
        } catch {
          report.damagedRecords += 1
        }
      }
      const state = Y.encodeStateAsUpdate(doc)
      doc.destroy()
      if (state.length > 2) {
        await writer.write(roomId, state, report)
        report.documentBytes += state.length
      }
    }
    await writer.drain()
    return report
  } finally {
    await db.close()
  }
}
