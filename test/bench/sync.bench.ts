// Benchmark of the shared table (not a timed test): `npm run bench:sync` prints JSON.
// 20 rooms × 50 clients, the tracking client of each room writing a frame of poses at 10 Hz for
// 60 s; propagation latency (send → every other client of the room) p50/p95/p99/max, deliveries
// arrived of expected, the frames each sender managed (of 600), the load average, and the server's
// own CPU time per delivery (from /proc: a cost per message that a busy machine disturbs less than
// latency). First through one server process, then (if Debian redis-server is here) through two
// processes sharing the rooms via Redis. Budget: p95 ≤ 100 ms on one process.
//
// Each topology is run with these load generators, back to back (see syncLoad.ts/syncReceivers.ts
// for exactly what a client does):
//   full@0  the first round's generator: 1 000 provider clients on one event loop
//   full@2  provider clients (Y.Doc + @hocuspocus/provider), receivers spread over 2 child processes
//   lean@2  bare-websocket receivers that decode every update and read the pose frame, 2 processes
// Options: --rooms R --clients C --hz H --seconds S --variants full@0,full@2,lean@2 --no-redis
//          --profile DIR (the one-process server writes a V8 CPU profile there).
//
// --hosts 2 (root, Linux): hosts that share nothing but PostgreSQL and Redis, each in a network
// namespace of its own (syncHosts.ts): the same load through one host on the files store (the
// baseline, in the same run) and through the hosts with rooms in PostgreSQL and live updates through
// Redis, alternating --repeat R times (default 1), with the p95 and CPU-per-delivery ratios of each
// pair and their medians; then failover: 20 devices behind a load balancer on host 1, host 1
// SIGKILLed, the time until every device is back on host 2 with a fresh pose frame.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type LoadConfig, type LoadResult, type RoomSource, runSyncLoad } from './syncLoad.ts'
import type { ReceiverKind } from './syncReceivers.ts'
import { makeTopology, measureFailover, netnsUnavailable } from './syncHosts.ts'
import { type ServerProcess, spawnServer } from '../setup/syncClient.ts'
import { haveRedis, startRedis } from '../setup/redisServer.ts'
import { havePostgres, startPostgres } from '../setup/postgresServer.ts'
import { DEFAULT_ROOM_CREATION_LIMITS, type RoomKeys, type RoomStorage, openRoomStorage } from '../../src/server/index.ts'

const BUDGET_P95_MS = 100

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const flag = (name: string) => process.argv.includes(`--${name}`)
function textArg(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? (process.argv[i + 1] ?? null) : null
}

type Variant = { name: string; receivers: ReceiverKind; receiverProcesses: number }

function variants(): Variant[] {
  return (textArg('variants') ?? 'full@0,full@2,lean@2').split(',').map((v) => {
    const m = /^(full|lean)@(\d+)$/.exec(v.trim())
    if (!m) throw new Error(`--variants: "${v}" is not KIND@PROCESSES (KIND full or lean, e.g. lean@2)`)
    return { name: v.trim(), receivers: m[1] as ReceiverKind, receiverProcesses: Number(m[2]) }
  })
}

/** CPU time (user + system) a process has used, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

const load1m = () => Math.round(loadavg()[0]! * 10) / 10

/** One load run with the servers' CPU time around it. */
async function measured(servers: ServerProcess[], rooms: RoomSource, cfg: LoadConfig): Promise<LoadResult & { loadAverage1m: { start: number; end: number }; serverCpuMs: number | null; serverCpuUsPerDelivery: number | null }> {
  const start = load1m()
  const cpu0 = servers.map((s) => cpuMs(s.child.pid))
  const r = await runSyncLoad(servers.map((s) => s.wsUrl), rooms, cfg)
  const cpu1 = servers.map((s) => cpuMs(s.child.pid))
  const used = cpu0.every((c) => c !== null) && cpu1.every((c) => c !== null) ? cpu1.reduce((a, c, i) => a! + c! - cpu0[i]!, 0)! : null
  return { ...r, loadAverage1m: { start, end: load1m() }, serverCpuMs: used, serverCpuUsPerDelivery: used === null || r.deliveries === 0 ? null : Math.round(((used * 1000) / r.deliveries) * 10) / 10 }
}

/** `--hosts N`: the baseline on one host (files), then N hosts on PostgreSQL + Redis, then failover; each host in its own network namespace. */
type Measured = Awaited<ReturnType<typeof measured>>

