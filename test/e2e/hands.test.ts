// Hands in Chromium (issue 15): the camera mode with the fake camera showing the demo table (no hand
// in it). "Track hands" loads the bundled hand_landmarker.task (built by npm run models:hands) with
// tasks-vision's wasm, both from the app's own origin and only then; the model runs on the table
// frames and finds no hand; marker tracking keeps running alongside. With a rendered hand beside a
// model in the camera image, it finds the hand live and the model is held. Rates and latencies are printed
// (and written to test-results/hands/rates.json). The user-supplied path: a .task file picked in the
// panel is kept in IndexedDB across a reload and used; a file that is not a hand bundle is refused.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { RESULTS_DIR, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { MOVED_B1, dismissMessages, renderDemoTable } from '../setup/demoTable.ts'
import { encodePng, layHandOnTable, renderOpenHand } from './handsRender/handOverTable.ts'

warnIfNoChromium('test/e2e/hands.test.ts (browser tests)')

const taskPath = join(import.meta.dirname, '../../models/hand_landmarker.task')

/** Steady-state marker tracking over 4 s: results per second and the frame → result latency of those frames. */
async function steady(page: Page): Promise<{ markerFps: number; latency: { medianMs: number | null; p95Ms: number | null; samples: number }; locked: boolean }> {
  let locked = true
  const t0 = await page.evaluate(() => { window.__tabletopCamera!.resetLatency!(); return performance.now() })
  for (let i = 0; i < 8; i++) {
    await page.waitForTimeout(500)
    locked &&= (await page.getByTestId('tracking-status').getAttribute('data-locked')) === 'yes'
  }
  const { latency, t1 } = await page.evaluate(() => ({ latency: window.__tabletopCamera!.latency(), t1: performance.now() }))
  return { markerFps: (latency.samples * 1000) / (t1 - t0), latency, locked }
}

