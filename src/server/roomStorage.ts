// Where rooms live: their keys, their documents and the room-creation limit. Two stores, one shape
// (this file: the shape, its options and its error, which both stores import; openRoomStorage.ts picks one):
//   files     the embedded default (no configuration): <data>/rooms/*.json and <data>/docs/*/*.ylog,
//             shared by processes on one machine (fileStorage.ts)
//   postgres  DATABASE_URL: hosts that share nothing but PostgreSQL and Redis (postgres/postgresStorage.ts)
// Both promise the same thing: an update is stored before the server acknowledges it.
import type { Extension } from '@hocuspocus/server'
import type { RoomKeys, RoomRole } from './roomKeys.ts'
import type { RoomCreationLimits, RoomCreationVerdict } from './roomCreationLimit.ts'

/** How long an update (or a connection) waits for an unreachable database before it is refused. */
export const DEFAULT_STORE_WAIT_MS = 30_000

/** The room store could not be reached in time; nothing was written, nothing acknowledged. */
export class StoreUnavailableError extends Error {}

export type RoomStorage = {
  kind: 'files' | 'postgres'
  /** Loads a room's document, stores every update before it is acknowledged, and (postgres) catches up on other hosts' updates. */
  extension: Extension
  createRoom: () => Promise<RoomKeys>
  /** The role a key opens in a room, or null (unknown room or key). StoreUnavailableError when the store cannot answer. */
  roleOf: (roomId: string, key: unknown) => Promise<RoomRole | null>
  /** Take one room creation from this address's bucket (shared by every host with postgres). */
  takeRoomCreation: (address: string) => Promise<RoomCreationVerdict>
  /** Bytes of Yjs updates the loaded room holds (the connection guard's size limit). */
  roomBytes: (roomId: string) => number
  /** For /api/health: which store, reachable or not, and counters. */
  status: () => Record<string, unknown>
  close: () => Promise<void>
}

export type RoomStorageOptions = {
  dataDir: string
  /** This process's name (its own log folder with files; its rows' tag with postgres). */
  instance: string
  databaseUrl?: string
  roomCreation: RoomCreationLimits
  /** How long an update or a connection waits for an unreachable database before it is refused (ms). */
  storeWaitMs: number
  /** How often a host reads the updates other hosts committed to its loaded rooms (ms, postgres). */
  catchUpMs?: number
  log: (line: string) => void
  /** The store gave up loading a room (unreachable): clients waiting for it should be told to come back. */
  onRoomUnavailable?: (roomId: string, why: string) => void
}
