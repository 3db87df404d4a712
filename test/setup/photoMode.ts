// A fresh page at a screen size with the app up, and Photo mode as a player opens it: the registry
// file loaded and the demo question answered (the demo cleared or kept as the player's table).
import type { Browser, Page } from 'playwright-core'

/** The app at this size, its 3D view drawing. */
export async function openApp(browser: Browser, url: string, size: { width: number; height: number }): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } })
  const page = await context.newPage()
  await page.goto(url)
  await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
  return { page, close: () => context.close() }
}

/** Switch to a mode as a player does (through the ☰ menu on a compact bar). */
export async function chooseMode(page: Page, mode: 'photo' | 'camera' | 'planner'): Promise<void> {
  if (await page.getByTestId('menu-toggle').isVisible()) await page.getByTestId('menu-toggle').click()
  await page.getByTestId(`mode-${mode}`).click()
}

/** Photo mode with `registryPath` loaded and the demo question answered. */
export async function openPhotoMode(browser: Browser, url: string, size: { width: number; height: number }, registryPath: string, demo: 'clear' | 'keep'): Promise<{ page: Page; close: () => Promise<void> }> {
  const app = await openApp(browser, url, size)
  await chooseMode(app.page, 'photo')
  await app.page.getByTestId('registry-input').setInputFiles(registryPath)
  await app.page.getByTestId('demo-question').waitFor({ timeout: 20_000 })
  await app.page.getByTestId(`demo-${demo}`).click()
  await app.page.getByTestId('demo-question').waitFor({ state: 'detached' })
  return app
}