describe.skipIf(!haveChromium)('hands in Chromium (fake camera, bundled model)', () => {
  let server: AppServer
  const dir = join(RESULTS_DIR, 'hands')
  const videoPath = join(dir, 'demo-table.y4m')
  const handVideoPath = join(dir, 'demo-table-hand.y4m')
  const twoHandsVideoPath = join(dir, 'demo-table-two-hands.y4m')
  const registryPath = join(dir, 'registry.json')

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    const rendered = await renderDemoTable(6, { width: 1280, height: 720 })
    writeFileSync(videoPath, encodeY4m(rendered.frames, 10))
    // The same table with a rendered hand (handsRendered.test.ts) resting beside b1, whose marker still shows.
    const hand = await renderOpenHand()
    const beside: [number, number] = [MOVED_B1.position[0] - 80, MOVED_B1.position[1] + 40]
    writeFileSync(handVideoPath, encodeY4m(rendered.frames.map((f) => layHandOnTable(f, hand, rendered.synth.spec, beside).frame), 10))
    // Both hands: the right one beside b1 as above, the left one 25 cm further left on the open table.
    const left = await renderOpenHand('left')
    const farLeft: [number, number] = [beside[0] - 250, beside[1] - 60]
    const twoHands = rendered.frames.map((f) => layHandOnTable(layHandOnTable(f, hand, rendered.synth.spec, beside).frame, left, rendered.synth.spec, farLeft).frame)
    writeFileSync(join(dir, 'demo-table-two-hands.png'), encodePng(twoHands[0]!))
    writeFileSync(twoHandsVideoPath, encodeY4m(twoHands, 10))
    writeFileSync(registryPath, JSON.stringify(rendered.synth.registry, null, 1))
    server = await startAppServer()
  }, 240_000)
  afterAll(async () => {
    await server?.close()
  })
  /** Camera mode with the registry loaded and the camera started (the hands panel shows once it runs). */
  const startCamera = async (page: Page) => {
    await page.getByTestId('mode-camera').click()
    await page.getByTestId('registry-input').setInputFiles(registryPath)
    await page.getByTestId('start-camera').click()
    await page.getByTestId('hands-panel').waitFor({ timeout: 60_000 })
  }

  /** Chromium with `video` as its camera, the app in Camera mode with the camera started; closed after `body`. */
  const inCamera = async (video: string, body: (page: Page) => Promise<void>, beforeGoto?: (page: Page) => void) => {
    const session = await launchChromium({ fakeVideo: video })
    try {
      beforeGoto?.(session.page)
      await session.page.goto(server.url)
      await startCamera(session.page)
      await body(session.page)
    } finally {
      await session.close()
    }
  }

  it('the bundled model and the wasm load from the app (only when asked), run on table frames, find no hand; markers keep tracking', async () => {
    const requests: string[] = []
    await inCamera(videoPath, async (page) => {
      const status = page.getByTestId('tracking-status')
      await expect.poll(() => status.getAttribute('data-locked'), { timeout: 60_000 }).toBe('yes')
      await page.waitForTimeout(3000)
      const before = await steady(page)
      // Nothing of the hand model was fetched before the user asked for hands.
      expect(requests.filter((u) => /vision_wasm|hands\.worker|hand_landmarker/.test(u))).toEqual([])

      await page.getByTestId('hands-start').click()
      await expect.poll(() => page.getByTestId('hands-panel').getAttribute('data-hands'), { timeout: 120_000 }).toBe('on')
      await expect.poll(() => page.getByTestId('hands-status').innerText(), { timeout: 30_000 }).toMatch(/hands \d+\.\d fps · 0 in view · model bundled/)
      await page.waitForTimeout(2000)
      const after = { ...(await steady(page)), hands: await page.evaluate(() => window.__tabletopHands!.stats()) }
      expect(after.hands.hands).toBe(0)
      expect(after.hands.fps).toBeGreaterThan(0)
      expect(after.locked).toBe(true)

      const origin = new URL(server.url).origin
      expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([])
      for (const part of ['hands.worker', 'vision_wasm_module_internal', '.wasm', 'hand_landmarker']) expect(requests.some((u) => u.startsWith(origin) && u.includes(part))).toBe(true)

      const rates = {
        markerFpsWithoutHands: before.markerFps,
        markerFpsWithHands: after.markerFps,
        handFps: after.hands.fps, handInferMs: after.hands.inferMs, handModelLoadMs: after.hands.loadMs,
        frameToResultMsWithoutHands: before.latency, frameToResultMsWithHands: after.latency,
      }
      writeFileSync(join(dir, 'rates.json'), JSON.stringify(rates, null, 2))
      console.log(`hands e2e rates: ${JSON.stringify(rates)}`)
      await dismissMessages(page)
      for (const [name, size] of [['phone', { width: 390, height: 844 }], ['tablet', { width: 1024, height: 768 }], ['desktop', { width: 1440, height: 900 }]] as const) {
        await page.setViewportSize(size)
        await page.waitForTimeout(300)
        await page.screenshot({ path: screenshotPath(`hands-camera-${name}`) })
      }
      await page.getByTestId('hands-stop').click()
      await page.getByTestId('stop-camera').click()
    }, (page) => page.on('request', (r) => requests.push(r.url())))
  }, 300_000)

  it('a hand in the camera: the real model finds it live and the models beside it are held ("hand over the table: holding …")', async () => {
    await inCamera(handVideoPath, async (page) => {
      const status = page.getByTestId('tracking-status')
      await expect.poll(() => status.getAttribute('data-locked'), { timeout: 60_000 }).toBe('yes')
      expect(await status.innerText()).not.toContain('hand over the table')
      await page.getByTestId('hands-start').click()
      await expect.poll(() => page.getByTestId('hands-status').innerText(), { timeout: 120_000 }).toMatch(/hands \d+\.\d fps · 1 in view/)
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toMatch(/hand over the table: holding \d+ models?/)
      await dismissMessages(page)
      await page.screenshot({ path: screenshotPath('hands-camera-hand-in-view') })
      await page.getByTestId('hands-stop').click()
      // Hands off: nothing holds the models any more.
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).not.toContain('hand over the table')
    })
  }, 300_000)

  // Two hands in view: the worker's single-hand landmarker tracks one on most frames and the all-hands
  // one, every few frames, finds the other (hands.worker.ts); both must be there frame after frame.
  it('two hands in the camera: both are found in nearly every hand result', async () => {
    await inCamera(twoHandsVideoPath, async (page) => {
      await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-locked'), { timeout: 60_000 }).toBe('yes')
      await page.getByTestId('hands-start').click()
      await expect.poll(() => page.getByTestId('hands-status').innerText(), { timeout: 120_000 }).toMatch(/hands \d+\.\d fps · 2 in view/)
      await page.waitForTimeout(1000)
      const counts: number[] = []
      for (let i = 0; i < 16; i++) {
        await page.waitForTimeout(200)
        counts.push(await page.evaluate(() => window.__tabletopHands!.stats().hands))
      }
      console.log(`two hands: hands in view over 3.2 s: ${counts.join(' ')}`)
      // Measured: 14–16 of 16 (two browsers running at once: 14); without carrying the other hand: 4 of 16.
      expect(counts.filter((n) => n === 2).length).toBeGreaterThanOrEqual(12)
      await page.getByTestId('hands-stop').click()
    })
  }, 300_000)

  it('a user-supplied hand_landmarker.task is kept in IndexedDB across a reload and used; a wrong file is refused', async () => {
    await inCamera(videoPath, async (page) => {
      await page.getByTestId('hand-model-source').selectOption('file')
      await page.getByTestId('hand-model-file').setInputFiles(registryPath)
      await expect.poll(() => page.getByTestId('hands-error').innerText()).toContain('registry.json is not a hand_landmarker.task (not a zip archive)')
      await page.getByTestId('hand-model-file').setInputFiles({ name: 'my_hand_landmarker.task', mimeType: 'application/octet-stream', buffer: (await import('node:fs')).readFileSync(taskPath) })
      await expect.poll(() => page.getByTestId('hand-model-source').innerText()).toContain('my_hand_landmarker.task')

      await page.reload()
      await startCamera(page)
      expect(await page.getByTestId('hand-model-source').inputValue()).toBe('file')
      await expect.poll(() => page.getByTestId('hand-model-source').innerText()).toContain('my_hand_landmarker.task')
      await page.getByTestId('hands-start').click()
      await expect.poll(() => page.getByTestId('hands-status').innerText(), { timeout: 120_000 }).toMatch(/hands .* · model file my_hand_landmarker\.task/)
      await page.getByTestId('hands-stop').click()

      // A URL that serves no model: a sentence naming it.
      await page.getByTestId('hand-model-source').selectOption('url')
      await page.getByTestId('hand-model-url').fill(`${server.url}no-such-model.task`)
      await page.getByTestId('hands-start').click()
      await expect.poll(() => page.getByTestId('hands-error').innerText(), { timeout: 20_000 }).toMatch(/no-such-model\.task (could not be fetched: HTTP 404|is not a hand_landmarker\.task)/)
    })
  }, 300_000)
})
