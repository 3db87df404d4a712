// Photo ruling in Chromium: a synthetic photo of the narrative-skirmish demo table (rendered by the
// tracking layer's frame generator, with b1 moved to a known spot) is opened in the Photo mode with
// its marker registry. The tracker (OpenCV in its worker) locks the table; the models it places are
// within the tracking tolerance of the true positions; the card then matches `eval` on the
// ground-truth scene. A file that is not an image gets a clear message and changes nothing.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PNG } from 'pngjs'
import { type QueryResult, type Scene, evaluateTable, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { readAttack } from '../../src/app/format/readAttack.ts'
import { intrinsicsFile } from '../../src/tracking/index.ts'
import type { TabletopScene } from '../tracking/synth/tabletopScene.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { type BrowserSession, RESULTS_DIR, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { ATTACK, TOLERANCE_MM, dismissMessages, openAndSelect, truthRuling, writeDemoPhoto } from '../setup/demoTable.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'

// demo scenes stand terrain files from models/ on the table (issue #18): the CLI's mesh library
const meshes = await libraryMeshes()

warnIfNoChromium('test/e2e/photo.test.ts (browser tests)')

const FACING_TOLERANCE_DEG = 4
const known = ruleSystems.map((s) => s.id)

describe.skipIf(!haveChromium)('photo ruling in Chromium', () => {
  let server: AppServer
  let session: BrowserSession
  let synth: TabletopScene
  const photoPath = join(RESULTS_DIR, 'photo-table.png')
  const registryPath = join(RESULTS_DIR, 'photo-registry.json')

  beforeAll(async () => {
    synth = await writeDemoPhoto(photoPath, registryPath)
    server = await startAppServer()
    session = await launchChromium()
  })
  afterAll(async () => {
    await session?.close()
    await server?.close()
  })

  it('places the models within tolerance and rules as eval does on the true table', async () => {
    const page = session.page
    await openAndSelect(page, server.url)
    await page.getByTestId('mode-photo').click()

    // Without a registry the photo is refused with a way on.
    await page.getByTestId('photo-input').setInputFiles(photoPath)
    await expect.poll(() => page.getByTestId('messages').innerText()).toContain('Load the marker registry')

    await page.getByTestId('registry-input').setInputFiles(registryPath)
    await expect.poll(() => page.getByTestId('registry-name').innerText()).toContain('photo-registry.json')
    // The camera's calibration (the renderer's true intrinsics, as a tabletop-camera/1 file).
    const calibrationPath = join(RESULTS_DIR, 'photo-camera.json')
    writeFileSync(calibrationPath, JSON.stringify(intrinsicsFile(synth.spec.intrinsics, 'synthetic')))
    await page.getByTestId('calibration-input').setInputFiles(calibrationPath)
    await expect.poll(() => page.getByTestId('calibration-name').innerText()).toContain('photo-camera.json')

    // Not an image: a clear message, the table unchanged.
    const notImage = join(RESULTS_DIR, 'not-a-photo.png')
    writeFileSync(notImage, 'this is text, not a PNG')
    const before = await page.evaluate(() => window.__tabletop!.scene())
    await page.getByTestId('photo-input').setInputFiles(notImage)
    await expect.poll(() => page.getByTestId('messages').innerText()).toContain('not an image this browser can read')
    expect(await page.evaluate(() => window.__tabletop!.scene())).toEqual(before)

    await page.getByTestId('photo-input').setInputFiles(photoPath)
    const status = page.getByTestId('tracking-status')
    await expect.poll(() => status.getAttribute('data-locked'), { timeout: 60_000 }).toBe('yes')
    await expect.poll(async () => {
      const s = (await page.evaluate(() => window.__tabletop!.scene())) as Scene
      return (s.meta as { tracking?: unknown } | undefined)?.tracking !== undefined
    }, { timeout: 20_000 }).toBe(true)

    const tracked = (await page.evaluate(() => window.__tabletop!.scene())) as Scene
    const placed = ((tracked.meta as { tracking: { placed: string[] } }).tracking.placed)
    expect(placed).toEqual(expect.arrayContaining(['a1', 'b1']))
    for (const truth of synth.truth.filter((t) => placed.includes(t.id))) {
      const m = tracked.models.find((x) => x.id === truth.id)!
      const errMm = Math.hypot(m.position[0] - truth.position[0], m.position[1] - truth.position[1])
      expect(errMm, `${truth.id} position error`).toBeLessThan(TOLERANCE_MM)
      const dFacing = Math.abs(((((m.facing ?? 0) - truth.facing) % 360) + 540) % 360 - 180)
      expect(dFacing, `${truth.id} facing error`).toBeLessThan(FACING_TOLERANCE_DEG)
    }

    await page.locator('[data-testid="card"][data-fresh="yes"][data-state="ruled"][data-attacker="a1"][data-target="b1"]').waitFor({ timeout: 20_000 })
    await dismissMessages(page)
    await page.waitForTimeout(1500)
    await page.screenshot({ path: screenshotPath('photo-ruling') })
    const card = JSON.parse((await page.getByTestId('card-json').textContent())!) as QueryResult
    // Exactly eval's answer for the table as tracked...
    expect(card).toEqual(evaluateTable(loadScene({ ...tracked, queries: [ATTACK] }, findRuleSystem, known, { meshes })).results[0])
    // ...and the same call as eval on the true table (b1 where it really is).
    const got = readAttack(card)
    const want = truthRuling()
    expect(got.allowed).toBe(want.allowed)
    expect(got.cover?.level).toBe(want.cover?.level)
    expect(got.probability?.hitExact).toBe(want.probability?.hitExact)
    expect(Math.abs(got.distanceMm! - want.distanceMm!)).toBeLessThan(TOLERANCE_MM)

    await page.getByTestId('rule-on-this').click()
    await expect.poll(() => page.getByTestId('history-item').count()).toBe(1)
  }, 180_000)
})
