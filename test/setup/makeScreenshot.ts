// Regenerates public/screenshot.png (the README's picture of the planner):
//   npx tsx test/setup/makeScreenshot.ts
// The default demo table, a1 → b1 with the rifle, the camera zoomed in a little, the card on top.
import { startAppServer } from './appServer.ts'
import { launchChromium } from './browser.ts'
import { openAndSelect } from './demoTable.ts'

async function main(): Promise<void> {
  const server = await startAppServer()
  const session = await launchChromium()
  try {
    const context = await session.browser.newContext({ viewport: { width: 1200, height: 700 }, deviceScaleFactor: 1 })
    const page = await context.newPage()
    await openAndSelect(page, server.url)
    await page.locator('[data-testid="card"][data-fresh="yes"][data-state="ruled"]').waitFor()
    const box = (await page.getByTestId('table-view').boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    for (let i = 0; i < 4; i++) {
      await page.mouse.wheel(0, -200)
      await page.waitForTimeout(300)
    }
    await page.evaluate(() => document.querySelector('.panel')!.scrollTo(0, 0))
    await page.waitForTimeout(1500)
    await page.screenshot({ path: 'public/screenshot.png' })
  } finally {
    await session.close()
    await server.close()
  }
}

void main()
