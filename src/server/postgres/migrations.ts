// The room schema in PostgreSQL, made and upgraded by the server itself on start (and by the CLI
// before it writes). Each migration runs once, in its own transaction, in order; the versions applied
// are recorded in tabletop_schema. Hosts starting together take turns through an advisory lock, and a
// host older than the database refuses to start rather than write rows it does not understand.
//
// Tables (all prefixed tabletop_, so the rooms can share a database with other things):
//   rooms            one row per room: id, created; last_seq counts its updates (the row is locked by
//                    every write, so a room's updates are numbered in commit order)
//   room_keys        a room's key digests by role (edit, view): SHA-256, never the keys
//   room_updates     every Yjs update a host acknowledged, numbered per room (seq) and tagged with the
//                    host process that wrote it; committed before the acknowledgement
//   room_snapshots   a room's updates up to seq merged into one (compaction; the rows it covers go)
//   room_creation    the room-creation rate limit per client address, shared by every host
import type pg from 'pg'
import type { RoomDatabase } from './roomDatabase.ts'

export type Migration = { version: number; name: string; sql: string }

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'rooms, their updates and snapshots',
    sql: `
      CREATE TABLE tabletop_rooms (
        room_id text PRIMARY KEY CHECK (room_id ~ '^[a-z0-9]{12,40}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        edit_key_sha256 bytea NOT NULL CHECK (octet_length(edit_key_sha256) = 32),
        view_key_sha256 bytea NOT NULL CHECK (octet_length(view_key_sha256) = 32),
        last_seq bigint NOT NULL DEFAULT 0
      );
      CREATE TABLE tabletop_room_updates (
        room_id text NOT NULL REFERENCES tabletop_rooms ON DELETE CASCADE,
        seq bigint NOT NULL,
        update bytea NOT NULL,
        host text NOT NULL,
        written_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (room_id, seq)
      );
      CREATE TABLE tabletop_room_snapshots (
        room_id text PRIMARY KEY REFERENCES tabletop_rooms ON DELETE CASCADE,
        seq bigint NOT NULL,
        state bytea NOT NULL,
        written_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // Keys by role in their own table (a key can be added or revoked without touching the room row
    // that every write locks), and the room-creation limit moves out of each process's memory.
    version: 2,
    name: 'room keys by role; room-creation limit shared by all hosts',
    sql: `
      CREATE TABLE tabletop_room_keys (
        room_id text NOT NULL REFERENCES tabletop_rooms ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('edit', 'view')),
        key_sha256 bytea NOT NULL CHECK (octet_length(key_sha256) = 32),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (room_id, role)
      );
      INSERT INTO tabletop_room_keys (room_id, role, key_sha256, created_at)
        SELECT room_id, 'edit', edit_key_sha256, created_at FROM tabletop_rooms
        UNION ALL
        SELECT room_id, 'view', view_key_sha256, created_at FROM tabletop_rooms;
      ALTER TABLE tabletop_rooms DROP COLUMN edit_key_sha256, DROP COLUMN view_key_sha256;
      CREATE TABLE tabletop_room_creation (
        address text PRIMARY KEY,
        tokens double precision NOT NULL,
        granted boolean NOT NULL,
        at timestamptz NOT NULL
      );
    `,
  },
]

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version

/** pg_advisory_lock key: "tabletop" as an int (so hosts starting together migrate one at a time). */
const MIGRATION_LOCK = 0x7461626c

/** Bring the database up to SCHEMA_VERSION; returns the versions applied now (empty if none). */
export async function migrate(db: RoomDatabase | pg.Pool, log: (line: string) => void = () => undefined): Promise<number[]> {
  const client = 'checkout' in db ? await db.checkout() : await db.connect()
  let broken = false
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await client.query('CREATE TABLE IF NOT EXISTS tabletop_schema (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())')
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM tabletop_schema')
    const have = rows[0]?.version ?? 0
    if (have > SCHEMA_VERSION) throw new Error(`the database's room schema is version ${have}, newer than this server (version ${SCHEMA_VERSION}): upgrade this server`)
    const applied: number[] = []
    for (const m of MIGRATIONS) {
      if (m.version <= have) continue
      try {
        await client.query('BEGIN')
        await client.query(m.sql)
        await client.query('INSERT INTO tabletop_schema (version, name) VALUES ($1, $2)', [m.version, m.name])
        await client.query('COMMIT')
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw new Error(`room schema migration ${m.version} (${m.name}) failed: ${(e as Error).message}`)
      }
      applied.push(m.version)
      log(`room database: schema migrated to version ${m.version} (${m.name})`)
    }
    return applied
  } catch (e) {
    broken = !(e as Error).message.startsWith('room schema') && !(e as Error).message.startsWith("the database's")
    throw e
  } finally {
    if (!broken) await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    client.release(broken)
  }
}
