// The connection to PostgreSQL (`DATABASE_URL`): one pool per process, errors that mean "the
// database is not there right now" told apart from the rest, and a retry loop that waits for the
// database up to a deadline, then says so (StoreUnavailableError) instead of hanging or losing work.
import pg from 'pg'
import { StoreUnavailableError } from '../roomStorage.ts'

export { checkDatabaseUrl, redactDatabaseUrl } from './databaseUrl.ts'

export type RoomDatabaseOptions = {
  url: string
  /** How long an operation waits for an unreachable database before it is refused (ms). */
  storeWaitMs: number
  log: (line: string) => void
}

const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND'])

/**
 * Errors that say the database is down, restarting, unreachable or overloaded (worth waiting for),
 * as opposed to a refused statement (worth reporting at once).
 */
export function isTransient(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown }
  const code = typeof err.code === 'string' ? err.code : ''
  if (TRANSIENT_CODES.has(code)) return true
  // SQLSTATE 08xxx connection exceptions, 57P01-03 shutting down / crashed / starting, 53xxx resources.
  if (/^(08|53|57P0[123])/.test(code)) return true
  const message = typeof err.message === 'string' ? err.message : ''
  return /Connection terminated|timeout|Client has encountered a connection error|connect ECONNREFUSED|the database system is (starting up|shutting down|in recovery mode)/i.test(message)
}

export class RoomDatabase {
  readonly pool: pg.Pool
  readonly storeWaitMs: number
  private readonly log: (line: string) => void
  private downSince: number | null = null

  constructor(opts: RoomDatabaseOptions) {
    this.storeWaitMs = opts.storeWaitMs
    this.log = opts.log
    this.pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      // A database that stops answering (a dead network, a frozen host) fails a query after 10 s and
      // a connection attempt after 5 s, so the retry loop below sees it instead of hanging for ever.
      connectionTimeoutMillis: 5_000,
      query_timeout: 10_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      application_name: 'tabletop-ar',
    })
    // An idle client whose server went away (a restart) reports here; without a listener it would
    // be an uncaught error. The pool drops that client; the next query opens a new one.
    this.pool.on('error', (e) => this.noteDown(e))
  }

  /** True while the last attempt to reach the database failed. */
  get reachable(): boolean {
    return this.downSince === null
  }

  /** Say once that the database went away (and for how long the server will wait for it). */
  noteDown(e: unknown): void {
    if (this.downSince !== null) return
    this.downSince = Date.now()
    this.log(`room database unreachable (${(e as Error).message ?? e}); updates wait for it up to ${Math.round(this.storeWaitMs / 1000)} s, then are refused (clients keep them and send them again)`)
  }

  noteUp(): void {
    if (this.downSince === null) return
    this.log(`room database reachable again after ${((Date.now() - this.downSince) / 1000).toFixed(1)} s`)
    this.downSince = null
  }

  /**
   * Run `op` until it succeeds; transient failures are retried (backing off to 1 s) until `waitMs`
   * has passed since `sinceMs`, then StoreUnavailableError. Other errors are thrown at once. A
   * database that does not answer at all (a frozen host, a dead network) is given up on at the same
   * deadline, without waiting for the driver's own timeouts; the abandoned attempt ends on its own.
   */
  async retry<T>(what: string, op: () => Promise<T>, waitMs: number = this.storeWaitMs, sinceMs: number = Date.now()): Promise<T> {
    const unavailable = (cause: string) => new StoreUnavailableError(`${what}: the room database has been unreachable for ${Math.round(waitMs / 1000)} s (${cause})`)
    for (let attempt = 0; ; attempt++) {
      const left = sinceMs + waitMs - Date.now()
      const attemptOp = op()
      let timer: NodeJS.Timeout | undefined
      const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(unavailable('no answer')), Math.max(0, left))))
      try {
        const out = await Promise.race([attemptOp, deadline])
        this.noteUp()
        return out
      } catch (e) {
        if (e instanceof StoreUnavailableError) {
          attemptOp.catch(() => undefined)
          this.noteDown(new Error('no answer'))
          throw e
        }
        if (!isTransient(e)) throw e
        this.noteDown(e)
        const remaining = sinceMs + waitMs - Date.now()
        if (remaining <= 0) throw unavailable((e as Error).message)
        await new Promise((r) => setTimeout(r, Math.min(remaining, 100 * 2 ** Math.min(attempt, 3))))
      } finally {
        clearTimeout(timer)
      }
    }
  }

  /** One transaction on one client (rolled back on error; a client with a broken connection is dropped). */
  async transaction<T>(body: (c: pg.PoolClient) => Promise<T>, isolation: 'READ COMMITTED' | 'REPEATABLE READ READ ONLY' = 'READ COMMITTED'): Promise<T> {
    const client = await this.checkout()
    let broken: Error | undefined
    try {
      await client.query(`BEGIN ISOLATION LEVEL ${isolation}`)
      const out = await body(client)
      await client.query('COMMIT')
      return out
    } catch (e) {
      broken = isTransient(e) ? (e as Error) : undefined
      if (!broken) await client.query('ROLLBACK').catch(() => undefined)
      throw e
    } finally {
      client.release(broken)
    }
  }

  /**
   * A client of the pool for several statements. A checked-out client whose connection dies between
   * two of them reports it as an 'error' event, which would end the process without a listener (the
   * pool listens only to idle clients); the next statement fails and the caller retries.
   */
  async checkout(): Promise<pg.PoolClient> {
    const client = await this.pool.connect()
    const tagged = client as pg.PoolClient & { tabletopErrorListener?: boolean }
    if (!tagged.tabletopErrorListener) {
      tagged.tabletopErrorListener = true
      client.on('error', (e) => this.noteDown(e))
    }
    return client
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}
