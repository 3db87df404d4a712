// The engine A/B of engineAb.bench.ts in Chromium: both engines (another checkout's src/ as `base`,
// this one's as `here`) bundled into one module worker (esbuild, as the app's engine worker is a
// bundle of the same src/), and engineAbRun.ts's loop run in it, timed by the worker's clock.
//   BENCH_BASE=/path/to/other/checkout npm run bench:engine-ab-browser
// The page is served cross-origin isolated (COOP/COEP), so the clock ticks in 5 µs steps, not 100;
// an attack (~0.04-0.1 ms) is still timed over BENCH_ATTACK_BATCH (8) fresh tables in a row and
// divided (engineAbRun.ts says how that keeps the single table's order). Wall time in one thread:
// the collector's pauses fall in it, which the min over rounds drops. BENCH_SIZES, BENCH_ROUNDS,
// BENCH_WARMUP and BENCH_ATTACK_SIZES as in Node. JSON on stdout, with Chromium's version.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import { launchChromium } from '../setup/browser.ts'
import type { AbGoals, AbOptions, AbRow } from './engineAbRun.ts'

const base = process.env.BENCH_BASE
if (!base) {
  process.stderr.write('bench:engine-ab-browser: set BENCH_BASE to a directory holding another checkout\'s src/ (e.g. main\'s)\n')
  process.exit(2)
}
const root = resolve(import.meta.dirname, '../..')
const dir = mkdtempSync(join(tmpdir(), 'engine-ab-browser-'))
const entry = join(dir, 'entry.ts')
writeFileSync(entry, `
import * as hereE from ${JSON.stringify(join(root, 'src/engine/index.ts'))}
import * as hereS from ${JSON.stringify(join(root, 'src/systems/index.ts'))}
import * as baseE from ${JSON.stringify(join(resolve(base), 'src/engine/index.ts'))}
import * as baseS from ${JSON.stringify(join(resolve(base), 'src/systems/index.ts'))}
import { runEngineAb } from ${JSON.stringify(join(root, 'test/bench/engineAbRun.ts'))}
self.onmessage = (e) => {
  try {
    const out = runEngineAb({ base: { E: baseE, S: baseS }, here: { E: hereE, S: hereS } }, { ...e.data, clockMs: () => performance.now() })
    self.postMessage({ ok: true, ...out, isolated: self.crossOriginIsolated })
  } catch (err) {
    self.postMessage({ ok: false, error: String((err && err.stack) || err) })
  }
}
`)
await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', outfile: join(dir, 'worker.js'), logLevel: 'error' })
const files: Record<string, { type: string; body: Buffer | string }> = {
  '/': { type: 'text/html', body: '<!doctype html><title>engine A/B</title>' },
  '/worker.js': { type: 'text/javascript', body: readFileSync(join(dir, 'worker.js')) },
}
const server = createServer((req, res) => {
  const f = files[req.url ?? '']
  if (!f) {
    res.writeHead(404).end()
    return
  }
  res.writeHead(200, { 'content-type': f.type, 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' })
  res.end(f.body)
})
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`

const options: Omit<AbOptions, 'clockMs'> = {
  sizes: (process.env.BENCH_SIZES ?? '30x25,100x25,100x100,300x25').split(',').filter(Boolean).map((x) => x.split('x').map(Number) as [number, number]),
  attackSizes: (process.env.BENCH_ATTACK_SIZES ?? '30x25,100x25').split(','),
  rounds: Number(process.env.BENCH_ROUNDS ?? 30),
  warmup: Number(process.env.BENCH_WARMUP ?? 6),
  attackBatch: Number(process.env.BENCH_ATTACK_BATCH ?? 8),
}
const session = await launchChromium()
try {
  const { page } = session
  page.setDefaultTimeout(0)
  await page.goto(url)
  const chromium = await page.evaluate(() => navigator.userAgent)
  const out = await page.evaluate(`new Promise((done) => {
    const w = new Worker('/worker.js', { type: 'module' })
    w.onmessage = (e) => { w.terminate(); done(e.data) }
    w.onerror = (e) => { w.terminate(); done({ ok: false, error: e.message }) }
    w.postMessage(${JSON.stringify(options)})
  })`) as { ok: true; rows: AbRow[]; goals: AbGoals; isolated: boolean } | { ok: false; error: string }
  if (!out.ok) throw new Error(`the worker failed: ${out.error}`)
  process.stdout.write(JSON.stringify({
    bench: 'engine-ab', runtime: 'chromium-worker', base, chromium, crossOriginIsolated: out.isolated,
    note: 'wall ms in the worker (performance.now), min over alternating runs (attack: each pair timed over attackBatch fresh tables in a row, divided; the median over pairs of each pair\'s min); ratio = here / base',
    rows: out.rows, goals: out.goals,
  }, null, 2) + '\n')
} finally {
  await session.close()
  server.close()
  rmSync(dir, { recursive: true, force: true })
}
