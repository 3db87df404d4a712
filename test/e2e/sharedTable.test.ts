// One table, many screens, in Chromium through the production server: a device shares its table
// (the app makes the room and shows edit and view links as QR codes); a second device opens the
// edit link; a model dragged on one moves on the other, and a ruling made on one lands in the
// other's history with the same content hash. A third device on the view link watches; an
// update it forges is refused by the server and reaches nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import type { Scene } from '../../src/engine/index.ts'
import { type TabletopServer, startBuiltApp } from '../setup/tabletopServer.ts'
import { type BrowserSession, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'

warnIfNoChromium('test/e2e/sharedTable.test.ts (browser tests)')

const sceneOf = async (page: Page) => (await page.evaluate(() => window.__tabletop!.scene())) as Scene
const positionOf = async (page: Page, id: string) => (await sceneOf(page)).models.find((m) => m.id === id)!.position
const recordHashes = (page: Page) => page.evaluate(() => [...window.__tabletopSync!.doc.getMap('record').keys()].sort())

describe.skipIf(!haveChromium)('a shared table across browser contexts', () => {
  let server: TabletopServer
  let session: BrowserSession
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    server = await startBuiltApp()
    session = await launchChromium()
  }, 240_000)
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await session?.close()
    await server?.stop()
  })

  async function open(url: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await session.browser.newContext({ viewport })
    contexts.push(context)
    const page = await context.newPage()
    await page.goto(url)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    return page
  }

  it('a move and a ruling on one appear on the other; a view link cannot change the table', async () => {
    const a = await open(server.url)
    await a.getByTestId('room-share').click()
    await a.locator('[data-testid="room-panel"][data-status="connected"][data-role="edit"]').waitFor({ timeout: 30_000 })
    await a.getByTestId('room-view').waitFor()
    const editLink = a.url()
    const viewLink = (await a.getByTestId('room-view-link').getAttribute('href'))!
    expect(editLink).toMatch(/\?room=[a-z0-9]+#key=/)
    expect(viewLink).not.toBe(editLink)

    const b = await open(editLink)
    await b.locator('[data-testid="room-panel"][data-status="connected"][data-role="edit"]').waitFor({ timeout: 30_000 })
    expect(await sceneOf(b)).toEqual(await sceneOf(a)) // b took the room's table
    await expect.poll(() => b.getByTestId('room-peers').innerText()).toContain('1 other device')

    // Drag b1 on device A; device B's table follows.
    const before = await positionOf(a, 'b1')
    const from = (await a.evaluate(() => window.__tabletop!.modelOnScreen('b1')))!
    await a.mouse.move(from.x, from.y)
    await a.mouse.down()
    for (let i = 1; i <= 10; i++) await a.mouse.move(from.x + 8 * i, from.y + 5 * i)
    await a.mouse.up()
    await expect.poll(async () => Math.hypot(...(await positionOf(a, 'b1')).map((v, i) => v - before[i]!) as [number, number])).toBeGreaterThan(10)
    const moved = await positionOf(a, 'b1')
    await expect.poll(() => positionOf(b, 'b1'), { timeout: 10_000 }).toEqual(moved)

    // A ruling on device B lands in device A's history, same content hash.
    await b.getByTestId('attacker-a1').click()
    await b.getByTestId('target-b1').click()
    await b.getByTestId('weapon-rifle').click()
    await b.locator('[data-testid="card"][data-fresh="yes"][data-attacker="a1"][data-target="b1"]').waitFor({ timeout: 30_000 })
    await b.getByTestId('rule-on-this').click()
    await expect.poll(() => b.getByTestId('history-item').count()).toBe(1)
    await expect.poll(() => a.getByTestId('history-item').count(), { timeout: 10_000 }).toBe(1)
    const hashes = await recordHashes(b)
    expect(hashes).toHaveLength(1)
    expect(await recordHashes(a)).toEqual(hashes)
    await expect.poll(() => a.getByTestId('room-peers').innerText()).toContain('a1 → b1') // b's selection, via awareness

    // The view link: it watches, and what it forges is refused by the server.
    const v = await open(viewLink, { width: 390, height: 844 })
    await v.locator('[data-testid="room-panel"][data-status="connected"][data-role="view"]').waitFor({ timeout: 30_000 })
    expect(await positionOf(v, 'b1')).toEqual(moved)
    const refusedBefore = server.refused.updates
    await v.evaluate(() => {
      const models = window.__tabletopSync!.doc.getMap<{ position: number[] }>('models')
      models.set('b1', { ...models.get('b1')!, position: [5, 5] })
    })
    await expect.poll(() => server.refused.updates, { timeout: 10_000 }).toBeGreaterThan(refusedBefore)
    await a.waitForTimeout(500)
    expect(await positionOf(a, 'b1')).toEqual(moved)
    expect(await positionOf(b, 'b1')).toEqual(moved)

    for (const [page, name, size] of [[a, 'desktop', { width: 1440, height: 900 }], [b, 'tablet', { width: 1024, height: 768 }], [v, 'phone', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(size)
      await page.getByTestId('room-panel').scrollIntoViewIfNeeded()
      await page.screenshot({ path: screenshotPath(`shared-table-${name}`) })
    }
  }, 240_000)
})
