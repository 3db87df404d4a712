// The small faults of issue 24, each as a player meets it, in Chromium:
// - the phone's ☰ menu closes after a game switch, and on Escape;
// - "Load the marker registry of your table first" goes once a registry is loaded (and stays gone
//   when a photo is tracked);
// - a photo the table does not lock in says "not locked" once, and the note goes when a photo locks;
// - the exported ruling PNG draws a wrapped summary's second line in the summary's colour, not red
//   (only the verdict line is green or red).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { PNG } from 'pngjs'
import { readFileSync } from 'node:fs'
import { RESULTS_DIR, haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'
import { openAndSelect, writeDemoPhoto } from '../setup/demoTable.ts'

warnIfNoChromium('test/e2e/smallFaults.test.ts (browser tests)')

describe.skipIf(!haveChromium)('small faults', () => {
  const app = appInBrowser()
  const photoPath = join(RESULTS_DIR, 'small-faults-photo.png')
  const registryPath = join(RESULTS_DIR, 'small-faults-registry.json')
  const blankPath = join(RESULTS_DIR, 'small-faults-blank.png')

  beforeAll(async () => {
    await writeDemoPhoto(photoPath, registryPath)
    // A photo with no marker in it: a grey 640 × 480 picture.
    const blank = new PNG({ width: 640, height: 480 })
    blank.data.fill(128)
    writeFileSync(blankPath, PNG.sync.write(blank))
  }, 120_000)

  it('the phone menu closes after a game switch and on Escape', async () => {
    const context = await app.session().browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    try {
      await page.goto(app.server().url)
      await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
      const menu = page.locator('#topbar-tools')
      await page.getByTestId('menu-toggle').click()
      await expect.poll(() => menu.isVisible()).toBe(true)
      await page.getByTestId('system-picker').selectOption('skrapyard')
      await expect.poll(() => page.evaluate(() => (window.__tabletop!.scene() as { system: string }).system)).toBe('skrapyard')
      await expect.poll(() => menu.isVisible(), { message: 'menu closed after the game switch' }).toBe(false)
      expect(await page.getByTestId('menu-toggle').getAttribute('aria-expanded')).toBe('false')
      await page.getByTestId('menu-toggle').click()
      await expect.poll(() => menu.isVisible()).toBe(true)
      await page.keyboard.press('Escape')
      await expect.poll(() => menu.isVisible(), { message: 'menu closed on Escape' }).toBe(false)
      await page.screenshot({ path: screenshotPath('small-faults-menu-closed') })
    } finally {
      await context.close()
    }
  })

  it('the registry note goes when a registry is loaded; the not-locked note says so once and goes when a photo locks', async () => {
    const context = await app.session().browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    try {
      await page.goto(app.server().url)
      await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
      await page.getByTestId('mode-photo').click()
      const messages = page.getByTestId('messages')
      await page.getByTestId('photo-input').setInputFiles(photoPath)
      await expect.poll(() => messages.innerText()).toContain('Load the marker registry of your table first')
      await page.getByTestId('registry-input').setInputFiles(registryPath)
      await expect.poll(async () => ((await messages.count()) ? await messages.innerText() : ''), { message: 'the registry note is settled' }).not.toContain('Load the marker registry')

      // The table cannot lock in a photo with no marker: said once, with the tracker's reason.
      await page.getByTestId('photo-input').setInputFiles(blankPath)
      await expect.poll(() => messages.innerText(), { timeout: 90_000 }).toContain('The table is not locked in this photo')
      const note = await messages.innerText()
      expect(note.match(/not locked/g), note).toHaveLength(1)
      await page.getByTestId('demo-keep').click() // the demo on screen: taken as the player's table

      await page.getByTestId('photo-input').setInputFiles(photoPath)
      await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-locked'), { timeout: 90_000 }).toBe('yes')
      await expect.poll(() => messages.innerText(), { timeout: 20_000 }).toContain('From the photo')
      const after = await messages.innerText()
      expect(after).not.toContain('Load the marker registry')
      expect(after).not.toContain('not locked')
    } finally {
      await context.close()
    }
  }, 240_000)

  it('the ruling PNG: the wrapped summary keeps its colour; the verdict line is green', async () => {
    const context = await app.session().browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })
    const page = await context.newPage()
    try {
      await openAndSelect(page, app.server().url)
      await page.locator('[data-testid="card"][data-fresh="yes"][data-state="ruled"][data-attacker="a1"][data-target="b1"]').waitFor({ timeout: 30_000 })
      await page.getByTestId('rule-on-this').click()
      await expect.poll(() => page.getByTestId('history-item').count()).toBe(1)
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-png').first().click()])
      const png = PNG.sync.read(readFileSync((await download.path())!))
      const view = (await page.locator('[data-testid="table-view"] canvas').evaluate((c) => (c as HTMLCanvasElement).width))
      // Text rows are 30 px apart from y = 30 (record/rulingPng.ts); count red and green pixels in each of the first rows.
      const row = (i: number) => {
        let red = 0
        let green = 0
        for (let y = 30 + i * 30; y < 30 + i * 30 + 24; y++) {
          for (let x = view + 20; x < png.width; x++) {
            const o = (y * png.width + x) * 4
            const [r, g, b] = [png.data[o]!, png.data[o + 1]!, png.data[o + 2]!]
            if (r > 200 && g < 130 && b < 130) red++
            if (g > 200 && r < 120) green++
          }
        }
        return { red, green }
      }
      // "narrative-skirmish: Ranger sergeant → Raider (Rifle): allowed, 45% to hit" is wider than the
      // 600 px column: row 0 and its continuation (row 1) are white; row 2 is "ALLOWED" in green.
      expect(row(1).red, 'the wrapped second line is not red').toBe(0)
      expect(row(1).red + row(0).red).toBe(0)
      expect(row(2).green, 'the verdict line is green').toBeGreaterThan(50)
      writeFileSync(screenshotPath('small-faults-ruling'), PNG.sync.write(png))
    } finally {
      await context.close()
    }
  }, 180_000)
})
