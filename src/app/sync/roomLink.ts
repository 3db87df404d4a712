// The room named in the page's address: a small module of its own, so start-up can tell whether a
// room is wanted without loading Yjs and the Hocuspocus provider (they load only when one is).
export type RoomLink = { roomId: string; key: string }

/** `?room=<id>#key=<key>` from the page's address, or null. */
export function roomLinkFromLocation(loc: Pick<Location, 'search' | 'hash'>): RoomLink | null {
  const roomId = new URLSearchParams(loc.search).get('room')
  const key = new URLSearchParams(loc.hash.replace(/^#/, '')).get('key')
  return roomId && /^[a-z0-9]{12,40}$/.test(roomId) && key ? { roomId, key } : null
}
