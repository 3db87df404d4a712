// Steps the shared-table browser tests take on devices in one room (test/e2e/servedApp.test.ts,
// test/e2e/sharedTableRedis.test.ts): drag a model like a player, and rule on one device and find
// the ruling in the other's record with the same content hash.
import { expect } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { sceneOf } from './demoTable.ts'

export const positionOf = async (page: Page, id: string) => (await sceneOf(page)).models.find((m) => m.id === id)!.position
export const recordHashes = (page: Page) => page.evaluate(() => [...window.__tabletopSync!.doc.getMap('record').keys()].sort())

/** Drag a model on the table with the mouse; resolves to its new position once it has moved. */
export async function drag(page: Page, id: string, dx: number, dy: number): Promise<[number, number]> {
  const before = await positionOf(page, id)
  const from = (await page.evaluate((m) => window.__tabletop!.modelOnScreen(m), id))!
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + (dx * i) / 10, from.y + (dy * i) / 10)
  await page.mouse.up()
  await expect.poll(async () => Math.hypot(...(await positionOf(page, id)).map((v, i) => v - before[i]!) as [number, number]), { timeout: 10_000 }).toBeGreaterThan(10)
  return (await positionOf(page, id)) as [number, number]
}

/** Rule a1 → b1 (rifle) on `on`; the ruling lands in `seenBy`'s record with the same content hash. */
export async function ruleAndExpectShared(on: Page, seenBy: Page): Promise<void> {
  await on.getByTestId('attacker-a1').click()
  await on.getByTestId('target-b1').click()
  await on.getByTestId('weapon-rifle').click()
  await on.locator('[data-testid="card"][data-fresh="yes"][data-attacker="a1"][data-target="b1"]').waitFor({ timeout: 30_000 })
  await on.getByTestId('rule-on-this').click()
  await expect.poll(() => on.getByTestId('history-item').count()).toBe(1)
  await expect.poll(() => seenBy.getByTestId('history-item').count(), { timeout: 15_000 }).toBe(1)
  const hashes = await recordHashes(on)
  expect(hashes).toHaveLength(1)
  expect(await recordHashes(seenBy)).toEqual(hashes)
}

/** A device: a fresh browser context (kept in `contexts` for closing) on `url`, once the 3D view is up. */
export async function openDevice(browser: Browser, contexts: BrowserContext[], url: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport })
  contexts.push(context)
  const page = await context.newPage()
  await page.goto(url)
  await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 60_000 })
  return page
}
