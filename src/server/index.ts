// The server's public surface for the CLI (src/cli may import src/server only through this file;
// test/architecture.test.ts checks it). Room creation and the files → PostgreSQL import, with the
// same stores, limits and defaults `npm start` uses.
export { DEFAULT_DATA_DIR } from './dataDir.ts'
export { roomLinks, type RoomKeys } from './roomKeys.ts'
export { DEFAULT_STORE_WAIT_MS, StoreUnavailableError, type RoomStorage } from './roomStorage.ts'
export { openRoomStorage } from './openRoomStorage.ts'
export { DEFAULT_ROOM_CREATION_LIMITS } from './roomCreationLimit.ts'
export { checkDatabaseUrl, redactDatabaseUrl } from './postgres/databaseUrl.ts'
export type { ImportReport } from './postgres/importFileRooms.ts'

/** `cli room import`: the rooms of a files data folder into the database at `databaseUrl`. */
export async function importFileRooms(dataDir: string, databaseUrl: string, log?: (line: string) => void) {
  const { importFileRooms: run } = await import('./postgres/importFileRooms.ts')
  return run(dataDir, databaseUrl, log)
}
