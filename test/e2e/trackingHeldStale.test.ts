// Tracking honesty in the live camera (Chromium's fake camera on a synthetic video of the demo table):
// the two warnings the photo test cannot reach, each driven through the real tracking feed.
//  - stale: the video shows the whole table, then the table without the target's model for 8 s (its
//    marker is gone from the image); after the tracker's 1.5 s the target is stale, its last position
//    kept, and the card says so beside the verdict;
//  - held: a hand over the target (21 landmarks around its marker in the camera image, fed to the
//    tracking feed as the hand tracker would, the only stand-in: there is no real hand image here)
//    holds it where the hand found it, and the card says so.
// Screenshots of each at 390×844, 1024×768 and 1440×900.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadOpenCv } from '../../src/tracking/index.ts'
import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { buildSceneFrame } from '../tracking/synth/tabletopScene.ts'
import { renderTableFrame } from '../tracking/synth/renderTableFrame.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { type BrowserSession, SCREEN_SIZES, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { MOVED_B1, demoScene, dismissMessages, openAndSelect } from '../setup/demoTable.ts'

warnIfNoChromium('test/e2e/trackingHeldStale.test.ts (browser tests)')

const VIDEO_FPS = 2

describe.skipIf(!haveChromium)('tracking honesty in the live camera: held and stale', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tabletop-held-stale-'))
  const registryPath = join(dir, 'registry.json')
  /** Centre of b1's marker in the camera image (px). */
  let b1Px: [number, number] = [0, 0]
  let server: AppServer
  let session: BrowserSession

  beforeAll(async () => {
    const cv = await loadOpenCv()
    const size = { width: 1280, height: 720 }
    const whole = buildSceneFrame(cv, demoScene(), { seed: 7, moves: { b1: MOVED_B1 }, camera: size, effects: { seed: 100 } })
    const scene = demoScene()
    const withoutB1 = buildSceneFrame(cv, { ...scene, models: scene.models.filter((m) => m.id !== 'b1') }, { seed: 7, camera: size, effects: { seed: 101 } })
    const a = renderTableFrame(whole.spec)
    const b = renderTableFrame(withoutB1.spec).frame
    writeFileSync(registryPath, JSON.stringify(whole.registry))
    const b1Marker = whole.registry.markers.find((m) => m.role === 'model' && m.model === 'b1')!
    const corners = a.markers.find((m) => m.id === b1Marker.id)!.corners
    b1Px = [corners.reduce((s, c) => s + c[0], 0) / 4, corners.reduce((s, c) => s + c[1], 0) / 4]
    // 1 s of the whole table, then 8 s without b1; Chromium loops the file.
    const video = join(dir, 'table.y4m')
    writeFileSync(video, encodeY4m([a.frame, a.frame, ...Array.from({ length: 16 }, () => b)], VIDEO_FPS))
    server = await startAppServer()
    session = await launchChromium({ fakeVideo: video })
  }, 240_000)
  afterAll(async () => {
    await session?.close()
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const codes = async (page: Page): Promise<string[]> => ((await page.locator('[data-testid="tracking-warnings"]').getAttribute('data-codes', { timeout: 1000 }).catch(() => '')) ?? '').split(',')

  /** At each size: wait for the warning (the video loops), check it and the not-from-this-frame line, screenshot. */
  async function shotsOf(page: Page, code: string, text: RegExp, name: string): Promise<void> {
    for (const s of SCREEN_SIZES) {
      await page.setViewportSize({ width: s.width, height: s.height })
      await expect.poll(() => codes(page), { timeout: 60_000 }).toContain(code)
      expect(await page.getByTestId('tracking-warnings').innerText()).toMatch(text)
      expect(await page.getByTestId('not-from-view').innerText()).toMatch(/Positions not from this frame: .*Raider/)
      // (a pick the tracker doubts for over a second withdraws the verdict until it is surely seen again: issue 31)
      await expect.poll(() => page.getByTestId('verdict-strip').isVisible(), { timeout: 15_000, message: 'the verdict beside the warning' }).toBe(true)
      await page.screenshot({ path: screenshotPath(`honesty-${name}-${s.name}`) })
    }
  }

  it('a model gone from the video goes stale, and a hand over a model holds it: each a warning beside the verdict', { timeout: 240_000 }, async () => {
    const page = session.page
    await openAndSelect(page, server.url)
    await page.getByTestId('mode-camera').click()
    await page.getByTestId('registry-input').setInputFiles(registryPath)
    await page.getByTestId('start-camera').click()
    await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-locked'), { timeout: 90_000 }).toBe('yes')
    await dismissMessages(page)

    await shotsOf(page, 'stale', /Stale: Raider not seen for a while \(last position kept\)/, 'stale')

    // A hand (21 landmarks in a 70 px ring) over b1's marker, refreshed as a hand tracker would.
    await page.evaluate(([x, y]) => {
      const pointsPx = new Float64Array(42)
      for (let i = 0; i < 21; i++) {
        pointsPx[2 * i] = x! + 70 * Math.cos((i * 2 * Math.PI) / 21)
        pointsPx[2 * i + 1] = y! + 70 * Math.sin((i * 2 * Math.PI) / 21)
      }
      const hand = { pointsPx, score: 0.95 }
      setInterval(() => window.__tabletopCamera!.setHands!([hand], 1, performance.now()), 50)
    }, b1Px)
    await shotsOf(page, 'held', /A hand is over Raider: kept where the hand found it/, 'held')
    expect(await codes(page)).not.toContain('stale') // held wins: one reason per model
  })
})
