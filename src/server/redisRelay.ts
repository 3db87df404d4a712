// Live updates between hosts through Redis (REDIS_URL): @hocuspocus/extension-redis, reshaped for
// hosts that store every update themselves and for a Redis that restarts or goes away. Redis only
// relays; every update is stored before it is acknowledged (files or PostgreSQL), so what Redis
// drops costs latency, never an edit.
//   - A change is relayed as the update itself, one hop: the extension announces a state vector
//     (sync step 1) instead, and the other hosts answer with their own and then the difference,
//     three hops and a state-vector diff per host per change. What a relayed update misses (Redis
//     restarted, a subscriber cut off) is made good by a state-vector exchange when Redis is back
//     and every `resyncMs` for rooms with clients (Redis pub/sub does not guarantee delivery:
//     hocuspocus issue 800), and with PostgreSQL by each host's catch-up from the database.
//   - No Redis lock around storing (the extension's onStoreDocument): updates are already stored one
//     by one, and PostgreSQL's compaction serialises itself with a row lock. With Redis unreachable
//     the lock could only fail (hocuspocus issue 983 crashed the server; since PR 983 the store is
//     skipped silently instead).
//   - Commands fail at once while Redis is unreachable (no offline queue to replay stale messages
//     into a restarted Redis), and nothing is published from a promise nobody awaits: the
//     extension's own message handler and load-time announcements rejected unawaited when Redis was
//     gone, and an unhandled rejection ends the process. This class has its own.
//   - A room that is loading again is not unsubscribed by the end of its previous unload (the
//     reconnect race of hocuspocus issue 971).
import { Redis } from '@hocuspocus/extension-redis'
import * as Y from 'yjs'
import { syncUpdateIn } from './connectionGuard.ts'
import { type Document, type Hocuspocus, IncomingMessage, MessageReceiver, OutgoingMessage, type afterLoadDocumentPayload, type afterUnloadDocumentPayload, type beforeBroadcastStatelessPayload, type onAwarenessUpdatePayload, type onChangePayload, type onConfigurePayload } from '@hocuspocus/server'

export type RedisRelayOptions = { url: string; identifier: string; log: (line: string) => void; resyncMs?: number }

/** A clear line for a REDIS_URL that is not one (before anything connects). */
export function checkRedisUrl(url: string): string | null {
  try {
    const u = new URL(url)
    if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') return `REDIS_URL: "${u.protocol}" is not redis: (expected redis://host:6379)`
    if (!u.hostname) return 'REDIS_URL names no host (expected redis://host:6379)'
    return null
  } catch {
    return 'REDIS_URL is not a URL (expected redis://host:6379)'
  }
}

export class RedisRelay extends Redis {
  private hocuspocus: Hocuspocus | null = null
  private readonly log: (line: string) => void
  private downSince: number | null = null
  private resyncTimer: NodeJS.Timeout | null = null
  /** Relay messages that could not be sent (Redis unreachable): for /api/health and the fault tests. */
  dropped = 0

  constructor(opts: RedisRelayOptions) {
    const u = new URL(opts.url)
    super({
      host: u.hostname,
      port: Number(u.port || 6379),
      identifier: opts.identifier,
      prefix: 'tabletop',
      options: {
        username: u.username ? decodeURIComponent(u.username) : undefined,
        password: u.password ? decodeURIComponent(u.password) : undefined,
        db: Number(u.pathname.slice(1)) || 0,
        ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
        // ioredis ≥5.7 sends INFO on the subscriber connection after it has subscribed, which Redis
        // refuses ("only subscriber commands"), and the room never syncs.
        enableReadyCheck: false,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        retryStrategy: (times: number) => Math.min(100 * times, 1000),
      },
    })
    this.log = opts.log
    for (const client of [this.pub, this.sub]) {
      client.on('error', (e: Error) => this.noteDown(e))
      client.on('ready', () => void this.resync())
    }
    // The extension's handler of relayed messages publishes its replies without waiting for them (an
    // unhandled rejection when Redis is gone) and throws from an event listener on a bad message:
    // this class's own handler takes its place.
    this.sub.removeAllListeners('messageBuffer')
    this.sub.on('messageBuffer', (_channel: Buffer, data: Buffer) => this.relayed(data))
    const every = opts.resyncMs ?? 5_000
    this.resyncTimer = setInterval(() => void this.resync(true), every)
    this.resyncTimer.unref()
  }

  get reachable(): boolean {
    return this.downSince === null
  }

  override async onConfigure(data: onConfigurePayload): Promise<void> {
    this.hocuspocus = data.instance
    await super.onConfigure(data)
  }

  private noteDown(e: Error): void {
    if (this.downSince !== null) return
    this.downSince = Date.now()
    this.log(`Redis unreachable (${e.message}); rooms go on on this host, other hosts catch up when it is back`)
  }

  private channel(documentName: string): string {
    return `${this.configuration.prefix}:${documentName}`
  }

