// Rooms in PostgreSQL (DATABASE_URL): hosts that share nothing but the database and Redis.
//
//   keys         tabletop_room_keys (digests by role); a host keeps the digests of rooms it has seen
//                for a few minutes, so clients reconnecting during a short database outage still get in
//   documents    @hocuspocus/extension-database loads a room (its snapshot and every update after it)
//                and, on Hocuspocus's debounced store, compacts it; every update a client sends is
//                committed first (updateWriter.ts, from beforeHandleMessage), then applied and acknowledged
//   catch-up     every second a host reads the updates other hosts committed to its loaded rooms and
//                applies what it lacks: hosts converge through the database even when Redis dropped a
//                message, restarted, or the host that wrote them died before relaying them (hocuspocus
//                issue 800: instances only converged while clients talked to both)
//   limit        the room-creation token bucket per address, one row each, on the database's clock
import { randomBytes } from 'node:crypto'
import { Database } from '@hocuspocus/extension-database'
import type { Document, Hocuspocus, beforeHandleMessagePayload, fetchPayload, onConfigurePayload, afterLoadDocumentPayload, storePayload } from '@hocuspocus/server'
import * as Y from 'yjs'
import { inspectMessage } from '../connectionGuard.ts'
import { type RoomKeyDigests, type RoomKeys, type RoomRole, isRoomId, newRoomKeys, roleOfKey } from '../roomKeys.ts'
import type { RoomCreationVerdict } from '../roomCreationLimit.ts'
import { type RoomStorage, type RoomStorageOptions, StoreUnavailableError } from '../roomStorage.ts'
import { migrate } from './migrations.ts'
import { RoomDatabase, checkDatabaseUrl, redactDatabaseUrl } from './roomDatabase.ts'
import { UpdateWriter } from './updateWriter.ts'

/** Compact a room when this many updates (or bytes of them) follow its snapshot, or when it unloads. */
const COMPACT_ROWS = 200
const COMPACT_BYTES = 256 * 1024
/** How long a host trusts the key digests it read for a room. */
const KEY_CACHE_MS = 5 * 60_000
const KEY_CACHE_ROOMS = 10_000

/** What a host knows of a loaded room: the last update number it has read, and its size. */
type LoadedRoom = { seq: number; bytes: number }

export type PostgresStorageOptions = RoomStorageOptions & { databaseUrl: string }

