// `npm start`: build the app if needed and serve it with the shared-table websocket, in one process.
//   npm start                          http://127.0.0.1:5173 (this machine only)
//   npm start -- --https               https on every interface, a local certificate, a QR code of the LAN URL
//   npm start -- --lan                 http on every interface (no camera/WebXR on other devices: they need https)
//   --cert FILE --key FILE             (implies --https) serve your own certificate, e.g. from mkcert (httpsCertificate.ts)
//   --port N  --host ADDR  --data DIR  --instance NAME  --rebuild
//   --no-app                           only the shared-table websocket and room API (tests, extra Redis processes)
//   REDIS_URL=redis://127.0.0.1:6379   share rooms with other processes (each with its own --instance)
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import QRCode from 'qrcode'
import { ensureBuilt } from './ensureBuilt.ts'
import { CertificateError, certificateLine, serverCertificate } from './httpsCertificate.ts'
import { lanAddresses } from './lanAddresses.ts'
import { startServer } from './startServer.ts'
import { DEFAULT_DATA_DIR, repoRoot } from './dataDir.ts'


export type StartArgs = { port: number; host: string | null; https: boolean; lan: boolean; dataDir: string; instance: string; rebuild: boolean; distDir: string; app: boolean; certPath?: string; keyPath?: string }

class UsageError extends Error {}

export function parseStartArgs(argv: readonly string[], env: NodeJS.ProcessEnv): StartArgs {
  const out: StartArgs = { port: Number(env.PORT ?? 5173), host: null, https: false, lan: false, dataDir: DEFAULT_DATA_DIR, instance: env.TABLETOP_INSTANCE ?? 'main', rebuild: false, distDir: join(repoRoot, 'dist'), app: true }
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
    else if (a === '--cert') out.certPath = resolve(value())
    else if (a === '--key') out.keyPath = resolve(value())
    else throw new UsageError(`unknown option ${a} (options: --https --cert FILE --key FILE --lan --port N --host ADDR --data DIR --instance NAME --rebuild --no-app)`)
  }
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
  const server = await startServer({ distDir: args.app ? args.distDir : null, dataDir: args.dataDir, host, port, tls, redisUrl: process.env.REDIS_URL, instance: args.instance, log, publicUrl: port !== 0 ? lanBase(port) : undefined })
  console.log(`Tabletop AR: ${server.url}  (shared tables at ${server.wsUrl}${process.env.REDIS_URL ? ', rooms shared through Redis' : ''})`)
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
