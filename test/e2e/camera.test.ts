// Live camera mode in Chromium with a fake camera: a Y4M of the narrative-skirmish demo table (made
// with the tracking layer's frame generator and Y4M writer; b1 moved to a known spot) is fed as the
// webcam. The app locks the table, the positions it shows are within the tracking tolerance of the
// truth, and "Rule on this" (a freeze of recent frames) matches `eval` on the ground-truth scene.
// Also: no camera, and camera permission refused, each get a clear message and a way on.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QueryResult, Scene } from '../../src/engine/index.ts'
import { readAttack } from '../../src/app/format/readAttack.ts'
import type { TabletopScene } from '../tracking/synth/tabletopScene.ts'
import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { type BrowserSession, RESULTS_DIR, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { TOLERANCE_MM, dismissMessages, openAndSelect, renderDemoTable, truthRuling, worstTrackedErrorMm } from '../setup/demoTable.ts'

warnIfNoChromium('test/e2e/camera.test.ts (browser tests)')

const FRAMES = 6

describe.skipIf(!haveChromium)('live camera in Chromium (fake camera)', () => {
  let server: AppServer
  let synth: TabletopScene
  const dir = join(RESULTS_DIR, 'fake-camera')
  const videoPath = join(dir, 'demo-table.y4m')
  const registryPath = join(dir, 'registry.json')

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    const rendered = await renderDemoTable(FRAMES, { width: 1280, height: 720 })
    synth = rendered.synth
    writeFileSync(videoPath, encodeY4m(rendered.frames, 10))
    writeFileSync(registryPath, JSON.stringify(synth.registry, null, 1))
    server = await startAppServer()
  }, 180_000)
  afterAll(async () => {
    await server?.close()
  })

  it('locks the table, shows the models within tolerance, and a frozen ruling matches eval on the truth', async () => {
    const session: BrowserSession = await launchChromium({ fakeVideo: videoPath })
    try {
      const page = session.page
      await openAndSelect(page, server.url)
      await page.getByTestId('mode-camera').click()
      await page.getByTestId('registry-input').setInputFiles(registryPath)
      await page.getByTestId('start-camera').click()
      const status = page.getByTestId('tracking-status')
      await expect.poll(() => status.getAttribute('data-locked'), { timeout: 60_000 }).toBe('yes')

      await expect.poll(() => worstTrackedErrorMm(page, synth.truth), { timeout: 30_000, message: 'tracked positions within tolerance' }).toBeLessThan(TOLERANCE_MM)
      await page.waitForTimeout(2000)
      await dismissMessages(page)
      await page.screenshot({ path: screenshotPath('camera-live') })
      expect(await status.innerText()).toMatch(/\d+ markers · table locked \(\d+\.\d+ px\) · \d+\.\d fps · \d+ ms/)

      // The overlay draws a frame when a tracking result (or a change) comes, not at the display's rate:
      // over 3 s it drew, and drew far fewer frames than the page's animation frames.
      const drawn = await page.evaluate(async () => {
        const probe = window.__tabletop!
        const renders = probe.renders(), frames = probe.frames()
        await new Promise((done) => setTimeout(done, 3000))
        return { renders: probe.renders() - renders, frames: probe.frames() - frames }
      })
      expect(drawn.renders, `overlay frames drawn in 3 s against ${drawn.frames} animation frames`).toBeGreaterThan(0)
      expect(drawn.renders, `overlay frames drawn in 3 s against ${drawn.frames} animation frames`).toBeLessThan(drawn.frames / 2)

      await page.getByTestId('rule-on-this').click()
      await expect.poll(() => page.getByTestId('history-item').count(), { timeout: 20_000 }).toBe(1)
      const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').first().click()])
      const record = JSON.parse(readFileSync((await json.path())!, 'utf8')) as { freeze: { source: string; frames: number; uncertaintyMm: number }; scene: Scene; result: { results: QueryResult[] } }
      expect(record.freeze.source).toBe('camera')
      expect(record.freeze.frames).toBeGreaterThan(1)
      expect(record.freeze.uncertaintyMm).toBeGreaterThan(0)
      expect(record.freeze.uncertaintyMm).toBeLessThan(TOLERANCE_MM)

      const want = truthRuling()
      const got = readAttack(record.result.results[0]!)
      expect(got.allowed).toBe(want.allowed)
      expect(got.cover?.level).toBe(want.cover?.level)
      expect(got.probability?.hitExact).toBe(want.probability?.hitExact)
      expect(Math.abs(got.distanceMm! - want.distanceMm!)).toBeLessThan(TOLERANCE_MM)
      const latency = await page.evaluate(() => window.__tabletopCamera?.latency())
      expect(latency?.samples).toBeGreaterThan(5)
      console.log(`camera → tracking result latency: median ${latency?.medianMs?.toFixed(0)} ms, p95 ${latency?.p95Ms?.toFixed(0)} ms (${latency?.samples} frames)`)
      await page.getByTestId('stop-camera').click()
    } finally {
      await session.close()
    }
  }, 180_000)

  it('no camera: a clear message and a way on', async () => {
    const session = await launchChromium()
    try {
      const page = session.page
      await page.goto(server.url)
      await page.getByTestId('mode-camera').click()
      await page.getByTestId('registry-input').setInputFiles(registryPath)
      await page.getByTestId('start-camera').click()
      await expect.poll(() => page.getByTestId('camera-error').innerText(), { timeout: 20_000 }).toMatch(/No camera was found|could not start/)
      await page.getByTestId('mode-planner').click()
      await page.getByTestId('table-view').waitFor()
    } finally {
      await session.close()
    }
  })

  it('camera permission refused: a clear message', async () => {
    const session = await launchChromium({ fakeVideo: videoPath })
    try {
      const page = session.page
      await page.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
      })
      await page.goto(server.url)
      await page.getByTestId('mode-camera').click()
      await page.getByTestId('registry-input').setInputFiles(registryPath)
      await page.getByTestId('start-camera').click()
      await expect.poll(() => page.getByTestId('camera-error').innerText()).toContain('Camera permission was refused')
    } finally {
      await session.close()
    }
  })
})
