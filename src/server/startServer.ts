// One Node process: the built app and, on the same origin at /sync, the Hocuspocus websocket that
// shares each room's table (a Yjs document). Rooms and their keys live in the data folder; with a
// Redis URL, several processes share rooms through @hocuspocus/extension-redis.
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { Hocuspocus, type Extension } from '@hocuspocus/server'
import { Redis } from '@hocuspocus/extension-redis'
import { WebSocketServer } from 'ws'
import { RoomRegistry, roomLinks } from './roomRegistry.ts'
import { RoomStore } from './roomStore.ts'
import * as Y from 'yjs'
import { DEFAULT_GUARD_LIMITS, type CutOffReason, type GuardLimits, guardSocket, inspectMessage } from './connectionGuard.ts'
import { serveStatic } from './staticFiles.ts'
import { DEFAULT_ROOM_CREATION_LIMITS, RoomCreationLimit, type RoomCreationLimits } from './roomCreationLimit.ts'

export const SYNC_PATH = '/sync'

export type ServerOptions = {
  /** The built app; null serves only the websocket and the room API (Node tests). */
  distDir: string | null
  dataDir: string
  host: string
  port: number
  tls?: { key: string; cert: string }
  /** redis://host:port — share rooms with other processes on the same Redis. */
  redisUrl?: string
  /** This process's name in the data folder (each process sharing a folder needs its own). */
  instance?: string
  limits?: Partial<GuardLimits>
  /** `POST /api/rooms` per client address (default: a burst of 10, then 6 a minute). */
  roomCreation?: Partial<RoomCreationLimits>
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
  registry: RoomRegistry
  /** Clients cut off so far, by reason (the fault tests and the bench read it). */
  cutOffs: Record<CutOffReason, number>
  /** Updates from view links that the server refused (they would have changed the table). */
  refused: { updates: number }
  close: () => Promise<void>
}

const HOST_HEADER = /^[A-Za-z0-9.\-]+(:\d+)?$|^\[[0-9a-fA-F:.]+\](:\d+)?$/

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const log = opts.log ?? ((line: string) => console.log(line))
  const limits: GuardLimits = { ...DEFAULT_GUARD_LIMITS, ...opts.limits }
  const instance = opts.instance ?? 'main'
  const registry = new RoomRegistry(opts.dataDir)
  const store = new RoomStore({ dataDir: opts.dataDir, instance })
  const cutOffs: Record<CutOffReason, number> = { malformed: 0, tooLarge: 0, flooding: 0 }
  const refused = { updates: 0 }
  const roomCreation = new RoomCreationLimit({ ...DEFAULT_ROOM_CREATION_LIMITS, ...opts.roomCreation })

  const extensions: Extension[] = []
  if (opts.redisUrl) {
    const u = new URL(opts.redisUrl)
    // enableReadyCheck off: ioredis ≥5.7 sends INFO on the subscriber connection after it has
    // subscribed, which Redis refuses ("only subscriber commands"), and the room never syncs.
    extensions.push(new Redis({ host: u.hostname, port: Number(u.port || 6379), identifier: `${instance}-${randomBytes(6).toString('hex')}`, prefix: 'tabletop', options: { enableReadyCheck: false } }))
  }

  const hocuspocus = new Hocuspocus({
    name: instance,
    quiet: true,
    extensions,
    async onAuthenticate({ documentName, token, connectionConfig }) {
      const role = registry.roleOf(documentName, token)
      if (!role) throw new Error('not authorised for this room')
      // View links are read-only here, on the server: Hocuspocus refuses their updates.
      if (role === 'view') connectionConfig.readOnly = true
      return { role }
    },
    async onLoadDocument({ document, documentName }) {
      store.load(documentName, document)
      // Appended synchronously inside the update event, i.e. before Hocuspocus acknowledges it.
      document.on('update', (update: Uint8Array) => store.append(documentName, update))
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
    async afterUnloadDocument({ documentName }) {
      store.close(documentName)
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
      const verdict = roomCreation.take(req.socket.remoteAddress ?? 'unknown')
      if (!verdict.ok) {
        log('room creation refused: too many from one address')
        res
          .writeHead(429, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Retry-After': String(verdict.retryAfterS) })
          .end(JSON.stringify({ error: `too many rooms created from this address; try again in ${verdict.retryAfterS} s`, retryAfterS: verdict.retryAfterS }))
        return
      }
      const keys = registry.create()
      log(`room ${keys.roomId} created`)
      const loopback = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(host)
      const base = loopback && opts.publicUrl ? opts.publicUrl : `${opts.tls ? 'https' : 'http'}://${host}/`
      res.writeHead(201, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(roomLinks(base, keys)))
      return
    }
    if (path === '/api/health') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify({ ok: true, instance, redis: Boolean(opts.redisUrl), rooms: hocuspocus.getDocumentsCount(), connections: hocuspocus.getConnectionsCount() }))
      return
    }
    if (!opts.distDir) {
      res.writeHead(404).end()
      return
    }
    serveStatic(opts.distDir, req, res)
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
      guardSocket(ws, limits, (room) => store.sizeBytes.get(room) ?? 0, (why) => {
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
    registry,
    cutOffs,
    refused,
    close: async () => {
      hocuspocus.closeConnections()
      for (const ws of wss.clients) ws.terminate()
      await new Promise<void>((r) => wss.close(() => r()))
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus })
      http.closeAllConnections()
      await new Promise<void>((r) => http.close(() => r()))
      store.closeAll()
    },
  }
}
