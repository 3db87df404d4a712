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
// when it reconnects), never acknowledged without being committed. A database that stops answering
// altogether (a query hanging, not failing) is caught by a sweep of the waiting updates' ages: a
// refused update whose transaction commits after all is stored but never acknowledged, and its
// client's copy, sent again, merges with it (Yjs updates are idempotent).
import type { RoomDatabase } from './roomDatabase.ts'
import { isTransient } from './roomDatabase.ts'

type Pending = {
  roomId: string
  update: Uint8Array
  arrivedMs: number
  /** Who sent it: when one of its updates is refused, the rest of its queue goes with it. */
  source: object
  settled: boolean
  done: () => void
  refuse: (why: string) => void
}

const MAX_BATCH = 1000
const SWEEP_MS = 250
/** The sweep's cause: the database gave no answer in time (as opposed to an error it returned). */
const isTransientWait = Symbol('no answer')

export class UpdateWriter {
  private queue: Pending[] = []
  private inFlight: readonly Pending[] = []
  private flushing: Promise<void> | null = null
  private sweeper: NodeJS.Timeout | null = null
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
      this.queue.push({ roomId, update, arrivedMs: Date.now(), source, settled: false, done, refuse: (why) => refuse(new Error(why)) })
      if (!this.flushing) this.flushing = this.flush()
    })
  }

  /** Wait until everything queued so far has been committed or refused. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing
  }

  private async flush(): Promise<void> {
    this.sweeper = setInterval(() => this.refuseLate(isTransientWait), SWEEP_MS)
    this.sweeper.unref()
    try {
      while (this.queue.length > 0) {
        this.inFlight = this.queue.splice(0, MAX_BATCH)
        for (let attempt = 0; this.inFlight.some((p) => !p.settled); attempt++) {
          try {
            await this.insert(this.inFlight.filter((p) => !p.settled))
            this.db.noteUp()
            let n = 0
            for (const p of this.inFlight) {
              if (p.settled) continue
              p.settled = true
              p.done()
              n++
            }
            this.counts.committed += n
            this.counts.batches += 1
            break
          } catch (e) {
            if (isTransient(e)) {
              this.db.noteDown(e)
              this.refuseLate(e)
            } else this.refuseAll(this.inFlight, e as Error)
            if (this.inFlight.some((p) => !p.settled)) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** Math.min(attempt, 4))))
          }
        }
        this.inFlight = []
      }
    } finally {
      clearInterval(this.sweeper)
      this.sweeper = null
      this.flushing = null
    }
  }

  /** Refuse what has waited past the store wait, with the rest of the same clients' updates. */
  private refuseLate(cause: unknown): void {
    const now = Date.now()
    const late = new Set<object>()
    for (const list of [this.inFlight, this.queue]) for (const p of list) if (!p.settled && now - p.arrivedMs >= this.db.storeWaitMs) late.add(p.source)
    if (late.size === 0) return
    const why = `the room database has been unreachable for ${Math.round(this.db.storeWaitMs / 1000)} s: your changes were not saved; they stay on your device and are sent again when you reconnect`
    this.settle([...this.inFlight, ...this.queue].filter((p) => !p.settled && late.has(p.source)), why, `the room database stayed unreachable${cause === isTransientWait ? ' (no answer)' : ''}`)
  }

  /** An error waiting cannot cure (a refused statement): refuse the batch and its clients' queued updates. */
  private refuseAll(batch: readonly Pending[], e: Error): void {
    const sources = new Set(batch.filter((p) => !p.settled).map((p) => p.source))
    this.settle([...batch, ...this.queue].filter((p) => !p.settled && sources.has(p.source)), `the room database refused the update (${e.message})`, e.message)
  }

  private settle(refused: readonly Pending[], why: string, logWhy: string): void {
    if (refused.length === 0) return
    for (const p of refused) {
      p.settled = true
      p.refuse(why)
    }
    this.queue = this.queue.filter((p) => !p.settled)
    this.counts.refused += refused.length
    const clients = new Set(refused.map((p) => p.source)).size
    this.log(`refused ${refused.length} update${refused.length === 1 ? '' : 's'} from ${clients} client${clients === 1 ? '' : 's'}: ${logWhy}`)
  }

  private insert(batch: readonly Pending[]): Promise<void> {
    return insertUpdates(this.db, this.host, batch.map((p) => p.roomId), batch.map((p) => p.update))
  }
}

/**
 * One statement (one round trip, its own transaction): lock the rooms in id order, number each
 * room's new updates after its counter (in the order given), insert them tagged with `host`, move
 * the counters. A room missing from the database leaves a NULL number, which the NOT NULL
 * constraint refuses: the whole statement fails, nothing of it is stored.
 */
export async function insertUpdates(db: RoomDatabase, host: string, rooms: readonly string[], updates: readonly Uint8Array[]): Promise<void> {
  await db.pool.query(
    `WITH input AS (SELECT * FROM unnest($1::text[], $2::bytea[]) WITH ORDINALITY AS u(room_id, update, ord)),
     locked AS (SELECT room_id, last_seq FROM tabletop_rooms WHERE room_id IN (SELECT room_id FROM input) ORDER BY room_id FOR UPDATE),
     numbered AS (SELECT i.room_id, l.last_seq + row_number() OVER (PARTITION BY i.room_id ORDER BY i.ord) AS seq, i.update FROM input i LEFT JOIN locked l ON l.room_id = i.room_id),
     inserted AS (INSERT INTO tabletop_room_updates (room_id, seq, update, host) SELECT room_id, seq, update, $3 FROM numbered RETURNING room_id, seq)
     UPDATE tabletop_rooms r SET last_seq = m.seq FROM (SELECT room_id, max(seq) AS seq FROM inserted GROUP BY room_id) m WHERE r.room_id = m.room_id`,
    [rooms, updates.map((u) => Buffer.from(u.buffer, u.byteOffset, u.byteLength)), host],
  )
}
