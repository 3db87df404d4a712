// `?emulate-xr` in stock Chromium (no flags): the browser has its own navigator.xr (with no AR
// device behind it), and the IWER emulator replaces it (installRuntime forceInstall), so AR can be
// entered and hit-tested on a desktop. The other AR tests hide the native runtime with a flag.
import { describe, expect, it } from 'vitest'
import { haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'

warnIfNoChromium('test/e2e/emulateXr.test.ts (browser tests)')

describe.skipIf(!haveChromium)('?emulate-xr in stock Chromium', () => {
  const app = appInBrowser()

  it('the native navigator.xr is there, and the emulator still enters immersive-ar with hit-tests', async () => {
    const page = app.session().page
    await page.goto(app.server().url)
    const native = await page.evaluate(async () => {
      const xr = (navigator as Navigator & { xr?: XRSystem }).xr
      return { present: xr !== undefined, ar: xr ? await xr.isSessionSupported('immersive-ar').catch(() => false) : false }
    })
    expect(native, 'stock Chromium has a native WebXR runtime without an AR device').toEqual({ present: true, ar: false })

    await page.goto(`${app.server().url}?emulate-xr=scripted`)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    await page.getByTestId('mode-xr').click()
    await page.getByTestId('enter-ar').click({ timeout: 20_000 })
    const controls = page.getByTestId('xr-controls')
    await expect.poll(() => controls.getAttribute('data-xr-state'), { timeout: 20_000 }).toBe('in-session')
    await expect.poll(() => controls.getAttribute('data-hit'), { timeout: 20_000 }).toBe('yes')
    await page.screenshot({ path: screenshotPath('emulate-xr-stock-chromium') })
  })
})
