// Kiosk as documented (issue 24): on the convention stand (?kiosk) nothing opens a file chooser
// (Playwright's `filechooser` event never fires, whatever is clicked, in every mode the kiosk
// offers, even a file input clicked by script), nothing shares the table, and nothing leads out of
// the app (no photo mode, no links, a link clicked goes nowhere, "back" stays).
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'

warnIfNoChromium('test/e2e/kioskNoWayOut.test.ts (browser tests)')

/** Click every visible, enabled button on the page once (but the mode buttons, which the test drives itself). */
async function clickEverything(page: Page): Promise<string[]> {
  const clicked: string[] = []
  // Handles, not nth-locators: a click may add or remove buttons (the sheet opening).
  for (const b of await page.locator('button:visible:enabled').elementHandles()) {
    const id = (await b.getAttribute('data-testid').catch(() => null)) ?? (await b.innerText().catch(() => '?')).slice(0, 30)
    if (/^mode-/.test(id) || !(await b.isVisible().catch(() => false))) continue
    await b.click({ timeout: 2000 }).then(() => clicked.push(id), () => undefined)
    await page.waitForTimeout(100)
  }
  return clicked
}

describe.skipIf(!haveChromium)('kiosk: no file pickers, no share, no way out', () => {
  const app = appInBrowser()

  it('no file chooser opens, nothing shares, nothing leads out', { timeout: 180_000 }, async () => {
    const context = await app.session().browser.newContext({ viewport: { width: 1024, height: 768 } })
    const page = await context.newPage()
    const choosers: string[] = []
    page.on('filechooser', (c) => choosers.push(c.element().toString()))
    try {
      await page.goto(`${app.server().url}?kiosk=600`)
      await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
      const url = page.url()
      // The modes a kiosk offers: no photo (its picture comes through a file chooser).
      expect(await page.getByTestId('mode-photo').count()).toBe(0)
      const modes = (await page.locator('[data-testid^="mode-"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid!))).filter((m) => m !== 'mode-xr')
      expect(modes).toEqual(['mode-planner', 'mode-camera'])
      for (const mode of modes) {
        await page.getByTestId(mode).click()
        await page.waitForTimeout(500)
        const clicked = await clickEverything(page)
        expect(clicked.length, `${mode}: buttons clicked`).toBeGreaterThan(0)
        // Not one file input is drawn; one made by script and clicked opens nothing either.
        expect(await page.locator('input[type="file"]:visible').count(), `${mode}: visible file inputs`).toBe(0)
        expect(await page.getByTestId('load-registry').count(), `${mode}: registry picker`).toBe(0)
        expect(await page.getByTestId('room-share').count(), `${mode}: share`).toBe(0)
        expect(await page.getByTestId('room-panel').count(), `${mode}: shared-table panel`).toBe(0)
        expect(await page.locator('a[href]:visible').count(), `${mode}: links`).toBe(0)
        expect(page.url(), `${mode}: still the kiosk`).toBe(url)
      }
      await page.evaluate(() => {
        const input = document.createElement('input')
        input.type = 'file'
        document.body.append(input)
        input.click()
        const a = document.createElement('a')
        a.href = 'https://example.com/'
        a.textContent = 'out'
        document.body.append(a)
        a.click()
      })
      await page.waitForTimeout(1500)
      expect(page.url(), 'a link clicked goes nowhere').toBe(url)
      expect(choosers, 'file choosers opened').toEqual([])
      await page.goBack()
      expect(page.url(), '"back" stays in the app').toBe(url)
      await page.screenshot({ path: screenshotPath('kiosk-no-way-out') })
    } finally {
      await context.close()
    }
  })
})
