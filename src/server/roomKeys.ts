// A room's identity and its two keys, whatever stores them. A room is one shared table; its edit key
// lets a device change the table, its view key only lets it watch. Keys are 32 random bytes
// (base64url), handed out once in the links and kept only as SHA-256 digests, compared in constant
// time; they never appear in a log.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

export type RoomRole = 'edit' | 'view'
export type RoomKeys = { roomId: string; editKey: string; viewKey: string }
/** What a store keeps of a room's keys: the digests, by role. */
export type RoomKeyDigests = Record<RoomRole, Buffer>

const ROOM_ID = /^[a-z0-9]{12,40}$/

export function isRoomId(s: string): boolean {
  return ROOM_ID.test(s)
}

export function keyDigest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest()
}

/** A new room: 80 bits of room id (base36, lower case: safe in a path and a URL) and 256-bit keys. */
export function newRoomKeys(): { keys: RoomKeys; digests: RoomKeyDigests } {
  const roomId = BigInt('0x' + randomBytes(10).toString('hex')).toString(36).padStart(16, '0')
  const editKey = randomBytes(32).toString('base64url')
  const viewKey = randomBytes(32).toString('base64url')
  return { keys: { roomId, editKey, viewKey }, digests: { edit: keyDigest(editKey), view: keyDigest(viewKey) } }
}

/** Which role this key opens, or null. Both digests are always compared (constant time). */
export function roleOfKey(digests: RoomKeyDigests, key: unknown): RoomRole | null {
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) return null
  const given = keyDigest(key)
  const edit = digests.edit.length === 32 && timingSafeEqual(given, digests.edit)
  const view = digests.view.length === 32 && timingSafeEqual(given, digests.view)
  return edit ? 'edit' : view ? 'view' : null
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
