// A Node client of the shared table: a Yjs document kept in sync with a room through the real
// @hocuspocus/provider over a real websocket (ws), as the app does in the browser.
import { spawn, type ChildProcess } from 'node:child_process'
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider'
import WebSocket from 'ws'
import * as Y from 'yjs'
import { type ProviderStatus, type SyncStatus, syncStatusOf } from '../../src/app/sync/connectionStatus.ts'

export type SyncClient = {
  doc: Y.Doc
  provider: HocuspocusProvider
  /** The provider's websocket (disconnect / connect it to drop and restore the connection). */
  socket: HocuspocusProviderWebsocket
  /** Resolves once the first sync with the server is done (or rejects if the key is refused). */
  ready: Promise<void>
  scope: () => string | null
  /** What the app's room panel would have said, in order (changes only): connecting, connected, reconnecting… */
  statuses: SyncStatus[]
  close: () => void
}

/**
 * ws's WebSocket with an 'error' listener of its own: the provider removes its listeners from a
 * socket it gives up on, and ws reports closing a socket that is still connecting as an 'error' on
 * the next tick, which with no listener left is an uncaught exception (browsers' WebSocket does not
 * throw there). The provider still hears every error while it listens.
 */
export class NodeWebSocket extends WebSocket {
  constructor(address: string | URL, protocols?: string | string[]) {
    super(address, protocols)
    this.on('error', () => undefined)
  }
}

export type ClientOptions = {
  /** 'fast' (the default here): retry after 100–500 ms. 'app': the provider's defaults, as the app runs it (1 s, doubling, jittered). */
  reconnect?: 'fast' | 'app'
  /** The websocket class (a wiretap that watches the traffic, test/setup/ackedWriter.ts). */
  webSocket?: typeof WebSocket
}

export function connectClient(wsUrl: string, roomId: string, key: string, options: ClientOptions = {}): SyncClient {
  const doc = new Y.Doc()
  let scope: string | null = null
  let settle: { ok: () => void; fail: (e: Error) => void } = { ok: () => undefined, fail: () => undefined }
  const ready = new Promise<void>((ok, fail) => (settle = { ok, fail }))
  const statuses: SyncStatus[] = ['connecting']
  let everConnected = false
  const fast = options.reconnect !== 'app' ? { delay: 100, minDelay: 100, maxDelay: 500, factor: 1.5 } : {}
  const socket = new HocuspocusProviderWebsocket({
    url: wsUrl,
    WebSocketPolyfill: options.webSocket ?? NodeWebSocket,
    ...fast,
    maxAttempts: 0,
    onStatus: ({ status }: { status: string }) => {
      everConnected ||= status === 'connected'
      const next = syncStatusOf(status as ProviderStatus, { current: statuses[statuses.length - 1]!, everConnected, online: true })
      if (next !== statuses[statuses.length - 1]) statuses.push(next)
    },
  })
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: roomId,
    document: doc,
    token: key,
    onAuthenticated: (data: { scope: string }) => {
      scope = data.scope
    },
    onAuthenticationFailed: ({ reason }: { reason: string }) => settle.fail(new Error(`authentication failed: ${reason}`)),
    onSynced: () => settle.ok(),
  })
  provider.attach()
  return {
    doc,
    provider,
    socket,
    ready,
    scope: () => scope,
    statuses,
    close: () => {
      provider.destroy()
      socket.destroy()
    },
  }
}

/** Poll until `check` is true (or fail after `timeoutMs`). */
export async function until(check: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

export type ServerProcess = { url: string; wsUrl: string; port: number; child: ChildProcess; output: () => string; kill: (signal: NodeJS.Signals) => Promise<void> }

/**
 * `npm start`'s server as its own process (so a test can kill it): the websocket and room API, and
 * the built app when `distDir` is given. `where.wrap` runs it through a command (e.g. `ip netns exec
 * ns`, a host in its own network namespace), `where.host` is the address it listens on.
 */
export async function spawnServer(args: string[], env: NodeJS.ProcessEnv = {}, nodeArgs: readonly string[] = [], distDir?: string, where: { wrap?: readonly string[]; host?: string } = {}): Promise<ServerProcess> {
  // Without a built app folder the process serves only the websocket and the room API.
  const app = distDir === undefined ? ['--no-app'] : ['--dist', distDir]
  const command = [...(where.wrap ?? []), process.execPath, ...nodeArgs, '--import', 'tsx', 'src/server/main.ts', ...app, '--host', where.host ?? '127.0.0.1', ...args]
  const child = spawn(command[0]!, command.slice(1), { cwd: process.cwd(), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000)
    const check = () => {
      const m = /Tabletop AR: (\S+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)))
  })
  const port = Number(new URL(url).port)
  return {
    url,
    wsUrl: `ws://${new URL(url).host}/sync`,
    port,
    child,
    output: () => out,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
  }
}
