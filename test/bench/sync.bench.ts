// Benchmark of the shared table (not a timed test): `npm run bench:sync` prints JSON.
// 20 rooms × 50 clients, the tracking client of each room writing a frame of poses at 10 Hz for
// 60 s; propagation latency (send → every other client of the room) p50/p95/p99/max, and how many
// deliveries arrived; first through one server process, then (if Debian redis-server is here)
// through two processes sharing the rooms via Redis. Budget: p95 ≤ 100 ms on one process.
// Sizes can be changed: --rooms R --clients C --hz H --seconds S.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type LoadConfig, runSyncLoad } from './syncLoad.ts'
import { type ServerProcess, spawnServer } from '../setup/syncClient.ts'
import { haveRedis, startRedis } from '../setup/redisServer.ts'

const BUDGET_P95_MS = 100

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}

async function main(): Promise<void> {
  const cfg: LoadConfig = { rooms: arg('rooms', 20), clientsPerRoom: arg('clients', 50), hz: arg('hz', 10), seconds: arg('seconds', 60) }
  const dataDir = mkdtempSync(join(tmpdir(), 'tabletop-bench-sync-'))
  const servers: ServerProcess[] = []
  const out: Record<string, unknown> = { bench: 'sync', machine: { cpus: cpus().length, node: process.version, loadAverage1mAtStart: Math.round(loadavg()[0]! * 10) / 10 }, config: cfg, budget: { p95Ms: BUDGET_P95_MS } }
  try {
    const one = await spawnServer(['--port', '0', '--data', dataDir, '--instance', 'solo'])
    servers.push(one)
    const single = await runSyncLoad([one.wsUrl], dataDir, cfg)
    out.oneProcess = single
    await one.kill('SIGTERM')
    if (haveRedis) {
      const redis = await startRedis()
      try {
        const env = { REDIS_URL: redis.url }
        const a = await spawnServer(['--port', '0', '--data', dataDir, '--instance', 'a'], env)
        const b = await spawnServer(['--port', '0', '--data', dataDir, '--instance', 'b'], env)
        servers.push(a, b)
        out.twoProcessesRedis = await runSyncLoad([a.wsUrl, b.wsUrl], dataDir, cfg)
      } finally {
        for (const s of servers) await s.kill('SIGTERM')
        await redis.stop()
      }
    } else out.twoProcessesRedis = { skipped: 'no /usr/bin/redis-server (apt-get install -y redis-server)' }
    out.loadAverage1mAtEnd = Math.round(loadavg()[0]! * 10) / 10
    out.ratios = { oneProcessP95ToBudget: Math.round((single.latencyMs.p95 / BUDGET_P95_MS) * 100) / 100 }
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
