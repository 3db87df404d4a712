// Start-up: join the room named in the address (?room=…#key=…), if any, and expose it to browser
// tests (read-only use: the shared document and provider).
import { joinRoom, publishViewLink, roomLinkFromLocation } from './roomSession.ts'
import { useSync } from './syncStore.ts'

declare global {
  interface Window {
    __tabletopSync?: ReturnType<typeof joinRoom>
  }
}

export function startRoomFromLocation(): void {
  const link = roomLinkFromLocation(location)
  if (!link) return
  const session = joinRoom(link, location)
  window.__tabletopSync = session
  const viewKey = `tabletop-new-room-view-${link.roomId}`
  const viewLink = sessionStorage.getItem(viewKey)
  if (viewLink) {
    useSync.getState().set({ viewLink })
    session.provider.on('synced', () => {
      publishViewLink(session.doc, viewLink)
      sessionStorage.removeItem(viewKey)
    })
  }
}
