// Screenshots a player's eye would judge: the same page at phone (390×844), tablet (820×1180) and
// desktop (1440×900), saved as test-results/<name>-<size>.png; the viewport comes back to 1280×800.
import type { Page } from 'playwright-core'
import { screenshotPath } from './browser.ts'

export const THREE_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

export async function shotsAtThreeSizes(page: Page, name: string): Promise<void> {
  for (const s of THREE_SIZES) {
    await page.setViewportSize({ width: s.width, height: s.height })
    await page.waitForTimeout(300)
    await page.screenshot({ path: screenshotPath(`${name}-${s.name}`) })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}
