// The embedded registry of rooms and their keys (the default, no configuration): one JSON file per
// room under <dataDir>/rooms/ (`tabletop-room/1`: id, created, the two key digests), so several
// server processes on one machine (the Redis scale-out) and the CLI (`room create`) share it without
// a database. With DATABASE_URL the rooms live in PostgreSQL instead (postgres/postgresStorage.ts).
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type RoomKeyDigests, type RoomKeys, type RoomRole, isRoomId, newRoomKeys, roleOfKey } from './roomKeys.ts'

export { type RoomKeys, type RoomRole, isRoomId, roomLinks } from './roomKeys.ts'

/** A room file as written since the first shared-table release. */
export type RoomFile = { format: 'tabletop-room/1'; roomId: string; createdAt: string; editKeySha256: string; viewKeySha256: string }

export class RoomRegistry {
  readonly dir: string
  constructor(dataDir: string) {
    this.dir = join(dataDir, 'rooms')
    mkdirSync(this.dir, { recursive: true })
  }

  create(nowIso: string = new Date().toISOString()): RoomKeys {
    const { keys, digests } = newRoomKeys()
    const file: RoomFile = { format: 'tabletop-room/1', roomId: keys.roomId, createdAt: nowIso, editKeySha256: digests.edit.toString('hex'), viewKeySha256: digests.view.toString('hex') }
    const path = join(this.dir, `${keys.roomId}.json`)
    writeFileSync(`${path}.tmp`, JSON.stringify(file, null, 2) + '\n', { mode: 0o600 })
    renameSync(`${path}.tmp`, path)
    return keys
  }

  /** The room's file, or null (unknown id, unreadable or not a room file). */
  read(roomId: string): RoomFile | null {
    if (!isRoomId(roomId)) return null
    try {
      const f = JSON.parse(readFileSync(join(this.dir, `${roomId}.json`), 'utf8')) as RoomFile
      return f.format === 'tabletop-room/1' && f.roomId === roomId ? f : null
    } catch {
      return null
    }
  }

  /** Every room id with a file here (for the import into PostgreSQL). */
  list(): string[] {
    return readdirSync(this.dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)).filter(isRoomId).sort()
  }

  exists(roomId: string): boolean {
    return this.read(roomId) !== null
  }

  /** Which role this key opens in this room, or null. */
  roleOf(roomId: string, key: unknown): RoomRole | null {
    const room = this.read(roomId)
    return room ? roleOfKey(digestsOf(room), key) : null
  }
}

export function digestsOf(room: RoomFile): RoomKeyDigests {
  return { edit: Buffer.from(room.editKeySha256, 'hex'), view: Buffer.from(room.viewKeySha256, 'hex') }
}
