// Group commit of the updates clients send: every update a client sends is committed to PostgreSQL
// before the server applies and acknowledges it. Updates queue in arrival order; one batch is in
// flight at a time (all that queued while the previous one committed, up to MAX_BATCH), so a busy
// host makes few large transactions instead of many small ones, and batches finish, and
// acknowledgements go out, in the order the updates arrived.
//
// In the transaction each room's row is locked (in room-id order, so two hosts never deadlock) and
// its counter numbers the new rows: a room's updates are numbered in commit order, which lets the
// other hosts read "everything after n" without missing a row (postgresStorage.ts, catch-up).
//
// While the database is unreachable the batch is retried; an update that has waited longer than the
// store wait is refused (its client is cut off with a reason, keeps the update and sends it again
// when it reconnects), never acknowledged without being committed.
import type { RoomDatabase } from './roomDatabase.ts'
import { isTransient } from './roomDatabase.ts'

type Pending = {
  roomId: string
  update: Uint8Array
  arrivedMs: number
  /** Who sent it: when one of its updates is refused, the rest of its queue goes with it. */
  source: object
  done: () => void
  refuse: (why: string) => void
}

const MAX_BATCH = 1000

export class UpdateWriter {
  private queue: Pending[] = []
  private flushing: Promise<void> | null = null
  /** Updates committed / refused since start (the fault tests and /api/health read them). */
  readonly counts = { committed: 0, refused: 0, batches: 0 }

  private readonly db: RoomDatabase
  /** This host process's tag on the rows it writes. */
  private readonly host: string
  private readonly log: (line: string) => void

  constructor(db: RoomDatabase, host: string, log: (line: string) => void) {
    this.db = db
    this.host = host
    this.log = log
  }

  /** Resolves once `update` is committed; rejects with the reason when it is refused. */
  write(roomId: string, update: Uint8Array, source: object): Promise<void> {
    return new Promise((done, refuse) => {
      this.queue.push({ roomId, update, arrivedMs: Date.now(), source, done, refuse: (why) => refuse(new Error(why)) })
      if (!this.flushing) this.flushing = this.flush()
    })
  }

  /** Wait until everything queued so far has been committed or refused. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        let batch = this.queue.splice(0, MAX_BATCH)
        for (let attempt = 0; batch.length > 0; attempt++) {
          try {
            await this.insert(batch)
            this.db.noteUp()
            for (const p of batch) p.done()
            this.counts.committed += batch.length
            this.counts.batches += 1
            break
          } catch (e) {
            const transient = isTransient(e)
            if (transient) this.db.noteDown(e)
            const now = Date.now()
            // Refuse what has waited too long (or everything, for an error waiting cannot cure), and
            // the rest of the same clients' queue with it, so no client is acknowledged out of order.
            const late = new Set<object>()
            for (const p of batch) if (!transient || now - p.arrivedMs >= this.db.storeWaitMs) late.add(p.source)
            if (late.size > 0) {
              const why = transient
                ? `the room database has been unreachable for ${Math.round(this.db.storeWaitMs / 1000)} s: your changes were not saved; they stay on your device and are sent again when you reconnect`
                : `the room database refused the update (${(e as Error).message})`
              const refused = [...batch.filter((p) => late.has(p.source)), ...this.queue.filter((p) => late.has(p.source))]
              batch = batch.filter((p) => !late.has(p.source))
              this.queue = this.queue.filter((p) => !late.has(p.source))
              for (const p of refused) p.refuse(why)
              this.counts.refused += refused.length
              this.log(`refused ${refused.length} update${refused.length === 1 ? '' : 's'} from ${late.size} client${late.size === 1 ? '' : 's'}: ${transient ? 'the room database stayed unreachable' : (e as Error).message}`)
            }
            if (batch.length > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** Math.min(attempt, 4))))
          }
        }
      }
    } finally {
      this.flushing = null
    }
  }

  private async insert(batch: readonly Pending[]): Promise<void> {
    const perRoom = new Map<string, number>()
    for (const p of batch) perRoom.set(p.roomId, (perRoom.get(p.roomId) ?? 0) + 1)
    const rooms = [...perRoom.keys()].sort()
    await this.db.transaction(async (c) => {
      // Lock the rooms' rows in id order (two hosts locking the same rooms never wait on each other in a cycle).
      const locked = await c.query<{ room_id: string; last_seq: string }>('SELECT room_id, last_seq FROM tabletop_rooms WHERE room_id = ANY($1::text[]) ORDER BY room_id FOR UPDATE', [rooms])
      const next = new Map(locked.rows.map((r) => [r.room_id, Number(r.last_seq)]))
      const missing = rooms.filter((r) => !next.has(r))
      if (missing.length > 0) throw new Error(`no such room in the database: ${missing.join(', ')}`)
      const ids: string[] = []
      const seqs: number[] = []
      const updates: Buffer[] = []
      for (const p of batch) {
        const seq = next.get(p.roomId)! + 1
        next.set(p.roomId, seq)
        ids.push(p.roomId)
        seqs.push(seq)
        updates.push(Buffer.from(p.update.buffer, p.update.byteOffset, p.update.byteLength))
      }
      await c.query('INSERT INTO tabletop_room_updates (room_id, seq, update, host) SELECT room_id, seq, update, $4 FROM unnest($1::text[], $2::bigint[], $3::bytea[]) AS u(room_id, seq, update)', [ids, seqs, updates, this.host])
      await c.query('UPDATE tabletop_rooms r SET last_seq = n.last_seq FROM unnest($1::text[], $2::bigint[]) AS n(room_id, last_seq) WHERE r.room_id = n.room_id', [rooms, rooms.map((r) => next.get(r)!)])
    })
  }
}