export async function openPostgresStorage(opts: PostgresStorageOptions): Promise<RoomStorage> {
  const bad = checkDatabaseUrl(opts.databaseUrl)
  if (bad) throw new Error(bad)
  const db = new RoomDatabase({ url: opts.databaseUrl, storeWaitMs: opts.storeWaitMs, log: opts.log })
  try {
    await db.retry(`starting on ${redactDatabaseUrl(opts.databaseUrl)}`, () => migrate(db, opts.log))
  } catch (e) {
    await db.close().catch(() => undefined)
    throw e
  }
  // Unique per process: a restarted host, or two hosts given the same --instance, never mistake
  // each other's rows for their own.
  const host = `${opts.instance}-${randomBytes(4).toString('hex')}`
  const documents = new PostgresRoomDocuments(db, host, opts)
  const keyCache = new Map<string, { digests: RoomKeyDigests; atMs: number }>()
  let lastSweepMs = 0
  const perSecond = opts.roomCreation.perMinute / 60

  return {
    kind: 'postgres',
    extension: documents,
    createRoom: async () => {
      const { keys, digests } = newRoomKeys()
      await db.retry('creating a room', () =>
        db.pool.query(
          `WITH room AS (INSERT INTO tabletop_rooms (room_id) VALUES ($1) RETURNING room_id)
           INSERT INTO tabletop_room_keys (room_id, role, key_sha256) SELECT room.room_id, k.role, k.key_sha256 FROM room, (VALUES ('edit', $2::bytea), ('view', $3::bytea)) AS k(role, key_sha256)`,
          [keys.roomId, digests.edit, digests.view],
        ),
        Math.min(opts.storeWaitMs, 10_000),
      )
      return keys satisfies RoomKeys
    },
    roleOf: async (roomId, key): Promise<RoomRole | null> => {
      if (!isRoomId(roomId)) return null
      const cached = keyCache.get(roomId)
      if (cached && Date.now() - cached.atMs < KEY_CACHE_MS) return roleOfKey(cached.digests, key)
      let rows: Array<{ role: RoomRole; key_sha256: Buffer }>
      try {
        rows = (await db.retry('checking a room key', () => db.pool.query<{ role: RoomRole; key_sha256: Buffer }>('SELECT role, key_sha256 FROM tabletop_room_keys WHERE room_id = $1', [roomId]))).rows
      } catch (e) {
        // Unreachable: a room this host knew still opens with the digests it had (keys never change).
        if (e instanceof StoreUnavailableError && cached) return roleOfKey(cached.digests, key)
        throw e
      }
      const edit = rows.find((r) => r.role === 'edit')?.key_sha256
      const view = rows.find((r) => r.role === 'view')?.key_sha256
      if (!edit || !view) return null
      const digests = { edit, view }
      if (keyCache.size >= KEY_CACHE_ROOMS) keyCache.delete(keyCache.keys().next().value!)
      keyCache.set(roomId, { digests, atMs: Date.now() })
      return roleOfKey(digests, key)
    },
    takeRoomCreation: async (address): Promise<RoomCreationVerdict> => {
      // One statement: refill by the time since this address's last request (the database's clock,
      // the same for every host), take a room if a whole one is there, and say whether it was.
      const { rows } = await db.retry(
        'the room-creation limit',
        () =>
          db.pool.query<{ granted: boolean; tokens: number }>(
            `INSERT INTO tabletop_room_creation AS b (address, tokens, granted, at) VALUES ($1, $2::float8 - 1, true, now())
             ON CONFLICT (address) DO UPDATE SET
               granted = least($2::float8, b.tokens + extract(epoch FROM now() - b.at) * $3::float8) >= 1,
               tokens = least($2::float8, b.tokens + extract(epoch FROM now() - b.at) * $3::float8)
                        - CASE WHEN least($2::float8, b.tokens + extract(epoch FROM now() - b.at) * $3::float8) >= 1 THEN 1 ELSE 0 END,
               at = now()
             RETURNING granted, tokens`,
            [address, opts.roomCreation.burst, perSecond],
          ),
        Math.min(opts.storeWaitMs, 10_000),
      )
      // Addresses whose bucket has refilled are forgotten (at most once a minute per host).
      if (Date.now() - lastSweepMs > 60_000) {
        lastSweepMs = Date.now()
        void db.pool.query(`DELETE FROM tabletop_room_creation WHERE at < now() - make_interval(secs => $1)`, [opts.roomCreation.burst / perSecond]).catch(() => undefined)
      }
      const r = rows[0]!
      return r.granted ? { ok: true } : { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - r.tokens) / perSecond)) }
    },
    roomBytes: (roomId) => documents.roomBytes(roomId),
    status: () => ({ store: 'postgres', reachable: db.reachable, host, updates: { ...documents.writer.counts } }),
    close: async () => {
      await documents.stop()
      await db.close()
    },
  }
}

export class PostgresRoomDocuments extends Database {
  readonly writer: UpdateWriter
  private readonly rooms = new WeakMap<Document, LoadedRoom>()
  private instance: Hocuspocus | null = null
  private timer: NodeJS.Timeout | null = null
  private catchingUp: Promise<void> | null = null
  private readonly db: RoomDatabase
  /** This host process's tag on the rows it writes (its catch-up skips their bytes). */
  private readonly host: string
  private readonly opts: PostgresStorageOptions

  constructor(db: RoomDatabase, host: string, opts: PostgresStorageOptions) {
    super({})
    this.db = db
    this.host = host
    this.opts = opts
    this.configuration = { fetch: (data) => this.fetchRoom(data), store: (data) => this.compactRoom(data) }
    this.writer = new UpdateWriter(db, host, opts.log)
  }

  async onConfigure({ instance }: onConfigurePayload): Promise<void> {
    this.instance = instance
    const every = this.opts.catchUpMs ?? 1000
    this.timer = setInterval(() => {
      if (!this.catchingUp) this.catchingUp = this.catchUp().catch(() => undefined).finally(() => (this.catchingUp = null))
    }, every)
    this.timer.unref()
  }

  roomBytes(roomId: string): number {
    const doc = this.instance?.documents.get(roomId)
    return doc ? (this.rooms.get(doc)?.bytes ?? 0) : 0
  }

