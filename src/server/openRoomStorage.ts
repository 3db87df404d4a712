// The room store a host runs on: PostgreSQL when DATABASE_URL is given, else files (roomStorage.ts has
// the shape both give). Each store is loaded only when chosen (the files store never loads pg).
import type { RoomStorage, RoomStorageOptions } from './roomStorage.ts'

export async function openRoomStorage(opts: RoomStorageOptions): Promise<RoomStorage> {
  if (opts.databaseUrl) {
    const { openPostgresStorage } = await import('./postgres/postgresStorage.ts')
    return openPostgresStorage({ ...opts, databaseUrl: opts.databaseUrl })
  }
  const { openFileStorage } = await import('./fileStorage.ts')
  return openFileStorage(opts)
}
