// Start-up: join the room named in the address (?room=…#key=…), if any, and expose it to browser
// tests (read-only use: the shared document and provider).
import type { joinRoom } from './roomSession.ts'
import { type RoomLink, roomLinkFromLocation } from './roomLink.ts'
import { useSync } from './syncStore.ts'

declare global {
  interface Window {
    __tabletopSync?: ReturnType<typeof joinRoom>
  }
}

export function startRoomFromLocation(): void {
  const link = roomLinkFromLocation(location)
  if (!link) return
  // Yjs, y-indexeddb and the provider are fetched only when the address names a room
  void import('./roomSession.ts').then((room) => joinFrom(link, room))
}

function joinFrom(link: RoomLink, room: typeof import('./roomSession.ts')): void {
  const session = room.joinRoom(link, location)
  window.__tabletopSync = session
  const viewKey = `tabletop-new-room-view-${link.roomId}`
  const viewLink = sessionStorage.getItem(viewKey)
  if (viewLink) {
    useSync.getState().set({ viewLink })
    session.provider.on('synced', () => {
      room.publishViewLink(session.doc, viewLink)
      sessionStorage.removeItem(viewKey)
    })
  }
}