  /** A room's stored state: its snapshot and every update after it, read in one snapshot of the database. */
  private async fetchRoom({ document, documentName }: fetchPayload): Promise<Uint8Array | null> {
    let parts: { seq: number; updates: Uint8Array[] }
    try {
      parts = await this.db.retry(`loading room ${documentName}`, () => this.readRoom(documentName))
    } catch (e) {
      this.opts.onRoomUnavailable?.(documentName, (e as Error).message)
      throw e
    }
    const merged = parts.updates.length === 0 ? null : parts.updates.length === 1 ? parts.updates[0]! : Y.mergeUpdates(parts.updates)
    this.rooms.set(document, { seq: parts.seq, bytes: merged?.length ?? 0 })
    return merged
  }

  private readRoom(roomId: string): Promise<{ seq: number; updates: Uint8Array[] }> {
    return this.db.transaction(async (c) => {
      const snap = await c.query<{ seq: string; state: Buffer }>('SELECT seq, state FROM tabletop_room_snapshots WHERE room_id = $1', [roomId])
      const from = snap.rows[0] ? Number(snap.rows[0].seq) : 0
      const rows = await c.query<{ seq: string; update: Buffer }>('SELECT seq, update FROM tabletop_room_updates WHERE room_id = $1 AND seq > $2 ORDER BY seq', [roomId, from])
      const updates = [...(snap.rows[0] ? [snap.rows[0].state] : []), ...rows.rows.map((r) => r.update)].map((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength))
      return { seq: rows.rows.length > 0 ? Number(rows.rows[rows.rows.length - 1]!.seq) : from, updates }
    }, 'REPEATABLE READ READ ONLY')
  }

  async afterLoadDocument({ document }: afterLoadDocumentPayload): Promise<void> {
    const room = this.rooms.get(document)
    if (room) document.on('update', (update: Uint8Array) => (room.bytes += update.length))
  }

  /**
   * Before Hocuspocus applies a client's update (and acknowledges it): commit it. A read-only
   * connection's updates are refused by Hocuspocus itself, and an update the room already holds
   * (a reconnecting client's sync step 2 with nothing new) needs no row.
   */
  async beforeHandleMessage({ connection, document, update, documentName }: beforeHandleMessagePayload): Promise<void> {
    if (connection.readOnly) return
    const seen = inspectMessage(update)
    if (!seen.ok || !seen.updatePayload) return
    const payload = seen.updatePayload
    if (seen.syncStep === 1 && Y.snapshotContainsUpdate(Y.snapshot(document), payload)) return
    try {
      await this.writer.write(documentName, payload, connection)
    } catch (e) {
      // Refused (the database stayed unreachable): cut this client off with the reason. Its
      // provider keeps the update as unsynced, reconnects and sends it again. The message is
      // dropped here, unapplied and unacknowledged: a promise that never settles ends Hocuspocus's
      // handling of it without the stack trace it prints for a thrown error.
      connection.webSocket.close(4503, truncateReason((e as Error).message))
      return new Promise<void>(() => undefined)
    }
  }

