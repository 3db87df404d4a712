// The embedded store (the default: `npm start` with no configuration): rooms and key digests as JSON
// files, each room's updates appended to a log before they are acknowledged (roomStore.ts), the
// room-creation limit in this process's memory. Several processes on one machine share the folder.
import type { Extension } from '@hocuspocus/server'
import { RoomRegistry } from './roomRegistry.ts'
import { RoomStore } from './roomStore.ts'
import { RoomCreationLimit } from './roomCreationLimit.ts'
import type { RoomStorage, RoomStorageOptions } from './roomStorage.ts'

export function openFileStorage(opts: Pick<RoomStorageOptions, 'dataDir' | 'instance' | 'roomCreation'>): RoomStorage {
  const registry = new RoomRegistry(opts.dataDir)
  const store = new RoomStore({ dataDir: opts.dataDir, instance: opts.instance })
  const limit = new RoomCreationLimit(opts.roomCreation)
  const extension: Extension = {
    async onLoadDocument({ document, documentName }) {
      store.load(documentName, document)
      // Appended synchronously inside the update event, i.e. before Hocuspocus acknowledges it.
      document.on('update', (update: Uint8Array) => store.append(documentName, update))
    },
    async afterUnloadDocument({ documentName, instance }) {
      // Not if the room was opened again meanwhile (a client reconnecting as it unloaded): its log stays open.
      if (!instance.documents.has(documentName) && !instance.loadingDocuments.has(documentName)) store.close(documentName)
    },
  }
  return {
    kind: 'files',
    extension,
    createRoom: async () => registry.create(),
    roleOf: async (roomId, key) => registry.roleOf(roomId, key),
    takeRoomCreation: async (address) => limit.take(address),
    roomBytes: (roomId) => store.sizeBytes.get(roomId) ?? 0,
    status: () => ({ store: 'files', reachable: true }),
    close: async () => store.closeAll(),
  }
}
