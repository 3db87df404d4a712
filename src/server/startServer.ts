// One Node process: the built app and, on the same origin at /sync, the Hocuspocus websocket that
// shares each room's table (a Yjs document). Rooms, their keys and their documents live in the room
// store (roomStorage.ts: files in the data folder by default, PostgreSQL with DATABASE_URL); with a
// Redis URL, several hosts share rooms live through @hocuspocus/extension-redis (redisRelay.ts).
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { Hocuspocus, type Extension } from '@hocuspocus/server'
import { WebSocketServer, type WebSocket } from 'ws'
import { roomLinks } from './roomKeys.ts'
import * as Y from 'yjs'
import { DEFAULT_GUARD_LIMITS, type CutOffReason, type GuardLimits, guardSocket, inspectMessage } from './connectionGuard.ts'
import { serveStatic } from './staticFiles.ts'
import { DEFAULT_ROOM_CREATION_LIMITS, type RoomCreationLimits } from './roomCreationLimit.ts'
import { DEFAULT_STORE_WAIT_MS, type RoomStorage, StoreUnavailableError } from './roomStorage.ts'
import { openRoomStorage } from './openRoomStorage.ts'
import { RedisRelay } from './redisRelay.ts'

export const SYNC_PATH = '/sync'

export type ServerOptions = {
  /** The built app; null serves only the websocket and the room API (Node tests). */
  distDir: string | null
  dataDir: string
  host: string
  port: number
  tls?: { key: string; cert: string }
  /** redis://host:port — share rooms live with other hosts on the same Redis. */
  redisUrl?: string
  /** postgres://user:password@host:5432/db — rooms in PostgreSQL instead of the data folder. */
  databaseUrl?: string
  /** This process's name (its own log folder with files; its Redis identifier and rows' tag). */
  instance?: string
  limits?: Partial<GuardLimits>
  /** `POST /api/rooms` per client address (default: a burst of 10, then 6 a minute). */
  roomCreation?: Partial<RoomCreationLimits>
  /** How long an update waits for an unreachable database before it is refused (default 30 s). */
  storeWaitMs?: number
  /** How often a host reads other hosts' updates to its rooms from PostgreSQL (default 1 s). */
  catchUpMs?: number
  /**
   * The address other devices reach this server by (the LAN URL), used for room links asked for
   * from this machine itself (a link to 127.0.0.1 would be useless on a tablet).
   */
  publicUrl?: string
  /** The largest single websocket message in bytes. */
  maxMessageBytes?: number
  log?: (line: string) => void
}

export type RunningServer = {
  url: string
  wsUrl: string
  port: number
  hocuspocus: Hocuspocus
  /** Rooms, keys and documents (files or PostgreSQL). */
  storage: RoomStorage
  /** Clients cut off so far, by reason (the fault tests and the bench read it). */
  cutOffs: Record<CutOffReason, number>
  /** Updates from view links that the server refused (they would have changed the table). */
  refused: { updates: number }
  close: () => Promise<void>
}

const HOST_HEADER = /^[A-Za-z0-9.\-]+(:\d+)?$|^\[[0-9a-fA-F:.]+\](:\d+)?$/

/** Close codes of the room store (4000–4999: application codes; the provider reconnects after any). */
export const STORE_CLOSE = { unavailable: 4503, reloaded: 4205 } as const

