// Accessibility in Chromium with axe-core (WCAG 2.1 A and AA rules, colour contrast included): the
// planner with a ruling on the card and its details open, at phone and desktop sizes, with the phone
// menu open and the exact chance shown. Labels drawn inside the 3D view are checked by
// test/app/labelContrast.test.ts (axe cannot read a canvas).
import { describe, expect, it } from 'vitest'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'
import { openAndSelect } from '../setup/demoTable.ts'

warnIfNoChromium('test/e2e/a11y.test.ts (browser tests)')

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)
}

describe.skipIf(!haveChromium)('axe-core in Chromium', () => {
  const app = appInBrowser()

  for (const size of [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1440, height: 900 }]) {
    it(`${size.name}: no WCAG A/AA violations with a ruling on screen`, async () => {
      const context = await app.session().browser.newContext({ viewport: { width: size.width, height: size.height } })
      const page = await context.newPage()
      try {
        await openAndSelect(page, app.server().url)
        await page.locator('[data-testid="card"][data-fresh="yes"][data-state="ruled"]').waitFor({ timeout: 20_000 })
        await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('[aria-label="Dismiss message"]').forEach((b) => b.click()))
        await page.getByTestId('strip-exact-toggle').click()
        await page.getByTestId('card-details-toggle').click()
        if (size.name === 'phone') await page.getByTestId('menu-toggle').click()
        expect(await violations(page)).toEqual([])
        await page.screenshot({ path: screenshotPath(`a11y-${size.name}`) })
      } finally {
        await context.close()
      }
    })
  }
})
