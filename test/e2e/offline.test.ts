// The app offline (issue 14 item 7): after one visit through `npm start`'s server, with the network
// cut (an offline browser context), the app still opens, the planner rules (engine worker) and a
// photo is tracked (tracking worker with OpenCV's wasm) — all from the service worker's cache.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PNG } from 'pngjs'
import { intrinsicsFile } from '../../src/tracking/index.ts'
import type { TabletopScene } from '../tracking/synth/tabletopScene.ts'
import { type TabletopServer, buildApp, startTabletopServer } from '../setup/tabletopServer.ts'
import { type BrowserSession, RESULTS_DIR, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { openAndSelect, renderDemoTable } from '../setup/demoTable.ts'

warnIfNoChromium('test/e2e/offline.test.ts (browser tests)')

describe.skipIf(!haveChromium)('the app offline after one visit (service worker)', () => {
  let server: TabletopServer
  let session: BrowserSession
  let removeDist: () => void
  let synth: TabletopScene
  const photoPath = join(RESULTS_DIR, 'offline-photo.png')
  const registryPath = join(RESULTS_DIR, 'offline-registry.json')
  const calibrationPath = join(RESULTS_DIR, 'offline-camera.json')

  beforeAll(async () => {
    const rendered = await renderDemoTable(1)
    synth = rendered.synth
    const frame = rendered.frames[0]!
    const png = new PNG({ width: frame.width, height: frame.height })
    png.data = Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength)
    mkdirSync(RESULTS_DIR, { recursive: true })
    writeFileSync(photoPath, PNG.sync.write(png))
    writeFileSync(registryPath, JSON.stringify(synth.registry, null, 1))
    writeFileSync(calibrationPath, JSON.stringify(intrinsicsFile(synth.spec.intrinsics, 'synthetic')))
    const built = await buildApp()
    removeDist = built.remove
    server = await startTabletopServer({ distDir: built.distDir })
    session = await launchChromium()
  }, 240_000)
  afterAll(async () => {
    await session?.close()
    await server?.stop()
    removeDist?.()
  })

  it('opens, rules and tracks a photo with the network off', async () => {
    const { page, context } = session
    await page.goto(server.url)
    // The first visit installs the service worker, which precaches the whole build.
    await page.waitForFunction(async () => {
      const reg = await navigator.serviceWorker.ready
      return reg.active?.state === 'activated'
    }, null, { timeout: 120_000 })
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })

    await context.setOffline(true)
    // Prove the network is really gone for this context.
    const fetched = await page.evaluate(async (u) => fetch(`${u}api/health`, { cache: 'no-store' }).then(() => 'reached', () => 'failed'), server.url)
    expect(fetched).toBe('failed')

    await page.reload()
    await openAndSelect(page, server.url)
    await page.locator('[data-testid="card"][data-fresh="yes"][data-state="ruled"][data-attacker="a1"][data-target="b1"]').waitFor({ timeout: 60_000 })
    await page.screenshot({ path: screenshotPath('offline-planner') })

    await page.getByTestId('mode-photo').click()
    await page.getByTestId('registry-input').setInputFiles(registryPath)
    await page.getByTestId('calibration-input').setInputFiles(calibrationPath)
    await page.getByTestId('photo-input').setInputFiles(photoPath)
    await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-locked'), { timeout: 90_000 }).toBe('yes')
    await page.screenshot({ path: screenshotPath('offline-photo') })
  }, 300_000)
})
