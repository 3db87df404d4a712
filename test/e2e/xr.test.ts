// AR mode in Chromium with the IWER WebXR emulator (stack-probe §4c: native navigator.xr hidden by
// --disable-blink-features=WebXR so IWER installs; controllers and hands are not drawn, so nothing
// is fetched from a CDN): enter immersive-ar, get hit-test results, place the table. Without the
// emulator the same browser has no WebXR at all: the mode says so and offers the planner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { type BrowserSession, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'

warnIfNoChromium('test/e2e/xr.test.ts (browser tests)')

describe.skipIf(!haveChromium)('AR mode in Chromium (IWER emulator)', () => {
  let server: AppServer
  let session: BrowserSession
  const external: string[] = []

  beforeAll(async () => {
    server = await startAppServer()
    session = await launchChromium({ webxrEmulation: true })
    session.page.on('request', (r) => {
      const url = new URL(r.url())
      if (url.hostname !== '127.0.0.1' && url.protocol.startsWith('http')) external.push(r.url())
    })
  })
  afterAll(async () => {
    await session?.close()
    await server?.close()
  })

  it('without WebXR: a clear message and the way back to the planner', async () => {
    const page = session.page
    await page.goto(server.url)
    await page.getByTestId('mode-xr').click()
    const note = page.getByTestId('xr-mode')
    await expect.poll(() => note.innerText(), { timeout: 10_000 }).toContain('does not offer WebXR')
    await note.getByRole('button', { name: 'Back to the planner' }).click()
    await page.getByTestId('table-view').waitFor()
  })

  it('enters immersive-ar, sees hit-test results and places the table', async () => {
    const page = session.page
    await page.goto(`${server.url}?emulate-xr`)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    await page.getByTestId('attacker-a1').click()
    await page.getByTestId('target-b1').click()
    await page.getByTestId('mode-xr').click()
    await page.getByTestId('enter-ar').click({ timeout: 20_000 })
    const controls = page.getByTestId('xr-controls')
    await expect.poll(() => controls.getAttribute('data-xr-state'), { timeout: 20_000 }).toBe('in-session')
    const mode = await page.evaluate(() => (navigator as Navigator & { xr?: unknown }).xr !== undefined)
    expect(mode).toBe(true)
    await expect.poll(() => controls.getAttribute('data-hit'), { timeout: 20_000 }).toBe('yes')
    await page.getByTestId('place-table').click()
    await expect.poll(() => controls.getAttribute('data-placed')).toBe('yes')
    await expect.poll(() => controls.getAttribute('data-anchored'), { timeout: 10_000 }).toBe('yes')
    expect(await page.getByTestId('xr-card').innerText()).toContain('9/20 to hit')

    // Two-corner alignment gives a placement too (both corners on the same hit point in a still
    // emulator: the measured edge is then ~0 mm, which the overlay reports honestly).
    await page.getByTestId('align-corner').click()
    await page.getByTestId('align-corner').click()
    await expect.poll(() => page.getByTestId('xr-edge').innerText()).toMatch(/Corners \d+ mm apart/)
    await page.getByTestId('place-table').click()
    await page.waitForTimeout(1000)
    await page.screenshot({ path: screenshotPath('xr-placed') })
    expect(external).toEqual([])
    expect(session.consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([])
  })
})
