// One table on two server processes (issue 16, "done when": two real browsers share a live table
// through two processes with Redis). Two `src/server/main.ts` processes, as `REDIS_URL=… npm start`
// runs them, serve the same built app and share one data folder and a local redis-server. Device A
// opens the app on process one and shares its table; device B opens the same edit link on process
// two. A model dragged on A moves on B, and a ruling made on B lands in A's history with the same
// content hash: every update crosses from one process to the other through Redis.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { buildApp } from '../setup/tabletopServer.ts'
import { type ServerProcess, spawnServer } from '../setup/syncClient.ts'
import { haveRedis, startRedis, warnIfNoRedis } from '../setup/redisServer.ts'
import { type BrowserSession, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { sceneOf } from '../setup/demoTable.ts'
import { drag, openDevice, positionOf, ruleAndExpectShared } from '../setup/sharedTable.ts'

warnIfNoChromium('test/e2e/sharedTableRedis.test.ts (browser test)')
warnIfNoRedis('test/e2e/sharedTableRedis.test.ts (two server processes sharing a table through Redis)')


describe.skipIf(!haveChromium || !haveRedis)('two browsers, two server processes, one table through Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>
  let built: Awaited<ReturnType<typeof buildApp>>
  let dataDir: string
  let one: ServerProcess
  let two: ServerProcess
  let session: BrowserSession
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    redis = await startRedis()
    built = await buildApp()
    dataDir = mkdtempSync(join(tmpdir(), 'tabletop-redis-e2e-'))
    const env = { REDIS_URL: redis.url }
    one = await spawnServer(['--port', '0', '--data', dataDir, '--instance', 'one'], env, [], built.distDir)
    two = await spawnServer(['--port', '0', '--data', dataDir, '--instance', 'two'], env, [], built.distDir)
    session = await launchChromium()
  }, 300_000)
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await session?.close()
    await one?.kill('SIGTERM')
    await two?.kill('SIGTERM')
    await redis?.stop()
    built?.remove()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  const open = (url: string, viewport?: { width: number; height: number }): Promise<Page> => openDevice(session.browser, contexts, url, viewport)

  it('a move on process one reaches the browser on process two, and a ruling on two lands in one\'s record', async () => {
    expect(one.port).not.toBe(two.port)
    const a = await open(one.url, { width: 1440, height: 900 })
    await a.getByTestId('room-share').click()
    await a.locator('[data-testid="room-panel"][data-status="connected"][data-role="edit"]').waitFor({ timeout: 30_000 })
    const link = new URL(a.url())
    expect(link.search).toMatch(/^\?room=[a-z0-9]+$/)
    // The same room and key, on the other process's origin.
    const b = await open(`${two.url.replace(/\/$/, '')}/${link.search}${link.hash}`, { width: 1024, height: 768 })
    await b.locator('[data-testid="room-panel"][data-status="connected"][data-role="edit"]').waitFor({ timeout: 30_000 })
    expect(await sceneOf(b)).toEqual(await sceneOf(a))

    // Drag b1 on A (process one); B (process two) follows.
    const moved = await drag(a, 'b1', 80, 50)
    await expect.poll(() => positionOf(b, 'b1'), { timeout: 15_000 }).toEqual(moved)

    // A ruling on B (process two) lands in A's history (process one) with the same content hash.
    await ruleAndExpectShared(b, a)

    for (const [page, name] of [[a, 'desktop'], [b, 'tablet']] as const) {
      await page.getByTestId('room-panel').scrollIntoViewIfNeeded()
      await page.screenshot({ path: screenshotPath(`shared-table-redis-${name}`) })
    }
  }, 240_000)
})