  /**
   * Hocuspocus's debounced store: merge the room's snapshot and the updates after it into a new
   * snapshot and delete those rows, when enough have piled up or the room is unloading. Several
   * hosts may compact one room: its snapshot row is locked for the merge, and only rows read in
   * this transaction are deleted, so a row committed meanwhile stays for the next time.
   */
  private async compactRoom({ document, documentName, state }: storePayload): Promise<void> {
    const unloading = document.getConnectionsCount() === 0
    try {
      await this.db.transaction(async (c) => {
        const pile = await c.query<{ n: string; bytes: string | null }>('SELECT count(*) AS n, sum(octet_length(update)) AS bytes FROM tabletop_room_updates WHERE room_id = $1', [documentName])
        const n = Number(pile.rows[0]?.n ?? 0)
        if (n === 0 || (!unloading && n < COMPACT_ROWS && Number(pile.rows[0]?.bytes ?? 0) < COMPACT_BYTES)) return
        await c.query('INSERT INTO tabletop_room_snapshots (room_id, seq, state) VALUES ($1, 0, $2) ON CONFLICT (room_id) DO NOTHING', [documentName, Buffer.from(Y.encodeStateAsUpdate(new Y.Doc()))])
        const snap = await c.query<{ seq: string; state: Buffer }>('SELECT seq, state FROM tabletop_room_snapshots WHERE room_id = $1 FOR UPDATE', [documentName])
        const from = Number(snap.rows[0]!.seq)
        const rows = await c.query<{ seq: string; update: Buffer }>('SELECT seq, update FROM tabletop_room_updates WHERE room_id = $1 AND seq > $2 ORDER BY seq', [documentName, from])
        if (rows.rows.length === 0) return
        // A fresh document (garbage-collected, like the live one) of everything stored, plus this host's state.
        const merged = new Y.Doc()
        Y.applyUpdate(merged, snap.rows[0]!.state)
        for (const r of rows.rows) Y.applyUpdate(merged, r.update)
        Y.applyUpdate(merged, state)
        const upTo = Number(rows.rows[rows.rows.length - 1]!.seq)
        await c.query('UPDATE tabletop_room_snapshots SET seq = $2, state = $3, written_at = now() WHERE room_id = $1', [documentName, upTo, Buffer.from(Y.encodeStateAsUpdate(merged))])
        await c.query('DELETE FROM tabletop_room_updates WHERE room_id = $1 AND seq > $2 AND seq <= $3', [documentName, from, upTo])
        merged.destroy()
      })
    } catch {
      // Compaction is housekeeping: every update is already committed. Try again next time.
    }
  }

  /** Read what other hosts committed to this host's loaded rooms since it last looked, and apply what is missing. */
  private async catchUp(): Promise<void> {
    const docs = [...(this.instance?.documents.values() ?? [])].filter((d) => !d.isDestroyed && this.rooms.has(d))
    if (docs.length === 0) return
    const names = docs.map((d) => d.name)
    const after = docs.map((d) => this.rooms.get(d)!.seq)
    const { snaps, rows } = await this.db.transaction(async (c) => {
      const snaps = await c.query<{ room_id: string; seq: string; state: Buffer }>('SELECT s.room_id, s.seq, s.state FROM tabletop_room_snapshots s JOIN unnest($1::text[], $2::bigint[]) AS c(room_id, after) ON s.room_id = c.room_id WHERE s.seq > c.after', [names, after])
      const rows = await c.query<{ room_id: string; seq: string; update: Buffer | null }>(
        'SELECT u.room_id, u.seq, CASE WHEN u.host = $3 THEN NULL ELSE u.update END AS update FROM tabletop_room_updates u JOIN unnest($1::text[], $2::bigint[]) AS c(room_id, after) ON u.room_id = c.room_id WHERE u.seq > c.after ORDER BY u.room_id, u.seq',
        [names, after, this.host],
      )
      return { snaps: snaps.rows, rows: rows.rows }
    }, 'REPEATABLE READ READ ONLY')
    const found = new Map<string, { seq: number; updates: Uint8Array[] }>()
    const entry = (room: string) => found.get(room) ?? found.set(room, { seq: 0, updates: [] }).get(room)!
    for (const s of snaps) {
      const e = entry(s.room_id)
      e.seq = Math.max(e.seq, Number(s.seq))
      e.updates.push(s.state)
    }
    for (const r of rows) {
      const e = entry(r.room_id)
      e.seq = Math.max(e.seq, Number(r.seq))
      if (r.update) e.updates.push(r.update)
    }
    for (const doc of docs) {
      const e = found.get(doc.name)
      const room = this.rooms.get(doc)
      if (!e || !room || doc.isDestroyed || this.instance?.documents.get(doc.name) !== doc) continue
      if (e.updates.length > 0) {
        const missing = Y.diffUpdate(e.updates.length === 1 ? e.updates[0]! : Y.mergeUpdates(e.updates), Y.encodeStateVector(doc))
        // No transaction origin: Hocuspocus sends it to this host's clients and tells Redis, but does
        // not store it again (it is stored).
        Y.applyUpdate(doc, missing)
      }
      room.seq = Math.max(room.seq, e.seq)
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.catchingUp
    await this.writer.drain()
  }

  async onDestroy(): Promise<void> {
    await this.stop()
  }
}

/** A websocket close reason is at most 123 bytes. */
function truncateReason(s: string): string {
  const b = Buffer.from(s, 'utf8')
  return b.length <= 123 ? s : b.subarray(0, 120).toString('utf8').replace(/\uFFFD$/, '') + '…'
}
