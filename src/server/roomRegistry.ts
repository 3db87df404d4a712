// Rooms and their two keys. A room is one shared table; its edit key lets a device change the table,
// its view key only lets it watch. Keys are 32 random bytes (base64url), handed out once in the
// links and stored only as SHA-256 digests, compared in constant time; they never appear in a log.
// One JSON file per room under <dataDir>/rooms/, so several server processes on one machine (the
// Redis scale-out) and the CLI (`room create`) share the same registry without a database.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export type RoomRole = 'edit' | 'view'
export type RoomKeys = { roomId: string; editKey: string; viewKey: string }
type RoomFile = { format: 'tabletop-room/1'; roomId: string; createdAt: string; editKeySha256: string; viewKeySha256: string }

const ROOM_ID = /^[a-z0-9]{12,40}$/

export function isRoomId(s: string): boolean {
  return ROOM_ID.test(s)
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest()
}

export class RoomRegistry {
  readonly dir: string
  constructor(dataDir: string) {
    this.dir = join(dataDir, 'rooms')
    mkdirSync(this.dir, { recursive: true })
  }

  create(nowIso: string = new Date().toISOString()): RoomKeys {
    // 80 bits of room id (base36, lower case: safe in a path and a URL) and 256-bit keys.
    const roomId = BigInt('0x' + randomBytes(10).toString('hex')).toString(36).padStart(16, '0')
    const editKey = randomBytes(32).toString('base64url')
    const viewKey = randomBytes(32).toString('base64url')
    const file: RoomFile = { format: 'tabletop-room/1', roomId, createdAt: nowIso, editKeySha256: digest(editKey).toString('hex'), viewKeySha256: digest(viewKey).toString('hex') }
    const path = join(this.dir, `${roomId}.json`)
    writeFileSync(`${path}.tmp`, JSON.stringify(file, null, 2) + '\n', { mode: 0o600 })
    renameSync(`${path}.tmp`, path)
    return { roomId, editKey, viewKey }
  }

  private read(roomId: string): RoomFile | null {
    if (!isRoomId(roomId)) return null
    try {
      const f = JSON.parse(readFileSync(join(this.dir, `${roomId}.json`), 'utf8')) as RoomFile
      return f.format === 'tabletop-room/1' ? f : null
    } catch {
      return null
    }
  }

  exists(roomId: string): boolean {
    return this.read(roomId) !== null
  }

  /** Which role this key opens in this room, or null. Both digests are always compared (constant time). */
  roleOf(roomId: string, key: unknown): RoomRole | null {
    const room = this.read(roomId)
    if (!room || typeof key !== 'string' || key.length === 0 || key.length > 200) return null
    const given = digest(key)
    const edit = timingSafeEqual(given, Buffer.from(room.editKeySha256, 'hex'))
    const view = timingSafeEqual(given, Buffer.from(room.viewKeySha256, 'hex'))
    return edit ? 'edit' : view ? 'view' : null
  }
}

/** The two links of a room: the key rides in the fragment, which browsers never send to a server. */
export function roomLinks(baseUrl: string, keys: RoomKeys): { roomId: string; editLink: string; viewLink: string } {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`
  return {
    roomId: keys.roomId,
    editLink: `${base}?room=${keys.roomId}#key=${keys.editKey}`,
    viewLink: `${base}?room=${keys.roomId}#key=${keys.viewKey}`,
  }
}
