// Benchmark of hand inference alongside marker tracking (issue 15; not a timed test):
// `npm run bench:hands [-- --seconds 6 --configs default,cpu480,cpu320,one-hand,gpu]` prints JSON.
// The built app in Chromium, Camera mode, fake camera (Y4M at 30 fps so the camera does not cap the
// rates) showing the demo table with a rendered hand over it (the WebXR generic hand, as in
// test/e2e/handsRendered.test.ts) or without one. Per configuration (the hand worker's tuning, set
// through the page URL: input width, delegate, hands looked for), in one browser session:
//   markers alone: marker results per second and frame → result latency (median, p95);
//   then hands on:  the same, plus hand results per second, inference ms and frame → hands latency;
//   ratio: hand rate over the marker rate in the same run (the issue's target: hands ≥ 10 fps
//   alongside marker tracking). The load average is printed with each run: on a busy machine the
//   absolute rates are floors, the ratios stay comparable.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { loadOpenCv } from '../../src/tracking/index.ts'
import { buildSceneFrame } from '../tracking/synth/tabletopScene.ts'
import { renderTableFrame } from '../tracking/synth/renderTableFrame.ts'
import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { startAppServer } from '../setup/appServer.ts'
import { haveChromium, launchChromium } from '../setup/browser.ts'
import { MOVED_B1, demoScene } from '../setup/demoTable.ts'
import { layHandOnTable, renderOpenHand } from '../e2e/handsRender/handOverTable.ts'

const CONFIGS: Record<string, string> = {
  default: '',
  cpu480: 'hands-input=480',
  cpu320: 'hands-input=320',
  'one-hand': 'hands-max=1',
  gpu: 'hands-delegate=GPU',
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback
}

async function videos(dir: string): Promise<{ table: string; hand: string; registry: string }> {
  const cv = await loadOpenCv()
  const camera = { width: 1280, height: 720 }
  const tables = [0, 1, 2].map((i) => buildSceneFrame(cv, demoScene(), { seed: 7, moves: { b1: MOVED_B1 }, camera, effects: { seed: 300 + i } }))
  const frames = tables.map((s) => renderTableFrame(s.spec).frame)
  const registry = join(dir, 'registry.json')
  writeFileSync(registry, JSON.stringify(tables[0]!.registry))
  const table = join(dir, 'table.y4m')
  writeFileSync(table, encodeY4m(frames, 30))
  // The hand over the table beside b1, moving 10 mm per frame (a hand in view, tracked between frames).
  const cutout = await renderOpenHand()
  const withHand = frames.map((f, i) => layHandOnTable(f, cutout, tables[0]!.spec, [MOVED_B1.position[0] - 80 + 10 * i, MOVED_B1.position[1] + 40]).frame)
  const hand = join(dir, 'hand.y4m')
  writeFileSync(hand, encodeY4m(withHand, 30))
  return { table, hand, registry }
}

async function steady(page: Page, seconds: number) {
  const t0 = await page.evaluate(() => { window.__tabletopCamera!.resetLatency!(); return performance.now() })
  await page.waitForTimeout(seconds * 1000)
  const { latency, t1 } = await page.evaluate(() => ({ latency: window.__tabletopCamera!.latency(), t1: performance.now() }))
  return { markerFps: (latency.samples * 1000) / (t1 - t0), frameToResultMs: { median: latency.medianMs, p95: latency.p95Ms } }
}

async function run(url: string, video: string, registry: string, query: string, seconds: number) {
  const session = await launchChromium({ fakeVideo: video })
  try {
    const page = session.page
    await page.goto(`${url}${query ? `?${query}` : ''}`)
    await page.getByTestId('mode-camera').click()
    await page.getByTestId('registry-input').setInputFiles(registry)
    await page.getByTestId('start-camera').click()
    await page.getByTestId('hands-panel').waitFor({ timeout: 180_000 })
    await page.waitForFunction(() => document.querySelector('[data-testid="tracking-status"]')?.getAttribute('data-locked') === 'yes', null, { timeout: 180_000 })
    await page.waitForTimeout(2000)
    const load0 = loadavg()[0]
    const without = await steady(page, seconds)
    await page.getByTestId('hands-start').click()
    await page.waitForFunction(() => document.querySelector('[data-testid="hands-panel"]')?.getAttribute('data-hands') === 'on', null, { timeout: 120_000 })
    await page.waitForTimeout(3000)
    const withHands = await steady(page, seconds)
    const hands = await page.evaluate(() => window.__tabletopHands!.stats())
    return {
      loadAverage: [load0, loadavg()[0]],
      tuning: hands.tuning,
      markersAlone: without,
      markersWithHands: { markerFps: withHands.markerFps, frameToResultMs: withHands.frameToResultMs },
      hands: { fps: hands.fps, inferMs: hands.inferMs, frameToHandsMedianMs: hands.frameToHandsMs, inView: hands.hands, modelLoadMs: hands.loadMs },
      ratioHandToMarkerFps: hands.fps !== null && withHands.markerFps > 0 ? hands.fps / withHands.markerFps : null,
      markerFpsKeptWithHands: without.markerFps > 0 ? withHands.markerFps / without.markerFps : null,
    }
  } finally {
    await session.close()
  }
}

if (!haveChromium) {
  console.error('bench:hands needs Chromium at /usr/bin/chromium')
  process.exit(2)
}
const seconds = Number(arg('seconds', '6'))
const names = arg('configs', Object.keys(CONFIGS).join(',')).split(',')
for (const n of names) if (!(n in CONFIGS)) { console.error(`bench:hands: unknown config "${n}" (known: ${Object.keys(CONFIGS).join(', ')})`); process.exit(2) }
const dir = mkdtempSync(join(tmpdir(), 'tabletop-hands-bench-'))
const server = await startAppServer()
try {
  const v = await videos(dir)
  const runs: Record<string, unknown>[] = []
  for (const name of names) {
    for (const scene of ['hand', 'table'] as const) {
      const label = { config: name, scene: scene === 'hand' ? 'a hand over the table' : 'the table, no hand' }
      try {
        const r = await run(server.url, scene === 'hand' ? v.hand : v.table, v.registry, CONFIGS[name]!, seconds)
        runs.push({ ...label, ...r })
        console.error(`bench:hands ${name} / ${scene}: hands ${r.hands.fps?.toFixed(1)} fps (${r.hands.inView} in view), markers ${r.markersAlone.markerFps.toFixed(1)} → ${r.markersWithHands.markerFps.toFixed(1)} fps, load ${r.loadAverage.map((x) => (x ?? 0).toFixed(1)).join('→')}`)
      } catch (e) {
        // One run failing (a timeout on a busy machine) is reported, and the others still run.
        runs.push({ ...label, error: (e instanceof Error ? e.message : String(e)).split('\n')[0] })
        console.error(`bench:hands ${name} / ${scene}: failed: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`)
      }
    }
  }
  console.log(JSON.stringify({ bench: 'hands', seconds, cores: (await import('node:os')).cpus().length, runs }, null, 1))
} finally {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
}