/** Never settles: ends Hocuspocus's handling of a message (or connection) we dropped, without the stack trace it prints for a throw. */
const dropped = () => new Promise<never>(() => undefined)

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const log = opts.log ?? ((line: string) => console.log(line))
  const limits: GuardLimits = { ...DEFAULT_GUARD_LIMITS, ...opts.limits }
  const instance = opts.instance ?? 'main'
  const cutOffs: Record<CutOffReason, number> = { malformed: 0, tooLarge: 0, flooding: 0 }
  const refused = { updates: 0 }
  /** Websockets that authenticated for a room and wait for it to load (told to come back if it cannot). */
  const waiting = new Map<string, Set<WebSocket>>()
  const socketOf = new WeakMap<IncomingMessage, WebSocket>()
  const stopWaiting = (roomId: string, ws: WebSocket) => {
    const set = waiting.get(roomId)
    set?.delete(ws)
    if (set?.size === 0) waiting.delete(roomId)
  }
  const storage = await openRoomStorage({
    dataDir: opts.dataDir,
    instance,
    databaseUrl: opts.databaseUrl,
    roomCreation: { ...DEFAULT_ROOM_CREATION_LIMITS, ...opts.roomCreation },
    storeWaitMs: opts.storeWaitMs ?? DEFAULT_STORE_WAIT_MS,
    catchUpMs: opts.catchUpMs,
    log,
    onRoomUnavailable: (roomId, why) => {
      log(`room ${roomId} could not be loaded: ${why}`)
      for (const ws of waiting.get(roomId) ?? []) ws.close(STORE_CLOSE.unavailable, 'the room store is unreachable; try again shortly')
      waiting.delete(roomId)
    },
  })

  // Before anything else handles a message: a connection whose room was unloaded under it (and
  // perhaps loaded again as a new document) would apply its updates to a destroyed document that
  // nobody stores or relays (hocuspocus issue 971). Cut it off; its provider reconnects to the live
  // room and sends what the server lacks.
  const liveRoomGuard: Extension = {
    priority: 2000,
    async beforeHandleMessage({ connection, document, documentName, instance: hp }) {
      if (!document.isDestroyed && hp.documents.get(documentName) === document) return
      log(`a client was on room ${documentName} after it unloaded: reconnecting it`)
      connection.webSocket.close(STORE_CLOSE.reloaded, 'the room was reloaded on the server; reconnect')
      return dropped()
    },
  }
  const extensions: Extension[] = [liveRoomGuard, storage.extension]
  const relay = opts.redisUrl ? new RedisRelay({ url: opts.redisUrl, identifier: `${instance}-${randomBytes(6).toString('hex')}`, log }) : null
  if (relay) extensions.push(relay)

  const hocuspocus = new Hocuspocus({
    name: instance,
    quiet: true,
    extensions,
    async onAuthenticate({ documentName, token, connectionConfig, request }) {
      let role: Awaited<ReturnType<RoomStorage['roleOf']>>
      try {
        role = await storage.roleOf(documentName, token)
      } catch (e) {
        // The store cannot say (unreachable): not a wrong key. The client is told to come back
        // (it reconnects by itself) instead of being refused.
        const ws = socketOf.get(request)
        log(`a client could not be let into room ${documentName}: ${(e as Error).message}`)
        if (!ws) throw e
        ws.close(STORE_CLOSE.unavailable, 'the room store is unreachable; try again shortly')
        return dropped()
      }
      if (!role) throw new Error('not authorised for this room')
      // View links are read-only here, on the server: Hocuspocus refuses their updates.
      if (role === 'view') connectionConfig.readOnly = true
      const ws = socketOf.get(request)
      if (ws) {
        const set = waiting.get(documentName) ?? waiting.set(documentName, new Set()).get(documentName)!
        set.add(ws)
        ws.once('close', () => stopWaiting(documentName, ws))
      }
      return { role }
    },
    async connected({ documentName, request }) {
      const ws = socketOf.get(request)
      if (ws) stopWaiting(documentName, ws)
    },
    async beforeHandleMessage({ connection, document, update }) {
      // Hocuspocus itself refuses a read-only connection's update (and answers "not saved"); this
      // only counts the refusals that would have changed the table, so tests and logs can see them.
      if (!connection.readOnly) return
      const seen = inspectMessage(update)
      if (seen.ok && seen.updatePayload && !Y.snapshotContainsUpdate(Y.snapshot(document), seen.updatePayload)) {
        refused.updates += 1
        log('a view link tried to change the table: refused')
      }
    },
  })

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]
    if (path === '/api/rooms' && req.method === 'POST') {
      const host = req.headers.host ?? ''
      if (!HOST_HEADER.test(host)) {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'bad Host header' }))
        return
      }
      void createRoom(req, res, host)
      return
    }
    if (path === '/api/health') {
      const body = { ok: true, instance, store: storage.status(), redis: relay ? { reachable: relay.reachable, dropped: relay.dropped } : null, rooms: hocuspocus.getDocumentsCount(), connections: hocuspocus.getConnectionsCount() }
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body))
      return
    }
    if (!opts.distDir) {
      res.writeHead(404).end()
      return
    }
    serveStatic(opts.distDir, req, res)
  }
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers }).end(JSON.stringify(body))
  async function createRoom(req: IncomingMessage, res: ServerResponse, host: string): Promise<void> {
    try {
      const verdict = await storage.takeRoomCreation(req.socket.remoteAddress ?? 'unknown')
      if (!verdict.ok) {
        log('room creation refused: too many from one address')
        json(res, 429, { error: `too many rooms created from this address; try again in ${verdict.retryAfterS} s`, retryAfterS: verdict.retryAfterS }, { 'Retry-After': String(verdict.retryAfterS) })
        return
      }
      const keys = await storage.createRoom()
      log(`room ${keys.roomId} created`)
      const loopback = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(host)
      const base = loopback && opts.publicUrl ? opts.publicUrl : `${opts.tls ? 'https' : 'http'}://${host}/`
      json(res, 201, roomLinks(base, keys))
    } catch (e) {
      log(`room creation failed: ${(e as Error).message}`)
      if (e instanceof StoreUnavailableError) json(res, 503, { error: 'the room store is unreachable; try again shortly', retryAfterS: 5 }, { 'Retry-After': '5' })
      else json(res, 500, { error: 'the room could not be created' })
    }
  }
  const http: HttpServer = opts.tls ? createHttpsServer({ key: opts.tls.key, cert: opts.tls.cert }, handler) : createHttpServer(handler)

  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxMessageBytes ?? 1024 * 1024 })
  http.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').split('?')[0] !== SYNC_PATH) {
      socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => undefined) // a client's protocol error (e.g. an oversized frame) closes only that socket
      socketOf.set(req, ws)
      guardSocket(ws, limits, storage.roomBytes, (why) => {
        cutOffs[why] += 1
        log(`a client was cut off: ${why}`)
      })
      hocuspocus.handleConnection(ws, req)
    })
  })

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(opts.port, opts.host, () => resolve())
  })
  const port = (http.address() as AddressInfo).port
  const hostForUrl = opts.host.includes(':') ? `[${opts.host}]` : opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host
  const url = `${opts.tls ? 'https' : 'http'}://${hostForUrl}:${port}/`
  return {
    url,
    wsUrl: `${opts.tls ? 'wss' : 'ws'}://${hostForUrl}:${port}${SYNC_PATH}`,
    port,
    hocuspocus,
    storage,
    cutOffs,
    refused,
    close: async () => {
      hocuspocus.closeConnections()
      for (const ws of wss.clients) ws.terminate()
      await new Promise<void>((r) => wss.close(() => r()))
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus })
      http.closeAllConnections()
      await new Promise<void>((r) => http.close(() => r()))
      await storage.close()
    },
  }
}