async function runHosts(count: number, base: Omit<LoadConfig, 'receivers' | 'receiverProcesses'>, runs: Variant[], repeat: number): Promise<Record<string, unknown>> {
  const why = netnsUnavailable() ?? (havePostgres ? null : 'no PostgreSQL server (apt-get install -y postgresql)') ?? (haveRedis ? null : 'no /usr/bin/redis-server (apt-get install -y redis-server)')
  if (why) return { skipped: why }
  const topo = makeTopology(count)
  const dirs: string[] = []
  const dir = (name: string) => {
    const d = mkdtempSync(join(tmpdir(), `tabletop-bench-${name}-`))
    dirs.push(d)
    return d
  }
  const servers: ServerProcess[] = []
  let pg: Awaited<ReturnType<typeof startPostgres>> | null = null
  let redis: Awaited<ReturnType<typeof startRedis>> | null = null
  let storage: RoomStorage | null = null
  const PORT = '5173' // each host has a network namespace, and so the port, of its own
  const SOLO_PORT = '5174'
  try {
    const storeWrap = topo.wrap(topo.storeNs)
    pg = await startPostgres({ wrap: storeWrap, trustNetwork: topo.network, host: topo.adminAddress, listenAddresses: [topo.adminAddress, ...topo.hosts.map((h) => h.storeAddress)].join(','), port: 5432 })
    redis = await startRedis({ wrap: storeWrap, bind: topo.hosts.map((h) => h.storeAddress).join(' '), port: 6379 })
    const store = await openRoomStorage({ dataDir: dir('rooms'), instance: 'bench', databaseUrl: pg.url, roomCreation: DEFAULT_ROOM_CREATION_LIMITS, storeWaitMs: 30_000, log: () => undefined })
    storage = store
    const makeRooms = async (n: number): Promise<RoomKeys[]> => {
      const out: RoomKeys[] = []
      for (let i = 0; i < n; i++) out.push(await store.createRoom())
      return out
    }
    // The baseline host (files, no Redis) and the hosts run side by side, each on its own port, and
    // the loads alternate (baseline, hosts, baseline, hosts… --repeat times): a busy machine then
    // disturbs both alike, and the ratios of each pair are compared.
    const soloDir = dir('solo')
    const solo = await spawnServer(['--port', SOLO_PORT, '--data', soloDir, '--instance', 'solo'], {}, [], undefined, { wrap: topo.wrap(topo.hosts[0]!.ns), host: topo.hosts[0]!.clientAddress })
    servers.push(solo)
    const hosts: ServerProcess[] = []
    for (const [i, h] of topo.hosts.entries()) {
      const env = { DATABASE_URL: `postgres://tabletop@${h.storeAddress}:5432/tabletop`, REDIS_URL: `redis://${h.storeAddress}:6379` }
      hosts.push(await spawnServer(['--port', PORT, '--data', dir(`host${i + 1}`), '--instance', `host${i + 1}`], env, [], undefined, { wrap: topo.wrap(h.ns), host: h.clientAddress }))
    }
    servers.push(...hosts)
    const pairs: Array<{ variant: string; repeat: number; baselineOneHostFiles: Measured; hostsPostgresRedis: Measured; p95Ratio: number; cpuPerDeliveryRatio: number | null }> = []
    for (let r = 1; r <= repeat; r++) {
      for (const v of runs) {
        const cfg = { ...base, receivers: v.receivers, receiverProcesses: v.receiverProcesses }
        const one = await measured([solo], soloDir, cfg)
        const many = await measured(hosts, makeRooms, cfg)
        const cpu = one.serverCpuUsPerDelivery && many.serverCpuUsPerDelivery ? Math.round((many.serverCpuUsPerDelivery / one.serverCpuUsPerDelivery) * 100) / 100 : null
        pairs.push({ variant: v.name, repeat: r, baselineOneHostFiles: one, hostsPostgresRedis: many, p95Ratio: Math.round((many.latencyMs.p95 / one.latencyMs.p95) * 100) / 100, cpuPerDeliveryRatio: cpu })
      }
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN
    const summary = Object.fromEntries(runs.map((v) => {
      const mine = pairs.filter((p) => p.variant === v.name)
      return [v.name, {
        pairs: mine.length,
        p95MsMedian: { oneHostFiles: median(mine.map((p) => p.baselineOneHostFiles.latencyMs.p95)), hostsPostgresRedis: median(mine.map((p) => p.hostsPostgresRedis.latencyMs.p95)) },
        p50MsMedian: { oneHostFiles: median(mine.map((p) => p.baselineOneHostFiles.latencyMs.p50)), hostsPostgresRedis: median(mine.map((p) => p.hostsPostgresRedis.latencyMs.p50)) },
        deliveries: { oneHostFiles: mine.map((p) => `${p.baselineOneHostFiles.deliveries}/${p.baselineOneHostFiles.deliveriesExpected}`), hostsPostgresRedis: mine.map((p) => `${p.hostsPostgresRedis.deliveries}/${p.hostsPostgresRedis.deliveriesExpected}`) },
        p95RatioMedian: median(mine.map((p) => p.p95Ratio)),
        cpuPerDeliveryRatioMedian: median(mine.flatMap((p) => (p.cpuPerDeliveryRatio === null ? [] : [p.cpuPerDeliveryRatio]))),
      }]
    }))
    await solo.kill('SIGTERM')
    const failover = await measureFailover(hosts[0]!, hosts[1]!, (await makeRooms(1))[0]!, 20)
    return {
      topology: { baseline: `${topo.hosts[0]!.clientAddress}:${SOLO_PORT} in ${topo.hosts[0]!.ns} (files, no Redis)`, hosts: topo.hosts.map((h) => ({ netns: h.ns, listens: `${h.clientAddress}:${PORT}`, store: h.storeAddress })), store: { netns: topo.storeNs, postgres: 'Debian postgresql, port 5432', redis: 'Debian redis-server, port 6379' } },
      summary,
      failover,
      pairs,
    }
  } finally {
    for (const s of servers) await s.kill('SIGKILL')
    await storage?.close()
    await redis?.stop()
    await pg?.stop()
    topo.down()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const base = { rooms: arg('rooms', 20), clientsPerRoom: arg('clients', 50), hz: arg('hz', 10), seconds: arg('seconds', 60) }
  const runs = variants()
  const hostCount = arg('hosts', 0)
  if (hostCount >= 2) {
    const out = { bench: 'sync --hosts', machine: { cpus: cpus().length, node: process.version, loadAverage1mAtStart: load1m() }, config: { ...base, hosts: hostCount, variants: runs.map((v) => v.name) }, budget: { p95Ms: BUDGET_P95_MS }, ...(await runHosts(hostCount, base, runs, Math.max(1, arg('repeat', 1)))), loadAverage1mAtEnd: load1m() }
    process.stdout.write(JSON.stringify(out, null, 2) + '\n')
    return
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tabletop-bench-sync-'))
  const servers: ServerProcess[] = []
  const out: Record<string, unknown> = { bench: 'sync', machine: { cpus: cpus().length, node: process.version, loadAverage1mAtStart: load1m() }, config: { ...base, variants: runs.map((v) => v.name) }, budget: { p95Ms: BUDGET_P95_MS } }
  const oneProcess: Record<string, unknown> = {}
  const twoProcesses: Record<string, unknown> = {}
  try {
    const profileDir = textArg('profile')
    const serverNodeArgs = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []
    const one = await spawnServer(['--port', '0', '--data', dataDir, '--instance', 'solo'], {}, serverNodeArgs)
    servers.push(one)
    for (const v of runs) oneProcess[v.name] = await measured([one], dataDir, { ...base, receivers: v.receivers, receiverProcesses: v.receiverProcesses })
    out.oneProcess = oneProcess
    await one.kill('SIGTERM')
    if (flag('no-redis')) out.twoProcessesRedis = { skipped: '--no-redis' }
    else if (haveRedis) {
      const redis = await startRedis()
      try {
        const env = { REDIS_URL: redis.url }
        const a = await spawnServer(['--port', '0', '--data', dataDir, '--instance', 'a'], env)
        const b = await spawnServer(['--port', '0', '--data', dataDir, '--instance', 'b'], env)
        servers.push(a, b)
        for (const v of runs) twoProcesses[v.name] = await measured([a, b], dataDir, { ...base, receivers: v.receivers, receiverProcesses: v.receiverProcesses })
        out.twoProcessesRedis = twoProcesses
      } finally {
        for (const s of servers) await s.kill('SIGTERM')
        await redis.stop()
      }
    } else out.twoProcessesRedis = { skipped: 'no /usr/bin/redis-server (apt-get install -y redis-server)' }
    out.loadAverage1mAtEnd = load1m()
    out.ratios = Object.fromEntries(runs.map((v) => [`oneProcessP95ToBudget ${v.name}`, Math.round(((oneProcess[v.name] as LoadResult).latencyMs.p95 / BUDGET_P95_MS) * 100) / 100]))
  } finally {
    for (const s of servers) await s.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.stdout.write(JSON.stringify(out, null, 2) + '\n')
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`bench:sync failed: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  },
)
