// `npm start`: build the app if needed and serve it with the shared-table websocket, in one process.
//   npm start                          http://127.0.0.1:5173 (this machine only)
//   npm start -- --https               https on every interface, a local certificate, a QR code of the LAN URL
//   npm start -- --lan                 http on every interface (no camera/WebXR on other devices: they need https)
//   --cert FILE --key FILE             (implies --https) serve your own certificate, e.g. from mkcert (httpsCertificate.ts)
//   --port N  --host ADDR  --data DIR  --instance NAME  --rebuild
//   --no-app                           only the shared-table websocket and room API (tests, extra Redis processes)
//   REDIS_URL=redis://127.0.0.1:6379   share rooms live with other hosts (each with its own --instance)
//   DATABASE_URL=postgres://u:p@db/tabletop   rooms in PostgreSQL (schema made on start): hosts share nothing else
//   --store-wait S                     how long an update waits for an unreachable database before it is refused (30)
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import QRCode from 'qrcode'
import { ensureBuilt } from './ensureBuilt.ts'
import { CertificateError, certificateLine, serverCertificate } from './httpsCertificate.ts'
import { lanAddresses } from './lanAddresses.ts'
import { startServer } from './startServer.ts'
import { DEFAULT_STORE_WAIT_MS } from './roomStorage.ts'
import { DEFAULT_DATA_DIR, repoRoot } from './dataDir.ts'
import { checkDatabaseUrl, redactDatabaseUrl } from './postgres/databaseUrl.ts'
import { checkRedisUrl } from './redisRelay.ts'


export type StartArgs = { port: number; host: string | null; https: boolean; lan: boolean; dataDir: string; instance: string; rebuild: boolean; distDir: string; app: boolean; storeWaitMs: number; certPath?: string; keyPath?: string }

class UsageError extends Error {}

export function parseStartArgs(argv: readonly string[], env: NodeJS.ProcessEnv): StartArgs {
  const out: StartArgs = { port: Number(env.PORT ?? 5173), host: null, https: false, lan: false, dataDir: DEFAULT_DATA_DIR, instance: env.TABLETOP_INSTANCE ?? 'main', rebuild: false, distDir: join(repoRoot, 'dist'), app: true, storeWaitMs: DEFAULT_STORE_WAIT_MS }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    const value = () => {
      const v = argv[++i]
      if (v === undefined) throw new UsageError(`${a} needs a value`)
      return v
    }
    if (a === '--https') out.https = true
    else if (a === '--lan') out.lan = true
    else if (a === '--rebuild') out.rebuild = true
    else if (a === '--no-app') out.app = false
    else if (a === '--port') out.port = Number(value())
    else if (a === '--host') out.host = value()
    else if (a === '--data') out.dataDir = resolve(value())
    else if (a === '--dist') out.distDir = resolve(value())
    else if (a === '--instance') out.instance = value()
    else if (a === '--store-wait') out.storeWaitMs = Number(value()) * 1000
    else if (a === '--cert') out.certPath = resolve(value())
    else if (a === '--key') out.keyPath = resolve(value())
    else throw new UsageError(`unknown option ${a} (options: --https --cert FILE --key FILE --lan --port N --host ADDR --data DIR --instance NAME --store-wait S --rebuild --no-app)`)
  }
  if (!Number.isFinite(out.storeWaitMs) || out.storeWaitMs < 1000 || out.storeWaitMs > 3_600_000) throw new UsageError(`--store-wait: give seconds between 1 and 3600 (got ${out.storeWaitMs / 1000})`)
  for (const bad of [env.DATABASE_URL ? checkDatabaseUrl(env.DATABASE_URL) : null, env.REDIS_URL ? checkRedisUrl(env.REDIS_URL) : null]) if (bad) throw new UsageError(bad)
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535) throw new UsageError(`--port: ${out.port} is not a port number`)
  if ((out.certPath === undefined) !== (out.keyPath === undefined)) throw new UsageError('--cert and --key go together: give both files (PEM)')
  if (out.certPath) out.https = true
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(out.instance)) throw new UsageError(`--instance: use letters, digits, - or _ (got "${out.instance}")`)
  return out
}

async function run(): Promise<void> {
  const args = parseStartArgs(process.argv.slice(2), process.env)
  const log = (line: string) => console.log(line)
  if (args.app) await ensureBuilt(repoRoot, args.distDir, args.rebuild, log)
  const host = args.host ?? (args.https || args.lan ? '0.0.0.0' : '127.0.0.1')
  const lan = host === '0.0.0.0' ? lanAddresses() : []
  const tls = args.https ? await serverCertificate({ dataDir: args.dataDir, hosts: ['localhost', '127.0.0.1', ...lan, ...(host !== '0.0.0.0' ? [host] : [])], certPath: args.certPath, keyPath: args.keyPath }).catch((e: unknown) => {
    throw e instanceof CertificateError ? new UsageError(e.message) : e
  }) : undefined
  const scheme = args.https ? 'https' : 'http'
  const port = args.port
  // Room links made from this machine name the LAN address (known up front for a fixed port; with
  // --port 0 links keep the host the request came by).
  const lanBase = (p: number) => (lan[0] ? `${scheme}://${lan[0]}:${p}/` : undefined)
  const databaseUrl = process.env.DATABASE_URL || undefined
  if (databaseUrl) log(`rooms in PostgreSQL at ${redactDatabaseUrl(databaseUrl)}`)
  const server = await startServer({ distDir: args.app ? args.distDir : null, dataDir: args.dataDir, host, port, tls, redisUrl: process.env.REDIS_URL || undefined, databaseUrl, storeWaitMs: args.storeWaitMs, instance: args.instance, log, publicUrl: port !== 0 ? lanBase(port) : undefined })
  const shared = [databaseUrl ? 'rooms in PostgreSQL' : `rooms in ${args.dataDir}`, process.env.REDIS_URL ? 'live through Redis' : null].filter(Boolean).join(', ')
  console.log(`Tabletop AR: ${server.url}  (shared tables at ${server.wsUrl}; ${shared}; instance ${args.instance})`)
  if (tls) console.log(certificateLine(tls))
  const lanUrl = lanBase(server.port) ?? null
  if (lanUrl) {
    console.log(`on this network: ${lan.map((a) => `${scheme}://${a}:${server.port}/`).join('  ')}`)
    console.log(await QRCode.toString(lanUrl, { type: 'terminal', small: true }))
  }
  const stop = () => {
    void server.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

const isEntry = process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])
if (isEntry) {
  // The last guard of a server that many tables depend on: Hocuspocus runs extension hooks in
  // promise chains nobody awaits (onChange, awareness, the debounced store); a rejection there, from
  // a dependency that went away, would end the process and cut every table off. Every update is
  // stored before it is acknowledged, so logging it and going on loses nothing.
  process.on('unhandledRejection', (reason) => console.error(`unexpected (kept running): ${reason instanceof Error ? reason.message : String(reason)}`))
  run().catch((e: unknown) => {
    if (e instanceof UsageError) {
      console.error(`error: ${e.message}`)
      process.exit(2)
    }
    const err = e as NodeJS.ErrnoException
    if (err.code === 'EADDRINUSE') console.error(`error: the port is in use (${err.message}); pick another with --port`)
    else console.error(`error: ${err.message ?? String(e)}`)
    process.exit(1)
  })
}