  /** Publish to a room's channel; resolves to the number of subscribers it reached (0 when Redis is unreachable). */
  private publish(documentName: string, message: Uint8Array): Promise<number> {
    return this.pub.publish(this.channel(documentName), Buffer.concat([this.messagePrefix, Buffer.from(message)])).catch(() => {
      this.dropped += 1
      return 0
    })
  }

  /**
   * A message another host published on a room's channel: applied to the room here (once it has
   * loaded, if it is loading: the answers to its own load-time announcements come back then), the
   * reply published.
   */
  private relayed(data: Buffer): void {
    const length = data[0] ?? 0
    if (data.toString('utf8', 1, length + 1) === this.configuration.identifier) return
    const body = data.subarray(length + 1)
    let documentName: string
    try {
      documentName = new IncomingMessage(body).readVarString()
    } catch {
      return
    }
    const hp = this.hocuspocus
    const document = hp?.documents.get(documentName)
    if (document) this.apply(document, body)
    else void hp?.loadingDocuments.get(documentName)?.then((d) => this.apply(d, body), () => undefined)
  }

  private apply(document: Document, body: Uint8Array): void {
    try {
      // An update another host relayed: applied with Redis's origin (so it is not relayed again).
      const update = syncUpdateIn(body)
      if (update) {
        Y.applyUpdate(document, update.payload, this.redisTransactionOrigin)
        return
      }
      const message = new IncomingMessage(body)
      message.writeVarString(message.readVarString())
      new MessageReceiver(message, this.redisTransactionOrigin).apply(document, undefined, (reply) => void this.publish(document.name, reply))
    } catch (e) {
      this.log(`a relayed message could not be applied: ${(e as Error).message}`)
    }
  }

  /** Subscribe every loaded room again and announce its state vector (after Redis came back, and now and then). */
  private async resync(onlyWithClients = false): Promise<void> {
    if (this.pub.status !== 'ready' || this.sub.status !== 'ready' || !this.hocuspocus) return
    if (this.downSince !== null && !onlyWithClients) {
      this.log(`Redis reachable again after ${((Date.now() - this.downSince) / 1000).toFixed(1)} s: resyncing ${this.hocuspocus.documents.size} room(s)`)
      this.downSince = null
    }
    const docs: Document[] = [...this.hocuspocus.documents.values()].filter((d) => !onlyWithClients || d.getConnectionsCount() > 0)
    if (docs.length === 0) return
    try {
      if (!onlyWithClients) await this.sub.subscribe(...docs.map((d) => this.channel(d.name)))
    } catch {
      return // gone again; the next 'ready' tries again
    }
    for (const d of docs) {
      await this.publish(d.name, new OutgoingMessage(d.name).createSyncMessage().writeFirstSyncStepFor(d).toUint8Array())
      if (!onlyWithClients) await this.publish(d.name, new OutgoingMessage(d.name).writeQueryAwareness().toUint8Array())
    }
  }

  /** Storing takes no Redis lock (see the header). */
  override async onStoreDocument(): Promise<void> {}
  override async afterStoreDocument(): Promise<void> {}

  /** A room loaded here: subscribe to its channel, announce its state vector, ask who is there. */
  override async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload): Promise<unknown> {
    try {
      await this.sub.subscribe(this.channel(documentName))
    } catch {
      // Redis unreachable: the room works on this host; 'ready' subscribes it later.
      this.dropped += 1
      return undefined
    }
    void this.publish(documentName, new OutgoingMessage(documentName).createSyncMessage().writeFirstSyncStepFor(document).toUint8Array())
    void this.publish(documentName, new OutgoingMessage(documentName).writeQueryAwareness().toUint8Array())
    return undefined
  }

  override async afterUnloadDocument({ instance, documentName }: afterUnloadDocumentPayload): Promise<void> {
    if (instance.documents.has(documentName) || instance.loadingDocuments.has(documentName)) return
    await this.sub.unsubscribe(this.channel(documentName)).catch(() => undefined)
  }

  /** A change on this host (from a client, or caught up from the database): relay the update itself. */
  override async onChange(data: onChangePayload): Promise<number | undefined> {
    if (data.transactionOrigin === this.redisTransactionOrigin) return undefined
    return this.publish(data.documentName, new OutgoingMessage(data.documentName).createSyncMessage().writeUpdate(data.update).toUint8Array())
  }

  override async onAwarenessUpdate(data: onAwarenessUpdatePayload): Promise<number | undefined> {
    if ((data.document?.connections.size ?? 0) === 0) return undefined
    const changed = data.added.concat(data.updated, data.removed)
    return this.publish(data.documentName, new OutgoingMessage(data.documentName).createAwarenessUpdateMessage(data.awareness, changed).toUint8Array())
  }

  override async beforeBroadcastStateless(data: beforeBroadcastStatelessPayload): Promise<number> {
    return this.publish(data.documentName, new OutgoingMessage(data.documentName).writeBroadcastStateless(data.payload).toUint8Array())
  }

  override async onDestroy(): Promise<void> {
    if (this.resyncTimer) clearInterval(this.resyncTimer)
    this.resyncTimer = null
    this.pub.disconnect(false)
    this.sub.disconnect(false)
  }
}
