// A few seconds of the shared-table load (`npm run bench:sync` runs the full 20 rooms × 50 clients
// × 10 Hz × 60 s): 4 rooms × 10 clients, the tracking client at 10 Hz for 3 s through one real
// server process, the receivers (full provider clients) in a child process as in the bench; then
// the bench's lean receivers (a bare websocket decoding each update) for 2 s. Every frame reaches
// every other client of its room; the latency figures are printed (the 100 ms p95 budget is the
// bench's, not this test's: this machine is shared).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runSyncLoad } from '../bench/syncLoad.ts'
import { type ServerProcess, spawnServer } from '../setup/syncClient.ts'

describe('shared table under a short load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tabletop-load-'))
  let server: ServerProcess | null = null
  afterAll(async () => {
    await server?.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('every pose frame reaches every other client of its room', async () => {
    server = await spawnServer(['--port', '0', '--data', dataDir])
    const r = await runSyncLoad([server.wsUrl], dataDir, { rooms: 4, clientsPerRoom: 10, hz: 10, seconds: 3, receiverProcesses: 1 })
    console.log(`sync load (4 rooms × 10 clients, 10 Hz, 3 s): ${r.deliveries}/${r.deliveriesExpected} delivered, latency p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms, max ${r.latencyMs.max} ms`)
    expect(r.frames).toBeGreaterThanOrEqual(4 * 25) // ~30 ticks in 3 s at 10 Hz, allowing for a slow machine
    expect(r.deliveries).toBe(r.deliveriesExpected)
  }, 60_000)

  it('the lean receivers find every frame too', async () => {
    const r = await runSyncLoad([server!.wsUrl], dataDir, { rooms: 2, clientsPerRoom: 5, hz: 10, seconds: 2, receivers: 'lean' })
    expect(r.framesPerSender).toBeGreaterThanOrEqual(15)
    expect(r.deliveries).toBe(r.deliveriesExpected)
    expect(r.deliveriesExpected).toBe(r.frames * 4)
  }, 60_000)
})
