// Kiosk mode (?kiosk=SECONDS) on a 1024×768 tablet in Chromium: large type and labels, full screen
// from the first touch, no file pickers or downloads, no long-press menu, "back" stays in the app,
// and after the idle time the demo table returns with nothing selected.
import { describe, expect, it } from 'vitest'
import type { Scene } from '../../src/engine/index.ts'
import { haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'
import { LABEL_BOX_PX_KIOSK, LABEL_TEXT_RATIO } from '../../src/app/scene/labelLayout.ts'

warnIfNoChromium('test/e2e/kiosk.test.ts (browser tests)')

const IDLE_S = 10

describe.skipIf(!haveChromium)('kiosk mode in Chromium', () => {
  const app = appInBrowser()

  it('large type, nothing leaves the app, and the demo table comes back after the idle time', { timeout: 120_000 }, async () => {
    const context = await app.session().browser.newContext({ viewport: { width: 1024, height: 768 } })
    const page = await context.newPage()
    try {
      await page.goto(`${app.server().url}?kiosk=${IDLE_S}`)
      await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
      await page.getByTestId('card').click() // a first touch (the idle timer starts over)
      const demo = (await page.evaluate(() => window.__tabletop!.scene())) as Scene
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('22px')
      // The top bar is one row of 56 px buttons (it wrapped to two, ~140 px, at 1024 px).
      const bar = (await page.locator('.topbar').boundingBox())!
      expect(bar.height, 'kiosk top bar height at 1024 px').toBeLessThanOrEqual(80)
      const cutOff = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.topbar button, .topbar select')]
        .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((el) => el.textContent?.trim().slice(0, 20)))
      expect(cutOff, 'top bar controls past the right edge').toEqual([])
      for (const id of ['open-ruling', 'toggle-edit']) expect(await page.getByTestId(id).isVisible(), `${id} hidden`).toBe(false)

      const resets = () => page.evaluate(() => Number(document.documentElement.dataset.kioskReset ?? '0'))
      // Drag a model away and pick an attack: the table is no longer the demo.
      const id = demo.models[0]!.id
      const from = (await page.evaluate((m) => window.__tabletop!.modelOnScreen(m), id))!
      await page.mouse.move(from.x, from.y)
      await page.mouse.down()
      for (let i = 1; i <= 8; i++) await page.mouse.move(from.x + 8 * i, from.y + 4 * i)
      await page.mouse.up()
      expect(await page.evaluate(() => document.fullscreenElement !== null), 'full screen after the first touch').toBe(true)
      await page.getByTestId(`attacker-${demo.models[0]!.id}`).click()
      const moved = (await page.evaluate(() => window.__tabletop!.scene())) as Scene
      expect(moved.models[0]!.position).not.toEqual(demo.models[0]!.position)
      const labels = (await page.evaluate(() => window.__tabletop!.labels())).filter((l) => l.shown)
      expect(labels.length).toBeGreaterThan(0)
      for (const l of labels) expect(l.height * LABEL_TEXT_RATIO).toBeGreaterThanOrEqual(LABEL_BOX_PX_KIOSK * LABEL_TEXT_RATIO - 0.01)
      await page.screenshot({ path: screenshotPath('kiosk-tablet') })

      // A long press opens no menu; "back" does not leave the page.
      expect(await page.evaluate(() => !document.querySelector('.stage')!.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })))).toBe(true)
      const url = page.url()
      await page.goBack()
      expect(page.url()).toBe(url)
      await page.getByTestId('card').waitFor()
      const before = await resets()

      // Nobody touches it: the demo table is back, nothing selected.
      await expect.poll(resets, { timeout: (IDLE_S + 10) * 1000 }).toBeGreaterThan(before)
      const after = (await page.evaluate(() => window.__tabletop!.scene())) as Scene
      expect(after.models.map((m) => m.position)).toEqual(demo.models.map((m) => m.position))
      expect(await page.getByTestId('card').getAttribute('data-state')).toBe('empty')
      expect(await page.getByTestId(`attacker-${demo.models[0]!.id}`).getAttribute('aria-pressed')).toBe('false')
    } finally {
      await context.close()
    }
  })
})
